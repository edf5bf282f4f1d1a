/*
 * SV in C: kernels written as inline asm in sv-as syntax, built with
 * tools/sv-cc (gcc with sv-as as its assembler), checked against C.
 * The scalar operands are ordinary "r" operands: sv-as keeps every
 * register the block names out of its key choice, and keys are only
 * opcode fields, so no register the compiler allocated is changed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sv.h"

/* c[i] = a[i] + b[i], 64 bytes per block: VL from sv.setvl. */
static void sv_add8(uint8_t *c, const uint8_t *a, const uint8_t *b, size_t n)
{
    while (n) {
        size_t vl;
        asm volatile("sv.setvl %[vl], %[n], 64\n\t"
                     "sv.lb/w=8 *x32, 0(%[a])\n\t"
                     "sv.lb/w=8 *x40, 0(%[b])\n\t"
                     "sv.add/w=8 *x48, *x32, *x40\n\t"
                     "sv.sb/w=8 *x48, 0(%[c])\n\t"
                     "csrw 0x803, zero"
                     : [vl] "=&r"(vl)
                     : [n] "r"(n), [a] "r"(a), [b] "r"(b), [c] "r"(c)
                     : "memory");
        a += vl, b += vl, c += vl, n -= vl;
    }
}

/* The index of the first a[i] == key in up to 16 elements per block
 * (ifany with the result mask), or -1. */
static long sv_find(const int64_t *a, size_t n, int64_t key)
{
    for (size_t base = 0; base < n;) {
        size_t vl;
        uint64_t mask = 0;
        int hit = 0;
        asm volatile("sv.setvl %[vl], %[n], 16\n\t"
                     "sv.ld *x32, 0(%[a])\n\t"
                     "sv.beq/any/r=%[mask] *x32, %[key], 1f\n\t"
                     "j 2f\n"
                     "1:\tli %[hit], 1\n"
                     "2:\tcsrw 0x803, zero"
                     : [vl] "=&r"(vl), [mask] "+r"(mask), [hit] "+r"(hit)
                     : [n] "r"(n - base), [a] "r"(a + base), [key] "r"(key)
                     : "memory");
        if (hit) {
            return (long)(base + __builtin_ctzll(mask));
        }
        base += vl;
    }
    return -1;
}

int main(void)
{
    static uint8_t a[300], b[300], c[300];
    static int64_t v[100];
    unsigned checks = 0, failures = 0;
    for (unsigned n = 0; n <= 300; n += 13) {
        for (unsigned i = 0; i < 300; i++) {
            a[i] = (uint8_t)(i * 7 + n), b[i] = (uint8_t)(i * 13), c[i] = 1;
        }
        sv_add8(c, a, b, n);
        for (unsigned i = 0; i < 300; i++, checks++) {
            failures += c[i] != (i < n ? (uint8_t)(a[i] + b[i]) : 1);
        }
    }
    for (unsigned i = 0; i < 100; i++) {
        v[i] = (int64_t)(i * 37 % 101);
    }
    for (int64_t key = -1; key < 110; key++, checks++) {
        long want = -1;
        for (unsigned i = 0; i < 100 && want < 0; i++) {
            want = v[i] == key ? (long)i : -1;
        }
        failures += sv_find(v, 100, key) != want;
    }
    printf("asm-inline: %u checks, %u failures\n", checks, failures);
    return failures != 0;
}
