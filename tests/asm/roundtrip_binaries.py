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


totals = dict(blocks=0, identical=0, ran=0, raw=0, length=0)
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
        blocks, cur, raw = [], None, 0
        for line in dump.stdout.splitlines():
            m = re.match(r'^\s*([0-9a-f]*):?\s*\t[^\t]*\t(.*)$', line)
            if not m:
                continue
            addr = int(m.group(1), 16) if m.group(1) else None
            text = m.group(2).split('\t#')[0].strip()
            if text.startswith('sv.vblock['):
                raw += 1
            elif text.startswith('sv.block'):
                cur = (addr, [text])
                base = addr
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
        ident = diff = length = 0
        for a, lines in blocks:
            o = at(secs, data, a, 2)
            h = data[o] | data[o + 1] << 8
            nnn = h >> 12 & 7
            n = 12 + 2 * (data[o + 2] & 31) if nnn == 7 else 10 + 2 * nnn
            nb = new['.text.b%x' % a]
            if data[o:o + n] == nb:
                ident += 1
            elif n == len(nb):
                diff += 1
                patched[o:o + n] = nb
            else:
                length += 1
        totals['blocks'] += len(blocks)
        totals['identical'] += ident
        totals['length'] += length
        note = ''
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
                   'and exit status %s' % (diff, want[0])
        print('ok   %s: %d blocks, %d identical bytes%s%s, %d raw' %
              (name, len(blocks), ident, note,
               ', %d of another length (not run)' % length if length else '',
               raw))
print('asm-roundtrip-binaries: %d binaries, %d blocks in the syntax: %d '
      'identical, %d different bytes run identically, %d of another '
      'length; %d printed raw; %.1f s' %
      (len(binaries), totals['blocks'], totals['identical'], totals['ran'],
       totals['length'], totals['raw'], time.time() - t0))
sys.exit(fail)
