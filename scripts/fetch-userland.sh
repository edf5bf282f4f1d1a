#!/usr/bin/env bash
# Builds a riscv64 Debian trixie sysroot for `qemu-riscv64 -L`: python3
# (with its test suite), sqlite3, lua5.4, gzip, xz-utils, coreutils and
# every library they need, downloaded through the private riscv64 apt
# configuration (fetch-riscv64-deb.sh; the system's apt is never touched)
# and unpacked with dpkg-deb -x (no maintainer scripts run).
# Cached under $SV_CACHE/riscv64/userland (about 120 MB unpacked, 30 MB of
# downloads, once).  Prints the sysroot directory (.../userland/root); the
# package list with versions is in .../userland/packages.
#   fetch-userland.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

dest="$SV_CACHE/riscv64/userland"
# Bump when the wanted set changes: the cache is rebuilt.
want="v1 python3-minimal python3-testsuite sqlite3 lua5.4 gzip xz-utils coreutils"
if [ -f "$dest/.sv-unpacked" ] && [ "$(cat "$dest/.sv-unpacked")" = "$want" ]; then
    echo "$dest/root"
    exit 0
fi
need_root "scripts/fetch-userland.sh (first run: it downloads with apt)"
command -v dpkg-deb >/dev/null || die "dpkg-deb is missing (package dpkg)"
mkdir -p "$SV_CACHE/riscv64"
private_apt_init trixie-riscv64 "deb [arch=riscv64] $DEBIAN_MIRROR trixie main"
if [ -f "$dest/.sv-unpacked" ] && [ "$(cat "$dest/.sv-unpacked")" = "$want" ]; then
    echo "$dest/root" # filled by another process while we waited for the lock
    exit 0
fi
arch_opts=(-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64)
private_apt_update trixie-riscv64 "${arch_opts[@]}"
# shellcheck disable=SC2046
apt_riscv64() { apt-get $(private_apt_opts trixie-riscv64) "${arch_opts[@]}" "$@"; }
# shellcheck disable=SC2046
pyver=$(apt-cache $(private_apt_opts trixie-riscv64) "${arch_opts[@]}" depends python3-minimal 2>/dev/null |
        sed -n 's/^ *\(Pre\)\{0,1\}Depends: python\(3\.[0-9]*\)-minimal.*/\2/p' | head -n 1)
[ -n "$pyver" ] || die "cannot resolve trixie's python3-minimal to a python3.X (apt lists missing?)"
pkgs=(python3-minimal "libpython$pyver-testsuite" sqlite3 lua5.4 gzip xz-utils coreutils)

# The dependency closure: what apt would install on an empty system
# (an empty dpkg status), without recommends.
rm -rf "$dest"
mkdir -p "$dest/apt" "$dest/deb"
: > "$dest/apt/status"
apt_riscv64 -o Dir::State::status="$dest/apt/status" -o Dir::State::extended_states="$dest/apt/ext" \
    --no-install-recommends -s install "${pkgs[@]}" > "$dest/apt/plan" 2>&1 ||
    { cat "$dest/apt/plan" >&2; die "apt cannot resolve ${pkgs[*]} for riscv64 in trixie"; }
closure=$(awk '/^Inst / {print $2 "=" substr($3, 2)}' "$dest/apt/plan")
[ -n "$closure" ] || die "empty dependency closure for ${pkgs[*]}"
note "downloading $(echo "$closure" | wc -l) riscv64 packages for the userland sysroot (about 30 MB, once)"
# shellcheck disable=SC2086
(cd "$dest/deb" && apt_riscv64 download -q $(echo "$closure" | sed 's/=/:riscv64=/') >&2) ||
    die "cannot download the userland packages from $DEBIAN_MIRROR (network, or the mirror changed)"
mkdir -p "$dest/root"
for deb in "$dest"/deb/*.deb; do
    dpkg-deb -x "$deb" "$dest/root" || die "cannot unpack $deb"
done
# Debian's base-files creates the merged-/usr links; the ELF interpreter
# is /lib/ld-linux-riscv64-lp64d.so.1.
for d in bin sbin lib; do
    [ -e "$dest/root/$d" ] || ln -s "usr/$d" "$dest/root/$d"
done
[ -e "$dest/root/lib/ld-linux-riscv64-lp64d.so.1" ] ||
    die "the sysroot has no /lib/ld-linux-riscv64-lp64d.so.1 (libc6 layout changed?)"
# The guest must not read the host's ld.so.cache (qemu -L falls back to
# host paths for files the sysroot lacks): an empty cache makes ld.so use
# its built-in multiarch directories.
mkdir -p "$dest/root/etc"
: > "$dest/root/etc/ld.so.cache"
echo "$closure" | tr '=' ' ' > "$dest/packages"
rm -rf "$dest/deb"
echo "$want" > "$dest/.sv-unpacked"
echo "$dest/root"
