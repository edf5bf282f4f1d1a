#!/usr/bin/env bash
# Maintainer tool: regenerates system/opensbi or system/linux (patches/ and
# series) from a git tree whose history is `base` followed by one commit
# per patch, e.g. build/system/linux-src after editing and committing there
# (scripts/build-system.sh made it).
#   export-system-patches.sh opensbi|linux TREE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
name=${1:?usage: export-system-patches.sh opensbi|linux TREE}
tree=${2:?usage: export-system-patches.sh opensbi|linux TREE}
case $name in opensbi|linux) ;; *) die "usage: export-system-patches.sh opensbi|linux TREE" ;; esac
git -C "$tree" rev-parse -q --verify base >/dev/null || die "$tree has no 'base' tag"
dest="$here/../system/$name/patches"
mkdir -p "$dest"
# `fixup!` commits (git commit --fixup) are squashed in a scratch clone,
# so the tree itself is never rewritten (its build stays incremental).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$tree" "$tmp/t"
GIT_SEQUENCE_EDITOR=true git -C "$tmp/t" -c user.name=simple-v \
    -c user.email=simple-v@localhost rebase -q -i --autosquash base >/dev/null ||
    die "squashing the fixup! commits of $tree failed"
rm -f "$dest"/*.patch
git -C "$tmp/t" format-patch -q --no-signature --zero-commit --no-numbered \
    -o "$(cd "$dest" && pwd)" base..HEAD
(cd "$dest" && {
    echo "# The SV series onto Debian trixie's $name, applied in this order with git am"
    echo "# (scripts/build-system.sh).  What each patch does: system/README.md."
    ls ./*.patch | sed 's|^\./||'
} > ../series)
note "exported $(ls "$dest"/*.patch | wc -l) patches to system/$name/patches"
