// The SV assembler (sv_asm_translate): sv-as's one-line vector syntax
// (docs/guide.md, "Writing SV with sv-as") translated into the plain GNU
// as source the macro kit would produce: VBLOCK headers, VL blocks and
// tables as .2byte parcels, the inner opcodes as ordinary instructions on
// the chosen key registers.  Every legality rule is svcore's own: each
// block is encoded, decoded again with sv_vblock_decode_why and every
// opcode resolved with sv_resolve_op before a byte is written; what they
// refuse is an error naming the source line.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <algorithm>
#include <cctype>
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

std::string trim(const std::string &s)
{
    size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) {
        return "";
    }
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

bool parse_int(const std::string &s, long &v)
{
    if (s.empty()) {
        return false;
    }
    char *end = nullptr;
    v = strtol(s.c_str(), &end, 0);
    return *end == '\0';
}

// Splits s at every comma, each piece trimmed: "a, b" gives {"a", "b"},
// "" gives {""}.
std::vector<std::string> split_commas(const std::string &s)
{
    std::vector<std::string> r;
    size_t from = 0;
    for (;;) {
        size_t c = s.find(',', from);
        r.push_back(trim(s.substr(
            from, c == std::string::npos ? std::string::npos : c - from)));
        if (c == std::string::npos) {
            return r;
        }
        from = c + 1;
    }
}

// A gas macro argument, "\\name": sv-as reads the text before gas expands
// it, so its value is only known to gas.
bool is_macro_arg(const std::string &s)
{
    if (s.size() < 2 || s[0] != '\\' ||
        !(isalpha(static_cast<unsigned char>(s[1])) || s[1] == '_')) {
        return false;
    }
    for (size_t i = 2; i < s.size(); i++) {
        if (!isalnum(static_cast<unsigned char>(s[i])) && s[i] != '_') {
            return false;
        }
    }
    return true;
}

// "rd, rs1, VLMAX" of sv.setvl and of the VL block (sv.vl, sv.block vl=).
// *vlmax_arg (when given) takes a VLMAX that is a gas macro argument;
// vlmax is then 64, the largest, for the checks made here.
enum class VlArgs { OK, SHAPE, NOT_X, VLMAX };

VlArgs parse_vl_args(const std::string &text, int &rd, int &rs1, long &vlmax,
                     std::string *vlmax_arg = nullptr)
{
    std::vector<std::string> a = split_commas(text);
    bool fp1, fp2;

    if (a.size() != 3 || !svasm::parse_reg(a[0], rd, fp1) ||
        !svasm::parse_reg(a[1], rs1, fp2)) {
        return VlArgs::SHAPE;
    }
    if (fp1 || fp2 || rd > 31 || rs1 > 31) {
        return VlArgs::NOT_X;
    }
    if (vlmax_arg && is_macro_arg(a[2])) {
        *vlmax_arg = a[2];
        vlmax = 64;
        return VlArgs::OK;
    }
    if (!parse_int(a[2], vlmax) || vlmax < 1 || vlmax > 64) {
        return VlArgs::VLMAX;
    }
    return VlArgs::OK;
}

std::string reg_name(int reg, bool fp)
{
    if (reg < 32) {
        return fp ? svasm::fp_abi[reg] : svasm::int_abi[reg];
    }
    return strfmt("%c%d", fp ? 'f' : 'x', reg);
}

struct Loc {
    std::string file;
    int line = 0;
};

// A predicate as written: /m=a5, /m=~a5 (inverted).
struct Mask {
    bool set = false;
    int reg = 0;
    bool inv = false;
    bool operator==(const Mask &o) const
    {
        return set == o.set && reg == o.reg && inv == o.inv;
    }
};

struct Suffixes {
    int w = 0, dw = 0, sw = 0; // 0: not given
    Mask m, sm, dm;
    bool zz = false, ff = false;
    int vec = 0;    // SUBVL 2..4
    int mode = -1;  // vector branches: 0 all, 1 notall, 2 any, 3 none
    int r = -1;     // result mask register
    int form = 0;   // 6: /p48, 8: /p64, -1: /vblock, 0: sv-as chooses
    sv_vltyp vlt{}; // a P64's VLtyp: /vl= /mvl= /clamp= /vld=
    bool vld = false;
};

// What one instruction slot (rd, rs1, rs2, rs3) asks of the block.
struct Slot {
    bool present = false;
    bool fp = false;
    int reg = 0;
    bool vec = false;
    bool three_bit = false; // an RVC 3-bit field: key x8..x15 / f8..f15
    int width = 0;
    int own_width = 0; // REG/w=N written on the operand (0: not given)
    bool has_pred = false;
    int predreg = 0;
    bool inv = false, zero = false, ffirst = false;
    bool no_regentry = false; // a branch result entry keyed on x0
    bool ff_any = false;      // a branch's rs2 entry: its ffirst is unread
    bool pred_read = false;   // SV reads this operand's predicate entry
    int tag = -1;             // index into the block's tags, or plain
};

struct Tag {
    bool fp = false;
    int reg = 0;
    bool vec = false;
    int width = 0;
    bool has_pred = false;
    int predreg = 0;
    bool inv = false, zero = false, ffirst = false;
    bool no_regentry = false;
    bool three_bit = false;
    int key = -1;
    Loc loc;
    bool same_entry(const Slot &s) const
    {
        return fp == s.fp && reg == s.reg && vec == s.vec && width == s.width &&
               has_pred == s.has_pred &&
               (!has_pred ||
                (predreg == s.predreg && inv == s.inv && zero == s.zero &&
                 (ffirst == s.ffirst || s.ff_any))) &&
               no_regentry == s.no_regentry;
    }
};

struct Inner {
    Loc loc;
    std::string comment; // a blank or comment line kept in place
    bool is_comment = false;
    std::string mnem;
    const Mnemonic *m = nullptr; // nullptr: passed through (raw)
    std::string raw;
    Suffixes suf;
    Slot slot[4];
    std::string imm;    // immediate / offset text
    std::string target; // branch / jump target text
    std::string rm;     // rounding mode text
    unsigned len = 4;
    sv_op op{};
    int dst = -1, src = -1;     // the slots of the two predicate sides
    std::vector<uint8_t> bytes; // a P48/P64 in a block: its encoding
};

struct VlSpec {
    bool present = false;
    Loc loc;
    int mode = 0, rd = 0, rs1 = 0, vlmax = 0;
    std::string vlmax_arg; // VLMAX is this gas macro argument (vlmax 64)
};

// sv.block's layout options: 16-bit register / predicate entries where
// 8-bit ones would do, the VBLOCK2 form for a block of up to 22 bytes.
struct Layout {
    bool reg16 = false, pred16 = false, ext = false;
};

const int int_key_order[] = {5,  6,  7,  28, 29, 30, 31, 17, 16, 15, 14,
                             13, 12, 11, 10, 9,  8,  18, 19, 20, 21, 22,
                             23, 24, 25, 26, 27, 1,  3,  4,  2};
const int fp_key_order[] = {0,  1,  2,  3,  4,  5,  6,  7,  28, 29, 30,
                            31, 17, 16, 15, 14, 13, 12, 11, 10, 9,  8,
                            18, 19, 20, 21, 22, 23, 24, 25, 26, 27};

class Assembler
{
  public:
    explicit Assembler(const char *file) : file_(file ? file : "<stdin>")
    {
    }
    void run(const char *src, size_t len);
    std::string out, errors;
    unsigned nerrors = 0;

  private:
    std::string file_;
    Loc loc_;
    bool in_comment_ = false;
    std::vector<Inner> block_;
    bool explicit_ = false;
    Layout layout_; // an explicit block's
    Loc block_loc_;
    VlSpec vl_;
    int nblocks_ = 0;
    int macro_depth_ = 0; // inside .macro: labels get gas's \@ suffix

    void error(const Loc &l, const std::string &why)
    {
        if (quiet_) {
            quiet_errors_++;
            return;
        }
        errors += strfmt("%s:%d: ", l.file.c_str(), l.line) + why + "\n";
        nerrors++;
    }
    unsigned quiet_errors_ = 0;
    void line(const std::string &text);
    void statement(const std::string &stmt, const std::string &labels);
    bool parse_inner(const std::string &stmt, Inner &in);
    bool parse_suffix(const std::string &s, Suffixes &suf);
    bool parse_mask(const std::string &s, Mask &m);
    void flush(bool explicit_block = false);
    void emit_block(std::vector<Inner> &ops, const VlSpec &vl,
                    const Layout &lay = Layout());
    bool analyse(Inner *in);
    bool prefix(Inner &in, bool choose, std::vector<uint8_t> &bytes);
    bool real_word(const Inner &in, uint32_t *w);
    bool quiet_ = false; // trying a P48/P64: errors are not reported
    void marker(const Loc &l)
    {
        out += strfmt("# %d \"%s\"\n", l.line, l.file.c_str());
    }
};

// ------------------------------------------------------------- lines

void Assembler::run(const char *src, size_t len)
{
    loc_.file = file_;
    loc_.line = 0;
    size_t pos = 0;
    while (pos < len) {
        size_t nl = pos;
        while (nl < len && src[nl] != '\n') {
            nl++;
        }
        loc_.line++;
        line(std::string(src + pos, nl - pos));
        pos = nl + 1;
    }
    flush();
    if (explicit_) {
        error(block_loc_, "sv.block without sv.endblock");
    }
    if (vl_.present) {
        error(vl_.loc, "sv.vl is not followed by a block of sv. instructions");
    }
}

// Strips comments ('#' to the end, /* */) from t; *open := an unterminated
// /* starts a comment that goes on past this line.
std::string strip_comment(const std::string &t, bool *open)
{
    std::string s;
    bool quote = false;
    *open = false;
    for (size_t i = 0; i < t.size(); i++) {
        char c = t[i];
        if (c == '"') {
            quote = !quote;
        }
        if (!quote && c == '#') {
            break;
        }
        if (!quote && c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
            size_t e = t.find("*/", i + 2);
            if (e == std::string::npos) {
                *open = true;
                break;
            }
            i = e + 1;
            s += ' ';
            continue;
        }
        s += c;
    }
    return s;
}

void Assembler::line(const std::string &text)
{
    // cpp line markers: # 12 "file" [flags]
    if (text.size() > 2 && text[0] == '#' && text[1] == ' ' &&
        isdigit(static_cast<unsigned char>(text[2]))) {
        char fname[4096];
        int n;
        if (sscanf(text.c_str(), "# %d \"%4095[^\"]\"", &n, fname) == 2) {
            flush();
            loc_.file = fname;
            loc_.line = n - 1;
            out += text + "\n";
            return;
        }
    }
    std::string code = text;
    if (in_comment_) {
        size_t e = code.find("*/");
        if (e == std::string::npos) {
            out += text + "\n";
            return;
        }
        in_comment_ = false;
        code = code.substr(e + 2);
    }
    bool open = false;
    std::string t = trim(strip_comment(code, &open));
    in_comment_ = open;
    // Statements separated by ';', each with its labels.
    std::vector<std::pair<std::string, std::string>> stmts;
    size_t start = 0;
    while (start <= t.size()) {
        size_t semi = t.find(';', start);
        std::string stmt =
            trim(t.substr(start, semi == std::string::npos ? std::string::npos
                                                           : semi - start));
        std::string labels;
        for (;;) {
            size_t i = 0;
            while (i < stmt.size() &&
                   (isalnum(static_cast<unsigned char>(stmt[i])) ||
                    stmt[i] == '_' || stmt[i] == '.' || stmt[i] == '$')) {
                i++;
            }
            if (i > 0 && i < stmt.size() && stmt[i] == ':') {
                labels += stmt.substr(0, i + 1) + "\n";
                stmt = trim(stmt.substr(i + 1));
            } else {
                break;
            }
        }
        if (!stmt.empty() || !labels.empty()) {
            stmts.emplace_back(labels, stmt);
        }
        if (semi == std::string::npos) {
            break;
        }
        start = semi + 1;
    }
    bool has_sv = false;
    for (const auto &st : stmts) {
        has_sv = has_sv || st.second.compare(0, 3, "sv.") == 0;
    }
    if (!has_sv && !explicit_) {
        if (t.empty() && !block_.empty()) {
            Inner c;
            c.is_comment = true;
            c.comment = text;
            block_.push_back(c);
            return;
        }
        if (t.empty()) {
            out += text + "\n";
            return;
        }
        flush();
        if (vl_.present) {
            error(vl_.loc,
                  "sv.vl is not followed by a block of sv. instructions");
            vl_.present = false;
        }
        for (const auto &st : stmts) {
            std::string w = st.second.substr(0, st.second.find_first_of(" \t"));
            macro_depth_ += w == ".macro" ? 1 : w == ".endm" ? -1 : 0;
        }
        out += text + "\n";
        return;
    }
    if (t.empty()) {
        Inner c;
        c.is_comment = true;
        c.comment = text;
        block_.push_back(c);
        return;
    }
    for (const auto &st : stmts) {
        statement(st.second, st.first);
    }
}

void Assembler::statement(const std::string &stmt, const std::string &labels)
{
    bool sv = stmt.compare(0, 3, "sv.") == 0;
    std::string word = stmt.substr(0, stmt.find_first_of(" \t/"));
    if (explicit_) {
        if (!labels.empty()) {
            error(loc_, "a label inside sv.block: a branch into the middle "
                        "of a block is illegal (§3.7); end the block first");
            return;
        }
        if (stmt.empty()) {
            return;
        }
        if (word == "sv.endblock") {
            explicit_ = false;
            flush(true);
            return;
        }
        if (word == "sv.block" || word == "sv.vl" || word == "sv.setvl") {
            error(loc_, word + " inside sv.block");
            return;
        }
        if (stmt[0] == '.') {
            error(loc_, "directive '" + word + "' inside sv.block");
            return;
        }
        Inner in;
        in.loc = loc_;
        if (parse_inner(sv ? stmt.substr(3) : stmt, in)) {
            block_.push_back(in);
        }
        return;
    }
    if (!sv) {
        flush();
        if (vl_.present && !stmt.empty()) {
            error(vl_.loc,
                  "sv.vl is not followed by a block of sv. instructions");
            vl_.present = false;
        }
        out += labels + stmt + "\n";
        return;
    }
    if (word == "sv.endblock") {
        error(loc_, "sv.endblock without sv.block");
        return;
    }
    if (word == "sv.setvl") {
        flush();
        out += labels;
        std::vector<std::string> a = split_commas(stmt.substr(8));
        int rd, rs1;
        long vlmax;
        switch (parse_vl_args(stmt.substr(8), rd, rs1, vlmax)) {
        case VlArgs::SHAPE:
        case VlArgs::NOT_X:
            error(loc_, "sv.setvl takes rd, rs1, VLMAX with rd and rs1 in "
                        "x0..x31");
            return;
        case VlArgs::VLMAX:
            error(loc_, "sv.setvl VLMAX must be a number 1..64 (§2.1, A7)");
            return;
        case VlArgs::OK:
            break;
        }
        marker(loc_);
        out += strfmt("    .insn i 0x57, 7, %s, %s, %ld\n", a[0].c_str(),
                      a[1].c_str(), vlmax);
        return;
    }
    if (word == "sv.vl" || word == "sv.block") {
        flush();
        out += labels;
        if (vl_.present && word == "sv.vl") {
            error(loc_, "two sv.vl lines for one block");
            return;
        }
        std::string rest = trim(stmt.substr(word.size()));
        if (word == "sv.block") {
            explicit_ = true;
            block_loc_ = loc_;
            layout_ = Layout();
            // Layout words anywhere after sv.block; the rest is vl=.
            std::string kept;
            size_t p = 0;
            while (p < rest.size()) {
                size_t e = rest.find_first_of(" \t", p);
                std::string w = rest.substr(
                    p, e == std::string::npos ? std::string::npos : e - p);
                if (w == "reg16" || w == "pred16" || w == "ext") {
                    (w == "reg16"    ? layout_.reg16
                     : w == "pred16" ? layout_.pred16
                                     : layout_.ext) = true;
                } else if (!w.empty()) {
                    kept += (kept.empty() ? "" : " ") + w;
                }
                if (e == std::string::npos) {
                    break;
                }
                p = e + 1;
            }
            rest = kept;
            if (rest.empty()) {
                return;
            }
            if (rest.compare(0, 3, "vl=") != 0) {
                error(loc_, "sv.block takes vl=RD,RS1,VLMAX and the layout "
                            "words reg16, pred16, ext");
                return;
            }
            if (vl_.present) {
                error(loc_, "sv.block vl= after sv.vl: one VL block only");
                return;
            }
            rest = rest.substr(3);
        }
        int rd, rs1;
        long vlmax;
        std::string vlmax_arg;
        switch (parse_vl_args(rest, rd, rs1, vlmax, &vlmax_arg)) {
        case VlArgs::SHAPE:
            error(loc_, "sv.vl takes rd, rs1, VLMAX");
            return;
        case VlArgs::NOT_X:
            error(loc_, "the VL block's registers must be x0..x31 (§3.3)");
            return;
        case VlArgs::VLMAX:
            error(loc_, "the VL block's VLMAX must be a number 1..64 (§3.3)");
            return;
        case VlArgs::OK:
            break;
        }
        if (!vlmax_arg.empty() && macro_depth_ == 0) {
            error(loc_, "the VL block's VLMAX " + vlmax_arg +
                            " is a macro argument outside a .macro");
            return;
        }
        VlSpec v;
        v.present = true;
        v.loc = loc_;
        v.rd = rd;
        v.rs1 = rs1;
        v.vlmax = static_cast<int>(vlmax);
        v.vlmax_arg = vlmax_arg;
        if (rs1 == 0) {
            v.mode = SV_VL_MODE_RD;
        } else if (rd == 0) {
            v.mode = SV_VL_MODE_RS1;
            v.rd = 0;
        } else if (rd >= 8 && rd <= 15 && rs1 >= 8 && rs1 <= 15) {
            v.mode = SV_VL_MODE_RVC;
        } else {
            error(loc_, "sv.vl rd, rs1, VLMAX with both registers set is the "
                        "VL block's RVC mode: rd and rs1 must be x8..x15 "
                        "(s0, s1, a0..a5) (§3.3)");
            return;
        }
        vl_ = v;
        return;
    }
    // An SV instruction: a label starts a new block; a /p48 or /p64 one
    // is an instruction of its own.
    bool alone = false;
    {
        std::string head = stmt.substr(0, stmt.find_first_of(" \t"));
        size_t sl = head.find('/');
        while (sl != std::string::npos) {
            size_t next = head.find('/', sl + 1);
            std::string x = head.substr(sl + 1, next == std::string::npos
                                                    ? std::string::npos
                                                    : next - sl - 1);
            alone = alone || x == "p48" || x == "p64";
            sl = next;
        }
    }
    if (!labels.empty() || alone) {
        flush();
    }
    if (alone && vl_.present) {
        error(vl_.loc, "sv.vl is not followed by a block of sv. instructions");
        vl_.present = false;
    }
    if (!labels.empty()) {
        Inner l;
        l.is_comment = true;
        l.comment = "__LABELS__" + labels;
        block_.push_back(l);
    }
    Inner in;
    in.loc = loc_;
    for (size_t b = stmt.find('\\'); b != std::string::npos;
         b = stmt.find('\\', b + 1)) {
        size_t e = stmt.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
            b + 1);
        std::string arg = stmt.substr(b, e == std::string::npos ? e : e - b);
        if (is_macro_arg(arg)) {
            error(loc_, "the macro argument " + arg +
                            " in an sv. instruction: sv-as translates the "
                            "line before gas expands the macro, so only "
                            "sv.vl's VLMAX may be one");
            vl_.present = false; // its block is dropped with it
            return;
        }
    }
    if (parse_inner(stmt.substr(3), in)) {
        block_.push_back(in);
    }
    if (alone) {
        flush();
    }
}

bool Assembler::parse_mask(const std::string &s, Mask &m)
{
    std::string r = s;
    m.inv = false;
    if (!r.empty() && r[0] == '~') {
        m.inv = true;
        r = r.substr(1);
    }
    bool fp;
    if (!svasm::parse_reg(r, m.reg, fp) || fp || m.reg > 31) {
        error(loc_, "predicate mask '" + s +
                        "': must be an integer register x0..x31, "
                        "optionally inverted with ~");
        return false;
    }
    if (m.reg == 0 && !m.inv) {
        error(loc_, "predicate mask x0 masks out every element; "
                    "write ~x0 (all ones) or no mask");
        return false;
    }
    m.set = true;
    return true;
}

bool Assembler::parse_suffix(const std::string &s, Suffixes &suf)
{
    size_t eq = s.find('=');
    std::string k = s.substr(0, eq);
    std::string v = eq == std::string::npos ? "" : s.substr(eq + 1);
    if (k == "w" || k == "dw" || k == "sw") {
        long n;
        if (!parse_int(v, n) || (n != 8 && n != 16 && n != 32 && n != 64)) {
            error(loc_, "element width /" + s + ": must be 8, 16, 32 or 64");
            return false;
        }
        int &w = k == "w" ? suf.w : k == "dw" ? suf.dw : suf.sw;
        w = static_cast<int>(n); // 64: the default width, written out
        return true;
    }
    if (k == "m" || k == "sm" || k == "dm") {
        Mask &m = k == "m" ? suf.m : k == "sm" ? suf.sm : suf.dm;
        return parse_mask(v, m);
    }
    if (k == "vl" || k == "mvl" || k == "clamp" || k == "vld") {
        long n;
        int reg;
        bool fp;
        long probe;
        const bool by_reg = k == "vl" && !parse_int(v, probe);
        if (k == "vld" || by_reg) {
            if (!svasm::parse_reg(v, reg, fp) || fp || reg < 1 || reg > 31) {
                error(loc_, "/" + s + ": " +
                                (k == "vld" ? "the VL destination"
                                            : "a VL register") +
                                " is x1..x31 (§4.4)");
                return false;
            }
            if (k == "vld") {
                suf.vld = true;
                suf.vlt.vldest = static_cast<uint8_t>(reg);
                return true;
            }
            n = reg;
        } else if (!parse_int(v, n) || n < 1 || n > 32) {
            error(loc_, "/" + s + ": must be a number 1..32 (§4.4)");
            return false;
        }
        if (suf.vlt.form != SV_VLTYP_NONE) {
            error(loc_, "two VLtyp suffixes (/vl= /mvl= /clamp=) on one "
                        "instruction");
            return false;
        }
        suf.vlt.form = static_cast<uint8_t>(k == "mvl"     ? SV_VLTYP_MVL
                                            : k == "clamp" ? SV_VLTYP_MVL_CLAMP
                                            : !by_reg      ? SV_VLTYP_VL_IMM
                                                           : SV_VLTYP_VL_REG);
        suf.vlt.value = static_cast<uint8_t>(n);
        return true;
    }
    if (k == "r") {
        bool fp;
        int reg;
        if (!svasm::parse_reg(v, reg, fp) || fp || reg > 31) {
            error(loc_, "result mask /r=" + v +
                            ": must be an integer register x0..x31");
            return false;
        }
        suf.r = reg;
        return true;
    }
    if (eq != std::string::npos) {
        error(loc_, "unknown suffix /" + s);
        return false;
    }
    if (s == "zz") {
        suf.zz = true;
    } else if (s == "ff") {
        suf.ff = true;
    } else if (s == "vec2" || s == "vec3" || s == "vec4") {
        suf.vec = s[3] - '0';
    } else if (s == "all" || s == "notall" || s == "any" || s == "none") {
        if (suf.mode >= 0) {
            error(loc_, "two branch modes on one instruction");
            return false;
        }
        suf.mode = s == "all" ? 0 : s == "notall" ? 1 : s == "any" ? 2 : 3;
    } else if (s == "p48" || s == "p64" || s == "vblock") {
        int f = s == "p48" ? 6 : s == "p64" ? 8 : -1;
        if (suf.form && suf.form != f) {
            error(loc_, "two forms (/p48 /p64 /vblock) on one instruction");
            return false;
        }
        suf.form = f;
    } else {
        error(loc_, "unknown suffix /" + s);
        return false;
    }
    return true;
}

// Splits operands at commas outside parentheses.
std::vector<std::string> split_operands(const std::string &s)
{
    std::vector<std::string> r;
    std::string cur;
    int depth = 0;
    for (char c : s) {
        if (c == '(') {
            depth++;
        } else if (c == ')') {
            depth--;
        }
        if (c == ',' && depth == 0) {
            r.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!trim(cur).empty() || !r.empty()) {
        r.push_back(trim(cur));
    }
    return r;
}

const char *const multi_insn[] = {"la",   "lla",  "lga", "call",
                                  "tail", "jump", "lea", "li.w"};

bool Assembler::parse_inner(const std::string &stmt, Inner &in)
{
    size_t sp = stmt.find_first_of(" \t");
    std::string head = stmt.substr(0, sp);
    std::string rest = sp == std::string::npos ? "" : trim(stmt.substr(sp));
    size_t slash = head.find('/');
    in.mnem = head.substr(0, slash);
    bool ok = true;
    while (slash != std::string::npos) {
        size_t next = head.find('/', slash + 1);
        std::string s = head.substr(slash + 1, next == std::string::npos
                                                   ? std::string::npos
                                                   : next - slash - 1);
        ok = parse_suffix(s, in.suf) && ok;
        slash = next;
    }
    if (!ok) {
        return false;
    }
    if (in.suf.vld && in.suf.vlt.form == SV_VLTYP_NONE) {
        error(loc_, "/vld= without /vl=, /mvl= or /clamp=: the VL "
                    "destination receives the VL they set (§4.4)");
        return false;
    }
    for (const char *m : multi_insn) {
        if (in.mnem == m) {
            error(loc_,
                  "'" + in.mnem +
                      "' expands to more than one instruction: not "
                      "allowed inside a block (load the value before it)");
            return false;
        }
    }
    std::vector<std::string> ops = split_operands(rest);
    std::string name = in.mnem;
    if (name == "li") {
        long v;
        if (ops.size() != 2 || !parse_int(ops[1], v) || v < -2048 || v > 2047) {
            error(loc_, "li inside a block: only a literal -2048..2047 (one "
                        "addi); load other values before the block");
            return false;
        }
        name = "addi";
        ops.insert(ops.begin() + 1, "zero");
    }
    in.m = svasm::find_mnemonic(name);
    if (!in.m) {
        // Not in the table: passed through when it names no SV register.
        bool svish = stmt.find('*') != std::string::npos ||
                     head.find('/') != std::string::npos ||
                     rest.find("/w=") != std::string::npos;
        for (const std::string &o : ops) {
            int r;
            bool fp;
            if (svasm::parse_reg(o, r, fp) && r > 31) {
                svish = true;
            }
        }
        if (svish) {
            error(loc_, "'" + in.mnem +
                            "' has no SV form sv-as knows (docs/guide.md "
                            "lists the instructions)");
            return false;
        }
        if (in.mnem.empty() || in.mnem[0] == '.') {
            error(loc_, "'" + in.mnem + "' is not an instruction");
            return false;
        }
        in.raw = stmt;
        in.len = in.mnem.compare(0, 2, "c.") == 0 ? 2 : 4;
        return true;
    }
    const Mnemonic &m = *in.m;
    in.len = m.name[0] == 'c' && m.name[1] == '.' ? 2 : 4;
    // Walk the pattern.
    std::vector<std::string> pat;
    if (*m.pattern) {
        pat = split_commas(m.pattern);
    }
    bool has_rm = !pat.empty() && pat.back() == "m";
    size_t need = pat.size() - (has_rm ? 1 : 0);
    if (ops.size() < need || ops.size() > pat.size()) {
        error(loc_, strfmt("%s takes %zu operands, not %zu", in.mnem.c_str(),
                           need, ops.size()));
        return false;
    }
    auto set_reg = [&](char letter, const std::string &text) -> bool {
        std::string t = text;
        bool star = false;
        if (!t.empty() && t[0] == '*') {
            star = true;
            t = t.substr(1);
        }
        // REG/w=N: this operand's own element width.
        int own = 0;
        size_t os = t.find('/');
        if (os != std::string::npos) {
            std::string s = trim(t.substr(os + 1));
            t = trim(t.substr(0, os));
            if (s.compare(0, 2, "w=") != 0) {
                error(loc_, "operand suffix /" + s + " on '" + t +
                                "': an operand takes only /w=N");
                return false;
            }
            long n;
            if (!parse_int(s.substr(2), n) ||
                (n != 8 && n != 16 && n != 32 && n != 64)) {
                error(loc_,
                      "element width /" + s + ": must be 8, 16, 32 or 64");
                return false;
            }
            own = static_cast<int>(n);
        }
        int reg;
        bool fp;
        if (!svasm::parse_reg(t, reg, fp)) {
            error(loc_, "'" + text + "' is not a register");
            return false;
        }
        if (own && reg == 0 && !fp) {
            error(loc_, "'" + text +
                            "': x0 takes no element width (it has no "
                            "entry: always zero)");
            return false;
        }
        bool want_fp = letter == 'D' || letter == 'S' || letter == 'T' ||
                       letter == 'R' || letter == 'C' || letter == 'X';
        if (fp != want_fp) {
            error(loc_, strfmt("'%s': %s register where %s takes an %s one",
                               text.c_str(), fp ? "an FP" : "an integer",
                               in.mnem.c_str(), want_fp ? "FP" : "integer"));
            return false;
        }
        std::vector<int> slots;
        switch (letter) {
        case 'd':
        case 'D':
        case 'c':
        case 'C':
            slots = {SV_RD};
            break;
        case 's':
        case 'S':
        case 'y':
            slots = {SV_RS1};
            break;
        case 't':
        case 'T':
        case 'x':
        case 'X':
            slots = {SV_RS2};
            break;
        case 'R':
            slots = {SV_RS3};
            break;
        case 'e':
        case 'w':
            slots = {SV_RD, SV_RS1};
            break;
        }
        bool three = letter == 'w' || letter == 'c' || letter == 'C' ||
                     letter == 'x' || letter == 'X' || letter == 'y';
        for (int sl : slots) {
            Slot &s = in.slot[sl];
            s.present = true;
            s.fp = fp;
            s.reg = reg;
            s.vec = star;
            s.three_bit = three;
            s.own_width = own;
        }
        if (star && reg == 0 && !fp) {
            error(loc_, "*x0 cannot be a vector: x0 is always zero");
            return false;
        }
        return true;
    };
    for (size_t i = 0; i < ops.size(); i++) {
        const std::string &p = pat[i];
        const std::string &o = ops[i];
        if (p == "m") {
            in.rm = o;
            continue;
        }
        if (p.size() == 4 && p[0] == 'o') { // o(s) / o(y)
            size_t lp = o.rfind('(');
            if (lp == std::string::npos || o.back() != ')') {
                error(loc_, "'" + o + "': expected offset(register)");
                return false;
            }
            in.imm = trim(o.substr(0, lp));
            if (in.imm.empty()) {
                in.imm = "0";
            }
            if (!set_reg(p[2], trim(o.substr(lp + 1, o.size() - lp - 2)))) {
                return false;
            }
            continue;
        }
        char c = p[0];
        if (c == 'j' || c == '>' || c == 'u' || c == 'i') {
            in.imm = o;
        } else if (c == 'p' || c == 'a') {
            in.target = o;
        } else if (!set_reg(c, o)) {
            return false;
        }
    }
    // Implicit operands of pseudo-instructions.
    std::string fixed = m.fixed;
    if (fixed == "rs2=0") {
        in.slot[SV_RS2].present = true;
    } else if (fixed == "rs1=0") {
        in.slot[SV_RS1].present = true;
    } else if (fixed == "rs2=rs1") {
        in.slot[SV_RS2] = in.slot[SV_RS1];
    } else if (fixed.compare(0, 4, "imm=") == 0) {
        in.imm = fixed.substr(4);
    }
    if (m.enc == Enc::CB) {
        in.slot[SV_RS2].present = true; // C.BEQZ/C.BNEZ compare with x0
    }
    if (in.mnem == "nop" || in.mnem == "ret") {
        in.raw = in.mnem;
    }
    if (in.m->enc == Enc::B || in.m->enc == Enc::I) {
        // an integer x0 slot given implicitly is present, not tagged
    }
    return true;
}

// ---------------------------------------------------------------- words

uint32_t rvc3(int r)
{
    return static_cast<uint32_t>(r - 8) & 7;
}

// The instruction word with the given 5-bit fields (keys), immediates as
// placeholders: only svcore's decoder and resolution step read it.
uint32_t encode(const Inner &in, const int f[4])
{
    const Mnemonic &m = *in.m;
    uint32_t w = m.match;
    switch (m.enc) {
    case Enc::R:
    case Enc::R4:
        w |= f[SV_RD] << 7 | f[SV_RS1] << 15 | f[SV_RS2] << 20;
        if (m.enc == Enc::R4) {
            w |= static_cast<uint32_t>(f[SV_RS3]) << 27;
        }
        // An rm field: dynamic unless written (legality only).
        if (m.mask && (m.mask & 0x7000) == 0) {
            w |= 7u << 12;
        }
        break;
    case Enc::I:
        w |= f[SV_RD] << 7 | f[SV_RS1] << 15;
        if (in.mnem == "slli" || in.mnem == "srli" || in.mnem == "srai" ||
            in.mnem == "slliw" || in.mnem == "srliw" || in.mnem == "sraiw") {
            w |= 1u << 20;
        }
        break;
    case Enc::S:
        w |= f[SV_RS1] << 15 | f[SV_RS2] << 20;
        break;
    case Enc::B:
        w |= f[SV_RS1] << 15 | f[SV_RS2] << 20 | 8u << 7; // offset 16
        break;
    case Enc::U:
        w |= f[SV_RD] << 7 | 1u << 12;
        break;
    case Enc::J:
        w |= f[SV_RD] << 7 | 1u << 21;
        break;
    case Enc::CR:
        w |= f[SV_RD] << 7 | f[SV_RS2] << 2;
        break;
    case Enc::CI:
        w |= f[SV_RD] << 7 | 1u << 2;
        break;
    case Enc::CA:
        w |= rvc3(f[SV_RD]) << 7 | rvc3(f[SV_RS2]) << 2;
        break;
    case Enc::CBI:
        w |= rvc3(f[SV_RD]) << 7 | 1u << 2;
        break;
    case Enc::CL:
        w |= rvc3(f[SV_RS1]) << 7 | rvc3(f[SV_RD]) << 2;
        break;
    case Enc::CS:
        w |= rvc3(f[SV_RS1]) << 7 | rvc3(f[SV_RS2]) << 2;
        break;
    case Enc::CB:
        w |= rvc3(f[SV_RS1]) << 7 | 1u << 3;
        break;
    case Enc::CJ:
        w |= 1u << 3;
        break;
    case Enc::CJR:
        w |= f[SV_RS1] << 7;
        break;
    case Enc::NONE:
        break;
    }
    return w;
}

const char *width_name(int w)
{
    return w == 8 ? "8" : w == 16 ? "16" : w == 32 ? "32" : "64";
}

// ---------------------------------------------------------------- blocks

void Assembler::flush(bool explicit_block)
{
    if (block_.empty()) {
        return;
    }
    std::vector<Inner> ops;
    ops.swap(block_);
    VlSpec vl = vl_;
    vl_ = VlSpec();
    bool any = false;
    for (const Inner &in : ops) {
        any = any || !in.is_comment;
    }
    if (!any) {
        for (const Inner &in : ops) {
            out += in.comment.compare(0, 10, "__LABELS__") == 0
                       ? in.comment.substr(10)
                       : in.comment + "\n";
        }
        if (vl.present) {
            vl_ = vl; // still waiting for its block
        }
        return;
    }
    // A lone instruction is a P48 or P64 when one says it (/p48 and /p64
    // insist, /vblock refuses, a VLtyp needs a P64); else a block of one.
    Inner *one = nullptr;
    int n = 0;
    for (Inner &in : ops) {
        if (!in.is_comment) {
            one = &in;
            n++;
        }
    }
    if (n == 1 && !vl.present && !explicit_block && one->suf.form >= 0) {
        if (one->suf.form == 0 && one->suf.vlt.form != SV_VLTYP_NONE) {
            one->suf.form = 8;
        }
        std::vector<uint8_t> b;
        if (prefix(*one, one->suf.form == 0, b)) {
            marker(one->loc);
            out += "    .balign 2\n";
            for (const Inner &in : ops) {
                if (in.is_comment &&
                    in.comment.compare(0, 10, "__LABELS__") == 0) {
                    out += in.comment.substr(10);
                }
            }
            for (const Inner &in : ops) {
                if (in.is_comment &&
                    in.comment.compare(0, 10, "__LABELS__") != 0) {
                    out += in.comment + "\n";
                }
            }
            for (size_t i = 0; i < b.size(); i += 2) {
                out += strfmt("    .2byte 0x%04x\n", b[i] | b[i + 1] << 8);
            }
            marker(loc_);
            return;
        }
        if (one->suf.form > 0) {
            return; // the error is reported
        }
    }
    Layout lay = explicit_block ? layout_ : Layout();
    layout_ = Layout();
    emit_block(ops, vl, lay);
}

// The RV32 word a P48/P64 wraps: the opcode with its immediate and
// rounding mode (sv_prefix_encode writes the register fields).
bool Assembler::real_word(const Inner &in, uint32_t *word)
{
    const Mnemonic &m = *in.m;
    const int f[4] = {0, 0, 0, 0};
    uint32_t w = encode(in, f);
    long imm = 0;
    bool shift = m.enc == Enc::I &&
                 std::string(m.pattern).find('>') != std::string::npos;
    if (m.enc == Enc::I || m.enc == Enc::S || m.enc == Enc::U) {
        long lo = m.enc == Enc::U ? 0 : shift ? 0 : -2048;
        long hi = m.enc == Enc::U ? 0xfffff
                  : shift         ? (in.mnem.back() == 'w' ? 31 : 63)
                                  : 2047;
        if (!parse_int(in.imm, imm)) {
            error(in.loc, "'" + in.imm +
                              "': a P48/P64's immediate must be a number "
                              "(sv-as writes its bits; gas cannot): use a "
                              "block for an expression");
            return false;
        }
        if (imm < lo || imm > hi) {
            error(in.loc,
                  strfmt("immediate %ld out of range %ld..%ld", imm, lo, hi));
            return false;
        }
    }
    const uint32_t u = static_cast<uint32_t>(imm);
    switch (m.enc) {
    case Enc::R:
    case Enc::R4:
        if (std::string(m.pattern).find(",m") != std::string::npos) {
            static const char *const rms[8] = {"rne", "rtz", "rdn", "rup",
                                               "rmm", "",    "",    "dyn"};
            unsigned rm = 7;
            if (!in.rm.empty()) {
                for (rm = 0; rm < 8 && (!*rms[rm] || in.rm != rms[rm]); rm++) {
                }
                if (rm == 8) {
                    error(in.loc, "'" + in.rm +
                                      "' is not a rounding mode (rne rtz "
                                      "rdn rup rmm dyn)");
                    return false;
                }
            }
            w = (w & ~0x7000u) | rm << 12;
        } else if (m.mask && (m.mask & 0x7000) == 0) {
            w &= ~0x7000u; // an exact conversion: GNU as writes rm = 0
        }
        break;
    case Enc::I:
        w = (w & 0x000fffffu) | (m.match & 0xfff00000u) | (u & 0xfff) << 20;
        break;
    case Enc::S:
        w = (w & ~0xfe000f80u) | ((u >> 5) & 0x7f) << 25 | (u & 31) << 7;
        break;
    case Enc::U:
        w = (w & 0xfffu) | (u & 0xfffff) << 12;
        break;
    default:
        break; // no prefix type: sv_prefix_encode says so
    }
    *word = w;
    return true;
}

// in as a P48 or P64 (in.suf.form; choose: the first of the two that says
// it) in bytes: svcore's sv_prefix_encode, then decoded and resolved
// again.  With choose, false and nothing reported when neither does;
// else false after an error.
bool Assembler::prefix(Inner &orig, bool choose, std::vector<uint8_t> &bytes)
{
    const char *form = orig.suf.form == 6 ? "P48" : "P64";
    if (!orig.m) {
        if (!choose) {
            error(orig.loc, "'" + orig.mnem + "' has no " + form +
                                " form: SVPrefix wraps the RV32 "
                                "instructions of docs/guide.md section 8");
        }
        return false;
    }
    Inner in = orig;
    const unsigned before = nerrors;
    quiet_ = choose;
    quiet_errors_ = 0;
    bool ok = analyse(&in);
    for (int k = 0; k < 4 && ok; k++) {
        const Slot &sl = in.slot[k];
        if (sl.present && !sl.fp && sl.reg == 0 && sl.has_pred) {
            error(in.loc, "x0 cannot carry a predicate or result mask here: "
                          "use another register");
            ok = false;
        }
    }
    uint32_t word = 0;
    ok = ok && real_word(in, &word);
    quiet_ = false;
    if (!ok || nerrors != before || quiet_errors_) {
        return false;
    }
    sv_prefix_context want{};
    want.insn = word;
    sv_reg_entry *e[4] = {&want.rd, &want.rs1, &want.rs2, &want.rs3};
    for (int k = 0; k < 4; k++) {
        const Slot &sl = in.slot[k];
        if (sl.present) {
            *e[k] = sv_reg_entry{1, sl.vec, static_cast<uint8_t>(sl.reg),
                                 static_cast<uint8_t>(sl.width)};
        }
    }
    auto pred = [](const Slot &sl) {
        return sv_pred_entry{1, static_cast<uint8_t>(sl.predreg), sl.zero,
                             sl.inv, sl.ffirst};
    };
    if (in.dst >= 0 && in.slot[in.dst].has_pred) {
        want.pred_dest = pred(in.slot[in.dst]);
    }
    if (in.src >= 0 && in.slot[in.src].has_pred) {
        want.pred_src = pred(in.slot[in.src]);
    }
    want.svlen = static_cast<uint8_t>(in.suf.vec);
    want.vltyp = in.suf.vlt;
    std::string why;
    for (int len : {6, 8}) {
        if (in.suf.form > 0 && in.suf.form != len) {
            continue;
        }
        want.len = static_cast<uint8_t>(len);
        uint8_t b[8];
        const char *w = nullptr;
        sv_status st = sv_prefix_encode(&want, b, &w);
        if (st != SV_OK) {
            why = w ? w : sv_status_reason(st);
            if (st == SV_ILLEGAL_PREFIX_FIELD && w &&
                std::string(w).find("predicate") != std::string::npos) {
                // The predicates this type has, by trying each.
                std::string list;
                sv_prefix_context t = want;
                for (int d = 0; d < 7; d++) {
                    for (int sm = 0; sm < 7; sm++) {
                        auto p = [](int i) {
                            return i ? sv_pred_entry{1,
                                                     static_cast<uint8_t>(
                                                         9 + (i - 1) / 2),
                                                     0,
                                                     static_cast<uint8_t>(
                                                         (i - 1) % 2),
                                                     0}
                                     : sv_pred_entry{};
                        };
                        t.pred_dest = p(d);
                        t.pred_src = p(sm);
                        uint8_t x[8];
                        if ((!d && !sm) ||
                            sv_prefix_encode(&t, x, nullptr) != SV_OK) {
                            continue;
                        }
                        auto mt = [](const sv_pred_entry &q) {
                            return std::string(q.inv ? "~" : "") +
                                   svasm::int_abi[q.predidx];
                        };
                        std::string one;
                        if (!in.op.twin) {
                            one = "/m=" + mt(t.pred_dest);
                        } else {
                            one = (sm ? "/sm=" + mt(t.pred_src) : "") +
                                  (d ? "/dm=" + mt(t.pred_dest) : "");
                        }
                        list += (list.empty() ? "" : " ") + one;
                    }
                }
                why += list.empty() ? ": it has none" : ": it has " + list;
            }
            continue;
        }
        sv_prefix_context c;
        sv_resolved_op r{};
        if (sv_prefix_decode(b, len, &c) != SV_OK ||
            !sv_resolve_prefix(&c, &r)) {
            why =
                std::string("SV cannot run it: ") + (r.why ? r.why : "illegal");
            continue;
        }
        bytes.assign(b, b + len);
        return true;
    }
    if (!choose) {
        error(orig.loc, std::string("no ") + form + " says this: " + why);
    }
    return false;
}

// One SV instruction's roles: its class and sides (decoded with the
// written registers), the suffixes' legality, each slot's width and
// predicate.  False after an error.
bool Assembler::analyse(Inner *in)
{
    // Decode with the written registers to learn the class and sides.
    int f[4];
    for (int k = 0; k < 4; k++) {
        // Registers above x31 stand in as x8..x15 (non-zero, RVC-
        // nameable, equal for equal registers: FMV's rs1 == rs2).
        int reg = in->slot[k].reg;
        f[k] = reg < 32 ? reg : 8 + reg % 8;
        if (in->slot[k].three_bit && (f[k] < 8 || f[k] > 15)) {
            f[k] = 8;
        }
    }
    uint32_t w = encode(*in, f);
    if (!sv_op_decode(w, &in->op)) {
        error(in->loc, "'" + in->mnem +
                           "' with these operands is not a valid RV64GC "
                           "instruction");
        return false;
    }
    const sv_op &op = in->op;
    Suffixes &s = in->suf;
    bool is_branch = op.cls == SV_OPC_BRANCH;
    bool is_mem = op.cls == SV_OPC_LOAD || op.cls == SV_OPC_STORE;
    bool twin = op.twin;
    bool scalar_cls = op.cls == SV_OPC_SCALAR || op.cls == SV_OPC_CSR ||
                      op.cls == SV_OPC_JAL || op.cls == SV_OPC_JALR;
    bool any_suffix = s.w || s.dw || s.sw || s.m.set || s.sm.set || s.dm.set ||
                      s.zz || s.ff || s.mode >= 0 || s.r >= 0 || s.vec;
    for (const Slot &sl : in->slot) {
        any_suffix = any_suffix || sl.own_width;
    }
    if (scalar_cls && any_suffix) {
        error(in->loc, "'" + in->mnem +
                           "' runs as a plain scalar instruction in a "
                           "block: no suffix applies to it (§3.7, §5.2)");
        return false;
    }
    if (!is_branch && (s.mode >= 0 || s.r >= 0)) {
        error(in->loc, "branch modes (/all /any /none /notall) and /r= "
                       "are for vector branches only");
        return false;
    }
    if (!twin && (s.sm.set || s.dm.set)) {
        error(in->loc, "/sm= and /dm= are for twin-predicated "
                       "instructions (loads, stores, moves, "
                       "conversions); '" +
                           in->mnem + "' takes /m=");
        return false;
    }
    if (s.m.set && (s.sm.set || s.dm.set)) {
        error(in->loc, "/m= with /sm= or /dm=: /m= sets both sides");
        return false;
    }
    if (s.w && (s.dw || s.sw)) {
        error(in->loc, "/w= with /dw= or /sw=: /w= sets both");
        return false;
    }
    if (op.cls == SV_OPC_STORE && s.dw) {
        error(in->loc, "/dw= on a store: a store has no destination "
                       "register; use /w=");
        return false;
    }
    if (is_branch && s.dw) {
        error(in->loc, "/dw= on a branch: a branch has no destination "
                       "register; use /w=");
        return false;
    }
    if (s.zz && !(s.m.set || s.dm.set)) {
        error(in->loc, "/zz (zeroing) needs a mask: /m= (or /dm=)");
        return false;
    }
    if (is_branch && s.mode == 3 && s.r < 0) {
        error(in->loc, "/none without /r=: the ifnone entry with x0 as "
                       "its mask register is reserved (A46); name a "
                       "result register with /r=");
        return false;
    }
    if (is_branch && s.r >= 0 && s.mode < 0) {
        s.mode = 0;
    }
    // Destination and source slots.
    int &dst = in->dst, &src = in->src;
    if (op.cls == SV_OPC_LOAD) {
        dst = SV_RD, src = SV_RS1;
    } else if (op.cls == SV_OPC_STORE) {
        dst = SV_RS1, src = SV_RS2;
    } else if (twin) {
        dst = SV_RD, src = op.rs1.present ? SV_RS1 : SV_RS2;
    } else if (!is_branch && op.rd.present) {
        dst = SV_RD;
    }
    if (is_branch) {
        in->slot[SV_RS1].pred_read = in->slot[SV_RS2].pred_read = true;
    } else {
        if (dst >= 0) {
            in->slot[dst].pred_read = true;
        }
        if (twin && src >= 0) {
            in->slot[src].pred_read = true;
        }
    }
    if ((s.m.set || s.ff) && !is_branch && dst < 0) {
        error(in->loc, "a predicate on '" + in->mnem +
                           "', which has no destination to mask");
        return false;
    }
    // Widths: the operand's own, else the instruction's (which the
    // address register of a load or store does not take).
    for (int k = 0; k < 4; k++) {
        Slot &sl = in->slot[k];
        if (!sl.present || (!sl.fp && sl.reg == 0)) {
            continue;
        }
        if (is_mem && k == SV_RS1 && !sl.own_width) {
            continue;
        }
        bool is_dst = k == SV_RD;
        int wv = sl.own_width ? sl.own_width : s.w ? s.w : is_dst ? s.dw : s.sw;
        sl.width = wv == 64 ? 0 : wv;
    }
    auto put_pred = [&](int k, const Mask &mk) {
        Slot &sl = in->slot[k];
        sl.has_pred = true;
        sl.predreg = mk.reg;
        sl.inv = mk.inv;
    };
    if (is_branch) {
        if (s.m.set || s.ff || s.zz) {
            Mask mk = s.m;
            if (!mk.set) {
                mk.reg = 0, mk.inv = true;
            }
            put_pred(SV_RS1, mk);
            in->slot[SV_RS1].zero = s.zz;
            in->slot[SV_RS1].ffirst = s.ff;
        }
        if (s.mode > 0 || s.r >= 0) {
            Slot &b = in->slot[SV_RS2];
            b.has_pred = true;
            b.predreg = s.r < 0 ? 0 : s.r;
            b.inv = s.mode == 1 || s.mode == 3;
            b.zero = s.mode == 2 || s.mode == 3;
            b.ff_any = true;
            if (!b.fp && b.reg == 0) {
                b.no_regentry = true; // c.beqz/c.bnez: x0's entry
            }
        }
    } else {
        Mask dm = s.m.set ? s.m : s.dm;
        Mask sm = s.m.set ? s.m : s.sm;
        if (dm.set || s.ff) {
            if (!dm.set) {
                dm.reg = 0, dm.inv = true;
            }
            put_pred(dst, dm);
            in->slot[dst].zero = s.zz;
            in->slot[dst].ffirst = s.ff;
        }
        if (twin && sm.set) {
            put_pred(src, sm);
        }
    }
    // FMV/FNEG/FABS are FSGNJ* with rs1 == rs2: one key for both, or
    // they stop being twin moves.
    if (op.cls == SV_OPC_FP && twin && in->slot[SV_RS2].present &&
        in->slot[SV_RS2].reg == in->slot[SV_RS1].reg &&
        in->slot[SV_RS2].vec == in->slot[SV_RS1].vec) {
        in->slot[SV_RS2] = in->slot[SV_RS1];
    }
    return true;
}

void Assembler::emit_block(std::vector<Inner> &ops, const VlSpec &vl,
                           const Layout &lay)
{
    const unsigned errors_before = nerrors;
    Loc first;
    std::vector<Inner *> real;
    for (Inner &in : ops) {
        if (!in.is_comment) {
            if (real.empty()) {
                first = in.loc;
            }
            real.push_back(&in);
        }
    }
    if (real.size() > SV_VBLOCK_MAX_OPS) {
        error(first, strfmt("%zu instructions in one block: at most 32 (A13)",
                            real.size()));
        return;
    }
    // SUBVL: one value for the block, set by its VL block.
    int subvl = 0;
    for (Inner *in : real) {
        if (in->suf.vec && in->suf.form <= 0) {
            if (subvl && subvl != in->suf.vec) {
                error(in->loc, "two SUBVL values (/vecN) in one block: SUBVL "
                               "is the block's, set by its VL block (§3.3)");
                return;
            }
            subvl = in->suf.vec;
            if (!vl.present) {
                error(in->loc, "/vec" + std::to_string(subvl) +
                                   " needs a VL block: write sv.vl before "
                                   "the block (SUBVL is set there, §3.3)");
                return;
            }
        }
    }
    // Roles: widths and predicates per slot.
    bool used[2][32] = {};
    for (Inner *in : real) {
        if (in->suf.form > 0) {
            // A P48/P64 in the block: its own context, no table applies.
            if (prefix(*in, false, in->bytes)) {
                in->len = static_cast<unsigned>(in->bytes.size());
            }
            continue;
        }
        if (in->suf.vlt.form != SV_VLTYP_NONE) {
            error(in->loc, "/vl=, /mvl=, /clamp= and /vld= are a P64's own "
                           "VL (VLtyp, §4.4): write /p64");
            continue;
        }
        if (!in->m) {
            // Raw text: every register named is used as itself.
            std::string r = in->raw;
            for (char &c : r) {
                if (!isalnum(static_cast<unsigned char>(c))) {
                    c = ' ';
                }
            }
            size_t s = 0;
            while (s < r.size()) {
                size_t e = r.find(' ', s);
                std::string tok = r.substr(
                    s, e == std::string::npos ? std::string::npos : e - s);
                int reg;
                bool fp;
                if (svasm::parse_reg(tok, reg, fp) && reg < 32) {
                    used[fp][reg] = true;
                }
                if (e == std::string::npos) {
                    break;
                }
                s = e + 1;
            }
            continue;
        }
        if (!analyse(in)) {
            continue;
        }
        // Plain registers.
        for (int k = 0; k < 4; k++) {
            Slot &sl = in->slot[k];
            if (!sl.present) {
                continue;
            }
            bool tagged = sl.vec || sl.reg > 31 || sl.width || sl.has_pred;
            if (!sl.fp && sl.reg == 0 && !sl.no_regentry) {
                if (sl.has_pred) {
                    error(in->loc, "x0 cannot carry a predicate or result "
                                   "mask here: use another register");
                }
                tagged = false;
                sl.width = 0;
            }
            if (!tagged) {
                used[sl.fp][sl.reg] = true;
            }
        }
    }
    if (nerrors != errors_before) {
        return;
    }
    // Tags: one per distinct entry, in order of appearance.
    // Operands whose predicate SV reads first; then the others, which
    // share any entry with their register, width and class (a source's
    // predicate entry is not read: it may be a destination's).
    std::vector<Tag> tags;
    for (int pass = 0; pass < 2; pass++)
        for (Inner *in : real) {
            if (!in->m || in->suf.form > 0) {
                continue;
            }
            for (int k = 0; k < 4; k++) {
                Slot &sl = in->slot[k];
                bool tagged =
                    sl.present &&
                    (sl.vec || sl.reg > 31 || sl.width || sl.has_pred) &&
                    (sl.fp || sl.reg != 0 || sl.no_regentry);
                if (!tagged || sl.pred_read != (pass == 0)) {
                    continue;
                }
                int found = -1;
                for (size_t t = 0; t < tags.size(); t++) {
                    const Tag &g = tags[t];
                    bool same = pass == 0 ? g.same_entry(sl)
                                          : g.fp == sl.fp && g.reg == sl.reg &&
                                                g.vec == sl.vec &&
                                                g.width == sl.width &&
                                                g.no_regentry == sl.no_regentry;
                    if (same && found < 0) {
                        found = static_cast<int>(t);
                    }
                }
                if (found < 0) {
                    for (const Tag &t : tags) {
                        if (t.fp == sl.fp && t.reg == sl.reg &&
                            !t.no_regentry && !sl.no_regentry &&
                            t.width != sl.width) {
                            error(
                                in->loc,
                                strfmt("%s is used with two element widths in "
                                       "one block (%s and %s bits): give each "
                                       "width its own block",
                                       reg_name(sl.reg, sl.fp).c_str(),
                                       width_name(t.width ? t.width : 64),
                                       width_name(sl.width ? sl.width : 64)));
                            return;
                        }
                    }
                    Tag t;
                    t.fp = sl.fp;
                    t.reg = sl.reg;
                    t.vec = sl.vec;
                    t.width = sl.width;
                    t.has_pred = sl.has_pred;
                    t.predreg = sl.predreg;
                    t.inv = sl.inv;
                    t.zero = sl.zero;
                    t.ffirst = sl.ffirst;
                    t.no_regentry = sl.no_regentry;
                    t.loc = in->loc;
                    tags.push_back(t);
                    found = static_cast<int>(tags.size()) - 1;
                }
                tags[found].three_bit = tags[found].three_bit || sl.three_bit;
                sl.tag = found;
            }
        }
    // A width on an FP register: 8 bits is reserved (§5.5).
    for (const Tag &t : tags) {
        if (t.fp && t.width == 8) {
            error(t.loc, "an 8-bit element width on FP register " +
                             reg_name(t.reg, true) +
                             ": SV has no 8-bit FP elements (§5.5)");
            return;
        }
    }
    int nreg = 0, npred = 0;
    for (const Tag &t : tags) {
        nreg += !t.no_regentry;
        npred += t.has_pred;
    }
    // Format choice: 8-bit register entries when every vector starts at a
    // multiple of 4 whose quarter is a free key; 16-bit otherwise.
    bool reg8 = nreg > 0 && nreg <= 8 && !lay.reg16;
    {
        bool taken[2][32] = {};
        for (const Tag &t : tags) {
            if (t.no_regentry) {
                continue;
            }
            int key = t.reg / 4;
            if (!t.vec || t.reg % 4 || key == 0 || used[t.fp][key] ||
                taken[t.fp][key] || (t.three_bit && (key < 8 || key > 15))) {
                reg8 = false;
                break;
            }
            taken[t.fp][key] = true;
        }
    }
    if (!reg8 && nreg > 4) {
        error(first, strfmt("%d register entries in one block: at most 4 "
                            "(8 when every vector starts at a multiple of 4, "
                            "x4..x124, and the block has no scalar entry) "
                            "(§3.2)",
                            nreg));
        return;
    }
    // Keys.
    bool taken[2][32] = {};
    for (int c = 0; c < 2; c++) {
        for (int r = 0; r < 32; r++) {
            taken[c][r] = used[c][r];
        }
        taken[c][0] = true;
    }
    taken[0][0] = true;
    // x0 keys of branch result entries.
    for (Tag &t : tags) {
        if (t.no_regentry) {
            t.key = 0;
        }
    }
    auto pick = [&](Tag &t) -> bool {
        if (reg8) {
            t.key = t.reg / 4;
            taken[t.fp][t.key] = true;
            return true;
        }
        if (t.reg < 32 && !taken[t.fp][t.reg] && t.reg != 0 &&
            (!t.three_bit || (t.reg >= 8 && t.reg <= 15)) && !t.vec) {
            t.key = t.reg;
            taken[t.fp][t.key] = true;
            return true;
        }
        const int *order = t.fp ? fp_key_order : int_key_order;
        int n = t.fp ? 32 : 31;
        for (int i = 0; i < n; i++) {
            int k = order[i];
            if (!taken[t.fp][k] && (!t.three_bit || (k >= 8 && k <= 15))) {
                t.key = k;
                taken[t.fp][k] = true;
                return true;
            }
        }
        return false;
    };
    // Constrained (RVC 3-bit) keys first.
    for (int pass = 0; pass < 2; pass++) {
        for (Tag &t : tags) {
            if (t.no_regentry || t.key >= 0 || t.three_bit != (pass == 0)) {
                continue;
            }
            if (!pick(t)) {
                error(t.loc,
                      strfmt("no free key register for %s%s: every %s is used "
                             "by the block itself%s",
                             t.vec ? "*" : "", reg_name(t.reg, t.fp).c_str(),
                             t.three_bit ? "x8..x15 register the RVC opcode "
                                           "can name"
                                         : "register",
                             t.three_bit ? " (use the 32-bit opcode)" : ""));
                return;
            }
        }
    }
    // A c.beqz/c.bnez mode is x0's entry: any other branch on x0 shares it.
    for (Inner *in : real) {
        if (!in->m || in->suf.form > 0 || in->op.cls != SV_OPC_BRANCH) {
            continue;
        }
        const Slot &b = in->slot[SV_RS2];
        if (!b.fp && b.reg == 0 && b.tag < 0) {
            for (const Tag &t : tags) {
                if (t.no_regentry) {
                    error(in->loc,
                          "this branch compares with x0 in a block whose "
                          "c.beqz/c.bnez has a mode: both would use x0's "
                          "entry (§6.2); give it the same mode or split the "
                          "block");
                    return;
                }
            }
        }
    }
    {
        int x0_modes = 0;
        for (const Tag &t : tags) {
            x0_modes += t.no_regentry;
        }
        if (x0_modes > 1) {
            error(first, "two c.beqz/c.bnez modes in one block: both are "
                         "x0's entry (§6.2); split the block");
            return;
        }
    }
    // Table sizes.  Register count R: 16-bit 1, 2, 4; 8-bit 2, 4, 8.
    int R, rplen;
    int need = std::max(nreg, npred);
    if (need == 0) {
        R = 0, rplen = 0;
    } else if (reg8) {
        R = need <= 2 ? 2 : need <= 4 ? 4 : 8;
        rplen = R == 2 ? 1 : R == 4 ? 2 : 3;
        if (need > 8) {
            reg8 = false;
        }
    }
    if (need && !reg8) {
        if (need > 4) {
            error(first, strfmt("%d predicate entries in one block: at most "
                                "4 (§3.2)",
                                npred));
            return;
        }
        R = need <= 1 ? 1 : need <= 2 ? 2 : 4;
        rplen = R == 1 ? 1 : R == 2 ? 2 : 3;
    }
    // Predicate format: 8-bit when no entry has fail-on-first and entry k
    // can sit where its mask register is x(9 + k).
    bool pred8 = npred > 0 && !lay.pred16;
    int max_pos = -1;
    for (const Tag &t : tags) {
        if (!t.has_pred) {
            continue;
        }
        int pos = t.predreg - 9;
        if (t.ffirst || pos < 0 || pos >= R || t.key > 31) {
            pred8 = false;
        }
        for (const Tag &u : tags) {
            if (&u != &t && u.has_pred && u.predreg == t.predreg) {
                pred8 = false;
            }
        }
        max_pos = std::max(max_pos, pos);
    }
    int half = (R + 1) / 2;
    int P, pplen;
    if (pred8) {
        P = max_pos < half ? half : R;
    } else {
        P = npred <= half ? half : R;
    }
    pplen = P == half ? 0 : 1;
    if (npred == 0) {
        P = half, pplen = 0;
        pred8 = !lay.pred16; // unused entries: 8-bit zeros, as the kit's
    }
    int rb = reg8 ? 1 : 2, pb = pred8 ? 1 : 2;
    std::vector<uint8_t> tbl;
    if (vl.present) {
        uint16_t p = static_cast<uint16_t>(
            vl.mode << 14 | ((subvl ? subvl : 1) - 1) << 12 |
            (vl.vlmax - 1) << 6 |
            (vl.mode == SV_VL_MODE_RVC  ? (vl.rs1 - 8) << 3 | (vl.rd - 8)
             : vl.mode == SV_VL_MODE_RD ? vl.rd
                                        : vl.rs1));
        tbl.push_back(static_cast<uint8_t>(p));
        tbl.push_back(static_cast<uint8_t>(p >> 8));
    }
    int nr = 0;
    for (const Tag &t : tags) {
        if (t.no_regentry) {
            continue;
        }
        int vew = t.width == 8 ? 1 : t.width == 16 ? 2 : t.width == 32 ? 3 : 0;
        if (reg8) {
            tbl.push_back(
                static_cast<uint8_t>((!t.fp) << 7 | vew << 5 | t.key));
        } else {
            uint16_t e = static_cast<uint16_t>(t.vec << 15 | t.reg << 8 |
                                               (!t.fp) << 7 | vew << 5 | t.key);
            tbl.push_back(static_cast<uint8_t>(e));
            tbl.push_back(static_cast<uint8_t>(e >> 8));
        }
        nr++;
    }
    for (; nr < R; nr++) {
        for (int b = 0; b < rb; b++) {
            tbl.push_back(0);
        }
    }
    std::vector<uint16_t> preds(P, 0);
    {
        int k = 0;
        for (const Tag &t : tags) {
            if (!t.has_pred) {
                continue;
            }
            if (pred8) {
                preds[t.predreg - 9] = static_cast<uint16_t>(
                    t.zero << 7 | t.inv << 6 | (!t.fp) << 5 | t.key);
            } else {
                preds[k++] = static_cast<uint16_t>(
                    t.predreg << 11 | t.zero << 10 | t.inv << 9 | (!t.fp) << 8 |
                    t.key << 1 | t.ffirst);
            }
        }
    }
    for (uint16_t p : preds) {
        tbl.push_back(static_cast<uint8_t>(p));
        if (pb == 2) {
            tbl.push_back(static_cast<uint8_t>(p >> 8));
        }
    }
    if (tbl.size() & 1) {
        tbl.push_back(0);
    }
    // Opcode words with the keys.
    std::vector<uint8_t> opbytes;
    std::vector<std::string> texts;
    for (Inner *in : real) {
        int f[4] = {0, 0, 0, 0};
        for (int k = 0; k < 4; k++) {
            const Slot &sl = in->slot[k];
            f[k] = sl.tag >= 0 ? tags[sl.tag].key : sl.reg;
        }
        if (in->suf.form > 0) {
            opbytes.insert(opbytes.end(), in->bytes.begin(), in->bytes.end());
            continue;
        }
        uint32_t w;
        if (!in->m) {
            w = in->len == 2 ? 0x0001 : 0x00000013; // stands for raw text
        } else {
            w = encode(*in, f);
            if (in->m->enc == Enc::NONE && in->mnem == "ret") {
                w = 0x00008067;
            }
        }
        for (unsigned b = 0; b < in->len; b++) {
            opbytes.push_back(static_cast<uint8_t>(w >> (8 * b)));
        }
    }
    unsigned body = static_cast<unsigned>(tbl.size() + opbytes.size());
    unsigned total = 2 + body;
    bool ext = total > 22 || lay.ext;
    unsigned pad = 0;
    if (ext) {
        total += 2;
        if (total > SV_MAX_INSN_LEN) {
            error(first, strfmt("the block is %u bytes: over 74, VBLOCK2's "
                                "maximum (§3.4); split it",
                                total));
            return;
        }
        if (total < 12) {
            pad = 12 - total;
        }
    } else if (total < 10) {
        pad = 10 - total;
    }
    total += pad;
    unsigned nnn = ext ? 7 : (total - 10) / 2;
    uint16_t hdr = static_cast<uint16_t>(
        vl.present << 15 | nnn << 12 | rplen << 10 | pplen << 9 |
        (!pred8) << 8 | (!reg8 && R ? 1 : 0) << 7 | 0x7f);
    std::vector<uint8_t> bytes;
    bytes.push_back(static_cast<uint8_t>(hdr));
    bytes.push_back(static_cast<uint8_t>(hdr >> 8));
    if (ext) {
        uint16_t vb2 = static_cast<uint16_t>((total - 12) / 2);
        bytes.push_back(static_cast<uint8_t>(vb2));
        bytes.push_back(static_cast<uint8_t>(vb2 >> 8));
    }
    size_t prefix_len = bytes.size() + tbl.size();
    bytes.insert(bytes.end(), tbl.begin(), tbl.end());
    bytes.insert(bytes.end(), opbytes.begin(), opbytes.end());
    for (unsigned p = 0; p < pad; p += 2) {
        bytes.push_back(0x01);
        bytes.push_back(0x00);
    }
    // svcore decides legality.
    sv_vblock_context ctx;
    const char *why = nullptr;
    sv_status st = sv_vblock_decode_why(bytes.data(), bytes.size(), &ctx, &why);
    if (st != SV_OK) {
        error(first,
              strfmt("the block does not encode: %s (%s)",
                     why ? why : sv_status_reason(st), sv_status_name(st)));
        return;
    }
    for (size_t i = 0; i < real.size(); i++) {
        Inner *in = real[i];
        if (!in->m || in->suf.form > 0) {
            continue;
        }
        uint32_t w = bytes[ctx.op_offset[i]] |
                     static_cast<uint32_t>(bytes[ctx.op_offset[i] + 1]) << 8;
        if (in->len == 4) {
            w |= static_cast<uint32_t>(bytes[ctx.op_offset[i] + 2]) << 16 |
                 static_cast<uint32_t>(bytes[ctx.op_offset[i] + 3]) << 24;
        }
        sv_resolved_op r;
        if (!sv_resolve_op(&ctx, w, &r)) {
            error(in->loc, std::string("SV cannot run '") + in->mnem +
                               "' like this: " + (r.why ? r.why : "illegal"));
            continue;
        }
        bool vec_opnd = false;
        for (const Slot &sl : in->slot) {
            vec_opnd = vec_opnd || (sl.present && sl.vec);
        }
        if (vec_opnd && r.kind != SV_EXEC_ELEMENTS &&
            r.kind != SV_EXEC_MEMORY && r.kind != SV_EXEC_VBRANCH) {
            error(in->loc, "a vector operand on '" + in->mnem +
                               "', which SV runs once, on scalars (§5.2, "
                               "§8.3): write a scalar register there");
            continue;
        }
        if ((in->suf.m.set || in->suf.dm.set) && r.kind != SV_EXEC_ELEMENTS &&
            r.kind != SV_EXEC_MEMORY && r.kind != SV_EXEC_VBRANCH) {
            error(in->loc, "a predicate on '" + in->mnem +
                               "', which SV runs as a scalar instruction "
                               "(§8.3, A36, A37)");
        }
        if (r.kind == SV_EXEC_ELEMENTS && !r.vector &&
            (in->suf.m.set || in->suf.ff)) {
            // a scalar op with a mask: legal (element 0 only), allowed
        }
        if (in->op.cls == SV_OPC_BRANCH && r.kind != SV_EXEC_VBRANCH &&
            (in->suf.mode >= 0 || in->suf.m.set || in->suf.ff)) {
            error(in->loc, "branch suffixes on a branch with no vector or "
                           "tagged operand: it is an ordinary branch (§6)");
        }
    }
    if (nerrors != errors_before) {
        return;
    }
    // Output: parcels, then the opcodes as text on their keys.
    // A block in a .macro body is written once per expansion: its labels
    // take gas's expansion counter.
    std::string id =
        std::to_string(++nblocks_) + (macro_depth_ > 0 ? "_\\@" : "");
    marker(first);
    std::string labels;
    for (Inner &in : ops) {
        if (in.is_comment && in.comment.compare(0, 10, "__LABELS__") == 0) {
            labels += in.comment.substr(10);
        }
    }
    if (!vl.vlmax_arg.empty()) {
        out += "    .if (" + vl.vlmax_arg + ") < 1 || (" + vl.vlmax_arg +
               ") > 64\n";
        marker(vl.loc);
        out += "    .error \"sv.vl: VLMAX " + vl.vlmax_arg +
               " is not 1..64 (§3.3)\"\n    .endif\n";
        marker(first);
    }
    out += "    .balign 2\n";
    out += labels;
    out += "    .option push\n    .option norelax\n    .option norvc\n";
    out += ".Lsvas_s" + id + ":\n";
    out += strfmt("    .2byte 0x%04x + 0 * .Lsvas_c%s\n", hdr, id.c_str());
    // A VLMAX macro argument: the parcel was made with 64, gas puts the
    // argument's value minus one in bits 11:6 and checks its range.
    const size_t vl_at = vl.present ? (hdr >> 12 & 7) == 7 ? 4 : 2 : 0;
    for (size_t b = 2; b < prefix_len; b += 2) {
        out += strfmt("    .2byte 0x%04x", bytes[b] | bytes[b + 1] << 8);
        if (b == vl_at && !vl.vlmax_arg.empty()) {
            out += " - ((64 - (" + vl.vlmax_arg + ")) << 6)";
        }
        out += "\n";
    }
    size_t ri = 0;
    for (Inner &in : ops) {
        if (in.is_comment) {
            if (in.comment.compare(0, 10, "__LABELS__") != 0) {
                out += in.comment + "\n";
            }
            continue;
        }
        Inner *p = real[ri++];
        marker(p->loc);
        auto regtxt = [&](int k) {
            const Slot &sl = p->slot[k];
            int r = sl.tag >= 0 ? tags[sl.tag].key : sl.reg;
            return reg_name(r, sl.fp);
        };
        std::string line;
        if (p->suf.form > 0) {
            for (size_t b = 0; b < p->bytes.size(); b += 2) {
                line += strfmt("%s.2byte 0x%04x", b ? "\n    " : "",
                               p->bytes[b] | p->bytes[b + 1] << 8);
            }
        } else if (!p->m) {
            line = p->raw;
        } else {
            const Mnemonic &m = *p->m;
            std::string name = m.name;
            if (m.enc == Enc::B && !p->target.empty()) {
                line = strfmt(".insn b 0x63, %u, %s, %s, %s",
                              (m.match >> 12) & 7, regtxt(SV_RS1).c_str(),
                              regtxt(SV_RS2).c_str(), p->target.c_str());
            } else if (m.enc == Enc::CB) {
                line =
                    strfmt(".option push\n    .option rvc\n    .insn cb 1, %u, "
                           "%s, %s\n    .option pop",
                           (m.match >> 13) & 7, regtxt(SV_RS1).c_str(),
                           p->target.c_str());
            } else if (m.enc == Enc::CJ) {
                line =
                    strfmt(".option push\n    .option rvc\n    .insn cj 1, 5, "
                           "%s\n    .option pop",
                           p->target.c_str());
            } else if (m.enc == Enc::J) {
                line = strfmt(".insn j 0x6f, %s, %s",
                              m.mask ? regtxt(SV_RD).c_str() : "zero",
                              p->target.c_str());
            } else if (m.enc == Enc::NONE) {
                line = name;
            } else {
                // The written form, registers replaced by their keys.
                std::vector<std::string> o;
                for (const std::string &l : *m.pattern
                                                ? split_commas(m.pattern)
                                                : std::vector<std::string>()) {
                    char ch = l[0];
                    int slot =
                        ch == 'd' || ch == 'D' || ch == 'c' || ch == 'C' ||
                                ch == 'e' || ch == 'w'
                            ? SV_RD
                        : ch == 's' || ch == 'S' || ch == 'y' ? SV_RS1
                        : ch == 't' || ch == 'T' || ch == 'x' || ch == 'X'
                            ? SV_RS2
                        : ch == 'R' ? SV_RS3
                                    : -1;
                    if (l.size() == 4 && l[0] == 'o') {
                        o.push_back(p->imm + "(" + regtxt(SV_RS1) + ")");
                    } else if (ch == 'm') {
                        if (!p->rm.empty()) {
                            o.push_back(p->rm);
                        }
                    } else if (slot >= 0) {
                        o.push_back(regtxt(slot));
                    } else {
                        o.push_back(p->imm);
                    }
                }
                line = name;
                for (size_t i = 0; i < o.size(); i++) {
                    line += (i ? ", " : " ") + o[i];
                }
            }
            if (p->len == 2 && m.enc != Enc::CB && m.enc != Enc::CJ) {
                line = ".option push\n    .option rvc\n    " + line +
                       "\n    .option pop";
            }
        }
        out += "    " + line + "\n";
    }
    for (unsigned b = 0; b < pad; b += 2) {
        out += "    .2byte 0x0001\n";
    }
    out += ".Lsvas_e" + id + ":\n    .option pop\n";
    // After layout: a branch relaxed by gas (target over 4 KiB away) would
    // make the block longer than its header says.
    out += strfmt("    .set \"sv-as: %s:%d: the block is not %u bytes after "
                  "assembly: a branch target too far away (over 4 KiB)\", "
                  "1 / ((.Lsvas_e%s - .Lsvas_s%s) == %u)\n",
                  first.file.c_str(), first.line, total, id.c_str(), id.c_str(),
                  total);
    out += strfmt("    .set .Lsvas_c%s, \"sv-as: %s:%d: the block is not %u "
                  "bytes after assembly: a branch target too far away (over 4 "
                  "KiB)\"\n",
                  id.c_str(), first.file.c_str(), first.line, total);
    marker(loc_);
}

} // namespace

extern "C" unsigned sv_asm_translate(const char *file, const char *src,
                                     size_t len, char **out, char **errors)
{
    Assembler a(file);
    a.run(src, len);
    *out = strdup(a.out.c_str());
    *errors = strdup(a.errors.c_str());
    return a.nerrors;
}

extern "C" void sv_asm_free(char *text)
{
    free(text);
}
