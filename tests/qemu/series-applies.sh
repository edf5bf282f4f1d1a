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
tar --no-same-owner -C "$work" -xJf "$orig"
tree=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)
[ -f "$tree/VERSION" ] || { echo "no QEMU tree in $orig"; exit 1; }
echo "upstream tree: $(cat "$tree/VERSION") from $(basename "$orig")"
cd "$tree"
git init -q
git config gc.auto 0
git config maintenance.auto false
git add -A -f
git -c user.name=t -c user.email=t@localhost commit -q -m "QEMU $(cat VERSION)"
n=0
while read -r p; do
    case "$p" in ''|'#'*) continue ;; esac
    git -c user.name=t -c user.email=t@localhost am -q "$root/target/patches/$p" ||
        { echo "FAIL: $p does not apply to plain QEMU $(cat VERSION)"; exit 1; }
    n=$((n + 1))
done < "$root/target/patches/series"
echo "ok: $n patches apply with git am; $(git diff --shortstat HEAD~$n)"
