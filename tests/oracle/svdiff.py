#!/usr/bin/python3
"""svdiff: differential test of qemu-riscv64 (xsv) against svoracle.

  svdiff.py --qemu QEMU --harness HARNESS [--count N] [--seed S]
            [--chunk C] [--regress DIR] [--save DIR] [--workdir DIR]

Generates N random snippets (svgen), predicts each one's final state with
the reference interpreter (svoracle), runs them all, in chunks, through
`QEMU -cpu rv64,xsv=true HARNESS` and compares the dumps byte for byte:
signal, PC, PCVBLK, x0..x127, f0..f127, fcsr, STATE, SVPSTATE and the
buffer.  Every snippet in --regress DIR (*.bin, one harness input record
each: mismatches found earlier) runs first.  Mismatching snippets are
written to --save DIR as .bin records and explained on stdout.  Exit
status 1 on any mismatch, 2 on a harness failure.
"""

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgen  # noqa: E402
import svoracle  # noqa: E402
from svoracle import BUF_BYTES, CODE_BASE  # noqa: E402

IN_FMT = "<II1024s128Q128QIIII%ds" % BUF_BYTES
OUT_FMT = "<IIQIIQQ128Q128QIIII%ds" % BUF_BYTES
IN_SIZE = struct.calcsize(IN_FMT)
OUT_SIZE = struct.calcsize(OUT_FMT)
IN_MAGIC, OUT_MAGIC = 0x494F5653, 0x4F4F5653
SIGNAMES = {4: "SIGILL", 5: "SIGTRAP", 7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV", 14: "SIGALRM", 26: "SIGVTALRM"}


def pack_in(sn):
    return struct.pack(IN_FMT, IN_MAGIC, len(sn.code), bytes(sn.code), *sn.x, *sn.f,
                       sn.fcsr, sn.state, sn.svpstate, 0, bytes(sn.buf))


def unpack_in(rec):
    v = struct.unpack(IN_FMT, rec)
    sn = svgen.Snippet()
    sn.code = bytearray(v[2][:v[1]])
    sn.x = list(v[3:131])
    sn.f = list(v[131:259])
    sn.fcsr, sn.state, sn.svpstate = v[259], v[260], v[261]
    sn.buf = bytearray(v[263])
    return sn


def oracle(sn):
    return svoracle.run(sn.code, sn.x, sn.f, sn.fcsr, sn.state, sn.svpstate, sn.buf)


def expected(m, got=None):
    """The oracle's dump.  A fault at an address at or above 2**47
    (svoracle.ADDR_UNKNOWN) takes its si_addr, and SIGSEGV or SIGBUS,
    from QEMU's dump, got: the host decides them (see svoracle.HIGH)."""
    x = [int.from_bytes(m.xb[8 * i:8 * i + 8], "little") for i in range(128)]
    f = [int.from_bytes(m.fb[8 * i:8 * i + 8], "little") for i in range(128)]
    addr, sig = m.addr, m.sig
    if addr == svoracle.ADDR_UNKNOWN:
        addr = struct.unpack_from("<Q", got, 24)[0] if got else 0
        gsig = struct.unpack_from("<I", got, 4)[0] if got else sig
        sig = gsig if gsig in (7, 11) else sig
    return struct.pack(OUT_FMT, OUT_MAGIC, sig, m.pc, m.pcvblk, 0, addr & svoracle.M64,
                       m.low_hash(), *x, *f,
                       m.fcsr, m.state_word(), m.svpstate, 0,
                       bytes(m.page[4096 - BUF_BYTES:]))


def describe_block(m, base):
    try:
        b = svoracle.VBlock(m.fetch16, base)
    except svoracle.Signal as s:
        return "malformed: %s" % s.why
    out = ["hdr %#06x" % b.hdr]
    if b.vl:
        out.append("VL %r" % (b.vl,))
    for (c, k), e in sorted(b.reg.items()):
        out.append("%s%d->%s%d%s%s" % (c, k, c, e.regidx, "v" if e.isvec else "s",
                                       "/%d" % e.width if e.width else ""))
    for (c, k), e in sorted(b.pred.items()):
        out.append("pred %s%d: %sx%d%s%s" % (c, k, "~" if e.inv else "", e.predidx,
                                             " zero" if e.zero else "", " ffirst" if e.ffirst else ""))
    return "; ".join(out)


def explain(idx, sn, m, exp, got):
    e, g = struct.unpack(OUT_FMT, exp), struct.unpack(OUT_FMT, got)
    lines = ["mismatch in snippet %s" % idx]
    names = ["magic", "sig", "pc", "pcvblk", "pad0", "si_addr", "low_hash"] + ["x%d" % i for i in range(128)] + \
        ["f%d" % i for i in range(128)] + ["fcsr", "state", "svpstate", "pad", "buf"]
    for n, a, b in zip(names, e, g):
        if a == b:
            continue
        if n == "buf":
            diffs = [i for i in range(BUF_BYTES) if a[i] != b[i]]
            lines.append("  buf differs at %d bytes, first at +%d: oracle %s qemu %s" % (
                len(diffs), diffs[0], a[diffs[0]:diffs[0] + 8].hex(), b[diffs[0]:diffs[0] + 8].hex()))
        elif n == "sig":
            lines.append("  sig: oracle %s (%s) qemu %s" % (SIGNAMES.get(a, a), m.why, SIGNAMES.get(b, b)))
        else:
            lines.append("  %s: oracle %#x qemu %#x" % (n, a, b))
    lines.append("  code: %s" % sn.code.hex())
    lines.append("  initial STATE %#x" % sn.state)
    for t in m.trace[:40]:
        if t[0] == "vblock":
            lines.append("  @%#x VBLOCK len %d" % (t[1] - CODE_BASE, t[2]))
            lines.append("    " + describe_block(m, t[1]))
        elif t[0] == "rerun":
            lines.append("  (block re-run)")
        else:
            lines.append("  @%#x %s %r" % (t[1] - CODE_BASE, t[0], t[2]))
    return "\n".join(lines)


def make_batch(rng, n, stats):
    g = svgen.Gen(rng)
    out = []
    while len(out) < n:
        sn = g.snippet()
        if sn is None:
            stats["rejected"] += 1
            stats["why:generator: code too long"] = stats.get("why:generator: code too long", 0) + 1
            continue
        try:
            m = oracle(sn)
        except (svoracle.Reject, svoracle.Unsupported) as e:
            stats["rejected"] += 1
            stats.setdefault("why:" + str(e).split(" at ")[0][:60], 0)
            stats["why:" + str(e).split(" at ")[0][:60]] += 1
            continue
        out.append((sn, m))
    return out


def run_chunk(args, batch, tag):
    with tempfile.TemporaryDirectory(dir=args.workdir) as d:
        fin, fout = os.path.join(d, "in.bin"), os.path.join(d, "out.bin")
        with open(fin, "wb") as f:
            for sn, _ in batch:
                f.write(pack_in(sn))
        try:
            p = subprocess.run([args.qemu, "-cpu", "rv64,xsv=true", args.harness, fin, fout],
                               capture_output=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print("svdiff: chunk %s timed out after %d s" % (tag, args.timeout))
            return None
        if p.returncode != 0:
            print("svdiff: chunk %s: harness exited %d\n%s%s" % (
                tag, p.returncode, p.stdout.decode(errors="replace"),
                p.stderr.decode(errors="replace")))
            return None
        data = open(fout, "rb").read()
    if len(data) != OUT_SIZE * len(batch):
        print("svdiff: chunk %s: short output" % tag)
        return None
    return [data[i * OUT_SIZE:(i + 1) * OUT_SIZE] for i in range(len(batch))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--harness", required=True)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=2500)
    ap.add_argument("--regress")
    ap.add_argument("--save")
    ap.add_argument("--workdir")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--max-report", type=int, default=10)
    ap.add_argument("--coverage", action="store_true", help="print what the snippets exercised")
    ap.add_argument("--strict", action="store_true",
                    help="predict the cases left open (README) instead of regenerating them")
    ap.add_argument("--min-compared", type=float, default=0.0,
                    help="fail unless this percentage of the generated snippets was compared")
    args = ap.parse_args()
    svoracle.STRICT = args.strict

    t0 = time.time()
    stats = {"rejected": 0}
    sigs = {}
    cov = {}
    mismatches = 0
    ran = 0
    failed = False
    jobs = []
    if args.regress and os.path.isdir(args.regress):
        reg = []
        for name in sorted(os.listdir(args.regress)):
            if name.endswith(".bin"):
                sn = unpack_in(open(os.path.join(args.regress, name), "rb").read())
                try:
                    reg.append((sn, oracle(sn)))
                except (svoracle.Reject, svoracle.Unsupported) as e:
                    print("svdiff: %s not compared: %s" % (name, e))
                    continue
                reg[-1][0].name = name
        if reg:
            jobs.append(("regress", reg))
    rng = random.Random(args.seed)
    left = args.count
    chunk_no = 0

    def chunks():
        nonlocal left, chunk_no
        for j in jobs:
            yield j
        while left > 0:
            n = min(args.chunk, left)
            left -= n
            chunk_no += 1
            yield ("chunk%d" % chunk_no, make_batch(rng, n, stats))

    for tag, batch in chunks():
        got = run_chunk(args, batch, tag)
        if got is None:
            failed = True
            continue
        for k, ((sn, m), g) in enumerate(zip(batch, got)):
            ran += 1
            sigs[m.sig] = sigs.get(m.sig, 0) + 1
            for k2, v2 in m.cov.items():
                cov[k2] = cov.get(k2, 0) + v2
            exp = expected(m, g)
            if exp == g:
                continue
            mismatches += 1
            ident = getattr(sn, "name", "%s/%d" % (tag, k))
            if mismatches <= args.max_report:
                print(explain(ident, sn, m, exp, g))
            if args.save:
                os.makedirs(args.save, exist_ok=True)
                with open(os.path.join(args.save, "seed%d-%s-%d.bin" % (args.seed, tag, k)), "wb") as f:
                    f.write(pack_in(sn))
    dt = time.time() - t0
    print("svdiff: %d snippets (seed %d), %d mismatches, %d regenerated; outcomes: %s; %.1f s" % (
        ran, args.seed, mismatches, stats["rejected"],
        ", ".join("%s %d" % (SIGNAMES.get(k, k), v) for k, v in sorted(sigs.items())), dt))
    why = {k[4:]: v for k, v in stats.items() if k.startswith("why:")}
    if why:
        print("svdiff: regenerated because: %s" % ", ".join("%s: %d" % kv for kv in sorted(why.items())))
    generated = args.count + stats["rejected"]
    share = 100.0 * args.count / generated if generated else 100.0
    print("svdiff: compared %d of %d generated snippets (%.2f%%; at least %.2f%% required)" % (
        args.count, generated, share, args.min_compared))
    low_share = share < args.min_compared
    if args.coverage:
        print("svdiff: coverage (events over all snippets):")
        for k2, v2 in sorted(cov.items()):
            print("  %7d  %s" % (v2, k2))
    if failed:
        return 2
    if low_share:
        print("svdiff: FAIL: only %.2f%% of the generated snippets were compared" % share)
        return 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
