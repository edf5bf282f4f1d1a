/*
 * svprof, the SVG picture: a header with the summary figures, then
 * panels for the VL and occupancy histograms, the consensual branches
 * per mode, the fail-on-first cuts, the top functions, source lines and
 * VBLOCKs.  Every bar carries its count; a skewed distribution is drawn
 * on a log scale, and its axis says so.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>

namespace svprof
{

namespace
{

std::string esc(const std::string &s)
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

/* 1234567 -> "1.23M": bar labels must stay short. */
std::string short_count(uint64_t v)
{
    char buf[32];
    if (v < 10000) {
        std::snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
    } else if (v < 999500) {
        std::snprintf(buf, sizeof(buf), "%.3gk", double(v) / 1e3);
    } else if (v < 999500000) {
        std::snprintf(buf, sizeof(buf), "%.3gM", double(v) / 1e6);
    } else {
        std::snprintf(buf, sizeof(buf), "%.3gG", double(v) / 1e9);
    }
    return buf;
}

/* A share in percent: one decimal, more for small non-zero shares. */
std::string pct(double v)
{
    char buf[32];
    if (v > 0 && v < 0.01) {
        std::snprintf(buf, sizeof(buf), "%.2g%%", 100.0 * v);
    } else {
        std::snprintf(buf, sizeof(buf), "%.1f%%", 100.0 * v);
    }
    return buf;
}

std::string fixed(double v, int digits)
{
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.*f", digits, v);
    return buf;
}

struct Svg {
    std::ostringstream o;
    void text(int x, int y, const std::string &s, const char *extra = "")
    {
        o << "<text x=\"" << x << "\" y=\"" << y << "\" " << extra << ">"
          << esc(s) << "</text>\n";
    }
    void rect(int x, int y, int w, int h, const char *fill,
              const std::string &tip = "")
    {
        o << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w
          << "\" height=\"" << h << "\" fill=\"" << fill << "\"";
        if (tip.empty()) {
            o << "/>\n";
        } else {
            o << "><title>" << esc(tip) << "</title></rect>\n";
        }
    }
    void line(int x1, int y1, int x2, int y2, const char *stroke = "#444")
    {
        o << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2
          << "\" y2=\"" << y2 << "\" stroke=\"" << stroke << "\"/>\n";
    }
};

/* Bar heights: linear, or log10 when the distribution is skewed (the
 * smallest non-zero bar would be under 1/20 of the tallest). */
struct Scale {
    bool log = false;
    uint64_t peak = 1;
    int h = 100;
    Scale(const std::vector<uint64_t> &vals, int height) : h(height)
    {
        uint64_t lo = UINT64_MAX;
        for (uint64_t v : vals) {
            peak = std::max(peak, v);
            if (v) {
                lo = std::min(lo, v);
            }
        }
        log = lo != UINT64_MAX && peak >= 20 * lo;
    }
    int px(uint64_t v) const
    {
        if (!v) {
            return 0;
        }
        double f =
            log ? std::log10(double(v) + 1) / std::log10(double(peak) + 1)
                : double(v) / double(peak);
        return std::max(1, int(f * h + 0.5));
    }
};

/*
 * A vertical bar chart at (x, y) (top left of the plot area), w x h.
 * Each non-zero bar has its count above it (rotated when bars are
 * narrow); the y axis has ticks and says linear or log.
 */
void bar_chart(Svg &s, int x, int y, int w, int h, const std::string &title,
               const std::vector<uint64_t> &vals,
               const std::vector<std::string> &labels, unsigned label_every,
               const char *fill)
{
    s.text(x - 36, y - 30, title, "font-weight=\"bold\" font-size=\"13\"");
    const int n = int(vals.size());
    const int bw = std::max(2, w / std::max(1, n));
    const bool narrow = bw < 26;
    /* Narrow bars carry their counts rotated: leave room above them. */
    Scale sc(vals, narrow ? h - 30 : h - 12);
    s.text(x + w, y - 30, sc.log ? "count (log scale)" : "count (linear)",
           "font-size=\"10\" fill=\"#555\" text-anchor=\"end\"");
    s.line(x, y + h, x + w, y + h);
    s.line(x, y, x, y + h);
    /* Ticks: powers of ten on a log axis, else 0, peak/2, peak. */
    std::vector<uint64_t> ticks;
    if (sc.log) {
        for (uint64_t t = 1; t <= sc.peak; t *= 10) {
            ticks.push_back(t);
        }
    } else {
        ticks = {0, sc.peak / 2, sc.peak};
    }
    for (uint64_t t : ticks) {
        int ty = y + h - sc.px(t);
        s.line(x - 4, ty, x, ty);
        s.text(x - 6, ty + 3, short_count(t),
               "font-size=\"9\" text-anchor=\"end\" fill=\"#555\"");
    }
    for (int i = 0; i < n; i++) {
        int bh = sc.px(vals[size_t(i)]);
        int bx = x + i * bw;
        if (bh) {
            s.rect(bx + 1, y + h - bh, bw - 2, bh, fill,
                   labels[size_t(i)] + ": " + std::to_string(vals[size_t(i)]));
            std::string c = short_count(vals[size_t(i)]);
            int cx = bx + bw / 2;
            int cy = y + h - bh - 3;
            if (narrow) {
                std::ostringstream t;
                t << "font-size=\"9\" transform=\"rotate(-90 " << cx + 3 << ' '
                  << cy << ")\"";
                s.text(cx + 3, cy, c, t.str().c_str());
            } else {
                s.text(cx, cy, c, "font-size=\"9\" text-anchor=\"middle\"");
            }
        }
        if (unsigned(i) % label_every == 0) {
            s.text(bx + bw / 2, y + h + 12, labels[size_t(i)],
                   "font-size=\"9\" text-anchor=\"middle\"");
        }
    }
}

/* Horizontal bars: one row per entry, the bar scaled to the largest. */
struct HRow {
    uint64_t value;
    std::string label;
};

int hbar_panel(Svg &s, int x, int y, const std::string &title,
               const std::string &empty_text, const std::vector<HRow> &rows,
               const char *fill)
{
    s.text(x, y, title, "font-weight=\"bold\" font-size=\"13\"");
    y += 10;
    if (rows.empty()) {
        s.text(x, y + 14, empty_text, "font-size=\"11\" fill=\"#555\"");
        return y + 44;
    }
    uint64_t peak = 1;
    for (const HRow &r : rows) {
        peak = std::max(peak, r.value);
    }
    for (const HRow &r : rows) {
        int w = int(double(r.value) * 220 / double(peak));
        s.rect(x, y, std::max(w, r.value ? 1 : 0), 14, fill);
        s.text(x + std::max(w, 0) + 6, y + 11, r.label, "font-size=\"11\"");
        y += 19;
    }
    return y + 22;
}

std::string where(const Location &loc, const std::string &symbol)
{
    std::string fn = loc.function.empty() ? symbol : loc.function;
    std::string w = fn.empty() ? "?" : fn;
    if (!loc.inlined.empty() && loc.inlined != fn) {
        w = loc.inlined + " (inlined in " + w + ")";
    }
    if (!loc.file.empty()) {
        std::string f = loc.file.substr(loc.file.rfind('/') + 1);
        w += "  " + f + ":" + std::to_string(loc.line);
    }
    return w;
}

} // namespace

std::string svg_report(const Profile &p)
{
    const Totals &t = p.t;
    const int width = 960, col = 470, chart_w = 380, chart_h = 150;
    Svg s;
    int y = 28;
    s.text(20, y, "svprof: Simple-V profile",
           "font-weight=\"bold\" font-size=\"18\"");
    y += 24;
    /* The summary figures. */
    std::string line1, line2;
    if (g->opts.scalar) {
        line1 = short_count(t.total()) + " guest instructions, " +
                short_count(t.operations()) +
                " operations (VBLOCK opcodes counted one by one)";
        line2 = (t.operations()
                     ? pct(double(t.vector_insns) / double(t.operations()))
                     : std::string("0%")) +
                " of operations in vector form";
    } else {
        line1 = "scalar=off: scalar instructions not counted";
        line2 = short_count(t.vector_insns) + " vector instructions";
    }
    std::string line3 =
        "mean VL " +
        (t.vector_insns ? fixed(double(t.elements) / double(t.vector_insns), 2)
                        : std::string("-")) +
        ",  mean occupancy " +
        (t.elements ? pct(double(t.active) / double(t.elements))
                    : std::string("-")) +
        ",  elements per guest instruction " +
        (t.total() && g->opts.scalar
             ? fixed(double(t.elements) / double(t.total()), 3)
             : std::string("-"));
    s.text(20, y, line1, "font-size=\"12\"");
    s.text(20, y + 17, line2 + ";  " + line3,
           "font-size=\"12\" font-weight=\"bold\"");
    y += 34;
    if (g->system) {
        std::string pv = "by privilege level:";
        const char *sep = " ";
        for (unsigned v = 0; v < n_privs; v++) {
            if (t.priv_insns[v] || t.priv[v].vector_insns) {
                pv += std::string(sep) + priv_names[v] + ": " +
                      short_count(t.priv_insns[v]) + " instructions, " +
                      short_count(t.priv[v].vector_insns) + " vector";
                sep = ";  ";
            }
        }
        s.text(20, y, pv, "font-size=\"12\"");
        y += 17;
    }
    if (t.unresolved || t.inexact) {
        s.text(20, y,
               std::to_string(t.unresolved) +
                   " VBLOCK runs not replayed (left by a trap or signal), " +
                   std::to_string(t.inexact) + " replayed inexactly",
               "font-size=\"11\" fill=\"#a33\"");
        y += 17;
    }
    y += 10;

    const bool empty = !t.vector_insns && !t.kind[K_SETVL] &&
                       !t.kind[K_VBLOCK] && !t.kind[K_P48] && !t.kind[K_P64];
    if (empty) {
        s.rect(20, y, width - 40, 70, "#f4f4f4");
        s.text(width / 2, y + 32, "Empty profile: no Simple-V instruction ran.",
               "font-size=\"16\" text-anchor=\"middle\"");
        s.text(width / 2, y + 54,
               "Nothing to draw. Was -cpu rv64,xsv=true given, and does the "
               "program use SV?",
               "font-size=\"12\" text-anchor=\"middle\" fill=\"#555\"");
        y += 90;
    } else {
        /*
         * The four distribution panels, two per row; a histogram with
         * many bins (VL or cut position above 16) takes a whole row so
         * that every bar keeps room for its count.
         */
        struct Panel {
            bool wide;
            std::function<void(int x, int y, int w)> draw;
        };
        std::vector<Panel> panels;
        unsigned top_vl = 8;
        for (unsigned v = 0; v <= max_vl; v++) {
            if (t.vl_hist[v]) {
                top_vl = std::max(top_vl, v);
            }
        }
        top_vl = std::min(max_vl, (top_vl + 7) / 8 * 8);
        panels.push_back(
            {top_vl > 16, [&, top_vl](int x, int py, int w) {
                 std::vector<uint64_t> vl(t.vl_hist.begin(),
                                          t.vl_hist.begin() + top_vl + 1);
                 std::vector<std::string> labels;
                 for (unsigned v = 0; v <= top_vl; v++) {
                     labels.push_back(std::to_string(v));
                 }
                 bar_chart(s, x, py, w, chart_h,
                           "VL per vector instruction (" +
                               std::to_string(t.vector_insns) + " executed)",
                           vl, labels, top_vl > 16 ? 4 : 1, "steelblue");
                 s.text(x + w / 2, py + chart_h + 26, "VL",
                        "font-size=\"10\" text-anchor=\"middle\"");
             }});
        panels.push_back(
            {false, [&](int x, int py, int w) {
                 /* "0", then each bin's range in percent: "0-10" .. "90-100".
                  */
                 std::vector<std::string> labels;
                 for (unsigned b = 0; b < occ_bins; b++) {
                     std::string l = occ_label(b);
                     labels.push_back(b ? l.substr(0, l.size() - 1) : "0");
                 }
                 bar_chart(s, x, py, w, chart_h,
                           "predicate occupancy, active / VL",
                           std::vector<uint64_t>(t.occ_hist.begin(),
                                                 t.occ_hist.end()),
                           labels, 1, "seagreen");
                 s.text(x + w / 2, py + chart_h + 26,
                        "active elements / VL, % (0: none active)",
                        "font-size=\"10\" text-anchor=\"middle\"");
             }});
        panels.push_back(
            {false, [&](int x, int py, int w) {
                 std::vector<uint64_t> br;
                 std::vector<std::string> labels;
                 uint64_t n_br = 0;
                 for (unsigned m = 0; m < n_modes; m++) {
                     br.push_back(t.branch[m][1]);
                     br.push_back(t.branch[m][0]);
                     labels.push_back(mode_names[m]);
                     labels.push_back("");
                     n_br += t.branch[m][0] + t.branch[m][1];
                 }
                 if (!n_br) {
                     s.text(x - 36, py - 30, "consensual branches per mode",
                            "font-weight=\"bold\" font-size=\"13\"");
                     s.text(x - 36, py + 20, "No consensual vector branch ran.",
                            "font-size=\"12\" fill=\"#555\"");
                     return;
                 }
                 /* Taken bars dark, not-taken light, the mode under each pair.
                  */
                 bar_chart(s, x, py, w, chart_h,
                           "consensual branches per mode (" +
                               std::to_string(n_br) + ")",
                           br, labels, 1, "darkslateblue");
                 Scale sc(br, chart_h - 12); /* as bar_chart draws wide bars */
                 const int bw = w / int(br.size());
                 for (size_t i = 1; i < br.size(); i += 2) {
                     int bh = sc.px(br[i]);
                     if (bh) {
                         s.rect(x + int(i) * bw + 1, py + chart_h - bh, bw - 2,
                                bh, "#9f9fdf",
                                std::string(mode_names[i / 2]) +
                                    " not taken: " + std::to_string(br[i]));
                     }
                 }
                 s.rect(x + w - 150, py - 26, 10, 10, "darkslateblue");
                 s.text(x + w - 136, py - 17, "taken", "font-size=\"10\"");
                 s.rect(x + w - 90, py - 26, 10, 10, "#9f9fdf");
                 s.text(x + w - 76, py - 17, "not taken", "font-size=\"10\"");
             }});
        unsigned top_el = 8;
        for (unsigned i = 0; i < max_vl; i++) {
            if (t.cut_hist[i]) {
                top_el = std::max(top_el, i + 1);
            }
        }
        top_el = std::min(max_vl, (top_el + 7) / 8 * 8);
        panels.push_back(
            {t.cuts && top_el > 16, [&, top_el](int x, int py, int w) {
                 if (!t.cuts) {
                     s.text(x - 36, py - 30, "fail-on-first cuts by element",
                            "font-weight=\"bold\" font-size=\"13\"");
                     s.text(x - 36, py + 20, "No fail-on-first cut.",
                            "font-size=\"12\" fill=\"#555\"");
                     return;
                 }
                 std::vector<uint64_t> cuts(t.cut_hist.begin(),
                                            t.cut_hist.begin() + top_el);
                 std::vector<std::string> labels;
                 for (unsigned i = 0; i < top_el; i++) {
                     labels.push_back(std::to_string(i));
                 }
                 bar_chart(s, x, py, w, chart_h,
                           "fail-on-first cuts by element (" +
                               std::to_string(t.cuts) + ")",
                           cuts, labels, top_el > 16 ? 4 : 1, "indianred");
                 s.text(x + w / 2, py + chart_h + 26,
                        "VL after the cut (the failing element)",
                        "font-size=\"10\" text-anchor=\"middle\"");
             }});
        /* Place them: a wide panel gets its own row. */
        int column = 0;
        for (const Panel &pn : panels) {
            if ((pn.wide && column) || column == 2) {
                y += chart_h + 80; /* close the row */
                column = 0;
            }
            if (pn.wide) {
                pn.draw(60, y + 40, width - 100);
                y += chart_h + 80;
                column = 0;
            } else {
                pn.draw(60 + column * col, y + 40, chart_w);
                column++;
            }
        }
        if (column) {
            y += chart_h + 80;
        }
    }

    /* The top functions and lines, by elements. */
    const size_t n_top = std::min<size_t>(g->opts.top, 12);
    std::vector<HRow> fn_rows, line_rows, blk_rows;
    for (const Place &f : p.functions) {
        if (fn_rows.size() == n_top || !f.m.vector_insns) {
            break;
        }
        std::string name = place_name(f);
        if (g->system) {
            name += std::string(" [") + priv_names[f.priv & 3] + "]";
        }
        fn_rows.push_back(
            {f.m.elements,
             short_count(f.m.elements) + " elements, " +
                 short_count(f.m.vector_insns) + " vector insns, occupancy " +
                 (f.m.elements ? pct(double(f.m.active) / double(f.m.elements))
                               : std::string("-")) +
                 "  " + name});
    }
    for (const Place &l : p.lines) {
        if (line_rows.size() == n_top || !l.m.vector_insns) {
            break;
        }
        std::string f = l.file.substr(l.file.rfind('/') + 1);
        line_rows.push_back(
            {l.m.elements,
             short_count(l.m.elements) + " elements, " +
                 short_count(l.m.vector_insns) + " vector insns  " + f + ":" +
                 std::to_string(l.line) + " (" + place_name(l) + ")"});
    }
    for (const Row &r : p.blocks) {
        if (blk_rows.size() == n_top) {
            break;
        }
        blk_rows.push_back({r.elements, short_count(r.elements) +
                                            " elements, " +
                                            short_count(r.count) + " runs  " +
                                            r.kind + " " + hex(r.vaddr) + " " +
                                            where(*r.loc, r.site->symbol)});
    }
    y += 10;
    y = hbar_panel(s, 20, y, "top functions by elements",
                   "No function ran a vector instruction.", fn_rows,
                   "darkorange");
    y = hbar_panel(s, 20, y, "top source lines by elements",
                   p.have_lines
                       ? "No source line ran a vector instruction."
                       : "No source lines: no DWARF line table for the code "
                         "that ran (build with -g; in system mode pass elf=).",
                   line_rows, "goldenrod");
    y = hbar_panel(s, 20, y, "top VBLOCKs and sv.setvl by elements",
                   "No VBLOCK or sv.setvl ran.", blk_rows, "peru");

    std::ostringstream out;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
        << "\" height=\"" << y + 10
        << "\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"11\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << s.o.str() << "</svg>\n";
    return out.str();
}

} // namespace svprof
