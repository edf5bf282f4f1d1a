/*
 * sv_hwprobe: the kernel's xsv detection (system/linux patch 1) as
 * riscv_hwprobe reports it: key RISCV_HWPROBE_KEY_XSV_0 (0x5356), value
 * bit 0 = every CPU has xsv, must agree with the isa line of
 * /proc/cpuinfo ("_xsv"), for all CPUs and for CPU 0 alone; an unknown
 * key still answers -1.  Run in a boot with xsv and in one without.
 * Prints "sv_hwprobe: N checks, F failures".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sv.h"

#define NR_riscv_hwprobe 258
#define KEY_XSV_0 0x5356

struct hwprobe_pair {
    int64_t key;
    uint64_t value;
};

int main(void)
{
    char line[1024];
    int cpuinfo_xsv = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    struct hwprobe_pair p[2] = {{KEY_XSV_0, 99}, {0x7fff0000, 99}};
    cpu_set_t cpu0;

    if (CHECK(f != NULL)) {
        while (fgets(line, sizeof(line), f)) {
            if (strncmp(line, "isa", 3) == 0) {
                const char *x = strstr(line, "_xsv");
                cpuinfo_xsv = x && strchr("_\n", x[4]) != NULL;
                break;
            }
        }
        fclose(f);
    }
    printf("sv_hwprobe: /proc/cpuinfo %s xsv\n",
           cpuinfo_xsv ? "has" : "has no");
    CHECK_EQ(syscall(NR_riscv_hwprobe, p, 2, 0, NULL, 0), 0);
    CHECK_EQ(p[0].key, KEY_XSV_0);
    CHECK_EQ(p[0].value, (uint64_t)cpuinfo_xsv);
    CHECK_EQ(p[1].key, -1);
    CPU_ZERO(&cpu0);
    CPU_SET(0, &cpu0);
    p[0].value = 99;
    CHECK_EQ(syscall(NR_riscv_hwprobe, p, 1, sizeof(cpu0), &cpu0, 0), 0);
    CHECK_EQ(p[0].value, (uint64_t)cpuinfo_xsv);
    return sv_summary("sv_hwprobe");
}
