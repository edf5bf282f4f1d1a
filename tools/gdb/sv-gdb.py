# sv-gdb.py: make gdb-multiarch step Simple-V code through QEMU's gdbstub.
#
#   gdb-multiarch -x tools/gdb/sv-gdb.py -ex 'target remote :1234' ./prog
#
# Why: for a RISC-V program whose OS ABI is GNU/Linux, gdb (13, Debian 12)
# single-steps in software: it decodes the instruction at pc itself to
# find the next pc, and its decoder reads an instruction as one integer of
# at most 8 bytes, so "stepi" on a 10..74-byte VBLOCK fails with "That
# operation is not available on integers of more than 8 bytes".  It does so
# although QEMU's stub announces vContSupported+ and "vCont;c;C;s;S":
# riscv-linux-tdep.c installs riscv_software_single_step, and infrun uses
# a gdbarch's software single step whenever it has one.  (Even when the
# decoder does not fail, as on P48/P64, it guesses pc + length and misses a
# taken vector branch.)  Under the OS ABI "none" gdb has no software single
# step and asks the stub, which steps exactly (one inner opcode of a
# VBLOCK per stepi: docs/guide.md, "gdb").
#
# So this helper switches the OS ABI to "none" while an execution command
# runs on a remote target (stepi, nexti, step, next, continue, finish,
# until, advance, jump: each may step, if only to step over a breakpoint
# at pc) and puts the user's setting back afterwards, so that the prompt
# keeps the GNU/Linux ABI (signal frames, TLS).  It defines hook-X and
# hookpost-X for those commands: your own hooks of the same names would be
# replaced.  "sv-gdb off" / "sv-gdb on" turn it off and on.
#
# SPDX-License-Identifier: GPL-2.0-or-later

import re

import gdb

_COMMANDS = ("stepi", "nexti", "step", "next", "continue", "finish",
             "until", "advance", "jump")
# Commands that run on after a first step: from inside a block they first
# finish it (see _finish_block).
_RUN_ON = ("continue", "step", "next", "finish", "until", "advance")
_state = {"enabled": True, "saved": None, "depth": 0}


def _on_remote():
    """Whether the selected inferior runs on a remote (gdbstub) target."""
    inf = gdb.selected_inferior()
    conn = getattr(inf, "connection", None)
    if conn is None or inf.pid == 0:
        return False
    return conn.type in ("remote", "extended-remote")


def _current_osabi():
    """('auto' or the name set, the OS ABI in effect)."""
    text = gdb.execute("show osabi", to_string=True)
    auto = re.search(r'is "auto" \(currently "([^"]*)"\)', text)
    if auto:
        return "auto", auto.group(1)
    fixed = re.search(r'current OS ABI is "([^"]*)"', text)
    name = fixed.group(1) if fixed else ""
    return name, name


def _in_block():
    """Whether the stop is inside a VBLOCK ($pcvblk != 0, docs/guide.md)."""
    try:
        return int(gdb.parse_and_eval("$pcvblk")) != 0
    except gdb.error:
        return False


def _at_long_insn():
    """Whether pc holds an instruction of 80 bits or more (bits 6:0 all
    set, the RISC-V length encoding): in SV, a VBLOCK."""
    try:
        pc = int(gdb.parse_and_eval("$pc"))
        parcel = gdb.selected_inferior().read_memory(pc, 2).tobytes()
    except (gdb.error, gdb.MemoryError):
        return False
    return parcel[0] & 0x7F == 0x7F


def _finish_block():
    """Steps through the block with every breakpoint disabled.

    Inside a block the architectural pc is the block's start while gdb's
    pc is the next inner opcode.  A breakpoint on the block's start would
    hit again when execution resumes in the middle of the block (QEMU
    checks breakpoints against the architectural pc) and stop as a bare
    SIGTRAP; gdb's own step over a breakpoint at pc runs only the first
    opcode.  So from a block's start, or inside one, the rest of the block
    runs by stepi first, breakpoints disabled and its stops not printed.
    """
    disabled = [b for b in gdb.breakpoints() if b.enabled]
    for b in disabled:
        b.enabled = False
    quiet = gdb.parameter("suppress-cli-notifications")
    gdb.execute("set suppress-cli-notifications on", to_string=True)
    try:
        if not _in_block():
            gdb.execute("stepi", to_string=True)
        for _ in range(256):
            if not _in_block():
                break
            gdb.execute("stepi", to_string=True)
    finally:
        gdb.execute("set suppress-cli-notifications %s"
                    % ("on" if quiet else "off"), to_string=True)
        for b in disabled:
            if b.is_valid():
                b.enabled = True


def before_resume(command=""):
    if not _state["enabled"] or not _on_remote():
        return
    _state["depth"] += 1
    if _state["saved"] is None:
        setting, effective = _current_osabi()
        if effective == "GNU/Linux":
            _state["saved"] = setting
            gdb.execute("set osabi none", to_string=True)
    if _state["depth"] == 1 and command in _RUN_ON and (
            _in_block() or _at_long_insn()):
        _finish_block()


def after_resume(*_args):
    if _state["depth"] > 0:
        _state["depth"] -= 1
    if _state["depth"] > 0 and not _args:
        return
    _state["depth"] = 0
    saved = _state["saved"]
    if saved is None:
        return
    _state["saved"] = None
    gdb.execute("set osabi " + saved, to_string=True)


class SvGdb(gdb.Command):
    """sv-gdb [on|off]: step SV code through QEMU's stub (tools/gdb)."""

    def __init__(self):
        super().__init__("sv-gdb", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        arg = arg.strip()
        if arg in ("on", "off"):
            _state["enabled"] = arg == "on"
            after_resume()
        elif arg:
            raise gdb.GdbError("usage: sv-gdb [on|off]")
        print("sv-gdb: stepping through the stub is %s" %
              ("on" if _state["enabled"] else "off"))


def _install():
    for cmd in _COMMANDS:
        gdb.execute("define hook-%s\npython sv_gdb_before_resume(%r)\nend"
                    % (cmd, cmd))
        gdb.execute("define hookpost-%s\npython sv_gdb_after_resume()\nend"
                    % cmd)
    gdb.events.before_prompt.connect(lambda: after_resume(True))
    SvGdb()


# The hooks call these through gdb's __main__ namespace.
import __main__  # noqa: E402

__main__.sv_gdb_before_resume = before_resume
__main__.sv_gdb_after_resume = after_resume
_install()
