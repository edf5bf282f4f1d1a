#!/usr/bin/env bash
# bench-userland: what xsv and libsvstring cost or buy real Debian programs
# under emulation.  Each workload of tests/userland runs in four
# configurations, interleaved round by round (ROUNDS, best kept):
#   debian    Debian trixie's own qemu-riscv64 (unpatched QEMU 10.0,
#             scripts/fetch-debian-qemu-user.sh), -cpu rv64
#   off       the patched qemu-riscv64, -cpu rv64
#   on        the patched qemu-riscv64, -cpu rv64,xsv=true
#   svstring  as "on", with libsvstring.so preloaded (LD_PRELOAD)
# and prints wall and CPU (user+sys) seconds and the ratios on/off,
# off/debian, on/debian and svstring/on (< 1: faster).  Outputs must be
# identical in every configuration, else the benchmark fails.
#   userland.sh QEMU LIBSVSTRING_SO [ROUNDS]
set -euo pipefail
qemu=${1:?usage: userland.sh QEMU LIBSVSTRING_SO [ROUNDS]}
svstring=$(realpath "${2:?libsvstring.so}")
rounds=${3:-${BENCH_ROUNDS:-3}}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
tests="$root/tests/userland"
sysroot=$("$root/scripts/fetch-userland.sh")
debian_qemu=$("$root/scripts/fetch-debian-qemu-user.sh" 2>/dev/null) || {
    echo "== Debian's qemu-user could not be fetched (run once as root, with network):" \
         "the 'debian' column is left out"
    debian_qemu=""
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$tests/work.py" "$tests/work.lua" "$tests/sqlite.sql" .
python3 -c '
import random
r = random.Random(5)
words = ["simple", "vector", "qemu", "riscv", "debian", "string", "memory"]
with open("text.txt", "w") as f:
    for i in range(25000):
        f.write(" ".join(r.choice(words) for _ in range(8)) + " %d\n" % r.randrange(10**6))
'

configs="off on svstring"
[ -n "$debian_qemu" ] && configs="debian $configs"
# The workloads (run_workload NAME CONFIG).
workloads="python-script python-unittest sqlite lua gzip xz sort"
run_workload() {
    case $1 in
    python-script) run_one "$2" python3 work.py 40000 ;;
    python-unittest) run_one "$2" python3 -m unittest test.test_string test.test_textwrap \
                         test.test_binascii 2>&1 | sed -E 's/ in [0-9.]+s$//' ;;
    sqlite) run_one "$2" sqlite3 < sqlite.sql ;;
    lua) run_one "$2" lua5.4 work.lua 400000 ;;
    gzip) run_one "$2" gzip -9 -n -c text.txt ;;
    xz) run_one "$2" xz -T1 -6 -c text.txt ;;
    sort) run_one "$2" sort text.txt ;;
    esac
}

run_one() { # CONFIG COMMAND...: runs, output in out.NAME.CONFIG, times in t
    local config=$1
    shift
    local q=$qemu cpu=rv64,xsv=true pre=()
    case $config in
    debian) q=$debian_qemu cpu=rv64 ;;
    off) cpu=rv64 ;;
    on) ;;
    svstring) pre=(-E "LD_PRELOAD=$svstring") ;;
    esac
    local prog=$1
    shift
    env -i PATH=/nonexistent LC_ALL=C HOME="$work" \
        "$q" -cpu "$cpu" -L "$sysroot" "${pre[@]}" "$sysroot/usr/bin/$prog" "$@"
}

echo "== bench-userland: $rounds rounds, best wall time kept; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
[ -n "$debian_qemu" ] && echo "== debian: $debian_qemu ($(cat "$(dirname "$debian_qemu")/version" 2>/dev/null))"
declare -A wall cpu
TIMEFORMAT='%R %U %S'
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'; }
row() { # KIND NAME
    local -n tab=$1
    printf '%-16s %-4s' "$2" "$1"
    for c in $configs; do printf '%9s' "${tab[$2.$c]}"; done
    printf '   %7s %7s %7s %9s\n' "$(ratio "${tab[$2.on]}" "${tab[$2.off]}")" \
        "$(ratio "${tab[$2.off]}" "${tab[$2.debian]:-0}")" \
        "$(ratio "${tab[$2.on]}" "${tab[$2.debian]:-0}")" \
        "$(ratio "${tab[$2.svstring]}" "${tab[$2.on]}")"
}
printf '%-21s' "workload  seconds"
for c in $configs; do printf '%9s' "$c"; done
printf '   %7s %7s %7s %9s\n' "on/off" "off/deb" "on/deb" "svstr/on"
for name in $workloads; do
    for ((r = 0; r < rounds; r++)); do
        for c in $configs; do
            { time run_workload "$name" "$c" > "out.$name.$c" 2> "err.$name.$c"; } 2> t ||
                { cat "err.$name.$c" | tail -n 20; echo "FAIL: $name under $c"; exit 1; }
            read -r e u s < t
            tot=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
            if [ -z "${wall[$name.$c]:-}" ] || awk -v a="$e" -v b="${wall[$name.$c]}" 'BEGIN { exit !(a < b) }'; then
                wall[$name.$c]=$e
            fi
            if [ -z "${cpu[$name.$c]:-}" ] || awk -v a="$tot" -v b="${cpu[$name.$c]}" 'BEGIN { exit !(a < b) }'; then
                cpu[$name.$c]=$tot
            fi
        done
    done
    for c in $configs; do
        cmp -s "out.$name.off" "out.$name.$c" ||
            { echo "FAIL: $name: output under $c differs from off"; exit 1; }
    done
    row wall "$name"
    row cpu "$name"
done

echo "(wall: best elapsed; cpu: best user+sys of qemu; ratios < 1: the first is faster; outputs identical in every configuration)"
