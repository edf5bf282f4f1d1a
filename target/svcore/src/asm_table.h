// The RV64GC mnemonics the SV assembler (asm.cc) and the SV formatter
// (format.cc) know: one table, so what sv-objdump prints is exactly what
// sv-as reads.  Each entry says which operand written where goes to which
// instruction slot (rd, rs1, rs2, rs3) and register class; the word it
// builds from them is only for svcore's own decoder and resolution step
// (sv_op_decode, sv_resolve_op), which then decide legality.  GNU as
// assembles the real instruction from the text.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#ifndef SVCORE_ASM_TABLE_H
#define SVCORE_ASM_TABLE_H

#include <cstdint>
#include <cstring>
#include <string>

namespace svasm
{

// How the register and immediate fields are placed in the word.
enum class Enc : uint8_t {
    R,    // rd 11:7, rs1 19:15, rs2 24:20
    R4,   // and rs3 31:27
    I,    // imm 31:20
    S,    // store
    B,    // branch
    U,    // lui/auipc
    J,    // jal
    CR,   // c.add/c.mv: rd 11:7, rs2 6:2
    CI,   // c.addi/c.li/c.slli: rd 11:7, imm 12|6:2
    CA,   // c.sub..c.addw: rd' 9:7, rs2' 4:2
    CBI,  // c.srli/c.srai/c.andi: rd' 9:7, imm 12|6:2
    CL,   // c.lw/c.ld/c.fld: rs1' 9:7, rd' 4:2
    CS,   // c.sw/c.sd/c.fsd: rs1' 9:7, rs2' 4:2
    CB,   // c.beqz/c.bnez: rs1' 9:7
    CJ,   // c.j
    CJR,  // c.jr: rs1 11:7
    NONE, // no operands (c.nop, ecall...)
};

// Operand letters of a pattern (after binutils' riscv-opc.c):
//   d s t    integer rd rs1 rs2     D S T R  FP rd rs1 rs2 rs3
//   e        integer rd that is also rs1 (RVC 5-bit)
//   w        integer rd' that is also rs1' (RVC 3-bit)
//   c C      integer / FP rd' (3-bit)     x X  integer / FP rs2' (3-bit)
//   y        integer rs1' (3-bit)
//   j        12-bit immediate             >    shift amount
//   u        20-bit upper immediate       i    RVC 6-bit immediate
//   o        offset(rs1): "o(s)"; RVC "o(y)"
//   p        branch target                a    jump target
//   m        optional rounding mode (last)
// Pseudo-instructions: `fixed` names a slot given implicitly (x0 or a
// copy of another operand), see asm.cc.
struct Mnemonic {
    const char *name;
    uint32_t match;
    uint32_t mask; // 0: a pseudo-instruction, parsed, never printed
    Enc enc;
    const char *pattern;
    // Pseudo-instructions: "rs2=0" (x0), "rs2=rs1" (same register),
    // "swap" (first two written operands go to rs2, rs1), "imm=N".
    const char *fixed;
};

// clang-format off
inline constexpr Mnemonic mnemonics[] = {
    // RV64I register-register
    {"add", 0x00000033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"sub", 0x40000033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"sll", 0x00001033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"slt", 0x00002033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"sltu", 0x00003033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"xor", 0x00004033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"srl", 0x00005033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"sra", 0x40005033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"or", 0x00006033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"and", 0x00007033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"mul", 0x02000033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"mulh", 0x02001033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"mulhsu", 0x02002033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"mulhu", 0x02003033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"div", 0x02004033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"divu", 0x02005033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"rem", 0x02006033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"remu", 0x02007033, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"addw", 0x0000003b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"subw", 0x4000003b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"sllw", 0x0000103b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"srlw", 0x0000503b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"sraw", 0x4000503b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"mulw", 0x0200003b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"divw", 0x0200403b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"divuw", 0x0200503b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"remw", 0x0200603b, 0xfe00707f, Enc::R, "d,s,t", ""},
    {"remuw", 0x0200703b, 0xfe00707f, Enc::R, "d,s,t", ""},
    // register-immediate
    {"addi", 0x00000013, 0x0000707f, Enc::I, "d,s,j", ""},
    {"slti", 0x00002013, 0x0000707f, Enc::I, "d,s,j", ""},
    {"sltiu", 0x00003013, 0x0000707f, Enc::I, "d,s,j", ""},
    {"xori", 0x00004013, 0x0000707f, Enc::I, "d,s,j", ""},
    {"ori", 0x00006013, 0x0000707f, Enc::I, "d,s,j", ""},
    {"andi", 0x00007013, 0x0000707f, Enc::I, "d,s,j", ""},
    {"slli", 0x00001013, 0xfc00707f, Enc::I, "d,s,>", ""},
    {"srli", 0x00005013, 0xfc00707f, Enc::I, "d,s,>", ""},
    {"srai", 0x40005013, 0xfc00707f, Enc::I, "d,s,>", ""},
    {"addiw", 0x0000001b, 0x0000707f, Enc::I, "d,s,j", ""},
    {"slliw", 0x0000101b, 0xfe00707f, Enc::I, "d,s,>", ""},
    {"srliw", 0x0000501b, 0xfe00707f, Enc::I, "d,s,>", ""},
    {"sraiw", 0x4000501b, 0xfe00707f, Enc::I, "d,s,>", ""},
    {"lui", 0x00000037, 0x0000007f, Enc::U, "d,u", ""},
    {"auipc", 0x00000017, 0x0000007f, Enc::U, "d,u", ""},
    // loads and stores
    {"lb", 0x00000003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"lh", 0x00001003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"lw", 0x00002003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"ld", 0x00003003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"lbu", 0x00004003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"lhu", 0x00005003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"lwu", 0x00006003, 0x0000707f, Enc::I, "d,o(s)", ""},
    {"flw", 0x00002007, 0x0000707f, Enc::I, "D,o(s)", ""},
    {"fld", 0x00003007, 0x0000707f, Enc::I, "D,o(s)", ""},
    {"sb", 0x00000023, 0x0000707f, Enc::S, "t,o(s)", ""},
    {"sh", 0x00001023, 0x0000707f, Enc::S, "t,o(s)", ""},
    {"sw", 0x00002023, 0x0000707f, Enc::S, "t,o(s)", ""},
    {"sd", 0x00003023, 0x0000707f, Enc::S, "t,o(s)", ""},
    {"fsw", 0x00002027, 0x0000707f, Enc::S, "T,o(s)", ""},
    {"fsd", 0x00003027, 0x0000707f, Enc::S, "T,o(s)", ""},
    // control flow
    {"beq", 0x00000063, 0x0000707f, Enc::B, "s,t,p", ""},
    {"bne", 0x00001063, 0x0000707f, Enc::B, "s,t,p", ""},
    {"blt", 0x00004063, 0x0000707f, Enc::B, "s,t,p", ""},
    {"bge", 0x00005063, 0x0000707f, Enc::B, "s,t,p", ""},
    {"bltu", 0x00006063, 0x0000707f, Enc::B, "s,t,p", ""},
    {"bgeu", 0x00007063, 0x0000707f, Enc::B, "s,t,p", ""},
    {"jal", 0x0000006f, 0x0000007f, Enc::J, "d,a", ""},
    {"jalr", 0x00000067, 0x0000707f, Enc::I, "d,o(s)", ""},
    // F and D
    {"fadd.s", 0x00000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fsub.s", 0x08000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fmul.s", 0x10000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fdiv.s", 0x18000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fsqrt.s", 0x58000053, 0xfff0007f, Enc::R, "D,S,m", ""},
    {"fsgnj.s", 0x20000053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fsgnjn.s", 0x20001053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fsgnjx.s", 0x20002053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fmin.s", 0x28000053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fmax.s", 0x28001053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"feq.s", 0xa0002053, 0xfe00707f, Enc::R, "d,S,T", ""},
    {"flt.s", 0xa0001053, 0xfe00707f, Enc::R, "d,S,T", ""},
    {"fle.s", 0xa0000053, 0xfe00707f, Enc::R, "d,S,T", ""},
    {"fclass.s", 0xe0001053, 0xfff0707f, Enc::R, "d,S", ""},
    {"fcvt.w.s", 0xc0000053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.wu.s", 0xc0100053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.l.s", 0xc0200053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.lu.s", 0xc0300053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.s.w", 0xd0000053, 0xfff0007f, Enc::R, "D,s,m", ""},
    {"fcvt.s.wu", 0xd0100053, 0xfff0007f, Enc::R, "D,s,m", ""},
    {"fcvt.s.l", 0xd0200053, 0xfff0007f, Enc::R, "D,s,m", ""},
    {"fcvt.s.lu", 0xd0300053, 0xfff0007f, Enc::R, "D,s,m", ""},
    {"fmv.x.w", 0xe0000053, 0xfff0707f, Enc::R, "d,S", ""},
    {"fmv.w.x", 0xf0000053, 0xfff0707f, Enc::R, "D,s", ""},
    {"fadd.d", 0x02000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fsub.d", 0x0a000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fmul.d", 0x12000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fdiv.d", 0x1a000053, 0xfe00007f, Enc::R, "D,S,T,m", ""},
    {"fsqrt.d", 0x5a000053, 0xfff0007f, Enc::R, "D,S,m", ""},
    {"fsgnj.d", 0x22000053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fsgnjn.d", 0x22001053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fsgnjx.d", 0x22002053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fmin.d", 0x2a000053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"fmax.d", 0x2a001053, 0xfe00707f, Enc::R, "D,S,T", ""},
    {"feq.d", 0xa2002053, 0xfe00707f, Enc::R, "d,S,T", ""},
    {"flt.d", 0xa2001053, 0xfe00707f, Enc::R, "d,S,T", ""},
    {"fle.d", 0xa2000053, 0xfe00707f, Enc::R, "d,S,T", ""},
    {"fclass.d", 0xe2001053, 0xfff0707f, Enc::R, "d,S", ""},
    {"fcvt.s.d", 0x40100053, 0xfff0007f, Enc::R, "D,S,m", ""},
    {"fcvt.d.s", 0x42000053, 0xfff0007f, Enc::R, "D,S", ""},
    {"fcvt.w.d", 0xc2000053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.wu.d", 0xc2100053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.l.d", 0xc2200053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.lu.d", 0xc2300053, 0xfff0007f, Enc::R, "d,S,m", ""},
    {"fcvt.d.w", 0xd2000053, 0xfff0007f, Enc::R, "D,s", ""},
    {"fcvt.d.wu", 0xd2100053, 0xfff0007f, Enc::R, "D,s", ""},
    {"fcvt.d.l", 0xd2200053, 0xfff0007f, Enc::R, "D,s,m", ""},
    {"fcvt.d.lu", 0xd2300053, 0xfff0007f, Enc::R, "D,s,m", ""},
    {"fmv.x.d", 0xe2000053, 0xfff0707f, Enc::R, "d,S", ""},
    {"fmv.d.x", 0xf2000053, 0xfff0707f, Enc::R, "D,s", ""},
    {"fmadd.s", 0x00000043, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fmsub.s", 0x00000047, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fnmsub.s", 0x0000004b, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fnmadd.s", 0x0000004f, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fmadd.d", 0x02000043, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fmsub.d", 0x02000047, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fnmsub.d", 0x0200004b, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    {"fnmadd.d", 0x0200004f, 0x0600007f, Enc::R4, "D,S,T,R,m", ""},
    // RVC (written c.*; sv-as never compresses behind your back)
    {"c.add", 0x9002, 0xf003, Enc::CR, "e,t", ""},
    {"c.mv", 0x8002, 0xf003, Enc::CR, "d,t", ""},
    {"c.addi", 0x0001, 0xe003, Enc::CI, "e,i", ""},
    {"c.addiw", 0x2001, 0xe003, Enc::CI, "e,i", ""},
    {"c.li", 0x4001, 0xe003, Enc::CI, "d,i", ""},
    {"c.slli", 0x0002, 0xe003, Enc::CI, "e,>", ""},
    {"c.srli", 0x8001, 0xec03, Enc::CBI, "w,>", ""},
    {"c.srai", 0x8401, 0xec03, Enc::CBI, "w,>", ""},
    {"c.andi", 0x8801, 0xec03, Enc::CBI, "w,i", ""},
    {"c.sub", 0x8c01, 0xfc63, Enc::CA, "w,x", ""},
    {"c.xor", 0x8c21, 0xfc63, Enc::CA, "w,x", ""},
    {"c.or", 0x8c41, 0xfc63, Enc::CA, "w,x", ""},
    {"c.and", 0x8c61, 0xfc63, Enc::CA, "w,x", ""},
    {"c.subw", 0x9c01, 0xfc63, Enc::CA, "w,x", ""},
    {"c.addw", 0x9c21, 0xfc63, Enc::CA, "w,x", ""},
    {"c.lw", 0x4000, 0xe003, Enc::CL, "c,o(y)", ""},
    {"c.ld", 0x6000, 0xe003, Enc::CL, "c,o(y)", ""},
    {"c.fld", 0x2000, 0xe003, Enc::CL, "C,o(y)", ""},
    {"c.sw", 0xc000, 0xe003, Enc::CS, "x,o(y)", ""},
    {"c.sd", 0xe000, 0xe003, Enc::CS, "x,o(y)", ""},
    {"c.fsd", 0xa000, 0xe003, Enc::CS, "X,o(y)", ""},
    {"c.beqz", 0xc001, 0xe003, Enc::CB, "y,p", ""},
    {"c.bnez", 0xe001, 0xe003, Enc::CB, "y,p", ""},
    {"c.j", 0xa001, 0xe003, Enc::CJ, "a", ""},
    {"c.jr", 0x8002, 0xf07f, Enc::CJR, "s", ""},
    {"c.nop", 0x0001, 0xffff, Enc::NONE, "", ""},
    // Pseudo-instructions (one instruction each; mask 0: never printed)
    {"mv", 0x00000013, 0, Enc::I, "d,s", "imm=0"},
    {"nop", 0x00000013, 0, Enc::NONE, "", ""},
    {"not", 0xfff04013, 0, Enc::I, "d,s", "imm=-1"},
    {"neg", 0x40000033, 0, Enc::R, "d,t", "rs1=0"},
    {"negw", 0x4000003b, 0, Enc::R, "d,t", "rs1=0"},
    {"sext.w", 0x0000001b, 0, Enc::I, "d,s", "imm=0"},
    {"seqz", 0x00103013, 0, Enc::I, "d,s", "imm=1"},
    {"snez", 0x00003033, 0, Enc::R, "d,t", "rs1=0"},
    {"sltz", 0x00002033, 0, Enc::R, "d,s", "rs2=0"},
    {"sgtz", 0x00002033, 0, Enc::R, "d,t", "rs1=0"},
    {"beqz", 0x00000063, 0, Enc::B, "s,p", "rs2=0"},
    {"bnez", 0x00001063, 0, Enc::B, "s,p", "rs2=0"},
    {"bltz", 0x00004063, 0, Enc::B, "s,p", "rs2=0"},
    {"bgez", 0x00005063, 0, Enc::B, "s,p", "rs2=0"},
    {"blez", 0x00005063, 0, Enc::B, "t,p", "rs1=0"},
    {"bgtz", 0x00004063, 0, Enc::B, "t,p", "rs1=0"},
    {"bgt", 0x00004063, 0, Enc::B, "t,s,p", ""},
    {"ble", 0x00005063, 0, Enc::B, "t,s,p", ""},
    {"bgtu", 0x00006063, 0, Enc::B, "t,s,p", ""},
    {"bleu", 0x00007063, 0, Enc::B, "t,s,p", ""},
    {"j", 0x0000006f, 0, Enc::J, "a", ""},
    {"jr", 0x00000067, 0, Enc::I, "s", ""},
    {"ret", 0x00008067, 0, Enc::NONE, "", ""},
    {"fmv.s", 0x20000053, 0, Enc::R, "D,S", "rs2=rs1"},
    {"fneg.s", 0x20001053, 0, Enc::R, "D,S", "rs2=rs1"},
    {"fabs.s", 0x20002053, 0, Enc::R, "D,S", "rs2=rs1"},
    {"fmv.d", 0x22000053, 0, Enc::R, "D,S", "rs2=rs1"},
    {"fneg.d", 0x22001053, 0, Enc::R, "D,S", "rs2=rs1"},
    {"fabs.d", 0x22002053, 0, Enc::R, "D,S", "rs2=rs1"},
};
// clang-format on

inline const Mnemonic *find_mnemonic(const std::string &name)
{
    for (const Mnemonic &m : mnemonics) {
        if (name == m.name) {
            return &m;
        }
    }
    return nullptr;
}

// The entry that prints word (its length 2 or 4), or nullptr.
inline const Mnemonic *match_word(uint32_t word, unsigned len)
{
    for (const Mnemonic &m : mnemonics) {
        bool rvc = m.name[0] == 'c' && m.name[1] == '.';
        if (m.mask && rvc == (len == 2) && (word & m.mask) == m.match) {
            return &m;
        }
    }
    return nullptr;
}

inline constexpr const char *int_abi[32] = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
inline constexpr const char *fp_abi[32] = {
    "ft0", "ft1", "ft2",  "ft3",  "ft4", "ft5", "ft6",  "ft7",
    "fs0", "fs1", "fa0",  "fa1",  "fa2", "fa3", "fa4",  "fa5",
    "fa6", "fa7", "fs2",  "fs3",  "fs4", "fs5", "fs6",  "fs7",
    "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

// Register name -> number (0..127) and class; false if not a register.
inline bool parse_reg(const std::string &s, int &num, bool &fp)
{
    for (int i = 0; i < 32; i++) {
        if (s == int_abi[i]) {
            num = i, fp = false;
            return true;
        }
        if (s == fp_abi[i]) {
            num = i, fp = true;
            return true;
        }
    }
    if (s == "fp") {
        num = 8, fp = false;
        return true;
    }
    if (s.size() >= 2 && s.size() <= 4 && (s[0] == 'x' || s[0] == 'f')) {
        int n = 0;
        for (size_t i = 1; i < s.size(); i++) {
            if (s[i] < '0' || s[i] > '9' ||
                (i == 1 && s[i] == '0' && s.size() > 2)) {
                return false;
            }
            n = n * 10 + (s[i] - '0');
        }
        if (n > 127) {
            return false;
        }
        num = n, fp = s[0] == 'f';
        return true;
    }
    return false;
}

} // namespace svasm

#endif
