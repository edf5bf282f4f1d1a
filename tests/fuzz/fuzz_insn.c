/*
 * fuzz_insn: a random instruction stream through the real qemu-riscv64
 * with xsv on (issue 8; contract C4: any guest signal is fine, a QEMU
 * crash, assert or hang is a bug).
 *
 *   fuzz_insn [words [seed]]     default: 100000 words, seed 1
 *
 * Each round fills a chunk of 32 random 32-bit words (random bits, biased
 * towards real major opcodes and the SV formats: sv.setvl's OP-V space,
 * VBLOCK/VBLOCK2 headers, P48/P64) into an RWX page and runs it from a
 * random initial state -- x1..x127 (mostly pointers into a scratch area
 * filled with pointers into itself), f0..f127, STATE -- set through the
 * signal frame, as tests/oracle/harness.c does.  A signal inside the
 * chunk does not end the round: the handler steps PC over one parcel and
 * carries on, so nearly every word gets decoded, at every 16-bit
 * alignment.  The round ends when PC leaves the chunk (its C.EBREAK tail
 * or a jump elsewhere) or after 20 ms (SIGALRM).  ECALL is never
 * generated (random system calls are not the point).  The program's own
 * data is read-only while a chunk runs; the handler works in a separate
 * mapping.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#define WORDS 32
#define CHUNK_BYTES (WORDS * 4)
#define CODE_BYTES 4096
#define SCRATCH_BYTES (64 * 1024)

/* The SV signal record (docs/sv-state.md), from uc_mcontext. */
#define SV_HDR 0x308
#define SV_MAGIC 0x53560001u
#define SV_SIZE 1560
#define SV_STATE (SV_HDR + 8)
#define SV_PCVBLK (SV_HDR + 16)
#define SV_GPR(i) (SV_HDR + 24 + 8 * ((i)-32))
#define SV_FPR(i) (SV_HDR + 792 + 8 * ((i)-32))
#define MC_BYTES (SV_HDR + SV_SIZE + 8)

extern char __data_start[];

/* Everything the handler writes lives here, never in .data/.bss. */
struct ctl {
    uint8_t saved_mc[MC_BYTES];
    uint64_t x[128], f[128];
    uint32_t state;
    volatile int running;
    uint64_t enter_pc, chunk_lo, chunk_hi;
    unsigned long sigs[65];
    unsigned long steps;
};
static struct ctl *ctl;

static void timer(long usec)
{
    struct itimerval t = {.it_value = {0, usec}};
    setitimer(ITIMER_REAL, &t, NULL);
}

static void die(const char *msg)
{
    (void)!write(2, msg, strlen(msg));
    _exit(3);
}

static void handler(int sig, siginfo_t *si, void *vctx)
{
    ucontext_t *uc = vctx;
    uint8_t *mc = (uint8_t *)&uc->uc_mcontext;
    uint64_t pc = uc->uc_mcontext.__gregs[REG_PC];
    uint32_t magic;

    (void)si;
    if (!ctl->running) {
        if (sig == SIGALRM) {
            return;
        }
        die("fuzz_insn: signal outside a chunk\n");
    }
    memcpy(&magic, mc + SV_HDR, 4);
    if (magic != SV_MAGIC) {
        die("fuzz_insn: no SV record in the signal frame\n");
    }
    if (pc == ctl->enter_pc && sig == SIGTRAP) {
        memcpy(ctl->saved_mc, mc, MC_BYTES);
        for (int i = 1; i < 32; i++) {
            uc->uc_mcontext.__gregs[i] = ctl->x[i];
            uc->uc_mcontext.__fpregs.__d.__f[i] = ctl->f[i];
        }
        uc->uc_mcontext.__fpregs.__d.__f[0] = ctl->f[0];
        uc->uc_mcontext.__gregs[REG_PC] = ctl->chunk_lo;
        memcpy(mc + SV_STATE, &ctl->state, 4);
        memset(mc + SV_PCVBLK, 0, 4);
        for (int i = 32; i < 128; i++) {
            memcpy(mc + SV_GPR(i), &ctl->x[i], 8);
            memcpy(mc + SV_FPR(i), &ctl->f[i], 8);
        }
        timer(20000);
        return;
    }
    ctl->sigs[sig < 65 ? sig : 0]++;
    if (sig != SIGALRM && pc >= ctl->chunk_lo && pc < ctl->chunk_hi) {
        /* Step over one parcel and go on with the stream. */
        uc->uc_mcontext.__gregs[REG_PC] = pc + 2;
        memset(mc + SV_PCVBLK, 0, 4);
        ctl->steps++;
        return;
    }
    timer(0);
    memcpy(mc, ctl->saved_mc, MC_BYTES);
    uc->uc_mcontext.__gregs[REG_PC] += 4; /* past the EBREAK in run() */
    ctl->running = 0;
}

/* gp/tp for the handler: the random code sets them to anything. */
uint64_t fuzz_gp_tp[2];
extern uint64_t fuzz_gp_tp[2];
void sig_entry(int sig, siginfo_t *si, void *ctx);
void sig_handler(int sig, siginfo_t *si, void *ctx);
asm(".pushsection .text\n"
    ".globl sig_entry\n"
    "sig_entry:\n"
    ".option push\n.option norelax\n"
    "lla t0, fuzz_gp_tp\n"
    "ld gp, 0(t0)\n"
    "ld tp, 8(t0)\n"
    "tail sig_handler\n"
    ".option pop\n"
    ".popsection\n");

void sig_handler(int sig, siginfo_t *si, void *ctx)
{
    handler(sig, si, ctx);
}

static uint64_t rng = 1;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* One random 32-bit word, biased towards decodable and SV encodings. */
static uint32_t word(void)
{
    static const uint8_t majors[] = {0x03, 0x07, 0x0f, 0x13, 0x17, 0x1b, 0x23,
                                     0x27, 0x2f, 0x33, 0x37, 0x3b, 0x43, 0x47,
                                     0x4b, 0x4f, 0x53, 0x57, 0x63, 0x67, 0x6f,
                                     0x73, 0x7f, 0x7f, 0x1f, 0x3f, 0x57, 0x57};
    uint32_t w = (uint32_t)rnd();
    switch (rnd() % 8) {
    case 0:
    case 1:
        return w; /* raw bits: half of them RVC pairs */
    case 2:
        /* sv.setvl with a small VLMAX */
        return (w & 0x000fff80u) | (uint32_t)(rnd() % 70) << 20 | 7u << 12 |
               0x57;
    case 3:
        /* a VBLOCK header, mostly short, then a VL block */
        return (w & 0xffff0f80u) | (uint32_t)(rnd() % 8) << 12 | 0x7f;
    default:
        return (w & ~0x7fu) | majors[rnd() % sizeof(majors)];
    }
}

static void fill_chunk(uint8_t *p)
{
    for (int i = 0; i < WORDS; i++) {
        uint32_t w = word();
        memcpy(p + 4 * i, &w, 4);
    }
    /* No ECALL at any 16-bit alignment (the stream steps by parcels). */
    for (int i = 0; i + 4 <= CHUNK_BYTES; i += 2) {
        uint32_t w;
        memcpy(&w, p + i, 4);
        if (w == 0x00000073u) {
            p[i + 2] = 0x10; /* EBREAK instead */
        }
    }
}

int main(int argc, char **argv)
{
    unsigned long words = argc > 1 ? strtoul(argv[1], NULL, 0) : 100000;
    rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    if (rng == 0) {
        rng = 1;
    }
    unsigned long rounds = (words + WORDS - 1) / WORDS;
    printf("fuzz_insn: %lu words in %lu chunks, seed %llu\n", rounds * WORDS,
           rounds, (unsigned long long)rng);
    fflush(stdout);

    ctl = mmap(NULL, sizeof(*ctl), PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint8_t *code = mmap(NULL, CODE_BYTES, PROT_READ | PROT_WRITE | PROT_EXEC,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint8_t *scratch = mmap(NULL, SCRATCH_BYTES, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void *alt = mmap(NULL, 256 * 1024, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (ctl == MAP_FAILED || code == MAP_FAILED || scratch == MAP_FAILED ||
        alt == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    stack_t ss = {.ss_sp = alt, .ss_size = 256 * 1024};
    struct sigaction sa;
    const int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP, SIGALRM};
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    asm volatile("mv %0, gp" : "=r"(fuzz_gp_tp[0]));
    asm volatile("mv %0, tp" : "=r"(fuzz_gp_tp[1]));
    sa.sa_sigaction = sig_entry;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        sigaction(sigs[i], &sa, NULL);
    }
    char *data_lo = (char *)((uintptr_t)__data_start & ~(uintptr_t)4095);
    char *data_hi = (char *)(((uintptr_t)sbrk(0) + 4095) & ~(uintptr_t)4095);

    for (unsigned long r = 0; r < rounds; r++) {
        uint64_t mid = (uint64_t)(uintptr_t)(scratch + SCRATCH_BYTES / 2);
        for (unsigned i = 0; i < CODE_BYTES; i += 2) {
            code[i] = 0x02; /* C.EBREAK after the chunk */
            code[i + 1] = 0x90;
        }
        fill_chunk(code);
        __builtin___clear_cache((char *)code, (char *)code + CODE_BYTES);
        for (unsigned i = 0; i < SCRATCH_BYTES; i += 8) {
            uint64_t v = mid + ((rnd() % 4096) & ~7u) - 2048;
            memcpy(scratch + i, &v, 8);
        }
        for (int i = 0; i < 128; i++) {
            ctl->x[i] = rnd() % 4 ? mid + (rnd() % 256) * 8 - 1024 : rnd() % 70;
            ctl->f[i] = rnd();
        }
        ctl->state =
            (uint32_t)(rnd() % 64 | (rnd() % 32) << 6 | (rnd() % 4) << 24);
        ctl->chunk_lo = (uint64_t)(uintptr_t)code;
        ctl->chunk_hi = ctl->chunk_lo + CHUNK_BYTES;
        ctl->running = 1;
        mprotect(data_lo, (size_t)(data_hi - data_lo), PROT_READ);
        /* The handler recognises this EBREAK by its address (label 1). */
        asm volatile(".option push\n.option norvc\n"
                     "lla t0, 1f\n"
                     "sd t0, %0\n"
                     "1: ebreak\n"
                     ".option pop"
                     : "=m"(ctl->enter_pc)
                     :
                     : "t0", "memory");
        mprotect(data_lo, (size_t)(data_hi - data_lo), PROT_READ | PROT_WRITE);
        if (ctl->running) {
            fprintf(stderr, "fuzz_insn: chunk %lu did not come back\n", r);
            return 2;
        }
    }
    printf("fuzz_insn: %lu words: %lu parcels stepped over; SIGTRAP %lu "
           "SIGILL %lu SIGSEGV %lu SIGBUS %lu SIGFPE %lu SIGALRM %lu\n",
           rounds * WORDS, ctl->steps, ctl->sigs[SIGTRAP], ctl->sigs[SIGILL],
           ctl->sigs[SIGSEGV], ctl->sigs[SIGBUS], ctl->sigs[SIGFPE],
           ctl->sigs[SIGALRM]);
    return 0;
}
