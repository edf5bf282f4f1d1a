/*
 * The work.inc VBLOCK loop as a Linux program's function (for the kernel
 * boot test, sv_linux_work.c).
 *   uint64_t sv_linux_work(uint64_t iterations, uint64_t split): 0, or
 *   the failed step (3, 4, 5: A, B or C differs from the scalar
 *   reference) after printing it (sv_linux_fail).
 * split = 0 runs work.inc's 12-opcode block, so timer interrupts land
 * inside blocks and must resume through sepc/sepcvblk; split = 1 runs the
 * same 12 opcodes as 12 one-opcode blocks, which interrupts only reach
 * between blocks (stock Linux does not keep sepcvblk across a nested
 * trap: README, "What a kernel must do for SV").
 */

/* One opcode of work_block as a block of its own (same tables). */
.macro blk1 op:vararg
    sv_vblock_begin ext=1
    sv_vl_rs1 a5, vlmax=32
    sv_reg16 key=a0, regidx=32, isvec=1
    sv_reg16 key=a1, regidx=64, isvec=1
    sv_reg16 key=a2, regidx=96, isvec=1
    sv_pred16 key=a0, predidx=t3
    sv_ops
    \op
    sv_vblock_end
.endm
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"
#include "work.inc"

    .text
    .globl sv_linux_work
    .balign 4
sv_linux_work:
    addi    sp, sp, -64
    sd      ra, 0(sp)
    sd      s1, 8(sp)
    sd      s2, 16(sp)
    sd      s3, 24(sp)
    sd      s4, 32(sp)
    sd      s5, 40(sp)
    sd      s6, 48(sp)
    mv      s6, a0
    mv      s5, a1
    work_init
    li      s1, 0
    li      t3, -1
    li      a5, 32
    bnez    s5, 2f
1:  work_block
    addi    s1, s1, 1
    bne     s1, s6, 1b
    j       3f
2:  blk1    add a0, a0, a1
    blk1    xor a1, a1, a0
    blk1    slli a2, a2, 1
    blk1    add a2, a2, a0
    blk1    sub a1, a1, a2
    blk1    addi a0, a0, 3
    blk1    mul a2, a2, a1
    blk1    add a0, a0, a2
    blk1    srai a1, a1, 1
    blk1    add a1, a1, a0
    blk1    xori a2, a2, 0x55
    blk1    addi a0, a0, -1
    addi    s1, s1, 1
    bne     s1, s6, 2b
3:
    work_reference
    li      a0, 0
sv_linux_work_out:
    ld      ra, 0(sp)
    ld      s1, 8(sp)
    ld      s2, 16(sp)
    ld      s3, 24(sp)
    ld      s4, 32(sp)
    ld      s5, 40(sp)
    ld      s6, 48(sp)
    addi    sp, sp, 64
    ret

/* bm_check's failure path: a0 = step, a1 = got, a2 = want. */
bm_fail:
    mv      s1, a0
    call    sv_linux_fail
    mv      a0, s1
    j       sv_linux_work_out

    .data
    .balign 8
init:
    .skip 768
result:
    .skip 768
