# Shared settings for the project's shell scripts (sourced, not run).
# The pinned QEMU base (contract C1): Debian trixie's qemu source package.
SV_QEMU_VERSION_PINNED="1:10.0.13+ds-0+deb13u1"
SV_QEMU_SERIES="10.0"
# Everything downloaded lives outside the build tree so that a new build
# directory (or `git clean`) never downloads again.
SV_CACHE="${SV_CACHE:-/var/cache/simple-v-qemu}"
SV_APT_DIR="$SV_CACHE/apt"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

die() {
    echo "error: $*" >&2
    exit 1
}

note() {
    echo "== $*" >&2
}

need_root() {
    [ "$(id -u)" = 0 ] || die "$1 must run as root (it installs Debian packages); rerun with sudo"
}

# A private apt configuration: its own sources, lists and cache, so the
# system's /etc/apt stays untouched.  $1 = name, $2.. = sources.list lines.
private_apt_init() {
    local name=$1
    shift
    local d="$SV_APT_DIR/$name"
    mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/etc"
    printf '%s\n' "$@" > "$d/etc/sources.list"
    : > "$d/etc/preferences"
}

private_apt_opts() {
    local d="$SV_APT_DIR/$1"
    echo "-o Dir::Etc::SourceList=$d/etc/sources.list -o Dir::Etc::SourceParts=/dev/null" \
         "-o Dir::State::Lists=$d/lists -o Dir::Cache=$d/cache" \
         "-o Dir::Etc::Preferences=$d/etc/preferences -o Dir::Etc::PreferencesParts=/dev/null" \
         "-o APT::Sandbox::User=root"
}

# Refresh a private apt configuration at most once a day.
private_apt_update() {
    local name=$1
    shift
    local d="$SV_APT_DIR/$name"
    if [ -z "$(find "$d/lists" -maxdepth 1 -name '*_Release' -mtime -1 2>/dev/null)" ] &&
       [ -z "$(find "$d/lists" -maxdepth 1 -name '*InRelease' -mtime -1 2>/dev/null)" ]; then
        # shellcheck disable=SC2046
        apt-get $(private_apt_opts "$name") "$@" update -q >&2 ||
            die "cannot reach $DEBIAN_MIRROR for the '$name' apt configuration (no network?)"
    fi
}
