#!/usr/bin/env bash
# Builds the Debian packages from `meson install` (issue 24):
#   simple-v-qemu_VERSION_amd64.deb   the emulators, sv-linux with its
#                                     kernel and firmware, svprof,
#                                     sv-objdump, gdb script, kit, docs
#   libsvstring_VERSION_riscv64.deb   libsvstring.so, libsvstring.a and
#                                     svstring.h for a riscv64 system
# then runs lintian on them (errors fail the build; warnings are printed).
#
#   build-debs.sh [--build DIR] [--out DIR] [--no-rebuild] [--compress C] [--no-lintian]
#     --build DIR   the meson build directory (default <repo>/build)
#     --out DIR     where the .deb files go (default BUILD/debs)
#     --no-rebuild  package what is built (default: meson install brings
#                   the build up to date first)
#     --compress C  dpkg-deb's compressor: xz (default, 6 MB, about 30 s
#                   here), gzip (8 MB, 3 s; what the install test uses)
#     --no-lintian  skip lintian
#
# How: meson install --destdir into a staging tree (every installed path
# is relative to the prefix, packaging/meson.build, so the staged tree is
# moved to /usr whatever the build's prefix), split into the two package
# trees (PREFIX/riscv64-linux-gnu becomes libsvstring's /usr/lib/riscv64-
# linux-gnu and /usr/include), stripped, man pages and changelogs
# compressed, then dpkg-shlibdeps computes simple-v-qemu's Depends from
# its host ELF files and dpkg-gencontrol writes each control file from
# packaging/debian/control; dpkg-deb builds the packages owned by root.
# libsvstring's Depends is "libc6 (>= V)" for the newest GLIBC_V symbol
# version its shared object needs (dpkg-shlibdeps cannot see riscv64's
# libc6 here: only the cross toolchain's libc6-riscv64-cross is installed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/common.sh"

build="$root/build" out= rebuild= lint=1 compress=xz
while [ $# -gt 0 ]; do
    case $1 in
    --build) build=${2:?--build needs a directory}; shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --no-rebuild) rebuild=--no-rebuild; shift ;;
    --no-lintian) lint=0; shift ;;
    --compress)
        compress=${2:?--compress needs xz, gzip or zstd}
        case $compress in xz|gzip|zstd) ;; *) die "--compress takes xz, gzip or zstd" ;; esac
        shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2; exit 2 ;;
    *) die "build-debs.sh: unknown argument $1 (--help)" ;;
    esac
done
[ -f "$build/build.ninja" ] || die "no meson build in $build: run scripts/setup.sh first"
build=$(cd "$build" && pwd)
out=${out:-$build/debs}
for t in dpkg-deb dpkg-gencontrol dpkg-shlibdeps dpkg-architecture strip gzip; do
    command -v $t > /dev/null || die "$t is missing: run scripts/install-deps.sh (package dpkg-dev)"
done
command -v riscv64-linux-gnu-strip > /dev/null ||
    die "riscv64-linux-gnu-strip is missing: run scripts/install-deps.sh (binutils-riscv64-linux-gnu)"
if [ $lint = 1 ] && ! command -v lintian > /dev/null; then
    die "lintian is missing: run scripts/install-deps.sh (or pass --no-lintian)"
fi
[ "$(dpkg-architecture -qDEB_HOST_ARCH)" = amd64 ] ||
    die "the emulator package is built for amd64; this host is $(dpkg-architecture -qDEB_HOST_ARCH)"

version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' \
    "$build/meson-info/intro-projectinfo.json")
prefix=$(python3 -c 'import json,sys; print([o["value"] for o in json.load(open(sys.argv[1])) if o["name"] == "prefix"][0])' \
    "$build/meson-info/intro-buildoptions.json")
pkg=$root/packaging/debian
clver=$(dpkg-parsechangelog -l "$pkg/changelog" -S Version)
[ "$clver" = "$version" ] ||
    die "packaging/debian/changelog is at $clver but meson.build's version is $version: add a changelog entry"

work=$(mktemp -d "${TMPDIR:-/tmp}/sv-debs.XXXXXX")
trap 'rm -rf "$work"' EXIT
note "meson install --destdir (prefix $prefix, staged for /usr)"
meson install -C "$build" $rebuild --quiet --destdir "$work/stage" > "$work/install.log" 2>&1 ||
    { cat "$work/install.log" >&2; die "meson install failed (log above)"; }
[ -d "$work/stage$prefix/bin" ] || die "meson install put nothing in $prefix/bin"

# The two package trees.
qp=$work/src/debian/simple-v-qemu lp=$work/src/debian/libsvstring
mkdir -p "$qp" "$lp/usr/lib/riscv64-linux-gnu" "$lp/usr/include"
mv "$work/stage$prefix" "$qp/usr"
mv "$qp/usr/riscv64-linux-gnu/lib/"* "$lp/usr/lib/riscv64-linux-gnu/"
mv "$qp/usr/riscv64-linux-gnu/include/"* "$lp/usr/include/"
rm -rf "$qp/usr/riscv64-linux-gnu"
# The binfmt_misc entry names its interpreter by absolute path.
sed -i "s|:[^:]*/lib/simple-v-qemu/qemu-riscv64-sv-binfmt:|:/usr/lib/simple-v-qemu/qemu-riscv64-sv-binfmt:|" \
    "$qp/usr/share/simple-v-qemu/binfmt/qemu-riscv64-sv.conf"

# Strip as dh_strip does: host ELF with strip, riscv64 ELF with the cross
# strip (shared objects --strip-unneeded, static archives --strip-debug).
machine() { { LC_ALL=C readelf -h "$1" 2>/dev/null || true; } | sed -n "s/^ *Machine: *//p"; }
elftype() { { LC_ALL=C readelf -h "$1" 2>/dev/null || true; } | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p'; }
host_elf=()
while IFS= read -r -d '' f; do
    [[ $f != *.a ]] || continue
    m=$(machine "$f")
    case $m in
    *X86-64*) s=strip; host_elf+=("$f") ;;
    *RISC-V*) s=riscv64-linux-gnu-strip ;;
    *) continue ;;
    esac
    if [ "$(elftype "$f")" = DYN ] && [[ $f == *.so ]]; then
        $s --remove-section=.comment --remove-section=.note --strip-unneeded "$f"
    else
        $s --remove-section=.comment --remove-section=.note "$f"
    fi
done < <(find "$qp" "$lp" -type f -print0)
riscv64-linux-gnu-strip --strip-debug --remove-section=.comment --enable-deterministic-archives \
    "$lp/usr/lib/riscv64-linux-gnu/libsvstring.a"

# Documentation: copyright, changelog, compressed man pages.
for p in simple-v-qemu libsvstring; do
    d=$work/src/debian/$p/usr/share/doc/$p
    mkdir -p "$d"
    install -m 644 "$pkg/copyright" "$d/copyright"
    gzip -9n < "$pkg/changelog" > "$d/changelog.gz"
done
find "$qp/usr/share/man" -type f -name '*.[1-9]' -exec gzip -9n {} +
mkdir -p "$qp/usr/share/lintian/overrides"
install -m 644 "$pkg/simple-v-qemu.lintian-overrides" "$qp/usr/share/lintian/overrides/simple-v-qemu"
# libsvstring is a public shared library: shlibs, ldconfig trigger.
mkdir -p "$lp/DEBIAN"
# SONAME libsvstring.so (no version): deb-shlibs(5) names it "libsvstring" with an empty version field.
# shlibs: see lintian
echo "activate-noawait ldconfig" > "$lp/DEBIAN/triggers"

# Modes as dpkg-deb --root-owner-group expects: no group/other write.
for p in "$qp" "$lp"; do
    find "$p" -type d -exec chmod 755 {} +
    find "$p" -type f -exec chmod go-w {} +
    find "$p/DEBIAN" -type f -exec chmod 644 {} + 2>/dev/null || true
done

# Control files.  dpkg-shlibdeps and dpkg-gencontrol read debian/.
# (A plain subshell: under "|| die" set -e would not apply inside it.)
cp "$pkg/control" "$pkg/changelog" "$work/src/debian/"
mkdir -p "$qp/DEBIAN"
(
    cd "$work/src"
    dpkg-shlibdeps -Tdebian/simple-v-qemu.substvars -e "${host_elf[@]}" 2> "$work/shlibdeps.log" ||
        { cat "$work/shlibdeps.log" >&2; exit 1; }
    dpkg-gencontrol -psimple-v-qemu -P"$qp" -Tdebian/simple-v-qemu.substvars -fdebian/files -Vmisc:Depends=
    glibc=$(LC_ALL=C riscv64-linux-gnu-readelf -V "$lp/usr/lib/riscv64-linux-gnu/libsvstring.so" |
        sed -n 's/.*Name: GLIBC_\([0-9.]*\).*/\1/p' | sort -V | tail -n 1)
    [ -n "$glibc" ] || glibc=2.27
    printf 'shlibs:Depends=libc6 (>= %s)\n' "$glibc" > debian/libsvstring.substvars
    dpkg-architecture -ariscv64 -f -c dpkg-gencontrol -plibsvstring -P"$lp" \
        -Tdebian/libsvstring.substvars -fdebian/files -Vmisc:Depends=
)
for p in "$qp" "$lp"; do
    (cd "$p" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z |
        xargs -0 md5sum > DEBIAN/md5sums)
    chmod 644 "$p/DEBIAN/md5sums"
done

mkdir -p "$out"
debs=()
for p in "$qp" "$lp"; do
    name=$(sed -n 's/^Package: //p' "$p/DEBIAN/control")
    arch=$(sed -n 's/^Architecture: //p' "$p/DEBIAN/control")
    deb="$out/${name}_${version}_${arch}.deb"
    rm -f "$deb"
    dpkg-deb --root-owner-group -Z"$compress" --build "$p" "$deb" > /dev/null ||
        die "dpkg-deb failed for $name"
    note "$deb ($(du -h "$deb" | cut -f1)): Depends: $(sed -n 's/^Depends: //p' "$p/DEBIAN/control")"
    debs+=("$deb")
done
if [ $lint = 1 ]; then
    note "lintian"
    lrc=0
    lintian --fail-on error --display-info "${debs[@]}" > "$work/lintian.log" 2>&1 || lrc=$?
    sed 's/^/lintian: /' "$work/lintian.log"
    echo "lintian: $(grep -c '^E:' "$work/lintian.log" || true) errors, $(grep -c '^W:' "$work/lintian.log" || true) warnings, $(grep -c '^I:' "$work/lintian.log" || true) infos"
    [ $lrc = 0 ] || die "lintian reports errors"
fi
printf '%s\n' "${debs[@]}"
