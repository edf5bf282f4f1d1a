/*
 * vblock_int: integer opcodes inside VBLOCKs (OP, OP-IMM, OP-32,
 * OP-IMM-32, M, LUI/AUIPC, RVC arithmetic) against the reference loop of
 * sv_ref.h (§5.2, §5.3, §5.5, §5.6, §7.2): scalar/vector mixes, element
 * widths, predication (inv, zeroing), VL 0, 1, MVL and between, SUBVL
 * 1..4, registers x32..x127, data-dependent fail-on-first.
 *
 * Every block has the VL block `sv_vl_rs1 a7, MVL, SUBVL` (mode 10:
 * MVL := imm + 1, STATE.vl := a7, no GPR write, A9), so one block runs
 * with several VLs by changing a7.  Opcode fields: rd a0, rs1 a1,
 * rs2 a2; the mask is in a5.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_icase.h"

typedef struct icase {
    SV_ICASE_HEAD;
    unsigned mvl, subvl;
    bool pred, inv, zero, ffirst;
} icase;

/* Blocks; the descriptor rows below repeat each block's tables. */
SV_BLOCK_FN(b_add64, VLH(8, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 0)
                         R16(a2, 96, 1, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_add8p,
            VLH(8, 1) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1)
                P16(a0, 0, 0, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_add16_8_32z,
            VLH(6, 1) R16(a0, 40, 1, 3) R16(a1, 64, 1, 2) R16(a2, 96, 1, 1)
                P16(a0, 1, 1, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sub_vs32,
            VLH(5, 1) R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) R16(a2, 100, 0, 3)
                P16(a0, 0, 1, 0) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_and16, VLH(7, 1) R16(a0, 120, 1, 2) R16(a1, 64, 1, 2)
                         R16(a2, 96, 1, 2) OPS("and a0, a1, a2"))
SV_BLOCK_FN(b_or8s,
            VLH(8, 1) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) OPS("or a0, a1, a2"))
SV_BLOCK_FN(b_xor32,
            VLH(4, 1) R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) R16(a2, 96, 1, 3)
                P16(a0, 1, 0, 0) OPS("xor a0, a1, a2"))
SV_BLOCK_FN(b_sll16_8, VLH(4, 1) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                           R16(a2, 96, 1, 1) OPS("sll a0, a1, a2"))
SV_BLOCK_FN(b_srl16_8, VLH(4, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 2)
                           R16(a2, 96, 1, 1) OPS("srl a0, a1, a2"))
SV_BLOCK_FN(b_sra16_8, VLH(4, 1) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                           R16(a2, 96, 1, 1) OPS("sra a0, a1, a2"))
SV_BLOCK_FN(b_slt32, VLH(4, 1) R16(a0, 40, 1, 1) R16(a1, 64, 1, 3)
                         R16(a2, 96, 1, 3) OPS("slt a0, a1, a2"))
SV_BLOCK_FN(b_sltu32, VLH(4, 1) R16(a0, 40, 1, 1) R16(a1, 64, 1, 3)
                          R16(a2, 96, 1, 3) OPS("sltu a0, a1, a2"))
SV_BLOCK_FN(b_mul16, VLH(4, 1) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                         R16(a2, 96, 1, 2) OPS("mul a0, a1, a2"))
SV_BLOCK_FN(b_mulh16, VLH(4, 1) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                          R16(a2, 96, 1, 2) OPS("mulh a0, a1, a2"))
SV_BLOCK_FN(b_mulhu64, VLH(3, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 0)
                           R16(a2, 96, 1, 0) OPS("mulhu a0, a1, a2"))
SV_BLOCK_FN(b_addw64, VLH(4, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 0)
                          R16(a2, 96, 1, 0) OPS("addw a0, a1, a2"))
SV_BLOCK_FN(b_subw8_16, VLH(4, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 1)
                            R16(a2, 96, 1, 2) OPS("subw a0, a1, a2"))
SV_BLOCK_FN(b_addi8, VLH(8, 1) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1)
                         OPS("addi a0, a1, -1"))
SV_BLOCK_FN(b_xori16, VLH(8, 1) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2)
                          P16(a0, 0, 0, 0) OPS("xori a0, a1, 0x7f0"))
SV_BLOCK_FN(b_slli32,
            VLH(4, 1) R16(a0, 40, 1, 3) R16(a1, 64, 1, 3) OPS("slli a0, a1, 3"))
SV_BLOCK_FN(b_srai16,
            VLH(4, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 2) OPS("srai a0, a1, 2"))
SV_BLOCK_FN(b_addiw8, VLH(8, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 1)
                          OPS("addiw a0, a1, 100"))
/* Scalar destinations (redirected, non-default width): first element. */
SV_BLOCK_FN(b_sdest_add16,
            VLH(8, 1) R16(a0, 120, 0, 2) R16(a1, 64, 1, 2) R16(a2, 96, 1, 2)
                P16(a0, 0, 0, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sdest_addw8, VLH(8, 1) R16(a0, 120, 0, 1) R16(a1, 64, 1, 1)
                               R16(a2, 96, 1, 1) OPS("addw a0, a1, a2"))
/* All scalar (redirected): runs once whatever VL is (A40). */
SV_BLOCK_FN(b_scalar, VLH(8, 1) R16(a0, 127, 0, 0) R16(a1, 33, 0, 0)
                          OPS("add a0, a1, a2"))
/* SUBVL: scalar sources supply sub-element s (A35). */
SV_BLOCK_FN(b_sub2,
            VLH(4, 2) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2) R16(a2, 100, 0, 2)
                P16(a0, 0, 0, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sub3, VLH(4, 3) R16(a0, 40, 1, 0) R16(a1, 64, 1, 0)
                        R16(a2, 100, 0, 0) OPS("add a0, a1, a2"))
SV_BLOCK_FN(b_sub4,
            VLH(8, 4) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1)
                P16(a0, 1, 0, 0) OPS("sub a0, a1, a2"))
/* Data-dependent fail-on-first (§7.2, A41). */
SV_BLOCK_FN(b_ff_sub,
            VLH(8, 1) R16(a0, 40, 1, 0) R16(a1, 64, 1, 0) R16(a2, 96, 1, 0)
                P16(a0, 0, 0, 1) OPS("sub a0, a1, a2"))
SV_BLOCK_FN(b_ff_and8z,
            VLH(8, 1) R16(a0, 40, 1, 1) R16(a1, 64, 1, 1) R16(a2, 96, 1, 1)
                P16(a0, 1, 0, 1) OPS("and a0, a1, a2"))
SV_BLOCK_FN(b_ff_sub2,
            VLH(6, 2) R16(a0, 40, 1, 2) R16(a1, 64, 1, 2) R16(a2, 96, 1, 2)
                P16(a0, 0, 1, 1) OPS("sub a0, a1, a2"))
/* Vector dest at x0: element writes into x0 are dropped. */
SV_BLOCK_FN(b_x0dest,
            VLH(6, 1) R16(a0, 0, 1, 2) R16(a1, 64, 1, 2) OPS("add a0, a1, a1"))
/* RVC arithmetic (c.add rd, rs2 = add rd, rd, rs2 ...). */
SV_BLOCK_FN(b_cadd, VLH(8, 1) R16(a0, 40, 1, 3) R16(a2, 96, 1, 3)
                        OPS("sv_c c.add a0, a2"))
SV_BLOCK_FN(b_caddi, VLH(8, 1) R16(a0, 40, 1, 1) P16(a0, 0, 1, 0)
                         OPS("sv_c c.addi a0, -3"))
SV_BLOCK_FN(b_cli, VLH(8, 1) R16(a0, 40, 1, 2) P16(a0, 1, 0, 0)
                       OPS("sv_c c.li a0, -7"))
SV_BLOCK_FN(b_csub, VLH(4, 1) R16(s0, 40, 1, 0) R16(s1, 64, 1, 0)
                        OPS("sv_c c.sub s0, s1"))
SV_BLOCK_FN(b_cslli, VLH(8, 1) R16(a0, 40, 1, 2) OPS("sv_c c.slli a0, 4"))
SV_BLOCK_FN(b_caddw, VLH(4, 1) R16(s0, 40, 1, 3) R16(s1, 64, 0, 3)
                         OPS("sv_c c.addw s0, s1"))

/* Reg numbers of the opcode fields. */
enum { A0 = 10, A1 = 11, A2 = 12, S0 = 8, S1 = 9, A5 = 15, A7 = 17 };

static const icase cases[] = {
    {"add 64 vvv", b_add64, IOP_ADD, V(40, 64), V(64, 64), V(96, 64), 0, 0, 8,
     1, 0, 0, 0, 0},
    {"add 8 vvv pred", b_add8p, IOP_ADD, V(40, 8), V(64, 8), V(96, 8), 0, 0, 8,
     1, 1, 0, 0, 0},
    {"add 16+8->32 pred inv zero", b_add16_8_32z, IOP_ADD, V(40, 32), V(64, 16),
     V(96, 8), 0, 0, 6, 1, 1, 1, 1, 0},
    {"sub 32 vector-scalar pred inv", b_sub_vs32, IOP_SUB, V(40, 32), V(64, 32),
     S(100, 32), 0, 0, 5, 1, 1, 1, 0, 0},
    {"and 16 into x120..", b_and16, IOP_AND, V(120, 16), V(64, 16), V(96, 16),
     0, 0, 7, 1, 0, 0, 0, 0},
    {"or 8 with unredirected scalar a2", b_or8s, IOP_OR, V(40, 8), V(64, 8),
     S(A2, 64), 0, 0, 8, 1, 0, 0, 0, 0},
    {"xor 32 pred zero", b_xor32, IOP_XOR, V(40, 32), V(64, 32), V(96, 32), 0,
     0, 4, 1, 1, 0, 1, 0},
    {"sll 16<<8 (amount & 15)", b_sll16_8, IOP_SLL, V(40, 16), V(64, 16),
     V(96, 8), 0, 0, 4, 1, 0, 0, 0, 0},
    {"srl 16>>8 into 64", b_srl16_8, IOP_SRL, V(40, 64), V(64, 16), V(96, 8), 0,
     0, 4, 1, 0, 0, 0, 0},
    {"sra 16>>8", b_sra16_8, IOP_SRA, V(40, 16), V(64, 16), V(96, 8), 0, 0, 4,
     1, 0, 0, 0, 0},
    {"slt 32 -> 8", b_slt32, IOP_SLT, V(40, 8), V(64, 32), V(96, 32), 0, 0, 4,
     1, 0, 0, 0, 0},
    {"sltu 32 -> 8", b_sltu32, IOP_SLTU, V(40, 8), V(64, 32), V(96, 32), 0, 0,
     4, 1, 0, 0, 0, 0},
    {"mul 16", b_mul16, IOP_MUL, V(40, 16), V(64, 16), V(96, 16), 0, 0, 4, 1, 0,
     0, 0, 0},
    {"mulh 16", b_mulh16, IOP_MULH, V(40, 16), V(64, 16), V(96, 16), 0, 0, 4, 1,
     0, 0, 0, 0},
    {"mulhu 64", b_mulhu64, IOP_MULHU, V(40, 64), V(64, 64), V(96, 64), 0, 0, 3,
     1, 0, 0, 0, 0},
    {"addw 64", b_addw64, IOP_ADDW, V(40, 64), V(64, 64), V(96, 64), 0, 0, 4, 1,
     0, 0, 0, 0},
    {"subw 8-16 -> 64", b_subw8_16, IOP_SUBW, V(40, 64), V(64, 8), V(96, 16), 0,
     0, 4, 1, 0, 0, 0, 0},
    {"addi 8 (imm not in opw)", b_addi8, IOP_ADD, V(40, 8), V(64, 8), S(0, 64),
     1, -1, 8, 1, 0, 0, 0, 0},
    {"xori 16 pred", b_xori16, IOP_XOR, V(40, 16), V(64, 16), S(0, 64), 1,
     0x7f0, 8, 1, 1, 0, 0, 0},
    {"slli 32", b_slli32, IOP_SLL, V(40, 32), V(64, 32), S(0, 64), 1, 3, 4, 1,
     0, 0, 0, 0},
    {"srai 16 -> 64", b_srai16, IOP_SRA, V(40, 64), V(64, 16), S(0, 64), 1, 2,
     4, 1, 0, 0, 0, 0},
    {"addiw 8 -> 64", b_addiw8, IOP_ADDW, V(40, 64), V(64, 8), S(0, 64), 1, 100,
     8, 1, 0, 0, 0, 0},
    {"scalar dest 16 (add)", b_sdest_add16, IOP_ADD, S(120, 16), V(64, 16),
     V(96, 16), 0, 0, 8, 1, 1, 0, 0, 0},
    {"scalar dest 8 (addw)", b_sdest_addw8, IOP_ADDW, S(120, 8), V(64, 8),
     V(96, 8), 0, 0, 8, 1, 0, 0, 0, 0},
    {"all scalar, redirected", b_scalar, IOP_ADD, S(127, 64), S(33, 64),
     S(A2, 64), 0, 0, 8, 1, 0, 0, 0, 0},
    {"SUBVL 2, scalar rs2", b_sub2, IOP_ADD, V(40, 16), V(64, 16), S(100, 16),
     0, 0, 4, 2, 1, 0, 0, 0},
    {"SUBVL 3, 64-bit, scalar rs2", b_sub3, IOP_ADD, V(40, 64), V(64, 64),
     S(100, 64), 0, 0, 4, 3, 0, 0, 0, 0},
    {"SUBVL 4, 8-bit, pred zero", b_sub4, IOP_SUB, V(40, 8), V(64, 8), V(96, 8),
     0, 0, 8, 4, 1, 0, 1, 0},
    {"ffirst sub", b_ff_sub, IOP_SUB, V(40, 64), V(64, 64), V(96, 64), 0, 0, 8,
     1, 1, 0, 0, 1},
    {"ffirst and 8 zeroing", b_ff_and8z, IOP_AND, V(40, 8), V(64, 8), V(96, 8),
     0, 0, 8, 1, 1, 0, 1, 1},
    {"ffirst SUBVL 2 inv", b_ff_sub2, IOP_SUB, V(40, 16), V(64, 16), V(96, 16),
     0, 0, 6, 2, 1, 1, 0, 1},
    {"vector dest at x0", b_x0dest, IOP_ADD, V(0, 16), V(64, 16), V(64, 16), 0,
     0, 6, 1, 0, 0, 0, 0},
    {"c.add 32", b_cadd, IOP_ADD, V(40, 32), V(40, 32), V(96, 32), 0, 0, 8, 1,
     0, 0, 0, 0},
    {"c.addi 8 pred inv", b_caddi, IOP_ADD, V(40, 8), V(40, 8), S(0, 64), 1, -3,
     8, 1, 1, 1, 0, 0},
    {"c.li 16 pred zero", b_cli, IOP_ADD, V(40, 16), S(0, 64), S(0, 64), 1, -7,
     8, 1, 1, 0, 1, 0},
    {"c.sub 64", b_csub, IOP_SUB, V(40, 64), V(40, 64), V(64, 64), 0, 0, 4, 1,
     0, 0, 0, 0},
    {"c.slli 16", b_cslli, IOP_SLL, V(40, 16), V(40, 16), S(0, 64), 1, 4, 8, 1,
     0, 0, 0, 0},
    {"c.addw 32 + scalar 32", b_caddw, IOP_ADDW, V(40, 32), V(40, 32),
     S(64, 32), 0, 0, 4, 1, 0, 0, 0, 0},
};

static void run_case(const icase *c, unsigned vlval, uint64_t mask,
                     unsigned seed)
{
    sv_machine in, want;
    sv_icase_fill(&in, seed, mask, vlval);
    /* ffirst: make some results zero (element 0 or a middle one). */
    if (c->ffirst) {
        const unsigned w = c->s1.w;
        const unsigned zk = (seed % 2) ? 0 : 3 * c->subvl + 1;
        if (c->op == IOP_SUB) {
            sv_elem_set(in.x, c->s2.reg, zk, w,
                        sv_elem_get(in.x, c->s1.reg, zk, w));
        } else {
            sv_elem_set(in.x, c->s2.reg, zk, w,
                        ~sv_elem_get(in.x, c->s1.reg, zk, w));
        }
    }
    want = in;
    sv_iloop l = {
        SV_ICASE_LOOP(c),
        .vl = vlval < c->mvl ? vlval : c->mvl,
        .subvl = c->subvl,
        SV_ICASE_PRED(c, mask),
    };
    sv_ref_iloop(&l, &in, &want);
    want.state = SV_STATE(.maxvl = c->mvl - 1, .vl = A7, .subvl = c->subvl - 1);

    sv_context("%s, VL %u (a7 %u), mask 0x%llx", c->name, l.vl, vlval,
               (unsigned long long)mask);
    SV_RUN_CHECK(c->fn, &in, &want);
}

/* LUI / AUIPC run once with rd redirected (A36); AUIPC: real address. */
SV_BLOCK_FN(b_lui, VLH(8, 1) R16(a0, 40, 1, 0)
                       OPS(".4byte (0x12345 << 12) | (10 << 7) | 0x37"))
SV_BLOCK_FN(b_auipc, VLH(8, 1) R16(a0, 41, 0, 0)
                         OPS("sv_c c.nop\n"
                             "auipc_site: .4byte (1 << 12) | (10 << 7) | 0x17"))
extern const char auipc_site[] __asm__("auipc_site");

static void lui_auipc(void)
{
    sv_machine in, want;

    sv_context("%s", "lui redirected, runs once");
    sv_machine_fill(&in, 77);
    in.x[A7] = 5;
    want = in;
    want.x[40] = 0x12345000;
    want.state = SV_STATE(.maxvl = 7, .vl = A7);
    SV_RUN_CHECK(b_lui, &in, &want);

    sv_context("%s", "auipc: the op's real address (A15)");
    want = in;
    want.x[41] = (uintptr_t)auipc_site + 0x1000;
    want.state = SV_STATE(.maxvl = 7, .vl = A7);
    SV_RUN_CHECK(b_auipc, &in, &want);
}

int main(void)
{
    static const uint64_t masks[] = {0xa5, 0x0f, 0xfe};
    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        const icase *c = &cases[i];
        const unsigned vls[] = {0, 1, c->mvl / 2 + 1, c->mvl, c->mvl + 3};
        for (size_t v = 0; v < SV_COUNT(vls); v++) {
            run_case(c, vls[v], masks[v % SV_COUNT(masks)],
                     (unsigned)(i * 8 + v));
        }
    }
    lui_auipc();
    sv_context("%s", "");
    return sv_summary("vblock_int");
}
