/*
 * strlen under qemu-riscv64: the SV strlen of sv_strings.h (64-byte
 * VBLOCKs: a trap-ffirst LB and an ffirst BNE, §7.4) against a plain
 * byte loop and glibc's strlen, on one 1 MiB string and on many short
 * strings (8..64 bytes).  The three run interleaved in one process, best
 * of ROUNDS; all are called through volatile function pointers (so gcc
 * neither folds glibc's strlen nor inlines the others).  Every result is
 * checked, so a wrong SV answer fails the benchmark.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sv_strings.h"

#define ROUNDS 5
#define BIG (1 << 20)
#define NSHORT 4096
#define SHORT_REPEAT 8

typedef size_t (*strlen_fn)(const char *);

static size_t byte_strlen(const char *s)
{
    const char *p = s;
    asm volatile("1:\n"
                 "lbu t0, 0(%0)\n"
                 "addi %0, %0, 1\n"
                 "bnez t0, 1b\n"
                 "addi %0, %0, -1\n"
                 : "+r"(p)
                 :
                 : "t0", "memory");
    return (size_t)(p - s);
}

static size_t sv_strlen_call(const char *s)
{
    return sv_strlen(s);
}

static strlen_fn volatile fns[3] = {sv_strlen_call, byte_strlen, strlen};
static const char *const names[3] = {"SV", "byte loop", "glibc"};

static char *big;
static char *shorts[NSHORT];
static size_t short_len[NSHORT];
static size_t short_total;

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int bad;

static double run_big(strlen_fn f)
{
    double t0 = now_ns();
    size_t n = f(big);
    double t = now_ns() - t0;
    bad |= n != BIG;
    return t;
}

static double run_short(strlen_fn f)
{
    size_t sum = 0;
    double t0 = now_ns();
    for (int r = 0; r < SHORT_REPEAT; r++) {
        for (int i = 0; i < NSHORT; i++) {
            sum += f(shorts[i]);
        }
    }
    double t = now_ns() - t0;
    bad |= sum != SHORT_REPEAT * short_total;
    return t;
}

static void report(const char *what, double bytes, double (*run)(strlen_fn))
{
    double best[3] = {1e30, 1e30, 1e30};

    for (int r = 0; r < ROUNDS; r++) {
        for (int k = 0; k < 3; k++) {
            double t = run(fns[k]);
            best[k] = t < best[k] ? t : best[k];
        }
    }
    printf("%s (%.0f bytes per run, best of %d):\n", what, bytes, ROUNDS);
    for (int k = 0; k < 3; k++) {
        printf("  %-9s %8.3f bytes/ns  (%.3f ms)\n", names[k], bytes / best[k],
               best[k] / 1e6);
    }
    printf("  SV speed / byte loop: %.3gx   SV speed / glibc: %.3gx\n",
           best[1] / best[0], best[2] / best[0]);
}

int main(void)
{
    big = malloc(BIG + 1);
    char *pool = malloc(NSHORT * 80 + 16);
    if (!big || !pool) {
        return 2;
    }
    memset(big, 'a', BIG);
    big[BIG] = 0;
    /* lengths 8..64, start offsets 0..15 */
    for (int i = 0; i < NSHORT; i++) {
        size_t len = 8 + (size_t)(i * 7) % 57;
        char *s = pool + i * 80 + i % 16;
        memset(s, 'a' + i % 26, len);
        s[len] = 0;
        shorts[i] = s;
        short_len[i] = len;
        short_total += len;
    }
    report("1 MiB string", BIG, run_big);
    report("4096 strings of 8..64 bytes x8", SHORT_REPEAT * (double)short_total,
           run_short);
    if (bad) {
        printf("FAIL: a strlen returned a wrong length\n");
        return 1;
    }
    return 0;
}
