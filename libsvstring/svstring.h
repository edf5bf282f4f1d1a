/*
 * libsvstring: C string and memory functions written as Simple-V VBLOCK
 * loops (svstring.S).  Two ways to use it:
 *
 *   * libsvstring.so through LD_PRELOAD (qemu-riscv64 -E LD_PRELOAD=...):
 *     it exports the standard names (strlen ... memset, and the
 *     _FORTIFY_SOURCE entry points __memcpy_chk, __memmove_chk,
 *     __memset_chk, __strcpy_chk), so every call a dynamically linked
 *     program makes through the PLT runs the SV code.
 *   * libsvstring.a: the svs_* functions below (always SV: they need
 *     -cpu rv64,xsv=true), plus the standard names if the program links
 *     them in.
 *
 * The standard names check once (at load, by executing `csrr mvl` under
 * a SIGILL handler) that the CPU has SV; without it, or with
 * LIBSVSTRING=off in the environment, they run plain scalar C loops.
 * LIBSVSTRING_VERBOSE=1 prints the choice to stderr.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SVSTRING_H
#define SVSTRING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

size_t svs_strlen(const char *s);
size_t svs_strnlen(const char *s, size_t n);
char *svs_strchr(const char *s, int c);
char *svs_strrchr(const char *s, int c);
int svs_strcmp(const char *a, const char *b);
int svs_strncmp(const char *a, const char *b, size_t n);
char *svs_strcpy(char *d, const char *s);
void *svs_memchr(const void *s, int c, size_t n);
int svs_memcmp(const void *a, const void *b, size_t n);
void *svs_memcpy(void *d, const void *s, size_t n);
void *svs_memmove(void *d, const void *s, size_t n);
void *svs_memset(void *d, int c, size_t n);

/* 1 when the standard names run the SV code, 0 when the scalar loops. */
int svs_available(void);

#ifdef __cplusplus
}
#endif

#endif /* SVSTRING_H */
