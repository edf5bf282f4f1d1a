#!/usr/bin/env python3
# Random round trip: random SV instructions and blocks in sv-as syntax ->
# sv-as -> as -> sv-objdump (its default output) -> sv-as -> as; the two
# .text sections must be byte for byte identical, and every block must
# come out of sv-objdump in the syntax (none raw).
#   roundtrip_random.py SV_AS SV_OBJDUMP CASES SEED
# Blocks sv-as refuses (two widths for a register, too many entries...)
# are dropped and counted; the rest are the cases.
#
# SPDX-License-Identifier: GPL-2.0-or-later
import os, random, re, subprocess, sys, tempfile, time

sv_as, sv_objdump = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
want, seed = int(sys.argv[3]), int(sys.argv[4])
AS = os.environ.get('AS', 'riscv64-linux-gnu-as')
OBJCOPY = os.environ.get('OBJCOPY', 'riscv64-linux-gnu-objcopy')
rnd = random.Random(seed)
t0 = time.time()

PLAIN = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 's2', 's3', 't0',
         't1', 't5', 't6']
FPLAIN = ['fa0', 'fa1', 'fa2', 'fs2', 'ft3']
MASKS = ['a5', 'a6', 't3', 's1', 's2', 'x9', 'x10']


def reg(c, plain, kind):
    # c: 'x' or 'f'; an operand's own width (REG/w=N) one time in ten.
    k = kind or rnd.choice(['vec', 'vec', 'plain', 'redir'])
    r = ('*%s%d' % (c, rnd.randrange(32, 124)) if k == 'vec' else
         '%s%d' % (c, rnd.randrange(32, 128)) if k == 'redir' else
         rnd.choice(plain))
    if rnd.random() < 0.1:
        r += '/w=%d' % rnd.choice([16, 32, 64] if c == 'f' else
                                  [8, 16, 32, 64])
    return r


def ireg(kind=None):
    return reg('x', PLAIN, kind)


def freg(kind=None):
    return reg('f', FPLAIN, kind)


def mask():
    return ('~' if rnd.random() < 0.3 else '') + rnd.choice(MASKS)


def op():
    c = rnd.random()
    suf = ''
    w = rnd.random()
    if c < 0.35:
        m = rnd.choice(['add', 'sub', 'xor', 'or', 'and', 'sll', 'srl', 'sra',
                        'slt', 'sltu', 'mul', 'mulh', 'divu', 'remu', 'addw',
                        'subw', 'mulw'])
        if w < 0.4:
            suf += '/w=%d' % rnd.choice([8, 16, 32, 64])
        elif w < 0.5:
            suf += '/dw=%d/sw=%d' % (rnd.choice([8, 16, 32]),
                                     rnd.choice([8, 16, 32]))
        if rnd.random() < 0.3:
            suf += '/m=' + mask() + ('/zz' if rnd.random() < 0.3 else '')
        if rnd.random() < 0.1:
            suf += '/ff'
        return 'sv.%s%s %s, %s, %s' % (m, suf, ireg(), ireg(), ireg())
    if c < 0.5:
        m = rnd.choice(['addi', 'xori', 'andi', 'ori', 'slli', 'srai',
                        'addiw'])
        imm = rnd.randrange(0, 31) if m[0] == 's' else rnd.randrange(-2048,
                                                                      2048)
        if w < 0.4:
            suf += '/w=%d' % rnd.choice([8, 16, 32])
        if rnd.random() < 0.3:
            suf += '/m=' + mask()
        return 'sv.%s%s %s, %s, %d' % (m, suf, ireg(), ireg(), imm)
    if c < 0.65:
        load = rnd.random() < 0.5
        m = rnd.choice(['lb', 'lh', 'lw', 'ld', 'lbu', 'lhu', 'lwu']
                       if load else ['sb', 'sh', 'sw', 'sd'])
        if w < 0.4:
            suf += '/w=%d' % rnd.choice([8, 16, 32])
        p = rnd.random()
        if p < 0.2:
            suf += '/m=' + mask()
        elif p < 0.35:
            suf += '/sm=' + mask()
        elif p < 0.5:
            suf += '/dm=' + mask()
        if load and rnd.random() < 0.15:
            suf += '/ff'
        addr = ireg(rnd.choice(['plain', 'plain', 'vec']))
        return 'sv.%s%s %s, %d(%s)' % (m, suf, ireg(rnd.choice(
            ['vec', 'vec', 'redir'])), rnd.randrange(-64, 64) * 8, addr)
    if c < 0.8:
        m = rnd.choice(['fadd.s', 'fmul.d', 'fsub.d', 'fmin.s', 'fsgnj.d',
                        'fmadd.s', 'fnmsub.d', 'feq.s', 'flt.d', 'fcvt.w.s',
                        'fcvt.d.l', 'fmv.x.d', 'fsqrt.d', 'fmv.s', 'fld',
                        'fsw'])
        if w < 0.3 and m not in ('fld', 'fsw'):
            suf += '/w=%d' % rnd.choice([16, 32])
        if rnd.random() < 0.25:
            suf += '/m=' + mask()
        if m in ('fld', 'fsw'):
            return 'sv.%s%s %s, %d(%s)' % (m, suf, freg('vec'),
                                           rnd.randrange(0, 32) * 8,
                                           ireg('plain'))
        if m in ('feq.s', 'flt.d'):
            return 'sv.%s%s %s, %s, %s' % (m, suf, ireg(), freg(), freg())
        if m in ('fcvt.w.s', 'fmv.x.d'):
            return 'sv.%s%s %s, %s' % (m, suf, ireg(), freg())
        if m == 'fcvt.d.l':
            return 'sv.%s%s %s, %s' % (m, suf, freg(), ireg())
        if m in ('fsqrt.d', 'fmv.s'):
            return 'sv.%s%s %s, %s' % (m, suf, freg(), freg())
        if m[:2] in ('fm', 'fn') and 'add' in m or 'sub' in m and m[1] == 'n':
            return 'sv.%s%s %s, %s, %s, %s' % (m, suf, freg(), freg(), freg(),
                                               freg())
        return 'sv.%s%s %s, %s, %s' % (m, suf, freg(), freg(), freg())
    if c < 0.9:
        m = rnd.choice(['beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu'])
        if w < 0.3:
            suf += '/w=%d' % rnd.choice([8, 16, 32])
        mode = rnd.choice(['', '/all', '/any', '/notall', '/none'])
        if mode == '/none' or rnd.random() < 0.4:
            mode += '/r=' + rnd.choice(['t3', 't4', 'a7', 's3'])
        suf += mode
        if rnd.random() < 0.2:
            suf += '/m=' + mask()
        if rnd.random() < 0.2:
            suf += '/ff'
        return 'sv.%s%s %s, %s, %s' % (m, suf, ireg('vec'), ireg(),
                                       rnd.choice(['1f', '1f', '1b']))
    m = rnd.choice(['c.add', 'c.mv', 'c.addi', 'mv', 'neg', 'not', 'li'])
    if w < 0.3:
        suf += '/w=%d' % rnd.choice([8, 16, 32])
    if m in ('c.add', 'c.mv', 'mv', 'neg', 'not'):
        return 'sv.%s%s %s, %s' % (m, suf, ireg(), ireg())
    return 'sv.%s%s %s, %d' % (m, suf, ireg(), rnd.randrange(-32, 32))


PMASKS = ['s1', 'a0', 'a1']  # x9 x10 x11: SVPrefix's mask registers


def preg(c, p64, kind=None):
    # A register a P48 (even vectors, scalars x0..x63) or P64 can name,
    # and now and then one only a P64 can.
    k = kind or rnd.choice(['vec', 'vec', 'plain', 'redir'])
    if k == 'vec':
        n = rnd.randrange(32, 127)
        return '*%s%d' % (c, n if p64 or rnd.random() < 0.1 else n & ~1)
    if k == 'redir':
        return '%s%d' % (c, rnd.randrange(32, 128 if p64 else 64))
    return rnd.choice(PLAIN if c == 'x' else FPLAIN)


def pmask(twin):
    inv = '~' if rnd.random() < 0.4 else ''
    if twin:
        p = rnd.random()
        return ('/sm=%ss1' % inv if p < 0.7 else '') + \
               ('/dm=%sa0' % inv if p > 0.3 else '')
    return '/m=' + inv + rnd.choice(PMASKS)


def pop():
    # One instruction for a P48 or P64: /p48, /p64 or sv-as's choice.
    form = rnd.choice(['/p48', '/p64', ''])
    p64 = form == '/p64' or (not form and rnd.random() < 0.3)
    suf = ''
    c = rnd.random()
    if c < 0.3:
        m = rnd.choice(['add', 'sub', 'xor', 'or', 'and', 'sll', 'srl', 'sra',
                        'slt', 'sltu', 'mul', 'divu', 'addw', 'subw', 'mulw'])
        if rnd.random() < 0.4:
            suf += '/w=%d' % rnd.choice([8, 16, 32])
        if rnd.random() < 0.3:
            suf += pmask(False)
        ops = [preg('x', p64), preg('x', p64), preg('x', p64)]
    elif c < 0.5:
        m = rnd.choice(['addi', 'xori', 'andi', 'ori', 'slli', 'srai',
                        'addiw', 'mv', 'li'])
        if rnd.random() < 0.4:
            suf += '/w=%d' % rnd.choice([8, 16, 32])
        if rnd.random() < 0.3:
            suf += pmask(False)
        if m == 'mv':
            ops = [preg('x', p64), preg('x', p64)]
        elif m == 'li':
            ops = [preg('x', p64), str(rnd.randrange(-2048, 2048))]
        else:
            imm = (rnd.randrange(0, 31) if m[0] == 's' else
                   rnd.randrange(-2048, 2048))
            ops = [preg('x', p64), preg('x', p64), str(imm)]
    elif c < 0.75:
        load = rnd.random() < 0.5
        fp = rnd.random() < 0.25
        m = rnd.choice((['flw', 'fld'] if fp else
                        ['lb', 'lh', 'lw', 'ld', 'lbu', 'lhu', 'lwu'])
                       if load else (['fsw', 'fsd'] if fp else
                                     ['sb', 'sh', 'sw', 'sd']))
        if not fp and rnd.random() < 0.4:
            suf += '/w=%d' % rnd.choice([8, 16, 32])
        if rnd.random() < 0.4:
            suf += pmask(True)
        data = preg('f' if fp else 'x', p64, rnd.choice(['vec', 'vec',
                                                          'redir']))
        addr = preg('x', p64, rnd.choice(['plain', 'plain', 'vec']))
        ops = [data, '%d(%s)' % (rnd.randrange(-256, 256) * 8, addr)]
    else:
        m = rnd.choice(['fadd.s', 'fmul.d', 'fsub.d', 'fmin.s', 'fmadd.s',
                        'fnmsub.d', 'fsqrt.d', 'fcvt.w.s', 'fcvt.d.l',
                        'feq.s', 'fmv.s', 'fsgnj.d'])
        single = m in ('fsqrt.d', 'fcvt.w.s', 'fcvt.d.l', 'fmv.s')
        if rnd.random() < 0.3:
            suf += pmask(m in ('fsqrt.d', 'fcvt.w.s', 'fcvt.d.l', 'fmv.s'))
        if m in ('fcvt.w.s',):
            ops = [preg('x', p64), preg('f', p64)]
        elif m == 'fcvt.d.l':
            ops = [preg('f', p64), preg('x', p64)]
        elif m == 'feq.s':
            ops = [preg('x', p64), preg('f', p64), preg('f', p64)]
        elif single:
            ops = [preg('f', p64), preg('f', p64)]
        elif m in ('fmadd.s', 'fnmsub.d'):
            ops = [preg('f', p64) for _ in range(4)]
        else:
            ops = [preg('f', p64) for _ in range(3)]
    if rnd.random() < 0.15:
        suf += '/vec%d' % rnd.randrange(2, 5)
    if p64 and rnd.random() < 0.4:
        suf += rnd.choice(['/vl=%d' % rnd.randrange(2, 33), '/vl=a2', '/vl=t2',
                           '/mvl=%d' % rnd.randrange(1, 33),
                           '/clamp=%d' % rnd.randrange(1, 33)])
        if rnd.random() < 0.5:
            suf += '/vld=' + rnd.choice(['a4', 't4'])
    return 'sv.%s%s%s %s' % (m, suf, form, ', '.join(ops))


def block():
    lines = []
    k = rnd.random()
    if k < 0.2:
        return [pop()]  # a lone instruction: a P48/P64 (or a block of one)
    if k < 0.25:
        # A block with P48/P64 among its opcodes.
        body = [op() for _ in range(rnd.randrange(1, 3))]
        for _ in range(rnd.randrange(1, 3)):
            o = pop()
            if '/p48' not in o and '/p64' not in o:
                sp = o.index(' ')
                o = o[:sp] + rnd.choice(['/p48', '/p64']) + o[sp:]
            body.insert(rnd.randrange(len(body) + 1), o)
        return ['sv.block'] + body + ['sv.endblock']
    vec = rnd.random() < 0.15
    if rnd.random() < 0.5 or vec:
        kind = rnd.random()
        if kind < 0.4:
            lines.append('sv.vl %s, zero, %d' % (rnd.choice(['a4', 't4']),
                                                 rnd.randrange(1, 65)))
        elif kind < 0.8:
            lines.append('sv.vl %s, %s, %d' % (
                rnd.choice(['a4', 's0', 'a5']), rnd.choice(['a2', 'a3']),
                rnd.randrange(1, 65)))
        else:
            lines.append('sv.vl zero, %s, %d' % (rnd.choice(['a2', 't2']),
                                                 rnd.randrange(1, 65)))
    n = rnd.choice([1, 1, 2, 2, 3, 4, 6])
    sub = '/vec%d' % rnd.randrange(2, 5) if vec else ''
    for _ in range(n):
        o = op()
        if sub:
            sp = o.index(' ')
            o = o[:sp] + sub + o[sp:]
        lines.append(o)
    return lines


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


with tempfile.TemporaryDirectory() as d:
    blocks = [block() for _ in range(int(want * 2.2))]
    dropped = 0
    # Drop what sv-as refuses until the file assembles.
    for _ in range(20):
        src, where = ['    .text', '1:  nop'], []
        for i, b in enumerate(blocks):
            where.append(len(src) + 1)
            src.append('b%d:' % i)
            src += ['    ' + l for l in b]
            src.append('1:  nop')
        open(os.path.join(d, 'a.S'), 'w').write('\n'.join(src) + '\n')
        r = run([sv_as, 'a.S', '-o', 'a.s'], cwd=d)
        bad = set()
        for e in r.stderr.splitlines():
            m = re.match(r'a\.S:(\d+):', e)
            if m:
                ln = int(m.group(1))
                bad.add(max(i for i, w in enumerate(where) if w <= ln))
        if not bad:
            break
        dropped += len(bad)
        blocks = [b for i, b in enumerate(blocks) if i not in bad]
    blocks = blocks[:want]
    src = ['    .text', '1:  nop']
    for i, b in enumerate(blocks):
        src.append('b%d:' % i)
        src += ['    ' + l for l in b]
        src.append('1:  nop')
    open(os.path.join(d, 'a.S'), 'w').write('\n'.join(src) + '\n')
    r = run([sv_as, 'a.S', '-o', 'a.s'], cwd=d)
    if r.returncode:
        print('FAIL: sv-as refused the filtered input:\n' + r.stderr[:2000])
        sys.exit(1)
    r = run([AS, '-march=rv64gc', 'a.s', '-o', 'a.o'], cwd=d)
    if r.returncode:
        print('FAIL: as a.s:\n' + r.stderr[:2000])
        sys.exit(1)
    dump = run([sv_objdump, 'a.o'], cwd=d)
    if dump.returncode:
        print('FAIL: sv-objdump:\n' + dump.stderr[:2000])
        sys.exit(1)
    # sv-objdump's blocks, back to source.
    out, cur, nblk, raw = ['    .text', '1:  nop'], None, 0, 0
    for line in dump.stdout.splitlines():
        m = re.match(r'^\s*[0-9a-f]*:?\s*\t[^\t]*\t(.*)$', line)
        if line.rstrip().endswith(':') and '<b' in line:
            lab = re.search(r'<(b\d+)>', line).group(1)
            out.append(lab + ':')
            continue
        if not m:
            continue
        text = m.group(1).split('\t#')[0].strip()
        if text.startswith(('sv.vblock[', 'p48[', 'p64[')):
            raw += 1
            print('RAW (not in the syntax): ' + line)
        if text.startswith('sv.block'):
            cur = [text]
        elif cur is None and text.startswith('sv.'):
            out += ['    ' + text, '1:  nop']  # a P48/P64 on its own
            nblk += 1
        elif cur is not None:
            cur.append(text)
            if text == 'sv.endblock':
                out += ['    ' + l for l in cur]
                out.append('1:  nop')
                cur = None
                nblk += 1
    open(os.path.join(d, 'b.S'), 'w').write('\n'.join(out) + '\n')
    r = run([sv_as, 'b.S', '-o', 'b.s'], cwd=d)
    if r.returncode:
        print('FAIL: sv-as on sv-objdump output:\n' + r.stderr[:3000])
        sys.exit(1)
    r = run([AS, '-march=rv64gc', 'b.s', '-o', 'b.o'], cwd=d)
    if r.returncode:
        print('FAIL: as b.s:\n' + r.stderr[:2000])
        sys.exit(1)
    for o in ('a', 'b'):
        run([OBJCOPY, '-O', 'binary', '-j', '.text', o + '.o', o + '.bin'],
            cwd=d)
    a = open(os.path.join(d, 'a.bin'), 'rb').read()
    b = open(os.path.join(d, 'b.bin'), 'rb').read()
    fail = raw != 0 or nblk != len(blocks)
    if a != b:
        fail = True
        k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                 min(len(a), len(b)))
        print('FAIL: bytes differ from offset %#x (%d vs %d bytes)' %
              (k, len(a), len(b)))
        nm = run(['riscv64-linux-gnu-nm', 'a.o'], cwd=d).stdout
        best = None
        for l in nm.splitlines():
            p = l.split()
            if len(p) == 3 and re.match(r'b\d+$', p[2]) and int(p[0],
                                                                16) <= k:
                if best is None or int(p[0], 16) > best[0]:
                    best = (int(p[0], 16), p[2])
        if best:
            i = int(best[1][1:])
            print('  block %s:\n    %s' % (best[1], '\n    '.join(blocks[i])))
            j = out.index(best[1] + ':')
            print('  came back as:\n    ' + '\n    '.join(out[j + 1:j + 12]))
    print('asm-roundtrip-random: %d blocks (%d refused and dropped), %d '
          'back from sv-objdump, %d raw, bytes %s, %.1f s' %
          (len(blocks), dropped, nblk, raw,
           'identical' if a == b else 'DIFFER', time.time() - t0))
    sys.exit(1 if fail else 0)
