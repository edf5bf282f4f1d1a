#!/bin/sh
# bench-kernels: kernels.sh QEMU_RISCV64 KERNELS_BENCH
# 1. bytes/ns of each kernel, SV (VL 1, 8, 64) and scalar, in one run;
# 2. host instructions per element (valgrind --tool=callgrind on QEMU):
#    the difference between runs of R2 and R1 passes, divided by the
#    elements of R2 - R1 passes, so start-up and translation cancel out.
# KERNELS="add8 gather32 ..." measures only those (default: all);
# KERNELS_NO_BYTES=1 leaves out step 1.
set -eu
qemu=$1 prog=$2
cpu=rv64,xsv=true
all="add8 mac32 add64 sel16 memchr memcpy memset saxpy32 saxpy64
     macs8 macs16 macs32 memchrff gather32 scatter32 stride32 max16
     compress32 cvtmul"
kernels=${KERNELS:-$all}
[ -n "${KERNELS_NO_BYTES:-}" ] || "$qemu" -cpu "$cpu" "$prog"
command -v valgrind >/dev/null || {
    echo "kernels.sh: valgrind is missing (scripts/install-deps.sh)" >&2
    exit 1
}
# Translation is most of a short run (47M of 56M host instructions for
# add8), and two runs' translations differ by up to 80,000 host
# instructions (a TB more or less).  So the runs are r2 = 202 and r1 = 2
# passes apart (200 passes: within 0.05 per element of 180), except that
# a kernel costing at least 40 host instructions per element over 20
# passes (22 - 2: the noise is then at most 1 per element, 2.5%) keeps
# that figure: the element loop's kernels cost 300-1000 per element,
# and 200 passes of them under callgrind take minutes each.
elems=4096 r1=2 r20=22 r2=202
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ir() { # kernel impl vl reps
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
        "$qemu" -cpu "$cpu" "$prog" "$@" 2>"$tmp/log" >/dev/null ||
        { cat "$tmp/log" >&2; exit 1; }
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' \
        "$tmp/cg" | head -1
}
per_elem() { # kernel impl vl
    a=$(ir "$1" "$2" "$3" $r1) b=$(ir "$1" "$2" "$3" $r20)
    c=$(echo "$a $b" | awk -v n=$((elems * (r20 - r1))) '{ print ($2 - $1) / n }')
    if awk -v c="$c" 'BEGIN { exit !(c < 40) }'; then
        b=$(ir "$1" "$2" "$3" $r2)
        c=$(echo "$a $b" | awk -v n=$((elems * (r2 - r1))) '{ print ($2 - $1) / n }')
    fi
    echo "$c" | awk '{ printf($1 < 100 ? "%.1f" : "%.0f", $1) }'
}
# The planned SV ops of a kernel's loop: the distinct opcode addresses
# QEMU's -d sv_plan names in a VL 8 run (a fused load + branch is one).
planned_ops() { # kernel
    "$qemu" -cpu "$cpu" -d sv_plan -D "$tmp/plan" "$prog" "$1" sv 8 1 \
        >/dev/null 2>&1 || { echo 0; return; }
    sed -n 's/^sv_plan: pc=\(0x[0-9a-f]*\) .*/\1/p' "$tmp/plan" | sort -u |
        wc -l
}
printf '\nhost instructions per element (callgrind)\n'
printf '%-10s %8s %8s %8s %8s %10s\n' kernel scalar "SV VL1" "SV VL8" "SV VL64" "VL64/scal"
: >"$tmp/fit"
for k in $kernels; do
    s=$(per_elem $k scalar 64)
    v1=$(per_elem $k sv 1) v8=$(per_elem $k sv 8) v64=$(per_elem $k sv 64)
    ratio=$(echo "$v64 $s" | awk '{ printf "%.2f", $1 / $2 }')
    printf '%-10s %8s %8s %8s %8s %10s\n' $k "$s" "$v1" "$v8" "$v64" "$ratio"
    echo "$k $v1 $v8 $v64 $(planned_ops $k)" >>"$tmp/fit"
done
# Per element, cost(VL) / VL = a / VL + b: a is what one pass of the
# loop (the VBLOCK's entry, VL block, per-op set-up and exit, and the
# scalar loop control) costs whatever VL is, b what each element adds.
# Least squares over VL 1, 8 and 64 on the per-element figures (each
# counts alike; on whole-pass costs VL 64 would decide alone).  64 is 32
# for add64 and saxpy64 (SV_ADD64).  a / ops: the fixed cost per planned op.
printf '\nfixed cost per loop pass and per element: cost(VL) = a + b * VL\n'
printf '%-10s %8s %8s %5s %8s %9s\n' kernel a b ops "a/ops" "worst fit"
awk '{
    k = $1; n = 3; v[1] = 1; v[2] = 8; v[3] = (k == "add64" || k == "saxpy64") ? 32 : 64
    c[1] = $2; c[2] = $3; c[3] = $4; ops = $5
    sx = sy = sxx = sxy = 0
    for (i = 1; i <= n; i++) {
        x = 1 / v[i]; sx += x; sy += c[i]; sxx += x * x; sxy += x * c[i]
    }
    a = (n * sxy - sx * sy) / (n * sxx - sx * sx); b = (sy - a * sx) / n
    worst = 0
    for (i = 1; i <= n; i++) {
        e = (a / v[i] + b - c[i]) / c[i]; if (e < 0) e = -e; if (e > worst) worst = e
    }
    printf "%-10s %8.1f %8.2f %5d %8s %8.1f%%\n", k, a, b, ops,
        ops ? sprintf("%.1f", a / ops) : "-", 100 * worst
}' "$tmp/fit"
echo "(add64's and saxpy64's VL64 column runs VL 32;"
echo " < 1 in the last column: SV is cheaper)"
echo "(sel16: 16-bit predicated select; memchr, memchrff: glibc's memchr as"
echo " scalar; macsN: N-bit vector times an untagged 64-bit scalar)"
