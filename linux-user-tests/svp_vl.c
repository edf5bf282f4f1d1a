/*
 * svp_vl: SVPrefix vector lengths (§1.7, §3.5, §4.4, A24, A25, A43,
 * A51): each VLtyp form with VLdest written back and SVPSTATE's VL/MVL,
 * VLtyp with svlen, VLdest = x0, P48/P64 inside a VBLOCK (they ignore the
 * block's tables and use its VL unless VLtyp says otherwise), and a P64
 * VLtyp load that faults in the middle of its loop: a SIGSEGV handler
 * sees the loop state in SVPSTATE (not STATE), runs a VLtyp load of its
 * own (from element 0), opens the page and returns, and the load resumes
 * at the faulting element.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

enum { T0 = 5, T1 = 6, T2 = 7, A0 = 10, A1 = 11, A2 = 12, A7 = 17 };

#define EMIT(len, type, base, ...)                                             \
    "svp_emit " #len ", " #type ", " #base ", " #__VA_ARGS__ "\n"
/* An SVPSTATE with offsets 0 (the table needs a constant). */
#define SVPS(maxvl, vl) (((uint32_t)(vl) << 6) | (maxvl))

/* v40 := v64 + x12 (e64) with each VLtyp form, VLdest t0 (x5). */
SV_BLOCK_FN(v_imm6, EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                         rs1v = 1, rs2 = 12, vltyp = (5 << 6) | (5 << 1)))
SV_BLOCK_FN(v_reg7, EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                         rs1v = 1, rs2 = 12, vltyp = (6 << 6) | (7 << 1) | 1))
SV_BLOCK_FN(v_mvl8,
            EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, vltyp = (1 << 11) | (5 << 6) | (7 << 1)))
SV_BLOCK_FN(v_clamp4,
            EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, vltyp = (1 << 11) | (5 << 6) | (3 << 1) | 1))
/* VLdest x0: VL = 4, no register written. */
SV_BLOCK_FN(v_imm4_nodest, EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                                rs1v = 1, rs2 = 12, vltyp = (3 << 1)))
/* MVL = VL = 3 with svlen 2 (e16), VLdest x5. */
SV_BLOCK_FN(v_mvl3_sv2, EMIT(8, SVPT_R, SVP_ADD, rd = 40, rdv = 1, rs1 = 64,
                             rs1v = 1, rs2 = 12, itype = 2, svlen = 1,
                             vltyp = (1 << 11) | (5 << 6) | (2 << 1)))

typedef struct vcase {
    const char *name;
    void (*fn)(sv_regs *);
    uint32_t svp_in; /* SVPSTATE before */
    uint64_t x7;     /* VLEN register for the register form */
    unsigned vl;     /* expected VL */
    unsigned mvl;    /* expected SVPSTATE MVL */
    unsigned vldest; /* 0: none */
    unsigned w;      /* element width */
    unsigned svlen;  /* SUBVL */
} vcase;

static const vcase vcases[] = {
    {"VL = 6 (imm), VLdest t0, MVL grows to 6", v_imm6, SVPS(4, 1), 0, 6, 6, T0,
     64, 1},
    {"VL = 6 (imm), MVL 10 kept", v_imm6, SVPS(9, 1), 0, 6, 10, T0, 64, 1},
    {"VL = min(x7 = 9, MVL 16), VLdest t1", v_reg7, SVPS(15, 0), 9, 9, 16, T1,
     64, 1},
    {"VL = min(x7 = 100, MVL 16)", v_reg7, SVPS(15, 0), 100, 16, 16, T1, 64, 1},
    {"VL = min(x7 = 0, MVL 16) = 0", v_reg7, SVPS(15, 0), 0, 0, 16, T1, 64, 1},
    {"MVL = VL = 8, VLdest t0", v_mvl8, SVPS(1, 0), 0, 8, 8, T0, 64, 1},
    {"MVL 4, VL 10 clamped to 4", v_clamp4, SVPS(15, 9), 0, 4, 4, T0, 64, 1},
    {"MVL 4, VL 3 kept", v_clamp4, SVPS(15, 2), 0, 3, 4, T0, 64, 1},
    {"VL = 4, VLdest x0", v_imm4_nodest, SVPS(1, 0), 0, 4, 4, 0, 64, 1},
    {"MVL = VL = 3, svlen 2, e16", v_mvl3_sv2, 0, 0, 3, 3, T0, 16, 2},
};

static void vltyp_case(const vcase *c, bool state_on)
{
    sv_machine in, out, want;

    sv_machine_fill(&in, 500 + (unsigned)(c - vcases));
    in.x[T2] = c->x7;
    in.x[A7] = 2;
    /* STATE: off, or VL 2 from a7: VLtyp overrides either (§4.4). */
    in.state = state_on ? SV_STATE(.maxvl = 7, .vl = A7) : 0;
    want = in;
    sv_iloop l = {
        .op = IOP_ADD,
        .d = {40, true, c->w},
        .s1 = {64, true, c->w},
        .s2 = {12, false, c->w},
        .vl = c->vl,
        .subvl = c->svlen,
    };
    sv_ref_iloop(&l, &in, &want);
    if (c->vldest) {
        want.x[c->vldest] = c->vl;
    }
    sv_context("%s%s", c->name, state_on ? " (STATE VL 2)" : " (STATE off)");
    SV_CSRW(SV_CSR_SVPSTATE, c->svp_in);
    sv_trap t = sv_exec(c->fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, in.state); /* A43 */
    CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE),
                SV_STATE(.maxvl = c->mvl - 1, .vl = c->vl ? c->vl - 1 : 0,
                         .subvl = c->svlen - 1));
}

/* ------------------------------------------------------- inside a VBLOCK
 * VL from a7 (mode 10), a0 tagged as vector x40.  Opcodes:
 *   add a0, a0, a1            tagged: x40[i] += x11
 *   p48 add v64 := v40 + s10  field a0 is plain x10: the tables do not
 *                             apply (§3.5)
 *   p64 add v80 := v64 + s12  VLtyp MVL = VL = 3, VLdest t0
 *   p48 add v96 := v64 + s11  svlen 2: SUBVL 2 over the block's VL
 */
SV_BLOCK_FN(b_mixed,
            "sv_vblock_begin ext=1\nsv_vl_rs1 rs1=a7, vlmax=8\n"
            "sv_reg16 key=a0, regidx=40, isvec=1, vew=0\n"
            "sv_ops\nadd a0, a0, a1\n" EMIT(6, SVPT_R, SVP_ADD, rd = 64,
                                            rdv = 1, rs1 = 40, rs1v = 1,
                                            rs2 = 10)
                EMIT(8, SVPT_R, SVP_ADD, rd = 80, rdv = 1, rs1 = 64, rs1v = 1,
                     rs2 = 12, vltyp = (1 << 11) | (5 << 6) | (2 << 1))
                    EMIT(6, SVPT_R, SVP_ADD, rd = 96, rdv = 1, rs1 = 64,
                         rs1v = 1, rs2 = 11, svlen = 1) "sv_vblock_end\n")

static void in_block(unsigned vlval)
{
    sv_machine in, out, want;
    const unsigned vl = vlval < 8 ? vlval : 8;

    sv_machine_fill(&in, 600 + vlval);
    in.x[A7] = vlval;
    want = in;
    sv_iloop tagged = {.op = IOP_ADD,
                       .d = {40, true, 64},
                       .s1 = {40, true, 64},
                       .s2 = {A1, false, 64},
                       .vl = vl,
                       .subvl = 1};
    sv_ref_iloop(&tagged, &in, &want);
    sv_machine mid = want;
    sv_iloop p48 = {.op = IOP_ADD,
                    .d = {64, true, 64},
                    .s1 = {40, true, 64},
                    .s2 = {A0, false, 64},
                    .vl = vl,
                    .subvl = 1};
    sv_ref_iloop(&p48, &mid, &want);
    mid = want;
    sv_iloop p64 = {.op = IOP_ADD,
                    .d = {80, true, 64},
                    .s1 = {64, true, 64},
                    .s2 = {A2, false, 64},
                    .vl = 3,
                    .subvl = 1};
    sv_ref_iloop(&p64, &mid, &want);
    want.x[T0] = 3;
    mid = want;
    sv_iloop sub2 = {.op = IOP_ADD,
                     .d = {96, true, 64},
                     .s1 = {64, true, 64},
                     .s2 = {A1, false, 64},
                     .vl = vl,
                     .subvl = 2};
    sv_ref_iloop(&sub2, &mid, &want);
    want.state = SV_STATE(.maxvl = 7, .vl = A7);

    sv_context("VBLOCK with a tagged op, P48, P64 VLtyp, P48 svlen; VL %u", vl);
    SV_CSRW(SV_CSR_SVPSTATE, 0);
    sv_trap t = sv_exec(b_mixed, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
    /* The last SVPSTATE user was the svlen P48: STATE's VL and MVL. */
    CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE),
                SV_STATE(.maxvl = 7, .vl = vl ? vl - 1 : 0, .subvl = 1));
}

/* ------------------------------------------------- fault and resume */
SV_BLOCK_FN(f_ld8, EMIT(8, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11,
                        vltyp = (1 << 11) | (5 << 6) | (7 << 1)))
SV_BLOCK_FN(f_ld8_block,
            "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=2\n"
            "sv_ops\n" EMIT(8, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11,
                            vltyp = (1 << 11) | (5 << 6) |
                                    (7 << 1)) "sv_vblock_end\n")

static char *fault_map;
static size_t page;
static volatile unsigned hits;
static volatile uint32_t h_state, h_svpstate, h_live_svpstate, h_after;
static volatile uint64_t h_x5, h_x44;
static uint64_t h_src[4], h_dst[4];

/*
 * A VLtyp instruction of the handler's own: P64 ld x96.. <- 0(t1) with
 * MVL = VL = 4 (VLdest t2), stored out by plain sd.  It must start a
 * fresh loop although the interrupted one is part-done.
 */
static void handler_vector_copy(void)
{
    __asm__ volatile(
        "mv t1, %0\n" EMIT(
            8, SVPT_LD, SVP_LD, rd = 96, rdv = 1, rs1 = 6,
            vltyp = (1 << 11) | (7 << 6) |
                    (3 << 1)) "sv_vblock_begin\nsv_vl_rd rd=t3, vlmax=4\n"
                              "sv_reg16 key=a0, regidx=96, isvec=1\nsv_ops\n"
                              "sd a0, 0(%1)\nsv_vblock_end\n"
                              "csrw 0x803, x0\n" ::"r"(h_src),
        "r"(h_dst)
        : "t1", "t2", "t3", "a0", "memory");
}

static void handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    uint8_t *rec = sv_frame_record(ctx);
    uint32_t v;

    (void)sig;
    hits++;
    h_x5 = uc->uc_mcontext.__gregs[T0];
    if (rec) {
        memcpy(&v, rec + 8, 4);
        h_state = v;
        memcpy(&v, rec + 12, 4);
        h_svpstate = v;
        memcpy((void *)&h_x44, rec + 24 + 8 * (44 - 32), 8);
    }
    h_live_svpstate = (uint32_t)SV_CSRR(SV_CSR_SVPSTATE);
    handler_vector_copy();
    h_after = (uint32_t)SV_CSRR(SV_CSR_SVPSTATE);
    mprotect((void *)((uintptr_t)si->si_addr & ~(uintptr_t)(page - 1)), page,
             PROT_READ | PROT_WRITE);
}

/* A P48 without VLtyp/svlen: VL 8 from STATE, loop state in STATE. */
SV_BLOCK_FN(f_ld_p48, EMIT(6, SVPT_LD, SVP_LD, rd = 40, rdv = 1, rs1 = 11))

enum { F_P64, F_P64_BLOCK, F_P48_STATE };

static void fault_case(void (*fn)(sv_regs *), const char *what, int mode)
{
    const bool block = mode == F_P64_BLOCK, plain = mode == F_P48_STATE;
    const unsigned k = 5;
    sv_machine in, out, want;
    struct sigaction sa, old;

    if (!fault_map) {
        page = (size_t)sysconf(_SC_PAGESIZE);
        fault_map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (fault_map == MAP_FAILED) {
            perror("mmap");
            _exit(2);
        }
    }
    mprotect(fault_map + page, page, PROT_READ | PROT_WRITE);
    for (size_t b = 0; b < 2 * page; b++) {
        fault_map[b] = (char)(b * 13 + 7);
    }
    char *p = fault_map + page - 8 * k;
    sv_machine_fill(&in, 700 + mode);
    in.x[A1] = (uintptr_t)p;
    in.x[A7] = plain ? 8 : 2;
    in.state = block   ? 0
               : plain ? SV_STATE(.maxvl = 7, .vl = A7)
                       : SV_STATE(.maxvl = 3, .vl = A7);
    want = in;
    for (unsigned i = 0; i < 8; i++) {
        memcpy(&want.x[40 + i], p + 8 * i, 8);
    }
    want.x[T0] = plain ? in.x[T0] : 8;
    if (block) {
        want.state = SV_STATE(.maxvl = 1, .vl = A7);
    }
    mprotect(fault_map + page, page, PROT_NONE);

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &old);
    hits = 0;
    for (unsigned i = 0; i < 4; i++) {
        h_src[i] = 0x1111111111111111ull * (i + 1);
        h_dst[i] = 0;
    }
    sv_context("%s", what);
    SV_CSRW(SV_CSR_SVPSTATE, 0);
    sv_trap t = sv_exec(fn, &in, &out);
    sigaction(SIGSEGV, &old, NULL);
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(hits, 1);
    /* In the handler: elements 0..4 done, the loop state in SVPSTATE at
     * element 5; STATE's offsets untouched (A43); VLdest not yet
     * written (it is, once the loop is done).  A plain P48 steps STATE's
     * offsets instead and leaves SVPSTATE alone. */
    if (plain) {
        CHECK_STATE(h_svpstate, 0);
        CHECK_STATE(h_state, SV_STATE(.maxvl = 7, .vl = A7, .srcoffs = k,
                                      .destoffs = k));
    } else {
        CHECK_STATE(h_svpstate,
                    SV_STATE(.maxvl = 7, .vl = 7, .srcoffs = k, .destoffs = k));
        CHECK_STATE(h_state, want.state);
    }
    CHECK_EQ(h_x44, want.x[44]);
    CHECK_EQ(h_x5, in.x[T0]);
    /* The handler starts with SVPSTATE's offsets clear (its own VLtyp
     * loop runs from element 0: the copy is whole), and sigreturn gives
     * the interrupted loop its offsets back. */
    CHECK_STATE(h_live_svpstate, plain ? 0 : SV_STATE(.maxvl = 7, .vl = 7));
    CHECK_STATE(h_after, SV_STATE(.maxvl = 3, .vl = 3));
    CHECK_EQ(memcmp(h_dst, h_src, sizeof(h_src)), 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
    CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE),
                plain ? 0 : SV_STATE(.maxvl = 7, .vl = 7));
}

int main(void)
{
    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(vcases); i++) {
        vltyp_case(&vcases[i], false);
        vltyp_case(&vcases[i], true);
    }
    for (unsigned vl = 0; vl <= 9; vl += 3) {
        in_block(vl);
    }
    fault_case(f_ld8, "P64 VLtyp load faults at element 5, resumed", F_P64);
    fault_case(f_ld8_block,
               "P64 VLtyp load in a VBLOCK faults at element 5, resumed",
               F_P64_BLOCK);
    fault_case(f_ld_p48, "P48 load (STATE's VL) faults at element 5, resumed",
               F_P48_STATE);
    sv_context("%s", "");
    return sv_summary("svp_vl");
}
