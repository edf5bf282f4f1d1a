// sv_status_name (svcore.h).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>

#include "svcore.h"

namespace
{

TEST(Status, EveryEnumeratorHasItsName)
{
    // The enumerator name without "SV_", written out by hand.
    const struct {
        sv_status status;
        const char *name;
    } cases[] = {
        {SV_OK, "OK"},
        {SV_NEED_MORE_BYTES, "NEED_MORE_BYTES"},
        {SV_ILLEGAL_MVL_RANGE, "ILLEGAL_MVL_RANGE"},
        {SV_ILLEGAL_VL_REGISTER, "ILLEGAL_VL_REGISTER"},
        {SV_ILLEGAL_VL_EXCEEDS_MVL, "ILLEGAL_VL_EXCEEDS_MVL"},
        {SV_ILLEGAL_SUBVL_RANGE, "ILLEGAL_SUBVL_RANGE"},
        {SV_ILLEGAL_STATE_RESERVED, "ILLEGAL_STATE_RESERVED"},
        {SV_ILLEGAL_PCVBLK_INACTIVE, "ILLEGAL_PCVBLK_INACTIVE"},
        {SV_ILLEGAL_PCVBLK_RANGE, "ILLEGAL_PCVBLK_RANGE"},
        {SV_ILLEGAL_SETVL_RESERVED, "ILLEGAL_SETVL_RESERVED"},
        {SV_ILLEGAL_SETVL_VLMAX, "ILLEGAL_SETVL_VLMAX"},
        {SV_ILLEGAL_VBLOCK_MALFORMED, "ILLEGAL_VBLOCK_MALFORMED"},
        {SV_ILLEGAL_VBLOCK2_RESERVED, "ILLEGAL_VBLOCK2_RESERVED"},
        {SV_ILLEGAL_RESERVED_LENGTH, "ILLEGAL_RESERVED_LENGTH"},
        {SV_ILLEGAL_PREFIX_TYPE, "ILLEGAL_PREFIX_TYPE"},
        {SV_ILLEGAL_PREFIX_FIELD, "ILLEGAL_PREFIX_FIELD"},
        {SV_ILLEGAL_PREFIX_VLTYP, "ILLEGAL_PREFIX_VLTYP"},
    };
    ASSERT_EQ(sizeof(cases) / sizeof(cases[0]), size_t{SV_STATUS_COUNT});
    for (const auto &c : cases) {
        EXPECT_STREQ(sv_status_name(c.status), c.name) << c.status;
    }
}

TEST(Status, NamesAreDistinct)
{
    std::set<std::string> names;
    for (int i = 0; i < SV_STATUS_COUNT; i++) {
        names.insert(sv_status_name(static_cast<sv_status>(i)));
    }
    EXPECT_EQ(names.size(), size_t{SV_STATUS_COUNT});
    EXPECT_EQ(names.count("UNKNOWN"), 0u);
}

TEST(Status, OutOfRangeIsUnknown)
{
    EXPECT_STREQ(sv_status_name(SV_STATUS_COUNT), "UNKNOWN");
    EXPECT_STREQ(sv_status_name(static_cast<sv_status>(SV_STATUS_COUNT + 1)),
                 "UNKNOWN");
    EXPECT_STREQ(sv_status_name(static_cast<sv_status>(1000)), "UNKNOWN");
    EXPECT_STREQ(sv_status_name(static_cast<sv_status>(-1)), "UNKNOWN");
}

TEST(Status, EveryStatusHasADistinctReason)
{
    std::set<std::string> seen;
    for (unsigned i = 0; i < SV_STATUS_COUNT; ++i) {
        const char *r = sv_status_reason(static_cast<sv_status>(i));
        ASSERT_NE(r, nullptr);
        EXPECT_TRUE(seen.insert(r).second) << r;
        if (i >= SV_ILLEGAL_MVL_RANGE) {
            // Every illegal status names its rule: a § or an A-number.
            EXPECT_TRUE(std::strstr(r, "§") || std::strstr(r, "(A"))
                << sv_status_name(static_cast<sv_status>(i)) << ": " << r;
        }
    }
    EXPECT_STREQ(sv_status_reason(static_cast<sv_status>(SV_STATUS_COUNT)),
                 "unknown status");
}

} // namespace
