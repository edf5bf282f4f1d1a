// The planner (sv_plan_op): for each backend, an op and the facts of a TB
// that plan it, and the facts that move the same op to another backend
// (the knob, MVL known or not, the unroll budget, TCG temps, plugins,
// user or system mode).  Ops come from sv_resolve_op on contexts filled
// field by field, as test_resolve.cc's do.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "svcore.h"

namespace
{

constexpr uint32_t add_8_10_12 = 0x00C50433;  // add x8, x10, x12
constexpr uint32_t addi_8_10_5 = 0x00550413;  // addi x8, x10, 5
constexpr uint32_t div_8_10_12 = 0x02C54433;  // div x8, x10, x12
constexpr uint32_t ld_8_0_10 = 0x00053403;    // ld x8, 0(x10)
constexpr uint32_t lb_8_0_10 = 0x00050403;    // lb x8, 0(x10)
constexpr uint32_t bne_8_12 = 0x04C41063;     // bne x8, x12, 64
constexpr uint32_t fadd_d = 0x02C57453;       // fadd.d f8, f10, f12
constexpr uint32_t fsgnj_d_same = 0x22A50453; // fmv.d f8, f10
constexpr uint32_t fcvt_w_d = 0xC2057453;     // fcvt.w.d x8, f10
constexpr uint32_t fcvt_d_w = 0xD2057453;     // fcvt.d.w f8, x10
constexpr uint32_t fcvt_s_d = 0x40157453;     // fcvt.s.d f8, f10
constexpr uint32_t fclass_d = 0xE2051453;     // fclass.d x8, f10

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

sv_resolved_op resolve(const sv_vblock_context &c, uint32_t insn)
{
    sv_resolved_op r;
    std::memset(&r, 0, sizeof r);
    EXPECT_TRUE(sv_resolve_op(&c, insn, &r)) << std::hex << insn;
    return r;
}

// A TB of linux-user on a little-endian host that ran the VL block
// "x5 := VLMAX" (MVL mvl), with the budget and temps of a fresh TB.
sv_plan_facts facts(unsigned mvl)
{
    sv_plan_facts f{};
    f.knob = SV_KNOB_AUTO;
    f.user_mode = 1;
    f.host_words = 1;
    f.first_op = 1;
    f.subvl = 1;
    f.vl_reg = mvl ? 5 : 0;
    f.known_mvl = mvl;
    f.unroll_budget = 128;
    f.temps_used = 40;
    f.temps_max = 512;
    f.page_size = 4096;
    f.gpr_phase = 0;
    return f;
}

sv_plan plan(const sv_resolved_op &r, const sv_plan_facts &f)
{
    sv_plan p;
    std::memset(&p, 0xAB, sizeof p);
    sv_plan_op(&r, &f, &p);
    return p;
}

// add of three 8-bit vectors in x32..x127: the gvec shape.
sv_vblock_context add8()
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1, 8);
    c.int_regs[10] = reg(48, 1, 8);
    c.int_regs[12] = reg(56, 1, 8);
    return c;
}

TEST(Plan, NamesAndKnob)
{
    std::set<std::string> names;
    for (unsigned b = 0; b < SV_BACKEND_COUNT; b++) {
        std::string n = sv_backend_name(b);
        EXPECT_NE(n, "?");
        EXPECT_EQ(n.find(' '), std::string::npos);
        names.insert(n);
    }
    EXPECT_EQ(names.size(), size_t(SV_BACKEND_COUNT));
    EXPECT_STREQ(sv_backend_name(SV_BACKEND_COMPILED), "compiled");
    EXPECT_STREQ(sv_backend_name(SV_BACKEND_COUNT), "?");
    for (unsigned k = 0; k < SV_KNOB_COUNT; k++) {
        EXPECT_EQ(sv_knob_parse(sv_knob_name(k)), int(k));
    }
    EXPECT_EQ(sv_knob_parse(nullptr), SV_KNOB_AUTO);
    EXPECT_EQ(sv_knob_parse(""), SV_KNOB_AUTO);
    EXPECT_EQ(sv_knob_parse("compiled"), SV_KNOB_COMPILED);
    EXPECT_EQ(sv_knob_parse("fast"), -1);
}

TEST(Plan, GvecWhenMvlKnown)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan p = plan(r, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_GVEC);
    EXPECT_EQ(p.width, 8);
    EXPECT_EQ(p.stride, 1);
    EXPECT_EQ(p.top_reg, 56);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.gvec_elems, 64u);
    EXPECT_EQ(p.gvec_form, SV_GV_VV);
    // 64 bytes in 16-byte pieces (every operand 16-aligned): 4.
    EXPECT_EQ(p.unroll_cost, 4u);
    EXPECT_FALSE(p.save_opc);
}

TEST(Plan, InlineLoopWithoutMvl)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan p = plan(r, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.gvec_elems, 0u);
}

TEST(Plan, NogvecUnrollsElementByElement)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan_facts f = facts(8);
    f.knob = SV_KNOB_NOGVEC;
    sv_plan p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.unroll_cost, 8u);
}

TEST(Plan, TempsShortDropGvec)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan_facts f = facts(64);
    f.temps_used = f.temps_max / 2 - 2; // fewer than the gvec form needs
    sv_plan p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.gvec_elems, 0u);
    EXPECT_EQ(p.unroll_cost, 64u);
}

TEST(Plan, BudgetSpentGivesTheLoop)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan_facts f = facts(64);
    f.unroll_budget = 2;
    sv_plan p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    EXPECT_FALSE(p.unroll);
}

TEST(Plan, PackedElementsInGlobalsAreNotUnrolled)
{
    sv_vblock_context c = add8();
    c.int_regs[10] = reg(16, 1, 8); // x16..: TCG globals
    sv_resolved_op r = resolve(c, add_8_10_12);
    sv_plan p = plan(r, facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    EXPECT_FALSE(p.unroll_ok);
    EXPECT_FALSE(p.unroll);
}

TEST(Plan, ScalarSourceAndSplat)
{
    sv_vblock_context c = add8();
    c.int_regs[12] = reg(5, 0, 8); // 8-bit scalar x5
    sv_plan p = plan(resolve(c, add_8_10_12), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_GVEC);
    EXPECT_EQ(p.gvec_form, SV_GV_VS);
    c.int_regs[10] = reg(6, 0, 8); // no vector source: a splat
    p = plan(resolve(c, add_8_10_12), facts(64));
    EXPECT_EQ(p.gvec_form, SV_GV_SPLAT);
    p = plan(resolve(add8(), addi_8_10_5), facts(64));
    EXPECT_EQ(p.gvec_form, SV_GV_VI);
}

TEST(Plan, PredicatedOps)
{
    sv_vblock_context c = add8();
    c.int_preds[8] = pred(7);
    sv_resolved_op r = resolve(c, add_8_10_12);
    sv_plan p = plan(r, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_PRED);
    EXPECT_EQ(p.width, 8);
    EXPECT_EQ(p.gvec_elems, 64u);
    EXPECT_EQ(p.copy_src, -1);
    // Without MVL, on a big-endian host, or out of budget: the helper.
    EXPECT_EQ(plan(r, facts(0)).backend, SV_BACKEND_ALU_HELPER);
    sv_plan_facts f = facts(64);
    f.host_words = 0;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ALU_HELPER);
    f = facts(64);
    f.unroll_budget = 0;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ALU_HELPER);
    f = facts(64);
    f.knob = SV_KNOB_NOGVEC;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ALU_HELPER);
    // A move (OR of a vector with itself) needs no scratch.
    c.int_regs[12] = reg(48, 1, 8);
    sv_vblock_context m = c;
    sv_resolved_op mv = resolve(m, 0x00C56433); // or x8, x10, x12
    EXPECT_EQ(plan(mv, facts(64)).copy_src, 48);
    // Data-dependent fail-on-first on the destination: gvec and the
    // zero-lane test with MVL known (Plan.DataFfirstGvec), else the
    // compiled loop.
    c.int_preds[8] = pred(7, 0, 0, 1);
    EXPECT_EQ(plan(resolve(c, add_8_10_12), facts(64)).backend,
              SV_BACKEND_FFIRST_GVEC);
    EXPECT_EQ(plan(resolve(c, add_8_10_12), facts(0)).backend,
              SV_BACKEND_COMPILED);
}

// Data-dependent fail-on-first (§7.2) on a gvec-able integer op: every
// element by gvec into the scratch, a zero-lane test, the prefix copied.
TEST(Plan, DataFfirstGvec)
{
    constexpr uint32_t xor_8_10_12 = 0x00C54433;  // xor x8, x10, x12
    constexpr uint32_t sltu_8_10_12 = 0x00C53433; // sltu x8, x10, x12
    constexpr uint32_t mul_8_10_12 = 0x02C50433;  // mul x8, x10, x12
    sv_vblock_context c = add8();
    c.int_regs[12] = reg(12, 0, 8);    // an 8-bit scalar (memchrff's c)
    c.int_preds[8] = pred(0, 1, 0, 1); // all ones, ffirst
    sv_resolved_op r = resolve(c, xor_8_10_12);
    ASSERT_EQ(r.ffirst, SV_FFIRST_DATA);
    sv_plan p = plan(r, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_FFIRST_GVEC);
    EXPECT_EQ(p.width, 8);
    EXPECT_EQ(p.gvec_elems, 64u);
    EXPECT_EQ(p.gvec_form, SV_GV_VS);
    EXPECT_TRUE(p.unroll);
    // 4 gvec pieces, 8 words tested, 4 16-byte copies.
    EXPECT_EQ(p.unroll_cost, 16u);
    EXPECT_FALSE(p.save_opc);
    // MVL 1 and 8: the scratch is one 64-bit word.
    EXPECT_EQ(plan(r, facts(1)).backend, SV_BACKEND_FFIRST_GVEC);
    EXPECT_EQ(plan(r, facts(1)).gvec_elems, 8u);
    EXPECT_EQ(plan(r, facts(8)).gvec_elems, 8u);
    // Every width, a mask register inverted or not, zeroing, each op class.
    for (unsigned ew : {8u, 16u, 32u}) {
        sv_vblock_context d = add8();
        d.int_regs[8] = reg(40, 1, ew);
        d.int_regs[10] = reg(48, 1, ew);
        d.int_regs[12] = reg(64, 1, ew);
        for (auto pe : {pred(7, 0, 0, 1), pred(7, 1, 1, 1), pred(0, 0, 1, 1)}) {
            d.int_preds[8] = pe;
            for (uint32_t insn : {add_8_10_12, addi_8_10_5, xor_8_10_12,
                                  sltu_8_10_12, mul_8_10_12}) {
                sv_plan q = plan(resolve(d, insn), facts(16));
                EXPECT_EQ(q.backend, SV_BACKEND_FFIRST_GVEC)
                    << ew << " " << std::hex << insn;
                EXPECT_EQ(q.width, ew);
            }
        }
    }
    sv_vblock_context d64{};
    d64.int_regs[8] = reg(40, 1);
    d64.int_regs[10] = reg(72, 1);
    d64.int_regs[12] = reg(104, 1);
    d64.int_preds[8] = pred(7, 0, 0, 1);
    EXPECT_EQ(plan(resolve(d64, add_8_10_12), facts(16)).backend,
              SV_BACKEND_FFIRST_GVEC);
    // The destination overlapping a source at another element: element i
    // would read what element i - k wrote; the compiled loop.
    sv_vblock_context o = add8();
    o.int_regs[10] = reg(41, 1, 8);
    o.int_preds[8] = pred(0, 1, 0, 1);
    EXPECT_EQ(plan(resolve(o, add_8_10_12), facts(64)).backend,
              SV_BACKEND_COMPILED);
    // The destination is the source itself: in place, element by element.
    o.int_regs[10] = reg(40, 1, 8);
    EXPECT_EQ(plan(resolve(o, add_8_10_12), facts(64)).backend,
              SV_BACKEND_FFIRST_GVEC);
    // A scalar source inside the destination (x41 is in x40's 64 bytes).
    o.int_regs[12] = reg(41, 0, 8);
    EXPECT_EQ(plan(resolve(o, add_8_10_12), facts(64)).backend,
              SV_BACKEND_COMPILED);
    // Not gvec's shape: mixed widths, division, elements in x0..x31.
    sv_vblock_context m = c;
    m.int_regs[12] = reg(12, 0);
    EXPECT_EQ(plan(resolve(m, xor_8_10_12), facts(64)).backend,
              SV_BACKEND_COMPILED);
    EXPECT_EQ(plan(resolve(c, div_8_10_12), facts(64)).backend,
              SV_BACKEND_COMPILED);
    sv_vblock_context g = c;
    g.int_regs[8] = reg(16, 1, 8);
    EXPECT_EQ(plan(resolve(g, xor_8_10_12), facts(64)).backend,
              SV_BACKEND_COMPILED);
    // MVL unknown, SUBVL > 1, a big-endian host, no budget, no temps,
    // nogvec: the compiled loop; general, helper, compiled: theirs.
    EXPECT_EQ(plan(r, facts(0)).backend, SV_BACKEND_COMPILED);
    sv_plan_facts f = facts(64);
    f.subvl = 2;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    f = facts(64);
    f.host_words = 0;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    f = facts(64);
    f.unroll_budget = 15;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    f = facts(64);
    f.temps_used = 250;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    f = facts(64);
    f.knob = SV_KNOB_NOGVEC;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    f.knob = SV_KNOB_GENERAL;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ELEMENTS);
    f.knob = SV_KNOB_HELPER;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ELEMENTS);
    f.knob = SV_KNOB_COMPILED;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    f.knob = SV_KNOB_NOFUSE;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_FFIRST_GVEC);
    // Without fail-on-first the same op is gvec's.
    c.int_preds[8] = pred(0, 1);
    EXPECT_EQ(plan(resolve(c, xor_8_10_12), facts(64)).backend,
              SV_BACKEND_INLINE_PRED);
}

TEST(Plan, KnobsGeneralAndHelper)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan_facts f = facts(64);
    f.knob = SV_KNOB_GENERAL;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ELEMENTS);
    f.knob = SV_KNOB_HELPER;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ELEMENTS);
    sv_vblock_context c = add8();
    c.int_preds[8] = pred(7);
    EXPECT_EQ(plan(resolve(c, add_8_10_12), f).backend, SV_BACKEND_ALU_HELPER);
}

// The integer specialisations run a plain STATE only (SUBVL 1, offsets
// 0; the unrolled forms VL = MVL too): the rest goes on in the compiled
// loops (plan.fallback), never in the general loop; with SUBVL > 1 known
// the compiled loop is the plan.
TEST(Plan, GuardedSpecialisationsFallBackToTheCompiledLoop)
{
    sv_resolved_op add = resolve(add8(), add_8_10_12);
    sv_vblock_context c = add8();
    c.int_preds[8] = pred(7);
    sv_resolved_op padd = resolve(c, add_8_10_12);

    sv_plan p = plan(add, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_GVEC);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    p = plan(add, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    // VL < MVL: the helper (STATE is plain when MVL is known).
    p = plan(padd, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_PRED);
    EXPECT_EQ(p.fallback, SV_BACKEND_ALU_HELPER);
    p = plan(padd, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_ALU_HELPER);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);

    // This TB ran a VL block with SUBVL 3: the compiled loop (its grouped
    // loop), not unrolled.
    sv_plan_facts f = facts(64);
    f.subvl = 3;
    for (const sv_resolved_op &r : {add, padd}) {
        p = plan(r, f);
        EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
        EXPECT_FALSE(p.unroll);
    }
    // SUBVL unknown (no VL block in this TB): guarded.
    f = facts(0);
    f.subvl = 3;
    EXPECT_EQ(plan(add, f).backend, SV_BACKEND_INLINE_INT);
    EXPECT_EQ(plan(add, f).fallback, SV_BACKEND_COMPILED);

    // The helper knob keeps inline TCG out: the general loop.
    f = facts(0);
    f.knob = SV_KNOB_HELPER;
    p = plan(padd, f);
    EXPECT_EQ(p.backend, SV_BACKEND_ALU_HELPER);
    EXPECT_EQ(p.fallback, SV_BACKEND_ELEMENTS);
    f.subvl = 3;
    f.known_mvl = 8;
    EXPECT_EQ(plan(padd, f).backend, SV_BACKEND_ALU_HELPER);

    // A prefix without temps for the guard: the TB ends before it, and
    // the next TB plans it with its first temps.
    f = facts(0);
    f.prefix = 1;
    f.first_op = 0;
    f.temps_used = f.temps_max / 2 + 1;
    p = plan(padd, f);
    EXPECT_TRUE(p.end_tb);
    EXPECT_EQ(p.backend, SV_BACKEND_ALU_HELPER);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);

    // Unit-stride memory: helper_sv_unit_run behind the guard, the
    // compiled access loop (its grouped form) the fallback.
    sv_vblock_context m{};
    m.int_regs[8] = reg(64, 1);
    p = plan(resolve(m, ld_8_0_10), facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_UNIT_RUN);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.save_opc);
    char buf[96];
    EXPECT_NE(
        std::string(sv_plan_details(&p, buf, sizeof buf)).find("else=compiled"),
        std::string::npos);
    // A plan without a guard has no fallback, and the log says none.
    p = plan(resolve(add8(), div_8_10_12), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    EXPECT_EQ(std::string(sv_plan_details(&p, buf, sizeof buf)).find("else="),
              std::string::npos);
}

TEST(Plan, MixedWidthsAndOtherOpsTakeTheCompiledLoop)
{
    sv_vblock_context c = add8();
    c.int_regs[12] = reg(5, 0); // untagged-width scalar: 64 bits
    sv_plan p = plan(resolve(c, add_8_10_12), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll); // MVL known, the budget allows
    EXPECT_EQ(p.unroll_cost, 64u);
    // Division always loops (temps of its own per element).
    p = plan(resolve(add8(), div_8_10_12), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    // MVL unknown: the loop over the run-time VL.
    p = plan(resolve(c, add_8_10_12), facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    // The reference knob never takes it.
    sv_plan_facts f = facts(64);
    f.knob = SV_KNOB_GENERAL;
    EXPECT_EQ(plan(resolve(c, add_8_10_12), f).backend, SV_BACKEND_ELEMENTS);
}

TEST(Plan, CompiledKnobTakesEveryShapeItCovers)
{
    // SV_BACKEND=compiled: the compiled loop before every specialisation
    // (gvec here under auto), so the two can be compared.
    sv_plan_facts f = facts(64);
    f.knob = SV_KNOB_COMPILED;
    EXPECT_EQ(plan(resolve(add8(), div_8_10_12), f).backend,
              SV_BACKEND_COMPILED);
    EXPECT_EQ(plan(resolve(add8(), add_8_10_12), f).backend,
              SV_BACKEND_COMPILED);
    f.knob = SV_KNOB_AUTO;
    EXPECT_EQ(plan(resolve(add8(), add_8_10_12), f).backend,
              SV_BACKEND_INLINE_GVEC);
}

sv_vblock_context ld64()
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(64, 1);
    return c;
}

TEST(Plan, UnitStrideMemory)
{
    sv_resolved_op r = resolve(ld64(), ld_8_0_10);
    // No MVL: whole pages in one helper call.
    sv_plan p = plan(r, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_UNIT_RUN);
    // MVL 8, linux-user: host accesses within a page.
    p = plan(r, facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_TRUE(p.save_opc);
    // VLs below MVL inline too, when both forms fit the unroll budget.
    EXPECT_EQ(p.max_vl, 7);
    EXPECT_EQ(p.unroll_cost, 4u + 5u);
    sv_plan_facts tight = facts(8);
    tight.unroll_budget = 4 + 4;
    p = plan(r, tight);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 0);
    EXPECT_EQ(p.unroll_cost, 4u);
    p = plan(r, facts(1));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 0); // VL 0 only: nothing to move
    // System mode, or plugins watching memory: per-element inline code.
    sv_plan_facts f = facts(8);
    f.user_mode = 0;
    p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_MEM);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.stride, 8);
    f = facts(8);
    f.plugins = 1;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_INLINE_MEM);
    // More than 32 elements in system mode: the run helper.
    f = facts(64);
    f.user_mode = 0;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_UNIT_RUN);
    // A predicated load: the compiled twin loop.
    sv_vblock_context c = ld64();
    c.int_preds[8] = pred(7);
    p = plan(resolve(c, ld_8_0_10), facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.step, 0u);
}

TEST(Plan, HostVec32Moves)
{
    // A host with 32-byte moves at any address (facts.host_vec32): a run
    // or a splat of 32 bytes or more moves in them (no alignment test);
    // shorter ones, or a host without them, keep the other forms.
    sv_resolved_op ld = resolve(ld64(), ld_8_0_10);
    sv_plan_facts f = facts(8);
    char buf[128];
    EXPECT_EQ(plan(ld, f).vec_bytes, 0u);
    f.host_vec32 = 1;
    sv_plan p = plan(ld, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.vec_bytes, 32u);
    EXPECT_NE(
        std::string(sv_plan_details(&p, buf, sizeof(buf))).find(" vec=32"),
        std::string::npos);
    f = facts(3); // 24 bytes
    f.host_vec32 = 1;
    EXPECT_EQ(plan(ld, f).vec_bytes, 0u);
    EXPECT_FALSE(p.two_pages_join); // 64 bytes: leaves the TB
    f = facts(4);                   // 32 bytes
    f.host_vec32 = 1;
    EXPECT_EQ(plan(ld, f).vec_bytes, 32u);
    f = facts(16); // 128 bytes: crosses often, joins
    f.host_vec32 = 1;
    p = plan(ld, f);
    EXPECT_TRUE(p.two_pages_join);
    EXPECT_NE(std::string(sv_plan_details(&p, buf, sizeof(buf))).find(" join"),
              std::string::npos);
    // A 64-bit splat of 8 elements; of 8 bytes (not a splat of 32).
    sv_vblock_context c = add8();
    c.int_regs[8] = reg(40, 1);
    c.int_regs[10] = reg(6, 0);
    c.int_regs[12] = reg(5, 0);
    f = facts(8);
    f.host_vec32 = 1;
    p = plan(resolve(c, add_8_10_12), f);
    EXPECT_EQ(p.gvec_form, SV_GV_SPLAT);
    EXPECT_EQ(p.vec_bytes, 32u);
    c = add8();
    c.int_regs[10] = reg(6, 0, 8);
    c.int_regs[12] = reg(5, 0, 8);
    p = plan(resolve(c, add_8_10_12), f);
    EXPECT_EQ(p.gvec_form, SV_GV_SPLAT);
    EXPECT_EQ(p.vec_bytes, 0u);
    // Not a splat: no vec_bytes.
    p = plan(resolve(add8(), add_8_10_12), f);
    EXPECT_NE(p.gvec_form, SV_GV_SPLAT);
    EXPECT_EQ(p.vec_bytes, 0u);
}

TEST(Plan, InlineRunBelowMvlLoop)
{
    // Below MVL straight-line while that is no larger than the loop of
    // a fixed size and fits the budget, else that loop, else
    // helper_sv_unit_run.  128 bytes (MVL 16 of 8): straight-line.
    sv_resolved_op r = resolve(ld64(), ld_8_0_10);
    char buf[128];
    sv_plan_facts f = facts(16);
    sv_plan p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 15);
    EXPECT_EQ(p.step, 0u);
    EXPECT_EQ(p.unroll_cost, 8u + 9u);
    EXPECT_NE(
        std::string(sv_plan_details(&p, buf, sizeof buf)).find("below_mvl=run"),
        std::string::npos);
    // 512 bytes (MVL 64 of 8): the straight-line form would be larger.
    f = facts(64);
    p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 63);
    EXPECT_EQ(p.step, 64u);
    EXPECT_EQ(p.unroll_cost, 32u + 4u + 5u);
    // VL = MVL known here (the VL block set VL from x0): no second form,
    // and no budget taken for it.
    f.vl_is_mvl = true;
    p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 0);
    EXPECT_EQ(p.unroll_cost, 32u);
    // The log says the TB holds no below-MVL form, not unit_run's.
    EXPECT_NE(std::string(sv_plan_details(&p, buf, sizeof buf))
                  .find("below_mvl=none"),
              std::string::npos);
    f.vl_is_mvl = false;
    // After another 512-byte run in the TB (the ld before memmove's sd).
    f.unroll_budget = 128 - 65;
    p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 63);
    EXPECT_EQ(p.step, 64u);
    EXPECT_EQ(p.unroll_cost, 32u + 4u + 5u);
    EXPECT_NE(std::string(sv_plan_details(&p, buf, sizeof buf))
                  .find("below_mvl=loop"),
              std::string::npos);
    // Its cost does not grow with MVL: 256 bytes.
    f = facts(32);
    f.unroll_budget = 16 + 9;
    p = plan(r, f);
    EXPECT_EQ(p.max_vl, 31);
    EXPECT_EQ(p.step, 64u);
    EXPECT_EQ(p.unroll_cost, 16u + 9u);
    // Neither fits: helper_sv_unit_run below MVL.
    f.unroll_budget = 16 + 8;
    p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.max_vl, 0);
    EXPECT_EQ(p.step, 0u);
    EXPECT_EQ(p.unroll_cost, 16u);
    EXPECT_NE(std::string(sv_plan_details(&p, buf, sizeof buf))
                  .find("below_mvl=unit_run"),
              std::string::npos);
}

TEST(Plan, InlineRunTwoPages)
{
    // A run that crosses a page moves inline from 16 bytes up; runs of at
    // most 8 bytes (the first access is the whole run) and trap-ffirst
    // loads (the helper cuts VL at the second page) take
    // helper_sv_unit_run.
    sv_resolved_op r = resolve(ld64(), ld_8_0_10);
    char buf[128];
    for (unsigned mvl : {1u, 2u, 8u, 9u, 64u}) {
        sv_plan p = plan(r, facts(mvl));
        EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN) << mvl;
        EXPECT_EQ(p.two_pages, mvl >= 2) << mvl;
        EXPECT_NE(
            std::string(sv_plan_details(&p, buf, sizeof buf))
                .find(p.two_pages ? "two_pages=run" : "two_pages=unit_run"),
            std::string::npos)
            << mvl;
    }
}

// The block sv.ld *x64, 0(x10); sv.ld *x96, 64(x10); sv.add *x64, *x64,
// *x96; sv.sd *x64, 128(x10) (x10 untagged): three runs off x10.
constexpr uint32_t ld_12_64_10 = 0x04053603;  // ld x12, 64(x10)
constexpr uint32_t add_8_8_12 = 0x00C40433;   // add x8, x8, x12
constexpr uint32_t sd_8_128_10 = 0x08853023;  // sd x8, 128(x10)
constexpr uint32_t sd_8_2000_10 = 0x7C853823; // sd x8, 2000(x10)
constexpr uint32_t add_14_8_12 = 0x00C40733;  // add x14, x8, x12

sv_vblock_context shared_block()
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(64, 1);
    c.int_regs[12] = reg(96, 1);
    c.int_regs[14] = reg(10, 0); // a scalar result into x10
    return c;
}

sv_shared_page shared(const std::vector<uint32_t> &insns,
                      const sv_plan_facts &f, bool *found, unsigned from = 0)
{
    sv_vblock_context c = shared_block();
    std::vector<sv_resolved_op> ops;
    for (uint32_t insn : insns) {
        ops.push_back(resolve(c, insn));
    }
    sv_shared_page sp;
    std::memset(&sp, 0xAB, sizeof sp);
    *found = sv_plan_shared_page(ops.data(), ops.size(), from, &f, &sp);
    return sp;
}

TEST(Plan, SharedPageTest)
{
    bool found;
    char buf[64];
    // Three runs within 192 bytes off x10: one test before opcode 0.
    sv_shared_page sp = shared(
        {ld_8_0_10, ld_12_64_10, add_8_8_12, sd_8_128_10}, facts(8), &found);
    ASSERT_TRUE(found);
    EXPECT_EQ(sp.first, 0);
    EXPECT_EQ(sp.last, 3);
    EXPECT_EQ(sp.base, 10);
    EXPECT_EQ(sp.lo, 0);
    EXPECT_EQ(sp.bytes, 192u);
    EXPECT_EQ(sp.ops, 0b1011u);
    EXPECT_STREQ(sv_shared_page_details(&sp, buf, sizeof buf),
                 "page_test=x10+0/192");
    // Two runs save one test, about what the join costs: none from
    // opcode 1 on (the second load and the store).
    shared({ld_8_0_10, ld_12_64_10, add_8_8_12, sd_8_128_10}, facts(8), &found,
           1);
    EXPECT_FALSE(found);
    // An opcode that writes x10 ends the span: the runs after it share
    // a test of their own.
    sp = shared({ld_8_0_10, add_14_8_12, ld_12_64_10, sd_8_128_10, ld_8_0_10},
                facts(8), &found);
    ASSERT_TRUE(found);
    EXPECT_EQ(sp.first, 2);
    EXPECT_EQ(sp.last, 4);
    EXPECT_EQ(sp.lo, 0);
    EXPECT_EQ(sp.bytes, 192u);
    EXPECT_EQ(sp.ops, 0b111u);
    shared({ld_8_0_10, ld_12_64_10, add_14_8_12, sd_8_128_10}, facts(8),
           &found);
    EXPECT_FALSE(found);
    const std::vector<uint32_t> three = {ld_8_0_10, ld_12_64_10, sd_8_128_10};
    // Runs longer than 64 bytes keep their own tests (MVL 16 of 8).
    shared(three, facts(16), &found);
    EXPECT_FALSE(found);
    // Runs further apart than the bound: no test.
    shared({ld_8_0_10, ld_12_64_10, sd_8_2000_10}, facts(8), &found);
    EXPECT_FALSE(found);
    // No runs: system mode, MVL unknown, a TB that stops between opcodes.
    shared(three, facts(8), &found);
    EXPECT_TRUE(found);
    sv_plan_facts f = facts(8);
    f.user_mode = 0;
    shared(three, f, &found);
    EXPECT_FALSE(found);
    shared(three, facts(0), &found);
    EXPECT_FALSE(found);
    f = facts(8);
    f.op_stops = 1;
    shared(three, f, &found);
    EXPECT_FALSE(found);
    // A covered run: no test of its own, no two-page form.
    sv_resolved_op r = resolve(ld64(), ld_8_0_10);
    f = facts(8);
    f.shared_page = 1;
    sv_plan p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_TRUE(p.shared_page);
    EXPECT_FALSE(p.two_pages);
    char details[128];
    EXPECT_NE(std::string(sv_plan_details(&p, details, sizeof details))
                  .find(" page=shared"),
              std::string::npos);
    EXPECT_FALSE(plan(r, facts(8)).shared_page);
}

// lw x8, 0(x10) and sd x8, 0(x10) through the 64-bit pointers at x64..
constexpr uint32_t lw_8_0_10 = 0x00052403;
constexpr uint32_t sd_8_0_10 = 0x00853023;

// Vector AMOs (§5.2): old values into x40.., operands x48.., unit stride
// from the scalar x10.
constexpr uint32_t amoadd_d_8_12_10 = 0x00C5342F;  // amoadd.d x8, x12, (x10)
constexpr uint32_t amoswap_w_8_12_10 = 0x08C5242F; // amoswap.w x8, x12, (x10)

sv_vblock_context amo_ctx()
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1);
    c.int_regs[12] = reg(48, 1);
    return c;
}
const sv_vblock_context amo = amo_ctx();

sv_vblock_context gather32()
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1, 32);
    c.int_regs[10] = reg(64, 1);
    return c;
}

TEST(Plan, IndexedAccessesCompiled)
{
    sv_resolved_op r = resolve(gather32(), lw_8_0_10);
    sv_plan p = plan(r, facts(16));
    // MVL known (at most 16) and the budget allows: straight-line, an
    // element each.
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.unroll_cost, 16u);
    EXPECT_EQ(p.max_vl, 64u);
    EXPECT_TRUE(p.save_opc);
    // A longer MVL: the loop's steps, leaving the budget to other ops.
    p = plan(r, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.step, 8u);
    EXPECT_EQ(p.unroll_cost, 8u);
    // MVL unknown or the budget short: the loop over the run-time VL.
    // The loop runs steps of 8 elements while the budget has 8 bodies.
    p = plan(r, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.step, 8u);
    EXPECT_EQ(p.unroll_cost, 8u);
    sv_plan_facts f = facts(16);
    f.unroll_budget = 15;
    EXPECT_FALSE(plan(r, f).unroll);
    EXPECT_EQ(plan(r, f).step, 8u);
    // With the budget spent a user-mode loop keeps its step (bounded per
    // op), taking what is left; system mode's bodies are larger.
    f.unroll_budget = 7;
    EXPECT_EQ(plan(r, f).step, 8u);
    EXPECT_EQ(plan(r, f).unroll_cost, 7u);
    f.unroll_budget = 0;
    EXPECT_EQ(plan(r, f).step, 8u);
    EXPECT_EQ(plan(r, f).unroll_cost, 0u);
    f.user_mode = 0;
    EXPECT_EQ(plan(r, f).step, 0u);
    f.unroll_budget = 8;
    EXPECT_EQ(plan(r, f).step, 8u);
    // No TCG temps left for its scratch: the TB ends before it (the
    // next TB, which does not know MVL, runs the loop).
    f = facts(64);
    f.temps_used = f.temps_max / 2 - 4;
    EXPECT_TRUE(plan(r, f).end_tb);
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(plan(r, f).unroll);
    f.knob = SV_KNOB_HELPER;
    EXPECT_FALSE(plan(r, f).end_tb);
    // A store, in system mode too.
    f = facts(8);
    f.user_mode = 0;
    p = plan(resolve(gather32(), sd_8_0_10), f);
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    // A 32-bit address entry cuts LD into two elements per register
    // (§8.2): 8 address registers at x120.. hold 16 elements.
    sv_vblock_context c = gather32();
    c.int_regs[10] = reg(120, 1, 32);
    p = plan(resolve(c, ld_8_0_10), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_EQ(p.max_vl, 16u);
    EXPECT_FALSE(p.unroll);
    EXPECT_TRUE(plan(resolve(c, ld_8_0_10), facts(16)).unroll);
    // Predicated (single or twin, zeroing) or trap fail-on-first: the
    // twin loop, never straight-line or in steps.
    c = gather32();
    c.int_preds[8] = pred(7);
    p = plan(resolve(c, lw_8_0_10), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.step, 0u);
    c.int_preds[10] = pred(6, 1, 1);
    p = plan(resolve(c, lw_8_0_10), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    c = gather32();
    c.int_preds[8] = pred(7, 0, 0, 1);
    p = plan(resolve(c, lw_8_0_10), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.step, 0u);
    EXPECT_TRUE(p.save_opc);
    EXPECT_TRUE(p.mem_twin);
    c = gather32();
    c.int_preds[10] = pred(0, 1, 0, 1); // a scatter's: trap fail-on-first
    r = resolve(c, sd_8_0_10);
    EXPECT_EQ(r.ffirst, SV_FFIRST_TRAP);
    EXPECT_EQ(plan(r, facts(0)).backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(plan(r, facts(0)).mem_twin);
    // An all-ones predicate (x0 inverted, no fail-on-first) on either
    // side is none: the access loop's steps, or straight-line.
    c = gather32();
    c.int_preds[8] = pred(0, 1);
    c.int_preds[10] = pred(0, 1);
    p = plan(resolve(c, lw_8_0_10), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.mem_twin);
    EXPECT_EQ(p.step, 8u);
    EXPECT_TRUE(plan(resolve(c, lw_8_0_10), facts(16)).unroll);
    char details[128];
    EXPECT_EQ(std::string(sv_plan_details(&p, details, sizeof details))
                  .find("twin_loop"),
              std::string::npos);
    // A source predicate's fail-on-first flag is no rule of the loop's.
    c.int_preds[10] = pred(0, 1, 0, 1);
    EXPECT_FALSE(plan(resolve(c, lw_8_0_10), facts(64)).mem_twin);
    c.int_preds[8] = pred(7);
    p = plan(resolve(c, lw_8_0_10), facts(64));
    EXPECT_TRUE(p.mem_twin);
    EXPECT_NE(std::string(sv_plan_details(&p, details, sizeof details))
                  .find(" twin_loop"),
              std::string::npos);
    // A store of a scalar register (its value at every address): the
    // access loop; a load into a scalar ends at its first write: twin.
    c = gather32();
    c.int_regs[8] = reg(8, 0, 16);
    p = plan(resolve(c, sd_8_0_10), facts(64));
    EXPECT_FALSE(p.mem_twin);
    EXPECT_EQ(p.step, 8u);
    EXPECT_EQ(p.max_vl, 64u);
    EXPECT_TRUE(plan(resolve(c, sd_8_0_10), facts(8)).unroll);
    EXPECT_TRUE(plan(resolve(c, lw_8_0_10), facts(64)).mem_twin);
    // Packed 16-bit FP data, scalar and vector, through the addresses.
    constexpr uint32_t fsw_8_0_10 = 0x00852027; // fsw f8, 0(x10)
    constexpr uint32_t flw_8_0_10 = 0x00052407; // flw f8, 0(x10)
    c = gather32();
    c.fp_regs[8] = reg(8, 0, 16);
    c.int_preds[10] = pred(0, 1);
    p = plan(resolve(c, fsw_8_0_10), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.mem_twin);
    EXPECT_EQ(p.step, 8u);
    EXPECT_TRUE(plan(resolve(c, flw_8_0_10), facts(64)).mem_twin);
    c.fp_regs[8] = reg(40, 1, 16);
    p = plan(resolve(c, flw_8_0_10), facts(64));
    EXPECT_FALSE(p.mem_twin);
    EXPECT_EQ(p.step, 8u);
}

// c.mv x10, x12 with 16-bit vectors at x40 and x64.
constexpr uint32_t cmv_10_12 = 0x8532;

TEST(Plan, TwinCopyCompiled)
{
    sv_vblock_context c{};
    c.int_regs[10] = reg(40, 1, 16);
    c.int_regs[12] = reg(64, 1, 16);
    c.int_preds[12] = pred(6); // source predicate: compress
    sv_resolved_op r = resolve(c, cmv_10_12);
    ASSERT_TRUE(r.twin);
    sv_plan p = plan(r, facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.unroll_cost, 64u);
    char buf[128];
    EXPECT_NE(std::string(sv_plan_details(&p, buf, sizeof buf))
                  .find("unroll cost=64"),
              std::string::npos);
    EXPECT_FALSE(plan(r, facts(0)).unroll);
    // Straight-line with any predicates: both sides (both walk),
    // zeroing on either side, inverted; a destination in x0..x31 when
    // only the source walks (the destination is the step's constant).
    sv_vblock_context b = c;
    b.int_preds[10] = pred(7, 1);
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(64)).unroll);
    b.int_preds[10] = pred(7, 0, 1);
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(64)).unroll);
    b.int_preds[12] = pred(6, 1, 1);
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(8)).unroll);
    b = c;
    b.int_regs[10] = reg(20, 1, 16);
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    // A walking side in x0..x31, fail-on-first, no vector side, too few
    // elements of the file or of the budget: the loop.
    b.int_preds[10] = pred(7);
    EXPECT_FALSE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    b = c;
    b.int_regs[12] = reg(20, 1, 16);
    EXPECT_FALSE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    b.int_preds[12] = pred(6, 0, 1); // zeroing: the source does not walk
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    b = c;
    b.int_preds[12] = pred(0, 1);
    b.int_preds[10] = pred(7, 0, 0, 1);
    EXPECT_FALSE(plan(resolve(b, cmv_10_12), facts(64)).unroll);
    b = c;
    b.int_regs[12] = reg(64, 0, 16); // a scalar source: a splat
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    b.int_regs[10] = reg(20, 0, 16);
    EXPECT_FALSE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    b = c;
    b.int_regs[10] = reg(20, 0); // a scalar destination: one step
    EXPECT_TRUE(plan(resolve(b, cmv_10_12), facts(16)).unroll);
    b = c;
    b.int_regs[10] = reg(120, 1, 16);
    EXPECT_FALSE(plan(resolve(b, cmv_10_12), facts(64)).unroll);
    sv_plan_facts f = facts(64);
    f.unroll_budget = 63;
    EXPECT_FALSE(plan(r, f).unroll);
}

// lb into 8-bit elements at x40.., then bne of them against x12 with
// fail-on-first on x0 inverted: libsvstring's strlen loop.
sv_vblock_context strlen_ctx()
{
    sv_vblock_context c{};
    c.int_regs[8] = reg(40, 1, 8);
    c.int_preds[8] = pred(0, 1, 0, 1);
    return c;
}

TEST(Plan, VectorBranches)
{
    sv_resolved_op b = resolve(strlen_ctx(), bne_8_12);
    ASSERT_EQ(b.kind, SV_EXEC_VBRANCH);
    sv_plan_facts f = facts(64);
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH_SCAN);
    f.plugins = 1;
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH);
    f = facts(64);
    f.knob = SV_KNOB_GENERAL;
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH);
}

// max16's branch: BLT of 16-bit vectors, the mask into x6 (rs2's entry).
TEST(Plan, CompiledVectorBranches)
{
    constexpr uint32_t blt_8_12 = 0x04C44063; // blt x8, x12, 64
    sv_vblock_context c{};
    c.int_regs[8] = reg(32, 1, 16);
    c.int_regs[12] = reg(48, 1, 16);
    c.int_preds[12] = pred(6);
    sv_resolved_op b = resolve(c, blt_8_12);
    ASSERT_EQ(b.kind, SV_EXEC_VBRANCH);
    // Both in x32..x127 at one width: the gvec form over MVL elements.
    sv_plan_facts f = facts(8);
    sv_plan p = plan(b, f);
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_EQ(p.width, 16);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.gvec_elems, 8u);
    EXPECT_EQ(p.fallback, SV_BACKEND_BRANCH_TCG); // nothing handed on
    // One element (one word): one compare costs less than gvec.
    EXPECT_EQ(plan(b, facts(1)).gvec_elems, 0u);
    EXPECT_TRUE(plan(b, facts(1)).unroll);
    EXPECT_EQ(plan(b, facts(2)).gvec_elems, 0u);
    EXPECT_EQ(plan(b, facts(3)).gvec_elems, 3u);
    EXPECT_EQ(plan(b, facts(64)).gvec_elems, 64u);
    EXPECT_EQ(plan(b, facts(40)).gvec_elems, 40u);
    f.subvl = 3; // a branch ignores SUBVL
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH_TCG);
    f = facts(8);
    f.vl_reg = 0; // STATE.vl x0: VL 1
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH_TCG);
    // nogvec: one compare per element up to MVL 16, else the loop.
    f = facts(8);
    f.knob = SV_KNOB_NOGVEC;
    p = plan(b, f);
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.unroll_cost, 8u);
    EXPECT_EQ(p.gvec_elems, 0u);
    f.unroll_budget = 7;
    p = plan(b, f);
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_FALSE(p.unroll); // the loop
    f = facts(17);
    f.knob = SV_KNOB_NOGVEC;
    p = plan(b, f);
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.gvec_elems, 0u);
    // MVL unknown (no VL block in this TB): STATE read at run time, the
    // gvec form over the 64 elements that fit, helper_sv_branch for a
    // resumed compare.
    p = plan(b, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_EQ(p.gvec_elems, 64u);
    EXPECT_EQ(p.max_vl, 64u);
    EXPECT_EQ(p.fallback, SV_BACKEND_BRANCH);
    // Not compiled: plugins, a prefix, the general and helper knobs.
    for (unsigned knob : {SV_KNOB_GENERAL, SV_KNOB_HELPER}) {
        f = facts(8);
        f.knob = knob;
        EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH);
    }
    for (unsigned knob : {SV_KNOB_NOGVEC, SV_KNOB_NOFUSE, SV_KNOB_COMPILED}) {
        f = facts(8);
        f.knob = knob;
        EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH_TCG);
    }
    f = facts(8);
    f.plugins = 1;
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH);
    f = facts(8);
    f.prefix = 1;
    EXPECT_EQ(plan(b, f).backend, SV_BACKEND_BRANCH);
    // 64-bit elements, MVL unknown: 64 of them are more than the gvec
    // form compares whatever VL is; the loop.
    c.int_regs[8] = reg(32, 1, 64);
    c.int_regs[12] = reg(96, 1, 64);
    sv_resolved_op wide = resolve(c, blt_8_12);
    p = plan(wide, facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(p.gvec_elems, 0u);
    EXPECT_EQ(plan(wide, facts(32)).gvec_elems, 32u);
    // A vector whose MVL elements would pass x127: the kernel (which
    // raises illegal at run time when VL reaches there); mixed widths:
    // no gvec.
    c.int_regs[8] = reg(126, 1, 64);
    c.int_regs[12] = reg(48, 1, 16);
    sv_resolved_op far = resolve(c, blt_8_12);
    EXPECT_EQ(plan(far, facts(4)).backend, SV_BACKEND_BRANCH);
    p = plan(far, facts(2));
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_TRUE(p.unroll);
    p = plan(far, facts(0)); // the loop up to VL 2, else the kernel
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_EQ(p.gvec_elems, 0u);
    EXPECT_EQ(p.max_vl, 2u);
    EXPECT_EQ(p.fallback, SV_BACKEND_BRANCH);
    // max16's load before it is not fused into helper_sv_ldbr when the
    // branch compiles without a loop: the load runs inline, the branch in
    // TCG.
    constexpr uint32_t lh_14_0_10 = 0x00051703; // lh x14, 0(x10)
    c.int_regs[8] = reg(32, 1, 16);
    c.int_regs[14] = reg(48, 1, 16);
    sv_resolved_op ld = resolve(c, lh_14_0_10);
    f = facts(8);
    f.next = &b;
    f.next_leaves = 1;
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_INLINE_RUN);
    // The byte scan's shape (against a 64-bit scalar): compiled straight
    // at MVL 8; helper_sv_scan at 64 and with MVL unknown, where the
    // compiled form would be the loop.
    sv_resolved_op scan = resolve(strlen_ctx(), bne_8_12);
    p = plan(scan, facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(plan(scan, facts(64)).backend, SV_BACKEND_BRANCH_SCAN);
    EXPECT_EQ(plan(scan, facts(0)).backend, SV_BACKEND_BRANCH_SCAN);
}

TEST(Plan, FusedLoadAndBranch)
{
    sv_vblock_context c = strlen_ctx();
    c.int_preds[8] = sv_pred_entry{}; // the load: no predicate
    sv_resolved_op ld = resolve(c, lb_8_0_10);
    sv_resolved_op b = resolve(strlen_ctx(), bne_8_12);
    sv_vl_block vl{1, SV_VL_MODE_RD, 1, 64, 5, 0};
    sv_plan_facts f = facts(64);
    f.next = &b;
    f.next_leaves = 1;
    f.vl_block = &vl;
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_FUSED_SCAN64);
    f.first_op = 0; // a resumed block: VL not known to be 64
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_FUSED_SCAN);
    f.plugins = 1;
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_FUSED);
    f = facts(64);
    f.next = &b;
    f.next_leaves = 1;
    f.knob = SV_KNOB_NOFUSE;
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_INLINE_RUN);
    f.knob = SV_KNOB_AUTO;
    f.next_leaves = 0; // a branch into its own block: not fused
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_INLINE_RUN);
    f.next_leaves = 1;
    f.next = nullptr;
    EXPECT_EQ(plan(ld, f).backend, SV_BACKEND_INLINE_RUN);
}

// The side of a vector branch the TB goes on along (plan_go_on): where
// the TB may go on at the target, the side a fail-on-first pass with no
// failing element takes, when that is the taken side (ifall, ifany).
TEST(Plan, GoOnTaken)
{
    sv_resolved_op b = resolve(strlen_ctx(), bne_8_12);
    sv_plan_facts f = facts(8);
    EXPECT_FALSE(plan(b, f).go_on_taken); // the TB may not go on there
    f.may_go_on = 1;
    sv_plan p = plan(b, f);
    EXPECT_EQ(p.backend, SV_BACKEND_BRANCH_TCG);
    EXPECT_TRUE(p.go_on_taken);
    f.knob = SV_KNOB_GENERAL; // any backend: the helper's branch too
    EXPECT_TRUE(plan(b, f).go_on_taken);
    // The second predicate's register x0 picks the mode (§6.3): ifnotall
    // and ifnone take the failure's side; ifany the uncut one.
    const struct {
        unsigned inv, zero;
        bool go_on;
    } modes[] = {{1, 0, false}, {0, 1, true}, {1, 1, false}};
    for (const auto &m : modes) {
        sv_vblock_context c = strlen_ctx();
        c.int_preds[12] = pred(0, m.inv, m.zero);
        sv_resolved_op mb = resolve(c, bne_8_12);
        f = facts(8);
        f.may_go_on = 1;
        EXPECT_EQ(plan(mb, f).go_on_taken, m.go_on) << m.inv << m.zero;
    }
    // No fail-on-first: no side is known to be the loop's.
    sv_vblock_context c = strlen_ctx();
    c.int_preds[8] = pred(0, 1);
    sv_resolved_op plain = resolve(c, bne_8_12);
    EXPECT_FALSE(plan(plain, f).go_on_taken);
    // The fused pair's plan carries its branch's.
    c = strlen_ctx();
    c.int_preds[8] = sv_pred_entry{};
    sv_resolved_op ld = resolve(c, lb_8_0_10);
    f = facts(8);
    f.next = &b;
    f.next_leaves = 1;
    f.may_go_on = 1;
    p = plan(ld, f);
    EXPECT_TRUE(p.backend == SV_BACKEND_FUSED_SCAN ||
                p.backend == SV_BACKEND_FUSED_SCAN64);
    EXPECT_TRUE(p.go_on_taken);
    f.next = nullptr; // the load alone: no branch
    EXPECT_FALSE(plan(ld, f).go_on_taken);
    char buf[96];
    EXPECT_NE(
        std::string(sv_plan_details(&p, buf, sizeof buf)).find("go_on=taken"),
        std::string::npos);
}

// PCVBLK (plan_pcvblk): an op that cannot fault on its fast path stores
// it on its slow path; any other is restored from its unwind row where
// the TB gives it one, except the fused pair (its helper names the
// branch); without rows, or under plugins, it is stored.
TEST(Plan, PcvblkStoredOrUnwound)
{
    sv_vblock_context c = strlen_ctx();
    c.int_preds[8] = sv_pred_entry{};
    sv_resolved_op ld = resolve(c, lb_8_0_10);
    sv_resolved_op b = resolve(strlen_ctx(), bne_8_12);
    sv_resolved_op add = resolve(add8(), add_8_10_12);
    sv_plan_facts f = facts(64);
    sv_plan p;

    EXPECT_EQ(plan(add, f).pcvblk, SV_PCVBLK_BY_SLOW);
    p = plan(ld, f);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_EQ(p.pcvblk, SV_PCVBLK_BY_STORE);
    f.unwind_rows = 1;
    EXPECT_EQ(plan(ld, f).pcvblk, SV_PCVBLK_BY_UNWIND);
    EXPECT_EQ(plan(add, f).pcvblk, SV_PCVBLK_BY_SLOW);
    EXPECT_EQ(plan(add, facts(0)).pcvblk, SV_PCVBLK_BY_STORE);
    f.next = &b;
    f.next_leaves = 1;
    p = plan(ld, f);
    EXPECT_EQ(p.backend, SV_BACKEND_FUSED_SCAN);
    EXPECT_EQ(p.pcvblk, SV_PCVBLK_BY_STORE);
    f.next = nullptr;
    f.plugins = 1;
    EXPECT_EQ(plan(ld, f).pcvblk, SV_PCVBLK_BY_STORE);
    EXPECT_EQ(plan(add, f).pcvblk, SV_PCVBLK_BY_STORE);
}

// A block's PCVBLK (sv_plan_block): unwind rows where the TB has room
// for them and nothing counts or steps its instructions; with a shared
// page test's second copy, rows in line and stores in the copy.
TEST(Plan, BlockRows)
{
    sv_block_facts f{};
    sv_block_plan p;
    char buf[32];
    auto rows = [&](const sv_block_facts &g) {
        sv_plan_block(&g, &p);
        return p.rows;
    };

    f.rows = 5;
    f.insns_free = 5;
    EXPECT_EQ(rows(f), SV_ROWS_ALL);
    EXPECT_STREQ(sv_block_plan_details(&p, buf, sizeof buf), "rows=all");
    f.shared_copy = 1;
    EXPECT_EQ(rows(f), SV_ROWS_INLINE);
    EXPECT_STREQ(sv_block_plan_details(&p, buf, sizeof buf), "rows=inline");
    for (uint8_t sv_block_facts::*no :
         {&sv_block_facts::plugins, &sv_block_facts::icount,
          &sv_block_facts::single_step, &sv_block_facts::landing_pad}) {
        sv_block_facts g = f;
        g.*no = 1;
        EXPECT_EQ(rows(g), SV_ROWS_NONE);
        g.shared_copy = 0;
        EXPECT_EQ(rows(g), SV_ROWS_NONE);
    }
    EXPECT_STREQ(sv_block_plan_details(&p, buf, sizeof buf), "rows=none");
    // No room for the block's rows under the TB's instruction limit.
    f.insns_free = 4;
    EXPECT_EQ(rows(f), SV_ROWS_NONE);
    f.shared_copy = 0;
    EXPECT_EQ(rows(f), SV_ROWS_NONE);
}

// The byte scan's inline form (the helper backs it) at MVL up to 32 in
// user mode with SUBVL 1; above, with MVL unknown or SUBVL > 1, the
// helper's call alone; in system mode or without host words, not
// inline.
TEST(Plan, FusedScanInline)
{
    sv_vblock_context c = strlen_ctx();
    c.int_preds[8] = sv_pred_entry{};
    sv_resolved_op ld = resolve(c, lb_8_0_10);
    sv_resolved_op b = resolve(strlen_ctx(), bne_8_12);
    auto scan = [&](unsigned mvl) {
        sv_plan_facts f = facts(mvl);
        f.next = &b;
        f.next_leaves = 1;
        return f;
    };
    for (unsigned mvl : {1u, 8u, 13u, 32u}) {
        sv_plan p = plan(ld, scan(mvl));
        EXPECT_EQ(p.backend, SV_BACKEND_FUSED_SCAN) << mvl;
        EXPECT_TRUE(p.unroll) << mvl;
        EXPECT_EQ(p.unroll_cost, (mvl + 7) / 8) << mvl;
        EXPECT_TRUE(p.save_opc) << mvl;
    }
    sv_plan p = plan(ld, scan(64));
    EXPECT_EQ(p.backend, SV_BACKEND_FUSED_SCAN);
    EXPECT_FALSE(p.unroll);
    EXPECT_FALSE(p.save_opc);
    EXPECT_FALSE(plan(ld, scan(0)).unroll);
    sv_plan_facts f = scan(8);
    f.user_mode = 0;
    p = plan(ld, f);
    EXPECT_FALSE(p.backend == SV_BACKEND_FUSED_SCAN && p.unroll);
    f = scan(8);
    f.subvl = 2;
    EXPECT_FALSE(plan(ld, f).unroll);
    f = scan(32);
    f.host_words = 0;
    p = plan(ld, f);
    EXPECT_FALSE(p.backend == SV_BACKEND_FUSED_SCAN && p.unroll);
}

// The VL block's pending rd (rd := min(x[rs1], MVL)) is written at
// opcode 0's VL = MVL test by the forms whose first code is that test
// (the inline run, the byte scan's inline form) when their budget fits;
// never when nothing is pending, VL = MVL is known, the op is not the
// block's first, or by another form (an ALU op, the scan's helper).
TEST(Plan, VlAtTest)
{
    sv_vblock_context c = strlen_ctx();
    c.int_preds[8] = sv_pred_entry{};
    sv_resolved_op ld = resolve(c, lb_8_0_10);
    sv_resolved_op b = resolve(strlen_ctx(), bne_8_12);
    auto pending = [&](unsigned mvl, bool fused) {
        sv_plan_facts f = facts(mvl);
        f.vl_pending = 1;
        if (fused) {
            f.next = &b;
            f.next_leaves = 1;
        }
        return f;
    };
    sv_plan p = plan(ld, pending(8, true));
    EXPECT_EQ(p.backend, SV_BACKEND_FUSED_SCAN);
    EXPECT_TRUE(p.unroll);
    EXPECT_TRUE(p.vl_at_test);
    char buf[96];
    EXPECT_NE(std::strstr(sv_plan_details(&p, buf, sizeof buf), " vl_at_test"),
              nullptr);
    p = plan(ld, pending(8, false));
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_RUN);
    EXPECT_TRUE(p.vl_at_test);
    // The scan's helper alone (MVL 64) does not start with the test.
    p = plan(ld, pending(64, true));
    EXPECT_FALSE(p.unroll);
    EXPECT_FALSE(p.vl_at_test);
    sv_plan_facts f = pending(8, true);
    f.vl_pending = 0;
    EXPECT_FALSE(plan(ld, f).vl_at_test);
    f = pending(8, false);
    f.first_op = 0;
    EXPECT_FALSE(plan(ld, f).vl_at_test);
    f = pending(8, false);
    f.vl_is_mvl = 1;
    EXPECT_FALSE(plan(ld, f).vl_at_test);
    // A budget the run does not fit: the emitter would call the helper.
    f = pending(8, false);
    f.unroll_budget = 0;
    EXPECT_FALSE(plan(ld, f).vl_at_test);
    f = pending(8, false);
    f.user_mode = 0;
    EXPECT_FALSE(plan(ld, f).vl_at_test);
    p = plan(resolve(add8(), add_8_10_12), pending(64, false));
    EXPECT_FALSE(p.vl_at_test);
}

// No plan but the general knob's is the general loop, as its backend or
// as the fallback of a specialisation's run-time guard (docs/sv-engine.md,
// "Backends and the planner"): over the shapes of these tests, every knob
// that allows inline TCG, MVL known or not, SUBVL known > 1 or not, user
// and system mode, plugins.  The helper knob keeps inline TCG out (its
// fallbacks are the general loop on purpose).  The shapes include FP
// registers as memory data, vector AMOs, and the ops that run once (no
// vector operand).
TEST(Plan, NothingFallsBackToTheGeneralLoop)
{
    sv_vblock_context pred_add = add8();
    pred_add.int_preds[8] = pred(7);
    sv_vblock_context mixed = add8();
    mixed.int_regs[12] = reg(5, 0);
    sv_vblock_context ld_pred = ld64();
    ld_pred.int_preds[8] = pred(7);
    sv_vblock_context packed = ld64();
    packed.int_regs[8] = reg(40, 1, 8);
    sv_vblock_context strlen_ld = strlen_ctx();
    strlen_ld.int_preds[8] = sv_pred_entry{};
    sv_vblock_context ff = strlen_ctx();
    ff.int_regs[10] = reg(48, 1, 8);
    ff.int_regs[12] = reg(56, 1, 8);
    sv_vblock_context twin{};
    twin.int_regs[10] = reg(40, 1, 16);
    twin.int_regs[12] = reg(64, 1, 16);
    twin.int_preds[12] = pred(6);
    sv_vblock_context fp{};
    fp.fp_regs[8] = reg(40, 1);
    fp.fp_regs[10] = reg(48, 1);
    fp.fp_regs[12] = reg(56, 1);
    fp.int_regs[8] = reg(64, 1, 16);
    fp.int_regs[10] = reg(72, 1, 8);
    // No vector operand (element 0 once, sv_loop_span_of): an FP op, an
    // FP twin, loads and a store whose data and address are scalar.
    constexpr uint32_t fld_8_0_10 = 0x00053407; // fld f8, 0(x10)
    sv_vblock_context once{};
    once.fp_regs[8] = reg(6, 0);
    once.fp_regs[10] = reg(64, 0);
    once.fp_regs[12] = reg(3, 0);
    once.int_regs[8] = reg(120, 0);
    once.int_regs[10] = reg(70, 0, 16);
    // FP registers as memory data in a vector (default width, packed 32
    // and 16 bits); vector AMOs (unit stride, indexed, predicated).
    constexpr uint32_t fsw_8_0_10 = 0x00852027; // fsw f8, 0(x10)
    constexpr uint32_t flw_8_0_10 = 0x00052407; // flw f8, 0(x10)
    sv_vblock_context fpvec{};
    fpvec.fp_regs[8] = reg(64, 1);
    sv_vblock_context fpvec32 = fpvec;
    fpvec32.fp_regs[8] = reg(64, 1, 32);
    sv_vblock_context fpvec_pred = fpvec;
    fpvec_pred.fp_preds[8] = pred(7, 0, 1);
    sv_vblock_context fpgather = gather32();
    fpgather.fp_regs[8] = reg(40, 1);
    sv_vblock_context amo_idx = amo;
    amo_idx.int_regs[10] = reg(64, 1);
    sv_vblock_context amo_pred = amo;
    amo_pred.int_preds[8] = pred(7, 1, 1);
    sv_vblock_context amo_once{};
    amo_once.int_regs[8] = reg(120, 0);
    const struct {
        sv_vblock_context c;
        uint32_t insn;
    } shapes[] = {
        {add8(), add_8_10_12},
        {add8(), addi_8_10_5},
        {add8(), div_8_10_12},
        {pred_add, add_8_10_12},
        {mixed, add_8_10_12},
        {ff, add_8_10_12},
        {ld64(), ld_8_0_10},
        {ld_pred, ld_8_0_10},
        {packed, lb_8_0_10},
        {strlen_ld, lb_8_0_10},
        {gather32(), lw_8_0_10},
        {gather32(), sd_8_0_10},
        {twin, cmv_10_12},
        {strlen_ctx(), bne_8_12},
        {fp, fadd_d},
        {fp, fsgnj_d_same},
        {fp, fcvt_w_d},
        {fp, fcvt_d_w},
        {fp, fcvt_s_d},
        {fp, fclass_d},
        {once, fadd_d},
        {once, fcvt_d_w},
        {once, fcvt_w_d},
        {once, ld_8_0_10},
        {once, sd_8_0_10},
        {once, fld_8_0_10},
        {fpvec, fld_8_0_10},
        {fpvec, flw_8_0_10},
        {fpvec, fsw_8_0_10},
        {fpvec32, flw_8_0_10},
        {fpvec32, fsw_8_0_10},
        {fpvec_pred, fld_8_0_10},
        {fpgather, fld_8_0_10},
        {amo, amoadd_d_8_12_10},
        {amo, amoswap_w_8_12_10},
        {amo_idx, amoadd_d_8_12_10},
        {amo_pred, amoswap_w_8_12_10},
        {amo_once, amoadd_d_8_12_10},
    };
    sv_resolved_op branch = resolve(strlen_ctx(), bne_8_12);
    sv_vl_block vl{1, SV_VL_MODE_RD, 1, 64, 5, 0};
    std::set<unsigned> seen;

    for (const auto &shape : shapes) {
        sv_resolved_op r = resolve(shape.c, shape.insn);

        for (unsigned knob :
             {SV_KNOB_AUTO, SV_KNOB_NOGVEC, SV_KNOB_NOFUSE, SV_KNOB_COMPILED}) {
            for (unsigned k = 0; k < 12; k++) {
                sv_plan_facts f = facts(k % 4 == 0   ? 0
                                        : k % 4 == 1 ? 8
                                        : k % 4 == 2 ? 16
                                                     : 64);
                f.knob = knob;
                f.user_mode = k / 4 != 1;
                f.plugins = k / 4 == 2;
                if (k % 4 == 3 && k / 4 == 1) {
                    f.subvl = 3;
                }
                if (k % 4 == 2 && k / 4 == 2) {
                    // A P48/P64 in a TB whose temps are spent.
                    f.prefix = 1;
                    f.first_op = 0;
                    f.temps_used = f.temps_max / 2 + 1;
                }
                if (r.kind == SV_EXEC_MEMORY) {
                    f.next = &branch;
                    f.next_leaves = 1;
                    f.vl_block = &vl;
                }
                sv_plan p = plan(r, f);
                seen.insert(p.backend);
                EXPECT_NE(p.backend, SV_BACKEND_ELEMENTS)
                    << std::hex << shape.insn << std::dec << " knob " << knob
                    << " case " << k;
                EXPECT_NE(p.fallback, SV_BACKEND_ELEMENTS)
                    << std::hex << shape.insn << std::dec << " knob " << knob
                    << " case " << k << " backend "
                    << sv_backend_name(p.backend);
            }
        }
    }
    // The shapes reach the guarded specialisations and the fused forms.
    for (unsigned b :
         {SV_BACKEND_INLINE_GVEC, SV_BACKEND_INLINE_INT, SV_BACKEND_INLINE_MEM,
          SV_BACKEND_INLINE_RUN, SV_BACKEND_UNIT_RUN, SV_BACKEND_ALU_HELPER,
          SV_BACKEND_FP_HELPER, SV_BACKEND_FP_TWIN, SV_BACKEND_COMPILED,
          SV_BACKEND_FUSED, SV_BACKEND_FUSED_SCAN64, SV_BACKEND_BRANCH_TCG,
          SV_BACKEND_BRANCH_SCAN}) {
        EXPECT_TRUE(seen.count(b)) << sv_backend_name(b);
    }

    // The ops that run once take the compiled loop's one-element form.
    for (uint32_t insn : {fadd_d, fcvt_d_w, ld_8_0_10, sd_8_0_10, fld_8_0_10}) {
        sv_resolved_op r = resolve(once, insn);
        ASSERT_FALSE(r.vector) << std::hex << insn;
        sv_plan p = plan(r, facts(8));
        EXPECT_EQ(p.backend, SV_BACKEND_COMPILED) << std::hex << insn;
        EXPECT_FALSE(p.unroll) << std::hex << insn;
        EXPECT_EQ(p.unroll_cost, 0u) << std::hex << insn;
    }

    // FP registers as memory data: a STATE that is not plain runs the
    // compiled access loop (NaN-boxed as the general loop).
    sv_vblock_context fpmem{};
    fpmem.fp_regs[8] = reg(64, 1);
    sv_plan p = plan(resolve(fpmem, fld_8_0_10), facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_UNIT_RUN);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    // Vector AMOs: the compiled AMO loop, which records the opcode for
    // its faults.
    p = plan(resolve(amo, amoadd_d_8_12_10), facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_TRUE(p.save_opc);
}

TEST(Plan, FloatingPoint)
{
    sv_vblock_context c{};
    c.fp_regs[8] = reg(40, 1);
    c.fp_regs[10] = reg(48, 1);
    c.fp_regs[12] = reg(56, 1);
    // MVL not known: the FP helpers.
    sv_plan p = plan(resolve(c, fadd_d), facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_FP_HELPER);
    EXPECT_EQ(p.width, 64);
    p = plan(resolve(c, fsgnj_d_same), facts(0));
    EXPECT_EQ(p.backend, SV_BACKEND_FP_TWIN);
    // Known: the compiled loop's straight-line form, while the budget
    // has an element body for each; else the helpers.
    p = plan(resolve(c, fadd_d), facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    EXPECT_EQ(p.unroll_cost, 8u);
    p = plan(resolve(c, fsgnj_d_same), facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    sv_plan_facts f = facts(8);
    f.unroll_budget = 7;
    EXPECT_EQ(plan(resolve(c, fadd_d), f).backend, SV_BACKEND_FP_HELPER);
    EXPECT_EQ(plan(resolve(c, fsgnj_d_same), f).backend, SV_BACKEND_FP_TWIN);
    f = facts(8);
    f.knob = SV_KNOB_GENERAL;
    EXPECT_EQ(plan(resolve(c, fadd_d), f).backend, SV_BACKEND_ELEMENTS);
    // By cost: packed 32-bit elements in x40.. take the helper's loop
    // from an MVL whose straight-line extra cost passes its set-up; at 64
    // bits, and for the twins, the straight-line form at any MVL.
    sv_vblock_context c32{};
    c32.fp_regs[8] = reg(40, 1, 32);
    c32.fp_regs[10] = reg(72, 1, 32);
    c32.fp_regs[12] = reg(104, 1, 32);
    for (unsigned mvl : {1u, 8u, 16u, 40u}) {
        p = plan(resolve(c32, fadd_d), facts(mvl));
        EXPECT_EQ(p.backend, SV_BACKEND_COMPILED) << mvl;
        EXPECT_TRUE(p.unroll) << mvl;
    }
    p = plan(resolve(c32, fadd_d), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_FP_HELPER);
    EXPECT_EQ(p.width, 32);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    sv_vblock_context c64{};
    c64.fp_regs[8] = reg(32, 1);
    c64.fp_regs[10] = reg(64, 1);
    c64.fp_regs[12] = reg(96, 1);
    p = plan(resolve(c64, fadd_d), facts(32));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    p = plan(resolve(c32, fsgnj_d_same), facts(64));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    // Data-dependent fail-on-first, and mixed widths: the compiled loop,
    // under auto and under compiled.
    sv_vblock_context ff = c;
    ff.fp_preds[8] = pred(7, 0, 0, 1);
    p = plan(resolve(ff, fadd_d), facts(8));
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_TRUE(p.unroll);
    EXPECT_FALSE(plan(resolve(ff, fadd_d), facts(0)).unroll);
    sv_vblock_context mix = c;
    mix.fp_regs[12] = reg(56, 1, 32); // a packed 32-bit source
    EXPECT_EQ(plan(resolve(mix, fadd_d), facts(8)).backend,
              SV_BACKEND_COMPILED);
    f = facts(8);
    f.knob = SV_KNOB_COMPILED;
    EXPECT_EQ(plan(resolve(c, fadd_d), f).backend, SV_BACKEND_COMPILED);
    // Under compiled the FP twins take the compiled loop too.
    p = plan(resolve(c, fsgnj_d_same), f);
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
}

// The FP helpers' fallback (their run time is a plain STATE only), SUBVL
// > 1 known, and the FP twins of the compiled twin loop.
TEST(Plan, FloatingPointTwinsAndFallback)
{
    sv_vblock_context c{};
    c.fp_regs[8] = reg(40, 1);
    c.fp_regs[10] = reg(48, 1);
    c.fp_regs[12] = reg(56, 1);
    c.int_regs[8] = reg(64, 1, 16);
    c.int_regs[10] = reg(72, 1, 8);
    sv_plan_facts f = facts(0);
    sv_plan p = plan(resolve(c, fadd_d), f);
    EXPECT_EQ(p.backend, SV_BACKEND_FP_HELPER);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    EXPECT_EQ(p.max_vl, 64);
    p = plan(resolve(c, fsgnj_d_same), f);
    EXPECT_EQ(p.backend, SV_BACKEND_FP_TWIN);
    EXPECT_EQ(p.fallback, SV_BACKEND_COMPILED);
    p = plan(resolve(c, fcvt_s_d), f);
    EXPECT_EQ(p.backend, SV_BACKEND_FP_TWIN);
    // SUBVL > 1 known from this TB's VL block: the helpers cannot run
    // (and the grouped loop is no straight-line form).
    f = facts(8);
    f.subvl = 3;
    p = plan(resolve(c, fadd_d), f);
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll);
    EXPECT_EQ(plan(resolve(c, fsgnj_d_same), f).backend, SV_BACKEND_COMPILED);
    // helper: no inline TCG, so the fallback is the general loop.
    f = facts(8);
    f.knob = SV_KNOB_HELPER;
    p = plan(resolve(c, fadd_d), f);
    EXPECT_EQ(p.backend, SV_BACKEND_FP_HELPER);
    EXPECT_EQ(p.fallback, SV_BACKEND_ELEMENTS);
    f.subvl = 2;
    EXPECT_EQ(plan(resolve(c, fadd_d), f).backend, SV_BACKEND_FP_HELPER);
    // Conversions to and from integers at any element width, FCLASS,
    // predicated twins (a source predicate on f10, a destination
    // predicate with fail-on-first on x8): the compiled twin loop.
    f = facts(8);
    for (uint32_t insn : {fcvt_w_d, fcvt_d_w, fclass_d}) {
        p = plan(resolve(c, insn), f);
        EXPECT_EQ(p.backend, SV_BACKEND_COMPILED) << std::hex << insn;
        EXPECT_TRUE(p.unroll);
        EXPECT_FALSE(plan(resolve(c, insn), facts(0)).unroll);
    }
    sv_vblock_context pr = c;
    pr.fp_preds[10] = pred(9, 1, 1);
    pr.int_preds[8] = pred(7, 0, 0, 1);
    sv_resolved_op r = resolve(pr, fcvt_w_d);
    EXPECT_TRUE(r.twin);
    EXPECT_TRUE(r.pred_src.enabled);
    EXPECT_EQ(r.ffirst, SV_FFIRST_DATA);
    p = plan(r, f);
    EXPECT_EQ(p.backend, SV_BACKEND_COMPILED);
    EXPECT_FALSE(p.unroll); // predicated twins: the twin loop
    f.knob = SV_KNOB_GENERAL;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_ELEMENTS);
    // Both sides scalar: once, the compiled loop's one-element form.
    sv_vblock_context sc{};
    sc.fp_regs[10] = reg(10, 0);
    sc.int_regs[8] = reg(8, 0);
    EXPECT_EQ(plan(resolve(sc, fcvt_w_d), facts(8)).backend,
              SV_BACKEND_COMPILED);
    EXPECT_EQ(plan(resolve(sc, fcvt_w_d), f).backend, SV_BACKEND_ELEMENTS);
}

TEST(Plan, PrefixLoops)
{
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    sv_plan_facts f = facts(0);
    f.prefix = 1;
    f.first_op = 0;
    EXPECT_EQ(plan(r, f).backend, SV_BACKEND_INLINE_INT);
    // A prefix has no block temps: with the TB's temps half used, the TB
    // ends before it (the next TB's plan); a fresh TB plans it in place.
    EXPECT_FALSE(plan(r, f).end_tb);
    f.temps_used = f.temps_max / 2 + 1;
    sv_plan p = plan(r, f);
    EXPECT_TRUE(p.end_tb);
    EXPECT_EQ(p.backend, SV_BACKEND_INLINE_INT);
    f.knob = SV_KNOB_GENERAL;
    EXPECT_FALSE(plan(r, f).end_tb);
    r.uses_svpstate = 1;
    EXPECT_EQ(plan(r, facts(0)).backend, SV_BACKEND_PREFIX);
}

TEST(Plan, VlBlockInline)
{
    sv_vl_block vl{1, SV_VL_MODE_RD, 1, 64, 5, 0};
    EXPECT_TRUE(sv_plan_vl_block_inline(&vl, 64));
    vl.vlmax = 64;
    EXPECT_FALSE(sv_plan_vl_block_inline(&vl, 32)); // VLMAX > XLEN traps
}

TEST(Plan, LogText)
{
    char buf[160];
    sv_resolved_op r = resolve(add8(), add_8_10_12);
    EXPECT_STREQ(sv_op_mnemonic(&r, buf, sizeof buf), "add");
    std::string shape = sv_plan_shape(&r, buf, sizeof buf);
    EXPECT_EQ(shape, "int,rd=v40/8,rs1=v48/8,rs2=v56/8");
    r = resolve(add8(), addi_8_10_5);
    EXPECT_STREQ(sv_op_mnemonic(&r, buf, sizeof buf), "addi");
    r = resolve(ld64(), ld_8_0_10);
    EXPECT_STREQ(sv_op_mnemonic(&r, buf, sizeof buf), "ld");
    r = resolve(strlen_ctx(), bne_8_12);
    EXPECT_STREQ(sv_op_mnemonic(&r, buf, sizeof buf), "bne");
    shape = sv_plan_shape(&r, buf, sizeof buf);
    EXPECT_EQ(shape.find(' '), std::string::npos) << shape;
    sv_plan p = plan(resolve(add8(), add_8_10_12), facts(64));
    EXPECT_STREQ(sv_plan_details(&p, buf, sizeof buf),
                 "w=8 unroll cost=4 gvec=64 form=1 pcvblk=slow else=compiled");
    // Cut to the buffer, NUL-terminated.
    EXPECT_STREQ(sv_plan_shape(&r, buf, 4), "bra");
}

TEST(Plan, GvecPieces)
{
    // 16 bytes where every vector operand shares the destination's
    // 16-byte phase and it is aligned, else 8.
    EXPECT_EQ(sv_gvec_piece_size(SV_GV_VV, 0, 16, 32, 0, 64), 16u);
    EXPECT_EQ(sv_gvec_piece_size(SV_GV_VV, 0, 8, 32, 0, 64), 8u);
    EXPECT_EQ(sv_gvec_piece_size(SV_GV_VS, 0, 16, 8, 0, 64), 16u);
    EXPECT_EQ(sv_gvec_piece_size(SV_GV_VV, 8, 8, 8, 0, 64), 8u);
    EXPECT_EQ(sv_gvec_piece_size(SV_GV_VV, 0, 0, 0, 56, 64), 8u);
}

} // namespace
