#!/usr/bin/env python3
"""A snapshot taken inside a VBLOCK loop and restored in a new QEMU.

Runs tests/system/sv_snapshot.elf on qemu-system-riscv64 -M virt
-cpu rv64,xsv=true; once it reports "running", stops the machine until it
is stopped inside a VBLOCK (pcvblk status 11, so the resume point is the
middle of a block: PCVBLK, STATE's offsets and the VL block's effects
must all travel), migrates it to a file, loads the file into a fresh
QEMU (paused), checks that `info registers` (every CSR, x0..x127,
the SV CSRs and trap copies) is identical, and lets it run: the guest
compares its vectors with a scalar reference and exits through the
SiFive test device.

usage: sysmode_snapshot.py QEMU_SYSTEM ELF
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from qemu_monitor import Monitor, registers

QEMU, ELF = sys.argv[1], sys.argv[2]
ATTEMPTS = 400


def start(tmp, name, extra):
    sock = os.path.join(tmp, name + ".sock")
    uart = os.path.join(tmp, name + ".uart")
    cmd = [QEMU, "-M", "virt", "-cpu", "rv64,xsv=true", "-bios", "none",
           "-kernel", ELF, "-display", "none",
           "-serial", "file:" + uart,
           "-monitor", "unix:%s,server=on,wait=off" % sock] + extra
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc, Monitor(sock), uart


def uart_text(path):
    return open(path, "rb").read().decode(errors="replace") if os.path.exists(path) else ""


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    tmp = tempfile.mkdtemp()
    rng = random.Random(1)
    src, mon, uart = start(tmp, "src", [])
    try:
        for _ in range(300):
            if "running" in uart_text(uart):
                break
            time.sleep(0.05)
        else:
            fail("the guest never reported running: " + uart_text(uart))
        for attempt in range(ATTEMPTS):
            mon.cmd("stop")
            before = mon.cmd("info registers")
            pcvblk = registers(before).get("pcvblk", 0)
            if pcvblk >> 30 == 3:
                break
            if "PASS" in uart_text(uart) or src.poll() is not None:
                fail("the loop ended before a stop inside a block")
            mon.cmd("cont")
            time.sleep(rng.uniform(0.001, 0.02))
        else:
            fail("no stop inside a VBLOCK in %d attempts" % ATTEMPTS)
        regs = registers(before)
        print("stopped inside a block after %d attempts: pc %#x pcvblk %#x state %#x"
              % (attempt + 1, regs.get("pc", 0), pcvblk, regs.get("state", 0)))
        image = os.path.join(tmp, "state.bin")
        mon.cmd('migrate "exec:cat > %s"' % image)
        for _ in range(300):
            if "completed" in mon.cmd("info migrate"):
                break
            time.sleep(0.1)
        else:
            fail("migration did not complete")
        mon.cmd("quit")
    finally:
        src.kill()
        src.wait()

    dst, mon, uart = start(tmp, "dst", ["-S", "-incoming", "exec:cat %s" % image])
    try:
        for _ in range(300):
            status = mon.cmd("info status")
            if "paused" in status and "inmigrate" not in status:
                break
            time.sleep(0.1)
        else:
            fail("the destination never loaded the state")
        after = mon.cmd("info registers")
        if after != before:
            for a, b in zip(before.splitlines(), after.splitlines()):
                if a != b:
                    print("  before: %s\n  after:  %s" % (a, b))
            fail("info registers differs after the restore")
        print("ok   info registers identical after the restore (%d lines)"
              % len(after.splitlines()))
        mon.cmd("cont")
        try:
            rc = dst.wait(timeout=240)
        except subprocess.TimeoutExpired:
            fail("the restored guest did not finish: " + uart_text(uart))
    finally:
        dst.kill()
        dst.wait()
    out = uart_text(uart)
    print(out.strip())
    shutil.rmtree(tmp)
    if rc != 0 or "sv-snapshot: PASS" not in out:
        fail("the restored guest failed (exit %d)" % rc)
    print("ok: snapshot inside a VBLOCK restored and finished correctly")


main()
