/*
 * csr_vl: the VL CSR (0x801) holds a register number (§1.4, §2.2, A5,
 * A6): 0..31, the named register's contents must be <= MVL, rd gets the
 * NEW number, CSRRWI takes the number as is, and a write resets the
 * STATE offsets.  The CSR rows pin x15 (a5) and x31 (t6) to `pin`.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#define MVL 8
#define ST(vlreg) SV_STATE(.maxvl = MVL - 1, .vl = (vlreg))
/* A legal write: rd and the CSR give the new number. */
#define OK(op, operand, pin, vlreg)                                            \
    {                                                                          \
#op, SV_KEEP, pin, op, operand, 0, vlreg, vlreg, ST(vlreg)             \
    }
/* An illegal write: SIGILL, VL still names cur. */
#define BAD(op, operand, pin, cur)                                             \
    {                                                                          \
#op, SV_KEEP, pin, op, operand, SIGILL, SV_ANY, cur, ST(cur)           \
    }

int main(void)
{
    sv_trap_install();

    const uint64_t offsets = SV_STATE(.maxvl = MVL - 1, .vl = 15, .srcoffs = 3,
                                      .destoffs = 5, .subvl = 3, .dsvoffs = 2);
    const sv_csr_case cases[] = {
        /* MVL = 8 through STATE, then plain reads. */
        {"preset", ST(0), 0, SV_OP_R, 0, 0, 0, 0, ST(0)},
        OK(SV_OP_RW, 15, MVL - 3, 15), /* rd = new number, not 0 */
        OK(SV_OP_RW, 31, MVL, 31),     /* contents == MVL: legal */
        {"read ignores contents", SV_KEEP, 100, SV_OP_R, 0, 0, 31, 31, ST(31)},
        BAD(SV_OP_RW, 15, MVL + 1, 31), /* contents > MVL */
        BAD(SV_OP_RW, 31, UINT64_MAX, 31),
        BAD(SV_OP_RW, 32, 0, 31), /* no x32 as VL */
        BAD(SV_OP_RW, 32 + 15, 0, 31),
        BAD(SV_OP_RW, (1ull << 32) | 15, 0, 31),
        OK(SV_OP_RW, 0, MVL + 1, 0), /* x0: no contents check */
        OK(SV_OP_RW, 15, 0, 15),     /* contents 0: legal */
        {"csrw", SV_KEEP, 1, SV_OP_W, 31, 0, SV_ANY, 31, ST(31)},
        /* A write resets srcoffs/destoffs/dsvoffs, SUBVL stays. */
        {"offsets set", offsets, MVL, SV_OP_R, 0, 0, 15, 15, offsets},
        {"write resets", SV_KEEP, MVL, SV_OP_RW, 31, 0, 31, 31,
         SV_STATE(.maxvl = MVL - 1, .vl = 31, .subvl = 3)},
        {"same reg resets", offsets, MVL, SV_OP_RW, 15, 0, 15, 15,
         SV_STATE(.maxvl = MVL - 1, .vl = 15, .subvl = 3)},
        {"trap keeps offsets", offsets, MVL + 1, SV_OP_RW, 31, SIGILL, SV_ANY,
         15, offsets},
        {"subvl back to 1", ST(15), 1, SV_OP_R, 0, 0, 15, 15, ST(15)},
        /* CSRRWI: the immediate is the register number (no +1). */
        OK(SV_OP_RWI, 31, 2, 31),
        OK(SV_OP_RWI, 0, 2, 0),
        OK(SV_OP_RWI, 15, MVL, 15),
        BAD(SV_OP_RWI, 31, MVL + 1, 15),
        /* CSRRS/CSRRC and the I forms: read-modify-write, then the rule. */
        OK(SV_OP_RS, 0x10, 1, 31),
        OK(SV_OP_RC, 0x10, 1, 15),
        BAD(SV_OP_RS, 0x20, 1, 15),       /* 47 */
        BAD(SV_OP_RS, 0x10, MVL + 1, 15), /* x31 too large */
        OK(SV_OP_RC, 0x1f, MVL + 1, 0),
        OK(SV_OP_RSI, 15, 3, 15),
        OK(SV_OP_RCI, 15, 3, 0),
    };
    SV_RUN_CSR_CASES(SV_CSR_VL, cases, SV_COUNT(cases));

    /* MVL = 64: contents 64 legal, 65 not. */
    const sv_csr_case wide[] = {
        {"mvl 64", SV_STATE(.maxvl = 63), 0, SV_OP_R, 0, 0, 0, 0,
         SV_STATE(.maxvl = 63)},
        {"64 fits", SV_KEEP, 64, SV_OP_RW, 15, 0, 15, 15,
         SV_STATE(.maxvl = 63, .vl = 15)},
        {"65 does not", SV_KEEP, 65, SV_OP_RW, 31, SIGILL, SV_ANY, 15,
         SV_STATE(.maxvl = 63, .vl = 15)},
        {"back to reset", 0, 0, SV_OP_R, 0, 0, 0, 0, 0},
    };
    SV_RUN_CSR_CASES(SV_CSR_VL, wide, SV_COUNT(wide));
    return sv_summary("csr_vl");
}
