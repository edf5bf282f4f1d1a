#!/usr/bin/env bash
# Fetches Debian's qemu source package (contract C1) through a private apt
# configuration and unpacks it with Debian's patches applied: trixie's
# QEMU 10.0 by default, sid's QEMU 10.2 with --qemu 10.2.  The result is
# cached under $SV_CACHE (paths keyed by version, so both coexist); a
# second run downloads nothing.  Prints the path of the unpacked,
# Debian-patched tree on stdout.
#   fetch-qemu.sh [--qemu 10.0|10.2] [--orig] [--version]
#   --orig      print the path of the upstream orig tarball instead
#   --version   print the Debian package version instead
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

want=tree
while [ $# -gt 0 ]; do
    case "$1" in
    --qemu) sv_qemu_select "${2:?--qemu needs a version: $SV_QEMU_SERIES_ALL}"; shift 2 ;;
    --orig) want=orig; shift ;;
    --version) want=version; shift ;;
    *) die "fetch-qemu.sh: unknown argument '$1'" ;;
    esac
done

src_dir="$SV_CACHE/src"
mkdir -p "$src_dir" 2>/dev/null || die "cannot create $src_dir (run as root, or set SV_CACHE)"

result() { # VERSION
    local upstream=${1#*:}
    upstream=${upstream%%-*}
    case $want in
    orig) echo "$src_dir/qemu_${upstream}.orig.tar.xz" ;;
    version) echo "$1" ;;
    *) echo "$src_dir/qemu-${1#*:}" ;;
    esac
}

version_file=$SV_QEMU_VERSION_FILE
if [ -f "$version_file" ]; then
    version=$(cat "$version_file")
    if [ -f "$src_dir/qemu-${version#*:}/.sv-unpacked" ]; then
        result "$version"
        exit 0
    fi
fi

command -v dpkg-source >/dev/null || die "dpkg-source is missing: run scripts/install-deps.sh (package dpkg-dev)"
need_root "scripts/fetch-qemu.sh (first run: it downloads with apt)"
suite=$SV_QEMU_SUITE
"private_apt_init_${suite}_src"
# Another process may have unpacked it while this one waited for the lock.
if [ -f "$version_file" ] && [ -f "$src_dir/qemu-$(cut -d: -f2- "$version_file")/.sv-unpacked" ]; then
    result "$(cat "$version_file")"
    exit 0
fi
private_apt_update "$suite-src"
opts=$(private_apt_opts "$suite-src")

# shellcheck disable=SC2086
available=$(apt-cache $opts showsrc qemu 2>/dev/null | awk '/^Version:/ {print $2}' | sort -u)
[ -n "$available" ] || die "$suite's qemu source package is not visible through $DEBIAN_MIRROR"
if printf '%s\n' "$available" | grep -qxF "$SV_QEMU_VERSION_PINNED"; then
    version=$SV_QEMU_VERSION_PINNED
else
    version=$(printf '%s\n' "$available" | grep -E "^1:${SV_QEMU_SERIES//./\\.}\.[0-9]+" |
              sort -V | tail -n 1 || true)
    [ -n "$version" ] || die "no qemu ${SV_QEMU_SERIES}.x in $suite (available: $(echo $available))"
    note "pinned qemu $SV_QEMU_VERSION_PINNED is gone from $suite; using the newest ${SV_QEMU_SERIES}.x: $version"
fi

note "downloading qemu source $version"
dl="$src_dir/download-${version#*:}"
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
result "$version"
