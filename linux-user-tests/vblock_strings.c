/*
 * vblock_strings: SV strlen, strncpy, memchr, strcmp and memcmp
 * (include/sv_strings.h: VBLOCK loops of trap-ffirst byte loads, §7.1,
 * and ffirst consensual branches, §6.5/§7.2) checked against plain C
 * versions over lengths 0..300 and offsets 0..15, with the data placed
 * so that its last byte is `gap` (0..15) bytes before a PROT_NONE page
 * (gap 0: the last byte of the page), and, for strlen/strncpy, in an
 * ordinary buffer with non-zero bytes after the NUL.  A 64-byte load
 * then runs into the unmapped page and must be cut, not fault.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <sys/mman.h>

#include "sv_strings.h"

#define MAXLEN 300
#define NOFFS 16

/* ------------------------------------------------ plain C references */
static size_t ref_strlen(const char *s)
{
    size_t n = 0;
    while (s[n]) {
        n++;
    }
    return n;
}

static void ref_strncpy(char *d, const char *s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++) {
        d[i] = s[i];
    }
    for (; i < n; i++) {
        d[i] = 0;
    }
}

static const void *ref_memchr(const void *b, int c, size_t n)
{
    const unsigned char *p = b;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == (unsigned char)c) {
            return p + i;
        }
    }
    return NULL;
}

static int ref_strcmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a;
    const unsigned char *q = (const unsigned char *)b;
    while (*p && *p == *q) {
        p++, q++;
    }
    return *p - *q;
}

static int ref_memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (size_t i = 0; i < n; i++) {
        if (p[i] != q[i]) {
            return p[i] - q[i];
        }
    }
    return 0;
}

/* --------------------------------------------------------- helpers */
static uint64_t rnd_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

/* A non-zero byte, often >= 0x80 (signed char pitfalls). */
static char nz(void)
{
    return (char)(1 + rnd() % 255);
}

static size_t page;

/* The first byte of a PROT_NONE page, after a readable/writable page. */
static char *guard_page_end(void)
{
    char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE) != 0) {
        perror("mmap");
        _exit(2);
    }
    return map + page;
}

static char *end_a, *end_b;
static char buf_mid[MAXLEN + 256] __attribute__((aligned(64)));

/* len non-zero bytes and a NUL, the NUL `gap` bytes before `end`. */
static char *str_at_end(char *end, size_t len, size_t gap)
{
    char *s = end - 1 - gap - len;
    memset(end - page, 0x77, page);
    for (size_t i = 0; i < len; i++) {
        s[i] = nz();
    }
    s[len] = 0;
    return s;
}

/* At buf_mid + 64 + off, non-zero bytes after the NUL. */
static char *str_mid(size_t len, size_t off)
{
    char *s = buf_mid + 64 + off;
    for (size_t i = 0; i < sizeof(buf_mid); i++) {
        buf_mid[i] = nz();
    }
    s[len] = 0;
    return s;
}

static unsigned sv_state_nonzero;

static void state_zero(void)
{
    sv_state_nonzero += SV_CSRR(SV_CSR_STATE) != 0;
}

/* ---------------------------------------------------------- strlen */
static void test_strlen(void)
{
    for (size_t len = 0; len <= MAXLEN; len++) {
        for (size_t off = 0; off < NOFFS; off++) {
            sv_context("strlen len %zu gap %zu (page end)", len, off);
            const char *s = str_at_end(end_a, len, off);
            CHECK_EQ(sv_strlen(s), ref_strlen(s));
            state_zero();
            sv_context("strlen len %zu offset %zu", len, off);
            s = str_mid(len, off);
            CHECK_EQ(sv_strlen(s), ref_strlen(s));
        }
    }
}

/* --------------------------------------------------------- strncpy */
static void strncpy_one(const char *src, size_t len, size_t n, size_t doff)
{
    static char want[MAXLEN + 128];
    /* dst's n bytes end doff bytes before end_b's PROT_NONE page */
    char *lo = end_b - (MAXLEN + 128);
    char *dst = end_b - doff - n;
    memset(lo, 0x5a, MAXLEN + 128);
    memset(want, 0x5a, sizeof(want));
    ref_strncpy(want + (dst - lo), src, n);
    char *r = sv_strncpy(dst, src, n);
    state_zero();
    size_t bad = 0;
    for (size_t i = 0; i < sizeof(want); i++) {
        bad += lo[i] != want[i];
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ((uintptr_t)r, (uintptr_t)dst);
    (void)len;
}

static void test_strncpy(void)
{
    for (size_t len = 0; len <= MAXLEN; len++) {
        for (size_t off = 0; off < NOFFS; off++) {
            const size_t ns[] = {
                0,       len / 2,           len,
                len + 1, len + 1 + off * 5, len + 1 + rnd() % 70};
            for (size_t k = 0; k < SV_COUNT(ns); k++) {
                size_t n = ns[k];
                if (n > MAXLEN + 100 || (k > 0 && n == ns[k - 1])) {
                    continue;
                }
                sv_context("strncpy len %zu n %zu gap %zu (page end)", len, n,
                           off);
                const char *s = str_at_end(end_a, len, off);
                strncpy_one(s, len, n, (off * 7) % NOFFS);
                sv_context("strncpy len %zu n %zu offset %zu", len, n, off);
                s = str_mid(len, off);
                strncpy_one(s, len, n, off);
            }
        }
    }
}

/* ---------------------------------------------------------- memchr */
static void memchr_one(const char *b, int c, size_t n)
{
    CHECK_EQ((uintptr_t)sv_memchr(b, c, n), (uintptr_t)ref_memchr(b, c, n));
    state_zero();
}

static void test_memchr(void)
{
    for (size_t n = 0; n <= MAXLEN; n++) {
        for (size_t gap = 0; gap < NOFFS; gap++) {
            char *b = end_a - gap - n;
            /* c is passed as an int: only its low byte counts */
            static const int cs[] = {0, 0x41, 0xff, -1, 0x180, -0x7f};
            int c = cs[(n + gap) % SV_COUNT(cs)];
            unsigned char uc = (unsigned char)c;
            for (size_t i = 0; i < n; i++) {
                do {
                    b[i] = (char)rnd();
                } while ((unsigned char)b[i] == uc);
            }
            sv_context("memchr n %zu gap %zu c 0x%x absent", n, gap, c);
            memchr_one(b, c, n);
            if (n == 0) {
                continue;
            }
            size_t at = rnd() % n;
            b[at] = (char)uc;
            sv_context("memchr n %zu gap %zu c 0x%x at %zu", n, gap, c, at);
            memchr_one(b, c, n);
            /* searched range ends right before c */
            sv_context("memchr n %zu gap %zu c 0x%x at %zu, n := %zu", n, gap,
                       c, at, at);
            memchr_one(b, c, at);
            /* a second c later, and c as the very last byte */
            b[n - 1] = (char)uc;
            sv_context("memchr n %zu gap %zu c 0x%x at %zu and %zu", n, gap, c,
                       at, n - 1);
            memchr_one(b, c, n);
            b[at] = (char)(uc ^ 1);
            memchr_one(b, c, n);
        }
    }
}

/* ---------------------------------------------------------- strcmp */
static void strcmp_one(const char *a, const char *b)
{
    int r = sv_strcmp(a, b);
    state_zero();
    CHECK_EQ(r, ref_strcmp(a, b));
    /* and the reference's sign is glibc's */
    int g = strcmp(a, b);
    CHECK_EQ((r > 0) - (r < 0), (g > 0) - (g < 0));
}

static void test_strcmp(void)
{
    for (size_t len = 0; len <= MAXLEN; len++) {
        for (size_t gap = 0; gap < NOFFS; gap++) {
            size_t gap2 = (gap * 5 + 3) % NOFFS;
            char *a = str_at_end(end_a, len, gap);
            char *b = end_b - 1 - gap2 - len;
            memset(end_b - page, 0x66, page);
            memcpy(b, a, len + 1);
            sv_context("strcmp equal len %zu gaps %zu/%zu", len, gap, gap2);
            strcmp_one(a, b);
            if (len == 0) {
                continue;
            }
            /* one byte differs (maybe by a NUL in b: b shorter) */
            size_t d = rnd() % len;
            char old = b[d];
            do {
                b[d] = (char)rnd();
            } while (b[d] == old);
            sv_context("strcmp len %zu differ at %zu (%02x/%02x) gaps %zu/%zu",
                       len, d, (unsigned char)a[d], (unsigned char)b[d], gap,
                       gap2);
            strcmp_one(a, b);
            strcmp_one(b, a);
            b[d] = old;
            /* b a proper prefix of a, its NUL at the page end */
            char *p = end_b - 1 - gap2 - d;
            memcpy(p, a, d);
            p[d] = 0;
            sv_context("strcmp len %zu vs its prefix %zu gaps %zu/%zu", len, d,
                       gap, gap2);
            strcmp_one(a, p);
            strcmp_one(p, a);
        }
    }
}

/* ---------------------------------------------------------- memcmp */
static void memcmp_one(const void *a, const void *b, size_t n)
{
    int r = sv_memcmp(a, b, n);
    state_zero();
    CHECK_EQ(r, ref_memcmp(a, b, n));
}

static void test_memcmp(void)
{
    for (size_t n = 0; n <= MAXLEN; n++) {
        for (size_t gap = 0; gap < NOFFS; gap++) {
            size_t gap2 = (gap * 11 + 5) % NOFFS;
            char *a = end_a - gap - n;
            char *b = end_b - gap2 - n;
            for (size_t i = 0; i < n; i++) {
                a[i] = (char)rnd();
            }
            memcpy(b, a, n);
            sv_context("memcmp equal n %zu gaps %zu/%zu", n, gap, gap2);
            memcmp_one(a, b, n);
            if (n == 0) {
                continue;
            }
            size_t d = rnd() % n;
            do {
                b[d] = (char)rnd();
            } while (b[d] == a[d]);
            sv_context("memcmp n %zu differ at %zu (%02x/%02x) gaps %zu/%zu", n,
                       d, (unsigned char)a[d], (unsigned char)b[d], gap, gap2);
            memcmp_one(a, b, n);
            memcmp_one(b, a, n);
            /* a later difference must not matter; n := d hides both */
            b[n - 1] ^= 0x80;
            memcmp_one(a, b, n);
            memcmp_one(a, b, d);
        }
    }
}

int main(void)
{
    static void (*const tests[])(void) = {
        test_strlen, test_strncpy, test_memchr, test_strcmp, test_memcmp};
    static const char *const names[] = {"strlen", "strncpy", "memchr", "strcmp",
                                        "memcmp"};

    page = (size_t)sysconf(_SC_PAGESIZE);
    sv_trap_install();
    end_a = guard_page_end();
    end_b = guard_page_end();
    for (size_t i = 0; i < SV_COUNT(tests); i++) {
        unsigned before = sv_checks, fails = sv_failures;
        sv_trap t;
        sv_state_nonzero = 0;
        SV_TRY_JUMP(t, tests[i]());
        /* a fault or SIGILL: the context of the failing call is kept */
        CHECK_EQ(t.signo, 0);
        if (t.signo) {
            printf("    signal %d at pc 0x%llx addr 0x%llx\n", t.signo,
                   (unsigned long long)t.pc, (unsigned long long)t.addr);
            SV_CSRW(SV_CSR_STATE, 0);
        }
        sv_context("%s: STATE after the calls", names[i]);
        CHECK_EQ(sv_state_nonzero, 0);
        printf("  %s: %u checks, %u failures\n", names[i], sv_checks - before,
               sv_failures - fails);
    }
    sv_context("%s", "");
    return sv_summary("vblock_strings");
}
