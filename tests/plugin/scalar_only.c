/* scalar_only: no SV at all, for svprof's empty profile (mode "empty").
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>

int main(void)
{
    unsigned long s = 0;
    for (unsigned long i = 0; i < 1000; i++) {
        s += i * i;
    }
    printf("%lu\n", s);
    return s != 332833500ul;
}
