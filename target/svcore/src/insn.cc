// Inner instructions of a VBLOCK (§5, §8): an RV64GC decoder that names
// each instruction's operands, their register class and natural width, and
// the class the element loop gives it (§5.2, §5.4, §8.4, A36-A38).  RVC
// forms decode to the meaning of their 32-bit expansion, with the
// register numbers as encoded (rd'/rs1'/rs2' give x8..x15, the implicit
// stack pointer is x2).  Conventions are in svcore.h beside sv_op.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstddef>

#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

// 32-bit base formats (unprivileged spec, ch. 2).
namespace i32
{
constexpr Field opcode{0, 7};
constexpr Field rd{7, 5};
constexpr Field funct3{12, 3};
constexpr Field rs1{15, 5};
constexpr Field rs2{20, 5};
constexpr Field funct7{25, 7};
constexpr Field fmt{25, 2};    // OP-FP and R4
constexpr Field funct5{27, 5}; // OP-FP, AMO
constexpr Field rs3{27, 5};    // R4 (FMA)
constexpr Field funct6{26, 6}; // RV64 OP-IMM shifts
constexpr Field shamt6{20, 6};
constexpr Field shamt5{20, 5};
constexpr Field rm{12, 3};
} // namespace i32

// funct7 of OP / OP-32.
constexpr unsigned funct7_base = 0x00;
constexpr unsigned funct7_alt = 0x20; // SUB, SRA
constexpr unsigned funct7_muldiv = 0x01;
// funct6 of SRAI (bit 30 of the word).
constexpr unsigned funct6_srai = 0x10;

// RVC formats (unprivileged spec, ch. 16).
namespace c16
{
constexpr Field op{0, 2};
constexpr Field funct3{13, 3};
constexpr Field rd{7, 5};   // CI/CR rd/rs1
constexpr Field rs2{2, 5};  // CR/CSS rs2
constexpr Field rdp{2, 3};  // CIW/CL rd', CS rs2'
constexpr Field rs1p{7, 3}; // CL/CS/CB rs1', CA/CB rd'
constexpr Field bit12{12, 1};
constexpr Field funct2{10, 2}; // CB/CA
constexpr Field funct2a{5, 2}; // CA
constexpr unsigned reg_base = 8;
constexpr unsigned sp = 2;
constexpr unsigned ra = 1;
} // namespace c16

// An immediate is gathered from pieces: insn field `from` lands at bit
// `to` of the value.
struct Piece {
    Field from;
    unsigned to;
};

template <size_t N>
constexpr uint64_t gather(const Piece (&pieces)[N], uint32_t insn)
{
    uint64_t v = 0;
    for (const Piece &p : pieces) {
        v |= uint64_t{p.from.extract(insn)} << p.to;
    }
    return v;
}

constexpr int64_t sext(uint64_t v, unsigned bits)
{
    const uint64_t sign = uint64_t{1} << (bits - 1);
    v &= (sign << 1) - 1;
    return static_cast<int64_t>((v ^ sign) - sign);
}

// 32-bit immediates.
constexpr Piece imm_i[] = {{{20, 12}, 0}};
constexpr unsigned imm_i_bits = 12;
constexpr Piece imm_s[] = {{{7, 5}, 0}, {{25, 7}, 5}};
constexpr unsigned imm_s_bits = 12;
constexpr Piece imm_b[] = {
    {{8, 4}, 1}, {{25, 6}, 5}, {{7, 1}, 11}, {{31, 1}, 12}};
constexpr unsigned imm_b_bits = 13;
constexpr Piece imm_u[] = {{{12, 20}, 12}};
constexpr unsigned imm_u_bits = 32;
constexpr Piece imm_j[] = {
    {{21, 10}, 1}, {{20, 1}, 11}, {{12, 8}, 12}, {{31, 1}, 20}};
constexpr unsigned imm_j_bits = 21;

// RVC immediates: nzuimm[5:4|9:6|2|3] and so on, as the spec's tables.
constexpr Piece imm_c_addi4spn[] = {
    {{11, 2}, 4}, {{7, 4}, 6}, {{6, 1}, 2}, {{5, 1}, 3}};
constexpr Piece imm_c_lsd[] = {{{10, 3}, 3}, {{5, 2}, 6}}; // C.LD/SD/FLD/FSD
constexpr Piece imm_c_lsw[] = {{{10, 3}, 3}, {{6, 1}, 2}, {{5, 1}, 6}};
constexpr Piece imm_c_i6[] = {{{2, 5}, 0}, {{12, 1}, 5}}; // also shamt
constexpr unsigned imm_c_i6_bits = 6;
constexpr Piece imm_c_addi16sp[] = {
    {{6, 1}, 4}, {{2, 1}, 5}, {{5, 1}, 6}, {{3, 2}, 7}, {{12, 1}, 9}};
constexpr unsigned imm_c_addi16sp_bits = 10;
constexpr Piece imm_c_lui[] = {{{2, 5}, 12}, {{12, 1}, 17}};
constexpr unsigned imm_c_lui_bits = 18;
constexpr Piece imm_c_j[] = {{{3, 3}, 1},  {{11, 1}, 4}, {{2, 1}, 5},
                             {{7, 1}, 6},  {{6, 1}, 7},  {{9, 2}, 8},
                             {{8, 1}, 10}, {{12, 1}, 11}};
constexpr unsigned imm_c_j_bits = 12;
constexpr Piece imm_c_b[] = {
    {{3, 2}, 1}, {{10, 2}, 3}, {{2, 1}, 5}, {{5, 2}, 6}, {{12, 1}, 8}};
constexpr unsigned imm_c_b_bits = 9;
constexpr Piece imm_c_lwsp[] = {{{4, 3}, 2}, {{12, 1}, 5}, {{2, 2}, 6}};
constexpr Piece imm_c_ldsp[] = {{{5, 2}, 3}, {{12, 1}, 5}, {{2, 3}, 6}};
constexpr Piece imm_c_swsp[] = {{{9, 4}, 2}, {{7, 2}, 6}};
constexpr Piece imm_c_sdsp[] = {{{10, 3}, 3}, {{7, 3}, 6}};

constexpr unsigned xlen = 64;
constexpr unsigned word = 32;

constexpr sv_operand xreg(unsigned r, unsigned width = xlen)
{
    return sv_operand{1, static_cast<uint8_t>(r), 0,
                      static_cast<uint8_t>(width)};
}

constexpr sv_operand freg(unsigned r, unsigned width)
{
    return sv_operand{1, static_cast<uint8_t>(r), 1,
                      static_cast<uint8_t>(width)};
}

constexpr unsigned creg(unsigned field3)
{
    return c16::reg_base + field3;
}

// No SV_ALU_* value: a reserved funct3.
constexpr uint8_t no_alu = SV_ALU_COUNT;

// OP (funct7 0) and OP-IMM by funct3.
constexpr uint8_t alu_op[8] = {SV_ALU_ADD, SV_ALU_SLL, SV_ALU_SLT, SV_ALU_SLTU,
                               SV_ALU_XOR, SV_ALU_SRL, SV_ALU_OR,  SV_ALU_AND};
// OP, funct7 1 (M).
constexpr uint8_t alu_m[8] = {SV_ALU_MUL,   SV_ALU_MULH, SV_ALU_MULHSU,
                              SV_ALU_MULHU, SV_ALU_DIV,  SV_ALU_DIVU,
                              SV_ALU_REM,   SV_ALU_REMU};
// OP-32, funct7 1 (M).
constexpr uint8_t alu_m32[8] = {SV_ALU_MULW, no_alu,      no_alu,
                                no_alu,      SV_ALU_DIVW, SV_ALU_DIVUW,
                                SV_ALU_REMW, SV_ALU_REMUW};
// OP-32 / OP-IMM-32, funct7 0, by funct3 (ADDW, SLLW, SRLW).
constexpr uint8_t alu_32[8] = {SV_ALU_ADDW, SV_ALU_SLLW, no_alu, no_alu,
                               no_alu,      SV_ALU_SRLW, no_alu, no_alu};

// Builders: each fills *o for one class and returns true.

bool set_int(sv_op *o, unsigned alu, sv_operand rd, sv_operand rs1,
             sv_operand rs2)
{
    o->cls = SV_OPC_INT;
    o->alu = static_cast<uint8_t>(alu);
    o->rd = rd;
    o->rs1 = rs1;
    o->rs2 = rs2;
    return true;
}

bool set_int_imm(sv_op *o, unsigned alu, sv_operand rd, sv_operand rs1,
                 int64_t imm)
{
    o->cls = SV_OPC_INT;
    o->alu = static_cast<uint8_t>(alu);
    o->b_is_imm = 1;
    o->imm = imm;
    o->rd = rd;
    o->rs1 = rs1;
    return true;
}

bool set_load(sv_op *o, sv_operand rd, unsigned rs1, int64_t imm,
              unsigned bytes, bool is_signed)
{
    o->cls = SV_OPC_LOAD;
    o->twin = 1;
    o->mem_bytes = static_cast<uint8_t>(bytes);
    o->int_signed = is_signed;
    o->imm = imm;
    o->rd = rd;
    o->rs1 = xreg(rs1);
    return true;
}

bool set_store(sv_op *o, unsigned rs1, sv_operand data, int64_t imm,
               unsigned bytes)
{
    o->cls = SV_OPC_STORE;
    o->twin = 1;
    o->mem_bytes = static_cast<uint8_t>(bytes);
    o->imm = imm;
    o->rs1 = xreg(rs1);
    o->rs2 = data;
    return true;
}

bool set_branch(sv_op *o, unsigned funct3, unsigned rs1, unsigned rs2,
                int64_t imm)
{
    o->cls = SV_OPC_BRANCH;
    o->alu = static_cast<uint8_t>(funct3);
    o->imm = imm;
    o->rs1 = xreg(rs1);
    o->rs2 = xreg(rs2);
    return true;
}

bool set_jal(sv_op *o, unsigned rd, int64_t imm)
{
    o->cls = SV_OPC_JAL;
    o->imm = imm;
    o->rd = xreg(rd);
    return true;
}

bool set_jalr(sv_op *o, unsigned rd, unsigned rs1, int64_t imm)
{
    o->cls = SV_OPC_JALR;
    o->imm = imm;
    o->rd = xreg(rd);
    o->rs1 = xreg(rs1);
    return true;
}

bool set_upper(sv_op *o, sv_op_class cls, unsigned rd, int64_t imm)
{
    o->cls = static_cast<uint8_t>(cls);
    o->imm = imm;
    o->rd = xreg(rd);
    return true;
}

bool set_scalar(sv_op *o)
{
    o->cls = SV_OPC_SCALAR;
    return true;
}

// Ops without an rm field report the dynamic mode.
constexpr unsigned rm_dynamic = 7;

bool set_fp(sv_op *o, unsigned fp, unsigned fmt_bits, unsigned rm)
{
    o->cls = SV_OPC_FP;
    o->fp = static_cast<uint8_t>(fp);
    o->fmt_bits = static_cast<uint8_t>(fmt_bits);
    o->rm = static_cast<uint8_t>(rm);
    return true;
}

// fmt 0 = S, 1 = D; H (2) and Q (3) are not RV64GC.
bool fmt_width(unsigned fmt, unsigned *bits)
{
    constexpr unsigned widths[2] = {32, 64};
    if (fmt >= 2) {
        return false;
    }
    *bits = widths[fmt];
    return true;
}

// rm 5 and 6 are reserved.
constexpr bool rm_valid(unsigned rm)
{
    return rm != 5 && rm != 6;
}

// ------------------------------------------------------------ 32-bit

bool decode_load(uint32_t insn, sv_op *o, bool fp)
{
    const unsigned f3 = i32::funct3.extract(insn);
    const unsigned rd = i32::rd.extract(insn);
    const unsigned rs1 = i32::rs1.extract(insn);
    const int64_t imm = sext(gather(imm_i, insn), imm_i_bits);
    if (fp) {
        // FLW (2), FLD (3).
        if (f3 != 2 && f3 != 3) {
            return false;
        }
        const unsigned bytes = 1u << f3;
        return set_load(o, freg(rd, 8 * bytes), rs1, imm, bytes, false);
    }
    // LB LH LW LD LBU LHU LWU; 7 reserved.
    if (f3 == 7) {
        return false;
    }
    return set_load(o, xreg(rd), rs1, imm, 1u << (f3 & 3), f3 < 4);
}

bool decode_store(uint32_t insn, sv_op *o, bool fp)
{
    const unsigned f3 = i32::funct3.extract(insn);
    const unsigned rs1 = i32::rs1.extract(insn);
    const unsigned rs2 = i32::rs2.extract(insn);
    const int64_t imm = sext(gather(imm_s, insn), imm_s_bits);
    if (fp) {
        if (f3 != 2 && f3 != 3) {
            return false;
        }
        const unsigned bytes = 1u << f3;
        return set_store(o, rs1, freg(rs2, 8 * bytes), imm, bytes);
    }
    if (f3 >= 4) {
        return false;
    }
    return set_store(o, rs1, xreg(rs2), imm, 1u << f3);
}

// OP-IMM and OP-IMM-32.
bool decode_op_imm(uint32_t insn, sv_op *o, bool w)
{
    const unsigned f3 = i32::funct3.extract(insn);
    const unsigned width = w ? word : xlen;
    const sv_operand rd = xreg(i32::rd.extract(insn));
    const sv_operand rs1 = xreg(i32::rs1.extract(insn), width);
    const int64_t imm = sext(gather(imm_i, insn), imm_i_bits);
    if (f3 == 1 || f3 == 5) {
        // Shifts: RV64 shamt is 6 bits under funct6, *W 5 under funct7.
        const unsigned hi =
            w ? i32::funct7.extract(insn) : i32::funct6.extract(insn);
        const unsigned shamt =
            w ? i32::shamt5.extract(insn) : i32::shamt6.extract(insn);
        const unsigned alt = w ? funct7_alt : funct6_srai;
        unsigned alu;
        if (hi == 0) {
            alu = w ? alu_32[f3] : alu_op[f3];
        } else if (hi == alt && f3 == 5) {
            alu = w ? SV_ALU_SRAW : SV_ALU_SRA;
        } else {
            return false;
        }
        return set_int_imm(o, alu, rd, rs1, shamt);
    }
    if (w) {
        if (f3 != 0) {
            return false;
        }
        return set_int_imm(o, SV_ALU_ADDW, rd, rs1, imm);
    }
    return set_int_imm(o, alu_op[f3], rd, rs1, imm);
}

// OP and OP-32.
bool decode_op(uint32_t insn, sv_op *o, bool w)
{
    const unsigned f3 = i32::funct3.extract(insn);
    const unsigned f7 = i32::funct7.extract(insn);
    const unsigned width = w ? word : xlen;
    unsigned alu = no_alu;
    if (f7 == funct7_base) {
        alu = w ? alu_32[f3] : alu_op[f3];
    } else if (f7 == funct7_muldiv) {
        alu = w ? alu_m32[f3] : alu_m[f3];
    } else if (f7 == funct7_alt) {
        if (f3 == 0) {
            alu = w ? SV_ALU_SUBW : SV_ALU_SUB;
        } else if (f3 == 5) {
            alu = w ? SV_ALU_SRAW : SV_ALU_SRA;
        }
    }
    if (alu == no_alu) {
        return false;
    }
    return set_int(o, alu, xreg(i32::rd.extract(insn)),
                   xreg(i32::rs1.extract(insn), width),
                   xreg(i32::rs2.extract(insn), width));
}

bool decode_branch(uint32_t insn, sv_op *o)
{
    const unsigned f3 = i32::funct3.extract(insn);
    // BEQ BNE - - BLT BGE BLTU BGEU.
    if (f3 == 2 || f3 == 3) {
        return false;
    }
    return set_branch(o, f3, i32::rs1.extract(insn), i32::rs2.extract(insn),
                      sext(gather(imm_b, insn), imm_b_bits));
}

bool decode_amo(uint32_t insn, sv_op *o)
{
    enum : unsigned { amo_lr = 0x02, amo_sc = 0x03 };
    const unsigned f3 = i32::funct3.extract(insn);
    const unsigned f5 = i32::funct5.extract(insn);
    if (f3 != 2 && f3 != 3) {
        return false;
    }
    // ADD SWAP LR SC XOR OR AND MIN MAX MINU MAXU.
    constexpr uint32_t valid = 1u << 0x00 | 1u << 0x01 | 1u << 0x02 |
                               1u << 0x03 | 1u << 0x04 | 1u << 0x08 |
                               1u << 0x0C | 1u << 0x10 | 1u << 0x14 |
                               1u << 0x18 | 1u << 0x1C;
    if (!((valid >> f5) & 1)) {
        return false;
    }
    if (f5 == amo_lr && i32::rs2.extract(insn) != 0) {
        return false;
    }
    if (f5 == amo_lr || f5 == amo_sc) {
        return set_scalar(o); // §5.2: LR/SC run once
    }
    // rd := the old memory value (sign-extended for .W), rs1 the address,
    // rs2 the operand at the access width (§5.2 "including AMOs").
    const unsigned bytes = f3 == 2 ? 4 : 8;
    o->cls = SV_OPC_AMO;
    o->alu = static_cast<uint8_t>(f5);
    o->mem_bytes = static_cast<uint8_t>(bytes);
    o->int_signed = 1;
    o->rd = xreg(i32::rd.extract(insn));
    o->rs1 = xreg(i32::rs1.extract(insn));
    o->rs2 = xreg(i32::rs2.extract(insn), bytes * 8);
    return true;
}

bool decode_system(uint32_t insn, sv_op *o)
{
    enum : uint32_t {
        ecall = 0x00000073,
        ebreak = 0x00100073,
        sret = 0x10200073,
        mret = 0x30200073,
        wfi = 0x10500073,
    };
    constexpr unsigned funct7_sfence_vma = 0x09;
    const unsigned f3 = i32::funct3.extract(insn);
    if (f3 == 0) {
        if (insn == ecall || insn == ebreak || insn == sret || insn == mret ||
            insn == wfi) {
            return set_scalar(o);
        }
        if (i32::funct7.extract(insn) == funct7_sfence_vma &&
            i32::rd.extract(insn) == 0) {
            return set_scalar(o);
        }
        return false;
    }
    if (f3 == 4) {
        return false;
    }
    o->cls = SV_OPC_CSR;
    return true;
}

bool decode_fma(uint32_t insn, sv_op *o)
{
    constexpr uint8_t by_opcode[4] = {SV_FP_MADD, SV_FP_MSUB, SV_FP_NMSUB,
                                      SV_FP_NMADD};
    unsigned bits;
    const unsigned rm = i32::rm.extract(insn);
    if (!fmt_width(i32::fmt.extract(insn), &bits) || !rm_valid(rm)) {
        return false;
    }
    const unsigned idx = (i32::opcode.extract(insn) - op_madd) >> 2;
    set_fp(o, by_opcode[idx], bits, rm);
    o->rd = freg(i32::rd.extract(insn), bits);
    o->rs1 = freg(i32::rs1.extract(insn), bits);
    o->rs2 = freg(i32::rs2.extract(insn), bits);
    o->rs3 = freg(i32::rs3.extract(insn), bits);
    return true;
}

bool decode_op_fp(uint32_t insn, sv_op *o)
{
    enum : unsigned {
        f5_add = 0x00,
        f5_sub = 0x01,
        f5_mul = 0x02,
        f5_div = 0x03,
        f5_sgnj = 0x04,
        f5_minmax = 0x05,
        f5_cvt_ff = 0x08,
        f5_sqrt = 0x0B,
        f5_cmp = 0x14,
        f5_cvt_if = 0x18,
        f5_cvt_fi = 0x1A,
        f5_mv_xf = 0x1C,
        f5_mv_fx = 0x1E,
    };
    unsigned bits;
    if (!fmt_width(i32::fmt.extract(insn), &bits)) {
        return false;
    }
    const unsigned f5 = i32::funct5.extract(insn);
    const unsigned f3 = i32::funct3.extract(insn);
    const unsigned rd = i32::rd.extract(insn);
    const unsigned rs1 = i32::rs1.extract(insn);
    const unsigned rs2 = i32::rs2.extract(insn);
    const bool rm_ok = rm_valid(f3);
    switch (f5) {
    case f5_add:
    case f5_sub:
    case f5_mul:
    case f5_div: {
        constexpr uint8_t arith[4] = {SV_FP_ADD, SV_FP_SUB, SV_FP_MUL,
                                      SV_FP_DIV};
        if (!rm_ok) {
            return false;
        }
        set_fp(o, arith[f5], bits, f3);
        o->rs2 = freg(rs2, bits);
        break;
    }
    case f5_sqrt:
        if (!rm_ok || rs2 != 0) {
            return false;
        }
        set_fp(o, SV_FP_SQRT, bits, f3);
        break;
    case f5_sgnj: {
        constexpr uint8_t sgnj[3] = {SV_FP_SGNJ, SV_FP_SGNJN, SV_FP_SGNJX};
        if (f3 >= 3) {
            return false;
        }
        set_fp(o, sgnj[f3], bits, rm_dynamic);
        o->twin = rs1 == rs2; // FMV, FNEG, FABS
        o->rs2 = freg(rs2, bits);
        break;
    }
    case f5_minmax:
        if (f3 >= 2) {
            return false;
        }
        set_fp(o, f3 ? SV_FP_MAX : SV_FP_MIN, bits, rm_dynamic);
        o->rs2 = freg(rs2, bits);
        break;
    case f5_cvt_ff: {
        // rs2 holds the source fmt; S <-> D only.
        unsigned src_bits;
        if (!rm_ok || !fmt_width(rs2, &src_bits) || src_bits == bits) {
            return false;
        }
        set_fp(o, SV_FP_CVT_F_F, bits, f3);
        o->twin = 1;
        o->rd = freg(rd, bits);
        o->rs1 = freg(rs1, src_bits);
        return true;
    }
    case f5_cmp: {
        // FLE (0), FLT (1), FEQ (2).
        constexpr uint8_t cmp[3] = {SV_FP_LE, SV_FP_LT, SV_FP_EQ};
        if (f3 >= 3) {
            return false;
        }
        set_fp(o, cmp[f3], bits, rm_dynamic);
        o->rd = xreg(rd);
        o->rs1 = freg(rs1, bits);
        o->rs2 = freg(rs2, bits);
        return true;
    }
    case f5_cvt_if:
    case f5_cvt_fi: {
        // rs2: W (0), WU (1), L (2), LU (3).
        if (!rm_ok || rs2 >= 4) {
            return false;
        }
        const unsigned int_bits = rs2 < 2 ? word : xlen;
        const bool to_int = f5 == f5_cvt_if;
        set_fp(o, to_int ? SV_FP_CVT_I_F : SV_FP_CVT_F_I, bits, f3);
        o->twin = 1;
        o->int_signed = (rs2 & 1) == 0;
        o->rd = to_int ? xreg(rd, int_bits) : freg(rd, bits);
        o->rs1 = to_int ? freg(rs1, bits) : xreg(rs1, int_bits);
        return true;
    }
    case f5_mv_xf:
        // FMV.X.W/D (funct3 0), FCLASS (funct3 1).
        if (rs2 != 0 || f3 >= 2) {
            return false;
        }
        set_fp(o, f3 ? SV_FP_CLASS : SV_FP_MV_X_F, bits, rm_dynamic);
        o->twin = 1;
        o->rd = xreg(rd, f3 ? xlen : bits);
        o->rs1 = freg(rs1, bits);
        return true;
    case f5_mv_fx:
        if (rs2 != 0 || f3 != 0) {
            return false;
        }
        set_fp(o, SV_FP_MV_F_X, bits, rm_dynamic);
        o->twin = 1;
        o->rd = freg(rd, bits);
        o->rs1 = xreg(rs1, bits);
        return true;
    default:
        return false;
    }
    // Arithmetic, SQRT, SGNJ*, MIN/MAX: FP rd and rs1 at fmt.
    o->rd = freg(rd, bits);
    o->rs1 = freg(rs1, bits);
    return true;
}

bool decode32(uint32_t insn, sv_op *o)
{
    const unsigned rd = i32::rd.extract(insn);
    switch (i32::opcode.extract(insn)) {
    case op_load:
        return decode_load(insn, o, false);
    case op_load_fp:
        return decode_load(insn, o, true);
    case op_misc_mem:
        // FENCE (0), FENCE.I (1).
        return i32::funct3.extract(insn) < 2 && set_scalar(o);
    case op_imm:
        return decode_op_imm(insn, o, false);
    case op_imm_32:
        return decode_op_imm(insn, o, true);
    case op_auipc:
        return set_upper(o, SV_OPC_AUIPC, rd,
                         sext(gather(imm_u, insn), imm_u_bits));
    case op_lui:
        return set_upper(o, SV_OPC_LUI, rd,
                         sext(gather(imm_u, insn), imm_u_bits));
    case op_store:
        return decode_store(insn, o, false);
    case op_store_fp:
        return decode_store(insn, o, true);
    case op_amo:
        return decode_amo(insn, o);
    case op_op:
        return decode_op(insn, o, false);
    case op_op_32:
        return decode_op(insn, o, true);
    case op_madd:
    case op_msub:
    case op_nmsub:
    case op_nmadd:
        return decode_fma(insn, o);
    case op_fp:
        return decode_op_fp(insn, o);
    case op_branch:
        return decode_branch(insn, o);
    case op_jalr:
        return i32::funct3.extract(insn) == 0 &&
               set_jalr(o, rd, i32::rs1.extract(insn),
                        sext(gather(imm_i, insn), imm_i_bits));
    case op_jal:
        return set_jal(o, rd, sext(gather(imm_j, insn), imm_j_bits));
    case op_system:
        return decode_system(insn, o);
    default:
        return false;
    }
}

// ------------------------------------------------------------ RVC

// Quadrant 0: stack-pointer add, loads and stores with rd'/rs1'/rs2'.
bool decode_q0(uint32_t insn, sv_op *o)
{
    const unsigned rdp = creg(c16::rdp.extract(insn)); // rd' / rs2'
    const unsigned rs1p = creg(c16::rs1p.extract(insn));
    switch (c16::funct3.extract(insn)) {
    case 0: { // C.ADDI4SPN: addi rd', x2, nzuimm (0 reserved, incl. 0x0000)
        const uint64_t imm = gather(imm_c_addi4spn, insn);
        if (imm == 0) {
            return false;
        }
        return set_int_imm(o, SV_ALU_ADD, xreg(rdp), xreg(c16::sp),
                           static_cast<int64_t>(imm));
    }
    case 1: // C.FLD
        return set_load(o, freg(rdp, 64), rs1p,
                        static_cast<int64_t>(gather(imm_c_lsd, insn)), 8,
                        false);
    case 2: // C.LW
        return set_load(o, xreg(rdp), rs1p,
                        static_cast<int64_t>(gather(imm_c_lsw, insn)), 4, true);
    case 3: // C.LD (C.FLW on RV32)
        return set_load(o, xreg(rdp), rs1p,
                        static_cast<int64_t>(gather(imm_c_lsd, insn)), 8, true);
    case 5: // C.FSD
        return set_store(o, rs1p, freg(rdp, 64),
                         static_cast<int64_t>(gather(imm_c_lsd, insn)), 8);
    case 6: // C.SW
        return set_store(o, rs1p, xreg(rdp),
                         static_cast<int64_t>(gather(imm_c_lsw, insn)), 4);
    case 7: // C.SD (C.FSW on RV32)
        return set_store(o, rs1p, xreg(rdp),
                         static_cast<int64_t>(gather(imm_c_lsd, insn)), 8);
    default: // 4: reserved
        return false;
    }
}

// Quadrant 1, funct3 100: C.SRLI C.SRAI C.ANDI and the CA arithmetic.
bool decode_q1_arith(uint32_t insn, sv_op *o)
{
    const unsigned r = creg(c16::rs1p.extract(insn)); // rd' = rs1'
    const uint64_t i6 = gather(imm_c_i6, insn);
    switch (c16::funct2.extract(insn)) {
    case 0: // C.SRLI (shamt 0 is a HINT: a shift by 0)
        return set_int_imm(o, SV_ALU_SRL, xreg(r), xreg(r),
                           static_cast<int64_t>(i6));
    case 1: // C.SRAI
        return set_int_imm(o, SV_ALU_SRA, xreg(r), xreg(r),
                           static_cast<int64_t>(i6));
    case 2: // C.ANDI
        return set_int_imm(o, SV_ALU_AND, xreg(r), xreg(r),
                           sext(i6, imm_c_i6_bits));
    default:
        break;
    }
    constexpr uint8_t ca[2][4] = {
        {SV_ALU_SUB, SV_ALU_XOR, SV_ALU_OR, SV_ALU_AND},
        {SV_ALU_SUBW, SV_ALU_ADDW, no_alu, no_alu}, // 10, 11 reserved
    };
    const unsigned w = c16::bit12.extract(insn);
    const unsigned alu = ca[w][c16::funct2a.extract(insn)];
    if (alu == no_alu) {
        return false;
    }
    const unsigned width = w ? word : xlen;
    const unsigned rs2 = creg(c16::rdp.extract(insn));
    return set_int(o, alu, xreg(r), xreg(r, width), xreg(rs2, width));
}

bool decode_q1(uint32_t insn, sv_op *o)
{
    const unsigned rd = c16::rd.extract(insn);
    const uint64_t i6 = gather(imm_c_i6, insn);
    switch (c16::funct3.extract(insn)) {
    case 0: // C.ADDI; rd 0: C.NOP and HINTs
        if (rd == 0) {
            return set_scalar(o);
        }
        return set_int_imm(o, SV_ALU_ADD, xreg(rd), xreg(rd),
                           sext(i6, imm_c_i6_bits));
    case 1: // C.ADDIW (C.JAL on RV32); rd 0 reserved
        if (rd == 0) {
            return false;
        }
        return set_int_imm(o, SV_ALU_ADDW, xreg(rd), xreg(rd, word),
                           sext(i6, imm_c_i6_bits));
    case 2: // C.LI: addi rd, x0, imm; rd 0 is a HINT
        if (rd == 0) {
            return set_scalar(o);
        }
        return set_int_imm(o, SV_ALU_ADD, xreg(rd), xreg(0),
                           sext(i6, imm_c_i6_bits));
    case 3:
        if (rd == c16::sp) { // C.ADDI16SP: addi x2, x2, nzimm
            const int64_t imm =
                sext(gather(imm_c_addi16sp, insn), imm_c_addi16sp_bits);
            if (imm == 0) {
                return false;
            }
            return set_int_imm(o, SV_ALU_ADD, xreg(c16::sp), xreg(c16::sp),
                               imm);
        } else { // C.LUI: nzimm 0 reserved, rd 0 a HINT
            const int64_t imm = sext(gather(imm_c_lui, insn), imm_c_lui_bits);
            if (imm == 0) {
                return false;
            }
            if (rd == 0) {
                return set_scalar(o);
            }
            return set_upper(o, SV_OPC_LUI, rd, imm);
        }
    case 4:
        return decode_q1_arith(insn, o);
    case 5: // C.J: jal x0, offset
        return set_jal(o, 0, sext(gather(imm_c_j, insn), imm_c_j_bits));
    default: // 6 C.BEQZ, 7 C.BNEZ: beq/bne rs1', x0, offset
        return set_branch(o, c16::funct3.extract(insn) - 6,
                          creg(c16::rs1p.extract(insn)), 0,
                          sext(gather(imm_c_b, insn), imm_c_b_bits));
    }
}

// Quadrant 2, funct3 100: C.JR C.MV C.EBREAK C.JALR C.ADD.
bool decode_q2_cr(uint32_t insn, sv_op *o)
{
    const unsigned rd = c16::rd.extract(insn);
    const unsigned rs2 = c16::rs2.extract(insn);
    if (c16::bit12.extract(insn) == 0) {
        if (rs2 == 0) { // C.JR: jalr x0, 0(rs1); rs1 0 reserved
            return rd != 0 && set_jalr(o, 0, rd, 0);
        }
        if (rd == 0) { // C.MV HINT
            return set_scalar(o);
        }
        // C.MV: twin-predicated copy rd <- rs2, no rs1 (reads as 0).
        set_int(o, SV_ALU_ADD, xreg(rd), sv_operand{}, xreg(rs2));
        o->twin = 1;
        return true;
    }
    if (rs2 == 0) {
        if (rd == 0) { // C.EBREAK
            return set_scalar(o);
        }
        return set_jalr(o, c16::ra, rd, 0); // C.JALR
    }
    if (rd == 0) { // C.ADD HINT
        return set_scalar(o);
    }
    return set_int(o, SV_ALU_ADD, xreg(rd), xreg(rd), xreg(rs2)); // C.ADD
}

bool decode_q2(uint32_t insn, sv_op *o)
{
    const unsigned rd = c16::rd.extract(insn);
    const unsigned rs2 = c16::rs2.extract(insn);
    switch (c16::funct3.extract(insn)) {
    case 0: // C.SLLI; rd 0 is a HINT
        if (rd == 0) {
            return set_scalar(o);
        }
        return set_int_imm(o, SV_ALU_SLL, xreg(rd), xreg(rd),
                           static_cast<int64_t>(gather(imm_c_i6, insn)));
    case 1: // C.FLDSP
        return set_load(o, freg(rd, 64), c16::sp,
                        static_cast<int64_t>(gather(imm_c_ldsp, insn)), 8,
                        false);
    case 2: // C.LWSP; rd 0 reserved
        return rd != 0 &&
               set_load(o, xreg(rd), c16::sp,
                        static_cast<int64_t>(gather(imm_c_lwsp, insn)), 4,
                        true);
    case 3: // C.LDSP (C.FLWSP on RV32); rd 0 reserved
        return rd != 0 &&
               set_load(o, xreg(rd), c16::sp,
                        static_cast<int64_t>(gather(imm_c_ldsp, insn)), 8,
                        true);
    case 4:
        return decode_q2_cr(insn, o);
    case 5: // C.FSDSP
        return set_store(o, c16::sp, freg(rs2, 64),
                         static_cast<int64_t>(gather(imm_c_sdsp, insn)), 8);
    case 6: // C.SWSP
        return set_store(o, c16::sp, xreg(rs2),
                         static_cast<int64_t>(gather(imm_c_swsp, insn)), 4);
    default: // 7: C.SDSP (C.FSWSP on RV32)
        return set_store(o, c16::sp, xreg(rs2),
                         static_cast<int64_t>(gather(imm_c_sdsp, insn)), 8);
    }
}

bool decode16(uint32_t insn, sv_op *o)
{
    switch (c16::op.extract(insn)) {
    case 0:
        return decode_q0(insn, o);
    case 1:
        return decode_q1(insn, o);
    default:
        return decode_q2(insn, o);
    }
}

} // namespace

extern "C" bool sv_op_decode(uint32_t insn, sv_op *out)
{
    constexpr unsigned rvc_quadrants = 3;
    constexpr unsigned long_insn = 7; // bits 4:2 of a 48-bit or longer one
    sv_op o{};
    bool ok;
    if (header::quadrant.extract(insn) != rvc_quadrants) {
        o.len = 2;
        ok = decode16(insn & 0xFFFFu, &o);
    } else {
        o.len = 4;
        ok = header::bits4_2.extract(insn) != long_insn && decode32(insn, &o);
    }
    if (!ok) {
        const uint8_t len = o.len;
        o = sv_op{};
        o.len = len;
    }
    *out = o;
    return ok;
}
