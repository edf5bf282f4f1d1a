/*
 * svprof, aggregate: the counters summed over vCPUs, the top lists, and
 * the metrics per function and per source line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <tuple>

namespace svprof
{

uint64_t Metrics::taken() const
{
    uint64_t t = 0;
    for (unsigned m = 0; m < n_modes; m++) {
        t += branch[m][1];
    }
    return t;
}

uint64_t Metrics::not_taken() const
{
    uint64_t t = 0;
    for (unsigned m = 0; m < n_modes; m++) {
        t += branch[m][0];
    }
    return t;
}

void Metrics::operator+=(const Metrics &o)
{
    insns += o.insns;
    vector_insns += o.vector_insns;
    elements += o.elements;
    active += o.active;
    for (unsigned m = 0; m < n_modes; m++) {
        branch[m][0] += o.branch[m][0];
        branch[m][1] += o.branch[m][1];
    }
    cuts += o.cuts;
}

bool Metrics::empty() const
{
    return !insns && !vector_insns && !elements && !cuts && !taken() &&
           !not_taken();
}

uint64_t Totals::total() const
{
    uint64_t t = 0;
    for (uint64_t k : kind) {
        t += k;
    }
    return t;
}

uint64_t Totals::operations() const
{
    return total() - kind[K_VBLOCK] + inner_ops;
}

std::string hex(uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
    return buf;
}

std::string occ_label(unsigned b)
{
    if (b == 0) {
        return "0%";
    }
    return std::to_string((b - 1) * 10) + "-" + std::to_string(b * 10) + "%";
}

std::string place_name(const Place &p)
{
    if (!p.function.empty()) {
        return p.function;
    }
    if (!p.object.empty()) {
        return "[" + p.object + "]";
    }
    return std::string("[unknown code, ") + priv_names[p.priv & 3] + "]";
}

namespace
{

#define SUM(member) qemu_plugin_u64_sum(field(offsetof(VcpuCounts, member)))

template <size_t N> void sum_array(std::array<uint64_t, N> &out, size_t offset)
{
    for (size_t i = 0; i < N; i++) {
        out[i] = qemu_plugin_u64_sum(field(offset + i * sizeof(uint64_t)));
    }
}

Totals sum_vcpus()
{
    Totals t;
    t.vblock_runs = SUM(vblock_runs);
    t.vblock_resumes = SUM(vblock_resumes);
    t.unresolved = SUM(unresolved);
    t.inexact = SUM(inexact);
    t.vector_insns = SUM(vector_insns);
    t.elements = SUM(elements);
    t.active = SUM(active);
    t.vl0_insns = SUM(vl0_insns);
    sum_array(t.vl_hist, offsetof(VcpuCounts, vl_hist));
    sum_array(t.occ_hist, offsetof(VcpuCounts, occ_hist));
    for (unsigned m = 0; m < n_modes; m++) {
        for (unsigned tk = 0; tk < 2; tk++) {
            t.branch[m][tk] =
                qemu_plugin_u64_sum(field(offsetof(VcpuCounts, branch) +
                                          (m * 2 + tk) * sizeof(uint64_t)));
        }
    }
    t.scalar_flow_taken = SUM(scalar_flow_taken);
    t.cuts = SUM(cuts);
    sum_array(t.cut_hist, offsetof(VcpuCounts, cut_hist));
    t.setvl_elements = SUM(setvl_elements);
    sum_array(t.setvl_hist, offsetof(VcpuCounts, setvl_hist));
    return t;
}

void sort_rows(std::vector<Row> &v)
{
    std::sort(v.begin(), v.end(), [](const Row &a, const Row &b) {
        if (a.elements != b.elements) {
            return a.elements > b.elements;
        }
        if (a.count != b.count) {
            return a.count > b.count;
        }
        return a.vaddr < b.vaddr;
    });
    if (v.size() > g->opts.top) {
        v.resize(g->opts.top);
    }
}

bool by_weight(const Place &a, const Place &b)
{
    if (a.m.elements != b.m.elements) {
        return a.m.elements > b.m.elements;
    }
    if (a.m.vector_insns != b.m.vector_insns) {
        return a.m.vector_insns > b.m.vector_insns;
    }
    if (a.m.insns != b.m.insns) {
        return a.m.insns > b.m.insns;
    }
    return std::tie(a.object, a.function, a.file, a.line) <
           std::tie(b.object, b.function, b.file, b.line);
}

/* Metrics keyed by function, then by source line inside it. */
struct Acc {
    using FnKey = std::tuple<std::string, std::string, unsigned>;
    using LineKey = std::tuple<std::string, std::string, unsigned>;
    struct Fn {
        Metrics m;
        std::string file; /* the file of its first line seen */
        std::map<std::pair<std::string, unsigned>, Metrics> lines;
    };
    std::map<FnKey, Fn> fns;
    struct Line {
        Metrics m;
        std::string function;
        unsigned priv;
    };
    std::map<LineKey, Line> lines;
    bool have_lines = false;

    void add(const Location &loc, unsigned priv, const Metrics &m)
    {
        Fn &f = fns[FnKey(loc.object, loc.function, priv)];
        f.m += m;
        f.lines[{loc.file, loc.line}] += m;
        if (f.file.empty() && !loc.file.empty()) {
            f.file = loc.file;
        }
        if (!loc.file.empty()) {
            have_lines = true;
            Line &l = lines[LineKey(loc.object, loc.file, loc.line)];
            l.m += m;
            if (l.function.empty()) {
                l.function =
                    loc.inlined.empty() || loc.inlined == loc.function
                        ? loc.function
                        : loc.inlined + " (inlined in " + loc.function + ")";
                l.priv = priv;
            }
        }
    }
};

bool same_place(const Location &a, const Location &b)
{
    return &a == &b ||
           (a.line == b.line && a.function == b.function && a.file == b.file &&
            a.object == b.object && a.inlined == b.inlined);
}

/* An inner opcode's vector metrics. */
Metrics op_metrics(const InnerOp &o)
{
    Metrics m;
    if (o.is_vector()) {
        m.vector_insns = o.execs.load();
        m.elements = o.elements.load();
        m.active = o.active.load();
        m.cuts = o.cuts.load();
        if (o.role == R_VBRANCH) {
            m.branch[o.mode][1] = o.taken.load();
            m.branch[o.mode][0] = o.not_taken.load();
        }
    }
    return m;
}

} // namespace

Profile aggregate(Symbols &syms)
{
    Profile p;
    Totals &t = p.t;
    t = sum_vcpus();
    Acc acc;
    std::map<const Site *, const Location *> site_loc;

    /* SV instructions: their own counters. */
    for (const auto &sp : g->all_sites) {
        const Site &s = *sp;
        const uint64_t n = qemu_plugin_u64_sum(slot_entry(s.slot));
        t.kind[s.kind] += n;
        t.priv_insns[s.priv & 3] += n;
        const Location &loc =
            syms.locate(s.vaddr, s.bytes.data(), s.bytes.size());
        site_loc[&s] = &loc;
        Metrics m;
        m.insns = n;
        if ((s.kind == K_P48 || s.kind == K_P64) && s.prefix_ok) {
            m.vector_insns = s.count.load();
            m.elements = s.elements.load();
            m.active = s.active.load();
        }
        t.priv[s.priv & 3] += m;
        acc.add(loc, s.priv, m);
        for (unsigned i = 0; i < s.n_ops; i++) {
            const InnerOp &o = s.ops[i];
            t.inner_ops += o.execs.load();
            Metrics om = op_metrics(o);
            if (om.empty()) {
                continue;
            }
            size_t off = size_t(o.vaddr - s.vaddr);
            const Location &ol = syms.locate(o.vaddr, s.bytes.data() + off,
                                             std::min<size_t>(2, s.len - off));
            t.priv[s.priv & 3] += om;
            acc.add(ol, s.priv, om);
        }
    }
    /* Scalar instructions: their TB's counter. */
    for (const auto &tp : g->all_tbs) {
        const TbRec &r = *tp;
        if (r.slot == UINT32_MAX) {
            continue;
        }
        const uint64_t n = qemu_plugin_u64_sum(slot_entry(r.slot));
        if (!n) {
            continue;
        }
        uint32_t byte = 0;
        /* Consecutive instructions at one place are added at once. */
        const Location *run = nullptr;
        Metrics m;
        for (const TbRec::Insn &in : r.insns) {
            if (in.kind == K_SCALAR) {
                t.kind[K_SCALAR] += n;
                t.priv_insns[r.priv & 3] += n;
                t.priv[r.priv & 3].insns += n;
                const Location &loc = syms.locate(
                    r.vaddr + in.offset, r.bytes.data() + byte, in.len);
                if (run && !same_place(*run, loc)) {
                    acc.add(*run, r.priv, m);
                    m.insns = 0;
                }
                run = &loc;
                m.insns += n;
            }
            byte += in.len;
        }
        if (run) {
            acc.add(*run, r.priv, m);
        }
    }

    /* Top lists: sites and inner opcodes. */
    for (const auto &sp : g->all_sites) {
        const Site &s = *sp;
        const Location *loc = site_loc[&s];
        if ((s.kind == K_SETVL || s.kind == K_VBLOCK) &&
            s.count.load() + s.resumes.load() != 0) {
            p.blocks.push_back({s.vaddr, kind_names[s.kind], s.count.load(),
                                s.elements.load(), s.active.load(), &s, nullptr,
                                loc});
        }
        if ((s.kind == K_P48 || s.kind == K_P64) && s.count.load()) {
            p.insns.push_back({s.vaddr, kind_names[s.kind], s.count.load(),
                               s.elements.load(), s.active.load(), &s, nullptr,
                               loc});
        }
        for (unsigned i = 0; i < s.n_ops; i++) {
            const InnerOp &o = s.ops[i];
            if (o.is_vector() && o.execs.load()) {
                size_t off = size_t(o.vaddr - s.vaddr);
                const Location *ol =
                    &syms.locate(o.vaddr, s.bytes.data() + off,
                                 std::min<size_t>(2, s.len - off));
                p.insns.push_back({o.vaddr, role_name(o), o.execs.load(),
                                   o.elements.load(), o.active.load(), &s, &o,
                                   ol});
            }
        }
    }
    sort_rows(p.blocks);
    sort_rows(p.insns);

    /* Functions and lines, heaviest first. */
    for (auto &kv : acc.fns) {
        Place pl;
        pl.object = std::get<0>(kv.first);
        pl.function = std::get<1>(kv.first);
        pl.priv = uint8_t(std::get<2>(kv.first));
        pl.file = kv.second.file;
        pl.m = kv.second.m;
        for (auto &lv : kv.second.lines) {
            pl.lines.push_back({lv.first.first, lv.first.second, lv.second});
        }
        p.functions.push_back(std::move(pl));
    }
    for (auto &kv : acc.lines) {
        Place pl;
        std::tie(pl.object, pl.file, pl.line) = kv.first;
        pl.function = kv.second.function;
        pl.priv = uint8_t(kv.second.priv);
        pl.m = kv.second.m;
        p.lines.push_back(std::move(pl));
    }
    std::sort(p.functions.begin(), p.functions.end(), by_weight);
    std::sort(p.lines.begin(), p.lines.end(), by_weight);
    p.have_lines = acc.have_lines;
    return p;
}

} // namespace svprof
