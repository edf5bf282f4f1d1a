#!/usr/bin/env bash
# meson install's script (packaging/meson.build): installs what meson's
# own install functions cannot, into $MESON_INSTALL_DESTDIR_PREFIX:
#   BINDIR/qemu-riscv64-sv, BINDIR/qemu-system-riscv64-sv   (QEMU, renamed)
#   PKGLIB/demo                                     (the riscv64 SV demo)
#   PKGLIB/system/{Image,fw_dynamic.bin,busybox}    (for sv-linux)
#   riscv64-linux-gnu/lib/libsvstring.{so,a}
#   install.sh BUILD BINDIR PKGLIB QEMU_USER QEMU_SYSTEM LIBSVSTRING_SO LIBSVSTRING_A DEMO
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$root/scripts/common.sh"
[ $# = 8 ] || die "usage: install.sh BUILD BINDIR PKGLIB QEMU_USER QEMU_SYSTEM SO A DEMO"
build=$1 bindir=$2 pkglib=$3 quser=$4 qsys=$5 so=$6 a=$7 demo=$8
dest=${MESON_INSTALL_DESTDIR_PREFIX:?run by meson install}
# Relative directories are under the prefix; absolute ones under DESTDIR.
under() { case $1 in /*) echo "${DESTDIR:-}$1" ;; *) echo "$dest/$1" ;; esac; }
bin=$(under "$bindir") lib=$(under "$pkglib")

for q in "$quser" "$qsys"; do
    # build/qemu-* is a symlink into qemu-build, or a stub script when the
    # target was not built (qemu_targets).
    [ -x "$q" ] && ! grep -q 'was not built' "$q" 2>/dev/null ||
        die "$q was not built: meson install needs both QEMU targets (qemu_targets)"
    install -D -m 755 "$(readlink -f "$q")" "$bin/$(basename "$q")-sv"
    echo "Installing $q to $bin/$(basename "$q")-sv"
done
install -D -m 755 "$demo" "$lib/demo"
install -D -m 644 "$so" "$dest/riscv64-linux-gnu/lib/libsvstring.so"
install -D -m 644 "$a" "$dest/riscv64-linux-gnu/lib/libsvstring.a"

# The system software sv-linux boots: brought up to date like
# sv-linux.sh does (incremental: a few seconds when nothing changed).
note "OpenSBI and Linux for sv-linux (scripts/build-system.sh $build all)"
"$root/scripts/build-system.sh" "$build" all > /dev/null ||
    die "building OpenSBI/Linux failed: run scripts/build-system.sh $build all"
bb=$("$root/scripts/fetch-riscv64-deb.sh" busybox-static) ||
    die "cannot fetch Debian's busybox-static (scripts/fetch-riscv64-deb.sh busybox-static)"
install -D -m 644 "$build/system/opensbi-build/platform/generic/firmware/fw_dynamic.bin" \
    "$lib/system/fw_dynamic.bin"
install -D -m 644 "$build/system/linux-build/arch/riscv/boot/Image" "$lib/system/Image"
install -D -m 755 "$bb/root/usr/bin/busybox" "$lib/system/busybox"
# busybox is Debian's binary: its copyright goes with it.
install -D -m 644 "$bb/root/usr/share/doc/busybox-static/copyright" "$lib/system/busybox.copyright"
# sv-linux's sign that it runs from an installation (scripts/sv-linux.sh).
echo "simple-v-qemu system software for PREFIX/bin/sv-linux" > "$lib/system/sv-linux-installed"
chmod 644 "$lib/system/sv-linux-installed"
echo "Installing the SV Linux Image, OpenSBI and busybox to $lib/system"
# svcore is linked into QEMU and the tools statically and not installed:
# the pkg-config file meson generates for QEMU's build
# (target/svcore/meson.build) would name a library that is not there.
find "$dest" -path '*/pkgconfig/svcore.pc' -delete
find "$dest" -depth -type d -name pkgconfig -empty -delete
find "$dest" -depth -type d -path "$dest/lib/*" -empty -delete
