#!/bin/sh
# shapes-plan.awk on a synthetic `-d sv_plan` log: only the shape's
# pcs count, a retranslated op counts once, other QEMU log lines and
# other blocks and a block's PCVBLK plan are ignored, plans come out
# sorted and distinct.
#   shapes-plan-test.sh SHAPES_PLAN_AWK
set -eu
awkf=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cat > "$log" <<'LOG'
IN: fuzz_enter
sv_plan: pc=0x10a40 op=ld shape=vec64.unit plan=inline_run vl=48
sv_plan: pc=0x2000000040 op=vblock shape=block plan=pcvblk rows=all
sv_plan: pc=0x2000000040 op=add shape=v8+v8->v8 plan=gvec unroll=64
sv_plan: pc=0x2000000048 op=mul shape=v32*s64->v32 plan=compiled loop width=32
sv_plan: pc=0x2000000040 op=add shape=v8+v8->v8 plan=gvec unroll=64
sv_plan: pc=0x200000004c op=xor shape=v8^v8->v8,ffirst plan=compiled loop ffirst
sv_plan: pc=0x2000000070 op=sd shape=outside plan=element_loop
Trace 0: 0x7f0000 [00000000/2000000040/...]
LOG
got=$(awk -v lo=2000000040 -v hi=2000000070 -f "$awkf" "$log")
want="compiled+gvec"
[ "$got" = "$want" ] || { echo "shapes-plan: got '$got', want '$want'"; exit 1; }
got=$(awk -v lo=3000000000 -v hi=3000000010 -f "$awkf" "$log")
[ "$got" = none ] || { echo "shapes-plan: got '$got', want 'none'"; exit 1; }
got=$(printf '%s\n' "sv_plan: pc=0x20 op=c.mv shape=twin plan=helper_twin src=pred" |
    awk -v lo=0x10 -v hi=0x30 -f "$awkf")
[ "$got" = helper_twin ] || { echo "shapes-plan: got '$got', want 'helper_twin'"; exit 1; }
echo "shapes-plan: 3 checks, 0 failures"
