#!/usr/bin/env bash
# Overhead of svprof on scalar code: one run times a compiled scalar
# riscv64 program under build/qemu-riscv64 with and without the plugin,
# best of 5 each, and prints the ratio.  Not a test.
#   plugin/bench.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
qemu=$build/qemu-riscv64
plugin=$build/plugin/libsvprof.so
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
riscv64-linux-gnu-gcc -static -O2 -march=rv64gc "$tmp/scalar.c" -o "$tmp/scalar"
best() {
    local b=
    for _ in 1 2 3 4 5; do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        t1=$(date +%s.%N)
        b=$(echo "$t0 $t1 ${b:-}" | awk '{d = $2 - $1; if ($3 == "" || d < $3) d = d; else d = $3; print d}')
    done
    echo "$b"
}
plain=$(best "$qemu" -cpu rv64,xsv=true "$tmp/scalar")
prof=$(best "$qemu" -cpu rv64,xsv=true -plugin "$plugin" "$tmp/scalar")
echo "$plain $prof" | awk '{printf "without plugin %.3fs, with svprof %.3fs, ratio %.2fx\n", $1, $2, $2 / $1}'
