/*
 * setvl_count: known SV work for the svprof test (svprof_test.py):
 * 100 sv.setvl with VL = 3 in setvl_three, 50 with VL = 8 in
 * setvl_eight, and 10 csrr of mvl in read_mvl.  Exits 0 when every VL
 * is the expected one.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* noipa: each sv.setvl site keeps its own plain symbol (no .constprop) for the
 * report. */
__attribute__((noipa)) static uint64_t setvl_three(uint64_t n)
{
    register uint64_t vl __asm__("t0");
    register uint64_t rs1 __asm__("a3") = n;
    SV_SETVL(vl, rs1, 8);
    return vl;
}

__attribute__((noipa)) static uint64_t setvl_eight(uint64_t n)
{
    register uint64_t vl __asm__("t1");
    register uint64_t rs1 __asm__("a4") = n;
    SV_SETVL(vl, rs1, 8);
    return vl;
}

__attribute__((noipa)) static uint64_t read_mvl(void)
{
    return SV_CSRR(SV_CSR_MVL);
}

int main(void)
{
    int bad = 0;
    for (int i = 0; i < 100; i++) {
        bad += setvl_three(3) != 3;
    }
    for (int i = 0; i < 50; i++) {
        bad += setvl_eight(20) != 8;
    }
    for (int i = 0; i < 10; i++) {
        bad += read_mvl() != 8;
    }
    return bad != 0;
}
