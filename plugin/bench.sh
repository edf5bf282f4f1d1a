#!/usr/bin/env bash
# Overhead of svprof: runs programs under qemu-riscv64 without a plugin,
# with svprof (also with scalar=off) and with mincount, the floor of
# instruction counting (one inline add per TB, as QEMU's contrib
# plugins; add=off: only loaded; sv=on: also one callback and one
# register read per VBLOCK run), and prints ratios to the run without a
# plugin.  Not a test (`meson compile -C build bench-plugin`, and
# `bench-plugin-callgrind`).
#   plugin/bench.sh [--callgrind] QEMU PLUGIN STRLEN_BENCH [MINCOUNT]
# Default: CPU time (user + sys) of the QEMU process, all configurations
# interleaved in one run, best of ROUNDS (7).  --callgrind: host
# instructions of each configuration under valgrind's callgrind, once
# each (repeatable on a loaded machine; shorter inputs).
# Programs: a branchy scalar integer loop (many small TBs: the worst case
# for per-TB instrumentation), SHA-256 of 2 MiB blocks (ordinary scalar
# code, longer blocks) and bench/strlen_bench (SV strlen, VBLOCK loops:
# every block run is observed; its byte-loop and glibc parts run scalar).
set -euo pipefail
mode='time'
if [ "${1:-}" = --callgrind ]; then
    mode=callgrind
    shift
fi
usage='usage: bench.sh [--callgrind] QEMU PLUGIN STRLEN_BENCH [MINCOUNT]'
qemu=${1:?$usage}
plugin=${2:?$usage}
strlen_bench=${3:?$usage}
mincount=${4:-$(dirname "$plugin")/libmincount.so}
rounds=${ROUNDS:-7}
cc=${CC_RISCV64:-riscv64-linux-gnu-gcc}
command -v "$cc" >/dev/null || { echo "bench.sh: $cc not found" >&2; exit 1; }
[ -f "$mincount" ] || { echo "bench.sh: $mincount not built" >&2; exit 1; }
if [ "$mode" = callgrind ]; then
    command -v valgrind >/dev/null ||
        { echo "bench.sh: valgrind not found" >&2; exit 1; }
    loop_iters=10000000 sha_rounds=1
else
    loop_iters=100000000 sha_rounds=4
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/scalar.c" <<'C'
/* A branchy integer loop: many small TBs, the plugin's worst case. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    uint64_t x = 1, s = 0;
    long n = argc > 1 ? atol(argv[1]) : 100000000;
    for (long i = 0; i < n; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        if (x & 0x100) {
            s += x >> 7;
        } else {
            s ^= x;
        }
    }
    printf("%llu\n", (unsigned long long)s);
    return 0;
}
C
"$cc" -static -O2 -march=rv64gc "$tmp/scalar.c" -o "$tmp/scalar"
cat > "$tmp/sha.c" <<'C'
/* Ordinary scalar code: SHA-256, ROUNDS x 2 MiB (longer basic blocks). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
static void block(uint32_t h[8], const uint8_t *p)
{
    uint32_t w[64], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4],
                    f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 16; i++) {
        w[i] = (uint32_t)p[4 * i] << 24 | p[4 * i + 1] << 16 |
               p[4 * i + 2] << 8 | p[4 * i + 3];
    }
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) +
                      ((e & f) ^ (~e & g)) + k[i] + w[i];
        uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
                      ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}
int main(int argc, char **argv)
{
    enum { N = 2 << 20 };
    int rounds = argc > 1 ? atoi(argv[1]) : 4;
    uint64_t *words = malloc(N);
    uint8_t *buf = (uint8_t *)words;
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    for (int i = 0; i < N / 8; i++) {
        words[i] = (uint64_t)i * 0x9e3779b97f4a7c15ull;
    }
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < N; i += 64) {
            block(h, buf + i);
        }
    }
    printf("%08x\n", (unsigned)h[0]);
    return 0;
}
C
"$cc" -static -O2 -march=rv64gc "$tmp/sha.c" -o "$tmp/sha"

# CPU time (user + sys) of one run: less sensitive than wall time to
# other jobs on a shared machine.
secs() {
    local TIMEFORMAT='%3U %3S' t
    t=$({ time "$@" >/dev/null 2>&1; } 2>&1) ||
        { echo "bench.sh: failed: $*" >&2; exit 1; }
    echo "$t" | awk '{print $1 + $2}'
}
# Host instructions of one run (callgrind's "Collected" count).
host_insns() {
    local log=$tmp/cg.log
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --log-file="$log" "$@" >/dev/null 2>&1 ||
        { echo "bench.sh: failed under valgrind: $*" >&2; exit 1; }
    awk '/Collected :/ {print $4}' "$log"
}
min() {
    if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then
        echo "$2"
    else
        echo "$1"
    fi
}

# The configurations, by name: the plugin option of each ("" = none).
declare -A popt=(
    [without]=''
    [svprof]="-plugin $plugin,out=$tmp/report"
    [svprof,scalar=off]="-plugin $plugin,out=$tmp/report,scalar=off"
    [mincount]="-plugin $mincount"
    [mincount,add=off]="-plugin $mincount,add=off"
    [mincount,sv=on]="-plugin $mincount,sv=on"
    [mincount,add=off,sv=on]="-plugin $mincount,add=off,sv=on"
)

# measure NAME "CONFIG..." PROGRAM ARGS...: one line per configuration.
measure() {
    local name=$1 configs=$2 cfg
    shift 2
    declare -A best=()
    if [ "$mode" = callgrind ]; then
        for cfg in $configs; do
            # shellcheck disable=SC2086
            best[$cfg]=$(host_insns "$qemu" -cpu rv64,xsv=true \
                ${popt[$cfg]} "$@")
        done
    else
        for _ in $(seq "$rounds"); do
            for cfg in $configs; do
                # shellcheck disable=SC2086
                best[$cfg]=$(min "${best[$cfg]:-}" \
                    "$(secs "$qemu" -cpu rv64,xsv=true ${popt[$cfg]} "$@")")
            done
        done
    fi
    local ratio
    for cfg in $configs; do
        ratio=$(echo "${best[$cfg]} / ${best[without]}" | bc -l)
        if [ "$mode" = callgrind ]; then
            printf '%-12s %-23s %11s host insns  %.3fx\n' "$name" "$cfg" \
                "${best[$cfg]}" "$ratio"
        else
            printf '%-12s %-23s %7.3f s CPU  %.3fx\n' "$name" "$cfg" \
                "${best[$cfg]}" "$ratio"
        fi
    done
}
if [ "$mode" = callgrind ]; then
    echo "host instructions (callgrind), one run each; ratio to without"
else
    echo "CPU time, best of $rounds interleaved; ratio to without"
fi
measure 'scalar loop' \
    'without svprof svprof,scalar=off mincount mincount,add=off' \
    "$tmp/scalar" "$loop_iters"
measure 'sha256' 'without svprof svprof,scalar=off mincount' \
    "$tmp/sha" "$sha_rounds"
measure 'strlen (SV)' 'without svprof svprof,scalar=off mincount
    mincount,sv=on mincount,add=off,sv=on' "$strlen_bench" sv
