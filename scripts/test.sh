#!/usr/bin/env bash
# README command 2: builds what is out of date and runs the test suite
# through meson test, on both supported QEMU versions:
#   QEMU 10.0 (the default, build/)        every test
#   QEMU 10.2 (build-10.2/, -Dqemu_version=10.2)
#       the tests that differ by QEMU version: the unit and linux-user
#       suites (the backend-agreement tests sv-backends* included), QEMU's
#       own check-tcg with xsv off and on, and one boot of the project's
#       SV Linux (the stress test); meson builds only what those need.
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
for v in $versions; do
    t0=$(date +%s)
    if [ "$v" = "$SV_QEMU_SERIES_DEFAULT" ]; then
        build=${SV_BUILD_DIR:-build}
        SV_BUILD_DIR=$build scripts/setup.sh --no-demo
        args=("$@")
    else
        sv_qemu_select "$v"
        build=build-$v
        [ "$v" = 10.2 ] && build=${SV_BUILD_DIR_10_2:-$build}
        scripts/fetch-qemu.sh --qemu "$v" > /dev/null
        if [ ! -f "$build/build.ninja" ]; then
            meson setup "$build" -Dqemu_version="$v" > "$SV_CACHE/meson-setup-$v.log" ||
                { cat "$SV_CACHE/meson-setup-$v.log"; die "meson setup $build failed"; }
        fi
        if [ $# -gt 0 ]; then
            args=("$@")
        else
            mapfile -t args < <(select_10_2 "$build")
            [ ${#args[@]} -gt 0 ] || die "no QEMU $v tests selected in $build"
        fi
        note "QEMU $v ($build): ${#args[@]} tests; meson builds what they need"
    fi
    meson test -C "$build" --print-errorlogs --num-processes 2 "${args[@]}" || rc=1
    line=$(summary "$build" "$v" $(( $(date +%s) - t0 ))) || rc=1
    summaries+=("$line")
done
printf '%s\n' "${summaries[@]}"
[ ${#summaries[@]} -gt 1 ] && echo "SUMMARY: all: $(( $(date +%s) - start )) s wall"
exit $rc
