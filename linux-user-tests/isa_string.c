/*
 * isa_string: with xsv the ISA string carries "_xsv" (contract C2), as
 * seen in the "isa" line of /proc/cpuinfo (emulated by qemu-riscv64).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

int main(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[1024];
    unsigned isa_lines = 0, with_xsv = 0, rv64 = 0;

    CHECK(f != NULL);
    while (f && fgets(line, sizeof(line), f)) {
        if (strncmp(line, "isa", 3) != 0 || !strchr(line, ':')) {
            continue;
        }
        const char *isa = strchr(line, ':') + 1;
        isa += strspn(isa, " \t");
        isa_lines++;
        printf("isa: %s", isa);
        rv64 += strncmp(isa, "rv64", 4) == 0;
        /* A whole extension name: "_xsv" followed by "_" or the end. */
        const char *x = strstr(isa, "_xsv");
        with_xsv += x && strchr("_\n", x[4]) != NULL;
    }
    if (f) {
        fclose(f);
    }
    CHECK(isa_lines > 0);
    CHECK_EQ(rv64, isa_lines);
    CHECK_EQ(with_xsv, isa_lines);
    return sv_summary("isa_string");
}
