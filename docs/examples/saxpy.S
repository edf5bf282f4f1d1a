/*
 * void sv_saxpy(size_t n, float a, const float *x, float *y,
 *               const uint64_t *mask):
 * y[i] = a * x[i] + y[i] (one fused multiply-add) where bit i of the
 * mask is set; other y[i] are not read nor written.  Up to 32 elements
 * per VBLOCK (docs/guide.md, "Predicated saxpy").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"                   /* SV_CSR_STATE */

    .text
    .globl sv_saxpy
    .type sv_saxpy, @function
sv_saxpy:
    beqz    a0, 9f
    li      t1, 0                   /* bit position in the mask word */
1:  ld      a5, 0(a3)
    srl     a5, a5, t1              /* this chunk's mask in the low bits */
    sv.vl a4, a0, 32                /* a4 := VL = min(n, 32) */
    sv.flw *f32, 0(a1)              /* all VL elements of x, at f32..f63 */
    /* y at f64..f95, masked in place: /m= on a load puts the mask on both
     * sides, the address a2 (source) and the elements (destination) */
    sv.flw/m=a5 *f64, 0(a2)
    sv.fmadd.s/m=a5 *f64, fa0, *f32, *f64  /* only the set bits */
    sv.fsw/m=a5 *f64, 0(a2)         /* the elements (source), a2 (dest) */
    slli    t0, a4, 2
    add     a1, a1, t0
    add     a2, a2, t0
    sub     a0, a0, a4
    add     t1, t1, a4
    li      t0, 64
    bltu    t1, t0, 2f
    addi    a3, a3, 8               /* next mask word */
    li      t1, 0
2:  bnez    a0, 1b
9:  csrw    SV_CSR_STATE, zero
    ret
    .size sv_saxpy, . - sv_saxpy
