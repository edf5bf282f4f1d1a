// VBLOCK context: a whole VBLOCK decoded from its bytes (§1.10, §1.11,
// §3.3, §3.5, A8, A9, A11, A13, A26-A29, A45, A46).  The layout (where
// each part sits) comes from sv_vblock_layout_decode; this file decodes
// the fields of the VL block and the table entries and checks the
// opcode area, so the translator can specialise on the result (§3.8).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

// §1.10 vew: 00 default, 01 8, 10 16, 11 32 (not the 2018 meaning).
constexpr uint8_t vew_elwidth[4] = {0, 8, 16, 32};

// A13: PCVBLK.opptr has 5 bits.
constexpr unsigned max_opptr = pcvblk::opptr.max();
static_assert(max_opptr + 1 == SV_VBLOCK_MAX_OPS,
              "op_offset must hold one opcode per addressable halfword");

// Instruction memory is little-endian parcels (C6).
constexpr uint16_t read16(const uint8_t *p)
{
    return static_cast<uint16_t>(p[0] | p[1] << 8);
}

// Each failure names the rule it breaks (sv_vblock_decode_why); the
// texts are distinct per cause, so a log line identifies it.
sv_status malformed(const char **why, const char *text)
{
    *why = text;
    return SV_ILLEGAL_VBLOCK_MALFORMED;
}

sv_status decode_vl(uint16_t parcel, sv_vl_block *vl, const char **why)
{
    const unsigned mode = vl_fields::mode.extract(parcel);
    // §3.3: mode 11 is reserved (and "must be all zeros", so no value of
    // the other bits makes it legal).
    if (mode == vl_fields::mode_reserved) {
        return malformed(why, "VL block mode 11 is reserved (§3.3)");
    }
    sv_vl_block v{};
    v.present = 1;
    v.mode = static_cast<uint8_t>(mode);
    v.subvl = static_cast<uint8_t>(vl_fields::subvl.extract(parcel) + 1);
    v.vlmax = static_cast<uint8_t>(vl_fields::imm.extract(parcel) + 1);
    switch (mode) {
    case SV_VL_MODE_RD:
        if (vl_fields::rsvd.any(parcel)) {
            return malformed(why, "VL block mode 00 with the reserved bit 5 "
                                  "set (§3.3)");
        }
        v.rd = static_cast<uint8_t>(vl_fields::reg.extract(parcel));
        break;
    case SV_VL_MODE_RVC:
        v.rd = static_cast<uint8_t>(vl_fields::rvc_reg_base +
                                    vl_fields::rd_c.extract(parcel));
        v.rs1 = static_cast<uint8_t>(vl_fields::rvc_reg_base +
                                     vl_fields::rs1_c.extract(parcel));
        break;
    default: // SV_VL_MODE_RS1: A9's likely intent, STATE.vl := rs1
        if (vl_fields::rsvd.any(parcel)) {
            return malformed(why, "VL block mode 10 with the reserved bit 5 "
                                  "set (§3.3)");
        }
        v.rs1 = static_cast<uint8_t>(vl_fields::reg.extract(parcel));
        break;
    }
    *vl = v;
    return SV_OK;
}

// A27: i/f = 1 selects the integer table.
sv_reg_entry *reg_table(sv_vblock_context *c, unsigned is_int)
{
    return is_int ? c->int_regs : c->fp_regs;
}

sv_pred_entry *pred_table(sv_vblock_context *c, unsigned is_int)
{
    return is_int ? c->int_preds : c->fp_preds;
}

// Register entries never fail: every 16- and 8-bit pattern is defined.
void apply_reg16(uint16_t e, sv_vblock_context *c)
{
    if (e == 0) { // A45: unused
        return;
    }
    sv_reg_entry &r =
        reg_table(c, reg16::is_int.extract(e))[reg16::key.extract(e)];
    r.enabled = 1;
    r.isvec = static_cast<uint8_t>(reg16::isvec.extract(e));
    r.regidx = static_cast<uint8_t>(reg16::regidx.extract(e));
    r.elwidth = vew_elwidth[reg16::vew.extract(e)];
}

void apply_reg8(uint8_t e, sv_vblock_context *c)
{
    // A45: without this a zero byte would make f0 a vector at f0.
    if (e == 0) {
        return;
    }
    const unsigned regnum = reg8::regnum.extract(e);
    sv_reg_entry &r = reg_table(c, reg8::is_int.extract(e))[regnum];
    r.enabled = 1;
    r.isvec = 1;
    r.regidx = static_cast<uint8_t>(regnum << reg8::regidx_shift);
    r.elwidth = vew_elwidth[reg8::vew.extract(e)];
}

sv_status apply_pred16(uint16_t e, sv_vblock_context *c, const char **why)
{
    if (e == 0) { // A45
        return SV_OK;
    }
    if (pred16::key_high.any(e)) { // A28
        return malformed(why, "16-bit predicate entry with key bits 6:5 set: "
                              "keys are x0..x31 / f0..f31 (A28)");
    }
    const unsigned predidx = pred16::predidx.extract(e);
    const unsigned zero = pred16::zero.extract(e);
    const unsigned inv = pred16::inv.extract(e);
    // A46: x0 + inv + zero is reserved (x0 + inv alone is "all ones").
    if (predidx == 0 && zero && inv) {
        return malformed(why, "predicate entry x0 with inv and zero is "
                              "reserved (A46)");
    }
    sv_pred_entry &p =
        pred_table(c, pred16::is_int.extract(e))[pred16::key.extract(e)];
    p.enabled = 1;
    p.predidx = static_cast<uint8_t>(predidx);
    p.zero = static_cast<uint8_t>(zero);
    p.inv = static_cast<uint8_t>(inv);
    p.ffirst = static_cast<uint8_t>(pred16::ffirst.extract(e));
    return SV_OK;
}

// k is the entry's position in the table; the mask register follows from
// it, so an unused entry still "uses up" its x(9+k) (§1.11 "entry k uses
// x(9+k)").  The implicit predidx is never x0, so A46 cannot arise.
void apply_pred8(uint8_t e, unsigned k, sv_vblock_context *c)
{
    if (e == 0) { // A45
        return;
    }
    sv_pred_entry &p =
        pred_table(c, pred8::is_int.extract(e))[pred8::regnum.extract(e)];
    p.enabled = 1;
    p.predidx = static_cast<uint8_t>(pred8::first_predidx + k);
    p.zero = static_cast<uint8_t>(pred8::zero.extract(e));
    p.inv = static_cast<uint8_t>(pred8::inv.extract(e));
    p.ffirst = 0;
}

sv_status decode_tables(const uint8_t *bytes, sv_vblock_context *c,
                        const char **why)
{
    const sv_vblock_layout &l = c->layout;
    const uint8_t *reg = bytes + l.reg_offset;
    for (unsigned i = 0; i < l.reg_entries; ++i) {
        if (l.reg_entry_bytes == 2) {
            apply_reg16(read16(reg + 2 * i), c);
        } else {
            apply_reg8(reg[i], c);
        }
    }
    const uint8_t *pred = bytes + l.pred_offset;
    for (unsigned k = 0; k < l.pred_entries; ++k) {
        if (l.pred_entry_bytes == 2) {
            const sv_status st = apply_pred16(read16(pred + 2 * k), c, why);
            if (st != SV_OK) {
                return st;
            }
        } else {
            apply_pred8(pred[k], k, c);
        }
    }
    // A11 pads each table "with a zero byte"; only an odd count of 8-bit
    // predicate entries leaves one (8-bit register counts are even).
    // Anything else there is not a VBLOCK this spec defines (C4).
    const unsigned pred_bytes = l.pred_entries * l.pred_entry_bytes;
    if (pred_bytes % 2 != 0 && pred[pred_bytes] != 0) {
        return malformed(why, "non-zero pad byte after the 8-bit predicate "
                              "table (A11)");
    }
    return SV_OK;
}

// §3.5: RVC and RV32 opcodes, packed, ending exactly at the block end.
sv_status decode_opcodes(const uint8_t *bytes, sv_vblock_context *c,
                         const char **why)
{
    const unsigned start = c->layout.opcodes_offset;
    const unsigned end = c->layout.total_bytes;
    unsigned n_ops = 0;
    for (unsigned off = start; off < end;) {
        // A13: an opcode PCVBLK.opptr cannot name could never be resumed
        // after a trap, so it is rejected up front.
        if ((off - start) / 2 > max_opptr) {
            return malformed(why, "an opcode starts beyond opptr 31, where "
                                  "PCVBLK cannot name it (A13)");
        }
        const uint16_t parcels[2] = {read16(bytes + off),
                                     off + 4 <= end ? read16(bytes + off + 2)
                                                    : uint16_t{0}};
        // §3.5: a zero parcel is illegal as usual (only a first parcel:
        // the upper half of a 32-bit opcode may well be 0x0000).
        if (parcels[0] == 0) {
            return malformed(why, "zero parcel 0x0000 in the opcode area "
                                  "(§3.5)");
        }
        unsigned len = 0;
        // > 4 bytes: only P48/P64 (§3.5); other 48-bit formats and
        // VBLOCK/VBLOCK2 (no nesting) are illegal.
        const sv_insn_format fmt = sv_insn_classify(parcels[0]);
        const bool prefixed = fmt == SV_FMT_P48 || fmt == SV_FMT_P64;
        if (fmt == SV_FMT_VBLOCK || fmt == SV_FMT_VBLOCK2) {
            return malformed(why, "nested VBLOCK: a VBLOCK inside a block "
                                  "(§3.5)");
        }
        if (fmt == SV_FMT_48_OTHER) {
            return malformed(why, "48-bit opcode with bit 6 set (not P48) "
                                  "inside a block (§3.5)");
        }
        if (sv_insn_length(parcels, 2, &len) != SV_OK ||
            (len > 4 && !prefixed)) {
            return malformed(why, "opcode of 80 bits or more inside a block "
                                  "(§3.5)");
        }
        if (off + len > end) {
            return malformed(why, "the last opcode overruns the block's end "
                                  "(§3.5: opcodes end exactly at the end)");
        }
        c->op_offset[n_ops++] = static_cast<uint8_t>(off);
        off += len;
    }
    c->n_ops = static_cast<uint8_t>(n_ops);
    return SV_OK;
}

sv_status decode(const uint8_t *bytes, size_t n, sv_vblock_context *out,
                 const char **why)
{
    if (n < 2) {
        return SV_NEED_MORE_BYTES;
    }
    const uint16_t hdr = read16(bytes);
    if (header::major.extract(hdr) != header::vblock_major) {
        return SV_ILLEGAL_RESERVED_LENGTH;
    }
    // A47: VBLOCK2's ilen gives the length, so it is needed first.
    const bool extended = header::nnn.extract(hdr) == header::nnn_extended;
    if (extended && n < 4) {
        return SV_NEED_MORE_BYTES;
    }
    const uint16_t vb2 = extended ? read16(bytes + 2) : 0;

    sv_vblock_context c{};
    const sv_status st = sv_vblock_layout_decode(hdr, vb2, &c.layout);
    if (st == SV_ILLEGAL_VBLOCK2_RESERVED) {
        *why = "VBLOCK2 bits 15:5 (rplen2, pplen2, swlen, mapsz) must be 0 "
               "(§3.4)";
        return st;
    }
    if (st == SV_ILLEGAL_VBLOCK_MALFORMED) {
        return malformed(why, "the header's tables overrun the block: no "
                              "room for an opcode (§3.2, §3.5)");
    }
    if (st != SV_OK) {
        return st;
    }
    if (n < c.layout.total_bytes) {
        return SV_NEED_MORE_BYTES;
    }
    if (c.layout.vlset) {
        const sv_status vs =
            decode_vl(read16(bytes + c.layout.vl_block_offset), &c.vl, why);
        if (vs != SV_OK) {
            return vs;
        }
    }
    const sv_status ts = decode_tables(bytes, &c, why);
    if (ts != SV_OK) {
        return ts;
    }
    const sv_status os = decode_opcodes(bytes, &c, why);
    if (os != SV_OK) {
        return os;
    }
    *out = c;
    return SV_OK;
}

// §1.11 get_pred_val's look-up half, with the table choice of A27.
const sv_pred_entry *pred_for(const sv_vblock_context *c, bool is_fp,
                              unsigned regkey, bool no_reg_entry_needed)
{
    if (regkey >= 32) {
        return nullptr;
    }
    const sv_reg_entry &r = (is_fp ? c->fp_regs : c->int_regs)[regkey];
    const sv_pred_entry &p = (is_fp ? c->fp_preds : c->int_preds)[regkey];
    if (!p.enabled || (!r.enabled && !no_reg_entry_needed)) {
        return nullptr;
    }
    return &p;
}

} // namespace

extern "C" {

sv_status sv_vblock_decode(const uint8_t *bytes, size_t n,
                           sv_vblock_context *out)
{
    const char *why = nullptr;
    return decode(bytes, n, out, &why);
}

sv_status sv_vblock_decode_why(const uint8_t *bytes, size_t n,
                               sv_vblock_context *out, const char **why)
{
    const char *text = nullptr;
    const sv_status st = decode(bytes, n, out, &text);
    if (why) {
        *why = st == SV_ILLEGAL_RESERVED_LENGTH
                   ? "not a VBLOCK header (bits 6:0 != 1111111)"
                   : text;
    }
    return st;
}

const sv_pred_entry *sv_pred_for(const sv_vblock_context *ctx, bool is_fp,
                                 unsigned regkey, bool no_reg_entry_needed)
{
    return pred_for(ctx, is_fp, regkey, no_reg_entry_needed);
}

sv_status sv_pcvblk_advance(const sv_vblock_context *ctx, uint32_t *pcvblk)
{
    sv_pcvblk_fields f = sv_pcvblk_unpack(*pcvblk);
    if (f.status != SV_PCVBLK_EXECUTING) {
        return SV_ILLEGAL_PCVBLK_INACTIVE;
    }
    const unsigned off = ctx->layout.opcodes_offset + 2u * f.opptr;
    for (unsigned i = 0; i < ctx->n_ops; ++i) {
        if (ctx->op_offset[i] != off) {
            continue;
        }
        if (i + 1 == ctx->n_ops) {
            *pcvblk = 0;
        } else {
            f.opptr = static_cast<uint8_t>(
                (ctx->op_offset[i + 1] - ctx->layout.opcodes_offset) / 2);
            *pcvblk = sv_pcvblk_pack(f);
        }
        return SV_OK;
    }
    return SV_ILLEGAL_PCVBLK_RANGE;
}

sv_status sv_pcvblk_opcode_offset(uint32_t pcvblk, unsigned *offset)
{
    const sv_pcvblk_fields f = sv_pcvblk_unpack(pcvblk);
    if (f.status != SV_PCVBLK_EXECUTING) {
        return SV_ILLEGAL_PCVBLK_INACTIVE;
    }
    sv_vblock_layout l;
    const sv_status st =
        sv_vblock_layout_decode(sv_pcvblk_header(pcvblk), f.vblock2, &l);
    if (st != SV_OK) {
        return st;
    }
    const unsigned off = l.opcodes_offset + 2u * f.opptr;
    if (off >= l.total_bytes) {
        return SV_ILLEGAL_PCVBLK_RANGE;
    }
    *offset = off;
    return SV_OK;
}

} // extern "C"
