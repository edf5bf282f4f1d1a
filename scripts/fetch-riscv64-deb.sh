#!/usr/bin/env bash
# Downloads Debian trixie's riscv64 binary package PKG through a private apt
# configuration and unpacks it (cached under $SV_CACHE/riscv64/PKG).
# Prints the unpacked directory.
#   fetch-riscv64-deb.sh PKG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
pkg=${1:?usage: fetch-riscv64-deb.sh PKG}
dest="$SV_CACHE/riscv64/$pkg"
if [ -f "$dest/.sv-unpacked" ]; then
    echo "$dest"
    exit 0
fi
need_root "scripts/fetch-riscv64-deb.sh (first run: it downloads with apt)"
command -v dpkg-deb >/dev/null || die "dpkg-deb is missing (package dpkg)"
private_apt_init trixie-riscv64 "deb [arch=riscv64] $DEBIAN_MIRROR trixie main"
# Another process may have unpacked it while we waited for the apt lock.
if [ -f "$dest/.sv-unpacked" ]; then
    echo "$dest"
    exit 0
fi
arch_opts=(-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64)
private_apt_update trixie-riscv64 "${arch_opts[@]}"
rm -rf "$dest"
mkdir -p "$dest/deb"
# shellcheck disable=SC2046
(cd "$dest/deb" && apt-get $(private_apt_opts trixie-riscv64) "${arch_opts[@]}" \
    download -q "$pkg:riscv64" >&2) ||
    die "cannot download trixie's riscv64 package $pkg (network, or the name changed)"
dpkg-deb -x "$dest"/deb/*.deb "$dest/root" || die "cannot unpack $pkg"
touch "$dest/.sv-unpacked"
echo "$dest"
