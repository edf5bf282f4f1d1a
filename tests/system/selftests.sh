#!/usr/bin/env bash
# Linux's own riscv selftests (tools/testing/selftests/riscv of the same
# Debian 6.12 tree scripts/build-system.sh patches) inside the project's
# SV Linux with xsv on: a peer's test suite for system/linux/patches.
#   selftests.sh BUILD_DIR
# Builds them with the riscv64 cross compiler against the patched tree's
# UAPI headers (make headers with its own O=BUILD/system/selftests/khdr,
# so the kernel's build directory is left alone) into
# BUILD/system/selftests, then boots sv-linux --smp 2 once and runs:
#   hwprobe/hwprobe, hwprobe/cbo, hwprobe/which-cpus   (kselftest TAP)
#   mm/run_mmap.sh (mmap_default, mmap_bottomup)        (kselftest harness)
#   vector/vstate_prctl   on a CPU without V it checks that the V prctls
#                         fail with EINVAL, then reports SKIP
# Each must exit 0 with no "not ok" line (vstate_prctl: with its SKIP).
# Two cannot pass: they need the V extension, which xsv excludes
# (sv.setvl has vsetvli's encoding) and which sv-virt.config does not
# enable: sigreturn (both of its tests restore v0 across a signal) and
# vector/v_initval_nolibc (reads the initial vector registers).  They are
# built all the same, and run with the expected result, which shows the
# reason: SIGILL at their first vector instruction (sigreturn's harness
# reports "terminated unexpectedly by signal 4" for both tests, exit 1;
# v_initval_nolibc exits 132).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: selftests.sh BUILD_DIR}" && pwd)
src=$build/system/linux-src lb=$build/system/linux-build out=$build/system/selftests
[ -f "$src/Makefile" ] && [ -f "$lb/arch/riscv/boot/Image" ] ||
    { echo "FAIL: no prepared Linux tree in $build/system (meson compile -C $build system-software)"; exit 1; }
t0=$SECONDS
cross=riscv64-linux-gnu-
mkdir -p "$out/khdr"
make -C "$src" -s O="$out/khdr" ARCH=riscv CROSS_COMPILE=$cross headers > "$out/headers.log" 2>&1 ||
    { tail -n 20 "$out/headers.log"; echo "FAIL: make headers (log: $out/headers.log)"; exit 1; }
# LDFLAGS=-static: mm's programs are linked dynamically by default and the
# guest has no C library (the others already pass -static themselves).
if ! make -C "$src/tools/testing/selftests/riscv" -s -j2 ARCH=riscv CROSS_COMPILE=$cross \
        OUTPUT="$out" KHDR_INCLUDES="-isystem $out/khdr/usr/include" LDFLAGS=-static \
        RISCV_SUBTARGETS="hwprobe mm vector sigreturn" all > "$out/build.log" 2>&1; then
    tail -n 30 "$out/build.log"
    echo "FAIL: building the selftests (log: $out/build.log)"
    exit 1
fi
echo "built the riscv selftests in $((SECONDS - t0)) s"
progs=(hwprobe/hwprobe hwprobe/cbo hwprobe/which-cpus mm/mmap_default mm/mmap_bottomup
       mm/run_mmap.sh vector/vstate_prctl sigreturn/sigreturn vector/v_initval_nolibc)
paths=()
for p in "${progs[@]}"; do
    f=$out/$p
    [ -f "$f" ] || f=$src/tools/testing/selftests/riscv/$p
    [ -f "$f" ] || { echo "FAIL: $p was not built"; exit 1; }
    paths+=("$f")
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
t1=$SECONDS
# shellcheck disable=SC2016
"$root/scripts/sv-linux.sh" --build "$build" --no-build --timeout "${SV_LINUX_TIMEOUT:-300}" \
    --smp 2 "${paths[@]}" -c '
    echo "isa: $(grep -m1 "^isa" /proc/cpuinfo)"
    for t in hwprobe cbo which-cpus run_mmap.sh vstate_prctl sigreturn v_initval_nolibc; do
        echo "SELFTEST-BEGIN $t"
        ./$t 2>&1
        echo "SELFTEST-END $t $?"
    done' > "$log" 2>&1
rc=$?
cat "$log"
echo "selftests boot: guest exit $rc after $((SECONDS - t1)) s"
failures=0
body() { sed -n "/^SELFTEST-BEGIN $1\$/,/^SELFTEST-END $1 /p" "$log"; }
result() { # result NAME EXIT-STATUS [REQUIRED-LINE-REGEX WHY]: no "not ok" unless REGEX is given
    local got
    got=$(sed -n "s/^SELFTEST-END $1 //p" "$log")
    if [ "$got" = "$2" ] &&
       if [ -n "${3:-}" ]; then [ "$(body "$1" | grep -cE "$3")" -ge "${5:-1}" ]
       else ! body "$1" | grep -q '^not ok'; fi; then
        echo "ok   $1 (exit $got${4:+: $4})"
    else
        echo "FAIL $1 (exit '${got}', expected $2${3:+ and /$3/}${4:+: $4})"
        failures=$((failures + 1))
    fi
}
for t in hwprobe cbo which-cpus run_mmap.sh; do result $t 0; done
result vstate_prctl 0 '^ok 1 # SKIP Vector not supported$' \
    "SKIP without V, after checking that the V prctls fail with EINVAL"
# The harness forks each test: both die of SIGILL (signal 4) at vsetivli.
result sigreturn 1 'terminated unexpectedly by signal 4$' "both tests need V (SIGILL)" 2
result v_initval_nolibc 132 '^Illegal instruction$' "needs V (SIGILL at vsetvli)"
# The totals the kselftest harness prints for run_mmap.sh's two programs.
n=$(body run_mmap.sh | grep -cE '^# Totals: pass:[1-9][0-9]* fail:0 ')
[ "$n" = 2 ] || { echo "FAIL: mmap_default/mmap_bottomup totals ($n of 2 with fail:0)"; failures=$((failures + 1)); }
[ "$rc" = 0 ] || { echo "FAIL: guest exit $rc"; failures=$((failures + 1)); }
[ $failures = 0 ] || { echo "FAIL: $failures"; exit 1; }
echo "ok: Linux's riscv selftests pass in the SV guest ($((SECONDS - t0)) s)"
