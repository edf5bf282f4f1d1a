/*
 * csr_pcvblk: the PCVBLK CSR (0x805) outside a VBLOCK: reads 0 (status
 * 00), and every write is illegal because writes need status 11 (§1.8,
 * A53).  CSRRS/CSRRC with a zero mask do not write (docs/sv-state.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#define READ(op, operand)                                                      \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, 0, 0, 0, 0                               \
    }
#define BAD(op, operand)                                                       \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, SIGILL, SV_ANY, 0, 0                     \
    }

int main(void)
{
    sv_trap_install();

    const sv_csr_case cases[] = {
        READ(SV_OP_R, 0),
        READ(SV_OP_RSI, 0),
        READ(SV_OP_RCI, 0),
        READ(SV_OP_RS, 0),
        READ(SV_OP_RC, 0),
        BAD(SV_OP_RW, 0),
        BAD(SV_OP_RW, 1),
        BAD(SV_OP_RW, UINT64_MAX),
        BAD(SV_OP_W, 0),
        BAD(SV_OP_RWI, 0),
        BAD(SV_OP_RWI, 5),
        BAD(SV_OP_RS, 1),
        BAD(SV_OP_RC, 1),
        BAD(SV_OP_RSI, 1),
        BAD(SV_OP_RCI, 31),
        /* Also with vectorisation on (MVL 8, VL = x15 holding 4). */
        {"vl on", SV_STATE(.maxvl = 7, .vl = 15), 4, SV_OP_R, 0, 0, 0, 0,
         SV_STATE(.maxvl = 7, .vl = 15)},
        {"vl on", SV_KEEP, 4, SV_OP_RWI, 0, SIGILL, SV_ANY, 0,
         SV_STATE(.maxvl = 7, .vl = 15)},
        {"reset", 0, 0, SV_OP_R, 0, 0, 0, 0, 0},
    };
    SV_RUN_CSR_CASES(SV_CSR_PCVBLK, cases, SV_COUNT(cases));
    return sv_summary("csr_pcvblk");
}
