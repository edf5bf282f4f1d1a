/*
 * A plain RV64 program that raises SIGILL with an ordinary illegal
 * instruction (0x00000000): without xsv QEMU must not hint at Simple-V.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .text
    .globl _start
_start:
    .4byte 0
