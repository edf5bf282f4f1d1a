/*
 * svs_strrchr: the last c (or the NUL for c == 0), from svs_strlen and
 * svs_memchr (SV has no "last matching element"; each hit restarts the
 * search after it).  Its own object, so that a static program using the
 * svs_* functions does not link libsvstring's standard names.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svstring.h"

char *svs_strrchr(const char *s, int c)
{
    size_t n = svs_strlen(s) + 1; /* the NUL is part of the string */
    const char *last = NULL;
    const char *p = s;

    for (;;) {
        const char *hit = svs_memchr(p, c, n - (size_t)(p - s));
        if (!hit) {
            return (char *)last;
        }
        last = hit;
        p = hit + 1;
        if ((size_t)(p - s) == n) {
            return (char *)last;
        }
    }
}
