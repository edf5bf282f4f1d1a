// sv_vector_branch (§6.5, A16-A20) against a plain per-element reference
// written from the spec's normative loop, over every mode, first-predicate
// variant, compare kind, width pair, VL 0..64 and random masks and data.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>

#include <sys/mman.h>
#include <unistd.h>

#include "compare_simd.h"
#include "svcore.h"

namespace
{

using svcore::Rel;

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
    d.a = {reinterpret_cast<uint8_t *>(a), 1, 64, 0};
    d.b = {reinterpret_cast<uint8_t *>(b), 1, 64, 0};
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

// Element values that make compares interesting at width w: equal,
// neighbouring and extreme values, and now and then anything.
uint64_t pick(std::mt19937_64 &rng, unsigned w)
{
    const uint64_t top = uint64_t{1} << (w - 1);
    const uint64_t pool[] = {0, 1, 2, top - 1, top, top + 1, ~uint64_t{0}};
    const uint64_t v = rng() % 4 ? pool[rng() % 7] : rng();
    return w == 64 ? v : v & ((uint64_t{1} << w) - 1);
}

void fill(std::mt19937_64 &rng, uint8_t *buf, unsigned w)
{
    for (unsigned i = 0; i < 512 / (w / 8); i++) {
        const uint64_t v = pick(rng, w);
        std::memcpy(buf + i * (w / 8), &v, w / 8);
    }
}

// 64 elements of the widest kind end exactly at a PROT_NONE page, so a
// kernel that reads past VL faults.
struct GuardedBuffer {
    uint8_t *page = nullptr;
    long size = sysconf(_SC_PAGESIZE);
    GuardedBuffer()
    {
        void *m = mmap(nullptr, 2 * size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        EXPECT_NE(m, MAP_FAILED);
        page = static_cast<uint8_t *>(m);
        mprotect(page + size, size, PROT_NONE);
    }
    ~GuardedBuffer()
    {
        munmap(page, 2 * size);
    }
    // n elements of width w that end at the guard page.
    uint8_t *ending(unsigned n, unsigned w)
    {
        return page + size - n * w / 8;
    }
};

// The SIMD kernel against its own one-element-at-a-time version, for
// every width, signedness, relation, VL 0..64, vector and splat second
// operands; the operands end at a guard page, so reading past VL faults.
TEST(CompareKernel, EveryShapeAgainstScalar)
{
    std::mt19937_64 rng(6502);
    GuardedBuffer ga, gb;
    const Rel rels[] = {Rel::eq, Rel::ne, Rel::lt, Rel::ge, Rel::gt, Rel::le};
    unsigned cases = 0;
    // Each SIMD target this host can run (AVX-512, AVX2, SSE4, SSSE3,
    // the 128-bit emulation), not only the one dispatch would pick.
    const char *targets[8];
    const unsigned n_targets = svcore::compare_targets(targets, 8);
    for (unsigned t = 0; t < n_targets; t++) {
        ASSERT_TRUE(svcore::compare_use_target(targets[t]));
        ASSERT_STREQ(svcore::compare_target_name(), targets[t]);
        std::printf("compare kernel target: %s\n", targets[t]);
        for (unsigned w : {8u, 16u, 32u, 64u}) {
            for (unsigned n = 0; n <= 64; n++) {
                for (int round = 0; round < 40; round++) {
                    // Even rounds: only the n elements are readable (the tail
                    // is copied); odd: up to 64 elements (whole vectors read,
                    // lanes past n dropped).
                    const unsigned room = round % 2 ? 64 : n;
                    uint8_t *a = ga.ending(room, w), *b = gb.ending(room, w);
                    for (unsigned i = 0; i < room; i++) {
                        const uint64_t junk = rng();
                        std::memcpy(a + i * w / 8, &junk, w / 8);
                        std::memcpy(b + i * w / 8, &junk, w / 8);
                    }
                    for (unsigned i = 0; i < n; i++) {
                        const uint64_t va = pick(rng, w), vb = pick(rng, w);
                        std::memcpy(a + i * w / 8, &va, w / 8);
                        std::memcpy(b + i * w / 8, &vb, w / 8);
                    }
                    for (int sign = 0; sign < 2; sign++) {
                        for (Rel rel : rels) {
                            for (int splat = 0; splat < 2; splat++) {
                                svcore::CompareJob job{};
                                job.a = a;
                                job.b = splat ? nullptr : b;
                                job.b_splat = pick(rng, w);
                                job.width = static_cast<uint8_t>(w);
                                job.is_signed = static_cast<uint8_t>(sign);
                                job.rel = rel;
                                job.n = static_cast<uint8_t>(n);
                                job.a_readable = job.b_readable =
                                    static_cast<uint16_t>(room * w / 8);
                                ASSERT_EQ(svcore::compare_elements(job),
                                          svcore::compare_elements_scalar(job))
                                    << "w=" << w << " n=" << n
                                    << " sign=" << sign << " rel=" << int(rel)
                                    << " splat=" << splat;
                                cases++;
                            }
                        }
                    }
                }
            }
        }
    }
    svcore::compare_use_target(nullptr);
    EXPECT_STREQ(svcore::compare_target_name(), targets[0]);
    EXPECT_FALSE(svcore::compare_use_target("no-such-target"));
    // x86-64 hosts have at least SSSE3 besides the baseline.
    EXPECT_GE(n_targets, 2u);
    EXPECT_EQ(cases, n_targets * 4u * 65 * 40 * 2 * 6 * 2);
}

// Scalars just inside and just outside a narrow vector's range: the
// kernel answers those without looking at the elements.
TEST(VectorBranch, ScalarAtTheEdgesOfANarrowVector)
{
    const uint8_t kinds[] = {SV_CMP_EQ, SV_CMP_NE,  SV_CMP_LT,
                             SV_CMP_GE, SV_CMP_LTU, SV_CMP_GEU};
    alignas(8) uint8_t vec[512];
    for (unsigned w : {8u, 16u, 32u}) {
        const uint64_t top = uint64_t{1} << (w - 1);
        const uint64_t edges[] = {top - 2,     top - 1,  top,          top + 1,
                                  2 * top - 1, 2 * top,  2 * top + 1,  ~top + 1,
                                  ~top,        ~top - 1, ~uint64_t{0}, 0};
        for (unsigned i = 0; i < 512 / (w / 8); i++) {
            const uint64_t v = edges[i % 12];
            std::memcpy(vec + i * w / 8, &v, w / 8);
        }
        for (uint64_t s : edges) {
            for (uint8_t kind : kinds) {
                for (int vec_first = 0; vec_first < 2; vec_first++) {
                    sv_branch_desc d{};
                    d.kind = kind;
                    const sv_branch_operand v{vec, 1, static_cast<uint8_t>(w),
                                              0};
                    const sv_branch_operand sc{
                        reinterpret_cast<const uint8_t *>(&s), 0, 64, 0};
                    d.a = vec_first ? v : sc;
                    d.b = vec_first ? sc : v;
                    d.ps = ~0ull;
                    d.has_target = 1;
                    d.vl = 64;
                    const Ref want = reference(d);
                    const sv_branch_result got = sv_vector_branch(&d);
                    ASSERT_EQ(got.mask, want.mask)
                        << "w=" << w << " s=" << s << " kind=" << int(kind)
                        << " vec_first=" << vec_first;
                    ASSERT_EQ(got.taken, want.taken);
                }
            }
        }
    }
}

// Millions of seeded cases: every mode, inv/zeroing/ffirst, compare kind,
// width pair, scalar/vector mix, VL 0..64, start offsets, random masks.
TEST(VectorBranch, MillionsAgainstReference)
{
    std::mt19937_64 rng(20191002);
    const uint8_t widths[] = {8, 16, 32, 64};
    const uint8_t kinds[] = {SV_CMP_EQ, SV_CMP_NE,  SV_CMP_LT,
                             SV_CMP_GE, SV_CMP_LTU, SV_CMP_GEU};
    alignas(8) uint8_t fa[512], fb[512];
    const int total = 2000000;
    for (int n = 0; n < total; n++) {
        sv_branch_desc d{};
        d.kind = kinds[rng() % 6];
        const bool same = rng() % 2;
        d.a = {fa, static_cast<uint8_t>(rng() % 4 != 0), widths[rng() % 4], 0};
        d.b = {fb, static_cast<uint8_t>(rng() % 4 != 0),
               same ? d.a.width : widths[rng() % 4], 0};
        if (n % 16 == 0) {
            fill(rng, fa, d.a.width);
            fill(rng, fb, d.b.width);
        }
        const uint64_t r = rng();
        d.ps = r % 3 ? rng() : ~0ull;
        d.zero1 = r >> 8 & 1;
        d.ffirst = r >> 9 & 1;
        d.has_target = r >> 10 & 1;
        d.inv2 = r >> 11 & 1;
        d.zero2 = r >> 12 & 1;
        d.target_old = rng();
        d.vl = static_cast<uint8_t>(r >> 16 & 127) % 65;
        d.start =
            static_cast<uint8_t>(r >> 24 & 3 ? 0 : (r >> 32) % (d.vl + 1));
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

// The byte-compare fast path (helper_sv_scan): sv_first_byte_fail, then
// sv_vector_branch_ffirst, against the reference over its whole shape:
// BEQ/BNE of bytes against a byte vector or a scalar (any width), first
// predicate all ones with fail-on-first, no target or one on x0 (all
// four modes), VL 1..64, data with few or many equal bytes.
TEST(VectorBranch, ByteCompareFastPathAgainstReference)
{
    std::mt19937_64 rng(20261202);
    const uint8_t widths[] = {8, 16, 32, 64};
    alignas(8) uint8_t fa[80], fb[80];
    for (int n = 0; n < 400000; n++) {
        sv_branch_desc d{};
        const uint64_t r = rng();
        const unsigned spread = r % 3 ? 2 : 256; // equal bytes: many or few
        for (unsigned i = 0; i < sizeof(fa); i++) {
            fa[i] = static_cast<uint8_t>(rng() % spread);
            fb[i] = static_cast<uint8_t>(rng() % spread);
        }
        d.kind = r >> 2 & 1 ? SV_CMP_EQ : SV_CMP_NE;
        d.a = {fa, 1, 8, sizeof(fa)};
        const bool bvec = r >> 3 & 1;
        d.b = {fb, bvec, bvec ? uint8_t{8} : widths[r >> 4 & 3], sizeof(fb)};
        if (!bvec && r >> 6 & 1) {
            std::memset(fb + 1, 0, 7); // mostly a byte-sized scalar
        }
        d.ps = ~0ull;
        d.ffirst = 1;
        d.has_target = r >> 7 & 1;
        d.inv2 = r >> 8 & 1;
        d.zero2 = r >> 9 & 1;
        d.target_old = 0; // x0
        d.vl = static_cast<uint8_t>(1 + (r >> 16) % 64);
        const Ref want = reference(d);
        uint64_t scalar = 0;
        std::memcpy(&scalar, fb, d.b.width / 8);
        const bool eq = d.kind == SV_CMP_EQ;
        const unsigned first =
            d.b.isvec ? sv_first_byte_fail(fa, fb, 0, d.vl, eq)
            : scalar > 255
                ? (eq ? 0 : d.vl)
                : sv_first_byte_fail(fa, nullptr, static_cast<uint8_t>(scalar),
                                     d.vl, eq);
        const sv_branch_result got =
            sv_vector_branch_ffirst(d.vl, first, d.has_target, d.inv2, d.zero2);
        ASSERT_EQ(got.mask, want.mask) << "case " << n;
        ASSERT_EQ(got.taken, want.taken) << "case " << n;
        ASSERT_EQ(got.cut, want.cut) << "case " << n;
        if (want.cut) {
            ASSERT_EQ(got.new_vl, want.new_vl) << "case " << n;
        }
    }
}

TEST(Branch, ModeNames)
{
    // §6.3: the second predicate's inv and zero.
    EXPECT_STREQ(sv_branch_mode_name(true, 0, 0), "ifall");
    EXPECT_STREQ(sv_branch_mode_name(true, 1, 0), "ifnotall");
    EXPECT_STREQ(sv_branch_mode_name(true, 0, 1), "ifany");
    EXPECT_STREQ(sv_branch_mode_name(true, 1, 1), "ifnone");
    EXPECT_STREQ(sv_branch_mode_name(false, 1, 1), "ifall");
}

} // namespace
