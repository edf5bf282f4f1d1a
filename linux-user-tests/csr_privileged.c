/*
 * csr_privileged: the trap copies sestate/sepcvblk/sesvpstate (S-mode)
 * and mestate/mepcvblk/mesvpstate (M-mode) are illegal from U mode, for
 * reads and writes alike (§1.9, A42); STATE is not disturbed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#define BAD(op, operand)                                                       \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, SIGILL, SV_ANY, SV_ANY, st               \
    }

int main(void)
{
    sv_trap_install();

    /* A non-reset STATE, to see that the traps leave it alone. */
    const uint64_t st = SV_STATE(.maxvl = 3, .subvl = 1);
    SV_CSRW(SV_CSR_STATE, st);
    const sv_csr_case cases[] = {
        BAD(SV_OP_R, 0),   BAD(SV_OP_W, 0),  BAD(SV_OP_RW, 1),
        BAD(SV_OP_RS, 1),  BAD(SV_OP_RC, 1), BAD(SV_OP_RWI, 2),
        BAD(SV_OP_RSI, 0), /* a read */
        BAD(SV_OP_RCI, 3),
    };
#define RUN_IF_PRIVILEGED(name, num, user)                                     \
    if (!(user)) {                                                             \
        SV_RUN_CSR_CASES(num, cases, SV_COUNT(cases));                         \
    }
    SV_FOR_EACH_CSR(RUN_IF_PRIVILEGED)
#undef RUN_IF_PRIVILEGED
    return sv_summary("csr_privileged");
}
