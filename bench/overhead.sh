#!/usr/bin/env bash
# What Simple-V costs programs that do not use it: callgrind host
# instruction counts (exact and stable, unlike times) of the patched
# qemu-riscv64 with xsv off and with xsv on, against an unpatched QEMU
# built from the same Debian source (scripts/build-unpatched-qemu.sh,
# cached), on the same workloads, in one run.  Prints a table of ratios
# patched / unpatched.  Not a test (`meson compile -C build bench-overhead`).
#   bench/overhead.sh QEMU_RISCV64 QSORT INTERP
# Environment:
#   OVERHEAD_ONLY="sha256 true"  run only these workloads
#   OVERHEAD_KEEP=DIR            keep the callgrind.out files in DIR
#                                (callgrind_annotate them to see where the
#                                difference goes)
set -euo pipefail
qemu=${1:?usage: overhead.sh QEMU_RISCV64 QSORT INTERP}
qsort_bin=${2:?usage: overhead.sh QEMU_RISCV64 QSORT INTERP}
interp_bin=${3:?usage: overhead.sh QEMU_RISCV64 QSORT INTERP}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/common.sh"
command -v valgrind >/dev/null || die "valgrind is missing: run scripts/install-deps.sh"

unpatched=$("$root/scripts/build-unpatched-qemu.sh")
bb="$("$root/scripts/fetch-riscv64-deb.sh" busybox-static)/root/usr/bin/busybox"
[ -x "$bb" ] || die "the busybox-static package has no /usr/bin/busybox"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep=${OVERHEAD_KEEP:-}
[ -z "$keep" ] || mkdir -p "$keep"

# 2 MB of deterministic text (numbered pseudo-random lines): sha256sum
# input, and compressible but not trivially so for gzip.
awk 'BEGIN { x = 12345; while (n < 2097152) {
    x = (x * 1103515245 + 12345) % 2147483648
    line = sprintf("%08d %x %d\n", NR++, x, x % 99991); printf "%s", line
    n += length(line) } }' > "$work/data"
truncate -s 2097152 "$work/data"

# name|command line (after qemu -cpu X)|check of the output
workloads=(
    "sha256|$bb sha256sum $work/data|sha256"
    "gzip|$bb gzip -c $work/data|gzip"
    "qsort|$qsort_bin 100000|ok"
    "interp|$interp_bin 300000|ok"
    "true|$bb true|none"
)

# Total host instructions (Ir) of one run under callgrind.
instructions() {
    local label=$1 out=$2
    shift 2
    local cg="$work/callgrind.$label"
    valgrind --tool=callgrind --callgrind-out-file="$cg" "$@" \
        > "$out" 2> "$work/valgrind.log" || {
        tail -n 20 "$work/valgrind.log" >&2
        die "$label failed under callgrind: $*"
    }
    [ -z "$keep" ] || cp "$cg" "$keep/callgrind.out.$label"
    awk '/^(summary|totals):/ { print $2; exit }' "$cg"
}

check() {
    local kind=$1 out=$2 label=$3
    case $kind in
    sha256)
        [ "$(cut -d' ' -f1 "$out")" = "$(sha256sum "$work/data" | cut -d' ' -f1)" ] ||
            die "$label: busybox sha256sum differs from the host's"
        ;;
    gzip)
        gzip -dc < "$out" | cmp -s - "$work/data" ||
            die "$label: busybox gzip output does not decompress to the input"
        ;;
    ok)
        grep -q ' ok$\|, ok$\|sum check ok' "$out" || die "$label: $(cat "$out")"
        ;;
    none) ;;
    esac
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }

printf '%-8s %15s %15s %8s %15s %8s\n' workload unpatched "xsv off" ratio "xsv on" ratio
worst_off=0 worst_on=0
for w in "${workloads[@]}"; do
    IFS='|' read -r name cmd kind <<< "$w"
    case " ${OVERHEAD_ONLY:-$name} " in *" $name "*) ;; *) continue ;; esac
    # shellcheck disable=SC2086
    base=$(instructions "$name.unpatched" "$work/out" "$unpatched" -cpu rv64 $cmd)
    check "$kind" "$work/out" "$name (unpatched)"
    # shellcheck disable=SC2086
    off=$(instructions "$name.xsv-off" "$work/out" "$qemu" -cpu rv64 $cmd)
    check "$kind" "$work/out" "$name (xsv off)"
    # shellcheck disable=SC2086
    on=$(instructions "$name.xsv-on" "$work/out" "$qemu" -cpu rv64,xsv=true $cmd)
    check "$kind" "$work/out" "$name (xsv on)"
    r_off=$(ratio "$off" "$base")
    r_on=$(ratio "$on" "$base")
    printf '%-8s %15d %15d %8s %15d %8s\n' "$name" "$base" "$off" "$r_off" "$on" "$r_on"
    worst_off=$(awk -v a="$worst_off" -v b="$r_off" 'BEGIN { print (b > a) ? b : a }')
    worst_on=$(awk -v a="$worst_on" -v b="$r_on" 'BEGIN { print (b > a) ? b : a }')
done
echo "host instructions (callgrind Ir) of the whole qemu-riscv64 process; ratio = patched / unpatched"
echo "worst ratio: xsv off $worst_off, xsv on $worst_on (target <= 1.01)"
echo "unpatched QEMU: $unpatched"
