#!/usr/bin/env bash
# The project's SV-aware Linux and OpenSBI (issue 14), booted through
# scripts/sv-linux.sh (which builds them when missing).
#
#   linux-sv.sh BUILD_DIR stress SMP STRESS_BIN [--stock]
#       4 copies of sv_stress at once for 3 s each, with --smp SMP; every
#       copy must print "sv_stress: N checks, 0 failures" and exit 0.
#       With --stock (Debian's kernel and OpenSBI, which know nothing of
#       SV) the same run must FAIL: the test is registered with
#       should_fail, as the documented comparison of what they lose.
#   linux-sv.sh BUILD_DIR programs CPU PROGRAM...
#       every PROGRAM (linux-user-tests, self-checking) in one boot with
#       -cpu CPU: each must print "name: N checks, 0 failures" and exit 0.
#   linux-sv.sh BUILD_DIR preload TEST_DYN LIBSVSTRING_SO
#       libsvstring (issue 17) under the booted kernel: the DYNAMICALLY
#       linked differential test (libsvstring/tests/svstring_test.c, the
#       "preload" build) with trixie's loader and glibc from
#       scripts/fetch-userland.sh's sysroot (sv-linux.sh --sysroot) and
#       libsvstring.so in /usr/lib/riscv64-linux-gnu (--file).  Run once
#       without LD_PRELOAD (the control: it must refuse, "libsvstring is
#       not loaded", exit 1) and once with LD_PRELOAD=libsvstring.so
#       LIBSVSTRING_VERBOSE=1: the library must report "Simple-V string
#       functions" (its SIGILL-guarded probe succeeded in the guest) and
#       the test its own "N checks, 0 failures" (it checked that
#       svs_available() is 1 and that strlen resolves to libsvstring).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: linux-sv.sh BUILD_DIR stress|programs ...}
mode=${2:?usage: linux-sv.sh BUILD_DIR stress|programs ...}
shift 2
# meson built system-software (a dependency of these tests) just before.
svl=("$root/scripts/sv-linux.sh" --build "$build" --no-build --timeout "${SV_LINUX_TIMEOUT:-300}")
out=$(mktemp)
trap 'rm -f "$out"' EXIT

case $mode in
stress)
    smp=$1 bin=$2 extra=()
    [ "${3:-}" = --stock ] && extra=(--stock)
    t0=$SECONDS
    "${svl[@]}" "${extra[@]}" --smp "$smp" "$bin" -c '
        echo "isa: $(grep -m1 "^isa" /proc/cpuinfo)"
        for i in 1 2 3 4; do sv_stress 3 > /tmp/s$i 2>&1 & eval p$i=$!; done
        rc=0
        for i in 1 2 3 4; do eval wait \$p$i || rc=1; done
        cat /tmp/s1 /tmp/s2 /tmp/s3 /tmp/s4
        exit $rc' > "$out" 2>&1
    rc=$?
    cat "$out"
    echo "linux-sv stress (--smp $smp ${extra[*]}): guest exit $rc after $((SECONDS - t0)) s"
    n=$(grep -cE '^sv_stress: [0-9]+ checks, 0 failures$' "$out")
    if [ "$rc" = 0 ] && [ "$n" = 4 ]; then
        echo "ok: 4 concurrent sv_stress copies, 0 failures"
        exit 0
    fi
    echo "FAIL: $n of 4 copies reported 0 failures (guest exit $rc)"
    exit 1
    ;;
programs)
    cpu=$1
    shift
    names=()
    for p in "$@"; do names+=("$(basename "$p")"); done
    t0=$SECONDS
    # shellcheck disable=SC2016
    "${svl[@]}" --cpu "$cpu" "$@" -c '
        for p in '"${names[*]}"'; do
            t=$(cut -d" " -f1 /proc/uptime)
            "./$p"
            echo "SV-PROGRAM $p $? $t $(cut -d" " -f1 /proc/uptime)"
        done' > "$out" 2>&1
    rc=$?
    cat "$out"
    echo "linux-sv programs (-cpu $cpu): guest exit $rc after $((SECONDS - t0)) s"
    failures=0
    for n in "${names[@]}"; do
        if grep -qE "$n: [0-9]+ checks, 0 failures$" "$out" &&
           grep -qE "^SV-PROGRAM $n 0 " "$out"; then
            echo "ok   $n"
        else
            echo "FAIL $n"
            failures=$((failures + 1))
        fi
    done
    [ "$rc" = 0 ] || { echo "FAIL: guest exit $rc"; failures=$((failures + 1)); }
    [ $failures = 0 ] || { echo "FAIL: $failures"; exit 1; }
    echo "ok: ${#names[@]} programs pass in the guest"
    ;;
preload)
    bin=${1:?TEST_DYN} so=${2:?LIBSVSTRING_SO}
    sysroot=$("$root/scripts/fetch-userland.sh") ||
        { echo "FAIL: no riscv64 sysroot (scripts/fetch-userland.sh)"; exit 1; }
    name=$(basename "$bin")
    t0=$SECONDS
    # shellcheck disable=SC2016
    "${svl[@]}" --sysroot "$sysroot" --file "$so:/usr/lib/riscv64-linux-gnu/libsvstring.so" \
        "$bin" -c '
        ./'"$name"' preload 2>&1
        echo "SV-NOPRELOAD $?"
        t=$(cut -d" " -f1 /proc/uptime)
        LD_PRELOAD=libsvstring.so LIBSVSTRING_VERBOSE=1 ./'"$name"' preload 2>&1
        echo "SV-PRELOAD $? $t $(cut -d" " -f1 /proc/uptime)"' > "$out" 2>&1
    rc=$?
    cat "$out"
    echo "linux-sv preload: guest exit $rc after $((SECONDS - t0)) s"
    failures=0
    check() { # check WHAT COMMAND...
        local what=$1
        shift
        if "$@"; then echo "ok   $what"; else echo "FAIL $what"; failures=$((failures + 1)); fi
    }
    check "without LD_PRELOAD the test refuses (exit 1)" grep -qE '^SV-NOPRELOAD 1$' "$out"
    check "without LD_PRELOAD: libsvstring is not loaded" \
        grep -q '^FAIL: libsvstring is not loaded' "$out"
    check "with LD_PRELOAD the library loaded and chose SV" \
        grep -qE '^libsvstring: Simple-V string functions ' "$out"
    check "with LD_PRELOAD: N checks, 0 failures" \
        grep -qE '^svstring \(preload\): [1-9][0-9]* checks, 0 failures$' "$out"
    check "with LD_PRELOAD the test exits 0" grep -qE '^SV-PRELOAD 0 ' "$out"
    check "the guest exits 0" [ "$rc" = 0 ]
    [ $failures = 0 ] || { echo "FAIL: $failures"; exit 1; }
    echo "ok: the dynamic test ran with libsvstring.so preloaded in the guest"
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
