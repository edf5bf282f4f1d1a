#!/usr/bin/env bash
# Overhead of svprof: times programs under qemu-riscv64 with and without
# the plugin, interleaved in one run, best of ROUNDS each, and prints the
# ratios of CPU time.  Not a test (`meson compile -C build bench-plugin`).
#   plugin/bench.sh QEMU PLUGIN STRLEN_BENCH
# Programs: a branchy scalar integer loop (many small TBs: the worst case
# for per-TB instrumentation), SHA-256 of 4 x 2 MiB (ordinary scalar
# code, longer blocks) and bench/strlen_bench (SV strlen, VBLOCK loops: every
# block run takes the pre/post callbacks).
set -euo pipefail
qemu=${1:?usage: bench.sh QEMU PLUGIN STRLEN_BENCH}
plugin=${2:?usage: bench.sh QEMU PLUGIN STRLEN_BENCH}
strlen_bench=${3:?usage: bench.sh QEMU PLUGIN STRLEN_BENCH}
rounds=${ROUNDS:-7}
cc=${CC_RISCV64:-riscv64-linux-gnu-gcc}
command -v "$cc" >/dev/null || { echo "bench.sh: $cc not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/scalar.c" <<'C'
/* A branchy integer loop: many small TBs, the plugin's worst case. */
#include <stdint.h>
#include <stdio.h>
int main(void)
{
    uint64_t x = 1, s = 0;
    for (long i = 0; i < 100000000; i++) {
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
/* Ordinary scalar code: SHA-256, 4 x 2 MiB (longer basic blocks). */
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
int main(void)
{
    enum { N = 2 << 20 };
    uint64_t *words = malloc(N);
    uint8_t *buf = (uint8_t *)words;
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    for (int i = 0; i < N / 8; i++) {
        words[i] = (uint64_t)i * 0x9e3779b97f4a7c15ull;
    }
    for (int r = 0; r < 4; r++) {
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
min() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }

measure() {
    local name=$1 opts=$2
    shift 2
    local plain='' prof=''
    for _ in $(seq "$rounds"); do
        plain=$(min "$plain" "$(secs "$qemu" -cpu rv64,xsv=true "$@")")
        prof=$(min "$prof" "$(secs "$qemu" -cpu rv64,xsv=true \
            -plugin "$plugin,out=$tmp/report$opts" "$@")")
    done
    printf '%-20s CPU time without plugin %.3f s, with svprof %.3f s, ratio %.2fx\n' \
        "$name" "$plain" "$prof" "$(echo "$prof / $plain" | bc -l)"
}
measure scalar '' "$tmp/scalar"
measure 'sha256 (scalar)' '' "$tmp/sha"
measure 'scalar (scalar=off)' ',scalar=off' "$tmp/scalar"
measure strlen '' "$strlen_bench" sv
