/*
 * void *sv_memchr(const void *s, int c, size_t n): up to 64 bytes per
 * VBLOCK, VL = min(n, 64) from the VL block (docs/guide.md, "memchr").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"                   /* SV_CSR_STATE */

    .text
    .globl sv_memchr
    .type sv_memchr, @function
sv_memchr:
    beqz    a2, 8f
1:  sv.vl a4, a2, 64                /* a4 := VL = min(a2, 64) */
    sv.lb/w=8/ff *x32, 0(a0)        /* bytes at x32..x39 */
    sv.bne/w=8/ff *x32, a1, 2f      /* c (a1) a scalar byte; taken when no
                                       byte equals c */
    add     a0, a0, a4              /* not taken: c is byte a4 */
    j       9f
2:  add     a0, a0, a4
    sub     a2, a2, a4
    bnez    a2, 1b
8:  li      a0, 0
9:  csrw    SV_CSR_STATE, zero
    ret
    .size sv_memchr, . - sv_memchr
