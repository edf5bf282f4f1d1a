#!/usr/bin/env python3
"""SV state in system mode: the gdbstub, `info registers` and migration.

Boots tests/system/sv_state_park.elf on qemu-system-riscv64 -M virt
-cpu rv64,xsv=true, uses gdb-multiarch on the gdbstub to write x40 and
f100 (registers only the org.qemu.riscv.sv feature exposes) and to read
the SV CSRs, checks every SV value in `info registers`, migrates the
machine to a file, loads it into a fresh QEMU and checks that the SV
state arrived unchanged.

usage: sysmode_state.py QEMU_SYSTEM ELF
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from qemu_monitor import Monitor, registers

QEMU, ELF = sys.argv[1], sys.argv[2]
GDB = shutil.which("gdb-multiarch")

# What sv_state_park.S leaves behind (hand-computed, see the .S comments).
EXPECTED = {
    "mvl": 0xC,           # sv.setvl t0, a0, 12
    "vl": 5,              # the VL register is t0 = x5
    "subvl": 2,
    "state": 0x100014B,   # maxvl 11 | vl 5 << 6 | subvl-1 = 1 << 24
    "svpstate": 0xC3,     # MVL 4, VL 17 clamped to 4: maxvl 3 | vl 3 << 6
    "pcvblk": 0,
    "sestate": 0x123456,
    "mepcvblk": 0x654321,
    "mesvpstate": 0xABCDEF0,
    "t0": 0xC,
    "x40": 0xFEEDFACE12345678,
}
failures = 0


def check(what, got, want):
    global failures
    ok = got == want
    failures += not ok
    print("%s %s: got %s, want %s" % ("ok  " if ok else "FAIL", what,
                                       hex(got) if got is not None else None,
                                       hex(want)))


def start(tmp, name, extra):
    sock = os.path.join(tmp, name + ".sock")
    cmd = [QEMU, "-M", "virt", "-cpu", "rv64,xsv=true", "-bios", "none",
           "-kernel", ELF, "-display", "none", "-S",
           "-serial", "file:" + os.path.join(tmp, name + ".uart"),
           "-monitor", "unix:%s,server=on,wait=off" % sock] + extra
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc, Monitor(sock)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    if not GDB:
        raise SystemExit("FAIL: gdb-multiarch is missing (scripts/install-deps.sh installs it)")
    tmp = tempfile.mkdtemp()
    port = free_port()
    src, mon = start(tmp, "src", ["-gdb", "tcp:127.0.0.1:%d" % port])
    try:
        gdb = subprocess.run(
            [GDB, "-nx", "-batch", "-ex", "set architecture riscv:rv64",
             "-ex", "target remote 127.0.0.1:%d" % port,
             "-ex", "set $x40 = 0xfeedface12345678",
             "-ex", "set $f100 = 2.5",
             "-ex", "p/x $x40", "-ex", "p $f100", "-ex", "p/x $mvl",
             "-ex", "p/x $sestate", "-ex", "detach"],
            capture_output=True, text=True, timeout=60)
        out = gdb.stdout + gdb.stderr
        check("gdb sees x40", 0xFEEDFACE12345678 if "0xfeedface12345678" in out else None,
              0xFEEDFACE12345678)
        check("gdb sees f100", 1 if re.search(r"= 2\.5\b", out) else None, 1)
        check("gdb sees mvl (reset value 1)", 1 if re.search(r"\$\d+ = 0x1\b", out) else None, 1)
        if failures:
            print(out)
        mon.cmd("cont")
        uart = os.path.join(tmp, "src.uart")
        for _ in range(100):
            if os.path.exists(uart) and b"ready" in open(uart, "rb").read():
                break
            time.sleep(0.1)
        else:
            raise SystemExit("FAIL: the guest never reported ready")
        mon.cmd("stop")
        before = registers(mon.cmd("info registers"))
        for name, want in EXPECTED.items():
            check("info registers " + name, before.get(name), want)
        check("info registers f100", before.get("f100"), 0x4004000000000000)
        image = os.path.join(tmp, "state.bin")
        mon.cmd('migrate "exec:cat > %s"' % image)
        for _ in range(300):
            if "completed" in mon.cmd("info migrate"):
                break
            time.sleep(0.1)
        else:
            raise SystemExit("FAIL: migration did not complete")
        mon.cmd("quit")
    finally:
        src.kill()
        src.wait()

    dst, mon = start(tmp, "dst", ["-incoming", "exec:cat %s" % image])
    try:
        for _ in range(300):
            status = mon.cmd("info status")
            if "paused" in status and "inmigrate" not in status:
                break
            time.sleep(0.1)
        after = registers(mon.cmd("info registers"))
        for name in list(EXPECTED) + ["f100", "pc"]:
            check("after migration " + name, after.get(name), before.get(name) or 0)
        mon.cmd("quit")
    finally:
        dst.kill()
        dst.wait()
    shutil.rmtree(tmp)
    print("%s: %d failures" % ("FAIL" if failures else "ok", failures))
    sys.exit(1 if failures else 0)


main()
