// STATE, SVPSTATE and PCVBLK (§1.3-§1.8, A1-A5, A12, A13, A25, A53).
// Every expected word is worked out by hand in the comment beside it.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>

#include "svcore.h"

namespace
{

std::string describe(const sv_state_fields &f)
{
    std::ostringstream s;
    s << "maxvl=" << +f.maxvl << " vl=" << +f.vl << " srcoffs=" << +f.srcoffs
      << " destoffs=" << +f.destoffs << " subvl=" << +f.subvl
      << " dsvoffs=" << +f.dsvoffs;
    return s.str();
}

std::string describe(const sv_pcvblk_fields &f)
{
    std::ostringstream s;
    s << "status=" << +f.status << " vlset=" << +f.vlset << " nnn=" << +f.nnn
      << " hdr11_7=" << +f.hdr11_7 << " vblock2=" << f.vblock2
      << " opptr=" << +f.opptr;
    return s.str();
}

sv_state_fields fields(uint8_t maxvl, uint8_t vl, uint8_t srcoffs,
                       uint8_t destoffs, uint8_t subvl, uint8_t dsvoffs)
{
    sv_state_fields f;
    f.maxvl = maxvl;
    f.vl = vl;
    f.srcoffs = srcoffs;
    f.destoffs = destoffs;
    f.subvl = subvl;
    f.dsvoffs = dsvoffs;
    return f;
}

using Gpr = std::array<uint64_t, 32>;

// ---------------------------------------------------------------- layout

TEST(StatePack, EachFieldAlone)
{
    EXPECT_EQ(sv_state_pack(fields(1, 0, 0, 0, 0, 0)), 0x00000001u);
    EXPECT_EQ(sv_state_pack(fields(0, 1, 0, 0, 0, 0)), 0x00000040u); // 1<<6
    EXPECT_EQ(sv_state_pack(fields(0, 0, 1, 0, 0, 0)), 0x00001000u); // 1<<12
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0, 1, 0, 0)), 0x00040000u); // 1<<18
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0, 0, 1, 0)), 0x01000000u); // 1<<24
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0, 0, 0, 1)), 0x04000000u); // 1<<26
}

TEST(StatePack, MixedAndFull)
{
    // 0x3F | 0x1F<<6=0x7C0 | 0x2A<<12=0x2A000 | 0x15<<18=0x540000 |
    // 3<<24=0x3000000 | 2<<26=0x8000000 = 0x0B56A7FF
    EXPECT_EQ(sv_state_pack(fields(0x3F, 0x1F, 0x2A, 0x15, 3, 2)), 0x0B56A7FFu);
    // Every field at its maximum fills bits 27:0.
    EXPECT_EQ(sv_state_pack(fields(0x3F, 0x3F, 0x3F, 0x3F, 3, 3)), 0x0FFFFFFFu);
}

TEST(StatePack, OverWideFieldsAreTruncated)
{
    EXPECT_EQ(sv_state_pack(fields(0xFF, 0, 0, 0, 0, 0)), 0x0000003Fu);
    EXPECT_EQ(sv_state_pack(fields(0x40, 0, 0, 0, 0, 0)), 0x00000000u);
    EXPECT_EQ(sv_state_pack(fields(0, 0x7F, 0, 0, 0, 0)), 0x00000FC0u);
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0xC1, 0, 0, 0)), 0x00001000u);
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0, 0x80, 0, 0)), 0x00000000u);
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0, 0, 7, 0)), 0x03000000u);
    // dsvoffs 0xFF keeps 2 bits and must not reach the reserved 31:28.
    EXPECT_EQ(sv_state_pack(fields(0, 0, 0, 0, 0, 0xFF)), 0x0C000000u);
    EXPECT_EQ(sv_state_pack(fields(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)),
              0x0FFFFFFFu);
}

TEST(StateUnpack, Fields)
{
    EXPECT_EQ(describe(sv_state_unpack(0x0B56A7FF)),
              describe(fields(0x3F, 0x1F, 0x2A, 0x15, 3, 2)));
    EXPECT_EQ(describe(sv_state_unpack(0)), describe(fields(0, 0, 0, 0, 0, 0)));
    // The reserved nibble is ignored.
    EXPECT_EQ(describe(sv_state_unpack(0xFFFFFFFF)),
              describe(fields(0x3F, 0x3F, 0x3F, 0x3F, 3, 3)));
    // 0x06083147 = maxvl 7, vl 5, srcoffs 3, destoffs 2, subvl 2, dsvoffs 1
    EXPECT_EQ(describe(sv_state_unpack(0x06083147)),
              describe(fields(7, 5, 3, 2, 2, 1)));
}

TEST(StateUnpack, RoundTrip)
{
    const uint32_t words[] = {0x0B56A7FF, 0x0FFFFFFF, 0x06083147,
                              0x00000001, 0x0A5A5A5A, 0x05A5A5A5};
    for (uint32_t w : words) {
        EXPECT_EQ(sv_state_pack(sv_state_unpack(w)), w) << std::hex << w;
    }
}

TEST(StateAccessors, OffsetByOne)
{
    EXPECT_EQ(sv_state_mvl(0), 1u);
    EXPECT_EQ(sv_state_mvl(0x3F), 64u);
    EXPECT_EQ(sv_state_mvl(0x0B56A7C7), 8u);
    EXPECT_EQ(sv_state_subvl(0), 1u);
    EXPECT_EQ(sv_state_subvl(0x03000000), 4u);
    EXPECT_EQ(sv_state_subvl(0x01000000), 2u);
    EXPECT_EQ(sv_state_vl_reg(0x0B56A7FF), 31u);
    EXPECT_EQ(sv_state_vl_reg(0x00000140), 5u); // 5<<6
    EXPECT_EQ(sv_svpstate_vl(0), 1u);
    EXPECT_EQ(sv_svpstate_vl(0x00000FC0), 64u);
    EXPECT_EQ(sv_svpstate_vl(0x000001C0), 8u); // vl field 7
}

// ------------------------------------------------------------ effective VL

TEST(EffectiveVl, RegisterZeroMeansOne)
{
    // A50: STATE.vl = x0 is scalar, whatever the "register" holds.
    EXPECT_EQ(sv_effective_vl(0x00000007, 100), 1u);
    EXPECT_EQ(sv_effective_vl(0x00000007, 0), 1u);
}

TEST(EffectiveVl, ClampedToMvl)
{
    const uint32_t s = 0x00000147;        // maxvl 7 (MVL 8), vl x5
    EXPECT_EQ(sv_effective_vl(s, 0), 0u); // A40: 0 is possible
    EXPECT_EQ(sv_effective_vl(s, 3), 3u);
    EXPECT_EQ(sv_effective_vl(s, 8), 8u);
    EXPECT_EQ(sv_effective_vl(s, 9), 8u); // A39: clamp, no trap
    // No truncation of the 64-bit register to 32 bits (would give 3).
    EXPECT_EQ(sv_effective_vl(s, 0x100000003ull), 8u);
    EXPECT_EQ(sv_effective_vl(0x0000017F, 64), 64u); // MVL 64
}

// ------------------------------------------------------------------- MVL

TEST(WriteMvl, SetsOnlyMaxvl)
{
    uint32_t s = 0x0B56A7C0; // every field but maxvl (0) non-zero
    EXPECT_EQ(sv_csr_write_mvl(&s, 64, 64), SV_OK);
    EXPECT_EQ(s, 0x0B56A7FFu);
    // Shrinking MVL does not clamp the offsets.
    EXPECT_EQ(sv_csr_write_mvl(&s, 1, 64), SV_OK);
    EXPECT_EQ(s, 0x0B56A7C0u);
    EXPECT_EQ(sv_csr_write_mvl(&s, 8, 64), SV_OK);
    EXPECT_EQ(s, 0x0B56A7C7u);
}

TEST(WriteMvl, RangeXlen64)
{
    uint32_t s = 0x0B56A7C7;
    EXPECT_EQ(sv_csr_write_mvl(&s, 0, 64), SV_ILLEGAL_MVL_RANGE);
    EXPECT_EQ(sv_csr_write_mvl(&s, 65, 64), SV_ILLEGAL_MVL_RANGE);
    // 2^32 + 1 must not be truncated to 1.
    EXPECT_EQ(sv_csr_write_mvl(&s, 0x100000001ull, 64), SV_ILLEGAL_MVL_RANGE);
    EXPECT_EQ(sv_csr_write_mvl(&s, ~0ull, 64), SV_ILLEGAL_MVL_RANGE);
    EXPECT_EQ(s, 0x0B56A7C7u);
}

TEST(WriteMvl, RangeXlen32)
{
    uint32_t s = 0;
    EXPECT_EQ(sv_csr_write_mvl(&s, 33, 32), SV_ILLEGAL_MVL_RANGE);
    EXPECT_EQ(sv_csr_write_mvl(&s, 64, 32), SV_ILLEGAL_MVL_RANGE);
    EXPECT_EQ(s, 0u);
    EXPECT_EQ(sv_csr_write_mvl(&s, 32, 32), SV_OK);
    EXPECT_EQ(s, 0x0000001Fu);
}

// -------------------------------------------------------------------- VL

class WriteVl : public ::testing::Test
{
  protected:
    void SetUp() override
    {
        gpr.fill(0);
        gpr[0] = 0xFFFF; // must read as 0
        gpr[5] = 8;
        gpr[6] = 9;
        gpr[7] = 64;
        gpr[8] = 65;
        gpr[9] = 0x100000000ull; // 2^32: not 0 after truncation
    }
    Gpr gpr;
    // maxvl 7 (0x7) | vl 1 (0x40) | srcoffs 3 (0x3000) | destoffs 4
    // (0x100000) | subvl 3 (0x3000000) | dsvoffs 2 (0x8000000)
    uint32_t s = 0x0B103047;
};

TEST_F(WriteVl, SetsRegisterAndResetsOffsets)
{
    // maxvl 7 | vl 5<<6=0x140 | subvl 3<<24
    EXPECT_EQ(sv_csr_write_vl(&s, 5, gpr.data()), SV_OK);
    EXPECT_EQ(s, 0x03000147u);
}

TEST_F(WriteVl, ContentsMustFitMvl)
{
    EXPECT_EQ(sv_csr_write_vl(&s, 6, gpr.data()), SV_ILLEGAL_VL_EXCEEDS_MVL);
    EXPECT_EQ(sv_csr_write_vl(&s, 9, gpr.data()), SV_ILLEGAL_VL_EXCEEDS_MVL);
    EXPECT_EQ(s, 0x0B103047u);
    uint32_t big = 0x0000003F; // MVL 64
    EXPECT_EQ(sv_csr_write_vl(&big, 8, gpr.data()), SV_ILLEGAL_VL_EXCEEDS_MVL);
    EXPECT_EQ(sv_csr_write_vl(&big, 7, gpr.data()), SV_OK);
    EXPECT_EQ(big, 0x000001FFu); // 0x3F | 7<<6
}

TEST_F(WriteVl, RegisterZeroIgnoresItsContents)
{
    EXPECT_EQ(sv_csr_write_vl(&s, 0, gpr.data()), SV_OK);
    EXPECT_EQ(s, 0x03000007u);
}

TEST_F(WriteVl, RegisterRange)
{
    // x31 holds 0, which fits: 0x03000007 | 31<<6=0x7C0
    EXPECT_EQ(sv_csr_write_vl(&s, 31, gpr.data()), SV_OK);
    EXPECT_EQ(s, 0x030007C7u);
    EXPECT_EQ(sv_csr_write_vl(&s, 32, gpr.data()), SV_ILLEGAL_VL_REGISTER);
    EXPECT_EQ(sv_csr_write_vl(&s, 63, gpr.data()), SV_ILLEGAL_VL_REGISTER);
    // 2^32 + 5 must not be truncated to 5.
    EXPECT_EQ(sv_csr_write_vl(&s, 0x100000005ull, gpr.data()),
              SV_ILLEGAL_VL_REGISTER);
    EXPECT_EQ(s, 0x030007C7u);
}

// ----------------------------------------------------------------- SUBVL

TEST(WriteSubvl, SetsAndClampsDsvoffs)
{
    uint32_t s = 0x0F000147; // subvl 3, dsvoffs 3, maxvl 7, vl 5
    EXPECT_EQ(sv_csr_write_subvl(&s, 4), SV_OK);
    EXPECT_EQ(s, 0x0F000147u);
    // subvl 1 (0x1000000), dsvoffs min(3, 1) = 1 (0x4000000)
    EXPECT_EQ(sv_csr_write_subvl(&s, 2), SV_OK);
    EXPECT_EQ(s, 0x05000147u);
    EXPECT_EQ(sv_csr_write_subvl(&s, 1), SV_OK);
    EXPECT_EQ(s, 0x00000147u);
    // Growing SUBVL leaves dsvoffs at 0: subvl 2 -> 0x2000000.
    EXPECT_EQ(sv_csr_write_subvl(&s, 3), SV_OK);
    EXPECT_EQ(s, 0x02000147u);
}

TEST(WriteSubvl, Range)
{
    uint32_t s = 0x02000147;
    EXPECT_EQ(sv_csr_write_subvl(&s, 0), SV_ILLEGAL_SUBVL_RANGE);
    EXPECT_EQ(sv_csr_write_subvl(&s, 5), SV_ILLEGAL_SUBVL_RANGE);
    EXPECT_EQ(sv_csr_write_subvl(&s, 0x100000002ull), SV_ILLEGAL_SUBVL_RANGE);
    EXPECT_EQ(s, 0x02000147u);
}

// ----------------------------------------------------------------- STATE

class WriteState : public ::testing::Test
{
  protected:
    void SetUp() override
    {
        gpr.fill(0);
        gpr[0] = 100; // must read as 0
        gpr[5] = 4;
        gpr[6] = 100;
        gpr[7] = 40;
    }
    Gpr gpr;
    uint32_t s = 0x0000003F; // old value: MVL 64, nothing else
};

TEST_F(WriteState, ReservedBits)
{
    const uint64_t bad[] = {0x10000000, 0x80000000, 0x100000000ull, 1ull << 63,
                            0xFFFFFFFF00000000ull};
    for (uint64_t v : bad) {
        EXPECT_EQ(sv_csr_write_state(&s, v, gpr.data(), 64),
                  SV_ILLEGAL_STATE_RESERVED)
            << std::hex << v;
    }
    // Reserved wins over a bad vl (32<<6 = 0x800).
    EXPECT_EQ(sv_csr_write_state(&s, 0x10000800, gpr.data(), 64),
              SV_ILLEGAL_STATE_RESERVED);
    EXPECT_EQ(s, 0x0000003Fu);
}

TEST_F(WriteState, VlMustNameX0ToX31)
{
    EXPECT_EQ(sv_csr_write_state(&s, 0x00000800, gpr.data(), 64),
              SV_ILLEGAL_VL_REGISTER);
    EXPECT_EQ(sv_csr_write_state(&s, 0x00000FC0, gpr.data(), 64),
              SV_ILLEGAL_VL_REGISTER);
    EXPECT_EQ(s, 0x0000003Fu);
    EXPECT_EQ(sv_csr_write_state(&s, 0x000007C0, gpr.data(), 64), SV_OK);
}

TEST_F(WriteState, InRangeValueStoredAsIs)
{
    // maxvl 7, vl x5 (VL 4), srcoffs 3, destoffs 2, subvl 2, dsvoffs 1
    EXPECT_EQ(sv_csr_write_state(&s, 0x06083147, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x06083147u);
}

TEST_F(WriteState, OffsetsClampedToEffectiveVl)
{
    // maxvl 7, vl x5 (VL = 4), srcoffs 0x3F, destoffs 0x3F, subvl 2,
    // dsvoffs 3: 0x7|0x140|0x3F000|0xFC0000|0x2000000|0xC000000
    // -> srcoffs 3 (0x3000), destoffs 3 (0xC0000), dsvoffs 2 (0x8000000)
    EXPECT_EQ(sv_csr_write_state(&s, 0x0EFFF147, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x0A0C3147u);
}

TEST_F(WriteState, EffectiveVlUsesTheNewMvl)
{
    // maxvl 3 (MVL 4), vl x6 (100 -> VL 4), srcoffs 0x3F, destoffs 5:
    // 0x3|0x180|0x3F000|0x140000; the old MVL (64) would keep them.
    EXPECT_EQ(sv_csr_write_state(&s, 0x0017F183, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x000C3183u); // srcoffs 3, destoffs 3
}

TEST_F(WriteState, ZeroVlClampsOffsetsToZero)
{
    gpr[5] = 0;
    // maxvl 7, vl x5 (VL 0), srcoffs 5, destoffs 6: 0x7|0x140|0x5000|0x180000
    EXPECT_EQ(sv_csr_write_state(&s, 0x00185147, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x00000147u);
}

TEST_F(WriteState, RegisterZeroIsVlOne)
{
    // vl x0 (VL 1 although gpr[0] = 100), srcoffs 5, destoffs 6
    EXPECT_EQ(sv_csr_write_state(&s, 0x00185007, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x00000007u);
}

TEST_F(WriteState, MaxvlClampedXlen32)
{
    EXPECT_EQ(sv_csr_write_state(&s, 0x3F, gpr.data(), 32), SV_OK);
    EXPECT_EQ(s, 0x1Fu);
    EXPECT_EQ(sv_csr_write_state(&s, 0x20, gpr.data(), 32), SV_OK);
    EXPECT_EQ(s, 0x1Fu);
    EXPECT_EQ(sv_csr_write_state(&s, 0x1F, gpr.data(), 32), SV_OK);
    EXPECT_EQ(s, 0x1Fu);
    EXPECT_EQ(sv_csr_write_state(&s, 0x3F, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x3Fu);
}

TEST_F(WriteState, MaxvlAndOffsetClampsCombine)
{
    // maxvl 0x3F, vl x7 (40), srcoffs 63, destoffs 32:
    // 0x3F|0x1C0|0x3F000|0x800000 = 0x0083F1FF
    // xlen 32: MVL 32, VL 32 -> srcoffs 31, destoffs 31:
    // 0x1F|0x1C0|0x1F000|0x7C0000 = 0x007DF1DF
    EXPECT_EQ(sv_csr_write_state(&s, 0x0083F1FF, gpr.data(), 32), SV_OK);
    EXPECT_EQ(s, 0x007DF1DFu);
    // xlen 64: MVL 64, VL 40 -> srcoffs 39 (0x27000), destoffs 32 kept
    EXPECT_EQ(sv_csr_write_state(&s, 0x0083F1FF, gpr.data(), 64), SV_OK);
    EXPECT_EQ(s, 0x008271FFu);
}

// -------------------------------------------------------------- SVPSTATE

TEST(WriteSvpstate, ReservedBits)
{
    uint32_t s = 0x123;
    EXPECT_EQ(sv_csr_write_svpstate(&s, 0x10000000, 64),
              SV_ILLEGAL_STATE_RESERVED);
    EXPECT_EQ(sv_csr_write_svpstate(&s, 1ull << 40, 32),
              SV_ILLEGAL_STATE_RESERVED);
    EXPECT_EQ(s, 0x123u);
}

TEST(WriteSvpstate, VlIsALengthClampedToMvl)
{
    uint32_t s = 0;
    // maxvl 7, vl 0x3F (VL 64), srcoffs 0x3F, destoffs 2, subvl 1,
    // dsvoffs 3: 0x7|0xFC0|0x3F000|0x80000|0x1000000|0xC000000
    // -> vl 7 (0x1C0), srcoffs 7 (0x7000), destoffs 2, dsvoffs 1
    EXPECT_EQ(sv_csr_write_svpstate(&s, 0x0D0BFFC7, 64), SV_OK);
    EXPECT_EQ(s, 0x050871C7u);
}

TEST(WriteSvpstate, VlFieldZeroIsLengthOne)
{
    uint32_t s = 0;
    EXPECT_EQ(sv_csr_write_svpstate(&s, 0x00005007, 64), SV_OK); // srcoffs 5
    EXPECT_EQ(s, 0x00000007u);
}

TEST(WriteSvpstate, MaxvlClampedToXlen)
{
    uint32_t s = 0;
    // vl 63 is a legal length here (no register-number check).
    EXPECT_EQ(sv_csr_write_svpstate(&s, 0x00000FFF, 64), SV_OK);
    EXPECT_EQ(s, 0x00000FFFu);
    EXPECT_EQ(sv_svpstate_vl(s), 64u);
    // xlen 32: maxvl 0x1F, vl 0x1F (0x7C0)
    EXPECT_EQ(sv_csr_write_svpstate(&s, 0x00000FFF, 32), SV_OK);
    EXPECT_EQ(s, 0x000007DFu);
    // Offsets follow the clamped VL: srcoffs 63 -> 31 (0x1F000),
    // destoffs 40 -> 31 (0x7C0000)
    EXPECT_EQ(sv_csr_write_svpstate(&s, 0x00A3FFFF, 32), SV_OK);
    EXPECT_EQ(s, 0x007DF7DFu);
}

// ---------------------------------------------------------------- PCVBLK

sv_pcvblk_fields pfields(uint8_t status, uint8_t vlset, uint8_t nnn,
                         uint8_t hdr11_7, uint16_t vblock2, uint8_t opptr)
{
    sv_pcvblk_fields f;
    f.status = status;
    f.vlset = vlset;
    f.nnn = nnn;
    f.hdr11_7 = hdr11_7;
    f.vblock2 = vblock2;
    f.opptr = opptr;
    return f;
}

TEST(PcvblkPack, EachFieldAlone)
{
    EXPECT_EQ(sv_pcvblk_pack(pfields(1, 0, 0, 0, 0, 0)), 0x40000000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 1, 0, 0, 0, 0)), 0x20000000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 1, 0, 0, 0)), 0x04000000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0, 1, 0, 0)), 0x00200000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0, 0, 1, 0)), 0x00000020u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0, 0, 0, 1)), 0x00000001u);
}

TEST(PcvblkPack, MixedAndTruncated)
{
    // 3<<30 | 1<<29 | 5<<26=0x14000000 | 0x15<<21=0x2A00000 |
    // 0xABCD<<5=0x1579A0 | 0x1A = 0xF6B579BA
    EXPECT_EQ(sv_pcvblk_pack(pfields(3, 1, 5, 0x15, 0xABCD, 0x1A)),
              0xF6B579BAu);
    EXPECT_EQ(sv_pcvblk_pack(pfields(7, 0, 0, 0, 0, 0)), 0xC0000000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 2, 0, 0, 0, 0)), 0x00000000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0xF, 0, 0, 0)), 0x1C000000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0, 0x3F, 0, 0)), 0x03E00000u);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0, 0, 0, 0x3F)), 0x0000001Fu);
    EXPECT_EQ(sv_pcvblk_pack(pfields(0, 0, 0, 0, 0xFFFF, 0)), 0x001FFFE0u);
}

TEST(PcvblkUnpack, Fields)
{
    EXPECT_EQ(describe(sv_pcvblk_unpack(0xF6B579BA)),
              describe(pfields(3, 1, 5, 0x15, 0xABCD, 0x1A)));
    EXPECT_EQ(describe(sv_pcvblk_unpack(0xFFFFFFFF)),
              describe(pfields(3, 1, 7, 0x1F, 0xFFFF, 0x1F)));
    EXPECT_EQ(describe(sv_pcvblk_unpack(0)),
              describe(pfields(0, 0, 0, 0, 0, 0)));
    const uint32_t words[] = {0xF6B579BA, 0xFFFFFFFF, 0x5A5A5A5A, 0xA5A5A5A5};
    for (uint32_t w : words) {
        EXPECT_EQ(sv_pcvblk_pack(sv_pcvblk_unpack(w)), w) << std::hex << w;
    }
}

TEST(PcvblkHeader, Reconstructed)
{
    // vlset 0x8000 | nnn 5<<12=0x5000 | 0x15<<7=0xA80 | 0x7F
    EXPECT_EQ(sv_pcvblk_header(0xF6B579BA), 0xDAFF);
    EXPECT_EQ(sv_pcvblk_header(0), 0x007F);
    // status, vblock2 and opptr do not leak in.
    EXPECT_EQ(sv_pcvblk_header(0xC01FFFFF), 0x007F);
    EXPECT_EQ(sv_pcvblk_header(0xFFFFFFFF), 0xFFFF);
}

TEST(WritePcvblk, OnlyWhileExecuting)
{
    const uint32_t idle[] = {0x00000000, 0x40000000, 0x80000000, 0x3FFFFFFF};
    for (uint32_t w : idle) {
        uint32_t p = w;
        EXPECT_EQ(sv_csr_write_pcvblk(&p, 0), SV_ILLEGAL_PCVBLK_INACTIVE);
        EXPECT_EQ(p, w);
    }
}

TEST(WritePcvblk, SmallestBlock)
{
    // Status 3, header 0x007F: 10 bytes, opcodes at 2, 8 bytes = opptr 0..3.
    uint32_t p = 0xC0000002;
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 3), SV_OK);
    EXPECT_EQ(p, 0xC0000003u);
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 0), SV_OK);
    EXPECT_EQ(p, 0xC0000000u);
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 4), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 0x100000000ull), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(p, 0xC0000000u);
}

TEST(WritePcvblk, OnlyOpptrChanges)
{
    // status 3, vlset, nnn 6 (22 bytes), hdr11_7 0x09 (rplen 1, rmode 1):
    // VL block 2, one 16-bit reg entry 4..5, one 8-bit pred 6 (+pad),
    // opcodes 8..21 = opptr 0..6.  vblock2 0x1234 is cached but unused.
    // 0xC0000000|0x20000000|0x18000000|0x09<<21=0x1200000|0x1234<<5=0x24680
    uint32_t p = 0xF9224680;
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 6), SV_OK);
    EXPECT_EQ(p, 0xF9224686u);
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 7), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(p, 0xF9224686u);
}

TEST(WritePcvblk, OpptrWidthLimitsVblock2)
{
    // status 3, nnn 7, vblock2 ilen 31 (0x1F<<5 = 0x3E0): 74 bytes,
    // opcodes at 4, 70 bytes, but opptr stops at 31 (A13).
    uint32_t p = 0xDC0003E0;
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 31), SV_OK);
    EXPECT_EQ(p, 0xDC0003FFu);
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 32), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 34), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(p, 0xDC0003FFu);
}

TEST(WritePcvblk, UndecodableCachedBlock)
{
    // VBLOCK2 with swlen bit set (0x24<<5 = 0x480).
    uint32_t p = 0xDC000480;
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 0), SV_ILLEGAL_PCVBLK_RANGE);
    // nnn 0 with eight 8-bit reg entries (hdr11_7 0x18): no opcode room.
    p = 0xC3000000;
    EXPECT_EQ(sv_csr_write_pcvblk(&p, 0), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(p, 0xC3000000u);
}

} // namespace

// Contract C3: the twelve SV CSR numbers, and no neighbour of them.
TEST(CsrNumbers, ExactlyTheContractSet)
{
    const unsigned contract[] = {0x800, 0x801, 0x802, 0x803, 0x804, 0x805,
                                 0x5D0, 0x5D1, 0x5D2, 0x7D0, 0x7D1, 0x7D2};
    unsigned found = 0;
    for (unsigned csr = 0; csr < 0x1000; csr++) {
        bool in_contract = false;
        for (unsigned c : contract) {
            in_contract |= c == csr;
        }
        EXPECT_EQ(sv_is_csr(csr), in_contract) << std::hex << csr;
        found += sv_is_csr(csr);
    }
    EXPECT_EQ(found, 12u);
}
