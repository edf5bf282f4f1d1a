/*
 * svprof, replay: the static model of a VBLOCK (which registers each
 * inner opcode reads and writes, its predicates, branch mode and
 * fail-on-first) and the replay of one run from its pre and post
 * snapshots with svcore's own rules.  What each opcode is comes from
 * svcore's resolution step (sv_resolve_op), as the translator gets it;
 * the run from sv_vl_block_exec (in observe.cc), sv_effective_vl,
 * sv_vector_branch and sv_alu_exec.  The method and its
 * limits are in plugin/README.md ("Method").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <algorithm>
#include <cstring>

namespace svprof
{
namespace
{

/* ------------------------- VBLOCK opcodes, through svcore's resolution */

BranchOperand operand(const sv_resolved_operand &x)
{
    BranchOperand b;
    b.reg = x.reg;
    b.isvec = x.isvec;
    b.width = x.width;
    b.packed = x.overridden;
    return b;
}

/* The registers elements 0..n-1 of an operand occupy (C6: packed at its
 * element width, else one element per register). */
unsigned span(const BranchOperand &b, unsigned n)
{
    if (!b.isvec) {
        return 1;
    }
    return b.packed ? (n * b.width + 63) / 64 : n;
}

void add_reads(const BranchOperand &b, unsigned max_elems, RegSet *set)
{
    set->add_range(b.reg, span(b, max_elems));
}

/* The integer registers an operand's element loop may write. */
void add_writes(const sv_resolved_operand &x, unsigned max_elems, RegSet *set)
{
    if (x.present && !x.is_fp) {
        BranchOperand b = operand(x);
        set->add_range(b.reg, span(b, max_elems));
    }
}

/*
 * One inner opcode: what it is and which registers it touches, all read
 * from svcore's sv_resolve_op (the translator's own resolution); the
 * plugin only derives the replay's register sets from it.
 */
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
    sv_resolved_op r;
    const bool ok = sv_resolve_op(&ctx, insn, &r);
    o->op = r.op;
    const sv_op &op = r.op;
    const sv_resolved_operand &rd = r.opnd[SV_RD];
    if (!ok) {
        return; /* the block raises illegal instruction here */
    }
    switch (r.kind) {
    case SV_EXEC_STAYS_SCALAR:
    case SV_EXEC_SCALAR:
        if (op.cls == SV_OPC_CSR || op.cls == SV_OPC_SCALAR) {
            /* svcore gives these no operands: bits 11:7 are rd, or a
             * harmless extra register in the write set. */
            if ((insn & 3) == 3) {
                o->writes.add((insn >> 7) & 31);
            }
        } else if (rd.present && !rd.is_fp) {
            o->writes.add(r.kind == SV_EXEC_SCALAR ? rd.reg : rd.key);
        }
        return;
    case SV_EXEC_FLOW:
    case SV_EXEC_VBRANCH:
        o->role = R_FLOW;
        if (op.cls == SV_OPC_JALR) {
            o->dyn_target = true;
            return;
        }
        o->has_target = true;
        o->target = o->vaddr + uint64_t(op.imm);
        if (op.cls != SV_OPC_BRANCH) {
            return; /* JAL, C.J */
        }
        o->a = operand(r.opnd[SV_RS1]);
        o->b = operand(r.opnd[SV_RS2]);
        if (r.kind == SV_EXEC_FLOW || !r.vector) {
            /* scalar, possibly redirected (A29) */
            if (o->target == base + ctx.layout.total_bytes) {
                need->add(o->a.reg); /* scalar_taken reads them */
                need->add(o->b.reg);
            }
            return;
        }
        o->role = R_VBRANCH;
        o->ps = r.pred_src;
        o->has_second = r.pred_dest.enabled;
        o->inv2 = r.pred_dest.inv;
        o->zero2 = r.pred_dest.zero;
        o->pred2 = o->has_second ? r.pred_dest.predidx : 0;
        o->mode = o->has_second ? uint8_t(o->inv2 << 1 | o->zero2) : 0;
        o->ffirst = r.ffirst != SV_FFIRST_NONE;
        if (o->pred2) {
            o->writes.add(o->pred2); /* the result mask, whole (A20) */
            need->add(o->pred2);
        }
        if (o->ps.enabled) {
            need->add(o->ps.predidx);
        }
        add_reads(o->a, max_elems, need);
        add_reads(o->b, max_elems, need);
        return;
    default: /* SV_EXEC_ELEMENTS, SV_EXEC_MEMORY */
        break;
    }
    add_writes(rd, r.vector ? max_elems : 1, &o->writes);
    if (!r.vector) {
        return; /* tagged scalar, LUI/AUIPC (A36): once, redirected */
    }
    o->role = R_ELEMENTS;
    o->pd = r.pred_dest;
    o->ps = r.pred_src;
    o->twin = r.twin;
    o->ffirst = r.ffirst != SV_FFIRST_NONE;
    if (r.ffirst == SV_FFIRST_DATA && op.cls == SV_OPC_INT && !r.twin &&
        op.rs1.present) {
        /* §7.2: replayed with sv_alu_exec (int_ff_cut). */
        o->int_ff = true;
        o->src1 = operand(r.opnd[SV_RS1]);
        add_reads(o->src1, max_elems, need);
        if (!op.b_is_imm) {
            o->src2 = operand(r.opnd[SV_RS2]);
            add_reads(o->src2, max_elems, need);
        }
    }
    for (const sv_pred_entry *p : {&o->pd, &o->ps}) {
        if (p->enabled) {
            need->add(p->predidx);
        }
    }
    if (r.ffirst == SV_FFIRST_TRAP && op.cls == SV_OPC_LOAD && r.unit_stride &&
        rd.isvec) {
        o->ldff = !rd.is_fp; /* FP elements: data-dependent below */
        o->addr_reg = r.opnd[SV_RS1].reg;
        o->es_bytes = r.mem_es;
        o->dest_reg = rd.reg;
        o->dest_w = rd.overridden ? rd.width : 64;
        need->add(o->addr_reg);
        /* ldff_cut reads the candidate element after the run. */
    }
}

/* ---- the replay (see the file comment and plugin/README.md) ---------- */

/* Register values while replaying a run: a register is known from the
 * pre snapshot until an opcode that may write it has run, or from the
 * post snapshot once no opcode left to run may write it, or because the
 * replay computed the write (a branch's mask, a VL cut). */
/* A RegSet without the zeroing constructor: the replay fills only the
 * entries of the opcodes that ran (zeroing the whole array showed in
 * profiles). */
struct RawSet {
    uint64_t w[2];
    bool has(unsigned r) const
    {
        return r < SV_NUM_REGS && (w[r >> 6] >> (r & 63)) & 1;
    }
};

struct Replay {
    Pending &p;
    VcpuCounts *c;
    RegSet known;    /* value known at this point of the replay */
    RegSet computed; /* ... and set by the replay (in cur), not from pre */
    uint64_t cur[SV_NUM_REGS];
    RawSet later[SV_VBLOCK_MAX_OPS + 1]; /* writes of ops >= k */
    /* An op >= k writes the VL register other than by a ffirst cut. */
    bool vl_set_later[SV_VBLOCK_MAX_OPS + 1];
    bool inexact = false;

    Replay(Pending &pend, VcpuCounts *vc) : p(pend), c(vc)
    {
        known = p.pre.valid;
    }
    __attribute__((always_inline)) bool value(unsigned r, unsigned k,
                                              uint64_t *v)
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
            p.post.x[r] = r ? read_reg(c, regs.gpr[r]) : 0;
            p.post.valid.add(r);
        }
        return p.post.x[r];
    }
    /* Every register in `set` was (or may have been) written. */
    void wrote_all(const RegSet &set)
    {
        for (unsigned w = 0; w < 2; w++) {
            known.w[w] &= ~set.w[w];
            computed.w[w] &= ~set.w[w];
        }
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

uint64_t pred_mask(Replay &rp, const sv_pred_entry &pr, unsigned k)
{
    uint64_t m = 0;
    if (pr.enabled && pr.predidx) {
        rp.value(pr.predidx, k, &m);
    }
    return sv_pred_entry_mask(&pr, m);
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
    /* The first element ending on the next page: b * es + es - 1 >=
     * next_page - base; then the first active one from there. */
    const uint64_t page0 = (base + uint64_t(e0) * es + es - 1) >> 12;
    const uint64_t from = ((page0 + 1) << 12) - base - (es - 1);
    uint64_t first = (from + es - 1) / es;
    first = std::max<uint64_t>(first, e0 + 1);
    if (first >= vl) {
        return vl;
    }
    const uint64_t rest = mask & vl_mask(vl) & ~vl_mask(unsigned(first));
    if (!rest) {
        return vl;
    }
    const unsigned b = unsigned(__builtin_ctzll(rest));
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

/* Element i of an integer operand: packed at its width, else one per
 * register (W sources read its low half). */
bool int_element(Replay &rp, const BranchOperand &b, unsigned i, unsigned k,
                 uint64_t *v)
{
    const unsigned stride = b.packed ? b.width / 8 : 8;
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
    const bool zeroing = o.pd.enabled && o.pd.zero;
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

} // namespace

/* The static model of a VBLOCK site (its bytes as translated). */
void analyse_site(Site &s, const uint8_t *bytes)
{
    const size_t n = s.bytes.size();
    s.len = unsigned(n);
    s.ctx_ok = sv_vblock_decode(bytes, n, &s.ctx) == SV_OK;
    if (!s.ctx_ok) {
        return;
    }
    s.n_ops = s.ctx.n_ops;
    s.ops = std::make_unique<InnerOp[]>(s.n_ops);
    RegSet written;
    for (unsigned i = 0; i < s.n_ops; i++) {
        RegSet &reads = s.ops[i].reads;
        analyse_op(s.ctx, s.vaddr, bytes, i, &s.ops[i], &reads);
        for (unsigned w = 0; w < 2; w++) {
            s.need_pre.w[w] |= reads.w[w] & ~written.w[w];
        }
        s.all_reads |= reads;
        written |= s.ops[i].writes;
        if (s.ops[i].has_target) {
            s.successors.push_back(s.ops[i].target);
        }
    }
    /* A register no opcode writes reads the same after the run: the
     * replay reads it then, and only if it needs it. */
    for (unsigned w = 0; w < 2; w++) {
        s.need_pre.w[w] &= written.w[w];
        s.all_reads.w[w] &= written.w[w];
    }
    RegSet after;
    for (unsigned i = s.n_ops; i-- > 0;) {
        s.ops[i].reads_later = after;
        after |= s.ops[i].reads;
    }
    s.successors.push_back(s.vaddr);     /* re-run, resumed part */
    s.successors.push_back(s.vaddr + n); /* fall-through */
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
    p.post.pcvblk = next_pc == s.vaddr ? uint32_t(read_reg(c, regs.pcvblk)) : 0;
    sv_pcvblk_fields q{}; /* status 0: not executing */
    if (p.post.pcvblk) {
        q = sv_pcvblk_unpack(p.post.pcvblk);
    }
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
    rp.later[end] = RawSet{{0, 0}};
    rp.vl_set_later[end] = false;
    for (unsigned i = end; i-- > p.start;) {
        const RegSet &wr = s.ops[i].writes;
        rp.later[i].w[0] = rp.later[i + 1].w[0] | wr.w[0];
        rp.later[i].w[1] = rp.later[i + 1].w[1] | wr.w[1];
        rp.vl_set_later[i] = rp.vl_set_later[i + 1] || wr.has(p.vr);
        if (s.ops[i].ffirst && p.vr < SV_NUM_REGS) {
            rp.later[i].w[p.vr >> 6] |= uint64_t(1) << (p.vr & 63);
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
            rp.wrote_all(o.writes);
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
            active = unsigned(popcount(mask_s & in_d));
        } else if (o.twin) {
            active = std::min(popcount(mask_s & in_s), popcount(mask_d & in_d));
        } else {
            active = unsigned(popcount(mask_d & in_d));
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
            (g->opts.check || o.target == ambiguous_pc ||
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
            d.zero1 = o.ps.enabled && o.ps.zero;
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
            rp.wrote_all(o.writes);
            if (o.ldff && p.vr && !rp.vl_set_later[k + 1] &&
                sv_effective_vl(p.state1, rp.post(p.vr)) == vl) {
                /* Only cuts may follow, and VL is whole after the run:
                 * nothing was cut here (no memory probe needed). */
                new_vl = -1;
            } else if (o.ldff) {
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
    if (g->opts.check && p.vr && exit_op < 0 &&
        q.status != SV_PCVBLK_EXECUTING && rp.known.has(p.vr) &&
        rp.value(p.vr, end, &vl_end) && vl_end != rp.post(p.vr)) {
        rp.inexact = true;
    }
    if (rp.inexact) {
        c->inexact++;
        s.inexact++;
    }
    s.elements.fetch_add(site_elems, std::memory_order_relaxed);
    s.active.fetch_add(site_active, std::memory_order_relaxed);
}

} // namespace svprof
