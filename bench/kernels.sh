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
printf '\nhost instructions per element (callgrind)\n'
printf '%-10s %8s %8s %8s %8s %10s\n' kernel scalar "SV VL1" "SV VL8" "SV VL64" "VL64/scal"
for k in $kernels; do
    s=$(per_elem $k scalar 64)
    v1=$(per_elem $k sv 1) v8=$(per_elem $k sv 8) v64=$(per_elem $k sv 64)
    ratio=$(echo "$v64 $s" | awk '{ printf "%.2f", $1 / $2 }')
    printf '%-10s %8s %8s %8s %8s %10s\n' $k "$s" "$v1" "$v8" "$v64" "$ratio"
done
echo "(add64's and saxpy64's VL64 column runs VL 32;"
echo " < 1 in the last column: SV is cheaper)"
echo "(sel16: 16-bit predicated select; memchr, memchrff: glibc's memchr as"
echo " scalar; macsN: N-bit vector times an untagged 64-bit scalar)"
