/*
 * Page faults in the middle of vector loads and stores, S mode with Sv39
 * paging (Sv48 when built with -DSV48): C4 "a fault inside an element
 * loop is precise", §3.8, §7.1, §9.
 *
 * M builds the page tables, delegates load/store page faults to S and
 * mrets to S with paging on.  A window of 8 pages at VA 0x40000000 maps
 * to 8 physical pages; some start unmapped.  S's fault handler checks
 * sepc (the VBLOCK's start), sepcvblk (status 11, the opcode), stval and
 * sestate's element offsets against what the test expects, snapshots
 * x32..x127 and the memory behind the access (with a VBLOCK of its own,
 * under its own STATE), maps the page and srets; the op resumes at the
 * faulting element.  Each test then checks that elements before k were
 * done at the fault and the rest were not, and the final result.
 *
 *   A  ld, unit stride, inline unrolled path (VL = MVL)   fault at k = 5
 *   B  sd, unit stride, predicated (element helper)       fault at k = 3
 *   C  ld, trap-ffirst, element 0 faults: it traps        fault at k = 0
 *   D  ld, trap-ffirst, element 4 on a never-mapped page: no trap, VL := 4
 *   E  ld, indexed (gather)                               fault at k = 2
 *   F  sd, unit stride, inline loop form (VL 12 < MVL 16) fault at k = 6
 *   G  ld, unit stride, MVL 64: one helper_sv_unit_run call that checks
 *      each page once (docs/sv-engine.md)                fault at k = 20
 *   H  the strlen pair fused (trap-ffirst LB + ffirst BNE, one helper
 *      call): 64 bytes running into page 5: no trap, VL := 40, taken
 *   I  the same pair on an unmapped page: element 0 traps,  fault at k = 0
 *   J  amoadd.d through a vector of addresses, element 3 on a read-only
 *      page: a store/AMO fault before the AMO reads    fault at k = 3
 *      (destoffs; srcoffs stays 0: an AMO is single-predicated)
 */
#include "../../linux-user-tests/include/sv.inc"
#include "bm.inc"

.equ CAUSE_LOAD_PF, 13
.equ CAUSE_STORE_PF, 15
.equ WIN, 0x40000000
.equ PTE_LEAF, 0xcf                 /* V R W X A D */
.equ PTE_DATA, 0xc7                 /* V R W A D */
.equ PTE_RO, 0x43                   /* V R A */
.equ PTE_PTR, 0x01
.equ NEVER_PAGE, 5
.equ H_STATE, 31 | (17 << 6)        /* handler's dump block: MVL 32, VL a7 */
#ifdef SV48
.equ SATP_MODE, 9
#else
.equ SATP_MODE, 8
#endif

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

/* x32..x127 to 0(a3), under VL from a7 (clobbers a7, STATE). */
.macro dump_regs
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
.endm

/* x32..x127 := value in a3 (clobbers a7, STATE). */
.macro fill_regs
    li      a7, 32
    sv_vblock_begin ext=1
    sv_vl_rs1 a7, vlmax=32
    sv_reg16 key=a0, regidx=32, isvec=1
    sv_reg16 key=a1, regidx=64, isvec=1
    sv_reg16 key=a2, regidx=96, isvec=1
    sv_ops
    addi    a0, a3, 0
    addi    a1, a3, 0
    addi    a2, a3, 0
    sv_vblock_end
.endm

/*
 * What the fault handler must see next: cause, stval, block, and STATE's
 * destoffs k and srcoffs src_k (k for a twin-predicated load or store, 0
 * for a single-predicated op such as an AMO).
 */
.macro expect_fault cause, stval_reg, block, k, src_k=-1
    la      t0, exp
    li      t1, \cause
    sd      t1, 0(t0)
    sd      \stval_reg, 8(t0)
    la      t1, \block
    sd      t1, 16(t0)
    li      t1, \k
    sd      t1, 24(t0)
    .if \src_k >= 0
    li      t1, \src_k
    .endif
    sd      t1, 32(t0)
.endm

/* Fails `step` unless the handler ran `n` times in all. */
.macro expect_faults n, step
    la      t0, nfaults
    ld      t0, 0(t0)
    bm_checki t0, \n, \step
.endm

/* t0 := the pattern M stored at window address in reg (clobbers t1). */
.macro pattern reg
    li      t1, WIN
    sub     t0, \reg, t1
    srli    t0, t0, 3
    li      t1, 0x5a00000000000000
    or      t0, t0, t1
.endm

/* Checks n dwords from the log of x(reg).. against the pattern at window address in a1 (stepping 8). */
.macro check_log_pattern reg, n, step
    la      s0, log_regs + 8 * (\reg - 32)
    mv      s1, a1
    li      s2, \n
1:  pattern s1
    ld      t2, 0(s0)
    bm_check t2, t0, \step
    addi    s0, s0, 8
    addi    s1, s1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
.endm

/* Checks n dwords of the log of x(reg).. against the pattern at the
 * window addresses in table (clobbers a1, s0, s2, t0..t2). */
.macro check_log_table reg, table, n, step
    la      a1, \table
    la      s0, log_regs + 8 * (\reg - 32)
    li      s2, \n
1:  ld      t2, 0(a1)
    pattern t2
    ld      t2, 0(s0)
    bm_check t2, t0, \step
    addi    s0, s0, 8
    addi    a1, a1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
.endm

/* Checks n dwords of the log of x(reg + first).. against the sentinel. */
.macro check_log_sentinel reg, first, n, step
    la      s0, log_regs + 8 * (\reg - 32 + \first)
    li      s2, \n
    li      s1, 0xdeadbeef
1:  ld      t2, 0(s0)
    bm_check t2, s1, \step
    addi    s0, s0, 8
    addi    s2, s2, -1
    bnez    s2, 1b
.endm

/*
 * At label: ld x32.. (VL = MVL = vl) from base, whose element k is the
 * first on page 1 (WIN + 4096, unmapped: a load page fault there, which
 * the handler resumes after mapping it).  Checks (codes step..step+3):
 * the handler ran faults times in all, elements 0..k-1 were done before
 * the fault and k..vl-1 not (the log), and all vl after the resume.
 */
.macro load_fault_resumed label, base, vl, k, faults, step
    li      a1, \base
    li      a2, WIN + 4096
    expect_fault CAUSE_LOAD_PF, a2, \label, \k
    li      a7, \vl
\label:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=\vl
    sv_reg16 key=a0, regidx=32, isvec=1
    sv_ops
    ld      a0, 0(a1)
    sv_vblock_end
    expect_faults \faults, \step
    check_log_pattern 32, \k, \step + 1
    check_log_sentinel 32, \k, \vl - \k, \step + 2
    la      a3, log_regs
    dump_regs
    check_log_pattern 32, \vl, \step + 3
.endm

    .section .text.start
    .globl _start
_start:
    la      t0, m_trap
    csrw    mtvec, t0
    li      t0, -1
    csrw    pmpaddr0, t0
    li      t0, 0x1f
    csrw    pmpcfg0, t0
    /* Window pages: pattern at each dword. */
    la      t0, phys
    li      t1, 0x5a00000000000000
    li      t2, 8 * 512
1:  sd      t1, 0(t0)
    addi    t0, t0, 8
    addi    t1, t1, 1
    addi    t2, t2, -1
    bnez    t2, 1b
    /* Level 2 (Sv39 root): 0 = MMIO gigapage, 1 = window, 2 = RAM gigapage. */
    la      t0, pt_l2
    li      t1, PTE_DATA
    sd      t1, 0(t0)
    la      t1, pt_l1
    srli    t1, t1, 12
    slli    t1, t1, 10
    ori     t1, t1, PTE_PTR
    sd      t1, 8(t0)
    li      t1, (0x80000000 >> 12) << 10 | PTE_LEAF
    sd      t1, 16(t0)
    la      t0, pt_l1
    la      t1, pt_l0
    srli    t1, t1, 12
    slli    t1, t1, 10
    ori     t1, t1, PTE_PTR
    sd      t1, 0(t0)
    /* Level 0: pages 0 and 4 mapped; the others fault until mapped. */
    li      a0, 0
    call    map_page
    li      a0, 4
    call    map_page
#ifdef SV48
    la      t0, pt_l3
    la      t1, pt_l2
    srli    t1, t1, 12
    slli    t1, t1, 10
    ori     t1, t1, PTE_PTR
    sd      t1, 0(t0)
    la      t0, pt_l3
#else
    la      t0, pt_l2
#endif
    srli    t0, t0, 12
    li      t1, SATP_MODE << 60
    or      t0, t0, t1
    csrw    satp, t0
    sfence.vma
    li      t0, (1 << CAUSE_LOAD_PF) | (1 << CAUSE_STORE_PF)
    csrw    medeleg, t0
    li      t0, 3 << 11
    csrc    mstatus, t0
    li      t0, 1 << 11
    csrs    mstatus, t0
    la      t0, s_main
    csrw    mepc, t0
    mret

/* Any trap into M is a failure: report its cause. */
    .balign 4
m_trap:
    csrr    a1, mcause
    csrr    a2, mtval
    li      a0, 99
    j       bm_fail

/* a0 = window page: its PTE points at phys + 4096 * a0.  Clobbers t0, t1. */
map_page:
    la      t0, phys
    slli    t1, a0, 12
    add     t0, t0, t1
    srli    t0, t0, 12
    slli    t0, t0, 10
    ori     t0, t0, PTE_DATA
    la      t1, pt_l0
    slli    a0, a0, 3
    add     t1, t1, a0
    sd      t0, 0(t1)
    sfence.vma
    ret

/* a0 = window page: mapped read-only.  Clobbers a0, t0, t1. */
map_page_ro:
    la      t0, phys
    slli    t1, a0, 12
    add     t0, t0, t1
    srli    t0, t0, 12
    slli    t0, t0, 10
    ori     t0, t0, PTE_RO
    la      t1, pt_l0
    slli    a0, a0, 3
    add     t1, t1, a0
    sd      t0, 0(t1)
    sfence.vma
    ret

/* a0 = window page: unmapped again.  Clobbers a0, t1. */
unmap_page:
    la      t1, pt_l0
    slli    a0, a0, 3
    add     t1, t1, a0
    sd      zero, 0(t1)
    sfence.vma
    ret

/* ------------------------------------------------------------- S mode */
s_main:
    la      t0, s_trap
    csrw    stvec, t0
    la      t0, s_save
    csrw    sscratch, t0
    li      t3, -1                  /* all-ones predicate mask */
    li      a3, 0xdeadbeef
    fill_regs

    /* A: ld x32.. from WIN + 4096 - 40: elements 0..4 on page 0, 5.. on page 1. */
    load_fault_resumed test_a, WIN + 4096 - 40, 16, 5, 1, 1

    /* B: sd x48.. (0x900 + e) to WIN + 2 * 4096 - 24, predicated: k = 3. */
    la      a2, store_data
    li      a7, 16
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a0, regidx=48, isvec=1
    sv_ops
    ld      a0, 0(a2)
    sv_vblock_end
    li      a1, WIN + 2 * 4096 - 24
    li      a2, WIN + 2 * 4096
    expect_fault CAUSE_STORE_PF, a2, test_b, 3
    la      t0, snap_phys
    la      t1, phys + 2 * 4096 - 24
    sd      t1, 0(t0)
    li      a7, 16
test_b:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a0, regidx=48, isvec=1
    sv_pred16 key=a0, predidx=t3   /* on the data: a1 has no entry (§1.11) */
    sv_ops
    sd      a0, 0(a1)
    sv_vblock_end
    expect_faults 2, 10
    /* At the fault: elements 0..2 stored, the page-2 part untouched. */
    la      s0, log_mem
    li      s1, 0x900
    li      s2, 3
1:  ld      t2, 0(s0)
    bm_check t2, s1, 11
    addi    s0, s0, 8
    addi    s1, s1, 1
    addi    s2, s2, -1
    bnez    s2, 1b
    li      a1, WIN + 2 * 4096
    li      s2, 13
1:  pattern a1
    ld      t2, 0(s0)
    bm_check t2, t0, 12
    addi    s0, s0, 8
    addi    a1, a1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
    /* After the resume: all 16 stored. */
    li      a1, WIN + 2 * 4096 - 24
    li      s1, 0x900
    li      s2, 16
1:  ld      t2, 0(a1)
    bm_check t2, s1, 13
    addi    a1, a1, 8
    addi    s1, s1, 1
    addi    s2, s2, -1
    bnez    s2, 1b

    /* C: trap-ffirst ld x64.. from page 3 (unmapped): element 0 traps. */
    li      a1, WIN + 3 * 4096 + 64
    mv      a2, a1
    expect_fault CAUSE_LOAD_PF, a2, test_c, 0
    li      a7, 16
test_c:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a0, regidx=64, isvec=1
    sv_pred16 key=a0, predidx=t3, ffirst=1
    sv_ops
    ld      a0, 0(a1)
    sv_vblock_end
    expect_faults 3, 20
    bm_checki a7, 16, 21            /* nothing failed after the resume */
    check_log_sentinel 64, 0, 16, 22
    la      a3, log_regs
    dump_regs
    li      a1, WIN + 3 * 4096 + 64
    check_log_pattern 64, 16, 23

    /* D: trap-ffirst ld x80.. from WIN + 5 * 4096 - 32: page 5 never maps, VL := 4. */
    li      a1, WIN + 5 * 4096 - 32
    li      a7, 16
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a0, regidx=80, isvec=1
    sv_pred16 key=a0, predidx=t3, ffirst=1
    sv_ops
    ld      a0, 0(a1)
    sv_vblock_end
    expect_faults 3, 30
    bm_checki a7, 4, 31
    csrr    t0, SV_CSR_STATE
    bm_checki t0, 15 | (17 << 6), 32
    la      a3, log_regs
    dump_regs
    li      a1, WIN + 5 * 4096 - 32
    check_log_pattern 80, 4, 33
    check_log_sentinel 80, 4, 12, 34

    /* E: gather: x96.. hold addresses, 0..1 on page 0, 2.. on page 6. */
    la      a2, gather_addr
    li      a7, 16
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a1, regidx=96, isvec=1
    sv_ops
    ld      a1, 0(a2)
    sv_vblock_end
    li      a2, WIN + 6 * 4096 + 8
    expect_fault CAUSE_LOAD_PF, a2, test_e, 2
    li      a7, 16
test_e:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a0, regidx=112, isvec=1
    sv_reg16 key=a1, regidx=96, isvec=1
    sv_ops
    ld      a0, 0(a1)
    sv_vblock_end
    expect_faults 4, 40
    check_log_table 112, gather_addr, 2, 41
    check_log_sentinel 112, 2, 14, 42
    la      a3, log_regs
    dump_regs
    check_log_table 112, gather_addr, 16, 43

    /* F: sd x48.. (0x900 + e) to WIN + 7 * 4096 - 48, VL 12 of MVL 16 (loop form): k = 6. */
    li      a1, WIN + 7 * 4096 - 48     /* page 6 mapped by E, page 7 not */
    li      a2, WIN + 7 * 4096
    expect_fault CAUSE_STORE_PF, a2, test_f, 6
    la      t0, snap_phys
    la      t1, phys + 7 * 4096 - 48
    sd      t1, 0(t0)
    li      a7, 12
test_f:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=16
    sv_reg16 key=a0, regidx=48, isvec=1
    sv_ops
    sd      a0, 0(a1)
    sv_vblock_end
    expect_faults 5, 50
    la      s0, log_mem
    li      s1, 0x900
    li      s2, 6
1:  ld      t2, 0(s0)
    bm_check t2, s1, 51
    addi    s0, s0, 8
    addi    s1, s1, 1
    addi    s2, s2, -1
    bnez    s2, 1b
    li      a1, WIN + 7 * 4096
    li      s2, 10                  /* 6 of VL 12, then 4 past VL */
1:  pattern a1
    ld      t2, 0(s0)
    bm_check t2, t0, 52
    addi    s0, s0, 8
    addi    a1, a1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
    li      a1, WIN + 7 * 4096 - 48
    li      s1, 0x900
    li      s2, 12
1:  ld      t2, 0(a1)
    bm_check t2, s1, 53
    addi    a1, a1, 8
    addi    s1, s1, 1
    addi    s2, s2, -1
    bnez    s2, 1b
    pattern a1                      /* element 12 is past VL: untouched */
    ld      t2, 0(a1)
    bm_check t2, t0, 54

    /* G: ld x32..x95 from WIN + 4096 - 160, page 1 unmapped again:
     * elements 0..19 on page 0, element 20 faults (the fast path hands
     * the run to the element loop, which faults precisely). */
    li      a0, 1
    call    unmap_page
    li      a3, 0xdeadbeef
    fill_regs
    la      t0, snap_phys
    sd      zero, 0(t0)
    load_fault_resumed test_g, WIN + 4096 - 160, 64, 20, 6, 60

    /* H: trap-ffirst LB of 64 bytes from WIN + 5 * 4096 - 40 (page 5
     * never maps) and BNE against t4 = 0x77, which those bytes do not
     * hold: VL := 40 at the page, no trap, all 40 pass: taken. */
    li      a3, 0xdeadbeef
    fill_regs
    li      a1, WIN + 5 * 4096 - 40
    li      t4, 0x77
    li      a7, 64
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=64
    sv_reg16 key=t0, regidx=32, vew=1
    sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1
    sv_ops
    lb      t0, 0(a1)
    sv_bne  t0, t4, 1f
    sv_vblock_end
    li      a0, 70                  /* not taken */
    j       bm_fail
1:  expect_faults 6, 71
    bm_checki a7, 40, 72
    la      a3, log_regs
    dump_regs
    check_log_pattern 32, 5, 73     /* the 40 bytes */
    check_log_sentinel 32, 5, 59, 74

    /* I: the same pair from page 7, unmapped again: the LB's element 0
     * traps (stval its address, offsets 0); after the resume the 64
     * bytes hold no 0x77: taken with VL 64. */
    li      a0, 7
    call    unmap_page
    li      a1, WIN + 7 * 4096 + 64
    mv      a2, a1
    expect_fault CAUSE_LOAD_PF, a2, test_i, 0
    li      t4, 0x77
    li      a7, 64
test_i:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=64
    sv_reg16 key=t0, regidx=32, vew=1
    sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1
    sv_ops
    lb      t0, 0(a1)
    sv_bne  t0, t4, 1f
    sv_vblock_end
    li      a0, 80                  /* not taken */
    j       bm_fail
1:  expect_faults 7, 81
    bm_checki a7, 64, 82
    la      a3, log_regs
    dump_regs
    check_log_pattern 32, 8, 83

    /* J: amoadd.d x112.., a5, (x96..): addresses 0..2 on page 0, 3..7
     * on page 3, mapped read-only.  An AMO needs write permission, so
     * element 3 takes a store/AMO page fault (stval its address) before
     * it reads; elements 0..2 added once, their old values in x112..;
     * after the handler maps page 3 writable, 3..7 follow. */
    li      a0, 3
    call    map_page_ro
    li      a3, 0xdeadbeef
    fill_regs
    la      t0, snap_phys
    la      t1, phys + 0x100
    sd      t1, 0(t0)
    la      a2, amo_addr
    li      a7, 8
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a1, regidx=96, isvec=1
    sv_ops
    ld      a1, 0(a2)
    sv_vblock_end
    li      a2, WIN + 3 * 4096
    expect_fault CAUSE_STORE_PF, a2, test_j, 3, src_k=0
    li      a5, 0x10
    li      a7, 8
test_j:
    sv_vblock_begin
    sv_vl_rs1 a7, vlmax=8
    sv_reg16 key=a0, regidx=112, isvec=1
    sv_reg16 key=a1, regidx=96, isvec=1
    sv_ops
    amoadd.d a0, a5, (a1)
    sv_vblock_end
    expect_faults 8, 90
    /* At the fault: old values 0..2 in x112.., the rest untouched; the
     * page-0 words 0..2 added once, word 3 (no element's) not at all. */
    check_log_table 112, amo_addr, 3, 91
    la      a1, amo_addr
    la      s3, log_mem
    li      s2, 3
1:  ld      t2, 0(a1)
    pattern t2
    addi    t0, t0, 0x10
    ld      t2, 0(s3)
    bm_check t2, t0, 92
    addi    s3, s3, 8
    addi    a1, a1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
    check_log_sentinel 112, 3, 5, 93
    li      t2, WIN + 0x118
    pattern t2
    ld      t2, 0(s3)
    bm_check t2, t0, 94
    /* After the resume: every element's old value, each word added once. */
    la      a3, log_regs
    dump_regs
    check_log_table 112, amo_addr, 8, 95
    la      a1, amo_addr
    li      s2, 8
1:  ld      s1, 0(a1)
    pattern s1
    addi    t0, t0, 0x10
    ld      t2, 0(s1)
    bm_check t2, t0, 96
    addi    a1, a1, 8
    addi    s2, s2, -1
    bnez    s2, 1b
    j       bm_pass

/* ------------------------------------------------- page fault handler (S) */
    .balign 4
s_trap:
    csrrw   t6, sscratch, t6
    save_regs
    csrr    t0, sscratch
    sd      t0, SAVE_T6(t6)
    csrw    sscratch, t6
    la      s0, exp
    csrr    a1, scause
    ld      a2, 0(s0)
    li      a0, 100
    bne     a1, a2, bm_fail
    csrr    a1, stval
    ld      a2, 8(s0)
    li      a0, 101
    bne     a1, a2, bm_fail
    csrr    a1, sepc
    ld      a2, 16(s0)
    li      a0, 102
    bne     a1, a2, bm_fail
    csrr    t0, SV_CSR_SEPCVBLK
    bm_pcvblk_status t1, t0
    bm_checki t1, 3, 103
    bm_pcvblk_opptr t1, t0
    bm_checki t1, 0, 104
    csrr    t0, SV_CSR_SESTATE
    bm_state_srcoffs a1, t0
    ld      a2, 32(s0)
    li      a0, 105
    bne     a1, a2, bm_fail
    bm_state_destoffs a1, t0
    ld      a2, 24(s0)
    li      a0, 106
    bne     a1, a2, bm_fail
    csrr    t0, SV_CSR_PCVBLK
    bm_checki t0, 0, 107
    /* The handler's own STATE: 0 the first time, then its dump block's. */
    csrr    t0, SV_CSR_STATE
    la      t1, nfaults
    ld      t1, 0(t1)
    beqz    t1, 1f
    bm_checki t0, H_STATE, 108
    j       2f
1:  bm_checki t0, 0, 109
2:  la      a3, log_regs
    dump_regs
    /* 16 dwords of memory at snap_phys. */
    la      t0, snap_phys
    ld      t0, 0(t0)
    beqz    t0, 2f                  /* nothing to snapshot */
    la      t1, log_mem
    li      t2, 16
1:  ld      t3, 0(t0)
    sd      t3, 0(t1)
    addi    t0, t0, 8
    addi    t1, t1, 8
    addi    t2, t2, -1
    bnez    t2, 1b
2:  /* Map the page (never NEVER_PAGE). */
    csrr    a0, stval
    li      t0, WIN
    sub     a0, a0, t0
    srli    a0, a0, 12
    mv      a1, a0
    li      a2, NEVER_PAGE
    li      a0, 110
    beq     a1, a2, bm_fail
    li      a2, 8
    li      a0, 111
    bgeu    a1, a2, bm_fail
    mv      a0, a1
    call    map_page
    la      t0, nfaults
    ld      t1, 0(t0)
    addi    t1, t1, 1
    sd      t1, 0(t0)
    csrr    t6, sscratch
    restore_regs
    ld      t6, SAVE_T6(t6)
    sret

    bm_runtime

    .section .rodata
bm_name:
#ifdef SV48
    .asciz "sv-page-fault-sv48"
#else
    .asciz "sv-page-fault-sv39"
#endif
    .balign 8
store_data:
    .dword 0x900, 0x901, 0x902, 0x903, 0x904, 0x905, 0x906, 0x907
    .dword 0x908, 0x909, 0x90a, 0x90b, 0x90c, 0x90d, 0x90e, 0x90f
gather_addr:
    .dword WIN + 800, WIN + 8
    .dword WIN + 6 * 4096 + 8, WIN + 6 * 4096 + 16, WIN + 6 * 4096 + 24
    .dword WIN + 6 * 4096 + 32, WIN + 6 * 4096 + 40, WIN + 6 * 4096 + 48
    .dword WIN + 6 * 4096 + 56, WIN + 6 * 4096 + 64, WIN + 6 * 4096 + 72
    .dword WIN + 6 * 4096 + 80, WIN + 6 * 4096 + 88, WIN + 6 * 4096 + 96
    .dword WIN + 6 * 4096 + 104, WIN + 6 * 4096 + 4088
amo_addr:
    .dword WIN + 0x100, WIN + 0x108, WIN + 0x110
    .dword WIN + 3 * 4096, WIN + 3 * 4096 + 8, WIN + 3 * 4096 + 16
    .dword WIN + 3 * 4096 + 24, WIN + 3 * 4096 + 32

    .section .data
    .balign 8
exp:
    .skip 40
nfaults:
    .dword 0
snap_phys:
    .dword 0
s_save:
    .skip 8 * 20
log_regs:
    .skip 8 * 96
log_mem:
    .skip 8 * 16
    .balign 4096
pt_l3:
    .skip 4096
pt_l2:
    .skip 4096
pt_l1:
    .skip 4096
pt_l0:
    .skip 4096
phys:
    .skip 8 * 4096
