#!/usr/bin/env python3
"""svprof in system mode on a real Linux: Debian's kernel (fetched and
cached by scripts/fetch-kernel.sh, as tests/system/linux-boot.sh does)
boots on qemu-system-riscv64 with xsv and the plugin; init runs the SV
programs given, once each, and powers off.  The plugin is given the
programs' ELF files (elf=), so their code is attributed to functions and
lines at privilege level U.

Checks: the programs pass; the report is written; every function of
every program that ran vector instructions in linux-user (the same
binary profiled under qemu-riscv64) appears at level U in the system
report with the same vector instructions, elements, active elements,
branch outcomes per mode and ffirst cuts, except that a trap-ffirst load
may cut more often under Linux (§7.1: an element on a page the kernel
has not mapped in yet cuts VL instead of faulting, so the program really
runs differently: a loop may then take a few more, shorter iterations);
runs that a trap cut short (unresolved) may differ too.  vblock_prof's blk_add has its exact
numbers.

usage: linux_prof.py QEMU_SYSTEM QEMU_USER PLUGIN PROGRAM...
SPDX-License-Identifier: GPL-2.0-or-later
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

qemu_sys, qemu_user, plugin = sys.argv[1:4]
progs = sys.argv[4:]
root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
failures = 0


def check(cond, what):
    global failures
    print(('ok   ' if cond else 'FAIL ') + what, flush=True)
    failures += 0 if cond else 1


r = subprocess.run([os.path.join(root, 'scripts', 'fetch-kernel.sh')],
                   capture_output=True, text=True)
if r.returncode != 0:
    print('FAIL: cannot fetch the kernel, OpenSBI or busybox from Debian '
          'trixie (scripts/fetch-kernel.sh; offline? the cache is %s)\n%s'
          % (os.environ.get('SV_CACHE', '/var/cache/simple-v-qemu'),
             r.stderr[-500:]))
    sys.exit(1)
kernel, firmware, busybox = r.stdout.split('\n')[:3]

INIT = """#!/bin/busybox sh
export PATH=/bin
/bin/busybox --install -s /bin
mount -t proc proc /proc
echo "SV-INIT: start"
for p in /sv/*; do
    "$p" > /dev/null
    echo "SV-RESULT ${p##*/} $?"
done
echo "SV-INIT: done"
poweroff -f
"""

with tempfile.TemporaryDirectory() as work:
    ird = os.path.join(work, 'root')
    for d in ('bin', 'sv', 'proc', 'sys', 'dev'):
        os.makedirs(os.path.join(ird, d))
    shutil.copy(busybox, os.path.join(ird, 'bin', 'busybox'))
    for p in progs:
        shutil.copy(p, os.path.join(ird, 'sv'))
    with open(os.path.join(ird, 'init'), 'w') as f:
        f.write(INIT)
    os.chmod(os.path.join(ird, 'init'), 0o755)
    subprocess.run([sys.executable,
                    os.path.join(root, 'tests', 'system', 'mkinitramfs.py'),
                    ird, os.path.join(work, 'initrd.gz')], check=True)

    base = os.path.join(work, 'sys')
    args = ['out=' + base, 'top=1000'] + ['elf=' + p for p in progs]
    log = os.path.join(work, 'console.log')
    t0 = time.time()
    r = subprocess.run(
        [qemu_sys, '-M', 'virt', '-cpu', 'rv64,xsv=true', '-m', '512M',
         '-smp', '1', '-bios', firmware, '-kernel', kernel,
         '-initrd', os.path.join(work, 'initrd.gz'),
         '-append', 'console=ttyS0 panic=-1 quiet', '-display', 'none',
         '-serial', 'file:' + log, '-monitor', 'none', '-no-reboot',
         '-plugin', ','.join([plugin] + args)],
        capture_output=True, text=True,
        timeout=int(os.environ.get('SV_BOOT_TIMEOUT', '900')))
    print('boot with svprof: exit %d after %.0f s' % (r.returncode,
                                                      time.time() - t0))
    with open(log, errors='replace') as f:
        console = f.read().replace('\r', '')
    check(r.returncode == 0, 'qemu exits 0 (%s)' % r.stderr.strip()[-300:])
    for p in progs:
        name = os.path.basename(p)
        check('SV-RESULT %s 0\n' % name in console, name + ' exits 0')
    check('SV-INIT: done' in console, 'init ran to the end')
    for ext in ('txt', 'json', 'svg', 'callgrind'):
        check(os.path.exists(base + '.' + ext),
              'wrote the report at exit: .' + ext)
    if failures:
        print(console[-3000:])
        sys.exit(1)
    with open(base + '.json') as f:
        sj = json.load(f)
    check(sj['system_mode'] and sj['privilege'].get('U', {}).get(
        'vector_insns', 0) > 0 and sj['privilege'].get('S', {}).get(
        'instructions', 0) > 0,
        'vector work at U, the kernel at S: %s' % sj['privilege'])
    unresolved = sj['vblock']['unresolved']
    print('system report: %d VBLOCK runs, %d unresolved, %d inexact'
          % (sj['vblock']['runs'], unresolved, sj['vblock']['inexact']))
    sys_fns = {(f['object'], f['function']): f for f in sj['top_functions']
               if f['privilege'] == 'U'}

    def flow(f):
        return (f['vector_insns'], tuple(
            (m, b['taken'], b['not_taken'])
            for m, b in sorted(f['branches'].items())))

    def same(s, u):
        if s['ffirst_cuts'] == u['ffirst_cuts']:
            # The same cuts: the same execution, the same counts.
            return flow(s) == flow(u) and (s['elements'], s['active']) == \
                (u['elements'], u['active'])
        # Extra trap-ffirst cuts under Linux: a loop may take a few more
        # (shorter) iterations, so at most a few more vector instructions
        # and branch decisions per extra cut.
        extra = s['ffirst_cuts'] - u['ffirst_cuts']
        n_br = [sum(b['taken'] + b['not_taken'] for b in f['branches'].values())
                for f in (s, u)]
        return (extra > 0
                and 0 <= s['vector_insns'] - u['vector_insns'] <= 4 * extra
                and 0 <= n_br[0] - n_br[1] <= 2 * extra)

    for p in progs:
        name = os.path.basename(p)
        ub = os.path.join(work, 'user-' + name)
        r = subprocess.run([qemu_user, '-cpu', 'rv64,xsv=true', '-plugin',
                            '%s,out=%s,top=1000' % (plugin, ub), p],
                           capture_output=True, text=True, timeout=300)
        check(r.returncode == 0, '%s under qemu-riscv64 + svprof exits 0'
              % name)
        with open(ub + '.json') as f:
            uj = json.load(f)
        n_same, differ = 0, []
        for f in uj['top_functions']:
            if not f['vector_insns']:
                continue
            s = sys_fns.get((name, f['function']))
            if s is None:
                differ.append((f['function'], 'missing'))
            elif same(s, f):
                n_same += 1
                if s['ffirst_cuts'] != f['ffirst_cuts']:
                    print('     %s %s: %d ffirst cuts under Linux, %d in '
                          'linux-user' % (name, f['function'],
                                          s['ffirst_cuts'], f['ffirst_cuts']))
            else:
                differ.append((f['function'], s, f))
        # A run cut short by a trap (a page fault, an interrupt between
        # opcodes) is unresolved: its function may then differ.
        check(n_same > 0 and len(differ) <= unresolved,
              '%s: %d functions with vector work have the linux-user counts'
              ' at U (%d differ, %d runs unresolved): %s'
              % (name, n_same, len(differ), unresolved, differ[:2]))
        if name == 'vblock_prof':
            f = sys_fns.get((name, 'blk_add'), {})
            check((f.get('vector_insns'), f.get('elements'), f.get('active'))
                  == (15, 200, 160),
                  'vblock_prof blk_add at U: 15, 200, 160: %s'
                  % {k: f.get(k) for k in ('vector_insns', 'elements',
                                           'active')})
    if os.environ.get('SV_KEEP'):
        for ext in ('txt', 'json', 'svg', 'callgrind'):
            shutil.copy(base + '.' + ext, os.environ['SV_KEEP'] + '.' + ext)
sys.exit(1 if failures else 0)
