#!/usr/bin/env bash
# Contract C1: the hook series applies with `git am` to a plain QEMU tree
# made from the upstream release (the orig tarball of Debian's package, i.e.
# v10.0.x or v10.2.x without Debian's patches), for either supported QEMU
# (the version's own patches from target/patches/VERSION included).  The
# Debian-patched tree is covered by every build (scripts/build-qemu.sh).
#   series-applies.sh [10.0|10.2]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/scripts/common.sh"
sv_qemu_select "${1:-$SV_QEMU_SERIES_DEFAULT}"
orig=$("$root/scripts/fetch-qemu.sh" --qemu "$SV_QEMU_SERIES" --orig)
work=$(mktemp -d)
# A detached `git gc --auto` could still be writing objects at exit.
trap 'rm -rf "$work" 2>/dev/null || true' EXIT
# git am only reads the files a patch touches, so only those (and VERSION)
# are unpacked: a whole-tree unpack and `git add` took minutes on a loaded
# 2-core machine and proved nothing more.
mapfile -t patches < <(sv_hook_series "$root" "$SV_QEMU_SERIES")
top=$(tar -tJf "$orig" | sed -n "1s|/.*||p")
mapfile -t touched < <(sed -n 's|^--- a/||p' "${patches[@]}" | sort -u)
members=("$top/VERSION")
for f in "${touched[@]}"; do members+=("$top/$f"); done
tar --no-same-owner -C "$work" -xJf "$orig" "${members[@]}"
tree="$work/$top"
[ -f "$tree/VERSION" ] || { echo "no QEMU tree in $orig"; exit 1; }
echo "upstream tree: $(cat "$tree/VERSION") from $(basename "$orig")"
cd "$tree"
git init -q
git config gc.auto 0
git config maintenance.auto false
git add -A -f
git -c user.name=t -c user.email=t@localhost commit -q -m "QEMU $(cat VERSION)"
n=0
for p in "${patches[@]}"; do
    git -c user.name=t -c user.email=t@localhost am -q "$p" ||
        { echo "FAIL: ${p#"$root"/} does not apply to plain QEMU $(cat VERSION)"; exit 1; }
    n=$((n + 1))
done
own=$(printf '%s\n' "${patches[@]}" | grep -c "/patches/$SV_QEMU_SERIES/" || true)
echo "ok: $n patches ($own from target/patches/$SV_QEMU_SERIES/) apply with git am;" \
    "$(git diff --shortstat HEAD~$n)"
