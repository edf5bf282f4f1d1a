/*
 * vblock_ffirst_alu: data-dependent fail-on-first (§7.2) on every integer
 * op class of the gvec list (ADD SUB AND OR XOR SLL SRL SRA SLT SLTU MUL
 * ADDW SUBW and their immediates) at element widths 8, 16, 32 and 64,
 * against the reference loop of sv_ref.h: all elements active (x0
 * inverted), a mask in a5, inverted with zeroing, zeroing; the
 * destination the first source itself; MVL 1 to 64; the first zero
 * result at the first, a middle and the last element or at none, and
 * VL below, at and above MVL (STATE.vl is a7).  Under SV_BACKEND=auto
 * the shapes with VL = MVL known run SV_BACKEND_FFIRST_GVEC (gvec, a
 * zero-lane test, the commit); meson runs it under compiled and general
 * too.
 *
 * The inputs are random, then made so that only the chosen element's
 * result is zero (where the op allows it: OR with a non-zero immediate
 * is never zero), so each run cuts where it says.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define VLH(mvl) "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" #mvl ", subvl=1\n"
#define R16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", vew=" #vew "\n"
#define P16(key, p, z, inv)                                                    \
    "sv_pred16 key=" #key ", predidx=" #p ", zero=" #z ", inv=" #inv           \
    ", ffirst=1\n"
#define OPS(...) "sv_ops\n" __VA_ARGS__ "\nsv_vblock_end\n"

typedef struct fcase {
    const char *name;
    void (*fn)(sv_regs *);
    int op;
    sv_opnd d, s1, s2;
    bool imm_op;
    int64_t imm;
    unsigned mvl;
    bool pred, inv, zero;
} fcase;

enum { A2 = 12, A5 = 15, A7 = 17 };

/*
 * Every op in four variants j, one per element width: j's width (vew),
 * rs2's register entry and its register and vec flag for the case (a
 * vector at x96, or the untagged a2; an immediate op has neither), the
 * predicate entry, how the case's name says it, and pred, inv, zero.
 */
#define FF_J0(m, ...)                                                          \
    m(__VA_ARGS__, 0, 8, 1, R16(a2, 96, 1, 1), 96, true, P16(a0, x0, 0, 1),    \
      "pred=x0~", 0, 1, 0)
#define FF_J1(m, ...)                                                          \
    m(__VA_ARGS__, 1, 16, 2, R16(a2, a2, 0, 2), A2, false, P16(a0, a5, 0, 0),  \
      "pred=a5", 1, 0, 0)
#define FF_J2(m, ...)                                                          \
    m(__VA_ARGS__, 2, 32, 3, R16(a2, 96, 1, 3), 96, true, P16(a0, a5, 1, 1),   \
      "pred=a5~z", 1, 1, 1)
#define FF_J3(m, ...)                                                          \
    m(__VA_ARGS__, 3, 64, 0, R16(a2, a2, 0, 0), A2, false, P16(a0, a5, 1, 0),  \
      "pred=a5z", 1, 0, 1)

/*
 * The MVL of variant j, by the op's row (its place in FF_OPS mod 3), and
 * rs1's base: the destination itself (rd = rs1, x32) when MVL >= 16.
 */
#define FF_ROW0(m, ...)                                                        \
    FF_J0(m, __VA_ARGS__, 64, 32, " rd=rs1")                                   \
    FF_J1(m, __VA_ARGS__, 8, 64, "")                                           \
    FF_J2(m, __VA_ARGS__, 2, 64, "") FF_J3(m, __VA_ARGS__, 16, 32, " rd=rs1")
#define FF_ROW1(m, ...)                                                        \
    FF_J0(m, __VA_ARGS__, 8, 64, "")                                           \
    FF_J1(m, __VA_ARGS__, 1, 64, "")                                           \
    FF_J2(m, __VA_ARGS__, 16, 32, " rd=rs1") FF_J3(m, __VA_ARGS__, 8, 64, "")
#define FF_ROW2(m, ...)                                                        \
    FF_J0(m, __VA_ARGS__, 1, 64, "")                                           \
    FF_J1(m, __VA_ARGS__, 32, 32, " rd=rs1")                                   \
    FF_J2(m, __VA_ARGS__, 8, 64, "") FF_J3(m, __VA_ARGS__, 1, 64, "")

/* X(name, iop, opcode, imm_op, imm, row): ops between registers, then
 * immediate ops. */
#define FF_OPS(X)                                                              \
    X(add, IOP_ADD, "add a0, a1, a2", 0, 0, FF_ROW0)                           \
    X(sub, IOP_SUB, "sub a0, a1, a2", 0, 0, FF_ROW1)                           \
    X(and, IOP_AND, "and a0, a1, a2", 0, 0, FF_ROW2)                           \
    X(or, IOP_OR, "or a0, a1, a2", 0, 0, FF_ROW0)                              \
    X(xor, IOP_XOR, "xor a0, a1, a2", 0, 0, FF_ROW1)                           \
    X(sll, IOP_SLL, "sll a0, a1, a2", 0, 0, FF_ROW2)                           \
    X(srl, IOP_SRL, "srl a0, a1, a2", 0, 0, FF_ROW0)                           \
    X(sra, IOP_SRA, "sra a0, a1, a2", 0, 0, FF_ROW1)                           \
    X(slt, IOP_SLT, "slt a0, a1, a2", 0, 0, FF_ROW2)                           \
    X(sltu, IOP_SLTU, "sltu a0, a1, a2", 0, 0, FF_ROW0)                        \
    X(mul, IOP_MUL, "mul a0, a1, a2", 0, 0, FF_ROW1)                           \
    X(addw, IOP_ADDW, "addw a0, a1, a2", 0, 0, FF_ROW2)                        \
    X(subw, IOP_SUBW, "subw a0, a1, a2", 0, 0, FF_ROW0)                        \
    X(addi, IOP_ADD, "addi a0, a1, 5", 1, 5, FF_ROW1)                          \
    X(xori, IOP_XOR, "xori a0, a1, 0x3c", 1, 60, FF_ROW2)                      \
    X(andi, IOP_AND, "andi a0, a1, 0x6e", 1, 110, FF_ROW0)                     \
    X(ori, IOP_OR, "ori a0, a1, 0", 1, 0, FF_ROW1)                             \
    X(slti, IOP_SLT, "slti a0, a1, 9", 1, 9, FF_ROW2)                          \
    X(sltiu, IOP_SLTU, "sltiu a0, a1, 9", 1, 9, FF_ROW0)                       \
    X(slli, IOP_SLL, "slli a0, a1, 3", 1, 3, FF_ROW1)                          \
    X(srli, IOP_SRL, "srli a0, a1, 1", 1, 1, FF_ROW2)                          \
    X(srai, IOP_SRA, "srai a0, a1, 2", 1, 2, FF_ROW0)                          \
    X(addiw, IOP_ADDW, "addiw a0, a1, -3", 1, -3, FF_ROW1)

/* FF_PICK(imm_op, reg, imm): reg for an op between registers, else imm. */
#define FF_PICK(imm_op, reg, imm) FF_PICK_##imm_op(reg, imm)
#define FF_PICK_0(reg, imm) reg
#define FF_PICK_1(reg, imm) imm

/* The block of one variant, b_<name>_<j>, and its case. */
#define FF_BLOCK(name, iop, opc, imm_op, imm, mvl, s1, rd_is_s1, j, w, vew,    \
                 s2_entry, s2_reg, s2_vec, pred_entry, pred_name, pred, inv,   \
                 zero)                                                         \
    SV_BLOCK_FN(b_##name##_##j,                                                \
                VLH(mvl) R16(a0, 32, 1, vew) R16(a1, s1, 1, vew)               \
                    FF_PICK(imm_op, s2_entry, ) pred_entry OPS(opc))
#define FF_CASE(name, iop, opc, imm_op, imm, mvl, s1, rd_is_s1, j, w, vew,     \
                s2_entry, s2_reg, s2_vec, pred_entry, pred_name, pred, inv,    \
                zero)                                                          \
    {opc " w" #w " mvl" #mvl " " pred_name rd_is_s1,                           \
     b_##name##_##j,                                                           \
     iop,                                                                      \
     V(32, w),                                                                 \
     V(s1, w),                                                                 \
     {FF_PICK(imm_op, s2_reg, 0), FF_PICK(imm_op, s2_vec, false),              \
      FF_PICK(imm_op, w, 64)},                                                 \
     imm_op,                                                                   \
     imm,                                                                      \
     mvl,                                                                      \
     pred,                                                                     \
     inv,                                                                      \
     zero},
#define FF_BLOCKS(name, iop, opc, imm_op, imm, row)                            \
    row(FF_BLOCK, name, iop, opc, imm_op, imm)
#define FF_CASES(name, iop, opc, imm_op, imm, row)                             \
    row(FF_CASE, name, iop, opc, imm_op, imm)

FF_OPS(FF_BLOCKS)

static const fcase cases[] = {FF_OPS(FF_CASES)};

/* Element k's result as sv_ref_iloop computes it (before the mask). */
static uint64_t result(const fcase *c, const uint64_t *x, unsigned k)
{
    const bool w_op = sv_iop_w(c->op), sgn = sv_iop_src_signed(c->op);
    unsigned w1 = c->s1.w, w2 = c->imm_op ? 8 : c->s2.w;

    if (w_op) {
        w1 = w1 > 32 ? 32 : w1;
        w2 = w2 > 32 ? 32 : w2;
    }
    unsigned opw = w1 > w2 ? w1 : w2;
    uint64_t a = sv_ref_src(x, &c->s1, k, 0, w_op, sgn);
    uint64_t b =
        c->imm_op ? (uint64_t)c->imm : sv_ref_src(x, &c->s2, k, 0, w_op, sgn);
    return sv_zext(sv_ref_alu(c->op, a, b, opw), c->d.w);
}

/*
 * Sets source element k so that its result is zero (want_zero) or not:
 * the first of a few candidates that does it (b itself, -b, 0, all ones,
 * 1, the sign bit, the value it had); true when one did.  A vector b
 * that is not the destination is changed too when a alone cannot.
 */
static bool shape(const fcase *c, uint64_t *x, unsigned k, bool want_zero)
{
    const unsigned w = c->s1.w;
    uint64_t old = sv_elem_get(x, c->s1.reg, k, w);
    uint64_t b = c->imm_op
                     ? (uint64_t)c->imm
                     : sv_elem_get(x, c->s2.reg, c->s2.vec ? k : 0, c->s2.w);
    const uint64_t cand[] = {
        old, b, -b, 0, ~0ull, 1, 1ull << (w - 1), (1ull << (w - 1)) - 1, 2};

    for (int pass = 0; pass < 2; pass++) {
        for (size_t j = 0; j < SV_COUNT(cand); j++) {
            sv_elem_set(x, c->s1.reg, k, w, cand[j]);
            if ((result(c, x, k) == 0) == want_zero) {
                return true;
            }
        }
        /* OR of two vectors is zero only when both are. */
        if (!c->s2.vec || c->imm_op || c->s2.reg == c->d.reg) {
            break;
        }
        sv_elem_set(x, c->s2.reg, k, c->s2.w, want_zero ? 0 : 0x15);
    }
    sv_elem_set(x, c->s1.reg, k, w, old);
    return false;
}

static void run_case(const fcase *c, unsigned vlval, uint64_t mask, int zk,
                     unsigned seed)
{
    sv_machine in, out, want;
    unsigned vl = vlval < c->mvl ? vlval : c->mvl;

    sv_machine_fill(&in, seed);
    if (!c->s2.vec && !c->imm_op) {
        in.x[c->s2.reg] = sv_zext(in.x[c->s2.reg], c->s2.w);
    }
    in.x[A5] = mask;
    in.x[A7] = vlval;
    /* Only element zk's result zero (zk < 0: none), where the op can. */
    for (unsigned k = 0; k < c->mvl; k++) {
        shape(c, in.x, k, (int)k == zk);
    }
    want = in;
    sv_iloop l = {
        .op = c->op,
        .d = c->d,
        .s1 = c->s1,
        .s2 = c->s2,
        .imm_op = c->imm_op,
        .imm = c->imm,
        .vl = vl,
        .subvl = 1,
        .pred = c->pred,
        .mask = c->inv ? ~mask : mask,
        .zero = c->zero,
        .ffirst = true,
        .vlreg = A7,
    };
    sv_ref_iloop(&l, &in, &want);
    want.state = SV_STATE(.maxvl = c->mvl - 1, .vl = A7);
    sv_context("%s, VL %u (a7 %u), mask 0x%llx, zero at %d", c->name, vl, vlval,
               (unsigned long long)mask, zk);
    sv_trap t = sv_exec(c->fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

/*
 * A trap-ffirst LB, then the XOR with data-ffirst (memchr's idiom,
 * bench-kernels' memchrff), VL := min(a2, MVL) written to a4 by the VL
 * block: at VL = MVL the LB tests VL once and the XOR trusts it; below
 * MVL (a2 < MVL) the XOR's entry below MVL must still write elements 0
 * to the cut only, x40's bytes from VL on kept.  The bytes are at a0,
 * the wanted byte in a1 (tagged 8-bit).
 */
enum { A0 = 10, A1 = 11, A4 = 14 };
#define LBXOR(mvl)                                                             \
    "sv_vblock_begin ext=1\nsv_vl_rvc rd=a4, rs1=a2, vlmax=" #mvl              \
    "\n" R16(t0, 32, 1, 1) R16(t1, 40, 1, 1) R16(a1, a1, 0, 1)                 \
        P16(t0, x0, 0, 1) P16(t1, x0, 0, 1)                                    \
            OPS("lb t0, 0(a0)\nxor t1, t0, a1")
SV_BLOCK_FN(b_lbxor3, LBXOR(3))
SV_BLOCK_FN(b_lbxor8, LBXOR(8))
SV_BLOCK_FN(b_lbxor13, LBXOR(13))

static void run_lbxor(void (*fn)(sv_regs *), unsigned mvl, unsigned a2, int zk,
                      unsigned seed)
{
    static uint8_t bytes[16];
    sv_machine in, out, want;
    unsigned vl = a2 < mvl ? a2 : mvl;
    uint8_t c;

    sv_machine_fill(&in, seed);
    c = (uint8_t)in.x[A1];
    for (unsigned k = 0; k < sizeof(bytes); k++) {
        bytes[k] = (uint8_t)(c ^ (k == (unsigned)zk ? 0 : 1 + k));
    }
    in.x[A0] = (uintptr_t)bytes;
    in.x[A2] = a2;
    want = in;
    /* LB: elements 0..VL-1; XOR: 0..the first zero, which is VL then. */
    uint8_t *x32 = (uint8_t *)&want.x[32], *x40 = (uint8_t *)&want.x[40];
    unsigned vl0 = vl;

    for (unsigned k = 0; k < vl0; k++) {
        x32[k] = bytes[k];
    }
    for (unsigned k = 0; k < vl0; k++) {
        x40[k] = bytes[k] ^ c;
        if (!x40[k]) {
            vl = k;
            break;
        }
    }
    want.x[A4] = vl;
    want.state = SV_STATE(.maxvl = mvl - 1, .vl = A4);
    sv_context("lb+xor mvl %u a2 %u zero at %d", mvl, a2, zk);
    sv_trap t = sv_exec(fn, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

static void test_lbxor(unsigned *seed)
{
    static const struct {
        void (*fn)(sv_regs *);
        unsigned mvl;
    } blocks[] = {{b_lbxor3, 3}, {b_lbxor8, 8}, {b_lbxor13, 13}};

    for (size_t b = 0; b < SV_COUNT(blocks); b++) {
        unsigned n = blocks[b].mvl;

        for (unsigned a2 = 0; a2 <= n + 1; a2++) {
            for (int zk = -1; zk < (int)n; zk++) {
                run_lbxor(blocks[b].fn, n, a2, zk, (*seed)++);
            }
        }
    }
}

int main(void)
{
    static const uint64_t masks[] = {0xa5a5a5a5a5a5a5a5ull, ~0ull,
                                     0xfffffffffffffffeull,
                                     0x7fffffffffffffffull, 0x0f0f0f0full};
    unsigned seed = 1;

    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const fcase *c = &cases[i];
        const unsigned n = c->mvl;
        const int zks[] = {0, (int)n / 2, (int)n - 1, -1};
        const unsigned vls[] = {n, n + 3, n / 2 + 1, 0};

        for (size_t z = 0; z < SV_COUNT(zks); z++) {
            for (size_t v = 0; v < SV_COUNT(vls); v++) {
                run_case(c, vls[v], masks[(i + z + v) % SV_COUNT(masks)],
                         zks[z], seed++);
            }
        }
    }
    test_lbxor(&seed);
    sv_context("%s", "");
    return sv_summary("vblock_ffirst_alu");
}
