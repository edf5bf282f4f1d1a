/*
 * svprof, observe: classification at translation time, the counters and
 * the callbacks.
 *
 * Every instruction is classified once, when its TB is translated, from
 * its bytes with svcore (sv_insn_classify, sv.setvl; for a VBLOCK
 * sv_vblock_decode plus the resolution step, sv_resolve_op, of every
 * inner opcode, in replay.cc; for a P48/P64 sv_prefix_decode and
 * sv_resolve_prefix).  Scalar code costs one inline add per TB (none with
 * scalar=off) into the TB's own counter slot; each SV instruction has its
 * own slot and inline add.  SV instructions get callbacks that read
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
 * The replay (replay.cc) then reconstructs the run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svprof.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace svprof
{

const char *const kind_names[K_COUNT] = {"scalar", "setvl",  "sv_csr",    "p48",
                                         "p64",    "vblock", "other_long"};
const char *const mode_names[n_modes] = {"ifall", "ifany", "ifnotall",
                                         "ifnone"};
const char *const priv_names[n_privs] = {"U", "S", "H", "M"};

State *g;
Regs regs;

namespace
{
std::once_flag regs_once;
}

qemu_plugin_u64 field(size_t offset)
{
    /* Not qemu_plugin_scoreboard_u64_in_struct: a C compound literal. */
    return qemu_plugin_u64{g->scoreboard, offset};
}

VcpuCounts *vcpu_counts(unsigned vcpu_index)
{
    return static_cast<VcpuCounts *>(
        qemu_plugin_scoreboard_find(g->scoreboard, vcpu_index));
}

qemu_plugin_u64 slot_entry(uint32_t slot)
{
    return qemu_plugin_u64{g->slot_chunks[slot / slots_per_chunk],
                           (slot % slots_per_chunk) * sizeof(uint64_t)};
}

namespace
{

/* A new counter slot (under g->lock). */
uint32_t new_slot()
{
    if (g->n_slots % slots_per_chunk == 0) {
        g->slot_chunks.push_back(
            qemu_plugin_scoreboard_new(slots_per_chunk * sizeof(uint64_t)));
    }
    return g->n_slots++;
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

/* ----------------------------------------------------- register access */

void lookup_registers()
{
    static const char *const abi[32] = {
        "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "fp", "s1", "a0",
        "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
        "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    GArray *list = qemu_plugin_get_registers();
    for (guint i = 0; i < list->len; i++) {
        auto &d = g_array_index(list, qemu_plugin_reg_descriptor, i);
        for (unsigned r = 1; r < 32; r++) {
            if (!regs.gpr[r] && std::strcmp(d.name, abi[r]) == 0) {
                regs.gpr[r] = d.handle;
            }
        }
        unsigned n;
        char tail;
        if (std::sscanf(d.name, "x%u%c", &n, &tail) == 1 && n >= 32 &&
            n < SV_NUM_REGS) {
            regs.gpr[n] = d.handle;
        }
        if (std::strcmp(d.name, "state") == 0) {
            regs.state = d.handle;
        } else if (std::strcmp(d.name, "pcvblk") == 0) {
            regs.pcvblk = d.handle;
        } else if (std::strcmp(d.name, "svpstate") == 0) {
            regs.svpstate = d.handle;
        } else if (std::strcmp(d.name, "priv") == 0) {
            regs.priv = d.handle;
        }
    }
    g_array_free(list, TRUE);
    bool ok = regs.state && regs.pcvblk && regs.svpstate;
    for (unsigned r = 1; r < SV_NUM_REGS; r++) {
        ok = ok && regs.gpr[r];
    }
    regs.ok = ok;
    if (!ok) {
        std::fprintf(stderr, "svprof: the gdbstub does not show x1..x127, "
                             "state and pcvblk (is xsv=true set?); VBLOCK "
                             "element data will be missing\n");
    }
}

/* Reads the registers in set (STATE and PCVBLK are the caller's). */
void read_snapshot(VcpuCounts *c, const RegSet &set, Snapshot *s)
{
    s->valid = RegSet{};
    for (unsigned w = 0; w < 2; w++) {
        for (uint64_t m = set.w[w]; m; m &= m - 1) {
            unsigned r = w * 64 + unsigned(__builtin_ctzll(m));
            s->x[r] = r ? read_reg(c, regs.gpr[r]) : 0;
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
    if (site->setvl.rs1 != 0 && regs.gpr[site->setvl.rs1]) {
        rs1_value = read_reg(c, regs.gpr[site->setvl.rs1]);
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

/* VcpuCounts::pending: bit 0 set when the pre callback filled pend. */
constexpr uint64_t pend_filled = 1;

Site *pending_site(const VcpuCounts *c)
{
    return reinterpret_cast<Site *>(uintptr_t(c->pending & ~pend_filled));
}

/*
 * Ends the pending run (c->pending != 0) and returns its pre snapshot.
 * A fresh run of an inline_pre site had no pre callback: its VL block's
 * outcome was computed at translation, or (rs1 != x0, which no opcode
 * of the block writes) is computed now from rs1's value, the same as
 * before the run.  `replay`: the snapshot will be replayed (else rs1 is
 * not read).
 */
Pending &take_pending(VcpuCounts *c, bool replay = true)
{
    Pending &p = *c->pend;
    Site *s = pending_site(c);
    if (!(c->pending & pend_filled)) {
        p.site = s;
        p.start = 0;
        p.pre.state = 0;
        p.pre.pcvblk = 0;
        p.pre.valid = RegSet{};
        p.pre.valid.add(0);
        p.pre.x[0] = 0;
        if (s->post_rs1 && replay) {
            const unsigned r = s->post_rs1;
            p.pre.x[r] = read_reg(c, regs.gpr[r]);
            p.pre.valid.add(r);
            p.state1 = 0;
            p.vl_fail = sv_vl_block_exec(&p.state1, s->ctx.vl, p.pre.x[r],
                                         max_vl, &p.vl_rd_value) != SV_OK;
        } else {
            p.vl_fail = s->fresh_vl_fail;
            p.state1 = s->fresh_state1;
            p.vl_rd_value = s->fresh_vl_rd;
        }
        p.vr = sv_state_vl_reg(p.state1);
    }
    c->pending = 0;
    s->ended.fetch_add(1, std::memory_order_relaxed);
    return p;
}

/*
 * Before a VBLOCK runs: the pre snapshot.  Whether this is a fresh run or
 * a resumed part is known at translation: QEMU keys a TB that starts at
 * a block on the live PCVBLK when a run is part-way through (cs_base,
 * hook 0010), so a TB translated while PCVBLK was executing
 * only ever runs resumed parts from that opcode, and every other TB only
 * fresh runs.  No PCVBLK read at run time.
 */
void vblock_pre_run(VcpuCounts *c, Site *site, uint32_t pcvblk)
{
    Pending &p = *c->pend;
    if (c->pending && pcvblk && pending_site(c) == site) {
        take_pending(c);
        /*
         * The run was left inside this block by a trap, an interrupt
         * between opcodes or a signal, and nothing SV ran since: this
         * resumed part continues it.  The registers are the ones the
         * run left (a trap handler or sigreturn restores them), so the
         * first part is replayed now as one that stopped inside the
         * block, up to PCVBLK's opcode (as when a TB ends there).
         */
        p.post.valid = RegSet{};
        resolve(c, p, site->vaddr);
    } else if (c->pending) {
        /* No post seen: the run left through a JALR, a trap or a signal
         * to a place that is no successor of the block, and something
         * else ran before it came back (if it did). */
        take_pending(c, false).site->unresolved++;
        c->unresolved++;
    }
    p.site = site;
    p.vl_fail = false;
    p.pre.pcvblk = pcvblk;
    const bool resumed = pcvblk != 0;
    if (resumed) {
        p.start = op_at(*site, pcvblk);
        site->resumes.fetch_add(1, std::memory_order_relaxed);
        c->vblock_resumes++;
    } else {
        p.start = 0; /* counted by its slot (settle_vblocks) */
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
        p.pre.state = uint32_t(read_reg(c, regs.state));
        p.state1 = p.pre.state;
    }
    p.vr = sv_state_vl_reg(p.state1);
    if (p.vr && !p.pre.valid.has(p.vr) &&
        !(enter && vlb.mode != SV_VL_MODE_RS1)) {
        p.pre.x[p.vr] = read_reg(c, regs.gpr[p.vr]);
        p.pre.valid.add(p.vr);
    }
    c->pending = uint64_t(uintptr_t(site)) | pend_filled;
}

/* A fresh run (userdata: the site). */
void vblock_pre(unsigned vcpu_index, void *userdata)
{
    vblock_pre_run(vcpu_counts(vcpu_index), static_cast<Site *>(userdata), 0);
}

/* A resumed part (userdata: the site's Resume entry for the TB's PCVBLK). */
void vblock_pre_resumed(unsigned vcpu_index, void *userdata)
{
    auto *r = static_cast<Site::Resume *>(userdata);
    vblock_pre_run(vcpu_counts(vcpu_index), r->site, r->pcvblk);
}

/* The first instruction after a VBLOCK: the post snapshot.  userdata is
 * this instruction's address, the VBLOCK's next PC. */
void vblock_post(unsigned vcpu_index, void *userdata)
{
    VcpuCounts *c = vcpu_counts(vcpu_index);
    Pending &p = take_pending(c);
    p.post.valid = RegSet{}; /* read on demand by the replay */
    resolve(c, p, uint64_t(uintptr_t(userdata)));
}

#ifdef SVPROF_HAVE_PREFIX
/*
 * P48/P64 (§4): one instruction with its own vector context and neither
 * branches nor fail-on-first (§4.2), so everything is known before it
 * runs: VL from svcore's sv_prefix_loop_begin (VLtyp, SVPSTATE or
 * STATE), the masks and twin predication from svcore's resolution
 * (sv_resolve_prefix, at translation).
 */
void prefix_exec(unsigned vcpu_index, void *userdata)
{
    auto *site = static_cast<Site *>(userdata);
    VcpuCounts *c = vcpu_counts(vcpu_index);
    const sv_prefix_context &x = site->prefix;
    const sv_resolved_op &r = site->prefix_op;
    site->count.fetch_add(1, std::memory_order_relaxed);
    auto gpr = [&](unsigned reg) -> uint64_t {
        return reg && reg < SV_NUM_REGS ? read_reg(c, regs.gpr[reg]) : 0;
    };
    uint32_t state = uint32_t(read_reg(c, regs.state));
    uint32_t svp = uint32_t(read_reg(c, regs.svpstate));
    unsigned state_vl = sv_effective_vl(state, gpr(sv_state_vl_reg(state)));
    uint64_t vlen = x.vltyp.form == SV_VLTYP_VL_REG ? gpr(x.vltyp.value) : 0;
    sv_prefix_loop lp = sv_prefix_loop_begin(
        &x, svp, sv_state_mvl(state), state_vl, sv_state_subvl(state), vlen);
    auto mask = [&](const sv_pred_entry &e) -> uint64_t {
        return sv_pred_entry_mask(&e, e.enabled ? gpr(e.predidx) : 0);
    };
    const uint64_t in_vl = vl_mask(lp.vl);
    unsigned pd = unsigned(popcount(mask(r.pred_dest) & in_vl));
    unsigned ps = unsigned(popcount(mask(r.pred_src) & in_vl));
    unsigned active = r.twin ? std::min(pd, ps) : pd;
    count_vector_op(c, lp.vl, lp.vl, active);
    site->elements.fetch_add(lp.vl, std::memory_order_relaxed);
    site->active.fetch_add(active, std::memory_order_relaxed);
}
#endif

/*
 * The site of a SV instruction: one per address, bytes and privilege
 * level (under g->lock).  *stale is set when a new VBLOCK's successor
 * was translated without the post callback.
 */
Site *site_for(qemu_plugin_insn *insn, Kind kind, const uint8_t *bytes,
               size_t n, unsigned priv, bool *stale)
{
    uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
    auto &list = g->sites[vaddr];
    for (Site *s : list) {
        if (s->kind == kind && s->priv == priv && s->bytes.size() == n &&
            std::memcmp(s->bytes.data(), bytes, n) == 0) {
            return s;
        }
    }
    g->all_sites.push_back(std::make_unique<Site>());
    Site &s = *g->all_sites.back();
    list.push_back(&s);
    s.vaddr = vaddr;
    s.kind = kind;
    s.priv = uint8_t(priv);
    s.slot = new_slot();
    const char *sym = qemu_plugin_insn_symbol(insn);
    s.symbol = sym ? sym : "";
    s.bytes.assign(bytes, bytes + n);
    if (kind == K_SETVL) {
        sv_setvl_decode(word_at(bytes), &s.setvl);
    } else if (kind == K_P48 || kind == K_P64) {
#ifdef SVPROF_HAVE_PREFIX
        /* An instruction with no vector operand (or LUI/AUIPC, A36)
         * runs once: no elements. */
        s.prefix_ok = sv_prefix_decode(bytes, n, &s.prefix) == SV_OK &&
                      sv_resolve_prefix(&s.prefix, &s.prefix_op) &&
                      s.prefix_op.vector;
#endif
    } else if (kind == K_VBLOCK) {
        analyse_site(s, bytes);
        s.observed = s.ctx_ok && regs.ok;
        const sv_vl_block &vlb = s.ctx.vl;
        RegSet written;
        for (unsigned i = 0; i < s.n_ops; i++) {
            written |= s.ops[i].writes;
        }
        /* rs1 (modes 0 and 1) keeps its value through the run when
         * neither the VL block (rd) nor an opcode writes it. */
        const bool rs1_kept = vlb.rs1 != vlb.rd && !written.has(vlb.rs1);
        if (s.observed && vlb.present && vlb.mode != SV_VL_MODE_RS1 &&
            (vlb.rs1 == 0 || rs1_kept) && !s.need_pre.w[0] &&
            !s.need_pre.w[1]) {
            s.inline_pre = true;
            s.post_rs1 = vlb.rs1;
            if (vlb.rs1 == 0) {
                /* Its VL block's outcome is a constant. */
                uint32_t st = 0;
                s.fresh_vl_fail = sv_vl_block_exec(&st, vlb, 0, max_vl,
                                                   &s.fresh_vl_rd) != SV_OK;
                s.fresh_state1 = st;
            }
        }
        for (uint64_t pc : s.successors) {
            if (g->post_pcs.insert(pc).second && g->tb_starts.count(pc)) {
                *stale = true;
            }
        }
    }
    return &s;
}

/* A register read outside a callback (translation time). */
uint64_t read_reg_now(qemu_plugin_register *h)
{
    uint64_t v = 0;
    GByteArray *buf = g_byte_array_new();
    int n = qemu_plugin_read_register(h, buf);
    if (n > 0) {
        std::memcpy(&v, buf->data, std::min<size_t>(size_t(n), 8));
    }
    g_byte_array_free(buf, TRUE);
    return v;
}

/* The Resume entry of a site for one PCVBLK (under g->lock). */
Site::Resume *resume_entry(Site *s, uint32_t pcvblk)
{
    for (auto &r : s->resume_entries) {
        if (r->pcvblk == pcvblk) {
            return r.get();
        }
    }
    s->resume_entries.push_back(
        std::make_unique<Site::Resume>(Site::Resume{s, pcvblk}));
    return s->resume_entries.back().get();
}

/* The record and counter slot of a TB (under g->lock). */
TbRec *tb_rec_for(uint64_t vaddr, unsigned priv,
                  const std::vector<uint8_t> &bytes,
                  const std::vector<TbRec::Insn> &insns, bool counted)
{
    auto &list = g->tbs[vaddr];
    for (TbRec *r : list) {
        if (r->priv == priv && r->bytes == bytes &&
            r->insns.size() == insns.size()) {
            if (counted && r->slot == UINT32_MAX) {
                r->slot = new_slot();
            }
            return r;
        }
    }
    g->all_tbs.push_back(std::make_unique<TbRec>());
    TbRec &r = *g->all_tbs.back();
    list.push_back(&r);
    r.vaddr = vaddr;
    r.priv = uint8_t(priv);
    r.bytes = bytes;
    r.insns = insns;
    if (counted) {
        r.slot = new_slot();
    }
    return &r;
}

/* After a flush: the callbacks again (the sites and counts stay). */
void reset_done(qemu_plugin_id_t id)
{
    register_callbacks(id);
    g->resetting = false;
}

void tb_trans(qemu_plugin_id_t, qemu_plugin_tb *tb)
{
    if (g->exited) {
        return;
    }
    /* A TB runs at one privilege level (it is part of QEMU's TB key), the
     * one the translating vCPU is at now. */
    unsigned priv = 0;
    if (g->system && regs.priv) {
        priv = unsigned(read_reg_now(regs.priv)) & 3;
    }
    size_t n_insns = qemu_plugin_tb_n_insns(tb);
    uint64_t tb_pc = qemu_plugin_tb_vaddr(tb);
    unsigned scalar = 0;
    bool stale = false;
    qemu_plugin_u64 pending = field(offsetof(VcpuCounts, pending));
    bool after_vblock = false;
    std::vector<uint8_t> tb_bytes;
    std::vector<TbRec::Insn> tb_insns;
    std::unique_lock<std::mutex> guard(g->lock);
    for (size_t i = 0; i < n_insns; i++) {
        qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
        if (after_vblock) {
            /* A VBLOCK run ends at the next instruction of its TB ... */
            qemu_plugin_register_vcpu_insn_exec_cond_cb(
                insn, vblock_post, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_COND_NE,
                pending, 0, reinterpret_cast<void *>(uintptr_t(vaddr)));
        }
        uint8_t bytes[SV_MAX_INSN_LEN];
        size_t n = qemu_plugin_insn_data(insn, bytes, sizeof(bytes));
        Kind kind = classify(bytes, n);
        tb_insns.push_back(
            {uint32_t(vaddr - tb_pc), uint8_t(n), uint8_t(kind)});
        tb_bytes.insert(tb_bytes.end(), bytes, bytes + n);
        after_vblock = false;
        if (kind == K_SCALAR) {
            scalar++; /* counted per TB below: the hot path */
            continue;
        }
        /* SV instructions are counted one by one, in their site's slot,
         * so an exit in the middle of a TB never over-counts them. */
        Site *s = site_for(insn, kind, bytes, n, priv, &stale);
        qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(
            insn, QEMU_PLUGIN_INLINE_ADD_U64, slot_entry(s->slot), 1);
        if (kind == K_SETVL && n >= 4) {
            qemu_plugin_register_vcpu_insn_exec_cb(insn, setvl_exec,
                                                   QEMU_PLUGIN_CB_R_REGS, s);
#ifdef SVPROF_HAVE_PREFIX
        } else if ((kind == K_P48 || kind == K_P64) && regs.ok &&
                   s->prefix_ok) {
            qemu_plugin_register_vcpu_insn_exec_cb(insn, prefix_exec,
                                                   QEMU_PLUGIN_CB_R_REGS, s);
#endif
        } else if (kind == K_VBLOCK && regs.ok && s->ctx_ok) {
            /* The TB's cs_base is the PCVBLK live now when it starts at
             * the block and a run is part-way through (see vblock_pre). */
            uint32_t pcvblk = 0;
            if (i == 0) {
                pcvblk = uint32_t(read_reg_now(regs.pcvblk));
                if (sv_pcvblk_unpack(pcvblk).status != SV_PCVBLK_EXECUTING) {
                    pcvblk = 0;
                }
            }
            if (pcvblk) {
                qemu_plugin_register_vcpu_insn_exec_cb(insn, vblock_pre_resumed,
                                                       QEMU_PLUGIN_CB_R_REGS,
                                                       resume_entry(s, pcvblk));
            } else if (s->inline_pre) {
                /* No callback: the post callback finds the site here. */
                qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(
                    insn, QEMU_PLUGIN_INLINE_STORE_U64, pending,
                    uint64_t(uintptr_t(s)));
            } else {
                qemu_plugin_register_vcpu_insn_exec_cb(
                    insn, vblock_pre, QEMU_PLUGIN_CB_R_REGS, s);
            }
            after_vblock = true;
        }
    }
    const bool counted = scalar && g->opts.scalar;
    TbRec *rec = tb_rec_for(tb_pc, priv, tb_bytes, tb_insns, counted);
    if (counted) {
        /* One inline add per TB (as QEMU's insn-count plugin): exact
         * unless the TB is left in the middle by a trap. */
        qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
            tb, QEMU_PLUGIN_INLINE_ADD_U64, slot_entry(rec->slot), 1);
    }
    /*
     * ... or at the start of a TB at one of its successors (fall-through,
     * branch targets, its own start).  Only those TBs test the pending
     * flag, so scalar code pays nothing for it.  A successor whose TB was
     * translated before the VBLOCK was seen gets it after a flush.
     */
    bool post_here = g->post_pcs.count(tb_pc) != 0;
    g->tb_starts.insert(tb_pc);
    if (post_here) {
        qemu_plugin_register_vcpu_tb_exec_cond_cb(
            tb, vblock_post, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_COND_NE,
            pending, 0, reinterpret_cast<void *>(uintptr_t(tb_pc)));
    }
    guard.unlock();
    if (stale && !g->resetting.exchange(true)) {
        g->resets++;
        qemu_plugin_reset(g->id, reset_done);
    }
}

} // namespace

uint64_t read_reg(VcpuCounts *c, qemu_plugin_register *h)
{
    uint64_t v = 0;
    /* The gdbstub appends: the buffer is emptied only now and then. */
    GByteArray *buf = c->regbuf;
    if (buf->len > 4096) {
        g_byte_array_set_size(buf, 0); /* keeps the allocation */
    }
    const guint at = buf->len;
    int n = qemu_plugin_read_register(h, buf);
    if (n > 0) {
        std::memcpy(&v, buf->data + at, std::min<size_t>(size_t(n), 8));
    }
    return v; /* little-endian host and guest */
}

/*
 * At exit (under g->lock, no callback running): a VBLOCK site's runs
 * from its counter slot (every execution, minus the resumed parts), and
 * the parts whose end was never seen (a fresh run of an inline_pre site
 * started while another run was pending) as unresolved.
 */
void settle_vblocks()
{
    uint64_t runs = 0, lost = 0;
    for (const auto &sp : g->all_sites) {
        Site &s = *sp;
        if (s.kind != K_VBLOCK || !s.observed) {
            continue;
        }
        const uint64_t started = qemu_plugin_u64_sum(slot_entry(s.slot));
        const uint64_t ended = s.ended.load();
        s.count = started - s.resumes.load();
        runs += s.count.load();
        if (started > ended) {
            s.unresolved += started - ended;
            lost += started - ended;
        }
    }
    VcpuCounts *c0 = vcpu_counts(0);
    c0->vblock_runs += runs;
    c0->unresolved += lost;
}

void at_exit(qemu_plugin_id_t id, void *);

void register_callbacks(qemu_plugin_id_t id)
{
    qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, nullptr);
}

} // namespace svprof
