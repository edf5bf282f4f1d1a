#!/usr/bin/env bash
# svprof-userland: Debian's python3 (tests/userland/work.py, then the
# textwrap unittest module) with libsvstring preloaded, under the svprof
# plugin: the report names the libsvstring functions whose VBLOCKs ran,
# their VL and occupancy histograms, fail-on-first cuts and the branch
# modes (ifall/ifnotall) taken and not taken.
#   userland-svprof.sh QEMU LIBSVSTRING_SO LIBSVPROF OUT_PREFIX
set -euo pipefail
qemu=${1:?usage: userland-svprof.sh QEMU LIBSVSTRING_SO LIBSVPROF OUT_PREFIX}
svstring=$(realpath "$2")
svprof=$(realpath "$3")
out=$4
root=$(cd "$(dirname "$0")/.." && pwd)
sysroot=$("$root/scripts/fetch-userland.sh")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/tests/userland/work.py" "$work/"
cd "$work"
for step in script unittest; do
    case $step in
    script) args=(work.py 20000) ;;
    unittest) args=(-m unittest test.test_textwrap) ;;
    esac
    env -i PATH=/nonexistent LC_ALL=C HOME="$work" \
        "$qemu" -cpu rv64,xsv=true -L "$sysroot" -E "LD_PRELOAD=$svstring" \
        -plugin "$svprof,out=$out-$step,top=25" \
        "$sysroot/usr/bin/python3" "${args[@]}" > "out.$step" 2>&1 ||
        { tail -n 20 "out.$step"; echo "FAIL: python $step under svprof"; exit 1; }
    echo "== python ${args[*]} with libsvstring preloaded: $out-$step.{txt,json,svg}"
    cat "$out-$step.txt"
done
