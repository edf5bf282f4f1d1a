#!/bin/sh
# Every plan is reachable (docs/sv-engine.md, "Backends and the planner"):
# fuzz_vblock's block generators and the given test programs run under
# each SV_BACKEND knob with -d sv_plan, and every backend the planner
# can choose must appear in the log at least once (and inline_run's
# three forms below MVL: below_mvl=run, loop, unit_run, and none in a TB
# that knows VL = MVL; both two_pages forms; a block's shared page test
# and a run it covers; fused_scan with and without its unroll form; C.MV's
# straight-line twin copy; end_tb; vector AMOs and FP vector memory data
# compiled; PCVBLK slow and unwind; a block's rows, all and in line
# with a shared page test; a TB going on at a vector branch's target);
# every log line must
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
        > "$tmp/out" 2>&1 || {
        status=$?
        echo "plans: SV_BACKEND=$knob $* failed (exit $status); its output:" >&2
        tail -n 40 "$tmp/out" >&2
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
# need ERE WHAT: some log line matches ERE, else "no op was planned WHAT".
need() {
    if ! grep -Eq "$1" "$tmp/all"; then
        echo "plans: no op was planned $2"
        missing=1
    fi
}
for b in $expected; do
    need " plan=$b( |\$)" "$b"
done
# inline_run's forms at a run-time VL below MVL, each reached too, and
# a TB that knows VL = MVL, which holds none.
for f in run loop unit_run none; do
    need " plan=inline_run .*below_mvl=$f( |\$)" "inline_run below_mvl=$f"
done
# and both forms of a run that crosses a page.
for f in run unit_run; do
    need " plan=inline_run .*two_pages=$f( |\$)" "inline_run two_pages=$f"
done
# The block's shared page test, and a run it covers (no test of its own).
need " plan=shared_page page_test=x[0-9]*[-+][0-9]*/[0-9]*\$" "shared_page"
need " plan=inline_run .* page=shared( |\$)" "inline_run page=shared"
# 32-byte host vector moves at any address (x86-64 with AVX2): an
# inline run's and a splat's.
if grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    need " plan=inline_run .* vec=32( |\$)" "inline_run vec=32"
    need " plan=inline_run .* join .*vec=32( |\$)" "inline_run join vec=32"
    need " plan=inline_gvec .* vec=32( |\$)" "inline_gvec vec=32 (a splat)"
fi
# The fused byte scan's inline form, and its helper-only form.
need " plan=fused_scan .*unroll" "fused_scan unroll"
need " plan=fused_scan w=[0-9]*( else=.*)?\$" "fused_scan without unroll"
# C.MV's straight-line twin copy (plan_compiled_twin), predicated.
need " shape=int,[^ ]*pred=[^ ]*,twin plan=compiled .*unroll" \
    "predicated C.MV compiled unroll"
# A TB whose TCG temps are spent ends before the op (svp_int's 100 P48
# adds in one TB), and vector AMOs and FP registers as memory data in a
# vector take the compiled loops.
need " end_tb\$" "end_tb"
need " op=amo shape=[^ ]*v[0-9][^ ]* plan=compiled" "vector AMO compiled"
need " shape=(load|store),[^ ]*=fv[0-9][^ ]* plan=[a-z_]*( .*)? else=compiled" \
    "FP vector load or store else=compiled"
# A compiled access under an all-ones predicate takes the access loop,
# a predicated one the twin loop.
need " shape=(load|store),[^ ]*pred=~x0[^ ]* plan=compiled w=[0-9]*( unroll cost=[0-9]*)?( pcvblk=[a-z]*)?( else=[a-z_]*)?\$" \
    "compiled access with an all-ones predicate, no twin loop"
need " shape=(load|store),[^ ]* plan=compiled .*twin_loop" \
    "compiled access in the twin loop"
# PCVBLK on the slow path only, and from the opcode's unwind row; a
# block's rows (sv_plan_block): every opcode's, and the in-line copy's of
# a block whose shared page test has a second copy.
for f in slow unwind; do
    need " pcvblk=$f( |\$)" "pcvblk=$f"
done
for f in all inline; do
    need " op=vblock shape=block plan=pcvblk rows=$f\$" "block rows=$f"
done
# A TB that goes on at a fail-on-first vector branch's target
# (vblock_strings' forward memchr).
need " go_on=taken( |\$)" "go_on=taken"
[ $missing = 0 ] || exit 1
echo "plans: $(wc -l < "$tmp/all") plan lines, every backend reached:"
sed 's/.* plan=\([a-z0-9_]*\).*/\1/' "$tmp/all" | sort | uniq -c
