/*
 * libsvstring: the standard names, dispatching to the SV code of
 * svstring.S (and svs_strrchr.c) when the CPU has Simple-V, else to plain
 * scalar loops.
 *
 * Built with -fno-builtin -fno-tree-loop-distribute-patterns: gcc must not
 * turn the scalar loops below into calls of the very functions they
 * implement.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svstring.h"

#define EXPORT __attribute__((visibility("default")))
#define likely(x) __builtin_expect(!!(x), 1)

/* Set once by the constructor; until then (ld.so, other constructors)
 * the scalar loops run.  Read by svstring.S's standard names too. */
__attribute__((visibility("hidden"))) int svs_have_sv;
#define have_sv svs_have_sv

/* ------------------------------------------------------------ detection */
static sigjmp_buf probe_env;

static void probe_sigill(int sig)
{
    (void)sig;
    siglongjmp(probe_env, 1);
}

/* csrr mvl: SIGILL unless the CPU has SV. */
static int probe_sv(void)
{
    struct sigaction sa, old;
    volatile int ok = 0;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = probe_sigill;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGILL, &sa, &old) != 0) {
        return 0;
    }
    if (!sigsetjmp(probe_env, 1)) {
        unsigned long v;
        asm volatile("csrr %0, 0x800" : "=r"(v));
        (void)v;
        ok = 1;
    }
    sigaction(SIGILL, &old, NULL);
    return ok;
}

__attribute__((constructor)) static void svs_init(void)
{
    const char *mode = getenv("LIBSVSTRING");
    const char *verbose = getenv("LIBSVSTRING_VERBOSE");
    int sv = probe_sv();

    have_sv = sv && !(mode && !strcmp(mode, "off"));
    if (verbose && *verbose && strcmp(verbose, "0")) {
        /* the load address lets a profile name the functions
         * (bench/userland-svprof.sh) */
        Dl_info info;
        void *base =
            dladdr((void *)svs_available, &info) ? info.dli_fbase : NULL;
        fprintf(stderr, "libsvstring: %s (base %p)\n",
                have_sv ? "Simple-V string functions"
                : sv    ? "scalar loops (LIBSVSTRING=off)"
                        : "scalar loops (this CPU has no Simple-V: "
                          "-cpu rv64,xsv=true enables it)",
                base);
    }
}

EXPORT int svs_available(void)
{
    return have_sv;
}

/* ------------------------------------------------------ scalar fallback */
static size_t sc_strnlen(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i]) {
        i++;
    }
    return i;
}

static char *sc_strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c) {
            return (char *)s;
        }
        if (!*s) {
            return NULL;
        }
    }
}

static char *sc_strrchr(const char *s, int c)
{
    const char *last = NULL;
    for (;; s++) {
        if (*s == (char)c) {
            last = s;
        }
        if (!*s) {
            return (char *)last;
        }
    }
}

static int sc_strncmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x != y || !x) {
            return x - y;
        }
    }
    return 0;
}

static void *sc_memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == (unsigned char)c) {
            return (void *)(p + i);
        }
    }
    return NULL;
}

static int sc_memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++) {
        if (x[i] != y[i]) {
            return x[i] - y[i];
        }
    }
    return 0;
}

static void *sc_memmove(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    if ((size_t)(dp - sp) >= n) {
        for (size_t i = 0; i < n; i++) {
            dp[i] = sp[i];
        }
    } else {
        while (n--) {
            dp[n] = sp[n];
        }
    }
    return d;
}

static void *sc_memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    for (size_t i = 0; i < n; i++) {
        p[i] = (unsigned char)c;
    }
    return d;
}

/* ------------------------------------------------------ standard names */
#ifdef SVS_STANDARD_NAMES
/*
 * libsvstring.so: svstring.S defines the standard names but strrchr and
 * __strcpy_chk, each in front of its svs_ function (svs_func), and
 * calls these for the scalar loops.
 */
#define SCALAR __attribute__((visibility("hidden")))

SCALAR size_t svs_scalar_strlen(const char *s)
{
    return sc_strnlen(s, (size_t)-1);
}

SCALAR size_t svs_scalar_strnlen(const char *s, size_t n)
{
    return sc_strnlen(s, n);
}

SCALAR char *svs_scalar_strchr(const char *s, int c)
{
    return sc_strchr(s, c);
}

SCALAR int svs_scalar_strcmp(const char *a, const char *b)
{
    return sc_strncmp(a, b, (size_t)-1);
}

SCALAR int svs_scalar_strncmp(const char *a, const char *b, size_t n)
{
    return sc_strncmp(a, b, n);
}

SCALAR void *svs_scalar_memchr(const void *s, int c, size_t n)
{
    return sc_memchr(s, c, n);
}

SCALAR int svs_scalar_memcmp(const void *a, const void *b, size_t n)
{
    return sc_memcmp(a, b, n);
}

SCALAR void *svs_scalar_memcpy(void *d, const void *s, size_t n)
{
    return sc_memmove(d, s, n);
}

SCALAR void *svs_scalar_memmove(void *d, const void *s, size_t n)
{
    return sc_memmove(d, s, n);
}

SCALAR void *svs_scalar_memset(void *d, int c, size_t n)
{
    return sc_memset(d, c, n);
}

SCALAR char *svs_scalar_strcpy(char *d, const char *s)
{
    sc_memmove(d, s, sc_strnlen(s, (size_t)-1) + 1);
    return d;
}
#else
EXPORT size_t strlen(const char *s)
{
    return likely(have_sv) ? svs_strlen(s) : sc_strnlen(s, (size_t)-1);
}

EXPORT size_t strnlen(const char *s, size_t n)
{
    return likely(have_sv) ? svs_strnlen(s, n) : sc_strnlen(s, n);
}

EXPORT char *strchr(const char *s, int c)
{
    return likely(have_sv) ? svs_strchr(s, c) : sc_strchr(s, c);
}

EXPORT int strcmp(const char *a, const char *b)
{
    return likely(have_sv) ? svs_strcmp(a, b) : sc_strncmp(a, b, (size_t)-1);
}

EXPORT int strncmp(const char *a, const char *b, size_t n)
{
    return likely(have_sv) ? svs_strncmp(a, b, n) : sc_strncmp(a, b, n);
}

EXPORT void *memchr(const void *s, int c, size_t n)
{
    return likely(have_sv) ? svs_memchr(s, c, n) : sc_memchr(s, c, n);
}

EXPORT int memcmp(const void *a, const void *b, size_t n)
{
    return likely(have_sv) ? svs_memcmp(a, b, n) : sc_memcmp(a, b, n);
}

#endif /* SVS_STANDARD_NAMES */

EXPORT char *strrchr(const char *s, int c)
{
    return likely(have_sv) ? svs_strrchr(s, c) : sc_strrchr(s, c);
}

/* The bodies of the standard names, also called by the _chk entry points
 * below directly: a call of the exported name would go through the PLT
 * (it can be interposed), an indirect jump more per call. */
static inline void *do_memcpy(void *restrict d, const void *restrict s,
                              size_t n)
{
    return likely(have_sv) ? svs_memcpy(d, s, n) : sc_memmove(d, s, n);
}

static inline void *do_memmove(void *d, const void *s, size_t n)
{
    return likely(have_sv) ? svs_memmove(d, s, n) : sc_memmove(d, s, n);
}

static inline void *do_memset(void *d, int c, size_t n)
{
    return likely(have_sv) ? svs_memset(d, c, n) : sc_memset(d, c, n);
}

static inline char *do_strcpy(char *d, const char *s)
{
    if (likely(have_sv)) {
        return svs_strcpy(d, s);
    }
    sc_memmove(d, s, sc_strnlen(s, (size_t)-1) + 1);
    return d;
}

/* _FORTIFY_SOURCE: Debian builds its programs with it, so most of their
 * memcpy/memmove/memset/strcpy calls with a known destination size go
 * to the __*_chk names rather than to the plain names. */
extern void __chk_fail(void) __attribute__((noreturn));

#ifndef SVS_STANDARD_NAMES
EXPORT void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
    return do_memcpy(d, s, n);
}

EXPORT void *memmove(void *d, const void *s, size_t n)
{
    return do_memmove(d, s, n);
}

EXPORT char *strcpy(char *d, const char *s)
{
    return do_strcpy(d, s);
}

EXPORT void *memset(void *d, int c, size_t n)
{
    return do_memset(d, c, n);
}

EXPORT void *__memcpy_chk(void *d, const void *s, size_t n, size_t dlen)
{
    if (dlen < n) {
        __chk_fail();
    }
    return do_memcpy(d, s, n);
}

EXPORT void *__memmove_chk(void *d, const void *s, size_t n, size_t dlen)
{
    if (dlen < n) {
        __chk_fail();
    }
    return do_memmove(d, s, n);
}

EXPORT void *__memset_chk(void *d, int c, size_t n, size_t dlen)
{
    if (dlen < n) {
        __chk_fail();
    }
    return do_memset(d, c, n);
}

#endif /* !SVS_STANDARD_NAMES */

EXPORT char *__strcpy_chk(char *d, const char *s, size_t dlen)
{
    size_t n = likely(have_sv) ? svs_strlen(s) : sc_strnlen(s, (size_t)-1);
    if (dlen <= n) {
        __chk_fail();
    }
    return do_strcpy(d, s);
}
