/*
 * sv_fuzz_system: random VBLOCKs in S mode under Sv39, each run twice:
 * once uninterrupted with every page mapped, once with timer interrupts
 * at random points and data pages unmapped or read-only, so that loads
 * and stores fault in the middle of element loops; the S-mode handler
 * maps the page (or gives the write permission back) and srets, and the
 * block resumes at the opcode and element sepcvblk and sestate name.
 * Both runs must end in the same state: the trap that ended the block
 * (cause, sepc, sepcvblk, stval), x1..x127, f0..f127, fcsr, STATE,
 * SVPSTATE and every data page (C4, §3.8, §9; docs/sv-state.md, "System
 * mode").  The host side (fuzz-system.sh) checks that QEMU neither
 * crashed nor asserted.
 *
 * The blocks are fuzz_vblock's well-formed kinds (fuzz_gen.h): alu and
 * fp (one round in sixteen each), run (three), fuse (two: a load + vector
 * branch, sometimes a loop) and the five shape kinds (mixw, ffirst, mem,
 * twin, fpff: nine); the round's registers and memory are set up as
 * fuzz_vblock's digest mode sets them (scratch pointers, page edges, FP
 * specials), in the same fuzz area layout at another address, except
 * that run_buf's unmapped and read-only pages are read-write one round
 * in two each.  A block ends in the C.EBREAK that fills the code pages
 * around it (or in whatever exception it raises: illegal instruction, a
 * fault on a page that is unmapped or read-only in both runs); a block
 * still running after WATCHDOG ticks (a fuse loop that never ends) is
 * stopped and not compared.
 *
 * Run B (the interrupted run, first or second at random):
 *   - 1 to 4 timer interrupts (stimecmp, Sstc): the first at a random
 *     time within twice the block's measured run time, each next one
 *     re-armed by the handler, at random or (after an interrupt inside
 *     the block, one time in four) at once, taken right at the resume;
 *     after a page fault, one time in two at once;
 *   - the data pages unmapped or read-only at random, mostly those
 *     around the block's address register (perturb_pages), and the
 *     second code page unmapped one time in two (blocks are placed
 *     across the code pages' boundary one time in four).  A block with a
 *     trap-fail-on-first store keeps its data pages, one with a
 *     trap-fail-on-first load gets them read-only at most: their VL cut
 *     at a page run B took away would be a legitimate difference (§7.1).
 * The handler checks that sepc is the block's start whenever sepcvblk
 * names an opcode.  The test fails when any round differs, when fewer
 * than rounds / 8 resumes inside a block happened (or no interrupt
 * inside a block or no fault past element 0 was among them), or when
 * fewer than 80% of the rounds were compared.
 *
 * Parameters (written by QEMU's generic loader at PARAMS, fuzz-system.sh):
 * magic, seed, rounds, flags (1: verbose, one line a round; 2: sabotage,
 * each interrupt inside a block resumes it at its start, the bug of a
 * kernel that loses sepcvblk: the test must fail).  Default: seed 1,
 * 300 rounds.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

uint64_t fuzz_regs[32];
uint64_t fuzz_hi[96];

#include "fuzz_gen.h"

#define PARAMS 0x87ff0000ull
#define PARAMS_MAGIC 0x5a5546535653ull /* "SVSFUZ" */
#define FLAG_VERBOSE 1
#define FLAG_SABOTAGE 2

#define UART0 0x10000000ull
#define SIFIVE_TEST 0x100000ull

#define CSR_STIMECMP "0x14d"
#define CSR_SESTATE "0x5d0"
#define CSR_SEPCVBLK "0x5d1"
#define CSR_SESVPSTATE "0x5d2"

#define csr_read(csr)                                                          \
    ({                                                                         \
        uint64_t v_;                                                           \
        asm volatile("csrr %0, " csr : "=r"(v_));                              \
        v_;                                                                    \
    })
#define csr_write(csr, val) asm volatile("csrw " csr ", %0" ::"r"(val))

/*
 * The fuzz area: one 2 MB region of Sv39 at FZ_VA, 4 KB pages, backed by
 * fz_mem (the harness writes the pages through that identity alias).
 *   page 0, 1      code (R X), C.EBREAK around the block
 *   pages 16..31   scratch (R W): words pointing into itself
 *   pages 48, 49   fuse bytes (R W); page 50 unmapped
 *   pages 64..68   run_buf: R W, R W, unmapped or R W, R or R W, R W
 */
#define FZ_VA 0x2000000000ull
#define FZ_PAGES 69
#define PG_CODE 0
#define PG_SCRATCH 16
#define PG_FUSE 48
#define PG_RUN 64
#define SCRATCH_BYTES (16 * 4096)
#define WATCHDOG 500000 /* 50 ms of the 10 MHz time */

#define PTE_V 0x01
#define PTE_R 0x02
#define PTE_W 0x04
#define PTE_X 0x08
#define PTE_A 0x40
#define PTE_D 0x80
#define PTE_RW (PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
#define PTE_RO (PTE_V | PTE_R | PTE_A)
#define PTE_RX (PTE_V | PTE_R | PTE_X | PTE_A)

static uint8_t fz_mem[FZ_PAGES * 4096] __attribute__((aligned(4096)));
static uint64_t pt_root[2][512] __attribute__((aligned(8192)));
static uint64_t pt_l1_blk[512] __attribute__((aligned(4096)));
static uint64_t pt_l0_blk[512] __attribute__((aligned(4096)));
static uint64_t pt_l1_fz[512] __attribute__((aligned(4096)));
static uint64_t pt_l0_fz[512] __attribute__((aligned(4096)));
/* each page's own PTE flags (0: unmapped in both runs) */
static uint8_t pg_flags[FZ_PAGES];
/* the data pages compared (and restored before each run) */
static unsigned data_pages[FZ_PAGES], n_data_pages;
static uint8_t snap_init[24 * 4096], snap_first[24 * 4096];

uint64_t fuzz_fp[128];
/* STATE the block starts on (fz_run_block: sestate; alu_inherit_state) */
uint64_t fuzz_state;
uint64_t fz_dump_x[96], fz_dump_f[96];
extern uint64_t fz_save[66];
extern char _start[], _etext[];
void fz_run_block(void);
int fz_trap(void);
void fz_main(void);
void fz_m_trap(uint64_t cause, uint64_t epc, uint64_t tval);

/* freestanding: what the compiler may call */
void *memcpy(void *d, const void *s, size_t n)
{
    uint8_t *dp = d;
    const uint8_t *sp = s;

    if (((uintptr_t)dp | (uintptr_t)sp | n) % 8 == 0) {
        for (size_t i = 0; i < n; i += 8) {
            *(uint64_t *)(dp + i) = *(const uint64_t *)(sp + i);
        }
        return d;
    }
    for (size_t i = 0; i < n; i++) {
        dp[i] = sp[i];
    }
    return d;
}

void *memset(void *d, int c, size_t n)
{
    uint8_t *dp = d;

    for (size_t i = 0; i < n; i++) {
        dp[i] = (uint8_t)c;
    }
    return d;
}

/* ------------------------------------------------------------ output */
static void putch(char c)
{
    *(volatile uint8_t *)UART0 = (uint8_t)c;
}

static void puts_(const char *s)
{
    while (*s) {
        putch(*s++);
    }
}

static void puthex(uint64_t v)
{
    puts_("0x");
    for (int i = 60; i >= 0; i -= 4) {
        putch("0123456789abcdef"[(v >> i) & 15]);
    }
}

static void putdec(uint64_t v)
{
    char b[24];
    int n = 0;

    do {
        b[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) {
        putch(b[--n]);
    }
}

static void __attribute__((noreturn)) fz_exit(unsigned code)
{
    *(volatile uint32_t *)SIFIVE_TEST = code ? (code << 16) | 0x3333 : 0x5555;
    for (;;) {
    }
}

static void __attribute__((noreturn))
fatal(const char *what, uint64_t a, uint64_t b, uint64_t c)
{
    puts_("sv-fuzz-system: FATAL ");
    puts_(what);
    puts_(" ");
    puthex(a);
    puts_(" ");
    puthex(b);
    puts_(" ");
    puthex(c);
    puts_("\n");
    fz_exit(99);
}

void fz_m_trap(uint64_t cause, uint64_t epc, uint64_t tval)
{
    fatal("trap into M mode (mcause mepc mtval)", cause, epc, tval);
}

/* --------------------------------------------------------- the round */
/* the harness's own PRNG (perturbations, timer), apart from the blocks' */
static uint64_t hrng = 0x9e3779b97f4a7c15ull;
static uint64_t hrnd(void)
{
    hrng ^= hrng << 13;
    hrng ^= hrng >> 7;
    hrng ^= hrng << 17;
    return hrng;
}

static uint64_t rdtime(void)
{
    uint64_t t;

    asm volatile("rdtime %0" : "=r"(t));
    return t;
}

static void set_timer(uint64_t t)
{
    csr_write(CSR_STIMECMP, t);
}

static void sfence(void)
{
    asm volatile("sfence.vma" ::: "memory");
}

static uint64_t pte_of(const void *pa, uint64_t flags)
{
    return ((uint64_t)(uintptr_t)pa >> 12) << 10 | flags;
}

static uint8_t *page_pa(unsigned page)
{
    return fz_mem + 4096 * page;
}

/* the kinds of block, as the report counts them */
enum { K_ALU, K_RUN, K_FP, K_FUSE, K_SHAPE, N_KINDS = K_SHAPE + 5 };
static const char *const kind_names[N_KINDS] = {
    "alu", "run", "fp", "fuse", "mixw", "ffirst", "mem", "twin", "fpff"};

/* One run of a block, as the handler saw it and as it ended. */
struct run {
    int active, timeout;
    unsigned irq_left;
    uint64_t span, deadline, t_start, t_end;
    unsigned irq, irq_mid, fault, fault_mid, fault_elem, ifault;
    uint64_t cause, epc, pcvblk, tval, state, svpstate, fcsr;
    uint64_t x[128], f[128];
};
static struct run cur, runs[2];
static uint8_t pert[FZ_PAGES]; /* run B: 1 unmapped, 2 read-only */
static uint64_t block_va, sat_blk;
static unsigned flags;

/* Puts page's PTE back as the round has it (pg_flags). */
static void map_normal(unsigned page)
{
    pt_l0_fz[page] = pg_flags[page] ? pte_of(page_pa(page), pg_flags[page]) : 0;
    pert[page] = 0;
}

/*
 * A page fault on a page run B took away: give it back.  A data access
 * may start on the page before (a misaligned element), so the pages an
 * element of up to 8 bytes at tval touches count; for a fetch, those of
 * a VBLOCK starting there (at most 80 bytes), and the second code page
 * for a fault on the first (a block fetched across the boundary).
 */
static int restore_page(uint64_t cause, uint64_t tval)
{
    uint64_t first = (tval - FZ_VA) / 4096;
    uint64_t last = (tval + (cause == 12 ? 80 : 7) - FZ_VA) / 4096;
    int done = 0;

    if (tval < FZ_VA) {
        return 0;
    }
    if (cause == 12 && first == PG_CODE) {
        last = PG_CODE + 1;
    }
    for (uint64_t page = first; page <= last && page < FZ_PAGES; page++) {
        if (pert[page]) {
            map_normal((unsigned)page);
            done = 1;
        }
    }
    if (done) {
        sfence();
    }
    return done;
}

/*
 * The S-mode trap handler (s_trap, fz_save holds x1..x31, f0..f31,
 * fcsr): 0 resumes the block, 1 ends the run.
 */
int fz_trap(void)
{
    uint64_t cause = csr_read("scause"), epc = csr_read("sepc");
    uint64_t tval = csr_read("stval"), pcv = csr_read(CSR_SEPCVBLK);
    uint64_t now = rdtime();
    int mid = pcv >> 30 == 3;

    if (!cur.active) {
        fatal("trap in the harness (scause sepc stval)", cause, epc, tval);
    }
    if ((mid && epc != block_va) || (!mid && pcv != 0)) {
        fatal("sepcvblk and sepc disagree (sepcvblk sepc block)", pcv, epc,
              block_va);
    }
    if (cause >> 63) {
        if ((cause & 63) != 5) {
            fatal("unexpected interrupt (scause sepc)", cause, epc, 0);
        }
        if (cur.irq_left) {
            cur.irq_left--;
            cur.irq++;
            cur.irq_mid += mid;
            if (mid && (flags & FLAG_SABOTAGE)) {
                csr_write(CSR_SEPCVBLK, 0ull);
            }
            /* the next one: now and then at once (taken at the resume) */
            set_timer(!cur.irq_left            ? cur.deadline
                      : mid && hrnd() % 4 == 0 ? 0
                                               : now + hrnd() % cur.span);
            return 0;
        }
        if (now < cur.deadline) {
            set_timer(cur.deadline);
            return 0;
        }
        cur.timeout = 1;
    } else if ((cause == 12 || cause == 13 || cause == 15) &&
               restore_page(cause, tval)) {
        uint64_t st = csr_read(CSR_SESTATE);

        cur.fault++;
        cur.fault_mid += mid;
        cur.ifault += cause == 12;
        /* srcoffs or destoffs past element 0: a fault inside the loop */
        cur.fault_elem += (st >> 12 & 0xfff) != 0;
        if (cur.irq_left && hrnd() % 2) {
            set_timer(0); /* at once: taken at the resume */
        }
        return 0;
    }
    cur.t_end = now;
    cur.cause = cause;
    cur.epc = epc;
    cur.pcvblk = pcv;
    cur.tval = tval;
    cur.state = csr_read(CSR_SESTATE);
    cur.svpstate = csr_read(CSR_SESVPSTATE);
    set_timer(~0ull);
    return 1;
}

/* The page tables: both roots, the fuzz area as pg_flags says. */
static void setup_paging(void)
{
    uint64_t text_pages = ((uintptr_t)_etext - (uintptr_t)_start) / 4096;

    if ((uintptr_t)_start != 0x80000000u || text_pages > 512 ||
        (uintptr_t)(fz_mem + sizeof(fz_mem)) > 0x80000000u + (2u << 20)) {
        fatal("image layout", (uintptr_t)_etext, (uintptr_t)fz_mem, 0);
    }
    for (unsigned p = 0; p < 2; p++) {
        pg_flags[PG_CODE + p] = PTE_RX;
    }
    for (unsigned p = 0; p < 16; p++) {
        pg_flags[PG_SCRATCH + p] = PTE_RW;
    }
    pg_flags[PG_FUSE] = pg_flags[PG_FUSE + 1] = PTE_RW;
    pg_flags[PG_RUN] = pg_flags[PG_RUN + 1] = pg_flags[PG_RUN + 4] = PTE_RW;
    pg_flags[PG_RUN + 3] = PTE_RO;
    for (unsigned p = 0; p < FZ_PAGES; p++) {
        map_normal(p);
        if ((pg_flags[p] && pg_flags[p] != PTE_RX) || p == PG_RUN + 2) {
            data_pages[n_data_pages++] = p;
        }
    }
    pt_l1_fz[0] = pte_of(pt_l0_fz, PTE_V);
    /* harness root: MMIO gigapage, RAM gigapage, the fuzz area */
    pt_root[0][0] = pte_of(0, PTE_RW);
    pt_root[0][2] = pte_of((void *)0x80000000u, PTE_RW | PTE_X);
    pt_root[0][FZ_VA >> 30] = pte_of(pt_l1_fz, PTE_V);
    /* block root: this program's text, the fuzz area */
    for (unsigned p = 0; p < text_pages; p++) {
        pt_l0_blk[p] = pte_of(_start + 4096 * p, PTE_RX);
    }
    pt_l1_blk[0] = pte_of(pt_l0_blk, PTE_V);
    pt_root[1][2] = pte_of(pt_l1_blk, PTE_V);
    pt_root[1][FZ_VA >> 30] = pte_of(pt_l1_fz, PTE_V);
    sat_blk = 8ull << 60 | (uintptr_t)pt_root[1] >> 12;
    fz_save[65] = sat_blk;
    asm volatile("csrw sscratch, %0" ::"r"(sat_blk));
    asm volatile("csrw satp, %0\n sfence.vma" ::"r"(sat_blk ^ 1) : "memory");
}

/*
 * The block's trap-fail-on-first loads (1) and stores (2): a 16-bit
 * predicate entry with ffirst on the destination side's key (rd of a
 * load, rs1 of a store; §7.1).  Their VL cut at a page that run B took
 * away would be a legitimate difference, so run B leaves the data pages
 * mapped for such a store and makes them at most read-only for such a
 * load.  Compressed loads and stores, AMOs and SVP opcodes (none of the
 * generated kinds has them) count as both whenever any entry has ffirst.
 */
static unsigned block_trap_ffirst(const uint8_t *code)
{
    static const unsigned r16[4] = {0, 1, 2, 4}, r8[4] = {0, 2, 4, 8};
    uint16_t hdr, e, vb2;
    unsigned nreg, npred, off, len, nff = 0, got = 0;
    unsigned ff_int[32] = {0}, ff_fp[32] = {0};

    memcpy(&hdr, code, 2);
    memcpy(&vb2, code + 2, 2);
    if (!(hdr >> 8 & 1)) {
        return 0; /* 8-bit predicate entries have no ffirst */
    }
    nreg = hdr >> 7 & 1 ? r16[hdr >> 10 & 3] : r8[hdr >> 10 & 3];
    npred = hdr >> 9 & 1 ? nreg : (nreg + 1) / 2;
    off = (hdr >> 12 & 7) == 7 ? 4 : 2;
    len = (hdr >> 12 & 7) == 7 ? 12 + 2 * (vb2 & 31) : 10 + 2 * (hdr >> 12 & 7);
    off += hdr >> 15 ? 2 : 0;
    off += nreg * (hdr >> 7 & 1 ? 2 : 1);
    off = (off + 1) & ~1u;
    for (unsigned i = 0; i < npred; i++, off += 2) {
        memcpy(&e, code + off, 2);
        if (e & 1) {
            (e >> 8 & 1 ? ff_int : ff_fp)[e >> 1 & 31] = 1;
            nff++;
        }
    }
    while (nff && off < len) {
        uint32_t w;
        uint16_t h;

        memcpy(&h, code + off, 2);
        if ((h & 3) != 3) {
            unsigned q = h & 3, f3 = h >> 13;
            if ((q == 0 && f3 != 0) || (q == 2 && f3 != 0 && f3 != 4)) {
                return 3;
            }
            off += 2;
            continue;
        }
        if ((h & 0x1f) == 0x1f) {
            return 3; /* P48/P64 */
        }
        memcpy(&w, code + off, 4);
        off += 4;
        switch (w & 0x7f) {
        case 0x03:
            got |= ff_int[w >> 7 & 31] ? 1 : 0;
            break;
        case 0x07:
            got |= ff_fp[w >> 7 & 31] ? 1 : 0;
            break;
        case 0x23:
        case 0x27:
            got |= ff_int[w >> 15 & 31] ? 2 : 0;
            break;
        case 0x2f:
            got |= ff_int[w >> 15 & 31] || ff_int[w >> 7 & 31] ? 3 : 0;
            break;
        }
    }
    return got;
}

/* The round: a block of a random kind, registers and memory for it. */
static unsigned block_off, block_len, round_kind;
static uint64_t addr_regs[2]; /* a4 and a0: where the block accesses */
static uint64_t round_fcsr;

static void gen_round(unsigned long r)
{
    uint8_t *code = page_pa(PG_CODE);
    uint8_t *scratch = page_pa(PG_SCRATCH);
    uint8_t *runp = page_pa(PG_RUN), *fusep = page_pa(PG_FUSE);
    uint64_t mid = FZ_VA + 4096 * PG_SCRATCH + SCRATCH_BYTES / 2;
    unsigned pick = (unsigned)(rnd() % 16);
    int loop = 0;

    alu_mode = pick == 0;
    alu_inherit = 1;
    fp_mode = pick == 1;
    run_mode = pick >= 2 && pick <= 4;
    shape_mode = pick >= 7;
    shape_force_kind = -1;
    shape_round = shape_mode;
    for (unsigned i = 0; i < 2 * 4096; i += 2) {
        code[i] = 0x02; /* C.EBREAK everywhere else */
        code[i + 1] = 0x90;
    }
    /* mostly at 64; now and then across the code pages' boundary */
    block_off = rnd() % 4 ? 64 : 4096 - 2 - 2 * (unsigned)(rnd() % 32);
    if (pick == 5 || pick == 6) {
        block_len = put_fuse_block(code + block_off, &loop);
        if (loop) {
            /* add a0, a0, a4 */
            memcpy(code + block_off - 4, &(uint32_t){0x00e50533}, 4);
        }
        round_kind = K_FUSE;
    } else {
        block_len = put_block(code + block_off);
        round_kind = alu_mode   ? K_ALU
                     : run_mode ? K_RUN
                     : fp_mode  ? K_FP
                                : K_SHAPE + shape_kind;
    }
    block_va = FZ_VA + block_off;
    asm volatile("fence.i" ::: "memory");

    for (unsigned i = 0; i < SCRATCH_BYTES; i += 8) {
        uint64_t v = mid + ((rnd() % 4096) & ~7u) - 2048;
        memcpy(scratch + i, &v, 8);
    }
    for (unsigned i = 0; i < 96; i++) {
        fuzz_hi[i] = rnd() % 4 ? mid + (rnd() % 256) * 8 - 1024 : rnd() % 70;
        if (alu_mode) {
            fuzz_hi[i] = rnd() % 8 ? rnd() : rnd() % 70;
        }
    }
    for (unsigned i = 1; i < 31; i++) {
        fuzz_regs[i] = rnd() % 4 ? mid + (rnd() % 256) * 8 - 1024 : rnd() % 70;
    }
    memset(fuzz_fp, 0, sizeof(fuzz_fp));
    round_fcsr = 0;
    fuzz_state = 0;
    if (alu_mode && alu_block_inherits) {
        fuzz_state = alu_inherit_state(&fuzz_regs[30]);
    }
    if (round_kind == K_FUSE) {
        put_fuse_inputs(fusep, FZ_VA + 4096 * PG_FUSE, fuzz_regs, 0);
    }
    if (fp_mode || shape_mode) {
        round_fcsr = put_fp_inputs(fuzz_fp, fuzz_regs);
    }
    if (run_mode || shape_mode) {
        for (unsigned i = 0; i < RUN_PAGES * 4096; i++) {
            runp[i] = (uint8_t)rnd();
        }
    }
    /*
     * run_buf's third and fourth pages: unmapped and read-only as in
     * fuzz_vblock (faults that end the block), or read-write one round
     * in two each (accesses running into them fault in run B, past
     * element 0).
     */
    pg_flags[PG_RUN + 2] = rnd() % 2 ? 0 : PTE_RW;
    pg_flags[PG_RUN + 3] = rnd() % 2 ? PTE_RO : PTE_RW;
    if (run_mode) {
        unsigned at = 4096 * (1 + rnd() % (RUN_PAGES - 1));

        at = rnd() % 2 ? at - 1 - rnd() % 600 : at + rnd() % 80;
        fuzz_regs[14] = (uint64_t)(uintptr_t)(run_buf + at);
    }
    if (shape_mode) {
        shape_regs();
    }
    fuzz_regs[3] = mid + 8 * (r % 64);
    fuzz_regs[4] = mid - 8 * (r % 64);
    fuzz_regs[31] = block_va;
    addr_regs[0] = fuzz_regs[14];
    addr_regs[1] = fuzz_regs[10];
    for (unsigned i = 0; i < n_data_pages; i++) {
        memcpy(snap_init + 4096 * i, page_pa(data_pages[i]), 4096);
    }
}

/*
 * Run B's pages: the second code page taken away one time in two; the
 * data pages (data 2) unmapped or read-only, (data 1: a trap-ffirst
 * load) read-only, at random (unmapped two times in three): the page
 * the block's address registers point into (a4 of run and shape blocks,
 * a0 of fuse blocks) and the page after it (an access crossing into it
 * faults past element 0) three times in four, the page before it one
 * time in two, the others one time in four.
 */
static void perturb_pages(int data)
{
    for (unsigned i = 0; data && i < n_data_pages; i++) {
        unsigned p = data_pages[i], odds = 3, k = (unsigned)(hrnd() % 12);

        for (unsigned j = 0; j < 2; j++) {
            uint64_t ap = (addr_regs[j] - FZ_VA) / 4096;
            odds = ap == p || ap + 1 == p ? 9 : ap == p + 1 ? 6 : odds;
        }
        if (pg_flags[p] != PTE_RW || k >= odds) {
            continue;
        }
        if (data == 1 || k % 3 == 0) {
            pert[p] = 2;
            pt_l0_fz[p] = pte_of(page_pa(p), PTE_RO);
        } else {
            pert[p] = 1;
            pt_l0_fz[p] = 0;
        }
    }
    if (hrnd() % 2) {
        pert[PG_CODE + 1] = 1;
        pt_l0_fz[PG_CODE + 1] = 0;
    }
}

static uint64_t est_ticks = 100; /* an uninterrupted run, measured */

/*
 * One run of the round's block; interrupted (run B) or not (run A).
 * Run A measures the block's time for run B's timer when it runs second
 * (the block translated already, as it mostly is in run B).
 */
static void do_run(struct run *res, int interrupted, int data_perturb,
                   int second)
{
    for (unsigned i = 0; i < n_data_pages; i++) {
        memcpy(page_pa(data_pages[i]), snap_init + 4096 * i, 4096);
    }
    for (unsigned p = 0; p < FZ_PAGES; p++) {
        map_normal(p);
    }
    memset(&cur, 0, sizeof(cur));
    if (interrupted) {
        cur.irq_left = 1 + (unsigned)(hrnd() % 4);
        cur.span = 2 * est_ticks + 2;
        perturb_pages(data_perturb);
    }
    sfence();
    for (unsigned i = 0; i < 32; i++) {
        fz_save[i] = fuzz_regs[i];
        fz_save[32 + i] = fuzz_fp[i];
    }
    fz_save[64] = round_fcsr;
    fz_save[65] = sat_blk;
    cur.active = 1;
    cur.t_start = rdtime();
    cur.deadline = cur.t_start + WATCHDOG;
    set_timer(interrupted ? cur.t_start + hrnd() % cur.span : cur.deadline);
    fz_run_block();
    cur.active = 0;
    for (unsigned i = 0; i < 32; i++) {
        cur.x[i] = i ? fz_save[i] : 0;
        cur.f[i] = fz_save[32 + i];
    }
    cur.fcsr = fz_save[64];
    memcpy(cur.x + 32, fz_dump_x, sizeof(fz_dump_x));
    memcpy(cur.f + 32, fz_dump_f, sizeof(fz_dump_f));
    if (!interrupted && !cur.timeout && second) {
        est_ticks = cur.t_end - cur.t_start;
        est_ticks = est_ticks > 20000 ? 20000 : est_ticks;
    }
    *res = cur;
}

/* ------------------------------------------------------------- compare */
static unsigned diffs_shown;

/* what, then i (a register number, ~0u: none) or the address va */
static void show_diff(const char *what, unsigned i, uint64_t va, uint64_t a,
                      uint64_t b)
{
    if (diffs_shown++ >= 24) {
        return;
    }
    puts_("  ");
    puts_(what);
    if (i != ~0u) {
        putdec(i);
    } else if (va) {
        puthex(va);
    }
    puts_(": uninterrupted ");
    puthex(a);
    puts_(" interrupted ");
    puthex(b);
    puts_("\n");
}

static void show_run(const char *name, const struct run *r)
{
    puts_("  ");
    puts_(name);
    puts_(": scause ");
    puthex(r->cause);
    puts_(" sepc ");
    puthex(r->epc);
    puts_(" sepcvblk ");
    puthex(r->pcvblk);
    puts_(" irq ");
    putdec(r->irq);
    puts_(" (");
    putdec(r->irq_mid);
    puts_(" in the block) faults ");
    putdec(r->fault);
    puts_(" (");
    putdec(r->fault_elem);
    puts_(" past element 0)\n");
}

/* a: the uninterrupted run, b: the interrupted one; memory: b's is live,
 * a's in snap_first when a ran first, else the other way round. */
static unsigned compare(const struct run *a, const struct run *b, int a_first,
                        int show)
{
#define FIELD(f)                                                               \
    {                                                                          \
#f, offsetof(struct run, f)                                            \
    }
    static const struct {
        const char *name;
        size_t off;
    } fields[] = {FIELD(cause), FIELD(epc),      FIELD(pcvblk), FIELD(tval),
                  FIELD(state), FIELD(svpstate), FIELD(fcsr)};
#undef FIELD
    unsigned bad = 0;

    diffs_shown = show ? 0 : ~0u >> 1;
    for (unsigned i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        uint64_t va = *(const uint64_t *)((const char *)a + fields[i].off);
        uint64_t vb = *(const uint64_t *)((const char *)b + fields[i].off);
        if (va != vb) {
            show_diff(fields[i].name, ~0u, 0, va, vb);
            bad++;
        }
    }
    for (unsigned i = 0; i < 128; i++) {
        if (a->x[i] != b->x[i]) {
            show_diff("x", i, 0, a->x[i], b->x[i]);
            bad++;
        }
        if (a->f[i] != b->f[i]) {
            show_diff("f", i, 0, a->f[i], b->f[i]);
            bad++;
        }
    }
    for (unsigned i = 0; i < n_data_pages; i++) {
        const uint64_t *s = (const uint64_t *)(snap_first + 4096 * i);
        const uint64_t *l = (const uint64_t *)page_pa(data_pages[i]);

        for (unsigned w = 0; w < 512; w++) {
            if (s[w] != l[w]) {
                show_diff("memory at ", ~0u,
                          FZ_VA + 4096 * data_pages[i] + 8 * w,
                          a_first ? s[w] : l[w], a_first ? l[w] : s[w]);
                bad++;
            }
        }
    }
    return bad;
}

/* ----------------------------------------------------------------- main */
static const volatile uint64_t *const params =
    (const volatile uint64_t *)(uintptr_t)PARAMS;

void fz_main(void)
{
    uint64_t seed = 1;
    unsigned long rounds = 300;
    unsigned long compared = 0, timeouts = 0, mismatches = 0, ffirst_rounds = 0;
    unsigned long irq = 0, irq_mid = 0, fault = 0, fault_mid = 0;
    unsigned long fault_elem = 0, ifault = 0;
    unsigned long kinds[N_KINDS] = {0}, ends[16] = {0};
    uint64_t t0;

    if (params[0] == PARAMS_MAGIC) {
        seed = params[1];
        rounds = params[2];
        flags = (unsigned)params[3];
    }
    rng = seed ? seed : 1;
    hrng ^= seed * 0x2545f4914f6cdd1dull;
    run_buf = (uint8_t *)(uintptr_t)(FZ_VA + 4096 * PG_RUN);
    fuse_buf = (uint8_t *)(uintptr_t)(FZ_VA + 4096 * PG_FUSE);
    setup_paging();
    asm volatile("csrs sie, %0" ::"r"(1ull << 5));
    puts_("sv-fuzz-system: seed ");
    putdec(seed);
    puts_(", ");
    putdec(rounds);
    puts_(" rounds\n");
    t0 = rdtime();
    for (unsigned long r = 0; r < rounds; r++) {
        int b_first = (int)(hrnd() % 2);
        unsigned ffirst;
        struct run *a = &runs[b_first], *b = &runs[!b_first];

        gen_round(r);
        ffirst = block_trap_ffirst(page_pa(PG_CODE) + block_off);
        ffirst_rounds += ffirst != 0;
        kinds[round_kind]++;
        for (int k = 0; k < 2; k++) {
            int interrupted = k == b_first;

            do_run(interrupted ? b : a, interrupted,
                   ffirst & 2 ? 0
                   : ffirst   ? 1
                              : 2,
                   k);
            if (k == 0) {
                for (unsigned i = 0; i < n_data_pages; i++) {
                    memcpy(snap_first + 4096 * i, page_pa(data_pages[i]), 4096);
                }
            }
        }
        irq += b->irq;
        irq_mid += b->irq_mid;
        fault += b->fault;
        fault_mid += b->fault_mid;
        fault_elem += b->fault_elem;
        ifault += b->ifault;
        if (flags & FLAG_VERBOSE) {
            puts_("round ");
            putdec(r);
            puts_(" ");
            puts_(kind_names[round_kind]);
            puts_(" len ");
            putdec(block_len);
            puts_(" scause ");
            puthex(a->cause);
            puts_(" irq ");
            putdec(b->irq_mid);
            puts_("/");
            putdec(b->irq);
            puts_(" faults ");
            putdec(b->fault_mid);
            puts_("/");
            putdec(b->fault);
            puts_(" ticks ");
            putdec(a->t_end - a->t_start);
            puts_("/");
            putdec(b->t_end - b->t_start);
            puts_(a->timeout || b->timeout ? " timeout\n" : "\n");
        }
        if (a->timeout || b->timeout) {
            timeouts++;
            continue;
        }
        compared++;
        ends[a->cause & 15]++;
        unsigned bad = compare(a, b, !b_first, 0);
        if (bad && ++mismatches <= 8) {
            const uint8_t *c = page_pa(PG_CODE) + block_off;

            puts_("sv-fuzz-system: MISMATCH round ");
            putdec(r);
            puts_(" seed ");
            putdec(seed);
            puts_(" kind ");
            puts_(kind_names[round_kind]);
            puts_(": ");
            putdec(bad);
            puts_(" differences (uninterrupted run ");
            puts_(b_first ? "second" : "first");
            puts_(")\n  block at ");
            puthex(block_va);
            puts_(":");
            for (unsigned i = 0; i < block_len; i++) {
                puts_(i % 16 ? " " : "\n   ");
                putch("0123456789abcdef"[c[i] >> 4]);
                putch("0123456789abcdef"[c[i] & 15]);
            }
            puts_("\n");
            show_run("uninterrupted", a);
            show_run("interrupted  ", b);
            compare(a, b, !b_first, 1);
        }
    }
    puts_("sv-fuzz-system: ");
    putdec(rounds);
    puts_(" rounds in ");
    putdec((rdtime() - t0) / 10000);
    puts_(" ms of guest time: compared ");
    putdec(compared);
    puts_(", timed out ");
    putdec(timeouts);
    puts_(", mismatches ");
    putdec(mismatches);
    puts_("\n  kinds:");
    for (unsigned k = 0; k < N_KINDS; k++) {
        puts_(" ");
        puts_(kind_names[k]);
        puts_(" ");
        putdec(kinds[k]);
    }
    puts_("\n  ends: breakpoint ");
    putdec(ends[3]);
    puts_(", illegal ");
    putdec(ends[2]);
    puts_(", page fault ");
    putdec(ends[12] + ends[13] + ends[15]);
    puts_(", other ");
    putdec(compared - ends[3] - ends[2] - ends[12] - ends[13] - ends[15]);
    puts_("\n  interrupted runs: timer interrupts ");
    putdec(irq);
    puts_(" (");
    putdec(irq_mid);
    puts_(" inside a block), page faults resumed ");
    putdec(fault);
    puts_(" (");
    putdec(fault_elem);
    puts_(" past element 0, ");
    putdec(ifault);
    puts_(" fetch), resumes inside a block ");
    putdec(irq_mid + fault_mid);
    puts_("; trap-ffirst rounds (pages kept or read-only) ");
    putdec(ffirst_rounds);
    puts_("\n");
    if (mismatches) {
        puts_("sv-fuzz-system: FAIL: interrupted runs differ\n");
        fz_exit(1);
    }
    if (compared * 5 < rounds * 4) {
        puts_("sv-fuzz-system: FAIL: too few rounds compared\n");
        fz_exit(2);
    }
    if ((irq_mid + fault_mid) * 8 < rounds || !irq_mid || !fault_elem) {
        puts_("sv-fuzz-system: FAIL: too few resumes inside blocks\n");
        fz_exit(3);
    }
    puts_("sv-fuzz-system: PASS\n");
    fz_exit(0);
}
