/*
 * vblock_mem: loads and stores inside VBLOCKs (§8.1, §8.2, A31, §5.4,
 * §7.1, contract C4/C5): unit stride and indexed, every width, the
 * address register's elwidth as the memory element size, twin
 * predication, trap fail-on-first at a PROT_NONE page, element 0
 * faulting normally, and a SIGSEGV handler that makes the page
 * accessible and returns (the load resumes at the faulting element).
 * Expected values come from the reference below, written from §8.
 *
 * Opcode fields: data a0, address a1; masks a5 (dest side) / a6 (source
 * side); VL from a7 (VL block mode 10).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define VLH(mvl) "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" #mvl "\n"
#define R16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", vew=" #vew "\n"
#define P16(key, pidx, z, inv, ff)                                             \
    "sv_pred16 key=" #key ", predidx=" #pidx ", zero=" #z ", inv=" #inv        \
    ", ffirst=" #ff "\n"
#define OPS(...) "sv_ops\n" __VA_ARGS__ "\nsv_vblock_end\n"

enum { A0 = 10, A1 = 11, A5 = 15, A6 = 16, A7 = 17 };

typedef struct mcase {
    const char *name;
    void (*fn)(sv_regs *);
    bool store;
    unsigned W; /* op width */
    bool sgn;   /* signed load */
    int64_t imm;
    sv_opnd data; /* rd of a load, rs2 of a store (real register) */
    sv_opnd addr; /* rs1; w 64 unless overridden */
    bool has_pd, zd, has_ps, zs; /* dest / source predicate entries */
    unsigned mvl;
} mcase;

SV_BLOCK_FN(m_ld, VLH(8) R16(a0, 40, 1, 0) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_lw, VLH(8) R16(a0, 40, 1, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(m_lhu16, VLH(8) R16(a0, 40, 1, 2) OPS("lhu a0, 0(a1)"))
SV_BLOCK_FN(m_lh8, VLH(8) R16(a0, 40, 1, 1) OPS("lh a0, 2(a1)"))
SV_BLOCK_FN(m_lb32, VLH(8) R16(a0, 40, 1, 3) OPS("lb a0, 0(a1)"))
SV_BLOCK_FN(m_lbu8, VLH(8) R16(a0, 40, 1, 1) OPS("lbu a0, 3(a1)"))
SV_BLOCK_FN(m_lwu_es8,
            VLH(8) R16(a0, 40, 1, 0) R16(a1, a1, 0, 1) OPS("lwu a0, 0(a1)"))
SV_BLOCK_FN(m_ld_es16,
            VLH(8) R16(a0, 40, 1, 3) R16(a1, a1, 0, 2) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_ld_idx,
            VLH(8) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0) OPS("ld a0, 8(a1)"))
SV_BLOCK_FN(m_lh_idx8,
            VLH(8) R16(a0, 40, 1, 2) R16(a1, 64, 1, 1) OPS("lh a0, 0(a1)"))
SV_BLOCK_FN(m_lw_idx_sdest,
            VLH(8) R16(a0, 120, 0, 0) R16(a1, 64, 1, 0) OPS("lw a0, 0(a1)"))
SV_BLOCK_FN(m_ld_twin,
            VLH(8) R16(a0, 40, 1, 0) R16(a1, a1, 0, 0) P16(a0, a5, 0, 0, 0)
                P16(a1, a6, 0, 0, 0) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_lw_twin_z,
            VLH(8) R16(a0, 40, 1, 3) R16(a1, a1, 0, 0) P16(a0, a5, 1, 0, 0)
                P16(a1, a6, 1, 1, 0) OPS("lw a0, 0(a1)"))
SV_BLOCK_FN(m_lbu_idx_twin,
            VLH(8) R16(a0, 40, 1, 1) R16(a1, 64, 1, 0) P16(a0, a5, 0, 0, 0)
                P16(a1, a6, 0, 0, 0) OPS("lbu a0, 0(a1)"))
SV_BLOCK_FN(m_sd, VLH(8) R16(a0, 40, 1, 0) OPS("sd a0, 8(a1)"))
SV_BLOCK_FN(m_sw32, VLH(8) R16(a0, 40, 1, 3) OPS("sw a0, 0(a1)"))
SV_BLOCK_FN(m_sh64, VLH(8) R16(a0, 40, 1, 0) OPS("sh a0, 0(a1)"))
SV_BLOCK_FN(m_sb8, VLH(8) R16(a0, 40, 1, 1) OPS("sb a0, 1(a1)"))
SV_BLOCK_FN(m_sb_idx,
            VLH(8) R16(a0, 40, 1, 1) R16(a1, 64, 1, 0) OPS("sb a0, 0(a1)"))
SV_BLOCK_FN(m_sd_splat,
            VLH(8) R16(a0, 100, 0, 0) R16(a1, 64, 1, 0) OPS("sd a0, 0(a1)"))
SV_BLOCK_FN(m_sw_twin,
            VLH(8) R16(a0, 40, 1, 3) R16(a1, a1, 0, 0) P16(a0, a6, 0, 0, 0)
                P16(a1, a5, 0, 0, 0) OPS("sw a0, 0(a1)"))
/* Data and address both scalar: element 0 once, whatever VL (0 too),
 * unpredicated; x20 is a TCG global. */
SV_BLOCK_FN(m_lw_once,
            VLH(8) R16(a0, 120, 0, 0) P16(a0, a5, 0, 0, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(m_lh_once16, VLH(8) R16(a0, 20, 0, 2) OPS("lh a0, 2(a1)"))
SV_BLOCK_FN(m_sd_once, VLH(8) R16(a0, 100, 0, 0) R16(a1, a1, 0, 0)
                           P16(a1, a6, 0, 0, 0) OPS("sd a0, 8(a1)"))
SV_BLOCK_FN(m_csd, VLH(4) R16(s0, 40, 1, 0) OPS("sv_c c.sd s0, 8(s1)"))
SV_BLOCK_FN(m_cld, VLH(4) R16(s0, 40, 1, 0) OPS("sv_c c.ld s0, 16(s1)"))
SV_BLOCK_FN(m_clwsp, VLH(4) R16(a0, 40, 1, 3) R16(sp, s1, 0, 0)
                         OPS("sv_c c.lwsp a0, 4(sp)"))

enum { S0 = 8, S1 = 9 };
static const mcase cases[] = {
    {"ld unit", m_ld, 0, 64, 1, 0, V(40, 64), S(A1, 64), 0, 0, 0, 0, 8},
    {"lw unit imm 4", m_lw, 0, 32, 1, 4, V(40, 64), S(A1, 64), 0, 0, 0, 0, 8},
    {"lhu -> 16", m_lhu16, 0, 16, 0, 0, V(40, 16), S(A1, 64), 0, 0, 0, 0, 8},
    {"lh -> 8", m_lh8, 0, 16, 1, 2, V(40, 8), S(A1, 64), 0, 0, 0, 0, 8},
    {"lb -> 32", m_lb32, 0, 8, 1, 0, V(40, 32), S(A1, 64), 0, 0, 0, 0, 8},
    {"lbu -> 8", m_lbu8, 0, 8, 0, 3, V(40, 8), S(A1, 64), 0, 0, 0, 0, 8},
    {"lwu, a1 elwidth 8 (es 8)", m_lwu_es8, 0, 32, 0, 0, V(40, 64), S(A1, 8), 0,
     0, 0, 0, 8},
    {"ld, a1 elwidth 16 (es 16)", m_ld_es16, 0, 64, 1, 0, V(40, 32), S(A1, 16),
     0, 0, 0, 0, 8},
    {"ld indexed", m_ld_idx, 0, 64, 1, 8, V(40, 32), V(64, 64), 0, 0, 0, 0, 8},
    {"lh indexed, a1 elwidth 8 (eb 2)", m_lh_idx8, 0, 16, 1, 0, V(40, 16),
     V(64, 8), 0, 0, 0, 0, 8},
    {"lw indexed -> scalar dest", m_lw_idx_sdest, 0, 32, 1, 0, S(120, 64),
     V(64, 64), 0, 0, 0, 0, 8},
    {"ld twin pred", m_ld_twin, 0, 64, 1, 0, V(40, 64), S(A1, 64), 1, 0, 1, 0,
     8},
    {"lw twin pred zeroing (src inv)", m_lw_twin_z, 0, 32, 1, 0, V(40, 32),
     S(A1, 64), 1, 1, 1, 1, 8},
    {"lbu indexed twin pred", m_lbu_idx_twin, 0, 8, 0, 0, V(40, 8), V(64, 64),
     1, 0, 1, 0, 8},
    {"sd unit", m_sd, 1, 64, 0, 8, V(40, 64), S(A1, 64), 0, 0, 0, 0, 8},
    {"sw from 32", m_sw32, 1, 32, 0, 0, V(40, 32), S(A1, 64), 0, 0, 0, 0, 8},
    {"sh from 64", m_sh64, 1, 16, 0, 0, V(40, 64), S(A1, 64), 0, 0, 0, 0, 8},
    {"sb from 8", m_sb8, 1, 8, 0, 1, V(40, 8), S(A1, 64), 0, 0, 0, 0, 8},
    {"sb indexed (scatter)", m_sb_idx, 1, 8, 0, 0, V(40, 8), V(64, 64), 0, 0, 0,
     0, 8},
    {"sd scalar data, indexed (splat)", m_sd_splat, 1, 64, 0, 0, S(100, 64),
     V(64, 64), 0, 0, 0, 0, 8},
    {"sw twin pred", m_sw_twin, 1, 32, 0, 0, V(40, 32), S(A1, 64), 1, 0, 1, 0,
     8},
    {"lw scalar -> scalar x120 (once, pred ignored)", m_lw_once, 0, 32, 1, 4,
     S(120, 64), S(A1, 64), 1, 0, 0, 0, 8},
    {"lh -> 16-bit scalar x20 (once)", m_lh_once16, 0, 16, 1, 2, S(20, 16),
     S(A1, 64), 0, 0, 0, 0, 8},
    {"sd scalar x100 (once, pred ignored)", m_sd_once, 1, 64, 0, 8, S(100, 64),
     S(A1, 64), 0, 0, 1, 0, 8},
    {"c.sd", m_csd, 1, 64, 0, 8, V(40, 64), S(S1, 64), 0, 0, 0, 0, 4},
    {"c.ld", m_cld, 0, 64, 1, 16, V(40, 64), S(S1, 64), 0, 0, 0, 0, 4},
    {"c.lwsp, sp redirected to s1", m_clwsp, 0, 32, 1, 4, V(40, 32), S(S1, 64),
     0, 0, 0, 0, 4},
};

static uint8_t arena[4096] __attribute__((aligned(64)));

static uint64_t mem_get(uint64_t a, unsigned w)
{
    uint64_t v = 0;
    memcpy(&v, (void *)(uintptr_t)a, w / 8);
    return v;
}

static uint64_t elem_addr(const mcase *c, const sv_machine *m, unsigned i)
{
    const unsigned es = c->addr.w < c->W ? c->addr.w : c->W;
    if (c->addr.vec) {
        const unsigned eb = c->W / es;
        return m->x[c->addr.reg + i / eb] + c->imm + (i % eb) * (es / 8);
    }
    return m->x[c->addr.reg] + c->imm + i * (es / 8);
}

/* Applies the case to want (registers) and wmem (a copy of the arena). */
static void ref_mem(const mcase *c, const sv_machine *in, sv_machine *want,
                    uint8_t *wmem, unsigned vl)
{
    const unsigned es = c->addr.w < c->W ? c->addr.w : c->W;
    /* Load: source = memory (a vector when data or address is), dest rd.
     * Store: source = rs2 data, dest = memory. */
    const bool mem_vec = c->data.vec || c->addr.vec;
    const bool dvec = c->store ? mem_vec : c->data.vec;
    const bool svec = c->store ? c->data.vec : mem_vec;
    /* a5: mask of the entry on the destination side, a6: source side. */
    const uint64_t pd = c->has_pd ? in->x[A5] : ~0ull;
    /* (The one zeroing source entry, m_lw_twin_z's, also has inv = 1.) */
    const uint64_t ps = c->has_ps ? (c->zs ? ~in->x[A6] : in->x[A6]) : ~0ull;
    sv_twin_step st[64];
    int n = sv_ref_twin(vl, dvec, svec, pd, c->zd, ps, c->zs, st);
    for (int k = 0; k < n; k++) {
        const int j = st[k].dst, i = st[k].src;
        if (c->store) {
            uint64_t v = 0;
            if (i >= 0) {
                v = c->data.vec ? sv_elem_get(in->x, c->data.reg, i, c->data.w)
                                : sv_elem_get(in->x, c->data.reg, 0, c->data.w);
            }
            uint64_t a = elem_addr(c, in, j) - (uintptr_t)arena;
            memcpy(wmem + a, &v, es / 8);
        } else {
            uint64_t v = 0;
            if (i >= 0) {
                v = mem_get(elem_addr(c, in, i), es);
                v = c->sgn ? sv_sext(v, es) : sv_zext(v, es);
            }
            if (c->data.vec) {
                sv_elem_set(want->x, c->data.reg, j, c->data.w, v);
            } else {
                want->x[c->data.reg] = c->data.w == 64
                                           ? v
                                           : (c->sgn ? sv_sext(v, c->data.w)
                                                     : sv_zext(v, c->data.w));
            }
        }
    }
}

static void run_case(const mcase *c, unsigned vlval, unsigned seed)
{
    static uint8_t wmem[sizeof(arena)];
    sv_machine in, out, want;

    sv_machine_fill(&in, seed);
    for (size_t b = 0; b < sizeof(arena); b++) {
        arena[b] = (uint8_t)(b * 37 + seed * 11 + (b >> 7));
    }
    memcpy(wmem, arena, sizeof(arena));
    in.x[A5] = 0x6d ^ seed;
    in.x[A6] = 0xb5 + seed;
    in.x[A7] = vlval;
    /* Address registers: a scalar base, or 8 pointers scattered. */
    in.x[c->addr.reg] = (uintptr_t)arena + 256;
    if (c->addr.vec) {
        for (unsigned r = 0; r < 8; r++) {
            in.x[c->addr.reg + r] =
                (uintptr_t)arena + 512 + ((r * 5 + seed) % 8) * 96 + 8 * r;
        }
    }
    want = in;
    const unsigned vl = vlval < c->mvl ? vlval : c->mvl;
    ref_mem(c, &in, &want, wmem, vl);
    want.state = SV_STATE(.maxvl = c->mvl - 1, .vl = A7);

    sv_context("%s, VL %u, a5 0x%llx a6 0x%llx", c->name, vl,
               (unsigned long long)in.x[A5], (unsigned long long)in.x[A6]);
    sv_trap t = sv_exec(c->fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    size_t bad = 0, first = 0;
    for (size_t b = 0; b < sizeof(arena); b++) {
        if (arena[b] != wmem[b] && !bad++) {
            first = b;
        }
    }
    if (!CHECK_EQ(bad, 0)) {
        printf("    first differing arena byte %zu: 0x%02x, expected 0x%02x\n",
               first, arena[first], wmem[first]);
    }
}

/* ------------------------------------------------------ faults */
SV_BLOCK_FN(m_ld_ff,
            VLH(8) R16(a0, 40, 1, 0) P16(a0, x0, 0, 1, 1) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_sd_ff, VLH(8) R16(a0, 40, 1, 0) R16(a1, a1, 0, 0)
                         P16(a1, x0, 0, 1, 1) OPS("sd a0, 0(a1)"))
SV_BLOCK_FN(m_lw_plain, VLH(8) R16(a0, 40, 1, 3) OPS("lw a0, 0(a1)"))

/* Default widths, no predicate: the translator's inline (TCG) paths.
 * VL = MVL (mode 00: VL := VLMAX) is the unrolled form; VL < MVL (mode
 * 10: STATE.vl := a7) the loop form. */
SV_BLOCK_FN(m_ld_inline_full,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_ld_inline_part,
            "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=8\n" R16(a0, 40, 1, 0)
                OPS("ld a0, 0(a1)"))
/* The same into x16..x23: unrolled elements there are TCG globals. */
SV_BLOCK_FN(m_ld_inline_low,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 16, 1, 0)
                OPS("ld a0, 0(a1)"))

static char *fault_map;
static size_t page;

/* Two pages; page 2 PROT_NONE.  Returns the address `before` bytes before
 * page 2. */
static char *fault_setup(size_t before)
{
    if (!fault_map) {
        page = (size_t)sysconf(_SC_PAGESIZE);
        fault_map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (fault_map == MAP_FAILED) {
            perror("mmap");
            _exit(2);
        }
    }
    if (mprotect(fault_map + page, page, PROT_READ | PROT_WRITE) != 0) {
        perror("mprotect");
        _exit(2);
    }
    for (size_t b = 0; b < 2 * page; b++) {
        fault_map[b] = (char)(b * 13 + 1);
    }
    mprotect(fault_map + page, page, PROT_NONE);
    return fault_map + page - before;
}

/*
 * Data and address both scalar (once): a fault names element 0's
 * address and leaves the destination alone, whatever VL; so does an
 * address beyond the host's user address space (a wild pointer).
 */
static void once_fault_cases(void)
{
    static const uint64_t wild = 0x0000900000000000ull;
    sv_machine in, out;
    sv_trap t;
    char *p = fault_setup(0);

    sv_context("%s", "lw once, its page PROT_NONE");
    sv_machine_fill(&in, 330);
    in.x[A1] = (uintptr_t)p - 4;
    in.x[A7] = 3;
    t = sv_exec(m_lw_once, &in, &out);
    CHECK_EQ(t.signo, SIGSEGV);
    CHECK_EQ(t.addr, (uintptr_t)p);
    CHECK_EQ(out.x[120], in.x[120]);

    sv_context("%s", "sd once to a wild address, VL 0");
    sv_machine_fill(&in, 331);
    in.x[A1] = wild - 8;
    in.x[A7] = 0;
    t = sv_exec(m_sd_once, &in, &out);
    CHECK_EQ(t.signo, SIGSEGV);
    CHECK_EQ(t.addr, wild);
}

static void ffirst_cases(void)
{
    sv_machine in, out, want;
    sv_trap t;

    /* Trap variant: elements 0..k-1 load, element k is on the PROT_NONE
     * page, VL := k in a7 (§7.1, A49). */
    for (unsigned k = 1; k < 8; k += 3) {
        char *p = fault_setup(8 * k);
        sv_context("ld ffirst, element %u on a PROT_NONE page", k);
        sv_machine_fill(&in, 300 + k);
        in.x[A1] = (uintptr_t)p;
        in.x[A7] = 8;
        want = in;
        for (unsigned i = 0; i < k; i++) {
            want.x[40 + i] = mem_get((uintptr_t)p + 8 * i, 64);
        }
        want.x[A7] = k;
        want.state = SV_STATE(.maxvl = 7, .vl = A7);
        t = sv_exec(m_ld_ff, &in, &out);
        CHECK_EQ(t.signo, 0);
        CHECK_FILES(&out, &want);
        CHECK_STATE(out.state, want.state);
    }

    /* Element 0 faults normally even with ffirst. */
    {
        char *p = fault_setup(0);
        sv_context("%s", "ld ffirst, element 0 faults");
        sv_machine_fill(&in, 310);
        in.x[A1] = (uintptr_t)p;
        in.x[A7] = 8;
        t = sv_exec(m_ld_ff, &in, &out);
        CHECK_EQ(t.signo, SIGSEGV);
        CHECK_EQ(t.addr, (uintptr_t)p);
        for (unsigned i = 0; i < 8; i++) {
            CHECK_EQ(out.x[40 + i], in.x[40 + i]);
        }
    }

    /* Store, ffirst from the address register rs1 (the destination side). */
    {
        const unsigned k = 3;
        char *p = fault_setup(8 * k);
        char wantmem[64];
        sv_context("%s", "sd ffirst from rs1's entry, element 3 faults");
        sv_machine_fill(&in, 320);
        in.x[A1] = (uintptr_t)p;
        in.x[A7] = 6;
        want = in;
        memcpy(wantmem, p, 8 * k);
        for (unsigned i = 0; i < k; i++) {
            memcpy(wantmem + 8 * i, &in.x[40 + i], 8);
        }
        want.x[A7] = k;
        want.state = SV_STATE(.maxvl = 7, .vl = A7);
        t = sv_exec(m_sd_ff, &in, &out);
        CHECK_EQ(t.signo, 0);
        CHECK_FILES(&out, &want);
        CHECK_EQ(memcmp(p, wantmem, 8 * k), 0);
    }

    /* Without ffirst, a fault at element k is a SIGSEGV, precise. */
    {
        const unsigned k = 5;
        char *p = fault_setup(4 * k);
        sv_context("%s", "lw without ffirst, element 5 faults");
        sv_machine_fill(&in, 330);
        in.x[A1] = (uintptr_t)p;
        in.x[A7] = 8;
        want = in;
        for (unsigned i = 0; i < k; i++) {
            sv_elem_set(want.x, 40, i, 32, mem_get((uintptr_t)p + 4 * i, 32));
        }
        t = sv_exec(m_lw_plain, &in, &out);
        CHECK_EQ(t.signo, SIGSEGV);
        CHECK_EQ(t.addr, (uintptr_t)p + 4 * k);
        /* x40..: elements 0..k-1 done (x32.. are read live). */
        for (unsigned r = 40; r < 44; r++) {
            CHECK_EQ(out.x[r], want.x[r]);
        }
    }
}

/* A SIGSEGV handler that opens the page and returns: the load resumes at
 * the faulting element (C4, C5).  It also sees elements 0..k-1 done and
 * STATE's offsets at k in the frame's SV record. */
static volatile unsigned resume_hits;
static volatile uint64_t resume_state, resume_x41, resume_pcvblk;
static void *volatile resume_addr;

static void resume_handler(int sig, siginfo_t *si, void *ctx)
{
    uint8_t *rec = sv_frame_record(ctx);
    (void)sig;
    resume_hits++;
    resume_addr = si->si_addr;
    if (rec) {
        uint32_t st, pcvblk;
        memcpy(&st, rec + 8, 4);
        resume_state = st;
        memcpy(&pcvblk, rec + 16, 4);
        resume_pcvblk = pcvblk;
        memcpy((void *)&resume_x41, rec + 24 + 8 * (41 - 32), 8);
    }
    char *pg = (char *)((uintptr_t)si->si_addr & ~(uintptr_t)(page - 1));
    mprotect(pg, page, PROT_READ | PROT_WRITE);
}

/* resume_handler as the SIGSEGV handler; the previous one into *old. */
static void install_resume_handler(struct sigaction *old)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = resume_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, old);
}

/*
 * STATE after a block whose VL block is rd-mode t4 := VLMAX (8: vl_t4),
 * else rs1-mode from a7.
 */
static void resumed_state(sv_machine *want, bool vl_t4)
{
    if (vl_t4) {
        want->x[29] = 8; /* t4 */
        want->state = SV_STATE(.maxvl = 7, .vl = 29);
    } else {
        want->state = SV_STATE(.maxvl = 7, .vl = A7);
    }
}

/*
 * Runs fn from in under resume_handler: one fault at element k, which
 * the handler sees in STATE's offsets, resumed to want's end.
 */
static void run_resumed(void (*fn)(sv_regs *), const sv_machine *in,
                        const sv_machine *want, unsigned k)
{
    struct sigaction old;
    sv_machine out;

    install_resume_handler(&old);
    resume_hits = 0;
    sv_trap t = sv_exec(fn, in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, 1);
    CHECK_EQ(sv_state_unpack(resume_state).srcoffs, k);
    CHECK_EQ(sv_state_unpack(resume_state).destoffs, k);
    CHECK_FILES(&out, want);
    CHECK_STATE(out.state, want->state);
    CHECK_EQ(out.pcvblk, 0);
}

static void resume_case(void)
{
    const unsigned k = 5;
    char *p = fault_setup(4 * k);
    sv_machine in, out, want;
    struct sigaction old;

    sv_context("%s", "lw faults at element 5, handler opens the page, resumes");
    sv_machine_fill(&in, 340);
    in.x[A1] = (uintptr_t)p;
    in.x[A7] = 8;
    want = in;
    /* The handler makes page 2 readable; its contents were set before. */
    for (unsigned i = 0; i < 8; i++) {
        uint32_t v;
        mprotect(fault_map + page, page, PROT_READ);
        memcpy(&v, p + 4 * i, 4);
        mprotect(fault_map + page, page, PROT_NONE);
        sv_elem_set(want.x, 40, i, 32, v);
    }
    want.state = SV_STATE(.maxvl = 7, .vl = A7);

    install_resume_handler(&old);
    resume_hits = 0;
    sv_trap t = sv_exec(m_lw_plain, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, 1);
    /* In the frame: x40, x41 hold elements 0..3, element 4 is in x42. */
    CHECK_EQ(resume_x41, want.x[41]);
    CHECK_EQ(sv_state_unpack(resume_state).srcoffs, k);
    CHECK_EQ(sv_state_unpack(resume_state).destoffs, k);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

/* The inline paths resume precisely too: element 5 faults, the handler
 * opens the page, elements 5.. complete. */
static void resume_inline_case(const char *what, void (*fn)(sv_regs *),
                               unsigned vl, unsigned base)
{
    const unsigned k = 5;
    char *p = fault_setup(8 * k);
    sv_machine in, want;

    sv_context("%s", what);
    sv_machine_fill(&in, 341);
    in.x[A1] = (uintptr_t)p;
    in.x[A7] = vl;
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        uint64_t v;
        mprotect(fault_map + page, page, PROT_READ);
        memcpy(&v, p + 8 * i, 8);
        mprotect(fault_map + page, page, PROT_NONE);
        want.x[base + i] = v;
    }
    resumed_state(&want, fn != m_ld_inline_part);
    run_resumed(fn, &in, &want, k);
}

/*
 * memset's shape: a splat of a2 into x40..x47, then their store (an
 * inline run right after a splat; 32-byte host moves on hosts that have
 * them).  before 0: at arena + off, on one page (any alignment), the 64
 * bytes stored and nothing around them; else `before` bytes before a
 * PROT_NONE page (-8: 8 bytes into it): one fault at element k (on the
 * page boundary, straddling it, or element 0 on that page), si_addr the
 * first byte the run has there, then resumed to the end.
 */
SV_BLOCK_FN(m_splat_sd,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                OPS("addi a0, a2, 0\nsd a0, 0(a1)"))

static void splat_store_case(const char *what, size_t before, size_t off,
                             unsigned k)
{
    const uint64_t pat = 0x5a6b7c8d9eafb0c1ull + before + off;
    uint8_t *p, want_mem[64 + 2];
    sv_machine in, want, out;
    struct sigaction old;
    sv_trap t;

    sv_context("%s", what);
    sv_machine_fill(&in, 411);
    in.x[12] = pat;
    if (before) {
        p = (uint8_t *)fault_setup(before);
    } else {
        memset(arena, 0xcc, sizeof(arena));
        p = arena + off;
    }
    in.x[A1] = (uintptr_t)p;
    want = in;
    for (unsigned i = 0; i < 8; i++) {
        want.x[40 + i] = pat;
    }
    resumed_state(&want, true);
    /* The bytes around the run as they were, the run's the pattern. */
    mprotect(fault_map + page, page, PROT_READ);
    want_mem[0] = p[-1];
    want_mem[65] = p[64];
    for (unsigned b = 0; b < 64; b++) {
        want_mem[1 + b] = (uint8_t)(pat >> 8 * (b % 8));
    }
    mprotect(fault_map + page, page, before ? PROT_NONE : PROT_READ);
    install_resume_handler(&old);
    resume_hits = 0;
    resume_addr = NULL;
    t = sv_exec(m_splat_sd, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, before ? 1 : 0);
    if (before) {
        CHECK_EQ(sv_state_unpack(resume_state).destoffs, k);
        CHECK_EQ((uintptr_t)resume_addr,
                 (uintptr_t)p > (uintptr_t)(fault_map + page)
                     ? (uintptr_t)p
                     : (uintptr_t)(fault_map + page));
    }
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
    for (unsigned b = 0; b < 66; b++) {
        CHECK_EQ(p[(int)b - 1], want_mem[b]);
    }
}

/*
 * FP registers as memory data (f40.., default width), resumed: element 5
 * faults, the handler opens the page, and the op resumes on a STATE whose
 * offsets are 5 (not plain), in the TB that starts at it without the VL
 * block: the compiled access loop's grouped form.  FLW NaN-boxes what it
 * loads; FSW stores a register's low half when it is NaN-boxed, else the
 * canonical NaN (sv_fp_unbox).
 */
#define F16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", int=0, vew=" #vew \
    "\n"
SV_BLOCK_FN(m_fld_full,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" F16(fa0, 40, 1, 0)
                OPS("fld fa0, 0(a1)"))
SV_BLOCK_FN(m_fld_part, VLH(8) F16(fa0, 40, 1, 0) OPS("fld fa0, 0(a1)"))
SV_BLOCK_FN(m_flw_part, VLH(8) F16(fa0, 40, 1, 0) OPS("flw fa0, 0(a1)"))
SV_BLOCK_FN(m_fsw_part, VLH(8) F16(fa0, 40, 1, 0) OPS("fsw fa0, 0(a1)"))
SV_BLOCK_FN(m_fsd_full,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" F16(fa0, 40, 1, 0)
                OPS("fsd fa0, 0(a1)"))

static void resume_fp_case(const char *what, void (*fn)(sv_regs *), unsigned vl,
                           unsigned w, bool store, bool full)
{
    const unsigned k = 5, es = w / 8;
    char *p = fault_setup(es * k);
    sv_machine in, want;
    uint8_t wmem[64];

    sv_context("%s", what);
    sv_machine_fill(&in, 342 + w + store);
    in.x[A1] = (uintptr_t)p;
    in.x[A7] = vl;
    for (unsigned i = 0; i < 8; i++) {
        /* FSW: odd elements NaN-boxed, even ones not */
        if (i % 2) {
            in.f[40 + i] |= 0xffffffff00000000ull;
        }
    }
    want = in;
    mprotect(fault_map + page, page, PROT_READ);
    memcpy(wmem, p - 0, sizeof(wmem));
    mprotect(fault_map + page, page, PROT_NONE);
    for (unsigned i = 0; i < vl; i++) {
        uint64_t v = 0;

        if (store) {
            v = in.f[40 + i];
            if (w == 32) {
                v = v >> 32 == 0xffffffffu ? (uint32_t)v : 0x7fc00000u;
            }
            memcpy(wmem + es * i, &v, es);
        } else {
            memcpy(&v, wmem + es * i, es);
            want.f[40 + i] = w == 32 ? v | 0xffffffff00000000ull : v;
        }
    }
    resumed_state(&want, full);
    run_resumed(fn, &in, &want, k);
    CHECK_EQ(memcmp(p, wmem, sizeof(wmem)), 0);
}

static void resume_fp_cases(void)
{
    resume_fp_case("fld f40.., VL = MVL (inline run), resumes at 5", m_fld_full,
                   8, 64, false, true);
    resume_fp_case("fld f40.., VL 7 (loop form), resumes at 5", m_fld_part, 7,
                   64, false, false);
    resume_fp_case("flw f40.. NaN-boxed, VL 8, resumes at 5", m_flw_part, 8, 32,
                   false, false);
    resume_fp_case("fsw f40.. unboxed, VL 6, resumes at 5", m_fsw_part, 6, 32,
                   true, false);
    resume_fp_case("fsd f40.., VL = MVL (inline run), resumes at 5", m_fsd_full,
                   8, 64, true, true);
}

/*
 * Two inline runs on one base register (a1), VL = MVL = 8: the first
 * tests their span [a1, a1 + 128) as one page once and the second tests
 * nothing (page=block); with a1 rewritten between them (addi) the second
 * keeps its own test.  Page 2 PROT_NONE: the span ending at it loads
 * without a fault; a run that crosses into it faults at its element on
 * page 2, precisely, and the handler's opening of the page resumes it.
 */
SV_BLOCK_FN(m_ld2_shared,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                R16(a2, 48, 1, 0) OPS("ld a0, 0(a1)\nld a2, 64(a1)"))
SV_BLOCK_FN(m_ld2_rebase,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                R16(a2, 48, 1, 0)
                    OPS("ld a0, 0(a1)\naddi a1, a1, 64\nld a2, 0(a1)"))

static void shared_base_case(const char *what, void (*fn)(sv_regs *),
                             size_t before, unsigned fault_k)
{
    char *p = fault_setup(before);
    sv_machine in, out, want;
    struct sigaction old;

    sv_context("%s", what);
    sv_machine_fill(&in, 342);
    in.x[A1] = (uintptr_t)p;
    want = in;
    mprotect(fault_map + page, page, PROT_READ);
    for (unsigned i = 0; i < 16; i++) {
        uint64_t v;
        memcpy(&v, p + 8 * i, 8);
        want.x[40 + i] = v;
    }
    mprotect(fault_map + page, page, PROT_NONE);
    if (fn == m_ld2_rebase) {
        want.x[A1] += 64;
    }
    want.x[29] = 8; /* t4 */
    want.state = SV_STATE(.maxvl = 7, .vl = 29);
    install_resume_handler(&old);
    resume_hits = 0;
    resume_state = 0;
    sv_trap t = sv_exec(fn, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, fault_k ? 1 : 0);
    CHECK_EQ(sv_state_unpack(resume_state).srcoffs, fault_k);
    CHECK_EQ(sv_state_unpack(resume_state).destoffs, fault_k);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

static void shared_base_cases(void)
{
    shared_base_case("2 ld on a1, span ends at the PROT_NONE page",
                     m_ld2_shared, 128, 0);
    shared_base_case("2 ld on a1, the first crosses into PROT_NONE",
                     m_ld2_shared, 40, 5);
    shared_base_case("2 ld on a1, the second crosses into PROT_NONE",
                     m_ld2_shared, 104, 5);
    shared_base_case("a1 rewritten between 2 ld, the second crosses",
                     m_ld2_rebase, 104, 5);
}

/*
 * The block's shared page test (docs/sv-engine.md): three runs off a1,
 * x[a1 + 128..] := x[a1..] + x[a1 + 64..], 8 elements of 8 bytes, VL =
 * MVL, each opcode 4 bytes (.option norvc).  A span that crosses a page
 * runs each run's own code (every run on one page here); a store to a
 * read-only page after the block's loads faults as the store, element
 * 0, whether the span test passed (one page) or not (two); an opcode of
 * the block that writes a1 after two loads leaves the third its own
 * test (it crosses into a PROT_NONE page and faults at element 5).
 */
SV_BLOCK_FN(m_add3_shared,
            "sv_vblock_begin ext=1\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                R16(a2, 48, 1, 0) OPS(".option push\n.option norvc\n"
                                      "ld a0, 0(a1)\nld a2, 64(a1)\n"
                                      "add a0, a0, a2\nsd a0, 128(a1)\n"
                                      ".option pop"))
SV_BLOCK_FN(m_ld2_moved,
            "sv_vblock_begin ext=1\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                R16(a2, 48, 1, 0) R16(a3, 11, 0, 0) R16(a5, 56, 1, 0)
                    OPS("ld a0, 0(a1)\nld a5, 64(a1)\naddi a3, a1, 1024\n"
                        "ld a2, 0(a1)"))

/*
 * m_add3_shared at p = page 2 + off: page 1 RW, page 2 prot2 (RW,
 * read-only or none); with a read-only store target the store faults at
 * element 0 (si_addr, PCVBLK naming opcode 3, STATE's offsets 0), with
 * page 2 unreadable the second load at its first element there (the
 * span crosses: in the test's second copy, whose PCVBLK is stored while
 * the in-line copy's rows hold theirs; at element 0 on the run's own
 * fast path, at 5 in its two-page form), and it resumes once the
 * handler opens the page.
 */
static void shared_add3_case(const char *what, long off, int prot2)
{
    char *p = fault_setup(0) + off;
    bool faults = !(prot2 & PROT_WRITE);
    bool load_faults = !(prot2 & PROT_READ);
    sv_machine in, out, want;
    struct sigaction old;

    sv_context("%s", what);
    sv_machine_fill(&in, 343);
    in.x[A1] = (uintptr_t)p;
    want = in;
    mprotect(fault_map + page, page, PROT_READ | PROT_WRITE);
    for (unsigned i = 0; i < 8; i++) {
        uint64_t a, b;
        memcpy(&a, p + 8 * i, 8);
        memcpy(&b, p + 64 + 8 * i, 8);
        want.x[40 + i] = a + b;
        want.x[48 + i] = b;
    }
    mprotect(fault_map + page, page, prot2);
    want.x[29] = 8; /* t4 */
    want.state = SV_STATE(.maxvl = 7, .vl = 29);
    install_resume_handler(&old);
    resume_hits = 0;
    resume_state = resume_pcvblk = 0;
    resume_addr = NULL;
    sv_trap t = sv_exec(m_add3_shared, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, faults ? 1 : 0);
    if (load_faults) {
        /* the second load's first element on page 2 */
        unsigned k = off < -64 ? (unsigned)(-off - 64) / 8 : 0;

        CHECK_EQ((uintptr_t)resume_addr, (uintptr_t)(fault_map + page));
        CHECK_EQ(resume_pcvblk >> 30, 3);  /* executing */
        CHECK_EQ(resume_pcvblk & 0x1f, 2); /* opptr: opcode 1 */
        CHECK_EQ(sv_state_unpack(resume_state).srcoffs, k);
        CHECK_EQ(sv_state_unpack(resume_state).destoffs, k);
    } else if (faults) {
        CHECK_EQ((uintptr_t)resume_addr, (uintptr_t)(p + 128));
        CHECK_EQ(resume_pcvblk >> 30, 3);  /* executing */
        CHECK_EQ(resume_pcvblk & 0x1f, 6); /* opptr: opcode 3 */
        CHECK_EQ(sv_state_unpack(resume_state).srcoffs, 0);
        CHECK_EQ(sv_state_unpack(resume_state).destoffs, 0);
    }
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
    for (unsigned i = 0; i < 8; i++) {
        uint64_t c;
        memcpy(&c, p + 128 + 8 * i, 8);
        CHECK_EQ(c, want.x[40 + i]);
    }
}

static void shared_moved_case(void)
{
    const unsigned k = 5;
    char *p = fault_setup(1024 + 8 * k);
    sv_machine in, out, want;
    struct sigaction old;

    sv_context("%s", "a1 written by a tagged addi after 2 ld, the third "
                     "crosses into PROT_NONE");
    sv_machine_fill(&in, 344);
    in.x[A1] = (uintptr_t)p;
    want = in;
    mprotect(fault_map + page, page, PROT_READ);
    for (unsigned i = 0; i < 8; i++) {
        memcpy(&want.x[40 + i], p + 8 * i, 8);
        memcpy(&want.x[48 + i], p + 1024 + 8 * i, 8);
        memcpy(&want.x[56 + i], p + 64 + 8 * i, 8);
    }
    mprotect(fault_map + page, page, PROT_NONE);
    want.x[A1] += 1024;
    want.x[29] = 8; /* t4 */
    want.state = SV_STATE(.maxvl = 7, .vl = 29);
    install_resume_handler(&old);
    resume_hits = 0;
    resume_state = 0;
    sv_trap t = sv_exec(m_ld2_moved, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, 1);
    CHECK_EQ((uintptr_t)resume_addr, (uintptr_t)(fault_map + page));
    CHECK_EQ(sv_state_unpack(resume_state).srcoffs, k);
    CHECK_EQ(sv_state_unpack(resume_state).destoffs, k);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

static void shared_page_cases(void)
{
    const int rw = PROT_READ | PROT_WRITE;

    shared_add3_case("3 runs on a1 in one page", -1024, rw);
    shared_add3_case("3 runs on a1, the second and third on page 2", -64, rw);
    shared_add3_case("3 runs on a1, the store on page 2", -128, rw);
    shared_add3_case("3 runs on a1 in a read-only page: the store faults", 512,
                     PROT_READ);
    shared_add3_case("3 runs on a1, the store on a read-only page 2", -128,
                     PROT_READ);
    shared_add3_case("3 runs on a1, the second load crosses into PROT_NONE",
                     -104, PROT_NONE);
    shared_add3_case("3 runs on a1, the second load on a PROT_NONE page 2", -64,
                     PROT_NONE);
    shared_moved_case();
}

/*
 * A fault in a later opcode names that opcode in PCVBLK (restored from
 * the opcode's unwind row, or stored by the out-of-line two-page form)
 * and the block resumes at it.  Opcodes: 0 adds 1 to x48..x55 (it cannot
 * fault), 1 loads x40..x47 from t1, 2 stores x48..x55 to t2, 3 adds 1
 * again; VL = MVL = 8.  The reference PCVBLK is a CSR read in a block of
 * the same layout with csrr (4 bytes, as the ld and sd on t1/t2) at the
 * opcode; a resume at an earlier opcode would add 1 once more.
 */
#define PCV_BLOCK(op1, op2)                                                    \
    "sv_vblock_begin ext=1\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)       \
        R16(a2, 48, 1, 0)                                                      \
            OPS("addi a2, a2, 1\n" op1 "\n" op2 "\naddi a2, a2, 1")
SV_BLOCK_FN(m_pcv_seq, PCV_BLOCK("ld a0, 0(t1)", "sd a2, 0(t2)"))
SV_BLOCK_FN(m_pcv_ref1, PCV_BLOCK("csrr t5, 0x805", "sd a2, 0(t2)"))
SV_BLOCK_FN(m_pcv_ref2, PCV_BLOCK("ld a0, 0(t1)", "csrr t5, 0x805"))

static uint64_t pcv_mem[2][8];

static void pcvblk_fault_case(unsigned op, unsigned k)
{
    enum { T1 = 6, T2 = 7, T5 = 30 };
    char *p = fault_setup(8 * k);
    sv_machine in, out, want;
    struct sigaction old;
    sv_trap t;

    sv_context("PCVBLK: opcode %u faults at element %u, resumes there", op, k);
    sv_machine_fill(&in, 360 + op * 8 + k);
    in.x[T1] = op == 1 ? (uintptr_t)p : (uintptr_t)pcv_mem[0];
    in.x[T2] = op == 2 ? (uintptr_t)p : (uintptr_t)pcv_mem[1];
    /* The reference's PCVBLK: memory that does not fault. */
    want = in;
    want.x[T1] = (uintptr_t)pcv_mem[0];
    want.x[T2] = (uintptr_t)pcv_mem[1];
    t = sv_exec(op == 1 ? m_pcv_ref1 : m_pcv_ref2, &want, &out);
    CHECK_EQ(t.signo, 0);
    CHECK(out.x[T5] != 0);

    want = in;
    mprotect(fault_map + page, page, PROT_READ);
    for (unsigned i = 0; i < 8; i++) {
        uint64_t v;
        memcpy(&v, (void *)(uintptr_t)(in.x[T1] + 8 * i), 8);
        want.x[40 + i] = v;
        want.x[48 + i] += 2;
    }
    mprotect(fault_map + page, page, PROT_NONE);
    want.x[29] = 8; /* t4 */
    want.state = SV_STATE(.maxvl = 7, .vl = 29);
    install_resume_handler(&old);
    resume_hits = 0;
    resume_pcvblk = 0;
    uint64_t ref = out.x[T5];
    t = sv_exec(m_pcv_seq, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(resume_hits, 1);
    CHECK_EQ(resume_pcvblk, ref);
    CHECK_EQ(sv_state_unpack(resume_state).srcoffs, k);
    CHECK_EQ(sv_state_unpack(resume_state).destoffs, k);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
    if (op == 2) {
        mprotect(fault_map + page, page, PROT_READ);
        for (unsigned i = 0; i < 8; i++) {
            uint64_t v;
            memcpy(&v, p + 8 * i, 8);
            CHECK_EQ(v, in.x[48 + i] + 1);
        }
        mprotect(fault_map + page, page, PROT_NONE);
    }
}

/* Element 0 faults on the opcode's fast path; element 5 in the run's
 * two-page form out of line. */
static void pcvblk_fault_cases(void)
{
    for (unsigned op = 1; op <= 2; op++) {
        pcvblk_fault_case(op, 0);
        pcvblk_fault_case(op, 5);
    }
}

/* ------------------------------------------ loads that rewrite their base */
/*
 * A unit-stride load whose elements overwrite its own address register
 * reads it again for each element (docs/sv-state.md): element k is at
 * X[rs1] + k * es as the elements before k left X[rs1].  Every backend
 * must agree (vblock_mem also runs under SV_BACKEND=helper and general):
 * the whole-run fast paths read rs1 once and must leave these alone.
 */
/* 64 LB into bytes x40..x47 (VL 64: helper_sv_unit_run, or sv_mem_fast
 * under "general"); the base is x41, elements 8..15. */
SV_BLOCK_FN(m_lb_rebase,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=64\n" R16(a0, 40, 1, 1)
                R16(a1, 41, 0, 0) OPS("lb a0, 0(a1)"))
/* LD into x40..x47 with the base x43 (element 3): VL = MVL 8 (inline,
 * unrolled), VL from a7 (inline loop), trap-ffirst (sv_ldff_cut or
 * helper_sv_unit_run's plan). */
SV_BLOCK_FN(m_ld_rebase_full,
            "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=8\n" R16(a0, 40, 1, 0)
                R16(a1, 43, 0, 0) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_ld_rebase_part,
            VLH(8) R16(a0, 40, 1, 0) R16(a1, 43, 0, 0) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(m_ld_rebase_ff, VLH(8) R16(a0, 40, 1, 0) R16(a1, 43, 0, 0)
                                P16(a0, x0, 0, 1, 1) OPS("ld a0, 0(a1)"))

static uint8_t rebase_mem[512] __attribute__((aligned(256)));

/* The reference: n elements of w bits into x[dreg..], base x[areg]. */
static void ref_rebase(uint64_t *x, unsigned dreg, unsigned w, unsigned areg,
                       unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        uint64_t v = mem_get(x[areg] + k * (w / 8), w);
        sv_elem_set(x, dreg, k, w, sv_sext(v, w));
    }
}

static void rebase_cases(void)
{
    const uintptr_t a = (uintptr_t)rebase_mem;
    sv_machine in, out, want;
    sv_trap t;

    /*
     * LB: element 8 loads 0x10 into x41's low byte (the base moves from
     * a + 0x80 to a + 0x10), elements 9..15 load x41's own bytes 1..7
     * back; elements 16..63 then read a + 0x20.. (read once, the base
     * would give a + 0x90..).
     */
    for (size_t b = 0; b < sizeof(rebase_mem); b++) {
        rebase_mem[b] = (uint8_t)(b * 29 + 7);
    }
    rebase_mem[0x88] = 0x10;
    for (unsigned k = 9; k < 16; k++) {
        rebase_mem[0x10 + k] = (uint8_t)(a >> (8 * (k - 8)));
    }
    sv_context("%s", "lb x40.. (64 bytes) rewrites its base x41");
    sv_machine_fill(&in, 350);
    in.x[41] = a + 0x80;
    want = in;
    ref_rebase(want.x, 40, 8, 41, 64);
    want.x[29] = 64; /* t4 */
    want.state = SV_STATE(.maxvl = 63, .vl = 29);
    CHECK_EQ(want.x[41], a + 0x10); /* the reference moved the base */
    t = sv_exec(m_lb_rebase, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);

    /*
     * LD: element 3 loads a new base p2 into x43; elements 4..7 read
     * p2 + 32...  With trap-ffirst, p2 is 48 bytes before the PROT_NONE
     * page: elements 4 and 5 load, 6 would fault, VL := 6.
     */
    for (int ff = 0; ff < 2; ff++) {
        /* page 1 RW, page 2 PROT_NONE */
        char *map = fault_setup(0) - page;
        const uintptr_t base = (uintptr_t)map + 0x100;
        const uintptr_t p2 =
            ff ? (uintptr_t)map + page - 48 : (uintptr_t)map + 0x800;
        memcpy((void *)(base + 24), &p2, 8);
        for (int v = 0; v < (ff ? 1 : 2); v++) {
            void (*fn)(sv_regs *) = ff  ? m_ld_rebase_ff
                                    : v ? m_ld_rebase_part
                                        : m_ld_rebase_full;
            sv_context("ld x40..x47 rewrites its base x43 (%s)",
                       ff  ? "trap-ffirst, cut at 6"
                       : v ? "VL from a7"
                           : "VL = MVL");
            sv_machine_fill(&in, 351 + ff * 2 + v);
            in.x[43] = base;
            in.x[A7] = 8;
            want = in;
            ref_rebase(want.x, 40, 64, 43, ff ? 6 : 8);
            if (fn == m_ld_rebase_full) {
                want.x[29] = 8; /* t4 */
                want.state = SV_STATE(.maxvl = 7, .vl = 29);
            } else {
                want.state = SV_STATE(.maxvl = 7, .vl = A7);
            }
            if (ff) {
                want.x[A7] = 6;
            }
            CHECK_EQ(want.x[43], p2);
            t = sv_exec(fn, &in, &out);
            CHECK_EQ(t.signo, 0);
            CHECK_FILES(&out, &want);
            CHECK_STATE(out.state, want.state);
        }
    }
}

int main(void)
{
    sv_trap_install();
    resume_inline_case("inline ld, VL = MVL (unrolled), resumes at 5",
                       m_ld_inline_full, 8, 40);
    resume_inline_case("inline ld, VL 7 < MVL (loop form), resumes at 5",
                       m_ld_inline_part, 7, 40);
    resume_inline_case("inline ld into x16.. (TCG globals), resumes at 5",
                       m_ld_inline_low, 8, 16);
    (void)fault_setup(0); /* maps fault_map, which splat_store_case reads */
    for (size_t off = 4; off <= 40; off += 4) {
        splat_store_case("splat, sd, one page", 0, off, 0);
    }
    splat_store_case("splat, sd, element 5 on a PROT_NONE page", 40, 0, 5);
    splat_store_case("splat, sd, element 5 straddles a PROT_NONE page", 44, 0,
                     5);
    splat_store_case("splat, sd, element 0 on a PROT_NONE page", (size_t)-8, 0,
                     0);
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const unsigned m = cases[i].mvl;
        const unsigned vls[] = {0, 1, m / 2 + 1, m, m + 5};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_case(&cases[i], vls[v], (unsigned)(i * 8 + v));
        }
    }
    ffirst_cases();
    once_fault_cases();
    rebase_cases();
    resume_case();
    resume_fp_cases();
    shared_base_cases();
    shared_page_cases();
    pcvblk_fault_cases();
    sv_context("%s", "");
    return sv_summary("vblock_mem");
}
