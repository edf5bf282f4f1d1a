// The SV formatter (sv_format_vblock): a decoded VBLOCK written back in
// sv-as's syntax, from the same mnemonic table the assembler reads
// (asm_table.h), so that what it prints reassembles to the same block.
// What the syntax cannot say (a vector at x0, a zeroing source
// predicate, a prefix inside a block...) makes it return false, and the
// caller prints the block raw.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "asm_table.h"
#include "strfmt.h"
#include "svcore.h"

namespace
{

using svasm::Enc;
using svasm::Mnemonic;

using svcore::strfmt;

std::string reg_name(int reg, bool fp)
{
    if (reg < 32) {
        return fp ? svasm::fp_abi[reg] : svasm::int_abi[reg];
    }
    return strfmt("%c%d", fp ? 'f' : 'x', reg);
}

std::string mask_text(const sv_pred_entry &p)
{
    return (p.inv ? "~" : "") + reg_name(p.predidx, false);
}

const char *const rm_names[8] = {"rne", "rtz", "rdn", "rup",
                                 "rmm", "",    "",    "dyn"};

const Mnemonic *find(uint32_t w, unsigned len)
{
    // RVC forms whose field value selects another instruction.
    if (len == 2) {
        unsigned rd = (w >> 7) & 31, rs2 = (w >> 2) & 31;
        if ((w & 0xe003) == 0x0001 && rd == 0) {
            return w == 0x0001 ? svasm::find_mnemonic("c.nop") : nullptr;
        }
        if ((w & 0xe003) == 0x8002 && rs2 == 0) {
            return (w & 0xf07f) == 0x8002 && rd ? svasm::find_mnemonic("c.jr")
                                                : nullptr;
        }
    }
    const Mnemonic *m = svasm::match_word(w, len);
    return m && m->mask ? m : nullptr;
}

// One register operand as the syntax writes it: the register its entry
// names (or its field's own), vector or not, its element width (0: none).
struct Opnd {
    bool present = false, fp = false, entry = false, vec = false;
    unsigned reg = 0, width = 0;
};

std::string opnd_text(const Opnd &o)
{
    return (o.vec ? "*" : "") + reg_name(o.reg, o.fp);
}

// Why the instruction cannot be printed, or "" when it is in *line.
// elements: the opcode runs per element (suffixes apply); twin: its
// predicates are twin as sv-as reads them; tail: suffixes written last
// (SUBVL, a prefix's form and VL).
std::string format_insn(const Mnemonic *m, const sv_resolved_op &r,
                        const Opnd op[4], bool elements, bool twin,
                        const std::string &tail, std::string *line)
{
    const sv_op &o = r.op;
    // The exact conversions: GNU as writes rm = 0 and takes no rm operand.
    if (!strcmp(m->name, "fcvt.d.s") || !strcmp(m->name, "fcvt.d.w") ||
        !strcmp(m->name, "fcvt.d.wu")) {
        if (o.rm != 0) {
            return "a rounding mode GNU as cannot write on " +
                   std::string(m->name);
        }
    }
    // A vector at x0 (x0, x1, ...) has no sv-as spelling: *x0 is refused.
    for (int k = 0; k < 4 && elements; k++) {
        if (op[k].present && !op[k].fp && op[k].vec && op[k].reg == 0) {
            return "a vector at x0";
        }
    }
    // Widths, as sv-as assigns them: the instruction's /w= (/dw= the
    // destination rd, /sw= the other register slots but a load's or
    // store's address and x0), and REG/w=N on an operand whose width
    // differs from that (an address register's whenever it has one).
    std::string suf;
    std::string own[4]; // per slot: "" or "/w=N"
    if (elements) {
        bool mem = o.cls == SV_OPC_LOAD || o.cls == SV_OPC_STORE;
        int wid[4] = {-1, -1, -1, -1}; // -1: takes no width
        for (int k = 0; k < 4; k++) {
            if (op[k].present && (op[k].fp || op[k].reg != 0 || op[k].vec)) {
                wid[k] = static_cast<int>(op[k].width);
            }
        }
        if (mem && wid[SV_RS1] > 0) {
            own[SV_RS1] = strfmt("/w=%d", wid[SV_RS1]);
        }
        int dw = wid[SV_RD];
        // The sources' width: the most common one (the first on a tie).
        int sw = -1, best = 0;
        for (int k = 1; k < 4; k++) {
            if (wid[k] < 0 || (mem && k == SV_RS1)) {
                continue;
            }
            int n = 0;
            for (int j = 1; j < 4; j++) {
                n += wid[j] == wid[k] && !(mem && j == SV_RS1);
            }
            if (n > best) {
                best = n, sw = wid[k];
            }
        }
        if (dw < 0 || sw < 0 || dw == sw) {
            int wv = dw >= 0 ? dw : sw;
            if (wv > 0) {
                suf += strfmt("/w=%d", wv);
            }
        } else {
            suf += strfmt("/dw=%d/sw=%d", dw ? dw : 64, sw ? sw : 64);
        }
        for (int k = 1; k < 4; k++) {
            if (wid[k] >= 0 && wid[k] != sw && !(mem && k == SV_RS1)) {
                own[k] = strfmt("/w=%d", wid[k] ? wid[k] : 64);
            }
        }
    }
    std::string ops;
    std::string pat = m->pattern;
    size_t s = 0;
    while (!pat.empty() && s <= pat.size()) {
        size_t c = pat.find(',', s);
        std::string l =
            pat.substr(s, c == std::string::npos ? std::string::npos : c - s);
        char ch = l[0];
        std::string t;
        int slot = ch == 'd' || ch == 'D' || ch == 'c' || ch == 'C' ||
                           ch == 'e' || ch == 'w'
                       ? SV_RD
                   : ch == 's' || ch == 'S' || ch == 'y'              ? SV_RS1
                   : ch == 't' || ch == 'T' || ch == 'x' || ch == 'X' ? SV_RS2
                   : ch == 'R'                                        ? SV_RS3
                                                                      : -1;
        if (l.size() == 4 && ch == 'o') {
            t = strfmt("%lld(", static_cast<long long>(o.imm)) +
                opnd_text(op[SV_RS1]) + own[SV_RS1] + ")";
        } else if (ch == 'm') {
            if (o.rm != 7) {
                t = rm_names[o.rm & 7];
            }
        } else if (ch == 'u') {
            t = strfmt("0x%llx",
                       static_cast<unsigned long long>(
                           (static_cast<uint64_t>(o.imm) >> 12) & 0xfffff));
        } else if (ch == 'p' || ch == 'a') {
            t = o.imm < 0 ? strfmt(".-%lld", -static_cast<long long>(o.imm))
                          : strfmt(".+%lld", static_cast<long long>(o.imm));
        } else if (slot >= 0) {
            t = opnd_text(op[slot]) + own[slot];
        } else {
            t = strfmt("%lld", static_cast<long long>(o.imm));
        }
        if (!t.empty()) {
            ops += (ops.empty() ? " " : ", ") + t;
        }
        if (c == std::string::npos) {
            break;
        }
        s = c + 1;
    }
    if (elements) {
        const sv_pred_entry &pd = r.pred_dest, &ps = r.pred_src;
        auto all_ones = [](const sv_pred_entry &p) {
            return p.predidx == 0 && p.inv;
        };
        if (r.kind == SV_EXEC_VBRANCH) {
            if (ps.enabled) {
                if (!all_ones(ps)) {
                    suf += "/m=" + mask_text(ps);
                }
                if (ps.zero) {
                    suf += "/zz";
                }
                if (ps.ffirst) {
                    suf += "/ff";
                }
            }
            if (pd.enabled) {
                unsigned mode = pd.inv << 1 | pd.zero;
                if (mode || pd.predidx) {
                    static const char *const names[4] = {"/all", "/any",
                                                         "/notall", "/none"};
                    suf += names[mode];
                }
                if (pd.predidx) {
                    suf += "/r=" + reg_name(pd.predidx, false);
                }
            }
        } else {
            if (ps.enabled && (ps.zero || ps.ffirst)) {
                return "a zeroing or fail-on-first source predicate";
            }
            if (ps.enabled && !twin) {
                return "a source predicate on an instruction sv-as "
                       "predicates from its destination";
            }
            bool dset = pd.enabled && !(all_ones(pd) && pd.ffirst);
            if (twin && ps.enabled && dset && ps.predidx == pd.predidx &&
                ps.inv == pd.inv) {
                suf += "/m=" + mask_text(pd);
            } else if (twin) {
                if (ps.enabled) {
                    suf += "/sm=" + mask_text(ps);
                }
                if (dset) {
                    suf += "/dm=" + mask_text(pd);
                }
            } else if (dset) {
                suf += "/m=" + mask_text(pd);
            }
            if (pd.enabled && pd.zero) {
                suf += "/zz";
            }
            if (pd.enabled && pd.ffirst) {
                suf += "/ff";
            }
        }
    }
    *line = std::string("sv.") + m->name + suf + tail + ops;
    return "";
}

// Why a block cannot be printed, or "" when its RVC/RV32 op is in *line.
std::string format_op(const sv_vblock_context &ctx, const uint8_t *op,
                      unsigned len, const char *plain, std::string *line)
{
    uint32_t w = op[0] | static_cast<uint32_t>(op[1]) << 8;
    if (len == 4) {
        w |= static_cast<uint32_t>(op[2]) << 16 | static_cast<uint32_t>(op[3])
                                                      << 24;
    }
    sv_resolved_op r;
    if (!sv_resolve_op(&ctx, w, &r)) {
        return std::string("an illegal opcode: ") + (r.why ? r.why : "");
    }
    const Mnemonic *m = find(w, len);
    bool elements = r.kind == SV_EXEC_ELEMENTS || r.kind == SV_EXEC_MEMORY ||
                    r.kind == SV_EXEC_VBRANCH;
    if (!m) {
        if (r.tagged && r.kind != SV_EXEC_STAYS_SCALAR) {
            return strfmt("a tagged opcode %08x the syntax has no name for", w);
        }
        if (!plain) {
            return strfmt("opcode %08x has no name here", w);
        }
        *line = plain;
        return "";
    }
    if (!elements && r.tagged && r.kind != SV_EXEC_STAYS_SCALAR) {
        // A jump through a redirected register: sv-as writes jumps plain.
        for (const sv_resolved_operand &ro : r.opnd) {
            if (ro.present && ro.tagged && (ro.reg != ro.key || ro.isvec)) {
                return "a jump through a register entry";
            }
        }
    }
    const sv_op &o = r.op;
    const sv_operand *slots[4] = {&o.rd, &o.rs1, &o.rs2, &o.rs3};
    Opnd ops[4];
    for (int k = 0; k < 4; k++) {
        const sv_operand &so = *slots[k];
        Opnd &d = ops[k];
        d.present = so.present;
        d.fp = so.is_fp;
        d.reg = so.reg;
        const sv_reg_entry &e =
            (so.is_fp ? ctx.fp_regs : ctx.int_regs)[so.reg & 31];
        if (elements && e.enabled) {
            // x0 redirected by an entry cannot be written (sv-as keeps x0
            // plain).
            if (so.present && !so.is_fp && so.reg == 0) {
                return "an entry redirects x0";
            }
            d.entry = true;
            d.vec = e.isvec;
            d.reg = e.regidx;
            d.width = e.elwidth;
        }
    }
    // SUBVL is the block's: on every opcode that takes a suffix.
    bool runs_plain = o.cls == SV_OPC_SCALAR || o.cls == SV_OPC_CSR ||
                      o.cls == SV_OPC_JAL || o.cls == SV_OPC_JALR;
    std::string tail;
    if (ctx.vl.present && ctx.vl.subvl > 1 && !runs_plain) {
        tail = strfmt("/vec%d", ctx.vl.subvl);
    }
    return format_insn(m, r, ops, elements, r.twin, tail, line);
}

// The .2byte parcels of sv-as's output, as bytes.
std::vector<uint8_t> parcels(const char *out)
{
    std::vector<uint8_t> b;
    for (const char *p = out; (p = strstr(p, ".2byte 0x")) != nullptr;) {
        unsigned long v = strtoul(p + 9, nullptr, 16);
        b.push_back(static_cast<uint8_t>(v));
        b.push_back(static_cast<uint8_t>(v >> 8));
        p += 9;
    }
    return b;
}

// Why a P48/P64 cannot be printed, or "" when it is in *line, written
// with its form (/p48, /p64) so that it stands alone or in a block.
std::string format_prefix(const uint8_t *bytes, size_t n, std::string *line)
{
    sv_prefix_context c;
    sv_status st = sv_prefix_decode(bytes, n, &c);
    if (st != SV_OK) {
        return std::string(sv_status_name(st)) + ": " + sv_status_reason(st);
    }
    sv_resolved_op r{};
    if (!sv_resolve_prefix(&c, &r)) {
        return std::string("an illegal prefixed opcode: ") +
               (r.why ? r.why : "");
    }
    const Mnemonic *m = find(c.insn, 4);
    sv_op raw;
    if (!m || !sv_op_decode(c.insn, &raw)) {
        return strfmt("a prefixed opcode %08x the syntax has no name for",
                      c.insn);
    }
    // The operands by the written opcode's slots (MV's source is rs1).
    const sv_operand *slots[4] = {&raw.rd, &raw.rs1, &raw.rs2, &raw.rs3};
    const sv_reg_entry *ents[4] = {&c.rd, &c.rs1, &c.rs2, &c.rs3};
    if (raw.rs1.present && !c.op.rs1.present) {
        ents[SV_RS1] = &c.rs2;
    }
    Opnd ops[4];
    for (int k = 0; k < 4; k++) {
        Opnd &d = ops[k];
        d.present = slots[k]->present;
        d.fp = slots[k]->is_fp;
        d.entry = true;
        d.vec = ents[k]->isvec;
        d.reg = ents[k]->regidx;
        d.width = ents[k]->elwidth;
    }
    std::string tail = c.len == 8 ? "/p64" : "/p48";
    if (c.svlen) {
        tail += strfmt("/vec%d", c.svlen);
    }
    const sv_vltyp &v = c.vltyp;
    switch (v.form) {
    case SV_VLTYP_VL_IMM:
        tail += strfmt("/vl=%d", v.value);
        break;
    case SV_VLTYP_VL_REG:
        tail += "/vl=" + reg_name(v.value, false);
        break;
    case SV_VLTYP_MVL:
        tail += strfmt("/mvl=%d", v.value);
        break;
    case SV_VLTYP_MVL_CLAMP:
        tail += strfmt("/clamp=%d", v.value);
        break;
    default:
        break;
    }
    if (v.form != SV_VLTYP_NONE && v.vldest) {
        tail += "/vld=" + reg_name(v.vldest, false);
    }
    std::string why = format_insn(m, r, ops, true, raw.twin, tail, line);
    if (!why.empty()) {
        return why;
    }
    // It reassembles to these bytes, or it is not printed in the syntax.
    std::string src = "    " + *line + "\n";
    char *out = nullptr, *err = nullptr;
    unsigned ne = sv_asm_translate("p", src.data(), src.size(), &out, &err);
    std::vector<uint8_t> back = ne ? std::vector<uint8_t>() : parcels(out);
    std::string msg = err ? err : "";
    sv_asm_free(out);
    sv_asm_free(err);
    if (back != std::vector<uint8_t>(bytes, bytes + n)) {
        return "the syntax does not say it: " +
               (ne ? msg.substr(0, msg.find('\n')) : *line);
    }
    return "";
}

} // namespace

extern "C" bool sv_format_vblock(const uint8_t *bytes, size_t n,
                                 const char *const *plain, char *buf,
                                 size_t size)
{
    sv_vblock_context ctx;
    const char *why = nullptr;
    std::string text, err;
    sv_status st = sv_vblock_decode_why(bytes, n, &ctx, &why);
    if (st != SV_OK) {
        err = std::string(sv_status_name(st)) + ": " + (why ? why : "");
    } else {
        text = "sv.block";
        const sv_vl_block &v = ctx.vl;
        if (v.present) {
            if (v.mode == SV_VL_MODE_RS1 && v.rs1 == 0) {
                err = "a VL block naming x0 as the VL register";
            }
            text +=
                " vl=" + reg_name(v.mode == SV_VL_MODE_RS1 ? 0 : v.rd, false) +
                "," + reg_name(v.mode == SV_VL_MODE_RD ? 0 : v.rs1, false) +
                strfmt(",%d", v.vlmax);
        }
        text += "\n";
        bool any_vector = false;
        for (unsigned i = 0; i < ctx.n_ops && err.empty(); i++) {
            const uint8_t *op = bytes + ctx.op_offset[i];
            unsigned len = (op[0] & 3) == 3 ? 4 : 2;
            const sv_insn_format f =
                sv_insn_classify(static_cast<uint16_t>(op[0] | op[1] << 8));
            std::string line;
            if (f == SV_FMT_P48 || f == SV_FMT_P64) {
                err = format_prefix(op, f == SV_FMT_P48 ? 6 : 8, &line);
            } else if (f != SV_FMT_16 && f != SV_FMT_32) {
                err = "a reserved-length opcode inside the block";
            } else {
                err =
                    format_op(ctx, op, len, plain ? plain[i] : nullptr, &line);
            }
            any_vector = any_vector || line.find('/') != std::string::npos ||
                         line.find('*') != std::string::npos;
            text += line + "\n";
        }
        if (err.empty() && ctx.vl.present && ctx.vl.subvl > 1 &&
            text.find("/vec") == std::string::npos) {
            err = "SUBVL set by a block with no vector opcode";
        }
        text += "sv.endblock\n";
        if (err.empty()) {
            // The layout words sv-as needs to write this block's table
            // formats and form, found by assembling the text.
            char *out = nullptr, *msgs = nullptr;
            unsigned ne =
                sv_asm_translate("b", text.data(), text.size(), &out, &msgs);
            std::vector<uint8_t> back =
                ne ? std::vector<uint8_t>() : parcels(out);
            sv_asm_free(out);
            sv_asm_free(msgs);
            if (back.size() >= 2) {
                unsigned h0 = bytes[0] | bytes[1] << 8,
                         h1 = back[0] | back[1] << 8;
                std::string words;
                if ((h0 >> 7 & 1) && !(h1 >> 7 & 1)) {
                    words += " reg16";
                }
                if ((h0 >> 8 & 1) && !(h1 >> 8 & 1)) {
                    words += " pred16";
                }
                if ((h0 >> 12 & 7) == 7 && (h1 >> 12 & 7) != 7) {
                    words += " ext";
                }
                text.insert(text.find('\n'), words);
            }
        }
    }
    const std::string &res = err.empty() ? text : err;
    if (size) {
        size_t k = res.size() < size - 1 ? res.size() : size - 1;
        memcpy(buf, res.data(), k);
        buf[k] = '\0';
    }
    return err.empty();
}

extern "C" bool sv_format_prefix(const uint8_t *bytes, size_t n, char *buf,
                                 size_t size)
{
    std::string line;
    std::string err = format_prefix(bytes, n, &line);
    const std::string &res = err.empty() ? line : err;
    if (size) {
        size_t k = res.size() < size - 1 ? res.size() : size - 1;
        memcpy(buf, res.data(), k);
        buf[k] = '\0';
    }
    return err.empty();
}
