/*
 * sv_fuzz_system.S: the machine side of sv_fuzz_system.c (random VBLOCKs
 * in S mode under Sv39, resumed after timer interrupts and page faults).
 *
 * _start (M mode): PMP open, the bss zeroed, every exception a block can
 * raise and the supervisor timer interrupt delegated to S, Sstc on
 * (menvcfg.STCE, mcounteren.TM: S programs stimecmp and reads time),
 * stimecmp disarmed, FS on; mret to s_start (S mode), which calls
 * fz_main.  Any trap into M is fatal (fz_m_trap).
 *
 * A block runs under the block root (satp, Sv39), which maps the fuzz
 * area and this program's text only: nothing a random store or load can
 * reach holds the harness's state.  The harness (C code, handler) runs
 * under the harness root, which maps RAM, the MMIO gigapage and the fuzz
 * area.  The two root tables are adjacent (harness PPN even, block PPN
 * odd), so that the trap entry turns the block satp into the harness
 * satp with one xori; while a block runs sscratch holds the block satp.
 *
 * fz_save (the trap frame): x0..x31 at 8*i, f0..f31 at 256 + 8*i, fcsr
 * at 512, the block satp at 520.  fz_run_block() (called by C with the
 * round's x1..x31, f0..f31 and fcsr in fz_save, x32..x127 in fuzz_hi,
 * f32..f127 in fuzz_fp[32..]) loads the upper register files with SV
 * loads, zeroes STATE, SVPSTATE and their S copies but sestate :=
 * fuzz_state (the STATE the block starts on) and enters the block at x31
 * through fz_resume (sret, SPIE = 1).  s_trap saves x1..x31,
 * f0..f31 and fcsr and calls fz_trap(): 0 resumes (fz_resume restores
 * them and srets; the block's STATE, SVPSTATE and PCVBLK come back from
 * sestate, sesvpstate and sepcvblk), 1 ends the run: x32..x127 and
 * f32..f127 are dumped to fz_dump_x / fz_dump_f with SV stores (the
 * handler's own STATE), and an sret with PCVBLK 0 and STATE 0 returns
 * from fz_run_block.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.inc"

.option nopic

.equ CSR_STIMECMP, 0x14d
.equ CSR_MENVCFG, 0x30a
.equ SAVE_F, 256
.equ SAVE_FCSR, 512
.equ SAVE_SATP, 520
/* misaligned, access and page faults, illegal instruction, breakpoint */
.equ DELEG_EXC, 0xff | (1 << 12) | (1 << 13) | (1 << 15)
.equ SSTATUS_SPIE, 1 << 5
.equ SSTATUS_SPP, 1 << 8

    .section .text.start, "ax"
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, -1
    csrw    pmpaddr0, t0
    li      t0, 0x1f                /* NAPOT, RWX: all of memory */
    csrw    pmpcfg0, t0
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sd      zero, 0(t0)
    addi    t0, t0, 8
    j       1b
2:  li      t0, DELEG_EXC
    csrw    medeleg, t0
    li      t0, 1 << 5              /* STIP */
    csrw    mideleg, t0
    csrw    mie, t0
    li      t0, -1
    csrw    CSR_STIMECMP, t0
    li      t0, 1
    slli    t0, t0, 63              /* STCE */
    csrs    CSR_MENVCFG, t0
    li      t0, 2                   /* TM */
    csrw    mcounteren, t0
    li      t0, (3 << 11) | (3 << 13)
    csrc    mstatus, t0
    li      t0, (1 << 11) | (1 << 13)   /* MPP = S, FS = initial */
    csrs    mstatus, t0
    la      t0, s_start
    csrw    mepc, t0
    mret

    .balign 4
m_trap:
    la      sp, fz_stack_top
    csrr    a0, mcause
    csrr    a1, mepc
    csrr    a2, mtval
    call    fz_m_trap
1:  j       1b

s_start:
    la      sp, fz_stack_top
    la      t0, s_trap
    csrw    stvec, t0
    call    fz_main
1:  j       1b

    .text
/* --------------------------------------------------------- trap entry */
    .balign 4
s_trap:
    csrrw   t6, sscratch, t6        /* t6 = block satp */
    xori    t6, t6, 1               /* the harness root */
    csrw    satp, t6
    sfence.vma
    la      t6, fz_save
    .irp n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
    sd      x\n, (8 * \n)(t6)
    .endr
    csrr    t5, sscratch
    sd      t5, (8 * 31)(t6)
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    fsd     f\n, (SAVE_F + 8 * \n)(t6)
    .endr
    frcsr   t5
    sd      t5, SAVE_FCSR(t6)
    la      sp, fz_trap_stack_top
    call    fz_trap
    bnez    a0, s_end
    .globl fz_resume
fz_resume:
    la      t6, fz_save
    ld      t5, (8 * 31)(t6)
    csrw    sscratch, t5            /* the block's t6, for a moment */
    ld      t5, SAVE_FCSR(t6)
    fscsr   t5
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    fld     f\n, (SAVE_F + 8 * \n)(t6)
    .endr
    .irp n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
    ld      x\n, (8 * \n)(t6)
    .endr
    ld      t6, SAVE_SATP(t6)
    csrw    satp, t6                /* the block root: this text only */
    sfence.vma
    csrrw   t6, sscratch, t6        /* t6 = the block's; sscratch = satp */
    sret

/* The run is over: the upper register files, then back to the caller. */
s_end:
    la      a3, fz_dump_x
    li      a7, 32
    sv_vblock_begin ext=1
    sv_vl_rs1 a7, vlmax=32
    sv_reg16 key=a0, regidx=32, isvec=1
    sv_reg16 key=a1, regidx=64, isvec=1
    sv_reg16 key=a2, regidx=96, isvec=1
    sv_ops
    sd      a0, 0(a3)
    sd      a1, 256(a3)
    sd      a2, 512(a3)
    sv_vblock_end
    la      a3, fz_dump_f
    li      a7, 32
    sv_vblock_begin ext=1
    sv_vl_rs1 a7, vlmax=32
    sv_reg16 key=10, regidx=32, isvec=1, int=0
    sv_reg16 key=11, regidx=64, isvec=1, int=0
    sv_reg16 key=12, regidx=96, isvec=1, int=0
    sv_ops
    fsd     f10, 0(a3)
    fsd     f11, 256(a3)
    fsd     f12, 512(a3)
    sv_vblock_end
    csrw    SV_CSR_STATE, zero
    csrw    SV_CSR_SESTATE, zero
    csrw    SV_CSR_SESVPSTATE, zero
    csrw    SV_CSR_SEPCVBLK, zero
    la      t0, run_return
    csrw    sepc, t0
    li      t0, SSTATUS_SPIE
    csrc    sstatus, t0
    li      t0, SSTATUS_SPP
    csrs    sstatus, t0
    sret
run_return:
    la      t0, fz_save
    ld      t1, SAVE_SATP(t0)
    csrw    sscratch, t1            /* a harness trap still finds its root */
    la      t0, fz_drv_ctx
    ld      ra, 0(t0)
    ld      sp, 8(t0)
    ld      gp, 16(t0)
    ld      tp, 24(t0)
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11
    ld      s\n, (32 + 8 * \n)(t0)
    fld     fs\n, (128 + 8 * \n)(t0)
    .endr
    ret

/* ------------------------------------------------------- fz_run_block */
    .globl fz_run_block
fz_run_block:
    la      t0, fz_drv_ctx
    sd      ra, 0(t0)
    sd      sp, 8(t0)
    sd      gp, 16(t0)
    sd      tp, 24(t0)
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11
    sd      s\n, (32 + 8 * \n)(t0)
    fsd     fs\n, (128 + 8 * \n)(t0)
    .endr
    /* x32..x127 from fuzz_hi, f32..f127 from fuzz_fp[32..] */
    la      t6, fuzz_hi
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=48
    sv_reg16 key=a0, regidx=32
    sv_ops
    ld      a0, 0(t6)
    sv_vblock_end
    addi    t6, t6, 384
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=48
    sv_reg16 key=a0, regidx=80
    sv_ops
    ld      a0, 0(t6)
    sv_vblock_end
    la      t6, fuzz_fp + 256
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=48
    sv_reg16 key=10, regidx=32, int=0
    sv_ops
    fld     f10, 0(t6)
    sv_vblock_end
    sv_vblock_begin
    sv_vl_rd rd=t5, vlmax=48
    sv_reg16 key=10, regidx=80, int=0
    sv_ops
    fld     f10, 384(t6)
    sv_vblock_end
    csrw    SV_CSR_STATE, zero
    csrw    SV_CSR_SVPSTATE, zero
    la      t0, fuzz_state          /* the block's STATE, after the sret */
    ld      t0, 0(t0)
    csrw    SV_CSR_SESTATE, t0
    csrw    SV_CSR_SESVPSTATE, zero
    csrw    SV_CSR_SEPCVBLK, zero
    la      t0, fz_save
    ld      t1, (8 * 31)(t0)        /* the block's address */
    csrw    sepc, t1
    li      t1, SSTATUS_SPP | SSTATUS_SPIE
    csrs    sstatus, t1
    j       fz_resume

    .bss
    .balign 8
    .globl fz_save
fz_save:
    .skip 528
fz_drv_ctx:
    .skip 8 * 28
    .balign 16
    .skip 16384
fz_stack_top:
    .skip 16384
fz_trap_stack_top:
