/*
 * csr_state: the STATE CSR (0x803): field layout, reserved bits 63:28,
 * vl 0..31, offset clamps against the effective VL after the write and
 * SUBVL, and agreement with the mvl/vl/subvl views (§1.6, A3, A39, A40,
 * docs/sv-state.md).  The rows pin x15 (a5) and x31 (t6) to `pin`.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* A write of `in` that reads back as `out`; rd gets the old STATE. */
#define WR(what, pin, in, old, out)                                            \
    {                                                                          \
        what, SV_KEEP, pin, SV_OP_RW, in, 0, old, out, out                     \
    }
/* An illegal write of `in`; STATE stays `cur`. */
#define BAD(what, op, in, cur)                                                 \
    {                                                                          \
        what, SV_KEEP, 0, op, in, SIGILL, SV_ANY, cur, cur                     \
    }
#define OFFS(vlreg, src, dst)                                                  \
    SV_STATE(.maxvl = 7, .vl = (vlreg), .srcoffs = (src), .destoffs = (dst))

int main(void)
{
    sv_trap_install();

    const uint64_t a = SV_STATE(.maxvl = 7, .vl = 15, .srcoffs = 3,
                                .destoffs = 4, .subvl = 2, .dsvoffs = 1);
    const uint64_t b = SV_STATE(.maxvl = 63, .vl = 31, .srcoffs = 63,
                                .destoffs = 62, .subvl = 3, .dsvoffs = 3);
    const uint64_t v32 = 32u << SV_STATE_SHIFT(vl);
    const sv_csr_case cases[] = {
        {"reset", SV_KEEP, 0, SV_OP_R, 0, 0, 0, 0, 0},
        WR("all fields", 8, a, 0, a),
        WR("all fields max", 64, b, a, b),
        WR("zero", 0, 0, b, 0),
        WR("back to a", 8, a, 0, a),
        /* Reserved bits and VL registers beyond x31 trap, STATE kept. */
        BAD("bit 28", SV_OP_RW, a | 1u << 28, a),
        BAD("bit 31", SV_OP_RW, a | 1u << 31, a),
        BAD("bits 31:28", SV_OP_RW, a | SV_STATE_RESERVED_MASK, a),
        BAD("bit 32", SV_OP_RW, a | 1ull << 32, a),
        BAD("bit 63", SV_OP_RW, a | 1ull << 63, a),
        BAD("all ones", SV_OP_RW, UINT64_MAX, a),
        BAD("vl 32", SV_OP_RW, v32, a),
        BAD("vl 63", SV_OP_RW, 63u << SV_STATE_SHIFT(vl), a),
        BAD("set bit 28", SV_OP_RS, 1u << 28, a),
        BAD("set bit 40", SV_OP_RS, 1ull << 40, a),
        BAD("set vl bit 5", SV_OP_RS, v32, a),
        /* Offsets clamp to the effective VL after the write. */
        WR("vl x0: VL 1", 0, OFFS(0, 5, 9), a, OFFS(0, 0, 0)),
        WR("x15 = 5 < MVL", 5, OFFS(15, 7, 6), OFFS(0, 0, 0), OFFS(15, 4, 4)),
        WR("x15 = 5, in range", 5, OFFS(15, 3, 2), OFFS(15, 4, 4),
           OFFS(15, 3, 2)),
        WR("x31 = 20 > MVL", 20, OFFS(31, 7, 7), OFFS(15, 3, 2),
           OFFS(31, 7, 7)),
        WR("x31 = 20, clamp to MVL", 20, OFFS(31, 9, 63), OFFS(31, 7, 7),
           OFFS(31, 7, 7)),
        WR("x15 = 0: VL 0", 0, OFFS(15, 7, 1), OFFS(31, 7, 7), OFFS(15, 0, 0)),
        WR("x31 = 1", 1, OFFS(31, 1, 0), OFFS(15, 0, 0), OFFS(31, 0, 0)),
        /* dsvoffs clamps to SUBVL-1. */
        WR("dsvoffs 3, SUBVL 2", 0, SV_STATE(.subvl = 1, .dsvoffs = 3),
           OFFS(31, 0, 0), SV_STATE(.subvl = 1, .dsvoffs = 1)),
        WR("dsvoffs 3, SUBVL 1", 0, SV_STATE(.dsvoffs = 3),
           SV_STATE(.subvl = 1, .dsvoffs = 1), 0),
        WR("dsvoffs 2, SUBVL 3", 0, SV_STATE(.subvl = 2, .dsvoffs = 2), 0,
           SV_STATE(.subvl = 2, .dsvoffs = 2)),
        /* CSRRS/CSRRC/CSRRSI/CSRRCI are read-modify-write. */
        WR("base", 8, a, SV_STATE(.subvl = 2, .dsvoffs = 2), a),
        {"rs srcoffs", SV_KEEP, 8, SV_OP_RS, 4u << SV_STATE_SHIFT(srcoffs), 0,
         a, a | 4u << SV_STATE_SHIFT(srcoffs),
         a | 4u << SV_STATE_SHIFT(srcoffs)}, /* srcoffs 7 */
        {"rc srcoffs", SV_KEEP, 8, SV_OP_RC, 7u << SV_STATE_SHIFT(srcoffs), 0,
         a | 4u << SV_STATE_SHIFT(srcoffs),
         SV_STATE(.maxvl = 7, .vl = 15, .destoffs = 4, .subvl = 2,
                  .dsvoffs = 1),
         SV_ANY},
        {"rs clamps", SV_KEEP, 2, SV_OP_RS, 7u << SV_STATE_SHIFT(srcoffs), 0,
         SV_ANY,
         SV_STATE(.maxvl = 7, .vl = 15, .srcoffs = 1, .destoffs = 1, .subvl = 2,
                  .dsvoffs = 1),
         SV_ANY},
        {"rsi maxvl", 0, 0, SV_OP_RSI, 31, 0, 0, 31, 31},
        {"rci maxvl", SV_KEEP, 0, SV_OP_RCI, 21, 0, 31, 10, 10},
        {"rsi 0 reads", SV_KEEP, 0, SV_OP_RSI, 0, 0, 10, 10, 10},
        {"reset", 0, 0, SV_OP_R, 0, 0, 0, 0, 0},
    };
    SV_RUN_CSR_CASES(SV_CSR_STATE, cases, SV_COUNT(cases));

    /* The mvl, vl and subvl CSRs are views of STATE's fields. */
    const uint64_t views[] = {
        0,
        a,
        b,
        SV_STATE(.maxvl = 63),
        SV_STATE(.vl = 1),
        SV_STATE(.subvl = 3),
        SV_STATE(.maxvl = 31, .vl = 16, .subvl = 1),
    };
    for (size_t i = 0; i < SV_COUNT(views); i++) {
        const sv_state_fields f = sv_state_unpack(views[i]);
        sv_context("views #%zu: STATE 0x%llx", i, (unsigned long long)views[i]);
        SV_CSR_OP_PIN(SV_CSR_STATE, SV_OP_W, views[i], 64);
        CHECK_STATE(SV_CSRR(SV_CSR_STATE), views[i]);
        CHECK_EQ(SV_CSRR(SV_CSR_MVL), f.maxvl + 1);
        CHECK_EQ(SV_CSRR(SV_CSR_VL), f.vl);
        CHECK_EQ(SV_CSRR(SV_CSR_SUBVL), f.subvl + 1);
    }
    sv_context("%s", "");
    SV_CSRW(SV_CSR_STATE, 0);
    return sv_summary("csr_state");
}
