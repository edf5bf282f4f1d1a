/*
 * vblock_ffirst_alu: data-dependent fail-on-first (§7.2) on every integer
 * op class of the gvec list (ADD SUB AND OR XOR SLL SRL SRA SLT SLTU MUL
 * ADDW SUBW and their immediates) at element widths 8, 16, 32 and 64,
 * against the reference loop of sv_ref.h: all elements active (x0
 * inverted), a mask in a5, inverted with zeroing, zeroing; the
 * destination the first source itself; MVL 1 to 64; the first zero
 * result at the first, a middle and the last element or at none, and
 * VL below, at and above MVL (STATE.vl is a7).  Under SV_BACKEND=auto
 * the shapes with VL = MVL known run SV_BACKEND_FFIRST_GVEC (gvec, a
 * zero-lane test, the commit); meson runs it under compiled and general
 * too.
 *
 * The inputs are random, then made so that only the chosen element's
 * result is zero (where the op allows it: OR with a non-zero immediate
 * is never zero), so each run cuts where it says.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define VLH(mvl) "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" #mvl ", subvl=1\n"
#define R16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", vew=" #vew "\n"
#define P16(key, p, z, inv)                                                    \
    "sv_pred16 key=" #key ", predidx=" #p ", zero=" #z ", inv=" #inv           \
    ", ffirst=1\n"
#define OPS(...) "sv_ops\n" __VA_ARGS__ "\nsv_vblock_end\n"

typedef struct fcase {
    const char *name;
    void (*fn)(sv_regs *);
    int op;
    sv_opnd d, s1, s2;
    bool imm_op;
    int64_t imm;
    unsigned mvl;
    bool pred, inv, zero;
} fcase;

#define V(r, w)                                                                \
    {                                                                          \
        r, true, w                                                             \
    }
#define S(r, w)                                                                \
    {                                                                          \
        r, false, w                                                            \
    }

enum { A2 = 12, A5 = 15, A7 = 17 };

/* clang-format off */
SV_BLOCK_FN(b_add8_0, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_add16_1, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_add32_2, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_add64_3, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sub8_4, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_sub16_5, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_sub32_6, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_sub64_7, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_and8_8, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("and a0, a1, a2"))
SV_BLOCK_FN(b_and16_9, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("and a0, a1, a2"))
SV_BLOCK_FN(b_and32_10, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("and a0, a1, a2"))
SV_BLOCK_FN(b_and64_11, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("and a0, a1, a2"))
SV_BLOCK_FN(b_or8_12, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("or a0, a1, a2"))
SV_BLOCK_FN(b_or16_13, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("or a0, a1, a2"))
SV_BLOCK_FN(b_or32_14, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("or a0, a1, a2"))
SV_BLOCK_FN(b_or64_15, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("or a0, a1, a2"))
SV_BLOCK_FN(b_xor8_16, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_xor16_17, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_xor32_18, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_xor64_19, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_sll8_20, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("sll a0, a1, a2"))
SV_BLOCK_FN(b_sll16_21, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("sll a0, a1, a2"))
SV_BLOCK_FN(b_sll32_22, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("sll a0, a1, a2"))
SV_BLOCK_FN(b_sll64_23, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("sll a0, a1, a2"))
SV_BLOCK_FN(b_srl8_24, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("srl a0, a1, a2"))
SV_BLOCK_FN(b_srl16_25, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("srl a0, a1, a2"))
SV_BLOCK_FN(b_srl32_26, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("srl a0, a1, a2"))
SV_BLOCK_FN(b_srl64_27, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("srl a0, a1, a2"))
SV_BLOCK_FN(b_sra8_28, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("sra a0, a1, a2"))
SV_BLOCK_FN(b_sra16_29, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("sra a0, a1, a2"))
SV_BLOCK_FN(b_sra32_30, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("sra a0, a1, a2"))
SV_BLOCK_FN(b_sra64_31, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("sra a0, a1, a2"))
SV_BLOCK_FN(b_slt8_32, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_slt16_33, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_slt32_34, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_slt64_35, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_sltu8_36, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("sltu a0, a1, a2"))
SV_BLOCK_FN(b_sltu16_37, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("sltu a0, a1, a2"))
SV_BLOCK_FN(b_sltu32_38, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("sltu a0, a1, a2"))
SV_BLOCK_FN(b_sltu64_39, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("sltu a0, a1, a2"))
SV_BLOCK_FN(b_mul8_40, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("mul a0, a1, a2"))
SV_BLOCK_FN(b_mul16_41, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("mul a0, a1, a2"))
SV_BLOCK_FN(b_mul32_42, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("mul a0, a1, a2"))
SV_BLOCK_FN(b_mul64_43, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("mul a0, a1, a2"))
SV_BLOCK_FN(b_addw8_44, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("addw a0, a1, a2"))
SV_BLOCK_FN(b_addw16_45, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("addw a0, a1, a2"))
SV_BLOCK_FN(b_addw32_46, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("addw a0, a1, a2"))
SV_BLOCK_FN(b_addw64_47, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("addw a0, a1, a2"))
SV_BLOCK_FN(b_subw8_48, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) R16(a2, 96, 1, 1) P16(a0, x0, 0, 1) OPS("subw a0, a1, a2"))
SV_BLOCK_FN(b_subw16_49, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) R16(a2, a2, 0, 2) P16(a0, a5, 0, 0) OPS("subw a0, a1, a2"))
SV_BLOCK_FN(b_subw32_50, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3) P16(a0, a5, 1, 1) OPS("subw a0, a1, a2"))
SV_BLOCK_FN(b_subw64_51, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) R16(a2, a2, 0, 0) P16(a0, a5, 1, 0) OPS("subw a0, a1, a2"))
SV_BLOCK_FN(b_addi8_52, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("addi a0, a1, 5"))
SV_BLOCK_FN(b_addi16_53, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("addi a0, a1, 5"))
SV_BLOCK_FN(b_addi32_54, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) P16(a0, a5, 1, 1) OPS("addi a0, a1, 5"))
SV_BLOCK_FN(b_addi64_55, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("addi a0, a1, 5"))
SV_BLOCK_FN(b_xori8_56, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("xori a0, a1, 0x3c"))
SV_BLOCK_FN(b_xori16_57, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) P16(a0, a5, 0, 0) OPS("xori a0, a1, 0x3c"))
SV_BLOCK_FN(b_xori32_58, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) P16(a0, a5, 1, 1) OPS("xori a0, a1, 0x3c"))
SV_BLOCK_FN(b_xori64_59, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("xori a0, a1, 0x3c"))
SV_BLOCK_FN(b_andi8_60, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) P16(a0, x0, 0, 1) OPS("andi a0, a1, 0x6e"))
SV_BLOCK_FN(b_andi16_61, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("andi a0, a1, 0x6e"))
SV_BLOCK_FN(b_andi32_62, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) P16(a0, a5, 1, 1) OPS("andi a0, a1, 0x6e"))
SV_BLOCK_FN(b_andi64_63, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) P16(a0, a5, 1, 0) OPS("andi a0, a1, 0x6e"))
SV_BLOCK_FN(b_ori8_64, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("ori a0, a1, 0"))
SV_BLOCK_FN(b_ori16_65, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("ori a0, a1, 0"))
SV_BLOCK_FN(b_ori32_66, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) P16(a0, a5, 1, 1) OPS("ori a0, a1, 0"))
SV_BLOCK_FN(b_ori64_67, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("ori a0, a1, 0"))
SV_BLOCK_FN(b_slti8_68, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("slti a0, a1, 9"))
SV_BLOCK_FN(b_slti16_69, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) P16(a0, a5, 0, 0) OPS("slti a0, a1, 9"))
SV_BLOCK_FN(b_slti32_70, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) P16(a0, a5, 1, 1) OPS("slti a0, a1, 9"))
SV_BLOCK_FN(b_slti64_71, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("slti a0, a1, 9"))
SV_BLOCK_FN(b_sltiu8_72, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) P16(a0, x0, 0, 1) OPS("sltiu a0, a1, 9"))
SV_BLOCK_FN(b_sltiu16_73, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("sltiu a0, a1, 9"))
SV_BLOCK_FN(b_sltiu32_74, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) P16(a0, a5, 1, 1) OPS("sltiu a0, a1, 9"))
SV_BLOCK_FN(b_sltiu64_75, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) P16(a0, a5, 1, 0) OPS("sltiu a0, a1, 9"))
SV_BLOCK_FN(b_slli8_76, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("slli a0, a1, 3"))
SV_BLOCK_FN(b_slli16_77, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("slli a0, a1, 3"))
SV_BLOCK_FN(b_slli32_78, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) P16(a0, a5, 1, 1) OPS("slli a0, a1, 3"))
SV_BLOCK_FN(b_slli64_79, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("slli a0, a1, 3"))
SV_BLOCK_FN(b_srli8_80, VLH(1) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("srli a0, a1, 1"))
SV_BLOCK_FN(b_srli16_81, VLH(32) R16(a0, 32, 1, 2) R16(a1, 32, 1, 2) P16(a0, a5, 0, 0) OPS("srli a0, a1, 1"))
SV_BLOCK_FN(b_srli32_82, VLH(8) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) P16(a0, a5, 1, 1) OPS("srli a0, a1, 1"))
SV_BLOCK_FN(b_srli64_83, VLH(1) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("srli a0, a1, 1"))
SV_BLOCK_FN(b_srai8_84, VLH(64) R16(a0, 32, 1, 1) R16(a1, 32, 1, 1) P16(a0, x0, 0, 1) OPS("srai a0, a1, 2"))
SV_BLOCK_FN(b_srai16_85, VLH(8) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("srai a0, a1, 2"))
SV_BLOCK_FN(b_srai32_86, VLH(2) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) P16(a0, a5, 1, 1) OPS("srai a0, a1, 2"))
SV_BLOCK_FN(b_srai64_87, VLH(16) R16(a0, 32, 1, 0) R16(a1, 32, 1, 0) P16(a0, a5, 1, 0) OPS("srai a0, a1, 2"))
SV_BLOCK_FN(b_addiw8_88, VLH(8) R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, x0, 0, 1) OPS("addiw a0, a1, -3"))
SV_BLOCK_FN(b_addiw16_89, VLH(1) R16(a0, 32, 1, 2) R16(a1, 64, 1, 2) P16(a0, a5, 0, 0) OPS("addiw a0, a1, -3"))
SV_BLOCK_FN(b_addiw32_90, VLH(16) R16(a0, 32, 1, 3) R16(a1, 32, 1, 3) P16(a0, a5, 1, 1) OPS("addiw a0, a1, -3"))
SV_BLOCK_FN(b_addiw64_91, VLH(8) R16(a0, 32, 1, 0) R16(a1, 64, 1, 0) P16(a0, a5, 1, 0) OPS("addiw a0, a1, -3"))
/* clang-format on */

static const fcase cases[] = {
    {"add a0, a1, a2 w8 mvl64 pred=x0~ rd=rs1", b_add8_0, IOP_ADD, V(32, 8),
     V(32, 8), V(96, 8), 0, 0, 64, 0, 1, 0},
    {"add a0, a1, a2 w16 mvl8 pred=a5", b_add16_1, IOP_ADD, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 8, 1, 0, 0},
    {"add a0, a1, a2 w32 mvl2 pred=a5~z", b_add32_2, IOP_ADD, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 2, 1, 1, 1},
    {"add a0, a1, a2 w64 mvl16 pred=a5z rd=rs1", b_add64_3, IOP_ADD, V(32, 64),
     V(32, 64), S(A2, 64), 0, 0, 16, 1, 0, 1},
    {"sub a0, a1, a2 w8 mvl8 pred=x0~", b_sub8_4, IOP_SUB, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 8, 0, 1, 0},
    {"sub a0, a1, a2 w16 mvl1 pred=a5", b_sub16_5, IOP_SUB, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 1, 1, 0, 0},
    {"sub a0, a1, a2 w32 mvl16 pred=a5~z rd=rs1", b_sub32_6, IOP_SUB, V(32, 32),
     V(32, 32), V(96, 32), 0, 0, 16, 1, 1, 1},
    {"sub a0, a1, a2 w64 mvl8 pred=a5z", b_sub64_7, IOP_SUB, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 8, 1, 0, 1},
    {"and a0, a1, a2 w8 mvl1 pred=x0~", b_and8_8, IOP_AND, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 1, 0, 1, 0},
    {"and a0, a1, a2 w16 mvl32 pred=a5 rd=rs1", b_and16_9, IOP_AND, V(32, 16),
     V(32, 16), S(A2, 16), 0, 0, 32, 1, 0, 0},
    {"and a0, a1, a2 w32 mvl8 pred=a5~z", b_and32_10, IOP_AND, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 8, 1, 1, 1},
    {"and a0, a1, a2 w64 mvl1 pred=a5z", b_and64_11, IOP_AND, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 1, 1, 0, 1},
    {"or a0, a1, a2 w8 mvl64 pred=x0~ rd=rs1", b_or8_12, IOP_OR, V(32, 8),
     V(32, 8), V(96, 8), 0, 0, 64, 0, 1, 0},
    {"or a0, a1, a2 w16 mvl8 pred=a5", b_or16_13, IOP_OR, V(32, 16), V(64, 16),
     S(A2, 16), 0, 0, 8, 1, 0, 0},
    {"or a0, a1, a2 w32 mvl2 pred=a5~z", b_or32_14, IOP_OR, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 2, 1, 1, 1},
    {"or a0, a1, a2 w64 mvl16 pred=a5z rd=rs1", b_or64_15, IOP_OR, V(32, 64),
     V(32, 64), S(A2, 64), 0, 0, 16, 1, 0, 1},
    {"xor a0, a1, a2 w8 mvl8 pred=x0~", b_xor8_16, IOP_XOR, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 8, 0, 1, 0},
    {"xor a0, a1, a2 w16 mvl1 pred=a5", b_xor16_17, IOP_XOR, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 1, 1, 0, 0},
    {"xor a0, a1, a2 w32 mvl16 pred=a5~z rd=rs1", b_xor32_18, IOP_XOR,
     V(32, 32), V(32, 32), V(96, 32), 0, 0, 16, 1, 1, 1},
    {"xor a0, a1, a2 w64 mvl8 pred=a5z", b_xor64_19, IOP_XOR, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 8, 1, 0, 1},
    {"sll a0, a1, a2 w8 mvl1 pred=x0~", b_sll8_20, IOP_SLL, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 1, 0, 1, 0},
    {"sll a0, a1, a2 w16 mvl32 pred=a5 rd=rs1", b_sll16_21, IOP_SLL, V(32, 16),
     V(32, 16), S(A2, 16), 0, 0, 32, 1, 0, 0},
    {"sll a0, a1, a2 w32 mvl8 pred=a5~z", b_sll32_22, IOP_SLL, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 8, 1, 1, 1},
    {"sll a0, a1, a2 w64 mvl1 pred=a5z", b_sll64_23, IOP_SLL, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 1, 1, 0, 1},
    {"srl a0, a1, a2 w8 mvl64 pred=x0~ rd=rs1", b_srl8_24, IOP_SRL, V(32, 8),
     V(32, 8), V(96, 8), 0, 0, 64, 0, 1, 0},
    {"srl a0, a1, a2 w16 mvl8 pred=a5", b_srl16_25, IOP_SRL, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 8, 1, 0, 0},
    {"srl a0, a1, a2 w32 mvl2 pred=a5~z", b_srl32_26, IOP_SRL, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 2, 1, 1, 1},
    {"srl a0, a1, a2 w64 mvl16 pred=a5z rd=rs1", b_srl64_27, IOP_SRL, V(32, 64),
     V(32, 64), S(A2, 64), 0, 0, 16, 1, 0, 1},
    {"sra a0, a1, a2 w8 mvl8 pred=x0~", b_sra8_28, IOP_SRA, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 8, 0, 1, 0},
    {"sra a0, a1, a2 w16 mvl1 pred=a5", b_sra16_29, IOP_SRA, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 1, 1, 0, 0},
    {"sra a0, a1, a2 w32 mvl16 pred=a5~z rd=rs1", b_sra32_30, IOP_SRA,
     V(32, 32), V(32, 32), V(96, 32), 0, 0, 16, 1, 1, 1},
    {"sra a0, a1, a2 w64 mvl8 pred=a5z", b_sra64_31, IOP_SRA, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 8, 1, 0, 1},
    {"slt a0, a1, a2 w8 mvl1 pred=x0~", b_slt8_32, IOP_SLT, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 1, 0, 1, 0},
    {"slt a0, a1, a2 w16 mvl32 pred=a5 rd=rs1", b_slt16_33, IOP_SLT, V(32, 16),
     V(32, 16), S(A2, 16), 0, 0, 32, 1, 0, 0},
    {"slt a0, a1, a2 w32 mvl8 pred=a5~z", b_slt32_34, IOP_SLT, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 8, 1, 1, 1},
    {"slt a0, a1, a2 w64 mvl1 pred=a5z", b_slt64_35, IOP_SLT, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 1, 1, 0, 1},
    {"sltu a0, a1, a2 w8 mvl64 pred=x0~ rd=rs1", b_sltu8_36, IOP_SLTU, V(32, 8),
     V(32, 8), V(96, 8), 0, 0, 64, 0, 1, 0},
    {"sltu a0, a1, a2 w16 mvl8 pred=a5", b_sltu16_37, IOP_SLTU, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 8, 1, 0, 0},
    {"sltu a0, a1, a2 w32 mvl2 pred=a5~z", b_sltu32_38, IOP_SLTU, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 2, 1, 1, 1},
    {"sltu a0, a1, a2 w64 mvl16 pred=a5z rd=rs1", b_sltu64_39, IOP_SLTU,
     V(32, 64), V(32, 64), S(A2, 64), 0, 0, 16, 1, 0, 1},
    {"mul a0, a1, a2 w8 mvl8 pred=x0~", b_mul8_40, IOP_MUL, V(32, 8), V(64, 8),
     V(96, 8), 0, 0, 8, 0, 1, 0},
    {"mul a0, a1, a2 w16 mvl1 pred=a5", b_mul16_41, IOP_MUL, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 1, 1, 0, 0},
    {"mul a0, a1, a2 w32 mvl16 pred=a5~z rd=rs1", b_mul32_42, IOP_MUL,
     V(32, 32), V(32, 32), V(96, 32), 0, 0, 16, 1, 1, 1},
    {"mul a0, a1, a2 w64 mvl8 pred=a5z", b_mul64_43, IOP_MUL, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 8, 1, 0, 1},
    {"addw a0, a1, a2 w8 mvl1 pred=x0~", b_addw8_44, IOP_ADDW, V(32, 8),
     V(64, 8), V(96, 8), 0, 0, 1, 0, 1, 0},
    {"addw a0, a1, a2 w16 mvl32 pred=a5 rd=rs1", b_addw16_45, IOP_ADDW,
     V(32, 16), V(32, 16), S(A2, 16), 0, 0, 32, 1, 0, 0},
    {"addw a0, a1, a2 w32 mvl8 pred=a5~z", b_addw32_46, IOP_ADDW, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 8, 1, 1, 1},
    {"addw a0, a1, a2 w64 mvl1 pred=a5z", b_addw64_47, IOP_ADDW, V(32, 64),
     V(64, 64), S(A2, 64), 0, 0, 1, 1, 0, 1},
    {"subw a0, a1, a2 w8 mvl64 pred=x0~ rd=rs1", b_subw8_48, IOP_SUBW, V(32, 8),
     V(32, 8), V(96, 8), 0, 0, 64, 0, 1, 0},
    {"subw a0, a1, a2 w16 mvl8 pred=a5", b_subw16_49, IOP_SUBW, V(32, 16),
     V(64, 16), S(A2, 16), 0, 0, 8, 1, 0, 0},
    {"subw a0, a1, a2 w32 mvl2 pred=a5~z", b_subw32_50, IOP_SUBW, V(32, 32),
     V(64, 32), V(96, 32), 0, 0, 2, 1, 1, 1},
    {"subw a0, a1, a2 w64 mvl16 pred=a5z rd=rs1", b_subw64_51, IOP_SUBW,
     V(32, 64), V(32, 64), S(A2, 64), 0, 0, 16, 1, 0, 1},
    {"addi a0, a1, 5 w8 mvl8 pred=x0~", b_addi8_52, IOP_ADD, V(32, 8), V(64, 8),
     S(0, 64), 1, 5, 8, 0, 1, 0},
    {"addi a0, a1, 5 w16 mvl1 pred=a5", b_addi16_53, IOP_ADD, V(32, 16),
     V(64, 16), S(0, 64), 1, 5, 1, 1, 0, 0},
    {"addi a0, a1, 5 w32 mvl16 pred=a5~z rd=rs1", b_addi32_54, IOP_ADD,
     V(32, 32), V(32, 32), S(0, 64), 1, 5, 16, 1, 1, 1},
    {"addi a0, a1, 5 w64 mvl8 pred=a5z", b_addi64_55, IOP_ADD, V(32, 64),
     V(64, 64), S(0, 64), 1, 5, 8, 1, 0, 1},
    {"xori a0, a1, 0x3c w8 mvl1 pred=x0~", b_xori8_56, IOP_XOR, V(32, 8),
     V(64, 8), S(0, 64), 1, 60, 1, 0, 1, 0},
    {"xori a0, a1, 0x3c w16 mvl32 pred=a5 rd=rs1", b_xori16_57, IOP_XOR,
     V(32, 16), V(32, 16), S(0, 64), 1, 60, 32, 1, 0, 0},
    {"xori a0, a1, 0x3c w32 mvl8 pred=a5~z", b_xori32_58, IOP_XOR, V(32, 32),
     V(64, 32), S(0, 64), 1, 60, 8, 1, 1, 1},
    {"xori a0, a1, 0x3c w64 mvl1 pred=a5z", b_xori64_59, IOP_XOR, V(32, 64),
     V(64, 64), S(0, 64), 1, 60, 1, 1, 0, 1},
    {"andi a0, a1, 0x6e w8 mvl64 pred=x0~ rd=rs1", b_andi8_60, IOP_AND,
     V(32, 8), V(32, 8), S(0, 64), 1, 110, 64, 0, 1, 0},
    {"andi a0, a1, 0x6e w16 mvl8 pred=a5", b_andi16_61, IOP_AND, V(32, 16),
     V(64, 16), S(0, 64), 1, 110, 8, 1, 0, 0},
    {"andi a0, a1, 0x6e w32 mvl2 pred=a5~z", b_andi32_62, IOP_AND, V(32, 32),
     V(64, 32), S(0, 64), 1, 110, 2, 1, 1, 1},
    {"andi a0, a1, 0x6e w64 mvl16 pred=a5z rd=rs1", b_andi64_63, IOP_AND,
     V(32, 64), V(32, 64), S(0, 64), 1, 110, 16, 1, 0, 1},
    {"ori a0, a1, 0 w8 mvl8 pred=x0~", b_ori8_64, IOP_OR, V(32, 8), V(64, 8),
     S(0, 64), 1, 0, 8, 0, 1, 0},
    {"ori a0, a1, 0 w16 mvl1 pred=a5", b_ori16_65, IOP_OR, V(32, 16), V(64, 16),
     S(0, 64), 1, 0, 1, 1, 0, 0},
    {"ori a0, a1, 0 w32 mvl16 pred=a5~z rd=rs1", b_ori32_66, IOP_OR, V(32, 32),
     V(32, 32), S(0, 64), 1, 0, 16, 1, 1, 1},
    {"ori a0, a1, 0 w64 mvl8 pred=a5z", b_ori64_67, IOP_OR, V(32, 64),
     V(64, 64), S(0, 64), 1, 0, 8, 1, 0, 1},
    {"slti a0, a1, 9 w8 mvl1 pred=x0~", b_slti8_68, IOP_SLT, V(32, 8), V(64, 8),
     S(0, 64), 1, 9, 1, 0, 1, 0},
    {"slti a0, a1, 9 w16 mvl32 pred=a5 rd=rs1", b_slti16_69, IOP_SLT, V(32, 16),
     V(32, 16), S(0, 64), 1, 9, 32, 1, 0, 0},
    {"slti a0, a1, 9 w32 mvl8 pred=a5~z", b_slti32_70, IOP_SLT, V(32, 32),
     V(64, 32), S(0, 64), 1, 9, 8, 1, 1, 1},
    {"slti a0, a1, 9 w64 mvl1 pred=a5z", b_slti64_71, IOP_SLT, V(32, 64),
     V(64, 64), S(0, 64), 1, 9, 1, 1, 0, 1},
    {"sltiu a0, a1, 9 w8 mvl64 pred=x0~ rd=rs1", b_sltiu8_72, IOP_SLTU,
     V(32, 8), V(32, 8), S(0, 64), 1, 9, 64, 0, 1, 0},
    {"sltiu a0, a1, 9 w16 mvl8 pred=a5", b_sltiu16_73, IOP_SLTU, V(32, 16),
     V(64, 16), S(0, 64), 1, 9, 8, 1, 0, 0},
    {"sltiu a0, a1, 9 w32 mvl2 pred=a5~z", b_sltiu32_74, IOP_SLTU, V(32, 32),
     V(64, 32), S(0, 64), 1, 9, 2, 1, 1, 1},
    {"sltiu a0, a1, 9 w64 mvl16 pred=a5z rd=rs1", b_sltiu64_75, IOP_SLTU,
     V(32, 64), V(32, 64), S(0, 64), 1, 9, 16, 1, 0, 1},
    {"slli a0, a1, 3 w8 mvl8 pred=x0~", b_slli8_76, IOP_SLL, V(32, 8), V(64, 8),
     S(0, 64), 1, 3, 8, 0, 1, 0},
    {"slli a0, a1, 3 w16 mvl1 pred=a5", b_slli16_77, IOP_SLL, V(32, 16),
     V(64, 16), S(0, 64), 1, 3, 1, 1, 0, 0},
    {"slli a0, a1, 3 w32 mvl16 pred=a5~z rd=rs1", b_slli32_78, IOP_SLL,
     V(32, 32), V(32, 32), S(0, 64), 1, 3, 16, 1, 1, 1},
    {"slli a0, a1, 3 w64 mvl8 pred=a5z", b_slli64_79, IOP_SLL, V(32, 64),
     V(64, 64), S(0, 64), 1, 3, 8, 1, 0, 1},
    {"srli a0, a1, 1 w8 mvl1 pred=x0~", b_srli8_80, IOP_SRL, V(32, 8), V(64, 8),
     S(0, 64), 1, 1, 1, 0, 1, 0},
    {"srli a0, a1, 1 w16 mvl32 pred=a5 rd=rs1", b_srli16_81, IOP_SRL, V(32, 16),
     V(32, 16), S(0, 64), 1, 1, 32, 1, 0, 0},
    {"srli a0, a1, 1 w32 mvl8 pred=a5~z", b_srli32_82, IOP_SRL, V(32, 32),
     V(64, 32), S(0, 64), 1, 1, 8, 1, 1, 1},
    {"srli a0, a1, 1 w64 mvl1 pred=a5z", b_srli64_83, IOP_SRL, V(32, 64),
     V(64, 64), S(0, 64), 1, 1, 1, 1, 0, 1},
    {"srai a0, a1, 2 w8 mvl64 pred=x0~ rd=rs1", b_srai8_84, IOP_SRA, V(32, 8),
     V(32, 8), S(0, 64), 1, 2, 64, 0, 1, 0},
    {"srai a0, a1, 2 w16 mvl8 pred=a5", b_srai16_85, IOP_SRA, V(32, 16),
     V(64, 16), S(0, 64), 1, 2, 8, 1, 0, 0},
    {"srai a0, a1, 2 w32 mvl2 pred=a5~z", b_srai32_86, IOP_SRA, V(32, 32),
     V(64, 32), S(0, 64), 1, 2, 2, 1, 1, 1},
    {"srai a0, a1, 2 w64 mvl16 pred=a5z rd=rs1", b_srai64_87, IOP_SRA,
     V(32, 64), V(32, 64), S(0, 64), 1, 2, 16, 1, 0, 1},
    {"addiw a0, a1, -3 w8 mvl8 pred=x0~", b_addiw8_88, IOP_ADDW, V(32, 8),
     V(64, 8), S(0, 64), 1, -3, 8, 0, 1, 0},
    {"addiw a0, a1, -3 w16 mvl1 pred=a5", b_addiw16_89, IOP_ADDW, V(32, 16),
     V(64, 16), S(0, 64), 1, -3, 1, 1, 0, 0},
    {"addiw a0, a1, -3 w32 mvl16 pred=a5~z rd=rs1", b_addiw32_90, IOP_ADDW,
     V(32, 32), V(32, 32), S(0, 64), 1, -3, 16, 1, 1, 1},
    {"addiw a0, a1, -3 w64 mvl8 pred=a5z", b_addiw64_91, IOP_ADDW, V(32, 64),
     V(64, 64), S(0, 64), 1, -3, 8, 1, 0, 1},
};

/* Element k's result as sv_ref_iloop computes it (before the mask). */
static uint64_t result(const fcase *c, const uint64_t *x, unsigned k)
{
    const bool w_op = sv_iop_w(c->op), sgn = sv_iop_src_signed(c->op);
    unsigned w1 = c->s1.w, w2 = c->imm_op ? 8 : c->s2.w;

    if (w_op) {
        w1 = w1 > 32 ? 32 : w1;
        w2 = w2 > 32 ? 32 : w2;
    }
    unsigned opw = w1 > w2 ? w1 : w2;
    uint64_t a = sv_ref_src(x, &c->s1, k, 0, w_op, sgn);
    uint64_t b =
        c->imm_op ? (uint64_t)c->imm : sv_ref_src(x, &c->s2, k, 0, w_op, sgn);
    return sv_zext(sv_ref_alu(c->op, a, b, opw), c->d.w);
}

/*
 * Sets source element k so that its result is zero (want_zero) or not:
 * the first of a few candidates that does it (b itself, -b, 0, all ones,
 * 1, the sign bit, the value it had); true when one did.  A vector b
 * that is not the destination is changed too when a alone cannot.
 */
static bool shape(const fcase *c, uint64_t *x, unsigned k, bool want_zero)
{
    const unsigned w = c->s1.w;
    uint64_t old = sv_elem_get(x, c->s1.reg, k, w);
    uint64_t b = c->imm_op
                     ? (uint64_t)c->imm
                     : sv_elem_get(x, c->s2.reg, c->s2.vec ? k : 0, c->s2.w);
    const uint64_t cand[] = {
        old, b, -b, 0, ~0ull, 1, 1ull << (w - 1), (1ull << (w - 1)) - 1, 2};

    for (int pass = 0; pass < 2; pass++) {
        for (size_t j = 0; j < SV_COUNT(cand); j++) {
            sv_elem_set(x, c->s1.reg, k, w, cand[j]);
            if ((result(c, x, k) == 0) == want_zero) {
                return true;
            }
        }
        /* OR of two vectors is zero only when both are. */
        if (!c->s2.vec || c->imm_op || c->s2.reg == c->d.reg) {
            break;
        }
        sv_elem_set(x, c->s2.reg, k, c->s2.w, want_zero ? 0 : 0x15);
    }
    sv_elem_set(x, c->s1.reg, k, w, old);
    return false;
}

static void run_case(const fcase *c, unsigned vlval, uint64_t mask, int zk,
                     unsigned seed)
{
    sv_machine in, out, want;
    unsigned vl = vlval < c->mvl ? vlval : c->mvl;

    sv_machine_fill(&in, seed);
    if (!c->s2.vec && !c->imm_op) {
        in.x[c->s2.reg] = sv_zext(in.x[c->s2.reg], c->s2.w);
    }
    in.x[A5] = mask;
    in.x[A7] = vlval;
    /* Only element zk's result zero (zk < 0: none), where the op can. */
    for (unsigned k = 0; k < c->mvl; k++) {
        shape(c, in.x, k, (int)k == zk);
    }
    want = in;
    sv_iloop l = {
        .op = c->op,
        .d = c->d,
        .s1 = c->s1,
        .s2 = c->s2,
        .imm_op = c->imm_op,
        .imm = c->imm,
        .vl = vl,
        .subvl = 1,
        .pred = c->pred,
        .mask = c->inv ? ~mask : mask,
        .zero = c->zero,
        .ffirst = true,
        .vlreg = A7,
    };
    sv_ref_iloop(&l, &in, &want);
    want.state = SV_STATE(.maxvl = c->mvl - 1, .vl = A7);
    sv_context("%s, VL %u (a7 %u), mask 0x%llx, zero at %d", c->name, vl, vlval,
               (unsigned long long)mask, zk);
    sv_trap t = sv_exec(c->fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

int main(void)
{
    static const uint64_t masks[] = {0xa5a5a5a5a5a5a5a5ull, ~0ull,
                                     0xfffffffffffffffeull,
                                     0x7fffffffffffffffull, 0x0f0f0f0full};
    unsigned seed = 1;

    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const fcase *c = &cases[i];
        const unsigned n = c->mvl;
        const int zks[] = {0, (int)n / 2, (int)n - 1, -1};
        const unsigned vls[] = {n, n + 3, n / 2 + 1, 0};

        for (size_t z = 0; z < SV_COUNT(zks); z++) {
            for (size_t v = 0; v < SV_COUNT(vls); v++) {
                run_case(c, vls[v], masks[(i + z + v) % SV_COUNT(masks)],
                         zks[z], seed++);
            }
        }
    }
    sv_context("%s", "");
    return sv_summary("vblock_ffirst_alu");
}
