#!/usr/bin/env python3
# svprof through the real qemu-riscv64 -plugin: exact counts in the JSON,
# argument errors, and a multi-threaded program.
#   svprof_test.py QEMU PLUGIN MODE [PROGRAM...]
# MODE: counts, vblock, threads, prefix, empty, args (qemu-riscv64) or
# system (qemu-system-riscv64, a bare-metal ELF).  Every profile is also
# read back with callgrind_annotate and rendered with rsvg-convert.
# Expected VBLOCK numbers: the comment at the top of vblock_prof.c.
# SPDX-License-Identifier: GPL-2.0-or-later
import json
import re
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

qemu, plugin, mode = sys.argv[1:4]
progs = sys.argv[4:]
prog = progs[0] if progs else None
failures = 0


def check(cond, what):
    global failures
    print(("ok   " if cond else "FAIL ") + what)
    failures += 0 if cond else 1


def run(args, prog_args):
    cmd = [qemu, '-cpu', 'rv64,xsv=true', '-plugin',
           ','.join([plugin] + args)] + prog_args
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def run_system(args, elf, timeout=120):
    cmd = [qemu, '-M', 'virt', '-cpu', 'rv64,xsv=true', '-bios', 'none',
           '-kernel', elf, '-display', 'none', '-serial', 'stdio',
           '-monitor', 'none', '-plugin', ','.join([plugin] + args)]
    return subprocess.run(cmd, capture_output=True, text=True,
                          timeout=timeout)


def num(s):
    """A count as callgrind_annotate prints it (1,234; '.' is zero)."""
    return 0 if s == '.' else int(s.replace(',', ''))


def callgrind_annotate(path):
    """PROGRAM TOTALS and per-function rows of callgrind_annotate's output:
    (event names, totals, {function: counts})."""
    r = subprocess.run(['callgrind_annotate', '--threshold=100',
                        '--auto=no', path],
                       capture_output=True, text=True, timeout=60)
    check(r.returncode == 0, 'callgrind_annotate reads report.callgrind '
          '(rc %d, %s)' % (r.returncode, r.stderr.strip()[:300]))
    events, totals, fns = [], None, {}
    for line in r.stdout.splitlines():
        line = re.sub(r'\(\s*[0-9.]+%\)', ' ', line)
        if line.startswith('Events shown:'):
            events = line.split(':', 1)[1].split()
            continue
        parts = line.split()
        n = len(events)
        if not events or len(parts) <= n:
            continue
        try:
            counts = [num(p) for p in parts[:n]]
        except ValueError:
            continue
        rest = ' '.join(parts[n:])
        if rest.startswith('PROGRAM TOTALS'):  # "(calculated)" when all 0
            totals = dict(zip(events, counts))
        else:
            # "file:function [object]"; object names may hold [...] too
            if rest.endswith(']'):
                depth, i = 0, len(rest) - 1
                while i >= 0:
                    depth += {']': 1, '[': -1}.get(rest[i], 0)
                    if depth == 0:
                        break
                    i -= 1
                rest = rest[:i].rstrip()
            fns[rest.split(':', 1)[1] if ':' in rest else rest] = \
                dict(zip(events, counts))
    return events, totals, fns


def check_callgrind(base, j):
    """callgrind_annotate's numbers equal the JSON's."""
    events, totals, fns = callgrind_annotate(base + '.callgrind')
    el, br = j['elements'], j['branches']
    want = {'VecInsn': el['vector_insns'], 'Elem': el['total'],
            'ActElem': el['active'],
            'BrTaken': sum(b['taken'] for b in br.values()),
            'BrNotTaken': sum(b['not_taken'] for b in br.values()),
            'FfCut': j['ffirst']['cuts']}
    if j['instructions']['total'] is not None:
        want['Ir'] = j['instructions']['total']
    check(totals == want, 'callgrind totals equal the JSON: %s vs %s'
          % (totals, want))
    bad = []
    for f in j['top_functions']:
        got = fns.get(f['function'])
        exp = {'VecInsn': f['vector_insns'], 'Elem': f['elements'],
               'ActElem': f['active'], 'FfCut': f['ffirst_cuts'],
               'BrTaken': sum(b['taken'] for b in f['branches'].values()),
               'BrNotTaken': sum(b['not_taken']
                                 for b in f['branches'].values())}
        if f['instructions'] is not None:
            exp['Ir'] = f['instructions']
        if got != exp:
            bad.append((f['function'], got, exp))
    check(not bad and j['top_functions'],
          'callgrind per-function counts equal the JSON top_functions '
          '(%d functions): %s' % (len(j['top_functions']), bad[:3]))


def check_svg(base, want_text=()):
    """The SVG parses, renders to PNG with rsvg-convert, and says what
    it should."""
    try:
        svg = ET.parse(base + '.svg').getroot()
        check(svg.tag.endswith('svg'), 'report.svg is SVG')
    except ET.ParseError as e:
        check(False, 'report.svg parses: %s' % e)
        return ''
    texts = ' '.join(t.text or '' for t in
                     svg.iter('{http://www.w3.org/2000/svg}text'))
    for w in want_text:
        check(w in texts, 'the SVG says "%s"' % w)
    png = base + '.png'
    r = subprocess.run(['rsvg-convert', '-o', png, base + '.svg'],
                       capture_output=True, text=True, timeout=60)
    ok = r.returncode == 0 and os.path.exists(png)
    if ok:
        with open(png, 'rb') as f:
            head = f.read(24)
        w = int.from_bytes(head[16:20], 'big')
        h = int.from_bytes(head[20:24], 'big')
        ok = head[:8] == b'\x89PNG\r\n\x1a\n' and w >= 900 and h >= 200
        if os.environ.get('SVPROF_KEEP_PNG'):
            import shutil
            shutil.copy(png, os.environ['SVPROF_KEEP_PNG'])
    check(ok, 'rsvg-convert renders report.svg to PNG (%s)'
          % r.stderr.strip()[:200])
    return texts


def profile(prog_path, extra=(), svg_text=(), system=False):
    with tempfile.TemporaryDirectory() as d:
        base = os.path.join(d, 'report')
        args = ['out=' + base, 'top=5'] + list(extra)
        if system:
            r = run_system(args + ['elf=' + prog_path], prog_path)
        else:
            r = run(args, [prog_path])
        profile.run = r
        check(r.returncode == 0, 'program exits 0 (rc %d, %s)'
              % (r.returncode, r.stderr.strip()))
        for ext in ('txt', 'json', 'svg', 'callgrind'):
            check(os.path.exists(base + '.' + ext), 'wrote report.' + ext)
        with open(base + '.txt') as f:
            profile.text = f.read()
        with open(base + '.json') as f:
            j = json.load(f)
        check(j.get('version') == 3, 'JSON version 3')
        profile.svg = check_svg(base, svg_text)
        check_callgrind(base, j)
        return j


if mode == 'counts':
    j = profile(prog)
    ins, el = j['instructions'], j['setvl']
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
    check(el['elements'] == 100 * 3 + 50 * 8,
          'elements 700: %d' % el['elements'])
    top = j['top_blocks']
    check(len(top) == 2, 'two sites')
    check(top[0]['symbol'] == 'setvl_eight' and top[0]['elements'] == 400
          and top[0]['count'] == 50 and top[0]['kind'] == 'setvl',
          'top site setvl_eight, 50 runs, 400 elements: %s' % top[0])
    check(top[1]['symbol'] == 'setvl_three' and top[1]['elements'] == 300
          and top[1]['count'] == 100, 'second site setvl_three')
    j2 = profile(prog, ['scalar=off'])
    check(j2['instructions']['scalar'] is None
          and j2['instructions']['total'] is None
          and j2['instructions']['setvl'] == 150
          and j2['setvl']['elements'] == 700,
          'scalar=off: no scalar/total counts, SV counts unchanged')
    r = run(['top=1'], [prog])
    check(r.returncode == 0 and 'setvl_eight' in r.stderr
          and 'setvl_three' not in r.stderr, 'no out=: text table on stderr')
elif mode == 'vblock':
    # The replay's shortcuts (default) and full recomputation (check=on)
    # must give the same exact numbers.
    for extra in ([], ['check=on']):
        j = profile(prog, extra, svg_text=(
            'of operations in vector form', 'mean VL', 'mean occupancy',
            'elements per guest instruction', 'count (log scale)',
            'consensual branches per mode', 'fail-on-first cuts by element',
            'top functions by elements', 'top source lines by elements',
            'blk_ff'))
        print('-- with', extra or 'defaults')
        ins, el, vb = j['instructions'], j['elements'], j['vblock']
        check(ins['vblock'] == 57, 'vblock instructions 57: %d' % ins['vblock'])
        check({k: vb[k] for k in ('runs', 'resumed', 'unresolved', 'inexact')}
              == {'runs': 54, 'resumed': 3, 'unresolved': 0, 'inexact': 0},
              'runs 54, 3 resumed, none unresolved/inexact: %s' % vb)
        check(ins['total'] == sum(v for k, v in ins.items() if k != 'total'),
              'total is the sum of the kinds')
        check(el['vector_insns'] == 89, 'vector insns 89: %d' % el['vector_insns'])
        check(el['total'] == 886, 'elements 886: %d' % el['total'])
        check(el['active'] == 846, 'active 846: %d' % el['active'])
        check(el['vl0_insns'] == 0, 'no VL 0')
        check(vb['flushes'] == 1, 'one flush for the label blk_loop branches to: %d'
              % vb['flushes'])
        want_vl = [0] * 65
        want_vl[4], want_vl[6], want_vl[8], want_vl[10], want_vl[12], \
            want_vl[16] = 4, 6, 48, 1, 10, 20
        check(el['vl_histogram'] == want_vl, 'VL histogram 4:4 6:6 8:48 10:1 12:10 16:20:'
              ' %s' % {i: v for i, v in enumerate(el['vl_histogram']) if v})
        want_occ = [0] * 11
        want_occ[7], want_occ[10] = 10, 79
        check(el['occupancy_histogram'] == want_occ,
              'occupancy 60-70%%:10 90-100%%:79: %s' % el['occupancy_histogram'])
        br = j['branches']
        want_br = {'ifall': (8, 10), 'ifany': (5, 1), 'ifnotall': (3, 3),
                   'ifnone': (1, 5)}
        for m, (tk, nt) in want_br.items():
            check(br[m] == {'taken': tk, 'not_taken': nt},
                  '%s taken %d not taken %d: %s' % (m, tk, nt, br[m]))
        ff = j['ffirst']
        check(ff['cuts'] == 8, 'ffirst cuts 8: %d' % ff['cuts'])
        check(ff['at_element'][5] == 7 and ff['at_element'][10] == 1
              and sum(ff['at_element']) == 8,
              'cuts at element 5 x7, 10 x1: %s'
              % {i: v for i, v in enumerate(ff['at_element']) if v})
        blocks = {b['symbol']: b for b in j['top_blocks']}
        names = [b['symbol'] for b in j['top_blocks']]
        check(len(names) == 5 and names[:2] == ['blk_ff', 'blk_add'],
              'top blocks blk_ff, blk_add, then 3 of the 4 branch blocks: %s'
              % names)
        b = blocks.get('blk_add', {})
        check(b.get('count') == 15 and b.get('elements') == 200
              and b.get('active') == 160 and b.get('kind') == 'vblock',
              'blk_add: 15 runs, 200 elements, 160 active: %s' % b)
        b = blocks.get('blk_ff', {})
        check(b.get('count') == 8 and b.get('elements') == 250,
              'blk_ff: 8 runs, 250 elements: %s' % b)
        insns = {(i['symbol'], i['kind']): i for i in j['top_insns']}
        i = insns.get(('blk_add', 'int'), {})
        check(i.get('count') == 15 and i.get('elements') == 200
              and i.get('active') == 160,
              'add in blk_add: 15, 200 elements, 160 active: %s' % i)
        i = insns.get(('blk_ff', 'load'), {})
        check(i.get('count') == 8 and i.get('elements') == 128
              and i.get('ffirst_cuts') == 1,
              'ffirst load: 8 runs, 128 elements, 1 cut: %s' % i)
        i = insns.get(('blk_ff', 'branch'), {})
        check(i.get('elements') == 122 and i.get('ffirst_cuts') == 7
              and i.get('taken') == 1 and i.get('not_taken') == 7
              and i.get('mode') == 'ifall',
              'ffirst branch: 122 elements, 7 cuts, taken 1/7, ifall: %s' % i)
        blk_add_addr = int(blocks.get('blk_add', {}).get('address', '0'), 16)
        check(('blk_add' in profile.text and '0x%x' % blk_add_addr
               in profile.text and 'ifnotall' in profile.text),
              'text report names the sites and modes')
        # Attribution: functions from the ELF symbols, lines from DWARF
        # (the blocks are top-level asm: no line table for them).
        fns = {f['function']: f for f in j['top_functions']}
        f = fns.get('blk_add', {})
        check(f.get('vector_insns') == 15 and f.get('elements') == 200
              and f.get('active') == 160 and f.get('object') == 'vblock_prof'
              and f.get('privilege') == 'U',
              'function blk_add: 15 vector insns, 200 elements, 160 active,'
              ' in vblock_prof: %s' % f)
        f = fns.get('blk_ff', {})
        check(f.get('elements') == 250 and f.get('ffirst_cuts') == 8
              and f['branches']['ifall'] == {'taken': 1, 'not_taken': 7},
              'function blk_ff: 250 elements, 8 cuts, ifall 1/7: %s' % f)
        check(sum(f['vector_insns'] for f in j['top_functions']) <= 89
              and j['top_functions'][0]['function'] == 'blk_ff',
              'top function blk_ff')
        lines = j['top_lines']
        check(lines and all(l['file'].endswith('vblock_prof.c')
                            and l['line'] > 0 for l in lines),
              'source lines of the C code from DWARF: %s'
              % [(l['function'], l['line']) for l in lines])
        sm = j['summary']
        check(abs(sm['mean_vl'] - 886 / 89) < 1e-9
              and abs(sm['mean_occupancy'] - 846 / 886) < 1e-9
              and abs(sm['elements_per_insn'] - 886 / ins['total']) < 1e-9
              and 0 < sm['vector_share'] < 1,
              'summary: mean VL 886/89, occupancy 846/886: %s' % sm)
elif mode == 'threads':
    j = profile(prog)
    check(j['instructions']['setvl'] == 4000, 'setvl total 4000: %d'
          % j['instructions']['setvl'])
    check(j['setvl']['vl_histogram'][5] == 4000, 'setvl VL 5 x4000')
    check(j['setvl']['elements'] == 20000, 'setvl elements 20000')
    vb, el = j['vblock'], j['elements']
    check({k: vb[k] for k in ('runs', 'resumed', 'unresolved', 'inexact')}
          == {'runs': 2000, 'resumed': 0, 'unresolved': 0, 'inexact': 0},
          '4 threads x 500 VBLOCK runs, all replayed: %s' % vb)
    check(el['total'] == 16000 and el['active'] == 8000,
          'elements 16000, active 8000: %d %d' % (el['total'], el['active']))
    check(el['vl_histogram'][8] == 2000 and el['occupancy_histogram'][5]
          == 2000, 'VL 8 x2000, occupancy 40-50% x2000')
    sites = {b['kind']: b for b in j['top_blocks']}
    check(sites['setvl']['count'] == 4000 and sites['vblock']['count'] == 2000
          and j['top_insns'][0]['elements'] == 16000,
          'per-site counts summed over vCPUs (atomic): %s' % sites)
elif mode == 'prefix':
    # P48/P64 element data (built when svcore has sv_prefix_decode).
    j = profile(prog)
    ins, el = j['instructions'], j['elements']
    check(ins['p48'] == 11 and ins['p64'] == 0, 'p48 11: %d' % ins['p48'])
    check(el['vector_insns'] == 11 and el['total'] == 55
          and el['active'] == 47, 'vector insns 11, elements 55, active 47:'
          ' %d %d %d' % (el['vector_insns'], el['total'], el['active']))
    check(el['vl_histogram'][5] == 11, 'VL 5 x11')
    check(el['occupancy_histogram'][10] == 7
          and el['occupancy_histogram'][6] == 4,
          'occupancy 90-100%% x7, 50-60%% x4: %s' % el['occupancy_histogram'])
    rows = sorted((i['symbol'], i['kind'], i['count'], i['elements'],
                   i['active']) for i in j['top_insns'])
    check(rows == [('p_add', 'p48', 7, 35, 35), ('p_add_x9', 'p48', 4, 20, 12)],
          'top insns p_add 7/35/35, p_add_x9 4/20/12: %s' % rows)
elif mode == 'empty':
    # A program without SV: the picture says so in words.
    j = profile(prog, svg_text=('Empty profile: no Simple-V instruction ran.',
                                'No function ran a vector instruction.'))
    check(j['elements']['vector_insns'] == 0 and j['instructions']['total']
          == j['instructions']['scalar'] > 1000,
          'only scalar instructions: %s' % j['instructions'])
    check('vblock_prof' not in profile.svg, 'no stray names')
elif mode == 'system':
    # Bare metal under qemu-system-riscv64 (sys_prof.S): exact counts per
    # privilege level, function and line; the report is written at exit.
    for extra in ([], ['check=on']):
        j = profile(prog, extra, system=True, svg_text=(
            'by privilege level:', 'consensual branches per mode',
            'No fail-on-first cut.', 'm_work [M]', 'sys_prof.S:'))
        print('-- with', extra or 'defaults')
        check('sys_prof: PASS' in profile.run.stdout,
              'the program passes: %r' % profile.run.stdout[-200:])
        check(j['system_mode'] is True, 'system_mode true')
        pv = j['privilege']
        want = {'M': (10, 80, 40), 'S': (5, 40, 20), 'U': (13, 52, 52)}
        for lvl, (vi, el, ac) in want.items():
            got = pv.get(lvl, {})
            check((got.get('vector_insns'), got.get('elements'),
                   got.get('active')) == (vi, el, ac),
                  '%s: %d vector insns, %d elements, %d active: %s'
                  % (lvl, vi, el, ac, got))
        check(sum(v['instructions'] for v in pv.values())
              == j['instructions']['total'] and pv['U']['instructions'] > 0
              and pv['S']['instructions'] > 0,
              'instructions per level add up to the total')
        el, vb = j['elements'], j['vblock']
        check((el['vector_insns'], el['total'], el['active']) == (28, 172, 112),
              'totals 28, 172, 112: %s' % el)
        check({k: vb[k] for k in ('runs', 'resumed', 'unresolved', 'inexact')}
              == {'runs': 25, 'resumed': 0, 'unresolved': 0, 'inexact': 0},
              '25 VBLOCK runs, all replayed: %s' % vb)
        check(j['branches']['ifall'] == {'taken': 3, 'not_taken': 0},
              'ifall taken 3: %s' % j['branches']['ifall'])
        fns = {(f['function'], f['privilege']): f for f in j['top_functions']}
        for name, lvl, vi, e in (('m_work', 'M', 10, 80), ('s_work', 'S', 5, 40),
                                 ('u_work', 'U', 13, 52)):
            f = fns.get((name, lvl), {})
            check(f.get('vector_insns') == vi and f.get('elements') == e
                  and f.get('file', '').endswith('sys_prof.S'),
                  '%s at %s: %d vector insns, %d elements, sys_prof.S: %s'
                  % (name, lvl, vi, e, f))
        lines = j['top_lines']
        check(lines and lines[0]['file'].endswith('tests/plugin/sys_prof.S')
              and lines[0]['function'] == 'm_work' and lines[0]['elements']
              == 80 and lines[0]['vector_insns'] == 10
              and lines[0]['privilege'] == 'M',
              'top line: the VBLOCK in m_work, sys_prof.S, 10 x VL 8: %s'
              % lines[:1])
        blocks = j['top_blocks']
        check(blocks and all(b['object'] == 'sys_prof.elf' and b['line'] > 0
                             and b['address'].startswith('0x8000')
                             for b in blocks),
              'blocks at their guest addresses, with lines: %s'
              % [(b['address'], b['privilege'], b['symbol']) for b in blocks])
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
        (['text=2'], "bad value '2' for text"),
        (['top'], "bad value 'on' for top"),  # QEMU makes it top=on
        (['out=/nonexistent/dir/r'],
         "cannot write to directory '/nonexistent/dir/'"),
        (['Top=3'], "unknown argument 'Top'"),
        (['callgrind=x'], "bad value 'x' for callgrind"),
        (['elf=/nonexistent/prog'], "bad value '/nonexistent/prog' for elf"),
    ]
    for args, msg in cases:
        r = run(args, ['/bin/true'])
        check(r.returncode != 0 and msg in r.stderr,
              '%s -> non-zero with "%s" (rc %d, stderr %r)'
              % (args, msg, r.returncode, r.stderr.strip()))
else:
    sys.exit('unknown mode ' + mode)
sys.exit(1 if failures else 0)
