#!/usr/bin/env bash
# scripts/common.sh takes the Debian mirror from the system's apt sources
# (deb822 and one-line formats), lets DEBIAN_MIRROR override it, and fails
# with a clear message when there is none.  Host names below are made up
# (.example is reserved), so no registry is named.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mirrors() { # LIST PARTS -> "main=... security=..."
    bash -c '. "$1/scripts/common.sh"; sv_apt_mirrors "$2" "$3"' sh "$root" "$1" "$2" |
        tr '\n' ' ' | sed 's/ $//'
}
check() { # NAME GOT WANT
    [ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
    echo "ok: $1"
}

# deb822: a disabled stanza, a security stanza first, multi-line URIs, comments.
mkdir -p "$work/a/parts"
cat > "$work/a/parts/debian.sources" <<'X'
# URIs: http://commented.example/debian
Types: deb
URIs: http://disabled.example/debian
Suites: trixie
Components: main
Enabled: no

Types: deb deb-src
URIs: http://sec.example/debian-security/
Suites: trixie-security
Components: main

Types: deb
URIs:
 http://mirror.example/debian/
 http://second.example/debian
Suites: trixie
 trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
X
check "deb822 file" "$(mirrors /nonexistent "$work/a/parts")" \
    "main http://mirror.example/debian security http://sec.example/debian-security"

# One-line format with an option block and a cdrom entry, in sources.list.
mkdir -p "$work/b/parts"
cat > "$work/b/sources.list" <<'X'
# deb http://commented.example/debian trixie main
deb cdrom:[Debian 13]/ trixie main
deb [arch=amd64 signed-by=/usr/share/keyrings/k.gpg] http://one.example/debian bookworm main
deb-src http://one.example/debian bookworm main
deb http://one-sec.example/debian-security bookworm-security main
X
check "one-line sources.list" "$(mirrors "$work/b/sources.list" "$work/b/parts")" \
    "main http://one.example/debian security http://one-sec.example/debian-security"

# A .list in the parts directory, no security entry.
mkdir -p "$work/c/parts"
echo "deb https://parts.example/debian/ trixie main" > "$work/c/parts/x.list"
check "parts .list only" "$(mirrors /nonexistent "$work/c/parts")" "main https://parts.example/debian"

# Nothing usable: no output.
mkdir -p "$work/d/parts"
check "no sources" "$(mirrors /nonexistent "$work/d/parts")" ""

# The environment wins, with any trailing slash dropped.
got=$(DEBIAN_MIRROR=http://env.example/debian/ bash -c '. "$1/scripts/common.sh"; echo "$DEBIAN_MIRROR"' sh "$root")
check "DEBIAN_MIRROR override" "$got" "http://env.example/debian"

# No mirror anywhere: a download stops with a message naming the override.
# (sv_apt_mirrors is replaced by an empty one, as on a system without sources.)
out=$(SV_CACHE="$work/cache" DEBIAN_MIRROR= DEBIAN_SECURITY_MIRROR= bash -c '
    . "$1/scripts/common.sh"
    DEBIAN_MIRROR=""
    private_apt_init test "deb $DEBIAN_MIRROR trixie main"' sh "$root" 2>&1) &&
    fail "private_apt_init succeeded without a mirror"
case $out in
*"set DEBIAN_MIRROR="*) echo "ok: no mirror -> clear error" ;;
*) fail "no mirror: unclear message: $out" ;;
esac

# The repository itself names no Debian host.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    hits=$(git -C "$root" grep -l -i -E 'deb\.debian\.org|ftp\.[a-z.]*debian\.org|security\.debian\.org' -- . || true)
    [ -z "$hits" ] || fail "tracked files name a Debian mirror host: $hits"
    echo "ok: no tracked file names a Debian mirror host"
fi
echo "ok: apt mirror detection"
