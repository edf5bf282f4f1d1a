// The planner: how the translator runs one SV op (svcore.h, sv_plan_op).
//
// A pure function of the resolved op and of what the translation block
// knows (sv_plan_facts).  It holds every shape rule of the backends:
// which ops each takes, at what width, unrolled or as a loop, with gvec
// or not, and what that costs against the TB's unroll budget and TCG
// temps.  The translator's emitters carry the plan out and decide
// nothing (docs/sv-engine.md, "Backends and the planner").
//
// SPDX-License-Identifier: GPL-2.0-or-later

#include "svcore.h"

#include <algorithm>
#include <array>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace
{

constexpr std::array<const char *, SV_BACKEND_COUNT> backend_names = {
    "inline_gvec", "inline_int",  "inline_mem",  "inline_run", "inline_pred",
    "alu_helper",  "fp_helper",   "fp_twin",     "unit_run",   "prefix",
    "elements",    "compiled",    "fused",       "fused_scan", "fused_scan64",
    "branch",      "branch_scan", "ffirst_gvec", "branch_tcg",
};

constexpr std::array<const char *, SV_KNOB_COUNT> knob_names = {
    "auto", "nogvec", "helper", "general", "nofuse", "compiled",
};

// Unrolled form: the element's register-file bytes live in env, so the
// whole vector must end inside the 128-register file.
constexpr unsigned file_bytes = 8 * SV_NUM_REGS;

constexpr bool in_file(unsigned reg, unsigned bytes)
{
    return 8 * reg + bytes <= file_bytes;
}

// env offset of register reg relative to x0 (phase only matters).
constexpr uint32_t gpr_ofs(const sv_plan_facts &f, unsigned reg)
{
    return f.gpr_phase + 8 * reg;
}

// The integer ops with inline, gvec and specialised-helper forms: the
// one list (sv_alu.c's helpers and the inline body cover exactly these).
constexpr bool fast_int_op(unsigned alu)
{
    switch (alu) {
    case SV_ALU_ADD:
    case SV_ALU_SUB:
    case SV_ALU_AND:
    case SV_ALU_OR:
    case SV_ALU_XOR:
    case SV_ALU_SLL:
    case SV_ALU_SRL:
    case SV_ALU_SRA:
    case SV_ALU_SLT:
    case SV_ALU_SLTU:
    case SV_ALU_MUL:
    case SV_ALU_ADDW:
    case SV_ALU_SUBW:
        return true;
    default:
        return false;
    }
}

constexpr bool is_shift(unsigned alu)
{
    return alu == SV_ALU_SLL || alu == SV_ALU_SRL || alu == SV_ALU_SRA;
}

// An integer op of the fast list, non-twin, with a vector destination
// other than x0 and every register operand at one width w (the default,
// or one elwidth): the highest vector base register, w set; else -1.
// Predicates are the callers' business.
int int_uniform(const sv_resolved_op &r, unsigned &w)
{
    const sv_op &op = r.op;
    const sv_resolved_operand &rd = r.opnd[SV_RD];
    int top = 0;

    if (!fast_int_op(op.alu) || r.kind != SV_EXEC_ELEMENTS ||
        op.cls != SV_OPC_INT || op.twin || !rd.isvec || rd.reg == 0 ||
        !op.rs1.present) {
        return -1;
    }
    w = rd.overridden ? rd.width : 64;
    for (unsigned k = SV_RD; k <= SV_RS2; k++) {
        const sv_resolved_operand &o = r.opnd[k];

        if (!o.present) {
            continue;
        }
        if (o.overridden ? o.width != w : w != 64) {
            return -1; // mixed widths: the general loop
        }
        if (o.isvec) {
            top = std::max<int>(top, o.reg);
        }
    }
    return top;
}

// The inline integer loop: int_uniform without a destination predicate.
int inline_int_shape(const sv_resolved_op &r, unsigned &w)
{
    return r.pred_dest.enabled ? -1 : int_uniform(r, w);
}

// The specialised ALU helpers (sv_alu.c): int_uniform with a destination
// predicate, zeroing or not, without fail-on-first.
int alu_helper_shape(const sv_resolved_op &r, unsigned &w)
{
    if (!r.pred_dest.enabled || r.pred_dest.ffirst) {
        return -1;
    }
    return int_uniform(r, w);
}

// Unrolled packed elements are read and written in env, so none may lie
// in x0..x31 (TCG globals there).
bool int_unroll_ok(const sv_resolved_op &r, unsigned w)
{
    for (unsigned k = SV_RD; k <= SV_RS2; k++) {
        const sv_resolved_operand &o = r.opnd[k];

        if (w != 64 && o.present && o.isvec && o.reg < 32) {
            return false;
        }
    }
    return true;
}

// A vector of bytes bytes at reg lies in x32..x127.
constexpr bool gvec_in_env(unsigned reg, unsigned bytes)
{
    return reg >= 32 && in_file(reg, bytes);
}

// The gvec form of op r at width w over n elements, or SV_GV_NONE.  The
// sequential element order (§5.1) holds because every vector source is
// the destination itself or apart from it, and no scalar source lies in
// the destination.
int gvec_form(const sv_resolved_op &r, unsigned w, unsigned n)
{
    const sv_op &op = r.op;
    const sv_resolved_operand &rd = r.opnd[SV_RD];
    const sv_resolved_operand &a = r.opnd[SV_RS1];
    const sv_resolved_operand &b = r.opnd[SV_RS2];
    unsigned bytes = n * w / 8;
    bool bvec = !op.b_is_imm && b.present && b.isvec;

    if (bytes < 8 || !gvec_in_env(rd.reg, bytes)) {
        return SV_GV_NONE;
    }
    if ((op.alu == SV_ALU_ADDW || op.alu == SV_ALU_SUBW) &&
        sv_alu_word_width(w) < w) {
        return SV_GV_NONE; // the narrower result is sign-extended
    }
    for (unsigned k = SV_RS1; k <= SV_RS2; k++) {
        const sv_resolved_operand &o = r.opnd[k];

        if (!o.present || (k == SV_RS2 && op.b_is_imm)) {
            continue;
        }
        if (o.isvec) {
            if (!gvec_in_env(o.reg, bytes) ||
                (o.reg != rd.reg && 8 * o.reg < 8 * rd.reg + bytes &&
                 8 * rd.reg < 8 * o.reg + bytes)) {
                return SV_GV_NONE;
            }
        } else if (8 * o.reg >= 8 * rd.reg && 8 * o.reg < 8 * rd.reg + bytes) {
            return SV_GV_NONE; // a scalar the loop overwrites
        }
    }
    if (!a.isvec && !bvec) {
        return SV_GV_SPLAT;
    }
    if (a.isvec && bvec) {
        return SV_GV_VV;
    }
    if (a.isvec) {
        return op.b_is_imm ? SV_GV_VI : SV_GV_VS;
    }
    switch (op.alu) { // scalar rs1, vector rs2
    case SV_ALU_ADD:
    case SV_ALU_ADDW:
    case SV_ALU_SUB:
    case SV_ALU_SUBW:
    case SV_ALU_AND:
    case SV_ALU_OR:
    case SV_ALU_XOR:
    case SV_ALU_MUL:
        return SV_GV_SV;
    default:
        return SV_GV_NONE;
    }
}

// How many of mvl elements gvec runs (whole multiples of 8 bytes), or 0.
unsigned gvec_elems(const sv_resolved_op &r, unsigned w, unsigned mvl)
{
    unsigned n = ((mvl * w / 8) & ~7u) * 8 / w;

    return n && gvec_form(r, w, n) != SV_GV_NONE ? n : 0;
}

unsigned gvec_pieces(const sv_plan_facts &f, const sv_resolved_op &r, int form,
                     unsigned bytes)
{
    uint32_t d = gpr_ofs(f, r.opnd[SV_RD].reg);
    uint32_t a = gpr_ofs(f, r.opnd[SV_RS1].reg);
    uint32_t b = gpr_ofs(f, r.opnd[SV_RS2].reg);
    unsigned count = 0;

    for (uint32_t p = 0; p < bytes; count++) {
        p += sv_gvec_piece_size(form, d, a, b, p, bytes);
    }
    return count;
}

// What the gvec form costs against the unroll budget (element bodies):
// a piece each, one more for a splat's element 0.
unsigned gvec_cost(const sv_plan_facts &f, const sv_resolved_op &r, unsigned w,
                   unsigned n)
{
    int form = gvec_form(r, w, n);

    return gvec_pieces(f, r, form, n * w / 8) + (form == SV_GV_SPLAT);
}

// The TCG temps the gvec form allocates (gvec's expansions take new ones
// for every piece and never free them): 3 a piece vector-vector, 2 for
// one vector, 5 for a compare then an AND or a NEG then an ADD, and a
// few for scalars and out-of-line helpers.
unsigned gvec_temps(const sv_plan_facts &f, const sv_resolved_op &r, unsigned w,
                    unsigned n)
{
    int form = gvec_form(r, w, n);
    unsigned pieces = gvec_pieces(f, r, form, n * w / 8);
    unsigned per = form == SV_GV_VV ? 3 : 2;

    if (r.op.alu == SV_ALU_SLT || r.op.alu == SV_ALU_SLTU || form == SV_GV_SV) {
        per = 5;
    }
    return pieces * per + 4;
}

// Whether the TB may take temps more TCG temps: a TB that fills its
// temps aborts QEMU on one guest instruction, so inline forms use at
// most half of them.
bool temps_fit(const sv_plan_facts &f, unsigned temps)
{
    return f.temps_used + temps <= f.temps_max / 2;
}

// The unrolled form's common conditions: this TB ran the VL block (MVL
// known, offsets 0), SUBVL 1 and STATE.vl names a register.
bool unrollable(const sv_plan_facts &f)
{
    return f.known_mvl && f.subvl == 1 && f.vl_reg != 0;
}

// Unit-stride element access inline (gen_sv_mem_body): no predicates, a
// scalar address register; integer or FLD/FSD data in default-width
// vector elements, or integer data in packed elements exactly as wide as
// the memory elements.
bool inline_mem_ok(const sv_resolved_op &r)
{
    const sv_op &op = r.op;
    const sv_resolved_operand &d =
        r.opnd[op.cls == SV_OPC_STORE ? SV_RS2 : SV_RD];
    const sv_resolved_operand &a = r.opnd[SV_RS1];

    if (r.kind != SV_EXEC_MEMORY || !d.isvec || a.isvec ||
        r.pred_dest.enabled || r.pred_src.enabled) {
        return false;
    }
    if (d.overridden) {
        // A load whose packed elements may rewrite an address register
        // held in a TCG global (x1..x31) reads it per element in the
        // general loop: the inline stores go to env behind the global.
        if (op.cls != SV_OPC_STORE && a.reg < 32 &&
            8u * a.reg + 8 > 8u * d.reg &&
            8u * a.reg < 8u * d.reg + 64 * r.mem_es) {
            return false;
        }
        return !d.is_fp && d.reg != 0 && d.width == r.mem_es * 8;
    }
    return !a.overridden && (d.is_fp || d.reg != 0) &&
           (!d.is_fp || op.mem_bytes == 8);
}

// A predicate that leaves every element active: none, or x0 inverted.
bool pred_all_ones(const sv_pred_entry &p, bool ffirst_ok)
{
    return !p.enabled || (p.predidx == 0 && p.inv && (ffirst_ok || !p.ffirst));
}

// helper_sv_unit_run's shape: a scalar address register and vector
// register elements as wide as the memory elements, not 8-bit FP, every
// predicate all ones; trap-ffirst on a load's destination allowed.
bool unit_run_ok(const sv_resolved_op &r)
{
    bool store = r.op.cls == SV_OPC_STORE;
    const sv_resolved_operand &data = r.opnd[store ? SV_RS2 : SV_RD];
    const sv_resolved_operand &addr = r.opnd[SV_RS1];
    unsigned width = data.overridden ? data.width : 64;

    if (r.kind != SV_EXEC_MEMORY || addr.isvec || !data.isvec ||
        (!data.is_fp && data.reg == 0) || width != r.mem_es * 8u ||
        (data.is_fp && width == 8)) {
        return false;
    }
    return pred_all_ones(r.pred_dest, !store) &&
           pred_all_ones(r.pred_src, false);
}

// The inline run (user mode, host words in order): a unit-stride run of
// both inline_mem_ok's and unit_run_ok's shape, VL = MVL known, register
// elements all in x32..x127 / f32..f127, at most a page, and for a load
// no element in its own address register.  Not under plugins: their
// memory callbacks would see wide accesses.
// A trap-ffirst load with every element active (§7.1) is the plain
// load on one page: only element 0 can fault there, and it traps as
// without fail-on-first.  gen_sv_inline_run sends a run that crosses
// pages to helper_sv_unit_run, which cuts VL.
bool inline_run_ok(const sv_plan_facts &f, const sv_resolved_op &r)
{
    bool store = r.op.cls == SV_OPC_STORE;
    const sv_resolved_operand &d = r.opnd[store ? SV_RS2 : SV_RD];
    unsigned areg = r.opnd[SV_RS1].reg;
    unsigned bytes = f.known_mvl * r.mem_es;
    sv_resolved_op plain = r;

    if (r.ffirst == SV_FFIRST_TRAP && !store && !r.pred_src.enabled &&
        pred_all_ones(r.pred_dest, true)) {
        plain.pred_dest = sv_pred_entry{};
    }
    // Packed FP elements as wide as the memory elements are bytes moved
    // too (no NaN-boxing at a non-default width, §5.5).
    bool packed_fp = d.is_fp && d.overridden && !plain.pred_dest.enabled &&
                     !plain.pred_src.enabled;

    if (!f.user_mode || !f.host_words || !unrollable(f) || f.plugins ||
        !(inline_mem_ok(plain) || packed_fp) || !unit_run_ok(r) || d.reg < 32 ||
        !in_file(d.reg, bytes) || bytes > f.page_size) {
        return false;
    }
    return store || d.is_fp || areg < d.reg || 8 * areg >= 8 * d.reg + bytes;
}

// The inline run's below-MVL loop form: bytes per iteration (8-byte
// host accesses).
constexpr unsigned inline_run_loop_bytes = 64;

// The inline run's two-page form (gen_sv_run_two_pages: the first page's
// elements, STATE's offsets, a 1-byte guest access on the second page,
// the rest), out of line, for every run of more than 8 bytes (at most 8
// the first access is the whole run): a run that crosses a page sent to
// helper_sv_unit_run instead leaves the TB and resumes the block in
// another, several hundred host instructions a crossing, which a loop
// over long runs meets every few passes (a 512-byte run once in 8).  A
// trap-ffirst load (the helper cuts VL at the second page) takes the
// helper.
bool inline_run_two_pages(const sv_resolved_op &r, unsigned bytes)
{
    return bytes > 8 && r.ffirst != SV_FFIRST_TRAP;
}

// The inline run's costs (gen_sv_inline_run): at VL = MVL every 8-byte
// access counts as half an element body; below MVL (a run-time VL from
// the VL block's register, STATE plain as the TB ran the VL block) the
// VL * es bytes on one page move either straight-line, as pieces of the
// length's set bits (up to twice the largest piece, plus the tail
// pieces) while that is no larger than the loop form and fits the
// budget, else as a loop of inline_run_loop_bytes an iteration then the
// pieces of the rest (a fixed size whatever MVL: p.step =
// inline_run_loop_bytes).  Either
// way p.max_vl = MVL - 1; when neither fits, VLs below MVL go to
// helper_sv_unit_run (p.max_vl = 0).
void plan_inline_run_below_mvl(const sv_plan_facts &f, const sv_resolved_op &r,
                               sv_plan &p)
{
    auto pieces_cost = [](unsigned bytes) {
        unsigned top = bytes > 1 ? 1u << (31 - __builtin_clz(bytes - 1)) : 0;
        return (2 * top + 15) / 16 + 1;
    };
    unsigned bytes = f.known_mvl * r.mem_es;
    unsigned at_mvl = (bytes + 15) / 16;
    unsigned straight = pieces_cost(bytes);
    unsigned loop =
        inline_run_loop_bytes / 16 + pieces_cost(inline_run_loop_bytes);

    p.unroll_cost = at_mvl;
    p.max_vl = 0;
    p.step = 0;
    p.two_pages = inline_run_two_pages(r, bytes);
    // No VL below MVL when the TB knows VL = MVL: the second form would
    // be dead code, and its cost would take the budget later ops unroll
    // with.
    if (f.known_mvl <= 1 || f.vl_is_mvl) {
        return;
    }
    // Straight-line while it is no larger than the loop form: its size
    // grows with MVL, the loop's does not.
    if (straight <= loop && f.unroll_budget >= at_mvl + straight) {
        p.max_vl = f.known_mvl - 1;
        p.unroll_cost += straight;
    } else if (f.unroll_budget >= at_mvl + loop) {
        p.max_vl = f.known_mvl - 1;
        p.step = inline_run_loop_bytes;
        p.unroll_cost += loop;
    }
}

// The vector source an op only copies at width w (a "mv"), or -1: the
// predicated merge then needs no scratch.
int pred_copy_src(const sv_resolved_op &r, int form, unsigned w)
{
    const sv_resolved_operand &a = r.opnd[SV_RS1];
    const sv_resolved_operand &b = r.opnd[SV_RS2];
    unsigned alu = r.op.alu;
    uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1;
    // gvec's immediate: a shift's count taken modulo w first
    uint64_t imm = (uint64_t)r.op.imm;

    if (form == SV_GV_VI && is_shift(alu)) {
        imm &= w - 1;
    }
    imm &= mask;
    bool id0 = alu == SV_ALU_ADD || alu == SV_ALU_ADDW || alu == SV_ALU_OR ||
               alu == SV_ALU_XOR;

    switch (form) {
    case SV_GV_VV:
        return (alu == SV_ALU_AND || alu == SV_ALU_OR) && a.reg == b.reg ? a.reg
                                                                         : -1;
    case SV_GV_VI:
        return ((id0 || is_shift(alu)) && imm == 0) ||
                       (alu == SV_ALU_AND && imm == mask)
                   ? a.reg
                   : -1;
    case SV_GV_VS:
        return b.reg == 0 && (id0 || is_shift(alu) || alu == SV_ALU_SUB ||
                              alu == SV_ALU_SUBW)
                   ? a.reg
                   : -1;
    case SV_GV_SV:
        return a.reg == 0 && id0 ? b.reg : -1;
    default:
        return -1;
    }
}

// The predicated merge's pieces: 16 bytes where source and destination
// share a 16-byte phase and the destination is aligned, else 8.
unsigned pred_merges(uint32_t dofs, uint32_t sofs, unsigned bytes)
{
    bool same_phase = (sofs & 15) == (dofs & 15);
    unsigned count = 0;

    for (uint32_t p = 0, sz; p < bytes; p += sz, count++) {
        sz = same_phase && !((dofs + p) & 15) && bytes - p >= 16 ? 16 : 8;
    }
    return count;
}

// The inline predicated merge: an op of the ALU helpers' shape whose gvec
// form covers all MVL elements in whole 64-bit words with a vector source
// (a splat's element 0 would go to the destination).  Fills the cost and
// returns false when the TB lacks the budget or the temps.
bool inline_pred(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p)
{
    unsigned w, n = f.known_mvl;

    if (!f.host_words || !unrollable(f) || alu_helper_shape(r, w) < 0 ||
        n * w % 64 != 0 || gvec_elems(r, w, n) != n) {
        return false;
    }
    int form = gvec_form(r, w, n);
    if (form == SV_GV_SPLAT) {
        return false;
    }
    unsigned bytes = n * w / 8;
    int copy = pred_copy_src(r, form, w);
    uint32_t dofs = gpr_ofs(f, r.opnd[SV_RD].reg);
    // The scratch is 16-aligned in env and used in the destination's phase.
    uint32_t sofs = copy >= 0 ? gpr_ofs(f, copy) : (dofs & 15);
    unsigned pieces = copy >= 0 ? 0 : gvec_pieces(f, r, form, bytes);
    unsigned merges = pred_merges(dofs, sofs, bytes);
    // Every gvec piece, and a table lookup as half a body; the temps:
    // up to 5 for every merged piece, the op's pieces a few more than
    // gvec_temps says, and every lookup a constant.
    unsigned cost = pieces + merges + (bytes / 8 + 3) / 4;
    unsigned temps = (copy >= 0 ? 0 : gvec_temps(f, r, w, n) + pieces) +
                     5 * merges + bytes / 8 + 8;

    if (f.unroll_budget < cost || !temps_fit(f, temps)) {
        return false;
    }
    p.width = w;
    p.gvec_form = form;
    p.gvec_elems = n;
    p.copy_src = copy;
    p.unroll = true;
    p.unroll_cost = cost;
    return true;
}

// FEQ, FLT, FLE: an FP compare into an integer element.
constexpr bool fp_is_compare(unsigned fp)
{
    return fp == SV_FP_EQ || fp == SV_FP_LT || fp == SV_FP_LE;
}

// The FP helpers' shape (sv_fpu.c): a single-predicated FP op of their
// list, no fail-on-first, an FP vector destination (the compares: an
// integer vector other than x0), every FP operand at one width w (16, 32,
// 64), packed or at the default width; the sources the op reads present
// and no others.  Sets w.
bool fp_helper_shape(const sv_resolved_op &r, unsigned &w)
{
    const sv_resolved_operand &rd = r.opnd[SV_RD];
    unsigned nsrc;

    if (r.kind != SV_EXEC_ELEMENTS || r.op.cls != SV_OPC_FP || r.twin ||
        r.uses_svpstate || r.ffirst != SV_FFIRST_NONE ||
        (r.pred_dest.enabled && r.pred_dest.ffirst)) {
        return false;
    }
    nsrc = sv_fp_arith_sources(r.op.fp);
    if (!nsrc) {
        return false;
    }
    if (fp_is_compare(r.op.fp)) {
        if (!rd.present || rd.is_fp || !rd.isvec || rd.reg == 0) {
            return false;
        }
        w = r.opnd[SV_RS1].width;
    } else if (!rd.present || !rd.is_fp || !rd.isvec) {
        return false;
    } else {
        w = rd.width;
    }
    if (w != 16 && w != 32 && w != 64) {
        return false;
    }
    for (unsigned k = SV_RS1; k <= SV_RS3; k++) {
        const sv_resolved_operand &o = r.opnd[k];

        if (o.present != (k <= nsrc) ||
            (o.present && (!o.is_fp || o.width != w))) {
            return false;
        }
    }
    return true;
}

// helper_sv_fp_twin's shape: FMV/FNEG/FABS (FSGNJ* with rs1 = rs2) or
// FCVT between FP widths, no predicate, no fail-on-first, an FP vector
// destination and an FP source, each at 16, 32 or 64 bits.
bool fp_twin_shape(const sv_resolved_op &r)
{
    const sv_resolved_operand &d = r.opnd[SV_RD];
    const sv_resolved_operand &s = r.opnd[SV_RS1];
    auto fp_width = [](unsigned w) { return w == 16 || w == 32 || w == 64; };

    if (r.kind != SV_EXEC_ELEMENTS || r.op.cls != SV_OPC_FP || !r.twin ||
        r.uses_svpstate || r.ffirst != SV_FFIRST_NONE || r.pred_dest.enabled ||
        r.pred_src.enabled || r.src_slot != SV_RS1 || r.dst_slot != SV_RD) {
        return false;
    }
    switch (r.op.fp) {
    case SV_FP_SGNJ:
    case SV_FP_SGNJN:
    case SV_FP_SGNJX:
    case SV_FP_CVT_F_F:
        break;
    default:
        return false;
    }
    return d.present && d.is_fp && d.isvec && s.present && s.is_fp &&
           fp_width(d.width) && fp_width(s.width);
}

// The compiled element loop (trans_sv_compiled.c.inc): an integer op of
// any width mix (single-predicated, or C.MV's twin) or an indexed load or
// store of integer elements without predicates or fail-on-first.
bool compiled_int_operand_ok(const sv_resolved_operand &o)
{
    return !o.present || (!o.is_fp && (o.width == 8 || o.width == 16 ||
                                       o.width == 32 || o.width == 64));
}

constexpr bool fp_width(unsigned w)
{
    return w == 16 || w == 32 || w == 64;
}

// Loads and stores of integer or FP elements (a vector register side or a
// vector address register; a scalar register side takes the twin loop;
// both scalar: element 0 once, sv_loop_span_of; FP data NaN-boxed and
// unboxed at the default width as the general loop's): unit-stride
// (§8.1: a scalar address register, element k at X[rs1] + imm + k * es) or
// indexed (a vector address register, one 64-bit address per register, read
// whole; §8.2: an address register's elwidth narrower than the op cuts each
// access into eb elements, element k at X[rs1 + k / eb] + imm + (k mod eb) *
// es), with or without predicates (single or twin, inverted, zeroing) and trap
// fail-on-first (§7.1; these take the emitter's twin loop, gen_svc_twin_loop).
// Under auto the unit-stride fast paths come first.
bool compiled_mem_shape(const sv_resolved_op &r)
{
    const sv_op &op = r.op;
    const sv_resolved_operand &a = r.opnd[SV_RS1];
    const sv_resolved_operand &d =
        r.opnd[op.cls == SV_OPC_STORE ? SV_RS2 : SV_RD];

    return !r.uses_svpstate &&
           (op.cls == SV_OPC_LOAD || op.cls == SV_OPC_STORE) && a.present &&
           !a.is_fp && r.mem_es >= 1 && r.mem_es <= op.mem_bytes && d.present &&
           (d.is_fp ? fp_width(d.width) : compiled_int_operand_ok(d));
}

// An FP twin (§5.4, A38) of the compiled twin loop: FMV/FNEG/FABS
// (FSGNJ* with rs1 = rs2), FCVT between FP widths or to or from an
// integer of any element width, FMV.X.* / FMV.*.X, FCLASS; from rs1 to
// rd, the FP side at 16, 32 or 64 bits (with no vector operand: element
// 0 once, sv_loop_span_of).
bool compiled_fp_twin_shape(const sv_resolved_op &r)
{
    const sv_resolved_operand &d = r.opnd[SV_RD];
    const sv_resolved_operand &s = r.opnd[SV_RS1];
    auto side_ok = [](const sv_resolved_operand &o) {
        return o.present &&
               (o.is_fp ? fp_width(o.width) : compiled_int_operand_ok(o));
    };

    return r.twin && r.src_slot == SV_RS1 && r.dst_slot == SV_RD &&
           !r.opnd[SV_RS3].present &&
           (!r.opnd[SV_RS2].present || r.opnd[SV_RS2].reg == s.reg) &&
           side_ok(d) && side_ok(s) && (d.is_fp || s.is_fp);
}

// A single-predicated FP op: arithmetic at any width mix of its FP
// sources, or a compare into integer elements (a helper call per
// element, the loop forms only); with no vector operand element 0 once
// (sv_loop_span_of); or an FP twin (compiled_fp_twin_shape).
bool compiled_fp_shape(const sv_resolved_op &r)
{
    const sv_resolved_operand &rd = r.opnd[SV_RD];
    const bool cmp = fp_is_compare(r.op.fp);
    const unsigned nsrc = sv_fp_arith_sources(r.op.fp);

    if (r.kind != SV_EXEC_ELEMENTS || r.uses_svpstate) {
        return false;
    }
    if (r.twin) {
        return compiled_fp_twin_shape(r);
    }
    if (!nsrc || !rd.present || rd.is_fp == cmp ||
        (cmp ? !compiled_int_operand_ok(rd)
             : rd.width != 16 && rd.width != 32 && rd.width != 64)) {
        return false;
    }
    for (unsigned k = SV_RS1; k <= SV_RS3; k++) {
        const sv_resolved_operand &o = r.opnd[k];

        if (o.present != (k - SV_RS1 < nsrc) ||
            (o.present &&
             (!o.is_fp || (o.width != 16 && o.width != 32 && o.width != 64)))) {
            return false;
        }
    }
    return true;
}

// The longest VL of an access whose register elements and (indexed)
// address registers all lie in the register file (the reference loop
// raises illegal instruction beyond it, §5.5).
unsigned compiled_mem_max_vl(const sv_resolved_op &r)
{
    const sv_resolved_operand &a = r.opnd[SV_RS1];
    const sv_resolved_operand &d =
        r.opnd[r.op.cls == SV_OPC_STORE ? SV_RS2 : SV_RD];
    unsigned stride = d.overridden ? d.width / 8 : 8;
    unsigned eb = r.op.mem_bytes / r.mem_es;
    unsigned max =
        d.isvec ? std::min(64u, (file_bytes - 8 * d.reg) / stride) : 64u;

    return a.isvec ? std::min(max, (128u - a.reg) * eb) : max;
}

// Whether the compiled access takes the twin loop (gen_svc_twin_loop): a
// predicate that leaves an element inactive, a destination predicate with
// fail-on-first (a source predicate's flag is no rule of the loop's), or
// a load into a scalar register (its loop ends at the first write).  An
// all-ones predicate (x0 inverted) is no predicate, and a store's scalar
// register is read for every element (the twin loop's source index stays
// 0: STATE's srcoffs too), so both take the access loop and its forms.
bool compiled_mem_twin(const sv_resolved_op &r)
{
    bool store = r.op.cls == SV_OPC_STORE;

    return !pred_all_ones(r.pred_dest, false) ||
           !pred_all_ones(r.pred_src, true) || (!store && !r.opnd[SV_RD].isvec);
}

// TCG temps the compiled access takes of its own (its two forms'
// scratch, each used in one extended basic block: trans_sv_compiled_mem).
constexpr unsigned compiled_mem_temps = 19;
// Elements per iteration of the loop form's first loop (a power of two,
// at least the most elements of one address register, 8).
constexpr unsigned compiled_mem_step = 8;
// The longest straight-line access: beyond it the loop's steps cost
// about as much per element, and leave the budget to ops that gain more
// from it (gvec's pieces).
constexpr unsigned compiled_mem_unroll_max = 16;

// The compiled access's plan: straight-line when it is not predicated,
// MVL is known (the TB ran the block's VL block) and at most
// compiled_mem_unroll_max, its register elements
// and address registers lie inside the register file at VL = MVL and the
// unroll budget allows (an element body each), else the loop (the twin
// loop when predicated; unpredicated, in steps of compiled_mem_step
// elements when the budget has that many bodies left, and always in user
// mode); the general loop when the TB has no temps left for its scratch.
void plan_compiled_mem(const sv_plan_facts &f, const sv_resolved_op &r,
                       sv_plan &p)
{
    if (!temps_fit(f, compiled_mem_temps)) {
        p.backend = SV_BACKEND_ELEMENTS;
        return;
    }
    p.backend = SV_BACKEND_COMPILED;
    p.max_vl = compiled_mem_max_vl(r);
    p.mem_twin = compiled_mem_twin(r);
    // The twin loop, or element 0 once (no vector operand): no other form.
    bool pred = p.mem_twin || !r.vector;
    p.unroll = !pred && unrollable(f) && f.unroll_budget >= f.known_mvl &&
               p.max_vl >= f.known_mvl &&
               f.known_mvl <= compiled_mem_unroll_max;
    if (p.unroll) {
        p.unroll_cost = f.known_mvl;
    } else if (!pred && p.max_vl >= compiled_mem_step &&
               r.opnd[r.op.cls == SV_OPC_STORE ? SV_RS2 : SV_RD].reg != 0 &&
               (f.unroll_budget >= compiled_mem_step || f.user_mode)) {
        // The loop form runs whole steps of elements with constant
        // offsets from the step's first (its register elements outside
        // x0, so no write is dropped), then one at a time.  A step is
        // at most compiled_mem_step bodies per op, and a block at most
        // SV_VBLOCK_MAX_OPS ops, so in user mode (small bodies) it keeps
        // its step when the straight-line forms have spent the budget:
        // it takes what is left.
        p.step = compiled_mem_step;
        p.unroll_cost = std::min(f.unroll_budget, compiled_mem_step);
    }
}

bool compiled_shape(const sv_resolved_op &r)
{
    const sv_op &op = r.op;

    if (r.kind == SV_EXEC_MEMORY) {
        return compiled_mem_shape(r);
    }
    if (op.cls == SV_OPC_FP) {
        return compiled_fp_shape(r);
    }
    if (op.cls == SV_OPC_LUI || op.cls == SV_OPC_AUIPC) {
        // A P48/P64 LUI/AUIPC: once (A36), into an integer rd.
        return r.kind == SV_EXEC_ELEMENTS && !r.uses_svpstate &&
               r.opnd[SV_RD].present && !r.opnd[SV_RD].is_fp &&
               compiled_int_operand_ok(r.opnd[SV_RD]);
    }
    if (op.cls == SV_OPC_AMO) {
        // A vector AMO (§5.2): one atomic access per element, the loop
        // over the run-time VL (trans_sv_compiled_amo); no vector
        // operand: element 0 once.
        return r.kind == SV_EXEC_ELEMENTS && !r.uses_svpstate;
    }
    if (r.kind != SV_EXEC_ELEMENTS || r.uses_svpstate || op.cls != SV_OPC_INT ||
        op.alu >= SV_ALU_COUNT || !r.opnd[SV_RD].present ||
        r.opnd[SV_RS3].present) {
        return false;
    }
    if (r.twin) {
        // C.MV: a copy from rs2 (§5.4, twin-predicated).
        if (r.src_slot != SV_RS2 || r.dst_slot != SV_RD ||
            !r.opnd[SV_RS2].present || r.opnd[SV_RS1].present) {
            return false;
        }
    } else if (!r.opnd[SV_RS1].present ||
               (!op.b_is_imm && !r.opnd[SV_RS2].present)) {
        return false;
    }
    for (unsigned k = SV_RD; k <= SV_RS2; k++) {
        if (!compiled_int_operand_ok(r.opnd[k])) {
            return false;
        }
    }
    return true;
}

// The longest VL whose elements all lie in the register file (the
// reference loop raises illegal instruction beyond it, §5.5).
unsigned compiled_max_vl(const sv_resolved_op &r)
{
    unsigned max = 64;

    for (unsigned k = SV_RD; k <= SV_RS3; k++) {
        const sv_resolved_operand &o = r.opnd[k];

        if (o.present && o.isvec) {
            unsigned stride = o.overridden ? o.width / 8 : 8;

            max = std::min(max, (file_bytes - 8 * o.reg) / stride);
        }
    }
    return max;
}

// C.MV's twin loop (trans_sv_compiled_twin): straight-line
// (trans_sv_compiled_twin_line) when MVL is known, the unroll budget
// allows, a side is a vector, the vectors lie inside the register file at
// VL = MVL and there is no fail-on-first, with any predicates (either
// side, both, inverted, zeroing), widths and scalar sides; a vector side
// whose index walks its mask's set bits (predicated, not zeroing) lies in
// x32..x127, where its element is addressed in env by the running mask's
// lowest set bit (the other side's element is the step's constant, in
// x0..x31 too); else the loop over the run-time VL.
void plan_compiled_twin(const sv_plan_facts &f, const sv_resolved_op &r,
                        sv_plan &p)
{
    const sv_resolved_operand &s = r.opnd[SV_RS2];
    const sv_resolved_operand &d = r.opnd[SV_RD];
    const sv_pred_entry &pd = r.pred_dest;
    const sv_pred_entry &ps = r.pred_src;
    const bool walk_s = s.isvec && ps.enabled && !ps.zero;
    const bool walk_d = d.isvec && pd.enabled && !pd.zero;

    p.backend = SV_BACKEND_COMPILED;
    p.max_vl = compiled_max_vl(r);
    p.unroll = unrollable(f) && f.unroll_budget >= f.known_mvl &&
               p.max_vl >= f.known_mvl && temps_fit(f, 3) &&
               (s.isvec || d.isvec) && (!walk_s || s.reg >= 32) &&
               (!walk_d || d.reg >= 32) && !(pd.enabled && pd.ffirst) &&
               r.ffirst == SV_FFIRST_NONE;
    if (p.unroll) {
        p.unroll_cost = f.known_mvl;
    }
}

// The compiled loop's straight-line form: MVL known (the TB ran the
// block's VL block, so STATE.vl is vl_reg, SUBVL the block's and the
// offsets 0), every vector operand inside the register file at VL = MVL,
// and enough of the TB's unroll budget.  Division takes temps of its own
// per element, so it always loops; C.MV and indexed accesses are
// plan_compiled_twin's and plan_compiled_mem's.
void plan_compiled(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p)
{
    const sv_alu_info *info =
        r.op.cls == SV_OPC_INT
            ? sv_alu_op_info(static_cast<sv_alu_op>(r.op.alu))
            : nullptr;
    const bool divides = info && info->divides;

    if (r.kind == SV_EXEC_MEMORY) {
        plan_compiled_mem(f, r, p);
        return;
    }
    if (r.twin && r.op.cls == SV_OPC_FP) {
        // An FP twin: straight-line as a single-predicated op is when
        // neither side is predicated (element e to element e), else the
        // twin loop.
        p.backend = SV_BACKEND_COMPILED;
        p.max_vl = compiled_max_vl(r);
        p.unroll = r.vector && !r.pred_dest.enabled && !r.pred_src.enabled &&
                   unrollable(f) && f.unroll_budget >= f.known_mvl &&
                   p.max_vl >= f.known_mvl;
        p.unroll_cost = p.unroll ? f.known_mvl : 0;
        return;
    }
    if (r.twin) {
        plan_compiled_twin(f, r, p);
        return;
    }
    p.backend = SV_BACKEND_COMPILED;
    p.max_vl = compiled_max_vl(r);
    p.unroll = r.kind == SV_EXEC_ELEMENTS &&
               (r.op.cls == SV_OPC_INT || r.op.cls == SV_OPC_FP) && !divides &&
               !r.twin && r.vector && unrollable(f) &&
               f.unroll_budget >= f.known_mvl && p.max_vl >= f.known_mvl;
    if (p.unroll) {
        p.unroll_cost = f.known_mvl;
    }
}

// Data-dependent fail-on-first on an integer op of the gvec list
// (trans_sv_ffirst.c.inc): int_uniform's shape with the destination
// predicate's ffirst (any mask register, inverted, zeroing), this TB ran
// the VL block (MVL known, SUBVL 1, STATE.vl a register), host words in
// order.  gvec computes all MVL elements into the scratch, rounded up to
// whole 64-bit words (the sources read that far, in x32..x127); a
// zero-lane test per word finds the cut; the elements up to it are then
// copied (merged) into the destination.  Computing every element first
// gives the sequential loop's result (§5.1, §7.2) because every vector
// source is the destination or apart from it and no scalar source lies
// in it (gvec_form's rule, at the rounded size); a splat is left to the
// compiled loop.  Fills p; false when the shape, the budget or the temps
// do not allow it.
bool plan_ffirst_gvec(const sv_plan_facts &f, const sv_resolved_op &r,
                      sv_plan &p)
{
    unsigned w;

    if (!f.host_words || !unrollable(f) || !r.vector ||
        r.ffirst != SV_FFIRST_DATA || !r.pred_dest.enabled ||
        !r.pred_dest.ffirst || int_uniform(r, w) < 0) {
        return false;
    }
    unsigned n = f.known_mvl;
    unsigned bytes = (n * w / 8 + 7) & ~7u;
    unsigned gn = bytes * 8 / w;
    int form = gvec_form(r, w, gn);

    if (form == SV_GV_NONE || form == SV_GV_SPLAT) {
        return false;
    }
    // A gvec piece, a word's zero test, a 16-byte piece of the copy each.
    unsigned cost = gvec_pieces(f, r, form, bytes) + bytes / 8 + bytes / 16;
    // The test's constants, the mask, the lanes and the accumulator.
    unsigned temps = gvec_temps(f, r, w, gn) + 8;

    // After an op that tested VL = MVL (f.vl_tested): no test of its
    // own, and the VL < MVL entry computes the elements out of line too.
    bool below_entry = f.vl_tested && !f.vl_is_mvl;

    if (below_entry) {
        cost += gvec_pieces(f, r, form, bytes);
    }
    if (f.unroll_budget < cost || !temps_fit(f, temps)) {
        return false;
    }
    p.backend = SV_BACKEND_FFIRST_GVEC;
    p.below_entry = below_entry;
    p.width = w;
    p.unroll = true;
    p.unroll_cost = cost;
    p.gvec_elems = gn;
    p.gvec_form = form;
    return true;
}

// helper_sv_scan's shape: BEQ or BNE of packed bytes against a scalar
// integer or another byte vector, first predicate x0 inverted with
// fail-on-first (not zeroing), no mask register written.  With
// fail-on-first it is a byte search.
bool scan_branch_shape(const sv_resolved_op &b)
{
    const sv_resolved_operand &v = b.opnd[SV_RS1];
    const sv_resolved_operand &sc = b.opnd[SV_RS2];
    const sv_pred_entry &p = b.pred_src;

    return b.vector && (b.op.alu == SV_CMP_NE || b.op.alu == SV_CMP_EQ) &&
           v.isvec && v.width == 8 && !v.is_fp && !sc.is_fp &&
           (!sc.isvec || sc.width == 8) && p.enabled && p.predidx == 0 &&
           p.inv && !p.zero && p.ffirst &&
           (!b.pred_dest.enabled || b.pred_dest.predidx == 0);
}

// helper_sv_ldbr_scan's shape: a byte load (trap-ffirst or plain) into
// packed bytes at x32..x120, then BNE of exactly those bytes against a
// scalar register outside them, no second predicate.
bool fused_scan_shape(const sv_resolved_op &ld, const sv_resolved_op &b)
{
    const sv_resolved_operand &d = ld.opnd[SV_RD];
    const sv_resolved_operand &sc = b.opnd[SV_RS2];
    unsigned base = ld.opnd[SV_RS1].reg;

    return ld.mem_es == 1 && !d.is_fp && d.reg >= 32 && d.reg + 8 <= 128 &&
           d.width == 8 && (sc.reg < d.reg || sc.reg >= d.reg + 8) &&
           // the general loop reads a base the load rewrites per element
           (base < d.reg || base >= d.reg + 8u) &&
           (ld.ffirst == SV_FFIRST_TRAP || ld.ffirst == SV_FFIRST_NONE) &&
           scan_branch_shape(b) && b.op.alu == SV_CMP_NE && !sc.isvec &&
           !b.pred_dest.enabled && b.opnd[SV_RS1].reg == d.reg;
}

// STATE at opcode 0 is the one the VL block "rd := VLMAX" with VLMAX 64
// set in this TB, SUBVL 1: VL is 64 in x[rd].
bool vl64_known(const sv_plan_facts &f)
{
    const sv_vl_block *vl = f.vl_block;
    uint32_t state = 0;
    uint64_t rd_value = 0;
    static const uint64_t no_regs[32] = {};
    unsigned vl_reg;

    if (!f.first_op || !f.known_mvl || !vl || !vl->present ||
        vl->mode != SV_VL_MODE_RD || vl->rs1 || !vl->rd ||
        sv_vl_block_exec(&state, *vl, 0, 64, &rd_value) != SV_OK ||
        rd_value != 64) {
        return false;
    }
    return sv_state_plain_vl(state, no_regs, &vl_reg) >= 0 &&
           vl_reg == vl->rd && sv_state_mvl(state) == 64;
}

bool uses_fp(const sv_op &op)
{
    return op.rd.is_fp || op.rs1.is_fp || op.rs2.is_fp || op.rs3.is_fp;
}

// What an op costs, in host instructions, in fp_helper's loop against
// the compiled loop's straight-line form at VL = MVL: the helper has a
// set-up the straight-line form does not (the call, VL, the mask, the
// operands' layout), about fp_helper_setup_cost.  Below 64 bits its loop
// runs a layout fixed for the call (sv_fpu.c: sv_fp_uniform), and each
// element costs about fp_straight_elem_extra less than a straight-line
// element, which calls helper_sv_fpe_<op>_<w> around the same softfloat
// function; at 64 bits its loop tests each operand's layout per element
// and costs more than a straight-line element.  fp_twin's loop
// (conversions through the general twin code) costs more per element
// than the straight-line twin at any width.
constexpr unsigned fp_helper_setup_cost = 200;
constexpr unsigned fp_straight_elem_extra = 5;

// Whether the compiled loop's straight-line form of an FP op at width w
// costs no more than its FP helper at VL = MVL: always for a twin and at
// 64 bits; below, while MVL extra costs stay within the helper's set-up.
bool fp_straight_cheaper(const sv_plan_facts &f, unsigned w, bool twin)
{
    return twin || w == 64 ||
           f.known_mvl * fp_straight_elem_extra <= fp_helper_setup_cost;
}

// The FP helpers (sv_fpu.c: fp_twin, fp_helper) for their shapes.  They
// run a plain STATE (SUBVL 1, offsets 0) only: their fallback (the
// emitter's branch when the run time says otherwise) is the compiled
// loop over the run-time VL when compiled_ok (inline TCG allowed) and it
// covers the op, else the general loop; with SUBVL > 1 known (this TB ran
// the block's VL block) the helper could never run, and when the compiled
// loop's straight-line form fits (MVL known, the budget) and costs no
// more (fp_straight_cheaper), the compiled loop is the plan.  False when
// neither helper's shape fits.
bool plan_fp(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p,
             bool compiled_ok)
{
    unsigned w = r.opnd[SV_RD].width;
    bool twin = fp_twin_shape(r);

    if (!twin && !fp_helper_shape(r, w)) {
        return false;
    }
    compiled_ok = compiled_ok && compiled_shape(r);
    if (compiled_ok && f.known_mvl && f.subvl > 1) {
        plan_compiled(f, r, p);
        return true;
    }
    if (compiled_ok && fp_straight_cheaper(f, w, twin)) {
        sv_plan helper = p;

        plan_compiled(f, r, p);
        if (p.unroll) {
            return true;
        }
        p = helper;
    }
    p.backend = twin ? SV_BACKEND_FP_TWIN : SV_BACKEND_FP_HELPER;
    p.width = w;
    p.fallback = compiled_ok ? SV_BACKEND_COMPILED : SV_BACKEND_ELEMENTS;
    if (compiled_ok) {
        p.max_vl = compiled_max_vl(r);
    }
    return true;
}

// The host vector moves of a splat's stores or an inline run of bytes
// bytes (sv_plan.vec_bytes): 32-byte moves at any address when the host
// has them (facts.host_vec32) and the bytes fill one, so no alignment
// test; else 0 (16-byte moves where the phases agree, else 8 bytes).
unsigned host_vec_bytes(const sv_plan_facts &f, unsigned bytes)
{
    return f.host_vec32 && bytes >= 32 ? 32 : 0;
}

// An inline loop (gen_sv_inline): unrolled when MVL is known and the
// budget allows, with gvec's part when the temps allow, else the loop.
void plan_inline(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p,
                 unsigned top, unsigned stride, bool unroll_ok, unsigned gvec_n)
{
    unsigned w = stride * 8;
    unsigned pieces = gvec_n ? gvec_cost(f, r, w, gvec_n) : 0;

    if (gvec_n && !temps_fit(f, gvec_temps(f, r, w, gvec_n))) {
        gvec_n = pieces = 0;
    }
    unsigned cost = f.known_mvl - gvec_n + pieces;

    p.top_reg = top;
    p.stride = stride;
    p.unroll_ok = unroll_ok;
    p.unroll = unrollable(f) && f.unroll_budget >= cost && unroll_ok &&
               8 * top + f.known_mvl * stride <= file_bytes;
    if (p.unroll) {
        p.unroll_cost = cost;
        p.gvec_elems = gvec_n;
        p.gvec_form = gvec_n ? gvec_form(r, w, gvec_n) : SV_GV_NONE;
        p.vec_bytes =
            p.gvec_form == SV_GV_SPLAT ? host_vec_bytes(f, gvec_n * stride) : 0;
    }
    if (p.backend == SV_BACKEND_INLINE_GVEC && !p.gvec_elems) {
        p.backend = SV_BACKEND_INLINE_INT;
    }
}

// SUBVL > 1 is known: this TB ran the block's VL block, which sets it.
bool subvl_groups(const sv_plan_facts &f)
{
    return f.known_mvl && f.subvl > 1;
}

// The integer element loops the compiled loop covers whose
// specialisations (inline_int, inline_gvec, alu_helper, inline_pred) are
// guarded: they run a plain STATE (SUBVL 1, offsets 0) only, and the
// compiled loops over the run-time VL run the rest.
bool compiled_int_loop(const sv_resolved_op &r)
{
    return r.kind == SV_EXEC_ELEMENTS && r.op.cls == SV_OPC_INT && !r.twin &&
           compiled_shape(r);
}

// A unit-stride access's fallback when STATE is not plain at run time
// (SUBVL > 1, a resumed loop): the compiled access loop (its grouped
// loop) where it covers the access and its scratch temps fit, reached by
// the guard of the inline loop (gen_sv_guarded) or of helper_sv_unit_run
// (gen_sv_unit_run), else the general loop (the helper knob, or no temps
// left).  max_vl is the compiled loop's.
void plan_mem_fallback(const sv_plan_facts &f, const sv_resolved_op &r,
                       sv_plan &p, bool compiled_ok)
{
    if (compiled_ok && compiled_mem_shape(r) &&
        temps_fit(f, compiled_mem_temps)) {
        p.fallback = SV_BACKEND_COMPILED;
        p.max_vl = compiled_mem_max_vl(r);
        p.mem_twin = compiled_mem_twin(r);
    } else {
        p.fallback = SV_BACKEND_ELEMENTS;
    }
}

// The element loop of r (not fused): the backend and its data.  A guarded
// specialisation's fallback (p.fallback) is the compiled loop where it
// covers the op and inline TCG is allowed, else the general loop; with
// SUBVL > 1 known every guard would fail, so the compiled loop is the
// plan.
void plan_loop(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p,
               bool inline_ok)
{
    unsigned knob = f.knob;
    bool inline_knob = knob == SV_KNOB_AUTO || knob == SV_KNOB_NOGVEC ||
                       knob == SV_KNOB_NOFUSE || knob == SV_KNOB_COMPILED;
    bool compiled_ok_knob = knob != SV_KNOB_HELPER && knob != SV_KNOB_GENERAL;
    bool compiled_ok = compiled_ok_knob && inline_ok && compiled_int_loop(r);
    unsigned w;

    if (r.uses_svpstate) {
        p.backend = SV_BACKEND_PREFIX;
        return;
    }
    if (knob == SV_KNOB_GENERAL) {
        p.backend = SV_BACKEND_ELEMENTS;
        return;
    }
    if (knob == SV_KNOB_COMPILED && inline_ok && compiled_shape(r)) {
        plan_compiled(f, r, p);
        return;
    }
    if (compiled_ok && subvl_groups(f)) {
        plan_compiled(f, r, p);
        return;
    }
    const uint8_t guard_fallback =
        compiled_ok ? SV_BACKEND_COMPILED : SV_BACKEND_ELEMENTS;
    if (inline_knob && inline_ok) {
        int top = inline_int_shape(r, w);

        if (top >= 0) {
            unsigned n = knob != SV_KNOB_NOGVEC && f.known_mvl
                             ? gvec_elems(r, w, f.known_mvl)
                             : 0;

            p.backend = n ? SV_BACKEND_INLINE_GVEC : SV_BACKEND_INLINE_INT;
            p.width = w;
            p.fallback = guard_fallback;
            plan_inline(f, r, p, top, w / 8, int_unroll_ok(r, w), n);
            return;
        }
        if (knob != SV_KNOB_NOGVEC && inline_pred(f, r, p)) {
            // VL < MVL: the ALU helper (STATE is plain: the TB ran the
            // VL block).
            p.backend = SV_BACKEND_INLINE_PRED;
            p.fallback = SV_BACKEND_ALU_HELPER;
            return;
        }
        if (knob != SV_KNOB_NOGVEC && plan_ffirst_gvec(f, r, p)) {
            return;
        }
        if (inline_run_ok(f, r)) {
            // What the run does not move inline (two pages at VL < MVL,
            // wraps, wild pointers) runs in helper_sv_unit_run; STATE is
            // plain (the TB ran the VL block, SUBVL 1).
            p.backend = SV_BACKEND_INLINE_RUN;
            p.fallback = SV_BACKEND_UNIT_RUN;
            p.width = r.mem_es * 8;
            plan_inline_run_below_mvl(f, r, p);
            // In line after the run VL = MVL (its destination is a
            // vector, never STATE.vl's register): its VL < MVL path goes
            // on at the next op, which may skip its own test.
            p.below_to_next = !f.prefix && !f.ops_replayed && p.max_vl != 0;
            // Under the block's shared page test (sv_shared_page) the
            // run lies in one page at VL = MVL.
            p.shared_page = f.shared_page;
            p.two_pages &= !p.shared_page;
            p.vec_bytes = host_vec_bytes(f, f.known_mvl * r.mem_es);
            // A run of more than 64 bytes crosses a page on more than
            // one pass in 64 of a loop over memory: leaving the TB there
            // (a TB resumed mid-block plans the rest without MVL) costs
            // more than the join.
            p.two_pages_join =
                p.two_pages && p.vec_bytes && f.known_mvl * r.mem_es > 64;
            return;
        }
        if (inline_mem_ok(r) &&
            (!unit_run_ok(r) || (f.known_mvl && f.known_mvl <= 32))) {
            const sv_resolved_operand &d =
                r.opnd[r.op.cls == SV_OPC_STORE ? SV_RS2 : SV_RD];

            // Packed elements step by their size and, unrolled, must not
            // lie in x0..x31 (TCG globals).
            p.backend = SV_BACKEND_INLINE_MEM;
            p.width = r.mem_es * 8;
            plan_inline(f, r, p, d.reg, d.overridden ? r.mem_es : 8,
                        !d.overridden || d.reg >= 32, 0);
            plan_mem_fallback(f, r, p, compiled_ok_knob);
            return;
        }
    }
    if (unit_run_ok(r)) {
        p.backend = SV_BACKEND_UNIT_RUN;
        p.width = r.mem_es * 8;
        plan_mem_fallback(f, r, p, compiled_ok_knob && inline_ok);
        return;
    }
    // The helper's guard and VL are inline TCG (the block temps).
    if (inline_ok && alu_helper_shape(r, w) >= 0) {
        p.backend = SV_BACKEND_ALU_HELPER;
        p.width = w;
        p.fallback = guard_fallback;
        return;
    }
    // The FP helpers' guard is inline TCG too.
    if (inline_ok && plan_fp(f, r, p, knob != SV_KNOB_HELPER)) {
        return;
    }
    if (knob != SV_KNOB_HELPER && inline_ok && compiled_shape(r)) {
        plan_compiled(f, r, p);
        return;
    }
    p.backend = SV_BACKEND_ELEMENTS;
}

// The compiled vector branch (gen_sv_branch_tcg): a VBLOCK's branch on
// STATE (not a prefix, not SVPSTATE) with at least one vector operand,
// integer operands.  Bit e of a word is element e's compare; then
// §6.5's rule as word operations.  Three forms:
//  * gvec (gvec_elems = the elements compared): both operands in
//    x32..x127 at one element width (or one a scalar at that width, or
//    x0), compared by tcg_gen_gvec_cmp into env's scratch and gathered
//    eight lanes a word; elements past the run-time VL are dropped.
//  * straight-line (unroll, unroll_cost = MVL): one compare per element
//    of MVL when this TB ran the VL block and MVL <= branch_tcg_max_elems;
//  * a TCG loop over the run-time VL, one compare per element.
// With MVL known (this TB ran the VL block: STATE's offsets 0, STATE.vl
// the VL block's register; a branch ignores SUBVL) every vector operand's
// MVL elements must lie in the register file (else helper_sv_branch).
// Without it (a block with no VL block, a TB resumed inside a block) the
// form reads STATE at run time: max_vl is the longest VL whose elements
// lie in the register file, and a longer VL or a resumed compare (STATE's
// offsets not 0) takes the fallback, helper_sv_branch.
constexpr unsigned branch_tcg_max_elems = 16;
// TCG ops: the straight-line form's per element (two loads, the compare,
// a shift and an OR), the gvec form's per 64-bit word (loads, compare
// and store of the lanes, then AND, multiply, shift, OR).  Where both
// fit the planner takes the cheaper (a few elements: straight-line).
constexpr unsigned branch_straight_elem_ops = 5;
constexpr unsigned branch_gvec_word_ops = 10;
// The gvec form's bytes of each operand when MVL is not known: it
// compares max_vl elements whatever VL is, which beyond this costs more
// than the loop at a small VL.
constexpr unsigned branch_gvec_unknown_bytes = 128;

// The longest VL (<= 64) whose elements of operand o lie in the file.
unsigned branch_operand_fit(const sv_resolved_operand &o)
{
    unsigned n = 64;

    while (o.isvec && n && !in_file(o.reg, n * o.width / 8u)) {
        n--;
    }
    return n;
}

// Bytes of n elements of width w rounded up to whole 64-bit words.
constexpr unsigned branch_gvec_bytes(unsigned n, unsigned w)
{
    return (n * w / 8 + 7) & ~7u;
}

// The gvec form's shape for n elements: vector operands in x32..x127 at
// one width, whose words (n elements rounded up) lie in the file; a
// scalar at that width or x0.
bool branch_gvec_shape(const sv_resolved_op &r, unsigned n)
{
    const sv_resolved_operand &a = r.opnd[SV_RS1], &b = r.opnd[SV_RS2];
    const sv_resolved_operand &v = a.isvec ? a : b;
    unsigned bytes = branch_gvec_bytes(n, v.width);

    for (const sv_resolved_operand *o : {&a, &b}) {
        if (o->isvec
                ? o->width != v.width || o->reg < 32 || !in_file(o->reg, bytes)
                : o->reg != 0 && o->width != v.width) {
            return false;
        }
    }
    return true;
}

bool plan_branch_tcg(const sv_plan_facts &f, const sv_resolved_op &r,
                     sv_plan &p)
{
    const sv_resolved_operand &a = r.opnd[SV_RS1], &b = r.opnd[SV_RS2];
    const unsigned mvl = std::min(f.known_mvl, 64u);
    const unsigned fit = std::min(branch_operand_fit(a), branch_operand_fit(b));
    bool knob_ok = f.knob == SV_KNOB_AUTO || f.knob == SV_KNOB_NOGVEC ||
                   f.knob == SV_KNOB_NOFUSE || f.knob == SV_KNOB_COMPILED;
    bool gvec_ok = f.knob != SV_KNOB_NOGVEC;
    unsigned w = a.isvec ? a.width : b.width;

    if (!knob_ok || f.plugins || f.prefix || !r.vector || r.uses_svpstate ||
        a.is_fp || b.is_fp || !fit || (mvl && fit < mvl)) {
        return false;
    }
    p.backend = SV_BACKEND_BRANCH_TCG;
    p.width = std::max(a.width, b.width);
    bool straight_ok =
        mvl && mvl <= branch_tcg_max_elems && f.unroll_budget >= mvl;

    if (gvec_ok && mvl && branch_gvec_shape(r, mvl) &&
        (!straight_ok || branch_gvec_word_ops * branch_gvec_bytes(mvl, w) / 8 <
                             branch_straight_elem_ops * mvl)) {
        p.gvec_elems = mvl;
    } else if (gvec_ok && !mvl && branch_gvec_shape(r, fit) &&
               branch_gvec_bytes(fit, w) <= branch_gvec_unknown_bytes) {
        p.gvec_elems = fit;
    }
    if (p.gvec_elems) {
        p.gvec_form = a.isvec && b.isvec ? SV_GV_VV
                      : a.isvec          ? SV_GV_VS
                                         : SV_GV_SV;
    } else if (straight_ok) {
        p.unroll = true;
        p.unroll_cost = mvl;
    }
    if (!mvl) {
        p.max_vl = fit;
        p.fallback = SV_BACKEND_BRANCH;
    }
    return true;
}

void plan_branch(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p)
{
    // Not with the general knob, so the two can be compared, nor under
    // plugins (svprof sees every branch through one helper).
    bool scan = scan_branch_shape(r) && f.knob != SV_KNOB_GENERAL && !f.plugins;

    // The byte search costs less than the compiled branch's loop form.
    if (plan_branch_tcg(f, r, p) && (!scan || p.unroll || p.gvec_elems)) {
        return;
    }
    p = sv_plan{};
    p.copy_src = -1;
    p.fallback = SV_BACKEND_COUNT; // the helper runs every case
    p.backend = scan ? SV_BACKEND_BRANCH_SCAN : SV_BACKEND_BRANCH;
    p.width = r.opnd[SV_RS1].width;
}

// The byte scan's inline form (gen_sv_fused_scan_inline): the pass
// where VL = MVL, the run lies in one page and no byte matches, as
// straight-line TCG (a 64-bit word at a time), the helper on every other
// path.  User mode, host words in order, and this TB ran the VL block
// with SUBVL 1 (MVL known, STATE plain).  The helper's call has the
// larger fixed cost, its SIMD search the smaller cost per byte; a match
// pays both forms: so the inline form up to fused_scan_inline_max_bytes.
constexpr unsigned fused_scan_inline_max_bytes = 32;

void plan_fused_scan_inline(const sv_plan_facts &f, sv_plan &p)
{
    unsigned words = (f.known_mvl + 7) / 8;

    if (!f.user_mode || !f.host_words || !unrollable(f) ||
        f.known_mvl > fused_scan_inline_max_bytes || f.unroll_budget < words) {
        return;
    }
    p.unroll = true;
    p.unroll_cost = words;
}

// The VL block's rd := min(x[rs1], MVL), left pending for opcode 0
// (f.vl_pending), is written at the op's VL = MVL test when its first
// code is that test: an unsigned compare of x[rs1] with MVL sends VL <
// MVL to the op's below-MVL path (which writes rd := x[rs1] first) and
// the fast path writes rd := MVL, a constant, where a min and a test of
// its result would be two compares.  The forms that start with the test
// and whose emitter cannot fall back to another form (their unroll
// budget fits): the inline run and the byte scan's inline form.
void plan_vl_at_test(const sv_plan_facts &f, sv_plan &p)
{
    bool tests_first = p.backend == SV_BACKEND_INLINE_RUN ||
                       ((p.backend == SV_BACKEND_FUSED_SCAN ||
                         p.backend == SV_BACKEND_FUSED_SCAN64) &&
                        p.unroll);

    p.vl_at_test = f.vl_pending && f.first_op && !f.vl_is_mvl && f.known_mvl &&
                   tests_first && f.unroll_budget >= p.unroll_cost;
}

// A load followed by a vector branch, as one call when the load alone
// would take helper_sv_unit_run (directly or after the inline run's
// one-page test).  Only with the auto knob, so fused and unfused runs
// can be compared.
bool plan_fused(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p)
{
    const sv_resolved_op *b = f.next;
    sv_plan alone = {};

    if (f.knob != SV_KNOB_AUTO || !b || !f.next_leaves ||
        b->kind != SV_EXEC_VBRANCH || r.op.cls != SV_OPC_LOAD ||
        uses_fp(r.op)) {
        return false;
    }
    alone.copy_src = -1;
    plan_loop(f, r, alone, true);
    if (alone.backend != SV_BACKEND_UNIT_RUN &&
        alone.backend != SV_BACKEND_INLINE_RUN) {
        return false;
    }
    // With plugins helper_sv_ldbr checks for memory callbacks itself.
    if (fused_scan_shape(r, *b) && !f.plugins) {
        p.backend =
            vl64_known(f) ? SV_BACKEND_FUSED_SCAN64 : SV_BACKEND_FUSED_SCAN;
        plan_fused_scan_inline(f, p);
    } else {
        // helper_sv_ldbr runs the branch in the kernel: a branch that
        // compiles without a loop (no call) and a load that runs inline
        // cost less apart; the loop form costs more than the kernel's
        // SIMD compare per element.
        sv_plan branch = {};
        if (alone.backend == SV_BACKEND_INLINE_RUN &&
            plan_branch_tcg(f, *b, branch) &&
            (branch.unroll || branch.gvec_elems)) {
            return false;
        }
        p.backend = SV_BACKEND_FUSED;
    }
    p.width = r.mem_es * 8;
    // The inline form's first access faults as the load's.
    p.save_opc = p.unroll;
    return true;
}

// Whether op r may write a byte of integer register reg (x0..x127) in a
// TB that knows MVL mvl and SUBVL subvl: its destination's elements, or
// anything for an op whose writes are not only those (SVPSTATE loops,
// AMOs, scalar and control-flow opcodes).  A data-dependent VL cut
// writes STATE.vl's register too, which the caller leaves out.
bool op_may_write_gpr(const sv_resolved_op &r, unsigned mvl, unsigned subvl,
                      unsigned reg)
{
    const sv_resolved_operand &d = r.opnd[SV_RD];

    if ((r.kind != SV_EXEC_ELEMENTS && r.kind != SV_EXEC_MEMORY) ||
        r.uses_svpstate ||
        (r.kind == SV_EXEC_MEMORY && r.op.cls != SV_OPC_LOAD &&
         r.op.cls != SV_OPC_STORE)) {
        return true;
    }
    if (r.op.cls == SV_OPC_STORE || !d.present || d.is_fp) {
        return false;
    }
    unsigned es = d.overridden ? d.width / 8 : 8;
    unsigned first = d.reg * 8u;
    unsigned end = first + (d.isvec ? mvl * subvl * es : 8);
    return first < reg * 8u + 8 && end > reg * 8u;
}

// The opcodes a shared page test may span: element loops and memory
// ops (both stay inside the TB and write only their destinations), not
// a load the next opcode's vector branch may fuse with.
bool shared_page_spans(const sv_resolved_op *ops, unsigned n, unsigned j)
{
    const sv_resolved_op &r = ops[j];

    if (r.kind != SV_EXEC_ELEMENTS && r.kind != SV_EXEC_MEMORY) {
        return false;
    }
    return !(r.kind == SV_EXEC_MEMORY && r.op.cls == SV_OPC_LOAD && j + 1 < n &&
             ops[j + 1].kind == SV_EXEC_VBRANCH);
}

// The longest run a shared page test covers: a longer run's own test
// is a small part of its cost, while the span it widens fails the test
// more often, and the second copy that runs then is planned with the
// TCG temps the first left (a long gvec op there may take a slower
// form).
constexpr unsigned shared_page_max_run_bytes = 64;

// Opcode j as an inline run that a shared page test may cover.
bool shared_page_run(const sv_resolved_op &r, const sv_plan_facts &f)
{
    sv_plan_facts g = f;
    sv_plan p;

    if (f.known_mvl * r.mem_es > shared_page_max_run_bytes) {
        return false;
    }
    g.first_op = 0;
    g.next = nullptr;
    g.shared_page = 0;
    sv_plan_op(&r, &g, &p);
    return p.backend == SV_BACKEND_INLINE_RUN && r.opnd[SV_RS1].reg != f.vl_reg;
}

// The widest span one shared page test covers.  The test fails for
// about span / page of the base addresses at which every run's own test
// would pass, and those passes run the runs' own code instead (their
// tests, and a branch to and from it): up to 512 bytes that is at most
// one pass in eight on 4 KiB pages, while the test saves every other
// pass one test per covered run but the first.
constexpr unsigned shared_page_max_bytes = 512;

// The opcodes from the first covered run to the last are translated
// twice (the second copy runs when the test fails): at most this many,
// so that a block of long compiled loops does not double its TB.
constexpr unsigned shared_page_max_ops = 8;

// The runs a shared page test must cover: the copies join after the
// last (a label), where TCG reloads what it kept in host registers (the
// base, the page mask, constants the VL block set), about one run's
// test; so it pays from two tests saved, three runs.
constexpr unsigned shared_page_min_runs = 3;

// The shared page test whose first run is opcode k (a run: f's plan),
// into sp; false when it covers fewer than shared_page_min_runs.
bool plan_shared_page_at(const sv_resolved_op *ops, unsigned n, unsigned k,
                         const sv_plan_facts &f, sv_shared_page &sp)
{
    const sv_resolved_op &r0 = ops[k];
    unsigned base = r0.opnd[SV_RS1].reg;
    int64_t lo = r0.op.imm, hi = lo + (int64_t)f.known_mvl * r0.mem_es;
    unsigned runs = 1;

    sp = sv_shared_page{};
    sp.first = sp.last = (uint8_t)k;
    sp.ops = 1;
    for (unsigned j = k; j < n && j - k < shared_page_max_ops; j++) {
        const sv_resolved_op &r = ops[j];

        if (!shared_page_spans(ops, n, j)) {
            break;
        }
        if (j > k && r.kind == SV_EXEC_MEMORY && r.opnd[SV_RS1].reg == base &&
            !r.opnd[SV_RS1].isvec && shared_page_run(r, f)) {
            int64_t a = r.op.imm, b = a + (int64_t)f.known_mvl * r.mem_es;
            int64_t nlo = std::min(lo, a), nhi = std::max(hi, b);

            if (nhi - nlo <= shared_page_max_bytes) {
                lo = nlo;
                hi = nhi;
                sp.ops |= uint64_t(1) << (j - k);
                sp.last = (uint8_t)j;
                runs++;
            }
        }
        if (op_may_write_gpr(r, f.known_mvl, f.subvl, base)) {
            break;
        }
    }
    sp.base = (uint8_t)base;
    sp.lo = lo;
    sp.bytes = (unsigned)(hi - lo);
    return runs >= shared_page_min_runs;
}

// Appends printf-style text at buf[*at], never past size.
void append(char *buf, size_t size, size_t &at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

void append(char *buf, size_t size, size_t &at, const char *fmt, ...)
{
    va_list ap;

    if (at >= size) {
        return;
    }
    va_start(ap, fmt);
    int n = vsnprintf(buf + at, size - at, fmt, ap);
    va_end(ap);
    if (n > 0) {
        at = std::min(size - 1, at + (size_t)n);
    }
}

// How the op's PCVBLK reaches what observes it (SV_PCVBLK_*): an op
// whose fast path cannot fault or call out stores it on its slow paths
// only.  Otherwise every observer on the fast path is a fault that
// restores the op's unwind row (the helpers read PCVBLK only through
// that restore), except the fused pair's helper, which names the branch
// itself: where the TB gives the op a row, the rest stores nothing.
// Plugins see every store.
void plan_pcvblk(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p)
{
    bool no_fault = (p.unroll && (p.backend == SV_BACKEND_INLINE_GVEC ||
                                  p.backend == SV_BACKEND_INLINE_INT ||
                                  p.backend == SV_BACKEND_FFIRST_GVEC ||
                                  (p.backend == SV_BACKEND_COMPILED && r.twin &&
                                   r.op.cls == SV_OPC_INT))) ||
                    (p.backend == SV_BACKEND_BRANCH_TCG &&
                     p.fallback == SV_BACKEND_BRANCH_TCG);
    bool fused = p.backend == SV_BACKEND_FUSED ||
                 p.backend == SV_BACKEND_FUSED_SCAN ||
                 p.backend == SV_BACKEND_FUSED_SCAN64;

    if (f.plugins) {
        p.pcvblk = SV_PCVBLK_BY_STORE;
    } else if (no_fault) {
        p.pcvblk = SV_PCVBLK_BY_SLOW;
    } else if (f.unwind_rows && !f.prefix && !fused) {
        p.pcvblk = SV_PCVBLK_BY_UNWIND;
    } else {
        p.pcvblk = SV_PCVBLK_BY_STORE;
    }
}

// Which side of a vector branch the TB goes on along.  A fail-on-first
// vector branch ends a pass of a strip-mined loop: a pass in which no
// element fails keeps its VL and goes round again, while the first
// failure (a NUL, a match, a mismatch) is the loop's data-dependent end,
// taken once per loop.  So the side a pass with no failing element
// takes is the loop's hot side: when that is the taken side and the TB
// may go on at the target (facts.may_go_on: the target follows the
// block on the TB's page), the translation goes on there, and the
// not-taken side leaves the TB; a loop whose next pass starts at the
// target's code then runs in one TB per pass.  Elsewhere the taken side
// leaves (direct chaining) and the TB ends after the block, as a
// branch's TB ends.  No element failing and some tested, P = tested
// (§6.5), which the ifall and ifany modes take.
void plan_go_on(const sv_plan_facts &f, const sv_resolved_op &r, sv_plan &p)
{
    bool fused = p.backend == SV_BACKEND_FUSED ||
                 p.backend == SV_BACKEND_FUSED_SCAN ||
                 p.backend == SV_BACKEND_FUSED_SCAN64;
    const sv_resolved_op *b = r.kind == SV_EXEC_VBRANCH ? &r
                              : fused                   ? f.next
                                                        : nullptr;

    if (!f.may_go_on || !b || p.end_tb) {
        return;
    }
    unsigned mask_reg;
    sv_branch_rule rule = sv_resolved_branch_rule(b, &mask_reg);

    p.go_on_taken = rule.ffirst && rule.vs_tested == rule.taken_if_equal;
}

} // namespace

extern "C" {

int sv_knob_parse(const char *s)
{
    if (!s || !*s) {
        return SV_KNOB_AUTO;
    }
    for (unsigned k = 0; k < knob_names.size(); k++) {
        if (std::string_view(s) == knob_names[k]) {
            return (int)k;
        }
    }
    return -1;
}

const char *sv_knob_name(unsigned knob)
{
    return knob < knob_names.size() ? knob_names[knob] : "?";
}

const char *sv_backend_name(unsigned backend)
{
    return backend < backend_names.size() ? backend_names[backend] : "?";
}

unsigned sv_gvec_piece_size(int form, uint32_t dofs, uint32_t aofs,
                            uint32_t bofs, uint32_t p, uint32_t bytes)
{
    bool same_phase = true;

    if (form == SV_GV_VV || form == SV_GV_VI || form == SV_GV_VS) {
        same_phase &= (aofs & 15) == (dofs & 15);
    }
    if (form == SV_GV_VV || form == SV_GV_SV) {
        same_phase &= (bofs & 15) == (dofs & 15);
    }
    // At most 16 bytes a piece: beyond 4 host vector ops gvec calls an
    // out-of-line helper, and 32-byte pieces are AVX2 ops that slow the
    // host's SSE code down (no vzeroupper).
    return same_phase && !((dofs + p) & 15) && bytes - p >= 16 ? 16 : 8;
}

static void plan_op(const sv_resolved_op *r, const sv_plan_facts *f, sv_plan *p)
{
    *p = sv_plan{};
    p->copy_src = -1;
    p->vl_is_mvl = f->vl_is_mvl;
    // A plan without a run-time precondition has no fallback: its own
    // backend runs every case (the "else" of the log is then left out).
    p->fallback = SV_BACKEND_COUNT;
    if (r->kind == SV_EXEC_VBRANCH) {
        plan_branch(*f, *r, *p);
    } else if (r->kind != SV_EXEC_MEMORY || !plan_fused(*f, *r, *p)) {
        // A prefix gets no shared block temps: inline loops need their
        // own.
        plan_loop(*f, *r, *p, !f->prefix || temps_fit(*f, 0));
        // Faults unwind to this instruction: record the opcode for the
        // backends that may fault before their helper records it.
        p->save_opc =
            p->backend == SV_BACKEND_INLINE_MEM ||
            p->backend == SV_BACKEND_INLINE_RUN ||
            ((p->backend == SV_BACKEND_COMPILED ||
              p->fallback == SV_BACKEND_COMPILED) &&
             (r->kind == SV_EXEC_MEMORY || r->op.cls == SV_OPC_AMO)) ||
            (f->prefix && p->backend != SV_BACKEND_INLINE_INT &&
             p->backend != SV_BACKEND_INLINE_GVEC);
    }
    if (p->fallback == SV_BACKEND_COUNT) {
        p->fallback = p->backend;
    }
    plan_vl_at_test(*f, *p);
    plan_pcvblk(*f, *r, *p);
    plan_go_on(*f, *r, *p);
}

// The TCG temps a TB holds before its first op, at most (the target's
// globals: QEMU's RISC-V has about 100).
constexpr unsigned fresh_tb_temps_div = 4;

// A TB that has spent its TCG temps ends before an op whose inline code
// needs more (a P48/P64's guard, the compiled access's scratch): the op
// is the first of the next TB, which plans it with a TB's first temps,
// at most temps_max / fresh_tb_temps_div, and so never ends again.  The
// general loop runs only what no TB could plan otherwise (the general and
// helper knobs).
void sv_plan_op(const sv_resolved_op *r, const sv_plan_facts *f, sv_plan *p)
{
    const unsigned fresh = f->temps_max / fresh_tb_temps_div;

    plan_op(r, f, p);
    if ((p->backend == SV_BACKEND_ELEMENTS ||
         p->fallback == SV_BACKEND_ELEMENTS) &&
        f->knob != SV_KNOB_GENERAL && f->knob != SV_KNOB_HELPER &&
        f->temps_used > fresh) {
        // The next TB starts at the op: no VL block ran there.
        sv_plan_facts next = *f;
        sv_plan q;

        next.temps_used = fresh;
        next.known_mvl = 0;
        next.vl_is_mvl = 0;
        next.first_op = 0;
        next.next = nullptr;
        next.next_leaves = 0;
        next.vl_pending = 0;
        next.vl_tested = 0;
        next.shared_page = 0;
        next.may_go_on = 0;
        plan_op(r, &next, &q);
        if (q.backend != SV_BACKEND_ELEMENTS &&
            q.fallback != SV_BACKEND_ELEMENTS) {
            *p = q;
            p->end_tb = 1;
        }
    }
}

bool sv_plan_shared_page(const sv_resolved_op *ops, unsigned n, unsigned from,
                         const sv_plan_facts *facts, sv_shared_page *sp)
{
    *sp = sv_shared_page{};
    // Only inline runs skip a test: user mode, this TB ran the VL block.
    if (!facts->user_mode || !facts->known_mvl || facts->op_stops ||
        facts->prefix) {
        return false;
    }
    for (unsigned k = from; k < n && k < 256; k++) {
        if (ops[k].kind == SV_EXEC_MEMORY && shared_page_spans(ops, n, k) &&
            shared_page_run(ops[k], *facts) &&
            plan_shared_page_at(ops, n, k, *facts, *sp)) {
            return true;
        }
    }
    *sp = sv_shared_page{};
    return false;
}

void sv_plan_block(const sv_block_facts *f, sv_block_plan *p)
{
    bool rows = !f->plugins && !f->icount && !f->single_step &&
                !f->landing_pad && f->rows <= f->insns_free;

    *p = sv_block_plan{};
    if (!rows) {
        p->rows = SV_ROWS_NONE;
    } else if (f->shared_copy) {
        p->rows = SV_ROWS_INLINE;
    } else {
        p->rows = SV_ROWS_ALL;
    }
}

const char *sv_block_plan_details(const sv_block_plan *p, char *buf,
                                  size_t size)
{
    static constexpr const char *names[] = {"none", "all", "inline"};
    size_t at = 0;

    if (size) {
        buf[0] = 0;
        append(buf, size, at, "rows=%s",
               p->rows < std::size(names) ? names[p->rows] : "?");
    }
    return buf;
}

bool sv_plan_vl_block_inline(const sv_vl_block *vl, unsigned xlen)
{
    uint32_t state = 0;
    uint64_t rd_value;

    // It rewrites every STATE field from its immediates, so it is inline
    // exactly when it cannot trap.
    return sv_vl_block_exec(&state, *vl, 0, xlen, &rd_value) == SV_OK;
}

const char *sv_op_mnemonic(const sv_resolved_op *r, char *buf, size_t size)
{
    static constexpr const char *alu[SV_ALU_COUNT] = {
        "add",  "sub",  "sll",  "slt",    "sltu",  "xor",  "srl",
        "sra",  "or",   "and",  "addw",   "subw",  "sllw", "srlw",
        "sraw", "mul",  "mulh", "mulhsu", "mulhu", "div",  "divu",
        "rem",  "remu", "mulw", "divw",   "divuw", "remw", "remuw",
    };
    static constexpr const char *fp[SV_FP_COUNT] = {
        "fadd",   "fsub",   "fmul",     "fdiv",   "fsqrt", "fmin",
        "fmax",   "fsgnj",  "fsgnjn",   "fsgnjx", "fmadd", "fmsub",
        "fnmsub", "fnmadd", "feq",      "flt",    "fle",   "fclass",
        "fcvt.f", "fcvt.x", "fcvt.f.x", "fmv.x",  "fmv.f",
    };
    static constexpr const char *br[8] = {"beq", "bne", "b?",   "b?",
                                          "blt", "bge", "bltu", "bgeu"};
    static constexpr char size_letter[9] = {0, 'b', 'h', 0, 'w', 0, 0, 0, 'd'};
    const sv_op &op = r->op;
    size_t at = 0;

    if (!size) {
        return buf;
    }
    buf[0] = 0;
    switch (op.cls) {
    case SV_OPC_INT: {
        const char *n = op.alu < SV_ALU_COUNT ? alu[op.alu] : "?";
        size_t len = strlen(n);

        if (op.b_is_imm && len > 1 && n[len - 1] == 'w') {
            append(buf, size, at, "%.*siw", (int)(len - 1), n); /* addiw */
        } else {
            append(buf, size, at, "%s%s", n, op.b_is_imm ? "i" : "");
        }
        break;
    }
    case SV_OPC_LOAD:
    case SV_OPC_STORE: {
        bool fpd = op.rd.is_fp || op.rs2.is_fp;
        char c = op.mem_bytes <= 8 ? size_letter[op.mem_bytes] : 0;

        append(buf, size, at, "%s%s%c%s", fpd ? "f" : "",
               op.cls == SV_OPC_LOAD ? "l" : "s", c ? c : '?',
               op.cls == SV_OPC_LOAD && !fpd && !op.int_signed ? "u" : "");
        break;
    }
    case SV_OPC_FP:
        append(buf, size, at, "%s.%c", op.fp < SV_FP_COUNT ? fp[op.fp] : "?",
               op.fmt_bits == 64 ? 'd' : 's');
        break;
    case SV_OPC_BRANCH:
        append(buf, size, at, "%s", br[op.alu & 7]);
        break;
    case SV_OPC_LUI:
        append(buf, size, at, "lui");
        break;
    case SV_OPC_AUIPC:
        append(buf, size, at, "auipc");
        break;
    case SV_OPC_AMO:
        append(buf, size, at, "amo");
        break;
    default:
        append(buf, size, at, "op%u", op.cls);
        break;
    }
    return buf;
}

const char *sv_plan_shape(const sv_resolved_op *r, char *buf, size_t size)
{
    size_t at = 0;
    static constexpr const char *cls[] = {
        "illegal", "scalar", "csr",  "lui",   "auipc", "jal", "jalr",
        "branch",  "int",    "load", "store", "fp",    "amo",
    };
    static constexpr const char *slot[SV_NUM_SLOTS] = {"rd", "rs1", "rs2",
                                                       "rs3"};

    if (!size) {
        return buf;
    }
    buf[0] = 0;
    append(buf, size, at, "%s",
           r->op.cls < std::size(cls) ? cls[r->op.cls] : "?");
    for (unsigned k = SV_RD; k < SV_NUM_SLOTS; k++) {
        const sv_resolved_operand &o = r->opnd[k];

        if (k == SV_RS2 && r->op.b_is_imm) {
            append(buf, size, at, ",imm");
        } else if (o.present) {
            append(buf, size, at, ",%s=%s%s%u/%u", slot[k], o.is_fp ? "f" : "",
                   o.isvec ? "v" : "s", o.reg, o.width);
        }
    }
    if (r->kind == SV_EXEC_MEMORY) {
        append(buf, size, at, ",es=%u", r->mem_es);
    }
    if (r->pred_dest.enabled) {
        append(buf, size, at, ",pred=%sx%u%s", r->pred_dest.inv ? "~" : "",
               r->pred_dest.predidx, r->pred_dest.zero ? "z" : "");
    }
    if (r->pred_src.enabled) {
        append(buf, size, at, ",spred=%sx%u%s", r->pred_src.inv ? "~" : "",
               r->pred_src.predidx, r->pred_src.zero ? "z" : "");
    }
    if (r->ffirst) {
        append(buf, size, at, ",ffirst=%s",
               r->ffirst == SV_FFIRST_TRAP ? "trap" : "data");
    }
    if (r->twin) {
        append(buf, size, at, ",twin");
    }
    if (r->uses_svpstate) {
        append(buf, size, at, ",svpstate");
    }
    return buf;
}

const char *sv_shared_page_details(const sv_shared_page *sp, char *buf,
                                   size_t size)
{
    size_t at = 0;

    if (size) {
        buf[0] = 0;
        append(buf, size, at, "page_test=x%u%+lld/%u", sp->base,
               (long long)sp->lo, sp->bytes);
    }
    return buf;
}

const char *sv_plan_details(const sv_plan *p, char *buf, size_t size)
{
    size_t at = 0;

    if (!size) {
        return buf;
    }
    buf[0] = 0;
    append(buf, size, at, "w=%u", p->width);
    if (p->stride) {
        append(buf, size, at, " %s", p->unroll ? "unroll" : "loop");
        if (p->unroll) {
            append(buf, size, at, " cost=%u", p->unroll_cost);
        }
    }
    if (p->gvec_elems) {
        append(buf, size, at, " gvec=%u form=%u", p->gvec_elems, p->gvec_form);
    }
    if (p->copy_src >= 0) {
        append(buf, size, at, " copy=x%d", p->copy_src);
    }
    if (p->backend == SV_BACKEND_INLINE_PRED) {
        append(buf, size, at, " cost=%u", p->unroll_cost);
    }
    if (p->backend == SV_BACKEND_COMPILED && p->unroll) {
        append(buf, size, at, " unroll cost=%u", p->unroll_cost);
    }
    if (p->backend == SV_BACKEND_COMPILED && p->mem_twin) {
        append(buf, size, at, " twin_loop");
    }
    if (p->backend == SV_BACKEND_INLINE_RUN) {
        append(buf, size, at, " cost=%u below_mvl=%s", p->unroll_cost,
               p->vl_is_mvl ? "none"
               : !p->max_vl ? "unit_run"
               : p->step    ? "loop"
                            : "run");
        append(buf, size, at, " two_pages=%s",
               p->two_pages ? "run" : "unit_run");
        if (p->two_pages_join) {
            append(buf, size, at, " join");
        }
        if (p->shared_page) {
            append(buf, size, at, " page=shared");
        }
    }
    if (p->vec_bytes) {
        append(buf, size, at, " vec=%u", p->vec_bytes);
    }
    if ((p->backend == SV_BACKEND_FUSED_SCAN ||
         p->backend == SV_BACKEND_FUSED_SCAN64) &&
        p->unroll) {
        append(buf, size, at, " unroll cost=%u", p->unroll_cost);
    }
    if (p->backend == SV_BACKEND_BRANCH_TCG) {
        if (p->unroll) {
            append(buf, size, at, " unroll cost=%u", p->unroll_cost);
        } else if (!p->gvec_elems) {
            append(buf, size, at, " loop");
        }
        if (p->max_vl) {
            append(buf, size, at, " max_vl=%u", p->max_vl);
        }
    }
    if (p->pcvblk != SV_PCVBLK_BY_STORE) {
        append(buf, size, at, " pcvblk=%s",
               p->pcvblk == SV_PCVBLK_BY_SLOW ? "slow" : "unwind");
    }
    if (p->fallback != p->backend) {
        append(buf, size, at, " else=%s", sv_backend_name(p->fallback));
    }
    if (p->vl_at_test) {
        append(buf, size, at, " vl_at_test");
    }
    if (p->below_to_next) {
        append(buf, size, at, " below_to_next");
    }
    if (p->below_entry) {
        append(buf, size, at, " below_entry");
    }
    if (p->end_tb) {
        append(buf, size, at, " end_tb");
    }
    if (p->go_on_taken) {
        append(buf, size, at, " go_on=taken");
    }
    return buf;
}

} // extern "C"
