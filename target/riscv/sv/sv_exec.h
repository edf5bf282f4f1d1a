/*
 * Simple-V: the descriptor that carries a resolved instruction
 * (sv_resolve_op / sv_resolve_prefix, svcore.h) from the translator to the
 * run-time helpers, in two 64-bit immediates built with registerfields'
 * FIELD().  The helpers unpack it and never decode the instruction word:
 * every rule has been applied at translate time by svcore.  Included by
 * trans_sv.c.inc, sv_elements.c and sv_prefix.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_EXEC_H
#define TARGET_RISCV_SV_EXEC_H

#include "hw/registerfields.h"

/* One operand, 16 bits of desc0 per slot (SV_RD..SV_RS3). */
FIELD(SVOPND, REG, 0, 7)
FIELD(SVOPND, ISVEC, 7, 1)
FIELD(SVOPND, PRESENT, 8, 1)
FIELD(SVOPND, FP, 9, 1)
FIELD(SVOPND, OVR, 10, 1)
FIELD(SVOPND, LOG2W, 11, 2)  /* element width 8 << LOG2W bits */
FIELD(SVOPND, LOG2NW, 13, 2) /* the op's natural width, likewise */
FIELD(SVOPND, TAGGED, 15, 1)
#define SV_DESC_OPND_BITS 16

/* A predicate entry (9 bits). */
FIELD(SVPRED, EN, 0, 1)
FIELD(SVPRED, IDX, 1, 5)
FIELD(SVPRED, INV, 6, 1)
FIELD(SVPRED, ZERO, 7, 1)
FIELD(SVPRED, FF, 8, 1)

/* desc1: everything else the element loops need. */
FIELD(SVDESC, PD, 0, 9)
FIELD(SVDESC, PS, 9, 9)
FIELD(SVDESC, CLS, 18, 4) /* sv_op_class */
FIELD(SVDESC, FN, 22, 5)  /* sv_alu_op (INT; BRANCH: funct3), sv_fp_op */
FIELD(SVDESC, OPTWIN, 27, 1)
FIELD(SVDESC, INT_SIGNED, 28, 1)
FIELD(SVDESC, LOG2MEMB, 29, 2)
FIELD(SVDESC, B_IMM, 31, 1)
FIELD(SVDESC, SIGN, 32, 2) /* sv_result_sign */
FIELD(SVDESC, KIND, 34, 3) /* sv_exec_kind */
FIELD(SVDESC, FFIRST, 37, 2)
FIELD(SVDESC, VECTOR, 39, 1)
FIELD(SVDESC, LOG2ES, 40, 2) /* memory element size 1 << LOG2ES bytes */
FIELD(SVDESC, SRC, 42, 2)
FIELD(SVDESC, DST, 44, 2)
FIELD(SVDESC, SVPSTATE, 46, 1)
FIELD(SVDESC, SVLEN, 47, 3)
FIELD(SVDESC, VLT_FORM, 50, 3)
FIELD(SVDESC, VLT_DEST, 53, 5)
FIELD(SVDESC, VLT_VALUE, 58, 6)

typedef struct SVDesc {
    uint64_t d0, d1;
} SVDesc;

static inline unsigned sv_desc_log2(unsigned v)
{
    return v ? ctz32(v) : 0;
}

static inline uint64_t sv_desc_pack_pred(const sv_pred_entry *p)
{
    uint64_t v = 0;

    if (p->enabled) {
        v = FIELD_DP64(v, SVPRED, EN, 1);
        v = FIELD_DP64(v, SVPRED, IDX, p->predidx);
        v = FIELD_DP64(v, SVPRED, INV, p->inv);
        v = FIELD_DP64(v, SVPRED, ZERO, p->zero);
        v = FIELD_DP64(v, SVPRED, FF, p->ffirst);
    }
    return v;
}

static inline sv_pred_entry sv_desc_unpack_pred(uint64_t v)
{
    return (sv_pred_entry){
        .enabled = FIELD_EX64(v, SVPRED, EN),
        .predidx = FIELD_EX64(v, SVPRED, IDX),
        .inv = FIELD_EX64(v, SVPRED, INV),
        .zero = FIELD_EX64(v, SVPRED, ZERO),
        .ffirst = FIELD_EX64(v, SVPRED, FF),
    };
}

static inline SVDesc sv_desc_pack(const sv_resolved_op *r)
{
    SVDesc d = {0, 0};
    const sv_op *op = &r->op;

    for (unsigned k = 0; k < SV_NUM_SLOTS; k++) {
        const sv_resolved_operand *o = &r->opnd[k];
        uint64_t v = 0;

        if (!o->present) {
            continue;
        }
        v = FIELD_DP64(v, SVOPND, REG, o->reg);
        v = FIELD_DP64(v, SVOPND, ISVEC, o->isvec);
        v = FIELD_DP64(v, SVOPND, PRESENT, 1);
        v = FIELD_DP64(v, SVOPND, FP, o->is_fp);
        v = FIELD_DP64(v, SVOPND, OVR, o->overridden);
        v = FIELD_DP64(v, SVOPND, LOG2W, sv_desc_log2(o->width / 8));
        v = FIELD_DP64(v, SVOPND, LOG2NW, sv_desc_log2(o->natural / 8));
        v = FIELD_DP64(v, SVOPND, TAGGED, o->tagged);
        d.d0 |= v << (k * SV_DESC_OPND_BITS);
    }
    d.d1 = FIELD_DP64(d.d1, SVDESC, PD, sv_desc_pack_pred(&r->pred_dest));
    d.d1 = FIELD_DP64(d.d1, SVDESC, PS, sv_desc_pack_pred(&r->pred_src));
    d.d1 = FIELD_DP64(d.d1, SVDESC, CLS, op->cls);
    d.d1 =
        FIELD_DP64(d.d1, SVDESC, FN, op->cls == SV_OPC_FP ? op->fp : op->alu);
    d.d1 = FIELD_DP64(d.d1, SVDESC, OPTWIN, op->twin);
    d.d1 = FIELD_DP64(d.d1, SVDESC, INT_SIGNED, op->int_signed);
    d.d1 = FIELD_DP64(d.d1, SVDESC, LOG2MEMB, sv_desc_log2(op->mem_bytes));
    d.d1 = FIELD_DP64(d.d1, SVDESC, B_IMM, op->b_is_imm);
    d.d1 = FIELD_DP64(d.d1, SVDESC, SIGN, r->result_sign);
    d.d1 = FIELD_DP64(d.d1, SVDESC, KIND, r->kind);
    d.d1 = FIELD_DP64(d.d1, SVDESC, FFIRST, r->ffirst);
    d.d1 = FIELD_DP64(d.d1, SVDESC, VECTOR, r->vector);
    d.d1 = FIELD_DP64(d.d1, SVDESC, LOG2ES, sv_desc_log2(r->mem_es));
    d.d1 = FIELD_DP64(d.d1, SVDESC, SRC, r->src_slot);
    d.d1 = FIELD_DP64(d.d1, SVDESC, DST, r->dst_slot);
    d.d1 = FIELD_DP64(d.d1, SVDESC, SVPSTATE, r->uses_svpstate);
    d.d1 = FIELD_DP64(d.d1, SVDESC, SVLEN, r->svlen);
    d.d1 = FIELD_DP64(d.d1, SVDESC, VLT_FORM, r->vltyp.form);
    d.d1 = FIELD_DP64(d.d1, SVDESC, VLT_DEST, r->vltyp.vldest);
    d.d1 = FIELD_DP64(d.d1, SVDESC, VLT_VALUE, r->vltyp.value);
    return d;
}

/*
 * The description back (what the element loops read of it; key, op.len,
 * op.rm and op.fmt_bits stay 0: the translator has used them).  imm is
 * op.imm, insn the word for log messages only.
 */
static inline void sv_desc_unpack(uint64_t d0, uint64_t d1, int64_t imm,
                                  uint32_t insn, sv_resolved_op *r)
{
    sv_operand *ops[SV_NUM_SLOTS];
    sv_op *op = &r->op;

    memset(r, 0, sizeof(*r));
    ops[SV_RD] = &op->rd;
    ops[SV_RS1] = &op->rs1;
    ops[SV_RS2] = &op->rs2;
    ops[SV_RS3] = &op->rs3;
    r->insn = insn;
    for (unsigned k = 0; k < SV_NUM_SLOTS; k++) {
        uint64_t v = extract64(d0, k * SV_DESC_OPND_BITS, SV_DESC_OPND_BITS);
        sv_resolved_operand *o = &r->opnd[k];

        if (!FIELD_EX64(v, SVOPND, PRESENT)) {
            continue;
        }
        o->present = 1;
        o->reg = FIELD_EX64(v, SVOPND, REG);
        o->isvec = FIELD_EX64(v, SVOPND, ISVEC);
        o->is_fp = FIELD_EX64(v, SVOPND, FP);
        o->overridden = FIELD_EX64(v, SVOPND, OVR);
        o->width = 8 << FIELD_EX64(v, SVOPND, LOG2W);
        o->natural = 8 << FIELD_EX64(v, SVOPND, LOG2NW);
        o->tagged = FIELD_EX64(v, SVOPND, TAGGED);
        r->tagged |= o->tagged;
        ops[k]->present = 1;
        ops[k]->is_fp = o->is_fp;
        ops[k]->width = o->natural;
    }
    r->pred_dest = sv_desc_unpack_pred(FIELD_EX64(d1, SVDESC, PD));
    r->pred_src = sv_desc_unpack_pred(FIELD_EX64(d1, SVDESC, PS));
    op->cls = FIELD_EX64(d1, SVDESC, CLS);
    if (op->cls == SV_OPC_FP) {
        op->fp = FIELD_EX64(d1, SVDESC, FN);
    } else {
        op->alu = FIELD_EX64(d1, SVDESC, FN);
    }
    op->twin = FIELD_EX64(d1, SVDESC, OPTWIN);
    op->int_signed = FIELD_EX64(d1, SVDESC, INT_SIGNED);
    op->b_is_imm = FIELD_EX64(d1, SVDESC, B_IMM);
    op->imm = imm;
    r->kind = FIELD_EX64(d1, SVDESC, KIND);
    r->ffirst = FIELD_EX64(d1, SVDESC, FFIRST);
    r->vector = FIELD_EX64(d1, SVDESC, VECTOR);
    r->result_sign = FIELD_EX64(d1, SVDESC, SIGN);
    r->src_slot = FIELD_EX64(d1, SVDESC, SRC);
    r->dst_slot = FIELD_EX64(d1, SVDESC, DST);
    if (op->cls == SV_OPC_LOAD || op->cls == SV_OPC_STORE ||
        op->cls == SV_OPC_AMO) {
        op->mem_bytes = 1 << FIELD_EX64(d1, SVDESC, LOG2MEMB);
        r->mem_bytes = op->mem_bytes;
        r->mem_es = 1 << FIELD_EX64(d1, SVDESC, LOG2ES);
        r->unit_stride = !r->opnd[SV_RS1].isvec;
    }
    r->twin = op->twin || r->kind == SV_EXEC_MEMORY;
    r->uses_svpstate = FIELD_EX64(d1, SVDESC, SVPSTATE);
    r->svlen = FIELD_EX64(d1, SVDESC, SVLEN);
    r->vltyp.form = FIELD_EX64(d1, SVDESC, VLT_FORM);
    r->vltyp.vldest = FIELD_EX64(d1, SVDESC, VLT_DEST);
    r->vltyp.value = FIELD_EX64(d1, SVDESC, VLT_VALUE);
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
 * The element loop of the resolved instruction r (sv_elements.c): VL and
 * SUBVL already chosen, loopst the word whose offsets the loop steps
 * (STATE, or SVPSTATE for a VLtyp/svlen prefix); ra is the helper's
 * GETPC().  The one loop for VBLOCK ops and P48/P64 alike.
 */
void sv_exec_run(CPURISCVState *env, const sv_resolved_op *r, target_ulong pc,
                 unsigned vl, unsigned subvl, uint32_t *loopst, uintptr_t ra);

/*
 * What a fused helper (helper_sv_ldbr, _ldbr_scan, _ldbr_scan64) or
 * helper_sv_scan needs to run its opcodes as the unfused helpers do when
 * its fast path does not apply: the load's and the branch's descriptors
 * (sv_desc_pack), words and addresses, and PCVBLK while the branch runs.
 * Built at translate time, interned (trans_sv_fused.c.inc:
 * sv_fused_pair_intern) and passed by address; never freed.
 */
typedef struct SVFusedPair {
    uint64_t ld0, ld1, br0, br1;
    int64_t imm;
    uint64_t ld_pc, br_pc;
    uint32_t ld_insn, br_insn;
    uint32_t br_pcvblk;
    uint32_t has_load; /* 0: helper_sv_scan, the branch alone */
} SVFusedPair;

/* helper_sv_ldbr_scan's descriptor (trans_sv_fused.c.inc: gen_sv_fused). */
FIELD(SVSCAN, ADDR, 0, 7)    /* address register (scalar) */
FIELD(SVSCAN, DATA, 7, 7)    /* the loaded vector, >= 32 */
FIELD(SVSCAN, SCALAR, 14, 7) /* the branch's rs2 (scalar) */
FIELD(SVSCAN, LOG2W, 21, 2)  /* its width */
FIELD(SVSCAN, FFIRST, 23, 1) /* the load is trap-ffirst */
FIELD(SVSCAN, VLREG, 24, 5)  /* sv_ldbr_scan64: the VL register */
/* helper_sv_scan only (the planner's branch_scan shape, plan.cc): */
FIELD(SVSCAN, BVEC, 29, 1)   /* rs2 (SCALAR) is a vector of bytes */
FIELD(SVSCAN, EQ, 30, 1)     /* BEQ (else BNE) */
FIELD(SVSCAN, TARGET, 31, 1) /* a second predicate on x0: its mode */
FIELD(SVSCAN, INV2, 32, 1)
FIELD(SVSCAN, ZERO2, 33, 1)

#endif
