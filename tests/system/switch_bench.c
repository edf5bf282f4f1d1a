/*
 * switch_bench [ROUNDS]: the cost of a task switch under the guest
 * kernel, for `meson compile -C build bench-linux-switch` (not a test).
 * Two processes pinned to one CPU pass a byte back and forth through two
 * pipes; each round trip is two switches.  With SV on, each switch also
 * moves x32..x127 (and f32..f127 when FS is dirty) through the SV code of
 * system/linux patch 3; comparing a boot with -cpu rv64,xsv=true against
 * one with -cpu rv64 (the same kernel, whose SV paths are then off) gives
 * the SV part.  A getppid() loop measures a system call alone (each
 * half round trip is a write, a read and a switch), which separates the
 * trap-frame part (sestate/sesvpstate/sepcvblk, every trap) from the
 * switch part.  Prints the best of 5 runs in microseconds.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    double best = 1e9;
    cpu_set_t one;

    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof(one), &one);
    for (int run = 0; run < 5; run++) {
        int ab[2], ba[2];
        char c = 0;
        double t0, t;
        pid_t pid;

        if (pipe(ab) || pipe(ba)) {
            return 1;
        }
        pid = fork();
        if (pid == 0) {
            for (int i = 0; i < rounds; i++) {
                if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1) {
                    _exit(1);
                }
            }
            _exit(0);
        }
        t0 = now();
        for (int i = 0; i < rounds; i++) {
            if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1) {
                return 1;
            }
        }
        t = (now() - t0) / (2.0 * rounds);
        waitpid(pid, NULL, 0);
        best = t < best ? t : best;
        close(ab[0]);
        close(ab[1]);
        close(ba[0]);
        close(ba[1]);
    }
    double sys_best = 1e9;
    for (int run = 0; run < 5; run++) {
        double t0 = now(), t;

        for (int i = 0; i < rounds * 4; i++) {
            getppid();
        }
        t = (now() - t0) / (rounds * 4.0);
        sys_best = t < sys_best ? t : sys_best;
    }
    printf("switch_bench: %.2f us per switch, %.2f us per system call "
           "(best of 5 x %d round trips / %d getppid)\n",
           best * 1e6, sys_best * 1e6, rounds, rounds * 4);
    return 0;
}
