// The element-compare kernel (compare_simd.h), written once with Google
// Highway and compiled for every SIMD target (Highway re-includes this
// file once per target); the best one the host runs is chosen at start-up:
// on x86-64 AVX-512, AVX2, SSE4 or SSSE3, else the SSE2 baseline.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "compare_simd.cc"
#include <hwy/foreach_target.h> // IWYU pragma: keep

#include <hwy/highway.h>

#include <cstring>

#include "compare_simd.h"
#include "svcore.h"

HWY_BEFORE_NAMESPACE();
namespace svcore
{
namespace HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

template <Rel R, class V> HWY_INLINE auto relate(V a, V b)
{
    if constexpr (R == Rel::eq) {
        return a == b;
    } else if constexpr (R == Rel::ne) {
        return a != b;
    } else if constexpr (R == Rel::lt) {
        return b > a;
    } else if constexpr (R == Rel::ge) {
        return hn::Not(b > a);
    } else if constexpr (R == Rel::gt) {
        return a > b;
    } else {
        return hn::Not(a > b);
    }
}

// One bit per lane, lane 0 in bit 0 (lanes past 64 are never asked for).
template <class D, class M> HWY_INLINE uint64_t lane_bits(D d, M m)
{
    uint8_t bytes[HWY_MAX_BYTES / 8 > 8 ? HWY_MAX_BYTES / 8 : 8] = {};
    uint64_t bits;

    hn::StoreMaskBits(d, m, bytes);
    std::memcpy(&bits, bytes, sizeof(bits));
    const size_t lanes = hn::Lanes(d);
    return lanes >= 64 ? bits : bits & ((uint64_t{1} << lanes) - 1);
}

template <class T, Rel R> uint64_t compare_typed(const CompareJob &job)
{
    const hn::ScalableTag<T> d;
    const size_t lanes = hn::Lanes(d);
    const size_t n = job.n;
    const T *a = reinterpret_cast<const T *>(job.a);
    const T *b = reinterpret_cast<const T *>(job.b);
    const auto splat = hn::Set(d, static_cast<T>(job.b_splat));
    uint64_t bits = 0;
    size_t i = 0;

    for (; i + lanes <= n; i += lanes) {
        const auto vb = b ? hn::LoadU(d, b + i) : splat;
        bits |= lane_bits(d, relate<R>(hn::LoadU(d, a + i), vb)) << i;
    }
    if (i < n) {
        const size_t rest = n - i;
        const size_t end = (i + lanes) * sizeof(T);
        uint64_t chunk;

        if (end <= job.a_readable && (!b || end <= job.b_readable)) {
            // A whole vector may be read: the lanes past n are dropped.
            const auto vb = b ? hn::LoadU(d, b + i) : splat;
            chunk = lane_bits(d, relate<R>(hn::LoadU(d, a + i), vb));
        } else {
            // Past the readable bytes (the end of the register file, or a
            // caller's buffer): the tail goes through a local copy.
            HWY_ALIGN T tail_a[HWY_MAX_BYTES / sizeof(T)] = {};
            HWY_ALIGN T tail_b[HWY_MAX_BYTES / sizeof(T)] = {};

            std::memcpy(tail_a, a + i, rest * sizeof(T));
            if (b) {
                std::memcpy(tail_b, b + i, rest * sizeof(T));
            }
            const auto vb = b ? hn::Load(d, tail_b) : splat;
            chunk = lane_bits(d, relate<R>(hn::Load(d, tail_a), vb));
        }
        bits |= (rest >= 64 ? chunk : chunk & ((uint64_t{1} << rest) - 1)) << i;
    }
    return bits;
}

template <class T> uint64_t compare_rel(const CompareJob &job)
{
    switch (job.rel) {
    case Rel::eq:
        return compare_typed<T, Rel::eq>(job);
    case Rel::ne:
        return compare_typed<T, Rel::ne>(job);
    case Rel::lt:
        return compare_typed<T, Rel::lt>(job);
    case Rel::ge:
        return compare_typed<T, Rel::ge>(job);
    case Rel::gt:
        return compare_typed<T, Rel::gt>(job);
    default:
        return compare_typed<T, Rel::le>(job);
    }
}

uint64_t compare_dispatch(const CompareJob &job)
{
    switch (job.width) {
    case 8:
        return job.is_signed ? compare_rel<int8_t>(job)
                             : compare_rel<uint8_t>(job);
    case 16:
        return job.is_signed ? compare_rel<int16_t>(job)
                             : compare_rel<uint16_t>(job);
    case 32:
        return job.is_signed ? compare_rel<int32_t>(job)
                             : compare_rel<uint32_t>(job);
    default:
        return job.is_signed ? compare_rel<int64_t>(job)
                             : compare_rel<uint64_t>(job);
    }
}

// sv_first_byte_fail at this target: pieces of at most 16 bytes (its
// readability contract), lanes past n dropped.
unsigned first_byte_fail(const uint8_t *a, const uint8_t *b, uint8_t splat,
                         unsigned n, bool equal)
{
    const hn::CappedTag<uint8_t, 16> d;
    constexpr unsigned lanes = hn::MaxLanes(d);
    const auto s = hn::Set(d, splat);

    for (unsigned i = 0; i < n; i += lanes) {
        const auto x = hn::LoadU(d, a + i);
        const auto y = b ? hn::LoadU(d, b + i) : s;
        const auto fail =
            hn::And(equal ? x != y : x == y, hn::FirstN(d, n - i));
        const intptr_t k = hn::FindFirstTrue(d, fail);

        if (k >= 0) {
            return i + static_cast<unsigned>(k);
        }
    }
    return n;
}

// sv_copy_find_byte64 at this target: the widest vectors up to 64 bytes.
unsigned copy_find_byte64(uint8_t *dst, const uint8_t *src, uint64_t c)
{
    const hn::CappedTag<uint8_t, 64> d;
    constexpr size_t lanes = hn::MaxLanes(d);
    constexpr size_t count = 64 / lanes;
    hn::Vec<decltype(d)> v[count];

    v[0] = hn::LoadU(d, src);
    // The first piece is read before the others: a fault is on it.
    asm volatile("" : : : "memory");
    for (size_t i = 1; i < count; i++) {
        v[i] = hn::LoadU(d, src + i * lanes);
    }
    for (size_t i = 0; i < count; i++) {
        hn::StoreU(v[i], d, dst + i * lanes);
    }
    if (c > 0xff) {
        return 64;
    }
    const auto k = hn::Set(d, static_cast<uint8_t>(c));
    uint64_t hits = 0;
    for (size_t i = 0; i < count; i++) {
        hits |= lane_bits(d, v[i] == k) << (i * lanes);
    }
    return hits ? static_cast<unsigned>(__builtin_ctzll(hits)) : 64;
}

} // namespace HWY_NAMESPACE
} // namespace svcore
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace svcore
{
namespace
{

using CompareFn = uint64_t (*)(const CompareJob &);
using FirstByteFailFn = unsigned (*)(const uint8_t *, const uint8_t *, uint8_t,
                                     unsigned, bool);
using CopyFindFn = unsigned (*)(uint8_t *, const uint8_t *, uint64_t);

// The targets compiled above, best first, with the host features each one
// was compiled for (Highway's HWY_TARGET_STR_*).  The choice is made here
// rather than by HWY_DYNAMIC_DISPATCH: that needs libhwy.so, whose static
// initialiser executes RDTSCP, which valgrind cannot run, and valgrind must
// keep working on QEMU.  Only Highway's headers are used.
struct TargetEntry {
    const char *name;
    bool (*supported)();
    CompareFn fn;
    FirstByteFailFn first_byte_fail;
    CopyFindFn copy_find_byte64;
};

#if HWY_ARCH_X86
// clang < 15 has no "f16c" for __builtin_cpu_supports (the libFuzzer
// build of tests/fuzz uses Debian's clang 14); every AVX2 CPU has F16C.
#if defined(__clang__) && __clang_major__ < 15
#define SV_CPU_HAS_F16C() true
#else
#define SV_CPU_HAS_F16C() __builtin_cpu_supports("f16c")
#endif
bool has_ssse3()
{
    return __builtin_cpu_supports("sse2") && __builtin_cpu_supports("ssse3");
}
bool has_sse4()
{
    return has_ssse3() && __builtin_cpu_supports("sse4.1") &&
           __builtin_cpu_supports("sse4.2") &&
           __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("aes");
}
bool has_avx2()
{
    return has_sse4() && __builtin_cpu_supports("avx") &&
           __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma") &&
           SV_CPU_HAS_F16C();
}
bool has_avx3()
{
    return has_avx2() && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512bw");
}
#endif
bool always()
{
    return true;
}

constexpr TargetEntry targets[] = {
#if HWY_ARCH_X86 && (HWY_TARGETS & HWY_AVX3)
    {"AVX3", has_avx3, N_AVX3::compare_dispatch, N_AVX3::first_byte_fail,
     N_AVX3::copy_find_byte64},
#endif
#if HWY_ARCH_X86 && (HWY_TARGETS & HWY_AVX2)
    {"AVX2", has_avx2, N_AVX2::compare_dispatch, N_AVX2::first_byte_fail,
     N_AVX2::copy_find_byte64},
#endif
#if HWY_ARCH_X86 && (HWY_TARGETS & HWY_SSE4)
    {"SSE4", has_sse4, N_SSE4::compare_dispatch, N_SSE4::first_byte_fail,
     N_SSE4::copy_find_byte64},
#endif
#if HWY_ARCH_X86 && (HWY_TARGETS & HWY_SSSE3)
    {"SSSE3", has_ssse3, N_SSSE3::compare_dispatch, N_SSSE3::first_byte_fail,
     N_SSSE3::copy_find_byte64},
#endif
    // The baseline target (SSE2 on x86-64 through Highway's scalar or
    // 128-bit emulation, which gcc vectorises), always runnable.
    {"baseline", always, HWY_STATIC_DISPATCH(compare_dispatch),
     HWY_STATIC_DISPATCH(first_byte_fail),
     HWY_STATIC_DISPATCH(copy_find_byte64)},
};

const TargetEntry *best_target()
{
#if HWY_ARCH_X86
    __builtin_cpu_init(); // this runs from a static initialiser
#endif
    for (const TargetEntry &t : targets) {
        if (t.supported()) {
            return &t;
        }
    }
    return &targets[sizeof(targets) / sizeof(targets[0]) - 1];
}

// Chosen before main() (static initialisation), so the hot path reads a
// plain pointer with no guard.
const TargetEntry *chosen = best_target();

} // namespace

uint64_t compare_elements(const CompareJob &job)
{
    return chosen->fn(job);
}

} // namespace svcore

extern "C" unsigned sv_first_byte_fail(const uint8_t *a, const uint8_t *b,
                                       uint8_t splat, unsigned n, bool equal)
{
    return svcore::chosen->first_byte_fail(a, b, splat, n, equal);
}

extern "C" unsigned sv_copy_find_byte64(uint8_t *dst, const uint8_t *src,
                                        uint64_t c)
{
    return svcore::chosen->copy_find_byte64(dst, src, c);
}

// A run too short for the vector kernel's 64 bytes: 8-byte words (SWAR),
// the first one first, so that a fault is on src's first access.  In a
// word x = v ^ splat(c), (x - 0x01..) & ~x & 0x80.. has its lowest set
// bit in the first zero byte exactly (a borrow only marks bytes above
// one).  Little-endian hosts, as the kernels.
extern "C" unsigned sv_copy_find_byte_short(uint8_t *dst, const uint8_t *src,
                                            unsigned n, uint64_t c)
{
    constexpr uint64_t ones = 0x0101010101010101ull;
    constexpr uint64_t highs = 0x8080808080808080ull;
    const uint64_t splat = (c & 0xff) * ones;
    unsigned first = n;

    for (unsigned i = 0; i < n; i += 8) {
        const unsigned k = n - i < 8 ? n - i : 8;
        const uint64_t keep =
            k == 8 ? ~uint64_t{0} : (uint64_t{1} << 8 * k) - 1;
        uint64_t v, old;

        std::memcpy(&v, src + i, 8);
        const uint64_t x = v ^ splat;
        const uint64_t hit = (x - ones) & ~x & highs & keep;
        if (k < 8) {
            std::memcpy(&old, dst + i, 8);
            v = (old & ~keep) | (v & keep);
        }
        std::memcpy(dst + i, &v, 8);
        if (hit && first == n && c <= 0xff) {
            first = i + static_cast<unsigned>(__builtin_ctzll(hit)) / 8;
        }
    }
    return first;
}

extern "C" {
unsigned (*sv_copy_find_byte64_fn)(uint8_t *, const uint8_t *,
                                   uint64_t) = svcore::chosen->copy_find_byte64;
}

namespace svcore
{

const char *compare_target_name()
{
    return chosen->name;
}

unsigned compare_targets(const char **names, unsigned max)
{
    unsigned n = 0;

    for (const TargetEntry &t : targets) {
        if (t.supported() && n < max) {
            names[n++] = t.name;
        }
    }
    return n;
}

bool compare_use_target(const char *name)
{
    if (!name) {
        chosen = best_target();
        sv_copy_find_byte64_fn = chosen->copy_find_byte64;
        return true;
    }
    for (const TargetEntry &t : targets) {
        if (t.supported() && std::strcmp(t.name, name) == 0) {
            chosen = &t;
            sv_copy_find_byte64_fn = chosen->copy_find_byte64;
            return true;
        }
    }
    return false;
}

namespace
{

template <class T> bool relate_one(Rel rel, T a, T b)
{
    switch (rel) {
    case Rel::eq:
        return a == b;
    case Rel::ne:
        return a != b;
    case Rel::lt:
        return a < b;
    case Rel::ge:
        return a >= b;
    case Rel::gt:
        return a > b;
    default:
        return a <= b;
    }
}

template <class T> uint64_t compare_scalar_typed(const CompareJob &job)
{
    uint64_t bits = 0;

    for (unsigned i = 0; i < job.n; i++) {
        T a, b = static_cast<T>(job.b_splat);

        std::memcpy(&a, job.a + i * sizeof(T), sizeof(T));
        if (job.b) {
            std::memcpy(&b, job.b + i * sizeof(T), sizeof(T));
        }
        bits |= uint64_t{relate_one(job.rel, a, b)} << i;
    }
    return bits;
}

} // namespace

uint64_t compare_elements_scalar(const CompareJob &job)
{
    switch (job.width) {
    case 8:
        return job.is_signed ? compare_scalar_typed<int8_t>(job)
                             : compare_scalar_typed<uint8_t>(job);
    case 16:
        return job.is_signed ? compare_scalar_typed<int16_t>(job)
                             : compare_scalar_typed<uint16_t>(job);
    case 32:
        return job.is_signed ? compare_scalar_typed<int32_t>(job)
                             : compare_scalar_typed<uint32_t>(job);
    default:
        return job.is_signed ? compare_scalar_typed<int64_t>(job)
                             : compare_scalar_typed<uint64_t>(job);
    }
}

} // namespace svcore
#endif // HWY_ONCE
