#!/bin/sh
# The assembler kit (linux-user-tests/include/sv.inc) sizes a block the
# same whatever code comes before it.  gas keeps a section's bytes in
# frags; when its frag memory runs out inside a block's opcode area it
# starts a new frag there, and a symbol set to `. - label` across the two
# is then resolved as if both began at 0.  sv.inc once did that: an
# unchanged memset VBLOCK in bench/kernels_bench.c got thousands of
# c.nop of padding ("VBLOCK #18 ... longer than its header says") when
# two kernels were added before it.
#
# One section per N in LO..HI, each N c.nop (assembled with relaxation,
# as compiled C is) and then that memset block, so that the frag memory
# runs out at every offset of the block in one of them.  Each section
# must be exactly 2N + 14 bytes.  A canary, the old `.set` form on the
# same layout, must misread at least one section: it shows that the
# window reaches the frag split with this gas (binutils 2.40 splits at
# N = 1958..1960).
#   usage: kit-frags.sh INCLUDE_DIR [LO HI]
set -u
inc=$1
lo=${2:-1900}
hi=${3:-2020}
as=${AS:-riscv64-linux-gnu-as}
objdump=${OBJDUMP:-riscv64-linux-gnu-objdump}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sections BODY-MACRO: one section per N, N c.nop then the macro
sections() {
    n=$lo
    while [ "$n" -le "$hi" ]; do
        printf '.section .text.v%d, "ax", @progbits\n.rept %d\nnop\n.endr\n%s\n' \
            "$n" "$n" "$1"
        n=$((n + 1))
    done
}

# The kit: the memset block of bench/kernels_bench.c.
{
    echo '.include "sv.inc"'
    echo '.macro blk'
    echo 'sv_vblock_begin'
    echo 'sv_vl_rd rd=a4, vlmax=64'
    echo 'sv_reg16 key=a0, regidx=32'
    echo 'sv_ops'
    echo 'addi a0, a5, 0'
    echo 'sv_c c.sd a0, 0(a3)'
    echo 'sv_vblock_end'
    echo '.endm'
    sections blk
} > "$tmp/kit.S"
# The canary: the same opcode area, sized by the old `.set` form.
{
    echo '.macro blk'
    echo '.option push'
    echo '.option norelax'
    echo '.option norvc'
    echo '.Lops\@:'
    echo 'addi a0, a5, 0'
    echo '.option push'
    echo '.option rvc'
    echo 'c.sd a0, 0(a3)'
    echo '.option pop'
    echo '.set .Lsz, . - .Lops\@'
    echo '.set .Llen, 8 + .Lsz'
    echo '.if .Llen != 14'
    echo '.error "canary: misread"'
    echo '.endif'
    echo '.option pop'
    echo '.endm'
    sections blk
} > "$tmp/canary.S"

fails=0
if "$as" -march=rv64gc "$tmp/canary.S" -o "$tmp/canary.o" \
    2> "$tmp/canary.err"; then
    echo "FAIL canary: no section of N = $lo..$hi splits a frag in the" \
         "opcode area with this gas; widen the window (arguments LO HI)"
    fails=$((fails + 1))
else
    echo "ok   canary: the old .set form misreads" \
         "$(grep -c 'canary: misread' "$tmp/canary.err") of" \
         "$((hi - lo + 1)) sections"
fi
if ! "$as" -march=rv64gc -I "$inc" "$tmp/kit.S" -o "$tmp/kit.o" \
    2> "$tmp/kit.err"; then
    echo "FAIL kit: the blocks do not assemble"
    grep -o 'VBLOCK #[0-9]*[^:]*' "$tmp/kit.err" | sort -u | head -5 |
        sed 's/^/    /'
    fails=$((fails + 1))
else
    bad=$("$objdump" -h "$tmp/kit.o" |
        awk '$2 ~ /^\.text\.v[0-9]+$/ { print substr($2, 8), $3 }' |
        while read -r n size; do
            [ $((0x$size)) -eq $((2 * n + 14)) ] ||
                echo ".text.v$n: 0x$size bytes"
        done)
    if [ -n "$bad" ]; then
        echo "FAIL kit: sections not 2N + 14 bytes:"
        echo "$bad" | head -5 | sed 's/^/    /'
        fails=$((fails + 1))
    else
        echo "ok   kit: $((hi - lo + 1)) sections, each 2N + 14 bytes"
    fi
fi
echo "kit-frags: $fails failures"
[ "$fails" -eq 0 ]
