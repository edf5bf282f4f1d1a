/*
 * vblock_big: the largest blocks there are.  A VBLOCK2 of 74 bytes holds
 * 29 RVC opcodes; with MVL 32 or 64 that is up to 29 x 64 element
 * operations in one guest instruction.  QEMU asserts when a single guest
 * instruction overflows a TB (docs/qemu-notes.md §3), so the translator must
 * bound what it unrolls (contract C4: no guest program may make QEMU
 * abort).  The results are checked against a plain element loop.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* 29 x (c.add a0, a1 / c.add a1, a0) over x32.. and x64.., MVL 32. */
#define ADD2 "sv_c c.add a0, a1\nsv_c c.add a1, a0\n"
#define ADD8 ADD2 ADD2 ADD2 ADD2
SV_BLOCK_FN(big_add, "sv_vblock_begin ext=1\n"
                     "sv_vl_rd rd=t4, vlmax=32\n"
                     "sv_reg16 key=a0, regidx=32\n"
                     "sv_reg16 key=a1, regidx=64\n"
                     "sv_reg16_raw 0\nsv_reg16_raw 0\n"
                     "sv_ops\n" ADD8 ADD8 ADD8 ADD2 ADD2 "sv_c c.add a0, a1\n"
                     "sv_vblock_end\n")

/* 29 x (c.ld a0 / c.sd a0) at MVL 64: x32..x95, unit stride. */
#define LS2 "sv_c c.ld a0, 0(s0)\nsv_c c.sd a0, 0(a3)\n"
#define LS8 LS2 LS2 LS2 LS2
SV_BLOCK_FN(big_ldst, "sv_vblock_begin ext=1\n"
                      "sv_vl_rd rd=t4, vlmax=64\n"
                      "sv_reg16 key=a0, regidx=32\n"
                      "sv_reg16_raw 0\nsv_reg16_raw 0\nsv_reg16_raw 0\n"
                      "sv_ops\n" LS8 LS8 LS8 LS2 LS2 "sv_c c.ld a0, 0(s0)\n"
                      "sv_vblock_end\n")

static void big_add_case(void)
{
    sv_machine in, out, want;

    sv_context("VBLOCK2, 29 vector adds, MVL 32");
    sv_machine_fill(&in, 11);
    in.state = 0;
    want = in;
    for (int op = 0; op < 29; op++) {
        for (int e = 0; e < 32; e++) {
            if (op % 2 == 0) {
                want.x[32 + e] += want.x[64 + e];
            } else {
                want.x[64 + e] += want.x[32 + e];
            }
        }
    }
    want.x[29] = 32;
    want.state = SV_STATE(.maxvl = 31, .vl = 29);
    sv_trap t = sv_exec(big_add, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
}

static void big_ldst_case(void)
{
    static uint64_t src[64], dst[64];
    sv_machine in, out, want;

    sv_context("VBLOCK2, 29 unit-stride loads/stores, MVL 64");
    for (int i = 0; i < 64; i++) {
        src[i] = 0x0101010101010101ull * i ^ 0xfeedull;
        dst[i] = 0;
    }
    sv_machine_fill(&in, 12);
    in.state = 0;
    in.x[8] = (uintptr_t)src;
    in.x[13] = (uintptr_t)dst;
    want = in;
    for (int e = 0; e < 64; e++) {
        want.x[32 + e] = src[e];
    }
    want.x[29] = 64;
    want.state = SV_STATE(.maxvl = 63, .vl = 29);
    sv_trap t = sv_exec(big_ldst, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    for (int e = 0; e < 64; e++) {
        CHECK_EQ(dst[e], src[e]);
    }
}

int main(void)
{
    sv_trap_install();
    big_add_case();
    big_ldst_case();
    sv_context("%s", "");
    return sv_summary("vblock_big");
}
