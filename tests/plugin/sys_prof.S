/*
 * sys_prof: known SV work at each privilege level, bare metal on
 * qemu-system-riscv64 -M virt -bios none, for svprof_test.py (mode
 * "system").  Expected (all exact):
 *
 *   m_work (M): 10 runs of a predicated add, VL 8, predicate 0x0f:
 *               10 vector insns, 80 elements, 40 active;
 *   s_work (S):  5 runs of the same block: 5, 40, 20;
 *   u_work (U):  7 runs of an unpredicated add, VL 4: 7, 28, 28, then
 *               3 runs of a vector ld + consensual BEQ (ifall, VL 4) on
 *               4 equal elements, taken 3 times: 6, 24, 24;
 *               together 13, 52, 52;
 * then U ecalls to M, which exits with status 0 through the SiFive test
 * device.  Totals: 28 vector insns, 172 elements, 112 active.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "../../linux-user-tests/include/sv.inc"
#include "../system/bm.inc"

.equ CAUSE_ECALL_U, 8

/* a0 := a1 + a2 on x40.., x56.., x72.., VL from a7 (8), predicate a5. */
.macro pred_add_block
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_reg16 key=a1, regidx=56, isvec=1
    sv_reg16 key=a2, regidx=72, isvec=1
    sv_pred16 key=a0, predidx=a5
    sv_ops
    add     a0, a1, a2
    sv_vblock_end
.endm

    .section .text.start
    .globl _start
    .type _start, @function
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, -1                  /* PMP: everything for S and U */
    csrw    pmpaddr0, t0
    li      t0, 0x1f
    csrw    pmpcfg0, t0
    call    m_work
    li      t0, 3 << 11
    csrc    mstatus, t0
    li      t0, 1 << 11             /* MPP = S */
    csrs    mstatus, t0
    la      t0, s_entry
    csrw    mepc, t0
    mret
    .size _start, . - _start

    .type m_work, @function
m_work:
    li      a7, 8
    li      a5, 0x0f
    li      s0, 10
1:  pred_add_block
    addi    s0, s0, -1
    bnez    s0, 1b
    ret
    .size m_work, . - m_work

    .type s_entry, @function
s_entry:
    call    s_work
    li      t0, 1 << 8              /* SPP = U */
    csrc    sstatus, t0
    la      t0, u_entry
    csrw    sepc, t0
    sret
    .size s_entry, . - s_entry

    .type s_work, @function
s_work:
    li      a7, 8
    li      a5, 0x0f
    li      s0, 5
1:  pred_add_block
    addi    s0, s0, -1
    bnez    s0, 1b
    ret
    .size s_work, . - s_work

    .type u_entry, @function
u_entry:
    call    u_work
    ecall                           /* to M: done */
1:  j       1b
    .size u_entry, . - u_entry

    .type u_work, @function
u_work:
    li      a7, 4
    li      s0, 7
1:  sv_vblock_begin
    sv_vl_rs1 a7, vlmax=4
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_reg16 key=a1, regidx=56, isvec=1
    sv_reg16 key=a2, regidx=72, isvec=1
    sv_ops
    add     a0, a1, a2
    sv_vblock_end
    addi    s0, s0, -1
    bnez    s0, 1b
    /* x40..x43 := 7 from memory; BEQ x40.. == a2 (7): all equal, taken. */
    li      s0, 3
    li      a2, 7
    la      a1, sevens
2:  sv_vblock_begin
    sv_vl_rs1 a7, vlmax=4
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_reg16 key=a2, regidx=a2, isvec=0
    sv_ops
    ld      a0, 0(a1)
    sv_beq  a0, a2, 3f
    sv_vblock_end
    j       u_fail                  /* not taken: wrong */
3:  addi    s0, s0, -1
    bnez    s0, 2b
    ret
    .size u_work, . - u_work

u_fail:
    ebreak                          /* to M: fails */

    .type m_trap, @function
    .balign 4
m_trap:
    csrr    t0, mcause
    li      t1, CAUSE_ECALL_U
    bne     t0, t1, 1f
    j       bm_pass
1:  mv      a1, t0
    li      a2, CAUSE_ECALL_U
    li      a0, 1
    j       bm_fail
    .size m_trap, . - m_trap

    bm_runtime

    .section .rodata
bm_name:
    .asciz  "sys_prof"
    .balign 8
sevens:
    .dword  7, 7, 7, 7
