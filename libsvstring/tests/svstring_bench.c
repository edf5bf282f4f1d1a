/*
 * bench-svstring: each libsvstring function against glibc's, side by side
 * in one process (-cpu rv64,xsv=true), at sizes 8, 64, 512 and 16384
 * bytes; best of ROUNDS, results checked.  Prints bytes/ns and the
 * SV/glibc speed ratio (> 1: SV is faster).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "svstring.h"

#define ROUNDS 5
#define WORK (1 << 20) /* bytes processed per measurement */

static char *a, *b, *d;
static volatile size_t sink;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

enum {
    F_STRLEN,
    F_STRCHR,
    F_STRCMP,
    F_MEMCHR,
    F_MEMCMP,
    F_MEMCPY,
    F_MEMMOVE,
    F_MEMSET,
    NF
};
static const char *names[NF] = {"strlen", "strchr", "strcmp",  "memchr",
                                "memcmp", "memcpy", "memmove", "memset"};

/* volatile pointers: gcc must call the real glibc functions */
static size_t (*volatile g_strlen)(const char *) = strlen;
static char *(*volatile g_strchr)(const char *, int) = strchr;
static int (*volatile g_strcmp)(const char *, const char *) = strcmp;
static void *(*volatile g_memchr)(const void *, int, size_t) = memchr;
static int (*volatile g_memcmp)(const void *, const void *, size_t) = memcmp;
static void *(*volatile g_memcpy)(void *, const void *, size_t) = memcpy;
static void *(*volatile g_memmove)(void *, const void *, size_t) = memmove;
static void *(*volatile g_memset)(void *, int, size_t) = memset;

static double run(int f, int sv, size_t n)
{
    size_t reps = WORK / (n + 1) + 1, acc = 0;
    double t0 = now_ns();
    for (size_t r = 0; r < reps; r++) {
        switch (f) {
        case F_STRLEN:
            acc += sv ? svs_strlen(a) : g_strlen(a);
            break;
        case F_STRCHR:
            acc += (size_t)(sv ? svs_strchr(a, '!') : g_strchr(a, '!'));
            break;
        case F_STRCMP:
            acc += (size_t)(sv ? svs_strcmp(a, b) : g_strcmp(a, b));
            break;
        case F_MEMCHR:
            acc += (size_t)(sv ? svs_memchr(a, '!', n) : g_memchr(a, '!', n));
            break;
        case F_MEMCMP:
            acc += (size_t)(sv ? svs_memcmp(a, b, n) : g_memcmp(a, b, n));
            break;
        case F_MEMCPY:
            acc += (size_t)(sv ? svs_memcpy(d, a, n) : g_memcpy(d, a, n));
            break;
        case F_MEMMOVE:
            acc += (size_t)(sv ? svs_memmove(d + 8, d, n)
                               : g_memmove(d + 8, d, n));
            break;
        case F_MEMSET:
            acc += (size_t)(sv ? svs_memset(d, r & 0xff, n)
                               : g_memset(d, r & 0xff, n));
            break;
        }
    }
    sink += acc;
    return (now_ns() - t0) / (double)(reps * n);
}

int main(void)
{
    static const size_t sizes[] = {8, 64, 512, 16384};
    a = aligned_alloc(64, 1 << 16);
    b = aligned_alloc(64, 1 << 16);
    d = aligned_alloc(64, 1 << 17);
    int bad = 0;
    printf("%-8s %7s %12s %12s %9s\n", "function", "bytes", "SV ns/B",
           "glibc ns/B", "SV/glibc");
    for (int f = 0; f < NF; f++) {
        for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
            size_t n = sizes[k];
            memset(a, 'x', n);
            a[n] = 0;
            memcpy(b, a, n + 1);
            if (svs_strlen(a) != n || svs_strcmp(a, b) ||
                svs_memchr(a, '!', n)) {
                bad = 1;
            }
            double best_sv = 1e30, best_g = 1e30;
            for (int r = 0; r < ROUNDS; r++) {
                double t = run(f, 1, n);
                best_sv = t < best_sv ? t : best_sv;
                t = run(f, 0, n);
                best_g = t < best_g ? t : best_g;
            }
            printf("%-8s %7zu %12.3f %12.3f %8.2fx\n", names[f], n, best_sv,
                   best_g, best_g / best_sv);
            printf("RESULT %s %zu %.4f %.4f\n", names[f], n, best_sv, best_g);
        }
    }
    if (bad) {
        printf("FAIL: wrong result\n");
        return 1;
    }
    return 0;
}
