/*
 * Timer interrupts inside long VBLOCK loops (§3.8, §9).
 *
 * The main loop runs one VBLOCK2 of 12 vector opcodes over three
 * 32-element vectors (x32.., x64.., x96..; MVL 32) again and again while
 * the CLINT timer interrupts it every INTERVAL ticks.  Most opcodes are
 * not idempotent (accumulations), so re-running any of them, or skipping
 * one, after an interrupt changes the result.  Opcodes writing a0 have an
 * all-ones predicate (the element helper); the others take the inline
 * paths (unrolled and loop form).
 *
 * The M-mode handler checks that an interrupt taken inside the block has
 * mepc = the block's start and mepcvblk = an opcode (status 11), counts
 * those, runs a VBLOCK of its own (its own STATE, kept across interrupts
 * in meSTATE) and re-arms the timer.  After at least MIN_IRQS interrupts,
 * MIN_MID of them mid-block, the vectors are compared with a scalar
 * reference that runs the same number of iterations.
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"
#include "work.inc"

.equ INTERVAL, 2000                 /* ticks of the 10 MHz mtime */
.equ MIN_IRQS, 40
.equ MIN_MID, 10
.equ MIN_ITERS, 200
.equ MAX_ITERS, 2000000
.equ H_STATE, 2 | (17 << 6)         /* handler block: MVL 3, VL from a7 */
.equ MAIN_STATE, 31 | (15 << 6)     /* main block: MVL 32, VL from a5 */

.macro save_regs
    .irp r, t0,t1,t2,t3,t4,t5,a0,a1,a2,a3,a4,a5,a6,a7,ra
        sd  \r, SAVE_\r(t6)
    .endr
.endm
.macro restore_regs
    .irp r, t0,t1,t2,t3,t4,t5,a0,a1,a2,a3,a4,a5,a6,a7,ra
        ld  \r, SAVE_\r(t6)
    .endr
.endm
.set .Lsave_i, 0
.irp r, t0,t1,t2,t3,t4,t5,a0,a1,a2,a3,a4,a5,a6,a7,ra
    .equ SAVE_\r, .Lsave_i
    .set .Lsave_i, .Lsave_i + 8
.endr
.equ SAVE_T6, .Lsave_i


    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    la      t0, m_save
    csrw    mscratch, t0
    work_init

    /* Arm the timer and enable its interrupt. */
    li      t0, BM_CLINT_MTIME
    ld      t1, 0(t0)
    li      t2, INTERVAL
    add     t1, t1, t2
    li      t0, BM_CLINT_MTIMECMP
    sd      t1, 0(t0)
    li      t0, 1 << 7              /* MTIE */
    csrw    mie, t0
    csrsi   mstatus, 1 << 3         /* MIE */

    li      s1, 0                   /* iterations */
    li      t3, -1                  /* the all-ones predicate mask */
    li      a5, 32
main_loop:
work_start:
    work_block
    addi    s1, s1, 1
    li      t0, MAX_ITERS
    bgeu    s1, t0, no_irqs
    li      t0, MIN_ITERS
    bltu    s1, t0, main_loop
    la      t0, irq_count
    ld      t0, 0(t0)
    li      t1, MIN_IRQS
    bltu    t0, t1, main_loop
    la      t0, mid_count
    ld      t0, 0(t0)
    li      t1, MIN_MID
    bltu    t0, t1, main_loop

    csrci   mstatus, 1 << 3
    csrw    mie, zero
    csrr    t0, SV_CSR_STATE
    bm_checki t0, MAIN_STATE, 1
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 2
    work_reference

    bm_print "sv-timer-irq: iterations "
    mv      a0, s1
    call    bm_puthex
    bm_print " interrupts "
    la      t0, irq_count
    ld      a0, 0(t0)
    call    bm_puthex
    bm_print " mid-block "
    la      t0, mid_count
    ld      a0, 0(t0)
    call    bm_puthex
    bm_print "\n"
    j       bm_pass

no_irqs:
    la      t0, irq_count
    ld      a1, 0(t0)
    li      a2, MIN_IRQS
    li      a0, 6
    j       bm_fail

/* ------------------------------------------------- timer interrupt (M) */
    .balign 4
m_trap:
    csrrw   t6, mscratch, t6
    save_regs
    csrr    t0, mscratch
    sd      t0, SAVE_T6(t6)
    csrw    mscratch, t6
    csrr    t0, mcause
    li      t1, (1 << 63) | 7
    bm_check t0, t1, 10
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 11
    /* The handler's own context, as it left it last time. */
    csrr    t0, SV_CSR_STATE
    la      t1, irq_count
    ld      t1, 0(t1)
    beqz    t1, 1f
    bm_checki t0, H_STATE, 12
    j       2f
1:  bm_checki t0, 0, 13
2:  csrr    t0, SV_CSR_MESTATE      /* the interrupted context */
    li      t1, 0xfff
    and     t0, t0, t1
    bm_checki t0, MAIN_STATE, 14
    csrr    t0, SV_CSR_MEPCVBLK
    beqz    t0, 3f
    bm_pcvblk_status t1, t0
    bm_checki t1, 3, 15
    csrr    t1, mepc
    la      t2, work_start
    bm_check t1, t2, 16
    bm_pcvblk_opptr t1, t0
    li      t2, 22
    bltu    t2, t1, 17f             /* 12 four-byte opcodes: opptr <= 22 */
    andi    t1, t1, 1
    bnez    t1, 17f
    la      t1, mid_count
    ld      t2, 0(t1)
    addi    t2, t2, 1
    sd      t2, 0(t1)
3:  /* Vector work of the handler's own: x10..x12 += 1. */
    li      a7, 3
    li      a0, 10
    li      a1, 20
    li      a2, 30
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=3
    sv_reg16 key=a0, regidx=a0, isvec=1
    sv_ops
    addi    a0, a0, 1
    sv_vblock_end
    li      t0, 11
    bm_check a0, t0, 18
    li      t0, 31
    bm_check a2, t0, 19
    la      t1, irq_count
    ld      t2, 0(t1)
    addi    t2, t2, 1
    sd      t2, 0(t1)
    li      t0, BM_CLINT_MTIME
    ld      t1, 0(t0)
    li      t2, INTERVAL
    add     t1, t1, t2
    li      t0, BM_CLINT_MTIMECMP
    sd      t1, 0(t0)
    csrr    t6, mscratch
    restore_regs
    ld      t6, SAVE_T6(t6)
    mret
17: mv      a1, t0
    li      a2, 0
    li      a0, 17                  /* mepcvblk names no opcode */
    j       bm_fail

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv-timer-irq"

    .section .data
    .balign 8
irq_count:
    .dword 0
mid_count:
    .dword 0
m_save:
    .skip 8 * 16
init:
    .skip 768
result:
    .skip 768
