#!/usr/bin/env bash
# Maintainer tool: regenerates target/patches from a QEMU git tree whose
# history is `base` (the pristine tree) followed by one commit per hook,
# e.g. build/qemu-src after editing and committing there.
#   export-patches.sh QEMU_TREE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
tree=${1:?usage: export-patches.sh QEMU_TREE}
git -C "$tree" rev-parse -q --verify base >/dev/null || die "$tree has no 'base' tag"
dest="$here/../target/patches"
rm -f "$dest"/*.patch
git -C "$tree" format-patch -q --no-signature --zero-commit --no-numbered \
    -o "$(cd "$dest" && pwd)" base..HEAD
(cd "$dest" && {
    echo "# Hook patches onto QEMU 10.0.x, applied in this order with git am."
    ls ./*.patch | sed 's|^\./||'
} > series)
note "exported $(ls "$dest"/*.patch | wc -l) patches to target/patches"
