/*
 * csr_subvl: the SUBVL CSR (0x802): 1..4, else illegal; STATE.subvl =
 * SUBVL-1; dsvoffs clamped to SUBVL-1; the other fields untouched
 * (§1.5, docs/sv-state.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#define ST(n) SV_STATE(.subvl = (n)-1)
#define OK(op, operand, old, new)                                              \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, 0, old, new, ST(new)                     \
    }
#define BAD(op, operand, cur)                                                  \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, SIGILL, SV_ANY, cur, ST(cur)             \
    }

/* MVL 8, VL = x15 (pinned to 8), offsets high, SUBVL 4, dsvoffs 3. */
#define BUSY(n, dsv)                                                           \
    SV_STATE(.maxvl = 7, .vl = 15, .srcoffs = 6, .destoffs = 7,                \
             .subvl = (n)-1, .dsvoffs = (dsv))

int main(void)
{
    sv_trap_install();

    const sv_csr_case cases[] = {
        OK(SV_OP_R, 0, 1, 1),
        OK(SV_OP_RW, 2, 1, 2),
        OK(SV_OP_RW, 3, 2, 3),
        OK(SV_OP_RW, 4, 3, 4),
        OK(SV_OP_RW, 1, 4, 1),
        BAD(SV_OP_RW, 0, 1),
        BAD(SV_OP_RW, 5, 1),
        BAD(SV_OP_RW, 64, 1),
        BAD(SV_OP_RW, (1ull << 32) | 2, 1),
        BAD(SV_OP_RW, UINT64_MAX, 1),
        OK(SV_OP_W, 4, SV_ANY, 4),
        BAD(SV_OP_W, 0, 4),
        /* CSRRWI: the immediate is SUBVL itself (only MVL has +1). */
        OK(SV_OP_RWI, 3, 4, 3),
        BAD(SV_OP_RWI, 0, 3),
        BAD(SV_OP_RWI, 5, 3),
        /* Read-modify-write forms, then the 1..4 rule. */
        OK(SV_OP_RC, 2, 3, 1),
        OK(SV_OP_RS, 3, 1, 3),
        BAD(SV_OP_RS, 4, 3), /* 7 */
        BAD(SV_OP_RC, 3, 3), /* 0 */
        OK(SV_OP_RCI, 1, 3, 2),
        BAD(SV_OP_RSI, 4, 2), /* 6 */
        OK(SV_OP_RSI, 1, 2, 3),
        OK(SV_OP_RSI, 0, 3, 3),
        /* dsvoffs follows SUBVL down; nothing else moves. */
        {"busy", BUSY(4, 3), 8, SV_OP_R, 0, 0, 4, 4, BUSY(4, 3)},
        {"clamp 3->1", SV_KEEP, 8, SV_OP_RW, 2, 0, 4, 2, BUSY(2, 1)},
        {"grow keeps", SV_KEEP, 8, SV_OP_RW, 3, 0, 2, 3, BUSY(3, 1)},
        {"trap keeps", SV_KEEP, 8, SV_OP_RW, 0, SIGILL, SV_ANY, 3, BUSY(3, 1)},
        {"clamp 1->0", SV_KEEP, 8, SV_OP_RWI, 1, 0, 3, 1, BUSY(1, 0)},
        {"reset", 0, 0, SV_OP_R, 0, 0, 1, 1, 0},
    };
    SV_RUN_CSR_CASES(SV_CSR_SUBVL, cases, SV_COUNT(cases));
    return sv_summary("csr_subvl");
}
