#!/usr/bin/env bash
# README command 2: builds what is out of date and runs the test suite
# through meson test, on both supported QEMU versions:
#   QEMU 10.0 (the default, build/)        every test
#   QEMU 10.2 (build-10.2/, -Dqemu_version=10.2)
#       the tests that differ by QEMU version: the unit and linux-user
#       suites (the backend-agreement tests sv-backends* included), QEMU's
#       own check-tcg with xsv off and on, and one boot of the project's
#       SV Linux (the stress test); meson builds only what those need,
#       and QEMU 10.2 itself builds at the lowest priority while 10.0's
#       tests run.
#       The hook series on plain upstream 10.2 runs in build/ with the
#       rest of the qemu suite (series-applies-to-plain-qemu-10.2).
# Then prints one SUMMARY line per QEMU version.
#   test.sh [extra meson test arguments, e.g. --suite unit]
# Extra arguments go to QEMU 10.0's run, and QEMU 10.2 runs only when
# asked for: SV_TEST_QEMU="10.0 10.2" (the default without arguments)
# or SV_TEST_QEMU=10.2; with SV_TEST_QEMU naming 10.2, arguments replace
# its selection.  SV_BUILD_DIR (build) and SV_BUILD_DIR_10_2
# (build-10.2) name the build directories.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. scripts/common.sh
start=$(date +%s)
if [ $# = 0 ]; then
    versions=${SV_TEST_QEMU:-10.0 10.2}
else
    versions=${SV_TEST_QEMU:-10.0}
fi

summary() { # BUILD_DIR QEMU_VERSION SECONDS
    python3 - "$1/meson-logs/testlog.json" "$2" "$3" <<'PY'
import json, sys, collections
results = collections.Counter()
suites = collections.Counter()
for line in open(sys.argv[1]):
    t = json.loads(line)
    results[t["result"]] += 1
    suites[t["name"].split(" / ")[0].split(":")[-1]] += 1
bad = {k: v for k, v in results.items() if k not in ("OK", "SKIP", "EXPECTEDFAIL")}
print("SUMMARY: QEMU %s: %d tests (%s): %s; %d s wall" % (
    sys.argv[2], sum(results.values()),
    ", ".join("%s %d" % kv for kv in sorted(suites.items())),
    ", ".join("%s %d" % kv for kv in sorted(results.items())),
    int(sys.argv[3])))
sys.exit(1 if bad else 0)
PY
}

# The QEMU 10.2 selection: test names for meson test (the header above).
select_10_2() { # BUILD_DIR
    meson introspect --tests "$1" | python3 -c '
import json, sys
names = ["check-tcg-riscv64-linux-user", "check-tcg-riscv64-linux-user-xsv",
         "linux-sv-stress-smp1"]
suites = {"unit", "linux-user"}
for t in json.load(sys.stdin):
    if t["name"] in names or suites & {s.split(":")[-1] for s in t["suite"]}:
        print(t["name"])
'
}

rc=0
summaries=()
build0=${SV_BUILD_DIR:-build}
build2=${SV_BUILD_DIR_10_2:-build-10.2}
case " $versions " in *" 10.0 "*) with_10_0=1 ;; *) with_10_0=0 ;; esac
case " $versions " in *" 10.2 "*) with_10_2=1 ;; *) with_10_2=0 ;; esac
[ $with_10_0 = 1 ] || [ $with_10_2 = 1 ] || die "SV_TEST_QEMU='$versions': supported are 10.0 and 10.2"

if [ $with_10_0 = 1 ]; then
    SV_BUILD_DIR=$build0 scripts/setup.sh --no-demo
fi
bg=""
if [ $with_10_2 = 1 ]; then
    scripts/fetch-qemu.sh --qemu 10.2 > /dev/null
    if [ ! -f "$build2/build.ninja" ]; then
        meson setup "$build2" -Dqemu_version=10.2 > "$SV_CACHE/meson-setup-10.2.log" ||
            { cat "$SV_CACHE/meson-setup-10.2.log"; die "meson setup $build2 failed"; }
    fi
    if [ $with_10_0 = 1 ]; then
        # QEMU 10.2 builds while 10.0's tests run, at the lowest priority:
        # it takes the CPU those tests leave idle (many run alone, on one
        # core) without slowing them.
        note "building QEMU 10.2 in $build2 in the background (log: $build2/meson-logs/background-compile.log)"
        mkdir -p "$build2/meson-logs"
        nice -n 19 meson compile -C "$build2" qemu > "$build2/meson-logs/background-compile.log" 2>&1 &
        bg=$!
    fi
fi

if [ $with_10_0 = 1 ]; then
    t0=$(date +%s)
    meson test -C "$build0" --print-errorlogs --num-processes 2 "$@" || rc=1
    line=$(summary "$build0" 10.0 $(( $(date +%s) - t0 ))) || rc=1
    summaries+=("$line")
fi
if [ $with_10_2 = 1 ]; then
    t0=$(date +%s)
    if [ -n "$bg" ] && ! wait "$bg"; then
        note "the background build of QEMU 10.2 failed; meson test builds it again"
    fi
    if [ $# -gt 0 ]; then
        args=("$@")
    else
        mapfile -t args < <(select_10_2 "$build2")
        [ ${#args[@]} -gt 0 ] || die "no QEMU 10.2 tests selected in $build2"
    fi
    note "QEMU 10.2 ($build2): ${#args[@]} tests; meson builds what they need"
    meson test -C "$build2" --print-errorlogs --num-processes 2 "${args[@]}" || rc=1
    line=$(summary "$build2" 10.2 $(( $(date +%s) - t0 ))) || rc=1
    summaries+=("$line")
fi
printf '%s\n' "${summaries[@]}"
if [ ${#summaries[@]} -gt 1 ]; then
    echo "SUMMARY: all: $(( $(date +%s) - start )) s wall"
fi
exit $rc
