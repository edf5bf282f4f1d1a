#!/usr/bin/env bash
# A real Linux kernel on the patched qemu-system-riscv64 (issue 6):
# Debian trixie's linux-image-riscv64 kernel with OpenSBI's fw_dynamic
# from Debian's opensbi package, and an initramfs made here from Debian's
# riscv64 busybox-static plus the project's static SV test programs (all
# fetched by scripts/fetch-kernel.sh through a private apt configuration,
# cached under $SV_CACHE).
#
#  1. -cpu rv64,xsv=true: init runs every SV program, prints its exit
#     status and powers off; each must report "N checks, 0 failures" and
#     exit 0.
#  2. -cpu rv64 (xsv off), the same kernel and initramfs: it boots, an SV
#     program dies of SIGILL (exit 132), busybox works, it powers off.
#
# Stock Linux knows nothing of SV (README, "Operating systems"): the
# programs run one at a time, so no other process shares the SV state.
#   linux-boot.sh QEMU_SYSTEM PROGRAM...
set -euo pipefail
qemu=${1:?usage: linux-boot.sh QEMU_SYSTEM PROGRAM...}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
boot_timeout=${SV_BOOT_TIMEOUT:-420}

fetched=$("$root/scripts/fetch-kernel.sh") || {
    echo "FAIL: cannot fetch the kernel, OpenSBI or busybox from Debian trixie" \
         "(scripts/fetch-kernel.sh; offline? the cache is ${SV_CACHE:-/var/cache/simple-v-qemu})"
    exit 1
}
{ read -r kernel; read -r firmware; read -r busybox; } <<< "$fetched"
echo "kernel:   $kernel"
echo "firmware: $firmware"

work=$(mktemp -d)
trap '[ -n "${SV_KEEP:-}" ] || rm -rf "$work"' EXIT
ird="$work/root"
mkdir -p "$ird/bin" "$ird/sv" "$ird/proc" "$ird/sys" "$ird/dev"
cp "$busybox" "$ird/bin/busybox"
names=()
for p in "$@"; do
    cp "$p" "$ird/sv/"
    names+=("$(basename "$p")")
done
cat > "$ird/init" <<'EOF'
#!/bin/busybox sh
export PATH=/bin
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
echo "SV-INIT: start $(uname -r)"
grep -m 1 '^isa' /proc/cpuinfo
if grep -q 'sv=on' /proc/cmdline; then
    for p in /sv/*; do
        start=$(cut -d' ' -f1 /proc/uptime)
        "$p"
        rc=$?
        echo "SV-RESULT ${p##*/} $rc $start $(cut -d' ' -f1 /proc/uptime)"
    done
else
    prog=$(ls /sv | head -n 1)
    "/sv/$prog"
    echo "SV-RESULT-OFF $prog $?"
    echo "SV-SHA $(echo simple-v | sha256sum | cut -d' ' -f1)"
fi
echo "SV-INIT: done"
poweroff -f
EOF
chmod +x "$ird/init"
python3 "$root/tests/system/mkinitramfs.py" "$ird" "$work/initrd.gz"

failures=0
check() { # description, grep -E pattern, log
    if grep -Eq -- "$2" "$3"; then
        echo "ok   $1"
    else
        echo "FAIL $1 (no /$2/ in the console log)"
        failures=$((failures + 1))
    fi
}

boot() { # cpu, sv=on|off, log
    local t0=$SECONDS rc=0
    timeout "$boot_timeout" "$qemu" -M virt -cpu "$1" -m 512M -smp 1 \
        -bios "$firmware" -kernel "$kernel" -initrd "$work/initrd.gz" \
        -append "console=ttyS0 panic=-1 sv=$2" \
        -display none -serial "file:$3" -monitor none -no-reboot || rc=$?
    echo "boot with -cpu $1: exit $rc after $((SECONDS - t0)) s"
    if [ "$rc" != 0 ]; then
        echo "FAIL: qemu exited $rc (124: timed out after $boot_timeout s)"
        failures=$((failures + 1))
    fi
}

boot rv64,xsv=true on "$work/on.log.raw"
tr -d '\r' < "$work/on.log.raw" > "$work/on.log"
check "kernel banner (xsv on)" "Linux version 6\\." "$work/on.log"
check "init ran (xsv on)" "^SV-INIT: start" "$work/on.log"
for n in "${names[@]}"; do
    check "$n: no failures" "^$n: [0-9]+ checks, 0 failures" "$work/on.log"
    check "$n: exit 0" "^SV-RESULT $n 0 " "$work/on.log"
done
check "clean poweroff (xsv on)" "^SV-INIT: done" "$work/on.log"
grep -E "^SV-RESULT |^isa|iterations" "$work/on.log" || true

boot rv64 off "$work/off.log.raw"
tr -d '\r' < "$work/off.log.raw" > "$work/off.log"
check "kernel banner (xsv off)" "Linux version 6\\." "$work/off.log"
check "SV code is illegal without xsv (SIGILL)" "^SV-RESULT-OFF [a-z_]+ 132$" "$work/off.log"
check "busybox sha256sum (xsv off)" \
    "^SV-SHA $(echo simple-v | sha256sum | cut -d' ' -f1)$" "$work/off.log"
check "clean poweroff (xsv off)" "^SV-INIT: done" "$work/off.log"

if [ "$failures" != 0 ]; then
    echo "---- console, xsv on (last 60 lines)"
    tail -n 60 "$work/on.log"
    echo "---- console, xsv off (last 30 lines)"
    tail -n 30 "$work/off.log"
    echo "FAIL: $failures checks failed"
    exit 1
fi
echo "ok: Debian's kernel boots with xsv on (${#names[@]} SV programs pass) and off"
