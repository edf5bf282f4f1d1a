#!/usr/bin/env bash
# Boots the project's SV-aware Linux (system/linux) with its SV-aware
# OpenSBI (system/opensbi) under qemu-system-riscv64 -M virt -cpu
# rv64,xsv=true, with an initramfs of busybox plus the programs named on
# the command line (in /sv, on PATH, the working directory), runs a
# shell command there and exits with its status.  Builds whatever is
# missing first (QEMU through meson, OpenSBI and Linux through
# scripts/build-system.sh; busybox comes from Debian, cached).
#
#   sv-linux.sh [OPTIONS] [PROGRAM...] [-c 'COMMAND' | -- COMMAND...]
#
# Without a command it opens an interactive shell on the console (exit
# the shell, or Ctrl-A X, to stop).  Only the command's output is
# printed; the firmware and kernel boot log is kept (--verbose shows it).
#   --smp N        CPUs (default 1)
#   --cpu CPU      QEMU CPU (default rv64,xsv=true; e.g. rv64 for xsv off)
#   --stock        Debian's kernel and OpenSBI instead (what a kernel
#                  without SV support loses: README, "System mode")
#   --timeout S    kill QEMU after S seconds (default 600 with a command,
#                  none for the interactive shell); exit status 124
#   --mem SIZE     guest memory (default 512M)
#   --build DIR    the meson build directory (default <repo>/build)
#   --append ARGS  extra kernel command-line arguments
#   --verbose      print the boot log and the boot time to stderr
#   --no-build     do not bring OpenSBI and Linux up to date first (they
#                  are still built when missing)
#   --file SRC:DEST  put the host file SRC at the absolute guest path DEST
#                  too (repeatable; e.g. a shared library for LD_PRELOAD:
#                  --file build/libsvstring/libsvstring.so:/usr/lib/libsvstring.so)
#   --sysroot DIR  a riscv64 root (e.g. scripts/fetch-userland.sh's) for
#                  dynamically linked programs: the dynamic loader and every
#                  shared library the programs and the --file ELF objects
#                  need (DT_NEEDED, transitively) are copied from DIR to
#                  their standard paths (/lib/ld-linux-riscv64-lp64d.so.1,
#                  /lib/riscv64-linux-gnu/...).  Without it a dynamically
#                  linked program is an error.
# Exit status: the command's, 124 on timeout, 125 when the guest did not
# report one (boot failure: the boot log is printed).
#
# Installed (meson install, the simple-v-qemu package) this script is
# PREFIX/bin/sv-linux: QEMU is PREFIX/bin/qemu-system-riscv64-sv, the
# firmware, kernel, busybox and initramfs writer come from
# PREFIX/lib/simple-v-qemu (--build, --no-build and --stock do not apply).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
installed=
if [ -f "$here/../lib/simple-v-qemu/system/sv-linux-installed" ]; then
    installed=$(cd "$here/../lib/simple-v-qemu" && pwd)
    die() { echo "sv-linux: error: $*" >&2; exit 1; }
    note() { echo "== $*" >&2; }
else
    root=$(cd "$here/.." && pwd)
    . "$here/common.sh"
fi

smp=1 cpu=rv64,xsv=true stock=0 timeout_s= mem=512M build="${root:-}/build" verbose=0 build_sys=1
append= cmd= have_cmd=0 sysroot=
progs=() files=()
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    --smp) smp=${2:?--smp needs N}; shift 2 ;;
    --cpu) cpu=${2:?--cpu needs a CPU}; shift 2 ;;
    --stock) stock=1; shift ;;
    --timeout) timeout_s=${2:?--timeout needs seconds}; shift 2 ;;
    --mem) mem=${2:?--mem needs a size}; shift 2 ;;
    --build) build=${2:?--build needs a directory}; shift 2 ;;
    --append) append=${2:?--append needs arguments}; shift 2 ;;
    --verbose) verbose=1; shift ;;
    --no-build) build_sys=0; shift ;;
    --file)
        f=${2:?--file needs SRC:DEST}
        [[ $f == *:/* ]] || die "--file takes SRC:DEST with an absolute guest path DEST (got $f)"
        [ -f "${f%%:*}" ] || die "--file: no such file: ${f%%:*}"
        files+=("$f"); shift 2 ;;
    --sysroot)
        sysroot=${2:?--sysroot needs a directory}
        [ -d "$sysroot" ] || die "--sysroot: no such directory: $sysroot"
        shift 2 ;;
    -c) cmd=${2?-c needs a command}; have_cmd=1; shift 2 ;;
    --) shift; cmd="$*"; have_cmd=1; break ;;
    -h|--help) usage ;;
    -*) echo "sv-linux.sh: unknown option $1" >&2; usage ;;
    *) [ -f "$1" ] || die "no such program: $1"; progs+=("$1"); shift ;;
    esac
done
[[ $smp =~ ^[1-8]$ ]] || die "--smp takes 1..8"
[ -n "$timeout_s" ] || { [ $have_cmd = 1 ] && timeout_s=600 || timeout_s=0; }
[[ $timeout_s =~ ^[0-9]+$ ]] || die "--timeout takes seconds"

mkinitramfs="${root:-}/tests/system/mkinitramfs.py"
if [ -n "$installed" ]; then
    [ $stock = 0 ] || die "--stock (Debian's kernel and OpenSBI) needs the source tree's scripts/sv-linux.sh"
    qemu="$here/qemu-system-riscv64-sv"
    firmware="$installed/system/fw_dynamic.bin"
    kernel="$installed/system/Image"
    busybox="$installed/system/busybox"
    mkinitramfs="$installed/mkinitramfs.py"
    for f in "$qemu" "$firmware" "$kernel" "$busybox" "$mkinitramfs"; do
        [ -f "$f" ] || die "$f is missing: the installation is incomplete (reinstall simple-v-qemu)"
    done
# QEMU: the project's build (meson builds it when missing).
elif qemu="$build/qemu-system-riscv64" && [ ! -x "$qemu" ]; then
    [ -f "$build/build.ninja" ] ||
        die "no $build/qemu-system-riscv64: run scripts/setup.sh (or meson setup $build) first"
    note "building QEMU (meson compile -C $build)"
    meson compile -C "$build" >&2 || die "the QEMU build failed"
fi

if [ -n "$installed" ]; then
    :
elif [ $stock = 1 ]; then
    fetched=$("$here/fetch-kernel.sh") || die "cannot fetch Debian's kernel (scripts/fetch-kernel.sh)"
    { read -r kernel; read -r firmware; read -r busybox; } <<< "$fetched"
else
    firmware="$build/system/opensbi-build/platform/generic/firmware/fw_dynamic.bin"
    kernel="$build/system/linux-build/arch/riscv/boot/Image"
    # build-system.sh is incremental (a few seconds when nothing changed;
    # it re-applies the series when system/*/series changed).
    if [ $build_sys = 1 ] || [ ! -f "$firmware" ] || [ ! -f "$kernel" ]; then
        "$here/build-system.sh" "$build" all >/dev/null || die "building OpenSBI/Linux failed"
    fi
    busybox="$("$here/fetch-riscv64-deb.sh" busybox-static)/root/usr/bin/busybox" ||
        die "cannot fetch Debian's busybox-static"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ird="$work/root"
mkdir -p "$ird/bin" "$ird/sv" "$ird/proc" "$ird/sys" "$ird/dev" "$ird/tmp" "$ird/root"
cp "$busybox" "$ird/bin/busybox"
for p in "${progs[@]}"; do cp "$p" "$ird/sv/"; done
for f in "${files[@]}"; do
    dest=${f#*:}
    mkdir -p "$ird$(dirname "$dest")"
    cp -L "${f%%:*}" "$ird$dest"
done
# Dynamically linked ELF objects: their loader and libraries from the
# sysroot, at the paths the loader searches (Debian's multiarch ones).
readelf=$(command -v riscv64-linux-gnu-readelf || command -v readelf || true)
declare -A have_lib=()
# elf_deps FILE: "I /interp" and "N libname" lines (nothing for non-ELF).
elf_deps() {
    LC_ALL=C "$readelf" -lWd "$1" 2>/dev/null | sed -n \
        -e 's/.*Requesting program interpreter: \(.*\)]$/I \1/p' \
        -e 's/.*(NEEDED).*Shared library: \[\(.*\)\]$/N \1/p'
}
# add_deps FILE: copies what FILE needs (recursively) into the initramfs.
add_deps() {
    local kind name rel d
    while read -r kind name; do
        [ -n "$kind" ] || continue
        if [ -z "$sysroot" ]; then
            die "$1 is dynamically linked (it needs $name): give --sysroot DIR (e.g. \$(scripts/fetch-userland.sh))"
        fi
        if [ "$kind" = I ]; then
            rel=${name#/}
        else
            rel=
            for d in lib/riscv64-linux-gnu usr/lib/riscv64-linux-gnu lib usr/lib; do
                if [ -e "$sysroot/$d/$name" ]; then rel=$d/$name; break; fi
            done
            [ -n "$rel" ] || die "$1 needs $name, which is not in $sysroot (lib/riscv64-linux-gnu, usr/lib/riscv64-linux-gnu, lib, usr/lib)"
        fi
        [ -z "${have_lib[$rel]:-}" ] || continue
        have_lib[$rel]=1
        [ -e "$sysroot/$rel" ] || die "$1 needs $name, which is not in $sysroot"
        if [ ! -e "$ird/$rel" ]; then
            mkdir -p "$ird/$(dirname "$rel")"
            cp -L "$sysroot/$rel" "$ird/$rel"
        fi
        add_deps "$sysroot/$rel"
    done < <(elf_deps "$1")
}
if [ ${#progs[@]} -gt 0 ] || [ ${#files[@]} -gt 0 ]; then
    [ -n "$readelf" ] || die "readelf is missing (package binutils)"
    for p in "${progs[@]}"; do add_deps "$p"; done
    for f in "${files[@]}"; do add_deps "${f%%:*}"; done
fi
if [ $have_cmd = 1 ]; then
    printf '%s\n' "$cmd" > "$ird/cmd"
fi
cat > "$ird/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/sv:/bin HOME=/root
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
cd /sv
echo "SV-LINUX-START"
if [ -f /cmd ]; then
    sh /cmd
    echo "SV-LINUX-EXIT $?"
else
    setsid cttyhack sh -l
    echo "SV-LINUX-EXIT $?"
fi
poweroff -f
INIT
chmod +x "$ird/init"
python3 "$mkinitramfs" "$ird" "$work/initrd.gz"

qargs=(-M virt -cpu "$cpu" -smp "$smp" -m "$mem" -bios "$firmware" -kernel "$kernel"
       -initrd "$work/initrd.gz" -append "console=ttyS0 quiet panic=-1 $append"
       -display none -no-reboot)
log="$work/console.log"
rcfile="$work/rc"
start=$(date +%s.%N)
# The console goes through a filter: everything before SV-LINUX-START is
# the boot log, the SV-LINUX-EXIT line carries the status.
filter() {
    awk -v rcfile="$rcfile" -v logf="$log" -v verbose="$verbose" -v t0="$start" '
        { sub(/\r$/, ""); print > logf; fflush(logf) }
        !started { if (verbose) { print > "/dev/stderr" }
                   if ($0 ~ /SV-LINUX-START$/) {
                       started = 1
                       if (verbose) {
                           "date +%s.%N" | getline now
                           printf "== booted to the shell in %.2f s\n", now - t0 > "/dev/stderr"
                       }
                   }
                   next }
        done { next }
        (i = index($0, "SV-LINUX-EXIT ")) {
            if (i > 1) printf "%s\n", substr($0, 1, i - 1)
            print substr($0, i + 14) > rcfile; close(rcfile); done = 1; next }
        { print; fflush() }'
}
rc=0
if [ $have_cmd = 1 ]; then
    to=()
    [ "$timeout_s" = 0 ] || to=(timeout --kill-after=10 "$timeout_s")
    set +e
    "${to[@]}" "$qemu" "${qargs[@]}" -serial stdio -monitor none < /dev/null | filter
    rc=${PIPESTATUS[0]}
    set -e
else
    to=()
    [ "$timeout_s" = 0 ] || to=(timeout --foreground --kill-after=10 "$timeout_s")
    "${to[@]}" "$qemu" "${qargs[@]}" -serial mon:stdio || rc=$?
    exit "$rc"
fi
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    echo "sv-linux.sh: timed out after $timeout_s s (--timeout)" >&2
    [ $verbose = 1 ] || tail -n 30 "$log" >&2
    exit 124
fi
if [ ! -s "$rcfile" ]; then
    echo "sv-linux.sh: the guest reported no exit status (QEMU exit $rc); console log:" >&2
    tail -n 60 "$log" >&2
    exit 125
fi
exit "$(cat "$rcfile")"
