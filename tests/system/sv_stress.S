/*
 * sv_stress.S: the vector code of sv_stress.c (see there).  Each function
 * is one or two VBLOCKs through the project's kit (sv.inc).  The key
 * registers (s2..s6, fs2..fs6) are only names inside the blocks: every
 * use is redirected, so the real s/fs registers are never touched.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"

    .text
/*
 * void stress_int(const uint64_t a[16], const uint32_t b[16],
 *                 uint64_t c[16], uint16_t d[16], uint64_t mask)
 * VL 16.  A = x32.. (64-bit), B = x48.. (32-bit elements), C = x64..
 * (64-bit, predicated by mask with zeroing), D = x80.. (16-bit elements,
 * an accumulator that lives in the registers across calls, so a block
 * that restarted at an earlier opcode would add twice):
 *   C = mask ? A + B : 0;  C = mask ? C ^ A : 0;  C = mask ? C - B : 0;
 *   D += C
 */
    .globl stress_int
    .p2align 2
stress_int:
    mv      t0, a0
    mv      t1, a1
    mv      t2, a2
    mv      t3, a3
    mv      t4, a4
    li      t5, 16
    sv_vblock_begin ext=1
    sv_vl_rs1 t5, vlmax=16
    sv_reg16 key=s2, regidx=32, isvec=1, vew=0
    sv_reg16 key=s3, regidx=48, isvec=1, vew=3
    sv_reg16 key=s4, regidx=64, isvec=1, vew=0
    sv_reg16 key=s5, regidx=80, isvec=1, vew=2
    sv_pred16 key=s4, predidx=t4, zero=1
    sv_ops
    ld      s2, 0(t0)
    lw      s3, 0(t1)
    add     s4, s2, s3
    xor     s4, s4, s2
    sub     s4, s4, s3
    add     s5, s5, s4
    sd      s4, 0(t2)
    sh      s5, 0(t3)
    sv_vblock_end
    ret

/*
 * void stress_fp(const double a[16], const double b[16], double c[16],
 *                float d[16], uint64_t mask)
 * VL 16.  A = f32.., B = f48.., C = f64.. (predicated by mask, zeroing),
 * D = f96.. (32-bit elements, an accumulator in the registers):
 *   C = mask ? A + B : 0;  C = mask ? C * A : 0;  C = mask ? C - B : 0;
 *   D = (float)((double)D + C)
 */
    .globl stress_fp
    .p2align 2
stress_fp:
    mv      t0, a0
    mv      t1, a1
    mv      t2, a2
    mv      t3, a3
    mv      t4, a4
    li      t5, 16
    sv_vblock_begin ext=1
    sv_vl_rs1 t5, vlmax=16
    sv_reg16 key=fs2, regidx=32, isvec=1, int=0, vew=0
    sv_reg16 key=fs3, regidx=48, isvec=1, int=0, vew=0
    sv_reg16 key=fs4, regidx=64, isvec=1, int=0, vew=0
    sv_reg16 key=fs5, regidx=96, isvec=1, int=0, vew=3
    sv_pred16 key=fs4, predidx=t4, zero=1, int=0
    sv_ops
    fld     fs2, 0(t0)
    fld     fs3, 0(t1)
    fadd.d  fs4, fs2, fs3
    fmul.d  fs4, fs4, fs2
    fsub.d  fs4, fs4, fs3
    fadd.d  fs5, fs5, fs4
    fsd     fs4, 0(t2)
    fsw     fs5, 0(t3)
    sv_vblock_end
    ret

/* \op x96..x127 (VL 32) at a0 and f112..f127 (VL 16) at a1. */
.macro park op, fop
    li      t5, 32
    sv_vblock_begin
    sv_vl_rs1 t5, vlmax=32
    sv_reg16 key=s6, regidx=96, isvec=1
    sv_ops
    \op     s6, 0(a0)
    sv_vblock_end
    li      t5, 16
    sv_vblock_begin
    sv_vl_rs1 t5, vlmax=16
    sv_reg16 key=fs6, regidx=112, isvec=1, int=0
    sv_ops
    \fop    fs6, 0(a1)
    sv_vblock_end
.endm

/*
 * void stress_park_set(const uint64_t x[32], const uint64_t f[16],
 *                      const uint64_t zero[8])
 * Also clears the accumulators x80..x83 and f96..f103.
 */
    .globl stress_park_set
    .p2align 2
stress_park_set:
    park    ld, fld
    li      t5, 8
    sv_vblock_begin
    sv_vl_rs1 t5, vlmax=8
    sv_reg16 key=s5, regidx=80, isvec=1
    sv_reg16 key=fs5, regidx=96, isvec=1, int=0
    sv_ops
    ld      s5, 0(a2)
    fld     fs5, 0(a2)
    sv_vblock_end
    ret

/* void stress_park_get(uint64_t x[32], uint64_t f[16]) */
    .globl stress_park_get
    .p2align 2
stress_park_get:
    park    sd, fsd
    ret

/*
 * void stress_signal_sv(uint64_t buf[64]): the SIGALRM handler's own SV
 * code, over the interrupted code's registers: x96..x127 := buf[0..31],
 * += 1, stored to buf[32..63]; f112..f127 := the bit patterns of
 * buf[0..15].  Its VL blocks change STATE.  rt_sigreturn must bring all
 * of them back.
 */
    .globl stress_signal_sv
    .p2align 2
stress_signal_sv:
    li      t5, 32
    sv_vblock_begin
    sv_vl_rs1 t5, vlmax=32
    sv_reg16 key=s6, regidx=96, isvec=1
    sv_ops
    ld      s6, 0(a0)
    addi    s6, s6, 1
    sd      s6, 256(a0)
    sv_vblock_end
    li      t5, 16
    sv_vblock_begin
    sv_vl_rs1 t5, vlmax=16
    sv_reg16 key=fs6, regidx=112, isvec=1, int=0
    sv_ops
    fld     fs6, 0(a0)
    sv_vblock_end
    ret
