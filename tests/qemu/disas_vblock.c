/*
 * Fixture for the disassembly test: one well-formed VBLOCK (which raises
 * SIGILL until VBLOCK execution lands; the handler skips it).  Fields:
 *   header 0xA7FF: vlset, nnn 2 (14 bytes), rplen 1, pplen 1, pmode 1,
 *                  rmode 1: one 16-bit register and one predicate entry
 *   VL block 0x01C5: mode 00, SUBVL 1, imm 7 (MVL 8), rd x5
 *   reg entry 0xA8AA: isvec, regidx 40, integer, vew 01 (8), key x10
 *   pred entry 0x4B14: predidx x9, inv, integer, key x10
 *   opcodes: add a0, a0, a1 (0x00b50533); c.nop (0x0001)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

int main(void)
{
    sv_trap trap;

    sv_trap_install();
    SV_TRY_SKIP(trap, 14,
                __asm__ volatile("sv_vblock_raw 2, 0x8780, 0x01C5, 0xA8AA, "
                                 "0x4B14, 0x0533, 0x00b5, 0x0001" ::
                                     : "memory"));
    /* A vector branch: -d in_asm names its mode (rs2's entry: ifany). */
    __asm__ volatile("sv_vblock_begin\n"
                     "sv_vl_rd rd=t4, vlmax=4\n"
                     "sv_reg16 key=a0, regidx=40\n"
                     "sv_reg16_raw 0\n"
                     "sv_pred16 key=a0, predidx=x0, inv=1, ffirst=1\n"
                     "sv_pred16 key=a1, predidx=a6, zero=1, result=1\n"
                     "sv_ops\n"
                     "sv_bne a0, a1, 1f\n"
                     "sv_vblock_end\n"
                     "1:\n"
                     "csrw 0x803, zero\n" ::
                         : "t4", "a6", "memory");
    printf("disas_vblock: trapped with signal %d\n", trap.signo);
    return 0;
}
