/*
 * svp_mem: SVPrefix loads and stores (§4.5, §5.4, §8.1, A35): the four
 * kinds (scalar, unit-strided from a scalar base, vector of bases with
 * scalar data, vector of bases with vector data), itype on the data
 * register, LB/LBU signedness, every legal tpred value (x9 / !x9 on the
 * source side, x10 / !x10 on the destination side; for a store the
 * memory side is the destination), svlen, P64 registers above x63.
 * Expected values come from the reference below (sv_ref_twin, §5.4).
 *
 * VL is in a7 (STATE.vl = a7, MVL 8).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

enum { X9 = 9, X10 = 10, A7 = 17 };

#define EMIT(len, type, base, ...)                                             \
    "svp_emit " #len ", " #type ", " #base ", " #__VA_ARGS__ "\n"

typedef struct mcase {
    const char *name;
    void (*fn)(sv_regs *);
    bool store;
    unsigned W; /* memory width of the op */
    bool sgn;   /* signed load */
    int64_t imm;
    sv_opnd data, addr;
    unsigned tpred; /* §4.2 tpred 0..7 (4 reserved) */
    unsigned svlen; /* 0 or 2..4 */
} mcase;

SV_BLOCK_FN(m_ld, EMIT(6, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11))
SV_BLOCK_FN(m_lw_t3, EMIT(6, SVPT_LD, SVP_LW | (4 << 20), rd = 40, rdv = 1,
                          rs1 = 11, itype = 3, pred = 3))
SV_BLOCK_FN(m_lbu_t7, EMIT(6, SVPT_LD, SVP_LBU | (3 << 20), rd = 40, rdv = 1,
                           rs1 = 11, itype = 1, pred = 7))
SV_BLOCK_FN(m_lb16, EMIT(6, SVPT_LD, SVP_LB, rd = 40, rdv = 1, rs1 = 11,
                         itype = 2, pred = 2))
SV_BLOCK_FN(m_lh_gather_s, EMIT(6, SVPT_LD, SVP_LH, rd = 50, rs1 = 64, rs1v = 1,
                                itype = 2, pred = 2))
SV_BLOCK_FN(m_ld_idx_t1, EMIT(6, SVPT_LD, SVP_LD | (8 << 20), rd = 40, rdv = 1,
                              rs1 = 64, rs1v = 1, itype = 3, pred = 1))
SV_BLOCK_FN(m_ld_idx_t5, EMIT(6, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 64,
                              rs1v = 1, pred = 5))
SV_BLOCK_FN(m_ld_scalar,
            EMIT(6, SVPT_LD, SVP_LD | (16 << 20), rd = 45, rs1 = 11))
SV_BLOCK_FN(m_sd_t2, EMIT(6, SVPT_ST, SVP_SD | (8 << 7), rs1 = 11, rs2 = 40,
                          rs2v = 1, pred = 2))
SV_BLOCK_FN(m_sw_t5, EMIT(6, SVPT_ST, SVP_SW, rs1 = 11, rs2 = 40, rs2v = 1,
                          itype = 3, pred = 5))
SV_BLOCK_FN(m_sb_scatter_t6, EMIT(6, SVPT_ST, SVP_SB, rs1 = 64, rs1v = 1,
                                  rs2 = 40, rs2v = 1, itype = 1, pred = 6))
SV_BLOCK_FN(m_sd_splat_t3,
            EMIT(6, SVPT_ST, SVP_SD, rs1 = 64, rs1v = 1, rs2 = 45, pred = 3))
SV_BLOCK_FN(m_sh_t7, EMIT(6, SVPT_ST, SVP_SH | (2 << 7), rs1 = 11, rs2 = 40,
                          rs2v = 1, itype = 2, pred = 7))
SV_BLOCK_FN(m_lh_sv3, EMIT(6, SVPT_LD, SVP_LH, rd = 40, rdv = 1, rs1 = 11,
                           itype = 2, svlen = 2))
SV_BLOCK_FN(m_sw_sv2_t3, EMIT(6, SVPT_ST, SVP_SW, rs1 = 11, rs2 = 40, rs2v = 1,
                              itype = 3, pred = 3, svlen = 1))
SV_BLOCK_FN(m64_ld_t3,
            EMIT(8, SVPT_LD, SVP_LD, rd = 101, rdv = 1, rs1 = 77, pred = 3))
SV_BLOCK_FN(m64_sd, EMIT(8, SVPT_ST, SVP_SD, rs1 = 120, rs2 = 99, rs2v = 1))
SV_BLOCK_FN(m64_lw_idx, EMIT(8, SVPT_LD, SVP_LW, rd = 33, rdv = 1, rs1 = 113,
                             rs1v = 1, itype = 3, pred = 7))

static const mcase cases[] = {
    {"p48 ld unit", m_ld, 0, 64, 1, 0, V(40, 64), S(11, 64), 0, 0},
    {"p48 lw e32 imm 4 tpred x9,x10", m_lw_t3, 0, 32, 1, 4, V(40, 32),
     S(11, 64), 3, 0},
    {"p48 lbu e8 imm 3 tpred !x9,!x10", m_lbu_t7, 0, 8, 0, 3, V(40, 8),
     S(11, 64), 7, 0},
    {"p48 lb e16 (signed) tpred x10", m_lb16, 0, 8, 1, 0, V(40, 16), S(11, 64),
     2, 0},
    {"p48 lh gather into scalar x50 e16, tpred x10", m_lh_gather_s, 0, 16, 1, 0,
     S(50, 16), V(64, 64), 2, 0},
    {"p48 ld vector of bases e32 imm 8, tpred x9", m_ld_idx_t1, 0, 64, 1, 8,
     V(40, 32), V(64, 64), 1, 0},
    {"p48 ld vector of bases, tpred !x9", m_ld_idx_t5, 0, 64, 1, 0, V(40, 64),
     V(64, 64), 5, 0},
    {"p48 ld all scalar", m_ld_scalar, 0, 64, 1, 16, S(45, 64), S(11, 64), 0,
     0},
    {"p48 sd unit imm 8 tpred x10 (memory side)", m_sd_t2, 1, 64, 0, 8,
     V(40, 64), S(11, 64), 2, 0},
    {"p48 sw e32 tpred !x9 (data side)", m_sw_t5, 1, 32, 0, 0, V(40, 32),
     S(11, 64), 5, 0},
    {"p48 sb e8 scatter tpred !x10", m_sb_scatter_t6, 1, 8, 0, 0, V(40, 8),
     V(64, 64), 6, 0},
    {"p48 sd scalar data to vector of bases, tpred x9,x10", m_sd_splat_t3, 1,
     64, 0, 0, S(45, 64), V(64, 64), 3, 0},
    {"p48 sh e16 imm 2 tpred !x9,!x10", m_sh_t7, 1, 16, 0, 2, V(40, 16),
     S(11, 64), 7, 0},
    {"p48 lh e16 svlen 3", m_lh_sv3, 0, 16, 1, 0, V(40, 16), S(11, 64), 0, 3},
    {"p48 sw e32 svlen 2 tpred x9,x10", m_sw_sv2_t3, 1, 32, 0, 0, V(40, 32),
     S(11, 64), 3, 2},
    {"p64 ld x101 <- s77, tpred x9,x10", m64_ld_t3, 0, 64, 1, 0, V(101, 64),
     S(77, 64), 3, 0},
    {"p64 sd x99 -> s120", m64_sd, 1, 64, 0, 0, V(99, 64), S(120, 64), 0, 0},
    {"p64 lw e32 x33 <- bases x113.., tpred !x9,!x10", m64_lw_idx, 0, 32, 1, 0,
     V(33, 32), V(113, 64), 7, 0},
};

static uint8_t arena[4096] __attribute__((aligned(64)));

static uint64_t mem_get(uint64_t a, unsigned w)
{
    uint64_t v = 0;
    memcpy(&v, (void *)(uintptr_t)a, w / 8);
    return v;
}

static uint64_t elem_addr(const mcase *c, const sv_machine *m, unsigned k)
{
    if (c->addr.vec) {
        return m->x[c->addr.reg + k] + c->imm;
    }
    return m->x[c->addr.reg] + c->imm + k * (c->W / 8);
}

/* §5.4 with SVPrefix's tpred: applies the case to want and wmem. */
static void ref_mem(const mcase *c, const sv_machine *in, sv_machine *want,
                    uint8_t *wmem, unsigned vl)
{
    const bool mem_vec = c->data.vec || c->addr.vec;
    const bool dvec = c->store ? mem_vec : c->data.vec;
    const bool svec = c->store ? c->data.vec : mem_vec;
    const bool inv = c->tpred & 4;
    const uint64_t ps = (c->tpred & 1) ? (inv ? ~in->x[X9] : in->x[X9]) : ~0ull;
    const uint64_t pd =
        (c->tpred & 2) ? (inv ? ~in->x[X10] : in->x[X10]) : ~0ull;
    unsigned subvl = c->svlen ? c->svlen : 1;
    sv_twin_step st[64];
    int n = sv_ref_twin(vl, dvec, svec, pd, false, ps, false, st);

    if (!dvec && !svec) {
        subvl = 1;
    }
    for (int k = 0; k < n; k++) {
        const int j = st[k].dst, i = st[k].src;
        for (unsigned s = 0; s < subvl; s++) {
            if (c->store) {
                /* A masked-out scalar source passes 0 (§5.4 op2). */
                uint64_t v = i < 0
                                 ? 0
                                 : sv_elem_get(in->x, c->data.reg,
                                               c->data.vec ? i * subvl + s : s,
                                               c->data.w);
                uint64_t a = elem_addr(c, in, j * subvl + s) - (uintptr_t)arena;
                memcpy(wmem + a, &v, c->W / 8);
            } else {
                uint64_t v = mem_get(elem_addr(c, in, i * subvl + s), c->W);
                v = c->sgn ? sv_sext(v, c->W) : sv_zext(v, c->W);
                if (c->data.vec) {
                    sv_elem_set(want->x, c->data.reg, j * subvl + s, c->data.w,
                                v);
                } else if (c->data.w == 64) {
                    want->x[c->data.reg + s] = v;
                } else {
                    v = sv_zext(v, c->data.w);
                    want->x[c->data.reg] = c->sgn ? sv_sext(v, c->data.w) : v;
                }
            }
        }
    }
}

static void run_case(const mcase *c, unsigned vlval, unsigned seed)
{
    static uint8_t wmem[sizeof(arena)];
    sv_machine in, out, want;

    sv_machine_fill(&in, seed);
    for (size_t b = 0; b < sizeof(arena); b++) {
        arena[b] = (uint8_t)(b * 37 + seed * 11 + (b >> 7));
    }
    memcpy(wmem, arena, sizeof(arena));
    in.x[X9] = 0x6d ^ seed;
    in.x[X10] = 0xb5 + seed;
    in.x[A7] = vlval;
    in.state = SV_STATE(.maxvl = 7, .vl = A7);
    in.x[c->addr.reg] = (uintptr_t)arena + 256;
    if (c->addr.vec) {
        for (unsigned r = 0; r < 8; r++) {
            in.x[c->addr.reg + r] =
                (uintptr_t)arena + 512 + ((r * 5 + seed) % 8) * 96 + 8 * r;
        }
    }
    want = in;
    const unsigned vl = vlval < 8 ? vlval : 8;
    ref_mem(c, &in, &want, wmem, vl);

    sv_context("%s, VL %u, x9 0x%llx x10 0x%llx", c->name, vl,
               (unsigned long long)in.x[X9], (unsigned long long)in.x[X10]);
    SV_CSRW(SV_CSR_SVPSTATE, 0);
    sv_trap t = sv_exec(c->fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, in.state);
    CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE),
                c->svlen ? SV_STATE(.maxvl = 7, .vl = vl ? vl - 1 : 0,
                                    .subvl = c->svlen - 1)
                         : 0);
    size_t bad = 0, first = 0;
    for (size_t b = 0; b < sizeof(arena); b++) {
        if (arena[b] != wmem[b] && !bad++) {
            first = b;
        }
    }
    if (!CHECK_EQ(bad, 0)) {
        printf("    first differing arena byte %zu: 0x%02x, expected 0x%02x\n",
               first, arena[first], wmem[first]);
    }
}

int main(void)
{
    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const unsigned vls[] = {0, 1, 5, 8, 12};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_case(&cases[i], vls[v], (unsigned)(i * 8 + v));
        }
    }
    sv_context("%s", "");
    return sv_summary("svp_mem");
}
