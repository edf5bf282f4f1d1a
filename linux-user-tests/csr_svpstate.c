/*
 * csr_svpstate: the SVPSTATE CSR (0x804): STATE's layout, but vl is a
 * length stored minus one (A25), clamped to 1..MVL; offsets clamp to
 * 0..VL-1 and 0..SUBVL-1; reserved bits 63:28 trap; STATE is untouched
 * (§1.7, docs/sv-state.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* A write of `in` that reads back as `out`; STATE stays 0. */
#define WR(what, in, old, out)                                                 \
    {                                                                          \
        what, SV_KEEP, 0, SV_OP_RW, in, 0, old, out, 0                         \
    }
#define BAD(what, op, in, cur)                                                 \
    {                                                                          \
        what, SV_KEEP, 0, op, in, SIGILL, SV_ANY, cur, 0                       \
    }
/* SVPSTATE with MVL 8 and VL `len`. */
#define P8(len, src, dst)                                                      \
    SV_STATE(.maxvl = 7, .vl = (len)-1, .srcoffs = (src), .destoffs = (dst))

int main(void)
{
    sv_trap_install();

    const uint64_t a = SV_STATE(.maxvl = 7, .vl = 5, .srcoffs = 5,
                                .destoffs = 3, .subvl = 1, .dsvoffs = 1);
    const uint64_t full = SV_STATE(.maxvl = 63, .vl = 63, .srcoffs = 63,
                                   .destoffs = 63, .subvl = 3, .dsvoffs = 3);
    const sv_csr_case cases[] = {
        {"reset", SV_KEEP, 0, SV_OP_R, 0, 0, 0, 0, 0},
        WR("fields", a, 0, a),
        WR("all max, vl 63 is a length", full, a, full),
        WR("zero", 0, full, 0),
        /* VL (vl+1) clamps to MVL; offsets to the clamped VL. */
        WR("VL 10 > MVL 8", P8(10, 7, 7), 0, P8(8, 7, 7)),
        WR("VL 3", P8(3, 7, 5), P8(8, 7, 7), P8(3, 2, 2)),
        WR("VL 1", P8(1, 1, 1), P8(3, 2, 2), P8(1, 0, 0)),
        WR("MVL 1, vl 63", SV_STATE(.vl = 63, .srcoffs = 63), P8(1, 0, 0), 0),
        WR("dsvoffs 3, SUBVL 3", SV_STATE(.subvl = 2, .dsvoffs = 3), 0,
           SV_STATE(.subvl = 2, .dsvoffs = 2)),
        WR("base", a, SV_STATE(.subvl = 2, .dsvoffs = 2), a),
        BAD("bit 28", SV_OP_RW, a | 1u << 28, a),
        BAD("bit 31", SV_OP_RW, a | 1u << 31, a),
        BAD("bit 32", SV_OP_RW, a | 1ull << 32, a),
        BAD("bit 63", SV_OP_RW, a | 1ull << 63, a),
        BAD("set bit 30", SV_OP_RS, 1u << 30, a),
        /* Read-modify-write; the clamps apply to the result. */
        {"rc vl", SV_KEEP, 0, SV_OP_RC, 5u << SV_STATE_SHIFT(vl), 0, a,
         SV_STATE(.maxvl = 7, .subvl = 1, .dsvoffs = 1), 0},
        {"rs vl", SV_KEEP, 0, SV_OP_RS, 63u << SV_STATE_SHIFT(vl), 0, SV_ANY,
         SV_STATE(.maxvl = 7, .vl = 7, .subvl = 1, .dsvoffs = 1), 0},
        {"rci maxvl", SV_KEEP, 0, SV_OP_RCI, 4, 0, SV_ANY,
         SV_STATE(.maxvl = 3, .vl = 3, .subvl = 1, .dsvoffs = 1), 0},
        {"clear", SV_KEEP, 0, SV_OP_W, 0, 0, SV_ANY, 0, 0},
    };
    SV_RUN_CSR_CASES(SV_CSR_SVPSTATE, cases, SV_COUNT(cases));
    return sv_summary("csr_svpstate");
}
