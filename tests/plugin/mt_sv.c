/*
 * mt_sv: 4 threads, each running 1000 sv.setvl with VL = 5 and 500
 * VBLOCK adds with VL 8 and predicate 0x0f (4 active), for the svprof
 * multi-vCPU test (svprof_test.py mode "threads"): per-vCPU counters and
 * pre/post snapshots must not mix.  Exits 0 when every VL is 5 and every
 * block left PCVBLK at 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#include <pthread.h>

#define THREADS 4
#define SETVL_PER_THREAD 1000
#define VBLOCK_PER_THREAD 500

enum { A5 = 15, A7 = 17 };

__attribute__((noipa)) static uint64_t setvl_five(uint64_t n)
{
    register uint64_t vl __asm__("t0");
    register uint64_t rs1 __asm__("a3") = n;
    SV_SETVL(vl, rs1, 16);
    return vl;
}

SV_BLOCK_FN(mt_add, "sv_vblock_begin\n"
                    "sv_vl_rs1 rs1=a7, vlmax=8\n"
                    "sv_reg16 key=a0, regidx=40\n"
                    "sv_reg16 key=a1, regidx=48\n"
                    "sv_pred16 key=a0, predidx=a5\n"
                    "sv_ops\n"
                    "add a0, a1, a1\n"
                    "sv_vblock_end\n")

static void *worker(void *arg)
{
    long bad = 0;
    (void)arg;
    for (int i = 0; i < SETVL_PER_THREAD; i++) {
        bad += setvl_five(5) != 5;
    }
    SV_CSRW(SV_CSR_STATE, 0);
    for (int i = 0; i < VBLOCK_PER_THREAD; i++) {
        sv_regs r = {0};
        r.x[A7] = 8;
        r.x[A5] = 0x0f;
        mt_add(&r);
        bad += r.pcvblk_out != 0;
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
