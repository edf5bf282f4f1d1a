#!/usr/bin/env bash
# tools/sv-objdump on the project's own binaries: by default VBLOCKs in
# sv-as syntax; with --raw (the checks below first) VBLOCKs with their
# context, inner opcodes at their real addresses in standard syntax,
# vector branches with their mode, P48/P64 with theirs; and exactly
# objdump's output for a program without SV code.
#   sv-objdump.sh SV_OBJDUMP GUIDE_EXAMPLES DISAS_SVP PLAIN_PROGRAM
set -uo pipefail
tool=${1:?usage}; examples=${2:?usage}; svp=${3:?usage}; plain=${4:?usage}
fail=0
out=$("$tool" --raw "$examples") || { echo "FAIL: sv-objdump $examples"; exit 1; }
expect() {   # expect DESCRIPTION EXTENDED-REGEX (on one line)
    if grep -qE -- "$2" <<< "$out"; then
        echo "ok   $1: $(grep -E -- "$2" <<< "$out" | head -1 | tr -s '\t ' ' ')"
    else
        echo "FAIL $1: no line matching $2"
        fail=1
    fi
}
# strlen: the block, its load at block + 8, its branch at block + 12.
blk=$(grep -A2 '<sv_strlen>:' <<< "$out" | grep -oE '^ +[0-9a-f]+:.*sv\.vblock' | grep -oE '[0-9a-f]+' | head -1)
[ -n "$blk" ] || { echo "FAIL: no VBLOCK at the start of sv_strlen"; printf '%s\n' "$out" | grep -A4 '<sv_strlen>:'; exit 1; }
expect "strlen's VBLOCK context" "^ +$blk:.*sv\.vblock\[16\] \{setvl mode=rd rd=x14 rs1=x0 mvl=64 subvl=1\} \{ x8->x32\.v:e8 x8\?!x0,ffirst \}"
expect "its load at its real address" "^ +$(printf '%x' $((0x$blk + 8))):.*lb"$'\t'"s0,0\(a0\)"
expect "its vector branch, mode named" "^ +$(printf '%x' $((0x$blk + 12))):.*bnez"$'\t'"s0,[0-9a-f]+ <sv_strlen\+0x[0-9a-f]+> <ifall ffirst>"
expect "memchr's branch against a scalar" "bne"$'\t'"t0,a1,[0-9a-f]+ <sv_memchr\+0x[0-9a-f]+> <ifall ffirst>"
expect "saxpy's VBLOCK2 with FP and twin predicates" "sv\.vblock\[34\] \{setvl mode=rvc rd=x14 rs1=x10 mvl=32 subvl=1\} \{ x12->x12\.s f1->f32\.v f2->f64\.v x12\?x15 f2\?x15 \}"
expect "saxpy's inner FMA" "fmadd\.s"$'\t'"ft2,fa0,ft1,ft2"
expect "find's ifany branch" "beq"$'\t'"t0,a2,[0-9a-f]+ <sv_find\+0x[0-9a-f]+> <ifany>"
# No header parcel is left as an instruction: every VBLOCK is one line.
n_blocks=$(grep -c 'sv\.vblock\[' <<< "$out")
[ "$n_blocks" -ge 4 ] && echo "ok   $n_blocks VBLOCKs" || { echo "FAIL: $n_blocks VBLOCKs"; fail=1; }

# The default output: sv-as syntax (docs/guide.md), one line per opcode.
out=$("$tool" "$examples") || { echo "FAIL: sv-objdump $examples"; exit 1; }
expect "strlen's block opener" "^ +$blk:.*sv\.block vl=a4,zero,64$"
expect "its load in sv-as syntax" "^ +$(printf '%x' $((0x$blk + 8))):.*sv\.lb/w=8/ff \*x32, 0\(a0\)"
expect "its branch, relative target and address" "sv\.bne/w=8/ff \*x32, zero, \.\+14"$'\t'"# [0-9a-f]+"
expect "saxpy's twin-predicated FMA" "sv\.fmadd\.s/m=a5 \*f64, fa0, \*f32, \*f64"
expect "find's ifany with its result mask" "sv\.beq/any/r=a6 \*x32, a2, \.\+18"
expect "the block's end" "^ +"$'\t'" +"$'\t'"sv\.endblock"

out=$("$tool" --raw "$svp") || { echo "FAIL: sv-objdump $svp"; exit 1; }
expect "a P48 with its context and the wrapped add" "p48\[v rd=x40, v rs1=x64, s rs2=x12, pred=!x9, e16\] add"$'\t'"s0,ra,a2"
expect "a P64 with VLtyp" "p64\[v rd=x101, v rs1=x77, s rs2=x127, pred=x9, vl=6>x5\] add"$'\t'"t0,a3,t6"

# Without SV code the output is objdump's, line for line.
objdump=${OBJDUMP:-riscv64-linux-gnu-objdump}
if diff <("$tool" "$plain" | tail -n +3) <("$objdump" -d -z "$plain" | tail -n +3) > /dev/null; then
    echo "ok   a program without SV: identical to objdump -d"
else
    echo "FAIL: output differs from objdump -d for $plain"
    fail=1
fi
exit $fail
