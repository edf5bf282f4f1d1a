/*
 * svprof: a QEMU TCG plugin (API v4) that profiles Simple-V code.
 *
 * Instructions are classified once, at translation time, from their bytes
 * with the svcore decoder (no second decoder here): sv_insn_classify,
 * sv.setvl, and for a VBLOCK sv_vblock_decode plus sv_op_decode of every
 * inner opcode.  Scalar code costs one inline scoreboard add per TB
 * (none with scalar=off); SV instructions get callbacks that read
 * registers through the gdbstub.
 *
 * A VBLOCK is ONE guest instruction in QEMU: the plugin cannot stop
 * between its inner opcodes.  It observes each VBLOCK execution twice:
 *   - pre: a callback on the VBLOCK reads PCVBLK, STATE (unless the VL
 *     block overwrites it) and the registers the replay needs that an
 *     opcode of the block may overwrite first (fixed per site at
 *     translation time);
 *   - post: the instruction after the VBLOCK in its TB, and the first
 *     instruction of every TB at one of the block's successors (its end,
 *     its branch targets, its start), have a conditional callback that
 *     fires only while a VBLOCK run is pending on the vCPU.  It knows the
 *     next PC and reads registers when the replay asks for them.
 * From the two snapshots the block is replayed with svcore's own rules
 * (sv_vl_block_exec, sv_effective_vl, sv_vector_branch): which opcodes
 * ran (from the next PC and PCVBLK), the VL and predicate masks each one
 * saw, which branch was taken, where fail-on-first cut VL.  The exact
 * method and its limits are in plugin/README.md.
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
#include <unordered_set>
#include <vector>

#include <unistd.h>

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
constexpr unsigned occ_bins = 11;
constexpr unsigned n_modes = 4;
/* Indexed by a branch's second predicate inv << 1 | zero (§6.3), as
 * sv_vector_branch decides; no second predicate is ifall. */
constexpr const char *mode_names[n_modes] = {"ifall", "ifany", "ifnotall",
                                             "ifnone"};

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

/* gdbstub handles: x0..x127 (x0 stays null: it reads as 0), STATE,
 * PCVBLK.  The same on every vCPU; looked up once. */
std::array<qemu_plugin_register *, SV_NUM_REGS> gpr_handle{};
qemu_plugin_register *state_handle, *pcvblk_handle, *svpstate_handle;
std::once_flag regs_once;
bool regs_ok;

/* ------------------------------------------------- static VBLOCK model */

struct PredRef {
    bool on = false; /* an entry applies (else all ones, §1.11) */
    uint8_t reg = 0, inv = 0, zero = 0, ffirst = 0;
};

enum Role : uint8_t {
    R_PLAIN,    /* runs once (scalar, CSR, LUI/AUIPC, untagged ops) */
    R_ELEMENTS, /* an element loop over VL: a vector instruction */
    R_VBRANCH,  /* a consensual vector branch (§6.5) */
    R_FLOW,     /* a scalar branch or jump: may leave the block (§3.7) */
};

struct BranchOperand {
    uint8_t reg = 0; /* first register (redirected) */
    uint8_t isvec = 0;
    uint8_t width = 64;
    uint8_t packed = 0; /* 32-bit elements packed (an elwidth of 32) */
};

/* One inner opcode of a VBLOCK site, with its counters. */
struct InnerOp {
    uint64_t vaddr = 0;
    uint32_t insn = 0;
    sv_op op{};
    Role role = R_PLAIN;
    PredRef pd, ps; /* R_ELEMENTS: destination and (twin) source sides */
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
};

/* A static SV instruction (sv.setvl or VBLOCK), found at translation. */
struct Site {
    uint64_t vaddr = 0;
    Kind kind = K_SETVL;
    std::string symbol;
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
#ifdef SVPROF_HAVE_PREFIX
    /* K_P48 / K_P64, decoded by svcore's sv_prefix_decode */
    bool prefix_ok = false;
    sv_prefix_context prefix{};
#endif
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
    uint64_t kind[K_COUNT];
    /* Non-zero while a VBLOCK's post snapshot is due: the conditional
     * callbacks at the blocks' successors test it inline. */
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
    /* Replay every vector branch with sv_vector_branch and compare with
     * what was observed (slower; the tests use it). */
    bool check = false;
    /* Count scalar instructions (one inline add per TB: the plugin's
     * whole cost on scalar code). */
    bool scalar = true;
};

Options opts;
qemu_plugin_scoreboard *scoreboard;

/* Sites by address; a retranslated TB reuses its sites.  unique_ptr
 * keeps addresses stable for the callbacks' userdata. */
std::mutex sites_lock;
std::map<uint64_t, std::unique_ptr<Site>> sites;
/* Under sites_lock: the addresses where a VBLOCK run may end (TBs that
 * start there get the post callback), and every TB start translated so
 * far (a successor found after its TB was translated needs a flush). */
std::unordered_set<uint64_t> post_pcs, tb_starts;
qemu_plugin_id_t plugin_id;
std::atomic<bool> resetting{false};
std::atomic<uint64_t> resets{0};
void register_callbacks(qemu_plugin_id_t id);

qemu_plugin_u64 field(size_t offset)
{
    /* Not qemu_plugin_scoreboard_u64_in_struct: a C compound literal. */
    return qemu_plugin_u64{scoreboard, offset};
}

qemu_plugin_u64 kind_entry(Kind k)
{
    return field(offsetof(VcpuCounts, kind) + k * sizeof(uint64_t));
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

uint32_t word_at(const uint8_t *b)
{
    return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 |
           uint32_t(b[3]) << 24;
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
        uint32_t insn = word_at(bytes);
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

/* ------------------------------------ VBLOCK opcodes, as the translator */

const sv_reg_entry *reg_for(const sv_vblock_context &ctx, const sv_operand &o)
{
    if (!o.present) {
        return nullptr;
    }
    const sv_reg_entry *e =
        o.is_fp ? &ctx.fp_regs[o.reg] : &ctx.int_regs[o.reg];
    return e->enabled ? e : nullptr;
}

PredRef pred_ref(const sv_vblock_context &ctx, const sv_operand &o,
                 bool no_reg_entry_needed = false)
{
    PredRef r;
    if (!o.present) {
        return r;
    }
    const sv_pred_entry *p =
        sv_pred_for(&ctx, o.is_fp, o.reg, no_reg_entry_needed);
    if (p) {
        r.on = true;
        r.reg = p->predidx;
        r.inv = p->inv;
        r.zero = p->zero;
        r.ffirst = p->ffirst;
    }
    return r;
}

/* The translator leaves C.ADDI4SPN/C.ADDI16SP scalar (§8.3). */
bool is_stack_adjust(uint32_t insn)
{
    return (insn & 0xe003) == 0x0000 ||
           ((insn & 0xe003) == 0x6001 && ((insn >> 7) & 31) == 2);
}

/* The integer registers an operand's element loop may write. */
void add_writes(const sv_vblock_context &ctx, const sv_operand &o,
                unsigned max_elems, RegSet *set)
{
    if (!o.present || o.is_fp) {
        return;
    }
    const sv_reg_entry *e = reg_for(ctx, o);
    if (!e) {
        set->add(o.reg);
    } else if (!e->isvec) {
        set->add(e->regidx);
    } else {
        unsigned w = e->elwidth ? e->elwidth : 64;
        set->add_range(e->regidx, (max_elems * w + 63) / 64);
    }
}

/* A branch operand as helper_sv_branch resolves it. */
BranchOperand branch_operand(const sv_vblock_context &ctx, const sv_operand &o)
{
    BranchOperand b;
    const sv_reg_entry *e = reg_for(ctx, o);
    b.reg = e ? e->regidx : o.reg;
    b.isvec = e ? e->isvec : 0;
    b.width = e && e->elwidth ? e->elwidth : 64;
    return b;
}

/* An element's width in bits: its entry's elwidth, else the natural
 * width (32 for a W op's sources: the low half of each register). */
unsigned elem_width(const sv_vblock_context &ctx, const sv_operand &o)
{
    const sv_reg_entry *e = reg_for(ctx, o);
    return e && e->elwidth ? e->elwidth : o.width;
}

void add_reads(const BranchOperand &b, unsigned max_elems, RegSet *set)
{
    set->add_range(b.reg, b.isvec ? (max_elems * b.width + 63) / 64 : 1);
}

void analyse_op(const sv_vblock_context &ctx, uint64_t base,
                const uint8_t *bytes, unsigned i, InnerOp *o, RegSet *need)
{
    unsigned off = ctx.op_offset[i];
    uint32_t insn = uint32_t(bytes[off]) | uint32_t(bytes[off + 1]) << 8;
    if ((insn & 3) == 3) {
        insn |= (uint32_t(bytes[off + 2]) | uint32_t(bytes[off + 3]) << 8)
                << 16;
    }
    o->vaddr = base + off;
    o->insn = insn;
    /* The largest VL the block can see: its VL block's, else XLEN. */
    const unsigned max_elems = ctx.vl.present ? ctx.vl.vlmax : max_vl;
    sv_op &op = o->op;
    if (!sv_op_decode(insn, &op)) {
        return; /* the block raises illegal instruction here */
    }
    bool tagged = reg_for(ctx, op.rd) || reg_for(ctx, op.rs1) ||
                  reg_for(ctx, op.rs2) || reg_for(ctx, op.rs3);
    switch (op.cls) {
    case SV_OPC_CSR:
    case SV_OPC_SCALAR:
        if ((insn & 3) == 3) {
            o->writes.add((insn >> 7) & 31); /* rd, or a harmless bit */
        }
        return;
    case SV_OPC_JAL:
        o->role = R_FLOW;
        o->has_target = true;
        o->target = o->vaddr + uint64_t(op.imm);
        return;
    case SV_OPC_JALR:
        o->role = R_FLOW;
        o->dyn_target = true;
        return;
    case SV_OPC_BRANCH: {
        o->has_target = true;
        o->target = o->vaddr + uint64_t(op.imm);
        o->a = branch_operand(ctx, op.rs1);
        o->b = branch_operand(ctx, op.rs2);
        if (!tagged || !(o->a.isvec || o->b.isvec)) {
            o->role = R_FLOW; /* scalar, possibly redirected (A29) */
            if (o->target == base + ctx.layout.total_bytes) {
                need->add(o->a.reg); /* scalar_taken reads them */
                need->add(o->b.reg);
            }
            return;
        }
        o->role = R_VBRANCH;
        o->ps = pred_ref(ctx, op.rs1);
        PredRef second = pred_ref(ctx, op.rs2, true);
        o->has_second = second.on;
        o->inv2 = second.inv;
        o->zero2 = second.zero;
        o->pred2 = second.reg;
        o->mode = second.on ? uint8_t(second.inv << 1 | second.zero) : 0;
        o->ffirst = o->ps.on && o->ps.ffirst;
        if (second.on && second.reg) {
            o->writes.add(second.reg); /* the result mask, whole (A20) */
            need->add(second.reg);
        }
        if (o->ps.on) {
            need->add(o->ps.reg);
        }
        add_reads(o->a, max_elems, need);
        add_reads(o->b, max_elems, need);
        return;
    }
    case SV_OPC_LUI:
    case SV_OPC_AUIPC:
        add_writes(ctx, op.rd, 1, &o->writes); /* once (A36) */
        return;
    default:
        break;
    }
    /* SV_OPC_INT, LOAD, STORE, FP */
    if (!tagged || is_stack_adjust(insn)) {
        add_writes(ctx, op.rd, 1, &o->writes);
        return;
    }
    auto isvec = [&](const sv_operand &x) {
        const sv_reg_entry *e = reg_for(ctx, x);
        return e && e->isvec;
    };
    bool any_vec =
        isvec(op.rd) || isvec(op.rs1) || isvec(op.rs2) || isvec(op.rs3);
    add_writes(ctx, op.rd, any_vec ? max_elems : 1, &o->writes);
    if (!any_vec) {
        return; /* tagged scalar: once, on the redirected registers */
    }
    o->role = R_ELEMENTS;
    switch (op.cls) {
    case SV_OPC_LOAD:
        o->pd = pred_ref(ctx, op.rd);
        o->ps = pred_ref(ctx, op.rs1);
        o->twin = true;
        break;
    case SV_OPC_STORE:
        o->pd = pred_ref(ctx, op.rs1);
        o->ps = pred_ref(ctx, op.rs2);
        o->twin = true;
        break;
    default:
        o->pd = pred_ref(ctx, op.rd);
        if (op.twin) {
            o->ps = pred_ref(ctx, op.rs1.present ? op.rs1 : op.rs2);
            o->twin = true;
        }
        break;
    }
    o->ffirst = o->pd.on && o->pd.ffirst;
    if (o->ffirst && op.cls == SV_OPC_INT && !o->twin && op.rs1.present) {
        /* §7.2: replayed with sv_alu_exec (int_ff_cut). */
        o->int_ff = true;
        o->src1 = branch_operand(ctx, op.rs1);
        o->src1.packed = o->src1.width == 32;
        o->src1.width = uint8_t(elem_width(ctx, op.rs1));
        add_reads(o->src1, max_elems, need);
        if (!op.b_is_imm) {
            o->src2 = branch_operand(ctx, op.rs2);
            o->src2.packed = o->src2.width == 32;
            o->src2.width = uint8_t(elem_width(ctx, op.rs2));
            add_reads(o->src2, max_elems, need);
        }
    }
    for (const PredRef *p : {&o->pd, &o->ps}) {
        if (p->on) {
            need->add(p->reg);
        }
    }
    if (op.cls == SV_OPC_LOAD && o->ffirst && !isvec(op.rs1) && isvec(op.rd)) {
        /* §8.1: es is the address register's elwidth when that is
         * overridden and narrower than the op. */
        const sv_reg_entry *a = reg_for(ctx, op.rs1);
        unsigned w = op.mem_bytes * 8u;
        unsigned es = a && a->elwidth && a->elwidth < w ? a->elwidth : w;
        const sv_reg_entry *d = reg_for(ctx, op.rd);
        o->ldff = !op.rd.is_fp; /* FP elements: data-dependent below */
        o->addr_reg = a ? a->regidx : op.rs1.reg;
        o->es_bytes = uint8_t(es / 8);
        o->dest_reg = d->regidx;
        o->dest_w = uint8_t(d->elwidth ? d->elwidth : 64);
        need->add(o->addr_reg);
        /* ldff_cut reads the candidate element after the run. */
    }
}

/* ----------------------------------------------------- register access */

void lookup_registers()
{
    static const char *const abi[32] = {
        "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "fp", "s1", "a0",
        "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
        "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    GArray *regs = qemu_plugin_get_registers();
    for (guint i = 0; i < regs->len; i++) {
        auto &d = g_array_index(regs, qemu_plugin_reg_descriptor, i);
        for (unsigned r = 1; r < 32; r++) {
            if (!gpr_handle[r] && std::strcmp(d.name, abi[r]) == 0) {
                gpr_handle[r] = d.handle;
            }
        }
        unsigned n;
        char tail;
        if (std::sscanf(d.name, "x%u%c", &n, &tail) == 1 && n >= 32 &&
            n < SV_NUM_REGS) {
            gpr_handle[n] = d.handle;
        }
        if (std::strcmp(d.name, "state") == 0) {
            state_handle = d.handle;
        } else if (std::strcmp(d.name, "pcvblk") == 0) {
            pcvblk_handle = d.handle;
        } else if (std::strcmp(d.name, "svpstate") == 0) {
            svpstate_handle = d.handle;
        }
    }
    g_array_free(regs, TRUE);
    regs_ok = state_handle && pcvblk_handle && svpstate_handle;
    for (unsigned r = 1; r < SV_NUM_REGS; r++) {
        regs_ok = regs_ok && gpr_handle[r];
    }
    if (!regs_ok) {
        std::fprintf(stderr, "svprof: the gdbstub does not show x1..x127, "
                             "state and pcvblk (is xsv=true set?); VBLOCK "
                             "element data will be missing\n");
    }
}

uint64_t read_reg(VcpuCounts *c, qemu_plugin_register *h)
{
    uint64_t v = 0;
    g_byte_array_set_size(c->regbuf, 0); /* keeps the allocation */
    int n = qemu_plugin_read_register(h, c->regbuf);
    if (n > 0) {
        std::memcpy(&v, c->regbuf->data, std::min<size_t>(size_t(n), 8));
    }
    return v; /* little-endian host and guest */
}

/* Reads the registers in set (STATE and PCVBLK are the caller's). */
void read_snapshot(VcpuCounts *c, const RegSet &set, Snapshot *s)
{
    s->valid = RegSet{};
    for (unsigned w = 0; w < 2; w++) {
        for (uint64_t m = set.w[w]; m; m &= m - 1) {
            unsigned r = w * 64 + unsigned(__builtin_ctzll(m));
            s->x[r] = r ? read_reg(c, gpr_handle[r]) : 0;
            s->valid.add(r);
        }
    }
    s->x[0] = 0;
    s->valid.add(0);
}

/* ------------------------------------------------------------ callbacks */

void vcpu_init(qemu_plugin_id_t, unsigned vcpu_index)
{
    /* get_registers needs a current vCPU, so it runs here, once. */
    std::call_once(regs_once, lookup_registers);
    VcpuCounts *c = vcpu_counts(vcpu_index);
    if (!c->pend) { /* not again after a reset */
        c->regbuf = g_byte_array_sized_new(16);
        c->pend = new Pending();
    }
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
    if (site->setvl.rs1 != 0 && gpr_handle[site->setvl.rs1]) {
        rs1_value = read_reg(c, gpr_handle[site->setvl.rs1]);
    }
    uint32_t scratch = 0;
    uint64_t vl = 0;
    site->count.fetch_add(1, std::memory_order_relaxed);
    if (sv_setvl_exec(&scratch, site->setvl, rs1_value, max_vl, &vl) != SV_OK) {
        return;
    }
    c->setvl_hist[vl]++;
    c->setvl_elements += vl;
    site->elements.fetch_add(vl, std::memory_order_relaxed);
}

/* ---- the replay (see the file comment and plugin/README.md) ---------- */

/* Register values while replaying a run: a register is known from the
 * pre snapshot until an opcode that may write it has run, or from the
 * post snapshot once no opcode left to run may write it, or because the
 * replay computed the write (a branch's mask, a VL cut). */
struct Replay {
    Pending &p;
    VcpuCounts *c;
    RegSet known;    /* value known at this point of the replay */
    RegSet computed; /* ... and set by the replay (in cur), not from pre */
    uint64_t cur[SV_NUM_REGS];
    std::array<RegSet, SV_VBLOCK_MAX_OPS + 1> later; /* writes of ops >= k */
    bool inexact = false;

    Replay(Pending &pend, VcpuCounts *vc) : p(pend), c(vc)
    {
        known = p.pre.valid;
    }
    bool value(unsigned r, unsigned k, uint64_t *v)
    {
        if (known.has(r)) {
            *v = computed.has(r) ? cur[r] : p.pre.x[r];
            return true;
        }
        if (!later[k].has(r)) {
            *v = post(r);
            return true;
        }
        inexact = true;
        *v = post(r); /* best effort; flagged */
        return false;
    }
    /* The post callback is still running: registers are read when the
     * replay first needs them. */
    uint64_t post(unsigned r)
    {
        if (r >= SV_NUM_REGS) {
            return 0;
        }
        if (!p.post.valid.has(r)) {
            p.post.x[r] = r ? read_reg(c, gpr_handle[r]) : 0;
            p.post.valid.add(r);
        }
        return p.post.x[r];
    }
    void wrote(unsigned r)
    {
        known.remove(r);
        computed.remove(r);
    }
    void set(unsigned r, uint64_t v)
    {
        if (r) {
            cur[r] = v;
            known.add(r);
            computed.add(r);
        }
    }
};

uint64_t vl_mask(unsigned vl)
{
    return vl >= 64 ? ~uint64_t(0) : (uint64_t(1) << vl) - 1;
}

uint64_t pred_mask(Replay &rp, const PredRef &pr, unsigned k)
{
    if (!pr.on) {
        return ~uint64_t(0);
    }
    uint64_t m = 0;
    if (pr.reg) {
        rp.value(pr.reg, k, &m);
    }
    return pr.inv ? ~m : m;
}

/*
 * Trap-ffirst (§7.1) on a unit-stride load: VL is cut at the first active
 * element after element 0 whose access would fault.  A fault can only
 * start on a new page, so there is one candidate element b (up to 64
 * elements of 8 bytes never span more than two 4 KiB pages).  If the
 * debug read of b fails (unmapped) the load was cut there.  The debug
 * read ignores PROT_NONE, though, so otherwise the loaded element itself
 * decides: destination element b holds the memory value when it was
 * loaded.  (A PROT_NONE page holding exactly the stale register value is
 * taken as "not cut".)
 */
unsigned ldff_cut(Replay &rp, const InnerOp &o, unsigned k, unsigned vl,
                  uint64_t mask, GByteArray *buf)
{
    uint64_t base;
    rp.value(o.addr_reg, k, &base);
    base += uint64_t(o.op.imm);
    const unsigned es = o.es_bytes;
    unsigned e0 = 0;
    while (e0 < vl && !((mask >> e0) & 1)) {
        e0++;
    }
    if (e0 >= vl) {
        return vl;
    }
    const uint64_t page0 = (base + uint64_t(e0) * es + es - 1) >> 12;
    unsigned b = e0 + 1;
    for (; b < vl; b++) {
        if (((mask >> b) & 1) &&
            ((base + uint64_t(b) * es + es - 1) >> 12) != page0) {
            break;
        }
    }
    if (b >= vl) {
        return vl;
    }
    const uint64_t addr = base + uint64_t(b) * es;
    if (!qemu_plugin_read_memory_vaddr(addr, buf, es)) {
        return b;
    }
    uint64_t mem = 0;
    std::memcpy(&mem, buf->data, es);
    /* Destination element b (C6: byte 8R + b * width / 8). */
    const unsigned dw = o.dest_w / 8;
    const unsigned byte = b * dw;
    const unsigned r = o.dest_reg + byte / 8;
    uint64_t v;
    if (r >= SV_NUM_REGS || !rp.value(r, k + 1, &v)) {
        return vl;
    }
    const unsigned cmp = std::min(es, dw);
    const uint64_t m = cmp >= 8 ? ~uint64_t(0) : (uint64_t(1) << 8 * cmp) - 1;
    return ((v >> 8 * (byte % 8)) & m) == (mem & m) ? vl : b;
}

/* Element i of an integer operand: default-width elements are whole
 * registers (stride 8, W sources read their low half), others packed. */
bool int_element(Replay &rp, const BranchOperand &b, unsigned i, unsigned k,
                 uint64_t *v)
{
    const bool whole = b.width == 64 || (b.width == 32 && !b.packed);
    const unsigned stride = whole ? 8 : b.width / 8;
    const unsigned byte = b.reg * 8 + (b.isvec ? i : 0) * stride;
    uint64_t r;
    if (byte / 8 >= SV_NUM_REGS || !rp.value(byte / 8, k, &r)) {
        return false;
    }
    unsigned shift = 8 * (byte % 8);
    *v = r >> shift;
    if (b.width < 64) {
        *v &= (uint64_t(1) << b.width) - 1;
    }
    return true;
}

/*
 * Data-dependent fail-on-first (§7.2, A41) on a single-predicated integer
 * op: the first element whose result is zero (or that zeroing masks
 * out) cuts VL there.  -1: no cut; -2: an input is unknown.
 */
int int_ff_cut(Replay &rp, const InnerOp &o, unsigned k, unsigned vl,
               uint64_t mask)
{
    const bool zeroing = o.pd.on && o.pd.zero;
    for (unsigned i = 0; i < vl; i++) {
        if (!((mask >> i) & 1)) {
            if (zeroing) {
                return int(i);
            }
            continue;
        }
        uint64_t a, b = uint64_t(o.op.imm);
        if (!int_element(rp, o.src1, i, k, &a) ||
            (!o.op.b_is_imm && !int_element(rp, o.src2, i, k, &b))) {
            return -2;
        }
        unsigned wb = o.op.b_is_imm ? o.src1.width : o.src2.width;
        if (sv_alu_exec(sv_alu_op(o.op.alu), a, o.src1.width, b, wb,
                        o.op.b_is_imm) == 0) {
            return int(i);
        }
        if (!o.op.rd.present) {
            break;
        }
    }
    return -1;
}

/* A scalar branch or jump whose target is the block's end (so the next
 * PC does not tell): evaluated on the registers (A29: redirected). */
bool scalar_taken(Replay &rp, const InnerOp &o, unsigned k)
{
    if (o.op.cls != SV_OPC_BRANCH) {
        return true; /* JAL, C.J */
    }
    uint64_t a = 0, b = 0;
    rp.value(o.a.reg, k, &a);
    rp.value(o.b.reg, k, &b);
    switch (o.op.alu) {
    case SV_CMP_EQ:
        return a == b;
    case SV_CMP_NE:
        return a != b;
    case SV_CMP_LT:
        return int64_t(a) < int64_t(b);
    case SV_CMP_GE:
        return int64_t(a) >= int64_t(b);
    case SV_CMP_LTU:
        return a < b;
    default:
        return a >= b;
    }
}

unsigned occ_bin(unsigned active, unsigned vl)
{
    return (active * 10 + vl - 1) / vl; /* 0: empty; 10: (90%, 100%] */
}

/* One vector instruction into the vCPU's totals: its VL, the elements
 * its loop covered (fewer than VL when it resumed mid-loop) and the
 * active ones among them. */
void count_vector_op(VcpuCounts *c, unsigned vl, unsigned elems,
                     unsigned active)
{
    c->vector_insns++;
    c->elements += elems;
    c->active += active;
    c->vl_hist[std::min(vl, max_vl)]++;
    if (elems) {
        c->occ_hist[occ_bin(active, elems)]++;
    } else {
        c->vl0_insns++;
    }
}

/* The index of the opcode whose opptr a PCVBLK names, or n. */
unsigned op_at(const Site &s, uint32_t pcvblk)
{
    unsigned opptr = sv_pcvblk_unpack(pcvblk).opptr;
    for (unsigned i = 0; i < s.n_ops; i++) {
        if ((s.ctx.op_offset[i] - s.ctx.layout.opcodes_offset) / 2u == opptr) {
            return i;
        }
    }
    return s.n_ops;
}

void resolve(VcpuCounts *c, Pending &p, uint64_t next_pc)
{
    Site &s = *p.site;
    if (p.vl_fail) {
        return; /* the VL block trapped: nothing ran */
    }
    /* Which opcodes ran, and which one left the block. */
    const unsigned n = s.n_ops;
    unsigned end = n; /* one past the last opcode that ran */
    int exit_op = -1; /* the flow op that was taken */
    /* Only a run that stopped inside the block leaves PC at its start
     * with PCVBLK executing. */
    p.post.pcvblk =
        next_pc == s.vaddr ? uint32_t(read_reg(c, pcvblk_handle)) : 0;
    sv_pcvblk_fields q = sv_pcvblk_unpack(p.post.pcvblk);
    if (q.status == SV_PCVBLK_EXECUTING && next_pc == s.vaddr) {
        /* The TB ended inside the block (a CSR write, sv.setvl): the rest
         * runs as a resumed execution of the same instruction. */
        end = op_at(s, p.post.pcvblk);
        if (end <= p.start || end > n) {
            s.unresolved++;
            c->unresolved++;
            return;
        }
    } else if (next_pc != s.vaddr + s.len) {
        for (unsigned i = p.start; i < n; i++) {
            const InnerOp &o = s.ops[i];
            if ((o.has_target && o.target == next_pc) || o.dyn_target) {
                exit_op = int(i);
                end = i + 1;
                break;
            }
        }
        if (exit_op < 0) {
            /* Neither a branch target nor the fall-through: a trap or a
             * signal left the block. */
            s.unresolved++;
            c->unresolved++;
            return;
        }
    }
    /* Falling through and a branch taken to the block's own end give the
     * same next PC: the replay decides such branches. */
    const uint64_t ambiguous_pc = exit_op < 0 ? s.vaddr + s.len : ~uint64_t(0);

    Replay rp(p, c);
    rp.later[end] = RegSet{};
    for (unsigned i = end; i-- > p.start;) {
        rp.later[i] = rp.later[i + 1];
        rp.later[i] |= s.ops[i].writes;
        if (s.ops[i].ffirst) {
            rp.later[i].add(p.vr);
        }
    }
    if (p.start == 0 && s.ctx.vl.present && s.ctx.vl.mode != SV_VL_MODE_RS1 &&
        s.ctx.vl.rd) {
        rp.set(s.ctx.vl.rd, p.vl_rd_value); /* the VL block wrote it */
    }

    uint64_t site_elems = 0, site_active = 0;
    alignas(8) uint8_t file[SV_NUM_REGS * 8];
    for (unsigned k = p.start; k < end; k++) {
        InnerOp &o = s.ops[k];
        o.execs.fetch_add(1, std::memory_order_relaxed);
        if (o.role == R_PLAIN || o.role == R_FLOW) {
            for (unsigned w = 0; w < 2; w++) {
                for (uint64_t m = o.writes.w[w]; m; m &= m - 1) {
                    rp.wrote(w * 64 + unsigned(__builtin_ctzll(m)));
                }
            }
            if (o.role == R_FLOW) {
                bool taken = int(k) == exit_op;
                if (o.has_target && o.target == ambiguous_pc) {
                    taken = scalar_taken(rp, o, k);
                }
                (taken ? o.taken : o.not_taken)
                    .fetch_add(1, std::memory_order_relaxed);
                if (taken) {
                    c->scalar_flow_taken++;
                    break; /* the block was left here */
                }
            }
            continue;
        }
        uint64_t vlreg = 0;
        if (p.vr) {
            rp.value(p.vr, k, &vlreg);
        }
        unsigned vl = sv_effective_vl(p.state1, vlreg);
        uint64_t in_vl = vl_mask(vl);
        uint64_t mask_d = pred_mask(rp, o.pd, k);
        uint64_t mask_s = pred_mask(rp, o.ps, k);
        /* A resumed part's first loop starts at STATE's offsets (§1.6);
         * vector branches at srcoffs. */
        unsigned src0 = 0, dst0 = 0;
        if (k == p.start && p.start > 0) {
            sv_state_fields st = sv_state_unpack(p.pre.state);
            src0 = std::min<unsigned>(st.srcoffs, vl);
            dst0 = std::min<unsigned>(
                o.role == R_VBRANCH ? st.srcoffs : st.destoffs, vl);
        }
        const uint64_t in_s = in_vl & ~vl_mask(src0);
        const uint64_t in_d = in_vl & ~vl_mask(dst0);
        unsigned active;
        if (o.role == R_VBRANCH) {
            active = unsigned(__builtin_popcountll(mask_s & in_d));
        } else if (o.twin) {
            active = std::min(__builtin_popcountll(mask_s & in_s),
                              __builtin_popcountll(mask_d & in_d));
        } else {
            active = unsigned(__builtin_popcountll(mask_d & in_d));
        }
        const unsigned elems = vl - dst0;
        count_vector_op(c, vl, elems, active);
        o.elements.fetch_add(elems, std::memory_order_relaxed);
        o.active.fetch_add(active, std::memory_order_relaxed);
        site_elems += elems;
        site_active += active;

        /* Effects on the registers the replay tracks. */
        int new_vl = -1; /* a computed cut */
        bool vl_unknown = false, stop = false;
        const bool compute =
            o.role == R_VBRANCH &&
            (opts.check || o.target == ambiguous_pc ||
             (o.ffirst && p.vr && rp.later[k + 1].has(p.vr)) ||
             (o.has_second && o.pred2 && o.reads_later.has(o.pred2)));
        if (o.role == R_VBRANCH && !compute) {
            /* The next PC says taken or not; VL and the mask are read
             * after the run if anything needs them. */
            bool taken = int(k) == exit_op;
            c->branch[o.mode][taken]++;
            (taken ? o.taken : o.not_taken)
                .fetch_add(1, std::memory_order_relaxed);
            if (o.has_second && o.pred2) {
                rp.wrote(o.pred2);
            }
            vl_unknown = o.ffirst;
        } else if (o.role == R_VBRANCH) {
            bool inputs = true;
            std::memset(file, 0, sizeof(file));
            for (const BranchOperand *b : {&o.a, &o.b}) {
                unsigned nr = b->isvec ? (vl * b->width + 63) / 64 : 1;
                for (unsigned r = b->reg; r < b->reg + nr && r < SV_NUM_REGS;
                     r++) {
                    uint64_t v;
                    inputs &= rp.value(r, k, &v);
                    std::memcpy(file + r * 8, &v, 8);
                }
            }
            sv_branch_desc d{};
            d.kind = o.op.alu;
            /* The kernel may read whole SIMD vectors up to the end of
             * the (scratch) register file. */
            d.a = {file + o.a.reg * 8, o.a.isvec, o.a.width,
                   uint16_t(sizeof(file) - o.a.reg * 8u)};
            d.b = {file + o.b.reg * 8, o.b.isvec, o.b.width,
                   uint16_t(sizeof(file) - o.b.reg * 8u)};
            d.ps = mask_s;
            d.zero1 = o.ps.on && o.ps.zero;
            d.ffirst = o.ffirst;
            d.has_target = o.has_second;
            d.inv2 = o.inv2;
            d.zero2 = o.zero2;
            if (o.has_second && o.pred2) {
                inputs &= rp.value(o.pred2, k, &d.target_old);
            }
            d.vl = uint8_t(vl);
            d.start = uint8_t(dst0);
            sv_branch_result r = sv_vector_branch(&d);
            bool taken = int(k) == exit_op;
            if (o.target == ambiguous_pc) {
                taken = r.taken; /* the next PC is the same either way */
                rp.inexact |= !inputs;
            } else if (inputs && bool(r.taken) != taken) {
                rp.inexact = true; /* the replay disagrees: flag it */
            }
            c->branch[o.mode][taken]++;
            (taken ? o.taken : o.not_taken)
                .fetch_add(1, std::memory_order_relaxed);
            if (o.has_second && o.pred2) {
                if (inputs) {
                    rp.set(o.pred2, r.mask);
                } else {
                    rp.wrote(o.pred2);
                }
            }
            if (o.ffirst) {
                if (inputs) {
                    new_vl = r.cut ? r.new_vl : -1;
                } else {
                    vl_unknown = true;
                }
            }
            /* Taken to the block's end: the rest did not run. */
            stop = taken && o.target == ambiguous_pc;
        } else {
            for (unsigned w = 0; w < 2; w++) {
                for (uint64_t m = o.writes.w[w]; m; m &= m - 1) {
                    rp.wrote(w * 64 + unsigned(__builtin_ctzll(m)));
                }
            }
            if (o.ldff) {
                unsigned cut =
                    ldff_cut(rp, o, k, vl, mask_d & mask_s, c->regbuf);
                new_vl = cut < vl ? int(cut) : -1;
            } else if (o.int_ff) {
                int cut = int_ff_cut(rp, o, k, vl, mask_d);
                vl_unknown = cut == -2;
                new_vl = cut >= 0 ? cut : -1;
            } else if (o.ffirst) {
                vl_unknown = true; /* data-dependent (§7.2), FP or twin */
            }
        }
        if (o.ffirst && p.vr) {
            if (new_vl >= 0) {
                rp.set(p.vr, uint64_t(new_vl));
            } else if (vl_unknown) {
                rp.wrote(p.vr);
                uint64_t after = 0;
                /* Known from the post snapshot when nothing later may
                 * write VL; a lower VL there is this opcode's cut. */
                if (rp.value(p.vr, k + 1, &after) &&
                    sv_effective_vl(p.state1, after) < vl) {
                    new_vl = int(sv_effective_vl(p.state1, after));
                }
            }
            if (new_vl >= 0 && unsigned(new_vl) < vl) {
                c->cuts++;
                c->cut_hist[new_vl]++;
                o.cuts.fetch_add(1, std::memory_order_relaxed);
            }
        }
        if (stop) {
            break;
        }
    }
    /* The VL register after the run must match the replay's. */
    uint64_t vl_end = 0;
    if (opts.check && p.vr && exit_op < 0 && q.status != SV_PCVBLK_EXECUTING &&
        rp.known.has(p.vr) && rp.value(p.vr, end, &vl_end) &&
        vl_end != rp.post(p.vr)) {
        rp.inexact = true;
    }
    if (rp.inexact) {
        c->inexact++;
        s.inexact++;
    }
    s.elements.fetch_add(site_elems, std::memory_order_relaxed);
    s.active.fetch_add(site_active, std::memory_order_relaxed);
}

/* Before a VBLOCK runs: the pre snapshot. */
void vblock_pre(unsigned vcpu_index, void *userdata)
{
    auto *site = static_cast<Site *>(userdata);
    VcpuCounts *c = vcpu_counts(vcpu_index);
    Pending &p = *c->pend;
    if (c->pending) {
        /* No post seen: the run left through a JALR or a signal to a
         * place that is no successor of the block. */
        p.site->unresolved++;
        c->unresolved++;
        c->pending = 0;
    }
    p.site = site;
    p.vl_fail = false;
    p.pre.pcvblk = uint32_t(read_reg(c, pcvblk_handle));
    sv_pcvblk_fields f = sv_pcvblk_unpack(p.pre.pcvblk);
    bool resumed = f.status == SV_PCVBLK_EXECUTING;
    if (resumed) {
        p.start = op_at(*site, p.pre.pcvblk);
        site->resumes.fetch_add(1, std::memory_order_relaxed);
        c->vblock_resumes++;
    } else {
        p.start = 0;
        site->count.fetch_add(1, std::memory_order_relaxed);
        c->vblock_runs++;
    }
    RegSet need = site->need_pre;
    if (resumed) {
        need |= site->all_reads; /* earlier opcodes ran in another part */
    }
    const sv_vl_block &vlb = site->ctx.vl;
    const bool enter = !resumed && vlb.present;
    if (enter) {
        need.add(vlb.rs1);
    }
    read_snapshot(c, need, &p.pre);
    if (enter) {
        /* The VL block sets every STATE field it leaves meaningful, so
         * the old STATE is not needed. */
        p.pre.state = 0;
        p.state1 = 0;
        p.vl_fail = sv_vl_block_exec(&p.state1, vlb, p.pre.x[vlb.rs1], max_vl,
                                     &p.vl_rd_value) != SV_OK;
    } else {
        p.pre.state = uint32_t(read_reg(c, state_handle));
        p.state1 = p.pre.state;
    }
    p.vr = sv_state_vl_reg(p.state1);
    if (p.vr && !p.pre.valid.has(p.vr) &&
        !(enter && vlb.mode != SV_VL_MODE_RS1)) {
        p.pre.x[p.vr] = read_reg(c, gpr_handle[p.vr]);
        p.pre.valid.add(p.vr);
    }
    c->pending = 1;
}

/* The first instruction after a VBLOCK: the post snapshot.  userdata is
 * this instruction's address, the VBLOCK's next PC. */
void vblock_post(unsigned vcpu_index, void *userdata)
{
    VcpuCounts *c = vcpu_counts(vcpu_index);
    Pending &p = *c->pend;
    c->pending = 0;
    p.post.valid = RegSet{}; /* read on demand by the replay */
    resolve(c, p, uint64_t(uintptr_t(userdata)));
}

#ifdef SVPROF_HAVE_PREFIX
/*
 * P48/P64 (§4): one instruction with its own vector context and neither
 * branches nor fail-on-first (§4.2), so everything is known before it
 * runs: VL from svcore's sv_prefix_loop_begin (VLtyp, SVPSTATE or
 * STATE), the masks from the resolved predicate entries.
 */
void prefix_exec(unsigned vcpu_index, void *userdata)
{
    auto *site = static_cast<Site *>(userdata);
    VcpuCounts *c = vcpu_counts(vcpu_index);
    const sv_prefix_context &x = site->prefix;
    site->count.fetch_add(1, std::memory_order_relaxed);
    auto gpr = [&](unsigned r) -> uint64_t {
        return r && r < SV_NUM_REGS ? read_reg(c, gpr_handle[r]) : 0;
    };
    uint32_t state = uint32_t(read_reg(c, state_handle));
    uint32_t svp = uint32_t(read_reg(c, svpstate_handle));
    unsigned state_vl = sv_effective_vl(state, gpr(sv_state_vl_reg(state)));
    uint64_t vlen = x.vltyp.form == SV_VLTYP_VL_REG ? gpr(x.vltyp.value) : 0;
    sv_prefix_loop lp = sv_prefix_loop_begin(
        &x, svp, sv_state_mvl(state), state_vl, sv_state_subvl(state), vlen);
    auto mask = [&](const sv_pred_entry &e) -> uint64_t {
        if (!e.enabled) {
            return ~uint64_t(0);
        }
        uint64_t m = gpr(e.predidx);
        return e.inv ? ~m : m;
    };
    const uint64_t in_vl = vl_mask(lp.vl);
    unsigned pd = unsigned(__builtin_popcountll(mask(x.pred_dest) & in_vl));
    unsigned ps = unsigned(__builtin_popcountll(mask(x.pred_src) & in_vl));
    unsigned active = x.op.twin ? std::min(pd, ps) : pd;
    count_vector_op(c, lp.vl, lp.vl, active);
    site->elements.fetch_add(lp.vl, std::memory_order_relaxed);
    site->active.fetch_add(active, std::memory_order_relaxed);
}

/* A prefixed instruction with no vector operand runs once: no elements. */
bool prefix_is_vector(const sv_prefix_context &x)
{
    for (const sv_reg_entry *e : {&x.rd, &x.rs1, &x.rs2, &x.rs3}) {
        if (e->enabled && e->isvec) {
            return true;
        }
    }
    return false;
}
#endif

/* The site of a SV instruction; *stale is set when a new VBLOCK's
 * successor was translated without the post callback. */
Site *site_for(qemu_plugin_insn *insn, Kind kind, const uint8_t *bytes,
               size_t n, bool *stale)
{
    uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
    std::lock_guard<std::mutex> guard(sites_lock);
    auto &slot = sites[vaddr];
    if (slot && slot->kind == kind && slot->bytes.size() == n &&
        std::memcmp(slot->bytes.data(), bytes, n) == 0) {
        return slot.get();
    }
    if (slot) {
        /* Code changed under the address: keep the old counts, move them
         * aside under a key no real address uses. */
        sites[vaddr | (uint64_t(1) << 63)] = std::move(slot);
    }
    slot = std::make_unique<Site>();
    Site &s = *slot;
    s.vaddr = vaddr;
    s.kind = kind;
    const char *sym = qemu_plugin_insn_symbol(insn);
    s.symbol = sym ? sym : "";
    s.bytes.assign(bytes, bytes + n);
    if (kind == K_SETVL) {
        sv_setvl_decode(word_at(bytes), &s.setvl);
    } else if (kind == K_P48 || kind == K_P64) {
#ifdef SVPROF_HAVE_PREFIX
        s.prefix_ok = sv_prefix_decode(bytes, n, &s.prefix) == SV_OK;
#endif
    } else {
        s.len = unsigned(n);
        s.ctx_ok = sv_vblock_decode(bytes, n, &s.ctx) == SV_OK;
        if (s.ctx_ok) {
            s.n_ops = s.ctx.n_ops;
            s.ops = std::make_unique<InnerOp[]>(s.n_ops);
            RegSet written;
            for (unsigned i = 0; i < s.n_ops; i++) {
                RegSet &reads = s.ops[i].reads;
                analyse_op(s.ctx, vaddr, bytes, i, &s.ops[i], &reads);
                for (unsigned w = 0; w < 2; w++) {
                    s.need_pre.w[w] |= reads.w[w] & ~written.w[w];
                }
                s.all_reads |= reads;
                written |= s.ops[i].writes;
                if (s.ops[i].has_target) {
                    s.successors.push_back(s.ops[i].target);
                }
            }
            /* A register no opcode writes reads the same after the run:
             * the replay reads it then, and only if it needs it. */
            for (unsigned w = 0; w < 2; w++) {
                s.need_pre.w[w] &= written.w[w];
                s.all_reads.w[w] &= written.w[w];
            }
            RegSet after;
            for (unsigned i = s.n_ops; i-- > 0;) {
                s.ops[i].reads_later = after;
                after |= s.ops[i].reads;
            }
            s.successors.push_back(vaddr);     /* re-run, resumed part */
            s.successors.push_back(vaddr + n); /* fall-through */
            for (uint64_t pc : s.successors) {
                if (post_pcs.insert(pc).second && tb_starts.count(pc)) {
                    *stale = true;
                }
            }
        }
    }
    return slot.get();
}

/* After a flush: the callbacks again (the sites and counts stay). */
void reset_done(qemu_plugin_id_t id)
{
    register_callbacks(id);
    resetting = false;
}

void tb_trans(qemu_plugin_id_t, qemu_plugin_tb *tb)
{
    size_t n_insns = qemu_plugin_tb_n_insns(tb);
    uint64_t scalar = 0;
    bool stale = false;
    qemu_plugin_u64 pending = field(offsetof(VcpuCounts, pending));
    bool after_vblock = false;
    for (size_t i = 0; i < n_insns; i++) {
        qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        if (after_vblock) {
            /* A VBLOCK run ends at the next instruction of its TB ... */
            qemu_plugin_register_vcpu_insn_exec_cond_cb(
                insn, vblock_post, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_COND_NE,
                pending, 0,
                reinterpret_cast<void *>(
                    uintptr_t(qemu_plugin_insn_vaddr(insn))));
        }
        uint8_t bytes[SV_MAX_INSN_LEN];
        size_t n = qemu_plugin_insn_data(insn, bytes, sizeof(bytes));
        Kind kind = classify(bytes, n);
        after_vblock = false;
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
                site_for(insn, kind, bytes, n, &stale));
#ifdef SVPROF_HAVE_PREFIX
        } else if ((kind == K_P48 || kind == K_P64) && regs_ok) {
            Site *s = site_for(insn, kind, bytes, n, &stale);
            if (s->prefix_ok && prefix_is_vector(s->prefix)) {
                qemu_plugin_register_vcpu_insn_exec_cb(
                    insn, prefix_exec, QEMU_PLUGIN_CB_R_REGS, s);
            }
#endif
        } else if (kind == K_VBLOCK && regs_ok) {
            Site *s = site_for(insn, kind, bytes, n, &stale);
            if (s->ctx_ok) {
                qemu_plugin_register_vcpu_insn_exec_cb(
                    insn, vblock_pre, QEMU_PLUGIN_CB_R_REGS, s);
                after_vblock = true;
            }
        }
    }
    if (scalar && opts.scalar) {
        /* One inline add per TB (as QEMU's insn-count plugin): exact
         * unless the TB is left in the middle by a trap. */
        qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
            tb, QEMU_PLUGIN_INLINE_ADD_U64, kind_entry(K_SCALAR), scalar);
    }
    /*
     * ... or at the start of a TB at one of its successors (fall-through,
     * branch targets, its own start).  Only those TBs test the pending
     * flag, so scalar code pays nothing for it.  A successor whose TB was
     * translated before the VBLOCK was seen gets it after a flush.
     */
    uint64_t pc = qemu_plugin_tb_vaddr(tb);
    bool post_here;
    {
        std::lock_guard<std::mutex> guard(sites_lock);
        post_here = post_pcs.count(pc) != 0;
        tb_starts.insert(pc);
    }
    if (post_here) {
        qemu_plugin_register_vcpu_tb_exec_cond_cb(
            tb, vblock_post, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_COND_NE,
            pending, 0, reinterpret_cast<void *>(uintptr_t(pc)));
    }
    if (stale && !resetting.exchange(true)) {
        resets++;
        qemu_plugin_reset(plugin_id, reset_done);
    }
}

/* -------------------------------------------------------------- reports */

struct Totals {
    std::array<uint64_t, K_COUNT> kind{};
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
    uint64_t total() const
    {
        uint64_t t = 0;
        for (uint64_t k : kind) {
            t += k;
        }
        return t;
    }
};

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
    sum_array(t.kind, offsetof(VcpuCounts, kind));
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

/* One row of a "top" list: a site, or an inner opcode of a VBLOCK. */
struct Row {
    uint64_t vaddr;
    const char *kind;
    const std::string *symbol;
    uint64_t count, elements, active;
    const Site *site;
    const InnerOp *op;
};

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
    if (v.size() > opts.top) {
        v.resize(opts.top);
    }
}

/* VBLOCKs and sv.setvl sites, by elements. */
std::vector<Row> top_blocks()
{
    std::vector<Row> v;
    for (auto &kv : sites) {
        const Site &s = *kv.second;
        if (s.count.load() + s.resumes.load() != 0) {
            v.push_back({s.vaddr, kind_names[s.kind], &s.symbol, s.count.load(),
                         s.elements.load(), s.active.load(), &s, nullptr});
        }
    }
    sort_rows(v);
    return v;
}

const char *role_name(const InnerOp &o)
{
    if (o.role == R_VBRANCH) {
        return "branch";
    }
    switch (o.op.cls) {
    case SV_OPC_LOAD:
        return "load";
    case SV_OPC_STORE:
        return "store";
    case SV_OPC_FP:
        return "fp";
    default:
        return "int";
    }
}

/* Vector instructions (element loops and vector branches), by elements. */
std::vector<Row> top_insns()
{
    std::vector<Row> v;
    for (auto &kv : sites) {
        const Site &s = *kv.second;
        if ((s.kind == K_P48 || s.kind == K_P64) && s.count.load()) {
            v.push_back({s.vaddr, kind_names[s.kind], &s.symbol, s.count.load(),
                         s.elements.load(), s.active.load(), &s, nullptr});
        }
        for (unsigned i = 0; i < s.n_ops; i++) {
            const InnerOp &o = s.ops[i];
            if ((o.role == R_ELEMENTS || o.role == R_VBRANCH) &&
                o.execs.load()) {
                v.push_back({o.vaddr, role_name(o), &s.symbol, o.execs.load(),
                             o.elements.load(), o.active.load(), &s, &o});
            }
        }
    }
    sort_rows(v);
    return v;
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

std::string text_report(const Totals &t, const std::vector<Row> &blocks,
                        const std::vector<Row> &insns)
{
    std::ostringstream o;
    char line[200];
    auto row = [&](const char *name, uint64_t v, int indent = 0) {
        std::snprintf(line, sizeof(line), "%*s%-*s %16" PRIu64 "\n", indent, "",
                      34 - indent, name, v);
        o << line;
    };
    o << "svprof: Simple-V profile\n\n";
    if (!opts.scalar) {
        o << "(scalar=off: scalar instructions not counted)\n";
    }
    row("instructions", t.total());
    for (unsigned k = 0; k < K_COUNT; k++) {
        row(kind_names[k], t.kind[k], 2);
    }
    row("VBLOCK runs (from the first opcode)", t.vblock_runs);
    row("VBLOCK resumed parts", t.vblock_resumes);
    o << "\n";
    row("vector instructions executed", t.vector_insns);
    row("elements (sum of VL)", t.elements);
    row("active elements (predicates)", t.active);
    row("with VL 0", t.vl0_insns);
    if (t.elements) {
        std::snprintf(line, sizeof(line), "%-34s %15.1f%%\n",
                      "mean predicate occupancy",
                      100.0 * double(t.active) / double(t.elements));
        o << line;
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
        std::snprintf(line, sizeof(line), "  %-14s %-7s %12s %12s %12s  %s\n",
                      "address", "kind", "count", "elements", "active",
                      "symbol");
        o << line;
        for (const Row &r : rows) {
            std::snprintf(line, sizeof(line),
                          "  %-14s %-7s %12" PRIu64 " %12" PRIu64 " %12" PRIu64
                          "  %s\n",
                          hex(r.vaddr).c_str(), r.kind, r.count, r.elements,
                          r.active, r.symbol->c_str());
            o << line;
        }
    };
    table("top VBLOCKs and sv.setvl by elements", blocks);
    table("top vector instructions by elements", insns);
    return o.str();
}

nlohmann::json json_report(const Totals &t, const std::vector<Row> &blocks,
                           const std::vector<Row> &insns)
{
    using nlohmann::json;
    json j;
    j["version"] = 2;
    json ins;
    ins["total"] = t.total();
    for (unsigned k = 0; k < K_COUNT; k++) {
        ins[kind_names[k]] = t.kind[k];
    }
    if (!opts.scalar) {
        ins["scalar"] = nullptr; /* scalar=off: not counted */
        ins["total"] = nullptr;
    }
    j["instructions"] = ins;
    j["vblock"] = {{"runs", t.vblock_runs},
                   {"resumed", t.vblock_resumes},
                   {"unresolved", t.unresolved},
                   {"inexact", t.inexact},
                   {"flushes", resets.load()}};
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
    for (const Row &r : blocks) {
        const Site &s = *r.site;
        json e = {{"address", hex(r.vaddr)},
                  {"symbol", *r.symbol},
                  {"kind", r.kind},
                  {"count", r.count},
                  {"elements", r.elements}};
        if (s.kind == K_SETVL) {
            e["rd"] = s.setvl.rd;
            e["rs1"] = s.setvl.rs1;
            e["vlmax"] = s.setvl.vlmax;
        } else if (s.kind != K_VBLOCK) {
            e["active"] = r.active;
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
    for (const Row &r : insns) {
        json e = {{"address", hex(r.vaddr)}, {"symbol", *r.symbol},
                  {"kind", r.kind},          {"count", r.count},
                  {"elements", r.elements},  {"active", r.active}};
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

/* A bar chart: values as vertical bars with labels under some of them. */
void svg_bars(std::ostringstream &o, int x0, int y0, int h, int bar_w,
              const std::string &title, const std::vector<uint64_t> &vals,
              const std::vector<std::string> &labels, unsigned label_every)
{
    uint64_t peak = 1;
    for (uint64_t v : vals) {
        peak = std::max(peak, v);
    }
    o << "<text x=\"" << x0 << "\" y=\"" << y0 - 8 << "\" font-weight=\"bold\">"
      << xml_escape(title) << " (peak " << peak << ")</text>\n";
    o << "<line x1=\"" << x0 << "\" y1=\"" << y0 + h << "\" x2=\""
      << x0 + int(vals.size()) * bar_w << "\" y2=\"" << y0 + h
      << "\" stroke=\"#444\"/>\n";
    for (size_t i = 0; i < vals.size(); i++) {
        int bh = int(vals[i] * uint64_t(h) / peak);
        int x = x0 + int(i) * bar_w;
        o << "<rect x=\"" << x << "\" y=\"" << y0 + h - bh << "\" width=\""
          << bar_w - 1 << "\" height=\"" << bh
          << "\" fill=\"steelblue\"><title>" << xml_escape(labels[i]) << ": "
          << vals[i] << "</title></rect>\n";
        if (i % label_every == 0) {
            o << "<text x=\"" << x << "\" y=\"" << y0 + h + 14
              << "\" font-size=\"9\">" << xml_escape(labels[i]) << "</text>\n";
        }
    }
}

/* VL and occupancy histograms, then the top VBLOCKs as horizontal bars. */
std::string svg_report(const Totals &t, const std::vector<Row> &blocks)
{
    const int width = 760, chart_h = 160, left = 40;
    const int bars_y = 2 * (chart_h + 70) + 40;
    const int height = bars_y + 20 * int(blocks.size() + 1) + 20;
    std::ostringstream o;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
      << "\" height=\"" << height << "\" font-family=\"monospace\" "
      << "font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
      << "fill=\"white\"/>\n";
    std::vector<std::string> vl_labels, occ_labels;
    for (unsigned v = 0; v <= max_vl; v++) {
        vl_labels.push_back(std::to_string(v));
    }
    for (unsigned b = 0; b < occ_bins; b++) {
        occ_labels.push_back(occ_label(b));
    }
    svg_bars(o, left, 30, chart_h, 10,
             "VL per vector instruction (" + std::to_string(t.vector_insns) +
                 " executed)",
             std::vector<uint64_t>(t.vl_hist.begin(), t.vl_hist.end()),
             vl_labels, 8);
    svg_bars(o, left, 30 + chart_h + 70, chart_h, 56,
             "predicate occupancy, active / VL",
             std::vector<uint64_t>(t.occ_hist.begin(), t.occ_hist.end()),
             occ_labels, 1);
    o << "<text x=\"" << left << "\" y=\"" << bars_y - 8
      << "\" font-weight=\"bold\">top VBLOCKs by elements</text>\n";
    uint64_t peak = 1;
    for (const Row &r : blocks) {
        peak = std::max(peak, r.elements);
    }
    int y = bars_y;
    for (const Row &r : blocks) {
        int w = int(r.elements * 300 / peak);
        o << "<rect x=\"" << left << "\" y=\"" << y << "\" width=\"" << w
          << "\" height=\"14\" fill=\"darkorange\"/>\n<text x=\""
          << left + w + 6 << "\" y=\"" << y + 11 << "\">" << hex(r.vaddr) << " "
          << r.kind << " " << r.elements << " " << xml_escape(*r.symbol)
          << "</text>\n";
        y += 20;
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
    for (unsigned i = 0; i < unsigned(qemu_plugin_num_vcpus()); i++) {
        VcpuCounts *c = vcpu_counts(i);
        if (c->pending) {
            /* The program ended inside or right after a VBLOCK. */
            c->pend->site->unresolved++;
            c->unresolved++;
            c->pending = 0;
        }
    }
    Totals t = sum_vcpus();
    std::vector<Row> blocks = top_blocks(), insns = top_insns();
    std::string text = text_report(t, blocks, insns);
    if (opts.out.empty()) {
        /* Not qemu_plugin_outs: that goes to the log, shown only with
         * -d plugin. */
        std::fputs(text.c_str(), stderr);
    } else {
        if (opts.text) {
            write_file(opts.out + ".txt", text);
        }
        if (opts.json) {
            write_file(opts.out + ".json",
                       json_report(t, blocks, insns).dump(2) + "\n");
        }
        if (opts.svg) {
            write_file(opts.out + ".svg", svg_report(t, blocks));
        }
    }
    for (unsigned i = 0; i < unsigned(qemu_plugin_num_vcpus()); i++) {
        g_byte_array_free(vcpu_counts(i)->regbuf, TRUE);
        delete vcpu_counts(i)->pend;
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

constexpr const char *keys = "out, top, text, json, svg, check, scalar";

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
            opts.out = val;
            std::string dir = val.substr(0, val.rfind('/') + 1);
            if (ok && access(dir.empty() ? "." : dir.c_str(), W_OK) != 0) {
                std::fprintf(stderr,
                             "svprof: bad value '%s' for out: cannot write "
                             "to directory '%s'\n",
                             val.c_str(), dir.empty() ? "." : dir.c_str());
                return false;
            }
        } else if (key == "top") {
            ok = parse_unsigned(val, 1, 1000, &opts.top);
        } else if (key == "json") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.json);
        } else if (key == "svg") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.svg);
        } else if (key == "text") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.text);
        } else if (key == "scalar") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.scalar);
        } else if (key == "check") {
            ok = qemu_plugin_bool_parse(key.c_str(), val.c_str(), &opts.check);
        } else {
            std::fprintf(stderr, "svprof: unknown argument '%s' (keys: %s)\n",
                         key.c_str(), keys);
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

void register_callbacks(qemu_plugin_id_t id)
{
    qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, nullptr);
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
    plugin_id = id;
    register_callbacks(id);
    return 0;
}
