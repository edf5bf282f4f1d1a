/*
 * The guest side of the snapshot test (tests/qemu/sysmode_snapshot.py):
 * M and S each hold their own vector context (S's STATE, x-registers and
 * the trap copies all differ), then S runs the work.inc VBLOCK loop for
 * ITERS iterations while the host stops the machine inside a block
 * (pcvblk status 11), migrates it to a file and resumes it in a new QEMU.
 * The result must equal the scalar reference, and the M context (kept in
 * mestate while S runs) must come back through an ecall.
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"
#include "work.inc"

.equ ITERS, 400000
.equ M_STATE, 6 | (9 << 6)          /* sv.setvl s1, a0, 7: MVL 7, VL register x9 */

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, -1
    csrw    pmpaddr0, t0
    li      t0, 0x1f
    csrw    pmpcfg0, t0
    li      a0, 7
    sv_setvl s1, a0, 7              /* M's own context: MVL 7 */
    csrr    t0, SV_CSR_STATE
    bm_checki t0, M_STATE, 1
    li      t0, 3 << 11
    csrc    mstatus, t0
    li      t0, 1 << 11
    csrs    mstatus, t0
    la      t0, s_main
    csrw    mepc, t0
    mret

s_main:
    work_init
    bm_print "sv-snapshot: running\n"
    li      s1, 0
    li      t3, -1
    li      a5, 32
    li      s6, ITERS
1:  work_block
    addi    s1, s1, 1
    bne     s1, s6, 1b
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 2
    ecall                           /* M checks its context */
    work_reference
    j       bm_pass

    .balign 4
m_trap:
    csrr    t0, mcause
    bm_checki t0, 9, 10             /* ecall from S */
    csrr    t0, SV_CSR_STATE
    bm_checki t0, M_STATE, 11
    csrr    t0, SV_CSR_MESTATE
    li      t1, 31 | (15 << 6)      /* S: MVL 32, VL from a5 */
    bm_check t0, t1, 12
    csrr    t0, mepc
    addi    t0, t0, 4
    csrw    mepc, t0
    mret

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv-snapshot"

    .section .data
    .balign 8
init:
    .skip 768
result:
    .skip 768
