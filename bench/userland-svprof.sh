#!/usr/bin/env bash
# svprof-userland: Debian's python3 (tests/userland/work.py, then the
# textwrap unittest module) with libsvstring preloaded, under the svprof
# plugin.  Prints svprof's report and, per libsvstring function, the
# VBLOCK runs and elements it executed (svprof names symbols of the main
# program only: the library's load address, printed by
# LIBSVSTRING_VERBOSE=1, and its symbol table place the blocks).
#   userland-svprof.sh QEMU LIBSVSTRING_SO LIBSVPROF OUT_PREFIX
set -euo pipefail
qemu=${1:?usage: userland-svprof.sh QEMU LIBSVSTRING_SO LIBSVPROF OUT_PREFIX}
svstring=$(realpath "$2")
svprof=$(realpath "$3")
out=$4
root=$(cd "$(dirname "$0")/.." && pwd)
sysroot=$("$root/scripts/fetch-userland.sh")
nm=$(command -v riscv64-linux-gnu-nm) || { echo "riscv64-linux-gnu-nm is missing"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/tests/userland/work.py" "$work/"
cd "$work"
"$nm" --defined-only "$svstring" | awk '$2 ~ /^[tT]$/ {print $1, $3}' | sort > syms
for step in script unittest; do
    case $step in
    script) args=(work.py 20000) ;;
    unittest) args=(-m unittest test.test_textwrap) ;;
    esac
    env -i PATH=/nonexistent LC_ALL=C HOME="$work" \
        "$qemu" -cpu rv64,xsv=true -L "$sysroot" -E "LD_PRELOAD=$svstring" -E LIBSVSTRING_VERBOSE=1 \
        -plugin "$svprof,out=$out-$step,top=200" \
        "$sysroot/usr/bin/python3" "${args[@]}" > "out.$step" 2> "err.$step" ||
        { tail -n 20 "out.$step" "err.$step"; echo "FAIL: python $step under svprof"; exit 1; }
    base=$(sed -n 's/^libsvstring: Simple-V string functions (base \(0x[0-9a-f]*\)).*/\1/p' "err.$step" | head -n 1)
    [ -n "$base" ] || { cat "err.$step"; echo "FAIL: libsvstring did not report SV"; exit 1; }
    echo "== python ${args[*]} with libsvstring preloaded (svprof: $out-$step.{txt,json,svg})"
    sed -n '1,/^VL per vector instruction/p' "$out-$step.txt" | sed '$d'
    sed -n '/^consensual branches/,/^$/p' "$out-$step.txt"
    python3 - "$out-$step.json" "$base" syms <<'PY'
import bisect, collections, json, sys
report, base, symfile = json.load(open(sys.argv[1])), int(sys.argv[2], 16), sys.argv[3]
syms = sorted((int(a, 16), n) for a, n in (l.split() for l in open(symfile)))
addrs = [a for a, _ in syms]
def name(addr):
    off = addr - base
    i = bisect.bisect_right(addrs, off) - 1
    return syms[i][1] if i >= 0 and off >= 0 else "(not libsvstring)"
runs, elems = collections.Counter(), collections.Counter()
kinds = collections.defaultdict(collections.Counter)
for b in report["top_blocks"]:
    f = name(int(b["address"], 16)); runs[f] += b["count"]; elems[f] += b["elements"]
for i in report["top_insns"]:
    kinds[name(int(i["address"], 16))][i["kind"]] += i["elements"]
print("per libsvstring function (top %d blocks of %d runs):" % (len(report["top_blocks"]), report["vblock"]["runs"]))
print("  %-14s %10s %12s %8s  elements by kind" % ("function", "VBLOCKs", "elements", "elem/run"))
for f, n in runs.most_common():
    k = ", ".join("%s %d" % kv for kv in kinds[f].most_common())
    print("  %-14s %10d %12d %8.1f  %s" % (f, n, elems[f], elems[f] / max(1, runs[f]) , k))
PY
done
