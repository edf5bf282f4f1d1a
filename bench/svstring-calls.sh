#!/usr/bin/env bash
# bench-svstring's per-call figures: host instructions (callgrind) per call
# of each libsvstring function and of glibc's, at the lengths Debian's
# python3 passes (libsvstring/README.md), in one qemu-riscv64 process.
# `svstring_bench calls` separates its phases with a marker syscall;
# callgrind dumps its counters before every guest syscall (do_syscall), so
# each phase is one dump; the program prints the phase order at the end
# (one write, then exit_group: the last two numbered dumps).
#   svstring-calls.sh QEMU SVSTRING_BENCH [FUNCTION]
set -euo pipefail
qemu=${1:?usage: svstring-calls.sh QEMU SVSTRING_BENCH [FUNCTION]}
bench=${2:?svstring_bench}
only=${3:-${SVSTRING_CALLS_FUNCTION:-}}
command -v valgrind >/dev/null || { echo "valgrind is missing"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" --dump-before=do_syscall \
    "$qemu" -cpu rv64,xsv=true "$bench" calls $only > "$tmp/order" 2> "$tmp/log" ||
    { tail -n 20 "$tmp/log"; echo "FAIL: svstring_bench calls under callgrind"; exit 1; }
python3 - "$tmp" <<'PY'
import glob, os, re, sys
tmp = sys.argv[1]
def total(path):
    for line in open(path):
        if line.startswith("totals:") or line.startswith("summary:"):
            return int(line.split()[1])
    raise SystemExit("no totals in " + path)
dumps = sorted((int(p.rsplit(".", 1)[1]), p) for p in glob.glob(tmp + "/cg.*")
               if re.search(r"\.\d+$", p))
costs = [total(p) for _, p in dumps]
order = [l.split()[1:] for l in open(tmp + "/order") if l.startswith("CALLS ")]
# numbered dumps: ..., [warm-up, measured] per phase, write, exit_group
measured = costs[-2 - 2 * len(order):-2][1::2]
warm = costs[-2 - 2 * len(order):-2][0::2]
res = {}
for (f, n, impl, calls), c, w in zip(order, measured, warm):
    res.setdefault((f, int(n)), {})[impl] = (c / int(calls), (w - c) / int(calls))
print("%-8s %6s %10s %10s %8s   %s" % ("function", "bytes", "SV insns", "glibc", "SV/glibc",
                                      "(host instructions per call, steady; callgrind)"))
for (f, n), r in res.items():
    sv, g = r["sv"][0], r["glibc"][0]
    print("%-8s %6d %10.1f %10.1f %8.2f" % (f, n, sv, g, sv / g if g else 0))
    print("CALLS-RESULT %s %d %.1f %.1f" % (f, n, sv, g))
PY
