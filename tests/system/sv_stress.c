/*
 * sv_stress [SECONDS]: SV state under a real kernel, for running several
 * copies at once (issue 14).  Until SECONDS (default 3) have passed it
 * repeats:
 *  - an integer VBLOCK of 8 opcodes over x32..x83 at mixed element widths
 *    (64-bit, 32-bit and 16-bit elements) with a zeroing predicate, and
 *  - an FP VBLOCK of 8 opcodes over f32..f103 (doubles, and singles as
 *    32-bit elements) with a zeroing predicate,
 *  on inputs that change every iteration, checking every element against
 *  a C model; each block also adds into an accumulator that stays in the
 *  registers (x80..x83, f96..f103), so a block resumed at the wrong
 *  opcode, or registers taken from another process, show;
 *  - a per-process pattern (from the pid) parked in x96..x127 and
 *    f112..f127, read back and checked every iteration;
 *  - every 64 iterations: STATE set to a value of its own, an illegal
 *    instruction (SIGILL, which goes through the firmware), STATE checked
 *    in the handler's SV record and after it.
 * A 1 ms SIGALRM (setitimer) handler runs SV code of its own over
 * x96..x127 and f112..f127 and checks its result and that PCVBLK is 0 in
 * a handler; rt_sigreturn must restore what it overwrote, and the
 * interrupted blocks must resume where they stopped.
 * Prints "sv_stress: N checks, F failures" like linux-user-tests, exits 0
 * when F = 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

void stress_int(const uint64_t *a, const uint32_t *b, uint64_t *c, uint16_t *d,
                uint64_t mask);
void stress_fp(const double *a, const double *b, double *c, float *d,
               uint64_t mask);
void stress_park_set(const uint64_t *x, const uint64_t *f,
                     const uint64_t *zero);
void stress_park_get(uint64_t *x, uint64_t *f);
void stress_signal_sv(uint64_t *buf);

#define N 16
#define SV_SIG_MAGIC 0x53560001u

static uint64_t checks, failures;
static volatile uint64_t sig_checks, sig_failures, alarms;
static volatile uint32_t ill_state_record;
static volatile int ill_seen;

static void fail(const char *what, uint64_t iter, unsigned k, uint64_t got,
                 uint64_t want)
{
    failures++;
    if (failures <= 20) {
        printf("sv_stress[%d]: FAIL %s iteration %" PRIu64 " element %u: got "
               "0x%" PRIx64 " want 0x%" PRIx64 "\n",
               (int)getpid(), what, iter, k, got, want);
    }
}

static void check(const char *what, uint64_t iter, unsigned k, uint64_t got,
                  uint64_t want)
{
    checks++;
    if (got != want) {
        fail(what, iter, k, got, want);
    }
}

static uint64_t rd_pcvblk(void)
{
    uint64_t v;
    __asm__ volatile("csrr %0, 0x805" : "=r"(v));
    return v;
}

static uint64_t rd_state(void)
{
    uint64_t v;
    __asm__ volatile("csrr %0, 0x803" : "=r"(v));
    return v;
}

/* The SV record in a signal frame (docs/sv-state.md, "Signal frames"). */
static const uint32_t *sv_record(ucontext_t *uc)
{
    const uint32_t *hdr =
        (const uint32_t *)((const char *)&uc->uc_mcontext.__fpregs + 520);
    return hdr[0] == SV_SIG_MAGIC && hdr[1] == 1560 ? hdr : NULL;
}

static void on_alarm(int sig, siginfo_t *si, void *ctx)
{
    uint64_t buf[64];
    int bad = 0;

    (void)sig;
    (void)si;
    alarms++;
    /* A handler never starts inside a block, and its frame has the record. */
    bad |= rd_pcvblk() != 0;
    bad |= sv_record((ucontext_t *)ctx) == NULL;
    for (unsigned k = 0; k < 32; k++) {
        buf[k] = 0x5a5a000000000000ull ^ (alarms << 8) ^ k;
    }
    stress_signal_sv(buf);
    for (unsigned k = 0; k < 32; k++) {
        bad |= buf[32 + k] != buf[k] + 1;
    }
    sig_checks++;
    if (bad) {
        sig_failures++;
    }
}

static void on_ill(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    const uint32_t *rec = sv_record(uc);

    (void)sig;
    (void)si;
    ill_seen = 1;
    ill_state_record = rec ? rec[2] : 0xffffffffu;
    uc->uc_mcontext.__gregs[REG_PC] += 4; /* past the 32-bit illegal opcode */
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ull;
    return x ^ (x >> 29);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 3.0;
    uint64_t seed = mix((uint64_t)getpid() * 0x2545f4914f6cdd1dull);
    uint64_t park_x[32], park_f[16], got_x[32], got_f[16], zero[8] = {0};
    uint16_t acc_i[N] = {0};
    float acc_f[N] = {0};
    struct sigaction sa;
    struct itimerval it = {{0, 1000}, {0, 1000}};
    uint64_t iter = 0;
    double t0 = now();

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_alarm;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    sa.sa_sigaction = on_ill;
    sigaction(SIGILL, &sa, NULL);

    for (unsigned k = 0; k < 32; k++) {
        park_x[k] = mix(seed + k);
    }
    for (unsigned k = 0; k < 16; k++) {
        park_f[k] = mix(seed ^ (0x1000 + k));
    }
    stress_park_set(park_x, park_f, zero);
    setitimer(ITIMER_REAL, &it, NULL);

    while (now() - t0 < seconds) {
        uint64_t a[N], c[N], mask = mix(seed + iter) & 0xffff;
        uint32_t b[N];
        uint16_t d[N];
        double fa[N], fb[N], fc[N];
        float fd[N];

        for (unsigned k = 0; k < N; k++) {
            a[k] = mix(seed ^ (iter * 64 + k));
            b[k] = (uint32_t)mix(a[k]);
            fa[k] = (double)((int)(a[k] & 0x3ff) - 512);
            fb[k] = (double)((int)(b[k] & 0x3ff) - 512);
        }
        memset(c, 0xee, sizeof(c));
        memset(d, 0xee, sizeof(d));
        memset(fc, 0xee, sizeof(fc));
        memset(fd, 0xee, sizeof(fd));
        stress_int(a, b, c, d, mask);
        stress_fp(fa, fb, fc, fd, mask);
        for (unsigned k = 0; k < N; k++) {
            uint64_t on = (mask >> k) & 1;
            uint64_t ci = on ? ((a[k] + b[k]) ^ a[k]) - b[k] : 0;
            double cf = on ? (fa[k] + fb[k]) * fa[k] - fb[k] : 0.0;
            uint64_t gotf, wantf;
            uint32_t gotd, wantd;

            check("int C", iter, k, c[k], ci);
            acc_i[k] = (uint16_t)(acc_i[k] + ci);
            acc_f[k] = (float)((double)acc_f[k] + cf);
            check("int D (accumulator)", iter, k, d[k], acc_i[k]);
            memcpy(&gotf, &fc[k], 8);
            memcpy(&wantf, &cf, 8);
            check("fp C", iter, k, gotf, wantf);
            memcpy(&gotd, &fd[k], 4);
            memcpy(&wantd, &acc_f[k], 4);
            check("fp D (accumulator)", iter, k, gotd, wantd);
        }
        stress_park_get(got_x, got_f);
        for (unsigned k = 0; k < 32; k++) {
            check("parked x", iter, 96 + k, got_x[k], park_x[k]);
        }
        for (unsigned k = 0; k < 16; k++) {
            check("parked f", iter, 112 + k, got_f[k], park_f[k]);
        }
        if (iter % 64 == 0) {
            /* MVL 10, SUBVL 2, VL off: a STATE of this process's own. */
            uint64_t want = 0x01000009, got;

            ill_seen = 0;
            __asm__ volatile("csrw 0x803, %0\n\t"
                             ".4byte 0x00000000\n\t" /* illegal */
                             "csrr %0, 0x803"
                             : "=r"(got)
                             : "0"(want)
                             : "memory");
            check("SIGILL taken", iter, 0, ill_seen, 1);
            check("STATE in the SIGILL record", iter, 0, ill_state_record,
                  want);
            check("STATE after SIGILL", iter, 0, got, want);
        }
        iter++;
    }
    it.it_value.tv_usec = it.it_interval.tv_usec = 0;
    setitimer(ITIMER_REAL, &it, NULL);
    /* The handlers' own checks. */
    checks += sig_checks;
    failures += sig_failures;
    if (sig_failures) {
        printf("sv_stress[%d]: FAIL %" PRIu64 " of %" PRIu64
               " SIGALRM handlers saw a wrong result or PCVBLK != 0\n",
               (int)getpid(), (uint64_t)sig_failures, (uint64_t)sig_checks);
    }
    printf("sv_stress[%d]: %" PRIu64 " iterations, %" PRIu64
           " SIGALRMs in %.1f s, STATE 0x%" PRIx64 "\n",
           (int)getpid(), iter, (uint64_t)alarms, now() - t0, rd_state());
    printf("sv_stress: %" PRIu64 " checks, %" PRIu64 " failures\n", checks,
           failures);
    return failures == 0 && checks > 0 && alarms > 0 ? 0 : 1;
}
