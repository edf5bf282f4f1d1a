/*
 * vblock_amo: vectorised AMOs (§5.2: everything with registers is
 * vectorised, "including AMOs"; docs/sv-state.md, "AMOs").  Element k is
 * one atomic access: at X[rs1] + k * width when rs1 is scalar (unit
 * stride), at X[rs1 + k] when rs1 is a vector; rd[k] gets the old value.
 *   - 4 threads, each 200000 times: amoadd.d x0, (VL 8 increments), (cnt):
 *     every counter's total is exact (no lost update);
 *   - the same with amoadd.w on 32-bit counters;
 *   - vector rd: the old values, sign-extended for .W;
 *   - vector rs1: indexed (a permutation of addresses);
 *   - rd's predicate: a masked-out element makes no access; zeroing;
 *   - amoswap.w, amomaxu.d, amomin.w per element;
 *   - an untagged AMO in a block runs once; LR/SC run once (§5.2).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#include <pthread.h>

#define AMO_THREADS 4
#define AMO_ROUNDS 200000
#define AMO_VL 8

static uint64_t cnt64[AMO_VL] __attribute__((aligned(64)));
static uint32_t cnt32[AMO_VL] __attribute__((aligned(64)));
static const uint64_t inc64[AMO_VL] = {1, 2, 3, 4, 5, 6, 7, 1000000007};
static const uint32_t inc32[AMO_VL] = {1, 3, 5, 7, 9, 11, 13, 0x10000};

/* cnt64[k] += inc64[k], k < 8, each an atomic amoadd.d. */
static void add64_block(uint64_t *cnt, const uint64_t *inc)
{
    register uint64_t *a2 asm("a2") = (uint64_t *)inc;
    register uint64_t *a3 asm("a3") = cnt;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=8\n"
                 "sv_reg16 key=t1, regidx=40\n"
                 "sv_ops\n"
                 "ld t1, 0(a2)\n"
                 "amoadd.d x0, t1, (a3)\n"
                 "sv_vblock_end\n"
                 "csrw 0x803, zero\n"
                 :
                 : "r"(a2), "r"(a3)
                 : "t1", "t4", "memory");
}

/* cnt32[k] += inc32[k]: amoadd.w, the operand a vector of 32-bit
 * elements loaded as words (x48.. one word per register). */
static void add32_block(uint32_t *cnt, const uint32_t *inc)
{
    register const uint32_t *a2 asm("a2") = inc;
    register uint32_t *a3 asm("a3") = cnt;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=8\n"
                 "sv_reg16 key=t1, regidx=48\n"
                 "sv_reg16 key=t2, regidx=56\n"
                 "sv_ops\n"
                 "lwu t1, 0(a2)\n"
                 "amoadd.w t2, t1, (a3)\n"
                 "sv_vblock_end\n"
                 "csrw 0x803, zero\n"
                 :
                 : "r"(a2), "r"(a3)
                 : "t1", "t2", "t4", "memory");
}

static pthread_barrier_t start;

static void *worker(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&start); /* all at once: the updates overlap */
    for (int i = 0; i < AMO_ROUNDS; i++) {
        add64_block(cnt64, inc64);
        add32_block(cnt32, inc32);
    }
    return NULL;
}

static void threads_check(void)
{
    pthread_t t[AMO_THREADS];

    sv_context("%d threads x %d rounds of amoadd.d/.w, VL %d", AMO_THREADS,
               AMO_ROUNDS, AMO_VL);
    CHECK_EQ(pthread_barrier_init(&start, NULL, AMO_THREADS), 0);
    for (int i = 0; i < AMO_THREADS; i++) {
        CHECK_EQ(pthread_create(&t[i], NULL, worker, NULL), 0);
    }
    for (int i = 0; i < AMO_THREADS; i++) {
        CHECK_EQ(pthread_join(t[i], NULL), 0);
    }
    for (int k = 0; k < AMO_VL; k++) {
        CHECK_EQ(cnt64[k], (uint64_t)AMO_THREADS * AMO_ROUNDS * inc64[k]);
        CHECK_EQ(cnt32[k],
                 (uint32_t)((uint64_t)AMO_THREADS * AMO_ROUNDS * inc32[k]));
    }
}

/* Old values into a vector rd (x48..x51 via t0), .W sign-extended; the
 * 64-bit elements of x56.. are the operands. */
static void old_values_check(void)
{
    sv_context("%s", "amoadd.w with a vector rd: old values, sign-extended");
    /* The call first: it clobbers the register variables below. */
    int32_t w[4] = {-5, 7, INT32_MIN, -1};
    const uint64_t add[4] = {1, 2, 3, 4};
    uint64_t old[4] = {0};
    register int32_t *a3 asm("a3") = w;
    register const uint64_t *a2 asm("a2") = add;
    register uint64_t *a4 asm("a4") = old;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=4\n"
                 "sv_reg16 key=t0, regidx=48\n"
                 "sv_reg16 key=t1, regidx=56\n"
                 "sv_ops\n"
                 "ld t1, 0(a2)\n"
                 "amoadd.w t0, t1, (a3)\n"
                 "sd t0, 0(a4)\n"
                 "sv_vblock_end\n"
                 "csrw 0x803, zero\n"
                 :
                 : "r"(a2), "r"(a3), "r"(a4)
                 : "t0", "t1", "t4", "memory");
    CHECK_EQ(old[0], (uint64_t)-5);
    CHECK_EQ(old[1], 7);
    CHECK_EQ(old[2], (uint64_t)(int64_t)INT32_MIN);
    CHECK_EQ(old[3], (uint64_t)-1);
    CHECK_EQ(w[0], -4);
    CHECK_EQ(w[1], 9);
    CHECK_EQ(w[2], INT32_MIN + 3);
    CHECK_EQ(w[3], 3);
}

/* A vector address register: element k's address is x40+k (indexed),
 * here a permutation; rs2 scalar (broadcast). */
static void indexed_check(void)
{
    sv_context("%s", "amoadd.d with a vector of addresses");
    /* The call first: it clobbers the register variables below. */
    uint64_t c[4] = {100, 200, 300, 400};
    uint64_t addrs[4] = {(uint64_t)&c[2], (uint64_t)&c[0], (uint64_t)&c[3],
                         (uint64_t)&c[2]};
    uint64_t old[4] = {0};
    register uint64_t *a2 asm("a2") = addrs;
    register uint64_t *a4 asm("a4") = old;
    register uint64_t a5 asm("a5") = 10;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=4\n"
                 "sv_reg16 key=t1, regidx=40\n"
                 "sv_reg16 key=t0, regidx=48\n"
                 "sv_ops\n"
                 "ld t1, 0(a2)\n"
                 "amoadd.d t0, a5, (t1)\n"
                 "sd t0, 0(a4)\n"
                 "sv_vblock_end\n"
                 "csrw 0x803, zero\n"
                 :
                 : "r"(a2), "r"(a4), "r"(a5)
                 : "t0", "t1", "t4", "memory");
    CHECK_EQ(c[0], 110);
    CHECK_EQ(c[1], 200);
    CHECK_EQ(c[2], 320); /* twice, in element order */
    CHECK_EQ(c[3], 410);
    CHECK_EQ(old[0], 300);
    CHECK_EQ(old[1], 100);
    CHECK_EQ(old[2], 400);
    CHECK_EQ(old[3], 310);
}

/* x48..x51 := old[], amoswap.d under t0's predicate (a6 = 0b0101), then
 * old[] := x48..x51: tables of their own per block, so only the AMO is
 * predicated.  Elements 1 and 3 make no access; with zeroing their rd
 * elements become 0, without they keep 77. */
#define AMO_PRED_BLOCKS(zero)                                                  \
    "sv_vblock_begin ext=1\n"                                                  \
    "sv_vl_rd rd=t4, vlmax=4\n"                                                \
    "sv_reg16 key=t0, regidx=48\n"                                             \
    "sv_ops\n"                                                                 \
    "ld t0, 0(a4)\n"                                                           \
    "sv_vblock_end\n"                                                          \
    "sv_vblock_begin ext=1\n"                                                  \
    "sv_vl_rd rd=t4, vlmax=4\n"                                                \
    "sv_reg16 key=t0, regidx=48\n"                                             \
    "sv_pred16 key=t0, predidx=a6, zero=" zero "\n"                            \
    "sv_ops\n"                                                                 \
    "amoswap.d t0, a5, (a3)\n"                                                 \
    "sv_vblock_end\n"                                                          \
    "sv_vblock_begin ext=1\n"                                                  \
    "sv_vl_rd rd=t4, vlmax=4\n"                                                \
    "sv_reg16 key=t0, regidx=48\n"                                             \
    "sv_ops\n"                                                                 \
    "sd t0, 0(a4)\n"                                                           \
    "sv_vblock_end\n"                                                          \
    "csrw 0x803, zero\n"

static void predicate_check(int zero)
{
    sv_context("amoswap.d under rd's predicate, zero=%d", zero);
    /* The call first: it clobbers the register variables below. */
    uint64_t c[4] = {1, 2, 3, 4};
    uint64_t old[4] = {77, 77, 77, 77};
    register uint64_t *a3 asm("a3") = c;
    register uint64_t *a4 asm("a4") = old;
    register uint64_t a5 asm("a5") = 100;
    register uint64_t a6 asm("a6") = 0x5;

    if (zero) {
        asm volatile(AMO_PRED_BLOCKS("1")
                     :
                     : "r"(a3), "r"(a4), "r"(a5), "r"(a6)
                     : "t0", "t4", "memory");
    } else {
        asm volatile(AMO_PRED_BLOCKS("0")
                     :
                     : "r"(a3), "r"(a4), "r"(a5), "r"(a6)
                     : "t0", "t4", "memory");
    }
    CHECK_EQ(c[0], 100);
    CHECK_EQ(c[1], 2);
    CHECK_EQ(c[2], 100);
    CHECK_EQ(c[3], 4);
    CHECK_EQ(old[0], 1);
    CHECK_EQ(old[1], zero ? 0 : 77);
    CHECK_EQ(old[2], 3);
    CHECK_EQ(old[3], zero ? 0 : 77);
}

/* amomaxu.d, amomin.w (signed), amoxor.w per element; an untagged AMO in
 * a block runs once. */
static void ops_check(void)
{
    sv_context("%s", "amomaxu.d, amomin.w, amoxor.w, an untagged AMO");
    /* The call first: it clobbers the register variables below. */
    uint64_t d[4] = {5, 50, 500, 5000};
    int32_t w[4] = {-1, 2, -3, 4};
    const uint64_t v[4] = {10, 10, 10000, 10};
    uint64_t one = 7;
    register uint64_t *a2 asm("a2") = (uint64_t *)v;
    register uint64_t *a3 asm("a3") = d;
    register int32_t *a4 asm("a4") = w;
    register uint64_t *a5 asm("a5") = &one;
    register uint64_t a6 asm("a6") = 0;

    asm volatile("sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=t4, vlmax=4\n"
                 "sv_reg16 key=t1, regidx=40\n"
                 "sv_ops\n"
                 "ld t1, 0(a2)\n"
                 "amomaxu.d x0, t1, (a3)\n"
                 "amomin.w x0, t1, (a4)\n"
                 "amoxor.w x0, t1, (a4)\n"
                 "amoadd.d a6, a6, (a5)\n" /* untagged: once, a6 = 7 */
                 "sv_vblock_end\n"
                 "csrw 0x803, zero\n"
                 : "+r"(a6)
                 : "r"(a2), "r"(a3), "r"(a4), "r"(a5)
                 : "t1", "t4", "memory");
    CHECK_EQ(d[0], 10);
    CHECK_EQ(d[1], 50);
    CHECK_EQ(d[2], 10000);
    CHECK_EQ(d[3], 5000);
    /* min(w, low word of v) then ^ low word of v */
    CHECK_EQ(w[0], -1 ^ 10);
    CHECK_EQ(w[1], 2 ^ 10);
    CHECK_EQ(w[2], -3 ^ 10000);
    CHECK_EQ(w[3], 4 ^ 10);
    CHECK_EQ(a6, 7);
    CHECK_EQ(one, 7);
}

int main(void)
{
    sv_trap_install();
    threads_check();
    old_values_check();
    indexed_check();
    predicate_check(0);
    predicate_check(1);
    ops_check();
    sv_context("%s", "");
    return sv_summary("vblock_amo");
}
