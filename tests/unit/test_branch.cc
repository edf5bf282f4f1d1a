// sv_vector_branch (§6.5, A16-A20) against a plain per-element reference
// written from the spec's normative loop, over every mode, first-predicate
// variant, compare kind, width pair, VL 0..64 and random masks and data.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>

#include "svcore.h"

namespace
{

struct Ref {
    uint64_t mask;
    bool taken;
    bool cut;
    unsigned new_vl;
};

int64_t sext(uint64_t v, unsigned w)
{
    return w == 64 ? static_cast<int64_t>(v)
                   : static_cast<int64_t>(v << (64 - w)) >> (64 - w);
}

uint64_t get(const uint8_t *base, bool vec, unsigned i, unsigned w)
{
    uint64_t v = 0;
    std::memcpy(&v, base + (vec ? i * w / 8 : 0), w / 8);
    return v;
}

// §6.5, element by element, as printed.
Ref reference(const sv_branch_desc &d)
{
    const unsigned opw = std::max(d.a.width, d.b.width);
    const bool sign = d.kind == SV_CMP_LT || d.kind == SV_CMP_GE;
    // A20: (1 << VL) - 1 when there is no old register to start from.
    const uint64_t ones = d.vl >= 64 ? ~0ull : (1ull << d.vl) - 1;
    uint64_t result = d.has_target && !d.zero1 ? d.target_old : ones;
    uint64_t tested = 0;
    Ref r{};
    for (unsigned i = d.start; i < d.vl; i++) {
        bool pass;
        if (!((d.ps >> i) & 1)) {
            if (!d.zero1) {
                continue;
            }
            pass = false;
        } else {
            uint64_t a = get(d.a.base, d.a.isvec, i, d.a.width);
            uint64_t b = get(d.b.base, d.b.isvec, i, d.b.width);
            if (sign) {
                int64_t sa = sext(a, d.a.width), sb = sext(b, d.b.width);
                pass = d.kind == SV_CMP_LT ? sa < sb : sa >= sb;
            } else {
                // Zero-extended to opw: the values are already < 2^opw.
                (void)opw;
                switch (d.kind) {
                case SV_CMP_EQ:
                    pass = a == b;
                    break;
                case SV_CMP_NE:
                    pass = a != b;
                    break;
                case SV_CMP_LTU:
                    pass = a < b;
                    break;
                default:
                    pass = a >= b;
                    break;
                }
            }
        }
        tested |= 1ull << i;
        if (pass) {
            result |= 1ull << i;
        } else {
            result &= ~(1ull << i);
            if (d.ffirst) {
                r.cut = true;
                r.new_vl = i;
                break;
            }
        }
    }
    const uint64_t p = result & tested;
    const int inv2 = d.has_target ? d.inv2 : 0,
              zero2 = d.has_target ? d.zero2 : 0;
    r.taken = !inv2 ? (!zero2 ? p == tested : p != 0)
                    : (!zero2 ? p != tested : p == 0);
    r.mask = result;
    return r;
}

TEST(VectorBranch, HandWorkedModes)
{
    // a = {1, 2, 3, 4}, b = {1, 0, 3, 0}: BEQ passes elements 0 and 2.
    uint64_t a[4] = {1, 2, 3, 4}, b[4] = {1, 0, 3, 0};
    sv_branch_desc d{};
    d.kind = SV_CMP_EQ;
    d.a = {reinterpret_cast<uint8_t *>(a), 1, 64};
    d.b = {reinterpret_cast<uint8_t *>(b), 1, 64};
    d.ps = ~0ull;
    d.vl = 4;
    d.has_target = 1;
    d.target_old = 0;
    const struct {
        uint8_t inv2, zero2;
        bool taken;
    } modes[] = {{0, 0, false}, {1, 0, true}, {0, 1, true}, {1, 1, false}};
    for (const auto &m : modes) {
        d.inv2 = m.inv2;
        d.zero2 = m.zero2;
        sv_branch_result r = sv_vector_branch(&d);
        EXPECT_EQ(r.taken, m.taken) << int(m.inv2) << int(m.zero2);
        EXPECT_EQ(r.mask, 0x5u); // bits beyond VL keep target_old (0)
    }
    // ffirst: stops at element 1, VL := 1, the failure counts (A19).
    d.ffirst = 1;
    d.inv2 = d.zero2 = 0;
    sv_branch_result r = sv_vector_branch(&d);
    EXPECT_TRUE(r.cut);
    EXPECT_EQ(r.new_vl, 1u);
    EXPECT_FALSE(r.taken);
    // Zeroing with element 0 masked out: it fails and is cleared.
    d.ffirst = 0;
    d.zero1 = 1;
    d.ps = 0xe;
    d.target_old = ~0ull;
    r = sv_vector_branch(&d);
    EXPECT_EQ(r.mask & 0xf, 0x4u);
}

TEST(VectorBranch, RandomAgainstReference)
{
    std::mt19937_64 rng(20191001);
    const uint8_t widths[] = {8, 16, 32, 64};
    const uint8_t kinds[] = {SV_CMP_EQ, SV_CMP_NE,  SV_CMP_LT,
                             SV_CMP_GE, SV_CMP_LTU, SV_CMP_GEU};
    alignas(8) uint8_t fa[512], fb[512];
    for (int n = 0; n < 100000; n++) {
        for (auto &x : fa) {
            x = static_cast<uint8_t>(rng() % 3 ? rng() % 3 : rng());
        }
        for (auto &x : fb) {
            x = static_cast<uint8_t>(rng() % 3 ? rng() % 3 : rng());
        }
        sv_branch_desc d{};
        d.kind = kinds[rng() % 6];
        d.a = {fa, static_cast<uint8_t>(rng() % 4 != 0), widths[rng() % 4]};
        d.b = {fb, static_cast<uint8_t>(rng() % 4 != 0), widths[rng() % 4]};
        d.ps = rng() % 3 ? rng() : ~0ull;
        d.zero1 = rng() % 2;
        d.ffirst = rng() % 2;
        d.has_target = rng() % 2;
        d.inv2 = rng() % 2;
        d.zero2 = rng() % 2;
        d.target_old = rng();
        d.vl = static_cast<uint8_t>(rng() % 65);
        d.start = static_cast<uint8_t>(rng() % 4 ? 0 : rng() % (d.vl + 1));
        const Ref want = reference(d);
        const sv_branch_result got = sv_vector_branch(&d);
        ASSERT_EQ(got.mask, want.mask) << "case " << n;
        ASSERT_EQ(got.taken, want.taken) << "case " << n;
        ASSERT_EQ(got.cut, want.cut) << "case " << n;
        if (want.cut) {
            ASSERT_EQ(got.new_vl, want.new_vl) << "case " << n;
        }
    }
}

} // namespace
