#!/usr/bin/env bash
# xsv is discoverable: QMP query-cpu-model-expansion lists it (false by
# default, true with xsv=true), and linux-user says once on stderr that
# -cpu rv64,xsv=true enables Simple-V when a program without it hits a
# VBLOCK / P48 / P64, while an ordinary SIGILL prints no such hint.
#   xsv-discoverable.sh QEMU_SYSTEM QEMU_RISCV64 SV_PROGRAM PLAIN_ILLEGAL
set -uo pipefail
qsys=${1:?usage}; quser=${2:?usage}; svprog=${3:?usage}; plain=${4:?usage}
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

qmp() {
    printf '%s\n' '{"execute":"qmp_capabilities"}' \
        "{\"execute\":\"query-cpu-model-expansion\",\"arguments\":{\"type\":\"full\",\"model\":{\"name\":\"rv64\"$1}}}" \
        '{"execute":"quit"}' |
        timeout 30 "$qsys" -M none -display none -qmp stdio 2>&1
}
out=$(qmp '')
grep -q '"xsv": false' <<< "$out" && ok 'QMP lists xsv (false by default)' ||
    { bad 'QMP query-cpu-model-expansion lacks "xsv": false'; printf '%s\n' "$out" | head -5; }
out=$(qmp ',"props":{"xsv":true}')
grep -q '"xsv": true' <<< "$out" && ok 'QMP shows xsv=true when asked' ||
    { bad 'QMP with xsv=true'; printf '%s\n' "$out" | head -5; }

err=$("$quser" -cpu rv64 "$svprog" 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 132 ] && ok "an SV program without xsv still dies of SIGILL" ||
    bad "exit status $rc, expected 132 (SIGILL)"
n=$(grep -c 'xsv=true enables Simple-V' <<< "$err")
[ "$n" -eq 1 ] && ok "one hint: $(grep 'enables Simple-V' <<< "$err")" ||
    { bad "expected one hint line, got $n"; printf '%s\n' "$err"; }

err=$("$quser" -cpu rv64 "$plain" 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 132 ] && ok "a plain illegal instruction: SIGILL" || bad "plain: exit $rc"
grep -q 'Simple-V' <<< "$err" && { bad "a plain SIGILL got a Simple-V hint"; printf '%s\n' "$err"; } ||
    ok "a plain SIGILL prints no hint"
exit $fail
