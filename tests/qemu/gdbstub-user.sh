#!/usr/bin/env bash
# linux-user gdbstub: the SV CSRs (dynamic CSR feature) and x32..x127 /
# f32..f127 (org.qemu.riscv.sv) are readable and writable from gdb, CSR
# writes through gdb obey the SV write rules, and the se*/me* trap copies
# are absent in U mode.
#   gdbstub-user.sh QEMU_RISCV64 PROGRAM
set -euo pipefail
qemu=${1:?usage: gdbstub-user.sh QEMU_RISCV64 PROGRAM}
prog=${2:?usage: gdbstub-user.sh QEMU_RISCV64 PROGRAM}
gdb=$(command -v gdb-multiarch) || { echo "gdb-multiarch is missing (scripts/install-deps.sh)"; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$qemu" -g "$port" -cpu rv64,xsv=true "$prog" > /dev/null 2>&1 &
qpid=$!
trap 'kill $qpid 2>/dev/null || true' EXIT
sleep 0.5
out=$("$gdb" -nx -batch -ex 'set architecture riscv:rv64' -ex "target remote 127.0.0.1:$port" \
    -ex 'p/x $mvl' -ex 'set $mvl = 16' -ex 'p/x $state' -ex 'p/x $mvl' \
    -ex 'set $x127 = 0x1122334455667788' -ex 'p/x $x127' \
    -ex 'set $f32 = -1.5' -ex 'p $f32' \
    -ex 'p/x $sestate' -ex 'kill' 2>&1) || true
fail=0
expect() {
    if printf '%s\n' "$out" | grep -qE "$1"; then
        echo "ok   $2"
    else
        echo "FAIL $2"
        fail=1
    fi
}
expect '^\$1 = 0x1$' "mvl reads its reset value 1"
expect '^\$2 = 0xf$' "a gdb write of mvl = 16 goes through the rule: STATE.maxvl = 15"
expect '^\$3 = 0x10$' "mvl reads back 16"
expect '^\$4 = 0x1122334455667788$' "x127 is writable and readable"
expect '^\$5 = -1\.5$' "f32 is writable and readable"
expect 'void|[Ii]nvalid|No symbol|not available' "sestate is absent in U mode"
[ $fail = 0 ] || { printf '%s\n' "$out"; exit 1; }
