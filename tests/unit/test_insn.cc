// Inner-instruction decoder (sv_op_decode): every RV64GC class, 32-bit and
// RVC.  Each encoding is written out by hand with its field split in the
// comment above it (fields from bit 31 or 15 down to bit 0, as the
// unprivileged spec draws the format), and was cross-checked against an
// assembler.  Expectations follow the conventions in svcore.h beside
// sv_op.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "svcore.h"

namespace
{

// An expected operand.
struct Opnd {
    bool present;
    unsigned reg;
    bool fp;
    unsigned width;
};

constexpr Opnd none{false, 0, false, 0};

constexpr Opnd X(unsigned reg, unsigned width = 64)
{
    return Opnd{true, reg, false, width};
}

constexpr Opnd F(unsigned reg, unsigned width)
{
    return Opnd{true, reg, true, width};
}

void expect_opnd(const sv_operand &got, const Opnd &want, const char *what)
{
    SCOPED_TRACE(what);
    EXPECT_EQ(got.present, want.present);
    if (!want.present) {
        // Absent operands are all zero.
        EXPECT_EQ(got.reg, 0);
        EXPECT_EQ(got.is_fp, 0);
        EXPECT_EQ(got.width, 0);
        return;
    }
    EXPECT_EQ(got.reg, want.reg);
    EXPECT_EQ(got.is_fp, want.fp);
    EXPECT_EQ(got.width, want.width);
}

// Field by field: the struct has padding, which memcmp would see.
bool same_opnd(const sv_operand &a, const sv_operand &b)
{
    return a.present == b.present && a.reg == b.reg && a.is_fp == b.is_fp &&
           a.width == b.width;
}

bool same(const sv_op &a, const sv_op &b)
{
    return a.cls == b.cls && a.len == b.len && a.twin == b.twin &&
           a.alu == b.alu && a.fp == b.fp && a.fmt_bits == b.fmt_bits &&
           a.rm == b.rm && a.int_signed == b.int_signed &&
           a.mem_bytes == b.mem_bytes && a.b_is_imm == b.b_is_imm &&
           a.imm == b.imm && same_opnd(a.rd, b.rd) && same_opnd(a.rs1, b.rs1) &&
           same_opnd(a.rs2, b.rs2) && same_opnd(a.rs3, b.rs3);
}

std::string hex(uint32_t insn)
{
    char buf[16];
    snprintf(buf, sizeof buf, "0x%08x", insn);
    return buf;
}

sv_op decode(uint32_t insn, unsigned len)
{
    sv_op op;
    memset(&op, 0xAA, sizeof op); // every field must be written
    EXPECT_TRUE(sv_op_decode(insn, &op));
    EXPECT_EQ(op.len, len);
    return op;
}

void expect_operands(const sv_op &op, Opnd rd, Opnd rs1, Opnd rs2,
                     Opnd rs3 = none)
{
    expect_opnd(op.rd, rd, "rd");
    expect_opnd(op.rs1, rs1, "rs1");
    expect_opnd(op.rs2, rs2, "rs2");
    expect_opnd(op.rs3, rs3, "rs3");
}

// Fields a class does not use are 0.
void expect_no_fp(const sv_op &op)
{
    EXPECT_EQ(op.fp, 0);
    EXPECT_EQ(op.fmt_bits, 0);
    EXPECT_EQ(op.rm, 0);
}

// OP / OP-32 / RVC CR and CA arithmetic.  width: of rs1 and rs2.
void int_rr(uint32_t insn, sv_alu_op alu, unsigned rd, unsigned rs1,
            unsigned rs2, unsigned width, unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_INT);
    EXPECT_EQ(op.alu, alu);
    EXPECT_EQ(op.twin, 0);
    EXPECT_EQ(op.b_is_imm, 0);
    EXPECT_EQ(op.imm, 0);
    EXPECT_EQ(op.mem_bytes, 0);
    EXPECT_EQ(op.int_signed, 0);
    expect_no_fp(op);
    expect_operands(op, X(rd), X(rs1, width), X(rs2, width));
}

// OP-IMM / OP-IMM-32 / RVC immediate arithmetic.
void int_ri(uint32_t insn, sv_alu_op alu, unsigned rd, unsigned rs1,
            int64_t imm, unsigned width, unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_INT);
    EXPECT_EQ(op.alu, alu);
    EXPECT_EQ(op.twin, 0);
    EXPECT_EQ(op.b_is_imm, 1);
    EXPECT_EQ(op.imm, imm);
    EXPECT_EQ(op.mem_bytes, 0);
    expect_no_fp(op);
    expect_operands(op, X(rd), X(rs1, width), none);
}

// C.MV: ADD with rs2 the source, no rs1, twin-predicated.
void c_mv(uint32_t insn, unsigned rd, unsigned rs2)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, 2);
    EXPECT_EQ(op.cls, SV_OPC_INT);
    EXPECT_EQ(op.alu, SV_ALU_ADD);
    EXPECT_EQ(op.twin, 1);
    EXPECT_EQ(op.b_is_imm, 0);
    EXPECT_EQ(op.imm, 0);
    expect_no_fp(op);
    expect_operands(op, X(rd), none, X(rs2));
}

void upper(uint32_t insn, sv_op_class cls, unsigned rd, int64_t imm,
           unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, cls);
    EXPECT_EQ(op.imm, imm);
    EXPECT_EQ(op.twin, 0);
    EXPECT_EQ(op.b_is_imm, 0);
    expect_no_fp(op);
    expect_operands(op, X(rd), none, none);
}

void jal(uint32_t insn, unsigned rd, int64_t imm, unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_JAL);
    EXPECT_EQ(op.imm, imm);
    expect_no_fp(op);
    expect_operands(op, X(rd), none, none);
}

void jalr(uint32_t insn, unsigned rd, unsigned rs1, int64_t imm,
          unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_JALR);
    EXPECT_EQ(op.imm, imm);
    expect_no_fp(op);
    expect_operands(op, X(rd), X(rs1), none);
}

// funct3: 0 BEQ, 1 BNE, 4 BLT, 5 BGE, 6 BLTU, 7 BGEU (in op.alu).
void branch(uint32_t insn, unsigned funct3, unsigned rs1, unsigned rs2,
            int64_t imm, unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_BRANCH);
    EXPECT_EQ(op.alu, funct3);
    EXPECT_EQ(op.imm, imm);
    EXPECT_EQ(op.twin, 0);
    expect_no_fp(op);
    expect_operands(op, none, X(rs1), X(rs2));
}

void load(uint32_t insn, Opnd rd, unsigned rs1, int64_t imm, unsigned bytes,
          bool is_signed, unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_LOAD);
    EXPECT_EQ(op.twin, 1);
    EXPECT_EQ(op.imm, imm);
    EXPECT_EQ(op.mem_bytes, bytes);
    EXPECT_EQ(op.int_signed, is_signed);
    EXPECT_EQ(op.b_is_imm, 0);
    expect_no_fp(op);
    expect_operands(op, rd, X(rs1), none);
}

void store(uint32_t insn, unsigned rs1, Opnd data, int64_t imm, unsigned bytes,
           unsigned len = 4)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, SV_OPC_STORE);
    EXPECT_EQ(op.twin, 1);
    EXPECT_EQ(op.imm, imm);
    EXPECT_EQ(op.mem_bytes, bytes);
    EXPECT_EQ(op.int_signed, 0);
    expect_no_fp(op);
    expect_operands(op, none, X(rs1), data);
}

void fp(uint32_t insn, sv_fp_op fop, unsigned fmt_bits, unsigned rm,
        unsigned twin, Opnd rd, Opnd rs1, Opnd rs2, Opnd rs3 = none)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, 4);
    EXPECT_EQ(op.cls, SV_OPC_FP);
    EXPECT_EQ(op.fp, fop);
    EXPECT_EQ(op.fmt_bits, fmt_bits);
    EXPECT_EQ(op.rm, rm);
    EXPECT_EQ(op.twin, twin);
    EXPECT_EQ(op.int_signed, 0);
    EXPECT_EQ(op.alu, 0);
    EXPECT_EQ(op.imm, 0);
    EXPECT_EQ(op.mem_bytes, 0);
    expect_operands(op, rd, rs1, rs2, rs3);
}

// FCVT between FP and integer: twin, int_signed for W and L.
void cvt(uint32_t insn, sv_fp_op fop, unsigned fmt_bits, unsigned rm,
         bool is_signed, Opnd rd, Opnd rs1)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, 4);
    EXPECT_EQ(op.cls, SV_OPC_FP);
    EXPECT_EQ(op.fp, fop);
    EXPECT_EQ(op.fmt_bits, fmt_bits);
    EXPECT_EQ(op.rm, rm);
    EXPECT_EQ(op.twin, 1);
    EXPECT_EQ(op.int_signed, is_signed);
    expect_operands(op, rd, rs1, none);
}

// AMOs (not LR/SC): rd x1, rs1 x2 (address), rs2 x3 at the width.
void amo(uint32_t insn, unsigned f5, unsigned bytes)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, 4);
    EXPECT_EQ(op.cls, SV_OPC_AMO);
    EXPECT_EQ(op.alu, f5);
    EXPECT_EQ(op.mem_bytes, bytes);
    EXPECT_EQ(op.int_signed, 1);
    EXPECT_EQ(op.twin, 0);
    EXPECT_EQ(op.imm, 0);
    expect_no_fp(op);
    expect_operands(op, X(1), X(2), X(3, bytes * 8));
}

// SCALAR and CSR carry no operands.
void no_operands(uint32_t insn, sv_op_class cls, unsigned len)
{
    SCOPED_TRACE(hex(insn));
    const sv_op op = decode(insn, len);
    EXPECT_EQ(op.cls, cls);
    EXPECT_EQ(op.twin, 0);
    EXPECT_EQ(op.imm, 0);
    expect_no_fp(op);
    expect_operands(op, none, none, none);
}

void scalar(uint32_t insn, unsigned len)
{
    no_operands(insn, SV_OPC_SCALAR, len);
}

void csr(uint32_t insn)
{
    no_operands(insn, SV_OPC_CSR, 4);
}

// Reserved: false, cls ILLEGAL, everything but len zero.
void illegal(uint32_t insn, unsigned len)
{
    SCOPED_TRACE(hex(insn));
    sv_op op;
    memset(&op, 0xAA, sizeof op);
    EXPECT_FALSE(sv_op_decode(insn, &op));
    EXPECT_EQ(op.cls, SV_OPC_ILLEGAL);
    EXPECT_EQ(op.len, len);
    sv_op zero{};
    zero.len = static_cast<uint8_t>(len);
    EXPECT_TRUE(same(op, zero));
}

} // namespace

// R-type: funct7 | rs2 | rs1 | funct3 | rd | opcode.
TEST(InsnDecode, Op)
{
    // add x1, x6, x12
    // 0000000 01100 00110 000 00001 0110011
    int_rr(0x00c300b3, SV_ALU_ADD, 1, 6, 12, 64);
    // sub x2, x7, x13
    // 0100000 01101 00111 000 00010 0110011
    int_rr(0x40d38133, SV_ALU_SUB, 2, 7, 13, 64);
    // sll x3, x8, x14
    // 0000000 01110 01000 001 00011 0110011
    int_rr(0x00e411b3, SV_ALU_SLL, 3, 8, 14, 64);
    // slt x4, x9, x15
    // 0000000 01111 01001 010 00100 0110011
    int_rr(0x00f4a233, SV_ALU_SLT, 4, 9, 15, 64);
    // sltu x5, x10, x16
    // 0000000 10000 01010 011 00101 0110011
    int_rr(0x010532b3, SV_ALU_SLTU, 5, 10, 16, 64);
    // xor x6, x11, x17
    // 0000000 10001 01011 100 00110 0110011
    int_rr(0x0115c333, SV_ALU_XOR, 6, 11, 17, 64);
    // srl x7, x12, x18
    // 0000000 10010 01100 101 00111 0110011
    int_rr(0x012653b3, SV_ALU_SRL, 7, 12, 18, 64);
    // sra x8, x13, x19
    // 0100000 10011 01101 101 01000 0110011
    int_rr(0x4136d433, SV_ALU_SRA, 8, 13, 19, 64);
    // or x9, x14, x20
    // 0000000 10100 01110 110 01001 0110011
    int_rr(0x014764b3, SV_ALU_OR, 9, 14, 20, 64);
    // and x10, x15, x21
    // 0000000 10101 01111 111 01010 0110011
    int_rr(0x0157f533, SV_ALU_AND, 10, 15, 21, 64);
}

TEST(InsnDecode, M)
{
    // mul x1, x6, x12
    // 0000001 01100 00110 000 00001 0110011
    int_rr(0x02c300b3, SV_ALU_MUL, 1, 6, 12, 64);
    // mulh x2, x7, x13
    // 0000001 01101 00111 001 00010 0110011
    int_rr(0x02d39133, SV_ALU_MULH, 2, 7, 13, 64);
    // mulhsu x3, x8, x14
    // 0000001 01110 01000 010 00011 0110011
    int_rr(0x02e421b3, SV_ALU_MULHSU, 3, 8, 14, 64);
    // mulhu x4, x9, x15
    // 0000001 01111 01001 011 00100 0110011
    int_rr(0x02f4b233, SV_ALU_MULHU, 4, 9, 15, 64);
    // div x5, x10, x16
    // 0000001 10000 01010 100 00101 0110011
    int_rr(0x030542b3, SV_ALU_DIV, 5, 10, 16, 64);
    // divu x6, x11, x17
    // 0000001 10001 01011 101 00110 0110011
    int_rr(0x0315d333, SV_ALU_DIVU, 6, 11, 17, 64);
    // rem x7, x12, x18
    // 0000001 10010 01100 110 00111 0110011
    int_rr(0x032663b3, SV_ALU_REM, 7, 12, 18, 64);
    // remu x8, x13, x19
    // 0000001 10011 01101 111 01000 0110011
    int_rr(0x0336f433, SV_ALU_REMU, 8, 13, 19, 64);
}

// The sources of *W ops are 32 bits wide; rd stays 64.
TEST(InsnDecode, Op32)
{
    // addw x1, x6, x12
    // 0000000 01100 00110 000 00001 0111011
    int_rr(0x00c300bb, SV_ALU_ADDW, 1, 6, 12, 32);
    // subw x2, x7, x13
    // 0100000 01101 00111 000 00010 0111011
    int_rr(0x40d3813b, SV_ALU_SUBW, 2, 7, 13, 32);
    // sllw x3, x8, x14
    // 0000000 01110 01000 001 00011 0111011
    int_rr(0x00e411bb, SV_ALU_SLLW, 3, 8, 14, 32);
    // srlw x4, x9, x15
    // 0000000 01111 01001 101 00100 0111011
    int_rr(0x00f4d23b, SV_ALU_SRLW, 4, 9, 15, 32);
    // sraw x5, x10, x16
    // 0100000 10000 01010 101 00101 0111011
    int_rr(0x410552bb, SV_ALU_SRAW, 5, 10, 16, 32);
    // mulw x6, x11, x17
    // 0000001 10001 01011 000 00110 0111011
    int_rr(0x0315833b, SV_ALU_MULW, 6, 11, 17, 32);
    // divw x7, x12, x18
    // 0000001 10010 01100 100 00111 0111011
    int_rr(0x032643bb, SV_ALU_DIVW, 7, 12, 18, 32);
    // divuw x8, x13, x19
    // 0000001 10011 01101 101 01000 0111011
    int_rr(0x0336d43b, SV_ALU_DIVUW, 8, 13, 19, 32);
    // remw x9, x14, x20
    // 0000001 10100 01110 110 01001 0111011
    int_rr(0x034764bb, SV_ALU_REMW, 9, 14, 20, 32);
    // remuw x10, x15, x21
    // 0000001 10101 01111 111 01010 0111011
    int_rr(0x0357f53b, SV_ALU_REMUW, 10, 15, 21, 32);
}

// I-type: imm[11:0] | rs1 | funct3 | rd | opcode; RV64 shifts:
// funct6 | shamt[5:0] | rs1 | funct3 | rd | opcode.  imm = shamt.
TEST(InsnDecode, OpImm)
{
    // addi x5, x6, -1
    // 111111111111 00110 000 00101 0010011
    int_ri(0xfff30293, SV_ALU_ADD, 5, 6, -1, 64);
    // addi x0, x0, 0
    // nop: an ordinary ADDI
    // 000000000000 00000 000 00000 0010011
    int_ri(0x00000013, SV_ALU_ADD, 0, 0, 0, 64);
    // slti x7, x8, -2048
    // 100000000000 01000 010 00111 0010011
    int_ri(0x80042393, SV_ALU_SLT, 7, 8, -2048, 64);
    // sltiu x9, x10, 2047
    // 011111111111 01010 011 01001 0010011
    int_ri(0x7ff53493, SV_ALU_SLTU, 9, 10, 2047, 64);
    // sltiu x9, x10, -1
    // imm sign-extended even for SLTIU
    // 111111111111 01010 011 01001 0010011
    int_ri(0xfff53493, SV_ALU_SLTU, 9, 10, -1, 64);
    // xori x11, x12, 0x555
    // 010101010101 01100 100 01011 0010011
    int_ri(0x55564593, SV_ALU_XOR, 11, 12, 0x555, 64);
    // ori x13, x14, -16
    // 111111110000 01110 110 01101 0010011
    int_ri(0xff076693, SV_ALU_OR, 13, 14, -16, 64);
    // andi x15, x16, 0xff
    // 000011111111 10000 111 01111 0010011
    int_ri(0x0ff87793, SV_ALU_AND, 15, 16, 0xff, 64);
    // slli x17, x18, 63
    // 000000 111111 10010 001 10001 0010011
    int_ri(0x03f91893, SV_ALU_SLL, 17, 18, 63, 64);
    // srli x19, x20, 33
    // 000000 100001 10100 101 10011 0010011
    int_ri(0x021a5993, SV_ALU_SRL, 19, 20, 33, 64);
    // srai x21, x22, 63
    // 010000 111111 10110 101 10101 0010011
    int_ri(0x43fb5a93, SV_ALU_SRA, 21, 22, 63, 64);
    // srai x21, x22, 0
    // 010000 000000 10110 101 10101 0010011
    int_ri(0x400b5a93, SV_ALU_SRA, 21, 22, 0, 64);
}

// *W shifts: funct7 | shamt[4:0] | rs1 | funct3 | rd | opcode.
TEST(InsnDecode, OpImm32)
{
    // addiw x5, x6, -5
    // 111111111011 00110 000 00101 0011011
    int_ri(0xffb3029b, SV_ALU_ADDW, 5, 6, -5, 32);
    // addiw x5, x6, 2047
    // 011111111111 00110 000 00101 0011011
    int_ri(0x7ff3029b, SV_ALU_ADDW, 5, 6, 2047, 32);
    // slliw x7, x8, 31
    // 0000000 11111 01000 001 00111 0011011
    int_ri(0x01f4139b, SV_ALU_SLLW, 7, 8, 31, 32);
    // srliw x9, x10, 1
    // 0000000 00001 01010 101 01001 0011011
    int_ri(0x0015549b, SV_ALU_SRLW, 9, 10, 1, 32);
    // sraiw x11, x12, 17
    // 0100000 10001 01100 101 01011 0011011
    int_ri(0x4116559b, SV_ALU_SRAW, 11, 12, 17, 32);
}

// U-type: imm[31:12] | rd | opcode; imm is the value imm << 12,
// sign-extended from bit 31.
TEST(InsnDecode, LuiAuipc)
{
    // lui x7, 0x80000
    // 0x80000 << 12 sign-extends
    // 10000000000000000000 00111 0110111
    upper(0x800003b7, SV_OPC_LUI, 7, -0x80000000ll);
    // lui x7, 0x12345
    // 00010010001101000101 00111 0110111
    upper(0x123453b7, SV_OPC_LUI, 7, 0x12345000);
    // lui x31, 0xfffff
    // 11111111111111111111 11111 0110111
    upper(0xffffffb7, SV_OPC_LUI, 31, -4096);
    // auipc x8, 0xfffff
    // 11111111111111111111 01000 0010111
    upper(0xfffff417, SV_OPC_AUIPC, 8, -4096);
    // auipc x9, 0x7ffff
    // 01111111111111111111 01001 0010111
    upper(0x7ffff497, SV_OPC_AUIPC, 9, 0x7ffff000);
}

// J-type: imm[20] | imm[10:1] | imm[11] | imm[19:12] | rd | opcode.
TEST(InsnDecode, JalJalr)
{
    // jal x1, -4
    // 1 1111111110 1 11111111 00001 1101111
    jal(0xffdff0ef, 1, -4);
    // jal x0, 0x7fffe
    // 0 1111111111 1 01111111 00000 1101111
    jal(0x7ff7f06f, 0, 0x7fffe);
    // jal x5, -0x100000
    // 1 0000000000 0 00000000 00101 1101111
    jal(0x800002ef, 5, -0x100000);
    // jalr x1, -8(x5)
    // 111111111000 00101 000 00001 1100111
    jalr(0xff8280e7, 1, 5, -8);
    // jalr x0, 2047(x31)
    // 011111111111 11111 000 00000 1100111
    jalr(0x7fff8067, 0, 31, 2047);
}

// B-type: imm[12] | imm[10:5] | rs2 | rs1 | funct3 | imm[4:1] | imm[11] |
// opcode.
TEST(InsnDecode, Branch)
{
    // beq x1, x2, -4096
    // 1 000000 00010 00001 000 0000 0 1100011
    branch(0x80208063, 0, 1, 2, -4096);
    // bne x3, x4, 4094
    // 0 111111 00100 00011 001 1111 1 1100011
    branch(0x7e419fe3, 1, 3, 4, 4094);
    // blt x5, x6, 8
    // 0 000000 00110 00101 100 0100 0 1100011
    branch(0x0062c463, 4, 5, 6, 8);
    // bge x7, x8, -2
    // 1 111111 01000 00111 101 1111 1 1100011
    branch(0xfe83dfe3, 5, 7, 8, -2);
    // bltu x9, x10, 16
    // 0 000000 01010 01001 110 1000 0 1100011
    branch(0x00a4e863, 6, 9, 10, 16);
    // bgeu x11, x12, 2048
    // 0 000000 01100 01011 111 0000 1 1100011
    branch(0x00c5f0e3, 7, 11, 12, 2048);
}

TEST(InsnDecode, Load)
{
    // lb x1, -1(x2)
    // 111111111111 00010 000 00001 0000011
    load(0xfff10083, X(1), 2, -1, 1, true);
    // lh x3, 2(x4)
    // 000000000010 00100 001 00011 0000011
    load(0x00221183, X(3), 4, 2, 2, true);
    // lw x5, 4(x6)
    // 000000000100 00110 010 00101 0000011
    load(0x00432283, X(5), 6, 4, 4, true);
    // ld x7, 8(x8)
    // 000000001000 01000 011 00111 0000011
    load(0x00843383, X(7), 8, 8, 8, true);
    // lbu x9, 2047(x10)
    // 011111111111 01010 100 01001 0000011
    load(0x7ff54483, X(9), 10, 2047, 1, false);
    // lhu x11, -2048(x12)
    // 100000000000 01100 101 01011 0000011
    load(0x80065583, X(11), 12, -2048, 2, false);
    // lwu x13, 0(x14)
    // 000000000000 01110 110 01101 0000011
    load(0x00076683, X(13), 14, 0, 4, false);
    // flw f1, 12(x2)
    // 000000001100 00010 010 00001 0000111
    load(0x00c12087, F(1, 32), 2, 12, 4, false);
    // fld f31, -12(x30)
    // 111111110100 11110 011 11111 0000111
    load(0xff4f3f87, F(31, 64), 30, -12, 8, false);
}

// S-type: imm[11:5] | rs2 | rs1 | funct3 | imm[4:0] | opcode.
TEST(InsnDecode, Store)
{
    // sb x3, -1(x4)
    // 1111111 00011 00100 000 11111 0100011
    store(0xfe320fa3, 4, X(3), -1, 1);
    // sh x5, 2(x6)
    // 0000000 00101 00110 001 00010 0100011
    store(0x00531123, 6, X(5), 2, 2);
    // sw x7, 2047(x8)
    // 0111111 00111 01000 010 11111 0100011
    store(0x7e742fa3, 8, X(7), 2047, 4);
    // sd x9, -2048(x10)
    // 1000000 01001 01010 011 00000 0100011
    store(0x80953023, 10, X(9), -2048, 8);
    // fsw f3, 4(x4)
    // 0000000 00011 00100 010 00100 0100111
    store(0x00322227, 4, F(3, 32), 4, 4);
    // fsd f30, 8(x29)
    // 0000000 11110 11101 011 01000 0100111
    store(0x01eeb427, 29, F(30, 64), 8, 8);
}

// OP-FP: funct5 | fmt | rs2 | rs1 | rm | rd | opcode.  Ops without an rm
// field (SGNJ, MIN/MAX, compares, FCLASS, FMV) report rm 7.
TEST(InsnDecode, FpArith)
{
    // fadd.s f1, f2, f3, rne
    // 0000000 00011 00010 000 00001 1010011
    fp(0x003100d3, SV_FP_ADD, 32, 0, 0, F(1, 32), F(2, 32), F(3, 32));
    // fsub.s f1, f2, f3, rtz
    // 0000100 00011 00010 001 00001 1010011
    fp(0x083110d3, SV_FP_SUB, 32, 1, 0, F(1, 32), F(2, 32), F(3, 32));
    // fmul.s f1, f2, f3, rdn
    // 0001000 00011 00010 010 00001 1010011
    fp(0x103120d3, SV_FP_MUL, 32, 2, 0, F(1, 32), F(2, 32), F(3, 32));
    // fdiv.s f1, f2, f3, rup
    // 0001100 00011 00010 011 00001 1010011
    fp(0x183130d3, SV_FP_DIV, 32, 3, 0, F(1, 32), F(2, 32), F(3, 32));
    // fadd.d f1, f2, f3, rmm
    // 0000001 00011 00010 100 00001 1010011
    fp(0x023140d3, SV_FP_ADD, 64, 4, 0, F(1, 64), F(2, 64), F(3, 64));
    // fsub.d f1, f2, f3, dyn
    // 0000101 00011 00010 111 00001 1010011
    fp(0x0a3170d3, SV_FP_SUB, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
    // fmul.d f1, f2, f3, rne
    // 0001001 00011 00010 000 00001 1010011
    fp(0x123100d3, SV_FP_MUL, 64, 0, 0, F(1, 64), F(2, 64), F(3, 64));
    // fdiv.d f1, f2, f3, dyn
    // 0001101 00011 00010 111 00001 1010011
    fp(0x1a3170d3, SV_FP_DIV, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
    // fsqrt.s f4, f5, rtz
    // 0101100 00000 00101 001 00100 1010011
    fp(0x58029253, SV_FP_SQRT, 32, 1, 0, F(4, 32), F(5, 32), none);
    // fsqrt.d f6, f7
    // 0101101 00000 00111 111 00110 1010011
    fp(0x5a03f353, SV_FP_SQRT, 64, 7, 0, F(6, 64), F(7, 64), none);
    // fmin.s f1, f2, f3
    // 0010100 00011 00010 000 00001 1010011
    fp(0x283100d3, SV_FP_MIN, 32, 7, 0, F(1, 32), F(2, 32), F(3, 32));
    // fmax.s f1, f2, f3
    // 0010100 00011 00010 001 00001 1010011
    fp(0x283110d3, SV_FP_MAX, 32, 7, 0, F(1, 32), F(2, 32), F(3, 32));
    // fmin.d f1, f2, f3
    // 0010101 00011 00010 000 00001 1010011
    fp(0x2a3100d3, SV_FP_MIN, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
    // fmax.d f1, f2, f3
    // 0010101 00011 00010 001 00001 1010011
    fp(0x2a3110d3, SV_FP_MAX, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
}

// R4: rs3 | fmt | rs2 | rs1 | rm | rd | opcode.
TEST(InsnDecode, FpFma)
{
    // fmadd.s f1, f2, f3, f4, rne
    // 00100 00 00011 00010 000 00001 1000011
    fp(0x203100c3, SV_FP_MADD, 32, 0, 0, F(1, 32), F(2, 32), F(3, 32),
       F(4, 32));
    // fmsub.s f1, f2, f3, f4, rtz
    // 00100 00 00011 00010 001 00001 1000111
    fp(0x203110c7, SV_FP_MSUB, 32, 1, 0, F(1, 32), F(2, 32), F(3, 32),
       F(4, 32));
    // fnmsub.s f1, f2, f3, f4, dyn
    // 00100 00 00011 00010 111 00001 1001011
    fp(0x203170cb, SV_FP_NMSUB, 32, 7, 0, F(1, 32), F(2, 32), F(3, 32),
       F(4, 32));
    // fnmadd.s f1, f2, f3, f4, rmm
    // 00100 00 00011 00010 100 00001 1001111
    fp(0x203140cf, SV_FP_NMADD, 32, 4, 0, F(1, 32), F(2, 32), F(3, 32),
       F(4, 32));
    // fmadd.d f1, f2, f3, f4, dyn
    // 00100 01 00011 00010 111 00001 1000011
    fp(0x223170c3, SV_FP_MADD, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64),
       F(4, 64));
    // fmsub.d f1, f2, f3, f4, rup
    // 00100 01 00011 00010 011 00001 1000111
    fp(0x223130c7, SV_FP_MSUB, 64, 3, 0, F(1, 64), F(2, 64), F(3, 64),
       F(4, 64));
    // fnmsub.d f1, f2, f3, f4, rdn
    // 00100 01 00011 00010 010 00001 1001011
    fp(0x223120cb, SV_FP_NMSUB, 64, 2, 0, F(1, 64), F(2, 64), F(3, 64),
       F(4, 64));
    // fnmadd.d f1, f2, f3, f4, dyn
    // 00100 01 00011 00010 111 00001 1001111
    fp(0x223170cf, SV_FP_NMADD, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64),
       F(4, 64));
}

// Twin only when rs1 == rs2 (FMV, FNEG, FABS).
TEST(InsnDecode, FpSgnj)
{
    // fsgnj.s f1, f2, f3
    // 0010000 00011 00010 000 00001 1010011
    fp(0x203100d3, SV_FP_SGNJ, 32, 7, 0, F(1, 32), F(2, 32), F(3, 32));
    // fsgnjn.s f1, f2, f3
    // 0010000 00011 00010 001 00001 1010011
    fp(0x203110d3, SV_FP_SGNJN, 32, 7, 0, F(1, 32), F(2, 32), F(3, 32));
    // fsgnjx.s f1, f2, f3
    // 0010000 00011 00010 010 00001 1010011
    fp(0x203120d3, SV_FP_SGNJX, 32, 7, 0, F(1, 32), F(2, 32), F(3, 32));
    // fsgnj.d f1, f2, f3
    // 0010001 00011 00010 000 00001 1010011
    fp(0x223100d3, SV_FP_SGNJ, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
    // fsgnjn.d f1, f2, f3
    // 0010001 00011 00010 001 00001 1010011
    fp(0x223110d3, SV_FP_SGNJN, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
    // fsgnjx.d f1, f2, f3
    // 0010001 00011 00010 010 00001 1010011
    fp(0x223120d3, SV_FP_SGNJX, 64, 7, 0, F(1, 64), F(2, 64), F(3, 64));
    // fsgnj.s f4, f5, f5
    // fmv.s f4, f5: twin
    // 0010000 00101 00101 000 00100 1010011
    fp(0x20528253, SV_FP_SGNJ, 32, 7, 1, F(4, 32), F(5, 32), F(5, 32));
    // fsgnjn.d f6, f7, f7
    // fneg.d f6, f7: twin
    // 0010001 00111 00111 001 00110 1010011
    fp(0x22739353, SV_FP_SGNJN, 64, 7, 1, F(6, 64), F(7, 64), F(7, 64));
    // fsgnjx.d f8, f9, f9
    // fabs.d f8, f9: twin
    // 0010001 01001 01001 010 01000 1010011
    fp(0x2294a453, SV_FP_SGNJX, 64, 7, 1, F(8, 64), F(9, 64), F(9, 64));
}

// rs2 selects the other side: S/D for FCVT.S.D/FCVT.D.S, W WU L LU for
// the integer forms.  fmt_bits is the FP side's format.
TEST(InsnDecode, FpCvt)
{
    // fcvt.s.d f1, f2, rtz
    // 0100000 00001 00010 001 00001 1010011
    fp(0x401110d3, SV_FP_CVT_F_F, 32, 1, 1, F(1, 32), F(2, 64), none);
    // fcvt.d.s f3, f4
    // llvm-mc writes rm 0 (exact)
    // 0100001 00000 00100 000 00011 1010011
    fp(0x420201d3, SV_FP_CVT_F_F, 64, 0, 1, F(3, 64), F(4, 32), none);
    // fcvt.w.s x1, f2, rtz
    // 1100000 00000 00010 001 00001 1010011
    cvt(0xc00110d3, SV_FP_CVT_I_F, 32, 1, true, X(1, 32), F(2, 32));
    // fcvt.wu.s x1, f2, dyn
    // 1100000 00001 00010 111 00001 1010011
    cvt(0xc01170d3, SV_FP_CVT_I_F, 32, 7, false, X(1, 32), F(2, 32));
    // fcvt.l.s x1, f2, rne
    // 1100000 00010 00010 000 00001 1010011
    cvt(0xc02100d3, SV_FP_CVT_I_F, 32, 0, true, X(1, 64), F(2, 32));
    // fcvt.lu.s x1, f2, rup
    // 1100000 00011 00010 011 00001 1010011
    cvt(0xc03130d3, SV_FP_CVT_I_F, 32, 3, false, X(1, 64), F(2, 32));
    // fcvt.w.d x3, f4, rdn
    // 1100001 00000 00100 010 00011 1010011
    cvt(0xc20221d3, SV_FP_CVT_I_F, 64, 2, true, X(3, 32), F(4, 64));
    // fcvt.wu.d x3, f4, rmm
    // 1100001 00001 00100 100 00011 1010011
    cvt(0xc21241d3, SV_FP_CVT_I_F, 64, 4, false, X(3, 32), F(4, 64));
    // fcvt.l.d x3, f4, dyn
    // 1100001 00010 00100 111 00011 1010011
    cvt(0xc22271d3, SV_FP_CVT_I_F, 64, 7, true, X(3, 64), F(4, 64));
    // fcvt.lu.d x3, f4, rtz
    // 1100001 00011 00100 001 00011 1010011
    cvt(0xc23211d3, SV_FP_CVT_I_F, 64, 1, false, X(3, 64), F(4, 64));
    // fcvt.s.w f5, x6, dyn
    // 1101000 00000 00110 111 00101 1010011
    cvt(0xd00372d3, SV_FP_CVT_F_I, 32, 7, true, F(5, 32), X(6, 32));
    // fcvt.s.wu f5, x6, rne
    // 1101000 00001 00110 000 00101 1010011
    cvt(0xd01302d3, SV_FP_CVT_F_I, 32, 0, false, F(5, 32), X(6, 32));
    // fcvt.s.l f5, x6, rtz
    // 1101000 00010 00110 001 00101 1010011
    cvt(0xd02312d3, SV_FP_CVT_F_I, 32, 1, true, F(5, 32), X(6, 64));
    // fcvt.s.lu f5, x6, rdn
    // 1101000 00011 00110 010 00101 1010011
    cvt(0xd03322d3, SV_FP_CVT_F_I, 32, 2, false, F(5, 32), X(6, 64));
    // fcvt.d.w f7, x8
    // 1101001 00000 01000 000 00111 1010011
    cvt(0xd20403d3, SV_FP_CVT_F_I, 64, 0, true, F(7, 64), X(8, 32));
    // fcvt.d.wu f7, x8
    // 1101001 00001 01000 000 00111 1010011
    cvt(0xd21403d3, SV_FP_CVT_F_I, 64, 0, false, F(7, 64), X(8, 32));
    // fcvt.d.l f7, x8, rup
    // 1101001 00010 01000 011 00111 1010011
    cvt(0xd22433d3, SV_FP_CVT_F_I, 64, 3, true, F(7, 64), X(8, 64));
    // fcvt.d.lu f7, x8, dyn
    // 1101001 00011 01000 111 00111 1010011
    cvt(0xd23473d3, SV_FP_CVT_F_I, 64, 7, false, F(7, 64), X(8, 64));
}

// FMV.X.W / FMV.W.X: the integer side is 32 bits (svcore.h, sv_operand).
TEST(InsnDecode, FpMv)
{
    // fmv.x.w x1, f2
    // 1110000 00000 00010 000 00001 1010011
    fp(0xe00100d3, SV_FP_MV_X_F, 32, 7, 1, X(1, 32), F(2, 32), none);
    // fmv.w.x f3, x4
    // 1111000 00000 00100 000 00011 1010011
    fp(0xf00201d3, SV_FP_MV_F_X, 32, 7, 1, F(3, 32), X(4, 32), none);
    // fmv.x.d x5, f6
    // 1110001 00000 00110 000 00101 1010011
    fp(0xe20302d3, SV_FP_MV_X_F, 64, 7, 1, X(5, 64), F(6, 64), none);
    // fmv.d.x f7, x8
    // 1111001 00000 01000 000 00111 1010011
    fp(0xf20403d3, SV_FP_MV_F_X, 64, 7, 1, F(7, 64), X(8, 64), none);
}

// Compares and FCLASS write an integer rd; FCLASS is twin.
TEST(InsnDecode, FpCompareClass)
{
    // feq.s x1, f2, f3
    // 1010000 00011 00010 010 00001 1010011
    fp(0xa03120d3, SV_FP_EQ, 32, 7, 0, X(1), F(2, 32), F(3, 32));
    // flt.s x1, f2, f3
    // 1010000 00011 00010 001 00001 1010011
    fp(0xa03110d3, SV_FP_LT, 32, 7, 0, X(1), F(2, 32), F(3, 32));
    // fle.s x1, f2, f3
    // 1010000 00011 00010 000 00001 1010011
    fp(0xa03100d3, SV_FP_LE, 32, 7, 0, X(1), F(2, 32), F(3, 32));
    // feq.d x4, f5, f6
    // 1010001 00110 00101 010 00100 1010011
    fp(0xa262a253, SV_FP_EQ, 64, 7, 0, X(4), F(5, 64), F(6, 64));
    // flt.d x4, f5, f6
    // 1010001 00110 00101 001 00100 1010011
    fp(0xa2629253, SV_FP_LT, 64, 7, 0, X(4), F(5, 64), F(6, 64));
    // fle.d x4, f5, f6
    // 1010001 00110 00101 000 00100 1010011
    fp(0xa2628253, SV_FP_LE, 64, 7, 0, X(4), F(5, 64), F(6, 64));
    // fclass.s x7, f8
    // 1110000 00000 01000 001 00111 1010011
    fp(0xe00413d3, SV_FP_CLASS, 32, 7, 1, X(7), F(8, 32), none);
    // fclass.d x9, f10
    // 1110001 00000 01010 001 01001 1010011
    fp(0xe20514d3, SV_FP_CLASS, 64, 7, 1, X(9), F(10, 64), none);
}

// I-type with csr in imm[11:0] and rs1 or uimm in rs1.
TEST(InsnDecode, Csr)
{
    // csrrw x1, 0x800, x2
    // csrrw x1, mvl, x2
    // 100000000000 00010 001 00001 1110011
    csr(0x800110f3);
    // csrrs x3, fflags, x0
    // 000000000001 00000 010 00011 1110011
    csr(0x001021f3);
    // csrrc x0, 0x801, x4
    // 100000000001 00100 011 00000 1110011
    csr(0x80123073);
    // csrrwi x5, 0x802, 3
    // 100000000010 00011 101 00101 1110011
    csr(0x8021d2f3);
    // csrrsi x6, 0x803, 31
    // 100000000011 11111 110 00110 1110011
    csr(0x803fe373);
    // csrrci x7, mstatus, 1
    // 001100000000 00001 111 00111 1110011
    csr(0x3000f3f3);
}

TEST(InsnDecode, Scalar)
{
    // fence rw, rw
    // 000000110011 00000 000 00000 0001111
    scalar(0x0330000f, 4);
    // fence.i
    // 000000000000 00000 001 00000 0001111
    scalar(0x0000100f, 4);
    // ecall
    // 000000000000 00000 000 00000 1110011
    scalar(0x00000073, 4);
    // ebreak
    // 000000000001 00000 000 00000 1110011
    scalar(0x00100073, 4);
    // sret
    // 000100000010 00000 000 00000 1110011
    scalar(0x10200073, 4);
    // mret
    // 001100000010 00000 000 00000 1110011
    scalar(0x30200073, 4);
    // wfi
    // 000100000101 00000 000 00000 1110011
    scalar(0x10500073, 4);
    // sfence.vma x1, x2
    // 0001001 00010 00001 000 00000 1110011
    scalar(0x12208073, 4);
    // lr.w x1, (x2)
    // 0001000 00000 00010 010 00001 0101111
    scalar(0x100120af, 4);
    // lr.d.aqrl x1, (x2)
    // 0001011 00000 00010 011 00001 0101111
    scalar(0x160130af, 4);
    // sc.w x1, x3, (x2)
    // 0001100 00011 00010 010 00001 0101111
    scalar(0x183120af, 4);
    // sc.d x1, x3, (x2)
    // 0001100 00011 00010 011 00001 0101111
    scalar(0x183130af, 4);
}

// §5.2 "including AMOs": rd, rs1 the address, rs2 at the access width.
// AMO: funct5 | aq | rl | rs2 | rs1 | funct3 | rd | opcode.
TEST(InsnDecode, Amo)
{
    // amoswap.w x1, x3, (x2)
    // 0000100 00011 00010 010 00001 0101111
    amo(0x083120af, 0x01, 4);
    // amoadd.d x1, x3, (x2)
    // 0000000 00011 00010 011 00001 0101111
    amo(0x003130af, 0x00, 8);
    // amoxor.w x1, x3, (x2)
    // 0010000 00011 00010 010 00001 0101111
    amo(0x203120af, 0x04, 4);
    // amoand.d x1, x3, (x2)
    // 0110000 00011 00010 011 00001 0101111
    amo(0x603130af, 0x0C, 8);
    // amoor.w x1, x3, (x2)
    // 0100000 00011 00010 010 00001 0101111
    amo(0x403120af, 0x08, 4);
    // amomin.d x1, x3, (x2)
    // 1000000 00011 00010 011 00001 0101111
    amo(0x803130af, 0x10, 8);
    // amomax.w x1, x3, (x2)
    // 1010000 00011 00010 010 00001 0101111
    amo(0xa03120af, 0x14, 4);
    // amominu.d x1, x3, (x2)
    // 1100000 00011 00010 011 00001 0101111
    amo(0xc03130af, 0x18, 8);
    // amomaxu.w.aq x1, x3, (x2)
    // 1110010 00011 00010 010 00001 0101111
    amo(0xe43120af, 0x1C, 4);
}

TEST(InsnDecode, Illegal32)
{
    // all ones (a 48+-bit length pattern)
    // 1111111 11111 11111 111 11111 1111111
    illegal(0xffffffff, 4);
    // 48-bit length: bits 4:2 = 111
    // 0000000 00000 00000 000 00000 0011111
    illegal(0x0000001f, 4);
    // LOAD funct3 7: rd x1, rs1 x2
    // 0000000 00000 00010 111 00001 0000011
    illegal(0x00017083, 4);
    // FLH (LOAD-FP funct3 1): no Zfh
    // 0000000 00000 00010 001 00001 0000111
    illegal(0x00011087, 4);
    // FLQ (LOAD-FP funct3 4)
    // 0000000 00000 00010 100 00001 0000111
    illegal(0x00014087, 4);
    // STORE funct3 4
    // 0000000 00001 00010 100 00000 0100011
    illegal(0x00114023, 4);
    // FSQ (STORE-FP funct3 4)
    // 0000000 00001 00010 100 00000 0100111
    illegal(0x00114027, 4);
    // SLLI with funct6 010000
    // 010000 000001 00010 001 00001 0010011
    illegal(0x40111093, 4);
    // SRLI with funct6 000001
    // 000001 000001 00010 101 00001 0010011
    illegal(0x04115093, 4);
    // SLLIW shamt 33 (bit 25 set)
    // 0000001 00001 00010 001 00001 0011011
    illegal(0x0211109b, 4);
    // SRAIW shamt 33
    // 0100001 00001 00010 101 00001 0011011
    illegal(0x4211509b, 4);
    // OP-IMM-32 funct3 2
    // 000000000000 00010 010 00001 0011011
    illegal(0x0001209b, 4);
    // OP funct7 0x20 funct3 1
    // 0100000 00011 00010 001 00001 0110011
    illegal(0x403110b3, 4);
    // OP funct7 0x02
    // 0000010 00011 00010 000 00001 0110011
    illegal(0x043100b3, 4);
    // OP-32 funct3 2
    // 0000000 00011 00010 010 00001 0111011
    illegal(0x003120bb, 4);
    // OP-32 M funct3 1 (no MULHW)
    // 0000001 00011 00010 001 00001 0111011
    illegal(0x023110bb, 4);
    // OP-32 funct7 0x20 funct3 1
    // 0100000 00011 00010 001 00001 0111011
    illegal(0x403110bb, 4);
    // BRANCH funct3 2
    // 0 000000 00010 00001 010 0000 0 1100011
    illegal(0x0020a063, 4);
    // BRANCH funct3 3
    // 0 000000 00010 00001 011 0000 0 1100011
    illegal(0x0020b063, 4);
    // JALR funct3 1
    // 000000000000 00010 001 00001 1100111
    illegal(0x000110e7, 4);
    // MISC-MEM funct3 2
    // 000000000000 00000 010 00000 0001111
    illegal(0x0000200f, 4);
    // SYSTEM funct3 4
    // 000000000000 00000 100 00000 1110011
    illegal(0x00004073, 4);
    // SYSTEM funct3 0, imm 2 (URET: no N)
    // 000000000010 00000 000 00000 1110011
    illegal(0x00200073, 4);
    // SFENCE.VMA with rd != 0
    // 0001001 00010 00001 000 00001 1110011
    illegal(0x122080f3, 4);
    // LR.W with rs2 != 0
    // 0001000 00011 00010 010 00001 0101111
    illegal(0x103120af, 4);
    // AMO funct5 00101
    // 0010100 00011 00010 010 00001 0101111
    illegal(0x283120af, 4);
    // AMO funct3 1
    // 0000000 00011 00010 001 00001 0101111
    illegal(0x003110af, 4);
    // FADD.S rm 5
    // 0000000 00011 00010 101 00001 1010011
    illegal(0x003150d3, 4);
    // FADD.D rm 6
    // 0000001 00011 00010 110 00001 1010011
    illegal(0x023160d3, 4);
    // FADD.H (fmt 2): no Zfh
    // 0000010 00011 00010 000 00001 1010011
    illegal(0x043100d3, 4);
    // FADD.Q (fmt 3): no Q
    // 0000011 00011 00010 000 00001 1010011
    illegal(0x063100d3, 4);
    // FMADD.H (fmt 2)
    // 00100 10 00011 00010 000 00001 1000011
    illegal(0x243100c3, 4);
    // FMADD.S rm 5
    // 00100 00 00011 00010 101 00001 1000011
    illegal(0x203150c3, 4);
    // FSQRT.S with rs2 != 0
    // 0101100 00001 00010 000 00001 1010011
    illegal(0x581100d3, 4);
    // FSGNJ funct3 3
    // 0010000 00011 00010 011 00001 1010011
    illegal(0x203130d3, 4);
    // FMIN/FMAX funct3 2
    // 0010100 00011 00010 010 00001 1010011
    illegal(0x283120d3, 4);
    // FCVT.S.S (same fmt)
    // 0100000 00000 00010 000 00001 1010011
    illegal(0x400100d3, 4);
    // FCVT.S.H (source fmt 2)
    // 0100000 00010 00010 000 00001 1010011
    illegal(0x402100d3, 4);
    // FCVT.S.D rm 5
    // 0100000 00001 00010 101 00001 1010011
    illegal(0x401150d3, 4);
    // FCMP funct3 3
    // 1010000 00011 00010 011 00001 1010011
    illegal(0xa03130d3, 4);
    // FCVT.int.S with rs2 4
    // 1100000 00100 00010 000 00001 1010011
    illegal(0xc04100d3, 4);
    // FCVT.S.W rm 6
    // 1101000 00000 00010 110 00001 1010011
    illegal(0xd00160d3, 4);
    // FMV.X.W with rs2 != 0
    // 1110000 00001 00010 000 00001 1010011
    illegal(0xe01100d3, 4);
    // FMV.X.W/FCLASS funct3 2
    // 1110000 00000 00010 010 00001 1010011
    illegal(0xe00120d3, 4);
    // FMV.W.X funct3 1
    // 1111000 00000 00010 001 00001 1010011
    illegal(0xf00110d3, 4);
    // OP-FP funct5 00110
    // 0011000 00011 00010 000 00001 1010011
    illegal(0x303100d3, 4);
    // OP-V (no V)
    // 0000000 00000 00000 111 00001 1010111
    illegal(0x000070d7, 4);
    // custom-0
    // 0000000 00000 00000 000 00000 0001011
    illegal(0x0000000b, 4);
}

// CIW: funct3 | nzuimm[5:4|9:6|2|3] | rd' | op.
// CL/CS: funct3 | imm | rs1' | imm | rd'/rs2' | op; D forms uimm[5:3] |
// uimm[7:6], W forms uimm[5:3] | uimm[2|6].
TEST(InsnDecode, RvcQuadrant0)
{
    // c.addi4spn x8, x2, 4
    // 000 00000010 000 00
    int_ri(0x0040, SV_ALU_ADD, 8, 2, 4, 64, 2);
    // c.addi4spn x15, x2, 1020
    // 000 11111111 111 00
    int_ri(0x1ffc, SV_ALU_ADD, 15, 2, 1020, 64, 2);
    // c.fld f8, 248(x15)
    // 001 111 111 11 000 00
    load(0x3fe0, F(8, 64), 15, 248, 8, false, 2);
    // c.lw x9, 124(x10)
    // 010 111 010 11 001 00
    load(0x5d64, X(9), 10, 124, 4, true, 2);
    // c.ld x11, 248(x12)
    // C.FLW on RV32
    // 011 111 100 11 011 00
    load(0x7e6c, X(11), 12, 248, 8, true, 2);
    // c.fsd f13, 8(x14)
    // 101 001 110 00 101 00
    store(0xa714, 14, F(13, 64), 8, 8, 2);
    // c.sw x15, 64(x8)
    // 110 000 000 01 111 00
    store(0xc03c, 8, X(15), 64, 4, 2);
    // c.sd x8, 128(x9)
    // C.FSW on RV32
    // 111 000 001 10 000 00
    store(0xe0c0, 9, X(8), 128, 8, 2);
}

// CI: funct3 | imm[5] | rd | imm[4:0] | op (C.ADDI16SP: nzimm[9] |
// nzimm[4|6|8:7|5]; C.LUI: nzimm[17] | nzimm[16:12]).
// CB shifts/ANDI: funct3 | imm[5] | funct2 | rd' | imm[4:0] | op.
// CA: funct6 | rd' | funct2 | rs2' | op.
// CJ: funct3 | offset[11|4|9:8|10|6|7|3:1|5] | op.
// CB: funct3 | offset[8|4:3] | rs1' | offset[7:6|2:1|5] | op.
TEST(InsnDecode, RvcQuadrant1)
{
    // c.nop
    // 000 0 00000 00000 01
    scalar(0x0001, 2);
    // c.addi x5, -32
    // 000 1 00101 00000 01
    int_ri(0x1281, SV_ALU_ADD, 5, 5, -32, 64, 2);
    // c.addi x5, 31
    // 000 0 00101 11111 01
    int_ri(0x02fd, SV_ALU_ADD, 5, 5, 31, 64, 2);
    // c.addiw x6, -1
    // C.JAL on RV32
    // 001 1 00110 11111 01
    int_ri(0x337d, SV_ALU_ADDW, 6, 6, -1, 32, 2);
    // c.addiw x6, 0
    // sext.w x6
    // 001 0 00110 00000 01
    int_ri(0x2301, SV_ALU_ADDW, 6, 6, 0, 32, 2);
    // c.li x7, -32
    // rs1 = x0 present
    // 010 1 00111 00000 01
    int_ri(0x5381, SV_ALU_ADD, 7, 0, -32, 64, 2);
    // c.li x7, 5
    // 010 0 00111 00101 01
    int_ri(0x4395, SV_ALU_ADD, 7, 0, 5, 64, 2);
    // c.addi16sp x2, -512
    // 011 1 00010 00000 01
    int_ri(0x7101, SV_ALU_ADD, 2, 2, -512, 64, 2);
    // c.addi16sp x2, 496
    // 011 0 00010 11111 01
    int_ri(0x617d, SV_ALU_ADD, 2, 2, 496, 64, 2);
    // c.addi16sp x2, 16
    // 011 0 00010 10000 01
    int_ri(0x6141, SV_ALU_ADD, 2, 2, 16, 64, 2);
    // c.addi16sp x2, 32
    // 011 0 00010 00001 01
    int_ri(0x6105, SV_ALU_ADD, 2, 2, 32, 64, 2);
    // c.addi16sp x2, 64
    // 011 0 00010 01000 01
    int_ri(0x6121, SV_ALU_ADD, 2, 2, 64, 64, 2);
    // c.addi16sp x2, 128
    // 011 0 00010 00010 01
    int_ri(0x6109, SV_ALU_ADD, 2, 2, 128, 64, 2);
    // c.addi16sp x2, 256
    // 011 0 00010 00100 01
    int_ri(0x6111, SV_ALU_ADD, 2, 2, 256, 64, 2);
    // c.lui x3, 0xfffe0
    // nzimm[17] set: imm = -0x20 << 12
    // 011 1 00011 00000 01
    upper(0x7181, SV_OPC_LUI, 3, -0x20000, 2);
    // c.lui x3, 0x1f
    // 011 0 00011 11111 01
    upper(0x61fd, SV_OPC_LUI, 3, 0x1f000, 2);
    // c.lui x31, 1
    // 011 0 11111 00001 01
    upper(0x6f85, SV_OPC_LUI, 31, 0x1000, 2);
    // c.srli x8, 63
    // 100 1 00 000 11111 01
    int_ri(0x907d, SV_ALU_SRL, 8, 8, 63, 64, 2);
    // c.srli x8, 1
    // 100 0 00 000 00001 01
    int_ri(0x8005, SV_ALU_SRL, 8, 8, 1, 64, 2);
    // c.srai x9, 1
    // 100 0 01 001 00001 01
    int_ri(0x8485, SV_ALU_SRA, 9, 9, 1, 64, 2);
    // c.srai x9, 32
    // 100 1 01 001 00000 01
    int_ri(0x9481, SV_ALU_SRA, 9, 9, 32, 64, 2);
    // c.andi x10, -1
    // 100 1 10 010 11111 01
    int_ri(0x997d, SV_ALU_AND, 10, 10, -1, 64, 2);
    // c.andi x10, 15
    // 100 0 10 010 01111 01
    int_ri(0x893d, SV_ALU_AND, 10, 10, 15, 64, 2);
    // c.sub x8, x9
    // 100011 000 00 001 01
    int_rr(0x8c05, SV_ALU_SUB, 8, 8, 9, 64, 2);
    // c.xor x10, x11
    // 100011 010 01 011 01
    int_rr(0x8d2d, SV_ALU_XOR, 10, 10, 11, 64, 2);
    // c.or x12, x13
    // 100011 100 10 101 01
    int_rr(0x8e55, SV_ALU_OR, 12, 12, 13, 64, 2);
    // c.and x14, x15
    // 100011 110 11 111 01
    int_rr(0x8f7d, SV_ALU_AND, 14, 14, 15, 64, 2);
    // c.subw x8, x15
    // 100111 000 00 111 01
    int_rr(0x9c1d, SV_ALU_SUBW, 8, 8, 15, 32, 2);
    // c.addw x9, x14
    // 100111 001 01 110 01
    int_rr(0x9cb9, SV_ALU_ADDW, 9, 9, 14, 32, 2);
    // c.j -2048
    // 101 10000000000 01
    jal(0xb001, 0, -2048, 2);
    // c.j 2046
    // 101 01111111111 01
    jal(0xaffd, 0, 2046, 2);
    // c.j 2
    // 101 00000000010 01
    jal(0xa009, 0, 2, 2);
    // c.j 16
    // 101 01000000000 01
    jal(0xa801, 0, 16, 2);
    // c.j 32
    // 101 00000000001 01
    jal(0xa005, 0, 32, 2);
    // c.j 64
    // 101 00000100000 01
    jal(0xa081, 0, 64, 2);
    // c.j 128
    // 101 00000010000 01
    jal(0xa041, 0, 128, 2);
    // c.j 256
    // 101 00010000000 01
    jal(0xa201, 0, 256, 2);
    // c.j 1024
    // 101 00001000000 01
    jal(0xa101, 0, 1024, 2);
    // c.beqz x8, -256
    // 110 100 000 00000 01
    branch(0xd001, 0, 8, 0, -256, 2);
    // c.bnez x15, 254
    // 111 011 111 11111 01
    branch(0xeffd, 1, 15, 0, 254, 2);
    // c.beqz x9, 2
    // 110 000 001 00010 01
    branch(0xc089, 0, 9, 0, 2, 2);
    // c.beqz x9, 8
    // 110 001 001 00000 01
    branch(0xc481, 0, 9, 0, 8, 2);
    // c.bnez x10, 32
    // 111 000 010 00001 01
    branch(0xe105, 1, 10, 0, 32, 2);
    // c.bnez x10, 64
    // 111 000 010 01000 01
    branch(0xe121, 1, 10, 0, 64, 2);
}

// CI loads: funct3 | uimm[5] | rd | uimm[4:3|8:6] (D) or [4:2|7:6] (W) |
// op.  CR: funct4 | rd/rs1 | rs2 | op.  CSS: funct3 | uimm[5:3|8:6] (D)
// or [5:2|7:6] (W) | rs2 | op.
TEST(InsnDecode, RvcQuadrant2)
{
    // c.slli x5, 63
    // 000 1 00101 11111 10
    int_ri(0x12fe, SV_ALU_SLL, 5, 5, 63, 64, 2);
    // c.slli x31, 1
    // 000 0 11111 00001 10
    int_ri(0x0f86, SV_ALU_SLL, 31, 31, 1, 64, 2);
    // c.fldsp f1, 504(x2)
    // 001 1 00001 11111 10
    load(0x30fe, F(1, 64), 2, 504, 8, false, 2);
    // c.fldsp f1, 8(x2)
    // 001 0 00001 01000 10
    load(0x20a2, F(1, 64), 2, 8, 8, false, 2);
    // c.lwsp x3, 252(x2)
    // 010 1 00011 11111 10
    load(0x51fe, X(3), 2, 252, 4, true, 2);
    // c.lwsp x3, 4(x2)
    // 010 0 00011 00100 10
    load(0x4192, X(3), 2, 4, 4, true, 2);
    // c.lwsp x3, 64(x2)
    // 010 0 00011 00001 10
    load(0x4186, X(3), 2, 64, 4, true, 2);
    // c.ldsp x4, 504(x2)
    // C.FLWSP on RV32
    // 011 1 00100 11111 10
    load(0x727e, X(4), 2, 504, 8, true, 2);
    // c.ldsp x4, 64(x2)
    // 011 0 00100 00001 10
    load(0x6206, X(4), 2, 64, 8, true, 2);
    // c.jr x5
    // 1000 00101 00000 10
    jalr(0x8282, 0, 5, 0, 2);
    // c.mv x6, x7
    // 1000 00110 00111 10
    c_mv(0x831e, 6, 7);
    // c.ebreak
    // 1001 00000 00000 10
    scalar(0x9002, 2);
    // c.jalr x8
    // 1001 01000 00000 10
    jalr(0x9402, 1, 8, 0, 2);
    // c.add x9, x10
    // single-predicated
    // 1001 01001 01010 10
    int_rr(0x94aa, SV_ALU_ADD, 9, 9, 10, 64, 2);
    // c.fsdsp f11, 504(x2)
    // 101 111111 01011 10
    store(0xbfae, 2, F(11, 64), 504, 8, 2);
    // c.fsdsp f11, 8(x2)
    // 101 001000 01011 10
    store(0xa42e, 2, F(11, 64), 8, 8, 2);
    // c.swsp x12, 252(x2)
    // 110 111111 01100 10
    store(0xdfb2, 2, X(12), 252, 4, 2);
    // c.swsp x12, 4(x2)
    // 110 000100 01100 10
    store(0xc232, 2, X(12), 4, 4, 2);
    // c.sdsp x13, 504(x2)
    // C.FSWSP on RV32
    // 111 111111 01101 10
    store(0xffb6, 2, X(13), 504, 8, 2);
    // c.sdsp x13, 64(x2)
    // 111 000001 01101 10
    store(0xe0b6, 2, X(13), 64, 8, 2);
}

TEST(InsnDecode, RvcReserved)
{
    // 0x0000: C.ADDI4SPN x8, 0
    // 000 00000000 000 00
    illegal(0x0000, 2);
    // C.ADDI4SPN x13, 0
    // 000 00000000 101 00
    illegal(0x0014, 2);
    // quadrant 0 funct3 100 (reserved)
    // 100 000 000 00 000 00
    illegal(0x8000, 2);
    // C.ADDIW rd 0
    // 001 0 00000 00001 01
    illegal(0x2005, 2);
    // C.ADDI16SP nzimm 0
    // 011 0 00010 00000 01
    illegal(0x6101, 2);
    // C.LUI x3, nzimm 0
    // 011 0 00011 00000 01
    illegal(0x6181, 2);
    // C.LUI x0, nzimm 0
    // 011 0 00000 00000 01
    illegal(0x6001, 2);
    // CA bit 12 = 1, funct2 10 (reserved)
    // 100111 000 10 001 01
    illegal(0x9c45, 2);
    // CA bit 12 = 1, funct2 11 (reserved)
    // 100111 000 11 001 01
    illegal(0x9c65, 2);
    // C.LWSP rd 0
    // 010 1 00000 11111 10
    illegal(0x507e, 2);
    // C.LDSP rd 0
    // 011 0 00000 00100 10
    illegal(0x6012, 2);
    // C.JR rs1 0
    // 1000 00000 00000 10
    illegal(0x8002, 2);
}

// RVC HINTs with rd = x0 run as scalar no-ops; those with rd != 0 decode
// as the (no-op) operation they spell.
TEST(InsnDecode, RvcHints)
{
    // C.ADDI x0, -1 (C.NOP HINT)
    // 000 1 00000 11111 01
    scalar(0x107d, 2);
    // C.LI x0, 5 (HINT)
    // 010 0 00000 00101 01
    scalar(0x4015, 2);
    // C.LUI x0, 1 (HINT)
    // 011 0 00000 00001 01
    scalar(0x6005, 2);
    // C.MV x0, x3 (HINT)
    // 1000 00000 00011 10
    scalar(0x800e, 2);
    // C.ADD x0, x3 (HINT)
    // 1001 00000 00011 10
    scalar(0x900e, 2);
    // C.SLLI x0, 1 (HINT)
    // 000 0 00000 00001 10
    scalar(0x0006, 2);
    // C.ADDI x5, 0 (HINT): adds 0
    // 000 0 00101 00000 01
    int_ri(0x0281, SV_ALU_ADD, 5, 5, 0, 64, 2);
    // C.SLLI x5, 0 (HINT): shifts by 0
    // 000 0 00101 00000 10
    int_ri(0x0282, SV_ALU_SLL, 5, 5, 0, 64, 2);
    // C.SRLI x8, 0 (HINT)
    // 100 0 00 000 00000 01
    int_ri(0x8001, SV_ALU_SRL, 8, 8, 0, 64, 2);
}

// A 16-bit parcel is decoded from its low 16 bits only.
TEST(InsnDecode, RvcIgnoresUpperBits)
{
    // c.add x9, x10 with junk above bit 15
    // 1001 01001 01010 10
    int_rr(0xdead94aa, SV_ALU_ADD, 9, 9, 10, 64, 2);
}

// sv_op_decode never fails on a valid instruction and never leaves a
// field unwritten: decoding every 16-bit parcel twice over different
// garbage gives identical results.
TEST(InsnDecode, AllParcelsDeterministic)
{
    for (uint32_t p = 0; p < 0x10000; p++) {
        if ((p & 3) == 3) {
            continue;
        }
        sv_op a, b;
        memset(&a, 0x00, sizeof a);
        memset(&b, 0xFF, sizeof b);
        const bool ra = sv_op_decode(p, &a);
        const bool rb = sv_op_decode(p, &b);
        ASSERT_EQ(ra, rb) << hex(p);
        ASSERT_TRUE(same(a, b)) << hex(p);
        ASSERT_EQ(ra, a.cls != SV_OPC_ILLEGAL) << hex(p);
        ASSERT_EQ(a.len, 2) << hex(p);
    }
}
