// Instruction lengths with SV (§3.1, §11.1, A47).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "svcore.h"

namespace
{

struct Case {
    uint16_t parcel0;
    sv_insn_format format;
    unsigned len;
};

void expect_cases(const Case *begin, const Case *end)
{
    for (const Case *c = begin; c != end; ++c) {
        EXPECT_EQ(sv_insn_classify(c->parcel0), c->format)
            << std::hex << c->parcel0;
        // Parcel 1 = 0 only matters to VBLOCK2.
        const uint16_t parcels[2] = {c->parcel0, 0};
        unsigned len = 0;
        EXPECT_EQ(sv_insn_length(parcels, 2, &len), SV_OK);
        EXPECT_EQ(len, c->len) << std::hex << c->parcel0;
    }
}

TEST(Length, FixedFormats)
{
    const Case cases[] = {
        {0x0000, SV_FMT_16, 2},       {0x4501, SV_FMT_16, 2}, // c.li
        {0x8082, SV_FMT_16, 2},       {0xFFFE, SV_FMT_16, 2},
        {0x0013, SV_FMT_32, 4},       {0x0003, SV_FMT_32, 4},
        {0xFFFB, SV_FMT_32, 4}, // bits 4:2 = 110
        {0x001F, SV_FMT_P48, 6},      {0xFF9F, SV_FMT_P48, 6},
        {0x005F, SV_FMT_48_OTHER, 6}, {0xFFDF, SV_FMT_48_OTHER, 6},
        {0x003F, SV_FMT_P64, 8},      {0xFFBF, SV_FMT_P64, 8},
    };
    expect_cases(std::begin(cases), std::end(cases));
}

TEST(Length, VblockEveryNnn)
{
    // 80 + 16nnn bits = 10 + 2nnn bytes; bits outside 14:12 do not count.
    const Case cases[] = {
        {0x007F, SV_FMT_VBLOCK, 10}, {0x107F, SV_FMT_VBLOCK, 12},
        {0x207F, SV_FMT_VBLOCK, 14}, {0x307F, SV_FMT_VBLOCK, 16},
        {0x407F, SV_FMT_VBLOCK, 18}, {0x507F, SV_FMT_VBLOCK, 20},
        {0x607F, SV_FMT_VBLOCK, 22}, {0x8FFF, SV_FMT_VBLOCK, 10},
        {0xEFFF, SV_FMT_VBLOCK, 22},
    };
    expect_cases(std::begin(cases), std::end(cases));
}

TEST(Length, VblockNeedsOnlyOneParcel)
{
    const uint16_t p = 0x607F;
    unsigned len = 0;
    EXPECT_EQ(sv_insn_length(&p, 1, &len), SV_OK);
    EXPECT_EQ(len, 22u);
}

TEST(Length, Vblock2FromIlen)
{
    // A47: 96 + 16ilen bits = 12 + 2ilen bytes, ilen = parcel 1 bits 4:0.
    const struct {
        uint16_t p0, p1;
        unsigned len;
    } cases[] = {
        {0x707F, 0x0000, 12}, {0x707F, 0x001F, 74}, {0x707F, 0x0005, 22},
        {0x707F, 0xFFE0, 12}, {0xFFFF, 0x001F, 74}, {0xF07F, 0x0001, 14},
    };
    for (const auto &c : cases) {
        EXPECT_EQ(sv_insn_classify(c.p0), SV_FMT_VBLOCK2);
        const uint16_t parcels[3] = {c.p0, c.p1, 0xFFFF};
        unsigned len = 0;
        EXPECT_EQ(sv_insn_length(parcels, 3, &len), SV_OK);
        EXPECT_EQ(len, c.len) << std::hex << c.p0 << " " << c.p1;
    }
    EXPECT_EQ(SV_MAX_INSN_LEN, 74);
}

TEST(Length, Vblock2NeedsParcel1)
{
    const uint16_t p = 0x707F;
    unsigned len = 1234;
    EXPECT_EQ(sv_insn_length(&p, 1, &len), SV_NEED_MORE_BYTES);
    EXPECT_EQ(len, 1234u);
}

// The standard length encoding is total: every first parcel has a
// format, SV_FMT_RESERVED never occurs, and the counts per format are
// 3/4 (16), 1/4 - 1/32 (32), 1/64 (48, split by bit 6), 1/128 (64) and
// 1/128 (>= 80, of which 1/8 is VBLOCK2).
TEST(Length, ClassificationIsTotal)
{
    unsigned count[SV_FMT_RESERVED + 1] = {};
    unsigned longest = 0;
    for (unsigned p = 0; p <= 0xFFFF; p++) {
        const sv_insn_format f = sv_insn_classify(static_cast<uint16_t>(p));
        ASSERT_LE(f, SV_FMT_RESERVED);
        count[f]++;
        const uint16_t parcels[2] = {static_cast<uint16_t>(p), 0x1F};
        unsigned len = 0;
        ASSERT_EQ(sv_insn_length(parcels, 2, &len), SV_OK) << std::hex << p;
        EXPECT_GE(len, 2u);
        EXPECT_EQ(len % 2, 0u);
        longest = std::max(longest, len);
    }
    EXPECT_EQ(count[SV_FMT_16], 49152u);
    EXPECT_EQ(count[SV_FMT_32], 14336u);
    EXPECT_EQ(count[SV_FMT_P48], 512u);
    EXPECT_EQ(count[SV_FMT_48_OTHER], 512u);
    EXPECT_EQ(count[SV_FMT_P64], 512u);
    EXPECT_EQ(count[SV_FMT_VBLOCK], 448u);
    EXPECT_EQ(count[SV_FMT_VBLOCK2], 64u);
    EXPECT_EQ(count[SV_FMT_RESERVED], 0u);
    EXPECT_EQ(longest, unsigned{SV_MAX_INSN_LEN});
}

} // namespace
