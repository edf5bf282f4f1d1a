/*
 * SYSTEM opcodes inside a VBLOCK in M mode (docs/sv-state.md, "SYSTEM
 * opcodes in a block"):
 *   1. sfence.vma and wfi in the middle of a block: both run (WFI is a
 *      NOP inside a block, as the privileged spec allows), the opcodes
 *      after them too, and the block ends normally (PCVBLK 0);
 *   2. mret in the middle of a block leaves it as a jump does: PC :=
 *      mepc, PCVBLK := mepcvblk (0 here), the opcodes after it do not
 *      run, and the vector opcodes before it did (VL 4 elements).
 * No trap is expected: any trap fails (step 30).
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    la      a3, vdata
    li      a5, 0

    /* 1. sfence.vma and wfi run once, the block goes on. */
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
    ld      t0, 0(a3)
    sfence.vma
    addi    t0, t0, 1
    wfi
    sd      t0, 0(a3)
    addi    a5, a5, 1
    sv_vblock_end
    bm_checki a5, 1, 1
    csrr    t2, SV_CSR_PCVBLK
    bm_checki t2, 0, 2
    ld      t2, 24(a3)
    bm_checki t2, 4, 3              /* vdata[3] = 3 + 1 */

    /* 2. mret leaves the block for mepc, with PCVBLK from mepcvblk. */
    la      t2, after_mret
    csrw    mepc, t2
    li      t2, 3 << 11             /* MPP = M */
    csrs    mstatus, t2
    csrw    SV_CSR_MEPCVBLK, zero
    sv_vblock_begin ext=1
    sv_vl_rd rd=t4, vlmax=4
    sv_reg16 key=t0, regidx=40
    sv_ops
    ld      t0, 0(a3)
    addi    t0, t0, 10
    sd      t0, 0(a3)
    mret
    addi    a5, a5, 100             /* must not run */
    sv_vblock_end
    addi    a5, a5, 1000            /* must not run either */
after_mret:
    bm_checki a5, 1, 4
    csrr    t2, SV_CSR_PCVBLK
    bm_checki t2, 0, 5
    ld      t2, 24(a3)
    bm_checki t2, 14, 6             /* vdata[3] = 4 + 10 */
    ld      t2, 0(a3)
    bm_checki t2, 11, 7             /* vdata[0] = 0 + 1 + 10 */
    j       bm_pass

    .balign 4
m_trap:
    csrr    a1, mcause
    li      a0, 30
    li      a2, 0
    j       bm_fail

    bm_runtime

    .section .rodata
bm_name:
    .asciz "sv_block_system"

    .data
    .balign 8
vdata:
    .dword 0, 1, 2, 3
