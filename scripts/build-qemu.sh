#!/usr/bin/env bash
# Builds the patched QEMU: takes the cached Debian source (fetch-qemu.sh),
# keeps it as a git tree in the build directory with the hook series applied
# (git am), links target/riscv/sv into it, configures once and runs ninja.
# Called by the top-level meson.build on every build; when nothing changed
# it costs a few seconds, and a one-file edit rebuilds only that file.
#   build-qemu.sh --out DIR --pkgconfig DIR [--targets LIST] [--qemu 10.0|10.2]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/common.sh"

out="" pkgconfig="" targets="riscv64-linux-user,riscv64-softmmu"
while [ $# -gt 0 ]; do
    case "$1" in
    --out) out=$2; shift 2 ;;
    --pkgconfig) pkgconfig=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    --qemu) sv_qemu_select "$2"; shift 2 ;;
    *) die "build-qemu.sh: unknown argument '$1'" ;;
    esac
done
[ -n "$out" ] && [ -n "$pkgconfig" ] || die "usage: build-qemu.sh --out DIR --pkgconfig DIR [--targets LIST]"
out=$(mkdir -p "$out" && cd "$out" && pwd)
[ -f "$pkgconfig/svcore-uninstalled.pc" ] ||
    die "$pkgconfig/svcore-uninstalled.pc is missing: build through meson (meson setup build && meson compile -C build)"
for tool in git ninja flex bison pkg-config; do
    command -v $tool >/dev/null || die "$tool is missing: run scripts/install-deps.sh"
done

src=$("$here/fetch-qemu.sh" --qemu "$SV_QEMU_SERIES")
version=$("$here/fetch-qemu.sh" --qemu "$SV_QEMU_SERIES" --version)
tree="$out/qemu-src"
build="$out/qemu-build"
git_id=(-c user.name="Simple-V build" -c user.email="simple-v@localhost" -c advice.detachedHead=false)

# The pristine Debian tree as a git repository, made once per version.
base_repo="$SV_CACHE/git/qemu-${version#*:}.git"
if [ ! -f "$base_repo/.sv-ready" ]; then
    note "recording the Debian tree as git history ($base_repo)"
    rm -rf "$base_repo"
    mkdir -p "$(dirname "$base_repo")"
    git init -q --bare "$base_repo"
    # No automatic gc: the commit below writes some 10,000 loose objects,
    # and the gc it would start in the background packs and deletes them
    # while the clone below copies them ("failed to copy file": a fresh
    # cache's CI run failed so).
    git --git-dir="$base_repo" config gc.auto 0
    git --git-dir="$base_repo" config maintenance.auto false
    git --git-dir="$base_repo" --work-tree="$src" add -A -f -- . ':!.sv-unpacked'
    git "${git_id[@]}" --git-dir="$base_repo" --work-tree="$src" commit -q \
        -m "Debian qemu $version (upstream with Debian's patches)"
    git --git-dir="$base_repo" tag base
    touch "$base_repo/.sv-ready"
fi
# A build directory switched to another QEMU version starts over (the
# base commit's subject names the version).
if [ -d "$tree/.git" ] &&
   [ "$(git -C "$tree" log -1 --format=%s base 2>/dev/null)" != "Debian qemu $version (upstream with Debian's patches)" ]; then
    note "$tree is another QEMU version; checking out $version afresh"
    rm -rf "$tree" "$build"
fi
if [ ! -d "$tree/.git" ]; then
    note "checking out QEMU into $tree"
    rm -rf "$tree"
    git clone -q --no-hardlinks "$base_repo" "$tree"
    echo "target/riscv/sv" >> "$tree/.git/info/exclude"
fi

# Apply the hook series when it changed.  reset --hard rewrites only files
# that differ, so unchanged upstream files keep their mtimes.
mapfile -t patches < <(sv_hook_series "$root" "$SV_QEMU_SERIES")
# The id is the patches applied (names and contents), so a comment in
# target/patches/series changes nothing.
series_id=$( (printf '%s\n' "${patches[@]#"$root"/}"; cat "${patches[@]}") | sha256sum | cut -d' ' -f1)
if [ "$(cat "$tree/.sv-series" 2>/dev/null)" != "$series_id" ]; then
    note "applying the hook series for QEMU $SV_QEMU_SERIES (target/patches/series)"
    git -C "$tree" am --abort >/dev/null 2>&1 || true
    git -C "$tree" reset -q --hard base
    git "${git_id[@]}" -C "$tree" am -q "${patches[@]}" ||
        die "the hook series does not apply to qemu $version; see 'git -C $tree am --show-current-patch'"
    echo "$series_id" > "$tree/.sv-series"
fi
ln -sfn "$root/target/riscv/sv" "$tree/target/riscv/sv"

configure_args=(
    --python=/usr/bin/python3 --target-list="$targets"
    --without-default-features --enable-tcg --enable-plugins
    --enable-fdt=system --disable-download --disable-docs
    --disable-install-blobs --disable-werror
)
# check-tcg's gdbstub tests need a gdb that knows riscv64.
if command -v gdb-multiarch >/dev/null; then
    configure_args+=(--gdb="$(command -v gdb-multiarch)")
fi
# The svcore pkg-config file is part of the key: QEMU's meson reads its link
# flags (svcore's own dependencies, such as Highway) only at configure time.
config_id=$( (printf '%s\n' "${configure_args[@]}" "$pkgconfig"; cat "$pkgconfig/svcore-uninstalled.pc") |
    sha256sum | cut -d' ' -f1)
# QEMU's configure names the compiler itself, so meson's ccache detection
# does not apply; ccache's masquerading directory does.
if [ -d /usr/lib/ccache ]; then
    export PATH="/usr/lib/ccache:$PATH"
fi
export CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$out"
if [ "$(cat "$build/.sv-config" 2>/dev/null)" != "$config_id" ]; then
    note "configuring QEMU ($targets)"
    rm -rf "$build"
    mkdir -p "$build"
    (cd "$build" && PKG_CONFIG_PATH="$pkgconfig" "$tree/configure" "${configure_args[@]}" \
        > configure.log 2>&1) || {
        tail -n 30 "$build/configure.log" >&2
        die "QEMU configure failed (log: $build/configure.log)"
    }
    echo "$config_id" > "$build/.sv-config"
fi

binaries=()
case ",$targets," in *,riscv64-linux-user,*) binaries+=(qemu-riscv64) ;; esac
case ",$targets," in *,riscv64-softmmu,*) binaries+=(qemu-system-riscv64) ;; esac
start=$(date +%s)
if ! ninja -C "$build" "${binaries[@]}" > "$build/ninja.log" 2>&1; then
    grep -B2 -A12 -m5 'error' "$build/ninja.log" >&2 || tail -n 40 "$build/ninja.log" >&2
    die "building QEMU failed (log: $build/ninja.log)"
fi
note "QEMU ${binaries[*]}: $(grep -c '^\[' "$build/ninja.log" || true) build steps in $(( $(date +%s) - start )) s"
for b in qemu-riscv64 qemu-system-riscv64; do
    if [ -x "$build/$b" ]; then
        ln -sfn "$build/$b" "$out/$b"
    else
        printf '#!/bin/sh\necho "%s was not built (qemu_targets=%s)" >&2\nexit 77\n' "$b" "$targets" > "$out/$b"
        chmod +x "$out/$b"
    fi
done
