#!/usr/bin/env bash
# Overhead of svprof: times programs under qemu-riscv64 with and without
# the plugin, interleaved in one run, best of ROUNDS each, and prints the
# ratios of CPU time.  Not a test (`meson compile -C build bench-plugin`).
#   plugin/bench.sh QEMU PLUGIN STRLEN_BENCH
# Programs: a branchy scalar integer loop (many small TBs: the worst case
# for per-TB instrumentation) and bench/strlen_bench (SV strlen, VBLOCK
# loops: every block run takes the pre/post callbacks).
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
measure 'scalar (scalar=off)' ',scalar=off' "$tmp/scalar"
measure strlen '' "$strlen_bench" sv
