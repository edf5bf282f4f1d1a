#!/bin/sh
# The assembler kit (linux-user-tests/include/sv.inc) refuses mistakes:
# each wrong source below must fail to assemble with its message, and the
# correct ones must assemble (with the expected bytes where given).
#   usage: kit-errors.sh INCLUDE_DIR
set -u
inc=$1
as=${AS:-riscv64-linux-gnu-as}
objdump=${OBJDUMP:-riscv64-linux-gnu-objdump}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
n=0

# wrong NAME EXPECTED-MESSAGE-SUBSTRING  (source on stdin)
wrong() {
    n=$((n + 1))
    { echo '.include "sv.inc"'; cat; } > "$tmp/$1.S"
    if $as -march=rv64gc -I "$inc" "$tmp/$1.S" -o "$tmp/$1.o" 2> "$tmp/$1.err"; then
        echo "FAIL $1: assembled, expected an error with: $2"
        fails=$((fails + 1))
    elif ! grep -qF -- "$2" "$tmp/$1.err"; then
        echo "FAIL $1: error without the expected message: $2"
        sed 's/^/    /' "$tmp/$1.err"
        fails=$((fails + 1))
    else
        echo "ok   $1: $(grep -F -- "$2" "$tmp/$1.err" | head -1 | cut -c1-160)"
    fi
}

# right NAME [EXPECTED-HEX-OF-.text]  (source on stdin)
right() {
    n=$((n + 1))
    { echo '.include "sv.inc"'; cat; } > "$tmp/$1.S"
    if ! $as -march=rv64gc -I "$inc" "$tmp/$1.S" -o "$tmp/$1.o" 2> "$tmp/$1.err"; then
        echo "FAIL $1: did not assemble"
        sed 's/^/    /' "$tmp/$1.err"
        fails=$((fails + 1))
        return
    fi
    if [ $# -ge 2 ]; then
        got=$($objdump -s -j .text "$tmp/$1.o" | tail -n +5 | cut -c7-41 | tr -d ' \n')
        if [ "$got" != "$2" ]; then
            echo "FAIL $1: bytes $got, expected $2"
            fails=$((fails + 1))
            return
        fi
    fi
    echo "ok   $1"
}

# --- layout: the final size disagrees with the header ----------------------
wrong beq-in-block "VBLOCK #1 (counting from 1 in this file) is longer than its header says" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    add a0, a1, a2
    beq a0, a1, 1f
    sv_vblock_end
1:  nop
EOF2
# LUI and AUIPC sit in frags whose size gas only knows after layout;
# sv.inc sizes the opcode area by .if tests, which fold them (the same
# bytes as the .4byte form).  They were refused before that.
right lui-in-block ff048aa800003385c500ff048aa8000037250100 <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    add a0, a1, a2
    sv_vblock_end
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    lui a0, 0x12
    sv_vblock_end
EOF2
right lui-in-ext-block ff7402008aa80000372501003305b500 <<'EOF2'
    sv_vblock_begin ext=1
    sv_reg16 key=a0, regidx=40
    sv_ops
    lui a0, 0x12
    add a0, a0, a1
    sv_vblock_end
EOF2
wrong jal-in-block "is longer than its header says" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    j 1f
    sv_vblock_end
1:  nop
EOF2
right auipc-in-block ff048aa8000017050000 <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    auipc a0, 0
    sv_vblock_end
EOF2
# la, li and call expand to AUIPC/LUI pairs: the checks after layout pass.
right la-li-call-in-block <<'EOF2'
g:  nop
    sv_vblock_begin ext=1
    sv_reg16 key=a0, regidx=40
    sv_ops
    la a0, g
    li a1, 0x12345678
    call g
    sv_vblock_end
EOF2
wrong overlong-no-ext "VBLOCK longer than 22 bytes: use sv_vblock_begin ext=1" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    .rept 5
    add a0, a1, a2
    .endr
    sv_vblock_end
EOF2
wrong overlong-ext "VBLOCK2 longer than 74 bytes" <<'EOF2'
    sv_vblock_begin ext=1
    sv_reg16 key=a0, regidx=40
    sv_ops
    .rept 20
    add a0, a1, a2
    .endr
    sv_vblock_end
EOF2
# --- registers ----------------------------------------------------------------
wrong undefined-register "foo: not a register name" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=foo, regidx=40
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong register-beyond-127 "x128: not a register name" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=x128
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong fp-key-as-int "key fa0: an FP register name, but int=1" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=fa0, regidx=40
    sv_ops
    fadd.d fa0, fa1, fa2
    sv_vblock_end
EOF2
wrong int-key-as-fp "key a0: an integer register name, but int=0" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=f40, int=0
    sv_ops
    fadd.d fa0, fa1, fa2
    sv_vblock_end
EOF2
wrong fp-predidx "predidx fa5: an FP register name where only an integer register can be" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_pred16 key=a0, predidx=fa5
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong fp-vl-register "VL block rd ft0: an FP register name where only an integer register can be" <<'EOF2'
    sv_vblock_begin
    sv_vl_rd rd=ft0, vlmax=4
    sv_reg16 key=a0, regidx=40
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong regkey-range "regkey out of range" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=x40, regidx=40
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
# --- predicates ----------------------------------------------------------------
wrong pred-without-reg "predicate entry keyed on a1: the block has no register entry for it" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_pred16 key=a1, predidx=a5
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong pred-wrong-class "predicate entry keyed on f10: the block has no register entry for it" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_pred16 key=f10, predidx=a5, int=0
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong pred8-without-reg "predicate entry keyed on a2: the block has no register entry for it" <<'EOF2'
    sv_vblock_begin
    sv_reg8 a0
    sv_pred8 a2
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
wrong pred-no-tables "predicate entry keyed on a0: the block has no register entry for it" <<'EOF2'
    sv_vblock_begin
    sv_pred16 key=a0, predidx=a5
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
# --- structure ----------------------------------------------------------------
wrong nested "sv_vblock_begin inside a block" <<'EOF2'
    sv_vblock_begin
    sv_vblock_begin
EOF2
wrong no-ops "sv_vblock_end without sv_ops" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_vblock_end
EOF2
wrong vl-not-first "the VL block must come first" <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_vl_rd rd=t0, vlmax=4
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2

# --- correct sources still assemble, to the same bytes -------------------------
# header 0x04ff (nnn 0: 10 bytes, one 16-bit register entry, one unused
# 8-bit predicate entry and the pad byte), entry 0xa88a (a0 -> x40 vector)
right simple-block ff048aa800003385c500 <<'EOF2'
    sv_vblock_begin
    sv_reg16 key=a0, regidx=40
    sv_ops
    add a0, a1, a2
    sv_vblock_end
EOF2
right branch-result-pred <<'EOF2'
    sv_vblock_begin
    sv_vl_rs1 rs1=a7, vlmax=32
    sv_reg16 key=a0, regidx=40, vew=1
    sv_reg16_raw 0
    sv_pred16 key=a0, predidx=a5, inv=1, ffirst=1
    sv_pred16 key=x0, predidx=a6, inv=0, zero=1, result=1
    sv_ops
    sv_c_bnez a0, 1f
    sv_vblock_end
1:  nop
EOF2
right fp-block <<'EOF2'
    sv_vblock_begin
    sv_vl_rd rd=t4, vlmax=8
    sv_reg16 key=fa0, regidx=f40, int=0
    sv_reg16 key=f11, regidx=48, int=0
    sv_pred16 key=fa0, predidx=a5, int=0
    sv_ops
    fadd.d fa0, fa1, fa0
    sv_vblock_end
EOF2
right symbols-and-numbers <<'EOF2'
    .equ VREG, 64
    sv_vblock_begin ext=1
    sv_reg16 key=a0, regidx=VREG
    sv_reg16 key=10+1, regidx=x127
    sv_pred16 key=a1, predidx=t1
    sv_ops
    add a0, a1, a2
    sv_beq a0, a1, 1f
    .4byte (0x12 << 12) | (10 << 7) | 0x37   /* lui a0, 0x12 */
    sv_vblock_end
1:  nop
EOF2

echo "kit-errors: $n cases, $fails failures"
[ "$fails" -eq 0 ]
