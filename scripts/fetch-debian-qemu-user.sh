#!/usr/bin/env bash
# Debian trixie's own qemu-riscv64 (package qemu-user, statically linked,
# amd64): the unpatched QEMU 10.0 the userland benchmark compares against.
# Downloaded once through a private apt configuration (the system's apt is
# never touched); only usr/bin/qemu-riscv64 is kept, under
# $SV_CACHE/host/qemu-user.  Prints its path.
#   fetch-debian-qemu-user.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
dest="$SV_CACHE/host/qemu-user"
bin="$dest/qemu-riscv64"
if [ -f "$dest/.sv-unpacked" ] && [ -x "$bin" ]; then
    echo "$bin"
    exit 0
fi
[ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ] ||
    die "Debian's qemu-user is fetched for amd64 hosts only (this is $(dpkg --print-architecture))"
need_root "scripts/fetch-debian-qemu-user.sh (first run: it downloads with apt)"
command -v dpkg-deb >/dev/null || die "dpkg-deb is missing (package dpkg)"
mkdir -p "$SV_CACHE/host"
private_apt_init trixie-amd64 "deb [arch=amd64] $DEBIAN_MIRROR trixie main"
if [ -f "$dest/.sv-unpacked" ] && [ -x "$bin" ]; then
    echo "$bin"
    exit 0
fi
arch_opts=(-o APT::Architecture=amd64 -o APT::Architectures::=amd64)
private_apt_update trixie-amd64 "${arch_opts[@]}"
rm -rf "$dest"
mkdir -p "$dest/deb"
note "downloading Debian trixie's qemu-user (amd64, once) for the unpatched-QEMU comparison"
# shellcheck disable=SC2046
(cd "$dest/deb" && apt-get $(private_apt_opts trixie-amd64) "${arch_opts[@]}" \
    download -q qemu-user:amd64 >&2) ||
    die "cannot download trixie's qemu-user from $DEBIAN_MIRROR"
deb=$(ls "$dest"/deb/*.deb)
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dest/deb" ./usr/bin/qemu-riscv64 ||
    die "no usr/bin/qemu-riscv64 in $(basename "$deb")"
mv "$dest/deb/usr/bin/qemu-riscv64" "$bin"
dpkg-deb -f "$deb" Version > "$dest/version"
rm -rf "$dest/deb"
"$bin" --version > /dev/null 2>&1 ||
    die "Debian's qemu-riscv64 does not run here (not a static binary?): $bin"
touch "$dest/.sv-unpacked"
echo "$bin"
