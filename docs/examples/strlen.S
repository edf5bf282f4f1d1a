/*
 * size_t sv_strlen(const char *s): 64 bytes per VBLOCK, with
 * fail-on-first twice (docs/guide.md, "strlen").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"

    .text
    .globl sv_strlen
    .type sv_strlen, @function
sv_strlen:
    mv      a1, a0                  /* the start, for the length */
1:  sv_vblock_begin
    sv_vl_rd rd=a4, vlmax=64        /* a4 is VL: 64 elements (MVL 64) */
    sv_reg16 key=t0, regidx=32, vew=1   /* t0 -> byte vector at x32..x39 */
    /* all ones (x0 inverted), fail-on-first */
    sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1
    sv_ops
    lb      t0, 0(a0)               /* trap-ffirst: VL cut before a bad page */
    sv_bne  t0, x0, 2f              /* data-ffirst: VL cut at the NUL; ifall */
    sv_vblock_end
    /* Not taken: the NUL is byte a4 of this chunk. */
    add     a0, a0, a4
    sub     a0, a0, a1
    csrw    SV_CSR_STATE, zero      /* VL off again for the caller */
    ret
    /* Taken: all a4 bytes are non-zero; go on after them. */
2:  add     a0, a0, a4
    j       1b
    .size sv_strlen, . - sv_strlen
