// The resolution step (sv_resolve_op, sv_resolve_prefix): each rule that
// links an instruction to its VBLOCK tables or its prefix, one test each,
// and a VBLOCK op and a P48 op with the same context resolving alike.
// Contexts are filled field by field (the table encodings have their own
// tests in test_vblock_context.cc).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "svcore.h"

namespace
{

constexpr uint32_t add_8_10_12 = 0x00C50433;  // add x8, x10, x12
constexpr uint32_t addi_8_10_5 = 0x00550413;  // addi x8, x10, 5
constexpr uint32_t ld_8_16_10 = 0x01053403;   // ld x8, 16(x10)
constexpr uint32_t sd_12_8_10 = 0x00C53423;   // sd x12, 8(x10)
constexpr uint32_t lui_8 = 0x12345437;        // lui x8, 0x12345
constexpr uint32_t fadd_d = 0x02C57453;       // fadd.d f8, f10, f12
constexpr uint32_t fsgnj_d_same = 0x22A50453; // fmv.d f8, f10
constexpr uint32_t beq_10_12 = 0x00C50463;    // beq x10, x12, 8
constexpr uint32_t jal_0 = 0x0080006F;        // jal x0, 8
constexpr uint32_t jal_ra = 0x008000EF;       // jal x1, 8
constexpr uint32_t amoadd = 0x00C5252F;       // amoadd.w x10, x12, (x10)
constexpr uint32_t amoadd_d = 0x00C5342F;     // amoadd.d x8, x12, (x10)
constexpr uint32_t lr_w_10 = 0x1005252F;      // lr.w x10, (x10)
constexpr uint32_t sc_w_10 = 0x18C5252F;      // sc.w x10, x12, (x10)
constexpr uint32_t csrr_vl = 0x80102573;      // csrr x10, vl
constexpr uint32_t c_mv_8_10 = 0x842A;        // c.mv x8, x10
constexpr uint32_t c_beqz_10 = 0xC101;        // c.beqz x10, 0
constexpr uint32_t c_addi16sp = 0x6141;       // c.addi16sp sp, 16
constexpr uint32_t c_j = 0xA001;              // c.j 0

sv_reg_entry reg(unsigned regidx, unsigned isvec, unsigned elwidth = 0)
{
    return sv_reg_entry{1, uint8_t(isvec), uint8_t(regidx), uint8_t(elwidth)};
}

sv_pred_entry pred(unsigned predidx, unsigned inv = 0, unsigned zero = 0,
                   unsigned ffirst = 0)
{
    return sv_pred_entry{1, uint8_t(predidx), uint8_t(zero), uint8_t(inv),
                         uint8_t(ffirst)};
}

sv_resolved_op resolve(const sv_vblock_context &c, uint32_t insn,
                       bool expect_ok = true)
{
    sv_resolved_op r;
    std::memset(&r, 0xAB, sizeof r);
    EXPECT_EQ(sv_resolve_op(&c, insn, &r), expect_ok) << std::hex << insn;
    return r;
}

void expect_opnd(const sv_resolved_operand &o, unsigned reg, unsigned isvec,
                 unsigned width, unsigned overridden)
{
    EXPECT_EQ(o.present, 1);
    EXPECT_EQ(o.reg, reg);
    EXPECT_EQ(o.isvec, isvec);
    EXPECT_EQ(o.width, width);
    EXPECT_EQ(o.overridden, overridden);
}

TEST(Resolve, UntaggedIsScalar)
{
    sv_vblock_context c{};
    sv_resolved_op r = resolve(c, add_8_10_12);
    EXPECT_EQ(r.kind, SV_EXEC_SCALAR);
    EXPECT_EQ(r.tagged, 0);
    expect_opnd(r.opnd[SV_RD], 8, 0, 64, 0);
    expect_opnd(r.opnd[SV_RS2], 12, 0, 64, 0);
    EXPECT_EQ(r.opnd[SV_RS3].present, 0);
}

TEST(Resolve, RegisterEntryRedirectsAndSetsWidth)
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1, 8);
    c.int_regs[12] = reg(70, 0); // A29: scalar, but redirected
    sv_resolved_op r = resolve(c, add_8_10_12);
    EXPECT_EQ(r.kind, SV_EXEC_ELEMENTS);
    EXPECT_EQ(r.tagged, 1);
    EXPECT_EQ(r.vector, 1);
    expect_opnd(r.opnd[SV_RD], 40, 1, 8, 1);
    EXPECT_EQ(r.opnd[SV_RD].natural, 64);
    EXPECT_EQ(r.opnd[SV_RD].key, 8);
    expect_opnd(r.opnd[SV_RS1], 10, 0, 64, 0);
    EXPECT_EQ(r.opnd[SV_RS1].tagged, 0);
    expect_opnd(r.opnd[SV_RS2], 70, 0, 64, 0);
    EXPECT_EQ(r.twin, 0);
    EXPECT_EQ(r.result_sign, SV_SIGN_OP);
    EXPECT_EQ(r.uses_svpstate, 0);
}

TEST(Resolve, TaggedButAllScalarRunsOnce)
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 0);
    sv_resolved_op r = resolve(c, addi_8_10_5);
    EXPECT_EQ(r.kind, SV_EXEC_ELEMENTS);
    EXPECT_EQ(r.vector, 0);
}

// The loop's span (sv_loop_span_of): a vector op starts at the loop
// state's offsets; an op with no vector operand (a C.MV of two tagged
// scalars, LUI) is one element from 0 whatever the offsets, VL, SUBVL.
TEST(Resolve, LoopSpanOfScalarsIsOneElementFromZero)
{
    const uint32_t resumed = sv_state_set_offsets(
        sv_state_pack(sv_state_fields{15, 17, 0, 0, 2, 0}), 5, 7, 1);
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 0);
    c.int_regs[10] = reg(41, 0);
    for (uint32_t insn : {uint32_t{c_mv_8_10}, lui_8, addi_8_10_5}) {
        sv_resolved_op r = resolve(c, insn);
        ASSERT_EQ(r.vector, 0) << std::hex << insn;
        for (unsigned vl : {0u, 1u, 9u}) {
            sv_loop_span s = sv_loop_span_of(&r, resumed, vl, 3);
            EXPECT_EQ(s.vl, 1);
            EXPECT_EQ(s.subvl, 1);
            EXPECT_EQ(s.srcoffs, 0);
            EXPECT_EQ(s.destoffs, 0);
            EXPECT_EQ(s.dsvoffs, 0);
        }
    }
    c.int_regs[8] = reg(40, 1);
    sv_resolved_op v = resolve(c, c_mv_8_10);
    ASSERT_EQ(v.vector, 1);
    sv_loop_span s = sv_loop_span_of(&v, resumed, 9, 3);
    EXPECT_EQ(s.vl, 9);
    EXPECT_EQ(s.subvl, 3);
    EXPECT_EQ(s.srcoffs, 5);
    EXPECT_EQ(s.destoffs, 7);
    EXPECT_EQ(s.dsvoffs, 1);
}

TEST(Resolve, PredicateNeedsItsRegistersEntry)
{
    // §1.11 critical rule: a predicate on a key without a register entry
    // does not apply.
    sv_vblock_context c{};
    c.int_regs[10] = reg(40, 1);
    c.int_preds[8] = pred(5);
    sv_resolved_op r = resolve(c, add_8_10_12);
    EXPECT_EQ(r.pred_dest.enabled, 0);
    c.int_regs[8] = reg(48, 1);
    r = resolve(c, add_8_10_12);
    EXPECT_EQ(r.pred_dest.enabled, 1);
    EXPECT_EQ(r.pred_dest.predidx, 5);
    // Single predication: no source side, even with a predicate on rs1.
    c.int_preds[10] = pred(6);
    r = resolve(c, add_8_10_12);
    EXPECT_EQ(r.pred_src.enabled, 0);
}

TEST(Resolve, DataDependentFailOnFirst)
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(48, 1);
    c.int_preds[8] = pred(0, 1, 0, 1);
    EXPECT_EQ(resolve(c, add_8_10_12).ffirst, SV_FFIRST_DATA);
    c.int_regs[8] = reg(48, 0); // nothing vector: once, no ffirst
    EXPECT_EQ(resolve(c, add_8_10_12).ffirst, SV_FFIRST_NONE);
}

TEST(Resolve, LoadSides)
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1, 16);
    c.int_regs[10] = reg(10, 0);
    c.int_preds[8] = pred(5, 0, 1, 1);
    c.int_preds[10] = pred(6, 1);
    sv_resolved_op r = resolve(c, ld_8_16_10);
    EXPECT_EQ(r.kind, SV_EXEC_MEMORY);
    EXPECT_EQ(r.twin, 1);
    EXPECT_EQ(r.src_slot, SV_RS1);
    EXPECT_EQ(r.dst_slot, SV_RD);
    EXPECT_EQ(r.pred_dest.predidx, 5);
    EXPECT_EQ(r.pred_src.predidx, 6);
    EXPECT_EQ(r.ffirst, SV_FFIRST_TRAP);
    EXPECT_EQ(r.mem_bytes, 8);
    EXPECT_EQ(r.mem_es, 8);
    EXPECT_EQ(r.unit_stride, 1);
}

TEST(Resolve, AddressWidthCutsMemory)
{
    // §8.2: a 16-bit address register makes 8-byte accesses 2-byte ones.
    sv_vblock_context c{};
    c.int_regs[10] = reg(40, 1, 16);
    sv_resolved_op r = resolve(c, ld_8_16_10);
    EXPECT_EQ(r.mem_bytes, 8);
    EXPECT_EQ(r.mem_es, 2);
    EXPECT_EQ(r.unit_stride, 0);
}

TEST(Resolve, StoreDestinationIsTheAddress)
{
    sv_vblock_context c{};
    c.int_regs[12] = reg(40, 1);
    c.int_regs[10] = reg(10, 0);
    c.int_preds[10] = pred(5);
    c.int_preds[12] = pred(6);
    sv_resolved_op r = resolve(c, sd_12_8_10);
    EXPECT_EQ(r.kind, SV_EXEC_MEMORY);
    EXPECT_EQ(r.src_slot, SV_RS2);
    EXPECT_EQ(r.dst_slot, SV_RS1);
    EXPECT_EQ(r.pred_dest.predidx, 5);
    EXPECT_EQ(r.pred_src.predidx, 6);
}

TEST(Resolve, TwinSourceSlots)
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1);
    c.int_regs[10] = reg(48, 1);
    c.int_preds[10] = pred(7);
    sv_resolved_op r = resolve(c, c_mv_8_10);
    EXPECT_EQ(r.twin, 1);
    EXPECT_EQ(r.src_slot, SV_RS2); // C.MV has no rs1
    EXPECT_EQ(r.pred_src.predidx, 7);
    c.fp_regs[8] = reg(40, 1);
    c.fp_regs[10] = reg(48, 1);
    c.fp_preds[10] = pred(9);
    r = resolve(c, fsgnj_d_same);
    EXPECT_EQ(r.twin, 1);
    EXPECT_EQ(r.src_slot, SV_RS1);
    EXPECT_EQ(r.pred_src.predidx, 9);
}

TEST(Resolve, StaysScalar)
{
    sv_vblock_context c{};
    c.int_regs[2] = reg(40, 1);
    c.int_regs[10] = reg(40, 1);
    EXPECT_EQ(resolve(c, c_addi16sp).kind, SV_EXEC_STAYS_SCALAR);
    EXPECT_EQ(resolve(c, csrr_vl).kind, SV_EXEC_STAYS_SCALAR); // A37
}

TEST(Resolve, FlowAndJumps)
{
    sv_vblock_context c{};
    EXPECT_EQ(resolve(c, beq_10_12).kind, SV_EXEC_FLOW);
    EXPECT_EQ(resolve(c, jal_0).kind, SV_EXEC_FLOW);
    EXPECT_EQ(resolve(c, jal_ra, false).kind, SV_EXEC_ILLEGAL); // a call
    // A tag on x0 does not make C.J or JAL x0 illegal.
    c.int_regs[0] = reg(40, 1);
    EXPECT_EQ(resolve(c, c_j).kind, SV_EXEC_FLOW);
    sv_resolved_op r = resolve(c, jal_0);
    EXPECT_EQ(r.kind, SV_EXEC_FLOW);
    EXPECT_EQ(r.opnd[SV_RD].present, 0);
    // A tagged jump register is redirected, the jump runs once (§5.2).
    c = sv_vblock_context{};
    c.int_regs[10] = reg(40, 1);
    r = resolve(c, 0x00050067 /* jalr x0, 0(x10) */);
    EXPECT_EQ(r.kind, SV_EXEC_FLOW);
    expect_opnd(r.opnd[SV_RS1], 40, 1, 64, 0);
    r = resolve(c, 0x8502 /* c.jr x10 */);
    EXPECT_EQ(r.kind, SV_EXEC_FLOW);
    expect_opnd(r.opnd[SV_RS1], 40, 1, 64, 0);
    // A call stays illegal, tagged or not (§3.7).
    EXPECT_EQ(resolve(c, 0x000500E7 /* jalr x1, 0(x10) */, false).kind,
              SV_EXEC_ILLEGAL);
}

TEST(Resolve, VectorBranchPredicates)
{
    sv_vblock_context c{};
    c.int_regs[10] = reg(40, 1, 8);
    c.int_preds[10] = pred(5, 0, 1, 1);
    // x0's predicate needs no register entry (§6.2).
    c.int_preds[0] = pred(6, 1, 1, 1);
    sv_resolved_op r = resolve(c, c_beqz_10);
    EXPECT_EQ(r.kind, SV_EXEC_VBRANCH);
    EXPECT_EQ(r.vector, 1);
    EXPECT_EQ(r.pred_src.predidx, 5);
    EXPECT_EQ(r.pred_src.zero, 1);
    EXPECT_EQ(r.ffirst, SV_FFIRST_DATA);
    EXPECT_EQ(r.pred_dest.predidx, 6);
    EXPECT_EQ(r.pred_dest.inv, 1);
    EXPECT_EQ(r.pred_dest.ffirst, 0);
    expect_opnd(r.opnd[SV_RS1], 40, 1, 8, 1);
}

TEST(Resolve, Illegal)
{
    sv_vblock_context c{};
    c.int_regs[10] = reg(40, 1);
    // SCALAR-class instructions have no operands (sv_op_decode), so no
    // tag reaches them: LR/SC run plain (§5.2: run once).
    EXPECT_EQ(resolve(c, lr_w_10).kind, SV_EXEC_SCALAR);
    EXPECT_EQ(resolve(c, sc_w_10).kind, SV_EXEC_SCALAR);
    EXPECT_EQ(resolve(c, 0, false).kind, SV_EXEC_ILLEGAL);
    c.fp_regs[8] = reg(40, 1, 8); // §5.5: no 8-bit FP format
    EXPECT_EQ(resolve(c, fadd_d, false).kind, SV_EXEC_ILLEGAL);
    c.fp_regs[8] = reg(40, 1, 16);
    EXPECT_EQ(resolve(c, fadd_d).kind, SV_EXEC_ELEMENTS);
}

// §5.2 "including AMOs": an element loop, predicated from rd (§8.4),
// addressed as a load (§8.1); untagged it is the plain AMO.
TEST(Resolve, Amo)
{
    sv_vblock_context c{};
    EXPECT_EQ(resolve(c, amoadd).kind, SV_EXEC_SCALAR);
    c.int_regs[12] = reg(40, 1);
    sv_resolved_op r = resolve(c, amoadd);
    EXPECT_EQ(r.kind, SV_EXEC_ELEMENTS);
    EXPECT_EQ(r.op.cls, SV_OPC_AMO);
    EXPECT_EQ(r.op.alu, SV_AMO_ADD);
    EXPECT_EQ(r.vector, 1);
    EXPECT_EQ(r.twin, 0);
    EXPECT_EQ(r.unit_stride, 1); // rs1 scalar
    EXPECT_EQ(r.mem_bytes, 4);
    expect_opnd(r.opnd[SV_RS2], 40, 1, 32, 0);
    expect_opnd(r.opnd[SV_RS1], 10, 0, 64, 0);
    EXPECT_EQ(r.pred_dest.enabled, 0);
    // A vector address register: indexed; rd's predicate applies.
    c = sv_vblock_context{};
    c.int_regs[10] = reg(48, 1);
    c.int_regs[8] = reg(56, 1);
    c.int_preds[8] = pred(5, 1);
    r = resolve(c, amoadd_d);
    EXPECT_EQ(r.kind, SV_EXEC_ELEMENTS);
    EXPECT_EQ(r.unit_stride, 0);
    EXPECT_EQ(r.mem_bytes, 8);
    EXPECT_EQ(r.pred_dest.predidx, 5);
    EXPECT_EQ(r.pred_dest.inv, 1);
    expect_opnd(r.opnd[SV_RD], 56, 1, 64, 0);
    expect_opnd(r.opnd[SV_RS1], 48, 1, 64, 0);
    // Fail-on-first and element widths have no AMO reading: illegal.
    c.int_preds[8] = pred(5, 1, 0, 1);
    r = resolve(c, amoadd_d, false);
    EXPECT_EQ(r.kind, SV_EXEC_ILLEGAL);
    EXPECT_NE(r.why, nullptr);
    c.int_preds[8] = sv_pred_entry{};
    c.int_regs[8] = reg(56, 1, 32);
    EXPECT_EQ(resolve(c, amoadd_d, false).kind, SV_EXEC_ILLEGAL);
}

TEST(Resolve, LuiRunsOnce)
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1);
    sv_resolved_op r = resolve(c, lui_8);
    EXPECT_EQ(r.kind, SV_EXEC_ELEMENTS);
    EXPECT_EQ(r.vector, 0); // A36
}

// P48: bits 47:18 RV32[31:2] | 17:7 prefix | 6:0 0011111.
sv_prefix_context p48(uint64_t w)
{
    uint8_t b[6];
    for (unsigned i = 0; i < 6; i++) {
        b[i] = uint8_t(w >> (8 * i));
    }
    sv_prefix_context p;
    EXPECT_EQ(sv_prefix_decode(b, 6, &p), SV_OK);
    return p;
}

TEST(Resolve, PrefixAndVblockAgree)
{
    // test_prefix.cc's literal P48 R: add x8, x10, x12 with vector x8 and
    // x10, scalar x12, 16-bit elements, predicate !x9.
    sv_prefix_context p = p48(0xC50430341FULL);
    sv_resolved_op a;
    ASSERT_TRUE(sv_resolve_prefix(&p, &a));
    sv_vblock_context c{};
    c.int_regs[8] = reg(8, 1, 16);
    c.int_regs[10] = reg(10, 1, 16);
    c.int_regs[12] = reg(12, 0, 16);
    c.int_preds[8] = pred(9, 1);
    sv_resolved_op b = resolve(c, add_8_10_12);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.vector, b.vector);
    for (unsigned k = 0; k < SV_NUM_SLOTS; k++) {
        EXPECT_EQ(std::memcmp(&a.opnd[k], &b.opnd[k], sizeof a.opnd[k]), 0)
            << "slot " << k;
    }
    EXPECT_EQ(std::memcmp(&a.pred_dest, &b.pred_dest, sizeof a.pred_dest), 0);
    EXPECT_EQ(a.pred_src.enabled, 0);
    EXPECT_EQ(a.twin, b.twin);
    EXPECT_EQ(a.ffirst, b.ffirst);
    // What differs is the prefix's own: the signedness rule (§4.2).
    EXPECT_EQ(a.result_sign, SV_SIGN_ZERO);
    EXPECT_EQ(b.result_sign, SV_SIGN_OP);
}

TEST(Resolve, PrefixLoopSource)
{
    // test_prefix.cc's literal P48 load: ld with svlen 3, tpred.
    sv_prefix_context p = p48(0x1053402CF1FULL);
    sv_resolved_op r;
    ASSERT_TRUE(sv_resolve_prefix(&p, &r));
    EXPECT_EQ(r.kind, SV_EXEC_MEMORY);
    EXPECT_EQ(r.uses_svpstate, 1);
    EXPECT_EQ(r.svlen, 3);
    EXPECT_EQ(r.pred_src.predidx, 9);
    EXPECT_EQ(r.pred_dest.predidx, 10);
    EXPECT_EQ(r.result_sign, SV_SIGN_SIGNED);
    expect_opnd(r.opnd[SV_RD], 40, 1, 8, 1);
    EXPECT_EQ(r.mem_es, 8);
}

} // namespace
