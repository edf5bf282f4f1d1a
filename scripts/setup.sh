#!/usr/bin/env bash
# README command 1: installs the dependencies, fetches QEMU 10.0 from
# Debian, builds the core library, the patched QEMU and the test programs,
# then runs the SV demo under the patched qemu-riscv64.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. scripts/common.sh
scripts/install-deps.sh
scripts/fetch-qemu.sh > /dev/null
build=${SV_BUILD_DIR:-build}
if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" > "$SV_CACHE/meson-setup.log" ||
        { cat "$SV_CACHE/meson-setup.log"; die "meson setup failed"; }
fi
note "building (first build: about 12 minutes on 2 cores; later ones are incremental)"
meson compile -C "$build"
if [ "${1:-}" != --no-demo ]; then
    note "demo: an SV program under the patched qemu-riscv64 -cpu rv64,xsv=true"
    "$build/qemu-riscv64" -cpu rv64,xsv=true "$build/linux-user-tests/demo"
fi
