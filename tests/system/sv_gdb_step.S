/*
 * Fixture for gdbstub-step.sh in system mode (M mode, -bios none): the
 * VBLOCK of tests/qemu/gdb_step.c, run twice, at the same labels.
 *   gdb_step_vblock:  VL 4; t0 -> x40 vector; ld t0, 0(a3); addi t0,
 *                     t0, 1; sd t0, 0(a3); addi a5, a5, 7
 *   gdb_step_after:   csrw 0x803, zero
 * Then it checks gdb_step_v = {3, 4, 5, 6} and a5 = 14 itself.
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

    .section .text.start
    .globl _start
_start:
    la      a3, gdb_step_v
    li      a5, 0
    call    gdb_step_block
    call    gdb_step_block
    bm_checki a5, 14, 1
    li      s0, 0
1:  slli    t2, s0, 3
    add     t3, a3, t2
    ld      t3, 0(t3)
    addi    t5, s0, 3
    bm_check t3, t5, 2
    addi    s0, s0, 1
    li      t2, 4
    bne     s0, t2, 1b
    j       bm_pass

    .globl gdb_step_block
gdb_step_block:
    .globl gdb_step_vblock
gdb_step_vblock:
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
    ld      t0, 0(a3)
    addi    t0, t0, 1
    sd      t0, 0(a3)
    addi    a5, a5, 7
    sv_vblock_end
    .globl gdb_step_after
gdb_step_after:
    csrw    0x803, zero
    ret

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv_gdb_step"

    .data
    .balign 8
    .globl gdb_step_v
gdb_step_v:
    .dword 1, 2, 3, 4
