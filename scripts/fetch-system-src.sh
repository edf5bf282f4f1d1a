#!/usr/bin/env bash
# Fetches the sources of the project's SV-aware system software from
# Debian trixie, through private apt configurations (the system's apt
# sources are never touched), cached under $SV_CACHE/system-src:
#   opensbi   the `opensbi` source package, unpacked with Debian's patches
#   linux     the `linux-source-6.12` package's tarball (Debian's patched
#             6.12 tree), kept as the tarball; build-system.sh unpacks it
# Prints the path of the unpacked OpenSBI tree or of the Linux tarball.
#   fetch-system-src.sh opensbi|linux
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

what=${1:?usage: fetch-system-src.sh opensbi|linux}
dir="$SV_CACHE/system-src"
mkdir -p "$dir" 2>/dev/null || die "cannot create $dir (run as root, or set SV_CACHE)"

case $what in
opensbi)
    if [ -f "$dir/opensbi/.sv-unpacked" ]; then
        echo "$dir/opensbi/tree"
        exit 0
    fi
    command -v dpkg-source >/dev/null || die "dpkg-source is missing: run scripts/install-deps.sh (package dpkg-dev)"
    private_apt_init_trixie_src
    private_apt_update trixie-src
    opts=$(private_apt_opts trixie-src)
    note "downloading trixie's opensbi source package"
    rm -rf "$dir/opensbi"
    mkdir -p "$dir/opensbi/dl"
    # shellcheck disable=SC2086
    (cd "$dir/opensbi/dl" && apt-get $opts source --download-only -q opensbi >&2) || true
    if ls "$dir"/opensbi/dl/*.dsc >/dev/null 2>&1; then
        (cd "$dir/opensbi/dl" && dpkg-source --no-check -x ./*.dsc "$dir/opensbi/tree" >/dev/null) ||
            die "dpkg-source could not unpack opensbi"
        basename "$dir"/opensbi/dl/*.dsc .dsc > "$dir/opensbi/version"
    elif ls "$dir"/opensbi/dl/*.orig.tar.* >/dev/null 2>&1; then
        # Some mirrors serve the orig tarball but not the .dsc/.debian
        # files; Debian's opensbi carries no source patches that matter
        # here (its debian/ directory is packaging), so build the orig.
        note "only opensbi's orig tarball is available from $DEBIAN_MIRROR; using it"
        mkdir -p "$dir/opensbi/tree"
        tar -x -C "$dir/opensbi/tree" --strip-components=1 -f "$dir"/opensbi/dl/*.orig.tar.* ||
            die "cannot unpack opensbi's orig tarball"
        basename "$dir"/opensbi/dl/*.orig.tar.* > "$dir/opensbi/version"
    else
        die "cannot download trixie's opensbi source from $DEBIAN_MIRROR (no network?)"
    fi
    rm -rf "$dir/opensbi/dl"
    touch "$dir/opensbi/.sv-unpacked"
    echo "$dir/opensbi/tree"
    ;;
linux)
    if [ -f "$dir/linux/.sv-fetched" ]; then
        echo "$dir/linux/linux-source.tar.xz"
        exit 0
    fi
    command -v dpkg-deb >/dev/null || die "dpkg-deb is missing (package dpkg)"
    arch_opts=(-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64)
    private_apt_init trixie-riscv64 "deb [arch=riscv64] $DEBIAN_MIRROR trixie main"
    private_apt_update trixie-riscv64 "${arch_opts[@]}"
    note "downloading trixie's linux-source-6.12 (about 150 MB, once)"
    rm -rf "$dir/linux"
    mkdir -p "$dir/linux/dl"
    # shellcheck disable=SC2046
    (cd "$dir/linux/dl" && apt-get $(private_apt_opts trixie-riscv64) "${arch_opts[@]}" \
        download -q linux-source-6.12 >&2) ||
        die "cannot download trixie's linux-source-6.12 from $DEBIAN_MIRROR (no network?)"
    dpkg-deb --fsys-tarfile "$dir"/linux/dl/*.deb |
        tar -x -O --wildcards './usr/src/linux-source-6.12.tar.xz' > "$dir/linux/linux-source.tar.xz" ||
        die "linux-source-6.12 holds no /usr/src/linux-source-6.12.tar.xz"
    basename "$dir"/linux/dl/*.deb .deb > "$dir/linux/version"
    rm -rf "$dir/linux/dl"
    touch "$dir/linux/.sv-fetched"
    echo "$dir/linux/linux-source.tar.xz"
    ;;
*) die "usage: fetch-system-src.sh opensbi|linux" ;;
esac
