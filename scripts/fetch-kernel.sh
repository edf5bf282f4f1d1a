#!/usr/bin/env bash
# Fetches what the Linux boot test (tests/system/linux-boot.sh) needs from
# Debian trixie, through the private riscv64 apt configuration
# (fetch-riscv64-deb.sh; the system's apt sources are never touched):
#   * the kernel image of linux-image-riscv64 (the metapackage's current
#     linux-image-6.12.*-riscv64), only its /boot (the .deb is ~110 MB,
#     its modules are not needed: the virt machine's UART, SBI console
#     and reset drivers are built in);
#   * OpenSBI's generic fw_dynamic (package opensbi);
#   * busybox-static (riscv64) for the initramfs.
# Cached under $SV_CACHE/riscv64; prints three lines: the kernel, the
# firmware, the busybox binary.
#   fetch-kernel.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

arch_opts=(-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64)
kdir="$SV_CACHE/riscv64/linux-image"
if [ ! -f "$kdir/.sv-unpacked" ]; then
    need_root "scripts/fetch-kernel.sh (first run: it downloads with apt)"
    command -v dpkg-deb >/dev/null || die "dpkg-deb is missing (package dpkg)"
    private_apt_init trixie-riscv64 "deb [arch=riscv64] $DEBIAN_MIRROR trixie main"
    private_apt_update trixie-riscv64 "${arch_opts[@]}"
    # shellcheck disable=SC2046
    image=$(apt-cache $(private_apt_opts trixie-riscv64) "${arch_opts[@]}" \
                depends linux-image-riscv64 2>/dev/null |
            sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-riscv64\)$/\1/p' | head -n 1)
    [ -n "$image" ] ||
        die "cannot resolve trixie's linux-image-riscv64 to a kernel image package (apt lists missing or network down?)"
    note "downloading $image (about 110 MB, once)"
    rm -rf "$kdir"
    mkdir -p "$kdir/deb"
    # shellcheck disable=SC2046
    (cd "$kdir/deb" && apt-get $(private_apt_opts trixie-riscv64) "${arch_opts[@]}" \
        download -q "$image:riscv64" >&2) ||
        die "cannot download $image from $DEBIAN_MIRROR (no network?)"
    mkdir -p "$kdir/root"
    dpkg-deb --fsys-tarfile "$kdir"/deb/*.deb | tar -x -C "$kdir/root" ./boot ||
        die "cannot unpack /boot from $image"
    rm -rf "$kdir/deb"
    echo "$image" > "$kdir/package"
    touch "$kdir/.sv-unpacked"
fi
kernel=$(find "$kdir/root/boot" -name 'vmlinu*' | head -n 1)
[ -n "$kernel" ] || die "no vmlinu* in $kdir/root/boot (package $(cat "$kdir/package"))"

fw="$("$here/fetch-riscv64-deb.sh" opensbi)/root/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin"
[ -f "$fw" ] || die "the opensbi package has no generic fw_dynamic.bin for riscv64"
bb="$("$here/fetch-riscv64-deb.sh" busybox-static)/root/usr/bin/busybox"
[ -x "$bb" ] || die "the busybox-static package has no /usr/bin/busybox"
printf '%s\n' "$kernel" "$fw" "$bb"
