#!/usr/bin/env bash
# Builds an UNPATCHED qemu-riscv64 from the same Debian source as the
# patched one (fetch-qemu.sh's tree, recorded as git history by
# build-qemu.sh), with the same configure arguments, and caches it under
# $SV_CACHE/unpatched/, so that benchmarks can compare host instruction
# counts against plain upstream.  A second run only checks the stamp.
# ccache is shared with the patched builds: the tree and build directory
# sit side by side as in build/ (qemu-src, qemu-build) and CCACHE_BASEDIR
# makes the paths relative, so every file the hook series does not touch
# is a cache hit.  Prints the path of qemu-riscv64 on stdout.
#   build-unpatched-qemu.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

for tool in git ninja flex bison pkg-config flock; do
    command -v $tool >/dev/null || die "$tool is missing: run scripts/install-deps.sh"
done
src=$("$here/fetch-qemu.sh")
version=$(cat "$SV_CACHE/src/version")
base_repo="$SV_CACHE/git/qemu-${version#*:}.git"
[ -f "$base_repo/.sv-ready" ] ||
    die "$base_repo is missing: build the patched QEMU first (meson compile -C build)"

# Exactly build-qemu.sh's arguments, for one target: the comparison must
# differ only by the hook series and target/riscv/sv.
configure_args=(
    --python=/usr/bin/python3 --target-list=riscv64-linux-user
    --without-default-features --enable-tcg --enable-plugins
    --enable-fdt=system --disable-download --disable-docs
    --disable-install-blobs --disable-werror
)
if command -v gdb-multiarch >/dev/null; then
    configure_args+=(--gdb="$(command -v gdb-multiarch)")
fi
key=$( (echo "$version"; printf '%s\n' "${configure_args[@]}"; cc --version | head -n 1) |
    sha256sum | cut -c1-16)
out="$SV_CACHE/unpatched/qemu-${version#*:}-$key"
bin="$out/qemu-build/qemu-riscv64"
mkdir -p "$SV_CACHE/unpatched" 2>/dev/null ||
    die "cannot create $SV_CACHE/unpatched (run as root, or set SV_CACHE)"

# Several build directories (or worktrees) may ask at once: one builds.
exec 9> "$SV_CACHE/unpatched/.lock"
flock 9
if [ -f "$out/.sv-built" ] && [ -x "$bin" ]; then
    echo "$bin"
    exit 0
fi
note "building an unpatched qemu-riscv64 $version into $out (once; ccache is shared)"
rm -rf "$out"
mkdir -p "$out"
git clone -q --no-hardlinks "$base_repo" "$out/qemu-src"
git -C "$out/qemu-src" -c advice.detachedHead=false checkout -q base
if [ -d /usr/lib/ccache ]; then
    export PATH="/usr/lib/ccache:$PATH"
fi
export CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$out"
mkdir -p "$out/qemu-build"
(cd "$out/qemu-build" && "$out/qemu-src/configure" "${configure_args[@]}" > configure.log 2>&1) || {
    tail -n 30 "$out/qemu-build/configure.log" >&2
    die "configuring the unpatched QEMU failed (log: $out/qemu-build/configure.log)"
}
start=$(date +%s)
if ! ninja -j "${SV_JOBS:-2}" -C "$out/qemu-build" qemu-riscv64 > "$out/qemu-build/ninja.log" 2>&1; then
    tail -n 40 "$out/qemu-build/ninja.log" >&2
    die "building the unpatched QEMU failed (log: $out/qemu-build/ninja.log)"
fi
note "unpatched qemu-riscv64: $(grep -c '^\[' "$out/qemu-build/ninja.log" || true) build steps in $(( $(date +%s) - start )) s"
touch "$out/.sv-built"
echo "$bin"
