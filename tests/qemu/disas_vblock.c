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
    printf("disas_vblock: trapped with signal %d\n", trap.signo);
    return 0;
}
