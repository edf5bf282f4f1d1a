/*
 * demo: what sv.setvl does, for newcomers.
 *
 *   sv.setvl t0, a0, 8
 *
 * makes MVL (the maximum vector length) 8, makes t0 *the* VL register
 * (STATE.vl = 5, t0's number) and sets t0 = min(a0, 8): the vector length
 * the next vector instruction will use.  The program prints that for
 * a0 = 3, 8 and 20, shows the STATE CSR's fields, and checks it all.
 *
 * Run: qemu-riscv64 -cpu rv64,xsv=true ./demo
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#define DEMO_VLMAX 8

int main(void)
{
    static const uint64_t requests[] = {3, 8, 20};

    sv_trap_install();
    printf("Simple-V on QEMU: sv.setvl picks a scalar register to *be* the "
           "vector length\n(VL = min(requested, MVL)); later vector "
           "instructions run over VL elements.\n\n");
    for (size_t i = 0; i < SV_COUNT(requests); i++) {
        register uint64_t t0 __asm__("t0");
        register uint64_t a0 __asm__("a0") = requests[i];

        SV_SETVL(t0, a0, DEMO_VLMAX);
        const uint64_t vl = t0;
        const uint64_t mvl = SV_CSRR(SV_CSR_MVL);
        const uint64_t vl_reg = SV_CSRR(SV_CSR_VL);
        const uint64_t state = SV_CSRR(SV_CSR_STATE);
        const sv_state_fields f = sv_state_unpack(state);

        printf("sv.setvl t0, a0, %d with a0=%llu: VL register t0 = %llu "
               "(MVL %llu)\n",
               DEMO_VLMAX, (unsigned long long)requests[i],
               (unsigned long long)vl, (unsigned long long)mvl);
        printf("    csrr vl = %llu (the VL register is x%llu = t0)\n",
               (unsigned long long)vl_reg, (unsigned long long)vl_reg);
        printf("    STATE = 0x%08llx: maxvl %u (MVL-1), vl %u (register), "
               "srcoffs %u, destoffs %u, subvl %u (SUBVL-1), dsvoffs %u\n",
               (unsigned long long)state, f.maxvl, f.vl, f.srcoffs, f.destoffs,
               f.subvl, f.dsvoffs);

        sv_context("a0 = %llu", (unsigned long long)requests[i]);
        const uint64_t expect =
            requests[i] < DEMO_VLMAX ? requests[i] : DEMO_VLMAX;
        CHECK_EQ(vl, expect);
        CHECK_EQ(mvl, DEMO_VLMAX);
        CHECK_EQ(vl_reg, 5);
        CHECK_STATE(state, SV_STATE(.maxvl = DEMO_VLMAX - 1, .vl = 5));
    }
    sv_context("%s", "");
    SV_CSRW(SV_CSR_STATE, 0); /* vectorisation off again */
    return sv_summary("demo");
}
