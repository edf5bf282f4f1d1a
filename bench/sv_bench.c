/*
 * SV vs scalar RV64 under the same qemu-riscv64, measured side by side in
 * one run: a vector add and a memcpy loop (64-bit elements, and bytes).
 * Each kernel runs interleaved with its scalar twin; the best of several
 * rounds is kept and the ratio SV/scalar printed (< 1 means SV is faster).
 * Results are checked, so a wrong SV answer fails the benchmark.  The SV
 * loops are inline asm in sv-as syntax, built with tools/sv-cc.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N (1 << 16)
#define ROUNDS 7

static uint64_t a[N], b[N], c[N];

static void scalar_vadd(uint64_t *dst, const uint64_t *x, const uint64_t *y,
                        size_t n)
{
    asm volatile("1:\n"
                 "ld t0, 0(%1)\n"
                 "ld t1, 0(%2)\n"
                 "add t0, t0, t1\n"
                 "sd t0, 0(%0)\n"
                 "addi %0, %0, 8\n"
                 "addi %1, %1, 8\n"
                 "addi %2, %2, 8\n"
                 "addi %3, %3, -1\n"
                 "bnez %3, 1b\n"
                 : "+r"(dst), "+r"(x), "+r"(y), "+r"(n)
                 :
                 : "t0", "t1", "memory");
}

/* VL = min(remaining, 32) from the VL block; x32.., x64.. hold the data. */
static void sv_vadd(uint64_t *dst, const uint64_t *x, const uint64_t *y,
                    size_t n)
{
    register const uint64_t *px asm("s0") = x;
    register const uint64_t *py asm("s1") = y;
    register uint64_t *pd asm("a3") = dst;
    register size_t rem asm("a2") = n;

    asm volatile("1:\n"
                 "sv.vl a4, a2, 32\n"
                 "sv.c.ld *x32, 0(s0)\n"
                 "sv.c.ld *x64, 0(s1)\n"
                 "sv.c.add *x32, *x64\n"
                 "sv.c.sd *x32, 0(a3)\n"
                 "slli t0, a4, 3\n"
                 "add s0, s0, t0\n"
                 "add s1, s1, t0\n"
                 "add a3, a3, t0\n"
                 "sub a2, a2, a4\n"
                 "bnez a2, 1b\n"
                 : "+r"(px), "+r"(py), "+r"(pd), "+r"(rem)
                 :
                 : "a4", "t0", "memory");
}

static void scalar_copy64(uint64_t *dst, const uint64_t *src, size_t n)
{
    asm volatile("1:\n"
                 "ld t0, 0(%1)\n"
                 "sd t0, 0(%0)\n"
                 "addi %0, %0, 8\n"
                 "addi %1, %1, 8\n"
                 "addi %2, %2, -1\n"
                 "bnez %2, 1b\n"
                 : "+r"(dst), "+r"(src), "+r"(n)
                 :
                 : "t0", "memory");
}

static void sv_copy64(uint64_t *dst, const uint64_t *src, size_t n)
{
    register const uint64_t *ps asm("s0") = src;
    register uint64_t *pd asm("a3") = dst;
    register size_t rem asm("a2") = n;

    asm volatile("1:\n"
                 "sv.vl a4, a2, 64\n"
                 "sv.c.ld *x32, 0(s0)\n"
                 "sv.c.sd *x32, 0(a3)\n"
                 "slli t0, a4, 3\n"
                 "add s0, s0, t0\n"
                 "add a3, a3, t0\n"
                 "sub a2, a2, a4\n"
                 "bnez a2, 1b\n"
                 : "+r"(ps), "+r"(pd), "+r"(rem)
                 :
                 : "a4", "t0", "memory");
}

static void scalar_copy8(uint8_t *dst, const uint8_t *src, size_t n)
{
    asm volatile("1:\n"
                 "lbu t0, 0(%1)\n"
                 "sb t0, 0(%0)\n"
                 "addi %0, %0, 1\n"
                 "addi %1, %1, 1\n"
                 "addi %2, %2, -1\n"
                 "bnez %2, 1b\n"
                 : "+r"(dst), "+r"(src), "+r"(n)
                 :
                 : "t0", "memory");
}

/*
 * Bytes: the address registers are tagged scalar with an 8-bit width
 * (s0/w=8, a3/w=8), so LD/SD step through memory a byte at a time
 * (§8.2), into 8-bit elements.
 */
static void sv_copy8(uint8_t *dst, const uint8_t *src, size_t n)
{
    register const uint8_t *ps asm("s0") = src;
    register uint8_t *pd asm("a3") = dst;
    register size_t rem asm("a2") = n;

    asm volatile("1:\n"
                 "sv.vl a4, a2, 64\n"
                 "sv.c.ld/w=8 *x32, 0(s0/w=8)\n"
                 "sv.c.sd/w=8 *x32, 0(a3/w=8)\n"
                 "add s0, s0, a4\n"
                 "add a3, a3, a4\n"
                 "sub a2, a2, a4\n"
                 "bnez a2, 1b\n"
                 : "+r"(ps), "+r"(pd), "+r"(rem)
                 :
                 : "a4", "memory");
}

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

typedef void (*kernel)(void);
static void k_scalar_vadd(void)
{
    scalar_vadd(c, a, b, N);
}
static void k_sv_vadd(void)
{
    sv_vadd(c, a, b, N);
}
static void k_scalar_copy64(void)
{
    scalar_copy64(c, a, N);
}
static void k_sv_copy64(void)
{
    sv_copy64(c, a, N);
}
static void k_scalar_copy8(void)
{
    scalar_copy8((uint8_t *)c, (uint8_t *)a, 8 * N);
}
static void k_sv_copy8(void)
{
    sv_copy8((uint8_t *)c, (uint8_t *)a, 8 * N);
}

static int check_vadd(void)
{
    for (size_t i = 0; i < N; i++) {
        if (c[i] != a[i] + b[i]) {
            printf("vadd: element %zu wrong\n", i);
            return 1;
        }
    }
    return 0;
}

static int check_copy(void)
{
    if (memcmp(c, a, sizeof(a))) {
        printf("copy: mismatch\n");
        return 1;
    }
    return 0;
}

static int measure(const char *name, kernel scalar, kernel sv, size_t elems,
                   int (*check)(void))
{
    double best_scalar = 1e30, best_sv = 1e30;

    for (int r = 0; r < ROUNDS; r++) {
        double t0, t_scalar, t_sv;

        memset(c, 0, sizeof(c));
        t0 = now_ns();
        scalar();
        t_scalar = now_ns() - t0;
        if (check()) {
            printf("%s: scalar result wrong\n", name);
            return 1;
        }
        memset(c, 0, sizeof(c));
        t0 = now_ns();
        sv();
        t_sv = now_ns() - t0;
        if (check()) {
            printf("%s: SV result wrong\n", name);
            return 1;
        }
        best_scalar = t_scalar < best_scalar ? t_scalar : best_scalar;
        best_sv = t_sv < best_sv ? t_sv : best_sv;
    }
    printf("%-8s scalar %7.2f ns/elem  SV %7.2f ns/elem  SV/scalar %.3f\n",
           name, best_scalar / elems, best_sv / elems, best_sv / best_scalar);
    return 0;
}

int main(void)
{
    int fails = 0;

    for (size_t i = 0; i < N; i++) {
        a[i] = i * 0x9e3779b97f4a7c15ull;
        b[i] = ~i * 3;
    }
    printf("sv_bench: %d elements, best of %d rounds\n", N, ROUNDS);
    fails += measure("vadd", k_scalar_vadd, k_sv_vadd, N, check_vadd);
    fails += measure("copy64", k_scalar_copy64, k_sv_copy64, N, check_copy);
    fails += measure("copy8", k_scalar_copy8, k_sv_copy8, 8 * N, check_copy);
    return fails != 0;
}
