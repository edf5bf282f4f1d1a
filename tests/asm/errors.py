#!/usr/bin/env python3
# Each case of errors.txt through sv-as: its messages must be exactly the
# expected ones ("file:line: reason"); a case sv-as translates is
# assembled (sv-as -c), and gas's messages are the expected ones.
#   errors.py SV_AS CASES [--print]   (--print: show what sv-as says now)
#
# SPDX-License-Identifier: GPL-2.0-or-later
import os, subprocess, sys, tempfile
sv_as, cases = os.path.abspath(sys.argv[1]), sys.argv[2]
show = '--print' in sys.argv
blocks, cur = [], None
for line in open(cases):
    line = line.rstrip('\n')
    if line.startswith('=== '):
        cur = {'name': line[4:], 'src': [], 'expect': []}
        blocks.append(cur)
    elif line.startswith('>>> '):
        cur['expect'].append(line[4:])
    elif cur is not None:
        cur['src'].append(line)
fail = 0
with tempfile.TemporaryDirectory() as d:
    src = os.path.join(d, 'case.S')
    for c in blocks:
        open(src, 'w').write('\n'.join(c['src']) + '\n')
        r = subprocess.run([sv_as, 'case.S', '-o', '/dev/null'], cwd=d,
                           capture_output=True, text=True)
        if r.returncode == 0:
            # translated: the errors gas reports on sv-as's checks
            r = subprocess.run([sv_as, '-c', 'case.S', '-o', 'case.o'],
                               cwd=d, capture_output=True, text=True)
        got = r.stderr.splitlines()
        if show:
            print('=== ' + c['name'])
            print('\n'.join(c['src']))
            for g in got:
                print('>>> ' + g)
            continue
        if r.returncode == 0 or got != c['expect']:
            fail += 1
            print('FAIL %s:\n  want %s\n  got  %s (exit %d)' % (
                c['name'], c['expect'], got, r.returncode))
        else:
            print('ok   %s: %s' % (c['name'], got[0] if got else ''))
if not show:
    print('asm-errors: %d cases, %d failures' % (len(blocks), fail))
    sys.exit(1 if fail or len(blocks) < 30 else 0)
