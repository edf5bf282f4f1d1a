/*
 * System mode: the privilege rules of the SV CSRs (§1.9, A42, contract C3)
 * and SV illegal instructions as real traps.  Runs in M mode, drops to S
 * and then U, and counts the illegal-instruction traps each level takes:
 *   M: every SV CSR is accessible.
 *   S: se* copies and the user CSRs are, me* copies are not.
 *   U: the user CSRs and sv.setvl are; se* and me* copies are not.
 *   any: sv.setvl's reserved form and a 48-bit/VBLOCK instruction trap
 *        with mcause 2, mepc at the instruction and mtval its low bits.
 * Exits through the SiFive test device: 0 on success, else the step number.
 */
#include "../../linux-user-tests/include/sv.inc"

.equ UART0, 0x10000000
.equ SIFIVE_TEST, 0x100000
.equ CAUSE_ILLEGAL, 2
.equ CAUSE_ECALL_U, 8
.equ CAUSE_ECALL_S, 9

/* expect_traps N, step: fail with `step` unless s11 (trap count) == N. */
.macro expect_traps n, step
    li      t0, \n
    li      a0, \step
    bne     s11, t0, fail
.endm

    .section .text.start
    .globl _start
_start:
    la      t0, trap
    csrw    mtvec, t0
    li      t0, -1                  /* PMP: let S and U reach all memory */
    csrw    pmpaddr0, t0
    li      t0, 0x1f                /* NAPOT, RWX */
    csrw    pmpcfg0, t0
    li      s11, 0

    /* M mode: everything is accessible. */
    csrr    t1, SV_CSR_MESTATE
    csrr    t1, SV_CSR_SESTATE
    li      t1, 0x41
    csrw    SV_CSR_MEPCVBLK, t1
    csrr    t2, SV_CSR_MEPCVBLK
    li      a0, 1
    bne     t1, t2, fail
    expect_traps 0, 2

    /* Reserved and unimplemented encodings trap with mcause 2. */
    la      s10, reserved_setvl
reserved_setvl:
    sv_setvl_reserved t0, a0, 5
    expect_traps 1, 3
    la      s10, long48
long48:
    sv_p48_raw 0x123456789a
    expect_traps 2, 4
    la      s10, vblock
vblock:
    sv_vblock_raw 1, 0, 0x0001, 0x0001, 0x0001
    expect_traps 3, 5
    li      s10, 0

    /* Enter S mode. */
    li      t0, 3 << 11
    csrc    mstatus, t0
    li      t0, 1 << 11             /* MPP = S */
    csrs    mstatus, t0
    la      t0, s_mode
    csrw    mepc, t0
    mret

s_mode:
    csrr    t1, SV_CSR_SESTATE      /* allowed */
    csrw    SV_CSR_SESVPSTATE, t1   /* allowed */
    csrr    t1, SV_CSR_MVL          /* allowed */
    csrr    t1, SV_CSR_MESTATE      /* trap 4 */
    csrw    SV_CSR_MEPCVBLK, zero   /* trap 5 */
    ecall                           /* back to M: after_s */

after_s:
    expect_traps 5, 6
    csrr    t2, SV_CSR_MEPCVBLK     /* the ecall trap copied S's PCVBLK (§1.9) */
    li      a0, 7
    bnez    t2, fail
    li      t0, 3 << 11             /* MPP = U */
    csrc    mstatus, t0
    la      t0, u_mode
    csrw    mepc, t0
    mret

u_mode:
    li      a0, 9
    sv_setvl t3, a0, 4              /* allowed: t3 = 4 */
    csrr    t1, SV_CSR_MVL          /* allowed: 4 */
    csrr    t1, SV_CSR_STATE        /* allowed */
    csrr    t1, SV_CSR_SESTATE      /* trap 6 */
    csrr    t1, SV_CSR_MESVPSTATE   /* trap 7 */
    csrw    SV_CSR_SEPCVBLK, zero   /* trap 8 */
    ecall                           /* back to M: after_u */

after_u:
    expect_traps 8, 10
    /*
     * The ecall trap swapped U's STATE out and the mret to after_u (MPP =
     * M) swapped it back (§1.9: the swap belongs to the trap level, not to
     * the mode returned to): U's MVL 4 is live, M's own (reset, MVL 1) is
     * in mestate.
     */
    csrr    t1, SV_CSR_MVL
    li      t2, 4
    li      a0, 11
    bne     t1, t2, fail
    csrr    t1, SV_CSR_MESTATE
    andi    t1, t1, 63
    li      a0, 13
    bnez    t1, fail                /* maxvl = MVL - 1 = 0 */
    li      a0, 12
    bne     t3, t2, fail
    la      a1, pass_msg
    call    puts
    li      t0, SIFIVE_TEST
    li      t1, 0x5555
    sw      t1, 0(t0)
1:  j       1b

fail:                               /* a0 = step */
    mv      s0, a0
    la      a1, fail_msg
    call    puts
    li      t0, SIFIVE_TEST
    slli    t1, s0, 16
    li      t2, 0x3333
    or      t1, t1, t2
    sw      t1, 0(t0)
1:  j       1b

puts:                               /* a1 = string */
    li      t0, UART0
1:  lbu     t1, 0(a1)
    beqz    t1, 2f
    sb      t1, 0(t0)
    addi    a1, a1, 1
    j       1b
2:  ret

/*
 * Illegal instruction: count it (s11); where s10 names the expected
 * faulting instruction, check mepc; resume after the instruction.
 * ecall from S/U: resume in M at after_s / after_u.
 */
    .balign 4
trap:
    csrr    t5, mcause
    li      t6, CAUSE_ILLEGAL
    bne     t5, t6, ecall_trap
    addi    s11, s11, 1
    csrr    t5, mepc
    beqz    s10, skip4
    li      a0, 20                  /* mepc is not the faulting insn */
    bne     t5, s10, fail
    /* Skip by the SV length of the instruction at mepc (§3.1). */
    lhu     t6, 0(t5)
    andi    a0, t6, 0x3f
    li      t4, 0x1f
    beq     a0, t4, skip6
    andi    a0, t6, 0x7f
    li      t4, 0x7f
    beq     a0, t4, skip_vblock
skip4:                              /* CSR and sv.setvl are 32-bit */
    addi    t5, t5, 4
    j       resume
skip6:
    addi    t5, t5, 6
    j       resume
skip_vblock:                        /* 10 + 2 * nnn bytes */
    srli    t6, t6, 12
    andi    t6, t6, 7
    slli    t6, t6, 1
    addi    t6, t6, 10
    add     t5, t5, t6
resume:
    csrw    mepc, t5
    mret
ecall_trap:                         /* back to M, at after_s / after_u */
    la      t4, after_s
    li      t6, CAUSE_ECALL_S
    beq     t5, t6, 1f
    la      t4, after_u
    li      t6, CAUSE_ECALL_U
    li      a0, 30                  /* an unexpected trap */
    bne     t5, t6, fail
1:  li      t6, 3 << 11
    csrs    mstatus, t6
    csrw    mepc, t4
    mret

    .section .rodata
pass_msg:
    .asciz "sv-privilege: PASS\n"
fail_msg:
    .asciz "sv-privilege: FAIL\n"
