#!/usr/bin/env bash
# Builds the project's SV-aware system software (issue 14) under
# BUILD_DIR/system, from Debian trixie's sources (scripts/fetch-system-src.sh)
# plus the patch series in system/opensbi and system/linux:
#   opensbi  BUILD_DIR/system/opensbi-build/platform/generic/firmware/fw_dynamic.bin
#   linux    BUILD_DIR/system/linux-build/arch/riscv/boot/Image
# Each source tree is a git checkout (BUILD_DIR/system/*-src): the
# upstream files the series touches are the `base` commit, the series is
# applied with `git am` whenever it changes (as build-qemu.sh does for
# QEMU).  Compiles go through ccache with paths relative to
# BUILD_DIR/system, so another build directory gets cache hits.
# Prints the path of each artefact built.
#   build-system.sh BUILD_DIR [opensbi|linux|all]
# Environment: SV_LINUX_SRC / SV_OPENSBI_SRC = use this tree as it is
# (patch development; nothing is unpacked or applied), SV_JOBS (2).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/common.sh"

build=${1:?usage: build-system.sh BUILD_DIR [opensbi|linux|all]}
what=${2:-all}
mkdir -p "$build/system"
sys=$(cd "$build/system" && pwd)
jobs=${SV_JOBS:-2}
cross=riscv64-linux-gnu-
command -v ${cross}gcc >/dev/null || die "${cross}gcc is missing: run scripts/install-deps.sh"
ccache=
command -v ccache >/dev/null && ccache=ccache
export CCACHE_BASEDIR="$sys" CCACHE_NOHASHDIR=1
export KBUILD_BUILD_TIMESTAMP="2019-01-01" KBUILD_BUILD_USER=simple-v KBUILD_BUILD_HOST=qemu
export KBUILD_BUILD_VERSION=1 SOURCE_DATE_EPOCH=1546300800
git_id=(-c user.name=simple-v -c user.email=simple-v@localhost -c core.excludesFile=/dev/null
        -c commit.gpgsign=false -c am.keepcr=false)

# Series files name patches one a line; '#' starts a comment.
series_patches() { # dir
    sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1/series" | while read -r p; do
        [ -f "$1/patches/$p" ] || die "$1/series names $p, which is missing"
        echo "$1/patches/$p"
    done
}

# prepare_tree NAME DEST VERSION UNPACK-COMMAND...: DEST = base + series.
prepare_tree() {
    local name=$1 dest=$2 version=$3
    shift 3
    local sdir="$root/system/$name" stamp
    mapfile -t patches < <(series_patches "$sdir")
    stamp=$( { echo "$version"; cat "$sdir/series" "${patches[@]}"; } | sha256sum | cut -d' ' -f1)
    if [ -f "$dest/.git/sv-series-stamp" ] && [ "$(cat "$dest/.git/sv-series-stamp")" = "$stamp" ]; then
        return 0
    fi
    note "preparing the $name tree ($version + ${#patches[@]} patches) in $dest"
    rm -rf "$dest"
    mkdir -p "$dest"
    "$@" "$dest" || die "cannot unpack the $name source"
    (
        cd "$dest"
        git init -q -b sv
        # The base commit holds the upstream files the series touches.
        # (those that exist: a later patch may touch a file an earlier one adds)
        files=$(cat "${patches[@]}" /dev/null | sed -n 's#^--- a/##p' | sort -u |
                while read -r f; do [ ! -e "$f" ] || echo "$f"; done)
        # shellcheck disable=SC2086
        [ -z "$files" ] || git add -f -- $files
        git "${git_id[@]}" commit -q --allow-empty -m "base: $name $version"
        git tag base
        if [ ${#patches[@]} != 0 ]; then
            git "${git_id[@]}" am -q "${patches[@]}" ||
                die "the $name series does not apply to $version: resolve in $dest (git am --3way), then re-export"
        fi
    )
    echo "$stamp" > "$dest/.git/sv-series-stamp"
}

unpack_linux() { tar -xJf "$linux_tar" -C "$1" --strip-components=1; }
unpack_opensbi() { cp -a "$opensbi_tree/." "$1/"; }

build_opensbi() {
    local src=${SV_OPENSBI_SRC:-$sys/opensbi-src} out="$sys/opensbi-build"
    if [ -z "${SV_OPENSBI_SRC:-}" ]; then
        opensbi_tree=$("$here/fetch-system-src.sh" opensbi)
        local cache_dir
        cache_dir=$(dirname "$opensbi_tree")
        prepare_tree opensbi "$src" "$(cat "$cache_dir/version")" unpack_opensbi
    fi
    note "building OpenSBI (generic platform) in $out"
    make -C "$src" -s -j"$jobs" O="$out" PLATFORM=generic \
        CROSS_COMPILE=$cross CC="$ccache ${cross}gcc" FW_TEXT_START=0x80000000 >&2 ||
        die "the OpenSBI build failed"
    local fw="$out/platform/generic/firmware/fw_dynamic.bin"
    [ -f "$fw" ] || die "OpenSBI built no $fw"
    echo "$fw"
}

build_linux() {
    local src=${SV_LINUX_SRC:-$sys/linux-src} out="$sys/linux-build"
    local frag="$root/system/linux/sv-virt.config"
    if [ -z "${SV_LINUX_SRC:-}" ]; then
        linux_tar=$("$here/fetch-system-src.sh" linux)
        prepare_tree linux "$src" "$(cat "$(dirname "$linux_tar")/version")" unpack_linux
    fi
    local kmake=(make -C "$src" -s -j"$jobs" O="$out" ARCH=riscv CROSS_COMPILE=$cross
                 CC="$ccache ${cross}gcc" SV_KIT="$root/linux-user-tests/include")
    mkdir -p "$out"
    if [ ! -f "$out/.config" ] || [ "$frag" -nt "$out/.config" ] ||
       [ "$(cat "$out/.sv-frag" 2>/dev/null)" != "$(sha256sum < "$frag")" ]; then
        note "configuring Linux: allnoconfig + system/linux/sv-virt.config"
        "${kmake[@]}" KCONFIG_ALLCONFIG="$frag" allnoconfig >&2 || die "kernel configuration failed"
        local missing
        missing=$(grep -E '^(CONFIG_[A-Z0-9_]+=|# CONFIG_[A-Z0-9_]+ is not set)' "$frag" |
                  while read -r l; do grep -qxF "$l" "$out/.config" || echo "$l"; done)
        [ -z "$missing" ] || die "the kernel config dropped: $(echo $missing) (a dependency is missing)"
        sha256sum < "$frag" > "$out/.sv-frag"
    fi
    note "building Linux in $out"
    "${kmake[@]}" Image >&2 || die "the kernel build failed"
    echo "$out/arch/riscv/boot/Image"
}

case $what in
opensbi) build_opensbi ;;
linux) build_linux ;;
all) build_opensbi; build_linux ;;
*) die "usage: build-system.sh BUILD_DIR [opensbi|linux|all]" ;;
esac
