/*
 * ECALL inside a VBLOCK in system mode (§3.7: "ECALL is allowed,
 * because the trap saves and restores everything").
 *
 * U runs blocks {ld/addi/sd on x40.. | ecall | ld/addi/sd on x48..}
 * and {ld/addi/sd | ecall (last)}.  M's handler checks mepc = the block's
 * start and mepcvblk = the ECALL (status 11, opptr 6), does the "system
 * call" (a0 := 3 * a0) and returns to the next opcode the way a kernel
 * that knows SV does: mepcvblk's opptr past the ECALL, or, for the last
 * opcode, mepcvblk := 0 and mepc := the block's end.  U then checks
 * that every opcode ran exactly once and that a0 holds the result.
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

.equ CAUSE_ECALL_U, 8
.equ PMP_NAPOT_RWX, 0x1f

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, -1                  /* U may access everything */
    csrw    pmpaddr0, t0
    li      t0, PMP_NAPOT_RWX
    csrw    pmpcfg0, t0
    li      s2, 0                   /* ECALLs handled */
    li      t0, 3 << 11             /* MPP = U */
    csrc    mstatus, t0
    la      t0, u_entry
    csrw    mepc, t0
    mret

/* ------------------------------------------------------------- U mode */
u_entry:
    la      a3, vdata
    la      a4, wdata
    li      a0, 7
    li      a7, 1
blk1:
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_reg16 key=t1, regidx=48
    sv_ops
    ld      t0, 0(a3)
    addi    t0, t0, 1
    sd      t0, 0(a3)
    ecall
    ld      t1, 0(a4)
    addi    t1, t1, 2
    sd      t1, 0(a4)
    sv_vblock_end
    bm_checki a0, 21, 1             /* the handler's result */
    bm_checki s2, 1, 2              /* one ECALL */
    csrr    t2, SV_CSR_PCVBLK
    bm_checki t2, 0, 3
    li      s0, 0
1:  slli    t2, s0, 3
    add     t3, a3, t2
    ld      t3, 0(t3)
    addi    t5, s0, 1               /* vdata[i] = i, + 1 once */
    bm_check t3, t5, 4
    add     t3, a4, t2
    ld      t3, 0(t3)
    li      t5, 10
    mul     t5, t5, s0
    addi    t5, t5, 2               /* wdata[i] = 10i, + 2 once */
    bm_check t3, t5, 5
    addi    s0, s0, 1
    li      t2, 4
    bne     s0, t2, 1b

    li      a0, 5
    li      s1, 0
blk2:
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
    ld      t0, 0(a3)
    addi    t0, t0, 1
    sd      t0, 0(a3)
    ecall
    sv_vblock_end
blk2_end:
    addi    s1, s1, 1               /* after the block: exactly once */
    bm_checki s1, 1, 6
    bm_checki a0, 15, 7
    bm_checki s2, 2, 8
    ld      t3, 24(a3)
    bm_checki t3, 5, 9              /* vdata[3] = 3 + 1 + 1 */
    li      a7, 0                   /* done */
    ecall

/* ------------------------------------------------------------- M mode */
    .balign 4
m_trap:
    csrr    s3, mcause
    bm_checki s3, CAUSE_ECALL_U, 20
    beqz    a7, m_done
    csrr    s3, SV_CSR_MEPCVBLK
    bm_pcvblk_status s4, s3
    bm_checki s4, 3, 21             /* status 11: inside the block */
    bm_pcvblk_opptr s4, s3
    bm_checki s4, 6, 22             /* ld, addi, sd: the ECALL at opptr 6 */
    csrr    s4, SV_CSR_PCVBLK
    bm_checki s4, 0, 23             /* the handler runs outside blocks */
    csrr    s4, mepc
    la      s5, blk1
    beq     s4, s5, 1f
    la      s5, blk2
    bm_check s4, s5, 24             /* mepc: the block's start */
1:  addi    s2, s2, 1               /* the "system call": a0 *= 3 */
    slli    s5, a0, 1
    add     a0, a0, s5
    la      s5, blk2
    beq     s4, s5, 2f
    addi    s3, s3, 2               /* next opcode: opptr past the ECALL */
    csrw    SV_CSR_MEPCVBLK, s3
    mret
2:  csrw    SV_CSR_MEPCVBLK, zero         /* the last opcode: leave the block */
    la      s5, blk2_end
    csrw    mepc, s5
    mret
m_done:
    j       bm_pass

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv_ecall"

    .data
    .balign 8
vdata:
    .dword 0, 1, 2, 3
wdata:
    .dword 0, 10, 20, 30
