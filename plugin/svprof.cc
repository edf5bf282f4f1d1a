/*
 * svprof: a QEMU TCG plugin (API v4) that profiles Simple-V code.
 *
 * Instructions are classified once, at translation time, from their bytes
 * with the svcore decoder (no second decoder here).  Counting is done by
 * inline scoreboard ops; only sv.setvl gets a callback, because its
 * effective VL needs the run-time value of rs1.  Reports (text, JSON,
 * SVG) are written at exit.  Arguments and JSON schema: plugin/README.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h> /* first: under C++ glib includes <type_traits> */
extern "C" {
#include <qemu-plugin.h>
QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t,
                                           const qemu_info_t *, int, char **);
}

#include "svcore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cinttypes>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace
{

enum Kind : unsigned {
    K_SCALAR,
    K_SETVL,
    K_SV_CSR,
    K_P48,
    K_P64,
    K_VBLOCK,
    K_OTHER_LONG,
    K_COUNT
};
constexpr const char *kind_names[K_COUNT] = {
    "scalar", "setvl", "sv_csr", "p48", "p64", "vblock", "other_long"};

constexpr unsigned max_vl = 64; /* XLEN: the largest VLMAX (A7) */

/* One vCPU's counters; only that vCPU writes them, so no atomics. */
struct VcpuCounts {
    uint64_t kind[K_COUNT];
    uint64_t vl_hist[max_vl + 1];
    uint64_t elements;
    /* Register read buffer, allocated in vcpu_init so the exec
     * callback never allocates. */
    GByteArray *regbuf;
};

/* A static SV instruction (sv.setvl or VBLOCK), found at translation. */
struct Site {
    uint64_t vaddr = 0;
    Kind kind = K_SETVL;
    std::string symbol;
    sv_setvl_insn setvl{};   /* K_SETVL */
    sv_vblock_context ctx{}; /* K_VBLOCK (decoded summary) */
    bool ctx_ok = false;
    /* Shared by every vCPU running this site, hence atomic. */
    std::atomic<uint64_t> count{0};
    std::atomic<uint64_t> elements{0};
};

struct Options {
    std::string out; /* empty: text to stderr only */
    unsigned top = 20;
    bool json = true;
    bool svg = true;
};

Options opts;
qemu_plugin_scoreboard *scoreboard;
/* Register handles are register numbers, the same on every vCPU. */
std::array<qemu_plugin_register *, 32> gpr_handle{};
std::once_flag gpr_once;

/* Sites by address; a retranslated TB reuses its sites.  unique_ptr
 * keeps addresses stable for the callbacks' userdata. */
std::mutex sites_lock;
std::map<uint64_t, std::unique_ptr<Site>> sites;

qemu_plugin_u64 kind_entry(Kind k)
{
    /* Not qemu_plugin_scoreboard_u64_in_struct: a C compound literal. */
    return qemu_plugin_u64{scoreboard,
                           offsetof(VcpuCounts, kind) + k * sizeof(uint64_t)};
}

VcpuCounts *vcpu_counts(unsigned vcpu_index)
{
    return static_cast<VcpuCounts *>(
        qemu_plugin_scoreboard_find(scoreboard, vcpu_index));
}

/* ------------------------------------------------------ classification */

/* Zicsr (standard RISC-V, not SV): SYSTEM opcode, funct3 1-3 or 5-7. */
bool is_sv_csr_access(uint32_t insn)
{
    unsigned funct3 = (insn >> 12) & 7;
    return (insn & 0x7f) == 0x73 && funct3 != 0 && funct3 != 4 &&
           sv_is_csr(insn >> 20);
}

Kind classify(const uint8_t *bytes, size_t n)
{
    if (n < 2) {
        return K_SCALAR;
    }
    uint16_t parcel0 = uint16_t(bytes[0] | bytes[1] << 8);
    switch (sv_insn_classify(parcel0)) {
    case SV_FMT_16:
        return K_SCALAR;
    case SV_FMT_32: {
        if (n < 4) {
            return K_SCALAR;
        }
        uint32_t insn = uint32_t(bytes[0]) | uint32_t(bytes[1]) << 8 |
                        uint32_t(bytes[2]) << 16 | uint32_t(bytes[3]) << 24;
        if (sv_is_setvl_space(insn)) {
            return K_SETVL;
        }
        return is_sv_csr_access(insn) ? K_SV_CSR : K_SCALAR;
    }
    case SV_FMT_P48:
        return K_P48;
    case SV_FMT_P64:
        return K_P64;
    case SV_FMT_VBLOCK:
    case SV_FMT_VBLOCK2:
        return K_VBLOCK;
    default:
        return K_OTHER_LONG;
    }
}

/* ------------------------------------------------------------ callbacks */

void vcpu_init(qemu_plugin_id_t, unsigned vcpu_index)
{
    /* get_registers needs a current vCPU, so it runs here, once. */
    std::call_once(gpr_once, [] {
        static const char *const abi[32] = {
            "zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
            "fp",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
            "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
            "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
        GArray *regs = qemu_plugin_get_registers();
        for (guint i = 0; i < regs->len; i++) {
            auto &d = g_array_index(regs, qemu_plugin_reg_descriptor, i);
            for (unsigned r = 0; r < 32; r++) {
                if (!gpr_handle[r] && std::strcmp(d.name, abi[r]) == 0) {
                    gpr_handle[r] = d.handle;
                }
            }
        }
        g_array_free(regs, TRUE);
    });
    vcpu_counts(vcpu_index)->regbuf = g_byte_array_sized_new(16);
}

/*
 * Runs before sv.setvl executes: the effective VL is computed from rs1's
 * current value with svcore's own sv.setvl rule on a scratch STATE.  An
 * illegal sv.setvl (it will trap) contributes no elements.
 */
void setvl_exec(unsigned vcpu_index, void *userdata)
{
    auto *site = static_cast<Site *>(userdata);
    VcpuCounts *c = vcpu_counts(vcpu_index);
    uint64_t rs1_value = 0;
    qemu_plugin_register *h = gpr_handle[site->setvl.rs1];
    if (site->setvl.rs1 != 0 && h) {
        g_byte_array_set_size(c->regbuf, 0); /* keeps the allocation */
        if (qemu_plugin_read_register(h, c->regbuf) == 8) {
            std::memcpy(&rs1_value, c->regbuf->data, 8); /* LE host+guest */
        }
    }
    uint32_t scratch = 0;
    uint64_t vl = 0;
    site->count.fetch_add(1, std::memory_order_relaxed);
    if (sv_setvl_exec(&scratch, site->setvl, rs1_value, 64, &vl) != SV_OK) {
        return;
    }
    c->vl_hist[vl]++;
    c->elements += vl;
    site->elements.fetch_add(vl, std::memory_order_relaxed);
}

void vblock_exec(unsigned, void *userdata)
{
    static_cast<Site *>(userdata)->count.fetch_add(1,
                                                   std::memory_order_relaxed);
}

Site *site_for(qemu_plugin_insn *insn, Kind kind, const uint8_t *bytes,
               size_t n)
{
    uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
    std::lock_guard<std::mutex> guard(sites_lock);
    auto &slot = sites[vaddr];
    if (slot && slot->kind == kind) {
        return slot.get();
    }
    if (slot) {
        /* Code changed under the address: keep the old counts, move them
         * aside under a key no real address uses. */
        sites[vaddr | (uint64_t(1) << 63)] = std::move(slot);
    }
    slot = std::make_unique<Site>();
    slot->vaddr = vaddr;
    slot->kind = kind;
    const char *sym = qemu_plugin_insn_symbol(insn);
    slot->symbol = sym ? sym : "";
    if (kind == K_SETVL) {
        uint32_t word = uint32_t(bytes[0]) | uint32_t(bytes[1]) << 8 |
                        uint32_t(bytes[2]) << 16 | uint32_t(bytes[3]) << 24;
        sv_setvl_decode(word, &slot->setvl);
    } else {
        slot->ctx_ok = sv_vblock_decode(bytes, n, &slot->ctx) == SV_OK;
    }
    return slot.get();
}

void tb_trans(qemu_plugin_id_t, qemu_plugin_tb *tb)
{
    size_t n_insns = qemu_plugin_tb_n_insns(tb);
    uint64_t scalar = 0;
    for (size_t i = 0; i < n_insns; i++) {
        qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint8_t bytes[SV_MAX_INSN_LEN];
        size_t n = qemu_plugin_insn_data(insn, bytes, sizeof(bytes));
        Kind kind = classify(bytes, n);
        if (kind == K_SCALAR) {
            scalar++; /* counted per TB below: the hot path */
            continue;
        }
        /* SV instructions are counted one by one, so an exit in the
         * middle of a TB never over-counts them. */
        qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(
            insn, QEMU_PLUGIN_INLINE_ADD_U64, kind_entry(kind), 1);
        if (kind == K_SETVL && n >= 4) {
            qemu_plugin_register_vcpu_insn_exec_cb(
                insn, setvl_exec, QEMU_PLUGIN_CB_R_REGS,
                site_for(insn, kind, bytes, n));
        } else if (kind == K_VBLOCK) {
            qemu_plugin_register_vcpu_insn_exec_cb(
                insn, vblock_exec, QEMU_PLUGIN_CB_NO_REGS,
                site_for(insn, kind, bytes, n));
        }
    }
    if (scalar) {
        /* One inline add per TB (as QEMU's insn-count plugin): exact
         * unless the TB is left in the middle by a trap. */
        qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
            tb, QEMU_PLUGIN_INLINE_ADD_U64, kind_entry(K_SCALAR), scalar);
    }
}

/* -------------------------------------------------------------- reports */

struct Totals {
    std::array<uint64_t, K_COUNT> kind{};
    std::array<uint64_t, max_vl + 1> vl_hist{};
    uint64_t elements = 0;
    uint64_t total() const
    {
        uint64_t t = 0;
        for (uint64_t k : kind) {
            t += k;
        }
        return t;
    }
};

Totals sum_vcpus()
{
    Totals t;
    for (unsigned k = 0; k < K_COUNT; k++) {
        t.kind[k] = qemu_plugin_u64_sum(kind_entry(Kind(k)));
    }
    for (unsigned v = 0; v <= max_vl; v++) {
        t.vl_hist[v] = qemu_plugin_u64_sum(qemu_plugin_u64{
            scoreboard, offsetof(VcpuCounts, vl_hist) + v * sizeof(uint64_t)});
    }
    t.elements = qemu_plugin_u64_sum(
        qemu_plugin_u64{scoreboard, offsetof(VcpuCounts, elements)});
    return t;
}

/* The busiest sites: by elements, then executions, then address. */
std::vector<const Site *> top_sites()
{
    std::vector<const Site *> v;
    for (auto &kv : sites) {
        if (kv.second->count.load() != 0) {
            v.push_back(kv.second.get());
        }
    }
    std::sort(v.begin(), v.end(), [](const Site *a, const Site *b) {
        if (a->elements != b->elements) {
            return a->elements > b->elements;
        }
        if (a->count != b->count) {
            return a->count > b->count;
        }
        return a->vaddr < b->vaddr;
    });
    if (v.size() > opts.top) {
        v.resize(opts.top);
    }
    return v;
}

std::string hex(uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
    return buf;
}

std::string text_report(const Totals &t, const std::vector<const Site *> &top)
{
    std::ostringstream o;
    char line[160];
    o << "svprof: Simple-V profile\n\n";
    std::snprintf(line, sizeof(line), "%-22s %16" PRIu64 "\n", "instructions",
                  t.total());
    o << line;
    for (unsigned k = 0; k < K_COUNT; k++) {
        std::snprintf(line, sizeof(line), "  %-20s %16" PRIu64 "\n",
                      kind_names[k], t.kind[k]);
        o << line;
    }
    std::snprintf(line, sizeof(line), "%-22s %16" PRIu64 "\n\n",
                  "elements (VL sum)", t.elements);
    o << line << "VL histogram (sv.setvl)\n";
    for (unsigned v = 0; v <= max_vl; v++) {
        if (t.vl_hist[v]) {
            std::snprintf(line, sizeof(line), "  VL %-17u %16" PRIu64 "\n", v,
                          t.vl_hist[v]);
            o << line;
        }
    }
    o << "\nTop sites by elements\n";
    std::snprintf(line, sizeof(line), "  %-18s %-7s %12s %12s  %s\n", "address",
                  "kind", "count", "elements", "symbol");
    o << line;
    for (const Site *s : top) {
        std::snprintf(line, sizeof(line),
                      "  %-18s %-7s %12" PRIu64 " %12" PRIu64 "  %s\n",
                      hex(s->vaddr).c_str(), kind_names[s->kind],
                      s->count.load(), s->elements.load(), s->symbol.c_str());
        o << line;
    }
    return o.str();
}

nlohmann::json json_report(const Totals &t,
                           const std::vector<const Site *> &top)
{
    nlohmann::json j;
    j["version"] = 1;
    nlohmann::json insns;
    insns["total"] = t.total();
    for (unsigned k = 0; k < K_COUNT; k++) {
        insns[kind_names[k]] = t.kind[k];
    }
    j["instructions"] = insns;
    j["elements"] = {{"total", t.elements},
                     {"vl_histogram", std::vector<uint64_t>(t.vl_hist.begin(),
                                                            t.vl_hist.end())}};
    nlohmann::json list = nlohmann::json::array();
    for (const Site *s : top) {
        nlohmann::json e = {{"address", hex(s->vaddr)},
                            {"symbol", s->symbol},
                            {"kind", kind_names[s->kind]},
                            {"count", s->count.load()},
                            {"elements", s->elements.load()}};
        if (s->kind == K_SETVL) {
            e["rd"] = s->setvl.rd;
            e["rs1"] = s->setvl.rs1;
            e["vlmax"] = s->setvl.vlmax;
        } else if (s->kind == K_VBLOCK) {
            e["decoded"] = s->ctx_ok;
            if (s->ctx_ok) {
                e["bytes"] = s->ctx.layout.total_bytes;
                e["ops"] = s->ctx.n_ops;
                e["vlset"] = bool(s->ctx.vl.present);
                e["reg_entries"] = s->ctx.layout.reg_entries;
                e["pred_entries"] = s->ctx.layout.pred_entries;
            }
        }
        list.push_back(e);
    }
    j["top_sites"] = list;
    return j;
}

std::string xml_escape(const std::string &s)
{
    std::string r;
    for (char c : s) {
        switch (c) {
        case '<':
            r += "&lt;";
            break;
        case '>':
            r += "&gt;";
            break;
        case '&':
            r += "&amp;";
            break;
        case '"':
            r += "&quot;";
            break;
        default:
            r += c;
        }
    }
    return r;
}

/* Hand-written SVG: the VL histogram as bars, then the top sites. */
std::string svg_report(const Totals &t, const std::vector<const Site *> &top)
{
    const int bar_w = 10, chart_h = 200, left = 40, top_y = 30;
    const int width = left + int(max_vl + 1) * bar_w + 40;
    const int height = top_y + chart_h + 40 + 18 * int(top.size() + 1);
    uint64_t peak = 1;
    for (uint64_t v : t.vl_hist) {
        peak = std::max(peak, v);
    }
    std::ostringstream o;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
      << "\" height=\"" << height << "\" font-family=\"monospace\" "
      << "font-size=\"11\">\n"
      << "<text x=\"" << left << "\" y=\"18\">svprof: VL histogram "
      << "(sv.setvl), peak " << peak << "</text>\n";
    for (unsigned v = 0; v <= max_vl; v++) {
        int h = int(t.vl_hist[v] * chart_h / peak);
        int x = left + int(v) * bar_w;
        o << "<rect x=\"" << x << "\" y=\"" << top_y + chart_h - h
          << "\" width=\"" << bar_w - 1 << "\" height=\"" << h
          << "\" fill=\"steelblue\"><title>VL " << v << ": " << t.vl_hist[v]
          << "</title></rect>\n";
        if (v % 8 == 0) {
            o << "<text x=\"" << x << "\" y=\"" << top_y + chart_h + 14 << "\">"
              << v << "</text>\n";
        }
    }
    int y = top_y + chart_h + 36;
    o << "<text x=\"" << left << "\" y=\"" << y
      << "\">top sites by elements</text>\n";
    for (const Site *s : top) {
        y += 18;
        o << "<text x=\"" << left << "\" y=\"" << y << "\">" << hex(s->vaddr)
          << " " << kind_names[s->kind] << " " << s->elements.load() << " "
          << xml_escape(s->symbol) << "</text>\n";
    }
    o << "</svg>\n";
    return o.str();
}

bool write_file(const std::string &path, const std::string &data)
{
    std::ofstream f(path, std::ios::binary);
    f << data;
    f.close();
    if (!f) {
        std::fprintf(stderr, "svprof: cannot write %s\n", path.c_str());
        return false;
    }
    return true;
}

void at_exit(qemu_plugin_id_t, void *)
{
    std::lock_guard<std::mutex> guard(sites_lock);
    Totals t = sum_vcpus();
    std::vector<const Site *> top = top_sites();
    std::string text = text_report(t, top);
    if (opts.out.empty()) {
        /* Not qemu_plugin_outs: that goes to the log, shown only with
         * -d plugin. */
        std::fputs(text.c_str(), stderr);
    } else {
        write_file(opts.out + ".txt", text);
        if (opts.json) {
            write_file(opts.out + ".json", json_report(t, top).dump(2) + "\n");
        }
        if (opts.svg) {
            write_file(opts.out + ".svg", svg_report(t, top));
        }
    }
    for (unsigned i = 0; i < unsigned(qemu_plugin_num_vcpus()); i++) {
        g_byte_array_free(vcpu_counts(i)->regbuf, TRUE);
    }
    qemu_plugin_scoreboard_free(scoreboard);
}

/* ------------------------------------------------------------ arguments */

bool parse_unsigned(const std::string &s, unsigned lo, unsigned hi,
                    unsigned *out)
{
    if (s.empty() || s.size() > 9 ||
        s.find_first_not_of("0123456789") != std::string::npos) {
        return false;
    }
    unsigned long v = std::stoul(s);
    if (v < lo || v > hi) {
        return false;
    }
    *out = unsigned(v);
    return true;
}

bool parse_args(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        std::string arg = argv[i];
        size_t eq = arg.find('=');
        if (eq == std::string::npos) {
            std::fprintf(stderr,
                         "svprof: argument '%s' is not key=value "
                         "(keys: out, top, json, svg)\n",
                         argv[i]);
            return false;
        }
        std::string key = arg.substr(0, eq), val = arg.substr(eq + 1);
        bool ok = true;
        if (key == "out") {
            ok = !val.empty();
            opts.out = val;
        } else if (key == "top") {
            ok = parse_unsigned(val, 1, 1000, &opts.top);
        } else if (key == "json") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.json);
        } else if (key == "svg") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.svg);
        } else {
            std::fprintf(stderr,
                         "svprof: unknown argument '%s' (keys: out, top, "
                         "json, svg)\n",
                         key.c_str());
            return false;
        }
        if (!ok) {
            const char *want = key == "out"   ? "a non-empty path"
                               : key == "top" ? "an integer 1..1000"
                                              : "on or off";
            std::fprintf(stderr, "svprof: bad value '%s' for %s: want %s\n",
                         val.c_str(), key.c_str(), want);
            return false;
        }
    }
    return true;
}

} // namespace

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info, int argc,
                                           char **argv)
{
    if (std::strcmp(info->target_name, "riscv64") != 0) {
        std::fprintf(stderr, "svprof: target %s is not riscv64\n",
                     info->target_name);
        return -1;
    }
    if (!parse_args(argc, argv)) {
        return -1;
    }
    scoreboard = qemu_plugin_scoreboard_new(sizeof(VcpuCounts));
    qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, nullptr);
    return 0;
}
