/*
 * mt_setvl: 4 threads, each running 1000 sv.setvl with VL = 5, for the
 * svprof multi-vCPU test (svprof_test.py).  Exits 0 when every VL is 5.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#include <pthread.h>

#define THREADS 4
#define PER_THREAD 1000

__attribute__((noipa)) static uint64_t setvl_five(uint64_t n)
{
    register uint64_t vl __asm__("t0");
    register uint64_t rs1 __asm__("a3") = n;
    SV_SETVL(vl, rs1, 16);
    return vl;
}

static void *worker(void *arg)
{
    long bad = 0;
    (void)arg;
    for (int i = 0; i < PER_THREAD; i++) {
        bad += setvl_five(5) != 5;
    }
    return (void *)bad;
}

int main(void)
{
    pthread_t t[THREADS];
    long bad = 0;
    for (int i = 0; i < THREADS; i++) {
        if (pthread_create(&t[i], NULL, worker, NULL) != 0) {
            return 2;
        }
    }
    for (int i = 0; i < THREADS; i++) {
        void *r;
        pthread_join(t[i], &r);
        bad += (long)r;
    }
    return bad != 0;
}
