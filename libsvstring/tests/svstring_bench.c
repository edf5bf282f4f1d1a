/*
 * bench-svstring: each libsvstring function against glibc's, side by side
 * in one process (-cpu rv64,xsv=true), at sizes 8, 64, 512 and 16384
 * bytes; best of ROUNDS, results checked.  Prints bytes/ns and the
 * SV/glibc speed ratio (> 1: SV is faster).
 *
 * `svstring_bench calls`: the host cost per call at the lengths Debian's
 * python3 uses, for bench/svstring-calls.sh, which runs it under
 * callgrind with a counter dump before every guest syscall.  Each
 * (function, length, implementation) runs CALLS calls to translate its
 * code, a marker syscall, the same CALLS calls again, a marker: the
 * second interval's host instructions / CALLS is the steady cost of one
 * call.  The order is printed (in one write, after the last marker).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

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
    F_STRNLEN,
    F_STRNCMP,
    F_STRCPY,
    F_STRRCHR,
    NF
};
static const char *names[NF] = {"strlen",  "strchr",  "strcmp",  "memchr",
                                "memcmp",  "memcpy",  "memmove", "memset",
                                "strnlen", "strncmp", "strcpy",  "strrchr"};

/* volatile pointers: gcc must call the real glibc functions */
static size_t (*volatile g_strlen)(const char *) = strlen;
static char *(*volatile g_strchr)(const char *, int) = strchr;
static int (*volatile g_strcmp)(const char *, const char *) = strcmp;
static void *(*volatile g_memchr)(const void *, int, size_t) = memchr;
static int (*volatile g_memcmp)(const void *, const void *, size_t) = memcmp;
static void *(*volatile g_memcpy)(void *, const void *, size_t) = memcpy;
static void *(*volatile g_memmove)(void *, const void *, size_t) = memmove;
static void *(*volatile g_memset)(void *, int, size_t) = memset;
static size_t (*volatile g_strnlen)(const char *, size_t) = strnlen;
static int (*volatile g_strncmp)(const char *, const char *, size_t) = strncmp;
static char *(*volatile g_strcpy)(char *, const char *) = strcpy;
static char *(*volatile g_strrchr)(const char *, int) = strrchr;

/*
 * Call r of function f, the SV one when sv, else libc's, on the buffers:
 * n bytes (strnlen and strncmp get n + 8); strchr and memchr look for
 * '!'.  The throughput mode (!calls) copies from a, sets r's low byte
 * and looks for 'x' with strrchr; the per-call mode copies to 8-aligned
 * destinations from any source (python's copies), sets 0 and looks for
 * '!'.
 */
static inline __attribute__((always_inline)) size_t
call_once(int f, int sv, size_t n, size_t r, bool calls)
{
    switch (f) {
    case F_STRLEN:
        return sv ? svs_strlen(a) : g_strlen(a);
    case F_STRCHR:
        return (size_t)(sv ? svs_strchr(a, '!') : g_strchr(a, '!'));
    case F_STRCMP:
        return (size_t)(sv ? svs_strcmp(a, b) : g_strcmp(a, b));
    case F_MEMCHR:
        return (size_t)(sv ? svs_memchr(a, '!', n) : g_memchr(a, '!', n));
    case F_MEMCMP:
        return (size_t)(sv ? svs_memcmp(a, b, n) : g_memcmp(a, b, n));
    case F_MEMCPY:
        if (calls) {
            return (size_t)(sv ? svs_memcpy(d, a + (r & 8), n)
                               : g_memcpy(d, a + (r & 8), n));
        }
        return (size_t)(sv ? svs_memcpy(d, a, n) : g_memcpy(d, a, n));
    case F_MEMMOVE:
        return (size_t)(sv ? svs_memmove(d + 8, d, n) : g_memmove(d + 8, d, n));
    case F_MEMSET:
        if (calls) {
            return (size_t)(sv ? svs_memset(d, 0, n) : g_memset(d, 0, n));
        }
        return (size_t)(sv ? svs_memset(d, r & 0xff, n)
                           : g_memset(d, r & 0xff, n));
    case F_STRNLEN:
        return sv ? svs_strnlen(a, n + 8) : g_strnlen(a, n + 8);
    case F_STRNCMP:
        return (size_t)(sv ? svs_strncmp(a, b, n + 8) : g_strncmp(a, b, n + 8));
    case F_STRCPY:
        return (size_t)(sv ? svs_strcpy(d, a) : g_strcpy(d, a));
    case F_STRRCHR:
        if (calls) {
            return (size_t)(sv ? svs_strrchr(a, '!') : g_strrchr(a, '!'));
        }
        return (size_t)(sv ? svs_strrchr(a, 'x') : g_strrchr(a, 'x'));
    }
    return 0;
}

static double run(int f, int sv, size_t n)
{
    size_t reps = WORK / (n + 1) + 1, acc = 0;
    double t0 = now_ns();
    for (size_t r = 0; r < reps; r++) {
        acc += call_once(f, sv, n, r, false);
    }
    sink += acc;
    return (now_ns() - t0) / (double)(reps * n);
}

/* The per-call mode: fixed call counts, phases between marker syscalls. */
#define CALLS 1000
static void marker(void)
{
    syscall(SYS_getppid);
}

static void calls_setup(int f, size_t n)
{
    switch (f) {
    case F_STRLEN:
    case F_STRCHR:
    case F_STRCMP:
    case F_STRNLEN:
    case F_STRNCMP:
    case F_STRCPY:
    case F_STRRCHR:
        /* a string of n bytes; the other string equal (strcmp's worst) */
        memset(a, 'x', n);
        a[n] = 0;
        memcpy(b, a, n + 1);
        break;
    default:
        memset(a, 'x', n);
        memcpy(b, a, n);
        break;
    }
}

static void calls_of(int f, int sv, size_t n)
{
    size_t acc = 0;
    for (size_t r = 0; r < CALLS; r++) {
        acc += call_once(f, sv, n, r, true);
    }
    sink += acc;
}

static int calls_mode(int argc, char **argv)
{
    static const size_t lens[] = {0,  1,  2,  4,  7,  8,   12, 16,
                                  24, 32, 48, 63, 64, 100, 256};
    static char out[1 << 16];
    size_t len = 0;
    int only = -1;
    for (int f = 0; argc > 2 && f < NF; f++) {
        if (!strcmp(argv[2], names[f])) {
            only = f;
        }
    }
    /* calls [FUNCTION [LENGTH [sv|glibc]]]: one function, length, side */
    long only_len = argc > 3 ? atol(argv[3]) : -1;
    int only_sv = argc > 4 ? !strcmp(argv[4], "sv") : -1;
    marker();
    for (int f = 0; f < NF; f++) {
        if (only >= 0 && f != only) {
            continue;
        }
        for (unsigned k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
            if (only_len >= 0 && lens[k] != (size_t)only_len) {
                continue;
            }
            calls_setup(f, lens[k]);
            for (int sv = 1; sv >= 0; sv--) {
                if (only_sv >= 0 && sv != only_sv) {
                    continue;
                }
                calls_of(f, sv, lens[k]);
                marker();
                calls_of(f, sv, lens[k]);
                marker();
                len += snprintf(out + len, sizeof(out) - len,
                                "CALLS %s %zu %s %d\n", names[f], lens[k],
                                sv ? "sv" : "glibc", CALLS);
            }
        }
    }
    return write(1, out, len) == (ssize_t)len ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const size_t sizes[] = {8, 64, 512, 16384};
    a = aligned_alloc(64, 1 << 16);
    b = aligned_alloc(64, 1 << 16);
    d = aligned_alloc(64, 1 << 17);
    if (argc > 1 && !strcmp(argv[1], "calls")) {
        return calls_mode(argc, argv);
    }
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
