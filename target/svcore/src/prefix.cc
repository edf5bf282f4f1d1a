// SVPrefix: P48 and P64 decoding (§4, A21-A26, A35) and the loop set-up
// of VLtyp/svlen instructions on SVPSTATE (§1.7, §4.4, A24, A25, A43).
//
// The decode resolves everything the prefix says into the VBLOCK path's
// own per-operand entries (sv_reg_entry, sv_pred_entry), so the element
// loops need no SVPrefix-specific semantics.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <algorithm>
#include <cstring>

#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

constexpr unsigned p48_major = 0x1F; // 0011111
constexpr unsigned p64_major = 0x3F; // 0111111
constexpr Field major7{0, 7};

// Prefix sub-fields (§4.2), at their places in the P48/P64 word.
namespace pf
{
constexpr Field itype{11, 2};
constexpr Field pred2{9, 2}; // vitp6 pred[1:0], vitp7 tpred[1:0]
constexpr Field pred3{9, 3}; // vtp5 pred
constexpr Field svlen{7, 2};
constexpr Field vltyp{48, 12};
} // namespace pf

// VLtyp (§4.4).
namespace vlt
{
constexpr Field mvl{11, 1};
constexpr Field vldest{6, 5};
constexpr Field value{1, 5};
constexpr Field low{0, 1};
} // namespace vlt

enum PredFormat { vitp6, vitp7, vtp5 };
enum Slot { s_rd, s_rs1, s_rs2, s_rs3, n_slots };

// One row of the §4.2 table and its §4.4 P64 row (A23).  -1 = none.
struct Layout {
    PredFormat pfmt;
    int8_t ext5[n_slots]; // register-number bit 5 of each operand
    int8_t vbit[n_slots]; // vd, vs1, vs2, vs3
    int8_t t6;            // vitp7[6] (tpred[2])
    uint32_t rsvd48;      // reserved prefix bits
    int8_t ext6[n_slots]; // P64 register-number bit 6
    int8_t vd64;          // P64 explicit vd (R, FR)
    uint64_t rsvd64;      // reserved / unused P64 bits 63:60
};

constexpr uint64_t b(unsigned n)
{
    return uint64_t{1} << n;
}

// LD, I and FI share one row: rd, rs1, vitp7 (§4.2), rd[6] rs1[6] (§4.4).
constexpr Layout rd_rs1_vitp7 = {
    vitp7, {17, 16, -1, -1}, {14, 13, -1, -1}, 15, 0, {63, 62, -1, -1},
    -1,    b(61) | b(60)};

constexpr Layout layouts[SV_PTYPE_RESERVED] = {
    // LD: rd[5] rs1[5] vitp7[6] vd vs1 vitp7 | P64 rd[6] rs1[6] — rsvd
    rd_rs1_vitp7,
    // ST: vitp7[6] rs1[5] rs2[5] vs2 vs1 vitp7 | — rs1[6] rs2[6] rsvd
    {vitp7,
     {-1, 16, 15, -1},
     {-1, 13, 14, -1},
     17,
     0,
     {-1, 62, 61, -1},
     -1,
     b(63) | b(60)},
    // R: rd[5] rs1[5] rs2[5] vs2 vs1 vitp6 | rd[6] rs1[6] rs2[6] vd
    {vitp6, {17, 16, 15, -1}, {-1, 13, 14, -1}, -1, 0, {63, 62, 61, -1}, 60, 0},
    // I: as LD
    rd_rs1_vitp7,
    // U: rd[5] rsvd rsvd vd rsvd vitp6 | rd[6] — — rsvd
    {vitp6,
     {17, -1, -1, -1},
     {14, -1, -1, -1},
     -1,
     uint32_t(b(16) | b(15) | b(13)),
     {63, -1, -1, -1},
     -1,
     b(62) | b(61) | b(60)},
    // FR: rd[5] rs1[5] rs2[5] vs2 vs1 rsvd vtp5 | rd[6] rs1[6] rs2[6] vd
    {vtp5,
     {17, 16, 15, -1},
     {-1, 13, 14, -1},
     -1,
     uint32_t(b(12)),
     {63, 62, 61, -1},
     60,
     0},
    // FI: as LD (A23 reads its P64 row as rd[6] rs1[6] rsvd rsvd)
    rd_rs1_vitp7,
    // FR4: rd[5] rs1[5] rs2[5] vs2 rs3[5] vs3 vtp5 | rd[6] .. rs3[6]
    {vtp5, {17, 16, 15, 13}, {-1, -1, 14, 12}, -1, 0, {63, 62, 61, 60}, -1, 0},
};

unsigned bit(uint64_t w, int pos)
{
    return pos < 0 ? 0 : static_cast<unsigned>((w >> pos) & 1);
}

uint64_t read_le(const uint8_t *bytes, unsigned len)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < len; i++) {
        v |= uint64_t{bytes[i]} << (8 * i);
    }
    return v;
}

bool is_fp_single_source(unsigned fp)
{
    switch (fp) {
    case SV_FP_SQRT:
    case SV_FP_CLASS:
    case SV_FP_CVT_F_F:
    case SV_FP_CVT_I_F:
    case SV_FP_CVT_F_I:
    case SV_FP_MV_X_F:
    case SV_FP_MV_F_X:
        return true;
    default:
        return false;
    }
}

const sv_operand &operand(const sv_op &op, unsigned slot)
{
    const sv_operand *o[n_slots] = {&op.rd, &op.rs1, &op.rs2, &op.rs3};
    return *o[slot];
}

// The single predicate (pred / vtp5; vitp6 has pred[2] = 0): 000 none,
// 001 reserved, then !x9 x9 !x10 x10 !x11 x11.
bool single_pred(unsigned pred, sv_pred_entry *e)
{
    if (pred == 1) {
        return false;
    }
    if (pred != 0) {
        *e = sv_pred_entry{1, static_cast<uint8_t>(8 + (pred >> 1)), 0,
                           static_cast<uint8_t>(!(pred & 1)), 0};
    }
    return true;
}

// tpred (§4.2): bit 0 source x9, bit 1 destination x10, bit 2 inverts
// both; 100 is reserved ("unpredicated, TBD").
bool twin_pred(unsigned tpred, sv_pred_entry *dst, sv_pred_entry *src)
{
    const uint8_t inv = (tpred >> 2) & 1;
    if (tpred == 4) {
        return false;
    }
    if (tpred & 1) {
        *src = sv_pred_entry{1, 9, 0, inv, 0};
    }
    if (tpred & 2) {
        *dst = sv_pred_entry{1, 10, 0, inv, 0};
    }
    return true;
}

// FP16 (§4.1: "the prefix adds FP16"): fmt 10 in OP-FP / FMA, and
// FLH/FSH (width 001).  The half form decodes as its single-precision
// twin, with the half-precision operands narrowed to 16 bits.
constexpr Field fmt{25, 2};
constexpr Field funct3{12, 3};
constexpr Field funct5{27, 5};
constexpr Field rs2f{20, 5};
constexpr unsigned fmt_s = 0, fmt_d = 1, fmt_h = 2;
constexpr unsigned f5_cvt_ff = 0x08;
constexpr unsigned width_h = 1, width_w = 2;

void narrow_fp(sv_operand *o)
{
    if (o->present && o->is_fp) {
        o->width = 16;
    }
}

bool decode_wrapped(uint32_t insn, sv_op *op)
{
    const unsigned opc = insn & 0x7F;
    const bool fp_arith = opc == op_fp || opc == op_madd || opc == op_msub ||
                          opc == op_nmsub || opc == op_nmadd;
    if ((opc == op_load_fp || opc == op_store_fp) &&
        funct3.extract(insn) == width_h) {
        // FLH / FSH: FLW / FSW moving two bytes.
        if (!sv_op_decode(funct3.deposit(insn, width_w), op)) {
            return false;
        }
        op->mem_bytes = 2;
        narrow_fp(opc == op_load_fp ? &op->rd : &op->rs2);
        return true;
    }
    if (opc == op_fp && funct5.extract(insn) == f5_cvt_ff &&
        (fmt.extract(insn) == fmt_h || rs2f.extract(insn) == fmt_h)) {
        // FCVT between H and S/D: the S/D conversion with the same other
        // side, the half side narrowed.
        const bool to_h = fmt.extract(insn) == fmt_h;
        const unsigned other = to_h ? rs2f.extract(insn) : fmt.extract(insn);
        if (other != fmt_s && other != fmt_d) {
            return false;
        }
        const unsigned half_as = other == fmt_s ? fmt_d : fmt_s;
        uint32_t w =
            to_h ? fmt.deposit(insn, half_as) : rs2f.deposit(insn, half_as);
        if (!sv_op_decode(w, op)) {
            return false;
        }
        narrow_fp(to_h ? &op->rd : &op->rs1);
        if (to_h) {
            op->fmt_bits = 16;
        }
        return true;
    }
    if (fp_arith && fmt.extract(insn) == fmt_h) {
        if (!sv_op_decode(fmt.deposit(insn, fmt_s), op)) {
            return false;
        }
        op->fmt_bits = 16;
        for (sv_operand *o : {&op->rd, &op->rs1, &op->rs2, &op->rs3}) {
            narrow_fp(o);
        }
        return true;
    }
    return sv_op_decode(insn, op);
}

} // namespace

extern "C" sv_prefix_type sv_prefix_type_of(uint32_t insn32)
{
    sv_op op;
    if ((insn32 & 3) != 3 || !decode_wrapped(insn32, &op)) {
        return SV_PTYPE_RESERVED;
    }
    switch (insn32 & 0x7F) {
    case op_load:
    case op_load_fp:
        return SV_PTYPE_LD;
    case op_store:
    case op_store_fp:
        return SV_PTYPE_ST;
    case op_op:
    case op_op_32:
        return SV_PTYPE_R;
    case op_imm:
    case op_imm_32:
        return SV_PTYPE_I;
    case op_lui:
    case op_auipc:
        return SV_PTYPE_U;
    case op_fp:
        return is_fp_single_source(op.fp) ? SV_PTYPE_FI : SV_PTYPE_FR;
    case op_madd:
    case op_msub:
    case op_nmsub:
    case op_nmadd:
        return SV_PTYPE_FR4;
    default:
        // SYSTEM, BRANCH/JAL/JALR (A21), MISC-MEM, AMO, OP-V.
        return SV_PTYPE_RESERVED;
    }
}

extern "C" sv_status sv_vltyp_decode(unsigned vltyp, sv_vltyp *out)
{
    sv_vltyp v{};
    const unsigned value = vlt::value.extract(vltyp);
    if ((vltyp & 0xFFF) == 0) {
        *out = v;
        return SV_OK;
    }
    v.vldest = static_cast<uint8_t>(vlt::vldest.extract(vltyp));
    if (vlt::mvl.extract(vltyp)) {
        v.form = vlt::low.extract(vltyp) ? SV_VLTYP_MVL_CLAMP : SV_VLTYP_MVL;
        v.value = static_cast<uint8_t>(value + 1);
    } else if (vlt::low.extract(vltyp)) {
        if (value == 0) {
            return SV_ILLEGAL_PREFIX_VLTYP; // VL from x0 (§4.4)
        }
        v.form = SV_VLTYP_VL_REG;
        v.value = static_cast<uint8_t>(value);
    } else {
        v.form = SV_VLTYP_VL_IMM;
        v.value = static_cast<uint8_t>(value + 1);
    }
    *out = v;
    return SV_OK;
}

extern "C" unsigned sv_p48_regnum(unsigned field, unsigned ext5, bool isvec)
{
    const unsigned r6 = ((ext5 & 1) << 5) | (field & 31);
    return isvec ? ((r6 & 1) << 6) | ((r6 >> 1) << 1) : r6;
}

extern "C" unsigned sv_p64_regnum(unsigned field, unsigned ext5, unsigned ext6)
{
    return ((ext6 & 1) << 6) | ((ext5 & 1) << 5) | (field & 31);
}

extern "C" sv_status sv_prefix_decode(const uint8_t *bytes, size_t n,
                                      sv_prefix_context *out)
{
    if (n < 2) {
        return SV_NEED_MORE_BYTES;
    }
    const unsigned major = major7.extract(read_le(bytes, 1));
    const unsigned len = major == p48_major ? 6 : major == p64_major ? 8 : 0;
    if (len == 0) {
        return SV_ILLEGAL_RESERVED_LENGTH;
    }
    if (n < len) {
        return SV_NEED_MORE_BYTES;
    }
    const uint64_t w = read_le(bytes, len);
    const bool p64 = len == 8;

    sv_prefix_context c{};
    c.len = static_cast<uint8_t>(len);
    c.insn = static_cast<uint32_t>(((w >> 16) & ~uint64_t{3}) | 3);
    c.type = static_cast<uint8_t>(sv_prefix_type_of(c.insn));
    if (c.type == SV_PTYPE_RESERVED) {
        return SV_ILLEGAL_PREFIX_TYPE;
    }
    decode_wrapped(c.insn, &c.op);
    const Layout &l = layouts[c.type];
    if ((w & l.rsvd48) || (p64 && (w & l.rsvd64))) {
        return SV_ILLEGAL_PREFIX_FIELD;
    }

    // vs/vd bits, with the OR rule for the missing ones (§4.3).
    unsigned vbits[n_slots];
    unsigned any = 0;
    for (unsigned s = 0; s < n_slots; s++) {
        any |= bit(w, l.vbit[s]);
    }
    for (unsigned s = 0; s < n_slots; s++) {
        vbits[s] = l.vbit[s] >= 0 ? bit(w, l.vbit[s]) : any;
    }
    if (p64 && l.vd64 >= 0) {
        vbits[s_rd] = bit(w, l.vd64);
    }

    // itype applies to integer register operands: all of R/I/U and FI,
    // the data register of LD/ST (not the address, which stays XLEN).
    const unsigned itype = l.pfmt == vtp5 ? 0 : pf::itype.extract(w);
    static constexpr uint8_t itype_width[4] = {0, 8, 16, 32};
    bool itype_used = false;
    sv_reg_entry *entries[n_slots] = {&c.rd, &c.rs1, &c.rs2, &c.rs3};
    for (unsigned s = 0; s < n_slots; s++) {
        const sv_operand &o = operand(c.op, s);
        if (!o.present) {
            continue;
        }
        const unsigned e5 = bit(w, l.ext5[s]);
        const unsigned reg = p64 ? sv_p64_regnum(o.reg, e5, bit(w, l.ext6[s]))
                                 : sv_p48_regnum(o.reg, e5, vbits[s] != 0);
        bool typed = !o.is_fp;
        if (c.type == SV_PTYPE_LD || c.type == SV_PTYPE_ST) {
            const unsigned data = c.type == SV_PTYPE_LD ? s_rd : s_rs2;
            typed = s == data;
            if (typed && o.is_fp && itype) {
                return SV_ILLEGAL_PREFIX_FIELD; // no typed FP data (FP16 etc)
            }
            typed = typed && !o.is_fp;
        }
        itype_used |= typed;
        *entries[s] = sv_reg_entry{
            1, static_cast<uint8_t>(vbits[s]), static_cast<uint8_t>(reg),
            static_cast<uint8_t>(typed ? itype_width[itype] : 0)};
    }
    if (itype && !itype_used) {
        return SV_ILLEGAL_PREFIX_FIELD;
    }
    c.itype = static_cast<uint8_t>(itype);

    // Signedness (§4.2): OP/OP-IMM unsigned, OP-32/OP-IMM-32 signed, else
    // the instruction's own field (loads, FCVT), else unsigned.
    switch (c.insn & 0x7F) {
    case op_imm_32:
    case op_op_32:
        c.int_signed = 1;
        break;
    case op_load:
    case op_fp:
        c.int_signed = c.op.int_signed;
        break;
    default:
        c.int_signed = 0;
        break;
    }

    // MV is ADDI rd, rs1, 0: the twin-predicated move, C.MV's form.
    if ((c.insn & 0x707F) == op_imm && (c.insn >> 20) == 0) {
        c.op.twin = 1;
        c.op.b_is_imm = 0;
        c.op.rs2 = c.op.rs1;
        c.op.rs1 = sv_operand{};
        c.rs2 = c.rs1;
        c.rs1 = sv_reg_entry{};
    }
    // FSGNJ* is a one-source move only when both sources are one register.
    if (c.op.cls == SV_OPC_FP &&
        (c.op.fp == SV_FP_SGNJ || c.op.fp == SV_FP_SGNJN ||
         c.op.fp == SV_FP_SGNJX)) {
        c.op.twin = c.rs1.regidx == c.rs2.regidx && c.rs1.isvec == c.rs2.isvec;
    }

    // Predicates.
    bool ok;
    switch (l.pfmt) {
    case vitp6:
        ok = single_pred(pf::pred2.extract(w), &c.pred_dest);
        break;
    case vtp5:
        ok = single_pred(pf::pred3.extract(w), &c.pred_dest);
        break;
    default:
        ok = twin_pred((bit(w, l.t6) << 2) | pf::pred2.extract(w), &c.pred_dest,
                       &c.pred_src);
        break;
    }
    const bool twin =
        c.op.twin || c.op.cls == SV_OPC_LOAD || c.op.cls == SV_OPC_STORE;
    if (!ok || (c.pred_src.enabled && !twin)) {
        return SV_ILLEGAL_PREFIX_FIELD;
    }

    const unsigned svlen = pf::svlen.extract(w);
    c.svlen = static_cast<uint8_t>(svlen ? svlen + 1 : 0);
    if (p64) {
        c.vltyp_bits = static_cast<uint16_t>(pf::vltyp.extract(w));
        const sv_status st = sv_vltyp_decode(c.vltyp_bits, &c.vltyp);
        if (st != SV_OK) {
            return st;
        }
    }
    c.uses_svpstate = c.vltyp.form != SV_VLTYP_NONE || c.svlen != 0;
    *out = c;
    return SV_OK;
}

namespace
{

bool same_reg(const sv_reg_entry &a, const sv_reg_entry &b, bool x0)
{
    if (a.enabled != b.enabled) {
        return false;
    }
    // A scalar x0 reads zero whatever its width.
    return !a.enabled ||
           (a.isvec == b.isvec && a.regidx == b.regidx &&
            (a.elwidth == b.elwidth || (x0 && !a.isvec && a.regidx == 0)));
}

bool same_pred(const sv_pred_entry &a, const sv_pred_entry &b)
{
    return a.enabled == b.enabled &&
           (!a.enabled || (a.predidx == b.predidx && a.inv == b.inv &&
                           a.zero == b.zero && a.ffirst == b.ffirst));
}

bool same_vltyp(const sv_vltyp &a, const sv_vltyp &b)
{
    return a.form == b.form && (a.form == SV_VLTYP_NONE ||
                                (a.vldest == b.vldest && a.value == b.value));
}

// The RV32 register fields, by slot.
constexpr Field reg_fields[n_slots] = {{7, 5}, {15, 5}, {20, 5}, {27, 5}};

} // namespace

extern "C" sv_status sv_prefix_encode(const sv_prefix_context *want,
                                      uint8_t *bytes, const char **why)
{
    const char *dummy;
    const char *&reason = why ? *why : dummy;
    reason = nullptr;
    const bool p64 = want->len == 8;
    if (want->len != 6 && !p64) {
        reason = "a prefix is 6 (P48) or 8 (P64) bytes";
        return SV_ILLEGAL_RESERVED_LENGTH;
    }
    if ((want->insn & 3) != 3) {
        reason = "SVPrefix wraps an RV32 opcode, not a compressed one (§4)";
        return SV_ILLEGAL_PREFIX_TYPE;
    }
    const sv_prefix_type type = sv_prefix_type_of(want->insn);
    if (type == SV_PTYPE_RESERVED) {
        reason = "no SVPrefix type wraps this opcode: branches, jumps, "
                 "SYSTEM, MISC-MEM and AMOs are reserved (§4.2, A21)";
        return SV_ILLEGAL_PREFIX_TYPE;
    }
    for (const sv_pred_entry *p : {&want->pred_dest, &want->pred_src}) {
        if (p->enabled && (p->zero || p->ffirst)) {
            reason = "SVPrefix has no zeroing and no fail-on-first (§4.2)";
            return SV_ILLEGAL_PREFIX_FIELD;
        }
    }
    if (!p64 && want->vltyp.form != SV_VLTYP_NONE) {
        reason = "VLtyp needs a P64 (§4.4)";
        return SV_ILLEGAL_PREFIX_VLTYP;
    }
    if (want->svlen == 1 || want->svlen > 4) {
        reason = "svlen is 2..4 (§4.2)";
        return SV_ILLEGAL_PREFIX_FIELD;
    }
    sv_op raw;
    decode_wrapped(want->insn, &raw);
    const Layout &l = layouts[type];
    // The request by the written opcode's slots (MV's source is rs1 there;
    // the decode moves it to rs2, C.MV's form).
    sv_reg_entry req[n_slots] = {want->rd, want->rs1, want->rs2, want->rs3};
    if (raw.rs1.present && !raw.rs2.present && !req[s_rs1].enabled &&
        req[s_rs2].enabled) {
        req[s_rs1] = req[s_rs2];
        req[s_rs2] = sv_reg_entry{};
    }
    uint32_t insn = want->insn;
    uint64_t w = p64 ? p64_major : p48_major;
    for (unsigned s = 0; s < n_slots; s++) {
        const sv_operand &o = operand(raw, s);
        if (!o.present) {
            continue;
        }
        const unsigned reg = req[s].regidx;
        const bool vec = req[s].isvec;
        bool found = false;
        for (unsigned c = 0; c < (p64 ? 128u : 64u) && !found; c++) {
            const unsigned field = c & 31, e5 = (c >> 5) & 1, e6 = c >> 6;
            if ((l.ext5[s] < 0 && e5) || (l.ext6[s] < 0 && e6)) {
                continue;
            }
            const unsigned r = p64 ? sv_p64_regnum(field, e5, e6)
                                   : sv_p48_regnum(field, e5, vec);
            if (r == reg) {
                insn = reg_fields[s].deposit(insn, field);
                w |= e5 ? b(l.ext5[s]) : 0;
                w |= e6 ? b(l.ext6[s]) : 0;
                found = true;
            }
        }
        if (!found) {
            reason = p64   ? "a register number over 127"
                     : vec ? "a P48 vector register is even, x0..x126 (A26)"
                           : "a P48 scalar register is x0..x63 (A26)";
            return SV_ILLEGAL_PREFIX_FIELD;
        }
        if (vec && l.vbit[s] >= 0) {
            w |= b(l.vbit[s]);
        }
        if (vec && p64 && s == s_rd && l.vd64 >= 0) {
            w |= b(l.vd64);
        }
    }
    w |= uint64_t{insn >> 2} << 18;
    w = pf::svlen.deposit(w, want->svlen ? want->svlen - 1u : 0u);
    if (p64 && want->vltyp.form != SV_VLTYP_NONE) {
        unsigned bits = 1;
        for (; bits < 4096; bits++) {
            sv_vltyp v;
            if (sv_vltyp_decode(bits, &v) == SV_OK &&
                same_vltyp(v, want->vltyp)) {
                break;
            }
        }
        if (bits == 4096) {
            reason = "a VLtyp P64 cannot say: VL 2..32 (1 with a VL "
                     "destination) or from x1..x31, MVL 1..32, the VL "
                     "destination x1..x31 (§4.4)";
            return SV_ILLEGAL_PREFIX_VLTYP;
        }
        w = pf::vltyp.deposit(w, bits);
    }
    // The predicate and itype values: the one the decode reads as asked.
    const unsigned npred = l.pfmt == vitp6 ? 4 : 8;
    const unsigned nitype = l.pfmt == vtp5 ? 1 : 4;
    bool any_kind = false, any_width = false, found_any = false;
    for (unsigned it = 0; it < nitype; it++) {
        for (unsigned pv = 0; pv < npred; pv++) {
            uint64_t c = l.pfmt == vtp5 ? w : pf::itype.deposit(w, it);
            if (l.pfmt == vtp5) {
                c = pf::pred3.deposit(c, pv);
            } else {
                c = pf::pred2.deposit(c, pv & 3);
                c |= (pv >> 2) ? b(l.t6) : 0;
            }
            uint8_t tmp[8];
            for (unsigned i = 0; i < want->len; i++) {
                tmp[i] = static_cast<uint8_t>(c >> (8 * i));
            }
            sv_prefix_context got;
            if (sv_prefix_decode(tmp, want->len, &got) != SV_OK) {
                continue;
            }
            sv_reg_entry g[n_slots] = {got.rd, got.rs1, got.rs2, got.rs3};
            if (raw.rs1.present && !got.op.rs1.present) {
                g[s_rs1] = g[s_rs2]; // MV
                g[s_rs2] = sv_reg_entry{};
            }
            bool kind = true, width = true, exact = true;
            for (unsigned s = 0; s < n_slots; s++) {
                const bool x0 = !operand(raw, s).is_fp;
                sv_reg_entry a = g[s], r = req[s];
                exact = exact && same_reg(a, r, false);
                width = width && same_reg(a, r, x0);
                a.elwidth = r.elwidth = 0;
                kind = kind && same_reg(a, r, x0);
            }
            any_kind = any_kind || kind;
            any_width = any_width || (kind && width);
            if (!kind || !width || !same_pred(got.pred_dest, want->pred_dest) ||
                !same_pred(got.pred_src, want->pred_src) ||
                got.svlen != want->svlen ||
                !same_vltyp(got.vltyp, want->vltyp)) {
                continue;
            }
            // The first that says it, the one with x0's width as asked
            // if there is one (x0 reads zero at any width).
            if (!found_any) {
                memcpy(bytes, tmp, want->len);
                found_any = true;
            }
            if (exact) {
                memcpy(bytes, tmp, want->len);
                return SV_OK;
            }
        }
    }
    if (found_any) {
        return SV_OK;
    }
    reason =
        !any_kind    ? "an operand's vector bit is its sources' in this prefix "
                       "type: a destination with no vd bit of its own is a "
                       "vector when a source is (§4.3)"
        : !any_width ? "element widths SVPrefix cannot give: one width (itype) "
                       "for every integer operand but a load's or store's "
                       "address, none for FP ones (§4.2)"
                     : "a predicate this prefix type cannot say (§4.2)";
    return SV_ILLEGAL_PREFIX_FIELD;
}

extern "C" sv_prefix_loop
sv_prefix_loop_begin(const sv_prefix_context *p, uint32_t svpstate,
                     unsigned state_mvl, unsigned state_vl,
                     unsigned state_subvl, uint64_t vlen_value)
{
    sv_prefix_loop r{};
    r.svpstate = svpstate;
    if (!p->uses_svpstate) {
        r.vl = static_cast<uint8_t>(state_vl);
        r.subvl = static_cast<uint8_t>(state_subvl);
        return r;
    }
    sv_state_fields f = sv_state_unpack(svpstate);
    if (f.srcoffs || f.destoffs || f.dsvoffs) {
        // Re-entry after a trap: the loop state saved at the start (§1.7).
        r.resume = 1;
        r.vl = static_cast<uint8_t>(f.vl + 1);
        r.subvl = static_cast<uint8_t>(f.subvl + 1);
        r.write_vldest = p->vltyp.form != SV_VLTYP_NONE && p->vltyp.vldest;
        return r;
    }
    unsigned mvl = f.maxvl + 1u;
    unsigned vl = f.vl + 1u;
    const sv_vltyp &v = p->vltyp;
    switch (v.form) {
    case SV_VLTYP_NONE: // svlen only: STATE's VL and MVL (A51)
        mvl = state_mvl;
        vl = state_vl;
        break;
    case SV_VLTYP_VL_IMM:
        vl = v.value;
        mvl = std::max(mvl, vl);
        break;
    case SV_VLTYP_VL_REG: // A24
        vl = static_cast<unsigned>(std::min<uint64_t>(vlen_value, mvl));
        break;
    case SV_VLTYP_MVL:
        mvl = vl = v.value;
        break;
    default: // SV_VLTYP_MVL_CLAMP
        mvl = v.value;
        vl = std::min(vl, mvl);
        break;
    }
    const unsigned subvl = p->svlen ? p->svlen : state_subvl;
    sv_state_fields n{};
    n.maxvl = static_cast<uint8_t>(mvl - 1);
    n.vl = static_cast<uint8_t>(vl ? vl - 1 : 0);
    n.subvl = static_cast<uint8_t>(subvl - 1);
    r.svpstate = sv_state_pack(n);
    r.vl = static_cast<uint8_t>(vl);
    r.subvl = static_cast<uint8_t>(subvl);
    r.write_vldest = v.form != SV_VLTYP_NONE && v.vldest != 0;
    return r;
}
