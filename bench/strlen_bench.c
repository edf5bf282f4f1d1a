/*
 * strlen under qemu-riscv64, on one 1 MiB string and on many short
 * strings (8..64 bytes):
 *   strlen_bench sv    the SV strlen of sv_strings.h (64-byte VBLOCKs: a
 *                      trap-ffirst LB and an ffirst BNE, §7.4); needs
 *                      -cpu rv64,xsv=true
 *   strlen_bench rvv   the RVV 1.0 strlen of the V spec's example
 *                      (vsetvli e8,m8 / vle8ff.v / vmseq / vfirst.m);
 *                      needs -cpu rv64,v=true,vlen=128
 * each against a plain byte loop and glibc's strlen.  The three run
 * interleaved in one process, best of ROUNDS; all are called through
 * volatile function pointers (so gcc neither folds glibc's strlen nor
 * inlines the others).  Every result is checked, so a wrong answer fails
 * the benchmark.  The last lines are machine-readable ("RESULT ...") for
 * bench/strlen.sh, which runs both configurations and compares them.
 *   strlen_bench cg sv|glibc|rvv long|short REPS
 *                      no timing: REPS passes of one function over one
 *                      data set, for callgrind (bench/strlen.sh subtracts
 *                      two REPS counts, so start-up cancels out)
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

/* The V 1.0 specification's strlen example, as written there. */
size_t rvv_strlen(const char *s);
asm(".pushsection .text\n"
    ".globl rvv_strlen\n"
    ".type rvv_strlen, @function\n"
    "rvv_strlen:\n"
    ".option push\n"
    ".option arch, +v\n"
    "    mv a3, a0\n"
    "1:  vsetvli a1, x0, e8, m8, ta, ma\n"
    "    vle8ff.v v8, (a3)\n"
    "    csrr a1, vl\n"
    "    vmseq.vi v0, v8, 0\n"
    "    vfirst.m a2, v0\n"
    "    add a3, a3, a1\n"
    "    bltz a2, 1b\n"
    "    add a0, a0, a1\n"
    "    add a3, a3, a2\n"
    "    sub a0, a3, a0\n"
    "    ret\n"
    ".option pop\n"
    ".size rvv_strlen, .-rvv_strlen\n"
    ".popsection\n");

static strlen_fn volatile fns[3] = {sv_strlen_call, byte_strlen, strlen};
static const char *names[3] = {"SV", "byte loop", "glibc"};

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

static void report(const char *what, const char *key, double bytes,
                   double (*run)(strlen_fn))
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
    printf("  %s speed / byte loop: %.3gx   %s speed / glibc: %.3gx\n",
           names[0], best[1] / best[0], names[0], best[2] / best[0]);
    printf("RESULT %s %s %.4f byte %.4f glibc %.4f\n", key, names[0],
           bytes / best[0], bytes / best[1], bytes / best[2]);
}

static int usage(void)
{
    fprintf(stderr, "usage: strlen_bench sv|rvv\n"
                    "       strlen_bench cg sv|glibc|rvv long|short REPS\n");
    return 2;
}

int main(int argc, char **argv)
{
    int cg = argc == 5 && !strcmp(argv[1], "cg");

    if (cg) {
        fns[0] = !strcmp(argv[2], "sv")      ? sv_strlen_call
                 : !strcmp(argv[2], "glibc") ? strlen
                 : !strcmp(argv[2], "rvv")   ? rvv_strlen
                                             : NULL;
        if (!fns[0] || (strcmp(argv[3], "long") && strcmp(argv[3], "short"))) {
            return usage();
        }
    } else if (argc != 2 || (strcmp(argv[1], "sv") && strcmp(argv[1], "rvv"))) {
        return usage();
    }
    if (!cg && !strcmp(argv[1], "rvv")) {
        fns[0] = rvv_strlen;
        names[0] = "RVV";
    }
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
    if (cg) {
        int reps = atoi(argv[4]);
        double (*run)(strlen_fn) =
            strcmp(argv[3], "long") ? run_short : run_big;

        for (int r = 0; r < reps; r++) {
            run(fns[0]);
        }
        printf("BYTES %.0f\n", strcmp(argv[3], "long")
                                   ? SHORT_REPEAT * (double)short_total
                                   : (double)BIG);
        if (bad) {
            printf("FAIL: a strlen returned a wrong length\n");
            return 1;
        }
        return 0;
    }
    report("1 MiB string", "long", BIG, run_big);
    report("4096 strings of 8..64 bytes x8", "short",
           SHORT_REPEAT * (double)short_total, run_short);
    if (bad) {
        printf("FAIL: a strlen returned a wrong length\n");
        return 1;
    }
    return 0;
}
