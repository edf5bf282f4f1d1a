#!/usr/bin/env bash
# Installs every build and test dependency from Debian packages.
# meson >= 1.5 comes from bookworm-backports through a private apt
# configuration; the system's apt sources are never edited.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
need_root "scripts/install-deps.sh"

packages=(
    build-essential git ninja-build pkg-config ccache python3 python3-venv
    flex bison libglib2.0-dev libfdt-dev libpixman-1-dev zlib1g-dev
    libslirp-dev dpkg-dev xz-utils
    gcc-riscv64-linux-gnu g++-riscv64-linux-gnu libc6-dev-riscv64-cross
    googletest libgtest-dev libbenchmark-dev clang-format valgrind
    gdb-multiarch nlohmann-json3-dev libhwy-dev
    clang libclang-rt-14-dev
    libdw-dev librsvg2-bin
    bc
    lintian strace
)
stamp="$SV_CACHE/deps.stamp"
want="$(printf '%s ' "${packages[@]}") meson-bpo"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
   dpkg -s "${packages[@]}" >/dev/null 2>&1 &&
   meson --version 2>/dev/null | awk -F. '{exit !($1 > 1 || ($1 == 1 && $2 >= 5))}'; then
    note "build dependencies already installed"
    exit 0
fi
mkdir -p "$SV_CACHE"

export DEBIAN_FRONTEND=noninteractive
note "installing build dependencies from Debian"
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -q >&2 || die "apt-get update failed: is the Debian mirror reachable?"
    apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 ||
        die "could not install: ${missing[*]}"
fi

if ! meson --version 2>/dev/null | awk -F. '{exit !($1 > 1 || ($1 == 1 && $2 >= 5))}'; then
    note "installing meson >= 1.5 from bookworm-backports (private apt config)"
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    [ "$codename" = bookworm ] || die "expected Debian 12 (bookworm), found '$codename'"
    private_apt_init bookworm-backports \
        "deb $DEBIAN_MIRROR bookworm main" \
        "deb $DEBIAN_MIRROR bookworm-updates main" \
        "deb $DEBIAN_MIRROR bookworm-backports main"
    private_apt_update bookworm-backports
    # shellcheck disable=SC2046
    apt-get $(private_apt_opts bookworm-backports) install -y -q --no-install-recommends \
        -t bookworm-backports meson >&2 || die "could not install meson from bookworm-backports"
    hash -r
fi
meson --version | awk -F. '{exit !($1 > 1 || ($1 == 1 && $2 >= 5))}' ||
    die "meson >= 1.5 is required, found $(meson --version); the PATH may hold another meson"
echo "$want" > "$stamp"
note "dependencies ready (meson $(meson --version))"
