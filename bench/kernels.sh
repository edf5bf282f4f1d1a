#!/bin/sh
# bench-kernels: kernels.sh QEMU_RISCV64 KERNELS_BENCH
# 1. bytes/ns of each kernel, SV (VL 1, 8, 64) and scalar, in one run;
# 2. host instructions per element (valgrind --tool=callgrind on QEMU):
#    the difference between runs of R2 and R1 passes, divided by the
#    elements of R2 - R1 passes, so start-up and translation cancel out.
set -eu
qemu=$1 prog=$2
cpu=rv64,xsv=true
"$qemu" -cpu "$cpu" "$prog"
command -v valgrind >/dev/null || {
    echo "kernels.sh: valgrind is missing (scripts/install-deps.sh)" >&2
    exit 1
}
# 200 passes apart: translation is most of a short run (47M of 56M host
# instructions for add8), and the two runs' translations differ by up to
# 80,000 host instructions (a TB more or less): over 20 passes a
# kernel's figure moved by 0.4-1.9 per element from one measurement to
# the next; 200 passes and 180 passes (22..202) agree within 0.05.
elems=4096 r1=2 r2=202
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
    a=$(ir "$1" "$2" "$3" $r1) b=$(ir "$1" "$2" "$3" $r2)
    echo "$a $b" | awk -v n=$((elems * (r2 - r1))) '{ printf "%.1f", ($2 - $1) / n }'
}
printf '\nhost instructions per element (callgrind)\n'
printf '%-7s %8s %8s %8s %8s %10s\n' kernel scalar "SV VL1" "SV VL8" "SV VL64" "VL64/scal"
for k in add8 mac32 add64 sel16 memchr memcpy memset saxpy32 saxpy64; do
    s=$(per_elem $k scalar 64)
    v1=$(per_elem $k sv 1) v8=$(per_elem $k sv 8) v64=$(per_elem $k sv 64)
    ratio=$(echo "$v64 $s" | awk '{ printf "%.2f", $1 / $2 }')
    printf '%-7s %8s %8s %8s %8s %10s\n' $k "$s" "$v1" "$v8" "$v64" "$ratio"
done
echo "(add64's and saxpy64's VL64 column runs VL 32;"
echo " < 1 in the last column: SV is cheaper)"
echo "(sel16: 16-bit predicated select; memchr: glibc's memchr as scalar)"
