// Integer element operations at mixed widths (sv_alu_exec, §5.5).  A plain
// reference written here with 128-bit arithmetic checks every op at every
// pair of widths 8/16/32/64 over a set of edge values; the hand-worked
// cases of §5.5 and RV64M's corner cases are spelled out separately.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "svcore.h"

namespace
{

using s128 = __int128;
using u128 = unsigned __int128;

constexpr unsigned widths[] = {8, 16, 32, 64};

// A w-bit value read as a signed or unsigned 128-bit integer.
s128 as_signed(uint64_t v, unsigned w)
{
    const u128 m = (u128{1} << w) - 1;
    const u128 x = v & m;
    const u128 sign = u128{1} << (w - 1);
    return x & sign ? static_cast<s128>(x) - (s128{1} << w)
                    : static_cast<s128>(x);
}

s128 as_unsigned(uint64_t v, unsigned w)
{
    return static_cast<s128>(v & ((u128{1} << w) - 1));
}

// The low w bits of x, read back signed or unsigned and widened to 64.
uint64_t to64(s128 x, unsigned w, bool sign)
{
    const uint64_t low = static_cast<uint64_t>(static_cast<u128>(x));
    return static_cast<uint64_t>(sign ? as_signed(low, w)
                                      : as_unsigned(low, w));
}

// How the reference reads each op: the sources' and result's signedness
// (§5.5 step 2: as the scalar definition demands) and whether it is a
// 32-bit *W op.
struct Ref {
    bool a_signed, b_signed, r_signed, word;
};

Ref ref_of(sv_alu_op op)
{
    switch (op) {
    case SV_ALU_SLT:
        return {true, true, false, false};
    case SV_ALU_SRA:
    case SV_ALU_MULH:
    case SV_ALU_DIV:
    case SV_ALU_REM:
        return {true, true, true, false};
    case SV_ALU_MULHSU:
        return {true, false, true, false};
    case SV_ALU_ADDW:
    case SV_ALU_SUBW:
    case SV_ALU_SLLW:
    case SV_ALU_SRAW:
    case SV_ALU_MULW:
    case SV_ALU_DIVW:
    case SV_ALU_REMW:
        return {true, true, true, true};
    case SV_ALU_SRLW:
    case SV_ALU_DIVUW:
    case SV_ALU_REMUW:
        return {false, false, true, true};
    default:
        return {false, false, false, false};
    }
}

// The reference: extend both sources to opw as mathematical integers,
// compute exactly, reduce to opw bits, extend to 64.
uint64_t reference(sv_alu_op op, uint64_t a, unsigned wa, uint64_t b,
                   unsigned wb, bool b_is_imm)
{
    const Ref r = ref_of(op);
    unsigned opw = b_is_imm ? wa : std::max(wa, wb);
    if (r.word) {
        opw = std::min(opw, 32u);
    }
    // Source values as integers (already extended: value-preserving).
    const s128 x = r.a_signed ? as_signed(a, std::min(wa, opw))
                              : as_unsigned(a, std::min(wa, opw));
    s128 y;
    if (b_is_imm) {
        y = r.b_signed ? as_signed(b, opw) : as_unsigned(b, opw);
    } else {
        y = r.b_signed ? as_signed(b, std::min(wb, opw))
                       : as_unsigned(b, std::min(wb, opw));
    }
    // The same values as opw-bit patterns, read both ways.
    const uint64_t xb = to64(x, opw, false);
    const uint64_t yb = to64(y, opw, false);
    const s128 xs = as_signed(xb, opw), ys = as_signed(yb, opw);
    const s128 xu = as_unsigned(xb, opw), yu = as_unsigned(yb, opw);
    const unsigned sh = static_cast<unsigned>(yu % opw);
    const s128 min = -(s128{1} << (opw - 1));
    s128 res = 0;
    switch (op) {
    case SV_ALU_ADD:
    case SV_ALU_ADDW:
        res = x + y;
        break;
    case SV_ALU_SUB:
    case SV_ALU_SUBW:
        res = x - y;
        break;
    case SV_ALU_SLL:
    case SV_ALU_SLLW:
        res = xu << sh;
        break;
    case SV_ALU_SLT:
        res = xs < ys;
        break;
    case SV_ALU_SLTU:
        res = xu < yu;
        break;
    case SV_ALU_XOR:
        res = xu ^ yu;
        break;
    case SV_ALU_SRL:
    case SV_ALU_SRLW:
        res = xu >> sh;
        break;
    case SV_ALU_SRA:
    case SV_ALU_SRAW:
        res = xs >> sh;
        break;
    case SV_ALU_OR:
        res = xu | yu;
        break;
    case SV_ALU_AND:
        res = xu & yu;
        break;
    case SV_ALU_MUL:
    case SV_ALU_MULW:
        res = static_cast<s128>(static_cast<u128>(xu) * static_cast<u128>(yu));
        break;
    case SV_ALU_MULH:
        res = (xs * ys) >> opw;
        break;
    case SV_ALU_MULHSU:
        res = (xs * yu) >> opw;
        break;
    case SV_ALU_MULHU:
        res = static_cast<s128>(
            (static_cast<u128>(xu) * static_cast<u128>(yu)) >> opw);
        break;
    case SV_ALU_DIV:
    case SV_ALU_DIVW:
        res = ys == 0 ? -1 : xs == min && ys == -1 ? min : xs / ys;
        break;
    case SV_ALU_DIVU:
    case SV_ALU_DIVUW:
        res = yu == 0 ? -1 : xu / yu;
        break;
    case SV_ALU_REM:
    case SV_ALU_REMW:
        res = ys == 0 ? xs : xs == min && ys == -1 ? 0 : xs % ys;
        break;
    case SV_ALU_REMU:
    case SV_ALU_REMUW:
        res = yu == 0 ? xu : xu % yu;
        break;
    default:
        break;
    }
    return to64(res, opw, r.r_signed);
}

// Edge values: each is tried at every width (only the low bits count).
constexpr uint64_t values[] = {
    0,
    1,
    2,
    3,
    7,
    8,
    15,
    31,
    33,
    63,
    0x7F,
    0x80,
    0xFF,
    0x100,
    0x7FFF,
    0x8000,
    0xFFFF,
    0x12345678,
    0x7FFFFFFF,
    0x80000000,
    0xFFFFFFFF,
    0x100000000ull,
    0x7FFFFFFFFFFFFFFFull,
    0x8000000000000000ull,
    0xFFFFFFFFFFFFFFFFull,
    0xFFFFFFFFFFFFFFFEull,
    0xDEADBEEFCAFEF00Dull,
    0x0123456789ABCDEFull,
};

const char *name(sv_alu_op op)
{
    static const char *const names[SV_ALU_COUNT] = {
        "ADD",  "SUB",  "SLL",  "SLT",    "SLTU",  "XOR",  "SRL",
        "SRA",  "OR",   "AND",  "ADDW",   "SUBW",  "SLLW", "SRLW",
        "SRAW", "MUL",  "MULH", "MULHSU", "MULHU", "DIV",  "DIVU",
        "REM",  "REMU", "MULW", "DIVW",   "DIVUW", "REMW", "REMUW",
    };
    return names[op];
}

// Shorthand for the hand-worked cases.
uint64_t rr(sv_alu_op op, uint64_t a, unsigned wa, uint64_t b, unsigned wb)
{
    return sv_alu_exec(op, a, wa, b, wb, false);
}

uint64_t ri(sv_alu_op op, uint64_t a, unsigned wa, int64_t imm)
{
    return sv_alu_exec(op, a, wa, static_cast<uint64_t>(imm), wa, true);
}

} // namespace

// Every op, every pair of source widths, every pair of edge values.
TEST(AluExec, MatchesReferenceRegReg)
{
    for (unsigned o = 0; o < SV_ALU_COUNT; o++) {
        const auto op = static_cast<sv_alu_op>(o);
        for (unsigned wa : widths) {
            for (unsigned wb : widths) {
                for (uint64_t a : values) {
                    for (uint64_t b : values) {
                        ASSERT_EQ(sv_alu_exec(op, a, wa, b, wb, false),
                                  reference(op, a, wa, b, wb, false))
                            << name(op) << " wa " << wa << " wb " << wb
                            << " a 0x" << std::hex << a << " b 0x" << b;
                    }
                }
            }
        }
    }
}

// With an immediate, opw = wa and b (sign-extended imm) is truncated.
TEST(AluExec, MatchesReferenceImmediate)
{
    constexpr int64_t imms[] = {0, 1, -1, 5, 31, 32, 63, 2047, -2048, -16};
    for (unsigned o = 0; o < SV_ALU_COUNT; o++) {
        const auto op = static_cast<sv_alu_op>(o);
        for (unsigned wa : widths) {
            for (uint64_t a : values) {
                for (int64_t imm : imms) {
                    const auto b = static_cast<uint64_t>(imm);
                    // wb is ignored: pass something different.
                    ASSERT_EQ(sv_alu_exec(op, a, wa, b, 64, true),
                              reference(op, a, wa, b, wa, true))
                        << name(op) << " wa " << wa << " a 0x" << std::hex << a
                        << " imm " << std::dec << imm;
                }
            }
        }
    }
}

// At 64/64 (32/32 for *W) every op is RV64IM exactly.
TEST(AluExec, ScalarRv64)
{
    constexpr uint64_t m1 = ~uint64_t{0};
    constexpr uint64_t min64 = 0x8000000000000000ull;
    EXPECT_EQ(rr(SV_ALU_ADD, m1, 64, 1, 64), 0u);
    EXPECT_EQ(rr(SV_ALU_SUB, 0, 64, 1, 64), m1);
    EXPECT_EQ(rr(SV_ALU_SLL, 1, 64, 63, 64), min64);
    EXPECT_EQ(rr(SV_ALU_SLL, 1, 64, 64 + 3, 64), 8u); // amount & 63
    EXPECT_EQ(rr(SV_ALU_SLT, m1, 64, 0, 64), 1u);
    EXPECT_EQ(rr(SV_ALU_SLTU, m1, 64, 0, 64), 0u);
    EXPECT_EQ(rr(SV_ALU_SRL, min64, 64, 63, 64), 1u);
    EXPECT_EQ(rr(SV_ALU_SRA, min64, 64, 63, 64), m1);
    EXPECT_EQ(rr(SV_ALU_MUL, 0x100000000ull, 64, 0x100000000ull, 64), 0u);
    EXPECT_EQ(rr(SV_ALU_MULH, m1, 64, m1, 64), 0u); // -1 * -1 = 1
    EXPECT_EQ(rr(SV_ALU_MULHU, m1, 64, m1, 64), m1 - 1);
    EXPECT_EQ(rr(SV_ALU_MULHSU, m1, 64, m1, 64), m1); // -1 * (2^64-1)
    EXPECT_EQ(rr(SV_ALU_DIV, min64, 64, m1, 64), min64);
    EXPECT_EQ(rr(SV_ALU_REM, min64, 64, m1, 64), 0u);
    EXPECT_EQ(rr(SV_ALU_DIV, 7, 64, 0, 64), m1);
    EXPECT_EQ(rr(SV_ALU_DIVU, 7, 64, 0, 64), m1);
    EXPECT_EQ(rr(SV_ALU_REM, 7, 64, 0, 64), 7u);
    EXPECT_EQ(rr(SV_ALU_REMU, 7, 64, 0, 64), 7u);
    EXPECT_EQ(rr(SV_ALU_DIV, static_cast<uint64_t>(-7), 64, 2, 64),
              static_cast<uint64_t>(-3)); // rounds toward zero
    EXPECT_EQ(rr(SV_ALU_REM, static_cast<uint64_t>(-7), 64, 2, 64),
              static_cast<uint64_t>(-1)); // sign of the dividend
}

// *W ops at 32/32 equal the RV64 scalar definitions.
TEST(AluExec, WordOpsAsScalar)
{
    EXPECT_EQ(rr(SV_ALU_ADDW, 0x7fffffff, 32, 1, 32), 0xffffffff80000000ull);
    EXPECT_EQ(rr(SV_ALU_SUBW, 0x80000000, 32, 1, 32), 0x7fffffffu);
    EXPECT_EQ(rr(SV_ALU_SLLW, 1, 32, 31, 32), 0xffffffff80000000ull);
    EXPECT_EQ(rr(SV_ALU_SLLW, 1, 32, 33, 32), 2u); // amount & 31
    EXPECT_EQ(rr(SV_ALU_SRLW, 0x80000000, 32, 0, 32), 0xffffffff80000000ull);
    EXPECT_EQ(rr(SV_ALU_SRLW, 0x80000000, 32, 1, 32), 0x40000000u);
    EXPECT_EQ(rr(SV_ALU_SRAW, 0x80000000, 32, 1, 32), 0xffffffffc0000000ull);
    EXPECT_EQ(rr(SV_ALU_MULW, 0x10000, 32, 0x8000, 32), 0xffffffff80000000ull);
    EXPECT_EQ(rr(SV_ALU_DIVW, 0x80000000, 32, 0xffffffff, 32),
              0xffffffff80000000ull); // overflow
    EXPECT_EQ(rr(SV_ALU_DIVW, 5, 32, 0, 32), ~uint64_t{0});
    EXPECT_EQ(rr(SV_ALU_DIVUW, 0xfffffffe, 32, 1, 32),
              0xfffffffffffffffeull); // result sign-extends
    EXPECT_EQ(rr(SV_ALU_DIVUW, 5, 32, 0, 32), ~uint64_t{0});
    EXPECT_EQ(rr(SV_ALU_REMW, 0x80000000, 32, 0xffffffff, 32), 0u);
    EXPECT_EQ(rr(SV_ALU_REMW, 0x80000005, 32, 0, 32), 0xffffffff80000005ull);
    EXPECT_EQ(rr(SV_ALU_REMUW, 0x80000005, 32, 0, 32), 0xffffffff80000005ull);
    // The upper halves of the raw values do not count.
    EXPECT_EQ(
        rr(SV_ALU_ADDW, 0xAAAAAAAA00000001ull, 32, 0x5555555500000002ull, 32),
        3u);
    // ADDIW / SLLIW / SRAIW.
    EXPECT_EQ(ri(SV_ALU_ADDW, 0x7fffffff, 32, 1), 0xffffffff80000000ull);
    EXPECT_EQ(ri(SV_ALU_ADDW, 0, 32, -1), ~uint64_t{0});
    EXPECT_EQ(ri(SV_ALU_SLLW, 3, 32, 30), 0xffffffffc0000000ull);
    EXPECT_EQ(ri(SV_ALU_SRAW, 0x80000000, 32, 31), ~uint64_t{0});
    // A *W op never computes wider than 32, even given 64-bit sources.
    EXPECT_EQ(rr(SV_ALU_ADDW, 0x7fffffff, 64, 1, 64), 0xffffffff80000000ull);
}

// §5.5's examples and the brief's hand-worked cases.
TEST(AluExec, MixedWidthExamples)
{
    // add: zero-extended, result at opw zero-extended.
    EXPECT_EQ(rr(SV_ALU_ADD, 0xFF, 8, 0x01, 8), 0u);
    EXPECT_EQ(rr(SV_ALU_ADD, 0xFF, 8, 0x01, 16), 0x100u);
    EXPECT_EQ(rr(SV_ALU_ADD, 0xFFFF, 16, 0xFF, 8), 0xFEu);
    EXPECT_EQ(rr(SV_ALU_SUB, 0, 8, 1, 8), 0xFFu);
    // sra: 8-bit 0x80 >> 1 = 0xC0, sign-extended.
    EXPECT_EQ(rr(SV_ALU_SRA, 0x80, 8, 1, 8), 0xFFFFFFFFFFFFFFC0ull);
    // The 8-bit source is sign-extended to opw 16 first.
    EXPECT_EQ(rr(SV_ALU_SRA, 0x80, 8, 1, 16), 0xFFFFFFFFFFFFFFC0ull);
    EXPECT_EQ(rr(SV_ALU_SRL, 0x80, 8, 1, 16), 0x40u);
    // Shift amount masked to opw - 1: rs1 16-bit, rs2 8-bit -> & 15.
    EXPECT_EQ(rr(SV_ALU_SLL, 1, 16, 17, 8), 2u);
    EXPECT_EQ(rr(SV_ALU_SLL, 1, 16, 15, 8), 0x8000u);
    EXPECT_EQ(rr(SV_ALU_SLL, 0x8001, 16, 1, 8), 2u); // truncated at opw
    EXPECT_EQ(rr(SV_ALU_SRL, 0x8000, 16, 0x1F, 8), 1u);
    // MULH: 8x8 -> >> 8; 16x8 -> >> 16; 32x16 -> >> 32.
    EXPECT_EQ(rr(SV_ALU_MULHU, 0xFF, 8, 0xFF, 8), 0xFEu);
    EXPECT_EQ(rr(SV_ALU_MULH, 0x80, 8, 0x80, 8), 0x40u); // -128 * -128
    EXPECT_EQ(rr(SV_ALU_MULH, 0x80, 8, 0x7F, 8), 0xFFFFFFFFFFFFFFC0ull);
    EXPECT_EQ(rr(SV_ALU_MULH, 0x7FFF, 16, 0x7F, 8), 0x3Fu);
    EXPECT_EQ(rr(SV_ALU_MULHU, 0xFFFF, 16, 0xFF, 8), 0xFEu);
    EXPECT_EQ(rr(SV_ALU_MULHU, 0xFFFFFFFF, 32, 0xFFFF, 16), 0xFFFEu);
    // MULHSU at 8: -1 * 255 = -255 -> high byte 0xFF.
    EXPECT_EQ(rr(SV_ALU_MULHSU, 0xFF, 8, 0xFF, 8), ~uint64_t{0});
    // DIV by zero: all ones at opw (DIV's result sign-extends, DIVU's not).
    EXPECT_EQ(rr(SV_ALU_DIV, 5, 8, 0, 8), ~uint64_t{0});
    EXPECT_EQ(rr(SV_ALU_DIVU, 5, 8, 0, 8), 0xFFu);
    EXPECT_EQ(rr(SV_ALU_DIVU, 5, 16, 0, 8), 0xFFFFu);
    // DIV overflow: most negative / -1 -> most negative.
    EXPECT_EQ(rr(SV_ALU_DIV, 0x80, 8, 0xFF, 8), 0xFFFFFFFFFFFFFF80ull);
    EXPECT_EQ(rr(SV_ALU_DIV, 0x8000, 16, 0xFF, 8), 0xFFFFFFFFFFFF8000ull);
    EXPECT_EQ(rr(SV_ALU_REM, 0x80, 8, 0xFF, 8), 0u);
    // REM by zero: the dividend.
    EXPECT_EQ(rr(SV_ALU_REM, 0x85, 8, 0, 8), 0xFFFFFFFFFFFFFF85ull);
    EXPECT_EQ(rr(SV_ALU_REMU, 0x85, 8, 0, 8), 0x85u);
    EXPECT_EQ(rr(SV_ALU_REMU, 0x85, 8, 0, 64), 0x85u);
    // SLT signed at opw.
    EXPECT_EQ(rr(SV_ALU_SLT, 0x80, 8, 0x01, 8), 1u); // -128 < 1
    EXPECT_EQ(rr(SV_ALU_SLTU, 0x80, 8, 0x01, 8), 0u);
    EXPECT_EQ(rr(SV_ALU_SLT, 0xFF, 8, 0x01, 16), 1u); // -1 < 1 at 16
    EXPECT_EQ(rr(SV_ALU_SLTU, 0xFF, 8, 0xFFFF, 16), 1u);
    // A signed 8-bit source extends to opw 64.
    EXPECT_EQ(rr(SV_ALU_DIV, 0xFC, 8, 2, 64), static_cast<uint64_t>(-2));
}

// Immediates take no part in opw: ADDI with 8-bit rs1 computes at 8 bits.
TEST(AluExec, ImmediateAtSourceWidth)
{
    EXPECT_EQ(ri(SV_ALU_ADD, 0xFF, 8, 1), 0u);
    EXPECT_EQ(ri(SV_ALU_ADD, 0x10, 8, -1), 0x0Fu);
    EXPECT_EQ(ri(SV_ALU_ADD, 0x7F, 8, 2047), 0x7Eu); // 0x7F + 0xFF at 8
    EXPECT_EQ(ri(SV_ALU_ADD, 0x1234, 16, -2048), 0x0A34u);
    EXPECT_EQ(ri(SV_ALU_SLT, 0x80, 8, 0), 1u);
    EXPECT_EQ(ri(SV_ALU_SLTU, 0xFE, 8, -1), 1u); // 0xFE < 0xFF
    EXPECT_EQ(ri(SV_ALU_AND, 0xABCD, 16, -16), 0xABC0u);
    EXPECT_EQ(ri(SV_ALU_XOR, 0x00, 8, -1), 0xFFu);
    EXPECT_EQ(ri(SV_ALU_SLL, 1, 8, 9), 2u); // shamt & 7
    EXPECT_EQ(ri(SV_ALU_SRA, 0x80, 8, 7), ~uint64_t{0});
    EXPECT_EQ(ri(SV_ALU_SRL, 0x80, 8, 7), 1u);
    EXPECT_EQ(ri(SV_ALU_ADD, 5, 64, -6), ~uint64_t{0});
}

TEST(AluExec, Signedness)
{
    for (sv_alu_op op :
         {SV_ALU_SLT, SV_ALU_SRA, SV_ALU_MULH, SV_ALU_MULHSU, SV_ALU_DIV,
          SV_ALU_REM, SV_ALU_ADDW, SV_ALU_SUBW, SV_ALU_SLLW, SV_ALU_SRAW,
          SV_ALU_MULW, SV_ALU_DIVW, SV_ALU_REMW}) {
        EXPECT_TRUE(sv_alu_sources_signed(op)) << name(op);
    }
    for (sv_alu_op op :
         {SV_ALU_ADD, SV_ALU_SUB, SV_ALU_SLL, SV_ALU_SLTU, SV_ALU_XOR,
          SV_ALU_SRL, SV_ALU_OR, SV_ALU_AND, SV_ALU_SRLW, SV_ALU_MUL,
          SV_ALU_MULHU, SV_ALU_DIVU, SV_ALU_REMU, SV_ALU_DIVUW, SV_ALU_REMUW}) {
        EXPECT_FALSE(sv_alu_sources_signed(op)) << name(op);
    }
    for (sv_alu_op op :
         {SV_ALU_ADDW, SV_ALU_SUBW, SV_ALU_SLLW, SV_ALU_SRLW, SV_ALU_SRAW,
          SV_ALU_MULW, SV_ALU_DIVW, SV_ALU_DIVUW, SV_ALU_REMW, SV_ALU_REMUW,
          SV_ALU_SRA, SV_ALU_MULH, SV_ALU_MULHSU, SV_ALU_DIV, SV_ALU_REM}) {
        EXPECT_TRUE(sv_alu_result_signed(op)) << name(op);
    }
    for (sv_alu_op op :
         {SV_ALU_ADD, SV_ALU_SUB, SV_ALU_SLL, SV_ALU_SLT, SV_ALU_SLTU,
          SV_ALU_XOR, SV_ALU_SRL, SV_ALU_OR, SV_ALU_AND, SV_ALU_MUL,
          SV_ALU_MULHU, SV_ALU_DIVU, SV_ALU_REMU}) {
        EXPECT_FALSE(sv_alu_result_signed(op)) << name(op);
    }
    EXPECT_FALSE(sv_alu_sources_signed(SV_ALU_COUNT));
    EXPECT_FALSE(sv_alu_result_signed(SV_ALU_COUNT));
    EXPECT_EQ(sv_alu_exec(SV_ALU_COUNT, 1, 64, 1, 64, false), 0u);
}

// The exported op table (sv_alu_op_info) is the one sv_alu_exec runs.
TEST(AluExec, OpTable)
{
    std::mt19937_64 rng(22);
    for (unsigned k = 0; k < SV_ALU_COUNT; k++) {
        const sv_alu_op op = static_cast<sv_alu_op>(k);
        const sv_alu_info *info = sv_alu_op_info(op);
        ASSERT_NE(info, nullptr) << name(op);
        EXPECT_EQ(info->a_signed, sv_alu_sources_signed(op)) << name(op);
        EXPECT_EQ(info->r_signed, sv_alu_result_signed(op)) << name(op);
        EXPECT_EQ(info->b_signed, info->a_signed && op != SV_ALU_MULHSU)
            << name(op);
        const bool word = op == SV_ALU_ADDW || op == SV_ALU_SUBW ||
                          op == SV_ALU_SLLW || op == SV_ALU_SRLW ||
                          op == SV_ALU_SRAW || op == SV_ALU_MULW ||
                          op == SV_ALU_DIVW || op == SV_ALU_DIVUW ||
                          op == SV_ALU_REMW || op == SV_ALU_REMUW;
        EXPECT_EQ(info->is_word, word) << name(op);
        const sv_alu_op base = static_cast<sv_alu_op>(info->base);
        EXPECT_EQ(info->divides, base == SV_ALU_DIV || base == SV_ALU_DIVU ||
                                     base == SV_ALU_REM || base == SV_ALU_REMU)
            << name(op);
        // The base op at a width below 32 is the op itself (§5.5).
        for (int n = 0; n < 50; n++) {
            const uint64_t a = rng(), b = rng();
            EXPECT_EQ(sv_alu_exec(op, a, 16, b, 16, false) & 0xffff,
                      sv_alu_exec(base, a, 16, b, 16, false) & 0xffff)
                << name(op);
            // low_bits: the result's low 8 bits do not depend on rs1's
            // bits above them (so a wider op's result may be cut).
            if (info->low_bits) {
                const uint64_t a2 = a ^ (rng() << 8);
                EXPECT_EQ(sv_alu_exec(op, a, 64, b, 64, false) & 0xff,
                          sv_alu_exec(op, a2, 64, b, 64, false) & 0xff)
                    << name(op) << std::hex << " " << a << " " << b;
            }
        }
    }
    EXPECT_EQ(sv_alu_op_info(SV_ALU_COUNT), nullptr);
}
