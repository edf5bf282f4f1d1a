/*
 * svprof, the text report.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

namespace svprof
{

std::string text_report(const Profile &p)
{
    const Totals &t = p.t;
    std::ostringstream o;
    char line[256];
    auto row = [&](const char *name, uint64_t v, int indent = 0) {
        std::snprintf(line, sizeof(line), "%*s%-*s %16" PRIu64 "\n", indent, "",
                      34 - indent, name, v);
        o << line;
    };
    auto ratio = [&](const char *name, double v, const char *unit) {
        std::snprintf(line, sizeof(line), "%-34s %16.2f%s\n", name, v, unit);
        o << line;
    };
    o << "svprof: Simple-V profile\n\n";
    if (!g->opts.scalar) {
        o << "(scalar=off: scalar instructions not counted)\n";
    }
    row("instructions", t.total());
    for (unsigned k = 0; k < K_COUNT; k++) {
        row(kind_names[k], t.kind[k], 2);
    }
    if (g->system) {
        o << "by privilege level\n";
        for (unsigned v = 0; v < n_privs; v++) {
            if (t.priv_insns[v] || t.priv[v].vector_insns) {
                std::snprintf(line, sizeof(line),
                              "  %-32s %16" PRIu64 "  (%" PRIu64
                              " vector, %" PRIu64 " elements)\n",
                              priv_names[v], t.priv_insns[v],
                              t.priv[v].vector_insns, t.priv[v].elements);
                o << line;
            }
        }
    }
    row("VBLOCK runs (from the first opcode)", t.vblock_runs);
    row("VBLOCK resumed parts", t.vblock_resumes);
    o << "\n";
    row("vector instructions executed", t.vector_insns);
    row("elements (sum of VL)", t.elements);
    row("active elements (predicates)", t.active);
    row("with VL 0", t.vl0_insns);
    if (t.operations() && g->opts.scalar) {
        ratio("vector share of operations",
              100.0 * double(t.vector_insns) / double(t.operations()), "%");
    }
    if (t.vector_insns) {
        ratio("mean VL", double(t.elements) / double(t.vector_insns), "");
    }
    if (t.elements) {
        ratio("mean predicate occupancy",
              100.0 * double(t.active) / double(t.elements), "%");
    }
    if (t.total() && g->opts.scalar) {
        ratio("elements per guest instruction",
              double(t.elements) / double(t.total()), "");
    }
    o << "\nVL per vector instruction\n";
    for (unsigned v = 0; v <= max_vl; v++) {
        if (t.vl_hist[v]) {
            row(("VL " + std::to_string(v)).c_str(), t.vl_hist[v], 2);
        }
    }
    o << "\npredicate occupancy (active / VL)\n";
    for (unsigned b = 0; b < occ_bins; b++) {
        if (t.occ_hist[b]) {
            row(occ_label(b).c_str(), t.occ_hist[b], 2);
        }
    }
    o << "\nconsensual branches            taken        not taken\n";
    for (unsigned m = 0; m < n_modes; m++) {
        std::snprintf(line, sizeof(line),
                      "  %-18s %16" PRIu64 " %16" PRIu64 "\n", mode_names[m],
                      t.branch[m][1], t.branch[m][0]);
        o << line;
    }
    row("\nfail-on-first cuts", t.cuts);
    for (unsigned i = 0; i < max_vl; i++) {
        if (t.cut_hist[i]) {
            row(("at element " + std::to_string(i)).c_str(), t.cut_hist[i], 2);
        }
    }
    if (t.kind[K_SETVL]) {
        row("\nsv.setvl VL sum", t.setvl_elements);
    }
    if (t.unresolved || t.inexact) {
        row("\nVBLOCK runs not replayed (trap/signal)", t.unresolved);
        row("VBLOCK runs replayed inexactly", t.inexact);
    }
    auto table = [&](const char *title, const std::vector<Row> &rows) {
        o << "\n" << title << "\n";
        std::snprintf(line, sizeof(line), "  %-18s %-7s %12s %12s %12s  %s\n",
                      "address", "kind", "count", "elements", "active",
                      "function (source)");
        o << line;
        for (const Row &r : rows) {
            std::string where =
                r.loc->function.empty() ? r.site->symbol : r.loc->function;
            if (!r.loc->file.empty()) {
                where += " (" + r.loc->file + ":" +
                         std::to_string(r.loc->line) + ")";
            }
            std::string addr = hex(r.vaddr);
            if (g->system) {
                addr += std::string(" ") + priv_names[r.site->priv & 3];
            }
            std::snprintf(line, sizeof(line),
                          "  %-18s %-7s %12" PRIu64 " %12" PRIu64 " %12" PRIu64
                          "  %s\n",
                          addr.c_str(), r.kind, r.count, r.elements, r.active,
                          where.c_str());
            o << line;
        }
    };
    table("top VBLOCKs and sv.setvl by elements", p.blocks);
    table("top vector instructions by elements", p.insns);
    auto places = [&](const char *title, const std::vector<Place> &list,
                      bool lines) {
        o << "\n" << title << "\n";
        std::snprintf(line, sizeof(line), "  %12s %10s %12s %6s %8s %6s  %s\n",
                      "instructions", "vector", "elements", "occ%", "branches",
                      "cuts", lines ? "source line (function)" : "function");
        o << line;
        size_t n = 0;
        for (const Place &pl : list) {
            if (n++ == g->opts.top) {
                break;
            }
            std::string name = place_name(pl);
            if (lines) {
                name =
                    pl.file + ":" + std::to_string(pl.line) + " (" + name + ")";
            } else if (g->system) {
                name += std::string(" [") + priv_names[pl.priv & 3] + "]";
            }
            std::snprintf(line, sizeof(line),
                          "  %12" PRIu64 " %10" PRIu64 " %12" PRIu64
                          " %6.1f %8" PRIu64 " %6" PRIu64 "  %s\n",
                          pl.m.insns, pl.m.vector_insns, pl.m.elements,
                          pl.m.elements ? 100.0 * double(pl.m.active) /
                                              double(pl.m.elements)
                                        : 0.0,
                          pl.m.taken() + pl.m.not_taken(), pl.m.cuts,
                          name.c_str());
            o << line;
        }
    };
    places("top functions by elements", p.functions, false);
    if (p.have_lines) {
        places("top source lines by elements", p.lines, true);
    } else {
        o << "\n(no source lines: no DWARF line table for the code run;"
             " build with -g and pass elf=)\n";
    }
    return o.str();
}

} // namespace svprof
