// libFuzzer target for the SV core library's decoders and pure executors
// (target/svcore), built with ASan and UBSan (tests/fuzz/build-fuzzer.sh).
//
// Every input goes through the instruction-length, VBLOCK, opcode and
// sv.setvl decoders, and drives the ALU, the vector-branch evaluator and
// the CSR write rules with input-chosen operands.  Beyond "no crash, no
// UB", each successful decode must satisfy the invariants the translator
// relies on (the decoded block lies inside its bytes, opcodes tile the
// opcode area, register numbers are in range, ...); a violation aborts.
//
// SPDX-License-Identifier: GPL-2.0-or-later

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "svcore.h"

namespace
{

[[noreturn]] void fail(const char *what)
{
    std::fprintf(stderr, "fuzz_decoders: invariant violated: %s\n", what);
    std::abort();
}

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fail(#cond);                                                       \
        }                                                                      \
    } while (0)

uint16_t parcel(const uint8_t *p)
{
    return static_cast<uint16_t>(p[0] | p[1] << 8);
}

uint64_t take64(const uint8_t *&p, size_t &n)
{
    uint64_t v = 0;
    for (int i = 0; i < 8 && n; i++, n--) {
        v |= static_cast<uint64_t>(*p++) << (8 * i);
    }
    return v;
}

// prefixed: the op inside a P48/P64, whose operand widths may be narrower
void check_op(const sv_op &op, uint32_t insn, bool prefixed = false)
{
    CHECK(op.len == 2 || op.len == 4);
    CHECK(((insn & 3) == 3) == (op.len == 4));
    CHECK(op.cls <= SV_OPC_AMO);
    for (const sv_operand *o : {&op.rd, &op.rs1, &op.rs2, &op.rs3}) {
        if (o->present) {
            CHECK(o->reg < 32);
            CHECK(o->width == 32 || o->width == 64 ||
                  (prefixed && (o->width == 8 || o->width == 16)));
        }
    }
    if (op.cls == SV_OPC_INT) {
        CHECK(op.alu < SV_ALU_COUNT);
    }
    if (op.cls == SV_OPC_FP) {
        CHECK(op.fp < SV_FP_COUNT);
        CHECK(op.fmt_bits == 32 || op.fmt_bits == 64 ||
              (prefixed && op.fmt_bits == 16));
    }
    if (op.cls == SV_OPC_LOAD || op.cls == SV_OPC_STORE) {
        CHECK(op.mem_bytes == 1 || op.mem_bytes == 2 || op.mem_bytes == 4 ||
              op.mem_bytes == 8);
        CHECK(op.rs1.present);
    }
    if (op.cls == SV_OPC_BRANCH) {
        CHECK(op.rs1.present && op.rs2.present && !op.rd.present);
    }
    if (op.cls == SV_OPC_AMO) {
        CHECK(op.mem_bytes == 4 || op.mem_bytes == 8);
        CHECK(op.rd.present && op.rs1.present && op.rs2.present);
        CHECK(op.rs2.width == op.mem_bytes * 8);
        CHECK((op.alu <= SV_AMO_MAXU && (op.alu & 3) == 0) ||
              op.alu == SV_AMO_SWAP);
    }
}

void fuzz_vblock(const uint8_t *data, size_t size)
{
    sv_vblock_context ctx;
    std::memset(&ctx, 0xA5, sizeof(ctx));
    // An exact-size heap copy, so ASan sees any read past the input.
    std::vector<uint8_t> copy(data, data + size);
    sv_status st = sv_vblock_decode(copy.data(), copy.size(), &ctx);
    if (st != SV_OK) {
        return;
    }
    const sv_vblock_layout &l = ctx.layout;
    CHECK(l.total_bytes <= size && l.total_bytes <= SV_MAX_INSN_LEN);
    CHECK(l.total_bytes >= 10 && l.total_bytes % 2 == 0);
    CHECK(l.opcodes_offset % 2 == 0 && l.opcodes_offset < l.total_bytes);
    CHECK(l.opcodes_offset + l.opcodes_bytes == l.total_bytes);
    // The length decoder agrees with the block decoder.
    unsigned len = 0;
    uint16_t ps[2] = {parcel(data), size >= 4 ? parcel(data + 2) : uint16_t(0)};
    CHECK(sv_insn_length(ps, size >= 4 ? 2 : 1, &len) == SV_OK);
    CHECK(len == l.total_bytes);
    // Opcodes tile the opcode area and each one decodes at its length.
    CHECK(ctx.n_ops >= 1 && ctx.n_ops <= SV_VBLOCK_MAX_OPS);
    unsigned at = l.opcodes_offset;
    for (unsigned i = 0; i < ctx.n_ops; i++) {
        CHECK(ctx.op_offset[i] == at);
        CHECK((at - l.opcodes_offset) / 2 <= 31);
        uint16_t p0 = parcel(data + at);
        CHECK(p0 != 0);
        // 2 or 4; 6 or 8 where the library takes P48/P64 in a block
        unsigned oplen = 0;
        uint16_t op_ps[2] = {p0, at + 4 <= size ? parcel(data + at + 2)
                                                : uint16_t(0)};
        CHECK(sv_insn_length(op_ps, 2, &oplen) == SV_OK);
        CHECK(oplen == 2 || oplen == 4 || oplen == 6 || oplen == 8);
        CHECK(at + oplen <= l.total_bytes);
        if (oplen > 4) {
            at += oplen;
            continue;
        }
        uint32_t insn = p0;
        if (oplen == 4) {
            insn |= static_cast<uint32_t>(parcel(data + at + 2)) << 16;
        }
        sv_op op;
        if (sv_op_decode(insn, &op)) {
            check_op(op, insn);
            CHECK(op.len == oplen);
        }
        at += oplen;
    }
    CHECK(at == l.total_bytes);
    for (unsigned i = ctx.n_ops; i < SV_VBLOCK_MAX_OPS; i++) {
        CHECK(ctx.op_offset[i] == 0);
    }
    if (ctx.vl.present) {
        CHECK(ctx.vl.mode <= SV_VL_MODE_RS1);
        CHECK(ctx.vl.subvl >= 1 && ctx.vl.subvl <= 4);
        CHECK(ctx.vl.vlmax >= 1 && ctx.vl.vlmax <= 64);
        CHECK(ctx.vl.rd < 32 && ctx.vl.rs1 < 32);
        if (ctx.vl.mode == SV_VL_MODE_RVC) {
            CHECK(ctx.vl.rd >= 8 && ctx.vl.rd < 16);
            CHECK(ctx.vl.rs1 >= 8 && ctx.vl.rs1 < 16);
        }
    }
    for (int fp = 0; fp < 2; fp++) {
        for (unsigned k = 0; k < 32; k++) {
            const sv_reg_entry &r = fp ? ctx.fp_regs[k] : ctx.int_regs[k];
            if (r.enabled) {
                CHECK(r.regidx < 128);
                CHECK(r.elwidth == 0 || r.elwidth == 8 || r.elwidth == 16 ||
                      r.elwidth == 32);
                CHECK(r.isvec <= 1);
            }
            const sv_pred_entry &p = fp ? ctx.fp_preds[k] : ctx.int_preds[k];
            if (p.enabled) {
                CHECK(p.predidx < 32);
                CHECK(!(p.predidx == 0 && p.zero && p.inv)); // A46
            }
            for (int nr = 0; nr < 2; nr++) {
                const sv_pred_entry *e = sv_pred_for(&ctx, fp, k, nr);
                if (e) {
                    CHECK(e->enabled);
                    CHECK(nr || r.enabled); // §1.11 critical rule
                }
            }
        }
        CHECK(sv_pred_for(&ctx, fp, 32 + size % 200, true) == nullptr);
    }
}

#ifdef SV_FUZZ_PREFIX
// P48/P64 (§4), when the core library has the prefix decoder.
void fuzz_prefix(const uint8_t *data, size_t size)
{
    std::vector<uint8_t> copy(data, data + size);
    sv_prefix_context p;
    std::memset(&p, 0xA5, sizeof(p));
    if (sv_prefix_decode(copy.data(), copy.size(), &p) != SV_OK) {
        return;
    }
    CHECK(p.len == 6 || p.len == 8);
    CHECK(p.len <= size);
    CHECK((data[0] & 0x7f) == (p.len == 6 ? 0x1f : 0x3f));
    unsigned len = 0;
    uint16_t ps[2] = {parcel(data), parcel(data + 2)};
    CHECK(sv_insn_length(ps, 2, &len) == SV_OK && len == p.len);
    CHECK(p.type < SV_PTYPE_RESERVED);
    CHECK((p.insn & 3) == 3);
    CHECK(sv_prefix_type_of(p.insn) == p.type);
    check_op(p.op, p.insn, true);
    for (const sv_reg_entry *r : {&p.rd, &p.rs1, &p.rs2, &p.rs3}) {
        if (r->enabled) {
            CHECK(r->regidx < 128);
            CHECK(r->isvec <= 1);
            CHECK(r->elwidth == 0 || r->elwidth == 8 || r->elwidth == 16 ||
                  r->elwidth == 32);
        }
    }
    for (const sv_pred_entry *e : {&p.pred_dest, &p.pred_src}) {
        if (e->enabled) {
            CHECK(e->predidx < 32);
            CHECK(!e->zero && !e->ffirst); // SVPrefix has neither (§4.2)
        }
    }
    CHECK(p.itype <= 3);
    CHECK(p.svlen == 0 || (p.svlen >= 2 && p.svlen <= 4));
    CHECK(p.vltyp.form <= SV_VLTYP_MVL_CLAMP);
    CHECK(p.vltyp.vldest < 32);
    if (p.vltyp.form == SV_VLTYP_VL_REG) {
        CHECK(p.vltyp.value >= 1 && p.vltyp.value < 32);
    } else if (p.vltyp.form != SV_VLTYP_NONE) {
        CHECK(p.vltyp.value >= 1 && p.vltyp.value <= 32);
    }
    CHECK(p.uses_svpstate == (p.vltyp.form != SV_VLTYP_NONE || p.svlen != 0));
    if (p.len == 6) {
        CHECK(p.vltyp.form == SV_VLTYP_NONE);
    }
}
#endif

void fuzz_alu(const uint8_t *p, size_t n)
{
    static const unsigned widths[4] = {8, 16, 32, 64};
    if (n < 2) {
        return;
    }
    unsigned op = p[0] % SV_ALU_COUNT;
    unsigned wa = widths[p[1] & 3], wb = widths[(p[1] >> 2) & 3];
    bool imm = (p[1] >> 4) & 1;
    p += 2;
    n -= 2;
    uint64_t a = take64(p, n), b = take64(p, n);
    (void)sv_alu_exec(static_cast<sv_alu_op>(op), a, wa, b, wb, imm);
    (void)sv_alu_sources_signed(static_cast<sv_alu_op>(op));
    (void)sv_alu_result_signed(static_cast<sv_alu_op>(op));
}

void fuzz_branch(const uint8_t *p, size_t n)
{
    static const uint8_t kinds[6] = {SV_CMP_EQ, SV_CMP_NE,  SV_CMP_LT,
                                     SV_CMP_GE, SV_CMP_LTU, SV_CMP_GEU};
    static const uint8_t widths[4] = {8, 16, 32, 64};
    if (n < 6) {
        return;
    }
    sv_branch_desc d{};
    d.kind = kinds[p[0] % 6];
    d.vl = p[1] % 65;
    d.start = d.vl ? p[2] % d.vl : 0;
    d.zero1 = p[3] & 1;
    d.ffirst = (p[3] >> 1) & 1;
    d.has_target = (p[3] >> 2) & 1;
    d.inv2 = (p[3] >> 3) & 1;
    d.zero2 = (p[3] >> 4) & 1;
    d.a.isvec = (p[3] >> 5) & 1;
    d.b.isvec = (p[3] >> 6) & 1;
    d.a.width = widths[p[4] & 3];
    d.b.width = widths[(p[4] >> 2) & 3];
    p += 5;
    n -= 5;
    d.ps = take64(p, n);
    d.target_old = take64(p, n);
    // Each operand gets exactly the bytes its elements occupy, so ASan
    // flags any read beyond element vl-1.
    size_t la = d.a.isvec ? size_t(d.vl) * d.a.width / 8 : d.a.width / 8;
    size_t lb = d.b.isvec ? size_t(d.vl) * d.b.width / 8 : d.b.width / 8;
    std::vector<uint8_t> a(la ? la : 1), b(lb ? lb : 1);
    for (size_t i = 0; i < la; i++) {
        a[i] = n ? (n--, *p++) : uint8_t(i);
    }
    for (size_t i = 0; i < lb; i++) {
        b[i] = n ? (n--, *p++) : uint8_t(i * 7);
    }
    d.a.base = a.data();
    d.b.base = b.data();
    sv_branch_result r = sv_vector_branch(&d);
    CHECK(r.taken <= 1 && r.cut <= 1);
    if (r.cut) {
        CHECK(d.ffirst && r.new_vl < d.vl && r.new_vl >= d.start);
    }
}

void fuzz_csr(const uint8_t *p, size_t n)
{
    uint64_t gpr[32];
    uint32_t state = static_cast<uint32_t>(take64(p, n));
    uint64_t v = take64(p, n);
    for (auto &g : gpr) {
        g = take64(p, n);
    }
    gpr[0] = 0;
    uint32_t s = state;
    if (sv_csr_write_mvl(&s, v, 64) == SV_OK) {
        CHECK(sv_state_mvl(s) >= 1 && sv_state_mvl(s) <= 64);
    }
    s = state;
    if (sv_csr_write_vl(&s, v, gpr) == SV_OK) {
        CHECK(sv_state_vl_reg(s) < 32);
    }
    s = state;
    if (sv_csr_write_subvl(&s, v) == SV_OK) {
        CHECK(sv_state_subvl(s) >= 1 && sv_state_subvl(s) <= 4);
    }
    unsigned vl = sv_effective_vl(state, v);
    CHECK(vl <= 64);
    uint32_t pc = static_cast<uint32_t>(v >> 32);
    (void)sv_csr_write_pcvblk(&pc, v);
    (void)sv_state_pack(sv_state_unpack(state));
    (void)sv_pcvblk_pack(sv_pcvblk_unpack(state));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) {
        return 0;
    }
    // Lengths of every parcel sequence prefix.
    uint16_t ps[2] = {parcel(data), size >= 4 ? parcel(data + 2) : uint16_t(0)};
    unsigned len = 0;
    sv_status st = sv_insn_length(ps, size >= 4 ? 2 : 1, &len);
    if (st == SV_OK) {
        CHECK(len >= 2 && len <= SV_MAX_INSN_LEN && len % 2 == 0);
    }
    (void)sv_insn_classify(ps[0]);
    fuzz_vblock(data, size);
#ifdef SV_FUZZ_PREFIX
    fuzz_prefix(data, size);
#endif
    if (size >= 4) {
        uint32_t insn = ps[0] | static_cast<uint32_t>(ps[1]) << 16;
        sv_op op;
        if (sv_op_decode(insn, &op)) {
            check_op(op, insn);
        }
        sv_setvl_insn sv;
        (void)sv_setvl_decode(insn, &sv);
        (void)sv_is_setvl_space(insn);
        uint32_t state = static_cast<uint32_t>(size * 2654435761u) & 0x0FFFFFFF;
        uint64_t rdv = 0;
        if (sv_setvl_decode(insn, &sv) == SV_OK) {
            (void)sv_setvl_exec(&state, sv, insn, 64, &rdv);
        }
    }
    // The rest of the input drives the executors, chosen by the first byte.
    switch (data[0] % 3) {
    case 0:
        fuzz_alu(data + 1, size - 1);
        break;
    case 1:
        fuzz_branch(data + 1, size - 1);
        break;
    default:
        fuzz_csr(data + 1, size - 1);
        break;
    }
    return 0;
}
