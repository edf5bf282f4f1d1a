/*
 * libsvstring against glibc, function by function.
 *
 *   svstring_test           (static, linked with libsvstring.a) the svs_*
 *                           SV functions against this program's glibc;
 *   svstring_test preload   (dynamic, run with LD_PRELOAD=libsvstring.so)
 *                           the standard names, which must resolve to
 *                           libsvstring, against glibc's own (dlsym
 *                           in libc.so.6); "preload-scalar" expects
 *                           libsvstring's scalar fallback instead of SV.
 *
 * Cases: every length 0..MAXLEN at every alignment mod 64 (so every
 * position relative to a 64-byte VBLOCK and an 8-byte word), every
 * length 0..4096 at a rotating alignment, the object ending on the last
 * byte before a PROT_NONE page (the trap-ffirst loads must stop there),
 * overlapping moves both ways at distances -130..130, bytes >= 0x80
 * (comparisons are unsigned), c with bits above 8 (strchr/memchr use
 * (char)c), canaries before and after every destination.  Comparison
 * results are compared by sign.  Prints "svstring: N checks, F failures"
 * and exits 1 on any failure.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "svstring.h"

#define MAXLEN 260  /* all alignments up to here */
#define BIGLEN 4096 /* all lengths up to here, rotating alignment */

typedef struct {
    size_t (*strlen)(const char *);
    size_t (*strnlen)(const char *, size_t);
    char *(*strchr)(const char *, int);
    char *(*strrchr)(const char *, int);
    int (*strcmp)(const char *, const char *);
    int (*strncmp)(const char *, const char *, size_t);
    char *(*strcpy)(char *, const char *);
    void *(*memchr)(const void *, int, size_t);
    int (*memcmp)(const void *, const void *, size_t);
    void *(*memcpy)(void *, const void *, size_t);
    void *(*memmove)(void *, const void *, size_t);
    void *(*memset)(void *, int, size_t);
} string_fns;

#ifdef SVSTRING_TEST_STATIC
extern int svs_available(void) __attribute__((weak));
#endif

static string_fns T, R; /* tested, reference */
#define FOR_EACH_FN(X)                                                         \
    X(strlen);                                                                 \
    X(strnlen);                                                                \
    X(strchr);                                                                 \
    X(strrchr);                                                                \
    X(strcmp);                                                                 \
    X(strncmp);                                                                \
    X(strcpy);                                                                 \
    X(memchr);                                                                 \
    X(memcmp);                                                                 \
    X(memcpy);                                                                 \
    X(memmove);                                                                \
    X(memset)
static unsigned long checks, failures;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        checks++;                                                              \
        if (!(cond)) {                                                         \
            if (failures++ < 20) {                                             \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
                printf(__VA_ARGS__);                                           \
                printf("\n");                                                  \
            }                                                                  \
        }                                                                      \
    } while (0)

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 11);
}

/* A non-zero byte, often >= 0x80. */
static char nzbyte(void)
{
    unsigned b = rnd() & 0xff;
    return (char)(b ? b : 0x80);
}

static size_t page;
static char *area;                  /* two pages + guard */
static char *area_end;              /* first byte of the PROT_NONE page */
static char *buf_a, *buf_b, *buf_d; /* 3 * 16 KiB scratch */
#define SCRATCH 16384

static void fill_string(char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        s[i] = nzbyte();
    }
    s[len] = 0;
}

/* ------------------------------------------------------ string readers */
static void check_readers(const char *s, size_t len, const char *where)
{
    CHECK(T.strlen(s) == len, "%s strlen len %zu: %zu", where, len,
          T.strlen(s));
    size_t ns[] = {0, len / 2, len, len + 1, len + 77};
    for (unsigned i = 0; i < 5; i++) {
        CHECK(T.strnlen(s, ns[i]) == R.strnlen(s, ns[i]),
              "%s strnlen len %zu n %zu", where, len, ns[i]);
    }
    /* c present (first/last occurrence), absent, NUL, with high bits */
    int cs[4];
    cs[0] = len ? (unsigned char)s[rnd() % len] : 'x';
    cs[1] = 0;
    cs[2] = len ? (unsigned char)s[len - 1] + 0x100 : 0x100;
    cs[3] = 1; /* nzbyte never makes 0x01 by chance often; often absent */
    for (unsigned i = 0; i < 4; i++) {
        CHECK(T.strchr(s, cs[i]) == R.strchr(s, cs[i]),
              "%s strchr len %zu c %#x: %p vs %p", where, len, cs[i],
              (void *)T.strchr(s, cs[i]), (void *)R.strchr(s, cs[i]));
        CHECK(T.strrchr(s, cs[i]) == R.strrchr(s, cs[i]),
              "%s strrchr len %zu c %#x", where, len, cs[i]);
        CHECK(T.memchr(s, cs[i], len) == R.memchr(s, cs[i], len),
              "%s memchr len %zu c %#x", where, len, cs[i]);
        CHECK(T.memchr(s, cs[i], len + 1) == R.memchr(s, cs[i], len + 1),
              "%s memchr len+1 %zu c %#x", where, len, cs[i]);
    }
}

static void test_readers(void)
{
    char *base = buf_a;
    for (size_t len = 0; len <= MAXLEN; len++) {
        for (size_t al = 0; al < 64; al++) {
            char *s = base + al;
            fill_string(s, len);
            check_readers(s, len, "scratch");
        }
    }
    for (size_t len = 0; len <= BIGLEN; len++) {
        char *s = base + (len * 7) % 64;
        fill_string(s, len);
        check_readers(s, len, "scratch-big");
        /* ending right before the unmapped page */
        s = area_end - (len + 1);
        fill_string(s, len);
        check_readers(s, len, "page-end");
    }
}

/* --------------------------------------------------------- comparisons */
static void check_cmp(const char *a, const char *b, size_t len,
                      const char *where)
{
    CHECK(sign(T.strcmp(a, b)) == sign(R.strcmp(a, b)),
          "%s strcmp len %zu: %d vs %d", where, len, T.strcmp(a, b),
          R.strcmp(a, b));
    CHECK(sign(T.strcmp(b, a)) == sign(R.strcmp(b, a)), "%s strcmp' len %zu",
          where, len);
    size_t ns[] = {0, 1, len / 2, len, len + 1, len + 64};
    for (unsigned i = 0; i < 6; i++) {
        CHECK(sign(T.strncmp(a, b, ns[i])) == sign(R.strncmp(a, b, ns[i])),
              "%s strncmp len %zu n %zu", where, len, ns[i]);
    }
    CHECK(sign(T.memcmp(a, b, len)) == sign(R.memcmp(a, b, len)),
          "%s memcmp len %zu: %d vs %d", where, len, T.memcmp(a, b, len),
          R.memcmp(a, b, len));
}

/* b := a, then one change: none, a byte (maybe across 0x80), or a NUL */
static void mutate(const char *a, char *b, size_t len)
{
    R.memcpy(b, a, len + 1); /* the reference: never the tested code */
    if (!len) {
        return;
    }
    size_t k = rnd() % len;
    switch (rnd() % 4) {
    case 0:
        break;
    case 1:
        b[k] = (char)(b[k] ^ 0x80) ? (char)(b[k] ^ 0x80) : 1;
        break;
    case 2:
        b[k] = (char)((unsigned char)b[k] == 0xff ? 1 : b[k] + 1);
        break;
    case 3:
        b[k] = 0;
        break;
    }
}

static void test_cmp(void)
{
    for (size_t len = 0; len <= MAXLEN; len++) {
        for (size_t al = 0; al < 64; al++) {
            char *a = buf_a + al, *b = buf_b + (al * 5 + len) % 64;
            fill_string(a, len);
            mutate(a, b, len);
            check_cmp(a, b, len, "scratch");
        }
    }
    for (size_t len = 0; len <= BIGLEN; len++) {
        char *a = area_end - (len + 1); /* a at the page end, b anywhere */
        char *b = buf_b + len % 64;
        fill_string(a, len);
        mutate(a, b, len);
        check_cmp(a, b, len, "page-end");
        check_cmp(b, a, len, "page-end'");
    }
}

/* ---------------------------------------------------------- writers */
#define CANARY 0x5a

static void check_copy_result(const char *d, const char *want, size_t len,
                              size_t guard, const char *what, size_t al)
{
    int ok = !R.memcmp(d, want, len);
    for (size_t i = 1; i <= guard; i++) {
        ok &= (unsigned char)d[-(long)i] == CANARY &&
              (unsigned char)d[len + i - 1] == CANARY;
    }
    CHECK(ok, "%s len %zu align %zu: wrong bytes or canary", what, len, al);
}

static void test_writers(void)
{
    static char want[SCRATCH];
    /* every length up to MAXLEN, then sparser, but every length around
     * memcpy's and memset's 512-byte switch to 64-bit elements */
    for (size_t len = 0; len <= BIGLEN;
         len +=
         (len < MAXLEN || (len >= 500 && len < 530) ? 1 : 1 + len / 64)) {
        size_t nal = len <= MAXLEN ? 64 : 8;
        for (size_t al = 0; al < nal; al++) {
            size_t sal = len <= MAXLEN ? (al * 7 + len) % 64 : rnd() % 64;
            char *s = buf_a + 64 + sal;
            char *d = buf_d + 64 + al;
            fill_string(s, len);
            R.memset(buf_d, CANARY, len + 256);

            /* memcpy */
            void *r = T.memcpy(d, s, len);
            CHECK(r == d, "memcpy return");
            check_copy_result(d, s, len, 64, "memcpy", al);

            /* memset (c with bits above 8) */
            R.memset(buf_d, CANARY, len + 256);
            int c = (int)(rnd() & 0x3ff);
            r = T.memset(d, c, len);
            CHECK(r == d, "memset return");
            R.memset(want, c, len);
            check_copy_result(d, want, len, 64, "memset", al);

            /* strcpy: nothing written after the NUL */
            R.memset(buf_d, CANARY, len + 256);
            r = T.strcpy(d, s);
            CHECK(r == d, "strcpy return");
            check_copy_result(d, s, len + 1, 64, "strcpy", al);
        }
    }
    /* strcpy from a string ending at the unmapped page */
    for (size_t len = 0; len <= BIGLEN; len++) {
        char *s = area_end - (len + 1);
        char *d = buf_d + 64 + len % 64;
        fill_string(s, len);
        R.memset(buf_d, CANARY, len + 256);
        T.strcpy(d, s);
        check_copy_result(d, s, len + 1, 64, "strcpy page-end", len % 64);
        /* memcpy/memmove reading up to the last byte before it */
        R.memset(buf_d, CANARY, len + 256);
        T.memcpy(d, s, len + 1);
        check_copy_result(d, s, len + 1, 64, "memcpy page-end", len % 64);
    }
}

static void test_memmove(void)
{
    static char ref[SCRATCH], orig[SCRATCH];
    char *base = buf_d + 1024;
    for (size_t len = 0; len <= 1200; len += (len < 300 ? 1 : 7)) {
        for (long dist = -130; dist <= 130; dist += (len < 300 ? 1 : 3)) {
            size_t sal = (size_t)(len * 3 + (unsigned long)dist) % 64;
            char *s = base + sal;
            char *d = s + dist;
            for (size_t i = 0; i < len + 512; i++) {
                base[i - 256] = nzbyte();
            }
            R.memcpy(orig, base - 256, len + 512);
            R.memcpy(ref, base - 256, len + 512);
            R.memmove(ref + 256 + (d - base), ref + 256 + (s - base), len);
            void *r = T.memmove(d, s, len);
            CHECK(r == d, "memmove return");
            CHECK(!R.memcmp(base - 256, ref, len + 512),
                  "memmove len %zu dist %ld align %zu", len, dist, sal);
        }
    }
}

/* ------------------------------------------------------------- setup */
#ifndef SVSTRING_TEST_STATIC
/* glibc's own definition: looked up in libc.so.6's scope (RTLD_NEXT from
 * the program would find the preloaded library first). */
static void *ref_sym(const char *name)
{
    static void *libc;
    if (!libc && !(libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD))) {
        printf("FAIL: libc.so.6 is not loaded?\n");
        exit(1);
    }
    void *p = dlsym(libc, name);
    Dl_info info;
    if (!p || !dladdr(p, &info) || !strstr(info.dli_fname, "libc.so")) {
        printf("FAIL: glibc's %s not found in libc.so.6\n", name);
        exit(1);
    }
    return p;
}

/* The standard names, which must be libsvstring's, against glibc's. */
static int setup(int argc, char **argv)
{
    if (argc < 2 || strncmp(argv[1], "preload", 7)) {
        printf("usage: %s preload|preload-scalar (under "
               "LD_PRELOAD=libsvstring.so)\n",
               argv[0]);
        return 2;
    }
    int (*avail)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "svs_available");
    if (!avail) {
        printf("FAIL: libsvstring is not loaded (LD_PRELOAD?)\n");
        return 1;
    }
    int want_sv = strcmp(argv[1], "preload-scalar") != 0;
    if (avail() != want_sv) {
        printf("FAIL: svs_available() = %d, expected %d\n", avail(), want_sv);
        return 1;
    }
    Dl_info info;
    if (!dladdr((void *)strlen, &info) ||
        !strstr(info.dli_fname, "libsvstring")) {
        printf("FAIL: strlen resolves to %s, not libsvstring\n",
               info.dli_fname ? info.dli_fname : "?");
        return 1;
    }
#define STD(f) T.f = f
#define NEXT(f) R.f = ref_sym(#f)
    FOR_EACH_FN(STD);
    FOR_EACH_FN(NEXT);
    return 0;
}
#else
/* The svs_* functions against this program's glibc. */
static int setup(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    /* glibc is the reference only if libsvstring's standard names
     * stayed out of the link (svstring.c is a separate member). */
    if (svs_available) {
        printf("FAIL: libsvstring's standard names are linked in: no glibc "
               "reference\n");
        return 1;
    }
#define SVS(f) T.f = svs_##f
#define GLIBC(f) R.f = f
    FOR_EACH_FN(SVS);
    FOR_EACH_FN(GLIBC);
    return 0;
}
#endif

int main(int argc, char **argv)
{
    int rc = setup(argc, argv);
    if (rc) {
        return rc;
    }
    page = (size_t)sysconf(_SC_PAGESIZE);
    size_t span = 2 * page + BIGLEN + 64;
    span = (span + page - 1) / page * page;
    area = mmap(NULL, span + page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED || mprotect(area + span, page, PROT_NONE)) {
        perror("mmap");
        return 1;
    }
    area_end = area + span;
    static char scratch[3][SCRATCH] __attribute__((aligned(64)));
    buf_a = scratch[0];
    buf_b = scratch[1];
    buf_d = scratch[2];

    /* The reference must not be the tested code. */
    if ((void *)T.strlen == (void *)R.strlen ||
        (void *)T.memcpy == (void *)R.memcpy) {
        printf("FAIL: tested and reference functions are the same\n");
        return 1;
    }
    test_readers();
    test_cmp();
    test_writers();
    test_memmove();
    printf("svstring%s: %lu checks, %lu failures\n",
           argc > 1 ? " (preload)" : "", checks, failures);
    return failures != 0;
}
