/*
 * svprof, the callgrind-format profile (PATH.callgrind): the SV events
 * per function and per source line, for callgrind_annotate (valgrind)
 * and KCachegrind.  Format: valgrind's docs/callgrind-format ("Callgrind
 * Format Specification"); positions are source lines, and there are no
 * calls (the plugin sees no call graph).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <sstream>

namespace svprof
{

namespace
{

struct Event {
    const char *name, *desc;
};
/* Short names: callgrind_annotate prints them as column headers. */
constexpr Event events[] = {
    {"Ir", "guest instructions (a VBLOCK is one)"},
    {"VecInsn", "vector instructions (element loops and vector branches)"},
    {"Elem", "elements (sum of VL)"},
    {"ActElem", "active elements (predicates)"},
    {"BrTaken", "consensual vector branches taken"},
    {"BrNotTaken", "consensual vector branches not taken"},
    {"FfCut", "fail-on-first cuts"},
};

void costs(std::ostringstream &o, const Metrics &m)
{
    if (g->opts.scalar) {
        o << ' ' << m.insns;
    }
    o << ' ' << m.vector_insns << ' ' << m.elements << ' ' << m.active << ' '
      << m.taken() << ' ' << m.not_taken() << ' ' << m.cuts << '\n';
}

std::string clean(const std::string &s)
{
    std::string r = s;
    for (char &c : r) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return r;
}

} // namespace

std::string callgrind_report(const Profile &p)
{
    std::ostringstream o;
    o << "# callgrind format\nversion: 1\ncreator: svprof (Simple-V for "
         "QEMU)\n";
    o << "cmd: " << (g->opts.elfs.empty() ? "?" : clean(g->opts.elfs[0]))
      << "\npositions: line\n";
    for (size_t i = g->opts.scalar ? 0 : 1; i < std::size(events); i++) {
        o << "event: " << events[i].name << " : " << events[i].desc << "\n";
    }
    o << "events:";
    for (size_t i = g->opts.scalar ? 0 : 1; i < std::size(events); i++) {
        o << ' ' << events[i].name;
    }
    o << "\n";
    Metrics sum;
    for (const Place &f : p.functions) {
        sum += f.m;
    }
    o << "summary:";
    costs(o, sum);
    o << "\n";
    for (const Place &f : p.functions) {
        if (f.m.empty()) {
            continue;
        }
        std::string obj = f.object.empty() ? std::string("[unknown code, ") +
                                                 priv_names[f.priv & 3] + "]"
                                           : f.object;
        if (g->system && !f.object.empty()) {
            obj += std::string(" [") + priv_names[f.priv & 3] + "]";
        }
        const std::string file = f.file.empty() ? "???" : f.file;
        o << "ob=" << clean(obj) << "\nfl=" << clean(file)
          << "\nfn=" << clean(place_name(f)) << "\n";
        /* Lines in the function's own file (and unknown lines, 0), then
         * lines of other files (inlined code) under fi=. */
        std::string cur = file;
        for (int pass = 0; pass < 2; pass++) {
            for (const Place::LineCost &l : f.lines) {
                const std::string lf = l.file.empty() ? file : l.file;
                if ((lf == file) != (pass == 0) || l.m.empty()) {
                    continue;
                }
                if (lf != cur) {
                    o << "fi=" << clean(lf) << "\n";
                    cur = lf;
                }
                o << l.line;
                costs(o, l.m);
            }
        }
        o << "\n";
    }
    o << "totals:";
    costs(o, sum);
    return o.str();
}

} // namespace svprof
