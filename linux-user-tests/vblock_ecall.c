/*
 * vblock_ecall: ECALL and EBREAK inside a VBLOCK (§3.7: "ECALL is
 * allowed, because the trap saves and restores everything").
 *   - a real write(2) from the middle of a block: the vector opcodes
 *     before and after it run once each, the bytes arrive, a0 = count;
 *   - ECALL as the block's last opcode: execution goes on after the
 *     block;
 *   - a read(2) interrupted by a SIGALRM handler (SA_RESTART): the
 *     restarted syscall is the ECALL again, not the block;
 *   - EBREAK and C.EBREAK: SIGTRAP with pc at the block's start, after
 *     the opcodes before them and before the ones after.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#include <setjmp.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <ucontext.h>

/* v[0..3] += 1 (vector), the syscall, w[0..3] += 2 (vector). */
static long write_mid_block(long nr, long fd, const void *buf, long len,
                            uint64_t *v, uint64_t *w)
{
    register long a0 asm("a0") = fd;
    register const void *a1 asm("a1") = buf;
    register long a2 asm("a2") = len;
    register uint64_t *a3 asm("a3") = v;
    register uint64_t *a4 asm("a4") = w;
    register long a7 asm("a7") = nr;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=4\n"
                 "sv_reg16 key=t0, regidx=40\n"
                 "sv_reg16 key=t1, regidx=48\n"
                 "sv_ops\n"
                 "ld t0, 0(a3)\n"
                 "addi t0, t0, 1\n"
                 "sd t0, 0(a3)\n"
                 "ecall\n"
                 "ld t1, 0(a4)\n"
                 "addi t1, t1, 2\n"
                 "sd t1, 0(a4)\n"
                 "sv_vblock_end\n"
                 "csrw 0x803, zero\n"
                 : "+r"(a0)
                 : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a7)
                 : "t0", "t1", "t4", "memory");
    return a0;
}

/* v[0..3] += 1, then the syscall as the last opcode; *after += 1 after
 * the block (must run exactly once). */
static long write_last(long fd, const void *buf, long len, uint64_t *v,
                       long *after)
{
    register long a0 asm("a0") = fd;
    register const void *a1 asm("a1") = buf;
    register long a2 asm("a2") = len;
    register uint64_t *a3 asm("a3") = v;
    register long a5 asm("a5") = *after;
    register long a7 asm("a7") = SYS_write;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=4\n"
                 "sv_reg16 key=t0, regidx=40\n"
                 "sv_ops\n"
                 "ld t0, 0(a3)\n"
                 "addi t0, t0, 1\n"
                 "sd t0, 0(a3)\n"
                 "ecall\n"
                 "sv_vblock_end\n"
                 "addi a5, a5, 1\n"
                 "csrw 0x803, zero\n"
                 : "+r"(a0), "+r"(a5)
                 : "r"(a1), "r"(a2), "r"(a3), "r"(a7)
                 : "t0", "t4", "memory");
    *after = a5;
    return a0;
}

static int pipefd[2];

static void on_alarm(int sig)
{
    (void)sig;
    if (write(pipefd[1], "R", 1) != 1) {
        _exit(3);
    }
}

static void restart_check(void)
{
    uint64_t v[4] = {10, 20, 30, 40}, w[4] = {1, 2, 3, 4};
    char c = 0;
    struct sigaction sa = {.sa_handler = on_alarm, .sa_flags = SA_RESTART};
    struct itimerval it = {.it_value = {.tv_usec = 100000}};

    sv_context("read interrupted by SIGALRM (SA_RESTART) inside a block");
    CHECK_EQ(pipe(pipefd), 0);
    CHECK_EQ(sigaction(SIGALRM, &sa, NULL), 0);
    CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
    long r = write_mid_block(SYS_read, pipefd[0], &c, 1, v, w);
    CHECK_EQ(r, 1);
    CHECK_EQ(c, 'R');
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(v[i], 11 + 10 * (uint64_t)i);
        CHECK_EQ(w[i], 3 + (uint64_t)i);
    }
    CHECK_EQ(SV_CSRR(SV_CSR_PCVBLK), 0);
    signal(SIGALRM, SIG_DFL);
}

static sigjmp_buf trap_env;
static volatile uint64_t trap_pc;

static void on_trap(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)si;
    trap_pc = ((ucontext_t *)uc)->uc_mcontext.__gregs[REG_PC];
    siglongjmp(trap_env, 1);
}

/* v += 1, EBREAK (or C.EBREAK), w += 2; returns the block's address. */
#define EBREAK_BLOCK(name, brk)                                                \
    static uintptr_t name(uint64_t *v, uint64_t *w)                            \
    {                                                                          \
        register uint64_t *a3 asm("a3") = v;                                   \
        register uint64_t *a4 asm("a4") = w;                                   \
        uintptr_t at;                                                          \
        asm volatile("lla %0, 1f\n"                                            \
                     "1:\n"                                                    \
                     "sv_vblock_begin ext=1\n"                                 \
                     "sv_vl_rd rd=t4, vlmax=4\n"                               \
                     "sv_reg16 key=t0, regidx=40\n"                            \
                     "sv_reg16 key=t1, regidx=48\n"                            \
                     "sv_ops\n"                                                \
                     "ld t0, 0(a3)\n"                                          \
                     "addi t0, t0, 1\n"                                        \
                     "sd t0, 0(a3)\n" brk "\n"                                 \
                     "ld t1, 0(a4)\n"                                          \
                     "addi t1, t1, 2\n"                                        \
                     "sd t1, 0(a4)\n"                                          \
                     "sv_vblock_end\n"                                         \
                     : "=&r"(at)                                               \
                     : "r"(a3), "r"(a4)                                        \
                     : "t0", "t1", "t4", "memory");                            \
        return at;                                                             \
    }

EBREAK_BLOCK(ebreak_block_addr, "ebreak")
EBREAK_BLOCK(cebreak_block_addr, "sv_c c.ebreak")

static void ebreak_check(const char *what,
                         uintptr_t (*fn)(uint64_t *, uint64_t *))
{
    static uint64_t v[4], w[4];
    struct sigaction sa = {.sa_sigaction = on_trap, .sa_flags = SA_SIGINFO};

    sv_context("%s inside a block", what);
    for (int i = 0; i < 4; i++) {
        v[i] = 100 + (uint64_t)i;
        w[i] = 200 + (uint64_t)i;
    }
    CHECK_EQ(sigaction(SIGTRAP, &sa, NULL), 0);
    trap_pc = 0;
    if (sigsetjmp(trap_env, 1) == 0) {
        fn(v, w);
        CHECK(!"no SIGTRAP");
    }
    SV_CSRW(SV_CSR_STATE, 0);
    CHECK(trap_pc != 0);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(v[i], 101 + (uint64_t)i); /* before the EBREAK: done */
        CHECK_EQ(w[i], 200 + (uint64_t)i); /* after it: not yet */
    }
    /* pc is the block's first byte: it starts with a VBLOCK header. */
    CHECK_EQ(*(const uint16_t *)trap_pc & 0x7f, 0x7f);
    signal(SIGTRAP, SIG_DFL);
}

int main(void)
{
    static const char msg[] = "ecall from the middle of a VBLOCK\n";
    uint64_t v[4] = {1, 2, 3, 4}, w[4] = {10, 20, 30, 40};
    int p[2];
    char got[64] = {0};
    long after = 0;

    sv_context("write(2) from the middle of a block");
    CHECK_EQ(pipe(p), 0);
    long r = write_mid_block(SYS_write, p[1], msg, sizeof msg - 1, v, w);
    CHECK_EQ(r, (long)(sizeof msg - 1));
    CHECK_EQ(read(p[0], got, sizeof got), (long)(sizeof msg - 1));
    CHECK(memcmp(got, msg, sizeof msg - 1) == 0);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(v[i], 2 + (uint64_t)i);
        CHECK_EQ(w[i], 12 + 10 * (uint64_t)i);
    }
    CHECK_EQ(SV_CSRR(SV_CSR_PCVBLK), 0);
    /* The same syscall to stdout, for a human reading the test log. */
    write_mid_block(SYS_write, 1, msg, sizeof msg - 1, v, w);

    sv_context("write(2) as the last opcode of a block");
    r = write_last(p[1], "xyz", 3, v, &after);
    CHECK_EQ(r, 3);
    CHECK_EQ(read(p[0], got, sizeof got), 3);
    CHECK_EQ(after, 1);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(v[i], 4 + (uint64_t)i);
    }

    restart_check();
    ebreak_check("EBREAK", ebreak_block_addr);
    ebreak_check("C.EBREAK", cebreak_block_addr);
    sv_context("%s", "");
    return sv_summary("vblock_ecall");
}
