#!/usr/bin/env bash
# Every SV rule once (docs/sv-engine.md, "Where each rule lives"): svcore
# holds each listed rule in one function; the QEMU helpers, the svprof
# plugin and the tools call it.  This check fails when a listed rule is
# recoded outside svcore (a pattern that spells it out) or when a file that
# must call the rule's function does not.  Grep-level: it catches the
# copies as they were written, not every possible rewording.
#
# The translator (trans_sv*.c.inc) still spells out some of these rules;
# "pending" allows at most today's count there, so the number can only go
# down (set a count to 0 once its copies are gone).
#
# Usage: rules-once.sh [SOURCE_ROOT]
set -uo pipefail
cd "${1:-$(dirname "$0")/../..}" || exit 2

sv=target/riscv/sv
helpers=("$sv"/*.c "$sv"/*.h)
plugin=(plugin/*.cc plugin/*.h plugin/*.c)
tools=(tools/*.cc tools/*.c tools/*.h)
# Every consumer of svcore written in C or C++ (the tests are independent
# references and may recompute a rule on purpose).
consumers=("${helpers[@]}" "$sv"/*.inc "${plugin[@]}" "${tools[@]}")
translator=("$sv"/trans_sv*.c.inc)
failed=0

fail()
{
    echo "rules-once: $*" >&2
    failed=1
}

# forbid RULE REGEX FILE...: no file may match (extended regex).
forbid()
{
    local rule=$1 re=$2 hits
    shift 2
    hits=$(grep -nE -- "$re" "$@" 2>/dev/null)
    if [ -n "$hits" ]; then
        fail "$rule is recoded outside svcore (call its svcore function):"
        echo "$hits" | sed 's/^/    /' >&2
    fi
}

# pending RULE REGEX MAX FILE...: at most MAX matches (a copy not yet
# replaced; the count may only go down).
pending()
{
    local rule=$1 re=$2 max=$3 n
    shift 3
    n=$(cat "$@" | grep -cE -- "$re")
    if [ "$n" -gt "$max" ]; then
        fail "$rule: $n copies in the translator, at most $max allowed:"
        grep -nE -- "$re" "$@" | sed 's/^/    /' >&2
    fi
}

# require FUNCTION FILE...: every file calls FUNCTION.
require()
{
    local fn=$1 f
    shift
    for f in "$@"; do
        if ! grep -qE -- "\\b$fn\\(" "$f"; then
            fail "$f does not call $fn (it must take that rule from svcore)"
        fi
    done
}

# A predicate entry's mask (§1.11): sv_pred_entry_mask / _x.
forbid "the predicate mask (inv)" 'inv[a-zA-Z0-9_.>-]*\)? *\? *~|\? *~[a-z_]*m\b' \
    "${consumers[@]}"
forbid "the predicate mask (no entry: all ones; x0 reads 0)" \
    '\bsv_pred_mask\(|return ~(uint64_t\(0\)|\(uint64_t\)0);|\bm = [a-z.>-]*predidx \?' \
    "${consumers[@]}"
require 'sv_pred_entry_mask(_x)?' "$sv/sv_elements.c" "$sv/sv_alu.c" \
    "$sv/sv_fpu.c" plugin/observe.cc plugin/replay.cc

# The plain-VL test: sv_state_plain_vl.
forbid "the plain-VL test" 'sv_state_subvl\([^)]*\) *!= *1' "${consumers[@]}"
# (sv_alu.c's and sv_fpu.c's helpers get VL from the compiled loops'
# guard, which reads STATE through the SV_STATE_* constants.)
require sv_state_plain_vl "$sv/sv_elements.c"

# Elements end inside the register file: sv_elements_fit.
forbid "the register-file bound" \
    'SV_FILE_BYTES|[<>]=? *8 *\* *SV_NUM_REGS|>= *SV_NUM_REGS|[<>]=? *sizeof\(env->sv_[gf]pr\)' \
    "${helpers[@]}"
forbid "the register-file bound" '8 \* SV_NUM_REGS' "${translator[@]}"
require sv_elements_fit "$sv/sv_elements.c" \
    "$sv/trans_sv_compiled_loop.c.inc"

# The trap-ffirst VL cut and the write of a cut VL: sv_ffirst_trap_vl,
# sv_ffirst_commit_vl.
forbid "the write of a cut VL" 'gpr\[[a-z_]*vl[a-z_]*\] *=[^=]' \
    "${helpers[@]}"
require sv_ffirst_trap_vl "$sv/sv_elements.c"
require sv_ffirst_commit_vl "$sv/sv_elements.c"

# ADDW/SUBW below 64 bits: sv_alu_word_width.
forbid "the *W op width" '\(W\) *== *64 *\?|word *= *32' "${helpers[@]}" \
    target/svcore/src/alu.cc
forbid "the *W op width" 'SV_ALU_SUBW\) && w == 64|tcg_gen_ext32s_tl\(r, r\)' \
    "${translator[@]}" target/svcore/src/plan.cc
require sv_alu_word_width "$sv/sv_alu.c" target/svcore/src/alu.cc

# SIMD byte search: Highway in svcore (compare_simd.cc) and nowhere else.
forbid "SIMD code" '_mm_[a-z0-9_]+\(|[a-z]mmintrin\.h|__SSE2__' \
    "${consumers[@]}" target/svcore/include/svcore.h
require 'sv_copy_find_byte64(_fn)?' "$sv/sv_elements.c"
require sv_first_byte_fail "$sv/sv_elements.c"

# The host's user address top for user mode's host accesses:
# SV_USER_HOST_TOP, and sv_user_host_range_ok for a range.
forbid "the host's user address top (SV_USER_HOST_TOP)" \
    '<< *47\b|>> *47\b|0x0*800000000000\b' "${consumers[@]}"
require sv_user_host_range_ok "$sv/sv_elements.c"

# STATE's layout: the exported SV_STATE_* constants, or svcore's accessors.
forbid "STATE's layout (a C shift of a STATE field)" \
    '>> *SV_STATE_[A-Z]+_SHIFT|0x0*FC0u?\b|0x0*3F000u?\b|0x0*FC0000u?\b|0x0*3000000u?\b|0x0*C000000u?\b|0x0*C?FFFF000u?\b' \
    "${helpers[@]}" "${plugin[@]}" "${tools[@]}"
pending "STATE's layout (literal offset shifts)" '1 << 1[28]\)' 0 \
    "${translator[@]}"

# One planner: only the translator's plan step (trans_sv_plan.c.inc) asks
# sv_plan_op which code an op gets; every other emitter carries out the
# plan it is given.
forbid "choosing a path outside the planner step" 'sv_plan_op *\(' \
    "${helpers[@]}" $(ls "$sv"/*.inc | grep -v trans_sv_plan.c.inc) \
    "${plugin[@]}" "${tools[@]}"
require sv_plan_op "$sv/trans_sv_plan.c.inc"

# Where an element loop starts and how long it is (an op with no vector
# operand: one element from 0, whatever the offsets): sv_loop_span_of.
forbid "the no-vector-operand test" \
    '(ex->)?rd\.isvec \|\| (ex->)?rs1\.isvec|!(ex->)?rd\.isvec && !(ex->)?rs1\.isvec' \
    "${helpers[@]}"
require sv_loop_span_of "$sv/sv_elements.c"

# No run-time handoff: a helper carries out the plan it was called for
# and never returns -1 (or a VL of -1) so that another path runs the op
# (docs/sv-engine.md, "Backends and the planner").  sv_disas.c is no
# helper: its parsers' -1 means "no such field".
handoff=()
for f in "$sv"/*.c; do
    [ "$f" = "$sv/sv_disas.c" ] || handoff+=("$f")
done
hits=$(grep -nE -- \
    'return -1\b|return \(target_ulong\) *-1|return [^;]*(\? *|: *)(\(target_ulong\))? *-1\b' \
    "${handoff[@]}")
if [ -n "$hits" ]; then
    fail "a helper returns -1 to hand the op to another path (plan it):"
    echo "$hits" | sed 's/^/    /' >&2
fi

# Which entries are a vector branch's predicates (§6.2): the resolver's
# (sv_resolve_op); disassemblers print them through sv_branch_mode_note.
forbid "a vector branch's predicate entries" '\bsv_pred_for *\(' \
    "${consumers[@]}"
require sv_branch_mode_note "$sv/sv_disas.c" tools/sv-objdump.cc

if [ "$failed" = 0 ]; then
    echo "ok: every listed rule is taken from svcore"
fi
exit "$failed"
