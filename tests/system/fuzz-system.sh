#!/bin/sh
# The system-mode fuzzer (sv_fuzz_system.c): random VBLOCKs in S mode
# under Sv39, each run uninterrupted and again with timer interrupts and
# page faults resumed in the middle; the guest compares the two and exits
# through the SiFive test device.  This side checks the host: QEMU's exit
# status (0 and the guest's PASS; a signal, a timeout or any other status
# fails) and its output (no assertion, abort or crash message).
#   fuzz-system.sh QEMU ELF ROUNDS SEED [FLAGS [BACKEND...]]
# FLAGS (default 0) go to the guest: 1 verbose, 2 sabotage (the handler
# loses sepcvblk on interrupts: the guest must report mismatches, and
# this script then passes only if it did, with no host failure).  With
# BACKEND arguments the run is repeated under each SV_BACKEND value
# (docs/sv-engine.md), else it runs under the environment's.
set -u
qemu=$1 elf=$2 rounds=$3 seed=$4 flags=${5:-0}
shift 4
[ $# -gt 0 ] && shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT

run() { # BACKEND
    start=$(date +%s%N)
    timeout -k 10 "${FUZZ_SYSTEM_TIMEOUT:-3600}" "$qemu" -M virt \
        -cpu rv64,xsv=true -bios none -kernel "$elf" -display none \
        -serial stdio -monitor none \
        -device loader,addr=0x87ff0000,data=0x5a5546535653,data-len=8 \
        -device loader,addr=0x87ff0008,data="$seed",data-len=8 \
        -device loader,addr=0x87ff0010,data="$rounds",data-len=8 \
        -device loader,addr=0x87ff0018,data="$flags",data-len=8 \
        > "$out" 2>&1
    st=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    cat "$out"
    echo "fuzz-system: SV_BACKEND=$1 seed $seed rounds $rounds: exit $st, $ms ms"
    if grep -Eiq 'assert|aborted|core dumped|segmentation fault|bus error|qemu: fatal|qemu: uncaught|illegal hardware' "$out"; then
        echo "fuzz-system: FAIL: QEMU reported a host failure" >&2
        return 1
    fi
    if [ $st -eq 124 ] || [ $st -eq 137 ]; then
        echo "fuzz-system: FAIL: QEMU did not finish (timeout)" >&2
        return 1
    fi
    if [ $st -gt 128 ]; then
        echo "fuzz-system: FAIL: QEMU died of signal $((st - 128))" >&2
        return 1
    fi
    if [ $((flags & 2)) -ne 0 ]; then
        if [ $st -eq 1 ] && grep -q 'sv-fuzz-system: MISMATCH' "$out"; then
            echo "fuzz-system: the sabotaged handler was caught"
            return 0
        fi
        echo "fuzz-system: FAIL: the sabotaged handler went unnoticed" >&2
        return 1
    fi
    if [ $st -ne 0 ] || ! grep -q 'sv-fuzz-system: PASS' "$out"; then
        echo "fuzz-system: FAIL: the guest reported a failure (exit $st)" >&2
        return 1
    fi
}

if [ $# -eq 0 ]; then
    run "${SV_BACKEND:-auto}"
    exit
fi
for b in "$@"; do
    export SV_BACKEND="$b"
    run "$b" || exit 1
done
