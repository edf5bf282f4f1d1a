/*
 * void *sv_memchr(const void *s, int c, size_t n): up to 64 bytes per
 * VBLOCK, VL = min(n, 64) from the VL block (docs/guide.md, "memchr").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"

    .text
    .globl sv_memchr
    .type sv_memchr, @function
sv_memchr:
    beqz    a2, 8f
1:  sv_vblock_begin
    sv_vl_rvc rd=a4, rs1=a2, vlmax=64   /* a4 := VL = min(a2, 64) */
    sv_reg16 key=t0, regidx=32, vew=1   /* bytes at x32..x39 */
    sv_reg16 key=a1, regidx=a1, isvec=0, vew=1  /* c: a scalar byte */
    sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1
    sv_ops
    lb      t0, 0(a0)
    sv_bne  t0, a1, 2f              /* taken when no byte equals c */
    sv_vblock_end
    add     a0, a0, a4              /* not taken: c is byte a4 */
    j       9f
2:  add     a0, a0, a4
    sub     a2, a2, a4
    bnez    a2, 1b
8:  li      a0, 0
9:  csrw    SV_CSR_STATE, zero
    ret
    .size sv_memchr, . - sv_memchr
