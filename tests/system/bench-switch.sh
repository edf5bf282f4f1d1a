#!/usr/bin/env bash
# meson compile -C build bench-linux-switch: the cost of a task switch
# under the project's kernel with SV on (each switch moves x32..x127 and,
# when FS is dirty, f32..f127 through the SV code of system/linux patch 3)
# and off (-cpu rv64: the same kernel, its SV paths patched out), one boot
# each, interleaved ROUNDS times; prints each run and the best of each.
#   bench-switch.sh BUILD_DIR SWITCH_BENCH [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1 bin=$2 rounds=${3:-3}
declare -A best sys
for r in $(seq "$rounds"); do
    for cpu in rv64,xsv=true rv64; do
        line=$("$root/scripts/sv-linux.sh" --build "$build" --no-build --cpu "$cpu" "$bin" -- switch_bench 2000 |
               grep '^switch_bench:')
        us=$(echo "$line" | awk '{print $2}')
        sc=$(echo "$line" | awk '{print $6}')
        echo "run $r -cpu $cpu: $line"
        if [ -z "${best[$cpu]:-}" ] || awk -v a="$us" -v b="${best[$cpu]}" 'BEGIN {exit !(a < b)}'; then
            best[$cpu]=$us
        fi
        if [ -z "${sys[$cpu]:-}" ] || awk -v a="$sc" -v b="${sys[$cpu]}" 'BEGIN {exit !(a < b)}'; then
            sys[$cpu]=$sc
        fi
    done
done
on=${best[rv64,xsv=true]} off=${best[rv64]}
son=${sys[rv64,xsv=true]} soff=${sys[rv64]}
echo "best: xsv on ${on} us/switch ${son} us/syscall; xsv off ${off} us/switch ${soff} us/syscall"
awk -v a="$on" -v b="$off" -v c="$son" -v d="$soff" 'BEGIN {
    printf "SV part: %.2f us per switch (%.0f%%), of which %.2f us are the two system calls of each half round trip and %.2f us the x32..x127 moves\n",
           a - b, (a - b) * 100 / b, 2 * (c - d), (a - b) - 2 * (c - d) }'

