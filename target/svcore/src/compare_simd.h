// The element-compare kernel behind sv_vector_branch: one relation tested
// over up to 64 packed elements, answered as a bit mask.  Internal to
// svcore (the C ABI is sv_vector_branch); the unit tests and the Google
// Benchmark reach it through this header.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#ifndef SVCORE_COMPARE_SIMD_H
#define SVCORE_COMPARE_SIMD_H

#include <cstdint>

namespace svcore
{

// a REL b, with a the vector operand (swapped operands mirror the relation).
enum class Rel : uint8_t { eq, ne, lt, ge, gt, le };

struct CompareJob {
    const uint8_t *a; // element i at a + i * width / 8 (C6)
    const uint8_t *b; // vector second operand, or nullptr: b_splat
    uint64_t b_splat; // the scalar second operand, already cut to width
    uint8_t width;    // 8, 16, 32 or 64
    uint8_t is_signed;
    Rel rel;
    uint8_t n; // elements 0..n-1, n <= 64
    // Bytes that may be read from a and from b (at least the n elements'):
    // whole SIMD vectors are loaded while they fit, the rest is copied out.
    uint16_t a_readable, b_readable;
};

// Bit i set when element i satisfies the relation (bits >= n clear).
// Runs the best SIMD target of this host (chosen once, at start-up).
uint64_t compare_elements(const CompareJob &job);

// The same answer one element at a time: the reference the SIMD kernel is
// tested and benchmarked against.
uint64_t compare_elements_scalar(const CompareJob &job);

// Name of the target compare_elements runs ("AVX3", "AVX2", "SSE4",
// "SSSE3" or "baseline").
const char *compare_target_name();

// The targets this host can run, best first (up to max names).
unsigned compare_targets(const char **names, unsigned max);

// Tests and benchmarks: run the named target from now on (false if the
// host cannot), or the best one again (nullptr).  Not thread-safe.
bool compare_use_target(const char *name);

} // namespace svcore

#endif
