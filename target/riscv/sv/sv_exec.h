/*
 * Simple-V: the descriptor the VBLOCK translator passes to the element
 * loop helper (sv_exec.c), packed into one 64-bit immediate.
 *
 * The translator resolves an inner instruction's operands against the
 * block's tables at translate time (§3.8 QEMU NOTE); the helper receives
 * only the result: for each register operand the real register, whether
 * it is a vector and its element width, and the predicate entries that
 * apply.  Included by trans_sv.c.inc and sv_exec.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_EXEC_H
#define TARGET_RISCV_SV_EXEC_H

/* Operand slots, each SV_DESC_OPND_BITS wide from bit slot * 10. */
enum { SV_SLOT_RD, SV_SLOT_RS1, SV_SLOT_RS2, SV_SLOT_RS3, SV_SLOT_COUNT };

/* One operand: 9:3 regidx (0..127), 2 isvec, 1:0 vew (0 = default). */
#define SV_DESC_OPND_BITS 10
/* Predicates: destination side at bit 40, source side at bit 49;
 * 0 enabled, 5:1 predidx, 6 inv, 7 zero, 8 ffirst. */
#define SV_DESC_PRED_BITS 9
#define SV_DESC_PRED_DEST 40
#define SV_DESC_PRED_SRC 49
/* Vector branches: the compare (funct3, sv_cmp_kind) at 60:58. */
#define SV_DESC_BRANCH_KIND 58

typedef struct SVOperandDesc {
    unsigned regidx;
    bool isvec;
    unsigned elwidth; /* 0 = default, else 8, 16 or 32 */
} SVOperandDesc;

typedef struct SVPredDesc {
    bool enabled;
    unsigned predidx;
    bool inv;
    bool zero;
    bool ffirst;
} SVPredDesc;

static inline uint64_t sv_desc_pack_operand(unsigned slot, unsigned regidx,
                                            bool isvec, unsigned elwidth)
{
    unsigned vew = elwidth == 8 ? 1 : elwidth == 16 ? 2 : elwidth == 32 ? 3 : 0;

    return (uint64_t)(regidx << 3 | isvec << 2 | vew)
           << (slot * SV_DESC_OPND_BITS);
}

static inline SVOperandDesc sv_desc_operand(uint64_t desc, unsigned slot)
{
    unsigned v = (desc >> (slot * SV_DESC_OPND_BITS)) & 0x3ff;
    static const unsigned widths[4] = {0, 8, 16, 32};

    return (SVOperandDesc){
        .regidx = v >> 3, .isvec = (v >> 2) & 1, .elwidth = widths[v & 3]};
}

static inline uint64_t sv_desc_pack_pred(unsigned shift, bool enabled,
                                         unsigned predidx, bool inv, bool zero,
                                         bool ffirst)
{
    return enabled ? (uint64_t)(1 | predidx << 1 | inv << 6 | zero << 7 |
                                ffirst << 8)
                         << shift
                   : 0;
}

static inline SVPredDesc sv_desc_pred(uint64_t desc, unsigned shift)
{
    unsigned v = (desc >> shift) & 0x1ff;

    return (SVPredDesc){.enabled = v & 1,
                        .predidx = (v >> 1) & 31,
                        .inv = (v >> 6) & 1,
                        .zero = (v >> 7) & 1,
                        .ffirst = (v >> 8) & 1};
}

/* The VL block (§3.3) packed for helper_sv_vblock_enter. */
static inline uint32_t sv_pack_vl_block(const sv_vl_block *vl)
{
    return vl->present | vl->mode << 1 | vl->subvl << 3 | vl->vlmax << 6 |
           vl->rd << 13 | vl->rs1 << 18;
}

static inline sv_vl_block sv_unpack_vl_block(uint32_t v)
{
    return (sv_vl_block){.present = v & 1,
                         .mode = (v >> 1) & 3,
                         .subvl = (v >> 3) & 7,
                         .vlmax = (v >> 6) & 127,
                         .rd = (v >> 13) & 31,
                         .rs1 = (v >> 18) & 31};
}

/*
 * The element loop of a prefixed (P48/P64) instruction (sv_prefix.c):
 * op as sv_prefix_decode gives it, desc packed from its context, VL and
 * SUBVL already chosen, loopst the word whose offsets the loop steps
 * (STATE or SVPSTATE), int_signed the §4.2 signedness rule; ra is the
 * helper's GETPC().  Defined in sv_exec.c with the VBLOCK loops, which
 * it runs unchanged.
 */
void sv_exec_prefixed(CPURISCVState *env, const sv_op *op, uint32_t insn,
                      uint64_t desc, target_ulong pc, unsigned vl,
                      unsigned subvl, uint32_t *loopst, bool int_signed,
                      uintptr_t ra);

#endif
