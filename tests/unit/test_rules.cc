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

TEST(ElementsFit, EndsAtTheLastRegister)
{
    EXPECT_TRUE(sv_elements_fit(0, 128, 8));
    EXPECT_FALSE(sv_elements_fit(0, 129, 8));
    EXPECT_TRUE(sv_elements_fit(127, 1, 8));
    EXPECT_FALSE(sv_elements_fit(127, 2, 8));
    EXPECT_TRUE(sv_elements_fit(127, 8, 1));
    EXPECT_FALSE(sv_elements_fit(127, 9, 1));
    EXPECT_TRUE(sv_elements_fit(120, 64, 1));
    EXPECT_TRUE(sv_elements_fit(96, 64, 4));
    EXPECT_FALSE(sv_elements_fit(97, 64, 4));
    EXPECT_TRUE(sv_elements_fit(112, 64, 2));
    EXPECT_FALSE(sv_elements_fit(113, 64, 2));
    // Nothing to fit, and counts that would overflow 32 bits.
    EXPECT_TRUE(sv_elements_fit(127, 0, 8));
    EXPECT_FALSE(sv_elements_fit(0, 0x80000000u, 2));
}

TEST(UserHostRange, EndsAtTheHostsUserAddressTop)
{
    const uint64_t top = uint64_t(1) << 47;

    EXPECT_EQ(SV_USER_HOST_TOP, top);
    EXPECT_TRUE(sv_user_host_range_ok(0, 64));
    EXPECT_TRUE(sv_user_host_range_ok(top - 64, 64));
    EXPECT_FALSE(sv_user_host_range_ok(top - 63, 64));
    EXPECT_FALSE(sv_user_host_range_ok(top, 1));
    EXPECT_TRUE(sv_user_host_range_ok(top, 0));
    // guest_base + address wraps modulo 2^64: such a range is wild.
    EXPECT_FALSE(sv_user_host_range_ok(~uint64_t(0) - 7, 16));
    EXPECT_FALSE(sv_user_host_range_ok(~uint64_t(0), 1));
}

TEST(ElementsFit, MatchesTheLastElementsEnd)
{
    for (unsigned reg = 0; reg < SV_NUM_REGS; reg++) {
        for (unsigned stride : {1u, 2u, 4u, 8u}) {
            for (unsigned count = 1; count <= 64 * 4; count++) {
                unsigned end = 8 * reg + (count - 1) * stride + stride;

                ASSERT_EQ(sv_elements_fit(reg, count, stride),
                          end <= 8 * SV_NUM_REGS)
                    << reg << " " << count << " " << stride;
            }
        }
    }
}

TEST(FfirstTrapVl, FirstGroupTouchingTheByte)
{
    // 8-byte elements, the fault 20 bytes in: element 2 touches it.
    EXPECT_EQ(sv_ffirst_trap_vl(20, 8, 1), 2u);
    EXPECT_EQ(sv_ffirst_trap_vl(16, 8, 1), 2u);
    EXPECT_EQ(sv_ffirst_trap_vl(15, 8, 1), 1u);
    // Groups of SUBVL elements are excluded whole.
    EXPECT_EQ(sv_ffirst_trap_vl(20, 4, 2), 2u);
    EXPECT_EQ(sv_ffirst_trap_vl(23, 4, 3), 1u);
    EXPECT_EQ(sv_ffirst_trap_vl(24, 4, 3), 2u);
    // Group 0 faulting: no cut (it traps).
    EXPECT_EQ(sv_ffirst_trap_vl(0, 1, 1), 0u);
    EXPECT_EQ(sv_ffirst_trap_vl(7, 8, 1), 0u);
    EXPECT_EQ(sv_ffirst_trap_vl(11, 4, 3), 0u);
    // Bytes: the page's bytes.
    EXPECT_EQ(sv_ffirst_trap_vl(37, 1, 1), 37u);
}

TEST(FfirstCommitVl, IntoStateVlRegister)
{
    uint64_t x[32];

    for (unsigned i = 0; i < 32; i++) {
        x[i] = 100 + i;
    }
    sv_ffirst_commit_vl(x, 5, 3);
    EXPECT_EQ(x[5], 3u);
    sv_ffirst_commit_vl(x, 31, 0);
    EXPECT_EQ(x[31], 0u);
    // STATE.vl = x0: nothing is written.
    sv_ffirst_commit_vl(x, 0, 7);
    EXPECT_EQ(x[0], 100u);
    for (unsigned i = 1; i < 31; i++) {
        if (i != 5) {
            EXPECT_EQ(x[i], 100 + i);
        }
    }
    // The register is the one sv_state_vl_reg names.
    sv_state_fields f{};
    f.vl = 12;
    sv_ffirst_commit_vl(x, sv_state_vl_reg(sv_state_pack(f)), 9);
    EXPECT_EQ(x[12], 9u);
}

TEST(PredEntryMask, NoEntryIsAllOnes)
{
    sv_pred_entry off{};

    off.predidx = 9;
    off.inv = 1;
    EXPECT_EQ(sv_pred_entry_mask(nullptr, 0x1234), ~uint64_t{0});
    EXPECT_EQ(sv_pred_entry_mask(&off, 0x1234), ~uint64_t{0});
    uint64_t x[32] = {};
    x[9] = 0x55;
    EXPECT_EQ(sv_pred_entry_mask_x(&off, x), ~uint64_t{0});
    EXPECT_EQ(sv_pred_entry_mask_x(nullptr, x), ~uint64_t{0});
}

TEST(PredEntryMask, RegisterAndInversion)
{
    sv_pred_entry p{};
    uint64_t x[32] = {};

    p.enabled = 1;
    p.predidx = 9;
    x[9] = 0xF0F0;
    EXPECT_EQ(sv_pred_entry_mask(&p, 0xF0F0), 0xF0F0u);
    EXPECT_EQ(sv_pred_entry_mask_x(&p, x), 0xF0F0u);
    p.inv = 1;
    EXPECT_EQ(sv_pred_entry_mask(&p, 0xF0F0), ~uint64_t{0xF0F0});
    EXPECT_EQ(sv_pred_entry_mask_x(&p, x), ~uint64_t{0xF0F0});
    EXPECT_EQ(sv_pred_entry_mask(&p, 0xF0F0), sv_pred_mask(0xF0F0, true));
    // Zeroing and fail-on-first do not change the mask.
    p.zero = 1;
    p.ffirst = 1;
    EXPECT_EQ(sv_pred_entry_mask_x(&p, x), ~uint64_t{0xF0F0});
}

TEST(PredEntryMask, X0ReadsZero)
{
    sv_pred_entry p{};
    uint64_t x[32] = {};

    x[0] = 0xDEAD; // a register file whose x0 slot holds junk
    p.enabled = 1;
    p.predidx = 0;
    EXPECT_EQ(sv_pred_entry_mask(&p, 0xDEAD), 0u);
    EXPECT_EQ(sv_pred_entry_mask_x(&p, x), 0u);
    p.inv = 1; // the fail-on-first idiom: every element active
    EXPECT_EQ(sv_pred_entry_mask(&p, 0xDEAD), ~uint64_t{0});
    EXPECT_EQ(sv_pred_entry_mask_x(&p, x), ~uint64_t{0});
}

TEST(AluWordWidth, ThirtyTwoAtMost)
{
    EXPECT_EQ(sv_alu_word_width(8), 8u);
    EXPECT_EQ(sv_alu_word_width(16), 16u);
    EXPECT_EQ(sv_alu_word_width(32), 32u);
    EXPECT_EQ(sv_alu_word_width(64), 32u);
}

// The uniform-width form the ALU helpers use (SV_WORD in sv_alu.c) is
// sv_alu_exec's answer at every width.
TEST(AluWordWidth, UniformFormMatchesAluExec)
{
    std::mt19937_64 rng(22);

    for (unsigned w : {8u, 16u, 32u, 64u}) {
        uint64_t m = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;

        for (int k = 0; k < 2000; k++) {
            uint64_t a = rng(), b = rng();
            for (sv_alu_op op : {SV_ALU_ADDW, SV_ALU_SUBW}) {
                uint64_t plain = op == SV_ALU_ADDW ? a + b : a - b;
                uint64_t form = sv_alu_word_width(w) < w
                                    ? uint64_t(int64_t(int32_t(plain)))
                                    : plain;
                ASSERT_EQ(sv_alu_exec(op, a, w, b, w, false) & m, form & m)
                    << w << " " << op;
            }
        }
    }
}

// One reference for both byte searches.
unsigned first_fail_ref(const uint8_t *a, const uint8_t *b, uint8_t splat,
                        unsigned n, bool equal)
{
    for (unsigned i = 0; i < n; i++) {
        if ((a[i] == (b ? b[i] : splat)) != equal) {
            return i;
        }
    }
    return n;
}

std::vector<const char *> targets()
{
    const char *names[8];
    unsigned n = svcore::compare_targets(names, 8);
    return std::vector<const char *>(names, names + n);
}

TEST(ByteSearch, FirstByteFailOnEveryTarget)
{
    std::mt19937 rng(7);

    for (const char *t : targets()) {
        ASSERT_TRUE(svcore::compare_use_target(t));
        for (int k = 0; k < 3000; k++) {
            alignas(16) uint8_t a[64 + 16], b[64 + 16];
            unsigned n = 1 + rng() % 64;
            uint8_t splat = uint8_t(rng() % 4);
            bool equal = rng() & 1;

            for (unsigned i = 0; i < sizeof(a); i++) {
                a[i] = uint8_t(rng() % 4);
                b[i] = rng() % 8 ? a[i] : uint8_t(rng() % 4);
            }
            const uint8_t *bp = rng() & 1 ? b : nullptr;
            ASSERT_EQ(sv_first_byte_fail(a, bp, splat, n, equal),
                      first_fail_ref(a, bp, splat, n, equal))
                << t << " n " << n << " eq " << equal;
        }
        // n = 0: nothing fails.
        uint8_t z[16] = {1};
        EXPECT_EQ(sv_first_byte_fail(z, nullptr, 0, 0, true), 0u) << t;
    }
    svcore::compare_use_target(nullptr);
}

TEST(ByteSearch, CopyFindOnEveryTarget)
{
    std::mt19937 rng(9);

    for (const char *t : targets()) {
        ASSERT_TRUE(svcore::compare_use_target(t));
        for (int k = 0; k < 3000; k++) {
            uint8_t src[64], dst[64 + 8];
            uint64_t c = rng() % 16 ? rng() % 8 : 0x100 + rng() % 4;

            for (uint8_t &v : src) {
                v = uint8_t(rng() % (k % 2 ? 8 : 200));
            }
            std::memset(dst, 0xAA, sizeof(dst));
            unsigned want =
                c > 0xff ? 64
                         : first_fail_ref(src, nullptr, uint8_t(c), 64, false);
            ASSERT_EQ(sv_copy_find_byte64(dst, src, c), want) << t;
            ASSERT_EQ(sv_copy_find_byte64_fn(dst, src, c), want) << t;
            ASSERT_EQ(std::memcmp(dst, src, 64), 0) << t;
            for (unsigned i = 64; i < sizeof(dst); i++) {
                ASSERT_EQ(dst[i], 0xAA) << t << ": wrote past 64 bytes";
            }
        }
        // Every position, and none.
        for (unsigned at = 0; at <= 64; at++) {
            uint8_t src[64], dst[64];

            std::memset(src, 'x', sizeof(src));
            if (at < 64) {
                src[at] = 0;
            }
            EXPECT_EQ(sv_copy_find_byte64(dst, src, 0), at) << t;
        }
    }
    svcore::compare_use_target(nullptr);
}

} // namespace
