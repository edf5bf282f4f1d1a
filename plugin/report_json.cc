/*
 * svprof, the JSON report (version 3; fields in plugin/README.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <nlohmann/json.hpp>

namespace svprof
{

namespace
{

using nlohmann::json;

json metrics_json(const Metrics &m)
{
    json br = json::object();
    for (unsigned k = 0; k < n_modes; k++) {
        br[mode_names[k]] = {{"taken", m.branch[k][1]},
                             {"not_taken", m.branch[k][0]}};
    }
    json j = {
        {"instructions", m.insns},
        {"vector_insns", m.vector_insns},
        {"elements", m.elements},
        {"active", m.active},
        {"occupancy", m.elements ? double(m.active) / double(m.elements) : 0.0},
        {"branches", br},
        {"ffirst_cuts", m.cuts}};
    if (!g->opts.scalar) {
        j["instructions"] = nullptr; /* SV instructions only: not shown */
    }
    return j;
}

void add_location(json &e, const Location &loc, const std::string &symbol)
{
    e["symbol"] = loc.function.empty() ? symbol : loc.function;
    e["object"] = loc.object;
    e["file"] = loc.file;
    e["line"] = loc.line;
    e["inlined"] = loc.inlined;
}

} // namespace

std::string json_report(const Profile &p)
{
    const Totals &t = p.t;
    json j;
    j["version"] = 3;
    j["system_mode"] = g->system;
    json ins;
    ins["total"] = t.total();
    for (unsigned k = 0; k < K_COUNT; k++) {
        ins[kind_names[k]] = t.kind[k];
    }
    if (!g->opts.scalar) {
        ins["scalar"] = nullptr; /* scalar=off: not counted */
        ins["total"] = nullptr;
    }
    j["instructions"] = ins;
    json pv = json::object();
    for (unsigned v = 0; v < n_privs; v++) {
        if (t.priv_insns[v] || t.priv[v].vector_insns) {
            pv[priv_names[v]] = {{"instructions", t.priv_insns[v]},
                                 {"vector_insns", t.priv[v].vector_insns},
                                 {"elements", t.priv[v].elements},
                                 {"active", t.priv[v].active}};
        }
    }
    j["privilege"] = pv;
    auto share = [](uint64_t a, uint64_t b) -> json {
        return b ? json(double(a) / double(b)) : json(nullptr);
    };
    j["summary"] = {
        {"operations", g->opts.scalar ? json(t.operations()) : json(nullptr)},
        {"vector_share", g->opts.scalar ? share(t.vector_insns, t.operations())
                                        : json(nullptr)},
        {"mean_vl", share(t.elements, t.vector_insns)},
        {"mean_occupancy", share(t.active, t.elements)},
        {"elements_per_insn",
         g->opts.scalar ? share(t.elements, t.total()) : json(nullptr)}};
    j["vblock"] = {{"runs", t.vblock_runs},
                   {"resumed", t.vblock_resumes},
                   {"unresolved", t.unresolved},
                   {"inexact", t.inexact},
                   {"flushes", g->resets.load()}};
    j["elements"] = {
        {"vector_insns", t.vector_insns},
        {"total", t.elements},
        {"active", t.active},
        {"vl0_insns", t.vl0_insns},
        {"vl_histogram",
         std::vector<uint64_t>(t.vl_hist.begin(), t.vl_hist.end())},
        {"occupancy_histogram",
         std::vector<uint64_t>(t.occ_hist.begin(), t.occ_hist.end())}};
    json br = json::object();
    for (unsigned m = 0; m < n_modes; m++) {
        br[mode_names[m]] = {{"taken", t.branch[m][1]},
                             {"not_taken", t.branch[m][0]}};
    }
    j["branches"] = br;
    j["ffirst"] = {{"cuts", t.cuts},
                   {"at_element", std::vector<uint64_t>(t.cut_hist.begin(),
                                                        t.cut_hist.end())}};
    j["setvl"] = {{"elements", t.setvl_elements},
                  {"vl_histogram", std::vector<uint64_t>(t.setvl_hist.begin(),
                                                         t.setvl_hist.end())}};
    json list = json::array();
    for (const Row &r : p.blocks) {
        const Site &s = *r.site;
        json e = {{"address", hex(r.vaddr)},
                  {"privilege", priv_names[s.priv & 3]},
                  {"kind", r.kind},
                  {"count", r.count},
                  {"elements", r.elements}};
        add_location(e, *r.loc, s.symbol);
        if (s.kind == K_SETVL) {
            e["rd"] = s.setvl.rd;
            e["rs1"] = s.setvl.rs1;
            e["vlmax"] = s.setvl.vlmax;
        } else {
            e["active"] = r.active;
            e["resumed"] = s.resumes.load();
            e["unresolved"] = s.unresolved.load();
            e["inexact"] = s.inexact.load();
            e["bytes"] = s.len;
            e["ops"] = s.n_ops;
            e["vlset"] = bool(s.ctx.vl.present);
            e["reg_entries"] = s.ctx.layout.reg_entries;
            e["pred_entries"] = s.ctx.layout.pred_entries;
        }
        list.push_back(e);
    }
    j["top_blocks"] = list;
    json li = json::array();
    for (const Row &r : p.insns) {
        json e = {{"address", hex(r.vaddr)},
                  {"privilege", priv_names[r.site->priv & 3]},
                  {"kind", r.kind},
                  {"count", r.count},
                  {"elements", r.elements},
                  {"active", r.active}};
        add_location(e, *r.loc, r.site->symbol);
        if (!r.op) {
            li.push_back(e); /* a P48/P64 */
            continue;
        }
        const InnerOp &o = *r.op;
        e["block"] = hex(r.site->vaddr);
        e["ffirst_cuts"] = o.cuts.load();
        if (o.role == R_VBRANCH) {
            e["mode"] = mode_names[o.mode];
            e["taken"] = o.taken.load();
            e["not_taken"] = o.not_taken.load();
        }
        li.push_back(e);
    }
    j["top_insns"] = li;
    auto places = [&](const std::vector<Place> &v, bool lines) {
        json a = json::array();
        for (const Place &pl : v) {
            if (a.size() == g->opts.top) {
                break;
            }
            json e = metrics_json(pl.m);
            e["function"] = place_name(pl);
            e["object"] = pl.object;
            e["privilege"] = priv_names[pl.priv & 3];
            e["file"] = pl.file;
            if (lines) {
                e["line"] = pl.line;
            }
            a.push_back(e);
        }
        return a;
    };
    j["top_functions"] = places(p.functions, false);
    j["top_lines"] = places(p.lines, true);
    return j.dump(2) + "\n";
}

} // namespace svprof
