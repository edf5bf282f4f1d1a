// sv-objdump: objdump -d for RISC-V ELF files with Simple-V code.
//
//   sv-objdump [--raw] [--objdump PROGRAM] FILE
//
// By default a VBLOCK prints in sv-as's syntax (svcore's
// sv_format_vblock: "sv.block", one sv. line per inner opcode at its
// address, "sv.endblock"), which sv-as reassembles; --raw (or a block the
// syntax cannot say) prints the context line of the decoded tables.
//
// Walks every executable section with svcore's instruction lengths
// (sv_insn_classify / sv_insn_length), decodes each VBLOCK
// (sv_vblock_decode_why) and P48/P64 (sv_prefix_decode) with svcore, and
// leaves the standard instructions to binutils' objdump: it writes a copy
// of FILE in which each VBLOCK's header, VL block and tables are C.NOPs
// (so objdump decodes every inner opcode at its real address, with the
// symbols of FILE) and each P48/P64 is its wrapped RV32 opcode followed
// by C.NOPs, runs `riscv64-linux-gnu-objdump -d` on it once, and merges:
// the C.NOP lines become one line with the SV context, vector branches
// get their mode by name.  tools/README.md says why objdump is driven
// this way.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <elf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdarg>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "svcore.h"

namespace
{

constexpr uint16_t c_nop = 0x0001;

struct SvLine {
    unsigned len = 0;    // bytes of the SV instruction
    std::string context; // what replaces objdump's text
    bool prefix = false; // P48/P64: objdump's line at addr is the wrapped op
    std::string syntax;  // a P48/P64 in sv-as syntax: the whole line
};

// A decoded VBLOCK, formatted once objdump's text of its opcodes is known.
struct Block {
    uint64_t addr;
    size_t off;
    unsigned len;
    sv_vblock_context ctx;
};

struct State {
    std::vector<uint8_t> file, patched;
    std::vector<Block> blocks;
    std::map<uint64_t, std::string> op_text; // formatted inner opcodes
    std::map<uint64_t, bool> block_end;      // last opcode: sv.endblock
    std::map<uint64_t, SvLine> sv;           // by address
    std::set<uint64_t> hidden;               // C.NOP lines to drop
    std::map<uint64_t, std::string> suffix;  // vector branch modes
    bool raw = false;                        // --raw
    bool why = false; // --why: why a block or prefix prints raw
};

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

uint16_t rd16(const uint8_t *p)
{
    return static_cast<uint16_t>(p[0] | p[1] << 8);
}

void wr16(uint8_t *p, uint16_t v)
{
    p[0] = static_cast<uint8_t>(v);
    p[1] = static_cast<uint8_t>(v >> 8);
}

const char *const vl_modes[] = {"rd", "rvc", "rs1"};

std::string reg_entries(const sv_reg_entry *regs, char cls)
{
    std::string s;
    for (int key = 0; key < 32; key++) {
        const sv_reg_entry &r = regs[key];
        if (r.enabled) {
            s += fmt(" %c%d->%c%d%s", cls, key, cls, r.regidx,
                     r.isvec ? ".v" : ".s");
            if (r.elwidth) {
                s += fmt(":e%d", r.elwidth);
            }
        }
    }
    return s;
}

std::string pred_entries(const sv_pred_entry *preds, char cls)
{
    std::string s;
    for (int key = 0; key < 32; key++) {
        const sv_pred_entry &p = preds[key];
        if (p.enabled) {
            s += fmt(" %c%d?%sx%d%s%s", cls, key, p.inv ? "!" : "", p.predidx,
                     p.zero ? ",zero" : "", p.ffirst ? ",ffirst" : "");
        }
    }
    return s;
}

// " <ifany ffirst>" after a vector branch (§6.3), else "".
std::string branch_mode(const sv_vblock_context &ctx, uint32_t insn)
{
    char note[32];
    return sv_branch_mode_note(&ctx, insn, note, sizeof note);
}

std::string prefix_context(const sv_prefix_context &p)
{
    static const char *const slots[] = {"rd", "rs1", "rs2", "rs3"};
    const sv_reg_entry *e[4] = {&p.rd, &p.rs1, &p.rs2, &p.rs3};
    const sv_operand *o[4] = {&p.op.rd, &p.op.rs1, &p.op.rs2, &p.op.rs3};
    std::string s = p.len == 8 ? "p64[" : "p48[";
    const char *sep = "";
    for (int k = 0; k < 4; k++) {
        bool mv_src = k == 2 && !p.op.rs1.present && p.op.cls == SV_OPC_INT;
        if (e[k]->enabled) {
            s += fmt("%s%c %s=%c%d", sep, e[k]->isvec ? 'v' : 's',
                     mv_src ? "rs1" : slots[k], o[k]->is_fp ? 'f' : 'x',
                     e[k]->regidx);
            sep = ", ";
        }
    }
    bool twin = p.type == SV_PTYPE_LD || p.type == SV_PTYPE_ST ||
                p.type == SV_PTYPE_I || p.type == SV_PTYPE_FI;
    auto pred = [&](const char *name, const sv_pred_entry &q) {
        if (q.enabled) {
            s += fmt(", %s=%sx%d", name, q.inv ? "!" : "", q.predidx);
        }
    };
    pred(twin ? "dpred" : "pred", p.pred_dest);
    pred("spred", p.pred_src);
    if (p.itype) {
        s += fmt(", e%d", 4 << p.itype);
    }
    if (p.svlen) {
        s += fmt(", svlen=%d", p.svlen);
    }
    switch (p.vltyp.form) {
    case SV_VLTYP_VL_IMM:
        s += fmt(", vl=%d", p.vltyp.value);
        break;
    case SV_VLTYP_VL_REG:
        s += fmt(", vl=x%d", p.vltyp.value);
        break;
    case SV_VLTYP_MVL:
        s += fmt(", mvl=vl=%d", p.vltyp.value);
        break;
    case SV_VLTYP_MVL_CLAMP:
        s += fmt(", mvl=%d", p.vltyp.value);
        break;
    default:
        break;
    }
    if (p.vltyp.vldest) {
        s += fmt(">x%d", p.vltyp.vldest);
    }
    return s + "] ";
}

void fill_nops(State &st, size_t off, size_t len, uint64_t addr)
{
    for (size_t k = 0; k + 1 < len; k += 2) {
        wr16(&st.patched[off + k], c_nop);
        if (k) {
            st.hidden.insert(addr + k);
        }
    }
}

// One VBLOCK at file offset off (len bytes available from there).
unsigned do_vblock(State &st, size_t off, size_t avail, uint64_t addr,
                   unsigned len)
{
    const uint8_t *b = &st.file[off];
    sv_vblock_context ctx;
    const char *why = nullptr;
    SvLine line;
    line.len = len;
    if (len > avail) {
        return 2; // runs past its section: not an instruction
    }
    sv_status status = sv_vblock_decode_why(b, len, &ctx, &why);
    line.context = fmt("sv.vblock[%u]", len);
    if (status != SV_OK) {
        line.context +=
            fmt(" <illegal: %s: %s>", sv_status_name(status), why ? why : "");
        fill_nops(st, off, len, addr);
        st.sv[addr] = line;
        return len;
    }
    if (ctx.vl.present) {
        line.context += fmt(" {setvl mode=%s rd=x%d rs1=x%d mvl=%d subvl=%d}",
                            vl_modes[ctx.vl.mode % 3], ctx.vl.rd, ctx.vl.rs1,
                            ctx.vl.vlmax, ctx.vl.subvl);
    }
    line.context += " {" + reg_entries(ctx.int_regs, 'x') +
                    reg_entries(ctx.fp_regs, 'f') +
                    pred_entries(ctx.int_preds, 'x') +
                    pred_entries(ctx.fp_preds, 'f') + " }";
    // Header and tables become C.NOPs; the opcodes stay where they are.
    fill_nops(st, off, ctx.layout.opcodes_offset, addr);
    for (int i = 0; i < ctx.n_ops; i++) {
        const uint8_t *op = b + ctx.op_offset[i];
        uint32_t insn = rd16(op);
        uint64_t at = addr + ctx.op_offset[i];
        sv_insn_format f = sv_insn_classify(rd16(op));
        if ((insn & 3) == 3) {
            insn |= static_cast<uint32_t>(rd16(op + 2)) << 16;
        }
        if (f == SV_FMT_P48 || f == SV_FMT_P64) {
            unsigned plen = f == SV_FMT_P48 ? 6 : 8;
            sv_prefix_context p;
            if (sv_prefix_decode(op, plen, &p) == SV_OK) {
                SvLine pl;
                pl.len = plen;
                pl.prefix = true;
                pl.context = prefix_context(p);
                size_t poff = off + ctx.op_offset[i];
                wr16(&st.patched[poff], static_cast<uint16_t>(p.insn));
                wr16(&st.patched[poff + 2],
                     static_cast<uint16_t>(p.insn >> 16));
                fill_nops(st, poff + 4, plen - 4, at + 4);
                st.hidden.insert(at + 4);
                st.sv[at] = pl;
            }
            continue;
        }
        std::string mode = branch_mode(ctx, insn);
        if (!mode.empty()) {
            st.suffix[at] = mode;
        }
    }
    st.sv[addr] = line;
    st.blocks.push_back(Block{addr, off, len, ctx});
    return len;
}

unsigned do_prefix(State &st, size_t off, size_t avail, uint64_t addr,
                   unsigned len)
{
    sv_prefix_context p;
    if (len > avail) {
        return 2;
    }
    SvLine line;
    line.len = len;
    sv_status status = sv_prefix_decode(&st.file[off], len, &p);
    if (status != SV_OK) {
        line.context = fmt("%s <illegal: %s: %s>", len == 8 ? "p64" : "p48",
                           sv_status_name(status), sv_status_reason(status));
        fill_nops(st, off, len, addr);
        st.sv[addr] = line;
        return len;
    }
    line.prefix = true;
    line.context = prefix_context(p);
    char text[512];
    if (!st.raw && sv_format_prefix(&st.file[off], len, text, sizeof text)) {
        line.syntax = text;
    } else if (st.why && !st.raw) {
        line.context += std::string("# ") + text + " ";
    }
    wr16(&st.patched[off], static_cast<uint16_t>(p.insn));
    wr16(&st.patched[off + 2], static_cast<uint16_t>(p.insn >> 16));
    fill_nops(st, off + 4, len - 4, addr + 4);
    st.hidden.insert(addr + 4);
    st.sv[addr] = line;
    return len;
}

void walk(State &st, size_t off, size_t size, uint64_t addr,
          const std::vector<uint64_t> &syms)
{
    size_t pos = 0;
    auto next_sym = syms.begin();
    while (pos + 2 <= size) {
        uint64_t here = addr + pos;
        // Resynchronise at each symbol (a function's first instruction).
        while (next_sym != syms.end() && *next_sym < here) {
            ++next_sym;
        }
        uint16_t parcels[2] = {rd16(&st.file[off + pos]),
                               pos + 4 <= size ? rd16(&st.file[off + pos + 2])
                                               : uint16_t{0}};
        unsigned len = 2;
        sv_insn_format f = sv_insn_classify(parcels[0]);
        if (sv_insn_length(parcels, 2, &len) != SV_OK) {
            len = 2;
        }
        unsigned step = len;
        switch (f) {
        case SV_FMT_VBLOCK:
        case SV_FMT_VBLOCK2:
            step = do_vblock(st, off + pos, size - pos, here, len);
            break;
        case SV_FMT_P48:
        case SV_FMT_P64:
            step = do_prefix(st, off + pos, size - pos, here, len);
            break;
        default:
            break;
        }
        if (next_sym != syms.end() && *next_sym > here &&
            *next_sym < here + step) {
            step = static_cast<unsigned>(*next_sym - here);
        }
        pos += step;
    }
}

std::string hex_bytes(const uint8_t *b, unsigned len)
{
    std::string s;
    for (unsigned k = 0; k + 1 < len && k < 8; k += 2) {
        s += fmt("%04x ", rd16(b + k));
    }
    if (len > 8) {
        s += "...";
    }
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    const char *objdump = "riscv64-linux-gnu-objdump";
    bool raw = false, why = false;
    int a = 1;
    for (;;) {
        if (a + 1 < argc && !strcmp(argv[a], "--objdump")) {
            objdump = argv[a + 1];
            a += 2;
        } else if (a < argc && !strcmp(argv[a], "--raw")) {
            raw = true;
            a++;
        } else if (a < argc && !strcmp(argv[a], "--why")) {
            why = true;
            a++;
        } else {
            break;
        }
    }
    if (a + 1 != argc) {
        fprintf(stderr,
                "usage: sv-objdump [--raw] [--why] [--objdump PROGRAM] FILE\n");
        return 2;
    }
    const char *path = argv[a];
    State st;
    st.raw = raw;
    st.why = why;
    {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            fprintf(stderr, "sv-objdump: cannot read %s\n", path);
            return 1;
        }
        st.file.assign(std::istreambuf_iterator<char>(in),
                       std::istreambuf_iterator<char>());
    }
    const auto &f = st.file;
    if (f.size() < sizeof(Elf64_Ehdr) || memcmp(f.data(), ELFMAG, SELFMAG) ||
        f[EI_CLASS] != ELFCLASS64 || f[EI_DATA] != ELFDATA2LSB) {
        fprintf(stderr, "sv-objdump: %s is not a 64-bit little-endian ELF\n",
                path);
        return 1;
    }
    Elf64_Ehdr eh;
    memcpy(&eh, f.data(), sizeof eh);
    if (eh.e_machine != EM_RISCV || !eh.e_shoff ||
        eh.e_shoff + uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr) > f.size()) {
        fprintf(stderr, "sv-objdump: %s is not a RISC-V ELF with sections\n",
                path);
        return 1;
    }
    std::vector<Elf64_Shdr> sh(eh.e_shnum);
    memcpy(sh.data(), &f[eh.e_shoff], eh.e_shnum * sizeof(Elf64_Shdr));
    // Symbols: resynchronisation points inside executable sections.
    std::vector<uint64_t> syms;
    std::vector<uint64_t> data_syms; // file offsets of the 'd' of "$d"
    for (const auto &s : sh) {
        if (s.sh_type != SHT_SYMTAB || s.sh_offset + s.sh_size > f.size()) {
            continue;
        }
        for (uint64_t o = 0; o + sizeof(Elf64_Sym) <= s.sh_size;
             o += sizeof(Elf64_Sym)) {
            Elf64_Sym sym;
            memcpy(&sym, &f[s.sh_offset + o], sizeof sym);
            if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= eh.e_shnum ||
                !(sh[sym.st_shndx].sh_flags & SHF_EXECINSTR)) {
                continue;
            }
            syms.push_back(sym.st_value);
            // The kit writes SV encodings with .2byte/.4byte, which gas
            // marks as data ($d mapping symbols): in the copy they become
            // $x, so that objdump decodes the opcodes there too.
            uint64_t name = sh[s.sh_link].sh_offset + sym.st_name;
            if (s.sh_link < eh.e_shnum && name + 2 < f.size() &&
                f[name] == '$' && f[name + 1] == 'd' &&
                (f[name + 2] == 0 || f[name + 2] == '.')) {
                data_syms.push_back(name + 1);
            }
        }
    }
    std::sort(syms.begin(), syms.end());
    st.patched = st.file;
    for (uint64_t at : data_syms) {
        st.patched[at] = 'x';
    }
    for (const auto &s : sh) {
        if (s.sh_type == SHT_PROGBITS && (s.sh_flags & SHF_EXECINSTR) &&
            s.sh_offset + s.sh_size <= f.size()) {
            walk(st, s.sh_offset, s.sh_size, s.sh_addr, syms);
        }
    }

    char tmp[] = "/tmp/sv-objdump-XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0 || write(fd, st.patched.data(), st.patched.size()) !=
                      static_cast<ssize_t>(st.patched.size())) {
        fprintf(stderr, "sv-objdump: cannot write a temporary file\n");
        return 1;
    }
    close(fd);
    std::string cmd = std::string(objdump) + " -d -z '" + tmp + "'";
    FILE *p = popen(cmd.c_str(), "r");
    if (!p) {
        unlink(tmp);
        fprintf(stderr, "sv-objdump: cannot run %s\n", objdump);
        return 1;
    }
    // Maps a patched-copy address back to FILE's bytes (for the raw hex).
    auto file_bytes = [&](uint64_t at) -> const uint8_t * {
        for (const auto &s : sh) {
            if ((s.sh_flags & SHF_EXECINSTR) && at >= s.sh_addr &&
                at < s.sh_addr + s.sh_size) {
                return &f[s.sh_offset + (at - s.sh_addr)];
            }
        }
        return nullptr;
    };
    char buf[4096];
    std::vector<std::string> lines;
    while (fgets(buf, sizeof buf, p)) {
        lines.push_back(buf);
    }
    // objdump's text of each instruction, for opcodes the formatter has no
    // name for (CSR accesses, ECALL...): "csrw\tstate,zero" -> "csrw
    // state,zero", its symbolic comment dropped.
    std::map<uint64_t, std::string> insn_text;
    for (const std::string &l : lines) {
        unsigned long long at;
        int n = 0;
        if (sscanf(l.c_str(), " %llx:%n", &at, &n) != 1 || n == 0 ||
            l[n] != '\t') {
            continue;
        }
        size_t tab = l.find('\t', n + 1);
        if (tab == std::string::npos) {
            continue;
        }
        std::string t = l.substr(tab + 1);
        size_t cut = t.find_first_of("<#\n");
        t = t.substr(0, cut);
        for (char &c : t) {
            c = c == '\t' ? ' ' : c;
        }
        while (!t.empty() && t.back() == ' ') {
            t.pop_back();
        }
        insn_text[at] = t;
    }
    for (const Block &b : raw ? std::vector<Block>() : st.blocks) {
        std::vector<std::string> plain(b.ctx.n_ops);
        std::vector<const char *> ptr(b.ctx.n_ops);
        for (unsigned i = 0; i < b.ctx.n_ops; i++) {
            auto it = insn_text.find(b.addr + b.ctx.op_offset[i]);
            ptr[i] = it == insn_text.end() ? nullptr : it->second.c_str();
        }
        char text[8192];
        if (!sv_format_vblock(&f[b.off], b.len, ptr.data(), text,
                              sizeof text)) {
            if (st.why) {
                st.sv[b.addr].context += std::string("\t# ") + text;
            }
            continue; // the syntax cannot say it: the raw context line
        }
        std::string all = text;
        std::vector<std::string> tl;
        size_t s0 = 0;
        while (s0 < all.size()) {
            size_t e = all.find('\n', s0);
            tl.push_back(all.substr(s0, e - s0));
            s0 = e + 1;
        }
        st.sv[b.addr].context = tl[0];
        for (unsigned i = 0; i < b.ctx.n_ops; i++) {
            uint64_t at = b.addr + b.ctx.op_offset[i];
            std::string t = tl[i + 1];
            // A branch target: its address, as a comment.
            size_t rel = t.find_last_of(".");
            if (rel != std::string::npos && rel + 1 < t.size() &&
                (t[rel + 1] == '+' || t[rel + 1] == '-') &&
                t.find_first_not_of("0123456789", rel + 2) ==
                    std::string::npos) {
                long long d = strtoll(t.c_str() + rel + 1, nullptr, 10);
                t += fmt("\t# %llx", static_cast<unsigned long long>(at + d));
            }
            auto pl = st.sv.find(at);
            if (pl != st.sv.end()) {
                pl->second.syntax = t; // a P48/P64 in the block
            } else {
                st.op_text[at] = t;
            }
            st.suffix.erase(at);
        }
        st.block_end[b.addr + b.ctx.op_offset[b.ctx.n_ops - 1]] = true;
    }
    bool first = true;
    for (const std::string &objline : lines) {
        snprintf(buf, sizeof buf, "%s", objline.c_str());
        std::string line(buf);
        if (first && line.find(tmp) != std::string::npos) {
            // objdump's banner names the copy: name FILE instead.
            line = std::string("\n") + path +
                   ":     file format elf64-littleriscv\n";
        }
        first = false;
        unsigned long long at;
        int n = 0;
        if (sscanf(buf, " %llx:%n", &at, &n) != 1 || n == 0 || buf[n] != '\t') {
            fputs(line.c_str(), stdout);
            continue;
        }
        if (st.hidden.count(at)) {
            continue;
        }
        auto sv = st.sv.find(at);
        if (sv != st.sv.end()) {
            const uint8_t *b = file_bytes(at);
            std::string raw = b ? hex_bytes(b, sv->second.len) : "";
            if (!sv->second.syntax.empty()) {
                printf("%*llx:\t%-20s\t%s\n", n - 1, at, raw.c_str(),
                       sv->second.syntax.c_str());
                if (st.block_end.count(at)) {
                    printf("%*s \t%-20s\tsv.endblock\n", n - 1, "", "");
                }
            } else if (sv->second.prefix) {
                // objdump's text for the wrapped opcode, after the context.
                size_t tab = line.find('\t', n + 1);
                std::string text = tab == std::string::npos
                                       ? std::string("\n")
                                       : line.substr(tab + 1);
                printf("%*llx:\t%-20s\t%s%s", n - 1, at, raw.c_str(),
                       sv->second.context.c_str(), text.c_str());
            } else {
                printf("%*llx:\t%-20s\t%s\n", n - 1, at, raw.c_str(),
                       sv->second.context.c_str());
            }
            continue;
        }
        auto ft = st.op_text.find(at);
        if (ft != st.op_text.end()) {
            size_t tab = line.find('\t', n + 1);
            line = line.substr(0, tab + 1) + ft->second + "\n";
            if (st.block_end.count(at)) {
                line += fmt("%*s \t%-20s\tsv.endblock\n", n - 1, "", "");
            }
            fputs(line.c_str(), stdout);
            continue;
        }
        auto sfx = st.suffix.find(at);
        if (sfx != st.suffix.end()) {
            while (!line.empty() && line.back() == '\n') {
                line.pop_back();
            }
            line += sfx->second + "\n";
        }
        fputs(line.c_str(), stdout);
    }
    int rc = pclose(p);
    unlink(tmp);
    if (rc != 0) {
        fprintf(stderr, "sv-objdump: %s failed\n", objdump);
        return 1;
    }
    return 0;
}
