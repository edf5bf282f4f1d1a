"""svgen: random Simple-V snippets for the differential oracle.

A snippet is one to three items -- VBLOCKs (random headers, VL blocks,
8-/16-bit register and predicate tables, opcodes) and plain scalar
instructions -- followed by C.EBREAK, plus a complete random initial state
(x1..x127, f0..f127, STATE, a 1 KiB buffer at the end of a page whose
successor is unmapped).  The generator only chooses bytes; what they mean
is svoracle.py's business, which decodes them on its own.  Registers used
as addresses get pointers into the buffer (some near its end, so unit-
stride accesses run into the guard page); snippets whose accesses leave
the modelled memory are rejected by the oracle and regenerated.
"""

import random

from svoracle import BUF_BASE, BUF_BYTES, CODE_BASE

GUARD = BUF_BASE + BUF_BYTES
C_EBREAK = 0x9002
C_NOP = 0x0001


class Snippet:
    def __init__(self):
        self.code = bytearray()
        self.x = [0] * 128
        self.f = [0] * 128
        self.fcsr = 0
        self.state = 0
        self.svpstate = 0
        self.buf = bytearray(BUF_BYTES)


def enc_r(f7, rs2, rs1, f3, rd, opc):
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc


def enc_i(imm, rs1, f3, rd, opc):
    return (imm & 0xFFF) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc


def enc_s(imm, rs2, rs1, f3, opc):
    imm &= 0xFFF
    return (imm >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (imm & 31) << 7 | opc


def enc_b(off, rs2, rs1, f3):
    o = off & 0x1FFF
    return ((o >> 12) << 31 | ((o >> 5) & 63) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
            ((o >> 1) & 15) << 8 | ((o >> 11) & 1) << 7 | 0x63)


def enc_j(off, rd):
    o = off & 0x1FFFFF
    return ((o >> 20) << 31 | ((o >> 1) & 0x3FF) << 21 | ((o >> 11) & 1) << 20 |
            ((o >> 12) & 0xFF) << 12 | rd << 7 | 0x6F)


def enc_cb(off, rs1p, f3):
    o = off & 0x1FF
    return (f3 << 13 | ((o >> 8) & 1) << 12 | ((o >> 3) & 3) << 10 | (rs1p - 8) << 7 |
            ((o >> 6) & 3) << 5 | ((o >> 1) & 3) << 3 | ((o >> 5) & 1) << 2 | 1)


def enc_cj(off):
    o = off & 0xFFF
    return (5 << 13 | ((o >> 11) & 1) << 12 | ((o >> 4) & 1) << 11 | ((o >> 8) & 3) << 9 |
            ((o >> 10) & 1) << 8 | ((o >> 6) & 1) << 7 | ((o >> 7) & 1) << 6 |
            ((o >> 1) & 7) << 3 | ((o >> 5) & 1) << 2 | 1)


R_OPS = [(0, 0), (0x20, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0x20, 5), (0, 6), (0, 7),
         (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7)]
R32_OPS = [(0, 0), (0x20, 0), (0, 1), (0, 5), (0x20, 5), (1, 0), (1, 4), (1, 5), (1, 6), (1, 7)]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def pick(self, *weighted):
        """pick((weight, value), ...)"""
        tot = sum(w for w, _ in weighted)
        x = self.r.random() * tot
        for w, v in weighted:
            x -= w
            if x < 0:
                return v
        return weighted[-1][1]

    def small(self):
        return self.pick((6, self.r.randrange(0, 10)), (2, self.r.randrange(0, 70)),
                         (1, self.r.getrandbits(64)))

    def value(self):
        r = self.r
        return self.pick((4, r.randrange(0, 10)), (4, r.getrandbits(64)),
                         (2, r.getrandbits(8)), (1, r.getrandbits(16)),
                         (2, (1 << 64) - 1 - r.randrange(0, 4)),
                         (1, 1 << r.randrange(0, 64)), (1, r.getrandbits(32)))

    def pointer(self, esz=8):
        r = self.r
        return self.pick((5, BUF_BASE + 8 * r.randrange(0, BUF_BYTES // 8 - 8)),
                         (2, GUARD - 8 * r.randrange(1, 9)),
                         (1, GUARD - esz * r.randrange(1, 5)),
                         # misaligned, some elements straddling the guard
                         (0.6, GUARD - r.randrange(1, 4 * esz + 1)),
                         (0.2, BUF_BASE + r.randrange(0, BUF_BYTES - 64)),
                         # the code pages: loads read code, stores fault
                         (0.15, CODE_BASE + 2 * r.randrange(0, 2048)),
                         # the unmapped first page (a null pointer)
                         (0.15, r.randrange(64, 4096)))

    # ----------------------------------------------------------- one block
    def block(self, sn, at, pads):
        r = self.r
        rmode, pmode = r.randrange(2), r.randrange(2)
        rplen = self.pick((1, 0), (3, 1), (3, 2), (2, 3))
        pplen = r.randrange(2)
        vlset = self.pick((5, 1), (1, 0))
        nreg = (0, 1, 2, 4)[rplen] if rmode else (0, 2, 4, 8)[rplen]
        npred = nreg if pplen else (nreg + 1) // 2
        parcels = []
        vl_regs = [5, 6, 7, 28, 29, 30, 31, 8, 9, 10]
        vl_used = {(sn.state >> 6) & 63}  # registers a VL block or a VL cut writes
        if vlset:
            mode = self.pick((4, 0), (3, 1), (3, 2), (0.1, 3))
            subvl = self.pick((6, 0), (1, 1), (1, 2), (1, 3))
            vlmax = self.pick((6, r.randrange(1, 9)), (2, r.randrange(1, 17)),
                              (1, r.randrange(1, 65)))
            if mode == 0:
                rd = self.pick((8, r.choice(vl_regs)), (1, 0), (1, r.randrange(1, 32)))
                low = rd
                vl_used.add(rd)
            elif mode == 1:
                rdp, rs1p = r.randrange(8, 16), r.randrange(8, 16)
                sn.x[rs1p] = self.small()
                low = (rs1p - 8) << 3 | (rdp - 8)
                vl_used |= {rdp, rs1p}
            elif mode == 2:
                rs1 = self.pick((8, r.choice(vl_regs)), (1, 0), (1, r.randrange(1, 32)))
                sn.x[rs1] = self.small() if rs1 else 0
                low = rs1
                vl_used.add(rs1)
            else:
                low = r.getrandbits(6)
            if r.random() < 0.01:
                low |= 0x20  # reserved bit
            parcels.append(mode << 14 | subvl << 12 | (vlmax - 1) << 6 | low)
        # register table
        keys = []
        fkeys = []
        regents = []
        self.fp_wide = False
        pool = [r.randrange(1, 32) for _ in range(3)] + [r.randrange(8, 16) for _ in range(3)]
        if r.random() < 0.15:
            pool.append(2)  # the stack pointer of C.LDSP/C.SDSP
        for _ in range(nreg):
            if r.random() < 0.08:
                regents.append(0)  # unused entry
                continue
            key = r.choice(pool) if r.random() < 0.8 else r.randrange(0, 32)
            isint = 1 if r.random() < 0.8 else 0
            # FP operands: mostly the default width; packed halves and
            # singles (and the illegal 8 bits) for FLD/FSD, which the
            # block then uses instead of FSGNJ (the oracle does not
            # convert between FP widths)
            vew = (self.pick((5, 0), (2, 1), (2, 2), (2, 3)) if isint else
                   self.pick((10, 0), (1, 2), (1, 3), (0.15, 1)))
            if not isint and vew:
                self.fp_wide = True
            if rmode:
                isvec = 1 if r.random() < 0.8 else 0
                regidx = self.pick((6, r.randrange(32, 112)), (2, r.randrange(1, 32)),
                                   (1, r.randrange(0, 128)), (1, key))
                regents.append(isvec << 15 | regidx << 8 | isint << 7 | vew << 5 | key)
            else:
                regents.append(isint << 7 | vew << 5 | key)
            if isint:
                keys.append(key)
            else:
                fkeys.append(key)
        if not keys:
            keys = [r.randrange(1, 32)]
        self.cur_tab = {}
        for e in regents:
            if not e:
                continue
            if rmode and e >> 7 & 1:
                self.cur_tab[e & 31] = (e >> 8) & 127
            elif not rmode and e >> 7:
                self.cur_tab[e & 31] = (e & 31) << 2
        self.choose_loop_counter(sn, keys, vl_used, regents, rmode)
        # predicate table
        predents = []
        for k in range(npred):
            if r.random() < 0.15:
                predents.append(0)
                continue
            key = r.choice(keys) if r.random() < 0.85 else r.randrange(0, 32)
            isint = 1
            if fkeys and r.random() < 0.3:
                key, isint = r.choice(fkeys), 0
            zero, inv = r.randrange(2), r.randrange(2)
            if pmode:
                predidx = self.pick((6, r.randrange(16, 28)), (2, 0), (2, r.randrange(1, 32)))
                if predidx == 0 and zero and inv and r.random() < 0.9:
                    zero = 0
                ffirst = 1 if r.random() < 0.2 else 0
                predents.append(predidx << 11 | zero << 10 | inv << 9 | isint << 8 |
                                key << 1 | ffirst)
            else:
                predents.append(zero << 7 | inv << 6 | isint << 5 | key)
        body = bytearray()
        for p in parcels:
            body += p.to_bytes(2, "little")
        for e in regents:
            body += e.to_bytes(2 if rmode else 1, "little")
        if len(body) & 1:
            body.append(0)
        for e in predents:
            body += e.to_bytes(2 if pmode else 1, "little")
        if len(body) & 1:
            body.append(0)
        # opcodes: generated with their final addresses known
        nops = self.pick((3, 1), (3, 2), (2, 3), (1, 4), (1, 6))
        # the header (and VBLOCK2) come first: size decided after the opcodes
        ops = []
        est_head = 2 + len(body)
        for _ in range(nops):
            ops.append(self.opcode(sn, keys, fkeys, at, pads))
        if self.loop_rc is not None and r.random() < 0.08:
            # a loop: C.ADDI rc, -1; C.BNEZ rc, <block start> re-runs the
            # block (and its VL block) rc times (§3.7, A14)
            rc = self.loop_rc
            ops.append((0x107D | rc << 7).to_bytes(2, "little"))
            ops.append((2, lambda a, bstart, bend, rc=rc: enc_cb(bstart - a, rc, 7).to_bytes(2, "little")))
        oplen = sum(o[0] if isinstance(o, tuple) else len(o) for o in ops)
        total = 2 + len(body) + oplen
        ext = total > 22 or (total >= 12 and r.random() < 0.05)
        if ext:
            total += 2
        if total < 10:
            ops.append(b"")
            while total < 10:
                ops[-1] += C_NOP.to_bytes(2, "little")
                total += 2
        if total > 74:
            return None
        # re-encode PC-relative opcodes with their real addresses
        head = 4 if ext else 2
        a = at + head + len(body)
        out = bytearray()
        for o in ops:
            if isinstance(o, tuple):
                o = o[1](a, at, at + total)
            out += o
            a += len(o)
        ops_bytes = out
        if ext:
            ilen = (total - 12) // 2
            vb2 = ilen
            if r.random() < 0.01:
                vb2 |= r.randrange(1, 1 << 11) << 5
            hdr = vlset << 15 | 7 << 12 | rplen << 10 | pplen << 9 | pmode << 8 | rmode << 7 | 0x7F
            blk = hdr.to_bytes(2, "little") + vb2.to_bytes(2, "little")
        else:
            nnn = (total - 10) // 2
            hdr = vlset << 15 | nnn << 12 | rplen << 10 | pplen << 9 | pmode << 8 | rmode << 7 | 0x7F
            blk = hdr.to_bytes(2, "little")
        del est_head
        return bytes(blk + body + ops_bytes)

    def choose_loop_counter(self, sn, keys, vl_used, regents, rmode):
        """A loop counter for the block: x8..x15, untagged, written by no
        VL block, VL cut or redirected vector the generator can foresee,
        and fresh in the snippet, so that loops back to the block start
        end (a counter another op clobbers may still run away: the oracle
        rejects that after its step budget)."""
        avoid = set(keys) | vl_used | self.used_rc
        for e in regents:
            if e and rmode:
                base = (e >> 8) & 127
            elif e:
                base = (e & 31) << 2
            else:
                continue
            avoid |= set(range(base, base + 16))
        cands = [k for k in range(8, 16) if k not in avoid]
        self.loop_rc = self.r.choice(cands) if cands else None
        if self.loop_rc is not None:
            self.used_rc.add(self.loop_rc)
            self.rc_init[self.loop_rc] = self.r.randrange(1, 4)

    def reg(self, keys):
        r = self.r
        nz = [k for k in keys if k]
        if nz and r.random() < 0.75:
            return r.choice(nz)
        while True:
            k = r.randrange(1, 32)
            if k not in self.used_rc:
                return k

    def creg(self, keys):
        ck = [k for k in keys if 8 <= k < 16]
        r = self.r
        if ck and r.random() < 0.75:
            return r.choice(ck)
        while True:
            k = r.randrange(8, 16)
            if k not in self.used_rc:
                return k

    def setup_pointer(self, sn, key, esz):
        """Give the address register key (and the registers a vector of it
        may use) buffer pointers: all candidate redirections get them."""
        sn.x[key] = self.pointer(esz)
        reg = getattr(self, "cur_tab", {}).get(key)
        if reg is not None:
            for k in range(reg, min(128, reg + 12)):
                sn.x[k] = self.pointer(esz)

    def opcode(self, sn, keys, fkeys, at, pads):
        r = self.r
        kind = self.pick((5, "r"), (2, "r32"), (3, "i"), (1, "i32"), (2, "c"), (3, "ld"),
                         (3, "st"), (3, "br"), (1, "cbr"), (0.3, "j"), (0.2, "lui"),
                         (0.1, "bad"), (1.5, "fsgnj"), (1, "fld"), (1, "fsd"), (2, "c2"),
                         (0.8, "csr"), (0.4, "jr"))
        if kind == "csr":
            return self.csr_op(keys)
        if kind == "jr":
            # C.JR to a landing pad (or, rarely, through a tagged register)
            rs = r.choice(keys) if r.random() < 0.1 else r.choice(
                [k for k in range(1, 32) if k not in keys and k not in self.used_rc] or [1])
            sn.x[rs] = r.choice(pads)
            return (0x8002 | rs << 7).to_bytes(2, "little")
        if kind == "fsgnj" and self.fp_wide:
            kind = r.choice(["fld", "fsd"])
        if kind == "fsgnj":
            rs1 = self.reg(fkeys)
            rs2 = rs1 if r.random() < 0.4 else self.reg(fkeys)
            return enc_r(0x11, rs2, rs1, r.randrange(3), self.reg(fkeys), 0x53).to_bytes(4, "little")
        if kind in ("fld", "fsd"):
            base = self.reg(keys)
            self.setup_pointer(sn, base, 8)
            imm = self.pick((4, 0), (2, 8 * r.randrange(-2, 3)))
            if kind == "fld":
                return enc_i(imm, base, 3, self.reg(fkeys), 0x07).to_bytes(4, "little")
            return enc_s(imm, self.reg(fkeys), base, 3, 0x27).to_bytes(4, "little")
        if kind == "r":
            f7, f3 = r.choice(R_OPS)
            return enc_r(f7, self.reg(keys), self.reg(keys), f3, self.reg(keys), 0x33).to_bytes(4, "little")
        if kind == "r32":
            f7, f3 = r.choice(R32_OPS)
            return enc_r(f7, self.reg(keys), self.reg(keys), f3, self.reg(keys), 0x3B).to_bytes(4, "little")
        if kind == "i":
            f3 = r.choice([0, 2, 3, 4, 6, 7, 1, 5, 5])
            imm = self.pick((3, r.randrange(-16, 16)), (1, r.randrange(-2048, 2048)))
            if f3 == 1:
                imm = r.randrange(64)
            elif f3 == 5:
                imm = r.randrange(64) | (0x400 if r.random() < 0.5 else 0)
            return enc_i(imm, self.reg(keys), f3, self.reg(keys), 0x13).to_bytes(4, "little")
        if kind == "i32":
            f3 = r.choice([0, 0, 1, 5])
            imm = r.randrange(-64, 64) if f3 == 0 else r.randrange(32) | (
                0x400 if f3 == 5 and r.random() < 0.5 else 0)
            return enc_i(imm, self.reg(keys), f3, self.reg(keys), 0x1B).to_bytes(4, "little")
        if kind == "c2":
            c = r.choice(["addiw", "lui", "shift", "andi", "addw", "slli", "lw", "sw", "ldsp",
                          "sdsp"])
            imm = r.randrange(-32, 32) & 63
            if c == "addiw":
                h = 0x2001 | (imm >> 5) << 12 | self.reg(keys) << 7 | (imm & 31) << 2
            elif c == "lui":
                rd = self.reg(keys)
                if rd == 2:
                    rd = 3
                imm = imm or 1
                h = 0x6001 | (imm >> 5) << 12 | rd << 7 | (imm & 31) << 2
            elif c in ("shift", "andi"):
                imm = imm or 1  # shamt 0 is a HINT
                kind2 = 2 if c == "andi" else r.randrange(2)
                h = 0x8001 | (imm >> 5) << 12 | kind2 << 10 | (self.creg(keys) - 8) << 7 | (imm & 31) << 2
            elif c == "addw":
                h = 0x9C01 | (self.creg(keys) - 8) << 7 | r.randrange(2) << 5 | (self.creg(keys) - 8) << 2
            elif c == "slli":
                imm = imm or 1
                h = 0x0002 | (imm >> 5) << 12 | self.reg(keys) << 7 | (imm & 31) << 2
            elif c in ("lw", "sw"):
                basep = self.creg(keys)
                self.setup_pointer(sn, basep, 4)
                u = 4 * r.randrange(0, 8)
                h = (2 if c == "lw" else 6) << 13 | ((u >> 3) & 7) << 10 | (basep - 8) << 7 | (
                    (u >> 2) & 1) << 6 | ((u >> 6) & 1) << 5 | (self.creg(keys) - 8) << 2
            else:  # C.LDSP / C.SDSP: the implicit x2 may be tagged (§8.3)
                self.setup_pointer(sn, 2, 8)
                u = 8 * r.randrange(0, 4)
                if c == "ldsp":
                    h = 0x6002 | ((u >> 5) & 1) << 12 | self.reg(keys) << 7 | ((u >> 3) & 3) << 5 | (
                        (u >> 6) & 7) << 2
                else:
                    h = 0xE002 | ((u >> 3) & 7) << 10 | ((u >> 6) & 7) << 7 | self.reg(keys) << 2
            return h.to_bytes(2, "little")
        if kind == "c":
            c = r.choice(["mv", "add", "addi", "li", "ca"])
            if c == "mv":
                h = 0x8002 | self.reg(keys) << 7 | self.reg(keys) << 2
            elif c == "add":
                h = 0x9002 | self.reg(keys) << 7 | self.reg(keys) << 2
            elif c in ("addi", "li"):
                imm = r.randrange(-32, 32) & 63
                h = (0 if c == "addi" else 0x4000) | (imm >> 5) << 12 | self.reg(keys) << 7 | (imm & 31) << 2 | 1
            else:
                h = 0x8C01 | (self.creg(keys) - 8) << 7 | r.randrange(4) << 5 | (self.creg(keys) - 8) << 2
            return h.to_bytes(2, "little")
        if kind in ("ld", "st"):
            base = self.reg(keys)
            f3 = r.randrange(4 if kind == "st" else 7)
            esz = 1 << (f3 & 3)
            self.setup_pointer(sn, base, esz)
            imm = self.pick((4, 0), (2, 8 * r.randrange(-2, 3)), (1, esz * r.randrange(-4, 4)))
            if r.random() < 0.2:  # compressed C.LD/C.SD
                basep = self.creg(keys)
                self.setup_pointer(sn, basep, 8)
                uimm = 8 * r.randrange(0, 4)
                h = (3 if kind == "ld" else 7) << 13 | ((uimm >> 3) & 7) << 10 | (basep - 8) << 7 | (
                    (uimm >> 6) & 3) << 5 | (self.creg(keys) - 8) << 2
                return h.to_bytes(2, "little")
            if kind == "ld":
                return enc_i(imm, base, f3, self.reg(keys), 0x03).to_bytes(4, "little")
            return enc_s(imm, self.reg(keys), base, f3, 0x23).to_bytes(4, "little")
        if kind in ("br", "cbr", "j"):
            rs1, rs2 = self.reg(keys), self.reg(keys)
            if kind == "cbr":
                rs1 = self.creg(keys)
            f3 = r.choice([0, 1, 4, 5, 6, 7])
            how = self.pick((10, "pad"), (1, "start"), (0.5, "inside"))
            pick_pad = r.choice(pads)
            call = kind == "j" and r.random() < 0.1
            rc = self.loop_rc
            if how == "start" and (rc is None or 0 in keys):
                how = "pad"  # no counter for the guard below

            def late(a, bstart, bend, kind=kind, rs1=rs1, rs2=rs2, f3=f3, how=how, pad=pick_pad):
                if how == "pad":
                    tgt = pad
                elif how == "start":
                    tgt = bstart
                else:
                    tgt = bstart + 2 * r.randrange(1, max(2, (bend - bstart) // 2))
                guard = b""
                if how == "start":
                    # C.ADDI rc, -1; C.BEQZ rc, <pad>: the branch back to
                    # the block start is taken at most rc times
                    guard = ((0x107D | rc << 7).to_bytes(2, "little") +
                             enc_cb(pad - (a + 2), rc, 6).to_bytes(2, "little"))
                    a += 4
                off = tgt - a
                if kind == "br":
                    return guard + enc_b(off, rs2, rs1, f3).to_bytes(4, "little")
                if kind == "cbr":
                    return guard + enc_cb(off, rs1, 6 + (f3 & 1)).to_bytes(2, "little")
                if call:
                    return guard + enc_j(off, 1).to_bytes(4, "little")  # a call: illegal
                return guard + enc_cj(off).to_bytes(2, "little")

            return ((4 if kind == "br" or call else 2) + (4 if how == "start" else 0), late)
        if kind == "lui":
            opc = r.choice([0x37, 0x17])
            return (r.getrandbits(20) << 12 | self.reg(keys) << 7 | opc).to_bytes(4, "little")
        # bad: illegal inside a block (MRET; a VBLOCK header as an opcode:
        # no nesting, §3.5), or EBREAK: SIGTRAP there (§3.7).  Never ECALL:
        # inside a block it is a real system call (§3.7).
        return r.choice([0x30200073, 0x00100073, 0x0000007F]).to_bytes(4, "little")

    def csr_op(self, keys):
        """A read of an SV CSR, or CSRRWI on MVL, VL or SUBVL (C3)."""
        r = self.r
        csr = r.choice([0x800, 0x801, 0x802, 0x803, 0x805])
        rd = self.reg(keys)
        if csr != 0x805 and csr != 0x803 and r.random() < 0.5:
            vlr = [k for k in [0, 5, 6, 7, 28, 29, 30, 31, r.randrange(32)] if k not in self.used_rc]
            imm = {0x800: r.randrange(0, 16), 0x801: r.choice(vlr or [0]),
                   0x802: self.pick((6, r.randrange(1, 5)), (1, 0), (1, r.randrange(5, 32)))}[csr]
            return (csr << 20 | imm << 15 | 5 << 12 | rd << 7 | 0x73).to_bytes(4, "little")
        return (csr << 20 | 2 << 12 | rd << 7 | 0x73).to_bytes(4, "little")

    def scalar_item(self, sn):
        r = self.r
        k = self.pick((3, "addi"), (1, "ld"), (1, "csr"))
        if k == "csr":
            return self.csr_op([])
        if k == "addi":
            rd = r.choice([5, 6, 7, 28, 29, 30, 31, 8, 9, 10, r.randrange(1, 32)])
            self.used_rc.add(rd)  # no later block counts loops in it
            return enc_i(r.randrange(-3, 4), rd, 0, rd, 0x13).to_bytes(4, "little")
        base = r.randrange(1, 32)
        self.setup_pointer(sn, base, 8)
        rd = r.randrange(1, 32)
        self.used_rc.add(rd)
        return enc_i(0, base, 3, rd, 0x03).to_bytes(4, "little")

    # --------------------------------------------------------- a snippet
    def snippet(self):
        r = self.r
        sn = Snippet()
        sn.ptr_keys = []
        self.used_rc = set()
        self.rc_init = {}
        self.loop_rc = None
        for i in range(1, 128):
            sn.x[i] = self.value()
        for i in range(16, 28):
            sn.x[i] = self.pick((2, r.getrandbits(64)), (1, r.getrandbits(8)),
                                (1, (1 << 64) - 1), (1, 0))
        for reg in (5, 6, 7, 28, 29, 30, 31):
            sn.x[reg] = self.small()
        for i in range(128):
            sn.f[i] = self.pick((8, r.getrandbits(64)), (1, 0), (1, 1 << 63))
        for i in range(BUF_BYTES):
            sn.buf[i] = r.getrandbits(8) if r.random() < 0.8 else 0
        sn.state = (self.pick((3, r.randrange(0, 8)), (1, r.randrange(0, 64))) |
                    self.pick((2, 0), (3, r.choice([5, 6, 7, 28, 29, 30, 31])),
                              (1, r.randrange(32))) << 6 |
                    self.pick((6, 0), (1, 1), (1, 2), (1, 3)) << 24)
        nitems = self.pick((5, 1), (3, 2), (1, 3))
        items = []
        # landing pads: C.EBREAKs after the snippet's final C.EBREAK
        code = bytearray()
        # first pass with placeholder pads: lengths do not depend on them
        plan = []
        for _ in range(nitems):
            plan.append("block" if r.random() < 0.85 else "scalar")
        if "block" not in plan:
            plan[0] = "block"
        # generate with an estimated pad area, then fix it up
        # (C.BEQZ reaches +-256 bytes: pads at 224..238, code below them)
        pads_at = CODE_BASE + 224
        pads = [pads_at + 2 * k for k in range(8)]
        for p in plan:
            at = CODE_BASE + len(code)
            if p == "block":
                b = None
                while b is None:
                    b = self.block(sn, at, pads)
            else:
                self.cur_tab = {}
                self.loop_rc = None
                b = self.scalar_item(sn)
            items.append(b)
            code += b
        code += C_EBREAK.to_bytes(2, "little")
        if len(code) > 224:
            return None
        # the loop counters last: a later item may have made one of them
        # a pointer (an op using it as an address then faults low)
        for rc, v in self.rc_init.items():
            sn.x[rc] = v
        sn.code = code
        return sn
