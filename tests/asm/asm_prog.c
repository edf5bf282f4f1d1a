/*
 * Runs the sv-as kernels of kernels.S under qemu-riscv64 -cpu
 * rv64,xsv=true and checks each result against the value computed here
 * in C.  Prints "asm_prog: N checks, F failures".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

void k_add8(uint8_t *c, const uint8_t *a, const uint8_t *b, size_t n);
void k_add8c(uint8_t *c, const uint8_t *a, const uint8_t *b, size_t n);
void k_add8w(uint8_t *c, const uint8_t *a, const uint8_t *b, size_t n);
size_t k_strlen(const char *s);
void k_madd_zero(uint64_t *d, const uint64_t *a, const uint64_t *b,
                 uint64_t mask);
void k_madd_keep_inv(uint64_t *d, const uint64_t *a, const uint64_t *b,
                     uint64_t mask);
void k_pred8(uint64_t *d, const uint64_t *a, const uint64_t *b, uint64_t mask);
void k_compress(uint64_t *d, const uint64_t *a, uint64_t mask);
void k_expand(uint64_t *d, const uint64_t *a, uint64_t mask);
void k_inplace(uint64_t *d, const uint64_t *a, uint64_t mask);
int k_any(const uint64_t *a, uint64_t key, uint64_t *mask);
int k_all(const uint64_t *a, uint64_t key, uint64_t *mask);
int k_none(const uint64_t *a, uint64_t key, uint64_t *mask);
int k_notall(const int64_t *a, int64_t key, uint64_t *mask);
int k_any_masked(const uint64_t *a, uint64_t key, uint64_t mask);
void k_vec2(uint64_t *d, const uint64_t *a, const uint64_t *b);
uint64_t k_redirect(uint64_t v);
void k_narrow(uint8_t *d, const uint16_t *a, const uint16_t *b);
void k_saxpy(float a, const float *x, float *y, size_t n);
uint64_t k_ffcopy(uint64_t *d, const uint64_t *a);

static unsigned checks, failures;
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void check(int ok, const char *what, unsigned i)
{
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL %s [%u]\n", what, i);
    }
}

static void t_add8(void (*fn)(uint8_t *, const uint8_t *, const uint8_t *,
                              size_t),
                   const char *name)
{
    static uint8_t a[300], b[300], c[300];
    size_t ns[] = {0, 1, 7, 63, 64, 65, 200, 300};
    for (unsigned k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        for (unsigned i = 0; i < 300; i++) {
            a[i] = rnd(), b[i] = rnd(), c[i] = 0x5a;
        }
        fn(c, a, b, ns[k]);
        for (unsigned i = 0; i < 300; i++) {
            uint8_t want = i < ns[k] ? (uint8_t)(a[i] + b[i]) : 0x5a;
            check(c[i] == want, name, i);
        }
    }
}

static void t_strlen(void)
{
    /* A string ending right before an unmapped page: fail-on-first. */
    char *p = mmap(0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    mprotect(p + 4096, 4096, PROT_NONE);
    for (unsigned len = 0; len < 300; len += 7) {
        char *s = p + 4096 - len - 1;
        memset(s, 'x', len);
        s[len] = 0;
        check(k_strlen(s) == len, "strlen", len);
    }
    munmap(p, 8192);
}

static void fill(uint64_t *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        v[i] = rnd();
    }
}

static void t_masks(void)
{
    uint64_t a[8], b[8], d[8], old[8];
    for (unsigned r = 0; r < 40; r++) {
        uint64_t m = rnd() & 0xff;
        fill(a, 8), fill(b, 8), fill(d, 8);
        k_madd_zero(d, a, b, m);
        for (unsigned i = 0; i < 8; i++) {
            check(d[i] == (m >> i & 1 ? a[i] + b[i] : 0), "/m /zz", i);
        }
        fill(d, 8);
        memcpy(old, d, sizeof d);
        k_madd_keep_inv(d, a, b, m);
        for (unsigned i = 0; i < 8; i++) {
            check(d[i] == (m >> i & 1 ? old[i] : a[i] + b[i]), "/m=~", i);
        }
        fill(d, 8);
        k_pred8(d, a, b, m);
        for (unsigned i = 0; i < 8; i++) {
            check(d[i] == (m >> i & 1 ? a[i] + b[i] : 0), "8-bit pred", i);
        }
        /* twin */
        fill(d, 8);
        memcpy(old, d, sizeof d);
        k_compress(d, a, m);
        unsigned k = 0;
        for (unsigned i = 0; i < 8; i++) {
            if (m >> i & 1) {
                check(d[k] == a[i], "/sm compress", i);
                k++;
            }
        }
        for (; k < 8; k++) {
            check(d[k] == old[k], "/sm compress tail", k);
        }
        fill(d, 8);
        memcpy(old, d, sizeof d);
        k_expand(d, a, m);
        k = 0;
        for (unsigned i = 0; i < 8; i++) {
            check(d[i] == (m >> i & 1 ? a[k++] : old[i]), "/dm expand", i);
        }
        fill(d, 8);
        memcpy(old, d, sizeof d);
        k_inplace(d, a, m);
        for (unsigned i = 0; i < 8; i++) {
            check(d[i] == (m >> i & 1 ? old[i] + a[i] : old[i]),
                  "/m twin in place", i);
        }
    }
}

static void t_branches(void)
{
    uint64_t a[8];
    for (unsigned r = 0; r < 60; r++) {
        uint64_t key = 1000 + r % 3, mask, want = 0;
        for (unsigned i = 0; i < 8; i++) {
            a[i] = r % 5 == 0 ? key : 1000 + rnd() % 4;
            want |= (uint64_t)(a[i] == key) << i;
        }
        check(k_any(a, key, &mask) == (want != 0), "/any taken", r);
        check(mask == want, "/any /r= mask", r);
        check(k_all(a, key, &mask) == (want == 0xff), "/all taken", r);
        check(mask == want, "/all /r= mask", r);
        check(k_none(a, key, &mask) == (want == 0), "/none taken", r);
        check(mask == want, "/none /r= mask", r);
        uint64_t sel = rnd() & 0xff;
        check(k_any_masked(a, key, sel) == ((want & sel) != 0), "/m /any", r);
        int64_t s[8], lim = 2;
        uint64_t lt = 0;
        for (unsigned i = 0; i < 8; i++) {
            s[i] = (int64_t)(rnd() % 5) - 2 + (r % 4 == 0 ? -10 : 0);
            lt |= (uint64_t)(s[i] < lim) << i;
        }
        check(k_notall(s, lim, &mask) == (lt != 0xff), "/notall taken", r);
        check(mask == lt, "/notall /r= mask", r);
    }
}

static void t_misc(void)
{
    uint64_t a[8], b[8], d[8];
    fill(a, 8), fill(b, 8);
    k_vec2(d, a, b);
    for (unsigned i = 0; i < 8; i++) {
        check(d[i] == a[i] + b[i], "/vec2", i);
    }
    for (unsigned r = 0; r < 10; r++) {
        uint64_t v = rnd();
        check(k_redirect(v) == 2 * (v + 7), "x100 redirected scalar", r);
    }
    uint16_t x[16], y[16];
    uint8_t n8[16];
    for (unsigned i = 0; i < 16; i++) {
        x[i] = rnd(), y[i] = rnd();
    }
    k_narrow(n8, x, y);
    for (unsigned i = 0; i < 16; i++) {
        check(n8[i] == (uint8_t)(x[i] + y[i]), "/dw=8/sw=16", i);
    }
    static float fx[100], fy[100], fw[100];
    for (unsigned i = 0; i < 100; i++) {
        fx[i] = (float)(rnd() % 1000) / 7.0f;
        fy[i] = fw[i] = (float)(rnd() % 1000) / 3.0f;
    }
    k_saxpy(1.5f, fx, fy, 100);
    for (unsigned i = 0; i < 100; i++) {
        float want = fmaf(1.5f, fx[i], fw[i]);
        check(memcmp(&fy[i], &want, 4) == 0, "sv.fmadd.s saxpy", i);
    }
    for (unsigned z = 0; z <= 8; z++) {
        for (unsigned i = 0; i < 8; i++) {
            a[i] = i == z ? 0 : rnd() | 1;
            d[i] = 77;
        }
        uint64_t vl = k_ffcopy(d, a);
        check(vl == z, "/ff data VL", z);
        for (unsigned i = 0; i < 8; i++) {
            check(d[i] == (i < z ? a[i] : 77), "/ff data copy", i);
        }
    }
}

int main(void)
{
    t_add8(k_add8, "add8 /w=8");
    t_add8(k_add8c, "sv.block, sv.c.add");
    t_add8(k_add8w, "sv.ld with an 8-bit address register");
    t_strlen();
    t_masks();
    t_branches();
    t_misc();
    printf("asm_prog: %u checks, %u failures\n", checks, failures);
    return failures != 0;
}
