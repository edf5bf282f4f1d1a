// sv_vl_block_exec: acting on a VBLOCK's VL block (§3.3, A8, A9).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>

#include "svcore.h"

namespace
{

sv_vl_block block(uint8_t mode, uint8_t rd, uint8_t rs1, uint8_t vlmax,
                  uint8_t subvl)
{
    sv_vl_block b{};
    b.present = 1;
    b.mode = mode;
    b.rd = rd;
    b.rs1 = rs1;
    b.vlmax = vlmax;
    b.subvl = subvl;
    return b;
}

TEST(VlBlockExec, ModeRdIsSetvlWithX0)
{
    // Offsets set before the block are reset; SUBVL comes from the block.
    uint32_t state = sv_state_set_offsets(0, 3, 4, 1);
    sv_vl_block b = block(SV_VL_MODE_RD, 14, 0, 16, 2);
    uint64_t rd = 0;
    ASSERT_EQ(sv_vl_block_exec(&state, &b, 1234, 64, &rd), SV_OK);
    EXPECT_EQ(rd, 16u); // rs1 = x0: VLMAX, whatever rs1_value says
    EXPECT_EQ(sv_state_mvl(state), 16u);
    EXPECT_EQ(sv_state_vl_reg(state), 14u);
    EXPECT_EQ(sv_state_subvl(state), 2u);
    EXPECT_TRUE(sv_state_offsets_zero(state));
    EXPECT_EQ(sv_effective_vl(state, rd), 16u);
}

TEST(VlBlockExec, ModeRvcClampsRs1)
{
    uint32_t state = 0;
    sv_vl_block b = block(SV_VL_MODE_RVC, 14, 12, 64, 1);
    uint64_t rd = 0;
    ASSERT_EQ(sv_vl_block_exec(&state, &b, 20, 64, &rd), SV_OK);
    EXPECT_EQ(rd, 20u);
    ASSERT_EQ(sv_vl_block_exec(&state, &b, 300, 64, &rd), SV_OK);
    EXPECT_EQ(rd, 64u);
    EXPECT_EQ(sv_state_vl_reg(state), 14u);
}

TEST(VlBlockExec, ModeRs1WritesNoGpr)
{
    uint32_t state = 0;
    sv_vl_block b = block(SV_VL_MODE_RS1, 0, 17, 32, 1);
    uint64_t rd = 99;
    ASSERT_EQ(sv_vl_block_exec(&state, &b, 5, 64, &rd), SV_OK);
    EXPECT_EQ(rd, 0u);
    EXPECT_EQ(sv_state_mvl(state), 32u);
    EXPECT_EQ(sv_state_vl_reg(state), 17u);
    EXPECT_EQ(sv_effective_vl(state, 40), 32u); // x17 = 40 > MVL
    EXPECT_EQ(sv_effective_vl(state, 7), 7u);
}

TEST(VlBlockExec, IllegalStoresNothing)
{
    const uint32_t before = sv_state_set_offsets(0, 1, 1, 0);
    uint32_t state = before;
    uint64_t rd = 77;
    sv_vl_block wide = block(SV_VL_MODE_RD, 5, 0, 64, 1);
    EXPECT_EQ(sv_vl_block_exec(&state, &wide, 0, 32, &rd),
              SV_ILLEGAL_SETVL_VLMAX); // VLMAX 64 > XLEN 32
    sv_vl_block wide2 = block(SV_VL_MODE_RS1, 0, 5, 64, 1);
    EXPECT_EQ(sv_vl_block_exec(&state, &wide2, 0, 32, &rd),
              SV_ILLEGAL_MVL_RANGE);
    sv_vl_block sub = block(SV_VL_MODE_RD, 5, 0, 8, 5);
    EXPECT_EQ(sv_vl_block_exec(&state, &sub, 0, 64, &rd),
              SV_ILLEGAL_SUBVL_RANGE);
    EXPECT_EQ(state, before);
    EXPECT_EQ(rd, 77u);
}

} // namespace
