#!/usr/bin/env bash
# The installed copy (issue 24), run from a temporary root with the build
# and source trees hidden: a private mount namespace (unshare -m) puts an
# empty tmpfs over each, so any file opened there by the installed
# programs, sv-linux or QEMU would be missing and its check would fail.
# Without unshare (no CAP_SYS_ADMIN) every check runs under strace and no
# file name under either tree may appear in its file system calls.
#
#   install-test.sh BUILD destdir PREFIX DEMO SVSTRING_TEST_DYN SV_STRESS
#       meson install --destdir TMP; the root is TMP/PREFIX
#   install-test.sh BUILD debs PREFIX DEMO SVSTRING_TEST_DYN SV_STRESS
#       scripts/build-debs.sh, dpkg -x of both packages; the root is TMP/usr
#       (and lintian on them when it is installed: no errors)
#
# Checks, from the installed files only: the demo (qemu-riscv64-sv) and
# the kit headers (the installed demo.c compiled against them); the
# trixie sysroot's sort and the libsvstring differential test with the
# installed libsvstring.so preloaded; svprof writing its report;
# sv-objdump on sv_stress; sv-as -c and sv-cc building a program in the
# sv-as syntax (a block, a P48) that runs; the binfmt_misc interpreter, directly and
# registered in a private binfmt_misc (a user namespace's own instance,
# Linux >= 6.7; skipped before) running the demo and trixie's sort as
# plain commands; a boot through the installed sv-linux running sv_stress
# for a second.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: install-test.sh BUILD destdir|debs PREFIX DEMO TEST_DYN SV_STRESS}" && pwd)
mode=$2 prefix=$3 demo=$4 test_dyn=$5 stress=$6
t0=$SECONDS
tmp=$(mktemp -d /tmp/sv-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

sysroot=$("$src/scripts/fetch-userland.sh") || { echo "FAIL: no riscv64 sysroot (scripts/fetch-userland.sh)"; exit 1; }
mkdir -p "$tmp/in"
cp "$demo" "$test_dyn" "$stress" "$tmp/in/"

case $mode in
destdir)
    meson install -C "$build" --no-rebuild --quiet --destdir "$tmp/root" > "$tmp/install.log" 2>&1 ||
        { cat "$tmp/install.log"; echo "FAIL: meson install"; exit 1; }
    root=$tmp/root$prefix
    libsv=$root/riscv64-linux-gnu/lib/libsvstring.so
    ;;
debs)
    "$src/scripts/build-debs.sh" --build "$build" --out "$tmp/debs" --no-rebuild --compress gzip > "$tmp/debs.log" 2>&1 ||
        { cat "$tmp/debs.log"; echo "FAIL: scripts/build-debs.sh"; exit 1; }
    grep -E '^(==|lintian)' "$tmp/debs.log" || true
    for d in "$tmp"/debs/*.deb; do
        dpkg-deb -f "$d" Package Version Architecture Depends | tr '\n' ' '
        echo
        dpkg -x "$d" "$tmp/root"
    done
    root=$tmp/root/usr
    libsv=$root/lib/riscv64-linux-gnu/libsvstring.so
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
echo "installed ($mode) in $((SECONDS - t0)) s: $(du -sh "$tmp/root" | cut -f1)"

# The checks, as a script outside both trees (bash reads a script as it
# runs, so this one cannot be under the hidden source tree).
cat > "$tmp/checks.sh" <<'CHECKS'
set -uo pipefail
root=$1 in=$2 sysroot=$3 libsv=$4 out=$5 conf_prefix=$6
export PATH="$root/bin:/usr/bin:/bin"
failures=0
check() { # check WHAT COMMAND...: COMMAND's output in $out/WHAT.log
    local what=$1 log="$out/$(echo "$1" | tr -c 'a-z0-9\n' '_').log" t=$SECONDS
    shift
    if "$@" > "$log" 2>&1; then
        echo "ok   $what ($((SECONDS - t)) s)"
    else
        echo "FAIL $what"; tail -n 20 "$log"; failures=$((failures + 1))
    fi
}
xsv=(-cpu rv64,xsv=true)
check "demo under qemu-riscv64-sv" sh -c \
    'qemu-riscv64-sv -cpu rv64,xsv=true "$1" | grep -q "^demo: [0-9]* checks, 0 failures"' - "$in/demo"
check "the installed demo" sh -c \
    'qemu-riscv64-sv -cpu rv64,xsv=true "$1/lib/simple-v-qemu/demo" | grep -q " 0 failures"' - "$root"
check "demo.c built with the installed kit headers" sh -c '
    riscv64-linux-gnu-gcc -static -O2 -march=rv64gc -I "$1/share/simple-v-qemu/include" \
        -Wa,-I"$1/share/simple-v-qemu/include" "$1/share/doc/simple-v-qemu/examples/demo.c" \
        -o "$2/demo-kit" &&
    qemu-riscv64-sv -cpu rv64,xsv=true "$2/demo-kit" | grep -q " 0 failures"' - "$root" "$out"
check "trixie's sort with libsvstring preloaded" sh -c '
    printf "pear\napple\nfig\n" > "$3/words"
    qemu-riscv64-sv -cpu rv64,xsv=true -L "$1" -E LD_PRELOAD="$2" -E LIBSVSTRING_VERBOSE=1 \
        "$1/usr/bin/sort" "$3/words" > "$3/sorted" 2> "$3/sort.err"
    cat "$3/sort.err"
    grep -q "^libsvstring: Simple-V string functions" "$3/sort.err" &&
    [ "$(cat "$3/sorted" | tr "\n" " ")" = "apple fig pear " ]' - "$sysroot" "$libsv" "$out"
check "svstring differential test with libsvstring preloaded" sh -c \
    'qemu-riscv64-sv -cpu rv64,xsv=true -L "$1" -E LD_PRELOAD="$2" "$3" preload |
     grep -qE "^svstring \(preload\): [1-9][0-9]* checks, 0 failures$"' - \
    "$sysroot" "$libsv" "$in/svstring_test_dyn"
check "svprof writes its report" sh -c '
    qemu-riscv64-sv -cpu rv64,xsv=true \
        -plugin "$1/lib/simple-v-qemu/libsvprof.so,out=$3/report" "$2/demo" > /dev/null &&
    for s in txt json svg callgrind; do [ -s "$3/report.$s" ] || exit 1; done &&
    grep -qi "setvl" "$3/report.txt"' - "$root" "$in" "$out"
check "sv-objdump on sv_stress (its VBLOCKs)" sh -c \
    'sv-objdump --raw "$1/sv_stress" | grep -q "sv\.vblock\[.*{setvl mode="' - "$in"
# sv-as -c on a .S kernel and sv-cc on C with inline asm, both in the
# syntax, linked into one program whose checks run under qemu-riscv64-sv.
cat > "$out/k.S" <<'SRC'
    .text
    .globl k_add8
k_add8:                             /* c[i] = a[i] + b[i], n bytes */
    beqz    a3, 2f
1:  sv.vl a4, a3, 64
    sv.lb/w=8 *x32, 0(a1)
    sv.lb/w=8 *x40, 0(a2)
    sv.add/w=8 *x48, *x32, *x40
    sv.sb/w=8 *x48, 0(a0)
    add     a0, a0, a4
    add     a1, a1, a4
    add     a2, a2, a4
    sub     a3, a3, a4
    bnez    a3, 1b
2:  csrw    0x803, zero
    ret
SRC
cat > "$out/p.c" <<'SRC'
#include <stdio.h>
void k_add8(unsigned char *c, const unsigned char *a, const unsigned char *b,
            unsigned long n);
int main(void)
{
    static unsigned char a[100], b[100], c[100];
    long d[8], s[8], k = 5;
    int fail = 0;
    for (int i = 0; i < 100; i++) {
        a[i] = i * 7, b[i] = i * 3 + 1;
    }
    k_add8(c, a, b, 100);
    for (int i = 0; i < 100; i++) {
        fail += c[i] != (unsigned char)(a[i] + b[i]);
    }
    for (int i = 0; i < 8; i++) {
        s[i] = i * 1000;
    }
    /* d = s + k, 8 elements: a block, then a lone line (a P48 store). */
    asm volatile("sv.setvl t0, zero, 8\n\t"
                 "sv.ld *x32, 0(%[s])\n\t"
                 "sv.add *x32, *x32, %[k]\n\t"
                 "nop\n\t"
                 "sv.sd *x32, 0(%[d])\n\t"
                 "csrw 0x803, zero"
                 : : [s] "r"(s), [d] "r"(d), [k] "r"(k) : "t0", "memory");
    for (int i = 0; i < 8; i++) {
        fail += d[i] != i * 1000 + 5;
    }
    printf("sv-cc: 108 checks, %d failures\n", fail);
    return fail != 0;
}
SRC
check "sv-as -c and sv-cc build an SV program that runs" sh -c '
    sv-as -c "$1/k.S" -o "$1/k.o" &&
    sv-cc -static -O2 "$1/p.c" "$1/k.o" -o "$1/svcc-prog" &&
    qemu-riscv64-sv -cpu rv64,xsv=true "$1/svcc-prog" | grep -q "^sv-cc: 108 checks, 0 failures$"' - "$out"
check "sv-as and sv-cc man pages installed" test -s "$root/share/man/man1/sv-as.1" -o -s "$root/share/man/man1/sv-as.1.gz"
check "binfmt_misc interpreter (as the kernel runs it)" sh -c \
    '"$1/lib/simple-v-qemu/qemu-riscv64-sv-binfmt" "$2/demo" demo | grep -q " 0 failures"' - \
    "$root" "$in"
check "binfmt registration names the installed interpreter" sh -c \
    'grep -q ":$1/lib/simple-v-qemu/qemu-riscv64-sv-binfmt:P$" "$2/share/simple-v-qemu/binfmt/qemu-riscv64-sv.conf"' - \
    "$conf_prefix" "$root"
# A real registration, in a user namespace of its own: since Linux 6.7
# each one can mount a private binfmt_misc instance, so the host's
# registrations (Debian's qemu-user-binfmt, other tests) are untouched.
# The .conf's interpreter path is moved from the prefix to this root.
sed "s|:$conf_prefix/lib/simple-v-qemu/|:$root/lib/simple-v-qemu/|" \
    "$root/share/simple-v-qemu/binfmt/qemu-riscv64-sv.conf" > "$out/binfmt.conf"
if unshare --user --map-root-user --mount sh -c \
       'mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc' 2>/dev/null; then
    check "binfmt_misc registered: riscv64 programs run directly" \
        unshare --user --map-root-user --mount sh -c '
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc &&
        cat "$1" > /proc/sys/fs/binfmt_misc/register &&
        "$2/demo" | grep -q " 0 failures" &&
        printf "b\na\n" | QEMU_LD_PREFIX="$3" "$3/usr/bin/sort" | tr "\n" " " | grep -qx "a b "' - \
        "$out/binfmt.conf" "$in" "$sysroot"
else
    echo "skip binfmt_misc registration (no private binfmt_misc in a user namespace: Linux < 6.7?)"
fi
check "gdb script installed" test -s "$root/share/simple-v-qemu/gdb/sv-gdb.py"
check "sv-linux boots and runs sv_stress for 1 s" sh -c '
    sv-linux --timeout 300 "$1/sv_stress" -- sv_stress 1 > "$2/sv-linux.out" 2>&1; rc=$?
    cat "$2/sv-linux.out"
    [ $rc = 0 ] && grep -qE "^sv_stress: [1-9][0-9]* checks, 0 failures" "$2/sv-linux.out"' - \
    "$in" "$out"
# What the guest and the programs reported.
grep -hE '^(sv_stress|svstring \(preload\)|demo): [0-9]+ checks|^libsvstring: ' "$out"/*.log "$out"/*.err |
    sort -u | sed 's/^/     /'
[ $failures = 0 ] || { echo "FAIL: $failures checks"; exit 1; }
CHECKS

mkdir -p "$tmp/out"
# The prefix the binfmt .conf must name: PREFIX for meson install, /usr
# for the packages.
conf_prefix=$prefix
[ "$mode" = debs ] && conf_prefix=/usr
args=("$root" "$tmp/in" "$sysroot" "$libsv" "$tmp/out" "$conf_prefix")
# From a working directory outside both trees: a process whose working
# directory is under a hidden tree still reaches it through relative paths.
cd "$tmp"
unset OLDPWD  # bash checks it at start-up: a stat of the tree it came from
# SV_INSTALL_TEST_STRACE=1 takes the strace way even where unshare works.
if [ -z "${SV_INSTALL_TEST_STRACE:-}" ] && unshare -m true 2>/dev/null; then
    echo "== checks with $src and $build hidden (unshare -m, tmpfs over both)"
    # shellcheck disable=SC2016
    unshare -m bash -c '
        mount -t tmpfs -o size=1m sv-hidden "$1" || exit 1
        [ -z "$(ls -A "$1")" ] || exit 1
        case $2 in "$1"/*) ;; *) mount -t tmpfs -o size=1m sv-hidden "$2" || exit 1 ;; esac
        shift 2
        exec bash "$@"' - "$src" "$build" "$tmp/checks.sh" "${args[@]}" || rc=$?
else
    echo "== checks under strace (unshare -m is not permitted here)"
    strace -f -qq -e trace=%file -o "$tmp/strace" bash "$tmp/checks.sh" "${args[@]}" || rc=$?
    if grep -E "\"($src|$build)(/|\")" "$tmp/strace" | head -5 | grep .; then
        echo "FAIL: the installed programs opened files in the source or build tree"
        rc=1
    fi
fi
echo "install-test ($mode): $((SECONDS - t0)) s"
exit "${rc:-0}"
