#!/usr/bin/env bash
# Contract C1: the hook series applies with `git am` to a plain QEMU tree
# made from the upstream release (the orig tarball of Debian's package, i.e.
# v10.0.x without Debian's patches).  The Debian-patched tree is covered by
# every build (scripts/build-qemu.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
orig=$("$root/scripts/fetch-qemu.sh" --orig)
work=$(mktemp -d)
# A detached `git gc --auto` could still be writing objects at exit.
trap 'rm -rf "$work" 2>/dev/null || true' EXIT
# git am only reads the files a patch touches, so only those (and VERSION)
# are unpacked: a whole-tree unpack and `git add` took minutes on a loaded
# 2-core machine and proved nothing more.
patches=()
while read -r p; do
    case "$p" in ''|'#'*) continue ;; esac
    patches+=("$root/target/patches/$p")
done < "$root/target/patches/series"
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
        { echo "FAIL: $(basename "$p") does not apply to plain QEMU $(cat VERSION)"; exit 1; }
    n=$((n + 1))
done
echo "ok: $n patches apply with git am; $(git diff --shortstat HEAD~$n)"
