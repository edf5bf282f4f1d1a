/*
 * Fixture for the SVPrefix disassembly test (disas_svp.sh): runs one P48
 * and one P64 (STATE off: VL 1) so that -d in_asm shows them, then exits.
 *   P48: add, rd v x40, rs1 v x64, rs2 s x12, pred !x9, e16
 *   P64: add, rd v x101, rs1 v x77, rs2 s x127, pred x9, VLtyp VL = 6
 *        into t0 (x5)
 *   a 10-byte VBLOCK (VL 2 into t4) whose one opcode is a P48 addi, rd v
 *   x40, rs1 v x64, tpred destination x10
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

int main(void)
{
    __asm__ volatile(
        "svp_emit 6, SVPT_R, SVP_ADD, rd=40, rdv=1, rs1=64, rs1v=1, rs2=12, "
        "itype=2, pred=2\n"
        "svp_emit 8, SVPT_R, SVP_ADD, rd=101, rdv=1, rs1=77, rs1v=1, "
        "rs2=127, pred=3, vltyp=(5 << 6) | (5 << 1)\n"
        "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=2\nsv_ops\n"
        "svp_emit 6, SVPT_I, SVP_ADDI | (5 << 20), rd=40, rdv=1, rs1=64, "
        "rs1v=1, pred=2\n"
        "sv_vblock_end\n" ::
            : "t0", "t4", "memory");
    SV_CSRW(SV_CSR_STATE, 0);
    printf("disas_svp: ran\n");
    return 0;
}
