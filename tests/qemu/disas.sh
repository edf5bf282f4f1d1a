#!/usr/bin/env bash
# -d in_asm with xsv: SV instructions are measured and decoded by the core
# library, so a VBLOCK shows its context and opcodes and the disassembler
# steps by the real length.
#   disas.sh QEMU_RISCV64 FIXTURE
set -euo pipefail
qemu=${1:?usage: disas.sh QEMU_RISCV64 FIXTURE}
fixture=${2:?usage: disas.sh QEMU_RISCV64 FIXTURE}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# By default a VBLOCK is in sv-as syntax (docs/guide.md section 2) when
# the syntax can say it: the first block of the fixture (an 8-bit vector
# plus a 64-bit scalar source, the kit's 16-bit entries) and the vector
# branch.
"$qemu" -cpu rv64,xsv=true -d in_asm -D "$log" "$fixture"
for want in 'sv.block vl=t0,zero,8 reg16 pred16 ; sv.add/w=8/m=~s1 *x40, *x40, a1/w=64 ; sv.c.nop ; sv.endblock' \
            'sv.block vl=t4,zero,4 ; sv.bne/ff/any/r=a6 *x40, a1, .+4 ; sv.endblock'; do
    if sed -E 's/ +/ /g; s/ ; 0x[0-9a-f]+: / ; /g' "$log" | grep -F -- "$want" > /dev/null; then
        echo "ok: VBLOCK in sv-as syntax: $want"
    else
        grep -m3 'sv.block' "$log"
        echo "FAIL: expected '$want'"; exit 1
    fi
done
# SV_DISAS_RAW=1: the decoded tables, and each opcode in QEMU's syntax.
SV_DISAS_RAW=1 "$qemu" -cpu rv64,xsv=true -d in_asm -D "$log" "$fixture"
line=$(grep -m1 'sv.vblock' "$log" | tr -s ' ') || { echo "FAIL: no sv.vblock in -d in_asm"; exit 1; }
echo "$line"
want='sv.vblock[14] {setvl mode=rd rd=x5 rs1=x0 mvl=8 subvl=1} { x10->x40.v:e8 x10?!x9 } ; 00b50533 add a0,a0,a1 ; 0001 nop'
case "$(echo "$line" | sed -E 's/ ; 0x[0-9a-f]+: / ; /g')" in
*"$want"*) echo "ok: VBLOCK context and opcodes" ;;
*) echo "FAIL: expected '$want'"; exit 1 ;;
esac
# Inner opcodes at their real addresses: the block + 8 and + 12.
base=$(( 0x$(echo "$line" | sed -n 's/^0x0*\([0-9a-f]*\):.*/\1/p') ))
for off in 8 12; do
    case "$line" in
    *"; $(printf '0x%x' $((base + off))): "*) echo "ok: an opcode at the block + $off" ;;
    *) echo "FAIL: no opcode shown at $(printf '0x%x' $((base + off)))"; exit 1 ;;
    esac
done
# A vector branch shows its mode by name (§6.3).
grep -q 'bne .*<ifany ffirst>' "$log" || { echo "FAIL: no '<ifany ffirst>' after the vector bne"; grep 'sv.vblock' "$log"; exit 1; }
echo "ok: $(grep -o 'bne [^;]*<ifany ffirst>' "$log" | head -1)"
# The instruction after the VBLOCK (14 bytes on) must start a new line.
next=$(printf '%x' $(( 0x$(echo "$line" | sed -n 's/^0x0*\([0-9a-f]*\):.*/\1/p') + 14 )))
grep -q "^0x0*$next:" "$log" || { echo "FAIL: nothing disassembled at 0x$next"; exit 1; }
echo "ok: the next instruction is at 0x$next"
