#!/bin/sh
# bench-shapes: shapes.sh QEMU_RISCV64 FUZZ_VBLOCK SHAPES_PLAN_AWK
# Random well-formed VBLOCKs from fuzz_vblock's generators (its bench
# mode: one block, VL = MVL forced, run in a loop of REPS), each kind of
# generator at VL 8 and 64: alu (integer ops, gvec/inline shapes), run
# (unit-stride at page ends), fp (FP element loops), fuse (a load and a
# vector branch on it: branch fail-on-first, the fused path), and the
# shape kinds
# mixw (mixed widths, untagged scalars), ffirst (data-dependent
# fail-on-first), mem (indexed and strided through an address vector),
# twin (C.MV, loads and stores predicated on both sides), fpff (FP ops,
# FCVT, compares with fail-on-first).  Host instructions per element
# under callgrind: runs of R2 and R1 loop passes subtracted, divided by
# (R2 - R1) VL SUBVL (the nominal elements: a block whose
# fail-on-first cut VL, vlend < vl in its line, did fewer).  Shapes whose first run did not end at the loop's
# end (an illegal block, a fault, a counter register the block rewrote)
# are listed and left out.
#
# Each shape is grouped by the plans its ops got: QEMU's `-d sv_plan`
# log (shapes-plan.awk) when this QEMU has that log item, else
# "unplanned:KIND".  The table gives per plan group the shapes, the mean
# and the worst cost per element and per op-element (the element cost
# divided by the block's opcodes), then the worst shape.
#   SHAPES_MODES="alu mixw"  SHAPES_SEEDS=2  SHAPES_VLS="8 64"
set -eu
qemu=$1 prog=$2 planawk=$3
cpu=rv64,xsv=true
modes=${SHAPES_MODES:-"alu run fp fuse mixw ffirst mem twin fpff"}
nseeds=${SHAPES_SEEDS:-2}
vls=${SHAPES_VLS:-"8 64"}
command -v valgrind >/dev/null || {
    echo "shapes.sh: valgrind is missing (scripts/install-deps.sh)" >&2
    exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plan_log=0
if "$qemu" -d help 2>&1 | grep -q '^sv_plan'; then
    plan_log=1
fi
# The block's address in bench mode (fuzz_vblock: code + 64, fixed).
code=0x2000000040
ir() { # seed mode vl reps
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
        "$qemu" -cpu "$cpu" "$prog" 1 "$1" bench "$2" "$3" "$4" \
        2>"$tmp/log" >"$tmp/out" || { cat "$tmp/log" >&2; exit 1; }
    grep -q 'result=ok' "$tmp/out" || { echo -1; return; }
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$tmp/cg" | head -1
}
: >"$tmp/results"
: >"$tmp/skipped"
m=0
for mode in $modes; do
    m=$((m + 1))
    for vl in $vls; do
        s=0
        while [ $s -lt "$nseeds" ]; do
            s=$((s + 1))
            seed=$((1000 * m + 10 * s + vl))
            out=$("$qemu" -cpu "$cpu" "$prog" 1 $seed bench $mode $vl 1 |
                grep '^bench ')
            case $out in
            *result=ok*) ;;
            *) echo "$out" >>"$tmp/skipped"; continue ;;
            esac
            desc=${out#bench }
            desc=${desc% result=ok}
            kind=$(echo "$desc" | sed 's/.*kind=\([^ ]*\).*/\1/')
            sub=$(echo "$desc" | sed 's/.*subvl=\([0-9]*\).*/\1/')
            bvl=$(echo "$desc" | sed 's/.* vl=\([0-9]*\).*/\1/')
            nops=$(echo "$desc" | sed 's/.*ops=//' | awk -F, '{ print NF }')
            len=$(echo "$desc" | sed 's/.*len=\([0-9]*\).*/\1/')
            if [ $plan_log = 1 ]; then
                "$qemu" -cpu "$cpu" -d sv_plan -D "$tmp/plan" "$prog" 1 $seed \
                    bench $mode $vl 1 >/dev/null
                plans=$(awk -v lo=$code -v hi=$(printf '%x' $((code + len))) \
                    -f "$planawk" "$tmp/plan")
            else
                plans=unplanned:$kind
            fi
            elems=$((bvl * sub))
            r1=100 r2=$((100 + (102400 + elems - 1) / elems))
            a=$(ir $seed $mode $vl $r1) b=$(ir $seed $mode $vl $r2)
            if [ "$a" = -1 ] || [ "$b" = -1 ]; then
                echo "$out (under callgrind: not to the end)" >>"$tmp/skipped"
                continue
            fi
            echo "$a $b" | awk -v n=$(((r2 - r1) * elems)) -v ops=$nops \
                -v plans="$plans" -v d="$desc" \
                '{ c = ($2 - $1) / n; printf "%s|%.1f|%.1f|%s\n", plans, c, c / ops, d }' \
                >>"$tmp/results"
            tail -1 "$tmp/results" >&2
        done
    done
done
echo
if [ $plan_log = 1 ]; then
    echo "bench-shapes: plans from -d sv_plan"
else
    echo "bench-shapes: this QEMU has no -d sv_plan: grouped by generator kind"
fi
awk -F'|' '
    { n[$1]++; s[$1] += $2; so[$1] += $3
      split($4, d, " "); vl = -1; ve = -1
      for (i in d) {
          if (d[i] ~ /^vl=/) vl = substr(d[i], 4) + 0
          if (d[i] ~ /^vlend=/) ve = substr(d[i], 7) + 0
      }
      if (ve >= 0 && ve < vl) cut[$1]++
      if ($2 > mx[$1]) mx[$1] = $2
      if ($3 > mo[$1]) mo[$1] = $3
      if ($2 > worst) { worst = $2; wline = $0 }
      if ($3 > worsto) { worsto = $3; woline = $0 } }
    END {
        printf "%-28s %6s %4s %10s %10s %10s %10s\n", "plan", "shapes", \
            "cut", "mean/elem", "max/elem", "mean/op-el", "max/op-el"
        for (p in n)
            printf "%-28s %6d %4d %10.1f %10.1f %10.1f %10.1f\n", p, n[p], \
                cut[p], s[p] / n[p], mx[p], so[p] / n[p], mo[p] | "sort"
        close("sort")
        split(wline, w, "|"); split(woline, o, "|")
        printf "worst shape per element: %s host insns/elem (%s per op-element), plan %s: %s\n", w[2], w[3], w[1], w[4]
        printf "worst shape per op-element: %s (%s per element), plan %s: %s\n", o[3], o[2], o[1], o[4]
    }' "$tmp/results"
echo "(cut: shapes whose last run left VL below MVL, fail-on-first: their"
echo " elements are counted at MVL, so they cost more per element than shown)"
n_ok=$(wc -l <"$tmp/results") n_skip=$(wc -l <"$tmp/skipped")
echo "($n_ok shapes measured, $n_skip left out:"
sed 's/^/  /' "$tmp/skipped"
echo ")"
