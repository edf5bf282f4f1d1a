// sv-as: the SV assembler front end (tools/README.md, docs/guide.md).
//
//   sv-as [-o OUT] IN            filter: IN in sv-as syntax -> GNU as source
//   sv-as -c [-I DIR] [-D X] [-march=ISA] IN -o OUT.o
//                                driver: cpp (for .S), translate, as
//   as [gas options] FILE...     installed as `as` in a gcc -B directory
//                                (sv-cc): translates gcc's output, then runs
//                                riscv64-linux-gnu-as with the same options
//
// All SV knowledge is svcore's (sv_asm_translate); this is file handling.
// SV_AS_CC and SV_AS_AS override the cross compiler (for cpp) and the
// assembler.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "svcore.h"

namespace
{

std::string tool(const char *env, const char *dflt)
{
    const char *v = getenv(env);
    return v && *v ? v : dflt;
}

int run(const std::vector<std::string> &args)
{
    std::vector<char *> argv;
    for (const std::string &a : args) {
        argv.push_back(const_cast<char *>(a.c_str()));
    }
    argv.push_back(nullptr);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[0], argv.data());
        perror(argv[0]);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0) {
        return 1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

bool read_file(const std::string &path, std::string &text)
{
    if (path == "-") {
        std::stringstream ss;
        ss << std::cin.rdbuf();
        text = ss.str();
        return true;
    }
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        fprintf(stderr, "sv-as: cannot read %s\n", path.c_str());
        return false;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    text = ss.str();
    return true;
}

// Translates in (named name in messages) into the file out ("-": stdout).
bool translate(const std::string &name, const std::string &in,
               const std::string &out)
{
    std::string text;
    if (!read_file(in, text)) {
        return false;
    }
    char *res = nullptr, *errs = nullptr;
    unsigned n =
        sv_asm_translate(name.c_str(), text.data(), text.size(), &res, &errs);
    fputs(errs, stderr);
    bool ok = n == 0;
    if (ok) {
        FILE *f = out == "-" ? stdout : fopen(out.c_str(), "w");
        if (!f) {
            fprintf(stderr, "sv-as: cannot write %s\n", out.c_str());
            ok = false;
        } else {
            fputs(res, f);
            if (f != stdout) {
                fclose(f);
            }
        }
    }
    sv_asm_free(res);
    sv_asm_free(errs);
    return ok;
}

std::string temp_name(const char *suffix)
{
    const char *dir = getenv("TMPDIR");
    std::string t = std::string(dir && *dir ? dir : "/tmp") + "/sv-asXXXXXX";
    std::vector<char> b(t.begin(), t.end());
    b.push_back('\0');
    int fd = mkstemp(b.data());
    if (fd < 0) {
        return "";
    }
    close(fd);
    unlink(b.data());
    return std::string(b.data()) + suffix;
}

// gcc's `as`: translate every input file, pass every option on.
int as_mode(int argc, char **argv)
{
    std::vector<std::string> args = {tool("SV_AS_AS", "riscv64-linux-gnu-as")};
    std::vector<std::string> temps;
    bool any_input = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        bool takes_value = a == "-o" || a == "-I" || a == "--defsym" ||
                           a == "-MD" || a == "--debug-prefix-map";
        if (takes_value && i + 1 < argc) {
            args.push_back(a);
            args.push_back(argv[++i]);
            continue;
        }
        if ((a.empty() || a[0] != '-' || a == "-") && a != "--") {
            std::string tmp = temp_name(".s");
            if (tmp.empty() || !translate(a == "-" ? "<stdin>" : a, a, tmp)) {
                return 1;
            }
            temps.push_back(tmp);
            args.push_back(tmp);
            any_input = true;
            continue;
        }
        args.push_back(a);
    }
    if (!any_input) {
        std::string tmp = temp_name(".s");
        if (tmp.empty() || !translate("<stdin>", "-", tmp)) {
            return 1;
        }
        temps.push_back(tmp);
        args.push_back(tmp);
    }
    int rc = run(args);
    for (const std::string &t : temps) {
        unlink(t.c_str());
    }
    return rc;
}

void usage()
{
    fprintf(stderr,
            "usage: sv-as [-o OUT.s] IN              (filter)\n"
            "       sv-as -c [-I DIR] [-D NAME[=V]] [-march=ISA] [-mabi=ABI] "
            "IN -o OUT.o\n");
}

} // namespace

int main(int argc, char **argv)
{
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    if (!strcmp(base, "as") || (argc > 1 && !strcmp(argv[1], "--as"))) {
        if (argc > 1 && !strcmp(argv[1], "--as")) {
            argv[1] = argv[0];
            return as_mode(argc - 1, argv + 1);
        }
        return as_mode(argc, argv);
    }
    bool compile = false;
    std::string in, out;
    std::vector<std::string> cpp_opts, as_opts;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "-c") {
            compile = true;
        } else if (a == "-o" && i + 1 < argc) {
            out = argv[++i];
        } else if ((a == "-I" || a == "-D" || a == "-U" || a == "-include") &&
                   i + 1 < argc) {
            cpp_opts.push_back(a);
            cpp_opts.push_back(argv[++i]);
            if (a == "-I") {
                as_opts.push_back("-I");
                as_opts.push_back(argv[i]);
            }
        } else if (a.compare(0, 2, "-I") == 0) {
            cpp_opts.push_back(a);
            as_opts.push_back(a);
        } else if (a.compare(0, 2, "-D") == 0 || a.compare(0, 2, "-U") == 0) {
            cpp_opts.push_back(a);
        } else if (a.compare(0, 7, "-march=") == 0 ||
                   a.compare(0, 6, "-mabi=") == 0) {
            cpp_opts.push_back(a);
            as_opts.push_back(a);
        } else if (a == "-g") {
            as_opts.push_back(a);
        } else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else if (!a.empty() && a[0] == '-' && a != "-") {
            fprintf(stderr, "sv-as: unknown option %s\n", a.c_str());
            usage();
            return 2;
        } else if (in.empty()) {
            in = a;
        } else {
            usage();
            return 2;
        }
    }
    if (in.empty()) {
        usage();
        return 2;
    }
    if (!compile) {
        return translate(in == "-" ? "<stdin>" : in, in,
                         out.empty() ? "-" : out)
                   ? 0
                   : 1;
    }
    if (out.empty()) {
        size_t dot = in.rfind('.');
        out = in.substr(0, dot) + ".o";
        size_t slash = out.rfind('/');
        if (slash != std::string::npos) {
            out = out.substr(slash + 1);
        }
    }
    std::string src = in;
    std::string pre;
    bool is_S = in.size() > 2 && in.compare(in.size() - 2, 2, ".S") == 0;
    if (is_S) {
        pre = temp_name(".i");
        std::vector<std::string> cpp = {
            tool("SV_AS_CC", "riscv64-linux-gnu-gcc"), "-E", "-x",
            "assembler-with-cpp"};
        cpp.insert(cpp.end(), cpp_opts.begin(), cpp_opts.end());
        cpp.insert(cpp.end(), {in, "-o", pre});
        if (run(cpp) != 0) {
            return 1;
        }
        src = pre;
    }
    std::string tmp = temp_name(".s");
    bool ok = translate(in, src, tmp);
    if (!pre.empty()) {
        unlink(pre.c_str());
    }
    if (!ok) {
        unlink(tmp.c_str());
        return 1;
    }
    std::vector<std::string> as = {tool("SV_AS_AS", "riscv64-linux-gnu-as")};
    bool has_march = false;
    for (const std::string &o : as_opts) {
        has_march = has_march || o.compare(0, 7, "-march=") == 0;
    }
    if (!has_march) {
        as.push_back("-march=rv64gc");
    }
    as.insert(as.end(), as_opts.begin(), as_opts.end());
    as.insert(as.end(), {tmp, "-o", out});
    int rc = run(as);
    unlink(tmp.c_str());
    return rc;
}
