/*
 * bench-overhead workload: glibc qsort of pseudo-random 32-bit integers
 * through a comparison function (an indirect call per compare, so many
 * TB lookups), then a check that the array is sorted and a checksum.
 * Plain RV64GC: it measures what SV costs code that does not use it.
 *   overhead_qsort [N]   (default 100000)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    uint32_t *v = malloc(n * sizeof(*v));
    uint64_t x = 88172645463325252ull, sum = 0;

    if (n < 2 || !v) {
        fprintf(stderr, "overhead_qsort: bad N\n");
        return 2;
    }
    for (long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v[i] = (uint32_t)x;
        sum += v[i];
    }
    qsort(v, n, sizeof(*v), cmp_u32);
    for (long i = 1; i < n; i++) {
        if (v[i - 1] > v[i]) {
            printf("qsort: NOT SORTED at %ld\n", i);
            return 1;
        }
        sum -= v[i];
    }
    sum -= v[0];
    printf("qsort: %ld sorted, min %u max %u, sum check %s\n", n, v[0],
           v[n - 1], sum == 0 ? "ok" : "FAILED");
    return sum != 0;
}
