/*
 * Nested traps, each level with its own vector context (§1.9, §3.8, §9).
 *
 * M sets its STATE (MVL 5), puts S's first STATE into mestate and mrets
 * to S; S sets its own and puts U's first STATE into sestate; sret to U.
 * Each xRET must swap in the prepared value.  Then:
 *
 *  1. U runs a VBLOCK {addi a0,a0,1 | csrr t1,sestate | add a1,a1,a0} on
 *     x40.. and x56..; the csrr is illegal in U and traps to S (medeleg),
 *     which checks sepc = the block start, sepcvblk = opcode 1 (status 11),
 *     sestate = U's STATE, and that S runs with its own STATE.
 *  2. Inside that handler S runs its own VBLOCK, a unit-stride ld of 8
 *     elements whose 4th element lies in a PMP-protected page: a load
 *     access fault traps to M (not delegated).  M checks mepc, mepcvblk,
 *     mtval, mestate = S's STATE with srcoffs/destoffs 3, sestate still
 *     U's, its own STATE, and that elements 0..2 are loaded and 3..7 not
 *     (a dump block of its own).  M opens the page and mrets: S's load
 *     resumes at element 3 without redoing 0..2 (nor the VL block).
 *  3. S emulates the csrr (t1 := 0x5e5e) by advancing sepcvblk past it
 *     (§3.7: software may emulate by editing (x)ePCVBLK) and srets: U
 *     resumes at opcode 2, so opcode 0 (addi) ran exactly once.
 *  4. U ecalls to S, S ecalls to M: each checks the others' copies, and
 *     each xRET restores the level's own STATE.
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

.equ CAUSE_ILLEGAL, 2
.equ CAUSE_LOAD_ACCESS, 5
.equ CAUSE_ECALL_U, 8
.equ CAUSE_ECALL_S, 9
.equ PMP_NAPOT, 0x18

/* STATE values: maxvl | vl << 6 (offsets 0, SUBVL 1). */
.equ M_STATE0, 4 | (5 << 6)        /* sv.setvl t0, a0, 5 */
.equ S_STATE0, 3 | (2 << 6)        /* written to mestate by M */
.equ U_STATE0, 5 | (3 << 6)        /* written to sestate by S */
.equ U_STATE1, 7 | (17 << 6)       /* U's blocks: MVL 8, VL from a7 */
.equ S_STATE1, 7 | (16 << 6)       /* S's block: MVL 8, VL from a6 */
.equ M_STATE1, 7 | (15 << 6)       /* M's dump block: MVL 8, VL from a5 */

/* Handler register save/restore through xscratch (t6 = the area). */
.macro save_regs
    .irp r, ra,t0,t1,t2,t3,t4,t5,a0,a1,a2,a3,a4,a5,a6,a7,s0,s1,s2
        sd  \r, SAVE_\r(t6)
    .endr
.endm
.macro restore_regs
    .irp r, ra,t0,t1,t2,t3,t4,t5,a0,a1,a2,a3,a4,a5,a6,a7,s0,s1,s2
        ld  \r, SAVE_\r(t6)
    .endr
.endm
.set .Lsave_i, 0
.irp r, ra,t0,t1,t2,t3,t4,t5,a0,a1,a2,a3,a4,a5,a6,a7,s0,s1,s2
    .equ SAVE_\r, .Lsave_i
    .set .Lsave_i, .Lsave_i + 8
.endr
.equ SAVE_T6, .Lsave_i

/* Stores x72..x79 (a0 tagged) to 0(a2), VL from \vlreg (set to 8). */
.macro dump72 vlreg
    li      \vlreg, 8
    sv_vblock_begin
    sv_vl_rs1 \vlreg, vlmax=8
    sv_reg16 key=a0, regidx=72, isvec=1
    sv_ops
    sd      a0, 0(a2)
    sv_vblock_end
.endm

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    la      t0, m_save
    csrw    mscratch, t0
    /* PMP 0: the guard page, no access for S/U; PMP 1: everything. */
    la      t0, guard
    srli    t0, t0, 2
    ori     t0, t0, (4096 / 8) - 1
    csrw    pmpaddr0, t0
    li      t0, -1
    csrw    pmpaddr1, t0
    li      t0, PMP_NAPOT | ((PMP_NAPOT | 7) << 8)
    csrw    pmpcfg0, t0
    li      t0, (1 << CAUSE_ILLEGAL) | (1 << CAUSE_ECALL_U)
    csrw    medeleg, t0
    /* The data S will load: guard - 24 + 8e holds 0xa000 + e. */
    la      t0, guard
    addi    t0, t0, -24
    li      t1, 0xa000
    li      t2, 8
1:  sd      t1, 0(t0)
    addi    t0, t0, 8
    addi    t1, t1, 1
    addi    t2, t2, -1
    bnez    t2, 1b

    /* M's own context. */
    li      a0, 5
    sv_setvl t0, a0, 5
    csrr    t1, SV_CSR_STATE
    bm_checki t1, M_STATE0, 1
    li      t1, S_STATE0
    csrw    SV_CSR_MESTATE, t1
    li      t0, 3 << 11
    csrc    mstatus, t0
    li      t0, 1 << 11             /* MPP = S */
    csrs    mstatus, t0
    la      t0, s_entry
    csrw    mepc, t0
    mret

/* ------------------------------------------------------------- S mode */
s_entry:
    csrr    t1, SV_CSR_STATE        /* mret swapped mestate in */
    bm_checki t1, S_STATE0, 2
    csrr    t1, SV_CSR_PCVBLK
    bm_checki t1, 0, 3
    la      t0, s_trap
    csrw    stvec, t0
    la      t0, s_save
    csrw    sscratch, t0
    li      t1, U_STATE0
    csrw    SV_CSR_SESTATE, t1
    li      t0, 1 << 8              /* SPP = U */
    csrc    sstatus, t0
    la      t0, u_entry
    csrw    sepc, t0
    sret

/* ------------------------------------------------------------- U mode */
u_entry:
    csrr    t1, SV_CSR_STATE        /* sret swapped sestate in */
    bm_checki t1, U_STATE0, 4
    li      a7, 8
    la      a2, u_init40
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_ops
    ld      a0, 0(a2)
    sv_vblock_end
    la      a2, u_init56
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a1, regidx=56, isvec=1
    sv_ops
    ld      a1, 0(a2)
    sv_vblock_end
    li      t1, 0
u_block:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_reg16 key=a1, regidx=56, isvec=1
    sv_ops
    addi    a0, a0, 1
u_csrr:
    csrr    t1, SV_CSR_SESTATE      /* illegal in U: S emulates it */
    add     a1, a1, a0
    sv_vblock_end
    bm_checki t1, 0x5e5e, 5
    csrr    t1, SV_CSR_STATE
    bm_checki t1, U_STATE1, 6
    csrr    t1, SV_CSR_PCVBLK
    bm_checki t1, 0, 7
    /* x40.. = init + 1 (once), x56.. = init56 + x40 */
    la      a2, u_out40
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a0, regidx=40, isvec=1
    sv_reg16 key=a1, regidx=56, isvec=1
    sv_ops
    sd      a0, 0(a2)
    sd      a1, 64(a2)
    sv_vblock_end
    la      s0, u_init40
    la      s1, u_out40
    li      s2, 8
1:  ld      t2, 0(s0)
    addi    t2, t2, 1
    ld      t3, 0(s1)
    bm_check t3, t2, 8
    ld      t4, 64(s0)              /* u_init56 follows u_init40 */
    add     t4, t4, t2
    ld      t3, 64(s1)
    bm_check t3, t4, 9
    addi    s0, s0, 8
    addi    s1, s1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
    ecall                           /* to S, which ecalls to M */
    csrr    t1, SV_CSR_STATE
    bm_checki t1, U_STATE1, 10
    la      t0, s_handled
    ld      t1, 0(t0)
    bm_checki t1, 2, 11             /* both S handlers ran to the end */
    la      t0, m_handled
    ld      t1, 0(t0)
    bm_checki t1, 2, 12
    j       bm_pass

/* ------------------------------------------------------- S trap handler */
    .balign 4
s_trap:
    csrrw   t6, sscratch, t6
    save_regs
    csrr    t0, sscratch
    sd      t0, SAVE_T6(t6)
    csrw    sscratch, t6
    csrr    t0, scause
    li      t1, CAUSE_ECALL_U
    beq     t0, t1, s_ecall
    bm_checki t0, CAUSE_ILLEGAL, 20
    csrr    t0, sepc
    la      t1, u_block
    bm_check t0, t1, 21
    csrr    t0, SV_CSR_SEPCVBLK
    bm_pcvblk_status t1, t0
    bm_checki t1, 3, 22
    bm_pcvblk_opptr t1, t0
    bm_checki t1, 2, 23             /* after the 4-byte addi */
    csrr    t0, SV_CSR_SESTATE
    bm_checki t0, U_STATE1, 24
    csrr    t0, SV_CSR_STATE        /* S's own context, kept by seSTATE */
    bm_checki t0, S_STATE0, 25
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 26

    /* S's own vector work; its element 3 faults into M. */
    la      a1, guard
    addi    a1, a1, -24
    li      a6, 8
    li      a3, 0xdead
    sv_vblock_begin
    sv_vl_rs1 a6, vlmax=8
    sv_reg16 key=a0, regidx=72, isvec=1
    sv_ops
    addi    a0, a3, 0               /* x72..x79 := 0xdead */
    sv_vblock_end
s_block:
    sv_vblock_begin
    sv_vl_rs1 a6, vlmax=8
    sv_reg16 key=a0, regidx=72, isvec=1
    sv_ops
    ld      a0, 0(a1)
    sv_vblock_end
    csrr    t0, SV_CSR_STATE
    bm_checki t0, S_STATE1, 27
    la      t0, m_handled
    ld      t0, 0(t0)
    bm_checki t0, 1, 28
    la      a2, s_dump
    dump72  a6
    csrr    t0, SV_CSR_STATE        /* dump72 used a6 as well */
    bm_checki t0, S_STATE1, 29
    la      s0, s_dump
    li      s1, 0xa000
    li      s2, 8
1:  ld      t0, 0(s0)
    bm_check t0, s1, 30
    addi    s0, s0, 8
    addi    s1, s1, 1
    addi    s2, s2, -1
    bnez    s2, 1b
    /* Emulate the csrr: t1 := 0x5e5e, resume at the next opcode. */
    li      t0, 0x5e5e
    csrr    t1, sscratch            /* bm_check* clobber t6 */
    sd      t0, SAVE_t1(t1)
    csrr    t0, SV_CSR_SEPCVBLK
    addi    t0, t0, 2               /* a 32-bit opcode: 2 parcels */
    csrw    SV_CSR_SEPCVBLK, t0
    la      t0, s_handled
    li      t1, 1
    sd      t1, 0(t0)
    j       s_return

s_ecall:
    csrr    t0, SV_CSR_SEPCVBLK
    bm_checki t0, 0, 40
    csrr    t0, SV_CSR_SESTATE
    bm_checki t0, U_STATE1, 41
    csrr    t0, SV_CSR_STATE
    bm_checki t0, S_STATE1, 42
    ecall                           /* to M */
    csrr    t0, SV_CSR_STATE
    bm_checki t0, S_STATE1, 43
    csrr    t0, SV_CSR_SESTATE
    bm_checki t0, U_STATE1, 44
    csrr    t0, sepc
    addi    t0, t0, 4
    csrw    sepc, t0
    la      t0, s_handled
    li      t1, 2
    sd      t1, 0(t0)
s_return:
    csrr    t6, sscratch
    restore_regs
    ld      t6, SAVE_T6(t6)
    sret

/* ------------------------------------------------------- M trap handler */
    .balign 4
m_trap:
    csrrw   t6, mscratch, t6
    save_regs
    csrr    t0, mscratch
    sd      t0, SAVE_T6(t6)
    csrw    mscratch, t6
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 50
    csrr    t0, mcause
    li      t1, CAUSE_ECALL_S
    beq     t0, t1, m_ecall
    bm_checki t0, CAUSE_LOAD_ACCESS, 51
    csrr    t0, mepc
    la      t1, s_block
    bm_check t0, t1, 52
    csrr    t0, mtval
    la      t1, guard
    bm_check t0, t1, 53
    csrr    t0, SV_CSR_MEPCVBLK
    bm_pcvblk_status t1, t0
    bm_checki t1, 3, 54
    bm_pcvblk_opptr t1, t0
    bm_checki t1, 0, 55
    csrr    t0, SV_CSR_MESTATE      /* S's context, at the faulting element */
    bm_state_srcoffs t1, t0
    bm_checki t1, 3, 56
    bm_state_destoffs t1, t0
    bm_checki t1, 3, 57
    li      t1, 0xfff
    and     t1, t0, t1
    bm_checki t1, S_STATE1, 58
    csrr    t0, SV_CSR_SESTATE      /* U's, untouched by the M trap */
    bm_checki t0, U_STATE1, 59
    csrr    t0, SV_CSR_STATE        /* M's own */
    bm_checki t0, M_STATE0, 60
    /* Elements 0..2 are loaded, 3..7 are not (precise). */
    la      a2, m_dump
    dump72  a5
    la      s0, m_dump
    li      s1, 0xa000
    li      s2, 3
1:  ld      t0, 0(s0)
    bm_check t0, s1, 61
    addi    s0, s0, 8
    addi    s1, s1, 1
    addi    s2, s2, -1
    bnez    s2, 1b
    li      s2, 5
    li      s1, 0xdead
1:  ld      t0, 0(s0)
    bm_check t0, s1, 62
    addi    s0, s0, 8
    addi    s2, s2, -1
    bnez    s2, 1b
    csrs    pmpcfg0, 3              /* open the guard page: R, W */
    la      t0, m_handled
    li      t1, 1
    sd      t1, 0(t0)
    j       m_return

m_ecall:
    csrr    t0, SV_CSR_MEPCVBLK
    bm_checki t0, 0, 70
    csrr    t0, SV_CSR_MESTATE
    bm_checki t0, S_STATE1, 71
    csrr    t0, SV_CSR_SESTATE
    bm_checki t0, U_STATE1, 72
    csrr    t0, SV_CSR_STATE        /* M's, as its dump block left it */
    bm_checki t0, M_STATE1, 73
    csrr    t0, mepc
    addi    t0, t0, 4
    csrw    mepc, t0
    la      t0, m_handled
    li      t1, 2
    sd      t1, 0(t0)
m_return:
    csrr    t6, mscratch
    restore_regs
    ld      t6, SAVE_T6(t6)
    mret

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv-trap-nested"

    .section .data
    .balign 8
u_init40:
    .dword 100, 200, 300, 400, 500, 600, 700, 800
u_init56:
    .dword 7, 17, 27, 37, 47, 57, 67, 77
u_out40:
    .skip 128
s_dump:
    .skip 64
m_dump:
    .skip 64
s_handled:
    .dword 0
m_handled:
    .dword 0
s_save:
    .skip 8 * 20
m_save:
    .skip 8 * 20
    .balign 4096
    .skip 4096 - 64
guard_pre:
    .skip 64
guard:
    .skip 4096
