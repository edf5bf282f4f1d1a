/*
 * svp_int: SVPrefix P48/P64 integer instructions (R, I, U types) outside
 * a VBLOCK, against the reference loop of sv_ref.h (§4.2-§4.4, §5.3,
 * §5.5, §5.6, A26, A35, A51): scalar and vector operands, every itype
 * width and signedness rule, pred none / x9 / !x9 (R) and the tpred
 * destination x10 / !x10 (I), svlen 2..4 (SUBVL from SVPSTATE), STATE's
 * SUBVL when svlen = 0, registers up to x127 (P64), and VL from STATE
 * (effective VL; 1 when STATE.vl = 0).
 *
 * VL is in a7 (STATE.vl = a7, MVL 8); the masks are x9 and x10.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_icase.h"

enum { X9 = 9, X10 = 10, A7 = 17 };

#define EMIT(len, type, base, ...)                                             \
    "svp_emit " #len ", " #type ", " #base ", " #__VA_ARGS__ "\n"

typedef struct pcase {
    SV_ICASE_HEAD;
    unsigned predreg; /* 0: none, else x9 / x10 */
    bool inv;
    unsigned svlen;     /* 0: SUBVL from STATE, else 2..4 */
    unsigned state_sub; /* STATE's SUBVL */
    int res_signed;     /* §4.2 rule for a narrow scalar destination */
} pcase;

/* The example: p48[v rd, v rs1, s rs2, pred=!x9, e16] add. */
SV_BLOCK_FN(p_add16, EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                          rs1v = 1, rs2 = 12, itype = 2, pred = 2))
SV_BLOCK_FN(p_add64, EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                          rs1v = 1, rs2 = 96, rs2v = 1))
SV_BLOCK_FN(p_sub8, EMIT(6, SVPT_R, SVP_SUB, rd = 40, rdv = 1, rs1 = 64,
                         rs1v = 1, rs2 = 96, rs2v = 1, itype = 1, pred = 3))
/* Odd-numbered source fields: P48 vector x72 is field x9 (A26). */
SV_BLOCK_FN(p_xor32, EMIT(6, SVPT_R, SVP_XOR, rd = 72, rdv = 1, rs1 = 124,
                          rs1v = 1, rs2 = 63, itype = 3))
SV_BLOCK_FN(p_mulh32, EMIT(6, SVPT_R, SVP_MULH, rd = 40, rdv = 1, rs1 = 64,
                           rs1v = 1, rs2 = 96, rs2v = 1, itype = 3))
SV_BLOCK_FN(p_sltu16, EMIT(6, SVPT_R, SVP_SLTU, rd = 40, rdv = 1, rs1 = 12,
                           rs2 = 96, rs2v = 1, itype = 2, pred = 3))
/* Scalar destinations at a narrow width: the §4.2 signedness rule (P48
 * R has no vd: a vector source makes rd a vector, so these are P64). */
SV_BLOCK_FN(p_sra16_sd, EMIT(8, SVPT_R, SVP_SRA, rd = 50, rs1 = 64, rs1v = 1,
                             rs2 = 12, itype = 2))
SV_BLOCK_FN(p_addw16_sd, EMIT(8, SVPT_R, SVP_ADDW, rd = 51, rs1 = 64, rs1v = 1,
                              rs2 = 96, rs2v = 1, itype = 2))
SV_BLOCK_FN(p_addw64, EMIT(6, SVPT_R, SVP_ADDW, rd = 40, rdv = 1, rs1 = 64,
                           rs1v = 1, rs2 = 96, rs2v = 1))
SV_BLOCK_FN(p_addi8, EMIT(6, SVPT_I, SVP_ADDI | (0xfff << 20), rd = 40, rdv = 1,
                          rs1 = 64, rs1v = 1, itype = 1))
SV_BLOCK_FN(p_addi8_sd, EMIT(6, SVPT_I, SVP_ADDI | (0x7ff << 20), rd = 52,
                             rs1 = 64, rs1v = 1, itype = 1, pred = 2))
SV_BLOCK_FN(p_addiw8_sd, EMIT(6, SVPT_I, SVP_ADDIW | (0x7ff << 20), rd = 53,
                              rs1 = 64, rs1v = 1, itype = 1, pred = 6))
SV_BLOCK_FN(p_xori16_x10,
            EMIT(6, SVPT_I, SVP_XORI | (0x7f0 << 20), rd = 40, rdv = 1,
                 rs1 = 64, rs1v = 1, itype = 2, pred = 2))
SV_BLOCK_FN(p_srai32_nx10,
            EMIT(6, SVPT_I, SVP_SRAI | (3 << 20), rd = 40, rdv = 1, rs1 = 64,
                 rs1v = 1, itype = 3, pred = 6))
/* All scalar: once, whatever VL is. */
SV_BLOCK_FN(p_scalar, EMIT(6, SVPT_R, SVP_ADD, rd = 60, rs1 = 61, rs2 = 62))
/* P64: registers above x63, odd vectors, explicit vd. */
SV_BLOCK_FN(p64_add, EMIT(8, SVPT_R, SVP_ADD, rd = 101, rdv = 1, rs1 = 77,
                          rs1v = 1, rs2 = 127, pred = 3))
SV_BLOCK_FN(p64_and16, EMIT(8, SVPT_R, SVP_AND, rd = 99, rdv = 1, rs1 = 33,
                            rs1v = 1, rs2 = 45, rs2v = 1, itype = 2))
SV_BLOCK_FN(p64_sd_vs, EMIT(8, SVPT_R, SVP_SUB, rd = 120, rs1 = 70, rs1v = 1,
                            rs2 = 71, rs2v = 1, itype = 1))
SV_BLOCK_FN(p64_addi_x10, EMIT(8, SVPT_I, SVP_ADDI | (5 << 20), rd = 111,
                               rdv = 1, rs1 = 80, rs1v = 1, pred = 2))
/* svlen: SUBVL 2..4 from the prefix; scalars are one sub-vector (A35). */
SV_BLOCK_FN(p_add16_sv3, EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                              rs1v = 1, rs2 = 12, itype = 2, svlen = 2))
SV_BLOCK_FN(p_sub8_sv4,
            EMIT(6, SVPT_R, SVP_SUB, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 96, rs2v = 1, itype = 1, pred = 3, svlen = 3))
SV_BLOCK_FN(p64_add_sv2, EMIT(8, SVPT_R, SVP_ADD, rd = 101, rdv = 1, rs1 = 77,
                              rs1v = 1, rs2 = 126, svlen = 1))
/* svlen 0 with STATE's SUBVL = 2. */
SV_BLOCK_FN(p_add32_ssub, EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                               rs1v = 1, rs2 = 12, itype = 3))

static const pcase cases[] = {
    {"p48 add e16 v,v,s pred !x9", p_add16, IOP_ADD, V(40, 16), V(64, 16),
     S(12, 16), 0, 0, X9, 1, 0, 1, -1},
    {"p48 add e64 v,v,v", p_add64, IOP_ADD, V(40, 64), V(64, 64), V(96, 64), 0,
     0, 0, 0, 0, 1, -1},
    {"p48 sub e8 pred x9", p_sub8, IOP_SUB, V(40, 8), V(64, 8), V(96, 8), 0, 0,
     X9, 0, 0, 1, -1},
    {"p48 xor e32 x72 <- x124 ^ s63", p_xor32, IOP_XOR, V(72, 32), V(124, 32),
     S(63, 32), 0, 0, 0, 0, 0, 1, -1},
    {"p48 mulh e32", p_mulh32, IOP_MULH, V(40, 32), V(64, 32), V(96, 32), 0, 0,
     0, 0, 0, 1, -1},
    {"p48 sltu e16 s,v pred x9", p_sltu16, IOP_SLTU, V(40, 16), S(12, 16),
     V(96, 16), 0, 0, X9, 0, 0, 1, -1},
    {"p64 sra e16 -> scalar (OP: unsigned)", p_sra16_sd, IOP_SRA, S(50, 16),
     V(64, 16), S(12, 16), 0, 0, 0, 0, 0, 1, 0},
    {"p64 addw e16 -> scalar (OP-32: signed)", p_addw16_sd, IOP_ADDW, S(51, 16),
     V(64, 16), V(96, 16), 0, 0, 0, 0, 0, 1, 1},
    {"p48 addw e64", p_addw64, IOP_ADDW, V(40, 64), V(64, 64), V(96, 64), 0, 0,
     0, 0, 0, 1, -1},
    {"p48 addi e8 -1", p_addi8, IOP_ADD, V(40, 8), V(64, 8), S(0, 8), 1, -1, 0,
     0, 0, 1, -1},
    {"p48 addi e8 -> scalar (OP-IMM: unsigned) dst x10", p_addi8_sd, IOP_ADD,
     S(52, 8), V(64, 8), S(0, 8), 1, 0x7ff, X10, 0, 0, 1, 0},
    {"p48 addiw e8 -> scalar (OP-IMM-32: signed) dst !x10", p_addiw8_sd,
     IOP_ADDW, S(53, 8), V(64, 8), S(0, 8), 1, 0x7ff, X10, 1, 0, 1, 1},
    {"p48 xori e16 dst x10", p_xori16_x10, IOP_XOR, V(40, 16), V(64, 16),
     S(0, 16), 1, 0x7f0, X10, 0, 0, 1, -1},
    {"p48 srai e32 dst !x10", p_srai32_nx10, IOP_SRA, V(40, 32), V(64, 32),
     S(0, 32), 1, 3, X10, 1, 0, 1, -1},
    {"p48 all scalar: once", p_scalar, IOP_ADD, S(60, 64), S(61, 64), S(62, 64),
     0, 0, 0, 0, 0, 1, -1},
    {"p64 add x101 <- x77 + s127 pred x9", p64_add, IOP_ADD, V(101, 64),
     V(77, 64), S(127, 64), 0, 0, X9, 0, 0, 1, -1},
    {"p64 and e16 odd vectors", p64_and16, IOP_AND, V(99, 16), V(33, 16),
     V(45, 16), 0, 0, 0, 0, 0, 1, -1},
    {"p64 sub e8 -> scalar x120 (vd = 0)", p64_sd_vs, IOP_SUB, S(120, 8),
     V(70, 8), V(71, 8), 0, 0, 0, 0, 0, 1, 0},
    {"p64 addi x111 dst x10", p64_addi_x10, IOP_ADD, V(111, 64), V(80, 64),
     S(0, 64), 1, 5, X10, 0, 0, 1, -1},
    {"p48 add e16 svlen 3", p_add16_sv3, IOP_ADD, V(40, 16), V(64, 16),
     S(12, 16), 0, 0, 0, 0, 3, 1, -1},
    {"p48 sub e8 svlen 4 pred x9", p_sub8_sv4, IOP_SUB, V(40, 8), V(64, 8),
     V(96, 8), 0, 0, X9, 0, 4, 1, -1},
    {"p64 add svlen 2 (scalar x126: one sub-vector, x126..x127)", p64_add_sv2,
     IOP_ADD, V(101, 64), V(77, 64), S(126, 64), 0, 0, 0, 0, 2, 1, -1},
    {"p48 add e32, STATE SUBVL 2", p_add32_ssub, IOP_ADD, V(40, 32), V(64, 32),
     S(12, 32), 0, 0, 0, 0, 0, 2, -1},
};

/* An unchanged SVPSTATE is this (MVL 5, VL 3, SUBVL 1). */
#define SVP_SENTINEL SV_STATE(.maxvl = 4, .vl = 2)

static void run_case(const pcase *c, unsigned vlval, uint64_t mask,
                     unsigned seed, bool state_off)
{
    const unsigned mvl = 8;
    sv_machine in, want;
    sv_machine_fill(&in, seed);
    in.x[c->predreg ? c->predreg : X9] = mask;
    in.x[A7] = vlval;
    in.state = state_off ? SV_STATE(.maxvl = mvl - 1, .subvl = c->state_sub - 1)
                         : SV_STATE(.maxvl = mvl - 1, .vl = A7,
                                    .subvl = c->state_sub - 1);
    want = in;
    const unsigned vl = state_off ? 1 : vlval < mvl ? vlval : mvl;
    const unsigned subvl = c->svlen ? c->svlen : c->state_sub;
    sv_iloop l = {
        SV_ICASE_LOOP(c),
        .vl = vl,
        .subvl = subvl,
        .pred = c->predreg != 0,
        .mask = c->inv ? ~mask : mask,
    };
    sv_ref_iloop(&l, &in, &want);
    /* §4.2: a narrow scalar destination extends by the prefix's rule. */
    if (c->res_signed >= 0 && !c->d.vec && c->d.w < 64 &&
        want.x[c->d.reg] != in.x[c->d.reg]) {
        uint64_t v = sv_zext(want.x[c->d.reg], c->d.w);
        want.x[c->d.reg] = c->res_signed ? sv_sext(v, c->d.w) : v;
    }

    sv_context("%s, VL %u (a7 %u%s), mask 0x%llx", c->name, vl, vlval,
               state_off ? ", STATE.vl = 0" : "", (unsigned long long)mask);
    SV_CSRW(SV_CSR_SVPSTATE, SVP_SENTINEL);
    /* STATE is never touched (A43): want's is in's; SVPSTATE only with
     * svlen (§1.7). */
    SV_RUN_CHECK(c->fn, &in, &want);
    if (c->svlen) {
        CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE),
                    SV_STATE(.maxvl = mvl - 1, .vl = vl ? vl - 1 : 0,
                             .subvl = c->svlen - 1));
    } else {
        CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE), SVP_SENTINEL);
    }
}

/*
 * 100 inline-translated prefixes in one TB: each takes TCG loop temps, so
 * the translator must switch to the helper before a TB runs out (a QEMU
 * assert otherwise).  x40.. += x12, 100 times.
 */
SV_BLOCK_FN(p_many, ".rept 100\n" EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1,
                                       rs1 = 40, rs1v = 1, rs2 = 12) ".endr\n")

static void many(unsigned vlval)
{
    sv_machine in, want;
    const unsigned vl = vlval < 8 ? vlval : 8;

    sv_machine_fill(&in, 950 + vlval);
    in.x[A7] = vlval;
    in.state = SV_STATE(.maxvl = 7, .vl = A7);
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.x[40 + i] += 100 * in.x[12];
    }
    sv_context("100 P48 adds in one TB, VL %u", vl);
    SV_RUN_CHECK(p_many, &in, &want);
}

/* U type: LUI/AUIPC run once, rd as given (A36); itype truncates. */
SV_BLOCK_FN(p_lui_v,
            EMIT(6, SVPT_U, SVP_LUI | (0x12345 << 12), rd = 40, rdv = 1))
SV_BLOCK_FN(p_lui16_s,
            EMIT(6, SVPT_U, SVP_LUI | (0x89abc << 12), rd = 61, itype = 2))
SV_BLOCK_FN(p64_auipc,
            "p64_auipc_site: " EMIT(8, SVPT_U, SVP_AUIPC | (1 << 12), rd = 100))
extern const char p64_auipc_site[] __asm__("p64_auipc_site");

static void upper(void)
{
    sv_machine in, want;

    sv_machine_fill(&in, 900);
    in.x[A7] = 5;
    in.state = SV_STATE(.maxvl = 7, .vl = A7);

    sv_context("%s", "p48 lui, vector rd: element 0 only");
    want = in;
    want.x[40] = 0x12345000;
    SV_RUN_CHECK(p_lui_v, &in, &want);

    sv_context("%s", "p48 lui e16 scalar rd x61: zero-extended (unsigned)");
    want = in;
    want.x[61] = 0xc000; /* low 16 bits of 0x89abc000 */
    SV_RUN_CHECK(p_lui16_s, &in, &want);

    sv_context("%s", "p64 auipc x100: the instruction's address");
    want = in;
    want.x[100] = (uintptr_t)p64_auipc_site + 0x1000;
    SV_RUN_CHECK(p64_auipc, &in, &want);
}

int main(void)
{
    static const uint64_t masks[] = {0xa5, 0x0f, 0xfe, 0x5b};
    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const unsigned vls[] = {0, 1, 5, 8, 11};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_case(&cases[i], vls[v], masks[v % SV_COUNT(masks)],
                     (unsigned)(i * 8 + v), false);
        }
        run_case(&cases[i], 6, 0x3c, (unsigned)i, true);
    }
    upper();
    many(8);
    many(3);
    sv_context("%s", "");
    return sv_summary("svp_int");
}
