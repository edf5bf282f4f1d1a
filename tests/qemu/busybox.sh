#!/usr/bin/env bash
# No regression on a real program nobody here wrote: Debian trixie's
# riscv64 busybox-static runs a scripted workload under the patched
# qemu-riscv64 with xsv off and on; the outputs must be identical, and
# must match the host's answers for the checksums.
#   busybox.sh QEMU_RISCV64
set -euo pipefail
qemu=${1:?usage: busybox.sh QEMU_RISCV64}
root=$(cd "$(dirname "$0")/../.." && pwd)
bb="$("$root/scripts/fetch-riscv64-deb.sh" busybox-static)/root/usr/bin/busybox"
[ -x "$bb" ] || { echo "busybox not found in the busybox-static package"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seq 1 20000 > "$work/numbers"
script='
cd "$1"
echo "sum: $(awk "{s += \$1} END {print s}" numbers)"
echo "sha256: $(sha256sum numbers | cut -d" " -f1)"
echo "md5: $(md5sum numbers | cut -d" " -f1)"
sort -r -n numbers | head -n 3 | tr "\n" " "; echo
grep -c 7 numbers
printf "%s\n" hello world simple vector | sed "s/o/0/g" | tr a-z A-Z
gzip -c numbers > n.gz && gunzip -c n.gz | cmp - numbers && echo "gzip round trip ok"
i=0; while [ $i -lt 200 ]; do i=$((i + 1)); done; echo "loop $i"
echo "expr: $(expr 123456789 \* 987654321 % 1000003)"
dc -e "2 64 ^ p" 2>/dev/null || echo "dc: n/a"
'
for cpu in rv64 rv64,xsv=true; do
    "$qemu" -cpu "$cpu" "$bb" sh -c "$script" sh "$work" > "$work/out.$cpu" 2>&1 ||
        { echo "FAIL: busybox under -cpu $cpu exited $?"; cat "$work/out.$cpu"; exit 1; }
done
diff -u "$work/out.rv64" "$work/out.rv64,xsv=true" ||
    { echo "FAIL: output differs with xsv on"; exit 1; }
grep -qx "sum: 200010000" "$work/out.rv64" || { echo "FAIL: wrong sum"; cat "$work/out.rv64"; exit 1; }
grep -qx "sha256: $(sha256sum "$work/numbers" | cut -d' ' -f1)" "$work/out.rv64" ||
    { echo "FAIL: busybox sha256 differs from the host's"; exit 1; }
grep -qx "md5: $(md5sum "$work/numbers" | cut -d' ' -f1)" "$work/out.rv64" ||
    { echo "FAIL: busybox md5 differs from the host's"; exit 1; }
grep -qx "gzip round trip ok" "$work/out.rv64" || { echo "FAIL: gzip"; exit 1; }
echo "ok: busybox workload ($(wc -l < "$work/out.rv64") lines) identical with xsv off and on"
