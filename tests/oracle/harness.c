/*
 * harness: runs the snippets of the differential oracle (tests/oracle)
 * through the real qemu-riscv64 and dumps the final architectural state.
 *
 *   harness IN OUT
 *
 * IN holds fixed-size records written by svgen.py: the snippet's code
 * and its complete initial state (x1..x127, f0..f127, fcsr, STATE,
 * SVPSTATE and a 1 KiB buffer at the end of a page whose successor is
 * unmapped).  Each snippet is entered and left through signal frames
 * (contract C5): an EBREAK in the harness traps, and the handler rewrites
 * the frame -- the standard registers and the SV record alike -- with the
 * snippet's initial state and its first instruction as PC.  Whatever ends
 * the snippet (its final C.EBREAK, SIGILL, SIGSEGV, SIGBUS, or SIGVTALRM
 * after a second of CPU time for a runaway loop) traps again; the handler
 * copies the frame, which is the precise state at that point, into OUT and
 * returns to the harness with its own saved frame.  So no SV instruction is
 * needed to set up or read back the 2x128 registers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

/* Fixed addresses: the oracle computes AUIPC results and pointers. */
#define CODE_BASE 0x20000000ul
#define CODE_MAP (2 * 4096ul)
#define CODE_MAX 1024
#define PAGE_BASE 0x30000000ul
#define BUF_BYTES 1024
#define BUF_BASE (PAGE_BASE + 4096 - BUF_BYTES)
#define RESV_LO 0x400000ul
#define RESV_HI (1ul << 44)

#define IN_MAGIC 0x494f5653u  /* "SVOI" */
#define OUT_MAGIC 0x4f4f5653u /* "SVOO" */

struct in_rec {
    uint32_t magic, code_len;
    uint8_t code[CODE_MAX];
    uint64_t x[128], f[128];
    uint32_t fcsr, state, svpstate, pad;
    uint8_t buf[BUF_BYTES];
};

struct out_rec {
    uint32_t magic, sig;
    uint64_t pc;
    uint32_t pcvblk, pad0;
    uint64_t addr;     /* si_addr */
    uint64_t low_hash; /* FNV-1a of the page below the buffer */
    uint64_t x[128], f[128];
    uint32_t fcsr, state, svpstate, pad;
    uint8_t buf[BUF_BYTES];
};

/* The SV signal record (docs/sv-state.md), from uc_mcontext. */
#define SV_HDR 0x308
#define SV_MAGIC 0x53560001u
#define SV_SIZE 1560
#define SV_STATE (SV_HDR + 8)
#define SV_SVPSTATE (SV_HDR + 12)
#define SV_PCVBLK (SV_HDR + 16)
#define SV_GPR(i) (SV_HDR + 24 + 8 * ((i)-32))
#define SV_FPR(i) (SV_HDR + 792 + 8 * ((i)-32))
#define MC_BYTES (SV_HDR + SV_SIZE + 8)

enum { IDLE, ENTER, RUN };
static volatile int phase;
static const struct in_rec *cur_in;
static struct out_rec *cur_out;
static uint8_t saved_mc[MC_BYTES];

static void die(const char *msg)
{
    (void)!write(2, msg, strlen(msg));
    _exit(3);
}

/* FNV-1a (64-bit): what a snippet stored below the dumped buffer. */
static uint64_t fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;

    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 0x100000001b3ull;
    }
    return h;
}

static void timer(long usec)
{
    /* CPU time, not wall time: a loaded machine must not fire it. */
    struct itimerval t = {.it_value = {usec / 1000000, usec % 1000000}};
    setitimer(ITIMER_VIRTUAL, &t, NULL);
}

static void handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    uint8_t *mc = (uint8_t *)&uc->uc_mcontext;
    uint32_t magic, size;

    if (phase == IDLE) {
        if (sig == SIGVTALRM) {
            return; /* a late timer: the snippet ended already */
        }
        die("harness: signal outside a snippet\n");
    }
    memcpy(&magic, mc + SV_HDR, 4);
    memcpy(&size, mc + SV_HDR + 4, 4);
    if (magic != SV_MAGIC || size != SV_SIZE) {
        die("harness: no SV record in the signal frame\n");
    }
    if (phase == ENTER) {
        const struct in_rec *in = cur_in;
        memcpy(saved_mc, mc, MC_BYTES);
        for (int i = 1; i < 32; i++) {
            uc->uc_mcontext.__gregs[i] = in->x[i];
        }
        uc->uc_mcontext.__gregs[REG_PC] = CODE_BASE;
        for (int i = 0; i < 32; i++) {
            uc->uc_mcontext.__fpregs.__d.__f[i] = in->f[i];
        }
        uc->uc_mcontext.__fpregs.__d.__fcsr = in->fcsr;
        memcpy(mc + SV_STATE, &in->state, 4);
        memcpy(mc + SV_SVPSTATE, &in->svpstate, 4);
        memset(mc + SV_PCVBLK, 0, 4);
        for (int i = 32; i < 128; i++) {
            memcpy(mc + SV_GPR(i), &in->x[i], 8);
            memcpy(mc + SV_FPR(i), &in->f[i], 8);
        }
        phase = RUN;
        timer(1000000);
        return;
    }
    timer(0);
    struct out_rec *out = cur_out;
    out->magic = OUT_MAGIC;
    out->sig = (uint32_t)sig;
    if (sig != SIGVTALRM) { /* a timer's si_addr is no address */
        out->addr = (uint64_t)(uintptr_t)si->si_addr;
    }
    out->pc = uc->uc_mcontext.__gregs[REG_PC];
    out->x[0] = 0;
    for (int i = 1; i < 32; i++) {
        out->x[i] = uc->uc_mcontext.__gregs[i];
    }
    for (int i = 0; i < 32; i++) {
        out->f[i] = uc->uc_mcontext.__fpregs.__d.__f[i];
    }
    out->fcsr = uc->uc_mcontext.__fpregs.__d.__fcsr;
    memcpy(&out->state, mc + SV_STATE, 4);
    memcpy(&out->svpstate, mc + SV_SVPSTATE, 4);
    memcpy(&out->pcvblk, mc + SV_PCVBLK, 4);
    for (int i = 32; i < 128; i++) {
        memcpy(&out->x[i], mc + SV_GPR(i), 8);
        memcpy(&out->f[i], mc + SV_FPR(i), 8);
    }
    memcpy(mc, saved_mc, MC_BYTES);
    uc->uc_mcontext.__gregs[REG_PC] += 4; /* past the harness's EBREAK */
    phase = IDLE;
}

/*
 * Signal entry: a snippet sets gp and tp to anything, and a handler runs
 * with the interrupted gp/tp, so the C handler gets the harness's own
 * first (the frame keeps the snippet's).
 */
uint64_t harness_gp_tp[2];
extern uint64_t harness_gp_tp[2];
void sig_entry(int sig, siginfo_t *si, void *ctx);
void sig_handler(int sig, siginfo_t *si, void *ctx);
asm(".pushsection .text\n"
    ".globl sig_entry\n"
    "sig_entry:\n"
    ".option push\n.option norelax\n"
    "lla t0, harness_gp_tp\n"
    "ld gp, 0(t0)\n"
    "ld tp, 8(t0)\n"
    "tail sig_handler\n"
    ".option pop\n"
    ".popsection\n");

void sig_handler(int sig, siginfo_t *si, void *ctx)
{
    handler(sig, si, ctx);
}

static void *map_fixed(unsigned long addr, size_t len, int prot)
{
    void *p = mmap((void *)addr, len, prot,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p != (void *)addr) {
        fprintf(stderr, "harness: cannot map %#lx\n", addr);
        exit(2);
    }
    return p;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: harness IN OUT\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || st.st_size % sizeof(struct in_rec)) {
        fprintf(stderr, "harness: bad input %s\n", argv[1]);
        return 2;
    }
    size_t n = (size_t)st.st_size / sizeof(struct in_rec);
    const struct in_rec *in =
        mmap(NULL, st.st_size ? st.st_size : 1, PROT_READ, MAP_PRIVATE, fd, 0);
    struct out_rec *out = calloc(n ? n : 1, sizeof(*out));
    uint8_t *code =
        map_fixed(CODE_BASE, CODE_MAP, PROT_READ | PROT_WRITE | PROT_EXEC);
    uint8_t *page = map_fixed(PAGE_BASE, 2 * 4096, PROT_READ | PROT_WRITE);
    /*
     * Around the two mappings, [RESV_LO, RESV_HI) is reserved without
     * access, so a wild address there faults as the oracle predicts
     * instead of hitting whatever the loader put there.
     */
    map_fixed(RESV_LO, CODE_BASE - RESV_LO, PROT_NONE);
    map_fixed(CODE_BASE + CODE_MAP, PAGE_BASE - CODE_BASE - CODE_MAP,
              PROT_NONE);
    map_fixed(PAGE_BASE + 2 * 4096, RESV_HI - PAGE_BASE - 2 * 4096, PROT_NONE);
    if (in == MAP_FAILED || !out || mprotect(page + 4096, 4096, PROT_NONE)) {
        perror("harness");
        return 2;
    }
    /* Far from everything a snippet can address. */
    void *alt = mmap(NULL, 256 * 1024, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    stack_t ss = {.ss_sp = alt, .ss_size = 256 * 1024};
    struct sigaction sa;
    const int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP, SIGVTALRM};
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    asm volatile("mv %0, gp" : "=r"(harness_gp_tp[0]));
    asm volatile("mv %0, tp" : "=r"(harness_gp_tp[1]));
    sa.sa_sigaction = sig_entry;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        sigaction(sigs[i], &sa, NULL);
    }

    for (size_t r = 0; r < n; r++) {
        if (in[r].magic != IN_MAGIC || in[r].code_len > CODE_MAX) {
            fprintf(stderr, "harness: bad record %zu\n", r);
            return 2;
        }
        if (mprotect(code, CODE_MAP, PROT_READ | PROT_WRITE)) {
            perror("harness: mprotect");
            return 2;
        }
        for (size_t i = 0; i < CODE_MAP; i += 2) {
            code[i] = 0x02; /* C.EBREAK */
            code[i + 1] = 0x90;
        }
        memcpy(code, in[r].code, in[r].code_len);
        __builtin___clear_cache((char *)code, (char *)code + CODE_MAP);
        /* a snippet's store into its code faults (the oracle's model) */
        if (mprotect(code, CODE_MAP, PROT_READ | PROT_EXEC)) {
            perror("harness: mprotect");
            return 2;
        }
        memset(page, 0, 4096 - BUF_BYTES);
        memcpy(page + 4096 - BUF_BYTES, in[r].buf, BUF_BYTES);
        cur_in = &in[r];
        cur_out = &out[r];
        phase = ENTER;
        asm volatile(".option push\n.option norvc\nebreak\n.option pop" ::
                         : "memory");
        if (phase != IDLE) {
            fprintf(stderr, "harness: snippet %zu did not come back\n", r);
            return 2;
        }
        memcpy(out[r].buf, page + 4096 - BUF_BYTES, BUF_BYTES);
        out[r].low_hash = fnv1a(page, 4096 - BUF_BYTES);
    }
    FILE *f = fopen(argv[2], "wb");
    if (!f || fwrite(out, sizeof(*out), n, f) != n || fclose(f)) {
        perror(argv[2]);
        return 2;
    }
    return 0;
}
