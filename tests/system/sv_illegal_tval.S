/*
 * mtval of an illegal opcode in the middle of a VBLOCK is that opcode
 * (the priv spec's xtval for illegal instructions; docs/sv-state.md).
 *
 * M mode, frm = 5 (reserved), so an FP opcode with the dynamic rounding
 * mode is illegal at run time (its helper raises it).  Each block has
 * opcodes before and after the illegal one; the handler checks mcause,
 * mtval = the opcode's bits (read from its label), mepc = the block's
 * start and mepcvblk (status 11, opptr of the opcode), then leaves the
 * block (mepcvblk := 0, mepc := the block's end).  The opcodes after the
 * illegal one must not have run.
 *   1. fadd.d (dynamic rm) followed by a scalar ld: a run-time trap;
 *      before hook patch 0017, mtval was the ld (the last opcode
 *      translated that saved its bits for a run-time trap);
 *   2. a custom-0 32-bit opcode (illegal when translated);
 *   3. a reserved 16-bit opcode (C.ADDI4SPN with a zero immediate).
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

.equ CAUSE_ILLEGAL, 2

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, 1 << 13             /* FS = initial */
    csrs    mstatus, t0
    csrwi   frm, 5                  /* reserved: dynamic rm is illegal */
    li      s2, 0                   /* traps taken */
    li      a5, 0                   /* opcodes after the illegal one */

    la      s5, blk1                /* the handler's expectations */
    la      s6, bad1
    la      s7, blk1_end
    la      s8, ops1
blk1:
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
ops1:
    addi    t0, t0, 1
bad1:
    fadd.d  f1, f2, f3
    ld      a6, 0(s8)               /* saves its bits for a fault too */
    addi    a5, a5, 1
    sv_vblock_end
blk1_end:
    bm_checki s2, 1, 1
    bm_checki a5, 0, 2

    la      s5, blk2
    la      s6, bad2
    la      s7, blk2_end
    la      s8, ops2
blk2:
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
ops2:
    addi    t0, t0, 1
bad2:
    .4byte  0x1234500b              /* custom-0: no such extension */
    addi    a5, a5, 1
    sv_vblock_end
blk2_end:
    bm_checki s2, 2, 3
    bm_checki a5, 0, 4

    la      s5, blk3
    la      s6, bad3
    la      s7, blk3_end
    la      s8, ops3
blk3:
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
ops3:
    addi    t0, t0, 1
bad3:
    .2byte  0x0004                  /* C.ADDI4SPN, nzuimm 0: reserved */
    addi    a5, a5, 1
    addi    a5, a5, 1
    sv_vblock_end
blk3_end:
    bm_checki s2, 3, 5
    bm_checki a5, 0, 6
    j       bm_pass

/* ------------------------------------------------------------- M mode */
    .balign 4
m_trap:
    addi    s2, s2, 1
    csrr    s3, mcause
    bm_checki s3, CAUSE_ILLEGAL, 20
    csrr    s3, mtval
    lhu     s4, 0(s6)               /* the opcode's bits, 16 or 32 */
    andi    t0, s4, 3
    li      t1, 3
    bne     t0, t1, 1f
    lwu     s4, 0(s6)
1:  bm_check s3, s4, 21             /* mtval: the faulting opcode */
    csrr    s3, mepc
    bm_check s3, s5, 22             /* mepc: the block's start */
    csrr    s3, SV_CSR_MEPCVBLK
    bm_pcvblk_status s4, s3
    bm_checki s4, 3, 23             /* status 11: inside the block */
    bm_pcvblk_opptr s4, s3
    sub     t0, s6, s8
    srli    t0, t0, 1
    bm_check s4, t0, 24             /* opptr: the faulting opcode */
    csrw    SV_CSR_MEPCVBLK, zero   /* leave the block */
    csrw    mepc, s7
    mret

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv_illegal_tval"
