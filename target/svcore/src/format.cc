// The SV formatter (sv_format_vblock): a decoded VBLOCK written back in
// sv-as's syntax, from the same mnemonic table the assembler reads
// (asm_table.h), so that what it prints reassembles to the same block.
// What the syntax cannot say (an 8-bit source beside a 16-bit one, a
// zeroing source predicate, a prefix inside a block...) makes it return
// false, and the caller prints the block raw.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "asm_table.h"
#include "svcore.h"

namespace
{

using svasm::Enc;
using svasm::Mnemonic;

std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char *f, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

std::string reg_name(int reg, bool fp)
{
    if (reg < 32) {
        return fp ? svasm::fp_abi[reg] : svasm::int_abi[reg];
    }
    return fmt("%c%d", fp ? 'f' : 'x', reg);
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

// Why a block cannot be printed, or "" when op i is in *line.
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
            return fmt("a tagged opcode %08x the syntax has no name for", w);
        }
        if (!plain) {
            return fmt("opcode %08x has no name here", w);
        }
        *line = plain;
        return "";
    }
    const sv_op &o = r.op;
    // The exact conversions: GNU as writes rm = 0 and takes no rm operand.
    if (!strcmp(m->name, "fcvt.d.s") || !strcmp(m->name, "fcvt.d.w") ||
        !strcmp(m->name, "fcvt.d.wu")) {
        if (o.rm != 0) {
            return "a rounding mode GNU as cannot write on " +
                   std::string(m->name);
        }
    }
    const sv_operand *slots[4] = {&o.rd, &o.rs1, &o.rs2, &o.rs3};
    // Register text of a slot: through its entry when one applies.
    auto reg_text = [&](int k, bool fp) -> std::string {
        unsigned key = slots[k]->reg;
        if (!elements) {
            return reg_name(key, fp);
        }
        const sv_reg_entry &e = (fp ? ctx.fp_regs : ctx.int_regs)[key & 31];
        if (!e.enabled) {
            return reg_name(key, fp);
        }
        return (e.isvec ? "*" : "") + reg_name(e.regidx, fp);
    };
    // A vector at x0 (x0, x1, ...) has no sv-as spelling: *x0 is refused.
    for (int k = 0; k < 4 && elements; k++) {
        const sv_operand &so = *slots[k];
        const sv_reg_entry &e =
            so.is_fp ? ctx.fp_regs[so.reg & 31] : ctx.int_regs[so.reg & 31];
        if (so.present && !so.is_fp && e.enabled && e.isvec && e.regidx == 0) {
            return "a vector at x0";
        }
    }
    std::string why;
    // x0 redirected by an entry cannot be written (sv-as keeps x0 plain).
    if (elements) {
        for (int k = 0; k < 4; k++) {
            if (slots[k]->present && !slots[k]->is_fp && slots[k]->reg == 0 &&
                ctx.int_regs[0].enabled) {
                return "an entry redirects x0";
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
        bool fpl = ch == 'D' || ch == 'S' || ch == 'T' || ch == 'R' ||
                   ch == 'C' || ch == 'X';
        int slot = ch == 'd' || ch == 'D' || ch == 'c' || ch == 'C' ||
                           ch == 'e' || ch == 'w'
                       ? SV_RD
                   : ch == 's' || ch == 'S' || ch == 'y'              ? SV_RS1
                   : ch == 't' || ch == 'T' || ch == 'x' || ch == 'X' ? SV_RS2
                   : ch == 'R'                                        ? SV_RS3
                                                                      : -1;
        if (l.size() == 4 && ch == 'o') {
            t = fmt("%lld(", static_cast<long long>(o.imm)) +
                reg_text(SV_RS1, false) + ")";
        } else if (ch == 'm') {
            if (o.rm != 7) {
                t = rm_names[o.rm & 7];
            }
        } else if (ch == 'u') {
            t = fmt("0x%llx",
                    static_cast<unsigned long long>(
                        (static_cast<uint64_t>(o.imm) >> 12) & 0xfffff));
        } else if (ch == 'p' || ch == 'a') {
            t = o.imm < 0 ? fmt(".-%lld", -static_cast<long long>(o.imm))
                          : fmt(".+%lld", static_cast<long long>(o.imm));
        } else if (slot >= 0) {
            t = reg_text(slot, fpl);
        } else {
            t = fmt("%lld", static_cast<long long>(o.imm));
        }
        if (!t.empty()) {
            ops += (ops.empty() ? " " : ", ") + t;
        }
        if (c == std::string::npos) {
            break;
        }
        s = c + 1;
    }
    std::string suf;
    if (elements) {
        // Widths, as sv-as assigns them: the destination rd, the sources
        // the other register slots but a load/store's address and x0.
        bool mem = o.cls == SV_OPC_LOAD || o.cls == SV_OPC_STORE;
        int dw = -1;
        std::set<int> sws;
        for (int k = 0; k < 4; k++) {
            const sv_operand &so = *slots[k];
            if (!so.present || (!so.is_fp && so.reg == 0) ||
                (mem && k == SV_RS1)) {
                continue;
            }
            const sv_reg_entry &e =
                (so.is_fp ? ctx.fp_regs : ctx.int_regs)[so.reg & 31];
            int wv = e.enabled ? e.elwidth : 0;
            if (k == SV_RD) {
                dw = wv;
            } else {
                sws.insert(wv);
            }
        }
        if (mem && o.rs1.present) {
            const sv_reg_entry &e = ctx.int_regs[o.rs1.reg & 31];
            if (e.enabled && e.elwidth) {
                return "an address register with an element width (§8.2)";
            }
        }
        if (sws.size() > 1) {
            return "sources of different element widths";
        }
        int sw = sws.empty() ? -1 : *sws.begin();
        if (dw < 0 || sw < 0 || dw == sw) {
            int wv = dw >= 0 ? dw : sw;
            if (wv > 0) {
                suf += fmt("/w=%d", wv);
            }
        } else {
            suf += fmt("/dw=%d/sw=%d", dw ? dw : 64, sw ? sw : 64);
        }
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
            if (r.twin && ps.enabled && (ps.zero || ps.ffirst)) {
                return "a zeroing or fail-on-first source predicate";
            }
            bool dset = pd.enabled && !(all_ones(pd) && pd.ffirst);
            if (r.twin && ps.enabled && dset && ps.predidx == pd.predidx &&
                ps.inv == pd.inv) {
                suf += "/m=" + mask_text(pd);
            } else if (r.twin) {
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
    // SUBVL is the block's: on every opcode that takes a suffix.
    bool runs_plain = o.cls == SV_OPC_SCALAR || o.cls == SV_OPC_CSR ||
                      o.cls == SV_OPC_JAL || o.cls == SV_OPC_JALR;
    if (ctx.vl.present && ctx.vl.subvl > 1 && !runs_plain) {
        suf += fmt("/vec%d", ctx.vl.subvl);
    }
    *line = std::string("sv.") + m->name + suf + ops;
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
                fmt(",%d", v.vlmax);
        }
        text += "\n";
        bool any_vector = false;
        for (unsigned i = 0; i < ctx.n_ops && err.empty(); i++) {
            const uint8_t *op = bytes + ctx.op_offset[i];
            unsigned len = (op[0] & 3) == 3 ? 4 : 2;
            sv_insn_format f =
                sv_insn_classify(static_cast<uint16_t>(op[0] | op[1] << 8));
            if (f != SV_FMT_16 && f != SV_FMT_32) {
                err = "a P48/P64 inside the block";
                break;
            }
            std::string line;
            err = format_op(ctx, op, len, plain ? plain[i] : nullptr, &line);
            any_vector = any_vector || line.find('/') != std::string::npos ||
                         line.find('*') != std::string::npos;
            text += line + "\n";
        }
        if (err.empty() && ctx.vl.present && ctx.vl.subvl > 1 &&
            text.find("/vec") == std::string::npos) {
            err = "SUBVL set by a block with no vector opcode";
        }
        text += "sv.endblock\n";
    }
    const std::string &res = err.empty() ? text : err;
    if (size) {
        size_t k = res.size() < size - 1 ? res.size() : size - 1;
        memcpy(buf, res.data(), k);
        buf[k] = '\0';
    }
    return err.empty();
}
