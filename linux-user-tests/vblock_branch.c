/*
 * vblock_branch: consensual vector branches (§6.5, the normative loop;
 * §6.2 predicate roles, §6.3 modes, §7.3 and A16-A20).  Every block is
 * run over random masks, data and VL, and checked against the reference
 * below, written straight from §6.5: the decision (ifall, ifnotall,
 * ifany, ifnone), the result mask written whole to the second predicate's
 * register (A20), fail-on-first cutting the VL register (A19), zeroing
 * making masked-out elements failures.
 *
 * Blocks: first predicate none / plain / zeroing / ffirst / zeroing +
 * ffirst, times second predicate none / ifall / ifnotall / ifany /
 * ifnone, for BEQ on 64-bit vectors; then BLT at 8 bits, BLTU 16/32
 * mixed, BNE vector-scalar, BGE with a scalar first operand and C.BNEZ
 * (second predicate keyed on x0).  The same shapes in blocks without a
 * VL block, on a STATE the harness sets (MVL, VL in a7, SUBVL 1..4): the
 * translator then knows neither MVL nor VL.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

enum { A5 = 15, A6 = 16, A7 = 17, T5 = 30 };
/*
 * MVL 32 by default; vblock_branch8 and vblock_branch56 are this file
 * built with MVL 8 and 56: the compiled branch's forms (branch_tcg:
 * gvec, one compare per element, the loop) against the svcore kernel
 * (docs/sv-engine.md).
 */
#ifndef MVL
#define MVL 32
#endif
#define STR_(x) #x
#define STR(x) STR_(x)
#define MVL_S STR(MVL)

/* ---- blocks: a0 -> x40.., a1 -> x72.. (vectors), VL from a7 ---------- */
#define HEAD(w1, w2)                                                           \
    "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" MVL_S "\n"                     \
    "sv_reg16 key=a0, regidx=40, vew=" #w1 "\n"                                \
    "sv_reg16 key=a1, regidx=72, vew=" #w2 "\n"
#define TAIL(br)                                                               \
    "sv_ops\n" br "\nsv_vblock_end\n"                                          \
    "li t5, 0\nj 2f\n1: li t5, 1\n2:\n"
#define P1_NONE ""
#define P1_P "sv_pred16 key=a0, predidx=a5\n"
#define P1_Z "sv_pred16 key=a0, predidx=a5, zero=1\n"
#define P1_F "sv_pred16 key=a0, predidx=a5, ffirst=1\n"
#define P1_ZF "sv_pred16 key=a0, predidx=a5, zero=1, ffirst=1\n"
#define P2_NONE ""
#define P2_ALL "sv_pred16 key=a1, predidx=a6, inv=0, zero=0\n"
#define P2_NALL "sv_pred16 key=a1, predidx=a6, inv=1, zero=0\n"
#define P2_ANY "sv_pred16 key=a1, predidx=a6, inv=0, zero=1\n"
#define P2_NONE_OF "sv_pred16 key=a1, predidx=a6, inv=1, zero=1\n"

/* A second entry without a first one needs an unused first slot. */
#define BEQ_BLK(n, p1, p2)                                                     \
    SV_BLOCK_FN(n, HEAD(0, 0) p1 p2 TAIL("sv_beq a0, a1, 1f"))
#define ROW(p1, tag)                                                           \
    BEQ_BLK(beq_##tag##_none, p1, P2_NONE)                                     \
    BEQ_BLK(beq_##tag##_all, p1, P2_ALL)                                       \
    BEQ_BLK(beq_##tag##_nall, p1, P2_NALL)                                     \
    BEQ_BLK(beq_##tag##_any, p1, P2_ANY)                                       \
    BEQ_BLK(beq_##tag##_nonem, p1, P2_NONE_OF)
ROW(P1_NONE, n)
ROW(P1_P, p)
ROW(P1_Z, z)
ROW(P1_F, f)
ROW(P1_ZF, zf)

SV_BLOCK_FN(blt8, HEAD(1, 1) P1_P P2_ANY TAIL("sv_blt a0, a1, 1f"))
SV_BLOCK_FN(bltu16_32, HEAD(2, 3) P1_F P2_ALL TAIL("sv_bltu a0, a1, 1f"))
/* a1 scalar (isvec = 0, x11 itself): every element against it. */
SV_BLOCK_FN(bne_vs, "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" MVL_S "\n"
                    "sv_reg16 key=a0, regidx=40, vew=1\n"
                    "sv_reg16 key=a1, regidx=a1, isvec=0, vew=1\n" P1_ZF P2_NALL
                        TAIL("sv_bne a0, a1, 1f"))
/* a0 scalar, a1 vector: BGE scalar >= each element (signed, 32-bit). */
SV_BLOCK_FN(bge_sv, "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" MVL_S "\n"
                    "sv_reg16 key=a0, regidx=a0, isvec=0, vew=3\n"
                    "sv_reg16 key=a1, regidx=72, vew=3\n" P1_P P2_NONE_OF
                        TAIL("sv_bge a0, a1, 1f"))
/* C.BNEZ a0: the second predicate is x0's entry (§6.2). */
SV_BLOCK_FN(cbnez, "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" MVL_S "\n"
                   "sv_reg16 key=a0, regidx=40, vew=1\n"
                   "sv_reg16_raw 0\n" P1_P
                   "sv_pred16 key=x0, predidx=a6, inv=0, zero=1, result=1\n"
                   "sv_ops\nsv_c_bnez a0, 1f\nsv_vblock_end\n"
                   "li t5, 0\nj 2f\n1: li t5, 1\n2:\n")

/*
 * The VL block "a7 := MVL" (VL = MVL known to the translator), SUBVL 2
 * (a branch ignores it): BLT 16-bit vectors into a6 with ffirst, and
 * BGEU of 64-bit vectors against a scalar with zeroing, ifnone.
 */
#define HEAD_RD(w1, w2)                                                        \
    "sv_vblock_begin\nsv_vl_rd rd=a7, vlmax=" MVL_S ", subvl=2\n"              \
    "sv_reg16 key=a0, regidx=40, vew=" #w1 "\n"                                \
    "sv_reg16 key=a1, regidx=72, vew=" #w2 "\n"
SV_BLOCK_FN(blt16_rd, HEAD_RD(2, 2) P1_F P2_ANY TAIL("sv_blt a0, a1, 1f"))
SV_BLOCK_FN(bgeu_rd,
            "sv_vblock_begin\nsv_vl_rd rd=a7, vlmax=" MVL_S "\n"
            "sv_reg16 key=a0, regidx=40, vew=0\n"
            "sv_reg16 key=a1, regidx=a1, isvec=0, vew=0\n" P1_Z P2_NONE_OF
                TAIL("sv_bgeu a0, a1, 1f"))

/* Packed 8-bit elements in x18.. (the TCG globals' bytes) against x72's. */
SV_BLOCK_FN(bltu8_low, "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" MVL_S "\n"
                       "sv_reg16 key=a0, regidx=18, vew=1\n"
                       "sv_reg16 key=a1, regidx=72, vew=1\n" P1_ZF P2_NALL
                           TAIL("sv_bltu a0, a1, 1f"))

/*
 * No VL block: STATE (MVL, STATE.vl = a7, a random SUBVL) is the one the
 * harness sets before the block (the compiled branch reads it at run
 * time).
 */
#define HEAD_NOVL(w1, w2)                                                      \
    "sv_vblock_begin\n"                                                        \
    "sv_reg16 key=a0, regidx=40, vew=" #w1 "\n"                                \
    "sv_reg16 key=a1, regidx=72, vew=" #w2 "\n"
SV_BLOCK_FN(nv_beq64, HEAD_NOVL(0, 0) P1_ZF P2_ANY TAIL("sv_beq a0, a1, 1f"))
SV_BLOCK_FN(nv_blt8, HEAD_NOVL(1, 1) P1_P P2_NALL TAIL("sv_blt a0, a1, 1f"))
SV_BLOCK_FN(nv_bgeu16, HEAD_NOVL(2, 2) P1_F P2_ALL TAIL("sv_bgeu a0, a1, 1f"))
SV_BLOCK_FN(nv_bltu16_32,
            HEAD_NOVL(2, 3) P1_Z P2_NONE_OF TAIL("sv_bltu a0, a1, 1f"))
SV_BLOCK_FN(nv_bne_vs,
            "sv_vblock_begin\n"
            "sv_reg16 key=a0, regidx=40, vew=1\n"
            "sv_reg16 key=a1, regidx=a1, isvec=0, vew=1\n" P1_ZF P2_NALL
                TAIL("sv_bne a0, a1, 1f"))
SV_BLOCK_FN(nv_bge_sv, "sv_vblock_begin\n"
                       "sv_reg16 key=a0, regidx=a0, isvec=0, vew=3\n"
                       "sv_reg16 key=a1, regidx=72, vew=3\n" P1_P P2_NONE
                           TAIL("sv_bge a0, a1, 1f"))
SV_BLOCK_FN(nv_cbnez, "sv_vblock_begin\n"
                      "sv_reg16 key=a0, regidx=40, vew=1\n"
                      "sv_reg16_raw 0\n" P1_F
                      "sv_pred16 key=x0, predidx=a6, inv=1, zero=0, result=1\n"
                      "sv_ops\nsv_c_bnez a0, 1f\nsv_vblock_end\n"
                      "li t5, 0\nj 2f\n1: li t5, 1\n2:\n")
SV_BLOCK_FN(nv_bltu8_low, "sv_vblock_begin\n"
                          "sv_reg16 key=a0, regidx=18, vew=1\n"
                          "sv_reg16 key=a1, regidx=72, vew=1\n" P1_ZF P2_NALL
                              TAIL("sv_bltu a0, a1, 1f"))

/* ---- the §6.5 reference ---------------------------------------------- */
typedef struct bcase {
    const char *name;
    void (*fn)(sv_regs *);
    int kind; /* 0 EQ 1 NE 4 LT 5 GE 6 LTU 7 GEU */
    unsigned wa, wb;
    int va, vb;      /* operand is a vector */
    unsigned ra, rb; /* its register */
    int p1;    /* first predicate: 0 none, 1 plain, 2 zero, 3 ff, 4 z+ff */
    int mode;  /* second: -1 none, else inv << 1 | zero */
    int vl_rd; /* the VL block sets a7 := MVL; -1: no VL block */
} bcase;

static uint64_t elem(const sv_machine *m, unsigned r, int vec, unsigned i,
                     unsigned w)
{
    return sv_elem_get(m->x, r, vec ? i : 0, w);
}

static uint64_t ext(uint64_t v, unsigned w, int sign)
{
    if (w == 64) {
        return v;
    }
    if (sign && (v >> (w - 1)) & 1) {
        v |= ~0ull << w;
    }
    return v;
}

static int cmp(int kind, uint64_t a, uint64_t b)
{
    switch (kind) {
    case 0:
        return a == b;
    case 1:
        return a != b;
    case 4:
        return (int64_t)a < (int64_t)b;
    case 5:
        return (int64_t)a >= (int64_t)b;
    case 6:
        return a < b;
    default:
        return a >= b;
    }
}

/* Fills want from in as §6.5 says; returns whether the branch is taken. */
static int reference(const bcase *c, const sv_machine *in, sv_machine *want)
{
    unsigned vl = in->x[A7] < MVL ? (unsigned)in->x[A7] : MVL;
    unsigned opw = c->wa > c->wb ? c->wa : c->wb;
    int sign = c->kind == 4 || c->kind == 5;
    uint64_t ps = c->p1 ? in->x[A5] : ~0ull;
    int zero1 = c->p1 == 2 || c->p1 == 4, ff = c->p1 == 3 || c->p1 == 4;
    /* A20: (1 << VL) - 1 when there is no old register to start from */
    uint64_t ones = vl >= 64 ? ~0ull : (1ull << vl) - 1;
    uint64_t result = c->mode >= 0 && !zero1 ? in->x[A6] : ones;
    uint64_t tested = 0;
    int inv2 = c->mode >= 0 ? c->mode >> 1 : 0;
    int zero2 = c->mode >= 0 ? c->mode & 1 : 0;

    for (unsigned i = 0; i < vl; i++) {
        int pass;
        if (!((ps >> i) & 1)) {
            if (!zero1) {
                continue;
            }
            pass = 0;
        } else {
            uint64_t a = ext(elem(in, c->ra, c->va, i, c->wa), c->wa, sign);
            uint64_t b = ext(elem(in, c->rb, c->vb, i, c->wb), c->wb, sign);
            if (opw < 64) {
                a &= (1ull << opw) - 1;
                b &= (1ull << opw) - 1;
                if (sign) {
                    a = ext(a, opw, 1);
                    b = ext(b, opw, 1);
                }
            }
            pass = cmp(c->kind, a, b);
        }
        tested |= 1ull << i;
        result = pass ? result | (1ull << i) : result & ~(1ull << i);
        if (!pass && ff) {
            want->x[A7] = i; /* VL := elements before the failure */
            break;
        }
    }
    if (c->mode >= 0) {
        want->x[A6] = result;
    }
    uint64_t p = result & tested;
    if (!inv2 && !zero2) {
        return p == tested;
    } else if (inv2 && !zero2) {
        return p != tested;
    } else if (!inv2) {
        return p != 0;
    }
    return p == 0;
}

static uint64_t rnd_state = 0x1234567;
static uint64_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

static void run_case(const bcase *c, unsigned trials)
{
    for (unsigned t = 0; t < trials; t++) {
        sv_machine in, out, want;
        sv_machine_fill(&in, rnd());
        /* Small values so that compares go both ways. */
        for (unsigned r = 32; r < 128; r++) {
            in.x[r] = 0;
            for (unsigned b = 0; b < 64; b += 8) {
                in.x[r] |= (rnd() % 3) << b;
            }
        }
        in.x[A7] = c->vl_rd > 0 ? MVL : rnd() % (MVL + 4);
        in.x[A5] = rnd() & rnd() ? rnd() : ~0ull;
        if (t % 4 == 0) {
            in.x[A5] = ~0ull;
        }
        in.x[A6] = rnd();
        if (c->ra >= 18 && c->ra < 32) {
            /* Small values in a0's packed elements too. */
            for (unsigned r = c->ra; r < 32; r++) {
                in.x[r] &= 0x0303030303030303ull;
            }
        }
        if (c->va == 0) {
            in.x[c->ra] = rnd() % 3;
        }
        if (c->vb == 0 && c->rb != 0) {
            in.x[c->rb] = rnd() % 3;
        }
        if (c->vl_rd < 0) {
            /* No VL block: the block runs on (and keeps) this STATE. */
            in.state = SV_STATE(.maxvl = MVL - 1, .vl = A7,
                                .subvl = t % 3 ? 0 : rnd() % 4);
        }
        want = in;
        int taken = reference(c, &in, &want);
        want.x[T5] = taken;
        if (c->vl_rd < 0) {
            want.state = in.state;
        } else {
            want.state = SV_STATE(.maxvl = MVL - 1, .vl = A7,
                                  .subvl = c->vl_rd && c->kind == 4 ? 1 : 0);
        }
        sv_context("%s trial %u (vl %u, ps 0x%llx)", c->name, t,
                   (unsigned)in.x[A7], (unsigned long long)in.x[A5]);
        sv_trap tr = sv_exec(c->fn, &in, &out);
        CHECK_EQ(tr.signo, 0);
        CHECK_EQ(out.x[T5], want.x[T5]);
        CHECK_EQ(out.x[A6], want.x[A6]);
        CHECK_EQ(out.x[A7], want.x[A7]);
        CHECK_FILES(&out, &want);
        CHECK_STATE(out.state, want.state);
        CHECK_EQ(out.pcvblk, 0);
    }
}

#define BEQ_CASE(tag, p1, mode)                                                \
    {                                                                          \
        "beq " #tag, beq_##tag, 0, 64, 64, 1, 1, 40, 72, p1, mode, 0           \
    }
#define BEQ_ROW(t, p1)                                                         \
    BEQ_CASE(t##_none, p1, -1), BEQ_CASE(t##_all, p1, 0),                      \
        BEQ_CASE(t##_nall, p1, 2), BEQ_CASE(t##_any, p1, 1),                   \
        BEQ_CASE(t##_nonem, p1, 3)

static const bcase cases[] = {
    BEQ_ROW(n, 0),
    BEQ_ROW(p, 1),
    BEQ_ROW(z, 2),
    BEQ_ROW(f, 3),
    BEQ_ROW(zf, 4),
    {"blt 8-bit, first pred, ifany", blt8, 4, 8, 8, 1, 1, 40, 72, 1, 1, 0},
    {"bltu 16 vs 32, ffirst, ifall", bltu16_32, 6, 16, 32, 1, 1, 40, 72, 3, 0,
     0},
    {"bne 8-bit vector vs scalar, z+ff, ifnotall", bne_vs, 1, 8, 8, 1, 0, 40,
     11, 4, 2, 0},
    {"bge scalar vs 32-bit vector, ifnone", bge_sv, 5, 32, 32, 0, 1, 10, 72, 1,
     3, 0},
    {"c.bnez 8-bit (x0's entry), ifany", cbnez, 1, 8, 64, 1, 0, 40, 0, 1, 1, 0},
    {"blt 16-bit, VL = MVL, SUBVL 2, ffirst, ifany", blt16_rd, 4, 16, 16, 1, 1,
     40, 72, 3, 1, 1},
    {"bltu 8-bit in x18.., z+ff, ifnotall", bltu8_low, 6, 8, 8, 1, 1, 18, 72, 4,
     2, 0},
    {"bgeu 64-bit vs scalar, VL = MVL, zeroing, ifnone", bgeu_rd, 7, 64, 64, 1,
     0, 40, 11, 2, 3, 1},
    {"no VL block: beq 64-bit, z+ff, ifany", nv_beq64, 0, 64, 64, 1, 1, 40, 72,
     4, 1, -1},
    {"no VL block: blt 8-bit, ifnotall", nv_blt8, 4, 8, 8, 1, 1, 40, 72, 1, 2,
     -1},
    {"no VL block: bgeu 16-bit, ffirst, ifall", nv_bgeu16, 7, 16, 16, 1, 1, 40,
     72, 3, 0, -1},
    {"no VL block: bltu 16 vs 32, zeroing, ifnone", nv_bltu16_32, 6, 16, 32, 1,
     1, 40, 72, 2, 3, -1},
    {"no VL block: bne 8-bit vs scalar, z+ff, ifnotall", nv_bne_vs, 1, 8, 8, 1,
     0, 40, 11, 4, 2, -1},
    {"no VL block: bge scalar vs 32-bit", nv_bge_sv, 5, 32, 32, 0, 1, 10, 72, 1,
     -1, -1},
    {"no VL block: c.bnez 8-bit, ffirst, ifnotall", nv_cbnez, 1, 8, 64, 1, 0,
     40, 0, 3, 2, -1},
    {"no VL block: bltu 8-bit in x18.., z+ff, ifnotall", nv_bltu8_low, 6, 8, 8,
     1, 1, 18, 72, 4, 2, -1},
};

int main(void)
{
    sv_trap_install();
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        run_case(&cases[i], 40);
    }
    sv_context("%s", "");
    return sv_summary("vblock_branch");
}
