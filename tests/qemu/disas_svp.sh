#!/usr/bin/env bash
# -d in_asm with xsv shows a P48/P64 in sv-as syntax (sv_format_prefix),
# or with SV_DISAS_RAW=1 as its context, decoded by the core library
# (sv_prefix_decode), then the wrapped RV32 instruction; the disassembler
# steps by 6 / 8 bytes.
#   disas_svp.sh QEMU_RISCV64 FIXTURE
set -euo pipefail
qemu=${1:?usage: disas_svp.sh QEMU_RISCV64 FIXTURE}
fixture=${2:?usage: disas_svp.sh QEMU_RISCV64 FIXTURE}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
out=$(SV_DISAS_RAW=1 "$qemu" -cpu rv64,xsv=true -d in_asm -D "$log" "$fixture")
case "$out" in
*'disas_svp: ran'*) ;;
*) echo "FAIL: the fixture did not run: $out"; exit 1 ;;
esac
# check CONTEXT WRAPPED LEN: QEMU's riscv disassembler prints the wrapped
# word in hex, then its mnemonic.
check() {
    local want=$1 insn=$2 len=$3 line addr next
    line=$(grep -m1 -F "$want" "$log" | tr -s ' ') ||
        { echo "FAIL: no '$want' in -d in_asm"; grep -m3 'p48\|p64' "$log"; exit 1; }
    echo "$line"
    case "$line" in
    *"$want "[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]" $insn"*) ;;
    *) echo "FAIL: expected '$want <hex> $insn'"; exit 1 ;;
    esac
    addr=$(echo "$line" | sed -n 's/^0x0*\([0-9a-f]*\):.*/\1/p')
    next=$(printf '%x' $(( 0x$addr + len )))
    grep -q "^0x0*$next:" "$log" || { echo "FAIL: nothing disassembled at 0x$next"; exit 1; }
    echo "ok: next instruction at 0x$next"
}
check 'p48[v rd=x40, v rs1=x64, s rs2=x12, pred=!x9, e16]' 'add s0,ra,a2' 6
check 'p64[v rd=x101, v rs1=x77, s rs2=x127, pred=x9, vl=6>x5]' 'add t0,a3,t6' 8
# Inside a VBLOCK, among the block's opcodes, at its own address (the
# block's + 4); the next line is 10 bytes on.
check 'p48[v rd=x40, v rs1=x64, dpred=x10]' 'addi s0,ra,5' 10
line=$(grep -m1 -F 'p48[v rd=x40, v rs1=x64, dpred=x10]' "$log" | tr -s ' ')
blk=$(echo "$line" | sed -n 's/^0x0*\([0-9a-f]*\):.*/\1/p')
case "$line" in
*"; $(printf '0x%x' $(( 0x$blk + 4 ))): p48["*) echo "ok: the P48 at the block + 4" ;;
*) echo "FAIL: the P48 inside the block is not shown at the block + 4"; exit 1 ;;
esac
# The same in sv-as syntax (the default).
"$qemu" -cpu rv64,xsv=true -d in_asm -D "$log" "$fixture" >/dev/null
for want in 'sv.add/w=16/m=~s1/p48 *x40, *x64, a2' \
            'sv.add/m=s1/p64/vl=6/vld=t0 *x101, *x77, x127' \
            'sv.block vl=t4,zero,2 ; 0x' \
            ': sv.addi/m=a0/p48 *x40, *x64, 5 ; sv.endblock'; do
    grep -qF -- "$want" "$log" ||
        { echo "FAIL: no '$want' in -d in_asm"; grep -m3 'sv\.' "$log"; exit 1; }
    echo "ok: $want"
done
