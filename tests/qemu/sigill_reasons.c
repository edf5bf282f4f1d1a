/*
 * sigill_reasons: one SIGILL of SV origin per case, each preceded by a
 * "CASE name" line on stdout.  tests/qemu/sigill-reasons.sh runs it with
 * -d guest_errors (logged to stderr, in order with stdout) and checks
 * that each case logs its own reason, naming the rule it broke.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define VL8 "sv_vl_rd rd=t4, vlmax=8\n"
#define TAG_A0 "sv_reg16 key=a0, regidx=40\n"
#define ADD "add a0, a0, a1\n"
#define NOP "sv_c c.nop\n"

/* VBLOCK decoding (svcore's sv_vblock_decode_why). */
SV_BLOCK_FN(vl_mode11, "sv_vblock_begin\nsv_vl_raw 0xc000\n" TAG_A0
                       "sv_ops\n" ADD "sv_vblock_end\n")
SV_BLOCK_FN(vl_rsvd_bit, "sv_vblock_begin\nsv_vl_raw 0x01e5\n" TAG_A0
                         "sv_ops\n" ADD "sv_vblock_end\n")
SV_BLOCK_FN(overrun, "sv_vblock_begin\n" VL8 "sv_ops\n" NOP NOP ADD
                     "sv_vblock_end force_len=10\n")
SV_BLOCK_FN(nested, "sv_vblock_begin\n" VL8 "sv_ops\nsv_vblock_raw 0\n"
                    "sv_vblock_end\n")
SV_BLOCK_FN(zero_parcel, "sv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n" ADD
                         ".2byte 0\nsv_vblock_end\n")
SV_BLOCK_FN(fmt48_bit6_in, "sv_vblock_begin\n" VL8 "sv_ops\n"
                           "sv_insn48_raw 1\nsv_vblock_end\n")
SV_BLOCK_FN(pred_x0_inv_zero, "sv_vblock_begin\n" VL8 TAG_A0
                              "sv_pred16 key=a0, predidx=x0, zero=1, inv=1\n"
                              "sv_ops\n" ADD "sv_vblock_end\n")
SV_BLOCK_FN(pred_key_wide,
            "sv_vblock_begin\n" VL8 TAG_A0
            "sv_pred16_raw (15 << 11) | (1 << 8) | ((0x40 | 10) << 1)\n"
            "sv_ops\n" ADD "sv_vblock_end\n")
SV_BLOCK_FN(pad_nonzero,
            "sv_vblock_raw 0, 0x0400, 0x8b8a, 0x552a, 0x0533, 0x00b5\n")
SV_BLOCK_FN(opptr_32, "sv_vblock_begin ext=1\n" VL8 "sv_ops\n"
                      ".rept 32\nsv_c c.nop\n.endr\n" ADD "sv_vblock_end\n")
SV_BLOCK_FN(vblock2_rsvd, "sv_vblock_begin ext=1, vb2hi=0x0020\n" VL8 TAG_A0
                          "sv_ops\n" ADD "sv_vblock_end\n")
/* 4 + 4 16-bit entries fill an 18-byte block: no room for an opcode. */
SV_BLOCK_FN(tables_overrun, "sv_vblock_raw 4, 0x0f80\n")
/* Opcodes inside a block (trans_sv.c.inc). */
SV_BLOCK_FN(branch_inside, "1:\nsv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n" ADD
                           "sv_beq zero, zero, 1b + 2\nsv_vblock_end\n")
SV_BLOCK_FN(jump_inside, "lla t1, 1f\naddi t1, t1, 2\n"
                         "1:\nsv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n" ADD
                         "jalr zero, 0(t1)\nsv_vblock_end\n")
SV_BLOCK_FN(call_inside, "sv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n" ADD
                         "sv_jal ra, 1f\nsv_vblock_end\n1:\n")
SV_BLOCK_FN(amo_ffirst, "sv_vblock_begin\n" VL8 TAG_A0
                        "sv_pred16 key=a0, predidx=x0, inv=1, ffirst=1\n"
                        "sv_ops\namoadd.d a0, a1, (a2)\nsv_vblock_end\n")
SV_BLOCK_FN(xret_inside, "sv_vblock_begin\n" VL8 "sv_ops\n"
                         ".4byte 0x30200073\nsv_vblock_end\n")
SV_BLOCK_FN(unknown_opcode, "sv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n"
                            ".4byte 0x0000000b\nsv_vblock_end\n")
/* Outside blocks. */
SV_BLOCK_FN(setvl_bit31, "sv_setvl_reserved t0, a0, 8\n")
SV_BLOCK_FN(setvl_vlmax0, "sv_setvl_field t0, a0, 0\n")
SV_BLOCK_FN(fmt48_bit6, "sv_insn48_raw 1\n")
/* P48 around a branch: a reserved prefix type (§4.2, A21). */
SV_BLOCK_FN(p48_branch, "svp_emit 6, SVPT_R, 0x00000063\n")

static void run(const char *name, void (*fn)(sv_regs *))
{
    sv_machine in, out;

    printf("CASE %s\n", name);
    sv_context("%s", name);
    sv_machine_fill(&in, 5);
    in.x[10] = 1;
    in.x[11] = 2;
    sv_trap t = sv_exec(fn, &in, &out);
    CHECK_EQ(t.signo, SIGILL);
}

#define RUN(n) run(#n, n)

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    sv_trap_install();
    RUN(vl_mode11);
    RUN(vl_rsvd_bit);
    RUN(overrun);
    RUN(nested);
    RUN(zero_parcel);
    RUN(fmt48_bit6_in);
    RUN(pred_x0_inv_zero);
    RUN(pred_key_wide);
    RUN(pad_nonzero);
    RUN(opptr_32);
    RUN(vblock2_rsvd);
    RUN(tables_overrun);
    RUN(branch_inside);
    RUN(jump_inside);
    RUN(call_inside);
    RUN(amo_ffirst);
    RUN(xret_inside);
    RUN(unknown_opcode);
    RUN(setvl_bit31);
    RUN(setvl_vlmax0);
    RUN(fmt48_bit6);
    RUN(p48_branch);
    printf("CASE end\n");
    sv_context("%s", "");
    return sv_summary("sigill_reasons");
}
