// The rules svcore keeps for the QEMU helpers and the profiler, each in
// one function (docs/sv-engine.md, "Where each rule lives"): STATE's
// exported layout, a predicate entry's mask, the register-file bound, the
// trap-ffirst VL cut and its commit, the *W op width and the SIMD byte
// searches.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "compare_simd.h"
#include "svcore.h"

namespace
{

struct Layout {
    unsigned shift;
    uint32_t mask;
    uint8_t sv_state_fields::*field;
    unsigned width;
};

const Layout layout[] = {
    {SV_STATE_MAXVL_SHIFT, SV_STATE_MAXVL_MASK, &sv_state_fields::maxvl, 6},
    {SV_STATE_VL_SHIFT, SV_STATE_VL_MASK, &sv_state_fields::vl, 6},
    {SV_STATE_SRCOFFS_SHIFT, SV_STATE_SRCOFFS_MASK, &sv_state_fields::srcoffs,
     6},
    {SV_STATE_DESTOFFS_SHIFT, SV_STATE_DESTOFFS_MASK,
     &sv_state_fields::destoffs, 6},
    {SV_STATE_SUBVL_SHIFT, SV_STATE_SUBVL_MASK, &sv_state_fields::subvl, 2},
    {SV_STATE_DSVOFFS_SHIFT, SV_STATE_DSVOFFS_MASK, &sv_state_fields::dsvoffs,
     2},
};

TEST(StateLayout, ConstantsAreThePackedFields)
{
    uint32_t all = 0;

    for (const Layout &l : layout) {
        sv_state_fields f{};
        uint32_t ones = (1u << l.width) - 1;

        f.*l.field = static_cast<uint8_t>(ones);
        EXPECT_EQ(sv_state_pack(f), l.mask);
        EXPECT_EQ(l.mask >> l.shift, ones);
        f.*l.field = 5 & ones;
        EXPECT_EQ((sv_state_pack(f) & l.mask) >> l.shift, 5u & ones);
        EXPECT_EQ(all & l.mask, 0u) << "fields overlap";
        all |= l.mask;
    }
    EXPECT_EQ(all | SV_STATE_RESERVED_MASK, 0xFFFFFFFFu);
    EXPECT_EQ(all & SV_STATE_RESERVED_MASK, 0u);
}

TEST(StateLayout, OffsetMasksAndElementUnit)
{
    sv_state_fields f{};

    f.srcoffs = 63;
    f.destoffs = 63;
    f.dsvoffs = 3;
    EXPECT_EQ(sv_state_pack(f), SV_STATE_OFFS_MASK);
    f.subvl = 3;
    EXPECT_EQ(sv_state_pack(f), SV_STATE_OFFS_SUBVL_MASK);
    for (unsigned e = 0; e < 64; e++) {
        sv_state_fields g = sv_state_unpack(e * SV_STATE_ELEM_OFFS_UNIT);

        EXPECT_EQ(g.srcoffs, e);
        EXPECT_EQ(g.destoffs, e);
        EXPECT_EQ(g.dsvoffs, 0);
        EXPECT_EQ(sv_state_set_offsets(0x5u, e, e, 0),
                  0x5u | e * SV_STATE_ELEM_OFFS_UNIT);
    }
    EXPECT_TRUE(sv_state_offsets_zero(~SV_STATE_OFFS_MASK));
    EXPECT_FALSE(sv_state_offsets_zero(1u << SV_STATE_DSVOFFS_SHIFT));
}

} // namespace
