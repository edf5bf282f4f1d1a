#!/usr/bin/env bash
# Fetches Debian trixie's qemu source package (contract C1) through a
# private apt configuration and unpacks it with Debian's patches applied.
# The result is cached under $SV_CACHE; a second run downloads nothing.
# Prints the path of the unpacked, Debian-patched tree on stdout.
#   --orig   print the path of the upstream orig tarball instead
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

want_orig=0
[ "${1:-}" = --orig ] && want_orig=1

src_dir="$SV_CACHE/src"
mkdir -p "$src_dir" 2>/dev/null || die "cannot create $src_dir (run as root, or set SV_CACHE)"

version_file="$src_dir/version"
if [ -f "$version_file" ]; then
    version=$(cat "$version_file")
    upstream=${version#*:}
    upstream=${upstream%%-*}
    tree="$src_dir/qemu-${version#*:}"
    if [ -f "$tree/.sv-unpacked" ]; then
        if [ $want_orig = 1 ]; then
            echo "$src_dir/qemu_${upstream}.orig.tar.xz"
        else
            echo "$tree"
        fi
        exit 0
    fi
fi

command -v dpkg-source >/dev/null || die "dpkg-source is missing: run scripts/install-deps.sh (package dpkg-dev)"
need_root "scripts/fetch-qemu.sh (first run: it downloads with apt)"
private_apt_init_trixie_src
private_apt_update trixie-src
opts=$(private_apt_opts trixie-src)

# shellcheck disable=SC2086
available=$(apt-cache $opts showsrc qemu 2>/dev/null | awk '/^Version:/ {print $2}' | sort -u)
[ -n "$available" ] || die "trixie's qemu source package is not visible through $DEBIAN_MIRROR"
if printf '%s\n' "$available" | grep -qxF "$SV_QEMU_VERSION_PINNED"; then
    version=$SV_QEMU_VERSION_PINNED
else
    version=$(printf '%s\n' "$available" | grep -E "^1:${SV_QEMU_SERIES//./\\.}\.[0-9]+" |
              sort -V | tail -n 1 || true)
    [ -n "$version" ] || die "no qemu ${SV_QEMU_SERIES}.x in trixie (available: $(echo $available))"
    note "pinned qemu $SV_QEMU_VERSION_PINNED is gone from trixie; using the newest ${SV_QEMU_SERIES}.x: $version"
fi

note "downloading qemu source $version"
dl="$src_dir/download"
rm -rf "$dl"
mkdir -p "$dl"
# shellcheck disable=SC2086
(cd "$dl" && apt-get $opts source --download-only -q "qemu=$version" >&2) ||
    die "downloading qemu=$version failed (network, or the mirror dropped it)"
upstream=${version#*:}
upstream=${upstream%%-*}
tree="$src_dir/qemu-${version#*:}"
rm -rf "$tree"
note "unpacking with Debian's patches into $tree"
(cd "$dl" && dpkg-source --no-check -x ./*.dsc "$tree" >/dev/null) ||
    die "dpkg-source could not unpack qemu $version"
mv "$dl/qemu_${upstream}.orig.tar.xz" "$src_dir/" ||
    die "the orig tarball qemu_${upstream}.orig.tar.xz is missing from the download"
rm -rf "$dl"
touch "$tree/.sv-unpacked"
echo "$version" > "$version_file"
if [ $want_orig = 1 ]; then
    echo "$src_dir/qemu_${upstream}.orig.tar.xz"
else
    echo "$tree"
fi
