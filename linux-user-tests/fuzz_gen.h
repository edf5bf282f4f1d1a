/*
 * fuzz_gen.h: the random VBLOCK generators of fuzz_vblock.c, in a header
 * of their own so that other fuzzers (a bare-metal one has no libc, no
 * signals) generate the same blocks.
 *
 * put_block() writes one block at code and returns its length, of the
 * kind the mode flags ask for (alu_mode, run_mode, fp_mode, shape_mode
 * with shape_force_kind; none: random and structured blocks, a shape
 * block in eight); put_alu_block, put_fuse_block, put_run_block,
 * put_fp_block and put_shape_block each write one of their kind.
 * shape_regs() sets up the registers and address vector of a shape
 * block's round, fp_value() is a random FP register value.  rnd() is the
 * seeded xorshift PRNG behind all of them (rng: its state).  fuzz_vblock.c
 * documents what each kind generates and why.
 *
 * The including file defines uint64_t fuzz_regs[32] (x0..x31 for the
 * round) and fuzz_hi[96] (x32..x127) first, and sets run_buf (RUN_PAGES
 * pages) and fuse_buf (FUSE_BYTES bytes) before generating blocks of
 * the kinds that use them.  Everything here is static: one copy per
 * program.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef FUZZ_GEN_H
#define FUZZ_GEN_H

#include <stdint.h>
#include <string.h>

/* bench mode: every generated block runs VL = MVL = force_vlmax. */
static unsigned force_vlmax;

static uint64_t rng = 1;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random RV64GC-ish opcode (or P48/P64): mostly plausible majors. */
static unsigned put_op(uint8_t *p, unsigned room)
{
    static const uint8_t majors[] = {0x03, 0x07, 0x13, 0x1b, 0x23, 0x27,
                                     0x33, 0x37, 0x3b, 0x43, 0x53, 0x63,
                                     0x67, 0x6f, 0x73, 0x17, 0x0f, 0x2f};
    if (room >= 8 && rnd() % 8 == 0) {
        /* SVPrefix P48/P64 (§4, §3.5): a plausible wrapped opcode, random
         * prefix bits (and P64 ext bits and VLtyp). */
        uint32_t w = (uint32_t)rnd();
        unsigned len = rnd() % 2 ? 8 : 6;
        uint64_t v;
        w = (w & ~0x7fu) | majors[rnd() % sizeof(majors)];
        v = (uint64_t)(w >> 2) << 18 | (rnd() & 0x7ff) << 7;
        v |= len == 8 ? 0x3f | (rnd() & 0xffff) << 48 : 0x1f;
        memcpy(p, &v, len);
        return len;
    }
    if (room >= 4 && rnd() % 2) {
        uint32_t w = (uint32_t)rnd();
        w = (w & ~0x7fu) | majors[rnd() % sizeof(majors)];
        if (w == 0x00000073u) {
            /* Never ECALL: inside a block it is a real system call with
             * random arguments (§3.7, docs/sv-state.md). */
            w = 0x00100073u;
        }
        memcpy(p, &w, 4);
        return 4;
    }
    uint16_t h = (uint16_t)rnd();
    if ((h & 3) == 3) {
        h &= ~1u;
    }
    if (h == 0) {
        h = 1;
    }
    memcpy(p, &h, 2);
    return 2;
}

static void put16(uint8_t *p, unsigned *off, uint16_t v)
{
    memcpy(p + *off, &v, 2);
    *off += 2;
}

/*
 * A well-formed header and tables (§3.2-§3.3, §1.10-§1.11) with random
 * contents, so that most blocks reach their opcodes.
 */
static unsigned put_structured_block(uint8_t *code)
{
    static const unsigned r16[4] = {0, 1, 2, 4}, r8[4] = {0, 2, 4, 8};
    unsigned rmode = rnd() % 2, pmode = rnd() % 2, rplen = rnd() % 4;
    unsigned pplen = rnd() % 2, vlset = rnd() % 4 != 0;
    unsigned nreg = rmode ? r16[rplen] : r8[rplen];
    unsigned npred = pplen ? nreg : (nreg + 1) / 2;
    unsigned head = 2 + 2 * vlset + nreg * (rmode ? 2 : 1);
    unsigned off = 0, len, ext;

    head = (head + 1) & ~1u;
    head += npred * (pmode ? 2 : 1);
    head = (head + 1) & ~1u;
    len = head + 2 + 2 * (rnd() % 8);
    ext = len > 22 - 2;
    if (ext) {
        head += 2;
        len += 2;
        if (len > 74) {
            len = 74;
        }
    } else if (len < 10) {
        len = 10;
    }
    put16(code, &off,
          (uint16_t)(vlset << 15 | (ext ? 7 : (len - 10) / 2) << 12 |
                     rplen << 10 | pplen << 9 | pmode << 8 | rmode << 7 |
                     0x7f));
    if (ext) {
        put16(code, &off, (uint16_t)((len - 12) / 2));
    }
    if (vlset) {
        unsigned mode = rnd() % 3, imm = rnd() % 4 ? rnd() % 16 : rnd() % 64;
        put16(code, &off,
              (uint16_t)(mode << 14 | (rnd() % 4) << 12 | imm << 6 |
                         (rnd() % 32)));
    }
    for (unsigned i = 0; i < nreg; i++) {
        unsigned key = rnd() % 32, iff = rnd() % 2, vew = rnd() % 4;
        if (rmode) {
            unsigned idx = rnd() % 3 ? 32 + rnd() % 96 : rnd() % 128;
            put16(code, &off,
                  (uint16_t)((rnd() % 4 != 0) << 15 | idx << 8 | iff << 7 |
                             vew << 5 | key));
        } else {
            code[off++] = (uint8_t)(iff << 7 | vew << 5 | key);
        }
    }
    off = (off + 1) & ~1u;
    for (unsigned i = 0; i < npred; i++) {
        unsigned pidx = rnd() % 32, z = rnd() % 2, inv = rnd() % 2;
        if (pidx == 0 && z && inv) {
            inv = 0;
        }
        if (pmode) {
            put16(code, &off,
                  (uint16_t)(pidx << 11 | z << 10 | inv << 9 |
                             (rnd() % 2) << 8 | (rnd() % 32) << 1 |
                             (rnd() % 4 == 0)));
        } else {
            code[off++] =
                (uint8_t)(z << 7 | inv << 6 | (rnd() % 2) << 5 | (rnd() % 32));
        }
    }
    off = (off + 1) & ~1u;
    while (off < len) {
        off += put_op(code + off, len - off);
    }
    if (off > len) {
        /* The last 32-bit op would overrun: a C.NOP instead. */
        code[len - 2] = 0x01;
        code[len - 1] = 0x00;
    }
    return len;
}

/*
 * "alu" mode: a well-formed block of integer ALU opcodes on tagged
 * registers, the shapes of the inline and gvec backends (docs/sv-engine.md):
 * usually a VL block "sv.setvl rd, x0, vlmax" (VL = MVL, so the unrolled
 * forms run; MVL often a multiple of 8, whole 64-bit words at every
 * width), four 16-bit register entries for a0..a3 with one element
 * width (often) and bases in x32..x127 (often 16-byte aligned, sometimes
 * overlapping, now and then over a predicate register), two predicate
 * entries: 8-bit ones (masks x9, x10) mostly on an unused key (t6), or
 * 16-bit ones mostly on a0..a3 with any mask register (x0, the VL
 * register t5, a0..a3 too), inverted and zeroing at random, rarely
 * fail-on-first; then two to six OP / OP-IMM / OP-32 opcodes (and C.MV /
 * C.ADD) on a0..a3, x0 and untagged registers, copies (rs2 = rs1, an
 * immediate 0) now and then.
 */
static uint32_t alu_reg(void)
{
    static const uint8_t regs[] = {10, 11, 12, 13, 10, 11, 12, 13, 0, 5, 9};
    return regs[rnd() % sizeof(regs)];
}

static unsigned put_alu_op(uint8_t *p, unsigned room)
{
    /* Valid funct7/funct3 pairs: base, SUB/SRA, M (OP); W forms (OP-32). */
    static const uint16_t op[] = {0x000, 0x001, 0x002, 0x003, 0x004, 0x005,
                                  0x006, 0x007, 0x200, 0x205, 0x010, 0x013,
                                  0x014, 0x017, 0x000, 0x200, 0x000};
    static const uint16_t op32[] = {0x000, 0x001, 0x005, 0x200,
                                    0x205, 0x010, 0x014, 0x017};
    uint32_t rd = alu_reg(), rs1 = alu_reg(), rs2 = alu_reg();
    uint32_t f3 = rnd() % 8, w, k;

    /* Copies now and then (OR/AND x, x; ADDI x, 0): a select when
     * predicated, which the inline predicated form does without a
     * scratch result (SV_BACKEND_INLINE_PRED). */
    if (rnd() % 4 == 0) {
        rs2 = rs1;
    }

    if (room >= 2 && (room < 4 || rnd() % 8 == 0)) {
        /* C.MV / C.ADD rd, rs2 (rd != 0, rs2 != 0). */
        uint16_t h = (uint16_t)(0x8002 | (rnd() % 2) << 12 |
                                (rd ? rd : 10) << 7 | (rs2 ? rs2 : 11) << 2);
        memcpy(p, &h, 2);
        return 2;
    }
    switch (rnd() % 5) {
    case 0: /* OP-IMM: ADDI SLLI SLTI SLTIU XORI SRLI/SRAI ORI ANDI */
        w = rnd() % 8 ? (uint32_t)(rnd() % 4096) << 20 : 0;
        if (f3 == 1) {
            w = (uint32_t)(rnd() % 64) << 20;
        } else if (f3 == 5) {
            w = (uint32_t)(rnd() % 64) << 20 | (uint32_t)(rnd() % 2) << 30;
        }
        w |= rs1 << 15 | f3 << 12 | rd << 7 | 0x13;
        break;
    case 1: /* OP-32 (ADDW SUBW SLLW ...) or ADDIW */
        if (rnd() % 4 == 0) {
            w = (uint32_t)(rnd() % 4096) << 20 | rs1 << 15 | rd << 7 | 0x1b;
            break;
        }
        k = op32[rnd() % 8];
        w = (k >> 4) << 25 | rs2 << 20 | rs1 << 15 | (k & 7) << 12 | rd << 7 |
            0x3b;
        break;
    default: /* OP: the base ops, SUB/SRA, the M extension */
        k = op[rnd() % (sizeof(op) / sizeof(op[0]))];
        w = (k >> 4) << 25 | rs2 << 20 | rs1 << 15 | (k & 7) << 12 | rd << 7 |
            0x33;
        break;
    }
    memcpy(p, &w, 4);
    return 4;
}

/*
 * The VL block of the alu and fp blocks: mode 0, t5 := VLMAX (x0 now and
 * then), SUBVL > 1 now and then; one block in eight random bits.
 */
static void put_t5_vl_block(uint8_t *code, unsigned *off, unsigned vlmax)
{
    /* (bench mode: always the first form, VL = force_vlmax) */
    if (rnd() % 8 || force_vlmax) {
        unsigned subvl = rnd() % 8 ? 0 : rnd() % 4;
        put16(code, off,
              (uint16_t)(0 << 14 | subvl << 12 | (vlmax - 1) << 6 |
                         (rnd() % 8 ? 30 : 0)));
    } else {
        put16(code, off, (uint16_t)rnd());
    }
}

/*
 * alu_inherit (alu mode, not bench): one block in eight has no VL block
 * (alu_block_inherits) and runs on the STATE the harness sets for it
 * (alu_inherit_state), so the guarded integer specialisations meet SUBVL
 * groups and resumed loops at run time.
 */
static int alu_inherit, alu_block_inherits;

/*
 * The STATE an inheriting alu block starts on (§1.6: 27:26 dsvoffs |
 * 25:24 subvl-1 | 23:18 destoffs | 17:12 srcoffs | 11:6 vl | 5:0
 * maxvl-1): STATE.vl t5 (mostly) or x0, SUBVL 1..4, and half the time
 * with t5 a resumed loop, offsets below MVL (maybe past the VL t5 then
 * holds) that the first opcode with a tagged operand starts at, vector
 * or not.  *t5: the round's t5, a small VL one time in two.
 */
static uint64_t alu_inherit_state(uint64_t *t5)
{
    unsigned mvl = 1 + rnd() % 64, subvl = 1 + rnd() % 4;
    unsigned vl = rnd() % 4 ? 30 : 0, resumed = vl && rnd() % 2;
    uint64_t srcoffs = resumed ? rnd() % mvl : 0;
    uint64_t destoffs = resumed ? rnd() % mvl : 0;
    uint64_t dsvoffs = resumed ? rnd() % subvl : 0;

    *t5 = rnd() % 2 ? rnd() % 70 : *t5;
    return dsvoffs << 26 | (uint64_t)(subvl - 1) << 24 | destoffs << 18 |
           srcoffs << 12 | vl << 6 | (mvl - 1);
}

static unsigned put_alu_block(uint8_t *code)
{
    /* Half the blocks have 16-bit predicate entries (any predidx). */
    unsigned pmode = rnd() % 2;
    unsigned off = 0, len = 16 + 2 * pmode + 4 + 2 * (2 + rnd() % 12);
    /* MVL a multiple of 8 now and then: whole 64-bit words at every
     * width (the inline predicated form, SV_BACKEND_INLINE_PRED). */
    static const uint8_t words[] = {8, 16, 24, 32, 40, 48, 56, 64};
    unsigned vew = rnd() % 4, vlmax = rnd() % 2   ? words[rnd() % 8]
                                      : rnd() % 2 ? 8 + rnd() % 57
                                                  : 1 + rnd() % 64;
    vlmax = force_vlmax ? force_vlmax : vlmax;
    /* The predicate registers: x9, x10 (8-bit entries), else random. */
    unsigned pidx[2] = {9, 10};
    /* Registers of one vector at the block's main width; four fit. */
    unsigned q = (vlmax * (vew ? 4 << vew : 64) / 8 + 7) / 8;
    unsigned room = 96 > 4 * q + 3 ? 96 - 4 * q - 3 : 1;
    unsigned base =
        32 + (rnd() % 2 ? 2 * (rnd() % ((room + 1) / 2)) : rnd() % room);

    alu_block_inherits = alu_inherit && !force_vlmax && rnd() % 8 == 0;
    len -= alu_block_inherits ? 2 : 0;
    /* VBLOCK2: VL block (or none), 4 register entries, 2 predicate
     * entries. */
    put16(code, &off,
          (uint16_t)(!alu_block_inherits << 15 | 7 << 12 | 3 << 10 | 0 << 9 |
                     pmode << 8 | 1 << 7 | 0x7f));
    if (pmode) {
        static const uint8_t regs[] = {0, 5, 9, 10, 11, 12, 13, 30};

        for (unsigned k = 0; k < 2; k++) {
            pidx[k] = rnd() % 2 ? regs[rnd() % 8] : rnd() % 32;
        }
    }
    put16(code, &off, (uint16_t)((len - 12) / 2));
    if (!alu_block_inherits) {
        put_t5_vl_block(code, &off, vlmax);
    }
    for (unsigned k = 0; k < 4; k++) {
        unsigned idx, isvec = rnd() % 8 != 0;
        unsigned ew = rnd() % 4 ? vew : rnd() % 4;

        if (rnd() % 4) {
            /* The same vector, apart, or overlapping by a little. */
            idx = base + (rnd() % 4) * q + (rnd() % 4 ? 0 : rnd() % 4);
        } else if (rnd() % 4 == 0) {
            /* Over a predicate register (read before it is written). */
            idx = pidx[rnd() % 2];
            idx -= idx >= 2 ? rnd() % 3 : 0;
        } else {
            idx = rnd() % 8 ? 32 + rnd() % 96 : rnd() % 128;
        }
        put16(code, &off,
              (uint16_t)(isvec << 15 | (idx & 127) << 8 | 1 << 7 | ew << 5 |
                         (10 + k)));
    }
    for (unsigned k = 0; k < 2; k++) {
        /* 8-bit entries (masks x9, x10): usually key t6; 16-bit entries
         * (mask pidx[k], integer, rarely fail-on-first): usually a0..a3. */
        unsigned key = rnd() % 4 ? 31 : 10 + rnd() % 4;

        if (pmode) {
            key = rnd() % 4 ? 10 + rnd() % 4 : 31;
            put16(code, &off,
                  (uint16_t)(pidx[k] << 11 | (rnd() % 2) << 10 |
                             (rnd() % 2) << 9 | (rnd() % 8 != 0) << 8 |
                             key << 1 | (rnd() % 16 == 0)));
            continue;
        }
        code[off++] = (uint8_t)((rnd() % 2) << 7 | (rnd() % 2) << 6 |
                                (rnd() % 2) << 5 | key);
    }
    while (off < len) {
        off += put_alu_op(code + off, len - off);
    }
    return len;
}

static int alu_mode;

/*
 * "fuse" mode: FUSE_BYTES of random bytes (few zeros) at a fixed address,
 * then an unmapped page.  fuse_ptr is where the block's address
 * register points: near that page, mostly.
 */
#define FUSE_BYTES (2 * 4096)
static uint8_t *fuse_buf;

static void put32(uint8_t *p, unsigned *off, uint32_t v)
{
    memcpy(p + *off, &v, 4);
    *off += 4;
}

/*
 * A load then a vector branch on what it loaded, with random tables:
 *   [add a0, a0, a4 at code - 4 when looping]
 *   VBLOCK: VL block (rd, VLMAX) | 2 register entries | 2 predicate
 *   entries | LB/LBU/LH/LW/LD k, imm(a0) | B?? k, rs2, target
 * The branch goes back to the add (a strlen loop: a0 += VL) or past the
 * block (C.EBREAK there and after the block: SIGTRAP at either pc).
 * Registers the block uses are set by the caller (fuse_regs).  One block
 * in four that does not loop has no VL block (fuse_inherits): it runs
 * on a STATE the round sets (MVL fuse_mvl, STATE.vl fuse_vl_reg), which
 * the translator does not know.
 */
static unsigned fuse_vl_reg, fuse_key, fuse_rs2, fuse_mvl;
static int fuse_inherits;
static unsigned put_fuse_block(uint8_t *code, int *loop)
{
    static const unsigned loads[] = {0, 4, 0, 4, 0, 4, 1, 5, 2, 3};
    static const unsigned branches[] = {1, 1, 1, 1, 0, 4, 5, 6, 7};
    static const unsigned keys[] = {5, 6, 7, 8, 9, 11, 12, 13, 15};
    unsigned off = 0, vlmax, regidx, vew, ffirst, fn, imm, len, b_at;
    int32_t rel;

    *loop = rnd() % 3 == 0 && !force_vlmax; /* bench: never the loop */
    fuse_key = keys[rnd() % 9];
    fuse_vl_reg = *loop || rnd() % 2 ? 14 : 16 + rnd() % 4;
    fuse_rs2 = rnd() % 3 ? 0 : 20 + rnd() % 4;
    vlmax = rnd() % 2 ? 64 : 1 + rnd() % 64;
    vlmax = force_vlmax ? force_vlmax : vlmax;
    fuse_mvl = vlmax;
    fuse_inherits = !*loop && !force_vlmax && rnd() % 4 == 0;
    regidx = rnd() % 8 ? 32 + rnd() % 89 : rnd() % 128;
    vew = rnd() % 2 ? 1 : rnd() % 4; /* 8-bit elements, mostly */
    ffirst = rnd() % 4 != 0;
    /* header: vlset, nnn = 5 (20 bytes; 4 without the VL block), rplen
     * 2, pplen 1, 16-bit both */
    put16(code, &off,
          (uint16_t)(!fuse_inherits << 15 | (5 - fuse_inherits) << 12 |
                     2 << 10 | 1 << 9 | 1 << 8 | 1 << 7 | 0x7f));
    /* VL block, mode 0: rd := VLMAX; SUBVL 2 sometimes */
    if (!fuse_inherits) {
        put16(code, &off,
              (uint16_t)((rnd() % 16 == 0) << 12 | (vlmax - 1) << 6 |
                         fuse_vl_reg));
    }
    put16(code, &off,
          (uint16_t)((rnd() % 16 != 0) << 15 | regidx << 8 | 1 << 7 | vew << 5 |
                     fuse_key));
    /* the branch's rs2: scalar (redirected) or vector, or an unused key */
    if (fuse_rs2 && rnd() % 2) {
        put16(code, &off,
              (uint16_t)((rnd() % 2) << 15 | (32 + rnd() % 89) << 8 | 1 << 7 |
                         (rnd() % 4) << 5 | fuse_rs2));
    } else {
        put16(code, &off, (uint16_t)(25 << 8 | 1 << 7 | 25));
    }
    /* the load's destination predicate: x0 inverted (all ones) mostly */
    if (rnd() % 4) {
        put16(code, &off, (uint16_t)(1 << 9 | 1 << 8 | fuse_key << 1 | ffirst));
    } else {
        put16(code, &off,
              (uint16_t)((24 + rnd() % 4) << 11 | (rnd() % 2) << 10 |
                         (rnd() % 2) << 9 | 1 << 8 | fuse_key << 1 | ffirst));
    }
    /* the branch's second predicate (result register, mode) or none */
    if (fuse_rs2 && rnd() % 2) {
        put16(code, &off,
              (uint16_t)((24 + rnd() % 4) << 11 | (rnd() % 2) << 10 |
                         (rnd() % 2) << 9 | 1 << 8 | fuse_rs2 << 1));
    } else {
        put16(code, &off, (uint16_t)(1 << 8 | 25 << 1));
    }
    fn = loads[rnd() % 10];
    imm = rnd() % 4 ? 0 : (rnd() % 17) - 8;
    put32(code, &off,
          (imm & 0xfff) << 20 | 10 << 15 | fn << 12 | fuse_key << 7 | 0x03);
    b_at = off;
    len = off + 4;
    /* back to the add before the block, or past the block's end */
    rel = *loop ? -4 - (int32_t)b_at : (int32_t)(len + 8 - b_at);
    fn = branches[rnd() % 9];
    put32(code, &off,
          (uint32_t)((rel >> 12) & 1) << 31 |
              (uint32_t)((rel >> 5) & 0x3f) << 25 | fuse_rs2 << 20 |
              fuse_key << 15 | fn << 12 | (uint32_t)((rel >> 1) & 0xf) << 8 |
              (uint32_t)((rel >> 11) & 1) << 7 | 0x63);
    return len;
}

/*
 * "run" mode: unit-stride loads and stores near page ends, the shapes of
 * the inline one-page path and its fallback (docs/sv-engine.md,
 * SV_BACKEND_INLINE_RUN).  RUN_PAGES pages at a fixed address: two
 * read-write, one unmapped, one read-only, one read-write; a4 (the
 * address register) points near one of their boundaries.  A VL block
 * (t5 := VLMAX, mostly 64 or random; one in three s0 := min(s1, VLMAX),
 * s1 mostly below it: a run-time VL below MVL), register entries for a0..a2
 * (data: mostly vectors in x32..x127, one width) and a4 (scalar; its width cuts
 * the access now and then, §8.2), predicates mostly on an unused key,
 * then two to five LB..LD / SB..SD on them (mostly as wide as the
 * elements), now and then an ADDI moving a4, and now and then a splat
 * (ADDI of a5 or a4 into a data register), mostly stored by the next
 * opcode (memset's shape, which stores the splat's value directly).
 */
#define RUN_PAGES 5
static uint8_t *run_buf;
static int run_mode;

static unsigned put_run_block(uint8_t *code)
{
    unsigned nops = 2 + rnd() % 4, off = 0, len = 16 + 4 * nops;
    unsigned vew = rnd() % 4, vlmax = rnd() % 2   ? 64
                                      : rnd() % 2 ? 1 + rnd() % 64
                                                  : 32;
    vlmax = force_vlmax ? force_vlmax : vlmax;
    unsigned esz = vew ? 1u << (vew - 1) : 8;
    unsigned q = (vlmax * esz + 7) / 8;
    unsigned room = 96 > 3 * q ? 96 - 3 * q : 1;
    unsigned base =
        32 + (rnd() % 2 ? 2 * (rnd() % ((room + 1) / 2)) : rnd() % room);

    /* VBLOCK2: VL block, 4 register entries, 2 predicate entries (8-bit). */
    put16(code, &off,
          (uint16_t)(1 << 15 | 7 << 12 | 3 << 10 | 0 << 9 | 0 << 8 | 1 << 7 |
                     0x7f));
    put16(code, &off, (uint16_t)((len - 12) / 2));
    if (!force_vlmax && rnd() % 3 == 0) {
        /* sv.vl s0, s1, VLMAX (mode 01): VL = min(s1, MVL), often below */
        put16(code, &off,
              (uint16_t)(1 << 14 | (rnd() % 16 ? 0 : 1 + rnd() % 3) << 12 |
                         (vlmax - 1) << 6 | 1 << 3 | 0));
    } else {
        put16(code, &off,
              (uint16_t)((rnd() % 16 ? 0 : 1 + rnd() % 3) << 12 |
                         (vlmax - 1) << 6 | 30));
    }

    for (unsigned k = 0; k < 3; k++) {
        unsigned idx = rnd() % 8 ? base + k * q : 128;

        /* a4 often: a load that rewrites its own address register */
        idx = idx < 128 ? idx : rnd() % 2 ? 14 : rnd() % 128;
        unsigned ew = rnd() % 8 ? vew : rnd() % 4;

        put16(code, &off,
              (uint16_t)((rnd() % 16 != 0) << 15 | (idx & 127) << 8 | 1 << 7 |
                         ew << 5 | (10 + k)));
    }
    /* a4: scalar, usually default width or the data's (cuts LD/SD). */
    put16(code, &off,
          (uint16_t)(14 << 8 | 1 << 7 |
                     (rnd() % 4   ? 0
                      : rnd() % 2 ? vew
                                  : rnd() % 4)
                         << 5 |
                     14));
    for (unsigned k = 0; k < 2; k++) {
        unsigned key = rnd() % 8 ? 31 : 10 + rnd() % 3;
        code[off++] = (uint8_t)((rnd() % 2) << 7 | (rnd() % 2) << 6 |
                                (rnd() % 2) << 5 | key);
    }
    for (unsigned k = 0, splat = 0; k < nops; k++) {
        /* LB LH LW LD by element width, LBU LHU LWU for unsigned. */
        static const unsigned f3_of[4] = {3, 0, 1, 2};
        uint32_t reg = 10 + rnd() % 3, f3 = rnd() % 8 ? f3_of[vew] : rnd() % 4;
        uint32_t imm = rnd() % 2 ? 0 : (rnd() % 33) - 16, w;
        unsigned next = 0;

        if (splat && rnd() % 4) {
            /* the splat's register stored next (memset's shape) */
            w = ((imm >> 5) & 0x7f) << 25 | splat << 20 | 14 << 15 | f3 << 12 |
                (imm & 0x1f) << 7 | 0x23;
        } else if (rnd() % 6 == 0) {
            /*
             * addi reg, a5 or a4, imm: a splat of a scalar into reg,
             * whose elements may overwrite a4/a5 (x14/x15) mid-loop, and
             * a later access through a4 then a wild pointer.
             */
            w = (imm & 0xfff) << 20 | (rnd() % 4 ? 15u : 14u) << 15 | reg << 7 |
                0x13;
            next = reg;
        } else if (rnd() % 8 == 0) {
            w = (uint32_t)((rnd() % 2 ? 64 : -64) & 0xfff) << 20 | 14 << 15 |
                14 << 7 | 0x13; /* addi a4, a4, +-64 */
        } else if (rnd() % 2) {
            f3 |= f3 < 3 && rnd() % 4 == 0 ? 4 : 0;
            w = (imm & 0xfff) << 20 | 14 << 15 | f3 << 12 | reg << 7 | 0x03;
        } else {
            w = ((imm >> 5) & 0x7f) << 25 | reg << 20 | 14 << 15 | f3 << 12 |
                (imm & 0x1f) << 7 | 0x23;
        }
        put32(code, &off, w);
        splat = next;
    }
    return len;
}

/*
 * "fp" mode: a well-formed block of FP opcodes on tagged FP registers,
 * the shapes of the specialised FP helpers (SV_BACKEND_FP_HELPER,
 * docs/sv-engine.md) and around them: usually a VL block setting VL =
 * MVL, four 16-bit FP register entries for fa0..fa3 at one element width
 * (usually: default, 32 or 16 bits; 8 now and then, which is illegal)
 * with bases in f32..f127 (the same vector, apart or overlapping; the
 * fourth now and then an integer vector for t0 instead), two
 * predicate entries (masks x9 and x10, random; zeroing and inverted at
 * random) mostly on an unused key, and two to six FADD FSUB FMUL FDIV
 * FSQRT FMIN FMAX FSGNJ* FMADD FMSUB FNMSUB FNMADD in .S or .D with a
 * random static rounding mode or the dynamic one (now and then a
 * reserved one), and now and then a compare (into t0, t1 or t2),
 * FCVT.S.D/D.S or FCLASS.
 * The registers hold NaNs (quiet, signalling, unboxed), signed zeros,
 * infinities, denormals and random values at 16, 32 and 64 bits
 * (fp_value), fcsr a random rounding mode (now and then a reserved
 * one) and flags, so fflags and the rounding are compared too.
 */
static int fp_mode;

static uint32_t fp_reg(void)
{
    static const uint8_t regs[] = {10, 11, 12, 13, 10, 11, 12, 13, 0, 5, 9};
    return regs[rnd() % sizeof(regs)];
}

static unsigned fp_rm(void)
{
    static const uint8_t rms[] = {0, 1, 2, 3, 4, 7, 7, 7};
    return rnd() % 128 ? rms[rnd() % sizeof(rms)] : 5 + rnd() % 2;
}

static unsigned put_fp_op(uint8_t *p)
{
    /* funct5 of OP-FP with an rm field, and those whose rm is funct3 */
    static const uint8_t arith[] = {0x00, 0x01, 0x02, 0x03, 0x0b};
    static const uint8_t r4[] = {0x43, 0x47, 0x4b, 0x4f};
    uint32_t rd = fp_reg(), rs1 = fp_reg(), rs2 = fp_reg(), rs3 = fp_reg();
    uint32_t fmt = rnd() % 4 ? 0 : 1, f5, f3, w;

    switch (rnd() % 24) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5: /* FADD..FDIV, FSQRT */
        f5 = arith[rnd() % sizeof(arith)];
        if (f5 == 0x0b) {
            rs2 = 0;
        }
        f3 = fp_rm();
        break;
    case 6:
    case 7: /* FSGNJ FSGNJN FSGNJX; with rs1 = rs2 the twins FMV FNEG FABS */
        f5 = 0x04;
        f3 = rnd() % 3;
        rs2 = rnd() % 3 ? rs2 : rs1;
        break;
    case 8: /* FMIN FMAX */
        f5 = 0x05;
        f3 = rnd() % 2;
        break;
    case 9:
    case 10:
    case 11:
    case 12: /* FMADD FMSUB FNMSUB FNMADD */
        w = rs3 << 27 | fmt << 25 | rs2 << 20 | rs1 << 15 | fp_rm() << 12 |
            rd << 7 | r4[rnd() % 4];
        memcpy(p, &w, 4);
        return 4;
    case 13:
    case 14: /* FEQ FLT FLE into t0 (a vector now and then), t1, t2 */
        f5 = 0x14;
        f3 = rnd() % 3;
        rd = rnd() % 2 ? 5 : 6 + rnd() % 2;
        break;
    case 15: /* FCVT.S.D / FCVT.D.S */
        f5 = 0x08;
        rs2 = !fmt;
        f3 = fp_rm();
        break;
    case 16: /* FCLASS into an integer register */
        f5 = 0x1c;
        rs2 = 0;
        f3 = 1;
        rd = 5 + rnd() % 3;
        break;
    case 17:
    case 18: /* FCVT.{W,WU,L,LU}.{S,D} into t0 (a vector now and then) */
        f5 = 0x18;
        rs2 = rnd() % 4;
        f3 = fp_rm();
        rd = 5 + rnd() % 3;
        break;
    case 19:
    case 20: /* FCVT.{S,D}.{W,WU,L,LU} from t0, t1, t2 or x0 */
        f5 = 0x1a;
        rs2 = rnd() % 4;
        f3 = fp_rm();
        rs1 = rnd() % 8 ? 5 + rnd() % 3 : 0;
        break;
    case 21: /* FMV.X.W / FMV.X.D */
        f5 = 0x1c;
        rs2 = 0;
        f3 = 0;
        rd = 5 + rnd() % 3;
        break;
    default: /* FMV.W.X / FMV.D.X */
        f5 = 0x1e;
        rs2 = 0;
        f3 = 0;
        rs1 = rnd() % 8 ? 5 + rnd() % 3 : 0;
        break;
    }
    w = (f5 << 2 | fmt) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 |
        0x53;
    memcpy(p, &w, 4);
    return 4;
}

static unsigned put_fp_block(uint8_t *code)
{
    unsigned nops = 2 + rnd() % 5, off = 0, len = 16 + 4 * nops;
    static const uint8_t vews[] = {0, 0, 2, 3, 3};
    unsigned vew = rnd() % 32 ? vews[rnd() % sizeof(vews)] : 1;
    /* default-width FP elements take a register each: shorter vectors */
    unsigned vlmax =
        vew ? (rnd() % 2 ? 8 + rnd() % 57 : 1 + rnd() % 64) : 1 + rnd() % 24;
    vlmax = force_vlmax ? force_vlmax : vlmax;
    unsigned esz = vew ? 1u << (vew - 1) : 8;
    /* Registers of one vector at the block's main width; four fit. */
    unsigned q = (vlmax * esz + 7) / 8;
    unsigned room = 96 > 4 * q + 3 ? 96 - 4 * q - 3 : 1;
    unsigned base =
        32 + (rnd() % 2 ? 2 * (rnd() % ((room + 1) / 2)) : rnd() % room);

    /* VBLOCK2: VL block, 4 register entries, 2 predicate entries (8-bit). */
    put16(code, &off,
          (uint16_t)(1 << 15 | 7 << 12 | 3 << 10 | 0 << 9 | 0 << 8 | 1 << 7 |
                     0x7f));
    put16(code, &off, (uint16_t)((len - 12) / 2));
    if (!alu_block_inherits) {
        put_t5_vl_block(code, &off, vlmax);
    }
    for (unsigned k = 0; k < 4; k++) {
        unsigned idx, isvec = rnd() % 8 != 0;
        unsigned ew = rnd() % 8 ? vew : vews[rnd() % sizeof(vews)];

        if (rnd() % 8) {
            /* The same vector, apart, or overlapping by a little. */
            idx = base + (rnd() % 4) * q + (rnd() % 4 ? 0 : rnd() % 4);
        } else {
            idx = rnd() % 8 ? 32 + rnd() % 96 : rnd() % 128;
        }
        if (k == 3 && rnd() % 3 == 0) {
            /* t0 as an integer vector: the compares' destination */
            put16(code, &off,
                  (uint16_t)(isvec << 15 | (idx & 127) << 8 | 1 << 7 |
                             (rnd() % 4) << 5 | 5));
            continue;
        }
        put16(code, &off,
              (uint16_t)(isvec << 15 | (idx & 127) << 8 | 0 << 7 | ew << 5 |
                         (10 + k)));
    }
    for (unsigned k = 0; k < 2; k++) {
        /* 8-bit FP predicate entries (masks x9, x10): usually key ft11. */
        unsigned key = rnd() % 4 ? 31 : 10 + rnd() % 4;
        code[off++] =
            (uint8_t)((rnd() % 2) << 7 | (rnd() % 2) << 6 | 0 << 5 | key);
    }
    while (off < len) {
        off += put_fp_op(code + off);
    }
    return len;
}

/* A random FP register: specials and random values at 64, 32, 16 bits. */
static uint64_t fp_value(void)
{
    static const uint64_t d[] = {0,
                                 1ull << 63,
                                 0x7ff0000000000000ull,
                                 0xfff0000000000000ull,
                                 0x7ff8000000000000ull,
                                 0x7ff0000000000001ull,
                                 0xfff8000000000123ull,
                                 1,
                                 0x000fffffffffffffull,
                                 0x0010000000000000ull,
                                 0x3ff0000000000000ull,
                                 0xc004000000000000ull,
                                 0x7fefffffffffffffull,
                                 0x3fb999999999999aull};
    static const uint32_t s[] = {0,          0x80000000, 0x7f800000, 0xff800000,
                                 0x7fc00000, 0x7f800001, 0xffc00123, 1,
                                 0x007fffff, 0x00800000, 0x3f800000, 0xc0200000,
                                 0x7f7fffff, 0x3dcccccd};
    static const uint16_t h[] = {0,      0x8000, 0x7c00, 0xfc00, 0x7e00,
                                 0x7c01, 0xfe12, 1,      0x03ff, 0x0400,
                                 0x3c00, 0xc100, 0x7bff, 0x2e66};
    uint64_t v = 0;

    switch (rnd() % 8) {
    case 0: /* a 64-bit special, or a random double near 1 */
        return rnd() % 2 ? d[rnd() % 14]
                         : 0x3fe0000000000000ull + (rnd() >> 12) +
                               (rnd() % 2 ? 1ull << 63 : 0);
    case 1:
        return rnd(); /* random bits (mostly unboxed for .S) */
    case 2:
    case 3: /* a NaN-boxed single: special or random near 1 */
        return 0xffffffff00000000ull |
               (rnd() % 2 ? s[rnd() % 14]
                          : 0x3f000000u + (uint32_t)(rnd() >> 41) +
                                (rnd() % 2 ? 0x80000000u : 0));
    case 4:
    case 5: /* two packed singles */
        for (int i = 0; i < 2; i++) {
            uint32_t e = rnd() % 2 ? s[rnd() % 14]
                                   : 0x3f000000u + (uint32_t)(rnd() >> 41);
            v |= (uint64_t)e << (32 * i);
        }
        return v;
    default: /* four packed halves */
        for (int i = 0; i < 4; i++) {
            uint16_t e =
                rnd() % 2 ? h[rnd() % 14] : (uint16_t)(0x3800 + rnd() % 0x800);
            v |= (uint64_t)e << (16 * i);
        }
        return v;
    }
}

/*
 * The inputs of an FP or shape round: fp[0..127] random FP register
 * values, random masks in regs[9] and regs[10]; returns the round's fcsr,
 * a random rounding mode (now and then a reserved one) and flags.
 */
static uint64_t put_fp_inputs(uint64_t *fp, uint64_t *regs)
{
    static const uint64_t masks[] = {0, ~0ull, 0x5555555555555555ull};
    uint64_t fcsr;

    for (unsigned i = 0; i < 128; i++) {
        fp[i] = fp_value();
    }
    fcsr = (rnd() % 16 ? rnd() % 5 : 5 + rnd() % 3) << 5 |
           (rnd() % 2 ? rnd() % 32 : 0);
    regs[9] = rnd() % 4 ? rnd() : masks[rnd() % 3];
    regs[10] = rnd() % 4 ? rnd() : masks[rnd() % 3];
    return fcsr;
}

/*
 * The inputs of a fuse round: buf (FUSE_BYTES at guest address va, the
 * page after it unmapped) random bytes with few zeros, so runs reach
 * the unmapped page; regs[10] a pointer into it near its end, or with
 * loop (a bench loop: no fault) into its first page; the block's VL
 * register, rs2 (small now and then) and x24..x27 random.
 */
static void put_fuse_inputs(uint8_t *buf, uint64_t va, uint64_t *regs, int loop)
{
    for (unsigned i = 0; i < FUSE_BYTES; i++) {
        buf[i] = rnd() % 48 ? (uint8_t)(1 + rnd() % 255) : 0;
    }
    regs[10] = va + FUSE_BYTES - (rnd() % 2 ? rnd() % 96 : rnd() % FUSE_BYTES);
    if (loop) {
        regs[10] = va + 64 + rnd() % 4096;
    }
    regs[fuse_vl_reg] = rnd() % 70;
    if (fuse_rs2) {
        regs[fuse_rs2] = rnd() % 2 ? rnd() % 4 : rnd();
    }
    for (unsigned i = 24; i < 28; i++) {
        regs[i] = rnd();
    }
}

/*
 * "shape" mode: well-formed blocks of the shapes that the fast paths
 * were not built for (issue 22), one kind per block:
 *   0 mixw: integer ALU ops (put_alu_op) on a0..a3 at independent
 *     element widths, now and then tagged scalars, with untagged
 *     scalars (t0, s1, x0) as operands;
 *   1 ffirst: the same with data-dependent fail-on-first on most
 *     predicate entries (§7.2), zeroing and inversion at random; one
 *     block in three has a0..a3 at one width (the gvec shape);
 *   2 mem: loads and stores through a4 (of a0..a2, or one block in three
 *     of fa0..fa2 by FLW/FLD/FSW/FSD at default, 32 and 16 bits: NaN-boxing
 *     on SUBVL groups and the other non-plain forms), mostly a
 *     default-width vector of
 *     addresses (indexed, §8.1; now and then at a narrower width, the
 *     §8.2 block model), which the round fills with a constant stride
 *     (0, small, negative, 4095, a page) from near a page boundary of
 *     RUN_PAGES pages (RW RW unmapped RO RW), else a tagged scalar (unit
 *     stride); predicate entries on both sides (twin), trap fail-on-first
 *     on either side often; now and then ADD a4, a4, t1 (t1: the stride
 *     times VL) or ADDI a4 moving every address, and (integer data) AMOs
 *     through a4 (§5.2: one atomic access per element);
 *   3 twin: C.MV between a0..a2 (and from untagged t0), loads and stores
 *     through a4 (a tagged scalar near a page boundary) with predicates
 *     on both sides: compress, expand, the §5.4 table; ADDI copies
 *     (single-predicated) beside them;
 *   4 fpff: FP ops (put_fp_op) on fa0..fa2 at mixed widths (default, 32,
 *     16) with t0 as an integer vector for compares and the twins (FCVT
 *     between FP widths and to and from integers, FMV.X.* / FMV.*.X,
 *     FCLASS, FMV/FNEG/FABS);
 *     fail-on-first on the FP entries and on t0's (zero results, false
 *     compares).
 * Every block: a VL block t5 := VLMAX (force_vlmax when set), SUBVL 2..4
 * in one block in four, four 16-bit register entries, four 16-bit
 * predicate entries.  shape_addr_idx/shape_addr_n tell the round where
 * a4's address vector lives (n = 0: none).
 */
static int shape_mode;
static int shape_force_kind = -1; /* bench mode: one kind; else random */
static unsigned shape_addr_idx, shape_addr_n, shape_kind;
static int shape_round;   /* this round's block is a shape block */
static int shape_fp_data; /* a mem block's data: fa0..fa2 */
static const char *const shape_kinds[] = {"mixw", "ffirst", "mem", "twin",
                                          "fpff"};

/* A predicate mask register: all ones (x0 inverted) often, else x9, x10,
 * t5 (VL), t1 or any; fail-on-first ffirst8 times in 8. */
static void shape_pred(uint8_t *code, unsigned *off, unsigned key, int fp,
                       unsigned ffirst8)
{
    static const uint8_t regs[] = {9, 10, 9, 10, 30, 6};
    unsigned pidx, zero = rnd() % 4 == 0, inv = rnd() % 2;
    unsigned ffirst = rnd() % 8 < ffirst8;

    if (rnd() % 3 == 0) {
        pidx = 0, inv = 1, zero = 0;
    } else {
        pidx = rnd() % 4 ? regs[rnd() % sizeof(regs)] : rnd() % 32;
        if (pidx == 0 && zero && inv) {
            inv = 0;
        }
    }
    put16(code, off,
          (uint16_t)(pidx << 11 | zero << 10 | inv << 9 | !fp << 8 | key << 1 |
                     ffirst));
}

/*
 * The first register of a vector of q registers: right after the
 * previous vector (*next), now and then a little apart, or anywhere in
 * x32..x127 (overlapping others); moved down to end by x127.
 */
static unsigned shape_place(unsigned *next, unsigned q)
{
    unsigned idx = *next + (rnd() % 4 ? 0 : rnd() % 4);

    if (rnd() % 8 == 0) {
        idx = 32 + rnd() % 96; /* anywhere: overlaps */
    }
    if (idx + q > 128) {
        idx = q <= 96 ? 128 - q : 32;
    }
    *next = idx + q < 128 ? idx + q : 32;
    return idx;
}

static unsigned put_shape_block(uint8_t *code)
{
    static const uint8_t fvews[] = {0, 2, 3};
    unsigned kind = shape_force_kind >= 0 ? (unsigned)shape_force_kind
                                          : (unsigned)(rnd() % 5);
    unsigned subvl = rnd() % 4 ? 0 : 1 + rnd() % 3, nsub = subvl + 1;
    unsigned vlmax = kind == 2 || kind == 3 ? 1 + rnd() % 32
                     : rnd() % 2            ? 8 * (1 + rnd() % 8)
                                            : 1 + rnd() % 64;
    unsigned off = 0, head = 22, len, next = 32 + rnd() % 8;

    if (force_vlmax) {
        vlmax = force_vlmax;
    }
    shape_kind = kind;
    shape_addr_n = 0;
    len = head + 4 * (2 + rnd() % 6) +
          (kind == 0 || kind == 1 || kind == 3 ? 2 * (rnd() % 2) : 0);
    /* VBLOCK2: VL block, 4 register entries, 4 predicate entries (16-bit) */
    put16(code, &off,
          (uint16_t)(1 << 15 | 7 << 12 | 3 << 10 | 1 << 9 | 1 << 8 | 1 << 7 |
                     0x7f));
    put16(code, &off, (uint16_t)((len - 12) / 2));
    put16(code, &off, (uint16_t)(subvl << 12 | (vlmax - 1) << 6 | 30));
    switch (kind) {
    case 0:
    case 1: { /* a0..a3 at independent widths; ffirst: one in three at one */
        unsigned one_vew = kind == 1 && rnd() % 3 == 0 ? 1 + rnd() % 4 : 0;

        for (unsigned k = 0; k < 4; k++) {
            unsigned vew = one_vew ? one_vew - 1 : rnd() % 4;
            unsigned isvec = rnd() % 6 != 0;
            unsigned q = (vlmax * nsub * (vew ? 4u << vew : 64) / 8 + 7) / 8;
            unsigned idx = isvec ? shape_place(&next, q) : 1 + rnd() % 31;
            put16(code, &off,
                  (uint16_t)(isvec << 15 | idx << 8 | 1 << 7 | vew << 5 |
                             (10 + k)));
        }
        for (unsigned k = 0; k < 4; k++) {
            shape_pred(code, &off, rnd() % 8 ? 10 + k : 31, 0, kind ? 6 : 1);
        }
        break;
    }
    case 2:
    case 3: { /* a0..a2 (mem: or fa0..fa2) data, a4 address */
        unsigned vew = rnd() % 4, indexed = kind == 2 && rnd() % 4 != 0;
        unsigned aw = rnd() % 8 ? 0 : 1 + rnd() % 3, nopred;

        shape_fp_data = kind == 2 && rnd() % 3 == 0;
        for (unsigned k = 0; k < 3; k++) {
            unsigned ew = rnd() % 4 ? vew : rnd() % 4, isvec = rnd() % 8 != 0;
            unsigned q, idx;

            if (shape_fp_data) {
                ew = fvews[ew % 3];
            }
            q = (vlmax * nsub * (ew ? 4u << ew : 64) / 8 + 7) / 8;
            idx = isvec ? shape_place(&next, q) : 10 + k;
            put16(code, &off,
                  (uint16_t)(isvec << 15 | idx << 8 | !shape_fp_data << 7 |
                             ew << 5 | (10 + k)));
        }
        if (indexed) {
            unsigned n = vlmax * nsub > 64 ? 64 : vlmax * nsub;
            unsigned q = aw ? (n * (4u << aw) / 8 + 7) / 8 : n;
            shape_addr_idx = shape_place(&next, q);
            shape_addr_n = q;
            put16(code, &off,
                  (uint16_t)(1 << 15 | shape_addr_idx << 8 | 1 << 7 | aw << 5 |
                             14));
        } else {
            /* a4 scalar: default width, or one that cuts the access */
            put16(
                code, &off,
                (uint16_t)(14 << 8 | 1 << 7 | (rnd() % 4 ? 0 : aw) << 5 | 14));
        }
        /* one block in three unpredicated (entries on unused t6) */
        nopred = rnd() % 3 == 0;
        for (unsigned k = 0; k < 4; k++) {
            unsigned key = k == 3 ? 14 : 10 + rnd() % 3;

            key = !nopred && rnd() % 8 ? key : 31;
            shape_pred(code, &off, key, shape_fp_data && key != 14 && key != 31,
                       kind == 2 ? 3 : 1);
        }
        break;
    }
    default: /* fa0..fa2 at mixed widths, t0 an integer vector */
        for (unsigned k = 0; k < 3; k++) {
            unsigned vew = fvews[rnd() % 3];
            unsigned q = (vlmax * nsub * (vew ? 4u << vew : 64) / 8 + 7) / 8;
            unsigned idx = shape_place(&next, q);
            put16(code, &off,
                  (uint16_t)((rnd() % 8 != 0) << 15 | idx << 8 | vew << 5 |
                             (10 + k)));
        }
        {
            unsigned vew = rnd() % 4;
            unsigned q = (vlmax * nsub * (vew ? 4u << vew : 64) / 8 + 7) / 8;
            put16(code, &off,
                  (uint16_t)(1 << 15 | shape_place(&next, q) << 8 | 1 << 7 |
                             vew << 5 | 5));
        }
        for (unsigned k = 0; k < 3; k++) {
            shape_pred(code, &off, rnd() % 8 ? 10 + rnd() % 3 : 31, 1, 4);
        }
        shape_pred(code, &off, 5, 0, 4);
        break;
    }
    while (off < len) {
        unsigned room = len - off;
        uint32_t w;

        switch (kind) {
        case 0:
        case 1:
            off += put_alu_op(code + off, room);
            continue;
        case 4:
            off += put_fp_op(code + off);
            continue;
        default:
            break;
        }
        if (kind == 3 && (room < 4 || rnd() % 3 == 0)) {
            /* C.MV rd, rs2: a0..a2, or a splat of untagged t0 */
            uint32_t rd = 10 + rnd() % 3, rs2 = rnd() % 6 ? 10 + rnd() % 3 : 5;
            put16(code, &off, (uint16_t)(0x8002 | rd << 7 | rs2 << 2));
            continue;
        }
        if (kind == 3 && rnd() % 6 == 0) {
            /* addi rd, rs1, 0: a single-predicated copy */
            w = (10 + rnd() % 3) << 15 | (10 + rnd() % 3) << 7 | 0x13;
        } else if (kind == 2 && !shape_fp_data && rnd() % 6 == 0) {
            /* AMO*.W/D a0..a2, a0..a2, (a4): one atomic access each */
            static const uint8_t amo_f5[] = {0x00, 0x01, 0x04, 0x08, 0x0c,
                                             0x10, 0x14, 0x18, 0x1c};
            w = (uint32_t)amo_f5[rnd() % sizeof(amo_f5)] << 27 |
                (10 + rnd() % 3) << 20 | 14 << 15 | (2 + rnd() % 2) << 12 |
                (10 + rnd() % 3) << 7 | 0x2f;
        } else if (kind == 2 && rnd() % 8 == 0) {
            w = rnd() % 2 ? 6u << 20 | 14 << 15 | 14 << 7 | 0x33 /* add */
                          : (uint32_t)((rnd() % 2 ? 8 : -8) &
                                       (force_vlmax ? 0 : 0xfff))
                                    << 20 |
                                14 << 15 | 14 << 7 | 0x13; /* addi */
        } else {
            /* LB..LD, LBU..LWU, SB..SD through a4, mostly the width */
            static const unsigned f3_of[4] = {3, 0, 1, 2};
            uint32_t reg = 10 + rnd() % 3,
                     f3 = rnd() % 3 ? f3_of[rnd() % 4] : rnd() % 4;
            uint32_t imm = rnd() % 2 ? 0 : (rnd() % 33) - 16;

            if (shape_fp_data) {
                /* FLW/FLD, FSW/FSD of fa0..fa2 */
                f3 = 2 + f3 % 2;
                w = rnd() % 2
                        ? (imm & 0xfff) << 20 | 14 << 15 | f3 << 12 | reg << 7 |
                              0x07
                        : ((imm >> 5) & 0x7f) << 25 | reg << 20 | 14 << 15 |
                              f3 << 12 | (imm & 0x1f) << 7 | 0x27;
            } else if (rnd() % 2) {
                f3 |= f3 < 3 && rnd() % 4 == 0 ? 4 : 0;
                w = (imm & 0xfff) << 20 | 14 << 15 | f3 << 12 | reg << 7 | 0x03;
            } else {
                w = ((imm >> 5) & 0x7f) << 25 | reg << 20 | 14 << 15 |
                    f3 << 12 | (imm & 0x1f) << 7 | 0x23;
            }
        }
        put32(code, &off, w);
    }
    return len;
}

/* Round setup for shape blocks: a4, t1 and a4's address vector. */
static void shape_regs(void)
{
    static const int strides[] = {0,  1,  2,  4,  8,    8,   12,
                                  16, -4, -8, 64, 4095, 4096};
    unsigned at = 4096 * (1 + rnd() % (RUN_PAGES - 1));
    int stride = strides[rnd() % (sizeof(strides) / sizeof(strides[0]))];

    at = rnd() % 2 ? at - 1 - rnd() % 256 : at + rnd() % 64;
    if (force_vlmax) {
        /* bench mode: the two read-write pages, addresses that stay */
        at = 4096 - 256 + at % 512;
        /* 64 elements of 16 bytes from up to 256 before the boundary:
         * inside them */
        stride = stride > 16 ? 16 : stride;
    }
    /*
     * x32..x127: bytes that are zero one time in eight (and words that
     * are zero now and then), so that results are zero often enough for
     * data-dependent fail-on-first to cut VL at every element.
     */
    for (unsigned i = 0; i < 96; i++) {
        uint64_t v = 0;
        for (unsigned b = 0; b < 8; b++) {
            v |= (uint64_t)(rnd() % 8 ? (uint8_t)rnd() : 0) << (8 * b);
        }
        fuzz_hi[i] = rnd() % 16 ? v : 0;
        if (force_vlmax) {
            /* bench mode: few zeros, so that few runs are cut short */
            fuzz_hi[i] = rnd() | 0x0101010101010101ull;
        }
    }
    fuzz_regs[14] = (uint64_t)(uintptr_t)(run_buf + at);
    fuzz_regs[6] = (uint64_t)(int64_t)stride * (rnd() % 2 ? 1 : 8);
    if (force_vlmax) {
        fuzz_regs[6] = 0;
    }
    for (unsigned k = 0; k < shape_addr_n && shape_addr_idx + k < 128; k++) {
        uint64_t a = (uint64_t)(uintptr_t)(run_buf + at) + (int64_t)stride * k;
        if (rnd() % 16 == 0 && !force_vlmax) {
            a = (uint64_t)(uintptr_t)(run_buf + rnd() % (RUN_PAGES * 4096));
        }
        if (shape_addr_idx + k >= 32) {
            fuzz_hi[shape_addr_idx + k - 32] = a;
        }
    }
}

/* A random block at code; returns its length. */
static unsigned put_block(uint8_t *code)
{
    if (alu_mode) {
        return put_alu_block(code);
    }
    if (shape_mode) {
        return put_shape_block(code);
    }
    if (fp_mode) {
        return put_fp_block(code);
    }
    if (run_mode) {
        return put_run_block(code);
    }
    if (rnd() % 8 == 0) {
        /* one block in eight: a shape block (the round sets its a4) */
        shape_round = 1;
        return put_shape_block(code);
    }
    if (rnd() % 4) {
        return put_structured_block(code);
    }
    unsigned ext = rnd() % 8 == 0;
    unsigned len = ext ? 12 + 2 * (rnd() % 32) : 10 + 2 * (rnd() % 7);
    uint16_t hdr = (uint16_t)(rnd() & 0x8f80) | 0x7f;
    unsigned off;

    hdr |= (ext ? 7 : (len - 10) / 2) << 12;
    memcpy(code, &hdr, 2);
    off = 2;
    if (ext) {
        uint16_t vb2 = (uint16_t)((len - 12) / 2);
        if (rnd() % 16 == 0) {
            vb2 |= (uint16_t)(rnd() & 0xffe0); /* reserved fields */
        }
        memcpy(code + off, &vb2, 2);
        off += 2;
    }
    /* VL block and tables: random bytes, mostly small VLMAX / modes. */
    unsigned tables = 2 + (unsigned)(rnd() % 12);
    for (unsigned i = 0; i < tables && off < len; i++) {
        code[off++] = (uint8_t)rnd();
    }
    off = (off + 1) & ~1u;
    while (off < len) {
        off += put_op(code + off, len - off);
    }
    if (off > len && rnd() % 2) {
        /* Usually end exactly at the block end: rewrite as C.NOPs. */
        for (unsigned i = len - 2; i < off; i += 2) {
            code[i] = 0x01;
            code[i + 1] = 0x00;
        }
    }
    return len;
}

#endif /* FUZZ_GEN_H */
