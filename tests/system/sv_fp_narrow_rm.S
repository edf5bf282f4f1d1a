/*
 * An FP opcode without a rounding-mode field (FSGNJ*, FMIN/FMAX) whose
 * result is converted to a narrower destination element (§5.5) rounds
 * at the dynamic rounding mode, frm (docs/sv-state.md, "Element loop
 * readings"), whatever rounding mode an opcode before it used.
 *
 * Found by sv_fuzz_system (seed 2, round 84): the conversion ran at
 * whatever rounding mode softfloat was left in by the last opcode that
 * set one (the translator set none for these opcodes), so the same block
 * on the same state gave different results after a trap handler had
 * run, or in another translation block.
 *
 * M mode.  70000.0 is above the largest half (65504): to a half it
 * rounds to +inf under RNE and RUP, to 65504 (0x7bff) under RTZ and RDN;
 * -70000.0 to -inf under RNE and RDN, to -65504 (0xfbff) under RTZ and
 * RUP.  Each check runs one element into a 16-bit FP element (f40), an
 * opcode with another static rounding mode right before the block:
 *   1. frm RNE, after RTZ: FSGNJ.D (FMV.D) 70000 -> +inf
 *   2. frm RTZ, after RNE: FSGNJ.D 70000 -> 0x7bff
 *   3. frm RNE, after RTZ: FMAX.D (70000, 1) -> +inf
 *   4. frm RUP, after RDN: FMIN.D (-70000, 1) -> 0xfbff
 *   5. the same as 1 with the block in a translation block of its own
 *   6. frm reserved (5): the narrowing FSGNJ.D is illegal (mcause 2),
 *      as every opcode rounding at the dynamic mode is
 *   7. at the same width (no conversion) FSGNJ.D runs with frm reserved
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

.equ CAUSE_ILLEGAL, 2

/* f40's element 0 after fsgnj/fmax/fmin.d fa0 (f40, e16) from fa1, fa2;
 * a0 := its 64 bits.  The opcode before the block uses rounding mode
 * \before (rtz, rne, rdn). */
.macro narrow op, before
    fadd.d  ft0, fa1, fa2, \before
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=1
    sv_reg16 key=fa0, regidx=40, isvec=1, int=0, vew=2
    sv_ops
    \op     fa0, fa1, fa2
    sv_vblock_end
    la      a3, out
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=1
    sv_reg16 key=fa0, regidx=40, isvec=0, int=0
    sv_ops
    fsd     fa0, 0(a3)
    sv_vblock_end
    ld      a0, 0(a3)
.endm

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, 1 << 13             /* FS = initial */
    csrs    mstatus, t0
    la      s1, vals
    fld     fa1, 0(s1)              /* 70000.0 */
    fld     fa2, 8(s1)              /* 1.0 */
    fld     fa3, 16(s1)             /* -70000.0 */

    /* 1 */
    csrwi   frm, 0
    fmv.d   fa2, fa1
    narrow  fsgnj.d, rtz
    bm_checki a0, 0x7c00, 1
    /* 2 */
    csrwi   frm, 1
    narrow  fsgnj.d, rne
    bm_checki a0, 0x7bff, 2
    /* 3 */
    csrwi   frm, 0
    fld     fa2, 8(s1)
    narrow  fmax.d, rtz
    bm_checki a0, 0x7c00, 3
    /* 4 */
    csrwi   frm, 3
    fmv.d   fa1, fa3
    narrow  fmin.d, rdn
    bm_checki a0, 0xfbff, 4
    /* 5: a TB of its own for the block (after a taken jump) */
    fld     fa1, 0(s1)
    fmv.d   fa2, fa1
    csrwi   frm, 0
    fadd.d  ft0, fa1, fa2, rtz
    j       1f
1:  sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=1
    sv_reg16 key=fa0, regidx=40, isvec=1, int=0, vew=2
    sv_ops
    fsgnj.d fa0, fa1, fa2
    sv_vblock_end
    la      a3, out
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=1
    sv_reg16 key=fa0, regidx=40, isvec=0, int=0
    sv_ops
    fsd     fa0, 0(a3)
    sv_vblock_end
    ld      a0, 0(a3)
    bm_checki a0, 0x7c00, 5
    /* 6: frm reserved: illegal, mepc the block */
    csrwi   frm, 5
    la      t0, trap_count
    sd      zero, 0(t0)
block6:
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=1
    sv_reg16 key=fa0, regidx=40, isvec=1, int=0, vew=2
    sv_ops
    fsgnj.d fa0, fa1, fa2
    sv_vblock_end
block6_end:
    la      t0, trap_count
    ld      t1, 0(t0)
    bm_checki t1, 1, 6
    la      t0, trap_epc
    ld      t1, 0(t0)
    la      t2, block6
    bm_check t1, t2, 7
    /* 7: no conversion, no rounding: frm is not read */
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=1
    sv_reg16 key=fa0, regidx=40, isvec=1, int=0
    sv_ops
    fsgnj.d fa0, fa1, fa2
    sv_vblock_end
    la      t0, trap_count
    ld      t1, 0(t0)
    bm_checki t1, 1, 8
    j       bm_pass

/* The illegal instruction of check 6: counted, the block left. */
    .balign 4
m_trap:
    csrr    t0, mcause
    li      t1, CAUSE_ILLEGAL
    bne     t0, t1, 1f
    la      t0, trap_count
    ld      t1, 0(t0)
    addi    t1, t1, 1
    sd      t1, 0(t0)
    csrr    t1, mepc
    la      t0, trap_epc
    sd      t1, 0(t0)
    la      t0, block6_end
    csrw    mepc, t0
    csrw    SV_CSR_MEPCVBLK, zero
    mret
1:  mv      a1, t0
    csrr    a2, mepc
    li      a0, 30
    j       bm_fail

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv_fp_narrow_rm"

    .data
    .balign 8
vals:
    .double 70000.0, 1.0, -70000.0
out:
    .dword 0
trap_count:
    .dword 0
trap_epc:
    .dword 0
