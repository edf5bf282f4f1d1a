/*
 * sv_sbi_redirect: an S-mode program under the project's OpenSBI
 * (system/opensbi) whose traps go through the firmware (issue 14).
 * OpenSBI does not delegate illegal instructions or misaligned accesses
 * to S: it takes them in M mode and redirects them in software.  A
 * redirect must change the SV state exactly as a hardware trap into S:
 * STATE/SVPSTATE swapped with sestate/sesvpstate, PCVBLK copied to
 * sepcvblk, PCVBLK 0 in the handler (docs/sv-state.md, "System mode").
 *
 *  1. An illegal CSR access (an M-mode custom CSR) at opcode 1 of a
 *     VBLOCK: the handler checks scause, sepc = the block's start,
 *     sepcvblk (status 11, opptr 2), sestate = the block's STATE (MVL 4),
 *     its own STATE (MVL 3, set in sestate beforehand) and PCVBLK 0, then
 *     emulates the opcode by advancing sepcvblk's opptr and returns; the
 *     block's other opcodes must each have run exactly once.
 *  2. The same with a misaligned AMO (cause 6, opptr 2).
 *  3. STATE after the blocks is the blocks' own (MVL 4).
 * Prints "sv_sbi_redirect: PASS" or "FAIL step N got X want Y" on the
 * UART and powers off through SBI SRST (the test device is M-only under
 * OpenSBI), so the test checks the printed line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"
#include "bm.inc"

.equ SBI_EXT_SRST, 0x53525354

    .section .text.start, "ax"
    .globl _start
_start:
    la      sp, stack_top
    la      t0, s_trap
    csrw    stvec, t0
    /* The handler's STATE: MVL 3 (a trap into S swaps it in). */
    li      t0, 2
    csrw    SV_CSR_SESTATE, t0

    /* x40..x43 := 100, 200, 300, 400 */
    la      a3, vec_init
    li      a5, 4
    sv_vblock_begin
    sv_vl_rs1 a5, vlmax=4
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_ops
    ld      a0, 0(a3)
    sv_vblock_end

    /* 1: illegal instruction at opptr 2 */
    li      s2, 2                   /* expected scause */
    la      s4, block1              /* expected sepc */
    li      s5, 0                   /* traps taken */
block1:
    sv_vblock_begin
    sv_vl_rs1 a5, vlmax=4
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_ops
    addi    a0, a0, 1
    csrr    t0, 0x7c0               /* M-mode custom CSR: illegal in S */
    addi    a0, a0, 2
    sv_vblock_end
    bm_checki s5, 1, 20

    /* 2: misaligned AMO at opptr 2 */
    li      s2, 6
    la      s4, block2
    la      t2, amo_word + 1
    li      t1, 1
block2:
    sv_vblock_begin
    sv_vl_rs1 a5, vlmax=4
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_ops
    addi    a0, a0, 10
    amoadd.w zero, t1, (t2)
    addi    a0, a0, 20
    sv_vblock_end
    bm_checki s5, 2, 21

    /* 3: the blocks' STATE survived both redirects */
    csrr    t0, SV_CSR_STATE
    bm_state_mvl t1, t0
    bm_checki t1, 4, 22
    /* x40..x43: each opcode ran exactly once (+33) */
    la      a3, vec_out
    sv_vblock_begin
    sv_vl_rs1 a5, vlmax=4
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_ops
    sd      a0, 0(a3)
    sv_vblock_end
    ld      t0, 0(a3)
    bm_checki t0, 133, 23
    ld      t0, 8(a3)
    bm_checki t0, 233, 24
    ld      t0, 24(a3)
    bm_checki t0, 433, 25

    la      a1, bm_name
    call    bm_puts
    la      a1, pass_msg
    call    bm_puts
    li      a1, 0                   /* reason: none */
    j       power_off

    .balign 4
s_trap:
    addi    s5, s5, 1
    csrr    t0, scause
    bm_check t0, s2, 10
    csrr    t0, sepc
    bm_check t0, s4, 11
    csrr    t0, SV_CSR_SEPCVBLK
    bm_pcvblk_status t1, t0
    bm_checki t1, 3, 12
    bm_pcvblk_opptr t1, t0
    bm_checki t1, 2, 13
    csrr    t0, SV_CSR_SESTATE
    bm_state_mvl t1, t0
    bm_checki t1, 4, 14
    csrr    t0, SV_CSR_STATE
    bm_state_mvl t1, t0
    bm_checki t1, 3, 15
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 16
    /* Emulate the 4-byte opcode: the next one is opptr + 2. */
    csrr    t0, SV_CSR_SEPCVBLK
    addi    t0, t0, 2
    csrw    SV_CSR_SEPCVBLK, t0
    sret

/* a1 = SRST reason (0 none, 1 system failure) */
power_off:
    li      a7, SBI_EXT_SRST
    li      a6, 0
    li      a0, 0                   /* shutdown */
    ecall
1:  j       1b

/* bm.inc's checks call this: a0 = step, a1 = got, a2 = want. */
bm_fail:
    mv      s0, a0
    mv      s1, a1
    mv      s3, a2
    la      a1, bm_name
    call    bm_puts
    la      a1, fail_msg
    call    bm_puts
    mv      a0, s0
    call    bm_puthex
    la      a1, got_msg
    call    bm_puts
    mv      a0, s1
    call    bm_puthex
    la      a1, want_msg
    call    bm_puts
    mv      a0, s3
    call    bm_puthex
    la      a1, nl_msg
    call    bm_puts
    li      a1, 1
    j       power_off

bm_puts:
    li      t0, BM_UART0
1:  lbu     t1, 0(a1)
    beqz    t1, 2f
    sb      t1, 0(t0)
    addi    a1, a1, 1
    j       1b
2:  ret

bm_puthex:
    li      t0, BM_UART0
    li      t2, 60
1:  srl     t1, a0, t2
    andi    t1, t1, 15
    addi    t1, t1, '0'
    li      t3, '9' + 1
    blt     t1, t3, 2f
    addi    t1, t1, 'a' - '0' - 10
2:  sb      t1, 0(t0)
    addi    t2, t2, -4
    bgez    t2, 1b
    ret

    .section .rodata
bm_name:    .asciz "sv_sbi_redirect"
pass_msg:   .asciz ": PASS\n"
fail_msg:   .asciz ": FAIL step 0x"
got_msg:    .asciz " got 0x"
want_msg:   .asciz " want 0x"
nl_msg:     .asciz "\n"
    .data
    .balign 8
vec_init:   .dword 100, 200, 300, 400
vec_out:    .dword 0, 0, 0, 0
amo_word:   .dword 0
    .bss
    .balign 16
    .space 4096
stack_top:
