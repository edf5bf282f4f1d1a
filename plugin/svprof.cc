/*
 * svprof: a QEMU TCG plugin (API v4) that profiles Simple-V code, in
 * linux-user and system mode.  This file: arguments, install and the
 * report at exit.  The parts are listed in svprof.h; the method and the
 * report formats are in plugin/README.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

extern "C" {
QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t,
                                           const qemu_info_t *, int, char **);
}

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>

#include <unistd.h>

namespace svprof
{

namespace
{

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

constexpr const char *keys =
    "out, top, text, json, svg, callgrind, check, scalar, elf";

bool parse_args(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        std::string arg = argv[i];
        size_t eq = arg.find('=');
        if (eq == std::string::npos) {
            std::fprintf(stderr,
                         "svprof: argument '%s' is not key=value (keys: %s)\n",
                         argv[i], keys);
            return false;
        }
        std::string key = arg.substr(0, eq), val = arg.substr(eq + 1);
        bool ok = true;
        if (key == "out") {
            ok = !val.empty();
            g->opts.out = val;
            std::string dir = val.substr(0, val.rfind('/') + 1);
            if (ok && access(dir.empty() ? "." : dir.c_str(), W_OK) != 0) {
                std::fprintf(stderr,
                             "svprof: bad value '%s' for out: cannot write "
                             "to directory '%s'\n",
                             val.c_str(), dir.empty() ? "." : dir.c_str());
                return false;
            }
        } else if (key == "top") {
            ok = parse_unsigned(val, 1, 1000, &g->opts.top);
        } else if (key == "json") {
            ok =
                qemu_plugin_bool_parse(key.c_str(), val.c_str(), &g->opts.json);
        } else if (key == "svg") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &g->opts.svg);
        } else if (key == "text") {
            ok =
                qemu_plugin_bool_parse(key.c_str(), val.c_str(), &g->opts.text);
        } else if (key == "callgrind") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(),
                                        &g->opts.callgrind);
        } else if (key == "elf") {
            ok = !val.empty();
            if (ok && access(val.c_str(), R_OK) != 0) {
                std::fprintf(stderr,
                             "svprof: bad value '%s' for elf: cannot read "
                             "that file\n",
                             val.c_str());
                return false;
            }
            g->opts.elfs.push_back(val);
        } else if (key == "scalar") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(),
                                        &g->opts.scalar);
        } else if (key == "check") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(),
                                        &g->opts.check);
        } else {
            std::fprintf(stderr, "svprof: unknown argument '%s' (keys: %s)\n",
                         key.c_str(), keys);
            return false;
        }
        if (!ok) {
            const char *want = key == "out" || key == "elf" ? "a non-empty path"
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

/*
 * At exit: linux-user calls it with every callback removed; system mode
 * from libc's atexit list with the vCPUs stopped.  Either way no
 * callback runs any more, but the state is left in place (never freed:
 * see svprof.h).
 */
void at_exit(qemu_plugin_id_t, void *)
{
    if (g->exited.exchange(true)) {
        return;
    }
    std::lock_guard<std::mutex> guard(g->lock);
    for (unsigned i = 0; i < unsigned(qemu_plugin_num_vcpus()); i++) {
        VcpuCounts *c = vcpu_counts(i);
        if (c->pending && c->pend) {
            /* The program ended inside or right after a VBLOCK. */
            Site *s = reinterpret_cast<Site *>(uintptr_t(c->pending & ~1ull));
            s->unresolved++;
            s->ended++;
            c->unresolved++;
            c->pending = 0;
        }
    }
    settle_vblocks();
    if (!g->system) {
        /* The program itself and the RISC-V libraries it mapped. */
        for (const std::string &p : mapped_riscv_elfs()) {
            if (std::find(g->opts.elfs.begin(), g->opts.elfs.end(), p) ==
                g->opts.elfs.end()) {
                g->opts.elfs.push_back(p);
            }
        }
    }
    /* Not destroyed: the process is exiting (freeing libdw's data was
     * a sixth of the report's cost). */
    Symbols &syms = *new Symbols();
    syms.load(g->opts.elfs);
    Profile p = aggregate(syms);
    std::string text = text_report(p);
    if (g->opts.out.empty()) {
        /* Not qemu_plugin_outs: that goes to the log, shown only with
         * -d plugin. */
        std::fputs(text.c_str(), stderr);
        return;
    }
    if (g->opts.text) {
        write_file(g->opts.out + ".txt", text);
    }
    if (g->opts.json) {
        write_file(g->opts.out + ".json", json_report(p));
    }
    if (g->opts.svg) {
        write_file(g->opts.out + ".svg", svg_report(p));
    }
    if (g->opts.callgrind) {
        write_file(g->opts.out + ".callgrind", callgrind_report(p));
    }
}

} // namespace svprof

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info, int argc,
                                           char **argv)
{
    using namespace svprof;
    if (std::strcmp(info->target_name, "riscv64") != 0) {
        std::fprintf(stderr, "svprof: target %s is not riscv64\n",
                     info->target_name);
        return -1;
    }
    g = new State(); /* never freed: see svprof.h */
    g->system = info->system_emulation;
    if (!parse_args(argc, argv)) {
        return -1;
    }
    g->scoreboard = qemu_plugin_scoreboard_new(sizeof(VcpuCounts));
    g->id = id;
    register_callbacks(id);
    return 0;
}
