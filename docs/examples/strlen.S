/*
 * size_t sv_strlen(const char *s): 64 bytes per VBLOCK, with
 * fail-on-first twice (docs/guide.md, "strlen").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"                   /* SV_CSR_STATE */

    .text
    .globl sv_strlen
    .type sv_strlen, @function
sv_strlen:
    mv      a1, a0                  /* the start, for the length */
1:  sv.vl a4, zero, 64              /* a4 is VL: 64 elements (MVL 64) */
    /* bytes at x32..x39; fail-on-first with no mask (all ones) */
    sv.lb/w=8/ff *x32, 0(a0)        /* trap-ffirst: VL cut before a bad page */
    sv.bne/w=8/ff *x32, zero, 2f    /* data-ffirst: VL cut at the NUL; ifall */
    /* Not taken: the NUL is byte a4 of this chunk. */
    add     a0, a0, a4
    sub     a0, a0, a1
    csrw    SV_CSR_STATE, zero      /* VL off again for the caller */
    ret
    /* Taken: all a4 bytes are non-zero; go on after them. */
2:  add     a0, a0, a4
    j       1b
    .size sv_strlen, . - sv_strlen
