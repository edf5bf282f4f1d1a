/*
 * svp_illegal: every reserved SVPrefix encoding raises SIGILL at the
 * instruction's first byte with nothing done (§4.2, §4.4, A21, contract
 * C4, docs/sv-state.md "SVPrefix"), outside and inside a VBLOCK.  Each
 * group has legal twins that run, so an emulator that rejects every
 * prefix fails here too.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define EMIT(len, type, base, ...)                                             \
    "svp_emit " #len ", " #type ", " #base ", " #__VA_ARGS__ "\n"
#define ILL(name, ...)                                                         \
    SV_BLOCK_FN(name, #name "_at:\n" __VA_ARGS__)                              \
    extern const char name##_at[] __asm__(#name "_at");

/* Reserved types (§4.2 decision procedure, A21). */
ILL(t_ecall, EMIT(6, SVPT_I, 0x00000073))
ILL(t_ebreak, EMIT(8, SVPT_I, 0x00100073))
ILL(t_csrr, EMIT(6, SVPT_I, 0x80102073, rd = 40, rdv = 1))   /* csrr mvl */
ILL(t_beq, EMIT(6, SVPT_ST, 0x00000463, rs1 = 10, rs2 = 12)) /* beq +8 */
ILL(t_jal, EMIT(6, SVPT_U, 0x0080006f, rd = 0))              /* j +8 */
ILL(t_jalr, EMIT(8, SVPT_I, 0x00000067, rd = 0, rs1 = 1))    /* ret */
ILL(t_fence, EMIT(6, SVPT_I, 0x0ff0000f))
ILL(t_amo, EMIT(6, SVPT_R, 0x0000202f, rd = 10, rs1 = 11, rs2 = 12))
ILL(t_setvl, EMIT(6, SVPT_I, 0x00407057, rd = 10, rs1 = 11))
/* FP16 is legal (§4.1), but not FCVT.H.H nor fmt 11 (Q). */
ILL(t_fcvt_h_h, EMIT(6, SVPT_FI, 0x44207053, rd = 8, rs1 = 10))
ILL(t_fadd_q, EMIT(6, SVPT_FR, 0x06007053, rd = 8, rs1 = 10, rs2 = 12))
/* Reserved predicates: vitp6 01, vtp5 001, tpred 100. */
ILL(p_vitp6_01, EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                     rs2 = 12, pred = 1))
ILL(p_u_01, EMIT(6, SVPT_U, SVP_LUI, rd = 40, rdv = 1, pred = 1))
ILL(p_vtp5_001, EMIT(6, SVPT_FR, SVP_FADD_D, rd = 40, rdv = 1, rs1 = 64,
                     rs1v = 1, rs2 = 12, pred = 1))
ILL(p_fr4_001, EMIT(8, SVPT_FR4, SVP_FMADD_D, rd = 40, rdv = 1, rs1 = 64,
                    rs1v = 1, rs2 = 12, rs3 = 14, rs3v = 1, pred = 1))
ILL(p_ld_100, EMIT(6, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11, pred = 4))
ILL(p_st_100, EMIT(6, SVPT_ST, SVP_SD, rs1 = 11, rs2 = 40, rs2v = 1, pred = 4))
ILL(p_i_100,
    EMIT(6, SVPT_I, SVP_ADDI, rd = 40, rdv = 1, rs1 = 64, rs1v = 1, pred = 4))
ILL(p_fi_100, EMIT(6, SVPT_FI, SVP_FCVT_W_D, rd = 40, rdv = 1, rs1 = 64,
                   rs1v = 1, pred = 4))
/* A source predicate on a single-predicated op. */
ILL(p_src_addi, EMIT(6, SVPT_I, SVP_ADDI | (5 << 20), rd = 40, rdv = 1,
                     rs1 = 64, rs1v = 1, pred = 1))
ILL(p_src_fsqrt, EMIT(6, SVPT_FI, SVP_FSQRT_D, rd = 40, rdv = 1, rs1 = 64,
                      rs1v = 1, pred = 5))
/* itype on an op without integer operands. */
ILL(i_fsqrt, EMIT(6, SVPT_FI, SVP_FSQRT_D, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                  itype = 2))
ILL(i_fld, EMIT(6, SVPT_LD, SVP_FLD, rd = 40, rdv = 1, rs1 = 11, itype = 3))
/* Reserved prefix bits: P48-U 16, 15, 13; P48-FR 12. */
ILL(r_u16, EMIT(6, SVPT_U, SVP_LUI, rd = 40, rdv = 1, raw48 = 1 << 9))
ILL(r_u15, EMIT(6, SVPT_U, SVP_LUI, rd = 40, rdv = 1, raw48 = 1 << 8))
ILL(r_u13, EMIT(6, SVPT_U, SVP_LUI, rd = 40, rdv = 1, raw48 = 1 << 6))
ILL(r_fr12, EMIT(6, SVPT_FR, SVP_FADD_D, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, raw48 = 1 << 5))
/* Reserved P64 bits (63:60 by type, A23). */
ILL(r64_ld61, EMIT(8, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11, raw64 = 2))
ILL(r64_ld60, EMIT(8, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11, raw64 = 1))
ILL(r64_st63, EMIT(8, SVPT_ST, SVP_SD, rs1 = 11, rs2 = 40, rs2v = 1, raw64 = 8))
ILL(r64_st60, EMIT(8, SVPT_ST, SVP_SD, rs1 = 11, rs2 = 40, rs2v = 1, raw64 = 1))
ILL(r64_i61,
    EMIT(8, SVPT_I, SVP_ADDI, rd = 40, rdv = 1, rs1 = 64, rs1v = 1, raw64 = 2))
ILL(r64_u62, EMIT(8, SVPT_U, SVP_LUI, rd = 40, rdv = 1, raw64 = 4))
ILL(r64_fi60, EMIT(8, SVPT_FI, SVP_FCVT_W_D, rd = 40, rdv = 1, rs1 = 64,
                   rs1v = 1, raw64 = 1))
/* VLtyp: VL from register x0. */
ILL(v_x0, EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
               rs2 = 12, vltyp = (5 << 6) | 1))
/* Elements beyond x127 (C4): P48 v126 with VL 8, P64 v127 with VL 2. */
ILL(x_p48_126,
    EMIT(6, SVPT_R, SVP_ADD, rd = 126, rdv = 1, rs1 = 64, rs1v = 1, rs2 = 12))
ILL(x_p64_127, EMIT(8, SVPT_R, SVP_ADD, rd = 127, rdv = 1, rs1 = 64, rs1v = 1,
                    rs2 = 12, vltyp = (1 << 1)))
/* The other 48-bit space (bit 6 = 1) has no meaning. */
ILL(x48, "sv_insn48_raw 1, 0\n")
/* Inside a VBLOCK: SIGILL at the block. */
ILL(b_reserved, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\nsv_ops\n" EMIT(
                    6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                    rs2 = 12, pred = 1) "sv_vblock_end\n")

/* Legal twins. */
ILL(ok_fadd_h, EMIT(6, SVPT_FR, 0x04007053, rd = 8, rs1 = 10, rs2 = 12))
ILL(ok_flh, EMIT(6, SVPT_LD, 0x00001007, rd = 8, rs1 = 2))
ILL(ok_add, EMIT(6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, pred = 2))
ILL(ok_lui, EMIT(6, SVPT_U, SVP_LUI, rd = 40, rdv = 1, pred = 3))
ILL(ok_fadd, EMIT(6, SVPT_FR, SVP_FADD_D, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                  rs2 = 12, pred = 7))
ILL(ok_fr4, EMIT(8, SVPT_FR4, SVP_FMADD_D, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, rs3 = 14, rs3v = 1, pred = 2))
ILL(ok_addi, EMIT(6, SVPT_I, SVP_ADDI | (5 << 20), rd = 40, rdv = 1, rs1 = 64,
                  rs1v = 1, pred = 6))
ILL(ok_mv,
    EMIT(6, SVPT_I, SVP_ADDI, rd = 40, rdv = 1, rs1 = 64, rs1v = 1, pred = 5))
ILL(ok_fcvt, EMIT(6, SVPT_FI, SVP_FCVT_W_D, rd = 40, rdv = 1, rs1 = 64,
                  rs1v = 1, itype = 3, pred = 3))
ILL(ok_r64, EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, raw64 = 0xe))
ILL(ok_x_p48_120,
    EMIT(6, SVPT_R, SVP_ADD, rd = 120, rdv = 1, rs1 = 64, rs1v = 1, rs2 = 12))
ILL(ok_block, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\nsv_ops\n" EMIT(
                  6, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                  rs2 = 12, pred = 2) "sv_vblock_end\n")

static void expect(const char *name, void (*fn)(sv_regs *), const char *at,
                   bool illegal, unsigned vl)
{
    sv_machine in, out;
    sv_context("%s", name);
    sv_machine_fill(&in, 5);
    in.x[17] = vl;
    in.state = SV_STATE(.maxvl = 7, .vl = 17);
    in.fcsr = 0;
    SV_CSRW(SV_CSR_SVPSTATE, 0);
    sv_trap t = sv_exec(fn, &in, &out);
    if (illegal) {
        CHECK_EQ(t.signo, SIGILL);
        CHECK_EQ(t.code, ILL_ILLOPC);
        CHECK_EQ(t.pc, (uintptr_t)at);
        for (unsigned r = 32; r < 128; r++) {
            if (out.x[r] != in.x[r]) {
                CHECK_EQ(out.x[r], in.x[r]);
            }
        }
    } else {
        CHECK_EQ(t.signo, 0);
    }
    CHECK_EQ(out.pcvblk, 0);
}

#define BAD(n) expect(#n, n, n##_at, true, 8)
#define OK(n) expect(#n, n, n##_at, false, 8)

int main(void)
{
    sv_trap_install();
    BAD(t_ecall);
    BAD(t_ebreak);
    BAD(t_csrr);
    BAD(t_beq);
    BAD(t_jal);
    BAD(t_jalr);
    BAD(t_fence);
    BAD(t_amo);
    BAD(t_setvl);
    BAD(t_fcvt_h_h);
    BAD(t_fadd_q);
    BAD(p_vitp6_01);
    BAD(p_u_01);
    BAD(p_vtp5_001);
    BAD(p_fr4_001);
    BAD(p_ld_100);
    BAD(p_st_100);
    BAD(p_i_100);
    BAD(p_fi_100);
    BAD(p_src_addi);
    BAD(p_src_fsqrt);
    BAD(i_fsqrt);
    BAD(i_fld);
    BAD(r_u16);
    BAD(r_u15);
    BAD(r_u13);
    BAD(r_fr12);
    BAD(r64_ld61);
    BAD(r64_ld60);
    BAD(r64_st63);
    BAD(r64_st60);
    BAD(r64_i61);
    BAD(r64_u62);
    BAD(r64_fi60);
    BAD(v_x0);
    BAD(x_p48_126);
    BAD(x_p64_127);
    BAD(x48);
    BAD(b_reserved);
    OK(ok_fadd_h);
    OK(ok_flh);
    OK(ok_add);
    OK(ok_lui);
    OK(ok_fadd);
    OK(ok_fr4);
    OK(ok_addi);
    OK(ok_mv);
    OK(ok_fcvt);
    OK(ok_r64);
    OK(ok_x_p48_120);
    OK(ok_block);
    sv_context("%s", "");
    return sv_summary("svp_illegal");
}
