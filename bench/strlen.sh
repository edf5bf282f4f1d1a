#!/bin/sh
# strlen.sh QEMU_RISCV64 STRLEN_BENCH: the strlen benchmark in its two CPU
# configurations, one process each (SV and RVV cannot share a -cpu: xsv
# refuses V), then the ratios.  Within a process every ratio is measured
# side by side; across the two, glibc's scalar strlen (run in both) is the
# common yardstick, and the direct bytes/ns ratio is printed beside it.
set -eu
qemu=$1 bench=$2
out=$(mktemp)
trap 'rm -f "$out" "$out.cg" "$out.log" "$out.bytes"' EXIT
echo "== SV: $qemu -cpu rv64,xsv=true"
"$qemu" -cpu rv64,xsv=true "$bench" sv | tee -a "$out" | grep -v '^RESULT'
echo "== RVV: $qemu -cpu rv64,v=true,vlen=128"
"$qemu" -cpu rv64,v=true,vlen=128 "$bench" rvv | tee -a "$out" | grep -v '^RESULT'
echo "== ratios (speed; > 1 means the first is faster)"
awk '$1 == "RESULT" { speed[$2, $3] = $4; glibc[$2, $3] = $8 }
END {
    n = split("long short", keys, " ")
    for (i = 1; i <= n; i++) {
        k = keys[i]
        sv = speed[k, "SV"]; rvv = speed[k, "RVV"]
        printf "%-5s SV %.3f, RVV %.3f, glibc %.3f bytes/ns\n", k, sv, rvv, glibc[k, "SV"]
        printf "      SV/glibc %.3fx   RVV/glibc %.3fx   SV/RVV %.2fx (via glibc %.2fx)\n",
            sv / glibc[k, "SV"], rvv / glibc[k, "RVV"], sv / rvv,
            (sv / glibc[k, "SV"]) / (rvv / glibc[k, "RVV"])
    }
}' "$out"
# Host instructions (callgrind on QEMU): the difference between 3 and 1
# passes over each data set, per byte, SV and glibc in the same QEMU, so
# start-up and translation cancel out.  Stable where bytes/ns is noisy.
command -v valgrind >/dev/null || {
    echo "strlen.sh: valgrind is missing (scripts/install-deps.sh)" >&2
    exit 1
}
ir() { # fn data reps
    valgrind --tool=callgrind --callgrind-out-file="$out.cg" \
        "$qemu" -cpu rv64,xsv=true "$bench" cg "$@" 2>"$out.log" \
        >"$out.bytes" || { cat "$out.log" >&2; exit 1; }
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out.cg"
}
echo "== host instructions per byte (callgrind; ratio > 1: SV is cheaper)"
for data in long short; do
    for fn in sv glibc; do
        a=$(ir $fn $data 1) b=$(ir $fn $data 3)
        bytes=$(sed -n 's/^BYTES //p' "$out.bytes")
        eval "ipb_$fn=\$(echo \"$a $b $bytes\" |
            awk '{ printf \"%.3f\", (\$2 - \$1) / (2 * \$3) }')"
    done
    echo "$data $ipb_sv $ipb_glibc" | awk '{
        printf "%-5s SV %.3f, glibc %.3f insns/byte (%.1f, %.1f per 64 bytes)",
            $1, $2, $3, 64 * $2, 64 * $3
        printf "   glibc/SV %.2fx\n", $3 / $2 }'
done
rm -f "$out.cg" "$out.log" "$out.bytes"
