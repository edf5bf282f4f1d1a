#!/usr/bin/env bash
# Maintainer tool: regenerates the hook series from a QEMU git tree whose
# history is `base` (the pristine tree) followed by one commit per hook,
# e.g. build/qemu-src (QEMU 10.0) or build-10.2/qemu-src (QEMU 10.2) after
# editing and committing there.  The tree's VERSION at `base` says which
# series it is:
#   10.0 (the default QEMU)  rewrites target/patches/*.patch and series
#   another version (10.2)   rewrites target/patches/10.2/: a patch goes
#                            there only when target/patches' own patch of
#                            that name does not give the same tree on this
#                            version (docs/qemu-notes.md "Two QEMU versions")
# Export the 10.0 tree first when a hook is added, removed or renamed: its
# names are the series, and every other version's tree must carry the same
# hooks in the same order.
#   export-patches.sh QEMU_TREE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/common.sh"
tree=${1:?usage: export-patches.sh QEMU_TREE}
git -C "$tree" rev-parse -q --verify base >/dev/null || die "$tree has no 'base' tag"
upstream=$(git -C "$tree" show base:VERSION 2>/dev/null) || die "$tree has no VERSION at 'base'"
sv_qemu_select "$(echo "$upstream" | cut -d. -f1-2)"
dest="$root/target/patches"

if [ "$SV_QEMU_SERIES" = "$SV_QEMU_SERIES_DEFAULT" ]; then
    rm -f "$dest"/*.patch
    git -C "$tree" format-patch -q --no-signature --zero-commit --no-numbered \
        -o "$dest" base..HEAD
    (cd "$dest" && {
        echo "# Hook patches onto QEMU $SV_QEMU_SERIES_DEFAULT.x, applied in this order with git am."
        echo "# Another QEMU version takes VERSION/NAME instead of NAME where that exists"
        echo "# (scripts/common.sh sv_hook_series; docs/qemu-notes.md \"Two QEMU versions\")."
        ls ./*.patch | sed 's|^\./||'
    } > series)
    note "exported $(ls "$dest"/*.patch | wc -l) patches to target/patches"
    for v in $SV_QEMU_SERIES_ALL; do
        [ -d "$dest/$v" ] || continue
        for p in "$dest/$v"/*.patch; do
            [ -f "$p" ] || continue
            grep -qxF "$(basename "$p")" "$dest/series" ||
                note "warning: target/patches/$v/$(basename "$p") names no hook of the series any more;" \
                     "rebase the $v tree and export it"
        done
    done
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$tree" format-patch -q --no-signature --zero-commit --no-numbered \
    -o "$tmp" base..HEAD
mapfile -t commits < <(git -C "$tree" rev-list --reverse base..HEAD)
mapfile -t names < <(grep -v '^#' "$dest/series" | grep -v '^$')
[ ${#commits[@]} = ${#names[@]} ] ||
    die "$tree has ${#commits[@]} hook commits, target/patches/series ${#names[@]}: export the $SV_QEMU_SERIES_DEFAULT tree first, or rebase this one"
mkdir -p "$dest/$SV_QEMU_SERIES"
rm -f "$dest/$SV_QEMU_SERIES"/*.patch
own=0
for i in "${!commits[@]}"; do
    c=${commits[$i]} name=${names[$i]}
    mine=$(ls "$tmp" | sed -n "$((i + 1))p")
    [ "$mine" = "$name" ] ||
        die "hook $((i + 1)) of $tree is $mine, the series says $name: same hooks, same order, same subjects"
    # The common patch does for this version exactly what the commit does?
    export GIT_INDEX_FILE="$tmp/index"
    git -C "$tree" read-tree "$c^"
    if git -C "$tree" apply --cached "$dest/$name" 2>/dev/null &&
       [ "$(git -C "$tree" write-tree)" = "$(git -C "$tree" rev-parse "$c^{tree}")" ]; then
        :
    else
        cp "$tmp/$mine" "$dest/$SV_QEMU_SERIES/$name"
        own=$((own + 1))
    fi
    unset GIT_INDEX_FILE
done
rmdir "$dest/$SV_QEMU_SERIES" 2>/dev/null || true
note "QEMU $SV_QEMU_SERIES: ${#names[@]} hooks, $own of them its own in target/patches/$SV_QEMU_SERIES"
