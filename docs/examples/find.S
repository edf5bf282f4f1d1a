/*
 * long sv_find(const int64_t *a, size_t n, int64_t key): the index of
 * the first element equal to key, or -1.  A consensual branch in ifany
 * mode leaves the loop when any of up to 16 elements matches, and its
 * result mask says which (docs/guide.md, "A consensual branch loop").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"                   /* SV_CSR_STATE */

    .text
    .globl sv_find
    .type sv_find, @function
sv_find:
    mv      a3, a0                  /* the start, for the index */
    beqz    a1, 8f
1:  li      a6, 0                   /* mask bits beyond VL keep old contents */
    sv.vl a4, a1, 16                /* a4 := VL = min(n, 16) */
    sv.ld *x32, 0(a0)               /* 64-bit elements at x32..x47 */
    /* ifany, the result mask (bit i: a[i] == key) into a6 */
    sv.beq/any/r=a6 *x32, a2, 3f
    slli    t0, a4, 3               /* none: next chunk */
    add     a0, a0, t0
    sub     a1, a1, a4
    bnez    a1, 1b
8:  li      a0, -1
    j       9f
3:  /* a6 bit i = (a[i] == key) for the chunk at a0: the lowest set bit */
    sub     a0, a0, a3
    srai    a0, a0, 3
4:  andi    t0, a6, 1
    bnez    t0, 9f
    srli    a6, a6, 1
    addi    a0, a0, 1
    j       4b
9:  csrw    SV_CSR_STATE, zero
    ret
    .size sv_find, . - sv_find
