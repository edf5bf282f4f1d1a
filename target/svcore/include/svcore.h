/*
 * svcore: the Simple-V core library, C ABI.
 *
 * Everything about SV that can be decided from instruction bytes and plain
 * numbers lives here as pure functions: CSR field layouts and write rules,
 * sv.setvl, instruction lengths, the VBLOCK layout.  QEMU's translator and
 * helpers, the svprof plugin and the unit tests all call these; none of
 * them re-implements a rule.  No QEMU header is included, no function
 * allocates, throws or keeps state.
 *
 * Section numbers (§) and readings (A*) refer to docs/spec.md, C* to
 * docs/contract.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SVCORE_H
#define SVCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CSR numbers (contract C3; they override the drafts' §1.2). */
#define SV_CSR_MVL 0x800
#define SV_CSR_VL 0x801
#define SV_CSR_SUBVL 0x802
#define SV_CSR_STATE 0x803
#define SV_CSR_SVPSTATE 0x804
#define SV_CSR_PCVBLK 0x805
#define SV_CSR_SESTATE 0x5D0
#define SV_CSR_SEPCVBLK 0x5D1
#define SV_CSR_SESVPSTATE 0x5D2
#define SV_CSR_MESTATE 0x7D0
#define SV_CSR_MEPCVBLK 0x7D1
#define SV_CSR_MESVPSTATE 0x7D2

/* True for exactly the twelve CSR numbers above. */
bool sv_is_csr(unsigned csrno);

/* Register files with SV enabled (contract C2). */
#define SV_NUM_REGS 128

typedef enum sv_status {
    SV_OK = 0,
    /* The caller must supply more instruction parcels (VBLOCK2 length). */
    SV_NEED_MORE_BYTES,
    SV_ILLEGAL_MVL_RANGE,        /* MVL 0 or > XLEN (§1.3) */
    SV_ILLEGAL_VL_REGISTER,      /* VL names a register > 31 (§2.2, A5) */
    SV_ILLEGAL_VL_EXCEEDS_MVL,   /* x[VL] > MVL when VL is written (A5) */
    SV_ILLEGAL_SUBVL_RANGE,      /* SUBVL 0 or > 4 (§1.5) */
    SV_ILLEGAL_STATE_RESERVED,   /* reserved STATE/SVPSTATE bits (§1.7) */
    SV_ILLEGAL_PCVBLK_INACTIVE,  /* PCVBLK written outside a block (§1.8) */
    SV_ILLEGAL_PCVBLK_RANGE,     /* new opptr outside the opcode area */
    SV_ILLEGAL_SETVL_RESERVED,   /* sv.setvl with bit 31 set (§2.1) */
    SV_ILLEGAL_SETVL_VLMAX,      /* sv.setvl VLMAX 0 or > XLEN (A7) */
    SV_ILLEGAL_VBLOCK_MALFORMED, /* tables overrun the block (§3.2) */
    SV_ILLEGAL_VBLOCK2_RESERVED, /* VBLOCK2 extension field != 0 (§3.4) */
    SV_ILLEGAL_RESERVED_LENGTH,  /* a length encoding SV does not define */
    SV_ILLEGAL_PREFIX_TYPE,      /* P48/P64 around a reserved type (§4.2) */
    SV_ILLEGAL_PREFIX_FIELD,     /* reserved P48/P64 prefix bits (§4.2) */
    SV_ILLEGAL_PREFIX_VLTYP,     /* reserved VLtyp / VL source (§4.4) */
    SV_STATUS_COUNT
} sv_status;

/* A short, stable name for a status ("ILLEGAL_MVL_RANGE"), never NULL. */
const char *sv_status_name(sv_status status);

/* What a status means, naming the rule it enforces ("sv.setvl VLMAX must
 * be 1..XLEN (§2.1, A7)"), for log lines; never NULL. */
const char *sv_status_reason(sv_status status);

/* ---------------------------------------------------------------------
 * STATE and SVPSTATE (§1.6, §1.7): 32 bits,
 *   31:28 rsvd | 27:26 dsvoffs | 25:24 subvl-1 | 23:18 destoffs |
 *   17:12 srcoffs | 11:6 vl | 5:0 maxvl-1
 * STATE.vl is a register number (A1, A2); SVPSTATE.vl is a length stored
 * offset by one (A25).
 */
typedef struct sv_state_fields {
    uint8_t maxvl; /* MVL - 1 */
    uint8_t vl;    /* STATE: register number 0..31; SVPSTATE: VL - 1 */
    uint8_t srcoffs;
    uint8_t destoffs;
    uint8_t subvl; /* SUBVL - 1 */
    uint8_t dsvoffs;
} sv_state_fields;

#define SV_STATE_RESERVED_MASK 0xF0000000u

sv_state_fields sv_state_unpack(uint32_t state);
/* Packs the fields; each is truncated to its width. */
uint32_t sv_state_pack(sv_state_fields fields);

unsigned sv_state_mvl(uint32_t state);    /* 1..64 */
unsigned sv_state_subvl(uint32_t state);  /* 1..4 */
unsigned sv_state_vl_reg(uint32_t state); /* the register that is VL */

/*
 * Effective VL (§1.4, A39, A40, A50): 1 when STATE.vl = 0 (vectorisation
 * off), else min(x[STATE.vl], MVL); 0 is possible.  vl_reg_value is the
 * contents of x[STATE.vl] (ignored when STATE.vl = 0).
 */
unsigned sv_effective_vl(uint32_t state, uint64_t vl_reg_value);

/* True when srcoffs, destoffs and dsvoffs are all 0 (no loop part-done). */
bool sv_state_offsets_zero(uint32_t state);

/*
 * STATE's (and SVPSTATE's) field layout, for code that reads or writes
 * the word without these functions: the translator's TCG, the inline
 * fast paths below.  Field F is (word & SV_STATE_F_MASK) >>
 * SV_STATE_F_SHIFT.  state.cc checks every constant against its field
 * table at compile time.
 */
#define SV_STATE_MAXVL_SHIFT 0
#define SV_STATE_MAXVL_MASK 0x0000003Fu
#define SV_STATE_VL_SHIFT 6
#define SV_STATE_VL_MASK 0x00000FC0u
#define SV_STATE_SRCOFFS_SHIFT 12
#define SV_STATE_SRCOFFS_MASK 0x0003F000u
#define SV_STATE_DESTOFFS_SHIFT 18
#define SV_STATE_DESTOFFS_MASK 0x00FC0000u
#define SV_STATE_SUBVL_SHIFT 24
#define SV_STATE_SUBVL_MASK 0x03000000u
#define SV_STATE_DSVOFFS_SHIFT 26
#define SV_STATE_DSVOFFS_MASK 0x0C000000u
/* The three loop offsets (srcoffs, destoffs, dsvoffs). */
#define SV_STATE_OFFS_MASK 0x0CFFF000u
/* The loop offsets and SUBVL: zero when a loop is plain (SUBVL 1, not
 * part-done). */
#define SV_STATE_OFFS_SUBVL_MASK 0x0FFFF000u
/* Element e's srcoffs = destoffs = e is e * SV_STATE_ELEM_OFFS_UNIT
 * (e < 64), or-ed into a word whose two offsets are 0. */
#define SV_STATE_ELEM_OFFS_UNIT                                                \
    ((1u << SV_STATE_SRCOFFS_SHIFT) | (1u << SV_STATE_DESTOFFS_SHIFT))

/*
 * For fast paths that run a whole loop at once (once per vector
 * iteration, so inline): the effective VL when SUBVL is 1 and no loop is
 * part-done, else -1; *vl_reg := STATE.vl.  x is the integer register
 * file (x[STATE.vl] is read).
 */

static inline int sv_state_plain_vl(uint32_t state, const uint64_t *x,
                                    unsigned *vl_reg)
{
    unsigned reg = (state & SV_STATE_VL_MASK) >> SV_STATE_VL_SHIFT;
    uint64_t mvl = (state & SV_STATE_MAXVL_MASK) + 1;

    *vl_reg = reg;
    if (state & SV_STATE_OFFS_SUBVL_MASK) {
        return -1;
    }
    /* §1.4, A39, A40, A50: STATE.vl = x0 is one element. */
    return !reg ? 1 : (int)(x[reg] < mvl ? x[reg] : mvl);
}

/*
 * §5.5, contract C2/C6: whether count elements, stride bytes apart from
 * byte 0 of register reg, end inside the register file (x0..x127 or
 * f0..f127).  An element loop whose operand does not fit is illegal; a
 * fast path that finds one leaves it to that loop.  count 0 always fits.
 */
static inline bool sv_elements_fit(unsigned reg, unsigned count,
                                   unsigned stride)
{
    return 8u * reg + (uint64_t)count * stride <= 8u * SV_NUM_REGS;
}

/*
 * Trap fail-on-first's VL cut (§7.1, A49) on a run of groups of subvl
 * memory elements of es bytes, done in order from the run's start, whose
 * first inaccessible byte is ok_bytes from that start: VL := the index of
 * the first group that touches it (whole groups before it are done, the
 * group itself is excluded).  0 means group 0 is the one: it traps as
 * without fail-on-first, and VL is not cut.
 */
static inline unsigned sv_ffirst_trap_vl(uint64_t ok_bytes, unsigned es,
                                         unsigned subvl)
{
    return (unsigned)(ok_bytes / ((uint64_t)es * subvl));
}

/*
 * Writing a fail-on-first VL (§7.3, A19, A41): the new VL goes to
 * x[vl_reg], vl_reg being STATE.vl (sv_state_vl_reg); with STATE.vl = x0
 * (one element, vectorisation off) nothing is written.  x is the integer
 * register file x0..x31.
 */
static inline void sv_ffirst_commit_vl(uint64_t *x, unsigned vl_reg,
                                       unsigned vl)
{
    if (vl_reg) {
        x[vl_reg] = vl;
    }
}

/*
 * User mode (QEMU's linux-user) makes some guest accesses as host
 * accesses, at the host address guest_base + address modulo 2^64 (g2h).
 * The host faults on such an access with its address only inside the
 * host's user address space, below SV_USER_HOST_TOP (x86-64, and AArch64
 * with 48-bit virtual addresses: 2^47); beyond it (a wild guest pointer)
 * it faults without one (x86-64: #GP, si_addr 0), where the guest's
 * SIGSEGV must name the element's address.  So a host access is made
 * only for a range that ends at or below this top and does not wrap;
 * any other goes through the guest-access path that names the address.
 */
#define SV_USER_HOST_TOP ((uint64_t)1 << 47)

/* Whether the host range [host, host + len) may be accessed directly
 * (user mode): it does not wrap and ends at or below SV_USER_HOST_TOP.
 * Written as one compare of host once len is a constant (a range that
 * ends at or below the top cannot wrap). */
static inline bool sv_user_host_range_ok(uint64_t host, uint64_t len)
{
    return len <= SV_USER_HOST_TOP && host <= SV_USER_HOST_TOP - len;
}

/* STATE with its three loop offsets replaced (each truncated to its field);
 * element loops store this before every element access (§1.6, §9). */
uint32_t sv_state_set_offsets(uint32_t state, unsigned srcoffs,
                              unsigned destoffs, unsigned dsvoffs);

/*
 * CSR writes.  Each takes the current register and the value to write,
 * and on SV_OK stores the new register; on an ILLEGAL_* status nothing
 * is stored and the caller raises illegal instruction.  xlen is 32 or 64.
 * gpr points at x0..x31 (x0 reads as 0 whatever gpr[0] holds).
 */

/* MVL: value must be 1..xlen; sets STATE.maxvl = value - 1 (§1.3, A4). */
sv_status sv_csr_write_mvl(uint32_t *state, uint64_t value, unsigned xlen);

/*
 * VL (§1.4, §2.2, A5, A6): value is a register number 0..31; if it is
 * non-zero its contents must be <= MVL.  Sets STATE.vl and resets
 * srcoffs, destoffs and dsvoffs.  The CSR read afterwards returns the new
 * number (the spec's "returns the new value").
 */
sv_status sv_csr_write_vl(uint32_t *state, uint64_t value, const uint64_t *gpr);

/* SUBVL: value must be 1..4; sets STATE.subvl, clamps dsvoffs (§1.5). */
sv_status sv_csr_write_subvl(uint32_t *state, uint64_t value);

/*
 * STATE (§1.6): bits 63:28 must be zero and vl must name x0..x31;
 * maxvl+1 is clamped to 1..xlen, srcoffs/destoffs to 0..VL-1 (the
 * effective VL after the write, read from gpr; 0 when it is 0) and
 * dsvoffs to 0..SUBVL-1.
 */
sv_status sv_csr_write_state(uint32_t *state, uint64_t value,
                             const uint64_t *gpr, unsigned xlen);

/*
 * SVPSTATE (§1.7, A25): bits 63:28 must be zero; MVL clamped to 1..xlen,
 * VL (vl+1) clamped to 1..MVL, offsets clamped to 0..VL-1 and
 * 0..SUBVL-1.
 */
sv_status sv_csr_write_svpstate(uint32_t *svpstate, uint64_t value,
                                unsigned xlen);

/* SVPSTATE's vector length (vl + 1), 1..64. */
unsigned sv_svpstate_vl(uint32_t svpstate);

/* ---------------------------------------------------------------------
 * PCVBLK (§1.8, A12): 32 bits,
 *   31:30 status | 29 vlset | 28:26 16xil | 25:21 header[11:7] |
 *   20:5 vblock2 | 4:0 opptr
 */
enum {
    SV_PCVBLK_NONE = 0,      /* not in a VBLOCK */
    SV_PCVBLK_HEADER = 1,    /* header (and VBLOCK2) copied */
    SV_PCVBLK_VL_DONE = 2,   /* VL block acted on */
    SV_PCVBLK_EXECUTING = 3, /* tables read, opcodes executing */
};

typedef struct sv_pcvblk_fields {
    uint8_t status;
    uint8_t vlset;
    uint8_t nnn;     /* header 16xil, bits 14:12 */
    uint8_t hdr11_7; /* header bits 11:7: rplen, pplen, pmode, rmode */
    uint16_t vblock2;
    uint8_t opptr; /* 16-bit units from the first opcode */
} sv_pcvblk_fields;

sv_pcvblk_fields sv_pcvblk_unpack(uint32_t pcvblk);
/* PCVBLK's status field (31:30) alone: QEMU reads it on every TB lookup. */
static inline unsigned sv_pcvblk_status(uint32_t pcvblk)
{
    return pcvblk >> 30;
}
uint32_t sv_pcvblk_pack(sv_pcvblk_fields fields);

/* The header parcel that a PCVBLK value caches (VBLOCK2 is .vblock2). */
uint16_t sv_pcvblk_header(uint32_t pcvblk);

/*
 * A write to the live PCVBLK (§1.8, A53): legal only with status = 11;
 * value is the whole new opptr (CSRRW rs1 or CSRRWI imm) and must lie
 * inside the block's opcode area (and fit opptr's 5 bits, A13).  Only
 * opptr changes.
 */
sv_status sv_csr_write_pcvblk(uint32_t *pcvblk, uint64_t value);

/* ---------------------------------------------------------------------
 * sv.setvl rd, rs1, VLMAX (§2.1, A7): OP-V (1010111), funct3 111,
 *   bit 31 = 0, VLMAX = bits 30:20, rs1 = 19:15, rd = 11:7.
 */
typedef struct sv_setvl_insn {
    uint8_t rd;
    uint8_t rs1;
    uint16_t vlmax;
} sv_setvl_insn;

/* True when insn is in sv.setvl's opcode space (OP-V, funct3 111). */
bool sv_is_setvl_space(uint32_t insn);

/* Decodes; bit 31 set is SV_ILLEGAL_SETVL_RESERVED. */
sv_status sv_setvl_decode(uint32_t insn, sv_setvl_insn *out);

/*
 * Executes sv.setvl: VLMAX must be 1..xlen; MVL := VLMAX, STATE.vl := rd,
 * offsets reset; the value for rd is VLMAX when rs1 = x0, else
 * min(rs1_value, VLMAX).  *rd_value is set even when rd = x0 (the caller
 * discards it).
 */
sv_status sv_setvl_exec(uint32_t *state, sv_setvl_insn insn, uint64_t rs1_value,
                        unsigned xlen, uint64_t *rd_value);

/* ---------------------------------------------------------------------
 * Instruction lengths (§3.1, §11.1).
 */
typedef enum sv_insn_format {
    SV_FMT_16, /* RVC */
    SV_FMT_32,
    SV_FMT_P48,      /* 48-bit with bit 6 = 0: SVPrefix P48 */
    SV_FMT_48_OTHER, /* 48-bit with bit 6 = 1: no SV meaning */
    SV_FMT_P64,      /* 64-bit: SVPrefix P64 */
    SV_FMT_VBLOCK,   /* (80 + 16*nnn)-bit, nnn != 7 */
    SV_FMT_VBLOCK2,  /* extended VBLOCK: 96 + 16*ilen bits (A47) */
    SV_FMT_RESERVED, /* no length defined; the formats above cover
                        every parcel, so classify never returns it */
} sv_insn_format;

/* Classifies by the first parcel alone. */
sv_insn_format sv_insn_classify(uint16_t parcel0);

/*
 * Length in bytes of the instruction starting with parcels[0..n-1].
 * VBLOCK2 needs parcels[1]; with n < 2 it returns SV_NEED_MORE_BYTES.
 * SV_FMT_RESERVED gives SV_ILLEGAL_RESERVED_LENGTH with *len = 2 (the
 * minimum to consume).  n must be >= 1.
 */
sv_status sv_insn_length(const uint16_t *parcels, size_t n, unsigned *len);

/* Longest SV instruction: VBLOCK2 with ilen = 31 (12 + 62 bytes). */
#define SV_MAX_INSN_LEN 74

/* ---------------------------------------------------------------------
 * VBLOCK layout (§3.1-§3.4, A10, A11, A47): where the VL block, tables
 * and opcode area sit.  Field decoding of the entries is separate.
 */
typedef struct sv_vblock_layout {
    uint8_t total_bytes; /* whole instruction, header included */
    uint8_t extended;    /* VBLOCK2 parcel present */
    uint8_t vlset;       /* a VL block follows */
    uint8_t vl_block_offset;
    uint8_t reg_entries;     /* count of register-table entries */
    uint8_t reg_entry_bytes; /* 1 or 2 */
    uint8_t reg_offset;
    uint8_t pred_entries;
    uint8_t pred_entry_bytes;
    uint8_t pred_offset;
    uint8_t opcodes_offset; /* 16-bit aligned */
    uint8_t opcodes_bytes;
} sv_vblock_layout;

/*
 * header is parcel 0; vblock2 is parcel 1 (read only when nnn = 7).
 * Fails with SV_ILLEGAL_VBLOCK2_RESERVED for VBLOCK2 rplen2/pplen2/
 * swlen/mapsz/bit15 != 0, SV_ILLEGAL_VBLOCK_MALFORMED when the tables
 * leave no room for an opcode, SV_ILLEGAL_RESERVED_LENGTH when header is
 * not a VBLOCK.
 */
sv_status sv_vblock_layout_decode(uint16_t header, uint16_t vblock2,
                                  sv_vblock_layout *out);

/* ---------------------------------------------------------------------
 * VBLOCK context (§1.10, §1.11, §3, A8-A11, A13, A26-A29, A45, A46): a
 * whole VBLOCK decoded from its bytes, so the translator can specialise
 * on it (§3.8 QEMU NOTE).  Only run-time values (the VL register, STATE
 * offsets, mask registers, data) are left to the generated code.
 */

/*
 * One register-table entry after expansion (§1.10, A26, A27, A29).  An
 * enabled entry redirects through regidx even when isvec = 0 (A29).  The
 * 8-bit form has isvec = 1 and regidx = regnum << 2 (A26).
 */
typedef struct sv_reg_entry {
    uint8_t enabled;
    uint8_t isvec;
    uint8_t regidx;  /* 0..127 */
    uint8_t elwidth; /* 0 = default, else 8, 16 or 32 (vew) */
} sv_reg_entry;

/*
 * One predicate-table entry (§1.11, A28, A45, A46).  The mask is the
 * integer register x[predidx], inverted when inv is set.  8-bit entries
 * have ffirst = 0 and predidx = x(9 + k), k being the entry's position in
 * the predicate table counting unused (all-zero) entries too.
 */
typedef struct sv_pred_entry {
    uint8_t enabled;
    uint8_t predidx; /* x0..x31 */
    uint8_t zero;
    uint8_t inv;
    uint8_t ffirst;
} sv_pred_entry;

/* VL-block modes (§3.3); 3 is reserved and never decoded. */
enum {
    SV_VL_MODE_RD = 0,  /* sv.setvl rd, x0, vlmax */
    SV_VL_MODE_RVC = 1, /* sv.setvl rd', rs1', vlmax (x8..x15) */
    SV_VL_MODE_RS1 = 2, /* MVL := vlmax, STATE.vl := rs1, no GPR write */
};

/*
 * The VL block (§3.3, A8, A9).  Acting on it is an sv.setvl with
 * VLMAX = vlmax (imm + 1, A8) and SUBVL := subvl: mode 0 and 1 as
 * sv_setvl_exec with {rd, rs1, vlmax}; mode 2 (A9, likely intent) sets
 * MVL := vlmax and STATE.vl := rs1 and writes no GPR (rd is x0).  The
 * decode does not know XLEN: vlmax > XLEN is left to the executor
 * (sv_setvl_exec's SV_ILLEGAL_SETVL_VLMAX).  Everything is 0 when
 * present = 0.
 */
typedef struct sv_vl_block {
    uint8_t present;
    uint8_t mode;  /* SV_VL_MODE_* */
    uint8_t subvl; /* 1..4 */
    uint8_t vlmax; /* 1..64 */
    uint8_t rd;    /* x0..x31; x0 in mode 2 */
    uint8_t rs1;   /* x0..x31; x0 in mode 0 */
} sv_vl_block;

/*
 * Acts on a VL block (§3.3, A8, A9; the modes above) and then SUBVL.
 * Every STATE field is rewritten (MVL, the VL register, SUBVL, offsets
 * 0), so the new STATE does not depend on the old one: a translator can
 * compute it once.  *rd_value is the value for rd in modes 0 and 1 (the
 * caller writes it when rd != x0).  Errors leave *state unchanged.
 */
sv_status sv_vl_block_exec(uint32_t *state, sv_vl_block vl, uint64_t rs1_value,
                           unsigned xlen, uint64_t *rd_value);

/* A13: opptr is 5 bits, so no opcode may start beyond halfword 31. */
#define SV_VBLOCK_MAX_OPS 32

typedef struct sv_vblock_context {
    sv_vblock_layout layout;
    sv_vl_block vl;
    /* Indexed by the 5-bit register field of the opcode (the key). */
    sv_reg_entry int_regs[32];
    sv_reg_entry fp_regs[32];
    sv_pred_entry int_preds[32];
    sv_pred_entry fp_preds[32];
    /* The opcode area (§3.5): each opcode's byte offset from the start
     * of the VBLOCK (its opptr is (op_offset - layout.opcodes_offset) / 2).
     * Entries beyond n_ops are 0. */
    uint8_t n_ops;
    uint8_t op_offset[SV_VBLOCK_MAX_OPS];
} sv_vblock_context;

/*
 * Decodes the VBLOCK whose bytes (little-endian parcels, as in memory)
 * are bytes[0..n-1]; bytes past the block are ignored.  On SV_OK the
 * context is stored; on any other status *out is left untouched.
 *
 *   SV_NEED_MORE_BYTES: n < 2, or n < 4 with nnn = 7 (VBLOCK2 needed for
 *     the length), or n < layout.total_bytes.
 *   SV_ILLEGAL_RESERVED_LENGTH: parcel 0 is not a VBLOCK header.
 *   SV_ILLEGAL_VBLOCK2_RESERVED: VBLOCK2 bits 15:5 != 0 (§3.4).
 *   SV_ILLEGAL_VBLOCK_MALFORMED, each of which raises illegal instruction
 *   (contract C4):
 *     - the tables leave no room for an opcode (sv_vblock_layout_decode);
 *     - VL block mode 11, whatever its other bits (§3.3);
 *     - VL block mode 00 or 10 with the reserved bit 5 set (§3.3);
 *     - a non-zero padding byte after an odd count of 8-bit predicate
 *       entries (A11 pads "with a zero byte");
 *     - a 16-bit predicate entry whose key (regidx) has bits 6:5 != 0
 *       (A28), or with predidx = x0, zero = 1, inv = 1 (A46);
 *     - in the opcode area (§3.5): a zero parcel 0x0000; any instruction
 *       longer than 32 bits other than P48/P64 (48-bit with bit 6 = 1,
 *       and VBLOCK/VBLOCK2: no nesting); the last
 *       instruction not ending exactly at the block end; an opcode
 *       starting at opptr > 31 (A13).
 *
 * Tables are expanded in order, so a later entry with the same key (and
 * the same i/f) wins (§1.10); all-zero entries are unused (A45) and do
 * not clear an earlier entry.  Both tables are kept as decoded: the
 * "predicate only with a register entry" rule is a lookup rule, applied
 * by sv_pred_for.
 */
sv_status sv_vblock_decode(const uint8_t *bytes, size_t n,
                           sv_vblock_context *out);

/*
 * sv_vblock_decode, and *why (unless why is NULL) := NULL on SV_OK and
 * SV_NEED_MORE_BYTES, else a static text naming the rule the block
 * breaks, one per cause ("VL block mode 11 is reserved (§3.3)"), for
 * the -d guest_errors log and tools.
 */
sv_status sv_vblock_decode_why(const uint8_t *bytes, size_t n,
                               sv_vblock_context *out, const char **why);

/*
 * The predicate entry that applies to register regkey (the 5-bit opcode
 * field) of class is_fp, or NULL for "no predicate" (all ones, not
 * zeroing: §1.11 get_pred_val).  The entry applies only when the same
 * register also has an enabled register-table entry (§1.11 critical
 * rule), unless no_reg_entry_needed is true: a branch's second operand,
 * including the integer x0 of C.BEQZ/C.BNEZ (§1.11, §6.2).  regkey > 31
 * gives NULL.
 */
const sv_pred_entry *sv_pred_for(const sv_vblock_context *ctx, bool is_fp,
                                 unsigned regkey, bool no_reg_entry_needed);

/*
 * Steps PCVBLK past the opcode it names, as after an ECALL that a trap
 * handler (or linux-user's syscall) completed (§3.7): *pcvblk := the
 * next opcode's PCVBLK (every field but opptr kept), or 0 when it named
 * the block's last opcode (the block is done: PC moves past it).  Fails
 * with SV_ILLEGAL_PCVBLK_INACTIVE when status != 11 and
 * SV_ILLEGAL_PCVBLK_RANGE when opptr names no opcode of ctx, leaving
 * *pcvblk unchanged.
 */
sv_status sv_pcvblk_advance(const sv_vblock_context *ctx, uint32_t *pcvblk);

/*
 * The byte offset from the block's start of the opcode PCVBLK names
 * (status 11): the VBLOCK layout that PCVBLK's cached header and VBLOCK2
 * give (A12), plus 2 * opptr.  What a debugger shows as the pc of the
 * next inner opcode (docs/guide.md, "gdb"); needs no memory.  Fails with
 * SV_ILLEGAL_PCVBLK_INACTIVE when status != 11, the layout's status for
 * a header that decodes to none, and SV_ILLEGAL_PCVBLK_RANGE when opptr
 * lies past the block's end.
 */
sv_status sv_pcvblk_opcode_offset(uint32_t pcvblk, unsigned *offset);

/* ---------------------------------------------------------------------
 * Inner instructions of a VBLOCK (§5, §8): which operands an RVC or RV32
 * instruction has, of which register class, and how the element loop
 * treats it.  sv_resolve_op decodes each inner opcode with this and looks
 * its operands up in the block's tables (the resolution step, below).
 */

/* How the element loop treats an instruction (§5.2, §8.4, A36-A38). */
typedef enum sv_op_class {
    SV_OPC_ILLEGAL = 0, /* reserved / unknown encoding, or 0x0000 */
    SV_OPC_SCALAR,      /* no SV meaning: FENCE, FENCE.I, ECALL, EBREAK,
                           xRET, WFI, SFENCE.*, C.NOP, C.EBREAK, LR/SC
                           (§5.2: run once), and every other valid RV64GC
                           instruction not listed below; runs once, never
                           redirected */
    SV_OPC_CSR,         /* CSRR*: once, never redirected (A37) */
    SV_OPC_LUI,         /* LUI, C.LUI: once, rd redirected (A36) */
    SV_OPC_AUIPC,       /* once, rd redirected */
    SV_OPC_JAL,         /* JAL, C.J, C.JAL (RV32 only; not on RV64) */
    SV_OPC_JALR,        /* JALR, C.JR, C.JALR */
    SV_OPC_BRANCH,      /* BEQ..BGEU, C.BEQZ, C.BNEZ (§6) */
    SV_OPC_INT,         /* OP, OP-IMM, OP-32, OP-IMM-32, M, RVC arithmetic;
                           single-predicated ("sv") */
    SV_OPC_LOAD,        /* integer and FP loads, incl. C.* and C.*SP forms;
                           twin-predicated (§5.4, §8) */
    SV_OPC_STORE,       /* integer and FP stores, incl. C.* and C.*SP */
    SV_OPC_FP,          /* F/D arithmetic, compares, FCLASS, FSGNJ*, FCVT*,
                           FMV.X.* / FMV.*.X: see sv_fp_op */
    SV_OPC_AMO,         /* AMO*.W/D (not LR/SC): §5.2 "including AMOs";
                           alu = sv_amo_op (the funct5), single-predicated
                           from rd (§8.4), addresses as loads' (§8.1) */
} sv_op_class;

/* The AMOs of SV_OPC_AMO: the values are their funct5 codes. */
typedef enum sv_amo_op {
    SV_AMO_ADD = 0x00,
    SV_AMO_SWAP = 0x01,
    SV_AMO_XOR = 0x04,
    SV_AMO_OR = 0x08,
    SV_AMO_AND = 0x0C,
    SV_AMO_MIN = 0x10,
    SV_AMO_MAX = 0x14,
    SV_AMO_MINU = 0x18,
    SV_AMO_MAXU = 0x1C,
} sv_amo_op;

/* Integer operations of SV_OPC_INT (RV64IM). */
typedef enum sv_alu_op {
    SV_ALU_ADD,
    SV_ALU_SUB,
    SV_ALU_SLL,
    SV_ALU_SLT,
    SV_ALU_SLTU,
    SV_ALU_XOR,
    SV_ALU_SRL,
    SV_ALU_SRA,
    SV_ALU_OR,
    SV_ALU_AND,
    SV_ALU_ADDW,
    SV_ALU_SUBW,
    SV_ALU_SLLW,
    SV_ALU_SRLW,
    SV_ALU_SRAW,
    SV_ALU_MUL,
    SV_ALU_MULH,
    SV_ALU_MULHSU,
    SV_ALU_MULHU,
    SV_ALU_DIV,
    SV_ALU_DIVU,
    SV_ALU_REM,
    SV_ALU_REMU,
    SV_ALU_MULW,
    SV_ALU_DIVW,
    SV_ALU_DIVUW,
    SV_ALU_REMW,
    SV_ALU_REMUW,
    SV_ALU_COUNT
} sv_alu_op;

/* FP operations of SV_OPC_FP (RV64FD). */
typedef enum sv_fp_op {
    SV_FP_ADD,
    SV_FP_SUB,
    SV_FP_MUL,
    SV_FP_DIV,
    SV_FP_SQRT,
    SV_FP_MIN,
    SV_FP_MAX,
    SV_FP_SGNJ,
    SV_FP_SGNJN,
    SV_FP_SGNJX,
    SV_FP_MADD,
    SV_FP_MSUB,
    SV_FP_NMSUB,
    SV_FP_NMADD,
    SV_FP_EQ,
    SV_FP_LT,
    SV_FP_LE,
    SV_FP_CLASS,   /* rd is integer */
    SV_FP_CVT_F_F, /* FCVT.S.D / FCVT.D.S */
    SV_FP_CVT_I_F, /* FCVT.{W,WU,L,LU}.{S,D}: rd integer, rs1 FP */
    SV_FP_CVT_F_I, /* FCVT.{S,D}.{W,WU,L,LU}: rd FP, rs1 integer */
    SV_FP_MV_X_F,  /* FMV.X.W / FMV.X.D: rd integer */
    SV_FP_MV_F_X,  /* FMV.W.X / FMV.D.X: rs1 integer */
    SV_FP_COUNT
} sv_fp_op;

/*
 * The FP sources an arithmetic op reads: FSQRT 1, the fused multiply-adds
 * 3, the other ops from SV_FP_ADD to SV_FP_LE 2; 0 for the conversions,
 * moves and FCLASS, which the FP element helpers do not take.
 */
static inline unsigned sv_fp_arith_sources(unsigned fp)
{
    switch (fp) {
    case SV_FP_SQRT:
        return 1;
    case SV_FP_MADD:
    case SV_FP_MSUB:
    case SV_FP_NMSUB:
    case SV_FP_NMADD:
        return 3;
    default:
        return fp <= SV_FP_LE ? 2 : 0;
    }
}

/* One register operand of an instruction. */
typedef struct sv_operand {
    uint8_t present; /* the instruction has this operand */
    uint8_t reg;     /* the 5-bit register number as encoded (the table
                        key; RVC 3-bit fields give x8..x15 / f8..f15, the
                        implicit x2 of C.*SP and C.ADDI16SP/4SPN is 2) */
    uint8_t is_fp;   /* FP register file */
    uint8_t width;   /* natural width in bits: 64 for integer registers,
                        32 for the sources of *W ops (the result of a W op
                        is still written as 64 bits: rd.width = 64), 32/64
                        for FP operands by the opcode's fmt (.S/.D), and for
                        FCVT/FMV integer operands 32 for W/WU, 64 for L/LU
                        and FMV.X.D/FMV.D.X, 32 for FMV.X.W/FMV.W.X */
} sv_operand;

typedef struct sv_op {
    uint8_t cls;        /* sv_op_class */
    uint8_t len;        /* 2 or 4 */
    uint8_t twin;       /* twin-predicated (§5.4, A38): loads, stores, C.MV,
                           FSGNJ* with rs1 == rs2 (FMV/FNEG/FABS), FCVT*,
                           FMV.X.* / FMV.*.X, FCLASS */
    uint8_t alu;        /* sv_alu_op (SV_OPC_INT) */
    uint8_t fp;         /* sv_fp_op (SV_OPC_FP) */
    uint8_t fmt_bits;   /* SV_OPC_FP: 32 (.S) or 64 (.D) — for CVT_F_F the
                           destination's format; rs1.width is the source's */
    uint8_t rm;         /* SV_OPC_FP: rounding-mode field (7 = dynamic) */
    uint8_t int_signed; /* FCVT integer side, loads: signed (W, L, LB..LD) */
    uint8_t mem_bytes;  /* loads/stores: 1, 2, 4 or 8 */
    uint8_t b_is_imm;   /* SV_OPC_INT: the second source is imm, not rs2 */
    int64_t imm;        /* sign-extended immediate (I/S/B/U/J and RVC
                           forms; LUI/AUIPC: the full value imm << 12;
                           shifts: shamt) */
    /* rd: destination (absent for stores and branches); rs1: first source
     * (address register for loads/stores); rs2: second source (store data,
     * branch's second operand, x0 for C.BEQZ/C.BNEZ); rs3: FMA addend. */
    sv_operand rd, rs1, rs2, rs3;
} sv_op;

/*
 * Decoding conventions (sv_op_decode), per class.  Fields a class does
 * not mention are 0; absent operands are all zero.
 *  - SV_OPC_SCALAR, SV_OPC_CSR, SV_OPC_ILLEGAL: no operands, imm 0.
 *  - SV_OPC_INT: rd; rs1 the first source; rs2 the second, or b_is_imm = 1
 *    and imm the sign-extended immediate (shifts: the shamt).  rd.width
 *    is 64; rs1/rs2 width 32 for *W ops (ADDIW is SV_ALU_ADDW with
 *    b_is_imm), 64 otherwise.  RVC: C.ADDI/C.ADDIW/C.SLLI/C.SRLI/C.SRAI/
 *    C.ANDI and the CA ops have rs1 = rd.  C.LI is ADD rd, rs1 = x0
 *    (present, reg 0), imm.  C.ADDI4SPN is ADD rd', rs1 = x2, imm;
 *    C.ADDI16SP is ADD rd = rs1 = x2, imm (both single-predicated INT,
 *    although §8.3 calls them scalar: a translator that wants that must
 *    special-case them).  C.MV is ADD with rs1 absent, rs2 = the source,
 *    twin = 1 (a missing rs1 reads as 0).  C.ADD is ADD rd, rd, rs2.
 *  - SV_OPC_LUI / SV_OPC_AUIPC: rd, imm (the full value).
 *  - SV_OPC_JAL: rd (C.J: x0), imm.  SV_OPC_JALR: rd (C.JR: x0, C.JALR:
 *    x1), rs1, imm (RVC: 0).
 *  - SV_OPC_BRANCH: rs1, rs2 (C.BEQZ/C.BNEZ: x0, present), imm the byte
 *    offset; alu holds funct3: 0 BEQ, 1 BNE, 4 BLT, 5 BGE, 6 BLTU, 7 BGEU
 *    (C.BEQZ 0, C.BNEZ 1).
 *  - SV_OPC_LOAD: rd (integer width 64, FP 32/64 by FLW/FLD), rs1 the
 *    address (64), imm, mem_bytes, int_signed (LB LH LW LD and C.LW/C.LD;
 *    not LBU LHU LWU or FP loads), twin.  SV_OPC_STORE: rs1 address, rs2
 *    data, no rd, imm, mem_bytes, twin.
 *  - SV_OPC_AMO: rd (64, the old value, sign-extended for .W), rs1 the
 *    address (64), rs2 the operand (32 for .W, 64 for .D), mem_bytes 4/8,
 *    int_signed 1, alu the sv_amo_op, imm 0; aq/rl are not decoded (QEMU
 *    does every AMO sequentially consistent).  LR/SC are SV_OPC_SCALAR.
 *  - SV_OPC_FP: fmt_bits 32/64; FP operands at fmt_bits (CVT_F_F: rs1 at
 *    the source format).  rm is bits 14:12 for ops with an rm field (rm 5
 *    and 6 are ILLEGAL); SGNJ*, MIN/MAX, compares, FCLASS and FMV report
 *    rm = 7.  Compares and FCLASS: rd integer, width 64.  FCVT int side
 *    and FMV int side: widths as sv_operand.width says; int_signed for
 *    W and L.
 *  - RVC HINTs with rd = x0 (C.NOP and C.ADDI x0, C.LI/C.LUI/C.MV/C.ADD/
 *    C.SLLI x0) are SV_OPC_SCALAR; those with rd != 0 (C.ADDI rd, 0,
 *    shamt 0) decode as the no-op they spell.  32-bit forms with rd = x0
 *    (e.g. NOP = ADDI x0, x0, 0) decode literally.
 *  - A 16-bit parcel is decoded from insn's low 16 bits; a 32-bit word
 *    whose bits 4:2 are 111 (48 bits or longer) is ILLEGAL.  On failure
 *    *out is all zero except len (2 or 4).
 */

/*
 * Decodes one inner instruction: insn is the 16-bit parcel zero-extended
 * (when insn & 3 != 3) or the 32-bit word, for RV64GC (XLEN 64, FLEN 64).
 * Reserved encodings (including 0x0000, C.ADDI4SPN with imm 0, C.LUI with
 * imm 0 or rd 2, shifts with shamt >= 64 or >= 32 for *W, RV32-only RVC)
 * give cls = SV_OPC_ILLEGAL.  RVC forms decode to their 32-bit expansion's
 * meaning (C.MV is twin; C.ADD single).  Returns false only for
 * SV_OPC_ILLEGAL.  Never reads anything but its arguments.
 */
bool sv_op_decode(uint32_t insn, sv_op *out);

/*
 * An integer element operation at the mixed widths of §5.5.  a and b are
 * raw element values of wa and wb bits (only their low bits count;
 * widths 8, 16, 32 or 64).  The operation width is opw = max(wa, wb),
 * except that an immediate (b_is_imm) does not take part: opw = wa and b
 * is the already sign-extended immediate, truncated to opw.  Each source
 * is zero- or sign-extended from its width to opw as the operation's
 * scalar definition demands (sv_alu_sources_signed), the operation is done
 * at opw (shift amounts masked to opw - 1; MULH* give the high opw bits of
 * the 2*opw product; division by zero and overflow as in RV64M, at opw),
 * and the opw-bit result is returned sign- or zero-extended to 64 bits
 * (sv_alu_result_signed).  *W operations behave as the scalar ISA when
 * both widths are 32: the result is sign-extended.  A *W op never
 * computes wider than 32 (opw = min(opw, 32)).  Widths 0 or > 64 count
 * as 64; an op >= SV_ALU_COUNT returns 0.
 */
uint64_t sv_alu_exec(sv_alu_op op, uint64_t a, unsigned wa, uint64_t b,
                     unsigned wb, bool b_is_imm);

/*
 * The integer op table (alu.cc, one constexpr row per sv_alu_op): what
 * sv_alu_exec does for op, for every consumer that runs the op itself
 * (the compiled element loop's TCG, the specialised helpers, the
 * planner).  base is the operation done at opw; a *W op (is_word) works
 * at sv_alu_word_width(opw).  Each source is sign-extended to opw when
 * its flag says so (else zero-extended), and the opw-bit result is
 * sign-extended when r_signed.  low_bits: the result's low n bits depend
 * only on the sources' low n bits (ADD, SUB, logic, SLL, MUL), so the op
 * may run wider than opw when only n <= opw result bits are kept.
 * divides: the op divides (RV64M's by-zero and overflow results).
 */
typedef struct sv_alu_info {
    uint8_t base; /* sv_alu_op */
    bool a_signed;
    bool b_signed;
    bool r_signed;
    bool is_word;
    bool low_bits;
    bool divides;
} sv_alu_info;

/* op's row, or NULL for op >= SV_ALU_COUNT. */
const sv_alu_info *sv_alu_op_info(sv_alu_op op);

/* Whether op's sources are sign-extended to opw (SLT, SRA, MULH, DIV, REM,
 * *W ops other than SRLW/DIVUW/REMUW) — MULHSU: rs1 only (true is
 * returned for MULHSU; its rs2 is zero-extended). */
bool sv_alu_sources_signed(sv_alu_op op);
/* Whether op's result is sign-extended to a wider destination (*W ops,
 * SRA, MULH, MULHSU, DIV, REM). */
bool sv_alu_result_signed(sv_alu_op op);

/*
 * The width a *W op (ADDW, SUBW, SLLW, SRLW, SRAW, MULW, DIVW, ...)
 * computes at when its operation width is opw (§5.5 with RV64's *W
 * definition): opw up to 32, else 32.  Below 64 bits a *W op is the plain
 * op at the element width; at 64 it is the 32-bit op, its result
 * sign-extended (sv_alu_result_signed).  sv_alu_exec, the ALU helpers and
 * the translator's forms all decide by this.
 */
static inline unsigned sv_alu_word_width(unsigned opw)
{
    return opw < 32 ? opw : 32;
}

/* ---------------------------------------------------------------------
 * Vector compare-and-branch (§6, the normative §6.5 algorithm, A16-A20).
 * The translator resolves the static parts (which operands are vectors,
 * their widths and registers, the predicate entries, the mode); the run
 * time passes the register-file bytes, the masks and VL.  One call gives
 * the stored mask and the decision, so the translator emits one helper
 * call and one conditional branch.
 */

/* The compare: the branch's funct3 (C.BEQZ = EQ, C.BNEZ = NE with x0). */
typedef enum sv_cmp_kind {
    SV_CMP_EQ = 0,
    SV_CMP_NE = 1,
    SV_CMP_LT = 4,
    SV_CMP_GE = 5,
    SV_CMP_LTU = 6,
    SV_CMP_GEU = 7,
} sv_cmp_kind;

typedef struct sv_branch_operand {
    /* Register-file bytes of the operand's register (8 * regidx, C6). */
    const uint8_t *base;
    uint8_t isvec; /* element i at base + i * width / 8; else element 0 */
    uint8_t width; /* element width in bits: 8, 16, 32 or 64 */
    /* Bytes readable from base (to the end of the register file); 0: only
     * the elements.  Lets the kernel load whole SIMD vectors past VL. */
    uint16_t readable;
} sv_branch_operand;

typedef struct sv_branch_desc {
    uint8_t kind;           /* sv_cmp_kind */
    sv_branch_operand a, b; /* rs1, rs2 (x0 for C.BEQZ/C.BNEZ) */
    uint64_t ps;            /* first predicate (rs1's entry), ~0 if none */
    uint8_t zero1;          /* its zeroing: masked-out elements fail */
    uint8_t ffirst;         /* its fail-on-first: stop at the first failure */
    uint8_t has_target;     /* a second predicate (rs2's entry) exists */
    uint8_t inv2, zero2;    /* its inv/zero: the mode (§6.3) */
    uint64_t target_old;    /* contents of its predidx register */
    uint8_t vl;             /* effective VL, 0..64 */
    uint8_t start;          /* first element (STATE.srcoffs) */
} sv_branch_desc;

typedef struct sv_branch_result {
    uint64_t mask; /* the result register's new contents (A20) */
    uint8_t taken; /* the consensual decision */
    uint8_t cut;   /* fail-on-first stopped: VL := new_vl (§7.3, A19) */
    uint8_t new_vl;
} sv_branch_result;

/*
 * §6.5: elements start..vl-1 are compared at opw = max(a.width, b.width),
 * both extended to opw (signed for LT/GE, unsigned otherwise).  Masked-
 * out elements are skipped, or fail when zero1.  With ffirst the loop
 * stops at the first failure (which counts).  The initial mask is
 * target_old when has_target and !zero1, else all ones; bits not reached
 * keep it.  Decision from P = result & tested: ifall P == tested,
 * ifnotall P != tested, ifany P != 0, ifnone P == 0 (no target: ifall).
 */
sv_branch_result sv_vector_branch(const sv_branch_desc *d);

/*
 * §6.5's rules past the compare, for code that computes the compare
 * bits itself (the translator's compiled branch) and for
 * sv_vector_branch: which elements are tested, what the stored mask
 * starts as, and how the decision reads P = passed & tested.
 *   tested = elements start..VL-1, & the first predicate unless
 *            test_masked;  passed = compare & first predicate & tested;
 *   ffirst: the first tested element that did not pass cuts tested
 *            after it and VL := its index;
 *   mask   = (initial & ~tested) | passed, initial the result register's
 *            old value when keep_old, else (1 << VL) - 1;
 *   taken  = (P == (vs_tested ? tested : 0)) == taken_if_equal.
 */
typedef struct sv_branch_rule {
    uint8_t test_masked;    /* zeroing: masked-out elements are tested */
    uint8_t ffirst;         /* stop at the first failure (§7.2, A19) */
    uint8_t keep_old;       /* the mask starts as the register's old value */
    uint8_t vs_tested;      /* ifall/ifnotall: P against tested, else 0 */
    uint8_t taken_if_equal; /* ifall, ifnone: taken when equal */
} sv_branch_rule;

/* The rule of a branch whose first predicate has zero1/ffirst and whose
 * second (if has_target) inv2/zero2 (§6.3's modes). */
static inline sv_branch_rule sv_branch_rule_of(bool zero1, bool ffirst,
                                               bool has_target, unsigned inv2,
                                               unsigned zero2)
{
    sv_branch_rule rule;
    /* No second predicate: ifall. */
    unsigned inv = has_target ? inv2 & 1 : 0, zero = has_target ? zero2 & 1 : 0;

    rule.test_masked = zero1;
    rule.ffirst = ffirst;
    rule.keep_old = has_target && !zero1;
    /* §6.3: inv picks "all" / "not all", zero "any" / "none". */
    rule.vs_tested = !zero;
    rule.taken_if_equal = inv == zero;
    return rule;
}

/*
 * §1.11: the element mask a predicate entry gives, from its register's
 * value (x0 reads 0): bit i set, element i is active.  Zeroing decides
 * what an inactive element becomes, the consumer's loop.
 */
static inline uint64_t sv_pred_mask(uint64_t reg_value, bool inv)
{
    return inv ? ~reg_value : reg_value;
}

/*
 * §1.11 get_pred_val, whole: the element mask of predicate entry p, where
 * reg_value is the contents of x[p->predidx] as the caller reads it.  No
 * entry (p NULL or not enabled) is all ones (and not zeroing); x0 reads 0
 * whatever reg_value is; then sv_pred_mask.  Every element loop, helper
 * and the profiler take a predicate's mask from here.
 */
static inline uint64_t sv_pred_entry_mask(const sv_pred_entry *p,
                                          uint64_t reg_value)
{
    if (!p || !p->enabled) {
        return ~(uint64_t)0;
    }
    return sv_pred_mask(p->predidx ? reg_value : 0, p->inv);
}

/* sv_pred_entry_mask reading x[p->predidx] from x, the integer register
 * file x0..x31. */
static inline uint64_t sv_pred_entry_mask_x(const sv_pred_entry *p,
                                            const uint64_t *x)
{
    return sv_pred_entry_mask(p, p && p->enabled ? x[p->predidx] : 0);
}

/*
 * sv_vector_branch's result when fail-on-first decides it: rs1 a vector
 * of vl > 0 elements from element 0, first predicate all ones (not
 * zeroing) with fail-on-first, and no mask register written: no second
 * predicate (ifall), or one whose register is x0, which then only picks
 * the mode (§6.3: inv2, zero2).  first_fail is the index of the first
 * element failing the compare, or vl when none does.
 */
static inline sv_branch_result
sv_vector_branch_ffirst(unsigned vl, unsigned first_fail, bool has_target,
                        unsigned inv2, unsigned zero2)
{
    sv_branch_result r;
    uint64_t all = vl >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << vl) - 1;
    bool failed = first_fail < vl;
    /* §7.2, A19: the loop stops at the failure (VL := its index), which
     * is tested and fails; the elements before it passed. */
    uint64_t passed = failed ? ((uint64_t)1 << first_fail) - 1 : all;
    uint64_t tested = failed ? passed | (uint64_t)1 << first_fail : all;

    sv_branch_rule rule =
        sv_branch_rule_of(false, true, has_target, inv2, zero2);

    r.cut = failed;
    r.new_vl = (uint8_t)first_fail;
    /* P == tested: no failure; P == 0: element 0 failed (vl > 0). */
    r.taken =
        (rule.vs_tested ? !failed : first_fail == 0) == rule.taken_if_equal;
    /* A20 as sv_vector_branch gives it: initial all ones without a
     * target, x0's 0 with one; bits not tested keep it. */
    r.mask = ((has_target ? 0 : all) & ~tested) | passed;
    return r;
}

/* The common case: no second predicate (ifall). */
static inline sv_branch_result
sv_vector_branch_ffirst_ifall(unsigned vl, unsigned first_fail)
{
    return sv_vector_branch_ffirst(vl, first_fail, false, 0, 0);
}

/*
 * The fail-on-first compare of BEQ (equal) or BNE (!equal) on n <= 64
 * packed 8-bit elements: the index of the first i where (a[i] == b[i])
 * != equal, or n.  b is n bytes, or NULL to compare every a[i] with
 * splat.  Reads whole 16-byte pieces: a and b must be readable up to n
 * rounded up to 16.  The host's best SIMD target (Highway, as the branch
 * kernel: compare_simd.cc); little-endian hosts.
 */
unsigned sv_first_byte_fail(const uint8_t *a, const uint8_t *b, uint8_t splat,
                            unsigned n, bool equal);

/*
 * The byte search of a fused byte load and BNE (the strlen/memchr loop):
 * copies the 64 bytes at src to dst and returns the index of the first
 * of them equal to c, or 64 when none is (always when c > 0xff).  src's
 * first bytes are read first and src is read once, so that a fault while
 * reading src is on its first access (element 0's, for a caller that
 * reads guest memory directly); src and dst do not overlap.
 */
unsigned sv_copy_find_byte64(uint8_t *dst, const uint8_t *src, uint64_t c);

/* The same function at the host's SIMD target, for a caller that runs it
 * once per 64 bytes of a string and would pay for the dispatch: a
 * pointer set before main() (never NULL) that is not to be written. */
extern unsigned (*sv_copy_find_byte64_fn)(uint8_t *dst, const uint8_t *src,
                                          uint64_t c);

/*
 * sv_copy_find_byte64 for a run of n (1..64) bytes: copies them to dst
 * and returns the index of the first equal to c, or n (always when c >
 * 0xff).  Reads src in 8-byte words up to n rounded up to 8, the first
 * word first (the caller makes sure they lie in one page); rewrites
 * dst's words up to there with only the n bytes changed.
 */
unsigned sv_copy_find_byte_short(uint8_t *dst, const uint8_t *src, unsigned n,
                                 uint64_t c);

/* The mode a second predicate entry selects (§6.3): "ifall" (inv 0,
 * zero 0, or no entry), "ifnotall" (1, 0), "ifany" (0, 1), "ifnone"
 * (1, 1).  For disassemblers and logs. */
const char *sv_branch_mode_name(bool has_target, unsigned inv2, unsigned zero2);

/* What a disassembler prints after opcode insn of a VBLOCK with context
 * ctx: " <MODE>" or " <MODE ffirst>" for a vector branch (§6.3, its
 * predicates as sv_resolve_op assigns them), "" for any other opcode,
 * a branch without a vector operand (A29) included.  Written into buf
 * (size bytes, NUL-terminated); returns buf. */
const char *sv_branch_mode_note(const sv_vblock_context *ctx, uint32_t insn,
                                char *buf, size_t size);

/* ---------------------------------------------------------------------
 * SVPrefix: P48 and P64 (§4, A21-A26, A35, A43, A51).  A prefix wraps one
 * RV32 instruction and gives it its own vector context.  The decode
 * produces the same per-operand entries as a VBLOCK's tables
 * (sv_reg_entry, sv_pred_entry), already resolved, so the element loops
 * run it unchanged.
 *
 * P48: 47:18 RV32[31:2] | 17:7 prefix | 6:0 0011111;
 *      insn32 = ((p48 >> 16) & ~3) | 3.
 * P64: 63:48 64-bit prefix (63:60 ext/vd bits, 59:48 VLtyp) | the P48
 *      layout in 47:7 | 6:0 0111111 (A22: RV32[31:2]).
 */

/* The prefix type the embedded opcode selects (§4.2 decision procedure). */
typedef enum sv_prefix_type {
    SV_PTYPE_LD,  /* LOAD, LOAD-FP */
    SV_PTYPE_ST,  /* STORE, STORE-FP */
    SV_PTYPE_R,   /* OP, OP-32 */
    SV_PTYPE_I,   /* OP-IMM, OP-IMM-32 */
    SV_PTYPE_U,   /* LUI, AUIPC */
    SV_PTYPE_FR,  /* OP-FP with two FP sources (add .. compares) */
    SV_PTYPE_FI,  /* OP-FP with one source (FSQRT, FCVT, FMV, FCLASS) */
    SV_PTYPE_FR4, /* FMADD, FMSUB, FNMSUB, FNMADD */
    /* SYSTEM, integer S/B/J (A21; JALR too), MISC-MEM, AMO, OP-V and
     * every undecodable word. */
    SV_PTYPE_RESERVED,
} sv_prefix_type;

/*
 * Type of the RV32 word insn32 (bits 1:0 = 11), or SV_PTYPE_RESERVED.
 * An opcode that sv_op_decode rejects is reserved as well.
 */
sv_prefix_type sv_prefix_type_of(uint32_t insn32);

/* The four VLtyp forms (§4.4, A24) and "no change". */
typedef enum sv_vltyp_form {
    SV_VLTYP_NONE = 0, /* VLtyp = 0: STATE's VL/MVL and offsets */
    SV_VLTYP_VL_IMM,   /* [11]=0, vlt=0: VL = VLEN + 1 */
    SV_VLTYP_VL_REG,   /* [11]=0, vlt=1: VL = min(x[VLEN], SVPSTATE.MVL) */
    SV_VLTYP_MVL,      /* [11]=1, [0]=0: MVL = VL = imm + 1 */
    SV_VLTYP_MVL_CLAMP /* [11]=1, [0]=1: MVL = imm + 1, VL = min(VL, MVL) */
} sv_vltyp_form;

typedef struct sv_vltyp {
    uint8_t form;   /* sv_vltyp_form */
    uint8_t vldest; /* x1..x31 receives the new VL; 0 = none */
    uint8_t value;  /* VL_IMM: VL (1..32); VL_REG: the register VLEN
                       (x1..x31); MVL*: MVL (1..32) */
} sv_vltyp;

/* Decodes the 12 VLtyp bits; VL_REG with VLEN = x0 is
 * SV_ILLEGAL_PREFIX_VLTYP (§4.4 "x0 not allowed"). */
sv_status sv_vltyp_decode(unsigned vltyp, sv_vltyp *out);

typedef struct sv_prefix_context {
    uint8_t len;   /* 6 (P48) or 8 (P64) */
    uint8_t type;  /* sv_prefix_type */
    uint32_t insn; /* the wrapped RV32 instruction */
    /*
     * The wrapped instruction as the element loop runs it: sv_op_decode's
     * result, except that MV (ADDI rd, rs1, 0) is C.MV's twin form (rs1
     * absent, rs2 the source; §4.2 lists MV under tpred), FSGNJ* is
     * twin (FMV/FNEG/FABS) only when both sources are the same register,
     * and FP16 (§4.1: fmt 10, FLH/FSH, FCVT to/from H) decodes as its
     * single- (or double-) precision twin with the half operands' width
     * 16 (fmt_bits 16 when the destination is half; mem_bytes 2).
     */
    sv_op op;
    /*
     * The operands, by op's slots: enabled = op has the operand, regidx
     * the 7-bit register (A26), isvec its vs/vd bit (OR rule applied),
     * elwidth the itype width for integer operands (0 = XLEN).
     */
    sv_reg_entry rd, rs1, rs2, rs3;
    /* Destination side (pred, or tpred's destination part; for a store
     * the address/memory side, §5.4) and source side (tpred). zero and
     * ffirst are always 0: SVPrefix has neither (§4.2). */
    sv_pred_entry pred_dest, pred_src;
    uint8_t itype;      /* 0 XLEN, 1 = 8, 2 = 16, 3 = 32 bits */
    uint8_t int_signed; /* §4.2 signedness rule for integer elements */
    uint8_t svlen;      /* 0: SUBVL applies; else the length 2..4 */
    uint16_t vltyp_bits;
    sv_vltyp vltyp;
    /* SVPSTATE holds this instruction's VL/MVL/SUBVL and loop offsets
     * (§1.7): VLtyp != 0 or svlen != 0; otherwise STATE does. */
    uint8_t uses_svpstate;
} sv_prefix_context;

/*
 * Decodes the P48 or P64 at bytes[0..n-1] (memory order).  On SV_OK the
 * context is stored; otherwise *out is untouched.
 *   SV_NEED_MORE_BYTES: n < 2 or n < the format's length.
 *   SV_ILLEGAL_RESERVED_LENGTH: not a P48 (0011111) or P64 (0111111).
 *   SV_ILLEGAL_PREFIX_TYPE: the wrapped opcode's type is reserved (also
 *     FCVT.H.H and fmt 11, which have no meaning).
 *   SV_ILLEGAL_PREFIX_FIELD: a reserved bit set (P48-U 16/15/13, P48-FR
 *     12, P64 "—"/rsvd bits), pred 001 (vitp6 01), tpred 100, a source
 *     predicate on an op that is not twin-predicated, a non-zero itype
 *     on an op without integer register operands (FSQRT; FP load/store
 *     data).
 *   SV_ILLEGAL_PREFIX_VLTYP: as sv_vltyp_decode.
 */
sv_status sv_prefix_decode(const uint8_t *bytes, size_t n,
                           sv_prefix_context *out);

/*
 * The inverse of sv_prefix_decode: writes the P48 (want->len 6) or P64
 * (8) whose decode says what *want says into bytes[0..len).  Read from
 * want: len, insn (the RV32 opcode with its immediates; its register
 * fields are rewritten), rd..rs3 (by the opcode's slots; MV's source in
 * rs1 or, as the decode has it, rs2; elwidth 0 = XLEN), pred_dest,
 * pred_src, svlen (0 or 2..4) and vltyp (P64).  The rest is derived.
 * When no encoding decodes to that it returns the decode's status class
 * (SV_ILLEGAL_PREFIX_TYPE, _FIELD, _VLTYP) and *why (if why is not NULL)
 * names what cannot be said: an opcode no type wraps, a P48 register
 * number, a vector bit the type derives, widths, a predicate, zeroing
 * or fail-on-first, a VLtyp.
 */
sv_status sv_prefix_encode(const sv_prefix_context *want, uint8_t *bytes,
                           const char **why);

/*
 * P48 register number (A26) of a 5-bit field and its extension bit:
 * scalar {ext5, field} (x0..x63); vector {r6[0], r6[5:1], 0} with
 * r6 = {ext5, field} (even registers 0..126).
 */
unsigned sv_p48_regnum(unsigned field, unsigned ext5, bool isvec);
/* P64: {ext6, ext5, field}, scalar or vector alike. */
unsigned sv_p64_regnum(unsigned field, unsigned ext5, unsigned ext6);

/* The loop a prefixed instruction runs (§1.7, §4.4, A24, A25, A51). */
typedef struct sv_prefix_loop {
    uint32_t svpstate;    /* SVPSTATE to store before the loop */
    uint8_t vl;           /* elements, 0..64 */
    uint8_t subvl;        /* 1..4 */
    uint8_t resume;       /* SVPSTATE's offsets were non-zero: re-entry */
    uint8_t write_vldest; /* x[vltyp.vldest] := vl once the loop is done
                             (a trap or an illegal element leaves it) */
} sv_prefix_loop;

/*
 * For a context with uses_svpstate: the VL, SUBVL and SVPSTATE of its
 * loop.  svpstate is the current SVPSTATE; if its offsets are non-zero
 * the instruction is being re-entered after a trap and runs on with the
 * VL/SUBVL saved there.  Otherwise VL/MVL come from
 * VLtyp (VL_REG reads vlen_value = x[VLEN]), or when VLtyp = 0 from STATE
 * (state_vl = its effective VL, A51; state_mvl, state_subvl), SUBVL from
 * svlen (else state_subvl), and SVPSTATE gets them with zero offsets
 * (vl and maxvl stored minus one, A25; a VL of 0 stores vl = 0).
 * VL_IMM: MVL := max(SVPSTATE.MVL, VL).  MVL_CLAMP: VL := min(SVPSTATE.VL,
 * MVL).  For a context without uses_svpstate it returns state's values.
 */
sv_prefix_loop sv_prefix_loop_begin(const sv_prefix_context *p,
                                    uint32_t svpstate, unsigned state_mvl,
                                    unsigned state_vl, unsigned state_subvl,
                                    uint64_t vlen_value);

/* ---------------------------------------------------------------------
 * The resolution step (§5, §6, §7, §8): one inner instruction of a
 * VBLOCK, or the instruction a P48/P64 wraps, resolved against its
 * context into a complete, immutable description of its element loop.
 * Every rule that links an instruction to its context lives here and
 * nowhere else: which register entry applies to an operand, which
 * predicate belongs to which side, the memory element size, which ops
 * stay scalar, how the op executes.  VBLOCK ops and prefixed ops give the
 * same description, so one set of element loops runs both; consumers (the
 * translator, the run-time helpers, the profiler) read it and never look
 * at the tables or the instruction word again.
 */

/* How an instruction executes. */
typedef enum sv_exec_kind {
    SV_EXEC_ILLEGAL = 0,  /* illegal instruction: .why says which rule */
    SV_EXEC_SCALAR,       /* no register entry applies: the plain
                             instruction, on its own registers */
    SV_EXEC_STAYS_SCALAR, /* SV is off for it whatever the tables say:
                             CSR* (A37), C.ADDI4SPN and C.ADDI16SP (§8.3) */
    SV_EXEC_FLOW,         /* a branch or jump without register entries
                             (§3.7, A14): once, on its own registers */
    SV_EXEC_VBRANCH,      /* a branch with a register entry: §6.5 */
    SV_EXEC_ELEMENTS,     /* an element loop without memory (INT, FP, and
                             LUI/AUIPC once, A36) */
    SV_EXEC_MEMORY,       /* an element loop of loads or stores (§8) */
} sv_exec_kind;

/* Fail-on-first (§7). */
typedef enum sv_ffirst_kind {
    SV_FFIRST_NONE = 0,
    SV_FFIRST_TRAP, /* §7.1: a load/store's destination-side predicate */
    SV_FFIRST_DATA, /* §7.2: an arithmetic result is zero; for a vector
                       branch (§6.5) the first compare that fails */
} sv_ffirst_kind;

/* How a prefixed instruction's integer results are extended (§4.2). */
typedef enum sv_result_sign {
    SV_SIGN_OP = 0, /* the scalar op's own rule (VBLOCK ops) */
    SV_SIGN_ZERO,   /* zero-extended */
    SV_SIGN_SIGNED, /* sign-extended */
} sv_result_sign;

/* Operand slots of sv_resolved_op.opnd. */
enum { SV_RD = 0, SV_RS1, SV_RS2, SV_RS3, SV_NUM_SLOTS };

/* One register operand after redirection (§1.10, A26, A29, §5.5). */
typedef struct sv_resolved_operand {
    uint8_t present; /* the instruction has it (x0 of C.J/JAL/JALR's
                        link field is no operand) */
    uint8_t is_fp;
    uint8_t key;        /* the 5-bit field as encoded */
    uint8_t tagged;     /* a register entry (or the prefix) applies */
    uint8_t reg;        /* the base register, 0..127 */
    uint8_t isvec;      /* elements step from reg; else element 0 only */
    uint8_t width;      /* element width in bits: 8, 16, 32 or 64 */
    uint8_t natural;    /* the op's own width (sv_operand.width) */
    uint8_t overridden; /* width comes from elwidth/itype (no NaN-boxing,
                           packed elements, §5.5) */
} sv_resolved_operand;

typedef struct sv_resolved_op {
    uint8_t kind;    /* sv_exec_kind */
    const char *why; /* SV_EXEC_ILLEGAL: the rule, for the log */
    uint32_t insn;   /* the instruction word (RV32 or RVC parcel) */
    sv_op op;        /* sv_op_decode's result (prefix: the context's) */
    sv_resolved_operand opnd[SV_NUM_SLOTS]; /* by SV_RD..SV_RS3 */
    uint8_t tagged; /* any operand has a register entry */
    uint8_t vector; /* any operand is a vector (and the op is not
                       LUI/AUIPC): else the loop runs once */
    /*
     * Predicates (§1.11 get_pred_val; enabled = 0 means all ones, not
     * zeroing).  Element loops: pred_dest is the destination side (a
     * store's is its address register rs1, §5.4/§8.1), pred_src the
     * source side of twin predication (loads: rs1; stores: rs2; C.MV:
     * rs2; FP twins: rs1).  Vector branches (§6.2): pred_src is rs1's
     * entry (the "first" predicate, with zero and ffirst), pred_dest the
     * result register and mode, rs2's entry (x0's for C.BEQZ/C.BNEZ),
     * which needs no register entry; its ffirst is 0.
     */
    sv_pred_entry pred_dest, pred_src;
    uint8_t twin; /* twin-predicated: src_slot -> dst_slot */
    uint8_t src_slot, dst_slot;
    uint8_t ffirst; /* sv_ffirst_kind */
    /* Loads/stores: the access size (op.mem_bytes) and the size each
     * memory element has, smaller when the address register's elwidth
     * cuts the access up (§8.2); bytes. */
    uint8_t mem_bytes, mem_es;
    uint8_t unit_stride; /* memory: scalar address register (§8.1) */
    uint8_t result_sign; /* sv_result_sign */
    /* The loop's VL/SUBVL source: 0 = STATE (VBLOCK ops, prefixes without
     * VLtyp/svlen); 1 = SVPSTATE via sv_prefix_loop_begin with svlen and
     * vltyp below (§1.7, §4.4). */
    uint8_t uses_svpstate;
    uint8_t svlen; /* 0: SUBVL from STATE; else 2..4 */
    sv_vltyp vltyp;
} sv_resolved_op;

/*
 * The rule of resolved vector branch r from its predicates (§6.2: the
 * first is rs1's entry, the second rs2's), as helper_sv_branch reads
 * them; *mask_reg: the register the mask is stored in (0: none).
 */
sv_branch_rule sv_resolved_branch_rule(const sv_resolved_op *r,
                                       unsigned *mask_reg);

/*
 * Resolves the inner instruction insn (16-bit parcel zero-extended, or
 * the 32-bit word) of the VBLOCK ctx.  Always fills *out; returns false
 * when kind is SV_EXEC_ILLEGAL.  Rules, in order:
 *  - an encoding sv_op_decode rejects is illegal;
 *  - x0 as a jump's link register is no operand;
 *  - an operand is tagged when its class's table has an enabled entry for
 *    its key; then reg/isvec/elwidth are the entry's (A29: isvec = 0 still
 *    redirects), else reg = key, scalar, natural width;
 *  - CSR* stay scalar (A37); so do C.ADDI4SPN and C.ADDI16SP (§8.3);
 *  - untagged instructions are SCALAR, or FLOW for branches and jumps;
 *    JAL/JALR with a link register (calls) are illegal (§3.7);
 *  - tagged jumps are illegal (§5.2); SCALAR-class instructions (AMO,
 *    LR/SC, FENCE, SYSTEM...) have no operands, so they run plain;
 *  - a tagged branch is a VBRANCH; tagged LOAD/STORE are MEMORY; tagged
 *    INT/FP/LUI/AUIPC are ELEMENTS (LUI/AUIPC once, A36);
 *  - an FP operand with an 8-bit element width is illegal (§5.5).
 */
bool sv_resolve_op(const sv_vblock_context *ctx, uint32_t insn,
                   sv_resolved_op *out);

/*
 * Whether a resolved FP op's result is converted to a destination element
 * narrower than its widest FP source (§5.5).  For an opcode without a
 * rounding-mode field (FSGNJ*, FMIN/FMAX; the twin FMV/FNEG/FABS) that
 * conversion rounds at the dynamic rounding mode, frm, as an opcode with
 * rm = DYN does (docs/sv-state.md, "Element loop readings").
 */
bool sv_resolved_fp_narrows(const sv_resolved_op *r);

/*
 * Where the element loop of resolved op r (SV_EXEC_ELEMENTS or
 * SV_EXEC_MEMORY) starts and how many groups it has, given its loop state
 * loopst (STATE, or SVPSTATE for a prefix's own loop) and the VL and
 * SUBVL it runs at (§1.6, §5.2, A40; docs/sv-state.md, "Operands with no
 * vector").  With a vector operand (r->vector) it starts at loopst's
 * offsets and runs VL groups of SUBVL.  Without one (every operand
 * scalar, or LUI/AUIPC) it is a one-element loop: element 0 of each
 * operand, once, whatever VL (even 0), SUBVL and the offsets are, so it
 * starts at offsets 0.  Every loop, this one included, ends with the
 * offsets 0.
 */
typedef struct sv_loop_span {
    uint8_t vl;       /* groups: VL, or 1 */
    uint8_t subvl;    /* sub-elements per group: SUBVL, or 1 */
    uint8_t srcoffs;  /* the source side's first group */
    uint8_t destoffs; /* the destination side's first group */
    uint8_t dsvoffs;  /* the first group's first sub-element */
} sv_loop_span;

sv_loop_span sv_loop_span_of(const sv_resolved_op *r, uint32_t loopst,
                             unsigned vl, unsigned subvl);

/*
 * Resolves the instruction a decoded P48/P64 wraps (§4): its operands are
 * the prefix's entries, its predicates the prefix's (no zeroing, no
 * fail-on-first), SUBVL and VL as uses_svpstate/svlen/vltyp say, integer
 * results extended by the §4.2 signedness rule.  Same kinds as
 * sv_resolve_op (the decode has rejected what a prefix cannot wrap).
 */
bool sv_resolve_prefix(const sv_prefix_context *p, sv_resolved_op *out);

/* =====================================================================
 * The SV assembler and formatter (asm.cc, format.cc): sv-as's one-line
 * vector syntax (docs/guide.md, "Writing SV with sv-as") in and out.  The
 * one place that syntax is defined; tools/sv-as, tools/sv-objdump and
 * sv_disas.c call these.  Unlike the rest of this header these functions
 * allocate (the translated text).
 */

/*
 * Translates the assembly source src[0..len) (file names it in messages):
 * every line that is not SV is copied unchanged; sv. lines become the
 * .2byte parcels and plain instructions of their VBLOCK, which GNU as 2.40
 * assembles.  *out := the translated text, *errors := one "file:line:
 * reason" line per error; both are NUL-terminated and freed with
 * sv_asm_free.  Returns the number of errors (0: *out is complete).
 */
unsigned sv_asm_translate(const char *file, const char *src, size_t len,
                          char **out, char **errors);
void sv_asm_free(char *text);

/*
 * Writes the VBLOCK at bytes[0..n) in sv-as syntax into buf (size bytes,
 * NUL-terminated): line 0 "sv.block" (with " vl=RD,RS1,VLMAX" for a VL
 * block), then one line per inner opcode in order, then "sv.endblock",
 * each ending in '\n'.  Branch targets are relative (".+12").  plain, if
 * not NULL, holds each opcode's own disassembly (or NULL), used for an
 * untagged opcode the formatter has no name for.  Returns false, with a
 * reason in buf, when the block does not decode or the syntax cannot say
 * what it does (then print it raw).
 */
bool sv_format_vblock(const uint8_t *bytes, size_t n, const char *const *plain,
                      char *buf, size_t size);

/*
 * Writes the P48/P64 at bytes[0..n) in sv-as syntax into buf, one line
 * without '\n': "sv.OP/p48..." (its form always written, so that it
 * stands alone or inside sv.block).  Returns false, with a reason in buf,
 * when it does not decode or the syntax cannot say it; what it prints
 * reassembles to the same bytes (it checks).
 */
bool sv_format_prefix(const uint8_t *bytes, size_t n, char *buf, size_t size);

/* ===================================================================== */
/* ---------------------------------------------------------------------
 * The planner (plan.cc): how the translator runs one SV op.  A pure
 * function of the resolved op and of what the translation block knows;
 * the translator's emitters only carry its plan out.  docs/sv-engine.md
 * describes the backends.
 */

/* The code an op gets (sv_backend_name gives each a short name). */
typedef enum sv_backend {
    SV_BACKEND_INLINE_GVEC,  /* unrolled gvec over x32..x127 (+ inline_int) */
    SV_BACKEND_INLINE_INT,   /* inline TCG integer element loop */
    SV_BACKEND_INLINE_MEM,   /* inline TCG unit-stride element loop */
    SV_BACKEND_INLINE_RUN,   /* a run of host accesses within one page */
    SV_BACKEND_INLINE_PRED,  /* gvec, then a predicate-mask merge */
    SV_BACKEND_ALU_HELPER,   /* helper_sv_alu_<op>_<w> */
    SV_BACKEND_FP_HELPER,    /* helper_sv_fp_<op>_<w> */
    SV_BACKEND_FP_TWIN,      /* helper_sv_fp_twin: FMV/FNEG/FABS, FCVT */
    SV_BACKEND_UNIT_RUN,     /* helper_sv_unit_run: whole pages */
    SV_BACKEND_PREFIX,       /* helper_sv_prefix: an SVPSTATE loop */
    SV_BACKEND_ELEMENTS,     /* helper_sv_elements: the general loop */
    SV_BACKEND_COMPILED,     /* the compiled general loop (shape: a stub) */
    SV_BACKEND_FUSED,        /* load + vector branch: helper_sv_ldbr */
    SV_BACKEND_FUSED_SCAN,   /* byte load + BNE: helper_sv_ldbr_scan */
    SV_BACKEND_FUSED_SCAN64, /* the same, VL 64 known: ..._scan64 */
    SV_BACKEND_BRANCH,       /* vector branch: helper_sv_branch */
    SV_BACKEND_BRANCH_SCAN,  /* byte-compare branch: helper_sv_scan first */
    SV_BACKEND_FFIRST_GVEC,  /* data-dependent ffirst: gvec, zero-lane test */
    SV_BACKEND_BRANCH_TCG, /* vector branch compiled: compares, §6.5 in TCG */
    SV_BACKEND_COUNT
} sv_backend;

/*
 * The SV_BACKEND debug knob: "auto" (default) plans freely; "nogvec" is
 * auto without gvec (nor the predicated merge); "helper" forbids inline
 * TCG; "general" runs every element loop in the general loop
 * (SVPSTATE loops in helper_sv_prefix) and every vector branch in
 * helper_sv_branch; "nofuse" is auto without the fused load + branch;
 * "compiled" is auto with the compiled general loop where its shape
 * allows.  Every knob value gives the same results.
 */
typedef enum sv_knob {
    SV_KNOB_AUTO,
    SV_KNOB_NOGVEC,
    SV_KNOB_HELPER,
    SV_KNOB_GENERAL,
    SV_KNOB_NOFUSE,
    SV_KNOB_COMPILED,
    SV_KNOB_COUNT
} sv_knob;

/* The knob value a string names ("" and NULL: auto), or -1. */
int sv_knob_parse(const char *s);
/* "auto", "nogvec", ... by sv_knob; "?" out of range. */
const char *sv_knob_name(unsigned knob);
/* "inline_gvec", "elements", ... by sv_backend; "?" out of range. */
const char *sv_backend_name(unsigned backend);

/* Forms of an unrolled gvec op (sv_plan.gvec_form). */
enum {
    SV_GV_NONE,
    SV_GV_VV,    /* vector op vector */
    SV_GV_VI,    /* vector op immediate */
    SV_GV_VS,    /* vector op scalar */
    SV_GV_SV,    /* scalar op vector (ADD AND OR XOR MUL swapped; SUB) */
    SV_GV_SPLAT, /* no vector source: one result, duplicated */
};

/* What the translation block knows when it plans an op. */
typedef struct sv_plan_facts {
    uint8_t knob;                /* sv_knob */
    uint8_t prefix;              /* a P48/P64: no block temps, no VL block */
    uint8_t plugins;             /* TCG plugins see this TB */
    uint8_t user_mode;           /* linux-user (guest memory is host memory) */
    uint8_t host_words;          /* 64-bit target on a little-endian host: host
                                    words hold packed elements in order (C6) */
    uint8_t first_op;            /* opcode 0 of a block this TB entered */
    uint8_t subvl;               /* the block's SUBVL (1 for a prefix) */
    uint8_t vl_reg;              /* the register STATE.vl names after the VL
                                    block; 0: none */
    uint8_t vl_is_mvl;           /* VL = MVL holds here (the VL block set it
                                    so and nothing since changed it) */
    unsigned known_mvl;          /* MVL when this TB ran the VL block, else 0 */
    const sv_vl_block *vl_block; /* the block's VL block, or NULL */
    unsigned unroll_budget;      /* element bodies the TB may still unroll */
    unsigned temps_used;         /* TCG temps the TB holds now */
    unsigned temps_max;          /* TCG temps a TB may hold */
    unsigned page_size;          /* target page bytes */
    unsigned gpr_phase;          /* env offset of x0's register file mod 16 */
    /*
     * The host moves 32 bytes between any two addresses in one
     * instruction, alignment free (TCG's V256 loads and stores:
     * vmovdqu on x86-64 with AVX2).
     */
    uint8_t host_vec32;
    /*
     * A load: the vector branch that follows it in the block (resolved),
     * or NULL; next_leaves: its target is outside the block.
     */
    const sv_resolved_op *next;
    uint8_t next_leaves;
    /*
     * The inline VL block left its rd := min(x[rs1], MVL) unwritten for
     * this opcode (0) to write at its VL = MVL test (sv_plan.vl_at_test).
     */
    uint8_t vl_pending;
    /*
     * VL = MVL on the in-line path into this opcode: the one before it
     * tested it, keeps it, and sends its VL < MVL path to this opcode's
     * own below-MVL entry (sv_plan.below_entry) or else its start
     * (sv_plan.below_to_next).
     */
    uint8_t vl_tested;
    /*
     * The op is a run of the block's shared page test (sv_shared_page),
     * which passed when the op runs; op_stops: the TB may stop between a
     * block's opcodes (a gdb breakpoint, single steps), so no plan spans
     * several of them.
     */
    uint8_t shared_page;
    uint8_t op_stops;
    /*
     * The block's shared page test translates the op a second time, out
     * of line (its copy for a failed test): no plan joins the op's paths
     * to the next opcode's (sv_plan.below_to_next), which the copy would
     * leave unbound or join with VL < MVL.
     */
    uint8_t ops_replayed;
    /*
     * The op starts its own unwind row (an insn_start whose data restores
     * its PCVBLK at a fault, sv_plan.pcvblk): no plugins, icount or
     * single step, and room for the block's rows in the TB.
     */
    uint8_t unwind_rows;
    /*
     * The TB may go on at the op's vector branch's target (the op's own
     * or, for a load, facts.next's): the branch is the block's last
     * opcode, its target lies after the block on the TB's first page,
     * and every instruction of the TB runs when its path does (no
     * plugins, icount, single step, breakpoints or trigger, and room for
     * another instruction in the TB).
     */
    uint8_t may_go_on;
} sv_plan_facts;

/* How an op's PCVBLK reaches what observes it (sv_plan.pcvblk). */
enum {
    SV_PCVBLK_BY_STORE,  /* stored before the op */
    SV_PCVBLK_BY_SLOW,   /* its fast path cannot fault or call out:
                            stored on its slow paths only */
    SV_PCVBLK_BY_UNWIND, /* a fault restores it from the op's unwind
                            row; stored on its rare paths */
};

/* How the op runs: everything an emitter needs, nothing to re-derive. */
typedef struct sv_plan {
    uint8_t backend;      /* sv_backend */
    uint8_t width;        /* the computation's element width, bits (0: n/a) */
    uint8_t stride;       /* inline loops: bytes between register elements */
    uint8_t top_reg;      /* inline loops: highest vector base register */
    uint8_t unroll;       /* inline loops: straight-line code when VL = MVL
                             at run time (a TCG loop otherwise) */
    uint8_t unroll_ok;    /* inline loops: the op's elements may be unrolled */
    uint8_t gvec_form;    /* SV_GV_* of the gvec part */
    uint8_t save_opc;     /* record the opcode for unwinding first */
    uint8_t max_vl;       /* compiled: the longest VL whose elements lie in
                             the register file (longer: the general loop);
                             inline_run: the longest VL below MVL moved
                             inline on one page (0: all to unit_run, or
                             none when vl_is_mvl) */
    uint8_t vl_is_mvl;    /* the TB knows VL = MVL (sv_plan_facts): no form
                             for a VL below MVL is planned */
    int16_t copy_src;     /* inline_pred: the source the op copies, or -1 */
    unsigned gvec_elems;  /* unrolled: elements 0..n-1 by gvec */
    unsigned unroll_cost; /* taken from the TB's unroll budget */
    uint8_t step;         /* compiled loads and stores: elements per
                             iteration of the loop form's first loop (0, 1:
                             one); inline_run: bytes per iteration of the
                             below-MVL loop form (0: straight-line) */
    /*
     * What runs when a specialisation's run-time precondition fails
     * (STATE not plain: SUBVL > 1 or a resumed loop):
     * SV_BACKEND_COMPILED, the compiled loops over the run-time VL (their
     * grouped loop), or SV_BACKEND_ELEMENTS; for inline_pred (STATE
     * known plain) at VL < MVL: SV_BACKEND_ALU_HELPER.
     */
    uint8_t fallback;
    uint8_t two_pages;   /* inline_run: a run that crosses one page boundary
                            moves inline (out of line, after the block's
                            last opcode), else in helper_sv_unit_run */
    uint8_t shared_page; /* inline_run: the block's shared page test
                            (sv_shared_page) covers the run at VL = MVL:
                            no test of its own, no two-page form */
    /*
     * inline_run and inline_gvec's splat: 32, their 16-byte and longer
     * moves are 32-byte host vector moves at any address
     * (facts.host_vec32), with no test of the host address's alignment;
     * 0: 16-byte moves where the address and the registers share their
     * 16-byte phase (an inline run tests it at run time), else 8 bytes.
     */
    uint8_t vec_bytes;
    /*
     * inline_run with two_pages, vec_bytes 32: the two-page form goes
     * back to the fast path's end (a join), for runs long enough to
     * cross a page often; else it leaves the TB for the next opcode and
     * the fast path stays one extended basic block.
     */
    uint8_t two_pages_join;
    /*
     * The op's first code is its VL = MVL test, and it writes the VL
     * block's pending rd there (facts.vl_pending): one compare of x[rs1]
     * with MVL; the fast path writes rd := MVL, the path below MVL rd :=
     * x[rs1].  Else the VL block's rd is written before the op.
     */
    uint8_t vl_at_test;
    /*
     * inline_run: its VL < MVL path goes on at the next opcode's
     * below-MVL entry, not at its own end, so that VL = MVL holds in line
     * after it (the next opcode's facts.vl_tested).
     */
    uint8_t below_to_next;
    /*
     * ffirst_gvec with facts.vl_tested: no VL = MVL test in line; the
     * previous opcode's VL < MVL path enters the op's slow path, which
     * computes the elements first.
     */
    uint8_t below_entry;
    /*
     * The TB has too few TCG temps left for the op's code: it ends before
     * the op, which the next TB translates first (as QEMU ends a full
     * TB); the rest of the plan is what that TB will do.
     */
    uint8_t end_tb;
    /*
     * SV_PCVBLK_*: nothing on the op's fast path reads or writes PCVBLK
     * but what it says.
     */
    uint8_t pcvblk;
    /*
     * The TB goes on at the vector branch's target, translated next in
     * it, and the not-taken side leaves the TB (sv_plan_op's rule: the
     * side a fail-on-first pass with no failing element takes).
     */
    uint8_t go_on_taken;
    /*
     * Compiled loads and stores (and the compiled fallback of the unit-
     * stride ones): the twin loop (a predicate that is not all ones, or a
     * load into a scalar register), else the access loop, whose register
     * side is a vector or, for a store, a scalar read for every element.
     */
    uint8_t mem_twin;
} sv_plan;

/*
 * Plans op r (SV_EXEC_ELEMENTS, SV_EXEC_MEMORY or SV_EXEC_VBRANCH) in a
 * TB that knows facts.  Always fills *plan.
 */
void sv_plan_op(const sv_resolved_op *r, const sv_plan_facts *facts,
                sv_plan *plan);

/*
 * A block-level plan: one page test for several inline runs of a VBLOCK
 * (user mode).  Opcodes first..last hold the runs in ops (bit k: opcode
 * first + k), three or more, off the scalar register base, which no
 * opcode from first up to the last run writes; at VL = MVL their bytes
 * all lie in [x[base] + lo, + bytes).  Before opcode first one test
 * that this span lies in one page below SV_USER_HOST_TOP; where it
 * holds, the runs in ops need no page test of their own (planned with
 * sv_plan_facts.shared_page), and where it does not, opcodes
 * first..last run as without it (each run its own test, two-page form
 * and helper), in the same TB.  The runs' first accesses are guest
 * accesses still, so a fault is each op's own.
 */
typedef struct sv_shared_page {
    uint8_t first, last; /* the opcodes the plan spans */
    uint8_t base;        /* the runs' address register */
    int64_t lo;          /* the span: [x[base] + lo, + bytes) */
    unsigned bytes;
    uint64_t ops; /* bit k: opcode first + k is a covered run */
} sv_shared_page;

/*
 * Plans the block's next shared page test at or after opcode from:
 * ops[0..n) are the block's opcodes, resolved (kind SV_EXEC_ILLEGAL for
 * a P48/P64 or one that does not resolve), facts what the TB knows
 * before opcode from.  Returns false, *sp zeroed, when there is none.
 */
bool sv_plan_shared_page(const sv_resolved_op *ops, unsigned n, unsigned from,
                         const sv_plan_facts *facts, sv_shared_page *sp);

/* The plan as one word, "page_test=x8+0/136" (base, lo, bytes), into
 * buf; returns buf. */
const char *sv_shared_page_details(const sv_shared_page *sp, char *buf,
                                   size_t size);

/*
 * A block-level plan: how a VBLOCK's opcodes make their PCVBLK
 * observable (sv_plan.pcvblk, docs/sv-engine.md).  Unwind rows: each
 * opcode starts an insn_start of its own, whose data a fault restores
 * PCVBLK from, so that its fast path stores none.  They need room for
 * the block's rows (its opcodes and one for the paths out of line) under
 * the TB's instruction limit, and nothing that counts the TB's
 * instructions (icount, plugins) or needs the block's own insn_start to
 * be its last (gdb's single step, a landing pad's check).  The shared
 * page test's second copy (sv_shared_page) is translated out of line,
 * where it would break the order of the rows: it stores PCVBLK instead,
 * and ends with PCVBLK as the in-line copy leaves it at their join.
 */
typedef struct sv_block_facts {
    uint8_t plugins;     /* plugins see every instruction and store */
    uint8_t icount;      /* the TB's instructions are counted */
    uint8_t single_step; /* gdb steps one instruction (or opcode) */
    uint8_t landing_pad; /* Zicfilp: the block's row checks a landing pad */
    uint8_t shared_copy; /* the block's shared page test has a second copy */
    unsigned rows;       /* the rows the block would start */
    unsigned insns_free; /* insn_starts the TB may still hold */
} sv_block_facts;

/* sv_block_plan.rows */
enum {
    SV_ROWS_NONE,   /* every opcode stores PCVBLK as its plan says */
    SV_ROWS_ALL,    /* every opcode starts an unwind row */
    SV_ROWS_INLINE, /* the shared page test's in-line copy starts rows;
                       its out-of-line copy stores PCVBLK, and at its
                       end leaves it as the in-line copy does */
};

typedef struct sv_block_plan {
    uint8_t rows; /* SV_ROWS_* */
} sv_block_plan;

/* Plans a VBLOCK's PCVBLK from what its TB knows.  Always fills *plan. */
void sv_plan_block(const sv_block_facts *facts, sv_block_plan *plan);

/* The plan as one word, "rows=inline" (none, all, inline), into buf;
 * returns buf. */
const char *sv_block_plan_details(const sv_block_plan *p, char *buf,
                                  size_t size);

/*
 * The VL block: true when it cannot trap and so runs inline (constant
 * STATE), false for helper_sv_vblock_enter.  xlen 32 or 64.
 */
bool sv_plan_vl_block_inline(const sv_vl_block *vl, unsigned xlen);

/*
 * The mnemonic of op r ("add", "addi", "lbu", "fadd.d", "bne"), into buf
 * (NUL-terminated, cut to size); returns buf.
 */
const char *sv_op_mnemonic(const sv_resolved_op *r, char *buf, size_t size);

/*
 * The shape of op r as one token without spaces, into buf (NUL-terminated,
 * cut to size); returns buf.  For the sv_plan log, e.g.
 * "int,rd=v40/8,rs1=v48/8,rs2=s5/64,pred=~x0z": each operand vector (v)
 * or scalar (s), its register and element width; es= a memory element's
 * bytes, then the predicates, fail-on-first, twin, svpstate.
 */
const char *sv_plan_shape(const sv_resolved_op *r, char *buf, size_t size);

/* The plan's details ("w=32 unroll cost=9 gvec=64 form=1": key=value
 * words, space-separated) into buf; returns buf. */
const char *sv_plan_details(const sv_plan *plan, char *buf, size_t size);

/*
 * The gvec pieces of bytes bytes at register-file offsets d, a, b (env
 * offsets: the phase matters) of form form: 16 bytes where all the
 * vector operands are in one 16-byte phase and aligned, else 8.  The
 * emitter cuts an op the same way (one rule).
 */
unsigned sv_gvec_piece_size(int form, uint32_t dofs, uint32_t aofs,
                            uint32_t bofs, uint32_t p, uint32_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* SVCORE_H */
