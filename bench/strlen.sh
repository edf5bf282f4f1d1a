#!/bin/sh
# strlen.sh QEMU_RISCV64 STRLEN_BENCH: the strlen benchmark in its two CPU
# configurations, one process each (SV and RVV cannot share a -cpu: xsv
# refuses V), then the ratios.  Within a process every ratio is measured
# side by side; across the two, glibc's scalar strlen (run in both) is the
# common yardstick, and the direct bytes/ns ratio is printed beside it.
set -eu
qemu=$1 bench=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
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
