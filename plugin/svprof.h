/*
 * svprof: the types shared by its parts.
 *
 *   observe.cc     classification at translation, the counters, the
 *                  callbacks that take the pre/post snapshots
 *   replay.cc      the static model of a VBLOCK and the replay of a run
 *   symbols.cc     ELF symbols and DWARF line tables (libelf, libdw)
 *   aggregate.cc   totals over vCPUs, top lists, per function and line
 *   report_text.cc, report_json.cc, report_svg.cc, report_callgrind.cc
 *                  one file per output format
 *   svprof.cc      arguments, install, exit
 *
 * Every piece of global state lives in one heap object that is never
 * destroyed: in system mode QEMU runs the plugin's atexit callback from
 * libc's atexit list, AFTER the plugin's own static destructors ran (the
 * .so was loaded after QEMU registered its handler), so any global with a
 * destructor would be gone by then.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SVPROF_H
#define SVPROF_H

#include <glib.h> /* first: under C++ glib includes <type_traits> */
extern "C" {
#include <qemu-plugin.h>
}

#include "svcore.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace svprof
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
extern const char *const kind_names[K_COUNT];

constexpr unsigned max_vl = 64; /* XLEN: the largest VLMAX (A7) */
constexpr unsigned occ_bins = 11;
constexpr unsigned n_modes = 4;
/* Indexed by a branch's second predicate inv << 1 | zero (§6.3), as
 * sv_vector_branch decides; no second predicate is ifall. */
extern const char *const mode_names[n_modes];
/* Privilege levels as the gdbstub's "priv" register gives them (U S - M);
 * index 4 is "unknown" (user mode reports U). */
constexpr unsigned n_privs = 4;
extern const char *const priv_names[n_privs];

/* ----------------------------------------------------------- registers */

/* A set of integer registers x0..x127. */
struct RegSet {
    uint64_t w[2] = {0, 0};
    void add(unsigned r)
    {
        if (r < SV_NUM_REGS) {
            w[r >> 6] |= uint64_t(1) << (r & 63);
        }
    }
    void add_range(unsigned r, unsigned n)
    {
        for (unsigned i = 0; i < n; i++) {
            add(r + i);
        }
    }
    void remove(unsigned r)
    {
        if (r < SV_NUM_REGS) {
            w[r >> 6] &= ~(uint64_t(1) << (r & 63));
        }
    }
    bool has(unsigned r) const
    {
        return r < SV_NUM_REGS && (w[r >> 6] >> (r & 63)) & 1;
    }
    RegSet &operator|=(const RegSet &o)
    {
        w[0] |= o.w[0];
        w[1] |= o.w[1];
        return *this;
    }
};

/* Register contents at one point, for the registers in `valid`. */
struct Snapshot {
    uint32_t state = 0;
    uint32_t pcvblk = 0;
    RegSet valid;
    uint64_t x[SV_NUM_REGS] = {};
};

/* ------------------------------------------------- static VBLOCK model */

enum Role : uint8_t {
    R_PLAIN,    /* runs once (scalar, CSR, LUI/AUIPC, untagged ops) */
    R_ELEMENTS, /* an element loop over VL: a vector instruction */
    R_VBRANCH,  /* a consensual vector branch (§6.5) */
    R_FLOW,     /* a scalar branch or jump: may leave the block (§3.7) */
};

/* A register operand as svcore's resolution step gives it
 * (sv_resolved_operand), in the form the replay reads it. */
struct BranchOperand {
    uint8_t reg = 0; /* first register (redirected) */
    uint8_t isvec = 0;
    uint8_t width = 64;
    uint8_t packed = 0; /* elements packed at width (an elwidth applies);
                           else one per register, its low width bits */
};

/* One inner opcode of a VBLOCK site, with its counters. */
struct InnerOp {
    uint64_t vaddr = 0;
    uint32_t insn = 0;
    sv_op op{}; /* as svcore's sv_resolve_op gives it */
    Role role = R_PLAIN;
    /* R_ELEMENTS: destination and (twin) source sides; R_VBRANCH: ps is
     * the first predicate (sv_resolved_op's pred_dest / pred_src). */
    sv_pred_entry pd{}, ps{};
    bool twin = false;
    bool ffirst = false; /* may cut VL (§7) */
    /* Integer registers it may write (redirected, whole vectors up to the
     * block's MVL); the VL register's cut by ffirst is handled apart. */
    RegSet writes;
    /* Registers the replay may read for it, and for the opcodes after it
     * in the block (so a computed result nobody reads is skipped). */
    RegSet reads, reads_later;
    /* R_FLOW / R_VBRANCH */
    bool has_target = false, dyn_target = false;
    uint64_t target = 0;
    /* R_VBRANCH */
    BranchOperand a, b;
    bool has_second = false;
    uint8_t inv2 = 0, zero2 = 0, pred2 = 0, mode = 0;
    /* Trap-ffirst unit-stride load (§7.1): address register, es bytes,
     * the destination vector and its element width */
    bool ldff = false;
    uint8_t addr_reg = 0, es_bytes = 0, dest_reg = 0, dest_w = 64;
    /* Data-dependent ffirst on an integer op (§7.2): its sources */
    bool int_ff = false;
    BranchOperand src1, src2;
    /* Shared by every vCPU running this opcode, hence atomic. */
    std::atomic<uint64_t> execs{0}, elements{0}, active{0}, taken{0},
        not_taken{0}, cuts{0};
    bool is_vector() const
    {
        return role == R_ELEMENTS || role == R_VBRANCH;
    }
};

/*
 * A static SV instruction (any kind but scalar), found at translation.
 * Identified by address, bytes and privilege level: in system mode two
 * processes may hold different code at one virtual address.  Sites are
 * never freed (TBs keep pointers to them).
 */
struct Site {
    uint64_t vaddr = 0;
    Kind kind = K_SETVL;
    uint8_t priv = 0;
    uint32_t slot = 0;          /* its execution counter (inline, per vCPU) */
    std::string symbol;         /* qemu_plugin_insn_symbol */
    std::vector<uint8_t> bytes; /* as translated */
    sv_setvl_insn setvl{};      /* K_SETVL */
    /* K_VBLOCK */
    unsigned len = 0;
    bool ctx_ok = false;
    sv_vblock_context ctx{};
    unsigned n_ops = 0;
    std::unique_ptr<InnerOp[]> ops;
    /* Registers the replay needs before a run: those some opcode may
     * write, read before that write (all_reads: at any point; for a
     * resumed part).  Everything else is read after the run, on demand. */
    RegSet need_pre, all_reads;
    /* Where this block's runs may end: the post callbacks go there. */
    std::vector<uint64_t> successors;
    /* Shared by every vCPU running this site, hence atomic. */
    std::atomic<uint64_t> count{0}; /* executions from the first opcode */
    std::atomic<uint64_t> resumes{0}, elements{0}, active{0}, unresolved{0},
        inexact{0};
    /* Callback data of TBs that resume this block at an opcode (their
     * PCVBLK, the TB's cs_base); never freed, like the site. */
    struct Resume {
        Site *site;
        uint32_t pcvblk;
    };
    std::vector<std::unique_ptr<Resume>> resume_entries;
    /* Observed: the pre/post callbacks are registered for its runs. */
    bool observed = false;
    /*
     * A fresh run that needs no register before it (a VL block that
     * reads no register or one the run leaves as it was, and no
     * register read before an opcode of the block may overwrite it) has
     * no pre callback: an inline store puts the site into
     * VcpuCounts::pending, and the post callback starts the replay from
     * this precomputed VL block outcome, or reads rs1 then.
     */
    bool inline_pre = false;
    uint8_t post_rs1 = 0; /* the VL block's rs1, read after the run */
    bool fresh_vl_fail = false;
    uint32_t fresh_state1 = 0;
    uint64_t fresh_vl_rd = 0;
    /* Parts whose post (or unresolved fate) was seen; at exit, parts
     * started (its counter slot) minus these were left unseen:
     * unresolved.  `count` is set then, from the slot. */
    std::atomic<uint64_t> ended{0};
    /* K_P48 / K_P64, decoded by svcore's sv_prefix_decode */
    bool prefix_ok = false;
#ifdef SVPROF_HAVE_PREFIX
    sv_prefix_context prefix{};
    sv_resolved_op prefix_op{}; /* svcore's sv_resolve_prefix */
#endif
};

/*
 * A translated block (TB) of guest code: its instructions' addresses and
 * kinds, for per-line instruction counts.  Identical retranslations share
 * one record and one counter slot.
 */
struct TbRec {
    uint64_t vaddr = 0;
    uint8_t priv = 0;
    uint32_t slot = UINT32_MAX; /* UINT32_MAX: not counted (scalar=off) */
    std::vector<uint8_t> bytes;
    struct Insn {
        uint32_t offset; /* from vaddr */
        uint8_t len;
        uint8_t kind;
    };
    std::vector<Insn> insns;
};

/* ------------------------------------------------------------ per vCPU */

/* The pre snapshot of the VBLOCK run a vCPU is in, until its post. */
struct Pending {
    Site *site = nullptr;
    unsigned start = 0;       /* first opcode (a resumed run starts later) */
    bool vl_fail = false;     /* the VL block traps */
    uint32_t state1 = 0;      /* STATE once the VL block acted */
    uint64_t vl_rd_value = 0; /* what it wrote to x[rd] (modes 0, 1) */
    unsigned vr = 0;          /* the VL register (STATE.vl) */
    Snapshot pre, post;
};

/* One vCPU's counters; only that vCPU writes them, so no atomics. */
struct VcpuCounts {
    /* Non-zero while a VBLOCK's post snapshot is due: the conditional
     * callbacks at the blocks' successors test it inline.  It holds the
     * Site; bit 0 set: the pre callback filled `pend`, clear: an inline
     * store started a fresh run of an inline_pre site. */
    uint64_t pending;
    uint64_t vblock_runs, vblock_resumes, unresolved, inexact;
    uint64_t vector_insns, elements, active, vl0_insns;
    uint64_t vl_hist[max_vl + 1];
    uint64_t occ_hist[occ_bins];
    uint64_t branch[n_modes][2]; /* [mode][taken] */
    uint64_t scalar_flow_taken;
    uint64_t cuts, cut_hist[max_vl];
    uint64_t setvl_elements, setvl_hist[max_vl + 1];
    /* Not counters: a register buffer and the pending run, allocated in
     * vcpu_init so callbacks never allocate. */
    GByteArray *regbuf;
    Pending *pend;
};

struct Options {
    std::string out; /* empty: text to stderr only */
    unsigned top = 20;
    bool json = true;
    bool svg = true;
    bool text = true;
    bool callgrind = true;
    /* Replay every vector branch with sv_vector_branch and compare with
     * what was observed (slower; the tests use it). */
    bool check = false;
    /* Count scalar instructions (one inline add per TB: the plugin's
     * whole cost on scalar code). */
    bool scalar = true;
    /* ELF files for symbols and source lines (elf=, repeatable); in
     * linux-user the program itself is added. */
    std::vector<std::string> elfs;
};

/* Counter slots: 64-bit per-vCPU scoreboard entries handed out in
 * chunks (a scoreboard's size is fixed when it is made). */
constexpr uint32_t slots_per_chunk = 8192;

/* The plugin's whole state (see the file comment: never destroyed). */
struct State {
    Options opts;
    qemu_plugin_id_t id = 0;
    bool system = false; /* qemu-system: privilege levels, no path */
    qemu_plugin_scoreboard *scoreboard = nullptr; /* VcpuCounts */
    std::mutex lock;                              /* everything below */
    std::vector<qemu_plugin_scoreboard *> slot_chunks;
    uint32_t n_slots = 0;
    /* Sites by address (each list: different bytes or privilege). */
    std::unordered_map<uint64_t, std::vector<Site *>> sites;
    std::vector<std::unique_ptr<Site>> all_sites;
    /* TB records by address, likewise. */
    std::unordered_map<uint64_t, std::vector<TbRec *>> tbs;
    std::vector<std::unique_ptr<TbRec>> all_tbs;
    /* The addresses where a VBLOCK run may end (TBs that start there get
     * the post callback), and every TB start translated so far (a
     * successor found after its TB was translated needs a flush). */
    std::unordered_set<uint64_t> post_pcs, tb_starts;
    std::atomic<bool> resetting{false};
    std::atomic<uint64_t> resets{0};
    std::atomic<bool> exited{false};
};
extern State *g;

/* gdbstub handles: x0..x127 (x0 stays null: it reads as 0), STATE,
 * PCVBLK, SVPSTATE, priv (system mode).  Looked up once. */
struct Regs {
    std::array<qemu_plugin_register *, SV_NUM_REGS> gpr{};
    qemu_plugin_register *state = nullptr, *pcvblk = nullptr,
                         *svpstate = nullptr, *priv = nullptr;
    bool ok = false;
};
extern Regs regs;

/* observe.cc */
void register_callbacks(qemu_plugin_id_t id);
qemu_plugin_u64 field(size_t offset);
VcpuCounts *vcpu_counts(unsigned vcpu_index);
qemu_plugin_u64 slot_entry(uint32_t slot);
uint64_t read_reg(VcpuCounts *c, qemu_plugin_register *h);
/* One vector instruction into the vCPU's totals: its VL, the elements
 * its loop covered (fewer than VL when it resumed mid-loop) and the
 * active ones among them (occupancy bins: 0 empty, 10 (90%, 100%]). */
inline void count_vector_op(VcpuCounts *c, unsigned vl, unsigned elems,
                            unsigned active)
{
    c->vector_insns++;
    c->elements += elems;
    c->active += active;
    c->vl_hist[vl < max_vl ? vl : max_vl]++;
    if (elems) {
        c->occ_hist[(active * 10 + elems - 1) / elems]++;
    } else {
        c->vl0_insns++;
    }
}
inline uint64_t vl_mask(unsigned vl)
{
    return vl >= 64 ? ~uint64_t(0) : (uint64_t(1) << vl) - 1;
}
void settle_vblocks();
/* Bits set (the callbacks' hot path: without -mpopcnt the builtin is a
 * libgcc call). */
inline unsigned popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return unsigned((x * 0x0101010101010101ull) >> 56);
}

/* replay.cc */
void analyse_site(Site &s, const uint8_t *bytes);
void resolve(VcpuCounts *c, Pending &p, uint64_t next_pc);
unsigned op_at(const Site &s, uint32_t pcvblk);
const char *role_name(const InnerOp &o);

/* ----------------------------------------------------- the aggregates */

/* Metrics of one function, line or address. */
struct Metrics {
    uint64_t insns = 0; /* guest instructions */
    uint64_t vector_insns = 0, elements = 0, active = 0;
    uint64_t branch[n_modes][2] = {};
    uint64_t cuts = 0;
    uint64_t taken() const;
    uint64_t not_taken() const;
    void operator+=(const Metrics &o);
    bool empty() const;
};

struct Totals {
    std::array<uint64_t, K_COUNT> kind{};
    std::array<uint64_t, n_privs> priv_insns{};
    std::array<Metrics, n_privs> priv{}; /* vector metrics per level */
    uint64_t vblock_runs = 0, vblock_resumes = 0, unresolved = 0, inexact = 0;
    uint64_t vector_insns = 0, elements = 0, active = 0, vl0_insns = 0;
    std::array<uint64_t, max_vl + 1> vl_hist{};
    std::array<uint64_t, occ_bins> occ_hist{};
    uint64_t branch[n_modes][2] = {};
    uint64_t scalar_flow_taken = 0;
    uint64_t cuts = 0;
    std::array<uint64_t, max_vl> cut_hist{};
    uint64_t setvl_elements = 0;
    std::array<uint64_t, max_vl + 1> setvl_hist{};
    uint64_t inner_ops = 0; /* VBLOCK opcodes executed */
    uint64_t total() const;
    /* Operations: guest instructions, a VBLOCK counted as its opcodes. */
    uint64_t operations() const;
};

/* Where an address is: from the ELF files given (symbols.cc). */
struct Location {
    std::string object;   /* ELF file name, or "" when unknown */
    std::string function; /* symbol, or "" */
    std::string file;     /* source file (DWARF), or "" */
    unsigned line = 0;
    std::string inlined; /* the innermost inlined function there, or "" */
};

/* One row of a "top" list: a site, or an inner opcode of a VBLOCK. */
struct Row {
    uint64_t vaddr;
    const char *kind;
    uint64_t count, elements, active;
    const Site *site;
    const InnerOp *op;
    const Location *loc;
};

/* A function or a source line with its metrics. */
struct Place {
    std::string object, function, file;
    unsigned line = 0;
    uint8_t priv = 0;
    Metrics m;
    /* Per source line within a function (callgrind); file "" and line
     * 0 where no line is known. */
    struct LineCost {
        std::string file;
        unsigned line;
        Metrics m;
    };
    std::vector<LineCost> lines;
};

struct Profile {
    Totals t;
    std::vector<Row> blocks, insns;
    std::vector<Place> functions; /* every function, by vector elements */
    std::vector<Place> lines;     /* every source line, likewise */
    bool have_lines = false;      /* some DWARF line was found */
};

/* symbols.cc */
class Symbols
{
  public:
    /* Loads the ELF files; a file that cannot be read gives a warning. */
    void load(const std::vector<std::string> &paths);
    /* The location of code at vaddr whose bytes start with `bytes`
     * (several files may cover one address in system mode). */
    const Location &locate(uint64_t vaddr, const uint8_t *bytes, size_t n);
    ~Symbols();
    struct Elf;

  private:
    std::vector<Elf *> elfs_;
    /* vaddr -> (index of the matching file or -1, its location) */
    std::unordered_map<uint64_t,
                       std::vector<std::pair<int, std::unique_ptr<Location>>>>
        cache_;
    Location unknown_;
};

std::vector<std::string> mapped_riscv_elfs();

/* aggregate.cc */
Profile aggregate(Symbols &syms);
std::string hex(uint64_t v);
std::string occ_label(unsigned b);
std::string place_name(const Place &p); /* "func" or "0x..." */

/* report_*.cc */
std::string text_report(const Profile &p);
std::string json_report(const Profile &p);
std::string svg_report(const Profile &p);
std::string callgrind_report(const Profile &p);

} // namespace svprof

#endif
