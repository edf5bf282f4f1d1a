#!/usr/bin/env bash
# No regression on a real program nobody here wrote: Debian trixie's
# riscv64 busybox-static runs a workload under the patched qemu-riscv64
# with xsv off and on; the outputs must be identical and must match the
# answers the host's own tools give.
#
# Honesty: every applet runs inside the emulated busybox.  Each step is
# one `qemu-riscv64 busybox APPLET ...` process (the host shell only
# connects their pipes); the guest's PATH holds nothing but a trap
# directory of host scripts that record any run; and every qemu runs with
# -strace, whose log must show no execve at all: a guest process can only
# start another program (a host binary, or a riscv64 one under some other
# emulator) with execve.  A control run makes busybox sh run a command by
# name and must trip both checks, so the checks can fail.
#   busybox.sh QEMU_RISCV64
set -euo pipefail
qemu=${1:?usage: busybox.sh QEMU_RISCV64}
root=$(cd "$(dirname "$0")/../.." && pwd)
bb="$("$root/scripts/fetch-riscv64-deb.sh" busybox-static)/root/usr/bin/busybox"
[ -x "$bb" ] || { echo "busybox not found in the busybox-static package"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
seq 1 20000 > numbers
printf '%s\n' hello world simple vector > words

# The trap: host scripts for every name the workload uses (and busybox).
mkdir trap
for name in busybox sh awk sha256sum md5sum sort head tr grep sed gzip gunzip \
            cmp expr dc wc cat cut hostprobe echo printf test '['; do
    printf '#!/bin/sh\necho "%s $*" >> "%s/host-ran"\nexit 127\n' "$name" "$work" > "trap/$name"
    chmod +x "trap/$name"
done

# run CPU APPLET ARGS...: one emulated busybox applet, its strace in a
# file of its own (strace.CPU.*; runs inside $(...) share no counter).
run() {
    local cpu=$1 log
    shift
    log=$(mktemp "$work/strace.$cpu.XXXXXX")
    env -i PATH="$work/trap" LC_ALL=C \
        "$qemu" -cpu "$cpu" -strace -D "$log" "$bb" "$@"
}

workload() {
    local cpu=$1
    echo "sum: $(run "$cpu" awk '{s += $1} END {print s}' numbers)"
    echo "sha256: $(run "$cpu" sha256sum numbers)"
    echo "md5: $(run "$cpu" md5sum numbers)"
    echo "top3: $(run "$cpu" sort -r -n numbers | run "$cpu" head -n 3 | run "$cpu" tr '\n' ' ')"
    echo "grep7: $(run "$cpu" grep -c 7 numbers)"
    echo "words: $(run "$cpu" sed 's/o/0/g' words | run "$cpu" tr a-z A-Z | run "$cpu" tr '\n' ' ')"
    run "$cpu" gzip -9 -c numbers > "n.$cpu.gz"
    run "$cpu" gunzip -c "n.$cpu.gz" > "back.$cpu"
    run "$cpu" cmp "back.$cpu" numbers && echo "gzip round trip: cmp ok"
    echo "wc: $(run "$cpu" wc -l < numbers)"
    # the shell itself: builtins only ([ is ash's builtin test)
    run "$cpu" sh -c 'i=0; while [ $i -lt 2000 ]; do i=$((i + 1)); done; echo "loop $i"'
    echo "expr: $(run "$cpu" expr 123456789 \* 987654321 % 1000003)"
    echo "dc: $(run "$cpu" dc -e '2 64 ^ p')"
}

# check_honest CPU: no execve in any strace log, no trap script ran.
check_honest() {
    local cpu=$1 logs
    logs=$(ls "$work"/strace."$cpu".* 2>/dev/null | wc -l)
    [ "$logs" -gt 0 ] || { echo "no strace logs for $cpu"; return 1; }
    cat "$work"/strace."$cpu".* > "$work/strace.$cpu"
    # the log must be a syscall trace at all ("PID name(args) = ret")
    grep -qE '^[0-9]+ [a-z_0-9]+\(' "$work/strace.$cpu" || { echo "strace log for $cpu is empty"; return 1; }
    if grep -q 'execve(' "$work/strace.$cpu"; then
        echo "execve under -cpu $cpu:"
        grep 'execve(' "$work/strace.$cpu" | head -n 5
        return 1
    fi
    if [ -s "$work/host-ran" ]; then
        echo "host programs ran under -cpu $cpu:"
        cat "$work/host-ran"
        return 1
    fi
}

for cpu in rv64 rv64,xsv=true; do
    workload "$cpu" > "out.$cpu" 2>&1 ||
        { echo "FAIL: busybox workload under -cpu $cpu exited $?"; cat "out.$cpu"; exit 1; }
    check_honest "$cpu" || { echo "FAIL: a host binary may have run (see above)"; exit 1; }
done
diff -u out.rv64 out.rv64,xsv=true || { echo "FAIL: output differs with xsv on"; exit 1; }

# Expected values from the host's own tools.
expect() {
    grep -qxF -- "$1" out.rv64 || { echo "FAIL: expected line '$1'"; cat out.rv64; exit 1; }
}
expect "sum: $(awk '{s += $1} END {print s}' numbers)"
expect "sha256: $(sha256sum numbers)"
expect "md5: $(md5sum numbers)"
expect "top3: 20000 19999 19998 "
expect "grep7: $(grep -c 7 numbers)"
expect "words: HELL0 W0RLD SIMPLE VECT0R "
expect "gzip round trip: cmp ok"
expect "wc: 20000"
expect "loop 2000"
expect "expr: $(( 123456789 * 987654321 % 1000003 ))"
expect "dc: 18446744073709551616"
# The guest's compressed files, checked by the host's gzip.
for cpu in rv64 rv64,xsv=true; do
    gzip -t "n.$cpu.gz" && gzip -dc "n.$cpu.gz" | cmp - numbers ||
        { echo "FAIL: host gzip rejects the file busybox gzip wrote under $cpu"; exit 1; }
done
cmp n.rv64.gz n.rv64,xsv=true.gz || { echo "FAIL: gzip output differs with xsv on"; exit 1; }

# Control: busybox sh running a command by name must trip both checks.
runs=$(ls "$work"/strace.rv64.* | wc -l)
rm -f "$work/host-ran"
env -i PATH="$work/trap" LC_ALL=C "$qemu" -cpu rv64 -strace -D "$work/strace.control.1" \
    "$bb" sh -c 'hostprobe from-the-guest' > /dev/null 2>&1 || true
if check_honest control > control.txt; then
    echo "FAIL: the control ran a host program and the checks did not notice"
    exit 1
fi
grep -q 'execve(' control.txt || { echo "FAIL: control: no execve seen"; cat control.txt; exit 1; }
grep -q 'hostprobe from-the-guest' "$work/host-ran" ||
    { echo "FAIL: control: the trap did not record the host run"; exit 1; }
echo "ok: control run caught (execve in strace, trap recorded 'hostprobe')"
echo "ok: busybox workload ($(wc -l < out.rv64) lines, $runs emulated applet runs per CPU) identical with xsv off and on, matches the host's answers, no host program ran"
