#!/usr/bin/env bash
# Issue 8: QEMU built with --enable-asan --enable-ubsan (riscv64-linux-user
# only) runs every linux-user test program, the oracle harness and the
# random instruction stream; any sanitizer report or failing program fails.
#   asan-qemu.sh BUILD_DIR      (run by `meson compile -C build asan-qemu`)
# It configures build/qemu-asan from the patched build/qemu-src that the
# normal build left (so run after `meson compile`); slow: a cold ASan
# build takes many minutes, which is why it is not part of meson test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/common.sh"
build=$(cd "${1:?usage: asan-qemu.sh BUILD_DIR}" && pwd)
tree="$build/qemu-src"
asan="$build/qemu-asan"
[ -x "$tree/configure" ] || die "$tree is missing: run meson compile -C $build first"
[ -f "$build/meson-uninstalled/svcore-uninstalled.pc" ] || die "no svcore pkg-config file in $build"
if [ ! -f "$asan/build.ninja" ]; then
    note "configuring the ASan/UBSan QEMU in $asan"
    mkdir -p "$asan"
    (cd "$asan" && PKG_CONFIG_PATH="$build/meson-uninstalled" "$tree/configure" \
        --python=/usr/bin/python3 --target-list=riscv64-linux-user \
        --without-default-features --enable-tcg --enable-plugins \
        --disable-download --disable-docs --disable-install-blobs --disable-werror \
        --enable-asan --enable-ubsan > configure.log 2>&1) || {
        tail -n 30 "$asan/configure.log" >&2
        rm -f "$asan/build.ninja"
        die "configure failed (log: $asan/configure.log)"
    }
fi
note "building qemu-riscv64 with ASan and UBSan"
nice ninja -C "$asan" qemu-riscv64 > "$asan/ninja.log" 2>&1 || {
    tail -n 40 "$asan/ninja.log" >&2
    die "the ASan build failed (log: $asan/ninja.log)"
}
qemu="$asan/qemu-riscv64"
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
log="$asan/tests.log"
: > "$log"
pass=0 fail=0
run() { # name, command...
    local name=$1
    shift
    local rc=0
    "$@" > "$asan/cur.log" 2>&1 || rc=$?
    { echo "== $name (exit $rc)"; cat "$asan/cur.log"; } >> "$log"
    if [ "$rc" = 0 ] && ! grep -q 'Sanitizer\|runtime error' "$asan/cur.log"; then
        pass=$((pass + 1))
        echo "ok   $name"
    else
        fail=$((fail + 1))
        echo "FAIL $name"
    fi
}
lut="$build/linux-user-tests"
for bin in "$lut"/*; do
    [ -f "$bin" ] && [ -x "$bin" ] || continue
    case "$(basename "$bin")" in
    *.p|*.d|disas_vblock) continue ;;
    xsv_off) cpu=rv64 ;;
    fuzz_vblock) run fuzz_vblock "$qemu" -cpu rv64,xsv=true "$bin" 5000 7; continue ;;
    *) cpu=rv64,xsv=true ;;
    esac
    file "$bin" | grep -q RISC-V || continue
    run "$(basename "$bin")" "$qemu" -cpu "$cpu" "$bin"
done
run fuzz_insn "$qemu" -cpu rv64,xsv=true "$build/tests/fuzz/fuzz_insn" 50000 9
run oracle-diff /usr/bin/python3 "$root/tests/oracle/svdiff.py" --qemu "$qemu" \
    --harness "$build/tests/oracle/oracle_harness" --count 2000 --seed 4 \
    --workdir "$asan"
reports=$(grep -c 'runtime error\|ERROR: AddressSanitizer' "$log" || true)
echo "asan-qemu: $pass passed, $fail failed, $reports sanitizer reports (log: $log)"
[ "$fail" = 0 ] && [ "$reports" = 0 ]
