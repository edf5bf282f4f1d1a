#!/usr/bin/env bash
# Runs the S-mode program sv_sbi_redirect under OpenSBI (issue 14):
#   sbi-redirect.sh QEMU_SYSTEM BUILD_DIR ELF project|stock
# project: the project's OpenSBI (system/opensbi; built when missing),
# which must redirect traps with the SV state change: the program prints
# "sv_sbi_redirect: PASS".  stock: Debian's OpenSBI, which does not: the
# program must report a failed check (registered with should_fail, the
# documented comparison).  The program powers off through SBI SRST, so
# QEMU's exit status says nothing; the printed line decides.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
qemu=${1:?usage: sbi-redirect.sh QEMU_SYSTEM BUILD_DIR ELF project|stock}
build=$2 elf=$3 which=$4
if [ "$which" = stock ]; then
    fw="$("$root/scripts/fetch-riscv64-deb.sh" opensbi)/root/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin" ||
        { echo "FAIL: cannot fetch Debian's opensbi"; exit 1; }
else
    fw="$build/system/opensbi-build/platform/generic/firmware/fw_dynamic.bin"
    [ -f "$fw" ] || "$root/scripts/build-system.sh" "$build" opensbi > /dev/null ||
        { echo "FAIL: cannot build the project's OpenSBI"; exit 1; }
fi
out=$(timeout 60 "$qemu" -M virt -cpu rv64,xsv=true -bios "$fw" -kernel "$elf" \
      -display none -serial stdio -monitor none 2>&1)
rc=$?
echo "$out" | grep -E "^OpenSBI v|sv_sbi_redirect"
echo "firmware: $fw (QEMU exit $rc)"
echo "$out" | grep -q "^sv_sbi_redirect: PASS" && exit 0
exit 1
