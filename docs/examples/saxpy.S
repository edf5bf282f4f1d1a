/*
 * void sv_saxpy(size_t n, float a, const float *x, float *y,
 *               const uint64_t *mask):
 * y[i] = a * x[i] + y[i] (one fused multiply-add) where bit i of the
 * mask is set; other y[i] are not read nor written.  Up to 32 elements
 * per VBLOCK (docs/guide.md, "Predicated saxpy").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"

    .text
    .globl sv_saxpy
    .type sv_saxpy, @function
sv_saxpy:
    beqz    a0, 9f
    li      t1, 0                   /* bit position in the mask word */
1:  ld      a5, 0(a3)
    srl     a5, a5, t1              /* this chunk's mask in the low bits */
    sv_vblock_begin ext=1           /* 32 bytes: the extended format */
    sv_vl_rvc rd=a4, rs1=a0, vlmax=32   /* a4 := VL = min(n, 32) */
    sv_reg16 key=ft0, regidx=f32, int=0 /* x[] elements at f32..f63 */
    sv_reg16 key=ft1, regidx=f64, int=0 /* y[] elements at f64..f95 */
    sv_reg16 key=a2, regidx=a2, isvec=0 /* y's address: scalar base */
    sv_pred16 key=ft1, predidx=a5, int=0
    sv_pred16 key=a2, predidx=a5
    sv_ops
    flw     ft0, 0(a1)              /* all VL elements of x */
    flw     ft1, 0(a2)              /* twin: a2's mask (source side) and
                                       ft1's (destination) skip alike */
    fmadd.s ft1, fa0, ft0, ft1      /* ft1's mask: only the set bits */
    fsw     ft1, 0(a2)              /* ft1's mask (source), a2's (dest) */
    sv_vblock_end
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
