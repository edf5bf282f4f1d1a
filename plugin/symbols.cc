/*
 * svprof, symbols: where a guest address is in the program's sources.
 * Functions from the ELF symbol table (libelf), source lines from the
 * DWARF line tables when the file has debug info (elfutils' libdw).
 *
 * Several files may cover one address (system mode: the kernel and
 * programs in different address spaces, all given with elf=); the code
 * is attributed to the file whose loaded bytes at that address are the
 * bytes that were translated.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>

namespace svprof
{

struct Symbols::Elf {
    std::string path, name;
    std::vector<uint8_t> data; /* the whole file */
    ::Elf *elf = nullptr;
    Dwarf *dw = nullptr;
    uint64_t bias = 0; /* always 0 (see load_elf) */
    struct Seg {
        uint64_t vaddr, filesz, offset;
    };
    std::vector<Seg> segs; /* PT_LOAD with file bytes */
    struct Sym {
        uint64_t addr, size;
        bool func;
        std::string name;
    };
    std::vector<Sym> syms; /* in executable sections, by address */

    /* The file's bytes at vaddr (biased), or null. */
    const uint8_t *bytes_at(uint64_t vaddr, size_t *avail) const
    {
        uint64_t a = vaddr - bias;
        for (const Seg &s : segs) {
            if (a >= s.vaddr && a - s.vaddr < s.filesz) {
                *avail = size_t(s.filesz - (a - s.vaddr));
                return data.data() + s.offset + (a - s.vaddr);
            }
        }
        return nullptr;
    }

    std::string function(uint64_t vaddr) const
    {
        uint64_t a = vaddr - bias;
        auto it = std::upper_bound(
            syms.begin(), syms.end(), a,
            [](uint64_t x, const Sym &s) { return x < s.addr; });
        /* A function symbol whose extent holds the address ... */
        for (auto j = it; j != syms.begin();) {
            --j;
            if (j->func && j->size && a < j->addr + j->size) {
                return j->name;
            }
            if (a - j->addr > (1u << 20)) {
                break;
            }
        }
        /* ... else the nearest label before it (assembly code without
         * .type/.size). */
        if (it != syms.begin()) {
            auto j = std::prev(it);
            if (!(j->func && j->size)) {
                return j->name;
            }
        }
        return "";
    }

    void line(uint64_t vaddr, Location *loc) const
    {
        if (!dw) {
            return;
        }
        Dwarf_Addr a = vaddr - bias;
        Dwarf_Die cu;
        if (!dwarf_addrdie(dw, a, &cu)) {
            return;
        }
        Dwarf_Line *l = dwarf_getsrc_die(&cu, a);
        int lineno = 0;
        const char *src;
        if (l && dwarf_lineno(l, &lineno) == 0 &&
            (src = dwarf_linesrc(l, nullptr, nullptr)) != nullptr &&
            lineno > 0) {
            /* Relative names are relative to the CU's build directory. */
            std::filesystem::path p(src);
            Dwarf_Attribute at;
            const char *dir =
                dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &at));
            if (p.is_relative() && dir) {
                p = std::filesystem::path(dir) / p;
            }
            loc->file = p.lexically_normal().string();
            loc->line = unsigned(lineno);
        }
        /* Code inlined into the function: name the innermost one. */
        const Inlined *best = nullptr;
        for (const Inlined &in : inlined_of(&cu)) {
            if (a >= in.lo && a < in.hi && (!best || in.depth > best->depth)) {
                best = &in;
            }
        }
        if (best) {
            loc->inlined = best->name;
        }
    }

    /* The address ranges of a CU's inlined subroutines, with their
     * nesting depth (collected once per CU: dwarf_getscopes per address
     * walked the CU each time, most of the report's cost). */
    struct Inlined {
        Dwarf_Addr lo, hi;
        unsigned depth;
        std::string name;
    };
    mutable std::unordered_map<Dwarf_Off, std::vector<Inlined>> inlined_;

    static void collect(Dwarf_Die *die, unsigned depth,
                        std::vector<Inlined> &out)
    {
        Dwarf_Die child;
        if (dwarf_child(die, &child) != 0) {
            return;
        }
        do {
            unsigned d = depth;
            if (dwarf_tag(&child) == DW_TAG_inlined_subroutine) {
                d = depth + 1;
                Dwarf_Attribute at,
                    *name = dwarf_attr_integrate(&child, DW_AT_name, &at);
                const char *s = name ? dwarf_formstring(name) : nullptr;
                Dwarf_Addr base, lo, hi;
                for (ptrdiff_t off = 0;
                     (off = dwarf_ranges(&child, off, &base, &lo, &hi)) > 0;) {
                    out.push_back({lo, hi, d, s ? s : ""});
                }
            }
            if (dwarf_haschildren(&child) > 0) {
                collect(&child, d, out);
            }
        } while (dwarf_siblingof(&child, &child) == 0);
    }

    const std::vector<Inlined> &inlined_of(Dwarf_Die *cu) const
    {
        auto it = inlined_.find(dwarf_dieoffset(cu));
        if (it == inlined_.end()) {
            it = inlined_.emplace(dwarf_dieoffset(cu), std::vector<Inlined>())
                     .first;
            collect(cu, 0, it->second);
        }
        return it->second;
    }
};

namespace
{

bool load_elf(Symbols::Elf &e)
{
    std::ifstream f(e.path, std::ios::binary);
    if (!f) {
        std::fprintf(stderr, "svprof: cannot read ELF file %s\n",
                     e.path.c_str());
        return false;
    }
    f.seekg(0, std::ios::end);
    e.data.resize(size_t(std::max<std::streamoff>(f.tellg(), 0)));
    f.seekg(0);
    f.read(reinterpret_cast<char *>(e.data.data()),
           std::streamsize(e.data.size()));
    if (!f) {
        std::fprintf(stderr, "svprof: cannot read ELF file %s\n",
                     e.path.c_str());
        return false;
    }
    e.elf = elf_memory(reinterpret_cast<char *>(e.data.data()), e.data.size());
    GElf_Ehdr eh;
    if (!e.elf || elf_kind(e.elf) != ELF_K_ELF || !gelf_getehdr(e.elf, &eh)) {
        std::fprintf(stderr, "svprof: %s is not an ELF file\n", e.path.c_str());
        return false;
    }
    size_t n_ph = 0;
    elf_getphdrnum(e.elf, &n_ph);
    for (size_t i = 0; i < n_ph; i++) {
        GElf_Phdr ph;
        if (gelf_getphdr(e.elf, int(i), &ph) && ph.p_type == PT_LOAD &&
            ph.p_filesz && ph.p_offset + ph.p_filesz <= e.data.size()) {
            e.segs.push_back({ph.p_vaddr, ph.p_filesz, ph.p_offset});
        }
    }
    /* A position-independent file is placed where it was linked: the
     * plugin API gives no load bias (a PIE program's code then matches
     * no file and is reported as unknown). */
    size_t shstrndx = 0;
    elf_getshdrstrndx(e.elf, &shstrndx);
    for (Elf_Scn *scn = nullptr; (scn = elf_nextscn(e.elf, scn)) != nullptr;) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB) {
            continue;
        }
        Elf_Data *d = elf_getdata(scn, nullptr);
        size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        for (size_t i = 0; d && i < n; i++) {
            GElf_Sym s;
            if (!gelf_getsym(d, int(i), &s) || s.st_shndx == SHN_UNDEF ||
                s.st_shndx >= SHN_LORESERVE) {
                continue;
            }
            unsigned type = GELF_ST_TYPE(s.st_info);
            if (type != STT_FUNC && type != STT_NOTYPE) {
                continue;
            }
            GElf_Shdr ts;
            Elf_Scn *target = elf_getscn(e.elf, s.st_shndx);
            if (!target || !gelf_getshdr(target, &ts) ||
                !(ts.sh_flags & SHF_EXECINSTR)) {
                continue;
            }
            const char *name = elf_strptr(e.elf, sh.sh_link, s.st_name);
            if (!name || !*name || name[0] == '$' ||
                (name[0] == '.' && name[1] == 'L')) {
                continue;
            }
            e.syms.push_back({s.st_value, s.st_size, type == STT_FUNC, name});
        }
    }
    /* By address; at one address a function before a label. */
    std::sort(e.syms.begin(), e.syms.end(), [](const auto &a, const auto &b) {
        return a.addr != b.addr ? a.addr < b.addr : a.func < b.func;
    });
    e.dw = dwarf_begin_elf(e.elf, DWARF_C_READ, nullptr); /* may be null */
    return true;
}

} // namespace

/*
 * linux-user: the RISC-V ELF files QEMU has mapped, main program first
 * (QEMU 10.0's qemu-riscv64 lacks qemu_plugin_path_to_binary: its
 * linux-user/plugin-api.c is not linked in).  Guest code is mapped from
 * its file, so /proc/self/maps names it.
 */
std::vector<std::string> mapped_riscv_elfs()
{
    std::vector<std::string> out;
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        size_t slash = line.find('/');
        if (slash == std::string::npos) {
            continue;
        }
        std::string path = line.substr(slash);
        if (std::find(out.begin(), out.end(), path) != out.end()) {
            continue;
        }
        std::ifstream f(path, std::ios::binary);
        unsigned char h[20] = {};
        if (!f.read(reinterpret_cast<char *>(h), sizeof(h))) {
            continue;
        }
        /* ELF, 64-bit, little-endian, e_machine EM_RISCV (243) */
        if (std::memcmp(h, "\177ELF", 4) == 0 && h[4] == 2 && h[5] == 1 &&
            (h[18] | h[19] << 8) == 243) {
            out.push_back(path);
        }
    }
    return out;
}

void Symbols::load(const std::vector<std::string> &paths)
{
    elf_version(EV_CURRENT);
    for (const std::string &p : paths) {
        auto *e = new Elf();
        e->path = p;
        e->name = p.substr(p.rfind('/') + 1);
        if (load_elf(*e)) {
            elfs_.push_back(e);
        } else {
            delete e;
        }
    }
}

Symbols::~Symbols()
{
    for (Elf *e : elfs_) {
        if (e->dw) {
            dwarf_end(e->dw);
        }
        if (e->elf) {
            elf_end(e->elf);
        }
        delete e;
    }
}

const Location &Symbols::locate(uint64_t vaddr, const uint8_t *bytes, size_t n)
{
    int idx = -1;
    for (size_t i = 0; i < elfs_.size() && idx < 0; i++) {
        size_t avail = 0;
        const uint8_t *b = elfs_[i]->bytes_at(vaddr, &avail);
        if (b && avail >= n && std::memcmp(b, bytes, n) == 0) {
            idx = int(i);
        }
    }
    if (idx < 0) {
        return unknown_;
    }
    auto &list = cache_[vaddr];
    for (auto &pr : list) {
        if (pr.first == idx) {
            return *pr.second;
        }
    }
    auto loc = std::make_unique<Location>();
    const Elf &e = *elfs_[size_t(idx)];
    loc->object = e.name;
    loc->function = e.function(vaddr);
    e.line(vaddr, loc.get());
    list.emplace_back(idx, std::move(loc));
    return *list.back().second;
}

} // namespace svprof
