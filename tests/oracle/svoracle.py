"""svoracle: an independent reference interpreter of Simple-V (VBLOCK) code.

Written straight from the SV rules of docs/spec.md (the 2019 pages and
the readings chosen where they are loose) and docs/contract.md, element by element, on purpose
plain: it shares no code with the translator (target/riscv/sv) or the core
library (target/svcore).  Where the spec is silent the reading recorded in
docs/sv-state.md is followed, and each such place says so ("sv-state").

It interprets machine code bytes, not the generator's description of them,
so a generator bug cannot hide a semantic one.  The instruction model is
RV64IMC's integer subset that svgen.py emits, plus the VBLOCK format (§3),
register and predicate tables (§1.10, §1.11), the element loops (§5), the
vector branches (§6.5), fail-on-first (§7) and loads/stores (§8).  Anything
outside that model raises Unsupported, never a guess.
"""

CODE_BASE = 0x20000000
CODE_MAP = 2 * 4096
PAGE_BASE = 0x30000000
BUF_BYTES = 1024
BUF_BASE = PAGE_BASE + 4096 - BUF_BYTES
GUARD_BASE = PAGE_BASE + 4096
# Known to be inaccessible: below the loader's first page (Linux's
# mmap_min_addr), and the harness's reservation around its two mappings
# (PROT_NONE, so the guard page is part of it).  An address anywhere else
# may hit whatever QEMU or the loader mapped: the snippet is rejected.
LOW_END = 0x10000
RESV_LO, RESV_HI = 0x400000, 1 << 44
# At and above 2**47 nothing is mapped either (a 64-bit host's user space
# ends there), but the signal of such a fault is the host's business: on
# x86-64 a non-canonical address is a general protection fault, or a stack
# fault when the host instruction addresses through rbp/rsp, which Linux
# reports as SIGSEGV or SIGBUS with no address, and linux-user passes
# that on (si_addr 0); the canonical upper half is a page fault with the
# address.  The oracle predicts the fault's place (PC, PCVBLK, STATE, what
# was done) and leaves signal (SIGSEGV or SIGBUS) and si_addr to QEMU.
HIGH = 1 << 47
ADDR_UNKNOWN = -1
# The cases README "Left open" lists are regenerated (Reject) so that the
# suite passes on QEMU as it is; with STRICT (svdiff --strict) the oracle
# predicts them by its own reading instead, to show QEMU's disagreement
# (tests/oracle/qemu-bugs).
STRICT = False

SIGILL, SIGTRAP, SIGSEGV, SIGALRM = 4, 5, 11, 14
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3
M64 = (1 << 64) - 1


class Signal(Exception):
    """The guest takes a signal; the state is the one at that point."""

    def __init__(self, sig, why, addr=None):
        super().__init__(why)
        self.sig = sig
        self.why = why
        self.addr = addr  # si_addr; None: the PC (SIGILL, SIGTRAP)


class Unsupported(Exception):
    """Outside the modelled subset: the generator must not emit it."""


class Reject(Exception):
    """The snippet touches memory the harness does not model."""


class Fault(Exception):
    """A memory access that faults (SIGSEGV unless fail-on-first); addr is
    its first inaccessible byte, which linux-user reports as si_addr."""

    def __init__(self, addr):
        super().__init__("fault at %#x" % (addr & M64))
        self.addr = addr


def fnv1a(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & M64
    return h


LOW_HASH_ZERO = fnv1a(bytes(4096 - BUF_BYTES))


def region(a):
    """What the harness has at address a: data, code, none or wild."""
    if PAGE_BASE <= a < GUARD_BASE:
        return "data"
    if CODE_BASE <= a < CODE_BASE + CODE_MAP:
        return "code"
    if a < LOW_END or RESV_LO <= a < RESV_HI:
        return "none"
    if a >= HIGH:
        return "high"
    return "wild"


def mask(w):
    return (1 << w) - 1


def sext(v, w):
    v &= mask(w)
    return v - (1 << w) if v >> (w - 1) else v


def zext(v, w):
    return v & mask(w)


# ----------------------------------------------------------------- VBLOCK


class RegEntry:
    def __init__(self, regidx, isvec, width):
        self.regidx, self.isvec, self.width = regidx, isvec, width


class PredEntry:
    def __init__(self, predidx, zero, inv, ffirst):
        self.predidx, self.zero, self.inv, self.ffirst = predidx, zero, inv, ffirst


VEW_BITS = {0: None, 1: 8, 2: 16, 3: 32}  # §1.10; None = default width


class VBlock:
    """A decoded VBLOCK (§3); raises Signal(SIGILL) when malformed (C4)."""

    def __init__(self, fetch16, base):
        self.base = base
        hdr = fetch16(base)
        assert hdr & 0x7F == 0x7F
        self.hdr = hdr
        nnn = (hdr >> 12) & 7
        off = 2
        self.vb2 = 0
        if nnn == 7:
            self.vb2 = fetch16(base + 2)
            off = 4
            if self.vb2 & ~0x1F:
                # rplen2/pplen2/swlen/mapsz undefined: illegal (§3.4)
                raise Signal(SIGILL, "VBLOCK2 reserved fields")
            self.length = 12 + 2 * (self.vb2 & 0x1F)  # A47
        else:
            self.length = 10 + 2 * nnn
        self.nnn = nnn
        self.vlset = hdr >> 15
        rmode, pmode = (hdr >> 7) & 1, (hdr >> 8) & 1
        pplen, rplen = (hdr >> 9) & 1, (hdr >> 10) & 3
        nreg = (0, 1, 2, 4)[rplen] if rmode else (0, 2, 4, 8)[rplen]
        npred = nreg if pplen else (nreg + 1) // 2
        end = base + self.length

        def byte(a):
            if a >= end:
                raise Signal(SIGILL, "tables overrun the block")
            v = fetch16(a & ~1)
            return (v >> 8) & 0xFF if a & 1 else v & 0xFF

        def half(a):
            return byte(a) | byte(a + 1) << 8

        a = base + off
        self.vl = None
        if self.vlset:
            p = half(a)
            a += 2
            mode = p >> 14
            if mode == 3:
                raise Signal(SIGILL, "VL block mode 11 reserved")
            subvl = ((p >> 12) & 3) + 1
            vlmax = ((p >> 6) & 63) + 1  # A8: offset by one
            if mode == 0:
                if p & 0x20:
                    raise Signal(SIGILL, "VL block reserved bit")
                self.vl = ("setvl", p & 31, 0, vlmax, subvl)
            elif mode == 1:
                self.vl = ("setvl", 8 + (p & 7), 8 + ((p >> 3) & 7), vlmax, subvl)
            else:
                if p & 0x20:
                    raise Signal(SIGILL, "VL block reserved bit")
                # A9 recommended reading: MVL := imm+1, STATE.vl := rs1
                self.vl = ("vlreg", p & 31, vlmax, subvl)
        # register table: keyed by (class, 5-bit key); later entries win
        self.reg = {}
        for _ in range(nreg):
            if rmode:
                e = half(a)
                a += 2
                if e == 0:
                    continue  # A45
                isvec, regidx = e >> 15, (e >> 8) & 127
                isint, vew, key = (e >> 7) & 1, (e >> 5) & 3, e & 31
            else:
                e = byte(a)
                a += 1
                if e == 0:
                    continue
                isint, vew, key = e >> 7, (e >> 5) & 3, e & 31
                isvec, regidx = 1, key << 2
            self.reg[("x" if isint else "f", key)] = RegEntry(
                regidx, bool(isvec), VEW_BITS[vew])
        if (a - base) & 1:
            a += 1  # 8-bit tables always have an even count here
        self.pred = {}
        for k in range(npred):
            if pmode:
                e = half(a)
                a += 2
                if e == 0:
                    continue
                predidx, zero, inv = e >> 11, (e >> 10) & 1, (e >> 9) & 1
                isint, key, ffirst = (e >> 8) & 1, (e >> 1) & 127, e & 1
                if key > 31:
                    raise Signal(SIGILL, "predicate key beyond x31 (A28)")
            else:
                e = byte(a)
                a += 1
                if e == 0:
                    continue
                zero, inv, isint, key = e >> 7, (e >> 6) & 1, (e >> 5) & 1, e & 31
                predidx, ffirst = 9 + k, 0
            if predidx == 0 and zero and inv:
                raise Signal(SIGILL, "reserved predicate x0/zero/inv (A46)")
            self.pred[("x" if isint else "f", key)] = PredEntry(
                predidx, bool(zero), bool(inv), bool(ffirst))
        if (a - base) & 1:
            if byte(a) != 0:
                raise Signal(SIGILL, "non-zero table padding")
            a += 1
        self.ops_base = a
        if a >= end:
            raise Signal(SIGILL, "no opcode area")
        # walk the opcode area: lengths only (§3.5)
        self.starts = []
        while a < end:
            p = fetch16(a)
            if p == 0:
                raise Signal(SIGILL, "zero parcel")
            if p & 3 != 3:
                n = 2
            elif p & 0x1C != 0x1C:
                n = 4
            elif p & 0x7F in (0x1F, 0x3F):
                # P48/P64 inside a block (branch svp): not modelled here
                raise Unsupported("P48/P64 inside a VBLOCK")
            else:
                raise Signal(SIGILL, ">= 80-bit opcode inside a VBLOCK (no nesting)")
            self.starts.append(a)
            a += n
        if a != end:
            raise Signal(SIGILL, "last opcode overruns the block")
        if len(self.starts) > 32 or (self.starts[-1] - self.ops_base) // 2 > 31:
            raise Signal(SIGILL, "opptr beyond 31 (A13)")

    def pcvblk(self, opptr):
        return (3 << 30 | self.vlset << 29 | self.nnn << 26 |
                ((self.hdr >> 7) & 31) << 21 | self.vb2 << 5 | opptr)


# ----------------------------------------------------------------- decode


def bits(v, hi, lo):
    return (v >> lo) & mask(hi - lo + 1)


def imm_i(w):
    return sext(w >> 20, 12)


def imm_s(w):
    return sext(bits(w, 31, 25) << 5 | bits(w, 11, 7), 12)


def imm_b(w):
    v = bits(w, 31, 31) << 12 | bits(w, 7, 7) << 11 | bits(w, 30, 25) << 5 | bits(w, 11, 8) << 1
    return sext(v, 13)


def imm_j(w):
    v = (bits(w, 31, 31) << 20 | bits(w, 19, 12) << 12 | bits(w, 20, 20) << 11 |
         bits(w, 30, 21) << 1)
    return sext(v, 21)


OP_R = {
    (0, 0): "add", (0x20, 0): "sub", (0, 1): "sll", (0, 2): "slt", (0, 3): "sltu",
    (0, 4): "xor", (0, 5): "srl", (0x20, 5): "sra", (0, 6): "or", (0, 7): "and",
    (1, 0): "mul", (1, 1): "mulh", (1, 2): "mulhsu", (1, 3): "mulhu",
    (1, 4): "div", (1, 5): "divu", (1, 6): "rem", (1, 7): "remu",
}
OP_R32 = {
    (0, 0): "add", (0x20, 0): "sub", (0, 1): "sll", (0, 5): "srl", (0x20, 5): "sra",
    (1, 0): "mul", (1, 4): "div", (1, 5): "divu", (1, 6): "rem", (1, 7): "remu",
}
OP_I = {0: "add", 2: "slt", 3: "sltu", 4: "xor", 6: "or", 7: "and"}
LOADS = {0: (1, True), 1: (2, True), 2: (4, True), 3: (8, True),
         4: (1, False), 5: (2, False), 6: (4, False)}
BRANCHES = {0: "eq", 1: "ne", 4: "lt", 5: "ge", 6: "ltu", 7: "geu"}
CSR_MVL, CSR_VL, CSR_SUBVL, CSR_STATE, CSR_PCVBLK = 0x800, 0x801, 0x802, 0x803, 0x805  # C3
SV_CSRS = (CSR_MVL, CSR_VL, CSR_SUBVL, CSR_STATE, CSR_PCVBLK)


class Insn:
    """A decoded instruction: kind plus named fields."""

    def __init__(self, kind, length, **kw):
        self.kind, self.length = kind, length
        self.fp = False
        self.__dict__.update(kw)

    def __repr__(self):
        f = {k: v for k, v in self.__dict__.items() if k not in ("kind", "length")}
        return "%s%s" % (self.kind, f)


def decode32(w):
    opc = w & 0x7F
    rd, f3, rs1, rs2, f7 = bits(w, 11, 7), bits(w, 14, 12), bits(w, 19, 15), bits(w, 24, 20), w >> 25
    if opc == 0x33 and (f7, f3) in OP_R:
        return Insn("alu", 4, op=OP_R[(f7, f3)], w32=False, rd=rd, rs1=rs1, rs2=rs2, imm=None)
    if opc == 0x3B and (f7, f3) in OP_R32:
        return Insn("alu", 4, op=OP_R32[(f7, f3)], w32=True, rd=rd, rs1=rs1, rs2=rs2, imm=None)
    if opc == 0x13:
        if f3 in OP_I:
            return Insn("alu", 4, op=OP_I[f3], w32=False, rd=rd, rs1=rs1, rs2=None, imm=imm_i(w))
        if f3 == 1 and w >> 26 == 0:
            return Insn("alu", 4, op="sll", w32=False, rd=rd, rs1=rs1, rs2=None, imm=bits(w, 25, 20))
        if f3 == 5 and w >> 26 in (0, 0x10):
            return Insn("alu", 4, op="sra" if w >> 30 else "srl", w32=False, rd=rd, rs1=rs1,
                        rs2=None, imm=bits(w, 25, 20))
    if opc == 0x1B:
        if f3 == 0:
            return Insn("alu", 4, op="add", w32=True, rd=rd, rs1=rs1, rs2=None, imm=imm_i(w))
        if f3 == 1 and f7 == 0:
            return Insn("alu", 4, op="sll", w32=True, rd=rd, rs1=rs1, rs2=None, imm=rs2)
        if f3 == 5 and f7 in (0, 0x20):
            return Insn("alu", 4, op="sra" if f7 else "srl", w32=True, rd=rd, rs1=rs1,
                        rs2=None, imm=rs2)
    if opc == 0x07 and f3 == 3:
        return Insn("load", 4, size=8, signed=False, rd=rd, rs1=rs1, imm=imm_i(w), fp=True)
    if opc == 0x27 and f3 == 3:
        return Insn("store", 4, size=8, rs1=rs1, rs2=rs2, imm=imm_s(w), fp=True)
    if opc == 0x53 and f7 == 0x11 and f3 <= 2:
        return Insn("fsgnj", 4, mode=f3, rd=rd, rs1=rs1, rs2=rs2)
    if opc == 0x03 and f3 in LOADS:
        size, signed = LOADS[f3]
        return Insn("load", 4, size=size, signed=signed, rd=rd, rs1=rs1, imm=imm_i(w))
    if opc == 0x23 and f3 <= 3:
        return Insn("store", 4, size=1 << f3, rs1=rs1, rs2=rs2, imm=imm_s(w))
    if opc == 0x63 and f3 in BRANCHES:
        return Insn("branch", 4, cond=BRANCHES[f3], rs1=rs1, rs2=rs2, tkey=rs2, off=imm_b(w))
    if opc == 0x37:
        return Insn("lui", 4, rd=rd, imm=sext(w & 0xFFFFF000, 32))
    if opc == 0x17:
        return Insn("auipc", 4, rd=rd, imm=sext(w & 0xFFFFF000, 32))
    if opc == 0x6F:
        return Insn("jal", 4, rd=rd, off=imm_j(w))
    if opc == 0x73 and f3 in (2, 5) and bits(w, 31, 20) in SV_CSRS:
        # CSRRS rd, csr, x0 (a read) and CSRRWI rd, csr, imm
        if f3 == 2 and rs1 != 0:
            raise Unsupported("CSRRS with a mask")
        return Insn("csr", 4, csr=bits(w, 31, 20), write=f3 == 5, rd=rd, imm=rs1)
    if w == 0x00000073:
        return Insn("ecall", 4)
    if w == 0x00100073:
        return Insn("ebreak", 4)
    if w in (0x10200073, 0x30200073):
        return Insn("xret", 4)  # SRET / MRET: illegal in U mode
    raise Unsupported("32-bit opcode %#010x" % w)


def decode16(h):
    op, f3 = h & 3, h >> 13
    rdp, rs2p = 8 + bits(h, 4, 2), 8 + bits(h, 9, 7)
    r5, r2 = bits(h, 11, 7), bits(h, 6, 2)
    ci = sext(bits(h, 12, 12) << 5 | bits(h, 6, 2), 6)
    if op == 1:
        if f3 == 0:
            return Insn("alu", 2, op="add", w32=False, rd=r5, rs1=r5, rs2=None, imm=ci)
        if f3 == 2:
            return Insn("alu", 2, op="add", w32=False, rd=r5, rs1=0, rs2=None, imm=ci)
        if f3 == 4 and bits(h, 12, 10) == 3:
            f = {0: "sub", 1: "xor", 2: "or", 3: "and"}[bits(h, 6, 5)]
            return Insn("alu", 2, op=f, w32=False, rd=rs2p, rs1=rs2p, rs2=rdp, imm=None)
        if f3 == 5:
            off = (bits(h, 12, 12) << 11 | bits(h, 8, 8) << 10 | bits(h, 10, 9) << 8 |
                   bits(h, 6, 6) << 7 | bits(h, 7, 7) << 6 | bits(h, 2, 2) << 5 |
                   bits(h, 11, 11) << 4 | bits(h, 5, 3) << 1)
            return Insn("jal", 2, rd=0, off=sext(off, 12))
        if f3 in (6, 7):
            off = (bits(h, 12, 12) << 8 | bits(h, 6, 5) << 6 | bits(h, 2, 2) << 5 |
                   bits(h, 11, 10) << 3 | bits(h, 4, 3) << 1)
            # c.beqz rs1', x0: the second predicate is x0's entry (§6.2)
            return Insn("branch", 2, cond="eq" if f3 == 6 else "ne", rs1=rs2p, rs2=0,
                        tkey=0, off=sext(off, 9))
    if op == 1 and f3 == 1 and r5 != 0:
        return Insn("alu", 2, op="add", w32=True, rd=r5, rs1=r5, rs2=None, imm=ci)
    if op == 1 and f3 == 3 and r5 not in (0, 2) and (ci or bits(h, 12, 12)):
        return Insn("lui", 2, rd=r5, imm=sext(ci << 12, 18))
    if op == 1 and f3 == 4 and bits(h, 11, 10) != 3:
        sh = bits(h, 12, 12) << 5 | bits(h, 6, 2)
        kind = bits(h, 11, 10)
        if kind == 2:
            return Insn("alu", 2, op="and", w32=False, rd=rs2p, rs1=rs2p, rs2=None, imm=ci)
        return Insn("alu", 2, op="srl" if kind == 0 else "sra", w32=False, rd=rs2p,
                    rs1=rs2p, rs2=None, imm=sh)
    if op == 1 and f3 == 4 and bits(h, 12, 10) == 7 and bits(h, 6, 5) <= 1:
        return Insn("alu", 2, op="sub" if bits(h, 6, 5) == 0 else "add", w32=True, rd=rs2p,
                    rs1=rs2p, rs2=rdp, imm=None)
    if op == 2 and f3 == 0 and r5 != 0:
        return Insn("alu", 2, op="sll", w32=False, rd=r5, rs1=r5, rs2=None,
                    imm=bits(h, 12, 12) << 5 | bits(h, 6, 2))
    if op == 2 and f3 == 3 and r5 != 0:
        uimm = bits(h, 12, 12) << 5 | bits(h, 6, 5) << 3 | bits(h, 4, 2) << 6
        return Insn("load", 2, size=8, signed=True, rd=r5, rs1=2, imm=uimm)
    if op == 2 and f3 == 7:
        uimm = bits(h, 12, 10) << 3 | bits(h, 9, 7) << 6
        return Insn("store", 2, size=8, rs1=2, rs2=r2, imm=uimm)
    if op == 0:
        uimm = bits(h, 12, 10) << 3 | bits(h, 6, 5) << 6
        wimm = bits(h, 12, 10) << 3 | bits(h, 6, 6) << 2 | bits(h, 5, 5) << 6
        if f3 == 2:
            return Insn("load", 2, size=4, signed=True, rd=rdp, rs1=rs2p, imm=wimm)
        if f3 == 6:
            return Insn("store", 2, size=4, rs1=rs2p, rs2=rdp, imm=wimm)
        if f3 == 3:
            return Insn("load", 2, size=8, signed=True, rd=rdp, rs1=rs2p, imm=uimm)
        if f3 == 7:
            return Insn("store", 2, size=8, rs1=rs2p, rs2=rdp, imm=uimm)
    if op == 2 and f3 == 4 and bits(h, 12, 12) == 0 and r2 == 0 and r5 != 0:
        return Insn("jalr", 2, rd=0, rs1=r5, off=0)  # C.JR
    if op == 2:
        if f3 == 4 and bits(h, 12, 12) == 0 and r2 != 0 and r5 != 0:
            return Insn("mv", 2, rd=r5, rs=r2)
        if f3 == 4 and bits(h, 12, 12) == 1 and r2 != 0 and r5 != 0:
            return Insn("alu", 2, op="add", w32=False, rd=r5, rs1=r5, rs2=r2, imm=None)
        if h == 0x9002:
            return Insn("ebreak", 2)
        if h == 0x8002:
            return Insn("illegal", 2, why="C.JR x0 (reserved)")
    raise Unsupported("16-bit opcode %#06x" % h)


# ---------------------------------------------------------------- machine


class Operand:
    """A redirected register operand (§5.2)."""

    def __init__(self, reg, vec, width, tagged, cls):
        self.reg, self.vec, self.width, self.tagged = reg, vec, width, tagged
        self.cls = cls


class Machine:
    STEP_LIMIT = 400

    def __init__(self, code, x, f, fcsr, state, svpstate, buf):
        self.code = bytearray(code) + bytearray(b"\x02\x90" * ((CODE_MAP - len(code)) // 2))
        self.xb = bytearray(b"".join(v.to_bytes(8, "little") for v in x))
        self.xb[0:8] = bytes(8)
        self.fb = bytearray(b"".join(v.to_bytes(8, "little") for v in f))
        self.fcsr = fcsr
        self.page = bytearray(4096 - BUF_BYTES) + bytearray(buf)
        self.maxvl = (state & 63) + 1
        self.vlreg = (state >> 6) & 63
        self.srcoffs = (state >> 12) & 63
        self.destoffs = (state >> 18) & 63
        self.subvl = ((state >> 24) & 3) + 1
        self.dsvoffs = (state >> 26) & 3
        if state >> 28 or self.vlreg > 31:
            raise Unsupported("initial STATE")
        self.svpstate = svpstate
        self.pcvblk = 0
        self.pc = CODE_BASE
        self.sig = None
        self.addr = 0
        self.low_dirty = False
        self.ff_probe = False  # a later trap-ffirst group (§7.1) runs
        self.why = ""
        self.trace = []
        self.cov = {}  # feature -> count, for the run's coverage summary

    # -- register files: byte arrays, element k of width w at 8R + k*w/8 (C6)
    def xget(self, r):
        return int.from_bytes(self.xb[8 * r:8 * r + 8], "little")

    def xset(self, r, v):
        if r:
            self.xb[8 * r:8 * r + 8] = (v & M64).to_bytes(8, "little")

    def rd_bytes(self, off, w, cls="x"):
        if off + w // 8 > 1024:
            raise AssertionError("element beyond x127 not pre-checked")
        f = self.xb if cls == "x" else self.fb
        return int.from_bytes(f[off:off + w // 8], "little")

    def wr_bytes(self, off, w, v, cls="x"):
        n = w // 8
        data = (v & mask(w)).to_bytes(n, "little")
        f = self.xb if cls == "x" else self.fb
        for b in range(n):
            if off + b >= 8 or cls == "f":  # x0's bytes are dropped (C2)
                f[off + b] = data[b]

    def state_word(self):
        return (self.maxvl - 1 | self.vlreg << 6 | self.srcoffs << 12 |
                self.destoffs << 18 | (self.subvl - 1) << 24 | self.dsvoffs << 26)

    # -- memory: code pages (read-only here), one page whose last KiB is the
    #    buffer, then an unmapped guard page
    def mem_check(self, addr, n, write):
        """Every byte is checked before any is moved: a misaligned element
        that crosses into an inaccessible page faults at its first
        inaccessible byte and does nothing (sv-engine: the general loop
        goes byte by byte and a store probes first; a host access faults
        whole).  Misaligned accesses are otherwise performed."""
        if self.ff_probe and addr + n >= 1 << 64:
            # QEMU's trap-ffirst probe once skipped an element that ends
            # at or wraps past 2**64 and then trapped on it (README,
            # mismatch 10)
            self.hit("trap-ffirst element ends at or wraps past 2**64")
        if addr + n > 1 << 64:
            self.hit("fault: element wraps past 2**64")
            raise Fault(ADDR_UNKNOWN)  # its first byte is >= 2**47
        kinds = set()
        for b in range(n):
            a = (addr + b) & M64
            k = region(a)
            if k == "wild":
                raise Reject("wild access (unmodelled memory) at %#x" % addr)
            if k == "high":
                self.hit("fault: at or above 2**47")
                raise Fault(ADDR_UNKNOWN)
            if k == "none" or (k == "code" and write):
                self.hit("fault: %s%s%s" % (
                    "store into the code pages" if k == "code" else
                    "guard page" if GUARD_BASE <= a < GUARD_BASE + 4096 else
                    "first 64 KiB" if a < LOW_END else "reserved",
                    ", element straddles the page" if b else "",
                    ", misaligned" if addr % n else ""))
                raise Fault(a)
            kinds.add(k)
        if len(kinds) > 1:
            raise Reject("access at %#x across two mappings" % addr)
        if n > 1 and addr % n:
            self.hit("misaligned access")
        return kinds.pop()

    def load(self, addr, n):
        addr &= M64
        if self.mem_check(addr, n, False) == "code":
            o = addr - CODE_BASE
            self.hit("load from the code pages")
            return int.from_bytes(self.code[o:o + n], "little")
        o = addr - PAGE_BASE
        return int.from_bytes(self.page[o:o + n], "little")

    def store(self, addr, n, v):
        addr &= M64
        self.mem_check(addr, n, True)
        o = addr - PAGE_BASE
        if addr < BUF_BASE:
            self.low_dirty = True
        self.page[o:o + n] = (v & mask(8 * n)).to_bytes(n, "little")

    def low_hash(self):
        """FNV-1a of the page below the buffer, as the harness dumps it."""
        if not self.low_dirty:
            return LOW_HASH_ZERO
        return fnv1a(self.page[:4096 - BUF_BYTES])

    def fetch16(self, a):
        o = a - CODE_BASE
        if not 0 <= o < CODE_MAP - 1:
            k = region(a)
            if k == "wild" or region(a + 1) == "wild":
                raise Reject("fetch outside the code pages at %#x" % a)
            # the data page is not executable: every modelled address
            # outside the code pages faults on fetch
            self.hit("fetch fault")
            raise Signal(SIGSEGV, "fetch fault", a)
        return self.code[o] | self.code[o + 1] << 8

    # -- VL (§1.4, A39/A40/A50)
    def eff_vl(self):
        if self.vlreg == 0:
            return 1
        return min(self.xget(self.vlreg), self.maxvl)

    def hit(self, what):
        self.cov[what] = self.cov.get(what, 0) + 1

    def set_vl(self, n):  # §7.3
        self.hit("ffirst cut VL")
        if self.vlreg:
            self.xset(self.vlreg, n)

    def setvl(self, rd, rs1, vlmax, subvl):  # §2.1, A7
        self.maxvl = vlmax
        self.vlreg = rd
        self.srcoffs = self.destoffs = self.dsvoffs = 0
        self.subvl = subvl
        if rd:
            self.xset(rd, vlmax if rs1 == 0 else min(self.xget(rs1), vlmax))

    # -- the run
    def run(self):
        try:
            steps = 0
            while True:
                steps += 1
                if steps > self.STEP_LIMIT:
                    raise Reject("runaway loop")
                self.step()
        except Signal as s:
            self.sig, self.why = s.sig, s.why
            self.addr = self.pc if s.addr is None else s.addr
            self.hit("signal: " + s.why)

    def step(self):
        p = self.fetch16(self.pc)
        if p & 0x7F == 0x7F:
            self.run_vblock(self.pc)
            return
        insn = self.fetch_insn(self.pc)
        self.trace.append(("scalar", self.pc, insn))
        if insn.kind == "ebreak":
            raise Signal(SIGTRAP, "ebreak")
        if insn.kind == "xret":
            raise Signal(SIGILL, "xRET in U mode")
        if insn.kind == "illegal":
            raise Signal(SIGILL, insn.why)
        nxt = self.exec(insn, None, self.pc)
        self.pc = (nxt if nxt is not None else self.pc + insn.length) & M64

    def fetch_insn(self, a):
        p = self.fetch16(a)
        if p & 3 != 3:
            return decode16(p)
        if p & 0x1C == 0x1C:
            raise Unsupported("long instruction outside a block")
        return decode32(p | self.fetch16(a + 2) << 16)

    def run_vblock(self, base):
        blk = VBlock(self.fetch16, base)  # SIGILL when malformed: no effect
        self.trace.append(("vblock", base, blk.length))
        while True:  # re-entered when a branch targets the block start
            if blk.vl:  # the VL block really is an sv.setvl (§2.3, §3.3)
                if blk.vl[0] == "setvl":
                    self.setvl(*blk.vl[1:])
                else:
                    _, rs1, vlmax, subvl = blk.vl
                    self.maxvl, self.vlreg, self.subvl = vlmax, rs1, subvl
                    self.srcoffs = self.destoffs = self.dsvoffs = 0
            idx = 0
            rerun = False
            while idx < len(blk.starts):
                a = blk.starts[idx]
                self.pcvblk = blk.pcvblk((a - blk.ops_base) // 2)
                insn = self.fetch_insn(a)
                self.trace.append(("op", a, insn))
                if insn.kind == "ecall":
                    # §3.7: a real system call, resuming at the next
                    # opcode; svgen never puts one in a block.
                    raise Unsupported("ecall in a block")
                if insn.kind == "ebreak":
                    # §3.7: EBREAK traps as usual, PC at the block and
                    # PCVBLK naming it (docs/sv-state.md).
                    raise Signal(SIGTRAP, "ebreak in a block")
                if insn.kind == "xret":
                    raise Signal(SIGILL, "xRET in a block")
                if insn.kind == "illegal":
                    raise Signal(SIGILL, insn.why)
                if insn.kind == "jal" and insn.rd != 0:
                    raise Signal(SIGILL, "call inside a block (A14)")
                tgt = self.exec(insn, blk, a)
                if tgt is not None:
                    tgt &= M64
                    if tgt == base:  # own start: re-run the VL block (A14)
                        rerun = True
                        break
                    if base < tgt < base + blk.length:
                        raise Signal(SIGILL, "jump into the middle of a block")
                    self.hit("block left by a jump")
                    self.pcvblk = 0  # outside: leave the block
                    self.pc = tgt
                    return
                idx += 1
            if rerun:
                self.hit("block re-run (branch to its start)")
                self.step_budget()
                continue
            self.pcvblk = 0
            self.pc = base + blk.length
            return

    def step_budget(self):
        self.trace.append(("rerun",))
        if len(self.trace) > 4 * self.STEP_LIMIT:
            raise Reject("runaway block loop")

    # -- operands (§5.2)
    def operand(self, blk, cls, field):
        e = blk.reg.get((cls, field)) if blk else None
        if e is None:
            return Operand(field, False, None, False, cls)
        return Operand(e.regidx, e.isvec, e.width, True, cls)

    def pred(self, blk, cls, field, op):
        """get_pred_val (§1.11): (mask, zeroing, ffirst); needs a reg entry."""
        if blk is None or not op.tagged:
            return M64, False, False
        e = blk.pred.get((cls, field))
        if e is None:
            return M64, False, False
        m = self.xget(e.predidx)
        if e.inv:
            m = ~m & M64
        return m, e.zero, e.ffirst

    def elem_off(self, op, k):
        """Element k: stride elwidth/8, a whole register at default width."""
        return 8 * op.reg + k * ((op.width or 64) // 8)

    def check_range(self, op, last_k, w=None):
        """§5.5: running past x127 traps, before any element (sv-state)."""
        if self.elem_off(op, last_k + 1) > 1024:
            raise Signal(SIGILL, "element beyond x127")

    # -- instruction semantics
    def exec(self, insn, blk, addr):
        """Runs one instruction; returns a taken control-flow target or None."""
        k = insn.kind
        if k == "alu":
            self.exec_alu(insn, blk)
        elif k == "mv":
            self.exec_mv(insn, blk)
        elif k == "load":
            self.exec_load(insn, blk)
        elif k == "store":
            self.exec_store(insn, blk)
        elif k == "branch":
            return self.exec_branch(insn, blk, addr)
        elif k == "fsgnj":
            self.exec_fsgnj(insn, blk)
        elif k == "csr":
            self.exec_csr(insn)
        elif k == "jalr":
            S = self.operand(blk, "x", insn.rs1)
            # docs/sv-state.md "Tagged JALR / C.JR": jumps run once
            # (§5.2); a tagged rs1 is redirected and read whole.
            return (self.xget(S.reg) + insn.off) & ~1
        elif k == "jal":
            if insn.rd:
                self.xset(self.operand(blk, "x", insn.rd).reg, addr + insn.length)
            return addr + insn.off
        elif k in ("lui", "auipc"):
            # A36: run once, rd redirected; the value is element 0 of rd
            # (at its element width; a scalar rd is extended: §5.5)
            v = insn.imm + (addr if k == "auipc" else 0)
            D = self.operand(blk, "x", insn.rd)
            self.check_range(D, 0)
            self.write_dst(D, 0, 0, v & M64, 64, True, True)
        else:
            raise Unsupported(k)
        return None

    # integer op at width opw (§5.5); returns the opw-bit result
    SIGNED_SRC = {"slt": (True, True), "sra": (True, False), "mulh": (True, True),
                  "mulhsu": (True, False), "div": (True, True), "rem": (True, True)}
    # sv-state: results extend with sign for W ops, SRA, MULH(SU), DIV, REM
    SIGNED_RES = {"sra", "mulh", "mulhsu", "div", "rem"}

    @staticmethod
    def alu(op, a, b, w):
        m = mask(w)
        if op == "add":
            return (a + b) & m
        if op == "sub":
            return (a - b) & m
        if op == "xor":
            return (a ^ b) & m
        if op == "or":
            return (a | b) & m
        if op == "and":
            return a & b & m
        if op == "sll":
            return (a << (b & (w - 1))) & m
        if op == "srl":
            return (zext(a, w) >> (b & (w - 1))) & m
        if op == "sra":
            return (sext(a, w) >> (b & (w - 1))) & m
        if op == "slt":
            return int(sext(a, w) < sext(b, w))
        if op == "sltu":
            return int(zext(a, w) < zext(b, w))
        if op == "mul":
            return (a * b) & m
        if op == "mulh":
            return ((sext(a, w) * sext(b, w)) >> w) & m
        if op == "mulhsu":
            return ((sext(a, w) * zext(b, w)) >> w) & m
        if op == "mulhu":
            return ((zext(a, w) * zext(b, w)) >> w) & m
        if op in ("div", "rem"):
            x, y = sext(a, w), sext(b, w)
            if y == 0:
                return m if op == "div" else x & m
            if x == -(1 << (w - 1)) and y == -1:
                return x & m if op == "div" else 0
            q = abs(x) // abs(y)
            if (x < 0) != (y < 0):
                q = -q
            return (q if op == "div" else x - q * y) & m
        if op in ("divu", "remu"):
            x, y = zext(a, w), zext(b, w)
            if y == 0:
                return m if op == "divu" else x
            return x // y if op == "divu" else x % y
        raise Unsupported(op)

    def src_width(self, op, w32):
        if op.width is not None:
            return op.width
        return 32 if w32 else 64

    def read_src(self, op, i, s, w):
        """Element i, sub-element s; a scalar supplies sub-element s (A35)."""
        k = i * self.subvl + s if op.vec else s
        return self.rd_bytes(self.elem_off(op, k), w, op.cls)

    def write_dst(self, op, i, s, v, opw, signed, whole=False):
        """Extend/truncate the opw-bit result to the destination (§5.5)."""
        dw = op.width or 64
        val = (sext(v, opw) if signed else zext(v, opw)) & mask(dw)
        if not op.vec:
            if op.cls == "f" and op.width is not None:
                # §5.5: only a scalar *integer* destination is extended; an
                # FP element of its own width writes its bytes, unboxed
                self.wr_bytes(self.elem_off(op, 0 if whole else s), dw, val, op.cls)
                return
            if self.subvl == 1 or whole:
                # a scalar destination is extended to the whole register
                full = (sext(val, dw) if signed else val) & M64
                self.wr_bytes(8 * op.reg, 64, full, op.cls)
            else:  # sub-element s of a scalar (A35), packed
                self.wr_bytes(self.elem_off(op, s), dw, val, op.cls)
            return
        self.wr_bytes(self.elem_off(op, i * self.subvl + s), dw, val, op.cls)

    def exec_alu(self, insn, blk):
        D = self.operand(blk, "x", insn.rd)
        S1 = self.operand(blk, "x", insn.rs1)
        S2 = self.operand(blk, "x", insn.rs2) if insn.rs2 is not None else None
        srcs = [S1] + ([S2] if S2 else [])
        ssigned = self.SIGNED_SRC.get(insn.op, (False, False))
        if insn.w32:
            # W ops sign-extend their sources (§5.5) -- except the unsigned
            # ones: "as the operation's scalar definition demands", and
            # DIVUW/REMUW/SRLW read their 32-bit operands as unsigned
            # (the reading docs/sv-state.md's svcore table implements)
            ssigned = (False, False) if insn.op in ("srl", "divu", "remu") else (True, True)
        rsigned = insn.w32 or insn.op in self.SIGNED_RES
        widths = [self.src_width(o, insn.w32) for o in srcs]
        opw = max(widths)  # sv-state: the immediate takes no part in opw

        def element(i, s):
            vals = []
            for o, w, sg in zip(srcs, widths, ssigned):
                v = self.read_src(o, i, s, w)
                vals.append(sext(v, w) & mask(opw) if sg else v)
            b = vals[1] if S2 else insn.imm & mask(opw)
            return self.alu(insn.op, vals[0], b, opw)

        if not any(o.vec for o in [D] + srcs):
            self.check_scalar_ops([D] + srcs, [64] + widths)
            self.write_dst(D, 0, 0, element(0, 0), opw, rsigned, True)
            return
        vle = self.eff_vl()
        m, zero, ff = self.pred(blk, "x", insn.rd, D)
        self.hit("int op, vector" + (" SUBVL>1" if self.subvl > 1 else "") +
                 (" elwidth" if any(o.width for o in [D] + srcs) else "") +
                 (" zeroing" if zero else "") + (" ffirst" if ff else ""))
        if vle == 0:
            self.hit("vector op with VL=0")
            return
        last = vle * self.subvl - 1
        for o, w in zip([D] + srcs, [D.width or 64] + widths):
            if o.vec:
                self.check_range(o, last, w)
            else:
                self.check_range(o, self.subvl - 1 if self.subvl > 1 else 0, w)
        i = self.destoffs
        while i < vle:
            self.srcoffs = self.destoffs = i
            active = m >> i & 1
            if not active and not zero:
                i += 1
                continue
            failed = False
            for s in range(self.dsvoffs, self.subvl):
                self.dsvoffs = s
                r = element(i, s) if active else 0
                self.write_dst(D, i, s, r, opw, rsigned)
                if r == 0:
                    failed = True
            self.dsvoffs = 0
            if ff and failed:  # §7.2: a group fails if any sub-element fails
                self.set_vl(i)
                break
            if not D.vec:
                break
            i += 1
        self.srcoffs = self.destoffs = self.dsvoffs = 0

    def check_scalar_ops(self, ops, widths):
        for o, w in zip(ops, widths):
            self.check_range(o, 0, o.width or 64)

    # twin predication (§5.4): C.MV, loads, stores
    def twin_loop(self, S, D, svec, dvec, ps, zs, pd, zd, ff, do_elem, zero_elem,
                  trap_ff, mem_is_dst=False, group_addrs=None):
        """Runs the §5.4 loop; do_elem(i, j, s, active_src) performs one
        sub-element and returns the value written, zero_elem(j, s) zeroes a
        destination one.  trap_ff: fail-on-first is the trap variant (§7.1,
        loads/stores), else the data-dependent one (§7.2)."""
        vle = self.eff_vl()
        i, j = self.srcoffs, self.destoffs
        first = True
        while i < vle and j < vle:
            if svec and not zs:
                while i < vle and not ps >> i & 1:
                    i += 1
            if dvec and not zd:
                while j < vle and not pd >> j & 1:
                    j += 1
            if i >= vle or j >= vle:
                break
            self.srcoffs, self.destoffs = i, j
            snap = None
            if trap_ff and ff and not first and pd >> j & 1 and ps >> i & 1:
                # §7.1: a later group that would trap is excluded whole
                snap = (bytes(self.xb), bytes(self.fb), bytes(self.page))
            failed = False
            self.ff_probe = snap is not None
            if snap is not None and group_addrs:
                self.group_addrs = group_addrs(i)
            try:
                for s in range(self.dsvoffs, self.subvl):
                    self.dsvoffs = s
                    if pd >> j & 1:
                        v = do_elem(i, j, s, ps >> i & 1)
                    elif zd:
                        v = zero_elem(j, s)
                    else:
                        continue
                    failed |= v == 0
            except Fault as e:
                self.ff_probe = False
                if snap is None:
                    raise Signal(SIGSEGV, "fault", e.addr)
                self.xb[:], self.fb[:], self.page[:] = snap
                self.set_vl(j if mem_is_dst else i)  # A49: the trapping element
                break
            self.dsvoffs = 0
            self.ff_probe = False
            first = False
            if ff and not trap_ff and failed:
                self.set_vl(j)  # §7.2: written, then excluded (A41)
                break
            if svec:
                i += 1
            if dvec:
                j += 1
            else:
                break
            if not svec and not dvec:
                break
        self.srcoffs = self.destoffs = self.dsvoffs = 0

    def exec_mv(self, insn, blk):
        D = self.operand(blk, "x", insn.rd)
        S = self.operand(blk, "x", insn.rs)
        ws, wd = S.width or 64, D.width or 64
        if not (D.vec or S.vec):
            self.check_scalar_ops([D, S], [wd, ws])
            self.write_dst(D, 0, 0, self.read_src(S, 0, 0, ws), ws, False, True)
            return
        ps, zs, _ = self.pred(blk, "x", insn.rs, S)
        pd, zd, ff = self.pred(blk, "x", insn.rd, D)
        self.hit("C.MV twin " + ("v" if S.vec else "s") + "->" + ("v" if D.vec else "s"))
        vle = self.eff_vl()
        if vle == 0:
            return
        for o, w in ((D, wd), (S, ws)):
            self.check_range(o, vle * self.subvl - 1 if o.vec else self.subvl - 1, w)

        def do(i, j, s, act):
            v = self.read_src(S, i, s, ws) if act else 0
            self.write_dst(D, j, s, v, ws, False)
            # §7.2: the result at the operation's width decides, before it
            # is narrowed to the destination, as for the integer ops
            # (exec_alu): for C.MV that is the source element
            return v & mask(ws)

        def zero(j, s):
            self.write_dst(D, j, s, 0, ws, False)
            return 0

        self.twin_loop(S, D, S.vec, D.vec, ps, zs, pd, zd, ff, do, zero, False)

    def mem_layout(self, A, size):
        """§8.1/§8.2 (A31): (element bytes, elements per address register)."""
        W = 8 * size
        es = A.width if A.width is not None and A.width < W else W
        return es // 8, W // es

    def addr_of(self, A, imm, k, esz, eb):
        if A.vec:  # indexed: the address registers are read whole
            return self.xget_checked(A.reg + k // eb) + imm + (k % eb) * esz
        return self.xget(A.reg) + imm + k * esz  # unit stride

    def check_wrap(self, A, imm, vle, esz):
        """QEMU's unit-stride paths once compared page addresses against
        the run's end, a0 + n * es, which wraps when the run crosses
        2**64, and skipped the run without a fault (README, mismatch
        11): counted for the coverage summary."""
        a0 = (self.xget(A.reg) + imm) & M64
        if not A.vec and a0 + vle * self.subvl * esz >= 1 << 64:
            self.hit("unit-stride run ends at or wraps past 2**64")

    def xget_checked(self, r):
        if r > 127:
            raise Signal(SIGILL, "address register beyond x127")
        return self.xget(r)

    def exec_load(self, insn, blk):
        D = self.operand(blk, "f" if insn.fp else "x", insn.rd)
        A = self.operand(blk, "x", insn.rs1)
        esz, eb = self.mem_layout(A, insn.size)
        if insn.fp and D.width == 8:
            raise Signal(SIGILL, "8-bit FP element (sv-state)")
        if insn.fp and D.width is not None:
            # packed halves/singles, no boxing: the loaded es-bit value is
            # truncated (or zero-extended) to the element (§8.2, A31)
            self.hit("FLD into %d-bit FP elements" % D.width)
        if insn.fp and esz != 8:
            # §8.2/A31: the address register's width cuts the 64-bit block;
            # FLD is no signed load, so the element is zero-extended and
            # written raw (no NaN-boxing at 64 bits)
            self.hit("FLD cut by the address register's width")
        wd = D.width or 64

        def value(addr):
            v = self.load(addr, esz)
            return sext(v, 8 * esz) & M64 if insn.signed else v

        if not (D.vec or A.vec):
            self.check_scalar_ops([D], [wd])
            try:
                v = value(self.addr_of(A, insn.imm, 0, esz, eb))
            except Fault as e:
                raise Signal(SIGSEGV, "fault", e.addr)
            self.write_dst(D, 0, 0, v, 64, insn.signed, True)
            return
        ps, zs, _ = self.pred(blk, "x", insn.rs1, A)
        pd, zd, ff = self.pred(blk, D.cls, insn.rd, D)
        self.hit("load " + ("indexed" if A.vec else "unit-stride") + (" ffirst" if ff else "") +
                 (" twin-pred" if ps != M64 and pd != M64 else ""))
        vle = self.eff_vl()
        if vle == 0:
            return
        last = vle * self.subvl - 1
        self.check_range(D, last if D.vec else self.subvl - 1, wd)
        if A.vec and A.reg + last // eb > 127:
            raise Signal(SIGILL, "address register beyond x127")

        base = self.xget(A.reg)
        self.check_wrap(A, insn.imm, vle, esz)

        def do(i, j, s, act):
            if act and not A.vec and self.xget(A.reg) != base:
                # Each element is the scalar load run again, so it reads
                # rs1 again (the reading a resume at STATE's offsets
                # needs; docs/sv-state.md, README "Readings")
                self.hit("unit-stride load rewrote its base")
            a = self.addr_of(A, insn.imm, i * self.subvl + s, esz, eb)
            if act and self.ff_probe and a != self.group_addrs[s]:
                # an earlier sub-element of a later trap-ffirst group moved
                # this one's address: it is probed where it is now (§7.1;
                # README, mismatch 12)
                self.hit("ffirst group moved its own address")
            v = value(a) if act else 0
            self.write_dst(D, j, s, v, 64, insn.signed)
            return 1

        def group_addrs(i):
            return [self.addr_of(A, insn.imm, i * self.subvl + s, esz, eb)
                    for s in range(self.subvl)]

        def zero(j, s):
            self.write_dst(D, j, s, 0, 64, insn.signed)
            return 1

        # a unit-stride memory side counts as a vector (sv-state)
        self.twin_loop(A, D, True, D.vec, ps, zs, pd, zd, ff, do, zero, True,
                       group_addrs=group_addrs)

    def exec_store(self, insn, blk):
        S = self.operand(blk, "f" if insn.fp else "x", insn.rs2)
        A = self.operand(blk, "x", insn.rs1)
        esz, eb = self.mem_layout(A, insn.size)
        if insn.fp and S.width == 8:
            raise Signal(SIGILL, "8-bit FP element (sv-state)")
        if insn.fp and S.width is not None:
            # the raw packed element, zero-extended to the memory element
            self.hit("FSD from %d-bit FP elements" % S.width)
        if insn.fp and esz != 8:
            # the low es bits of the 64-bit register are stored (A31)
            self.hit("FSD cut by the address register's width")
        ws = S.width or 64

        if not (S.vec or A.vec):
            self.check_scalar_ops([S], [ws])
            try:
                self.store(self.addr_of(A, insn.imm, 0, esz, eb), esz, self.read_src(S, 0, 0, ws))
            except Fault as e:
                raise Signal(SIGSEGV, "fault", e.addr)
            return
        ps, zs, _ = self.pred(blk, S.cls, insn.rs2, S)
        pd, zd, ff = self.pred(blk, "x", insn.rs1, A)
        self.hit("store " + ("indexed" if A.vec else "unit-stride") + (" ffirst" if ff else ""))
        vle = self.eff_vl()
        if vle == 0:
            return
        last = vle * self.subvl - 1
        self.check_range(S, last if S.vec else self.subvl - 1, ws)
        if A.vec and A.reg + last // eb > 127:
            raise Signal(SIGILL, "address register beyond x127")

        self.check_wrap(A, insn.imm, vle, esz)

        def do(i, j, s, act):
            v = self.read_src(S, i, s, ws) if act else 0
            self.store(self.addr_of(A, insn.imm, j * self.subvl + s, esz, eb), esz, v)
            return 1

        def zero(j, s):
            self.store(self.addr_of(A, insn.imm, j * self.subvl + s, esz, eb), esz, 0)
            return 1

        self.twin_loop(S, A, S.vec, True, ps, zs, pd, zd, ff, do, zero, True, True)

    def exec_csr(self, insn):
        """CSR instructions run once and are never redirected (A37)."""
        self.hit("CSR %s %#x" % ("write" if insn.write else "read", insn.csr))
        c = insn.csr
        if not insn.write:
            v = {CSR_MVL: self.maxvl, CSR_VL: self.vlreg, CSR_SUBVL: self.subvl,
                 CSR_STATE: self.state_word(), CSR_PCVBLK: self.pcvblk}[c]
            self.xset(insn.rd, v)
            return
        imm = insn.imm
        if c == CSR_MVL:  # §1.3: CSRRWI MVL sets imm + 1, returns the old MVL
            old, self.maxvl = self.maxvl, imm + 1
        elif c == CSR_VL:  # A5, A6: a register number; rd gets the new one
            if imm and self.xget(imm) > self.maxvl:
                raise Signal(SIGILL, "VL register holds more than MVL")
            self.vlreg = old = imm
            self.srcoffs = self.destoffs = self.dsvoffs = 0
        elif c == CSR_SUBVL:  # §1.5: 1..4
            if not 1 <= imm <= 4:
                raise Signal(SIGILL, "SUBVL out of range")
            old, self.subvl = self.subvl, imm
            self.dsvoffs = min(self.dsvoffs, imm - 1)
        else:
            raise Unsupported("CSR write %#x" % c)
        self.xset(insn.rd, old)

    def exec_fsgnj(self, insn, blk):
        """FSGNJ.D family at the default FP width (64-bit elements, no
        boxing); rs1 == rs2 (FMV/FNEG/FABS) is twin-predicated (A38)."""
        D = self.operand(blk, "f", insn.rd)
        S1 = self.operand(blk, "f", insn.rs1)
        S2 = self.operand(blk, "f", insn.rs2)
        if any(o.width == 8 for o in (D, S1, S2)):
            raise Signal(SIGILL, "8-bit FP element (sv-state)")
        if any(o.width is not None for o in (D, S1, S2)):
            raise Unsupported("FSGNJ.D with a non-default element width")
        sign = 1 << 63

        def op(a, b):
            s = {0: b & sign, 1: ~b & sign, 2: (a ^ b) & sign}[insn.mode]
            return (a & ~sign) | s

        if insn.rs1 == insn.rs2:
            if not (D.vec or S1.vec):
                self.write_dst(D, 0, 0, op(*(self.read_src(S1, 0, 0, 64),) * 2), 64, False, True)
                return
            ps, zs, _ = self.pred(blk, "f", insn.rs1, S1)
            pd, zd, ff = self.pred(blk, "f", insn.rd, D)
            vle = self.eff_vl()
            if vle == 0:
                return
            for o in (D, S1):
                self.check_range(o, vle * self.subvl - 1 if o.vec else self.subvl - 1)

            def do(i, j, s, act):
                v = self.read_src(S1, i, s, 64) if act else 0
                r = op(v, v) if act else 0
                self.write_dst(D, j, s, r, 64, False)
                return r & ~sign  # +0 and -0 fail (§7.2)

            def zero(j, s):
                self.write_dst(D, j, s, 0, 64, False)
                return 0

            self.twin_loop(S1, D, S1.vec, D.vec, ps, zs, pd, zd, ff, do, zero, False)
            return
        srcs = [S1, S2]
        if not any(o.vec for o in (D, S1, S2)):
            self.write_dst(D, 0, 0, op(self.read_src(S1, 0, 0, 64), self.read_src(S2, 0, 0, 64)),
                           64, False, True)
            return
        vle = self.eff_vl()
        m, zero, ff = self.pred(blk, "f", insn.rd, D)
        if vle == 0:
            return
        last = vle * self.subvl - 1
        for o in [D] + srcs:
            self.check_range(o, last if o.vec else self.subvl - 1)
        i = self.destoffs
        while i < vle:
            self.srcoffs = self.destoffs = i
            active = m >> i & 1
            if not active and not zero:
                i += 1
                continue
            failed = False
            for s in range(self.dsvoffs, self.subvl):
                self.dsvoffs = s
                r = op(self.read_src(S1, i, s, 64), self.read_src(S2, i, s, 64)) if active else 0
                self.write_dst(D, i, s, r, 64, False)
                if r & ~sign == 0:  # +0 or -0 fails (§7.2)
                    failed = True
            self.dsvoffs = 0
            if ff and failed:
                self.set_vl(i)
                break
            if not D.vec:
                break
            i += 1
        self.srcoffs = self.destoffs = self.dsvoffs = 0

    def exec_branch(self, insn, blk, addr):
        S1 = self.operand(blk, "x", insn.rs1)
        S2 = self.operand(blk, "x", insn.rs2)
        w1, w2 = S1.width or 64, S2.width or 64
        w = max(w1, w2)
        signed = insn.cond in ("lt", "ge")

        def cmp(a, b):
            c = insn.cond
            if c in ("lt", "ge"):
                a, b = sext(a, w), sext(b, w)
            return {"eq": a == b, "ne": a != b, "lt": a < b, "ge": a >= b,
                    "ltu": a < b, "geu": a >= b}[c]

        def elem(o, ow, i):
            v = self.rd_bytes(self.elem_off(o, i if o.vec else 0), ow)
            return sext(v, ow) & mask(w) if signed else v

        if not (S1.vec or S2.vec):
            self.check_scalar_ops([S1, S2], [w1, w2])
            if cmp(elem(S1, w1, 0), elem(S2, w2, 0)):
                return addr + insn.off
            return None
        ps, zero1, ff = self.pred(blk, "x", insn.rs1, S1)
        t = blk.pred.get(("x", insn.tkey))  # needs no register entry (§6.2)
        inv2, zero2 = (t.inv, t.zero) if t else (False, False)
        self.hit("vector branch " + ["ifall", "ifany", "ifnotall", "ifnone"][inv2 * 2 + zero2] +
                 (" zeroing" if zero1 else "") + (" ffirst" if ff else ""))
        vle = self.eff_vl()
        for o, ow in ((S1, w1), (S2, w2)):
            if o.vec and vle:
                self.check_range(o, vle - 1, ow)
        ones = mask(vle)
        result = self.xget(t.predidx) if (t and not zero1) else ones
        tested = 0
        i = self.srcoffs
        while i < vle:
            self.srcoffs = i
            if not ps >> i & 1:
                if zero1:
                    result &= ~(1 << i)
                    tested |= 1 << i
                    if ff:
                        self.set_vl(i)
                        break
                i += 1
                continue
            tested |= 1 << i
            if cmp(elem(S1, w1, i), elem(S2, w2, i)):
                result |= 1 << i
            else:
                result &= ~(1 << i)
                if ff:
                    self.set_vl(i)
                    break
            i += 1
        self.srcoffs = 0
        if t and t.predidx != 0:
            self.xset(t.predidx, result)
        P = result & tested
        take = {(False, False): P == tested, (True, False): P != tested,
                (False, True): P != 0, (True, True): P == 0}[(inv2, zero2)]
        return addr + insn.off if take else None


def run(code, x, f, fcsr, state, svpstate, buf):
    """Runs one snippet; returns the Machine at its end (sig set)."""
    m = Machine(code, x, f, fcsr, state, svpstate, buf)
    m.run()
    return m
