#!/bin/sh
# Every plan is reachable (docs/sv-engine.md, "Backends and the planner"):
# fuzz_vblock's block generators and the given test programs run under
# each SV_BACKEND knob with -d sv_plan, and every backend the planner
# can choose must appear in the log at least once (and inline_run's
# three forms below MVL: below_mvl=run, loop, unit_run, and none in a TB
# that knows VL = MVL; both two_pages forms; fused_scan with and without
# its unroll form; C.MV's straight-line twin copy; PCVBLK slow and
# unwind); every log line must
# have the format bench-shapes parses:
#   sv_plan: pc=0x<hex> op=<mnemonic> shape=<token> plan=<backend> <details>
#   plans.sh QEMU CPU FUZZ_VBLOCK ROUNDS PROGRAM...
set -eu
qemu=$1 cpu=$2 fuzz=$3 rounds=$4
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every backend plan.cc chooses: each must be reached.
expected="inline_gvec inline_int inline_mem inline_run inline_pred
alu_helper fp_helper fp_twin unit_run prefix elements compiled fused
fused_scan fused_scan64 branch branch_scan ffirst_gvec branch_tcg"
n=0
run() {
    knob=$1
    shift
    n=$((n + 1))
    SV_BACKEND=$knob "$qemu" -cpu "$cpu" -d sv_plan -D "$tmp/log.$n" "$@" \
        > /dev/null 2>&1 || {
        echo "plans: SV_BACKEND=$knob $* failed" >&2
        exit 1
    }
}
for knob in auto nogvec nofuse helper general compiled; do
    for mode in "" alu run fp fuse; do
        run $knob "$fuzz" "$rounds" 5 digest $mode
    done
    for p in "$@"; do
        run $knob "$p"
    done
done
cat "$tmp"/log.* > "$tmp/all"
awk '
    !/^sv_plan: pc=0x[0-9a-f]+ op=[^ ]+ shape=[^ ]+ plan=[a-z0-9_]+( [^ ]+)*$/ {
        if (bad < 5)
            print "plans: malformed line: " $0
        bad++
    }
    END { if (NR == 0) print "plans: no sv_plan lines"; exit (bad || NR == 0) }
' "$tmp/all"
missing=0
for b in $expected; do
    if ! grep -q " plan=$b\( \|\$\)" "$tmp/all"; then
        echo "plans: no op was planned $b"
        missing=1
    fi
done
# inline_run's forms at a run-time VL below MVL, each reached too, and
# a TB that knows VL = MVL, which holds none.
for f in run loop unit_run none; do
    if ! grep -q " plan=inline_run .*below_mvl=$f\( \|\$\)" "$tmp/all"; then
        echo "plans: no inline_run was planned below_mvl=$f"
        missing=1
    fi
done
# and both forms of a run that crosses a page.
for f in run unit_run; do
    if ! grep -q " plan=inline_run .*two_pages=$f\( \|\$\)" "$tmp/all"; then
        echo "plans: no inline_run was planned two_pages=$f"
        missing=1
    fi
done
# The fused byte scan's inline form, and its helper-only form.
if ! grep -q " plan=fused_scan .*unroll" "$tmp/all"; then
    echo "plans: no fused_scan was planned unroll"
    missing=1
fi
if ! grep -q " plan=fused_scan w=[0-9]*\( else=.*\)\?\$" "$tmp/all"; then
    echo "plans: no fused_scan was planned without unroll"
    missing=1
fi
# C.MV's straight-line twin copy (plan_compiled_twin), predicated.
if ! grep -Eq " shape=int,[^ ]*pred=[^ ]*,twin plan=compiled .*unroll" \
    "$tmp/all"; then
    echo "plans: no predicated C.MV was planned compiled unroll"
    missing=1
fi
# PCVBLK on the slow path only, and from the opcode's unwind row.
for f in slow unwind; do
    if ! grep -q " pcvblk=$f\( \|\$\)" "$tmp/all"; then
        echo "plans: no op was planned pcvblk=$f"
        missing=1
    fi
done
[ $missing = 0 ] || exit 1
echo "plans: $(wc -l < "$tmp/all") plan lines, every backend reached:"
sed 's/.* plan=\([a-z0-9_]*\).*/\1/' "$tmp/all" | sort | uniq -c
