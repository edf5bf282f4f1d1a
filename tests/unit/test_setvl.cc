// sv.setvl rd, rs1, VLMAX (§2.1, A7).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "svcore.h"

namespace
{

sv_setvl_insn setvl(uint8_t rd, uint8_t rs1, uint16_t vlmax)
{
    sv_setvl_insn i;
    i.rd = rd;
    i.rs1 = rs1;
    i.vlmax = vlmax;
    return i;
}

// sv.setvl t0, a0, 8: 8<<20=0x800000 | 10<<15=0x50000 | 7<<12=0x7000 |
// 5<<7=0x280 | 0x57
constexpr uint32_t setvl_t0_a0_8 = 0x008572D7;

TEST(SetvlSpace, OpVFunct3Seven)
{
    EXPECT_TRUE(sv_is_setvl_space(0x00007057));
    EXPECT_TRUE(sv_is_setvl_space(setvl_t0_a0_8));
    EXPECT_TRUE(sv_is_setvl_space(0x80007057));  // the reserved half too
    EXPECT_TRUE(sv_is_setvl_space(0xFFFFFFD7));  // 0xD7 & 0x7F = 0x57
    EXPECT_FALSE(sv_is_setvl_space(0x00006057)); // funct3 6
    EXPECT_FALSE(sv_is_setvl_space(0x00003057)); // funct3 3
    EXPECT_FALSE(sv_is_setvl_space(0x00007053)); // OP-FP
    EXPECT_FALSE(sv_is_setvl_space(0x000070D3)); // OP-FP, rd bit 0 set
    EXPECT_FALSE(sv_is_setvl_space(0x00007077)); // bit 5 differs
    EXPECT_FALSE(sv_is_setvl_space(0xFFFFFFFF));
    EXPECT_FALSE(sv_is_setvl_space(0));
}

TEST(SetvlDecode, Fields)
{
    sv_setvl_insn i{};
    ASSERT_EQ(sv_setvl_decode(setvl_t0_a0_8, &i), SV_OK);
    EXPECT_EQ(i.rd, 5);
    EXPECT_EQ(i.rs1, 10);
    EXPECT_EQ(i.vlmax, 8);
    // Every field at its maximum: rd 31, rs1 31, VLMAX 0x7FF.
    ASSERT_EQ(sv_setvl_decode(0x7FFFFFD7, &i), SV_OK);
    EXPECT_EQ(i.rd, 31);
    EXPECT_EQ(i.rs1, 31);
    EXPECT_EQ(i.vlmax, 0x7FF);
    // sv.setvl x1, x2, 64: 64<<20=0x4000000 | 2<<15=0x10000 | 0x7000 |
    // 1<<7=0x80 | 0x57
    ASSERT_EQ(sv_setvl_decode(0x040170D7, &i), SV_OK);
    EXPECT_EQ(i.rd, 1);
    EXPECT_EQ(i.rs1, 2);
    EXPECT_EQ(i.vlmax, 64);
}

TEST(SetvlDecode, Bit31Reserved)
{
    sv_setvl_insn i = setvl(1, 2, 3);
    EXPECT_EQ(sv_setvl_decode(setvl_t0_a0_8 | 0x80000000u, &i),
              SV_ILLEGAL_SETVL_RESERVED);
    EXPECT_EQ(sv_setvl_decode(0x80007057, &i), SV_ILLEGAL_SETVL_RESERVED);
}

class SetvlExec : public ::testing::Test
{
  protected:
    // maxvl 0x3F | vl 3<<6=0xC0 | srcoffs 5<<12 | destoffs 6<<18 |
    // subvl 2<<24 | dsvoffs 1<<26
    uint32_t s = 0x061850FF;
    uint64_t rd_value = 0xDEAD;
};

TEST_F(SetvlExec, SetsMvlVlAndResetsOffsets)
{
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 10, 8), 3, 64, &rd_value), SV_OK);
    // maxvl 7 | vl 5<<6=0x140 | subvl 2 kept
    EXPECT_EQ(s, 0x02000147u);
    EXPECT_EQ(rd_value, 3u);
}

TEST_F(SetvlExec, RdValueIsMinOfRs1AndVlmax)
{
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 10, 8), 8, 64, &rd_value), SV_OK);
    EXPECT_EQ(rd_value, 8u);
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 10, 8), 100, 64, &rd_value), SV_OK);
    EXPECT_EQ(rd_value, 8u);
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 10, 8), 0, 64, &rd_value), SV_OK);
    EXPECT_EQ(rd_value, 0u);
    // 2^32 + 1 is large, not 1.
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 10, 8), 0x100000001ull, 64, &rd_value),
              SV_OK);
    EXPECT_EQ(rd_value, 8u);
}

TEST_F(SetvlExec, Rs1ZeroMeansVlmax)
{
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 0, 8), 3, 64, &rd_value), SV_OK);
    EXPECT_EQ(rd_value, 8u);
}

TEST_F(SetvlExec, RdZeroTurnsVectorisationOff)
{
    EXPECT_EQ(sv_setvl_exec(&s, setvl(0, 10, 8), 3, 64, &rd_value), SV_OK);
    EXPECT_EQ(s, 0x02000007u);
    EXPECT_EQ(rd_value, 3u); // still produced; the caller drops it
}

TEST_F(SetvlExec, VlmaxRangeXlen64)
{
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 0, 64), 0, 64, &rd_value), SV_OK);
    EXPECT_EQ(s, 0x0200017Fu); // maxvl 0x3F | 0x140
    EXPECT_EQ(rd_value, 64u);
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 0, 1), 0, 64, &rd_value), SV_OK);
    EXPECT_EQ(s, 0x02000140u);
    EXPECT_EQ(rd_value, 1u);
    const uint16_t bad[] = {0, 65, 0x400, 0x7FF};
    for (uint16_t v : bad) {
        EXPECT_EQ(sv_setvl_exec(&s, setvl(6, 0, v), 0, 64, &rd_value),
                  SV_ILLEGAL_SETVL_VLMAX)
            << v;
        EXPECT_EQ(s, 0x02000140u);
    }
}

TEST_F(SetvlExec, VlmaxRangeXlen32)
{
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 0, 33), 0, 32, &rd_value),
              SV_ILLEGAL_SETVL_VLMAX);
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 0, 64), 0, 32, &rd_value),
              SV_ILLEGAL_SETVL_VLMAX);
    EXPECT_EQ(s, 0x061850FFu);
    EXPECT_EQ(sv_setvl_exec(&s, setvl(5, 0, 32), 0, 32, &rd_value), SV_OK);
    EXPECT_EQ(s, 0x0200015Fu); // maxvl 0x1F | 0x140
    EXPECT_EQ(rd_value, 32u);
}

TEST(Setvl, DecodeThenExec)
{
    sv_setvl_insn i{};
    ASSERT_EQ(sv_setvl_decode(setvl_t0_a0_8, &i), SV_OK);
    uint32_t s = 0;
    uint64_t rd_value = 0;
    ASSERT_EQ(sv_setvl_exec(&s, i, 5, 64, &rd_value), SV_OK);
    EXPECT_EQ(s, 0x00000147u);
    EXPECT_EQ(rd_value, 5u);
    EXPECT_EQ(sv_effective_vl(s, rd_value), 5u);
}

} // namespace

// The VL block (§3.3, A8, A9): the new STATE depends only on the block,
// whatever STATE was before (the translator computes it once), and an
// error changes nothing.
TEST(VlBlock, ExecRewritesEveryStateField)
{
    const uint32_t befores[] = {0u, 0x0fffffffu, 0x05a5a5a5u, 0x0a5a5a5au};
    for (uint8_t mode : {SV_VL_MODE_RD, SV_VL_MODE_RVC, SV_VL_MODE_RS1}) {
        for (unsigned vlmax = 1; vlmax <= 64; vlmax += 7) {
            for (uint8_t subvl = 1; subvl <= 4; subvl++) {
                sv_vl_block vl{
                    1,
                    mode,
                    subvl,
                    static_cast<uint8_t>(vlmax),
                    static_cast<uint8_t>(mode == SV_VL_MODE_RS1 ? 0 : 14),
                    static_cast<uint8_t>(mode == SV_VL_MODE_RD ? 0 : 12)};
                uint32_t first = 0;
                for (uint32_t before : befores) {
                    uint32_t state = before;
                    uint64_t rd_value = 99;
                    ASSERT_EQ(sv_vl_block_exec(&state, vl, 5, 64, &rd_value),
                              SV_OK);
                    if (before == befores[0]) {
                        first = state;
                    }
                    EXPECT_EQ(state, first);
                    const sv_state_fields f = sv_state_unpack(state);
                    EXPECT_EQ(f.maxvl + 1u, vlmax);
                    EXPECT_EQ(f.subvl + 1u, subvl);
                    EXPECT_EQ(f.srcoffs | f.destoffs | f.dsvoffs, 0u);
                    if (mode == SV_VL_MODE_RS1) {
                        EXPECT_EQ(f.vl, 12u); // STATE.vl := rs1, no GPR
                        EXPECT_EQ(rd_value, 0u);
                    } else {
                        EXPECT_EQ(f.vl, 14u); // STATE.vl := rd
                        EXPECT_EQ(rd_value, mode == SV_VL_MODE_RD
                                                ? vlmax
                                                : std::min(5u, vlmax));
                    }
                }
            }
        }
    }
    // VLMAX beyond XLEN: illegal, STATE untouched.
    uint32_t state = 0x123;
    uint64_t rd_value;
    EXPECT_NE(sv_vl_block_exec(&state,
                               sv_vl_block{1, SV_VL_MODE_RD, 1, 64, 14, 0}, 0,
                               32, &rd_value),
              SV_OK);
    EXPECT_EQ(state, 0x123u);
}
