/*
 * svp_prof: P48 instructions with known element counts for svprof_test.py
 * (mode "prefix"): a vector add, VL 5 from STATE (STATE.vl = a7, MVL 8),
 * run 7 times unpredicated and 4 times under x9 = 0b10101 (3 active).
 * Expected: 11 P48, 55 elements, 47 active.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

enum { X9 = 9, A7 = 17 };

SV_BLOCK_FN(p_add, "svp_emit 6, SVPT_R, SVP_ADD, rd=40, rdv=1, rs1=64, "
                   "rs1v=1, rs2=96, rs2v=1\n")
/* pred 3: x9, not inverted (vitp6) */
SV_BLOCK_FN(p_add_x9, "svp_emit 6, SVPT_R, SVP_ADD, rd=40, rdv=1, rs1=64, "
                      "rs1v=1, rs2=96, rs2v=1, pred=3\n")

int main(void)
{
    int bad = 0;
    for (int i = 0; i < 11; i++) {
        sv_regs r = {0};
        r.state = SV_STATE(.maxvl = 7, .vl = A7);
        r.x[A7] = 5;
        r.x[X9] = 0x15;
        (i < 7 ? p_add : p_add_x9)(&r);
        bad += r.pcvblk_out != 0;
    }
    return bad;
}
