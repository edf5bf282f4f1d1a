/*
 * Simple-V element loops (§5, §7, §8): one helper call per tagged inner
 * opcode of a VBLOCK runs all of its elements.
 *
 * The translator has resolved the instruction (sv_resolve_op or
 * sv_resolve_prefix in svcore) and passes the description packed
 * (sv_exec.h); VL, the predicate masks and the data are read here.  No
 * rule about the instruction or its context is applied here again.  The
 * register files are the byte arrays of env->sv_gpr / env->sv_fpr
 * (contract C6): element k of an operand with base register R and width w
 * is the little-endian w-bit value at byte 8*R + k*w/8.
 *
 * Memory accesses go through cpu_*_data_ra with this helper's return
 * address, and STATE's offsets are stored before each access, so a fault
 * on element k unwinds to the VBLOCK with elements 0..k-1 done and
 * resumes at k (§1.6 offset rules, §9, C4).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "sv_compat.h"
#include "exec/helper-proto.h"
#include "fpu/softfloat.h"
#include "internals.h"
#include "svcore.h"
#include "sv_exec.h"
#include "sv_fpu.h"

#if HOST_BIG_ENDIAN
#error "Simple-V's byte-addressed register file needs a little-endian host (C6)"
#endif

typedef struct SVOpnd {
    bool present;
    bool is_fp;
    bool isvec;
    bool overridden; /* a non-default element width (§5.5) */
    unsigned reg;    /* the real register, 0..127 */
    unsigned width;  /* value width in bits */
    unsigned stride; /* bytes from one element to the next */
} SVOpnd;

typedef struct SVExec {
    CPURISCVState *env;
    uintptr_t ra;
    uint32_t insn;
    target_ulong pc; /* the opcode's real address (A15) */
    const sv_resolved_op *r;
    sv_op op;
    SVOpnd rd, rs1, rs2, rs3;
    sv_pred_entry pd, ps; /* destination and source predicates */
    unsigned vl, subvl;
    bool probed_ok; /* probed_page is accessible (trap-ffirst) */
    target_ulong probed_page;
    bool offsets_dirty; /* STATE's offsets may be non-zero */
    unsigned mem_es;    /* loads/stores: element size in memory, bits */
    /* The word whose offsets the loop steps: STATE, or SVPSTATE for a
     * prefixed VLtyp/svlen instruction (§1.7, A43). */
    uint32_t *loopst;
    int sign; /* integer result extension: -1 the op's own, else 0/1
                 (SVPrefix's signedness rule, §4.2) */
} SVExec;

static G_NORETURN void sv_illegal(SVExec *ex, const char *why)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "SV opcode 0x%08x at 0x" TARGET_FMT_lx ": %s\n", ex->insn,
                  ex->pc, why);
    riscv_raise_exception(ex->env, RISCV_EXCP_ILLEGAL_INST, ex->ra);
}

static SVOpnd sv_opnd(const sv_resolved_operand *o)
{
    SVOpnd r = {
        .present = o->present,
        .is_fp = o->is_fp,
        .isvec = o->present && o->isvec,
        .overridden = o->overridden,
        .reg = o->reg,
        .width = o->width,
        .stride = o->overridden ? o->width / 8 : 8,
    };

    return r;
}

/* The operand in slot SV_RD..SV_RS3 (the twin loop's source and
 * destination, as resolved). */
static const SVOpnd *sv_slot(const SVExec *ex, unsigned slot)
{
    const SVOpnd *o[SV_NUM_SLOTS] = {&ex->rd, &ex->rs1, &ex->rs2, &ex->rs3};

    return o[slot];
}

/* Index of element (i, s) in an operand: a scalar is one sub-vector (A35). */
static unsigned sv_index(const SVExec *ex, const SVOpnd *o, unsigned i,
                         unsigned s)
{
    return o->isvec ? i * ex->subvl + s : s;
}

static unsigned sv_offset(const SVOpnd *o, unsigned idx)
{
    return o->reg * 8 + idx * o->stride;
}

static uint8_t *sv_file(SVExec *ex, bool fp)
{
    return fp ? (uint8_t *)ex->env->sv_fpr : (uint8_t *)ex->env->sv_gpr;
}

static uint64_t sv_read(SVExec *ex, bool fp, unsigned off, unsigned bytes)
{
    uint64_t v = 0;

    memcpy(&v, sv_file(ex, fp) + off, bytes);
    return v;
}

/* Element writes that land in x0 are dropped (C2). */
static void sv_write(SVExec *ex, bool fp, unsigned off, unsigned bytes,
                     uint64_t v)
{
    if (!fp && off < 8) {
        return;
    }
    memcpy(sv_file(ex, fp) + off, &v, bytes);
}

static uint64_t sv_extend(uint64_t v, unsigned bits, bool sign)
{
    if (bits >= 64) {
        return v;
    }
    return sign ? (uint64_t)sextract64(v, 0, bits) : extract64(v, 0, bits);
}

/* Every element an operand can touch must lie in the 128 registers. */
static void sv_check_range(SVExec *ex, const SVOpnd *o)
{
    unsigned count = o->isvec ? ex->vl * ex->subvl : ex->subvl;

    if (o->present && !sv_elements_fit(o->reg, count, o->stride)) {
        sv_illegal(ex, "elements run past register 127 (§5.5)");
    }
}

static uint64_t sv_mask(SVExec *ex, const sv_pred_entry *p)
{
    return sv_pred_entry_mask_x(p, (const uint64_t *)ex->env->gpr);
}

/* Fail-on-first's new VL (§7.3), into the register STATE.vl names. */
static void sv_set_vl(SVExec *ex, unsigned vl)
{
    sv_ffirst_commit_vl((uint64_t *)ex->env->gpr,
                        sv_state_vl_reg(ex->env->sv.state), vl);
}

static void sv_set_offsets(SVExec *ex, unsigned src, unsigned dst, unsigned sub)
{
    if (!ex->offsets_dirty && !(src | dst | sub)) {
        return; /* they are 0 already */
    }
    ex->offsets_dirty = src | dst | sub;
    *ex->loopst = sv_state_set_offsets(*ex->loopst, src, dst, sub);
}

/* ------------------------------------------------------------------ int */

static uint64_t sv_int_src(SVExec *ex, const SVOpnd *o, unsigned idx)
{
    if (!o->present) {
        return 0;
    }
    return sv_read(ex, false, sv_offset(o, idx), o->width / 8);
}

/*
 * §5.5: a vector destination gets only its element's bytes; a scalar
 * integer destination with a non-default width is extended to XLEN.
 */
static void sv_int_dst(SVExec *ex, const SVOpnd *d, unsigned idx, uint64_t v,
                       bool sign)
{
    if (!d->isvec && d->overridden && ex->subvl == 1) {
        sv_write(ex, false, d->reg * 8, 8, sv_extend(v, d->width, sign));
    } else {
        sv_write(ex, false, sv_offset(d, idx), d->stride, v);
    }
}

/* ------------------------------------------------------------------- FP */

static uint64_t sv_fp_src(SVExec *ex, const SVOpnd *o, unsigned idx)
{
    uint64_t raw;

    if (o->overridden) {
        /* No NaN-boxing at a non-default width (§5.5). */
        return sv_read(ex, true, sv_offset(o, idx), o->width / 8);
    }
    /* NaN-boxed at 32 (and SVPrefix FP16, §4.1) bits: sv_fpu.h */
    raw = sv_read(ex, true, sv_offset(o, idx), 8);
    return sv_fp_unbox(raw, o->width);
}

static void sv_fp_dst(SVExec *ex, const SVOpnd *d, unsigned idx, uint64_t v)
{
    if (d->overridden) {
        sv_write(ex, true, sv_offset(d, idx), d->stride, v);
    } else {
        sv_write(ex, true, sv_offset(d, idx), 8, sv_fp_box(v, d->width));
    }
}

static bool sv_fp_is_zero(uint64_t v, unsigned bits)
{
    return extract64(v, 0, bits - 1) == 0;
}

static uint64_t sv_fp_compute(sv_fp_op op, unsigned bits, uint64_t a,
                              uint64_t b, uint64_t c, float_status *st)
{
    switch (bits) {
    case 16:
        return sv_fp_compute16(op, a, b, c, st);
    case 32:
        return sv_fp_compute32(op, a, b, c, st);
    default:
        return sv_fp_compute64(op, a, b, c, st);
    }
}

static bool sv_fp_int_result(sv_fp_op op)
{
    return op == SV_FP_EQ || op == SV_FP_LT || op == SV_FP_LE;
}

/* ---------------------------------------------------- single predication */

typedef struct SVResult {
    uint64_t value;
    bool zero; /* fails a data-dependent fail-on-first test (§7.2) */
} SVResult;

static SVResult sv_compute(SVExec *ex, unsigned i, unsigned s)
{
    const sv_op *op = &ex->op;
    SVResult r = {0};

    switch (op->cls) {
    case SV_OPC_LUI:
        r.value = op->imm;
        break;
    case SV_OPC_AUIPC:
        r.value = ex->pc + op->imm;
        break;
    case SV_OPC_INT: {
        uint64_t a = sv_int_src(ex, &ex->rs1, sv_index(ex, &ex->rs1, i, s));
        unsigned wa = ex->rs1.present ? ex->rs1.width : 8;
        uint64_t b = op->b_is_imm ? (uint64_t)op->imm
                                  : sv_int_src(ex, &ex->rs2,
                                               sv_index(ex, &ex->rs2, i, s));

        r.value = sv_alu_exec(op->alu, a, wa, b,
                              op->b_is_imm ? wa : ex->rs2.width, op->b_is_imm);
        break;
    }
    default: { /* SV_OPC_FP, two or three sources */
        float_status *st = &ex->env->fp_status;
        unsigned opw = MAX(ex->rs1.width, ex->rs2.present ? ex->rs2.width : 0);
        uint64_t a, b = 0, c = 0;

        if (ex->rs3.present) {
            opw = MAX(opw, ex->rs3.width);
        }
        a = sv_fp_convert(sv_fp_src(ex, &ex->rs1, sv_index(ex, &ex->rs1, i, s)),
                          ex->rs1.width, opw, st);
        if (ex->rs2.present) {
            b = sv_fp_convert(
                sv_fp_src(ex, &ex->rs2, sv_index(ex, &ex->rs2, i, s)),
                ex->rs2.width, opw, st);
        }
        if (ex->rs3.present) {
            c = sv_fp_convert(
                sv_fp_src(ex, &ex->rs3, sv_index(ex, &ex->rs3, i, s)),
                ex->rs3.width, opw, st);
        }
        r.value = sv_fp_compute(op->fp, opw, a, b, c, st);
        if (sv_fp_int_result(op->fp)) {
            r.zero = r.value == 0;
        } else {
            r.value = sv_fp_convert(r.value, opw, ex->rd.width, st);
            r.zero = sv_fp_is_zero(r.value, ex->rd.width);
        }
        return r;
    }
    }
    r.zero = r.value == 0;
    return r;
}

static void sv_store_result(SVExec *ex, unsigned idx, uint64_t v)
{
    if (ex->rd.is_fp) {
        sv_fp_dst(ex, &ex->rd, idx, v);
    } else {
        bool sign =
            ex->op.cls == SV_OPC_INT ? sv_alu_result_signed(ex->op.alu) : true;
        sv_int_dst(ex, &ex->rd, idx, v, ex->sign >= 0 ? ex->sign : sign);
    }
}

/*
 * Single predication from the destination (§5.3, the consolidated loop),
 * with SUBVL groups (§5.6) and data-dependent fail-on-first (§7.2).
 */
static void sv_loop_single(SVExec *ex)
{
    sv_loop_span st = sv_loop_span_of(ex->r, *ex->loopst, ex->vl, ex->subvl);
    uint64_t mask = sv_mask(ex, &ex->pd);
    bool zero = ex->pd.enabled && ex->pd.zero;
    bool ffirst = ex->pd.enabled && ex->pd.ffirst;

    ex->vl = st.vl;
    ex->subvl = st.subvl;
    if (!ex->r->vector) {
        /* No vector operand, or "left scalar" (A36, A40): once. */
        sv_check_range(ex, &ex->rd);
        sv_store_result(ex, 0, sv_compute(ex, 0, 0).value);
        sv_set_offsets(ex, 0, 0, 0);
        return;
    }
    sv_check_range(ex, &ex->rd);
    sv_check_range(ex, &ex->rs1);
    sv_check_range(ex, &ex->rs2);
    sv_check_range(ex, &ex->rs3);
    for (unsigned i = st.destoffs; i < ex->vl; i++) {
        bool active = (mask >> i) & 1;
        bool failed = false;

        if (!active && !zero) {
            continue;
        }
        for (unsigned s = i == st.destoffs ? st.dsvoffs : 0; s < ex->subvl;
             s++) {
            SVResult r = {0, true};

            if (active) {
                r = sv_compute(ex, i, s);
            }
            sv_store_result(ex, sv_index(ex, &ex->rd, i, s), r.value);
            failed |= r.zero;
        }
        if (ffirst && failed) {
            /* The failing element is written, then excluded (A41). */
            sv_set_vl(ex, i);
            break;
        }
        if (!ex->rd.isvec) {
            break; /* a scalar destination ends after its first write */
        }
    }
    sv_set_offsets(ex, 0, 0, 0);
}

/* ------------------------------------------------------ twin predication */

/* The address of memory-side element k (§8.1, §8.2, A31). */
static target_ulong sv_mem_addr(SVExec *ex, unsigned k)
{
    const SVOpnd *a = &ex->rs1;
    unsigned es = ex->mem_es;
    unsigned eb;

    if (!a->isvec) {
        return ex->env->sv_gpr[a->reg] + ex->op.imm + (target_ulong)k * es / 8;
    }
    eb = ex->op.mem_bytes * 8 / es;
    return ex->env->sv_gpr[a->reg + k / eb] + ex->op.imm + (k % eb) * es / 8;
}

/* Trap-ffirst (§7.1): would the access fault?  Probes without faulting. */
static bool sv_mem_would_fault(SVExec *ex, target_ulong addr, bool store)
{
    int mmu_idx = riscv_env_mmu_index(ex->env, false);
    MMUAccessType type = store ? MMU_DATA_STORE : MMU_DATA_LOAD;
    unsigned bytes = ex->mem_es / 8;
    void *host;

    /*
     * By byte count, not end address: an element that ends at or wraps
     * past 2^64 has addr + bytes <= addr (found by tests/oracle).
     */
    for (unsigned off = 0; off < bytes;
         off += TARGET_PAGE_SIZE - ((addr + off) & ~TARGET_PAGE_MASK)) {
        target_ulong a = addr + off;
        target_ulong page = a & TARGET_PAGE_MASK;

        if (ex->probed_ok && page == ex->probed_page) {
            continue; /* one probe per page (and per op) */
        }
        if (probe_access_flags(ex->env, a, 1, type, mmu_idx, true, &host,
                               ex->ra) &
            TLB_INVALID_MASK) {
            return true;
        }
        ex->probed_ok = true;
        ex->probed_page = page;
    }
    return false;
}

/*
 * Linux-user: a misaligned element goes byte by byte, so that a fault
 * names the element's own first inaccessible byte, as the inline TCG
 * access (and a scalar one) does.  QEMU's helper loads do misaligned
 * accesses as aligned wider ones and would fault at the aligned address.
 * A store probes its bytes first, so that it changes nothing when it
 * faults, as a host store does.
 */
#ifdef CONFIG_USER_ONLY
static bool sv_mem_misaligned(SVExec *ex, target_ulong addr)
{
    return ex->mem_es > 8 && (addr & (ex->mem_es / 8 - 1));
}
#endif

#ifdef CONFIG_USER_ONLY
/*
 * A wild guest pointer (its host range not below SV_USER_HOST_TOP,
 * svcore.h) faults on the host without its address (x86-64: #GP, si_addr
 * 0); probe it first, so that the guest's SIGSEGV names it, as the
 * inline element accesses do (helper_sv_wild_access).
 */
static void sv_mem_wild_probe(SVExec *ex, target_ulong addr, bool store)
{
    uintptr_t h = (uintptr_t)g2h(env_cpu(ex->env), addr);
    unsigned bytes = ex->mem_es / 8;

    if (!sv_user_host_range_ok(h, bytes)) {
        probe_access(ex->env, addr, 1, store ? MMU_DATA_STORE : MMU_DATA_LOAD,
                     riscv_env_mmu_index(ex->env, false), ex->ra);
    }
}
#endif

static uint64_t sv_mem_load(SVExec *ex, target_ulong addr)
{
    CPURISCVState *env = ex->env;
    uint64_t v = 0;

#ifdef CONFIG_USER_ONLY
    sv_mem_wild_probe(ex, addr, false);
    if (sv_mem_misaligned(ex, addr)) {
        for (unsigned b = 0; b < ex->mem_es / 8; b++) {
            v |= (uint64_t)cpu_ldub_data_ra(env, addr + b, ex->ra) << (8 * b);
        }
        return sv_extend(v, ex->mem_es, ex->op.int_signed);
    }
#endif
    switch (ex->mem_es) {
    case 8:
        v = cpu_ldub_data_ra(env, addr, ex->ra);
        break;
    case 16:
        v = cpu_lduw_data_ra(env, addr, ex->ra);
        break;
    case 32:
        v = cpu_ldl_data_ra(env, addr, ex->ra);
        break;
    default:
        v = cpu_ldq_data_ra(env, addr, ex->ra);
        break;
    }
    return sv_extend(v, ex->mem_es, ex->op.int_signed);
}

static void sv_mem_store(SVExec *ex, target_ulong addr, uint64_t v)
{
    CPURISCVState *env = ex->env;

#ifdef CONFIG_USER_ONLY
    sv_mem_wild_probe(ex, addr, true);
    if (sv_mem_misaligned(ex, addr)) {
        unsigned bytes = ex->mem_es / 8;
        int mmu_idx = riscv_env_mmu_index(env, false);

        /* By byte count: addr + bytes wraps at 2^64. */
        for (unsigned off = 0; off < bytes;
             off += TARGET_PAGE_SIZE - ((addr + off) & ~TARGET_PAGE_MASK)) {
            probe_access(env, addr + off, 1, MMU_DATA_STORE, mmu_idx, ex->ra);
        }
        for (unsigned b = 0; b < bytes; b++) {
            cpu_stb_data_ra(env, addr + b, v >> (8 * b), ex->ra);
        }
        return;
    }
#endif
    switch (ex->mem_es) {
    case 8:
        cpu_stb_data_ra(env, addr, v, ex->ra);
        break;
    case 16:
        cpu_stw_data_ra(env, addr, v, ex->ra);
        break;
    case 32:
        cpu_stl_data_ra(env, addr, v, ex->ra);
        break;
    default:
        cpu_stq_data_ra(env, addr, v, ex->ra);
        break;
    }
}

/* A predicate that leaves every element 0..VL-1 active (no zeroing
 * effect then), e.g. x0 with inv: the fail-on-first idiom (§7.2). */
static bool sv_unmasked(SVExec *ex, const sv_pred_entry *p)
{
    /* (1 << VL) - 1: MAKE_64BIT_MASK(0, 0) shifts by 64 (UBSan, VL = 0) */
    uint64_t all = ex->vl >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << ex->vl) - 1;

    return !p->enabled || (sv_mask(ex, p) & all) == all;
}

/*
 * Whether a unit-stride load of n elements into rd rewrites its own
 * address register (docs/sv-state.md, "A load that rewrites its address
 * register"): each element reads rs1 as it is then, so only the element
 * loop may run it; the fast paths read rs1 once.
 */
static bool sv_load_rewrites_base(SVExec *ex, unsigned n)
{
    unsigned a = ex->rs1.reg * 8, d = sv_offset(&ex->rd, 0);

    return ex->op.cls == SV_OPC_LOAD && !ex->rs1.isvec && !ex->rd.is_fp &&
           a + 8 > d && a < d + n * ex->rd.stride;
}

/*
 * Trap-ffirst on an unmasked unit-stride load, the vext_ldff model: probe
 * the pages of the whole run without faulting; if one is not accessible,
 * the loop stops before the first group touching it (§7.1, A49) and the
 * rest is a plain load; *cut is that group's index, which the caller
 * writes to VL after the loads (as the element loop and
 * helper_sv_unit_run do: a destination that holds the VL register then
 * ends with the cut VL there).  Returns false (the element loop decides)
 * when the very first group would fault: it must trap normally.
 */
static bool sv_ldff_cut(SVExec *ex, int *cut)
{
    unsigned esb = ex->mem_es / 8, n = ex->vl * ex->subvl;
    target_ulong a0 = sv_mem_addr(ex, 0);
    uint64_t len = (uint64_t)n * esb;
    int mmu_idx = riscv_env_mmu_index(ex->env, false);
    unsigned groups;
    void *host;

    if (sv_load_rewrites_base(ex, n)) {
        return false; /* the addresses move as the loop runs */
    }
    /* By byte count: a run that ends at or wraps past 2^64 is probed. */
    for (uint64_t off = 0; off < len;
         off += TARGET_PAGE_SIZE - ((a0 + off) & ~TARGET_PAGE_MASK)) {
        if (!(probe_access_flags(ex->env, a0 + off, 1, MMU_DATA_LOAD, mmu_idx,
                                 true, &host, ex->ra) &
              TLB_INVALID_MASK)) {
            continue;
        }
        groups = sv_ffirst_trap_vl(off, esb, ex->subvl);
        if (groups == 0) {
            return false;
        }
        *cut = groups;
        ex->vl = groups;
        break;
    }
    return true;
}

/*
 * The unit-stride fast path (the model is QEMU's RVV vext_ldst_us after
 * its issue #2137): with no predicate, no fail-on-first and a register
 * side whose elements have the memory element size, memory and register
 * file are both contiguous runs.  Each page is probed once and, when it
 * is plain RAM (flags 0), moved with one memcpy.  Returns how many
 * elements it did; the element loop does the rest (a page that needs the
 * slow path, or faults precisely on its first element).
 */
static unsigned sv_mem_fast(SVExec *ex, const SVOpnd *reg, bool store)
{
    unsigned esb = ex->mem_es / 8;
    unsigned n = ex->vl * ex->subvl;
    int mmu_idx = riscv_env_mmu_index(ex->env, false);
    uint8_t *file = sv_file(ex, reg->is_fp);
    unsigned done = 0;

    if (!reg->isvec || ex->rs1.isvec || reg->stride != esb ||
        (!reg->overridden && esb != 8) || (!reg->is_fp && reg->reg == 0) ||
        !sv_unmasked(ex, &ex->pd) || !sv_unmasked(ex, &ex->ps) ||
        sv_load_rewrites_base(ex, n)) {
        return 0;
    }
    while (done < n) {
        target_ulong addr = sv_mem_addr(ex, done);
        target_ulong room = TARGET_PAGE_SIZE - (addr & ~TARGET_PAGE_MASK);
        unsigned count = MIN(n - done, room / esb);
        void *host;
        int flags;

        if (count == 0) {
            break; /* an element straddles the page end */
        }
        sv_set_offsets(ex, done / ex->subvl, done / ex->subvl,
                       done % ex->subvl);
        flags = probe_access_flags(ex->env, addr, count * esb,
                                   store ? MMU_DATA_STORE : MMU_DATA_LOAD,
                                   mmu_idx, false, &host, ex->ra);
        if (flags || !host) {
            break;
        }
        if (store) {
            memcpy(host, file + sv_offset(reg, done), count * esb);
        } else {
            memcpy(file + sv_offset(reg, done), host, count * esb);
        }
        done += count;
    }
    return done;
}

/* The source side of a twin-predicated op: register element or memory. */
static uint64_t sv_twin_read(SVExec *ex, unsigned i, unsigned s)
{
    const sv_op *op = &ex->op;
    float_status *st = &ex->env->fp_status;
    const SVOpnd *src = sv_slot(ex, ex->r->src_slot);
    unsigned idx = sv_index(ex, src, i, s);
    uint64_t v;

    switch (op->cls) {
    case SV_OPC_LOAD:
        return sv_mem_load(ex, sv_mem_addr(ex, i * ex->subvl + s));
    case SV_OPC_STORE:
        return src->is_fp ? sv_fp_src(ex, src, idx) : sv_int_src(ex, src, idx);
    case SV_OPC_INT: /* C.MV */
        return sv_int_src(ex, src, idx);
    default:
        break;
    }
    /* FP two-operand forms (§5.4, A38): sv_fpu.h */
    v = src->is_fp ? sv_fp_src(ex, src, idx) : sv_int_src(ex, src, idx);
    return sv_fp_twin_value(op->fp, v, src->width, src->is_fp, ex->rd.width,
                            op->int_signed, op->rd.width == 32, st);
}

static void sv_twin_write(SVExec *ex, unsigned j, unsigned s, uint64_t v)
{
    const sv_op *op = &ex->op;

    if (op->cls == SV_OPC_STORE) {
        sv_mem_store(ex, sv_mem_addr(ex, j * ex->subvl + s), v);
        return;
    }
    if (ex->rd.is_fp) {
        if (op->cls == SV_OPC_LOAD && !ex->rd.overridden &&
            op->mem_bytes == 4) {
            v = (uint32_t)v; /* FLW: NaN-boxed by sv_fp_dst */
        }
        sv_fp_dst(ex, &ex->rd, sv_index(ex, &ex->rd, j, s), v);
    } else {
        bool sign = op->cls == SV_OPC_LOAD ? op->int_signed : true;

        if (op->cls == SV_OPC_INT || op->fp == SV_FP_CLASS) {
            sign = false;
        }
        if (ex->sign >= 0) {
            sign = ex->sign;
        }
        sv_int_dst(ex, &ex->rd, sv_index(ex, &ex->rd, j, s), v, sign);
    }
}

/* A register word a trap-ffirst group wrote, to undo (sv_loop_twin). */
typedef struct SVUndo {
    uint8_t *word;
    uint64_t old;
} SVUndo;

/* Saves the register word holding the destination element at byte off. */
static void sv_undo_save(SVExec *ex, SVUndo *u, unsigned off)
{
    u->word = sv_file(ex, ex->rd.is_fp) + (off & ~7u);
    memcpy(&u->old, u->word, 8);
}

/* Restores saved words, last first (two may be one word). */
static void sv_undo(SVExec *ex, const SVUndo *u, unsigned n)
{
    while (n--) {
        memcpy(u[n].word, &u[n].old, 8);
    }
}

/*
 * Twin predication (§5.4, the consolidated loop, A32): independent source
 * and destination indices, each skipping its masked-out elements unless
 * it is zeroing.  Loads and stores (§8.1) take the memory side as a
 * vector whenever the register side is one (unit stride) or the address
 * register is (indexed).  Memory accesses store STATE's offsets first.
 */
static void sv_loop_twin(SVExec *ex)
{
    const sv_op *op = &ex->op;
    sv_loop_span st = sv_loop_span_of(ex->r, *ex->loopst, ex->vl, ex->subvl);
    bool is_mem = op->cls == SV_OPC_LOAD || op->cls == SV_OPC_STORE;
    const SVOpnd *src = sv_slot(ex, ex->r->src_slot);
    const SVOpnd *dst = sv_slot(ex, ex->r->dst_slot);
    bool src_vec, dst_vec;
    uint64_t ps = sv_mask(ex, &ex->ps), pd = sv_mask(ex, &ex->pd);
    bool zs = ex->ps.enabled && ex->ps.zero;
    bool zd = ex->pd.enabled && ex->pd.zero;
    bool ffirst = ex->pd.enabled && ex->pd.ffirst;
    bool first = true;
    unsigned i = st.srcoffs, j = st.destoffs, s0 = st.dsvoffs;
    int cut_vl = -1; /* sv_ldff_cut's VL, written after the loads */

    if (op->cls == SV_OPC_LOAD) {
        src_vec = ex->rs1.isvec || ex->rd.isvec;
        dst_vec = ex->rd.isvec;
    } else if (op->cls == SV_OPC_STORE) {
        src_vec = ex->rs2.isvec;
        dst_vec = ex->rs1.isvec || ex->rs2.isvec;
    } else {
        src_vec = src->isvec;
        dst_vec = dst->isvec;
    }
    ex->vl = st.vl;
    ex->subvl = st.subvl;
    if (!ex->r->vector) {
        /* Plain scalar: once (§8.1 "both scalar"), unpredicated. */
        ps = pd = 1;
        zs = zd = ffirst = false;
    }
    if (!is_mem || op->cls == SV_OPC_LOAD) {
        sv_check_range(ex, &ex->rd);
    }
    if (op->cls == SV_OPC_STORE || !is_mem) {
        sv_check_range(ex, src);
    }
    if (is_mem && ex->rs1.isvec) {
        unsigned eb = op->mem_bytes * 8 / ex->mem_es;
        unsigned n = ex->vl * ex->subvl;

        if (!sv_elements_fit(ex->rs1.reg, DIV_ROUND_UP(n, eb), 8)) {
            sv_illegal(ex, "address registers run past register 127");
        }
    }

    if (op->cls == SV_OPC_LOAD && ffirst && !ex->rs1.isvec && ex->rd.isvec &&
        i == 0 && j == 0 && s0 == 0 && sv_unmasked(ex, &ex->pd) &&
        sv_unmasked(ex, &ex->ps) && sv_ldff_cut(ex, &cut_vl)) {
        ffirst = false; /* the elements left are all accessible */
    }
    if (is_mem && i == 0 && j == 0 && s0 == 0 && !ffirst) {
        unsigned done =
            sv_mem_fast(ex, op->cls == SV_OPC_STORE ? &ex->rs2 : &ex->rd,
                        op->cls == SV_OPC_STORE);

        if (done == ex->vl * ex->subvl) {
            goto done;
        }
        i = j = done / ex->subvl;
        s0 = done % ex->subvl;
    }
    while (i < ex->vl && j < ex->vl) {
        if (src_vec && !zs) {
            while (i < ex->vl && !((ps >> i) & 1)) {
                i++;
            }
        }
        if (dst_vec && !zd) {
            while (j < ex->vl && !((pd >> j) & 1)) {
                j++;
            }
        }
        if (i >= ex->vl || j >= ex->vl) {
            break;
        }
        /*
         * Trap-ffirst (§7.1): only the first group traps normally; a later
         * group that would trap is excluded whole.  VL := the index of the
         * trapping memory element (A49).  A store's addresses are fixed,
         * so its sub-elements are all probed before any is done.  A
         * load's sub-element may rewrite a later one's address register
         * (indexed, or a unit-stride base), so each is probed at its
         * address when it comes, and a probe that fails undoes the
         * group's earlier register writes (found by tests/oracle).
         */
        bool probe =
            ffirst && !first && is_mem && ((pd >> j) & 1) && ((ps >> i) & 1);
        SVUndo undo[4];
        unsigned nundo = 0;

        if (probe && op->cls == SV_OPC_STORE) {
            for (unsigned s = s0; s < ex->subvl; s++) {
                if (sv_mem_would_fault(ex, sv_mem_addr(ex, j * ex->subvl + s),
                                       true)) {
                    sv_set_vl(ex, j);
                    goto done;
                }
            }
        }
        bool failed = false;
        for (unsigned s = s0; s < ex->subvl; s++) {
            bool write = (pd >> j) & 1;
            uint64_t v = 0;

            if (is_mem) {
                sv_set_offsets(ex, i, j, s);
            }
            if (probe && op->cls == SV_OPC_LOAD &&
                sv_mem_would_fault(ex, sv_mem_addr(ex, i * ex->subvl + s),
                                   false)) {
                sv_undo(ex, undo, nundo);
                sv_set_vl(ex, i);
                goto done;
            }
            if (write && ((ps >> i) & 1)) {
                v = sv_twin_read(ex, i, s);
            } else if (!write && !zd) {
                continue;
            }
            if (probe && op->cls == SV_OPC_LOAD && s + 1 < ex->subvl) {
                sv_undo_save(ex, &undo[nundo++],
                             sv_offset(&ex->rd, sv_index(ex, &ex->rd, j, s)));
            }
            sv_twin_write(ex, j, s, v);
            /* +0 and -0 both fail for an FP result (§7.2) */
            failed |= ex->rd.is_fp ? sv_fp_is_zero(v, ex->rd.width) : v == 0;
        }
        first = false;
        if (ffirst && !is_mem && failed) {
            /* Data-dependent (§7.2): a group fails if any sub-element is
             * zero; the group is written, then excluded (A41). */
            sv_set_vl(ex, j);
            goto done;
        }
        s0 = 0;
        if (src_vec) {
            i++;
        }
        if (!dst_vec) {
            break; /* a scalar destination ends after its first write */
        }
        j++;
    }
done:
    if (cut_vl >= 0) {
        sv_set_vl(ex, cut_vl);
    }
    sv_set_offsets(ex, 0, 0, 0);
}

/* ----------------------------------------------------------------- AMOs */

/*
 * The nine AMO operations at one access size: SZ is the size letter of
 * QEMU's cpu_atomic_* names (l, q), EXT the cast that sign-extends the
 * old value to 64 bits.
 */
#define SV_AMO_CALL(OP, SZ, EXT, v)                                            \
    return (EXT)cpu_atomic_##OP##SZ##_le_mmu(env, addr, v, oi, ra)
#define SV_AMO_SWITCH(SZ, EXT, v)                                              \
    switch (ex->op.alu) {                                                      \
    case SV_AMO_ADD:                                                           \
        SV_AMO_CALL(fetch_add, SZ, EXT, v);                                    \
    case SV_AMO_SWAP:                                                          \
        SV_AMO_CALL(xchg, SZ, EXT, v);                                         \
    case SV_AMO_XOR:                                                           \
        SV_AMO_CALL(fetch_xor, SZ, EXT, v);                                    \
    case SV_AMO_OR:                                                            \
        SV_AMO_CALL(fetch_or, SZ, EXT, v);                                     \
    case SV_AMO_AND:                                                           \
        SV_AMO_CALL(fetch_and, SZ, EXT, v);                                    \
    case SV_AMO_MIN:                                                           \
        SV_AMO_CALL(fetch_smin, SZ, EXT, v);                                   \
    case SV_AMO_MAX:                                                           \
        SV_AMO_CALL(fetch_smax, SZ, EXT, v);                                   \
    case SV_AMO_MINU:                                                          \
        SV_AMO_CALL(fetch_umin, SZ, EXT, v);                                   \
    case SV_AMO_MAXU:                                                          \
        SV_AMO_CALL(fetch_umax, SZ, EXT, v);                                   \
    }

/* One element's atomic access (the opcode's width, aligned): old value. */
static uint64_t sv_amo_element(SVExec *ex, target_ulong addr, uint64_t v)
{
    CPURISCVState *env = ex->env;
    int mmu_idx = riscv_env_mmu_index(env, false);
    uintptr_t ra = ex->ra;

#ifdef CONFIG_USER_ONLY
    sv_mem_wild_probe(ex, addr, true);
#endif
    if (ex->op.mem_bytes == 4) {
        MemOpIdx oi = make_memop_idx(MO_TEUL | MO_ALIGN, mmu_idx);

        SV_AMO_SWITCH(l, int32_t, (uint32_t)v)
    } else {
        MemOpIdx oi = make_memop_idx(MO_TEUQ | MO_ALIGN, mmu_idx);

        SV_AMO_SWITCH(q, uint64_t, v)
    }
    sv_illegal(ex, "not an AMO (translator out of step)");
}

/*
 * The compiled AMO's element in system mode: its access faults as a
 * store/AMO (as cpu_atomic_*'s lookup, sv_amo_element's, does), before
 * the read of the inline read-modify-write could fault as a load.  A
 * misaligned one is left to the access (MO_ALIGN), whose misaligned
 * fault comes first there too.
 */
void HELPER(sv_amo_probe)(CPURISCVState *env, target_ulong addr, uint32_t bytes)
{
    if (addr & (bytes - 1)) {
        return;
    }
    probe_access(env, addr, bytes, MMU_DATA_STORE,
                 riscv_env_mmu_index(env, false), GETPC());
}

/*
 * §5.2 "including AMOs" (docs/sv-state.md, "AMOs"): element k is one
 * atomic access at X[rs1] + k * width (rs1 scalar: unit stride, §8.1) or
 * at X[rs1 + k] (rs1 vector: indexed, the address read whole), with
 * operand rs2[k] (or the scalar rs2); rd[k] gets the old value.  Single
 * predication from rd (§8.4); a masked-out element makes no access (with
 * zeroing, rd[k] := 0).  The memory side is the vector that sets the
 * length, as for stores: a scalar rd gets each element's old value in
 * turn (the last stays).  STATE's offsets name the element being done,
 * so a fault resumes there (§9).
 */
static void sv_loop_amo(SVExec *ex)
{
    sv_loop_span st = sv_loop_span_of(ex->r, *ex->loopst, ex->vl, ex->subvl);
    /* Tags that only redirect: once, unpredicated. */
    uint64_t mask = ex->r->vector ? sv_mask(ex, &ex->pd) : 1;
    bool zero = ex->r->vector && ex->pd.enabled && ex->pd.zero;
    unsigned bytes = ex->op.mem_bytes;

    ex->vl = st.vl;
    ex->subvl = st.subvl;
    sv_check_range(ex, &ex->rd);
    sv_check_range(ex, &ex->rs1);
    sv_check_range(ex, &ex->rs2);
    for (unsigned i = st.destoffs; i < ex->vl; i++) {
        bool active = (mask >> i) & 1;

        if (!active && !zero) {
            continue;
        }
        for (unsigned s = i == st.destoffs ? st.dsvoffs : 0; s < ex->subvl;
             s++) {
            unsigned k = i * ex->subvl + s;
            uint64_t old = 0;

            if (active) {
                target_ulong addr = ex->rs1.isvec
                                        ? ex->env->sv_gpr[ex->rs1.reg + k]
                                        : ex->env->sv_gpr[ex->rs1.reg] +
                                              (target_ulong)k * bytes;

                sv_set_offsets(ex, 0, i, s);
                old = sv_amo_element(
                    ex, addr,
                    sv_int_src(ex, &ex->rs2, sv_index(ex, &ex->rs2, i, s)));
            }
            sv_int_dst(ex, &ex->rd, sv_index(ex, &ex->rd, i, s), old, true);
        }
    }
    sv_set_offsets(ex, 0, 0, 0);
}

/*
 * Runs the element loop of ex->r; ex has env, ra, pc, vl, subvl and
 * loopst set.
 */
static void sv_run(SVExec *ex)
{
    const sv_resolved_op *r = ex->r;

    ex->insn = r->insn;
    ex->op = r->op;
    ex->pd = r->pred_dest;
    ex->ps = r->pred_src;
    ex->rd = sv_opnd(&r->opnd[SV_RD]);
    ex->rs1 = sv_opnd(&r->opnd[SV_RS1]);
    ex->rs2 = sv_opnd(&r->opnd[SV_RS2]);
    ex->rs3 = sv_opnd(&r->opnd[SV_RS3]);
    ex->mem_es = r->mem_es * 8;
    ex->sign =
        r->result_sign == SV_SIGN_OP ? -1 : r->result_sign == SV_SIGN_SIGNED;
    ex->offsets_dirty = !sv_state_offsets_zero(*ex->loopst);

    if (r->kind != SV_EXEC_ELEMENTS && r->kind != SV_EXEC_MEMORY) {
        sv_illegal(ex, "not an element loop (translator out of step)");
    }
    if (r->op.cls == SV_OPC_AMO) {
        sv_loop_amo(ex);
    } else if (r->twin) {
        sv_loop_twin(ex);
    } else {
        sv_loop_single(ex);
    }
}

void sv_exec_run(CPURISCVState *env, const sv_resolved_op *r, target_ulong pc,
                 unsigned vl, unsigned subvl, uint32_t *loopst, uintptr_t ra)
{
    SVExec ex = {
        .env = env,
        .ra = ra,
        .pc = pc,
        .r = r,
        .vl = vl,
        .subvl = subvl,
        .loopst = loopst,
    };

    sv_run(&ex);
}

/* A VBLOCK op (or a prefix on STATE): VL and SUBVL are STATE's. */
static void sv_elements(CPURISCVState *env, const sv_resolved_op *r,
                        target_ulong pc, uintptr_t ra)
{
    uint32_t state = env->sv.state;
    unsigned vl_reg = sv_state_vl_reg(state);

    sv_exec_run(env, r, pc,
                sv_effective_vl(state, vl_reg ? env->gpr[vl_reg] : 0),
                sv_state_subvl(state), &env->sv.state, ra);
}

void HELPER(sv_elements)(CPURISCVState *env, uint64_t d0, uint64_t d1,
                         uint64_t imm, target_ulong pc, uint32_t insn)
{
    sv_resolved_op r;

    sv_desc_unpack(d0, d1, imm, insn, &r);
    sv_elements(env, &r, pc, GETPC());
}

/*
 * The compiled loop's access to a wild address (user mode: beyond
 * SV_USER_HOST_TOP, where the host faults without the address):
 * the memory element STATE's offsets name (the loop stored them before
 * it) raises the guest's SIGSEGV naming its address, as the element
 * loop's access does.  The loop is not resumed here: its elements before
 * may have rewritten the VL register or a mask register, which the
 * element loop would read again.
 */
void HELPER(sv_wild_elem)(CPURISCVState *env, uint64_t d0, uint64_t d1,
                          uint64_t imm, target_ulong pc, uint32_t insn)
{
    sv_resolved_op r;

    sv_desc_unpack(d0, d1, imm, insn, &r);
#ifdef CONFIG_USER_ONLY
    {
        sv_state_fields st = sv_state_unpack(env->sv.state);
        /* An AMO writes, and its element is destoffs's (sv_loop_amo). */
        bool store = r.op.cls == SV_OPC_STORE || r.op.cls == SV_OPC_AMO;
        SVExec ex = {
            .env = env,
            .ra = GETPC(),
            .pc = pc,
            .r = &r,
            .op = r.op,
            .rs1 = sv_opnd(&r.opnd[SV_RS1]),
            .mem_es = r.mem_es * 8,
        };
        unsigned k =
            (store ? st.destoffs : st.srcoffs) * sv_state_subvl(env->sv.state) +
            st.dsvoffs;

        sv_mem_wild_probe(&ex, sv_mem_addr(&ex, k), store);
    }
#endif
    /* Not wild after all (the translator's test is the probe's): the
     * element loop from that element. */
    sv_elements(env, &r, pc, GETPC());
}

/*
 * The common shape of vector memory access: a unit-stride run between a
 * scalar address and packed register elements of the memory's width, all
 * elements active, trap-ffirst or not (the translator checked the static
 * part: sv_unit_run_ok in trans_sv.c.inc).  Only when every page of the
 * run (or, for trap-ffirst, a first part) is plain RAM does the run move,
 * by memcpy, so nothing is changed before a case the element loop must
 * handle: SUBVL, a resumed loop, a fault past element 0, MMIO,
 * watchpoints.  Returns false for those.
 *
 * Pages are checked once per run, not per element.  System mode probes
 * each page (probe_access_flags: the softmmu TLB).  User mode, like
 * QEMU's own loads and stores (cpu_ldst.h), probes nothing for the first
 * page: it accesses the host memory under set_helper_retaddr, so a fault
 * there becomes the guest's SIGSEGV through the host's signal handler.
 * The first access is element 0's first byte, so that fault is the one
 * the element loop would raise (element 0, STATE's offsets 0, that
 * address) and nothing has changed.  Only a run that crosses into a
 * second page probes that page (page flags), so a fault there stays
 * precise (the element loop) or cuts VL (trap-ffirst).
 *
 * check_only: do everything but move data and write VL; *n_out is the
 * run's VL (cut or not).  Used by the fused load+branch to bail out
 * before any change.
 */
#ifdef CONFIG_USER_ONLY
/*
 * Whether user mode may access [a0, a0 + len) directly, unprobed: no
 * plugin watches memory accesses (probe_access_flags would say
 * TLB_FORCE_SLOW: the element loop's loads call the plugin), and the
 * host range is one the host can fault on with its address
 * (sv_user_host_range_ok).  A host address beyond SV_USER_HOST_TOP (a
 * wild guest pointer) faults without one (x86-64: #GP, si_addr 0), where
 * the element loop's probe names the element's address; so does a range
 * that wraps.
 */
static inline bool sv_user_direct_ok(CPURISCVState *env, target_ulong a0,
                                     target_ulong len)
{
    uintptr_t h = (uintptr_t)g2h(env_cpu(env), a0);

#ifdef CONFIG_PLUGIN
    /* accel/tcg's cpu_plugin_mem_cbs_enabled(), which is internal there */
    if (env_cpu(env)->neg.plugin_mem_cbs) {
        return false;
    }
#endif
    return sv_user_host_range_ok(h, len);
}
#endif

typedef struct SVUnitRun {
    uint8_t *file;     /* register-file bytes of the data register */
    void *host[2];     /* the run's host memory, page by page */
    unsigned bytes[2]; /* bytes of the run in each */
    unsigned pages, n; /* n: elements to move (cut by trap-ffirst) */
    unsigned es;       /* element (and memory access) size */
    unsigned vl_reg;   /* STATE.vl */
    bool cut, store, first_unprobed;
} SVUnitRun;

static bool sv_unit_run_plan(CPURISCVState *env, uint64_t d0, uint64_t d1,
                             uint64_t imm, uintptr_t ra, SVUnitRun *u)
{
    unsigned vl_reg;
    int vl =
        sv_state_plain_vl(env->sv.state, (const uint64_t *)env->gpr, &vl_reg);
    MMUAccessType type;
    bool ffirst;
    unsigned es, off;
    target_ulong a0, end;
    uint64_t data, addr;

    if (vl < 0) {
        return false; /* SUBVL > 1 or a resumed loop */
    }
    u->vl_reg = vl_reg;
    /* Runs once per vector access: only the fields it needs, unpacked. */
    u->store = FIELD_EX64(d1, SVDESC, CLS) == SV_OPC_STORE;
    type = u->store ? MMU_DATA_STORE : MMU_DATA_LOAD;
    data = extract64(d0, (u->store ? SV_RS2 : SV_RD) * SV_DESC_OPND_BITS,
                     SV_DESC_OPND_BITS);
    addr = extract64(d0, SV_RS1 * SV_DESC_OPND_BITS, SV_DESC_OPND_BITS);
    ffirst = FIELD_EX64(d1, SVDESC, FFIRST) == SV_FFIRST_TRAP;
    es = u->es = 1 << FIELD_EX64(d1, SVDESC, LOG2ES);
    u->n = vl;
    u->cut = false;
    off = FIELD_EX64(data, SVOPND, REG) * 8;
    if (!sv_elements_fit(FIELD_EX64(data, SVOPND, REG), u->n, es)) {
        return false; /* the element loop raises illegal (C4) */
    }
    u->file = (FIELD_EX64(data, SVOPND, FP) ? (uint8_t *)env->sv_fpr
                                            : (uint8_t *)env->sv_gpr) +
              off;
    a0 = env->sv_gpr[FIELD_EX64(addr, SVOPND, REG)] + imm;
    if (!u->store && !FIELD_EX64(data, SVOPND, FP) &&
        FIELD_EX64(addr, SVOPND, REG) * 8 + 8 > off &&
        FIELD_EX64(addr, SVOPND, REG) * 8 < off + u->n * es) {
        return false; /* rewrites its base: sv_load_rewrites_base */
    }
    end = a0 + (target_ulong)u->n * es;
    u->pages = 0;
    u->first_unprobed = false;
    if (!u->n) {
        return true;
    }
    if (end < a0) {
        return false; /* wraps around: the element loop */
    }
#ifdef CONFIG_USER_ONLY
    if (!sv_user_direct_ok(env, a0, end - a0)) {
        return false;
    }
    u->host[0] = g2h(env_cpu(env), a0);
    u->first_unprobed = true;
    u->pages = 1;
    u->bytes[0] = MIN((a0 | ~TARGET_PAGE_MASK) + 1, end) - a0;
    if (a0 + u->bytes[0] == end) {
        return true;
    }
#endif
    /* At most 64 x 8 bytes: two pages. */
    for (target_ulong p = a0 + (u->pages ? u->bytes[0] : 0); p < end;
         p = (p | ~TARGET_PAGE_MASK) + 1) {
        int flags;

        if (u->pages == 2) {
            return false;
        }
        flags =
            probe_access_flags(env, p, 1, type, riscv_env_mmu_index(env, false),
                               true, &u->host[u->pages], ra);
        if (flags == TLB_INVALID_MASK && ffirst &&
            sv_ffirst_trap_vl(p - a0, es, 1) > 0) {
            /*
             * §7.1, A49: VL := the first element touching this page.  An
             * element 0 that would fault traps: the element loop's job.
             */
            u->n = sv_ffirst_trap_vl(p - a0, es, 1);
            u->cut = true;
            break;
        }
        if (flags || !u->host[u->pages]) {
            return false;
        }
        u->bytes[u->pages++] = MIN((p | ~TARGET_PAGE_MASK) + 1, end) - p;
    }
    return true;
}

/* Moves the planned run (faults only on element 0's first byte). */
static void sv_unit_run_move(CPURISCVState *env, const SVUnitRun *u,
                             uintptr_t ra)
{
    unsigned total = u->n * u->es, done = 0;
    unsigned vl_reg = u->vl_reg;

    if (u->first_unprobed) {
        set_helper_retaddr(ra);
        /* Element 0's first byte first: the access that may fault. */
        if (u->store) {
            *(volatile uint8_t *)u->host[0] = u->file[0];
        } else {
            u->file[0] = *(volatile uint8_t *)u->host[0];
        }
        barrier();
    }
    for (unsigned i = 0; i < u->pages && done < total; i++) {
        unsigned count = MIN(u->bytes[i], total - done);

        if (u->store) {
            memcpy(u->host[i], u->file + done, count);
        } else {
            memcpy(u->file + done, u->host[i], count);
        }
        done += count;
    }
    if (u->first_unprobed) {
        clear_helper_retaddr();
    }
    if (u->cut) {
        sv_ffirst_commit_vl((uint64_t *)env->gpr, vl_reg, u->n);
    }
}

/* The general loop for what the fast paths leave (kept out of their frame). */
static __attribute__((noinline)) void
sv_unit_run_slow(CPURISCVState *env, uint64_t d0, uint64_t d1, uint64_t imm,
                 target_ulong pc, uint32_t insn, uintptr_t ra)
{
    sv_resolved_op r;

    sv_desc_unpack(d0, d1, imm, insn, &r);
    sv_elements(env, &r, pc, ra);
}

__attribute__((zero_call_used_regs("skip"))) void
HELPER(sv_unit_run)(CPURISCVState *env, uint64_t d0, uint64_t d1, uint64_t imm,
                    target_ulong pc, uint32_t insn)
{
    uintptr_t ra = GETPC();
    SVUnitRun u;

    if (sv_unit_run_plan(env, d0, d1, imm, ra, &u)) {
        sv_unit_run_move(env, &u, ra);
    } else {
        sv_unit_run_slow(env, d0, d1, imm, pc, insn, ra);
    }
}

/*
 * A branch with a tagged operand (§6.5, via sv_vector_branch in svcore):
 * the first predicate is rs1's entry, the second (the result register and
 * the mode, §6.3) rs2's, or x0's for C.BEQZ/C.BNEZ.  Both operands scalar
 * (redirected, A29) is an ordinary branch on the redirected registers.
 * Returns whether to take it; the translator jumps (§3.7).
 */
/* A vector operand's elements must end inside the register file (§5.5). */
static bool sv_branch_operand_fits(const sv_branch_operand *o, unsigned reg,
                                   unsigned vl)
{
    return !o->isvec || sv_elements_fit(reg, vl, o->width / 8);
}

/*
 * The kernel's description from the packed one and the registers now:
 * false when an operand's elements run past x127 (illegal).
 */
static inline bool sv_branch_prepare(CPURISCVState *env, uint64_t d0,
                                     uint64_t d1, sv_branch_desc *d,
                                     unsigned *vl_reg)
{
    /* This runs once per iteration of a vector loop: only what it needs. */
    uint64_t va = extract64(d0, SV_RS1 * SV_DESC_OPND_BITS, SV_DESC_OPND_BITS);
    uint64_t vb = extract64(d0, SV_RS2 * SV_DESC_OPND_BITS, SV_DESC_OPND_BITS);
    unsigned areg = FIELD_EX64(va, SVOPND, REG);
    unsigned breg = FIELD_EX64(vb, SVOPND, REG);
    sv_pred_entry first, second;
    uint32_t state = env->sv.state;
    const uint8_t *file = (const uint8_t *)env->sv_gpr;
    int vl;

    d->kind = FIELD_EX64(d1, SVDESC, FN);
    /* The kernel may load whole SIMD vectors up to the file's end. */
    d->a = (sv_branch_operand){file + areg * 8, FIELD_EX64(va, SVOPND, ISVEC),
                               8 << FIELD_EX64(va, SVOPND, LOG2W),
                               sizeof(env->sv_gpr) - areg * 8};
    d->b = (sv_branch_operand){file + breg * 8, FIELD_EX64(vb, SVOPND, ISVEC),
                               8 << FIELD_EX64(vb, SVOPND, LOG2W),
                               sizeof(env->sv_gpr) - breg * 8};
    if (!FIELD_EX64(d1, SVDESC, VECTOR)) {
        /* Both redirected scalars: an ordinary branch (A29). */
        d->ps = ~(uint64_t)0;
        d->zero1 = d->ffirst = d->has_target = d->inv2 = d->zero2 = 0;
        d->target_old = 0;
        d->vl = 1;
        d->start = 0;
        *vl_reg = 0;
        return true;
    }
    vl = sv_state_plain_vl(state, (const uint64_t *)env->gpr, vl_reg);
    if (vl >= 0) {
        d->vl = vl;
        d->start = 0;
    } else {
        /* SUBVL > 1 (a branch ignores it) or a resumed compare. */
        d->vl = sv_effective_vl(state, *vl_reg ? env->gpr[*vl_reg] : 0);
        d->start =
            sv_state_offsets_zero(state) ? 0 : sv_state_unpack(state).srcoffs;
    }
    if (!sv_branch_operand_fits(&d->a, areg, d->vl) ||
        !sv_branch_operand_fits(&d->b, breg, d->vl)) {
        return false;
    }
    first = sv_desc_unpack_pred(FIELD_EX64(d1, SVDESC, PS));
    second = sv_desc_unpack_pred(FIELD_EX64(d1, SVDESC, PD));
    d->ps = sv_pred_entry_mask_x(&first, (const uint64_t *)env->gpr);
    d->zero1 = first.enabled && first.zero;
    d->ffirst = first.enabled && first.ffirst;
    d->has_target = second.enabled;
    d->inv2 = second.inv;
    d->zero2 = second.zero;
    d->target_old = second.predidx ? env->gpr[second.predidx] : 0;
    return true;
}

/* Runs the kernel and writes its results (VL cut, mask, STATE). */
static inline target_ulong sv_branch_finish(CPURISCVState *env, uint64_t d1,
                                            const sv_branch_desc *d,
                                            unsigned vl_reg)
{
    sv_branch_result r = sv_vector_branch(d);
    unsigned target;

    if (!FIELD_EX64(d1, SVDESC, VECTOR)) {
        return r.taken;
    }
    /*
     * §6.5's order: the VL cut happens in the loop, the mask is stored
     * after it, so the mask wins when both name one register (found by
     * tests/oracle).
     */
    if (r.cut) {
        sv_ffirst_commit_vl((uint64_t *)env->gpr, vl_reg, r.new_vl);
    }
    if (FIELD_EX64(d1, SVDESC, PD)) {
        sv_pred_entry second = sv_desc_unpack_pred(FIELD_EX64(d1, SVDESC, PD));

        target = second.enabled ? second.predidx : 0;
        if (target) {
            env->gpr[target] = r.mask; /* whole register, A20 */
        }
    }
    if (d->start || (env->sv.state & SV_STATE_OFFS_MASK)) {
        /* A resumed compare is done: offsets back to 0 (§1.6 rule 5). */
        env->sv.state = sv_state_set_offsets(env->sv.state, 0, 0, 0);
    }
    return r.taken;
}

/* The vector branch d0/d1 (word insn at pc): whether it is taken. */
static inline target_ulong sv_branch_run(CPURISCVState *env, uint64_t d0,
                                         uint64_t d1, uint32_t insn,
                                         target_ulong pc, uintptr_t ra)
{
    sv_branch_desc d;
    unsigned vl_reg;

    if (!sv_branch_prepare(env, d0, d1, &d, &vl_reg)) {
        SVExec ex = {.env = env, .ra = ra, .insn = insn, .pc = pc};

        sv_illegal(&ex, "elements run past register 127 (§5.5)");
    }
    return sv_branch_finish(env, d1, &d, vl_reg);
}

__attribute__((zero_call_used_regs("skip"))) target_ulong
HELPER(sv_branch)(CPURISCVState *env, uint64_t d0, uint64_t d1, uint32_t insn)
{
    return sv_branch_run(env, d0, d1, insn, 0, GETPC());
}

/*
 * The pair p (or p's branch alone) as the unfused helpers run it:
 * helper_sv_unit_run's load, then PCVBLK naming the branch (as the
 * translator stores it between them) and helper_sv_branch's branch.
 * What the fused helpers and helper_sv_scan do where their fast paths do
 * not apply; those have changed nothing then, so a fault in the load is
 * the unfused load's (PCVBLK on the load, STATE's offsets on the
 * element, its address) and a cut or a resumed loop is the element
 * loop's.
 */
static __attribute__((noinline)) target_ulong
sv_pair_unfused(CPURISCVState *env, const SVFusedPair *p, uintptr_t ra)
{
    if (p->has_load) {
        SVUnitRun u;

        if (sv_unit_run_plan(env, p->ld0, p->ld1, p->imm, ra, &u)) {
            sv_unit_run_move(env, &u, ra);
        } else {
            sv_unit_run_slow(env, p->ld0, p->ld1, p->imm, p->ld_pc, p->ld_insn,
                             ra);
        }
        env->sv.pcvblk = p->br_pcvblk;
    }
    return sv_branch_run(env, p->br0, p->br1, p->br_insn, p->br_pc, ra);
}

/*
 * A trap-ffirst (or plain) unit-stride load and the vector branch after
 * it, fused (the strlen/memchr loop; plan.cc: plan_fused).  The same as
 * helper_sv_unit_run then helper_sv_branch: one run of the load into the
 * register file and the branch's kernel where both take their direct
 * paths (the only fault possible is then the load's, on element 0's
 * first byte, exactly as the unfused load's), else the two in turn
 * (sv_pair_unfused).  Returns whether the branch is taken.
 */
target_ulong HELPER(sv_ldbr)(CPURISCVState *env, uint64_t ld0, uint64_t ld1,
                             uint64_t imm, uint64_t br0, uint64_t br1,
                             void *pair)
{
    uintptr_t ra = GETPC();
    SVUnitRun u;
    sv_branch_desc d;
    unsigned vl_reg;

    /*
     * The branch's bounds with VL before the load's cut: the cut only
     * shortens it, so this is conservative (a cut that makes an
     * out-of-bounds branch legal runs the two in turn).
     */
    if (!sv_unit_run_plan(env, ld0, ld1, imm, ra, &u) ||
        !sv_branch_prepare(env, br0, br1, &d, &vl_reg)) {
        return sv_pair_unfused(env, pair, ra);
    }
    /*
     * The branch's VL and predicates were read before the load: a load
     * into x0..x31 could change them (a register operand is read by the
     * kernel from the file, after the load, as unfused).
     */
    if (u.file >= (uint8_t *)env->sv_gpr &&
        u.file < (uint8_t *)&env->sv_gpr[32]) {
        return sv_pair_unfused(env, pair, ra);
    }
    sv_unit_run_move(env, &u, ra);
    if (u.cut) {
        /* VL as the branch reads it after the load's cut. */
        d.vl = sv_effective_vl(env->sv.state, vl_reg ? env->gpr[vl_reg] : 0);
    }
    return sv_branch_finish(env, br1, &d, vl_reg);
}

/*
 * The strlen/memchr pair, specialised (trans_sv.c.inc: sv_scan_shape): a
 * byte load (LB/LBU, trap-ffirst or plain) from a scalar address into
 * packed bytes at x32 or above, then BNE of those bytes against a scalar
 * with fail-on-first, first predicate all ones and no second one (ifall).
 * desc: SVSCAN fields (sv_exec.h).  The same as helper_sv_unit_run then
 * helper_sv_branch: one check of the page(s), a memcpy into the register
 * file and a memchr there, else (a plain STATE with VL 0, SUBVL > 1, a
 * resumed loop, a wrap, a page the probe refuses) the two in turn
 * (sv_pair_unfused).
 */

/* The branch's scalar (rs2, its element width), zero-extended. */
static inline uint64_t sv_scan_scalar(CPURISCVState *env, uint64_t desc)
{
    const void *p = &env->sv_gpr[FIELD_EX64(desc, SVSCAN, SCALAR)];

    if (!FIELD_EX64(desc, SVSCAN, SCALAR)) {
        return 0; /* x0: C.BNEZ, or BNE against zero (strlen) */
    }
    switch (FIELD_EX64(desc, SVSCAN, LOG2W)) {
    case 0:
        return *(const uint8_t *)p;
    case 1:
        return *(const uint16_t *)p;
    case 2:
        return *(const uint32_t *)p;
    default:
        return *(const uint64_t *)p;
    }
}

/*
 * The fused scan's branch (BNE, ifall, fail-on-first) over n bytes whose
 * first match is at first (n when none): the VL cut (§7.3), then whether
 * it is taken (§6.5).
 */
static inline target_ulong sv_scan_branch_end(CPURISCVState *env,
                                              unsigned vl_reg, unsigned n,
                                              unsigned first)
{
    sv_branch_result r = sv_vector_branch_ffirst_ifall(n, first);

    if (r.cut) {
        sv_ffirst_commit_vl((uint64_t *)env->gpr, vl_reg, r.new_vl);
    }
    return r.taken;
}

/* Everything but the whole in-page 64-byte iteration (kept out of line). */
static __attribute__((noinline)) target_ulong
sv_ldbr_scan_slow(CPURISCVState *env, uint64_t desc, uint64_t imm,
                  const SVFusedPair *pair, uintptr_t ra)
{
    unsigned vl_reg, first, bytes0;
    int n =
        sv_state_plain_vl(env->sv.state, (const uint64_t *)env->gpr, &vl_reg);
    uint8_t *file = (uint8_t *)&env->sv_gpr[FIELD_EX64(desc, SVSCAN, DATA)];
    target_ulong a0, end;
    void *host0, *host1 = NULL;
    uint64_t scalar;
    const uint8_t *hit;
    bool cut = false;

    if (n <= 0) {
        return sv_pair_unfused(env, pair, ra);
    }
    a0 = env->sv_gpr[FIELD_EX64(desc, SVSCAN, ADDR)] + imm;
    end = a0 + n;
    if (end < a0) {
        return sv_pair_unfused(env, pair, ra);
    }
    bytes0 = MIN((a0 | ~TARGET_PAGE_MASK) + 1, end) - a0;
#ifdef CONFIG_USER_ONLY
    if (!sv_user_direct_ok(env, a0, n)) {
        return sv_pair_unfused(env, pair, ra); /* sv_unit_run_plan */
    }
    host0 = g2h(env_cpu(env), a0);
#else
    if (probe_access_flags(env, a0, 1, MMU_DATA_LOAD,
                           riscv_env_mmu_index(env, false), true, &host0, ra) ||
        !host0) {
        return sv_pair_unfused(env, pair, ra);
    }
#endif
    if (bytes0 < n) {
        int flags = probe_access_flags(env, a0 + bytes0, 1, MMU_DATA_LOAD,
                                       riscv_env_mmu_index(env, false), true,
                                       &host1, ra);

        if (flags == TLB_INVALID_MASK && FIELD_EX64(desc, SVSCAN, FFIRST)) {
            n = sv_ffirst_trap_vl(bytes0, 1, 1); /* §7.1, A49 */
            cut = true;
        } else if (flags || !host1) {
            return sv_pair_unfused(env, pair, ra);
        }
    }
    /* As sv_unit_run_move: element 0's byte first (the one that faults). */
    set_helper_retaddr(ra);
    file[0] = *(volatile uint8_t *)host0;
    barrier();
    memcpy(file, host0, MIN(bytes0, n));
    if (n > bytes0) {
        memcpy(file + bytes0, host1, n - bytes0);
    }
    clear_helper_retaddr();
    if (cut) {
        sv_ffirst_commit_vl((uint64_t *)env->gpr, vl_reg, n);
    }
    /* The branch's scalar after the load (it may be the VL register). */
    scalar = sv_scan_scalar(env, desc);
    hit = scalar > 0xff ? NULL : memchr(file, (int)scalar, n);
    first = hit ? hit - file : n; /* > 0xff: NE holds for every byte */
    return sv_scan_branch_end(env, vl_reg, n, first);
}

/*
 * A run of n (1..63) bytes at a0 whose 8-byte words lie in a0's page
 * (strings' tails, VL 1..63): a word at a time, the first word first (a
 * fault there is element 0's), no library call.  As sv_ldbr_scan's fast
 * path, which checked the rest.
 */
static __attribute__((noinline)) target_ulong
sv_ldbr_scan_short(CPURISCVState *env, uint64_t desc, uint64_t imm,
                   target_ulong a0, unsigned n, unsigned vl_reg,
                   const SVFusedPair *pair, uintptr_t ra)
{
    uint8_t *file = (uint8_t *)&env->sv_gpr[FIELD_EX64(desc, SVSCAN, DATA)];
    unsigned first;
    void *host;

#ifdef CONFIG_USER_ONLY
    host = g2h(env_cpu(env), a0);
    if (unlikely(!sv_user_host_range_ok((uintptr_t)host, 64))) {
        return sv_ldbr_scan_slow(env, desc, imm, pair, ra);
    }
#else
    if (probe_access_flags(env, a0, 1, MMU_DATA_LOAD,
                           riscv_env_mmu_index(env, false), true, &host, ra) ||
        !host) {
        return sv_pair_unfused(env, pair, ra);
    }
#endif
    set_helper_retaddr(ra);
    first = sv_copy_find_byte_short(file, host, n, sv_scan_scalar(env, desc));
    clear_helper_retaddr();
    return sv_scan_branch_end(env, vl_reg, n, first);
}

/*
 * The strlen/memchr pair, specialised (trans_sv.c.inc: sv_scan_shape): a
 * byte load (LB/LBU, trap-ffirst or plain) from a scalar address into
 * packed bytes at x32..x120 (its 64 bytes stay in the file), then BNE of
 * those bytes against a scalar outside them, with fail-on-first, first
 * predicate all ones and no second one (ifall).  desc: SVSCAN fields
 * (sv_exec.h).  The same as helper_sv_unit_run then helper_sv_branch.
 * The common iteration, 64 bytes inside one page, is a copy into the
 * register file and a compare in the same pass; a shorter run inside
 * one page is sv_ldbr_scan_short; the rest is sv_ldbr_scan_slow, and
 * what none of them can do runs unfused (sv_pair_unfused).
 */
/*
 * The fast path of both entry points below.  vl_known: STATE is the one
 * the block's VL block just set, with VL 64 in register VLREG (the
 * translator knew it: sv_trans_fused), so STATE is not read.
 */
static inline __attribute__((always_inline)) target_ulong
sv_ldbr_scan(CPURISCVState *env, uint64_t desc, uint64_t imm,
             const SVFusedPair *pair, uintptr_t ra, bool vl_known)
{
    unsigned vl_reg, first;
    int n = vl_known ? 64
                     : sv_state_plain_vl(env->sv.state,
                                         (const uint64_t *)env->gpr, &vl_reg);
    target_ulong a0 = env->sv_gpr[FIELD_EX64(desc, SVSCAN, ADDR)] + imm;
    uint8_t *file;
    const uint8_t *host;

    if (vl_known) {
        vl_reg = FIELD_EX64(desc, SVSCAN, VLREG);
    }
    if (n != 64 || (a0 & ~TARGET_PAGE_MASK) > TARGET_PAGE_SIZE - 64) {
        if (n > 0 && n < 64 &&
            (a0 & ~TARGET_PAGE_MASK) + ROUND_UP(n, 8) <= TARGET_PAGE_SIZE) {
            return sv_ldbr_scan_short(env, desc, imm, a0, n, vl_reg, pair, ra);
        }
        return sv_ldbr_scan_slow(env, desc, imm, pair, ra);
    }
#ifdef CONFIG_USER_ONLY
    /*
     * sv_user_direct_ok's host range test; no plugin watches memory
     * here (the translator does not use these helpers then).
     */
    host = g2h(env_cpu(env), a0);
    if (unlikely(!sv_user_host_range_ok((uintptr_t)host, 64))) {
        return sv_ldbr_scan_slow(env, desc, imm, pair, ra);
    }
#else
    {
        void *h;

        if (probe_access_flags(env, a0, 1, MMU_DATA_LOAD,
                               riscv_env_mmu_index(env, false), true, &h, ra) ||
            !h) {
            return sv_pair_unfused(env, pair, ra);
        }
        host = h;
    }
#endif
    file = (uint8_t *)&env->sv_gpr[FIELD_EX64(desc, SVSCAN, DATA)];
    /*
     * Element 0 first (sv_copy_find_byte64 reads its first piece before
     * the rest): a fault there is the unfused load's (precise).
     */
    set_helper_retaddr(ra);
    first = sv_copy_find_byte64_fn(file, host, sv_scan_scalar(env, desc));
    clear_helper_retaddr();
    return sv_scan_branch_end(env, vl_reg, 64, first);
}

/*
 * These run once per 64 bytes of a string function: QEMU's hardening
 * (-fzero-call-used-regs=used-gpr) would clear 8 registers on every
 * return, a tenth of their cost; they hold no secret worth that.
 */
__attribute__((zero_call_used_regs("skip"))) target_ulong
HELPER(sv_ldbr_scan)(CPURISCVState *env, uint64_t desc, uint64_t imm,
                     void *pair)
{
    return sv_ldbr_scan(env, desc, imm, pair, GETPC(), false);
}

__attribute__((zero_call_used_regs("skip"))) target_ulong
HELPER(sv_ldbr_scan64)(CPURISCVState *env, uint64_t desc, uint64_t imm,
                       void *pair)
{
    return sv_ldbr_scan(env, desc, imm, pair, GETPC(), true);
}

/*
 * A lone vector branch of the byte-compare shape (trans_sv.c.inc:
 * sv_scan_branch_shape): BEQ or BNE of packed bytes against a scalar or
 * another byte vector, fail-on-first, first predicate all ones, no mask
 * register written (the second predicate, if any, names x0 and picks the
 * mode), as in the second blocks of libsvstring's strchr and strcmp.
 * The same as helper_sv_branch, which runs what the search does not
 * (SUBVL > 1, a resumed compare, VL 0, elements past x127:
 * sv_pair_unfused on branch, the branch alone).  desc: SVSCAN's DATA,
 * SCALAR, LOG2W, BVEC, EQ, TARGET, INV2, ZERO2.
 */
__attribute__((zero_call_used_regs("skip"))) target_ulong
HELPER(sv_scan)(CPURISCVState *env, uint64_t desc, void *branch)
{
    unsigned vl_reg, first, data = FIELD_EX64(desc, SVSCAN, DATA);
    unsigned breg = FIELD_EX64(desc, SVSCAN, SCALAR);
    bool bvec = FIELD_EX64(desc, SVSCAN, BVEC);
    bool eq = FIELD_EX64(desc, SVSCAN, EQ);
    int n =
        sv_state_plain_vl(env->sv.state, (const uint64_t *)env->gpr, &vl_reg);
    const uint8_t *file = (const uint8_t *)env->sv_gpr;
    sv_branch_result r;

    /* sv_first_byte_fail reads n rounded up to 16 (x126/x127: general) */
    if (n <= 0 || !sv_elements_fit(data, ROUND_UP(n, 16), 1) ||
        (bvec && !sv_elements_fit(breg, ROUND_UP(n, 16), 1))) {
        return sv_pair_unfused(env, branch, GETPC());
    }
    if (bvec) {
        first = sv_first_byte_fail(file + data * 8, file + breg * 8, 0, n, eq);
    } else {
        uint64_t scalar = sv_scan_scalar(env, desc);

        /* A scalar no byte can hold: BNE passes, BEQ fails everywhere. */
        if (scalar > 0xff) {
            first = eq ? 0 : n;
        } else if (!eq) {
            /* BNE: the first byte equal to it; the host's memchr is
             * quicker here (measured: strchr 218 against 274 host
             * instructions per 64 bytes). */
            const uint8_t *hit = memchr(file + data * 8, (int)scalar, n);

            first = hit ? hit - (file + data * 8) : n;
        } else {
            first = sv_first_byte_fail(file + data * 8, NULL, scalar, n, eq);
        }
    }
    r = sv_vector_branch_ffirst(n, first, FIELD_EX64(desc, SVSCAN, TARGET),
                                FIELD_EX64(desc, SVSCAN, INV2),
                                FIELD_EX64(desc, SVSCAN, ZERO2));
    if (r.cut) {
        sv_ffirst_commit_vl((uint64_t *)env->gpr, vl_reg, r.new_vl);
    }
    return r.taken;
}

/*
 * An inline element access (trans_sv.c.inc: gen_sv_mem_body) to an
 * address the host cannot fault on with that address (beyond
 * SV_USER_HOST_TOP): the probe raises the guest's SIGSEGV naming it, as the
 * element loop's does, with STATE's offsets already on the element.
 */
void HELPER(sv_wild_access)(CPURISCVState *env, target_ulong addr,
                            uint32_t store)
{
    probe_access(env, addr, 1, store ? MMU_DATA_STORE : MMU_DATA_LOAD,
                 riscv_env_mmu_index(env, false), GETPC());
}
