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

/* The first byte of a PROT_NONE page, after two readable/writable pages. */
static char *guard_page_end(void)
{
    char *map = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map + 2 * page, page, PROT_NONE) != 0) {
        perror("mmap");
        _exit(2);
    }
    return map + 2 * page;
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
/*
 * strlen and memchr at other VLMAX too: below 64 the fused load+branch
 * may run inline (one 64-bit word at a time, tail pieces at 1, 3, 13),
 * its helper taking a match, a VL below MVL and a run that leaves the
 * page (into the PROT_NONE page: cut; into the next readable page).
 */
SV_STRLEN(sv_strlen1, 1)
SV_STRLEN(sv_strlen8, 8)
SV_STRLEN(sv_strlen13, 13)
SV_STRLEN(sv_strlen32, 32)
SV_MEMCHR(sv_memchr1, 1, SV_MEMCHR_A1_8)
SV_MEMCHR(sv_memchr3, 3, SV_MEMCHR_A1_8)
SV_MEMCHR(sv_memchr8, 8, SV_MEMCHR_A1_8)
SV_MEMCHR(sv_memchr13, 13, SV_MEMCHR_A1_8)
SV_MEMCHR(sv_memchr32, 32, SV_MEMCHR_A1_8)
SV_MEMCHR(sv_memchr8_wide, 8, "") /* a1 untagged: its 64 bits */

/*
 * memchr with a1 written in the block's own TB, right before it (and
 * left scrambled after it): the byte scan's inline form must see the
 * value just written, not the register file's copy in memory.
 */
static inline void *sv_memchr8_a1(const void *buf, int c, size_t n)
{
    register const char *p asm("a0") = buf;
    register long ch asm("a1") = c ^ 0x5a;
    register size_t left asm("a2") = n;

    asm volatile("beqz a2, 8f\n"
                 "j 1f\n"
                 "2:\n"
                 "add a0, a0, a4\n"
                 "sub a2, a2, a4\n"
                 "xori a1, a1, 0x5a\n"
                 "beqz a2, 8f\n"
                 "1:\n"
                 "xori a1, a1, 0x5a\n"
                 "sv_vblock_begin\n"
                 "sv_vl_rvc rd=a4, rs1=a2, vlmax=8\n"
                 "sv_reg16 key=t0, regidx=32, vew=1\n" SV_MEMCHR_A1_8
                 "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"
                 "sv_ops\n"
                 "lb t0, 0(a0)\n"
                 "sv_bne t0, a1, 2b\n"
                 "sv_vblock_end\n"
                 "add a0, a0, a4\n"
                 "j 9f\n"
                 "8:\n"
                 "li a0, 0\n"
                 "9:\n"
                 "csrw 0x803, zero\n"
                 : "+r"(p), "+r"(left), "+r"(ch)
                 :
                 : "t0", "a4", "memory");
    return (void *)p;
}

/*
 * memchr by data-dependent fail-on-first on an ALU op (§7.2): a
 * trap-ffirst LB, then an XOR with c's byte whose first zero cuts VL.
 * a0 + VL is then the match or the byte after the run, tested by a
 * plain LBU.  VL = min(a2, VLMAX) from the VL block's rd, so the last
 * pass runs below MVL: the LB's run below MVL goes on at the XOR's own
 * entry below MVL, the XOR's fast path not testing VL again.
 */
#define SV_MEMCHRFF(NAME, VLMAX)                                               \
    static inline void *NAME(const void *buf, int c, size_t n)                 \
    {                                                                          \
        register const char *p asm("a0") = buf;                                \
        register long ch asm("a1") = c;                                        \
        register size_t left asm("a2") = n;                                    \
                                                                               \
        asm volatile("andi t3, a1, 0xff\n"                                     \
                     "beqz a2, 8f\n"                                           \
                     "1:\n"                                                    \
                     "sv_vblock_begin ext=1\n"                                 \
                     "sv_vl_rvc rd=a4, rs1=a2, vlmax=" #VLMAX "\n"             \
                     "sv_reg16 key=t0, regidx=32, vew=1\n"                     \
                     "sv_reg16 key=t1, regidx=40, vew=1\n" SV_MEMCHR_A1_8      \
                     "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"         \
                     "sv_pred16 key=t1, predidx=x0, inv=1, ffirst=1\n"         \
                     "sv_ops\n"                                                \
                     "lb t0, 0(a0)\n"                                          \
                     "xor t1, t0, a1\n"                                        \
                     "sv_vblock_end\n"                                         \
                     "add a0, a0, a4\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "beqz a2, 8f\n"                                           \
                     "lbu t2, 0(a0)\n"                                         \
                     "bne t2, t3, 1b\n"                                        \
                     "j 9f\n"                                                  \
                     "8:\n"                                                    \
                     "li a0, 0\n"                                              \
                     "9:\n"                                                    \
                     "csrw 0x803, zero\n"                                      \
                     : "+r"(p), "+r"(left)                                     \
                     : "r"(ch)                                                 \
                     : "t0", "t1", "t2", "t3", "a4", "memory");                \
        return (void *)p;                                                      \
    }
/*
 * memchr with the loop's next pass on the vector branch's taken side,
 * ahead of the block (bench/kernels_bench.c's memchr): the TB goes on
 * at the branch's target, its not-taken side (a match) leaving it
 * (sv_plan.go_on_taken), so a pass runs the block, the advance and the
 * back edge in one TB.
 */
#define SV_MEMCHR_FWD(NAME, VLMAX)                                             \
    static inline void *NAME(const void *buf, int c, size_t n)                 \
    {                                                                          \
        register const char *p asm("a0") = buf;                                \
        register long ch asm("a1") = c;                                        \
        register size_t left asm("a2") = n;                                    \
                                                                               \
        asm volatile("beqz a2, 8f\n"                                           \
                     "1:\n"                                                    \
                     "sv_vblock_begin\n"                                       \
                     "sv_vl_rvc rd=a4, rs1=a2, vlmax=" #VLMAX "\n"             \
                     "sv_reg16 key=t0, regidx=32, vew=1\n" SV_MEMCHR_A1_8      \
                     "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"         \
                     "sv_ops\n"                                                \
                     "lb t0, 0(a0)\n"                                          \
                     "sv_bne t0, a1, 2f\n"                                     \
                     "sv_vblock_end\n"                                         \
                     "add a0, a0, a4\n"                                        \
                     "j 9f\n"                                                  \
                     "2:\n"                                                    \
                     "add a0, a0, a4\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     "8:\n"                                                    \
                     "li a0, 0\n"                                              \
                     "9:\n"                                                    \
                     "csrw 0x803, zero\n"                                      \
                     : "+r"(p), "+r"(left)                                     \
                     : "r"(ch)                                                 \
                     : "t0", "a4", "memory");                                  \
        return (void *)p;                                                      \
    }
SV_MEMCHR_FWD(sv_memchr_fwd8, 8)
SV_MEMCHR_FWD(sv_memchr_fwd13, 13)
SV_MEMCHR_FWD(sv_memchr_fwd64, 64)

SV_MEMCHRFF(sv_memchrff1, 1)
SV_MEMCHRFF(sv_memchrff3, 3)
SV_MEMCHRFF(sv_memchrff8, 8)
SV_MEMCHRFF(sv_memchrff13, 13)
SV_MEMCHRFF(sv_memchrff32, 32)

static size_t (*const strlens[])(const char *) = {
    sv_strlen, sv_strlen1, sv_strlen8, sv_strlen13, sv_strlen32};

static void test_strlen(void)
{
    for (size_t k = 0; k < SV_COUNT(strlens); k++) {
        for (size_t len = 0; len <= MAXLEN; len++) {
            for (size_t off = 0; off < NOFFS; off++) {
                sv_context("strlen #%zu len %zu gap %zu (page end)", k, len,
                           off);
                const char *s = str_at_end(end_a, len, off);
                CHECK_EQ(strlens[k](s), ref_strlen(s));
                state_zero();
                sv_context("strlen #%zu len %zu offset %zu", k, len, off);
                s = str_mid(len, off);
                CHECK_EQ(strlens[k](s), ref_strlen(s));
                state_zero();
                /* across the boundary of two readable pages */
                sv_context("strlen #%zu len %zu at page - %zu", k, len, off);
                s = str_at_end(end_a - page + len / 2 + 1, len, off);
                CHECK_EQ(strlens[k](s), ref_strlen(s));
            }
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
static void *(*const memchrs[])(const void *, int, size_t) = {
    sv_memchr,     sv_memchr1,     sv_memchr3,      sv_memchr8,
    sv_memchr13,   sv_memchr32,    sv_memchr8_wide, sv_memchr8_a1,
    sv_memchrff1,  sv_memchrff3,   sv_memchrff8,    sv_memchrff13,
    sv_memchrff32, sv_memchr_fwd8, sv_memchr_fwd13, sv_memchr_fwd64};

static void memchr_one(size_t k, const char *b, int c, size_t n)
{
    /* untagged a1: a byte never equals a value above 0xff */
    bool wide = memchrs[k] == sv_memchr8_wide && (unsigned long)(long)c > 0xff;
    const void *want = wide ? NULL : ref_memchr(b, c, n);

    CHECK_EQ((uintptr_t)memchrs[k](b, c, n), (uintptr_t)want);
    state_zero();
}

static void test_memchr_at(size_t k, char *b, size_t n, size_t gap)
{
    /* c is passed as an int: only its low byte counts */
    static const int cs[] = {0, 0x41, 0xff, -1, 0x180, -0x7f};
    int c = cs[(n + gap) % SV_COUNT(cs)];
    unsigned char uc = (unsigned char)c;
    for (size_t i = 0; i < n; i++) {
        do {
            b[i] = (char)rnd();
        } while ((unsigned char)b[i] == uc);
    }
    sv_context("memchr #%zu n %zu gap %zu c 0x%x absent", k, n, gap, c);
    memchr_one(k, b, c, n);
    if (n == 0) {
        return;
    }
    size_t at = rnd() % n;
    b[at] = (char)uc;
    sv_context("memchr #%zu n %zu gap %zu c 0x%x at %zu", k, n, gap, c, at);
    memchr_one(k, b, c, n);
    /* searched range ends right before c */
    sv_context("memchr #%zu n %zu gap %zu c 0x%x at %zu, n := %zu", k, n, gap,
               c, at, at);
    memchr_one(k, b, c, at);
    /* a second c later, and c as the very last byte */
    b[n - 1] = (char)uc;
    sv_context("memchr #%zu n %zu gap %zu c 0x%x at %zu and %zu", k, n, gap, c,
               at, n - 1);
    memchr_one(k, b, c, n);
    b[at] = (char)(uc ^ 1);
    memchr_one(k, b, c, n);
}

static void test_memchr(void)
{
    for (size_t k = 0; k < SV_COUNT(memchrs); k++) {
        for (size_t n = 0; n <= MAXLEN; n++) {
            for (size_t gap = 0; gap < NOFFS; gap++) {
                /* ending at the PROT_NONE page; across two readable ones */
                test_memchr_at(k, end_a - gap - n, n, gap);
                test_memchr_at(k, end_a - page - gap - n / 2, n, gap);
            }
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
