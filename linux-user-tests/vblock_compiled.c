/*
 * vblock_compiled: the element-loop shapes the compiled loop
 * (docs/sv-engine.md, "The compiled element loop") exists for, against
 * the reference loop of sv_ref.h: vectors combined with untagged
 * (default-width, 64-bit) scalars at 8, 16 and 32 bits (§5.5), results
 * wider and narrower than the sources, vector elements packed inside
 * x18..x31 (TCG globals in QEMU), data-dependent fail-on-first on
 * several op kinds (§7.2), predication inverted and zeroing, a scalar
 * destination, and MVL 64 (the straight-line form when VL = MVL).
 * C.MV twin-predicated (compress, expand), and gather/scatter faults
 * naming their element.  SUBVL groups (§5.6: the mask bit and the
 * fail-on-first test per group, scalars supplying sub-element s) and
 * resumed loops: a signal handler makes the block go on at its opcode
 * with STATE's destoffs/dsvoffs set (§1.6), so the loop starts there.
 * Uniform-width cases are the integer specialisations' shapes under auto,
 * whose guard sends SUBVL groups and resumed loops to the compiled loop.
 * The meson suite runs it under SV_BACKEND=compiled, general and auto.
 *
 * Every block has the VL block `sv_vl_rs1 a7, MVL, SUBVL` (STATE.vl :=
 * a7), so each block runs with several VLs.  Opcode fields: rd a0,
 * rs1 a1, rs2 a2 (untagged unless an entry says otherwise); the mask is
 * in a5.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_icase.h"

typedef struct ccase {
    SV_ICASE_HEAD;
    unsigned mvl;
    bool pred, inv, zero, ffirst;
    unsigned subvl; /* 0: 1 */
} ccase;

/* Every block here has SUBVL 1. */
#define VL1(mvl) VLH(mvl, 1)

/*
 * A block b_NAME, and r_NAME: the same with a first opcode, an untagged
 * load from address 0, that faults (a resumed loop, run_case_at).
 */
#define RS_OPS(...) "sv_ops\nlw t0, 0(t1)\n" __VA_ARGS__ "\nsv_vblock_end\n"
#define RVLH(mvl, sub)                                                         \
    "sv_vblock_begin ext=1\nsv_vl_rs1 rs1=a7, vlmax=" #mvl ", subvl=" #sub "\n"
#define SV_BLOCK_PAIR(name, mvl, sub, tables, op)                              \
    SV_BLOCK_FN(b_##name, VLH(mvl, sub) tables OPS(op))                        \
    SV_BLOCK_FN(r_##name, RVLH(mvl, sub) tables RS_OPS(op))

/* mac32's multiply: 32-bit vector times the untagged a2. */
SV_BLOCK_FN(b_mul32_x,
            VL1(64) R16(a0, 32, 1, 3) R16(a1, 64, 1, 3) OPS("mul a0, a1, a2"))
SV_BLOCK_FN(b_add32_x_64,
            VL1(16) R16(a0, 40, 1, 0) R16(a1, 64, 1, 3) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_add16_x_8,
            VL1(64) R16(a0, 32, 1, 1) R16(a1, 64, 1, 2) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sub8_x_p, VL1(8) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1)
                            P16(a0, 0, 1, 0) OPS("sub a0, a2, a1"))
SV_BLOCK_FN(b_srl16_x,
            VL1(16) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2) OPS("srl a0, a1, a2"))
SV_BLOCK_FN(b_sra32_x_64,
            VL1(8) R16(a0, 40, 1, 0) R16(a1, 64, 1, 3) OPS("sra a0, a1, a2"))
SV_BLOCK_FN(b_slt8_x_z, VL1(8) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1)
                            P16(a0, 1, 1, 0) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_sltu16_64, VL1(8) R16(a0, 40, 1, 1) R16(a1, 64, 1, 2)
                             R16(a2, 96, 1, 0) OPS("sltu a0, a1, a2"))
SV_BLOCK_FN(b_mulh32_x,
            VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) OPS("mulh a0, a1, a2"))
SV_BLOCK_FN(b_mulhu64_s, VL1(8) R16(a0, 40, 1, 0) R16(a1, 64, 1, 0)
                             R16(a2, 33, 0, 0) OPS("mulhu a0, a1, a2"))
SV_BLOCK_FN(b_addw16_x,
            VL1(8) R16(a0, 40, 1, 0) R16(a1, 64, 1, 2) OPS("addw a0, a1, a2"))
SV_BLOCK_FN(b_sllw8_x,
            VL1(8) R16(a0, 40, 1, 0) R16(a1, 64, 1, 1) OPS("sllw a0, a1, a2"))
/* Elements inside x18..x31: packed 16-bit destination, 64-bit source. */
SV_BLOCK_PAIR(add16_low, 16, 1,
              R16(a0, 18, 1, 2) R16(a1, 64, 1, 2) P16(a0, 0, 0, 0),
              "add a0, a1, a2")
SV_BLOCK_FN(b_xor64_low,
            VL1(8) R16(a0, 40, 1, 0) R16(a1, 20, 1, 0) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_and8_low, VL1(16) R16(a0, 28, 1, 1) R16(a1, 64, 1, 1)
                            R16(a2, 30, 1, 1) OPS("and a0, a1, a2"))
/* Data-dependent fail-on-first (§7.2). */
SV_BLOCK_PAIR(ff_xor8_x, 64, 1,
              R16(a0, 32, 1, 1) R16(a1, 64, 1, 1) P16(a0, 0, 1, 1),
              "xor a0, a1, a2")
SV_BLOCK_FN(b_ff_sub16_x, VL1(16) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                              P16(a0, 0, 0, 1) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_ff_add8z,
            VL1(8) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1)
                P16(a0, 1, 0, 1) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_ff_slt16_x, VL1(16) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                              P16(a0, 0, 1, 1) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_ff_xor32_low, VL1(8) R16(a0, 22, 1, 3) R16(a1, 64, 1, 3)
                                P16(a0, 0, 1, 1) OPS("xor a0, a1, a2"))
/* A scalar destination (tagged, 16 bits): the first element written. */
SV_BLOCK_FN(b_sdst16_x, VL1(8) R16(a0, 120, 0, 2) R16(a1, 64, 1, 2)
                            P16(a0, 0, 0, 0) OPS("add a0, a1, a2"))
/* Immediates and C forms on packed elements. */
SV_BLOCK_FN(b_addi16, VL1(64) R16(a0, 32, 1, 2) R16(a1, 80, 1, 2)
                          P16(a0, 1, 0, 0) OPS("addi a0, a1, -5"))
SV_BLOCK_FN(b_cslli8, VL1(16) R16(a0, 40, 1, 1) OPS("sv_c c.slli a0, 3"))

/* SUBVL groups (§5.6). */
SV_BLOCK_FN(b_sv2_add16_x, VLH(16, 2) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                               P16(a0, 0, 1, 0) OPS("add a0, a1, a2"))
SV_BLOCK_PAIR(sv3_sub8_z, 16, 3,
              R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1)
                  P16(a0, 1, 0, 0),
              "sub a0, a1, a2")
SV_BLOCK_PAIR(sv4_mul64, 8, 4, R16(a0, 40, 1, 0) R16(a1, 72, 1, 0),
              "mul a0, a1, a2")
SV_BLOCK_PAIR(sv2_ff_add8, 16, 2,
              R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1)
                  P16(a0, 0, 1, 1),
              "add a0, a1, a2")
SV_BLOCK_FN(b_sv3_ff_xor16z,
            VLH(8, 3) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2) R16(a2, 96, 1, 2)
                P16(a0, 1, 0, 1) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_sv2_sdst16, VLH(8, 2) R16(a0, 120, 0, 2) R16(a1, 64, 1, 2)
                              P16(a0, 0, 0, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sv2_sra32_low,
            VLH(8, 2) R16(a0, 20, 1, 3) R16(a1, 64, 1, 3) OPS("sra a0, a1, a2"))

/*
 * Uniform widths: the integer specialisations (auto: inline_int, and
 * alu_helper with a predicate) whose run-time guard sends SUBVL > 1 and
 * resumed loops to the compiled grouped loop (docs/sv-engine.md,
 * "Guarded specialisations").
 */
SV_BLOCK_PAIR(xor32_u, 16, 1,
              R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3),
              "xor a0, a1, a2")
SV_BLOCK_PAIR(and16_pz, 16, 1,
              R16(a0, 40, 1, 2) R16(a1, 64, 1, 2) R16(a2, 96, 1, 2)
                  P16(a0, 1, 0, 0),
              "and a0, a1, a2")
SV_BLOCK_PAIR(sv3_xor32_u, 16, 3,
              R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3),
              "xor a0, a1, a2")
SV_BLOCK_PAIR(sv2_and16_p, 16, 2,
              R16(a0, 40, 1, 2) R16(a1, 64, 1, 2) R16(a2, 96, 1, 2)
                  P16(a0, 0, 1, 0),
              "and a0, a1, a2")

enum { A0 = 10, A1 = 11, A2 = 12, A5 = 15, A6 = 16, A7 = 17 };

static const ccase cases[] = {
    {"mul 32 x untagged", b_mul32_x, IOP_MUL, V(32, 32), V(64, 32), S(A2, 64),
     0, 0, 64, 0, 0, 0, 0, 1},
    {"add 32 + untagged -> 64", b_add32_x_64, IOP_ADD, V(40, 64), V(64, 32),
     S(A2, 64), 0, 0, 16, 0, 0, 0, 0, 1},
    {"add 16 + untagged -> 8", b_add16_x_8, IOP_ADD, V(32, 8), V(64, 16),
     S(A2, 64), 0, 0, 64, 0, 0, 0, 0, 1},
    {"sub untagged - 8, pred inv", b_sub8_x_p, IOP_SUB, V(40, 8), S(A2, 64),
     V(64, 8), 0, 0, 8, 1, 1, 0, 0, 1},
    {"srl 16 by untagged", b_srl16_x, IOP_SRL, V(40, 16), V(64, 16), S(A2, 64),
     0, 0, 16, 0, 0, 0, 0, 1},
    {"sra 32 by untagged -> 64", b_sra32_x_64, IOP_SRA, V(40, 64), V(64, 32),
     S(A2, 64), 0, 0, 8, 0, 0, 0, 0, 1},
    {"slt 8 vs untagged, inv zero", b_slt8_x_z, IOP_SLT, V(40, 8), V(64, 8),
     S(A2, 64), 0, 0, 8, 1, 1, 1, 0, 1},
    {"sltu 16 vs 64 -> 8", b_sltu16_64, IOP_SLTU, V(40, 8), V(64, 16),
     V(96, 64), 0, 0, 8, 0, 0, 0, 0, 1},
    {"mulh 32 x untagged", b_mulh32_x, IOP_MULH, V(40, 32), V(64, 32),
     S(A2, 64), 0, 0, 16, 0, 0, 0, 0, 1},
    {"mulhu 64 x tagged scalar", b_mulhu64_s, IOP_MULHU, V(40, 64), V(64, 64),
     S(33, 64), 0, 0, 8, 0, 0, 0, 0, 1},
    {"addw 16 + untagged", b_addw16_x, IOP_ADDW, V(40, 64), V(64, 16),
     S(A2, 64), 0, 0, 8, 0, 0, 0, 0, 1},
    {"sllw 8 by untagged", b_sllw8_x, IOP_SLLW, V(40, 64), V(64, 8), S(A2, 64),
     0, 0, 8, 0, 0, 0, 0, 1},
    {"add 16 into x18.., pred", b_add16_low, IOP_ADD, V(18, 16), V(64, 16),
     S(A2, 64), 0, 0, 16, 1, 0, 0, 0, 1},
    {"xor 64 from x20..", b_xor64_low, IOP_XOR, V(40, 64), V(20, 64), S(A2, 64),
     0, 0, 8, 0, 0, 0, 0, 1},
    {"and 8 x28.. = x64.. & x30..", b_and8_low, IOP_AND, V(28, 8), V(64, 8),
     V(30, 8), 0, 0, 16, 0, 0, 0, 0, 1},
    {"ffirst xor 8 vs untagged", b_ff_xor8_x, IOP_XOR, V(32, 8), V(64, 8),
     S(A2, 64), 0, 0, 64, 1, 1, 0, 1, 1},
    {"ffirst sub 16 - untagged", b_ff_sub16_x, IOP_SUB, V(40, 16), V(64, 16),
     S(A2, 64), 0, 0, 16, 1, 0, 0, 1, 1},
    {"ffirst add 8 zeroing", b_ff_add8z, IOP_ADD, V(40, 8), V(64, 8), V(96, 8),
     0, 0, 8, 1, 0, 1, 1, 1},
    {"ffirst slt 16 vs untagged", b_ff_slt16_x, IOP_SLT, V(40, 16), V(64, 16),
     S(A2, 64), 0, 0, 16, 1, 1, 0, 1, 1},
    {"ffirst xor 32 into x22..", b_ff_xor32_low, IOP_XOR, V(22, 32), V(64, 32),
     S(A2, 64), 0, 0, 8, 1, 1, 0, 1, 1},
    {"scalar dest 16, untagged", b_sdst16_x, IOP_ADD, S(120, 16), V(64, 16),
     S(A2, 64), 0, 0, 8, 1, 0, 0, 0, 1},
    {"addi 16 pred zero", b_addi16, IOP_ADD, V(32, 16), V(80, 16), S(0, 64), 1,
     -5, 64, 1, 0, 1, 0, 1},
    {"c.slli 8", b_cslli8, IOP_SLL, V(40, 8), V(40, 8), S(0, 64), 1, 3, 16, 0,
     0, 0, 0, 1},
    {"SUBVL 2 add 16 + untagged, pred inv", b_sv2_add16_x, IOP_ADD, V(40, 16),
     V(64, 16), S(A2, 64), 0, 0, 16, 1, 1, 0, 0, 2},
    {"SUBVL 3 sub 8 zeroing", b_sv3_sub8_z, IOP_SUB, V(40, 8), V(64, 8),
     V(96, 8), 0, 0, 16, 1, 0, 1, 0, 3},
    {"SUBVL 4 mul 64 x untagged", b_sv4_mul64, IOP_MUL, V(40, 64), V(72, 64),
     S(A2, 64), 0, 0, 8, 0, 0, 0, 0, 4},
    {"SUBVL 2 ffirst add 8", b_sv2_ff_add8, IOP_ADD, V(40, 8), V(64, 8),
     V(96, 8), 0, 0, 16, 1, 1, 0, 1, 2},
    {"SUBVL 3 ffirst xor 16 zeroing", b_sv3_ff_xor16z, IOP_XOR, V(40, 16),
     V(64, 16), V(96, 16), 0, 0, 8, 1, 0, 1, 1, 3},
    {"SUBVL 2 scalar dest 16", b_sv2_sdst16, IOP_ADD, S(120, 16), V(64, 16),
     S(A2, 64), 0, 0, 8, 1, 0, 0, 0, 2},
    {"SUBVL 2 sra 32 into x20..", b_sv2_sra32_low, IOP_SRA, V(20, 32),
     V(64, 32), S(A2, 64), 0, 0, 8, 0, 0, 0, 0, 2},
    {"xor 32 uniform", b_xor32_u, IOP_XOR, V(40, 32), V(64, 32), V(96, 32), 0,
     0, 16, 0, 0, 0, 0, 1},
    {"and 16 uniform, pred zero", b_and16_pz, IOP_AND, V(40, 16), V(64, 16),
     V(96, 16), 0, 0, 16, 1, 0, 1, 0, 1},
    {"SUBVL 3 xor 32 uniform", b_sv3_xor32_u, IOP_XOR, V(40, 32), V(64, 32),
     V(96, 32), 0, 0, 16, 0, 0, 0, 0, 3},
    {"SUBVL 2 and 16 uniform, pred inv", b_sv2_and16_p, IOP_AND, V(40, 16),
     V(64, 16), V(96, 16), 0, 0, 16, 1, 1, 0, 0, 2},
};

/*
 * Fail-on-first: element zk's result made zero.  With an untagged
 * scalar the scalar is made to fit the element (the zero test is on the
 * operation-width result).
 */
static void make_zero(const ccase *c, sv_machine *m, unsigned zk)
{
    const unsigned w = c->s1.w;

    if (!c->s2.vec) {
        m->x[c->s2.reg] &= 0x7f;
    }
    switch (c->op) {
    case IOP_XOR:
    case IOP_SUB:
        sv_elem_set(m->x, c->s1.reg, zk, w,
                    c->s2.vec ? sv_elem_get(m->x, c->s2.reg, zk, w)
                              : m->x[c->s2.reg]);
        break;
    case IOP_ADD:
        sv_elem_set(m->x, c->s1.reg, zk, w,
                    -sv_elem_get(m->x, c->s2.reg, zk, w));
        break;
    default: /* SLT: false at zk, true before it */
        for (unsigned k = 0; k < zk; k++) {
            sv_elem_set(m->x, c->s1.reg, k, w, 0);
        }
        sv_elem_set(m->x, c->s1.reg, zk, w, 0x7f);
        break;
    }
}

/*
 * A resumed loop (§1.6): the block's first opcode, an untagged load from
 * address 0, faults; the handler makes the block go on at the next
 * opcode (PCVBLK's opptr + 2) with STATE's destoffs and dsvoffs set.
 */
static volatile unsigned rs_src0, rs_i0, rs_s0, rs_hits, rs_found;

static void resume_handler(int sig, siginfo_t *si, void *uc)
{
    uint8_t *rec = sv_frame_record(uc);
    uint32_t st, pcvblk;
    sv_state_fields f;

    (void)sig;
    (void)si;
    rs_hits++;
    if (!rec) {
        /* Bounded: let the load succeed (the check then fails). */
        ((ucontext_t *)uc)->uc_mcontext.__gregs[6] = (uintptr_t)&rs_hits;
        return;
    }
    rs_found = 1;
    memcpy(&st, rec + 8, 4);
    memcpy(&pcvblk, rec + 16, 4);
    f = sv_state_unpack(st);
    f.srcoffs = rs_src0;
    f.destoffs = rs_i0;
    f.dsvoffs = rs_s0;
    st = sv_state_pack(f);
    pcvblk += 2; /* opptr: the 32-bit load is two halfwords */
    memcpy(rec + 8, &st, 4);
    memcpy(rec + 16, &pcvblk, 4);
}

/* resume_handler for the next fault: the loop goes on at srcoffs src0,
 * destoffs i0 and dsvoffs s0. */
static void resume_arm(struct sigaction *old, unsigned src0, unsigned i0,
                       unsigned s0)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = resume_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, old);
    rs_src0 = src0;
    rs_i0 = i0;
    rs_s0 = s0;
    rs_hits = 0;
    rs_found = 0;
}

/* The handler out again; it ran once, on a signal frame with SV's record. */
static void resume_disarm(const struct sigaction *old)
{
    sigaction(SIGSEGV, old, NULL);
    CHECK_EQ(rs_hits, 1);
    CHECK_EQ(rs_found, 1);
}

static void run_case_at(const ccase *c, void (*fn)(sv_regs *), unsigned vlval,
                        uint64_t mask, unsigned seed, unsigned i0, unsigned s0)
{
    sv_machine in, out, want;
    const unsigned subvl = c->subvl ? c->subvl : 1;
    struct sigaction old;
    sv_trap t;

    sv_icase_fill(&in, seed, mask, vlval);
    if (c->ffirst) {
        make_zero(c, &in, (seed % 2) ? 0 : 2 * (seed % 5) + 1);
    }
    want = in;
    sv_iloop l = {
        SV_ICASE_LOOP(c), .vl = vlval < c->mvl ? vlval : c->mvl,
        .subvl = subvl,   SV_ICASE_PRED(c, mask),
        .i0 = i0,         .s0 = s0,
    };
    sv_ref_iloop(&l, &in, &want);
    want.state = SV_STATE(.maxvl = c->mvl - 1, .vl = A7, .subvl = subvl - 1);

    sv_context("%s, VL %u (a7 %u), mask 0x%llx, from %u.%u", c->name, l.vl,
               vlval, (unsigned long long)mask, i0, s0);
    if (fn != c->fn) {
        in.x[6] = 0; /* t1: the faulting load's address */
        want.x[6] = 0;
        resume_arm(&old, 0, i0, s0);
    }
    t = sv_exec(fn, &in, &out);
    if (fn != c->fn) {
        resume_disarm(&old);
    }
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

static void run_case(const ccase *c, unsigned vlval, uint64_t mask,
                     unsigned seed)
{
    run_case_at(c, c->fn, vlval, mask, seed, 0, 0);
}

/* The resumed loops: the r_ blocks of cases[] entries (SV_BLOCK_PAIR). */

static const struct {
    const char *name; /* the cases[] entry */
    void (*fn)(sv_regs *);
} resumed[] = {
    {"add 16 into x18.., pred", r_add16_low},
    {"ffirst xor 8 vs untagged", r_ff_xor8_x},
    {"SUBVL 3 sub 8 zeroing", r_sv3_sub8_z},
    {"SUBVL 2 ffirst add 8", r_sv2_ff_add8},
    {"SUBVL 4 mul 64 x untagged", r_sv4_mul64},
    {"xor 32 uniform", r_xor32_u},
    {"and 16 uniform, pred zero", r_and16_pz},
    {"SUBVL 3 xor 32 uniform", r_sv3_xor32_u},
    {"SUBVL 2 and 16 uniform, pred inv", r_sv2_and16_p},
};

static void run_resumed(void)
{
    static const uint64_t mask = 0xa5a5a5a5a5a5a5a5ull;

    for (size_t i = 0; i < SV_COUNT(resumed); i++) {
        const ccase *c = NULL;

        for (size_t k = 0; k < SV_COUNT(cases); k++) {
            if (!strcmp(cases[k].name, resumed[i].name)) {
                c = &cases[k];
            }
        }
        CHECK_EQ(c != NULL, 1);
        if (!c) {
            continue;
        }
        for (unsigned n = 0; n < 6; n++) {
            const unsigned subvl = c->subvl ? c->subvl : 1;
            const unsigned vl = c->mvl - n % 3;
            const unsigned i0 = (n * 5 + 1) % vl, s0 = n % subvl;

            run_case_at(c, resumed[i].fn, vl, mask ^ n, (unsigned)(700 + n), i0,
                        s0);
        }
    }
}

/*
 * Ops with no vector operand resumed at non-zero offsets (§1.6, §5.2,
 * A40; docs/sv-state.md, "Operands with no vector"): a C.MV between two
 * tagged scalars (twin) or an ADD of tagged scalars into an untagged one
 * (single) is a one-element loop, run once on element 0 whatever the
 * offsets, which are 0 after it; so the vector ADD after it runs from
 * element 0 and the block ends with a plain STATE.
 */
#define RS_SCALARS                                                             \
    RVLH(16, 1)                                                                \
    R16(a0, 120, 0, 0) R16(a2, 121, 0, 0) R16(a3, 40, 1, 0) R16(a4, 64, 1, 0)
SV_BLOCK_FN(r_mv_scalars, RS_SCALARS RS_OPS("sv_c c.mv a0, a2\n"
                                            "add a3, a4, a2"))
SV_BLOCK_FN(r_add_scalars, RS_SCALARS RS_OPS("add a1, a0, a2\n"
                                             "add a3, a4, a2"))

static void run_scalar_resumed(void)
{
    for (unsigned n = 0; n < 8; n++) {
        const bool twin = n % 2;
        const unsigned vl = 16 - n, i0 = 1 + n % 5;
        sv_machine in, out, want;
        struct sigaction old;
        sv_trap t;

        sv_machine_fill(&in, 900 + n);
        in.x[A7] = vl;
        in.x[6] = 0; /* t1: the faulting load's address */
        want = in;
        if (twin) {
            want.x[120] = in.x[121];
        } else {
            want.x[A1] = in.x[120] + in.x[121];
        }
        for (unsigned k = 0; k < vl; k++) {
            want.x[40 + k] = in.x[64 + k] + in.x[121];
        }
        want.state = SV_STATE(.maxvl = 15, .vl = A7);

        sv_context("%s of scalars resumed at offsets %u, VL %u",
                   twin ? "c.mv" : "add", i0, vl);
        resume_arm(&old, i0, i0, 0);
        t = sv_exec(twin ? r_mv_scalars : r_add_scalars, &in, &out);
        resume_disarm(&old);
        CHECK_EQ(t.signo, 0);
        CHECK_FILES(&out, &want);
        CHECK_STATE(out.state, want.state);
        CHECK_EQ(out.pcvblk, 0);
    }
}

/* ------------------------------------------------ C.MV, twin-predicated
 * (§5.4): a5 the destination's mask (a0's entry), a6 the source's (a2's).
 */
#define P16X(key, reg, z, inv, ff)                                             \
    "sv_pred16 key=" #key ", predidx=" #reg ", zero=" #z ", inv=" #inv         \
    ", ffirst=" #ff "\n"

SV_BLOCK_FN(b_mv_pd, VL1(16) R16(a0, 40, 1, 2) R16(a2, 64, 1, 2)
                         P16X(a0, a5, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_ps, VL1(16) R16(a0, 40, 1, 2) R16(a2, 64, 1, 2)
                         P16X(a2, a6, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_both_zd,
            VL1(16) R16(a0, 40, 1, 1) R16(a2, 64, 1, 1) P16X(a0, a5, 1, 0, 0)
                P16X(a2, a6, 0, 1, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_zs,
            VL1(16) R16(a0, 40, 1, 3) R16(a2, 64, 1, 3) P16X(a0, a5, 0, 0, 0)
                P16X(a2, a6, 1, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_8_64, VL1(16) R16(a0, 40, 1, 0) R16(a2, 64, 1, 1)
                           P16X(a2, a6, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_low,
            VL1(16) R16(a0, 20, 1, 2) R16(a2, 64, 1, 2) P16X(a0, a5, 0, 1, 0)
                P16X(a2, a6, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_ff,
            VL1(16) R16(a0, 40, 1, 2) R16(a2, 64, 1, 2) P16X(a0, a5, 0, 0, 1)
                P16X(a2, a6, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_sdst, VL1(16) R16(a0, 120, 0, 0) R16(a2, 64, 1, 2)
                           P16X(a2, a6, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_ssrc, VL1(16) R16(a0, 40, 1, 2) P16X(a0, a5, 1, 0, 0)
                           OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_both,
            VL1(16) R16(a0, 40, 1, 2) R16(a2, 64, 1, 2) P16X(a0, a5, 0, 0, 0)
                P16X(a2, a6, 0, 1, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_zd, VL1(16) R16(a0, 40, 1, 0) R16(a2, 64, 1, 0)
                         P16X(a0, a5, 1, 1, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_zs_only, VL1(16) R16(a0, 40, 1, 3) R16(a2, 64, 1, 3)
                              P16X(a2, a6, 1, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_zz,
            VL1(16) R16(a0, 40, 1, 1) R16(a2, 64, 1, 3) P16X(a0, a5, 1, 0, 0)
                P16X(a2, a6, 1, 1, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_to_low, VL1(16) R16(a0, 20, 1, 2) R16(a2, 64, 1, 2)
                             P16X(a2, a6, 0, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_from_low, VL1(16) R16(a0, 40, 1, 1) R16(a2, 20, 1, 2)
                               P16X(a0, a5, 0, 1, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_sdst_pd,
            VL1(16) R16(a0, 120, 0, 0) R16(a2, 64, 1, 2) P16X(a0, a5, 0, 0, 0)
                P16X(a2, a6, 0, 1, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_sdst_zd,
            VL1(16) R16(a0, 120, 0, 0) R16(a2, 64, 1, 2) P16X(a0, a5, 1, 1, 0)
                P16X(a2, a6, 1, 0, 0) OPS("sv_c c.mv a0, a2"))
SV_BLOCK_FN(b_mv_64_8_zs,
            VL1(16) R16(a0, 40, 1, 1) R16(a2, 64, 1, 0) P16X(a0, a5, 0, 0, 0)
                P16X(a2, a6, 1, 1, 0) OPS("sv_c c.mv a0, a2"))

typedef struct mvcase {
    const char *name;
    void (*fn)(sv_regs *);
    sv_opnd d, s;
    bool pd, zd, invd, ps, zs, invs, ffirst;
} mvcase;

static const mvcase mvcases[] = {
    {"c.mv 16 dest pred", b_mv_pd, V(40, 16), V(64, 16), 1, 0, 0, 0, 0, 0, 0},
    {"c.mv 16 src pred", b_mv_ps, V(40, 16), V(64, 16), 0, 0, 0, 1, 0, 0, 0},
    {"c.mv 8 both, dest zeroing, src inv", b_mv_both_zd, V(40, 8), V(64, 8), 1,
     1, 0, 1, 0, 1, 0},
    {"c.mv 32 both, src zeroing", b_mv_zs, V(40, 32), V(64, 32), 1, 0, 0, 1, 1,
     0, 0},
    {"c.mv 8 -> 64 compress", b_mv_8_64, V(40, 64), V(64, 8), 0, 0, 0, 1, 0, 0,
     0},
    {"c.mv 16 into x20.., expand", b_mv_low, V(20, 16), V(64, 16), 1, 0, 1, 1,
     0, 0, 0},
    {"c.mv 16 ffirst", b_mv_ff, V(40, 16), V(64, 16), 1, 0, 0, 1, 0, 0, 1},
    {"c.mv scalar dest", b_mv_sdst, S(120, 64), V(64, 16), 0, 0, 0, 1, 0, 0, 0},
    {"c.mv untagged scalar src, dest zeroing", b_mv_ssrc, V(40, 16), S(A2, 64),
     1, 1, 0, 0, 0, 0, 0},
    {"c.mv 16 both walk, src inv", b_mv_both, V(40, 16), V(64, 16), 1, 0, 0, 1,
     0, 1, 0},
    {"c.mv 64 dest zeroing inv", b_mv_zd, V(40, 64), V(64, 64), 1, 1, 1, 0, 0,
     0, 0},
    {"c.mv 32 src zeroing", b_mv_zs_only, V(40, 32), V(64, 32), 0, 0, 0, 1, 1,
     0, 0},
    {"c.mv 32 -> 8 both zeroing", b_mv_zz, V(40, 8), V(64, 32), 1, 1, 0, 1, 1,
     1, 0},
    {"c.mv 16 compress into x20..", b_mv_to_low, V(20, 16), V(64, 16), 0, 0, 0,
     1, 0, 0, 0},
    {"c.mv 16 -> 8 expand from x20..", b_mv_from_low, V(40, 8), V(20, 16), 1, 0,
     1, 0, 0, 0, 0},
    {"c.mv scalar dest, dest pred, src inv", b_mv_sdst_pd, S(120, 64),
     V(64, 16), 1, 0, 0, 1, 0, 1, 0},
    {"c.mv scalar dest, dest zeroing inv, src zeroing", b_mv_sdst_zd,
     S(120, 64), V(64, 16), 1, 1, 1, 1, 1, 0, 0},
    {"c.mv 64 -> 8 expand, src zeroing inv", b_mv_64_8_zs, V(40, 8), V(64, 64),
     1, 0, 0, 1, 1, 1, 0},
};

static void run_mv(const mvcase *c, unsigned vlval, uint64_t md, uint64_t ms,
                   unsigned seed)
{
    sv_machine in, want;
    sv_twin_step steps[64];
    const unsigned mvl = 16, vl = vlval < mvl ? vlval : mvl;
    uint64_t pd = c->pd ? (c->invd ? ~md : md) : ~0ull;
    uint64_t ps = c->ps ? (c->invs ? ~ms : ms) : ~0ull;
    int n;

    sv_machine_fill(&in, seed);
    in.x[A5] = md;
    in.x[A6] = ms;
    in.x[A7] = vlval;
    if (c->ffirst) {
        sv_elem_set(in.x, c->s.reg, 5, c->s.w, 0);
    }
    want = in;
    n = sv_ref_twin(vl, c->d.vec, c->s.vec, pd, c->pd && c->zd, ps,
                    c->ps && c->zs, steps);
    for (int k = 0; k < n; k++) {
        uint64_t v =
            steps[k].src < 0
                ? 0
                : sv_elem_get(in.x, c->s.reg,
                              c->s.vec ? (unsigned)steps[k].src : 0, c->s.w);
        if (c->d.vec) {
            sv_elem_set(want.x, c->d.reg, (unsigned)steps[k].dst, c->d.w, v);
        } else {
            want.x[c->d.reg] = v;
        }
        if (c->ffirst && v == 0) {
            want.x[A7] = (unsigned)steps[k].dst;
            break;
        }
    }
    want.x[0] = 0;
    want.state = SV_STATE(.maxvl = mvl - 1, .vl = A7);

    sv_context("%s, VL %u (a7 %u), masks 0x%llx 0x%llx", c->name, vl, vlval,
               (unsigned long long)md, (unsigned long long)ms);
    SV_RUN_CHECK(c->fn, &in, &want);
}

/* ------------------------------------ predicated gathers and scatters
 * (§5.4, §8.1) through the pointers in x64.. (a1's entry) or the
 * untagged a1 (unit stride), into or from elements at x40 (a0's entry),
 * against sv_ref_twin's steps element by element.  a5 is the mask of
 * a0's entry, a6 a1's: a load's destination is a0 (rs1 its source), a
 * store's destination its address a1 (a0 its source).
 */
SV_BLOCK_FN(b_pg_ld_pd, VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0)
                            P16X(a0, a5, 0, 0, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_pg_ld_zd_ps,
            VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0) P16X(a0, a5, 1, 0, 0)
                P16X(a1, a6, 0, 1, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_pg_lh_zs,
            VL1(16) R16(a0, 40, 1, 2) R16(a1, 64, 1, 0) P16X(a0, a5, 0, 1, 0)
                P16X(a1, a6, 1, 0, 0) OPS("lh a0, 4(a1)"))
SV_BLOCK_FN(b_pg_st_zd, VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0)
                            P16X(a1, a6, 1, 0, 0) OPS("sw a0, 4(a1)"))
SV_BLOCK_FN(b_pg_st_both,
            VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0) P16X(a1, a6, 0, 1, 0)
                P16X(a0, a5, 0, 0, 0) OPS("sw a0, 4(a1)"))
SV_BLOCK_FN(b_pu_ld_zd,
            VL1(16) R16(a0, 40, 1, 3) P16X(a0, a5, 1, 0, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_pu_sh_ps,
            VL1(16) R16(a0, 40, 1, 2) P16X(a0, a5, 0, 0, 0) OPS("sh a0, 4(a1)"))
SV_BLOCK_FN(b_pg2_ld,
            VLH(8, 2) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0) P16X(a0, a5, 1, 0, 0)
                P16X(a1, a6, 0, 0, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_pg3_st,
            VLH(4, 3) R16(a0, 40, 1, 2) R16(a1, 64, 1, 0) P16X(a1, a6, 0, 1, 0)
                P16X(a0, a5, 1, 0, 0) OPS("sh a0, 4(a1)"))

typedef struct pgcase {
    const char *name;
    void (*fn)(sv_regs *);
    bool store, indexed, sign;
    unsigned bytes, w, mvl, subvl;
    bool pd, zd, invd, ps, zs, invs;
} pgcase;

static const pgcase pgcases[] = {
    {"gather lw, dest pred", b_pg_ld_pd, 0, 1, 1, 4, 32, 16, 1, 1, 0, 0, 0, 0,
     0},
    {"gather lw, dest zeroing, src inv", b_pg_ld_zd_ps, 0, 1, 1, 4, 32, 16, 1,
     1, 1, 0, 1, 0, 1},
    {"gather lh, dest inv, src zeroing", b_pg_lh_zs, 0, 1, 1, 2, 16, 16, 1, 1,
     0, 1, 1, 1, 0},
    {"scatter sw, dest zeroing", b_pg_st_zd, 1, 1, 0, 4, 32, 16, 1, 1, 1, 0, 0,
     0, 0},
    {"scatter sw, dest inv, src pred", b_pg_st_both, 1, 1, 0, 4, 32, 16, 1, 1,
     0, 1, 1, 0, 0},
    {"unit-stride lw, dest zeroing", b_pu_ld_zd, 0, 0, 1, 4, 32, 16, 1, 1, 1, 0,
     0, 0, 0},
    {"unit-stride sh, src pred (compress)", b_pu_sh_ps, 1, 0, 0, 2, 16, 16, 1,
     0, 0, 0, 1, 0, 0},
    {"SUBVL 2 gather lw, dest zeroing, src pred", b_pg2_ld, 0, 1, 1, 4, 32, 8,
     2, 1, 1, 0, 1, 0, 0},
    {"SUBVL 3 scatter sh, dest inv, src zeroing", b_pg3_st, 1, 1, 0, 2, 16, 4,
     3, 1, 0, 1, 1, 1, 0},
};

static uint8_t pgmem[4096] __attribute__((aligned(64)));

/* Memory element k's address: scattered (indexed) or unit stride. */
static uint64_t pg_addr(const pgcase *c, const sv_machine *m, unsigned k)
{
    return c->indexed ? m->x[64 + k] + 4 : m->x[A1] + 4 + k * c->bytes;
}

static void run_pg(const pgcase *c, unsigned vlval, uint64_t ma0, uint64_t ma1,
                   unsigned seed)
{
    static uint8_t want_mem[sizeof(pgmem)];
    sv_machine in, out, want;
    sv_twin_step steps[64];
    const unsigned vl = vlval < c->mvl ? vlval : c->mvl;
    /* A load's destination predicate is a0's entry, a store's a1's. */
    uint64_t md = c->store ? ma1 : ma0, ms = c->store ? ma0 : ma1;
    uint64_t pd = c->pd ? (c->invd ? ~md : md) : ~0ull;
    uint64_t ps = c->ps ? (c->invs ? ~ms : ms) : ~0ull;
    sv_trap t;
    int n;

    sv_machine_fill(&in, seed);
    for (size_t b = 0; b < sizeof(pgmem); b++) {
        pgmem[b] = (uint8_t)(b * 13 + seed);
    }
    in.x[A5] = ma0;
    in.x[A6] = ma1;
    in.x[A7] = vlval;
    in.x[A1] = (uintptr_t)pgmem + 1000;
    for (unsigned k = 0; k < 64; k++) {
        in.x[64 + k] = (uintptr_t)pgmem + (k * 37 % 64) * 8 + 2048;
    }
    want = in;
    memcpy(want_mem, pgmem, sizeof(pgmem));
    n = sv_ref_twin(vl, true, true, pd, c->pd && c->zd, ps, c->ps && c->zs,
                    steps);
    for (int k = 0; k < n; k++) {
        for (unsigned sub = 0; sub < c->subvl; sub++) {
            unsigned d = (unsigned)steps[k].dst * c->subvl + sub;
            unsigned e = (unsigned)steps[k].src * c->subvl + sub;
            uint64_t v = 0;

            if (c->store) {
                if (steps[k].src >= 0) {
                    v = sv_elem_get(in.x, 40, e, c->w);
                }
                memcpy(want_mem + (pg_addr(c, &in, d) - (uintptr_t)pgmem), &v,
                       c->bytes);
            } else {
                if (steps[k].src >= 0) {
                    memcpy(&v,
                           want_mem + (pg_addr(c, &in, e) - (uintptr_t)pgmem),
                           c->bytes);
                    if (c->sign && c->bytes < 8) {
                        v = (uint64_t)((int64_t)(v << (64 - 8 * c->bytes)) >>
                                       (64 - 8 * c->bytes));
                    }
                }
                sv_elem_set(want.x, 40, d, c->w, v);
            }
        }
    }
    want.x[0] = 0;
    want.state = SV_STATE(.maxvl = c->mvl - 1, .vl = A7, .subvl = c->subvl - 1);
    sv_context("%s, VL %u (a7 %u), masks 0x%llx 0x%llx", c->name, vl, vlval,
               (unsigned long long)ma0, (unsigned long long)ma1);
    t = sv_exec(c->fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(memcmp(pgmem, want_mem, sizeof(pgmem)), 0);
}

/* ------------------------------------------- trap fail-on-first (§7.1)
 * LW into 32-bit elements at x40 with fail-on-first (x0 inverted, or a5
 * with zeroing), unit stride from a1 or through the pointers at x64..:
 * memory element K is the first on a PROT_NONE page (straddling into it
 * when misaligned).  VL > K: VL := K, elements 0..K-1 loaded, no signal;
 * K = 0: SIGSEGV naming the address.  A scatter (SW through x64.., its
 * address entry's fail-on-first) likewise stores elements 0..K-1 only.
 */
SV_BLOCK_FN(b_ff_lw_us, VL1(16) R16(a0, 40, 1, 3) P16X(a0, zero, 0, 1, 1)
                            OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_ff_lw_gather, VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0)
                                P16X(a0, zero, 0, 1, 1) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_ff_lw_pz, VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0)
                            P16X(a0, a5, 1, 0, 1) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_ff_sw_scatter, VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0)
                                 P16X(a1, zero, 0, 1, 1) OPS("sw a0, 4(a1)"))
SV_BLOCK_FN(b_ff_lw_sub2, VLH(8, 2) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0)
                              P16X(a0, zero, 0, 1, 1) OPS("lw a0, 4(a1)"))

static char *ffmap;
static size_t ffpage;

/* Element k's address (for the pointer or a1, less the immediate 4). */
static uint64_t ff_elem_addr(unsigned k, unsigned kfault, unsigned skew,
                             bool indexed)
{
    uint64_t page1 = (uintptr_t)ffmap + ffpage;

    if (!indexed) {
        return page1 - 4 * kfault - skew + 4 * k;
    }
    /* Scattered over page 0 before K, page 1 from K on. */
    return k < kfault ? (uintptr_t)ffmap + 3000 - 200 * k
                      : page1 - skew + 8 * (k - kfault);
}

static void run_ff(void (*fn)(sv_regs *), const char *name, bool store,
                   bool indexed, unsigned subvl, unsigned mvl, uint64_t mask,
                   bool zero, unsigned vlval, unsigned kfault, unsigned skew)
{
    const unsigned vl = vlval < mvl ? vlval : mvl, n = vl * subvl;
    uint64_t active = mask;
    sv_machine in, out, want;
    unsigned cut = vl, firstg = 0;
    sv_trap t;

    if (!ffmap) {
        ffpage = (size_t)sysconf(_SC_PAGESIZE);
        ffmap = mmap(NULL, 2 * ffpage, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    }
    mprotect(ffmap, 2 * ffpage, PROT_READ | PROT_WRITE);
    for (size_t b = 0; b < 2 * ffpage; b++) {
        ffmap[b] = (char)(b * 11 + 5);
    }
    sv_machine_fill(&in, 1200 + vlval + kfault + skew);
    in.x[A5] = mask;
    in.x[A7] = vlval;
    in.x[A1] = ff_elem_addr(0, kfault, skew, false) - 4;
    for (unsigned k = 0; k < 16; k++) {
        in.x[64 + k] = ff_elem_addr(k, kfault, skew, indexed) - 4;
    }
    /*
     * The first group the loop takes (group 0 when zeroing, else the
     * first active one) traps as without fail-on-first; a later active
     * group touching element K is cut (sv_loop_twin).
     */
    while (!zero && firstg < vl && !((active >> firstg) & 1)) {
        firstg++;
    }
    for (unsigned g = firstg + 1; g < vl; g++) {
        if (((active >> g) & 1) && (g + 1) * subvl > kfault) {
            cut = g;
            break;
        }
    }
    want = in;
    for (unsigned e = 0; e < cut * subvl && e < n; e++) {
        uint64_t a = ff_elem_addr(e, kfault, skew, indexed);
        uint32_t v = 0;

        if ((active >> (e / subvl)) & 1) {
            memcpy(&v, (void *)(uintptr_t)a, 4);
        }
        if (!store && (zero || ((active >> (e / subvl)) & 1))) {
            sv_elem_set(want.x, 40, e, 32, v);
        }
    }
    if (cut < vl) {
        want.x[A7] = cut;
    }
    want.x[0] = 0;
    want.state = SV_STATE(.maxvl = mvl - 1, .vl = A7, .subvl = subvl - 1);
    mprotect(ffmap + ffpage, ffpage, PROT_NONE);
    sv_context("%s, VL %u (a7 %u), element %u on the PROT_NONE page, skew %u",
               name, vl, vlval, kfault, skew);
    t = sv_exec(fn, &in, &out);
    mprotect(ffmap + ffpage, ffpage, PROT_READ | PROT_WRITE);
    if (firstg < vl && ((active >> firstg) & 1) &&
        (firstg + 1) * subvl > kfault) {
        /* The first group faults: a real SIGSEGV. */
        CHECK_EQ(t.signo, SIGSEGV);
        CHECK_EQ(t.addr, (uint64_t)(uintptr_t)ffmap + ffpage);
        return;
    }
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    if (store) {
        for (unsigned e = 0; e < n; e++) {
            uint64_t a = ff_elem_addr(e, kfault, skew, true);
            uint32_t got, exp = (uint32_t)sv_elem_get(in.x, 40, e, 32);

            memcpy(&got, (void *)(uintptr_t)a, 4);
            if (e >= cut) {
                uint8_t b[4];

                for (unsigned k = 0; k < 4; k++) {
                    b[k] = (uint8_t)((a - (uintptr_t)ffmap + k) * 11 + 5);
                }
                memcpy(&exp, b, 4);
            }
            CHECK_EQ(got, exp);
        }
    }
}

static void run_ffs(void)
{
    static const unsigned vls[] = {1, 3, 5, 8, 16, 20};
    static const unsigned ks[] = {0, 1, 5, 9};

    for (size_t v = 0; v < SV_COUNT(vls); v++) {
        for (size_t k = 0; k < SV_COUNT(ks); k++) {
            for (unsigned skew = 0; skew <= 2; skew += 2) {
                run_ff(b_ff_lw_us, "lw ffirst, unit stride", false, false, 1,
                       16, ~0ull, false, vls[v], ks[k], skew);
                run_ff(b_ff_lw_gather, "lw ffirst, gather", false, true, 1, 16,
                       ~0ull, false, vls[v], ks[k], skew);
                run_ff(b_ff_lw_pz, "lw ffirst, gather, pred zeroing", false,
                       true, 1, 16, 0xb6ull, true, vls[v], ks[k], skew);
                run_ff(b_ff_sw_scatter, "sw ffirst, scatter", true, true, 1, 16,
                       ~0ull, false, vls[v], ks[k], skew);
                run_ff(b_ff_lw_sub2, "lw ffirst, gather, SUBVL 2", false, true,
                       2, 8, ~0ull, false, vls[v], ks[k], skew);
            }
        }
    }
}

/* ------------------------------------------- gather / scatter faults
 * Indexed LW/SW through the pointers in x64..x71 (a1's entry), VL 8: the
 * pointer of element K lies on a PROT_NONE page.  The fault names that
 * element: si_addr its address, elements 0..K-1 done, STATE's offsets K
 * in the signal frame; a handler that opens the page resumes there.
 */
SV_BLOCK_FN(b_gather,
            VL1(8) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0) OPS("lw a0, 4(a1)"))
SV_BLOCK_FN(b_scatter,
            VL1(8) R16(a0, 40, 1, 3) R16(a1, 64, 1, 0) OPS("sw a0, 4(a1)"))
/*
 * The same with FP data: packed 32-bit elements of fa0 at f40 (or the
 * scalar fa0, packed: the same word to every address), every predicate
 * all ones (x0 inverted: the access loop, not the twin loop).
 */
#define ONES(key, fp) "sv_pred16 key=" #key ", predidx=x0, int=" #fp ", inv=1\n"
SV_BLOCK_FN(b_fgather, VL1(8) "sv_reg16 key=fa0, regidx=40, isvec=1, int=0, "
                              "vew=3\n" R16(a1, 64, 1, 0) ONES(fa0, 0)
                                  ONES(a1, 1) OPS("flw fa0, 4(a1)"))
SV_BLOCK_FN(b_fscatter, VL1(8) "sv_reg16 key=fa0, regidx=40, isvec=1, int=0, "
                               "vew=3\n" R16(a1, 64, 1, 0) ONES(fa0, 0)
                                   ONES(a1, 1) OPS("fsw fa0, 4(a1)"))
SV_BLOCK_FN(b_fsplat, VL1(8) "sv_reg16 key=fa0, regidx=10, isvec=0, int=0, "
                             "vew=3\n" R16(a1, 64, 1, 0) ONES(fa0, 0)
                                 ONES(a1, 1) OPS("fsw fa0, 4(a1)"))

enum { K_FAULT = 5 };
static char *gmap;
static size_t gpage;
static volatile unsigned ghits;
static volatile uint32_t gstate;

static void gather_handler(int sig, siginfo_t *si, void *ctx)
{
    uint8_t *rec = sv_frame_record(ctx);
    (void)sig;
    ghits++;
    if (rec) {
        uint32_t st;
        memcpy(&st, rec + 8, 4);
        gstate = st;
    }
    mprotect((void *)((uintptr_t)si->si_addr & ~(uintptr_t)(gpage - 1)), gpage,
             PROT_READ | PROT_WRITE);
}

/* Element k's address: scattered over page 0, element K_FAULT's and the
 * ones after it on page 1 (PROT_NONE). */
static uint64_t gaddr(unsigned k)
{
    return (uintptr_t)gmap + (k < K_FAULT ? 3000 - 296 * k : gpage + 8 * k);
}

/*
 * vl 8 = MVL: the straight-line form; 7: the loop over the run-time VL.
 * data: 0 integer, 1 FP vector, 2 FP scalar (stores only).
 */
static void gather_faults(unsigned data, bool store, bool resume, unsigned vl)
{
    static void (*const blocks[3][2])(sv_regs *) = {
        {b_gather, b_scatter},
        {b_fgather, b_fscatter},
        {NULL, b_fsplat},
    };
    const uint64_t *in_file, *out_file;
    sv_machine in, out;
    struct sigaction sa, old;
    uint32_t want[8];
    sv_trap t;

    if (!gmap) {
        gpage = (size_t)sysconf(_SC_PAGESIZE);
        gmap = mmap(NULL, 2 * gpage, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    }
    mprotect(gmap, 2 * gpage, PROT_READ | PROT_WRITE);
    for (size_t b = 0; b < 2 * gpage; b++) {
        gmap[b] = (char)(b * 7 + 3);
    }
    sv_machine_fill(&in, store ? 900 : 901);
    in.x[A7] = vl;
    for (unsigned k = 0; k < 8; k++) {
        in.x[64 + k] = gaddr(k) - 4;
        memcpy(&want[k], (void *)(uintptr_t)gaddr(k), 4);
    }
    mprotect(gmap + gpage, gpage, PROT_NONE);
    sv_context("%s%s %s, VL %u, element %u faults",
               data == 2 ? "scalar FP "
               : data    ? "FP "
                         : "",
               store ? "scatter" : "gather", resume ? "resumed" : "signalled",
               vl, K_FAULT);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = gather_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    if (resume) {
        sigaction(SIGSEGV, &sa, &old);
    }
    ghits = 0;
    gstate = 0;
    t = sv_exec(blocks[data][store], &in, &out);
    in_file = data ? in.f : in.x;
    out_file = data ? out.f : out.x;
    if (resume) {
        sigaction(SIGSEGV, &old, NULL);
        CHECK_EQ(t.signo, 0);
        CHECK_EQ(ghits, 1);
        /* srcoffs: a scalar source's index stays 0 (sv_loop_twin) */
        CHECK_EQ((gstate >> 12) & 63, data == 2 ? 0 : K_FAULT);
        CHECK_EQ((gstate >> 18) & 63, K_FAULT); /* destoffs */
        CHECK_EQ(out.state, SV_STATE(.maxvl = 7, .vl = A7));
    } else {
        CHECK_EQ(t.signo, SIGSEGV);
        CHECK_EQ(t.addr, gaddr(K_FAULT));
    }
    mprotect(gmap + gpage, gpage, PROT_READ | PROT_WRITE);
    for (unsigned k = 0; k < 8; k++) {
        bool done = (resume || k < K_FAULT) && k < vl;
        unsigned at = data == 2 ? 10 : 40, e = data == 2 ? 0 : k;
        uint32_t mem, reg = (uint32_t)sv_elem_get(out_file, at, e, 32);
        uint32_t reg_in = (uint32_t)sv_elem_get(in_file, at, e, 32);

        memcpy(&mem, (void *)(uintptr_t)gaddr(k), 4);
        if (store) {
            CHECK_EQ(mem, done ? reg_in : want[k]);
        } else {
            CHECK_EQ(reg, done ? want[k] : reg_in);
        }
    }
}

/* ------------------------------------------- scalar data, scattered
 * SW / FSW of a scalar register (32 bits: a0, or fa0 packed under
 * all-ones predicates) through the pointers in x64..x87, MVL 24: the
 * same word at every address, in the access loop's steps of 8 and one
 * at a time after them.
 */
SV_BLOCK_FN(b_splat24,
            VL1(24) R16(a0, 10, 0, 3) R16(a1, 64, 1, 0) OPS("sw a0, 4(a1)"))
SV_BLOCK_FN(b_fsplat24, VL1(24) "sv_reg16 key=fa0, regidx=10, isvec=0, "
                                "int=0, vew=3\n" R16(a1, 64, 1, 0) ONES(fa0, 0)
                                    ONES(a1, 1) OPS("fsw fa0, 4(a1)"))

static void splat_scatter(bool fp, unsigned vlval)
{
    static uint32_t mem[64], want[64];
    const unsigned vl = vlval < 24 ? vlval : 24;
    sv_machine in, out;
    uint32_t val;
    sv_trap t;

    sv_machine_fill(&in, 1300 + vlval + fp);
    in.x[A7] = vlval;
    for (unsigned k = 0; k < 64; k++) {
        mem[k] = want[k] = 0x9e3779b9u * (k + 3) ^ vlval;
    }
    for (unsigned r = 0; r < 24; r++) {
        in.x[64 + r] = (uintptr_t)&mem[r * 37 % 61] - 4;
    }
    val = (uint32_t)(fp ? in.f[10] : in.x[10]);
    for (unsigned k = 0; k < vl; k++) {
        want[k * 37 % 61] = val;
    }
    sv_context("%s of a scalar scattered, VL %u (a7 %u)", fp ? "fsw" : "sw", vl,
               vlval);
    t = sv_exec(fp ? b_fsplat24 : b_splat24, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_STATE(out.state, SV_STATE(.maxvl = 23, .vl = A7));
    for (unsigned k = 0; k < 64; k++) {
        CHECK_EQ(mem[k], want[k]);
    }
}

/* ------------------------------------------------ cut indexed accesses
 * LD / SD through the 64-bit pointers in x64..x71 whose entry is 32 bits
 * wide: §8.2 cuts each access into two 32-bit elements, element k at
 * X[64 + k / 2] + 4 (k mod 2), into or from 32-bit elements at x40.
 * MVL 16: VL 16 runs straight-line, the others loop.
 */
SV_BLOCK_FN(b_ld_cut,
            VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) OPS("ld a0, 0(a1)"))
SV_BLOCK_FN(b_sd_cut,
            VL1(16) R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) OPS("sd a0, 0(a1)"))

static void cut_access(bool store, unsigned vlval)
{
    static uint32_t mem[64], mem_in[64];
    const unsigned vl = vlval < 16 ? vlval : 16;
    sv_machine in, out, want;
    sv_trap t;

    sv_machine_fill(&in, 700 + vlval + store);
    for (unsigned k = 0; k < 64; k++) {
        mem[k] = mem_in[k] = 0x9e3779b9u * (k + 1) ^ vlval;
    }
    in.x[A7] = vlval;
    for (unsigned r = 0; r < 8; r++) {
        in.x[64 + r] = (uintptr_t)&mem[(r * 37) % 31 * 2 + (r & 1)];
    }
    want = in;
    for (unsigned k = 0; k < vl; k++) {
        uint32_t *m = (uint32_t *)(uintptr_t)(in.x[64 + k / 2] + 4 * (k % 2));
        unsigned at = (unsigned)(m - mem);

        if (store) {
            mem_in[at] = (uint32_t)sv_elem_get(in.x, 40, k, 32);
        } else {
            sv_elem_set(want.x, 40, k, 32, mem_in[at]);
        }
    }
    want.x[0] = 0;
    want.state = SV_STATE(.maxvl = 15, .vl = A7);
    sv_context("%s cut into 32-bit elements, VL %u (a7 %u)",
               store ? "sd" : "ld", vl, vlval);
    t = sv_exec(store ? b_sd_cut : b_ld_cut, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    for (unsigned k = 0; k < 64; k++) {
        CHECK_EQ(mem[k], mem_in[k]);
    }
}

int main(void)
{
    static const uint64_t masks[] = {0xa5a5a5a5a5a5a5a5ull, 0x0f0f0f0full,
                                     0xfffffffffffffffeull,
                                     0x8000000000000001ull};
    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const ccase *c = &cases[i];
        const unsigned vls[] = {0,      1,      7,         c->mvl / 2 + 1,
                                c->mvl, c->mvl, c->mvl + 3};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_case(c, vls[v], masks[v % SV_COUNT(masks)],
                     (unsigned)(i * 8 + v));
        }
    }
    for (size_t i = 0; i < SV_COUNT(mvcases); i++) {
        static const unsigned vls[] = {0, 1, 5, 9, 16, 20};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_mv(&mvcases[i], vls[v], masks[v % SV_COUNT(masks)],
                   masks[(v + 1) % SV_COUNT(masks)] ^ 0x30,
                   (unsigned)(i * 8 + v + 500));
        }
    }
    run_resumed();
    run_scalar_resumed();
    for (unsigned vl = 7; vl <= 8; vl++) {
        for (unsigned data = 0; data < 3; data++) {
            for (unsigned store = data == 2; store < 2; store++) {
                gather_faults(data, store, false, vl);
                gather_faults(data, store, true, vl);
            }
        }
    }
    for (unsigned v = 0; v < 6; v++) {
        static const unsigned vls[] = {0, 1, 5, 20, 24, 30};
        splat_scatter(false, vls[v]);
        splat_scatter(true, vls[v]);
    }
    for (unsigned v = 0; v < 6; v++) {
        static const unsigned vls[] = {0, 1, 5, 15, 16, 20};
        cut_access(false, vls[v]);
        cut_access(true, vls[v]);
    }
    for (size_t i = 0; i < SV_COUNT(pgcases); i++) {
        static const unsigned vls[] = {0, 1, 5, 9, 16, 20};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_pg(&pgcases[i], vls[v], masks[v % SV_COUNT(masks)] ^ 0x24,
                   masks[(v + 1) % SV_COUNT(masks)] ^ 0x30,
                   (unsigned)(i * 8 + v + 800));
        }
    }
    run_ffs();
    sv_context("%s", "");
    return sv_summary("vblock_compiled");
}
