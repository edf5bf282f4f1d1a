/*
 * sv_icase.h: what the integer element-loop tests (vblock_int,
 * vblock_compiled, svp_int) share: the kit text of their blocks, the
 * operands and leading fields of a case row, the reference loop a row
 * describes, and the run-and-check of one block.
 *
 * Blocks: the VL block `sv_vl_rs1 a7, MVL, SUBVL` (mode 10: MVL :=
 * imm + 1, STATE.vl := a7, no GPR write), so one block runs with several
 * VLs by changing a7; opcode fields rd a0, rs1 a1, rs2 a2; the mask in
 * a5.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_ICASE_H
#define SV_ICASE_H

#include "sv_ref.h"

#define VLH(mvl, sub)                                                          \
    "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" #mvl ", subvl=" #sub "\n"
#define R16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", vew=" #vew "\n"
#define P16(key, z, inv, ff)                                                   \
    "sv_pred16 key=" #key ", predidx=a5, zero=" #z ", inv=" #inv               \
    ", ffirst=" #ff "\n"
#define OPS(...) "sv_ops\n" __VA_ARGS__ "\nsv_vblock_end\n"

/* The fields every row starts with: its name, its block, the operation
 * and its operands (imm_op: s2 is the immediate imm). */
#define SV_ICASE_HEAD                                                          \
    const char *name;                                                          \
    void (*fn)(sv_regs *);                                                     \
    int op;                                                                    \
    sv_opnd d, s1, s2;                                                         \
    bool imm_op;                                                               \
    int64_t imm

/* The sv_iloop fields a row's head gives (designated initialisers). */
#define SV_ICASE_LOOP(c)                                                       \
    .op = (c)->op, .d = (c)->d, .s1 = (c)->s1, .s2 = (c)->s2,                  \
    .imm_op = (c)->imm_op, .imm = (c)->imm

/* A VBLOCK row's input machine: filled from seed, the mask in a5 and
 * a7 (the VL register) vlval. */
static inline void sv_icase_fill(sv_machine *in, unsigned seed, uint64_t mask,
                                 unsigned vlval)
{
    sv_machine_fill(in, seed);
    in->x[15] = mask;
    in->x[17] = vlval;
}

/* The sv_iloop fields of a VBLOCK row's destination predicate (mask m
 * from a5, inverted with inv) and of its VL register a7. */
#define SV_ICASE_PRED(c, m)                                                    \
    .pred = (c)->pred, .mask = (c)->inv ? ~(m) : (m), .zero = (c)->zero,       \
    .ffirst = (c)->ffirst, .vlreg = 17

/*
 * Runs fn on in and checks it against want: no trap, both register
 * files, STATE, and PCVBLK 0 (the block ran to its end).  Failures name
 * the caller's line.
 */
#define SV_RUN_CHECK(fn, in, want)                                             \
    sv_run_check(__FILE__, __LINE__, fn, in, want)
static inline void sv_run_check(const char *file, int line,
                                void (*fn)(sv_regs *), const sv_machine *in,
                                const sv_machine *want)
{
    sv_machine out;
    sv_trap t = sv_exec(fn, in, &out);

    sv_check_eq(file, line, "t.signo", (uint64_t)t.signo, 0);
    sv_check_files(file, line, &out, want);
    sv_check_state(file, line, "out.state", out.state, want->state);
    sv_check_eq(file, line, "out.pcvblk", out.pcvblk, 0);
}

#endif /* SV_ICASE_H */
