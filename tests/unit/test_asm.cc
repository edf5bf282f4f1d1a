// The SV assembler and formatter (asm.cc, format.cc) through the C ABI:
// translation of the syntax into parcels and key registers, its errors,
// and a decoded block printed back in the syntax.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "svcore.h"

namespace
{

struct Result {
    unsigned errors;
    std::string out, msgs;
};

Result translate(const std::string &src)
{
    char *out = nullptr, *err = nullptr;
    Result r;
    r.errors = sv_asm_translate("t.S", src.data(), src.size(), &out, &err);
    r.out = out;
    r.msgs = err;
    sv_asm_free(out);
    sv_asm_free(err);
    return r;
}

// The .2byte parcels sv-as wrote (header first), as bytes.
std::vector<uint8_t> parcels(const std::string &out)
{
    std::vector<uint8_t> b;
    size_t p = 0;
    while ((p = out.find(".2byte 0x", p)) != std::string::npos) {
        unsigned long v = strtoul(out.c_str() + p + 9, nullptr, 16);
        b.push_back(static_cast<uint8_t>(v));
        b.push_back(static_cast<uint8_t>(v >> 8));
        p += 9;
    }
    return b;
}

std::string format(const std::vector<uint8_t> &bytes)
{
    char buf[4096];
    EXPECT_TRUE(
        sv_format_vblock(bytes.data(), bytes.size(), nullptr, buf, sizeof buf))
        << buf;
    return buf;
}

TEST(Asm, NonSvLinesPassThroughUnchanged)
{
    Result r = translate("  add a0, a1, a2 # c\nfoo:\t.word 1\n");
    EXPECT_EQ(r.errors, 0u);
    EXPECT_EQ(r.out, "  add a0, a1, a2 # c\nfoo:\t.word 1\n");
}

TEST(Asm, OneBlockWithVlBlockAndByteElements)
{
    Result r = translate("sv.vl a4, zero, 64\n"
                         "sv.lb/w=8/ff *x32, 0(a0)\n"
                         "sv.bne/w=8/ff *x32, zero, 1f\n"
                         "1: nop\n");
    ASSERT_EQ(r.errors, 0u) << r.msgs;
    // The kit's strlen block: VL block mode rd, one 8-bit register entry
    // (x32 = key s0), one 16-bit predicate (all ones, fail-on-first).
    std::vector<uint8_t> p = parcels(r.out);
    ASSERT_GE(p.size(), 8u);
    EXPECT_EQ(p[0] | p[1] << 8, 0xb57f);
    EXPECT_EQ(p[2] | p[3] << 8, 0x0fce);
    EXPECT_EQ(p[4], 0xa8); // int, 8-bit, regnum 8: x32
    EXPECT_EQ(p[6] | p[7] << 8, 0x0311);
    EXPECT_NE(r.out.find("lb s0, 0(a0)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(".insn b 0x63, 1, s0, zero, 1f"), std::string::npos)
        << r.out;
}

TEST(Asm, KeysAvoidRegistersTheBlockUses)
{
    Result r = translate("sv.add/vblock t0, *x33, *x41\n");
    ASSERT_EQ(r.errors, 0u) << r.msgs;
    // t0 is written as itself, so the keys are t1 and t2.
    EXPECT_NE(r.out.find("add t0, t1, t2"), std::string::npos) << r.out;
}

TEST(Asm, ErrorsNameFileLineAndRule)
{
    Result r = translate("nop\nsv.fadd.s/w=8/vblock *f32, *f40, *f48\n");
    EXPECT_EQ(r.errors, 1u);
    EXPECT_EQ(r.msgs, "t.S:2: an 8-bit element width on FP register f32: "
                      "SV has no 8-bit FP elements (§5.5)\n");
    r = translate("sv.add/w=8 *x32, *x40, *x48\nsv.add/w=16 *x32, *x40, a1\n");
    EXPECT_EQ(r.errors, 1u);
    EXPECT_NE(r.msgs.find("t.S:2: x32 is used with two element widths"),
              std::string::npos)
        << r.msgs;
}

TEST(Format, PrintsTheSyntaxBack)
{
    // The strlen block above with its opcodes: lb s0,0(a0); bnez s0,+14.
    std::vector<uint8_t> b = {0x7f, 0xb5, 0xce, 0x0f, 0xa8, 0x00, 0x11, 0x03,
                              0x03, 0x04, 0x05, 0x00, 0x63, 0x17, 0x04, 0x00};
    EXPECT_EQ(format(b), "sv.block vl=a4,zero,64\n"
                         "sv.lb/w=8/ff *x32, 0(a0)\n"
                         "sv.bne/w=8/ff *x32, zero, .+14\n"
                         "sv.endblock\n");
}

TEST(Format, RefusesWhatTheSyntaxCannotSay)
{
    char buf[256];
    // A reserved VL block mode 11 (§3.3): does not decode.
    std::vector<uint8_t> b = {0x7f, 0x80, 0x00, 0xc0, 0x00,
                              0x00, 0x01, 0x00, 0x01, 0x00};
    EXPECT_FALSE(
        sv_format_vblock(b.data(), b.size(), nullptr, buf, sizeof buf));
    EXPECT_NE(std::string(buf).find("ILLEGAL_VBLOCK_MALFORMED"),
              std::string::npos)
        << buf;
}

} // namespace
