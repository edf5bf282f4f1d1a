/*
 * csr_mvl: the MVL CSR (0x800): reset value, CSRRW/CSRRWI (imm+1),
 * the 1..XLEN range, CSRRS/CSRRC/CSRRSI/CSRRCI read-modify-write
 * (§1.3, docs/sv-state.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* STATE with only maxvl set: what every row leaves behind. */
#define MVL_STATE(mvl) SV_STATE(.maxvl = (mvl)-1)
/* A legal access: rd = old MVL, MVL and STATE = new. */
#define OK(op, operand, old, new)                                              \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, 0, old, new, MVL_STATE(new)              \
    }
/* An illegal access: SIGILL, MVL (still cur) unchanged. */
#define BAD(op, operand, cur)                                                  \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, SIGILL, SV_ANY, cur, MVL_STATE(cur)      \
    }

int main(void)
{
    sv_trap_install();

    /* Reset (§1.6): STATE = 0, so MVL = 1, VL register x0, SUBVL = 1. */
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), 0);
    CHECK_EQ(SV_CSRR(SV_CSR_MVL), 1);
    CHECK_EQ(SV_CSRR(SV_CSR_VL), 0);
    CHECK_EQ(SV_CSRR(SV_CSR_SUBVL), 1);

    const sv_csr_case cases[] = {
        OK(SV_OP_R, 0, 1, 1),
        OK(SV_OP_RW, 5, 1, 5),  /* returns the old value */
        OK(SV_OP_RWI, 7, 5, 8), /* CSRRWI: MVL = imm + 1 */
        OK(SV_OP_RWI, 0, 8, 1),
        OK(SV_OP_RWI, 31, 1, 32),
        OK(SV_OP_RW, 1, 32, 1),
        OK(SV_OP_RW, 64, 1, 64),
        OK(SV_OP_W, 33, SV_ANY, 33),
        /* 0, XLEN+1 and huge values: illegal, MVL unchanged. */
        BAD(SV_OP_RW, 0, 33),
        BAD(SV_OP_RW, 65, 33),
        BAD(SV_OP_W, 0, 33),
        BAD(SV_OP_RW, 128, 33),
        BAD(SV_OP_RW, 0x100000008ull, 33), /* low bits alone are legal */
        BAD(SV_OP_RW, 0x8000000000000001ull, 33),
        BAD(SV_OP_RW, UINT64_MAX, 33),
        /* CSRRS/CSRRC: (old & ~mask) | (value & mask), then the rule. */
        OK(SV_OP_RW, 8, 33, 8),
        OK(SV_OP_RS, 7, 8, 15),
        OK(SV_OP_RC, 8, 15, 7),
        OK(SV_OP_RS, 0, 7, 7), /* mask 0 in a register */
        BAD(SV_OP_RS, 64, 7),  /* 71 > 64 */
        BAD(SV_OP_RC, 7, 7),   /* 0 */
        BAD(SV_OP_RS, 1ull << 32, 7),
        OK(SV_OP_RS, 0x38, 7, 63),
        BAD(SV_OP_RC, 0x3f, 63), /* 0 */
        OK(SV_OP_RC, 0x37, 63, 8),
        /* CSRRSI/CSRRCI: the uimm is a plain mask (no +1). */
        OK(SV_OP_RSI, 1, 8, 9),
        OK(SV_OP_RCI, 1, 9, 8),
        OK(SV_OP_RSI, 0, 8, 8), /* uimm 0: no write */
        OK(SV_OP_RCI, 0, 8, 8),
        BAD(SV_OP_RCI, 8, 8), /* 0 */
        OK(SV_OP_RW, 64, 8, 64),
        BAD(SV_OP_RSI, 1, 64), /* 65 */
        OK(SV_OP_RCI, 31, 64, 64),
    };
    SV_RUN_CSR_CASES(SV_CSR_MVL, cases, SV_COUNT(cases));
    return sv_summary("csr_mvl");
}
