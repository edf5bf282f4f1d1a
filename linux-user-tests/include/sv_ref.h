/*
 * sv_ref.h: plain per-element reference models of the element loops of
 * docs/spec.md, written from the spec text (not from the emulator), for
 * the vblock_* tests to compute their expected register files.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_REF_H
#define SV_REF_H

#include "sv.h"

/* A double's bits and back (FP register contents, C6). */
static inline uint64_t d2u(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static inline double u2d(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}

/* One step of a twin-predicated loop: write dst element from src (or 0). */
typedef struct sv_twin_step {
    int dst, src; /* src -1: the value written is 0 */
} sv_twin_step;

/*
 * §5.4 op2 (A32 fix): the (dst, src) element pairs in execution order.
 * ps/pd are the masks (all ones without a predicate), zs/zd zeroing.
 */
static inline int sv_ref_twin(unsigned vl, bool dvec, bool svec, uint64_t pd,
                              bool zd, uint64_t ps, bool zs, sv_twin_step *out)
{
    unsigned i = 0, j = 0;
    int n = 0;
    if (!dvec && !svec) {
        out[0] = (sv_twin_step){0, 0};
        return 1;
    }
    while (i < vl && j < vl) {
        if (svec && !zs) {
            while (i < vl && !((ps >> i) & 1)) {
                i++;
            }
        }
        if (dvec && !zd) {
            while (j < vl && !((pd >> j) & 1)) {
                j++;
            }
        }
        if (i >= vl || j >= vl) {
            break;
        }
        if ((pd >> j) & 1) {
            out[n++] = (sv_twin_step){(int)j, ((ps >> i) & 1) ? (int)i : -1};
        } else if (zd) {
            out[n++] = (sv_twin_step){(int)j, -1};
        }
        if (svec) {
            i++;
        }
        if (dvec) {
            j++;
        } else {
            break;
        }
    }
    return n;
}

/* ------------------------------------------------ integer element loop
 * An operand as the loop sees it: real register, vector or not, width
 * (8/16/32/64).
 */
typedef struct sv_opnd {
    unsigned reg;
    bool vec;
    unsigned w;
} sv_opnd;
/* sv_opnd initialisers: vector or scalar register r of width w. */
#define V(r, w)                                                                \
    {                                                                          \
        r, true, w                                                             \
    }
#define S(r, w)                                                                \
    {                                                                          \
        r, false, w                                                            \
    }

enum sv_iop {
    IOP_ADD,
    IOP_SUB,
    IOP_AND,
    IOP_OR,
    IOP_XOR,
    IOP_SLL,
    IOP_SRL,
    IOP_SRA,
    IOP_SLT,
    IOP_SLTU,
    IOP_MUL,
    IOP_MULH,
    IOP_MULHU,
    IOP_ADDW,
    IOP_SUBW,
    IOP_SLLW,
};

/* Sources sign-extended (§5.5 step 2), result sign-extended, W op. */
static inline bool sv_iop_src_signed(int op)
{
    return op == IOP_SRA || op == IOP_SLT || op == IOP_MULH || op == IOP_ADDW ||
           op == IOP_SUBW || op == IOP_SLLW;
}
static inline bool sv_iop_res_signed(int op)
{
    return op == IOP_SRA || op == IOP_MULH || op == IOP_ADDW ||
           op == IOP_SUBW || op == IOP_SLLW;
}
static inline bool sv_iop_w(int op)
{
    return op == IOP_ADDW || op == IOP_SUBW || op == IOP_SLLW;
}

/* op at width opw on sources already extended to 64 bits; opw bits out. */
static inline uint64_t sv_ref_alu(int op, uint64_t a, uint64_t b, unsigned opw)
{
    const unsigned sh = (unsigned)(b & (opw - 1));
    uint64_t r = 0;
    switch (op) {
    case IOP_ADD:
    case IOP_ADDW:
        r = a + b;
        break;
    case IOP_SUB:
    case IOP_SUBW:
        r = a - b;
        break;
    case IOP_AND:
        r = a & b;
        break;
    case IOP_OR:
        r = a | b;
        break;
    case IOP_XOR:
        r = a ^ b;
        break;
    case IOP_SLL:
    case IOP_SLLW:
        r = a << sh;
        break;
    case IOP_SRL:
        r = sv_zext(a, opw) >> sh;
        break;
    case IOP_SRA:
        r = (uint64_t)((int64_t)sv_sext(a, opw) >> sh);
        break;
    case IOP_SLT:
        r = (int64_t)a < (int64_t)b;
        break;
    case IOP_SLTU:
        r = a < b;
        break;
    case IOP_MUL:
        r = a * b;
        break;
    case IOP_MULH:
        if (opw == 64) {
            r = (uint64_t)(((__int128)(int64_t)a * (int64_t)b) >> 64);
        } else {
            r = (uint64_t)(((int64_t)a * (int64_t)b) >> opw);
        }
        break;
    case IOP_MULHU:
        if (opw == 64) {
            r = (uint64_t)(((unsigned __int128)a * b) >> 64);
        } else {
            r = (a * b) >> opw;
        }
        break;
    }
    return sv_zext(r, opw);
}

typedef struct sv_iloop {
    int op;
    sv_opnd d, s1, s2;
    bool imm_op; /* s2 is the immediate imm (not in opw) */
    int64_t imm;
    unsigned vl, subvl;
    bool pred;     /* dest has a predicate entry: */
    uint64_t mask; /* after inv */
    bool zero, ffirst;
    unsigned vlreg;  /* STATE.vl, for the ffirst VL cut */
    unsigned i0, s0; /* a resumed loop: STATE.destoffs, dsvoffs (§1.6) */
} sv_iloop;

static inline uint64_t sv_ref_src(const uint64_t *x, const sv_opnd *o,
                                  unsigned ke, unsigned s, bool w_op, bool sgn)
{
    unsigned w = o->w;
    uint64_t v = sv_elem_get(x, o->reg, o->vec ? ke : s, w);
    if (w_op && w > 32) {
        w = 32;
    }
    v = sv_zext(v, w);
    return sgn ? sv_sext(v, w) : v;
}

/* §5.3 op3 with §5.5 widths and §7.2 ffirst: updates want->x. */
static inline void sv_ref_iloop(const sv_iloop *c, const sv_machine *in,
                                sv_machine *want)
{
    const bool w_op = sv_iop_w(c->op), sgn = sv_iop_src_signed(c->op);
    const bool rsg = sv_iop_res_signed(c->op);
    const bool anyvec = c->d.vec || c->s1.vec || (!c->imm_op && c->s2.vec);
    unsigned w1 = c->s1.w, w2 = c->imm_op ? 8 : c->s2.w;
    if (w_op) {
        w1 = w1 > 32 ? 32 : w1;
        w2 = w2 > 32 ? 32 : w2;
    }
    const unsigned opw = w1 > w2 ? w1 : w2;
    const unsigned vl = anyvec ? c->vl : 1;
    const unsigned subvl = anyvec ? c->subvl : 1;

    for (unsigned i = anyvec ? c->i0 : 0; i < vl; i++) {
        const bool active = !anyvec || !c->pred || ((c->mask >> i) & 1);
        bool fail = false;
        if (!active && !c->zero) {
            continue;
        }
        for (unsigned s = anyvec && i == c->i0 ? c->s0 : 0; s < subvl; s++) {
            const unsigned ke = i * subvl + s;
            uint64_t r = 0;
            if (active) {
                uint64_t a = sv_ref_src(in->x, &c->s1, ke, s, w_op, sgn);
                uint64_t b = c->imm_op
                                 ? (uint64_t)c->imm
                                 : sv_ref_src(in->x, &c->s2, ke, s, w_op, sgn);
                r = sv_ref_alu(c->op, a, b, opw);
                r = rsg ? sv_sext(r, opw) : r; /* to 64, then to wd */
            }
            fail |= sv_zext(r, c->d.w) == 0;
            if (c->d.vec) {
                sv_elem_set(want->x, c->d.reg, ke, c->d.w, r);
            } else if (c->d.w == 64 || subvl > 1) {
                /* sub-element s; extended to 64 only with SUBVL 1 */
                sv_elem_set(want->x, c->d.reg, s, c->d.w, r);
            } else {
                uint64_t v = sv_zext(r, c->d.w);
                want->x[c->d.reg] = rsg ? sv_sext(v, c->d.w) : v;
            }
        }
        want->x[0] = 0;
        if (anyvec && c->ffirst && fail) {
            if (c->vlreg) {
                want->x[c->vlreg] = i;
            }
            break;
        }
        if (!c->d.vec) {
            break;
        }
    }
    want->x[0] = 0;
}

#endif /* SV_REF_H */
