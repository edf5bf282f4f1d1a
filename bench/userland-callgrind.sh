#!/usr/bin/env bash
# bench-userland-insns: host instructions (callgrind, whole process) of
# Debian's python3 running tests/userland/work.py N under
# `qemu-riscv64 -cpu rv64,xsv=true`, without libsvstring and with each
# given libsvstring.so preloaded (LD_PRELOAD); outputs must be identical.
# The floor of issue 22: preloaded <= plain.
#   userland-callgrind.sh QEMU LIBSVSTRING_SO... (SCRIPT_N=3000)
set -euo pipefail
qemu=$(realpath "${1:?usage: userland-callgrind.sh QEMU LIBSVSTRING_SO...}")
shift
n=${SCRIPT_N:-3000}
root=$(cd "$(dirname "$0")/.." && pwd)
sysroot=$("$root/scripts/fetch-userland.sh")
valgrind=$(command -v valgrind) || { echo "valgrind is missing"; exit 1; }
libs=()
for l in "$@"; do libs+=("$(realpath "$l")"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/tests/userland/work.py" "$work/"
cd "$work"
run() { # NAME [LIB]
    local pre=()
    [ -n "${2:-}" ] && pre=(-E "LD_PRELOAD=$2")
    env -i PATH=/nonexistent LC_ALL=C HOME="$work" \
        "$valgrind" --tool=callgrind --callgrind-out-file="$work/cg.$1" \
        "$qemu" -cpu rv64,xsv=true -L "$sysroot" "${pre[@]}" \
        "$sysroot/usr/bin/python3" work.py "$n" > "out.$1" 2> "log.$1" ||
        { tail -n 20 "log.$1" >&2; echo "FAIL: python3 ($1) under callgrind" >&2; exit 1; }
    sed -n 's/^==[0-9]*== Collected : //p' "log.$1"
}
plain=$(run plain) || exit 1
printf '%-40s %14s %8s\n' "python3 work.py $n, -cpu rv64,xsv=true" "host insns" "/plain"
printf '%-40s %14s %8s\n' "no preload" "$plain" "1.000"
i=0
for l in "${libs[@]}"; do
    i=$((i + 1))
    c=$(run "lib$i" "$l") || exit 1
    cmp -s out.plain "out.lib$i" || { echo "FAIL: output with $l differs"; exit 1; }
    printf '%-40s %14s %8s\n' "LD_PRELOAD=${l/#$root\//}" "$c" \
        "$(awk -v a="$c" -v b="$plain" 'BEGIN { printf "%.3f", a / b }')"
done
