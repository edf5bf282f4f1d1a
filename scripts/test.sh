#!/usr/bin/env bash
# README command 2: builds what is out of date and runs the whole test
# suite (unit, linux-user, qemu regression) through meson test.
#   test.sh [extra meson test arguments, e.g. --suite unit]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
start=$(date +%s)
scripts/setup.sh --no-demo
build=${SV_BUILD_DIR:-build}
rc=0
meson test -C "$build" --print-errorlogs --num-processes 2 "$@" || rc=$?
python3 - "$build/meson-logs/testlog.json" "$(( $(date +%s) - start ))" <<'PY'
import json, sys, collections
results = collections.Counter()
suites = collections.Counter()
for line in open(sys.argv[1]):
    t = json.loads(line)
    results[t["result"]] += 1
    suites[t["name"].split(" / ")[0].split(":")[-1]] += 1
bad = {k: v for k, v in results.items() if k not in ("OK", "SKIP", "EXPECTEDFAIL")}
print("SUMMARY: %d tests (%s): %s; %d s wall" % (
    sum(results.values()),
    ", ".join("%s %d" % kv for kv in sorted(suites.items())),
    ", ".join("%s %d" % kv for kv in sorted(results.items())),
    int(sys.argv[2])))
sys.exit(1 if bad else 0)
PY
exit $rc
