#!/usr/bin/env python3
# The round trip over the project's own SV binaries: every VBLOCK that
# sv-objdump prints in sv-as syntax is reassembled with sv-as at its own
# address (each block in a section of its own, branch targets relative to
# its start) and compared with the original bytes.  Blocks whose bytes differ
# (the kit chose other keys, entry sizes or padding) but keep their length
# are patched into a copy of the binary, and the original and the copy are
# both run under qemu-riscv64 -cpu rv64,xsv=true: same output, same exit
# status.  Blocks printed raw (malformed on purpose, P48/P64 inside) are
# counted, not reassembled.
#   roundtrip_binaries.py QEMU SV_AS SV_OBJDUMP BINARY...
#
# SPDX-License-Identifier: GPL-2.0-or-later
import os, re, struct, subprocess, sys, tempfile, time

qemu, sv_as, sv_objdump = (os.path.abspath(p) for p in sys.argv[1:4])
binaries = sys.argv[4:]
AS = os.environ.get('AS', 'riscv64-linux-gnu-as')
t0 = time.time()


def sections(data):
    """(addr, offset, size, name-less) of the PROGBITS sections."""
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum = struct.unpack_from('<HH', data, 0x3a)
    out = []
    for i in range(shnum):
        (name, typ, flags, addr, off, size) = struct.unpack_from(
            '<IIQQQQ', data, shoff + i * shentsize)
        if typ == 1 and addr:
            out.append((addr, off, size))
    return out


def named_sections(data):
    """{name: bytes} of an object file's sections."""
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    hdrs = [struct.unpack_from('<IIQQQQ', data, shoff + i * shentsize)
            for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for (name, typ, flags, addr, off, size) in hdrs:
        n = data[stroff + name:data.index(b'\0', stroff + name)].decode()
        out[n] = data[off:off + size]
    return out


def at(secs, data, addr, n):
    for a, o, s in secs:
        if a <= addr and addr + n <= a + s:
            return o + addr - a
    return None


def run_prog(path):
    try:
        r = subprocess.run([qemu, '-cpu', 'rv64,xsv=true', path],
                           capture_output=True, timeout=120)
        return r.returncode, r.stdout
    except subprocess.TimeoutExpired:
        return 'timeout', b''


totals = dict(blocks=0, identical=0, ran=0, raw=0, length=0, shorter=0,
              layout=0, prefixes=0)
fail = 0
with tempfile.TemporaryDirectory() as d:
    for binpath in binaries:
        name = os.path.basename(binpath)
        data = open(binpath, 'rb').read()
        secs = sections(data)
        dump = subprocess.run([sv_objdump, binpath], capture_output=True,
                              text=True)
        if dump.returncode:
            print('FAIL %s: sv-objdump: %s' % (name, dump.stderr[:500]))
            fail = 1
            continue
        blocks, cur, raw, prefixes = [], None, 0, 0
        for line in dump.stdout.splitlines():
            m = re.match(r'^\s*([0-9a-f]*):?\s*\t[^\t]*\t(.*)$', line)
            if not m:
                continue
            addr = int(m.group(1), 16) if m.group(1) else None
            text = m.group(2).split('\t#')[0].strip()
            if text.startswith(('sv.vblock[', 'p48[', 'p64[')):
                raw += 1
            elif text.startswith('sv.block'):
                cur = (addr, [text])
                base = addr
            elif cur is None and text.startswith('sv.') and addr is not None:
                blocks.append((addr, [text]))  # a P48/P64 on its own
                prefixes += 1
            elif cur is not None:
                t = text
                rel = re.search(r'\.([+-]\d+)$', t)
                if rel and addr is not None:
                    t = t[:rel.start()] + 'b%x + %d' % (
                        base, addr + int(rel.group(1)) - base)
                cur[1].append(t)
                if text == 'sv.endblock':
                    blocks.append(cur)
                    cur = None
        totals['raw'] += raw
        if not blocks:
            print('ok   %s: no block in the syntax (%d raw)' % (name, raw))
            continue
        src = []
        for a, lines in blocks:
            src.append('    .section .text.b%x,"ax",@progbits' % a)
            src.append('b%x:' % a)
            src += ['    ' + l for l in lines]
        open(os.path.join(d, 'r.S'), 'w').write('\n'.join(src) + '\n')
        steps = [[sv_as, 'r.S', '-o', 'r.s'],
                 [AS, '-march=rv64gc', 'r.s', '-o', 'r.o']]
        bad = None
        for s in steps:
            r = subprocess.run(s, cwd=d, capture_output=True, text=True)
            if r.returncode:
                bad = '%s: %s' % (s[0], r.stderr[:1500])
                break
        if bad:
            print('FAIL %s: %s' % (name, bad))
            fail = 1
            continue
        new = named_sections(open(os.path.join(d, 'r.o'), 'rb').read())
        patched = bytearray(data)
        ident = diff = length = shorter = 0
        padded = bytearray(data)
        for a, lines in blocks:
            o = at(secs, data, a, 2)
            h = data[o] | data[o + 1] << 8
            nnn = h >> 12 & 7
            n = (6 if h & 0x7f == 0x1f else 8 if h & 0x7f == 0x3f else
                 12 + 2 * (data[o + 2] & 31) if nnn == 7 else 10 + 2 * nnn)
            nb = new['.text.b%x' % a]
            if data[o:o + n] == nb:
                ident += 1
            elif len(nb) == n:
                diff += 1
                patched[o:o + n] = nb
            elif len(nb) < n:
                # Shorter: C.NOPs after it keep every address (branch
                # targets are relative to the block's start, which stays).
                shorter += 1
                padded[o:o + n] = nb + b'\x01\x00' * ((n - len(nb)) // 2)
            else:
                length += 1
        totals['blocks'] += len(blocks)
        totals['identical'] += ident
        totals['length'] += length
        totals['prefixes'] += prefixes
        note = ''
        if shorter:
            # The shorter blocks padded, with the same-length ones.
            pp = os.path.join(d, name + '.padded')
            for i, (x, y) in enumerate(zip(patched, data)):
                if x != y:
                    padded[i] = x
            open(pp, 'wb').write(padded)
            os.chmod(pp, 0o755)
            want, got = run_prog(binpath), run_prog(pp)
            if want == got:
                totals['shorter'] += shorter
                note += ', %d shorter (padded with C.NOPs: ran both, same ' \
                        'output)' % shorter
            else:
                # A program that reads its own code layout (lengths at a
                # page end, PCVBLK, AUIPC in a block) sees the padding.
                totals['layout'] += shorter
                note += ', %d shorter (padded: the program sees its code ' \
                        'layout change: not compared)' % shorter
        if diff:
            pp = os.path.join(d, name + '.patched')
            open(pp, 'wb').write(patched)
            os.chmod(pp, 0o755)
            want, got = run_prog(binpath), run_prog(pp)
            if want != got:
                print('FAIL %s: the reassembled blocks behave differently: '
                      'exit %s vs %s\n  original: %s\n  patched:  %s' %
                      (name, want[0], got[0], want[1][-300:], got[1][-300:]))
                fail = 1
                continue
            totals['ran'] += diff
            note = ', %d reassembled differently: ran both, same output ' \
                   'and exit status %s' % (diff, want[0]) + note
        print('ok   %s: %d blocks, %d identical bytes%s%s, %d raw' %
              (name, len(blocks), ident, note,
               ', %d longer (not run)' % length if length else '',
               raw))
print('asm-roundtrip-binaries: %d binaries, %d blocks and P48/P64 in the '
      'syntax (%d P48/P64 on their own): %d identical, %d different bytes '
      'of the same length run identically, %d shorter run identically '
      '(padded), %d shorter in programs that read their own layout, %d '
      'longer (not run); %d printed raw; %.1f s' %
      (len(binaries), totals['blocks'], totals['prefixes'],
       totals['identical'], totals['ran'], totals['shorter'],
       totals['layout'], totals['length'], totals['raw'], time.time() - t0))
sys.exit(fail)
