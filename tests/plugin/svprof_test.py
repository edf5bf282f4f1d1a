#!/usr/bin/env python3
# svprof through the real qemu-riscv64 -plugin: exact counts in the JSON,
# argument errors, and a multi-threaded program.
#   svprof_test.py QEMU PLUGIN counts|args|threads [PROGRAM]
# SPDX-License-Identifier: GPL-2.0-or-later
import json
import os
import subprocess
import sys
import tempfile

qemu, plugin, mode = sys.argv[1:4]
prog = sys.argv[4] if len(sys.argv) > 4 else None
failures = 0


def check(cond, what):
    global failures
    print(("ok   " if cond else "FAIL ") + what)
    failures += 0 if cond else 1


def run(args, prog_args):
    cmd = [qemu, '-cpu', 'rv64,xsv=true', '-plugin',
           ','.join([plugin] + args)] + prog_args
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def profile(prog_path):
    with tempfile.TemporaryDirectory() as d:
        base = os.path.join(d, 'report')
        r = run(['out=' + base, 'top=5'], [prog_path])
        check(r.returncode == 0, 'program exits 0 (rc %d, %s)'
              % (r.returncode, r.stderr.strip()))
        for ext in ('txt', 'json', 'svg'):
            check(os.path.exists(base + '.' + ext), 'wrote report.' + ext)
        with open(base + '.json') as f:
            return json.load(f)


if mode == 'counts':
    j = profile(prog)
    ins, el = j['instructions'], j['elements']
    check(ins['setvl'] == 150, 'setvl count 150: %d' % ins['setvl'])
    check(ins['sv_csr'] == 10, 'sv_csr count 10: %d' % ins['sv_csr'])
    for k in ('p48', 'p64', 'vblock', 'other_long'):
        check(ins[k] == 0, '%s count 0: %d' % (k, ins[k]))
    check(ins['total'] == sum(v for k, v in ins.items() if k != 'total'),
          'total is the sum of the kinds')
    check(ins['scalar'] > 1000, 'scalar instructions counted')
    hist = el['vl_histogram']
    check(len(hist) == 65, 'histogram has bins 0..64')
    check(hist[3] == 100 and hist[8] == 50, 'bins 3=100, 8=50')
    check(sum(hist) == 150, 'no other bins')
    check(el['total'] == 100 * 3 + 50 * 8, 'elements 700: %d' % el['total'])
    top = j['top_sites']
    check(len(top) == 2, 'two sites')
    check(top[0]['symbol'] == 'setvl_eight' and top[0]['elements'] == 400
          and top[0]['count'] == 50 and top[0]['kind'] == 'setvl',
          'top site setvl_eight, 50 runs, 400 elements: %s' % top[0])
    check(top[1]['symbol'] == 'setvl_three' and top[1]['elements'] == 300
          and top[1]['count'] == 100, 'second site setvl_three')
    r = run(['top=1'], [prog])
    check(r.returncode == 0 and 'setvl_eight' in r.stderr
          and 'setvl_three' not in r.stderr, 'no out=: text table on stderr')
elif mode == 'threads':
    j = profile(prog)
    check(j['instructions']['setvl'] == 4000, 'setvl total 4000: %d'
          % j['instructions']['setvl'])
    check(j['elements']['vl_histogram'][5] == 4000, 'bin 5 = 4000')
    check(j['elements']['total'] == 20000, 'elements 20000')
    check(j['top_sites'][0]['count'] == 4000, 'site count 4000 (atomic)')
elif mode == 'args':
    cases = [
        (['bogus=1'], "unknown argument 'bogus'"),
        (['top=abc'], "bad value 'abc' for top"),
        (['top=0'], "bad value '0' for top"),
        (['top=1001'], "bad value '1001' for top"),
        (['json=maybe'], "bad value 'maybe' for json"),
        (['out='], "bad value '' for out"),
        (['top='], "bad value '' for top"),
        (['top=20', 'svg=2'], "bad value '2' for svg"),
    ]
    for args, msg in cases:
        r = run(args, ['/bin/true'])
        check(r.returncode != 0 and msg in r.stderr,
              '%s -> non-zero with "%s" (rc %d, stderr %r)'
              % (args, msg, r.returncode, r.stderr.strip()))
else:
    sys.exit('unknown mode ' + mode)
sys.exit(1 if failures else 0)
