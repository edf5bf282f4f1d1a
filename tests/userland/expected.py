# Expected outputs of the sqlite and lua workloads of tests/userland,
# computed in plain Python (no SQL engine, no Lua): same definitions.
#   expected.py sqlite|lua [N]
import re
import sys


def sqlite():
    alpha = "abcdefghijklmnopqrstuvwxyz"
    rows = {}
    for i in range(1, 100001):
        x = (i * 7919) % 100003
        s = "row-%06d-%s" % (i, alpha[i % 26:i % 26 + 1 + i % 7])
        rows[i] = (x, s)
    xs = [x for x, _ in rows.values()]
    print("agg", len(rows), sum(xs), sum(x * x for x in xs) % 1000000007, min(xs), max(xs))
    for g in range(10):
        sel = [s for x, s in rows.values() if x % 10 == g]
        print("group", g, len(sel), sum(len(s) for s in sel))
    print("like", sum(1 for _, s in rows.values() if "-cde" in s))
    print("instr", sum(1 for _, s in rows.values() if "xyz" in s))
    for s in sorted((s for _, s in rows.values()), reverse=True)[:3]:
        print("top", s)
    print("distinct", len({s[11:] for _, s in rows.values()}))
    small = sorted((x, i) for i, (x, _) in rows.items() if x < 40)
    print("small", ",".join(str(i) for _, i in small))
    print("join", sum(1 for x, _ in rows.values() if x in rows and rows[x][1].endswith("a")))


def lua(n):
    comp = bytearray(n + 1)
    count = total = 0
    for i in range(2, n + 1):
        if not comp[i]:
            count += 1
            total += i
            for j in range(i * i, n + 1, i):
                comp[j] = 1
    print("primes %d %d %d" % (n, count, total))
    seed, xs = 12345, []
    for _ in range(50000):
        seed = (seed * 1103515245 + 12345) % 2147483648
        xs.append(seed)
    xs.sort()
    ck = 0
    for x in xs:
        ck = (ck * 31 + x) % 1000000007
    print("sort %d %d %d" % (xs[0], xs[-1], ck))
    parts = ["item-%05d:%s" % (i, chr(97 + i % 26) * (1 + i % 9)) for i in range(1, 20001)]
    s = ";".join(parts)
    byts = sum(ord(s[i]) for i in range(0, len(s), 7))
    firstz = s.find("zzzzzzzz")
    hits = len(re.findall(r"ITEM-0\d\d\d7", s[:40000].upper()))
    print("strings %d %d %d %d %d" % (len(s), byts, s.count(";"), firstz + 1 if firstz >= 0 else -1, hits))


if sys.argv[1] == "sqlite":
    sqlite()
else:
    lua(int(sys.argv[2]) if len(sys.argv) > 2 else 200000)
