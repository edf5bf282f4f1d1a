# Shared settings for the project's shell scripts (sourced, not run).
# The QEMU bases the hook series supports, one Debian source package each
# (contract C1): 10.0 from trixie, the default, and 10.2 from sid (the
# newest QEMU the archive serves).  sv_qemu_select picks one; the default
# is selected below.  docs/qemu-notes.md "Two QEMU versions" says how a
# version's hook series is made.
SV_QEMU_SERIES_DEFAULT=10.0
SV_QEMU_SERIES_ALL="10.0 10.2"
# Everything downloaded lives outside the build tree so that a new build
# directory (or `git clean`) never downloads again.
SV_CACHE="${SV_CACHE:-/var/cache/simple-v-qemu}"
SV_APT_DIR="$SV_CACHE/apt"

# The Debian mirror every download uses is the one the system's apt already
# uses, so a user behind their own mirror (or a proxy, or a snapshot) gets
# the same behaviour and this repository names no host.
#   sv_apt_mirrors [SOURCES_LIST [SOURCE_PARTS_DIR]]
# prints "main URI" and "security URI" lines (either may be missing): the
# first URI of the first enabled deb/deb-src entry whose suites include one
# not ending in -security, and the first one whose suites end in -security.
# It reads deb822 files (SOURCE_PARTS_DIR/*.sources: Types:, URIs:,
# Suites:, Enabled:) and one-line lists (SOURCES_LIST and
# SOURCE_PARTS_DIR/*.list).  The defaults come from apt-config
# (Dir::Etc::sourcelist, Dir::Etc::sourceparts), normally
# /etc/apt/sources.list and /etc/apt/sources.list.d.
sv_apt_mirrors() {
    local list=${1:-} parts=${2:-}
    if [ -z "$list" ] && [ -z "$parts" ]; then
        list=/etc/apt/sources.list
        parts=/etc/apt/sources.list.d
        if command -v apt-config >/dev/null 2>&1; then
            local SL="" SP=""
            eval "$(apt-config shell SL Dir::Etc::sourcelist/f SP Dir::Etc::sourceparts/d 2>/dev/null)" || true
            list=${SL:-$list}
            parts=${SP%/}
            parts=${parts:-/etc/apt/sources.list.d}
        fi
    fi
    local files=()
    [ -n "$list" ] && [ -f "$list" ] && files+=("$list")
    if [ -n "$parts" ] && [ -d "$parts" ]; then
        local f
        for f in "$parts"/*.list "$parts"/*.sources; do
            [ -f "$f" ] && files+=("$f")
        done
    fi
    [ ${#files[@]} -gt 0 ] || return 0
    awk '
        function usable(u) { return u ~ /^([a-z0-9+]+:\/\/|file:)/ && u !~ /^cdrom:/ }
        function take(types, uris, suites,   n, t, i, u, s, sec, other) {
            if (types !~ /(^| )deb(-src)?( |$)/) return
            n = split(suites, s, " "); sec = 0; other = 0
            for (i = 1; i <= n; i++) if (s[i] ~ /-security$/) sec = 1; else other = 1
            n = split(uris, u, " ")
            for (i = 1; i <= n; i++) {
                if (!usable(u[i])) continue
                sub(/\/+$/, "", u[i])
                if (other && main == "") main = u[i]
                if (sec && security == "") security = u[i]
                break
            }
        }
        function flush() {
            if (enabled != "no" && uris != "") take(types, uris, suites)
            types = ""; uris = ""; suites = ""; enabled = ""; field = ""
        }
        FNR == 1 { flush(); deb822 = (FILENAME ~ /\.sources$/) }
        /^[ \t]*#/ { next }
        deb822 && /^[ \t]*$/ { flush(); next }
        deb822 && /^[ \t]/ { # continuation of a multi-line field
            if (field == "uris") uris = uris " " $0
            else if (field == "suites") suites = suites " " $0
            next
        }
        deb822 {
            key = $0; sub(/:.*/, "", key); key = tolower(key)
            val = $0; sub(/^[^:]*:[ \t]*/, "", val)
            field = ""
            if (key == "types") types = val
            else if (key == "uris") { uris = val; field = "uris" }
            else if (key == "suites") { suites = val; field = "suites" }
            else if (key == "enabled") enabled = tolower(val)
            next
        }
        !deb822 && ($1 == "deb" || $1 == "deb-src") {
            line = $0; sub(/#.*/, "", line)
            # drop the [ option=value ... ] block
            if (line ~ /\[/) { sub(/\[[^]]*\]/, "", line) }
            n = split(line, w, /[ \t]+/)
            j = 0; for (i = 1; i <= n; i++) if (w[i] != "") a[++j] = w[i]
            if (j >= 3) take(a[1], a[2], a[3])
        }
        END {
            flush()
            if (main != "") print "main " main
            if (security != "") print "security " security
        }' "${files[@]}"
}

# $DEBIAN_MIRROR (the main archive, .../debian) and $DEBIAN_SECURITY_MIRROR
# (.../debian-security; may stay empty): the environment wins, else the
# system's apt configuration.  An empty $DEBIAN_MIRROR only fails when a
# download needs it (private_apt_init), with a message saying what to set.
if [ -z "${DEBIAN_MIRROR:-}" ] || [ -z "${DEBIAN_SECURITY_MIRROR+set}" ]; then
    sv_mirrors_found=$(sv_apt_mirrors 2>/dev/null || true)
    [ -n "${DEBIAN_MIRROR:-}" ] ||
        DEBIAN_MIRROR=$(printf '%s\n' "$sv_mirrors_found" | sed -n 's/^main //p')
    [ -n "${DEBIAN_SECURITY_MIRROR+set}" ] ||
        DEBIAN_SECURITY_MIRROR=$(printf '%s\n' "$sv_mirrors_found" | sed -n 's/^security //p')
    unset sv_mirrors_found
fi
DEBIAN_MIRROR=${DEBIAN_MIRROR%/}
DEBIAN_SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR%/}

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

# sv_qemu_select SERIES sets, for QEMU SERIES (10.0 or 10.2):
#   SV_QEMU_SERIES          the series itself
#   SV_QEMU_SUITE           the Debian suite whose source package it is
#   SV_QEMU_VERSION_PINNED  the pinned Debian package version
#   SV_QEMU_VERSION_FILE    where fetch-qemu.sh records the version it
#                           unpacked (10.0 keeps the name it always had,
#                           so existing caches stay valid)
sv_qemu_select() {
    case "$1" in
    10.0) SV_QEMU_SUITE=trixie SV_QEMU_VERSION_PINNED="1:10.0.13+ds-0+deb13u1" ;;
    10.2) SV_QEMU_SUITE=sid SV_QEMU_VERSION_PINNED="1:10.2.2+ds-1" ;;
    *) die "unknown QEMU series '$1' (supported: $SV_QEMU_SERIES_ALL)" ;;
    esac
    SV_QEMU_SERIES=$1
    if [ "$1" = "$SV_QEMU_SERIES_DEFAULT" ]; then
        SV_QEMU_VERSION_FILE="$SV_CACHE/src/version"
    else
        SV_QEMU_VERSION_FILE="$SV_CACHE/src/version-$1"
    fi
}
sv_qemu_select "$SV_QEMU_SERIES_DEFAULT"

# sv_hook_series ROOT SERIES prints the hook patches for QEMU SERIES, one
# path a line, in git-am order.  target/patches/series is the one list of
# hooks; target/patches/SERIES/NAME, where it exists, replaces NAME for
# that version (only the patches whose context differs have one).
sv_hook_series() {
    local dir="$1/target/patches" p
    while read -r p; do
        case "$p" in ''|'#'*) continue ;; esac
        if [ -f "$dir/$2/$p" ]; then
            echo "$dir/$2/$p"
        else
            echo "$dir/$p"
        fi
    done < "$dir/series"
}

# A private apt configuration: its own sources, lists and cache, so the
# system's /etc/apt stays untouched.  $1 = name, $2.. = sources.list lines.
private_apt_init() {
    local name=$1
    shift
    [ -n "$DEBIAN_MIRROR" ] ||
        die "no Debian mirror found in the system's apt sources (/etc/apt/sources.list.d/*.sources" \
            "or /etc/apt/sources.list); set DEBIAN_MIRROR=http://<your mirror>/debian"
    local d="$SV_APT_DIR/$name"
    mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/etc"
    private_apt_lock "$name"
    printf '%s\n' "$@" > "$d/etc/sources.list"
    : > "$d/etc/preferences"
}

# The trixie source archive (deb-src) as the private apt configuration
# "trixie-src", shared by every source fetch (QEMU, OpenSBI).  The security
# archive only when the system's apt knows one (or DEBIAN_SECURITY_MIRROR
# names it): the pinned versions are in trixie itself.
private_apt_init_trixie_src() {
    local lines=("deb-src $DEBIAN_MIRROR trixie main" "deb-src $DEBIAN_MIRROR trixie-updates main")
    [ -n "$DEBIAN_SECURITY_MIRROR" ] &&
        lines+=("deb-src $DEBIAN_SECURITY_MIRROR trixie-security main")
    private_apt_init trixie-src "${lines[@]}"
}

# The sid source archive as the private apt configuration "sid-src" (for
# QEMU 10.2; sid has no -updates or -security suites).
private_apt_init_sid_src() {
    private_apt_init sid-src "deb-src $DEBIAN_MIRROR sid main"
}

private_apt_opts() {
    local d="$SV_APT_DIR/$1"
    echo "-o Dir::Etc::SourceList=$d/etc/sources.list -o Dir::Etc::SourceParts=/dev/null" \
         "-o Dir::State::Lists=$d/lists -o Dir::Cache=$d/cache" \
         "-o Dir::Etc::Preferences=$d/etc/preferences -o Dir::Etc::PreferencesParts=/dev/null" \
         "-o APT::Sandbox::User=root"
}

# Serialises the users of one private apt configuration (tests run in
# parallel, and apt's own lock makes a second user fail instead of wait).
# The lock is held until the calling script exits and is inherited by the
# scripts it runs (they would otherwise wait for their own parent).  A
# fetch script re-checks its cache stamp after private_apt_init: another
# process may have filled the cache meanwhile.
private_apt_lock() {
    local var="SV_APT_LOCKED_${1//[^A-Za-z0-9]/_}" fd
    [ -n "${!var:-}" ] && return 0
    command -v flock >/dev/null || return 0
    exec {fd}>"$SV_APT_DIR/$1.lock"
    flock -w 1800 "$fd" || die "waited 30 minutes for $SV_APT_DIR/$1.lock (another download stuck?)"
    export "$var=$$"
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
            die "cannot reach $DEBIAN_MIRROR for the '$name' apt configuration (no network? another mirror: DEBIAN_MIRROR=...)"
    fi
}
