// Google Benchmark of the vector-branch kernel on the host: elements per ns
// for VL 8..64 at each element width, for
//   branch/...   sv_vector_branch, the whole helper (BNE vector vs x0 with
//                fail-on-first, the strlen shape: no element fails);
//   simd/...     the compare kernel alone (dispatched SIMD target);
//   scalar/...   the same compares one element at a time;
//   memchr/...   the host's memchr over the same bytes (no match), the
//                physical limit for a byte scan.
// Run: meson compile -C build bench-compare
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

#include "compare_simd.h"
#include "svcore.h"

namespace
{

alignas(64) uint8_t file[1024];
const uint64_t zero = 0;

void set_elements(benchmark::State &state, unsigned vl)
{
    state.counters["elements/ns"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * vl * 1e-9,
                           benchmark::Counter::kIsRate);
}

void fill_nonzero()
{
    std::memset(file, 'a', sizeof(file));
}

void branch(benchmark::State &state)
{
    const auto width = static_cast<uint8_t>(state.range(0));
    const auto vl = static_cast<uint8_t>(state.range(1));
    sv_branch_desc d{};
    fill_nonzero();
    d.kind = SV_CMP_NE;
    d.a = {file, 1, width, sizeof(file)};
    d.b = {reinterpret_cast<const uint8_t *>(&zero), 0, 64};
    d.ps = ~uint64_t{0};
    d.ffirst = 1;
    d.vl = vl;
    for (auto _ : state) {
        benchmark::DoNotOptimize(d.a.base);
        sv_branch_result r = sv_vector_branch(&d);
        benchmark::DoNotOptimize(r);
    }
    set_elements(state, vl);
}

template <bool Simd> void kernel(benchmark::State &state)
{
    const auto width = static_cast<uint8_t>(state.range(0));
    const auto vl = static_cast<uint8_t>(state.range(1));
    svcore::CompareJob job{};
    fill_nonzero();
    job.a = file;
    job.width = width;
    job.rel = svcore::Rel::ne;
    job.n = vl;
    job.a_readable = sizeof(file);
    for (auto _ : state) {
        benchmark::DoNotOptimize(job.a);
        uint64_t bits = Simd ? svcore::compare_elements(job)
                             : svcore::compare_elements_scalar(job);
        benchmark::DoNotOptimize(bits);
    }
    set_elements(state, vl);
}

void host_memchr(benchmark::State &state)
{
    const auto width = static_cast<size_t>(state.range(0));
    const auto vl = static_cast<size_t>(state.range(1));
    fill_nonzero();
    for (auto _ : state) {
        benchmark::DoNotOptimize(file);
        const void *p = std::memchr(file, 0, vl * width / 8);
        benchmark::DoNotOptimize(p);
    }
    // Bytes as elements for width 8; wider widths scan the same bytes.
    set_elements(state, static_cast<unsigned>(vl));
}

void shapes(benchmark::internal::Benchmark *b)
{
    for (int width : {8, 16, 32, 64}) {
        for (int vl : {8, 16, 32, 64}) {
            b->Args({width, vl});
        }
    }
    b->ArgNames({"width", "vl"});
}

BENCHMARK(branch)->Apply(shapes);
BENCHMARK(kernel<true>)->Name("simd")->Apply(shapes);
// The same kernel on every other SIMD target the host has (registered in
// main): simd_<target>.
BENCHMARK(kernel<false>)->Name("scalar")->Apply(shapes);
BENCHMARK(host_memchr)->Name("memchr")->Apply(shapes);

} // namespace

int main(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    const char *targets[8];
    const unsigned n = svcore::compare_targets(targets, 8);
    for (unsigned t = 1; t < n; t++) {
        const char *name = targets[t];
        benchmark::RegisterBenchmark((std::string("simd_") + name).c_str(),
                                     [name](benchmark::State &state) {
                                         svcore::compare_use_target(name);
                                         kernel<true>(state);
                                         svcore::compare_use_target(nullptr);
                                     })
            ->Apply(shapes);
    }
    benchmark::AddCustomContext("compare kernel target",
                                svcore::compare_target_name());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
