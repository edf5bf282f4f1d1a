// SVPrefix P48/P64 decoding (§4, A21-A26, A35) and the SVPSTATE loop
// set-up (§1.7, §4.4, A24, A25).  The first tests use literal encodings
// computed by hand (the field split is in the comment beside each); the
// table-driven ones build P48/P64 words from the §4.2/§4.4 bit positions.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "svcore.h"

namespace
{

// RV32 words used below.
constexpr uint32_t add_8_10_12 = 0x00C50433;  // add x8, x10, x12
constexpr uint32_t addw_8_10_12 = 0x00C5043B; // addw x8, x10, x12
constexpr uint32_t ld_8_16_10 = 0x01053403;   // ld x8, 16(x10)
constexpr uint32_t lbu_8_0_10 = 0x00054403;   // lbu x8, 0(x10)
constexpr uint32_t sd_12_8_10 = 0x00C53423;   // sd x12, 8(x10)
constexpr uint32_t addi_8_10_5 = 0x00550413;  // addi x8, x10, 5
constexpr uint32_t addiw_8_10_5 = 0x0055041B; // addiw x8, x10, 5
constexpr uint32_t mv_8_10 = 0x00050413;      // addi x8, x10, 0 (mv)
constexpr uint32_t lui_8 = 0x12345437;        // lui x8, 0x12345
constexpr uint32_t auipc_8 = 0x00001417;      // auipc x8, 1
constexpr uint32_t fadd_d = 0x02C57453;       // fadd.d f8, f10, f12, rm=7
constexpr uint32_t fsgnj_d_same = 0x22A50453; // fsgnj.d f8, f10, f10
constexpr uint32_t fsqrt_d = 0x5A057453;      // fsqrt.d f8, f10
constexpr uint32_t fcvt_w_d = 0xC2057453;     // fcvt.w.d x8, f10
constexpr uint32_t fcvt_lu_d = 0xC2357453;    // fcvt.lu.d x8, f10
constexpr uint32_t fmadd_d = 0x6AC57443;      // fmadd.d f8,f10,f12,f13
constexpr uint32_t fld_8_0_10 = 0x00053407;   // fld f8, 0(x10)
constexpr uint32_t flh_8_0_10 = 0x00051407;   // flh f8, 0(x10) (FP16)
constexpr uint32_t fadd_h = 0x04C57453;       // fadd.h (fmt 10, FP16)
constexpr uint32_t ecall = 0x00000073;
constexpr uint32_t beq_10_12 = 0x00C50463; // beq x10, x12, 8
constexpr uint32_t jal_0 = 0x0080006F;     // jal x0, 8
constexpr uint32_t jalr_0 = 0x00050067;    // jalr x0, 0(x10)
constexpr uint32_t fence = 0x0FF0000F;     // fence
constexpr uint32_t amoadd = 0x00C5252F;    // amoadd.w x10, x12, (x10)
constexpr uint32_t setvl = 0x0045F557;     // sv.setvl x10, x11, 4

// A P48/P64 word from the wrapped instruction, the 11 prefix bits
// (bit 17 of the P48 is prefix bit 10) and the P64's top 16 bits.
uint64_t p48(uint32_t insn, unsigned prefix)
{
    return (uint64_t{insn >> 2} << 18) | (uint64_t{prefix} << 7) | 0x1F;
}

uint64_t p64(uint32_t insn, unsigned prefix, unsigned hi)
{
    return (uint64_t{insn >> 2} << 18) | (uint64_t{prefix} << 7) | 0x3F |
           (uint64_t{hi} << 48);
}

// A prefix bit n of the P48 (17..7) as a bit of the 11-bit prefix.
constexpr unsigned pb(unsigned n)
{
    return 1u << (n - 7);
}

std::vector<uint8_t> bytes_of(uint64_t w, unsigned len)
{
    std::vector<uint8_t> b(len);
    for (unsigned i = 0; i < len; i++) {
        b[i] = static_cast<uint8_t>(w >> (8 * i));
    }
    return b;
}

sv_status decode48(uint64_t w, sv_prefix_context *c)
{
    auto b = bytes_of(w, 6);
    return sv_prefix_decode(b.data(), b.size(), c);
}

sv_status decode64(uint64_t w, sv_prefix_context *c)
{
    auto b = bytes_of(w, 8);
    return sv_prefix_decode(b.data(), b.size(), c);
}

sv_prefix_context ok48(uint64_t w)
{
    sv_prefix_context c;
    std::memset(&c, 0xAB, sizeof c);
    EXPECT_EQ(decode48(w, &c), SV_OK) << std::hex << w;
    return c;
}

sv_prefix_context ok64(uint64_t w)
{
    sv_prefix_context c;
    std::memset(&c, 0xAB, sizeof c);
    EXPECT_EQ(decode64(w, &c), SV_OK) << std::hex << w;
    return c;
}

void expect_reg(const sv_reg_entry &r, unsigned isvec, unsigned regidx,
                unsigned elwidth)
{
    EXPECT_EQ(r.enabled, 1);
    EXPECT_EQ(r.isvec, isvec);
    EXPECT_EQ(r.regidx, regidx);
    EXPECT_EQ(r.elwidth, elwidth);
}

void expect_pred(const sv_pred_entry &p, unsigned predidx, unsigned inv)
{
    EXPECT_EQ(p.enabled, 1);
    EXPECT_EQ(p.predidx, predidx);
    EXPECT_EQ(p.inv, inv);
    EXPECT_EQ(p.zero, 0);
    EXPECT_EQ(p.ffirst, 0);
}

void expect_no_pred(const sv_pred_entry &p)
{
    EXPECT_EQ(p.enabled, 0);
}

void expect_fails48(uint64_t w, sv_status st)
{
    sv_prefix_context c;
    std::memset(&c, 0x5A, sizeof c);
    sv_prefix_context before = c;
    EXPECT_EQ(decode48(w, &c), st) << std::hex << w;
    EXPECT_EQ(std::memcmp(&c, &before, sizeof c), 0) << "output written";
}

void expect_fails64(uint64_t w, sv_status st)
{
    sv_prefix_context c;
    std::memset(&c, 0x5A, sizeof c);
    sv_prefix_context before = c;
    EXPECT_EQ(decode64(w, &c), st) << std::hex << w;
    EXPECT_EQ(std::memcmp(&c, &before, sizeof c), 0) << "output written";
}

// --- literal encodings ----------------------------------------------------

TEST(Prefix, LiteralP48R)
{
    // 0xC50430341F: bits 47:18 = add x8, x10, x12 [31:2]; prefix 17:7 =
    // rd[5]=0 rs1[5]=0 rs2[5]=0 vs2=0 vs1=1 | itype=10 (16) pred=10 (!x9)
    // svlen=00; 6:0 = 0011111.
    const sv_prefix_context c = ok48(0xC50430341FULL);
    EXPECT_EQ(c.len, 6);
    EXPECT_EQ(c.type, SV_PTYPE_R);
    EXPECT_EQ(c.insn, add_8_10_12);
    // OR rule: vd = vs1 | vs2 = 1.  Vector x8: r6 = 8 -> {0, 00100, 0}.
    expect_reg(c.rd, 1, 8, 16);
    expect_reg(c.rs1, 1, 10, 16);
    expect_reg(c.rs2, 0, 12, 16);
    EXPECT_EQ(c.rs3.enabled, 0);
    expect_pred(c.pred_dest, 9, 1);
    expect_no_pred(c.pred_src);
    EXPECT_EQ(c.itype, 2);
    EXPECT_EQ(c.int_signed, 0); // OP: unsigned
    EXPECT_EQ(c.svlen, 0);
    EXPECT_EQ(c.vltyp.form, SV_VLTYP_NONE);
    EXPECT_EQ(c.uses_svpstate, 0);
    EXPECT_EQ(c.op.cls, SV_OPC_INT);
    EXPECT_EQ(c.op.alu, SV_ALU_ADD);
}

TEST(Prefix, LiteralP48Load)
{
    // 0x1053402CF1F: ld x8, 16(x10); prefix rd[5]=1 rs1[5]=0 vitp7[6]=1
    // vd=1 vs1=0 | itype=01 (8) tpred[1:0]=11 svlen=10 (3).
    const sv_prefix_context c = ok48(0x1053402CF1FULL);
    EXPECT_EQ(c.type, SV_PTYPE_LD);
    EXPECT_EQ(c.insn, ld_8_16_10);
    // Vector rd: r6 = {1, 01000} = 40 -> {0, 10100, 0} = 40.
    expect_reg(c.rd, 1, 40, 8);
    // The address register keeps XLEN; scalar x10.
    expect_reg(c.rs1, 0, 10, 0);
    // tpred 111: source !x9, destination !x10.
    expect_pred(c.pred_src, 9, 1);
    expect_pred(c.pred_dest, 10, 1);
    EXPECT_EQ(c.svlen, 3);
    EXPECT_EQ(c.int_signed, 1); // LD's own signedness
    EXPECT_EQ(c.uses_svpstate, 1);
}

TEST(Prefix, LiteralP64R)
{
    // 0xB94E00C50433263F: 63 rd[6]=1, 62 rs1[6]=0, 61 rs2[6]=1, 60 vd=1,
    // 59:48 VLtyp 1|00101|00111|0 (MVL = VL = 8, VLdest x5); add x8, x10,
    // x12; prefix rd[5]=1 rs1[5]=1 rs2[5]=0 vs2=0 vs1=1 | itype 00,
    // pred 11 (x9), svlen 00.
    const sv_prefix_context c = ok64(0xB94E00C50433263FULL);
    EXPECT_EQ(c.len, 8);
    EXPECT_EQ(c.type, SV_PTYPE_R);
    expect_reg(c.rd, 1, 64 + 32 + 8, 0); // explicit P64 vd
    expect_reg(c.rs1, 1, 32 + 10, 0);    // direct 7-bit (A26)
    expect_reg(c.rs2, 0, 64 + 12, 0);
    expect_pred(c.pred_dest, 9, 0);
    EXPECT_EQ(c.vltyp_bits, 0x94E);
    EXPECT_EQ(c.vltyp.form, SV_VLTYP_MVL);
    EXPECT_EQ(c.vltyp.vldest, 5);
    EXPECT_EQ(c.vltyp.value, 8);
    EXPECT_EQ(c.uses_svpstate, 1);
}

// --- layout and type decision ---------------------------------------------

TEST(Prefix, Insn32Extraction)
{
    // insn32 = ((p48 >> 16) & ~3) | 3: P48 bits 17:16 are prefix bits.
    const sv_prefix_context c = ok48(p48(add_8_10_12, pb(17) | pb(16)));
    EXPECT_EQ(c.insn, add_8_10_12);
    const sv_prefix_context d = ok64(p64(add_8_10_12, pb(17) | pb(16), 0));
    EXPECT_EQ(d.insn, add_8_10_12);
}

TEST(Prefix, TypeDecision)
{
    const struct {
        uint32_t insn;
        sv_prefix_type type;
    } cases[] = {
        {ld_8_16_10, SV_PTYPE_LD},
        {fld_8_0_10, SV_PTYPE_LD},
        {sd_12_8_10, SV_PTYPE_ST},
        {0x00C53427, SV_PTYPE_ST}, // fsd
        {add_8_10_12, SV_PTYPE_R},
        {addw_8_10_12, SV_PTYPE_R},
        {0x02C50433, SV_PTYPE_R}, // mul
        {addi_8_10_5, SV_PTYPE_I},
        {addiw_8_10_5, SV_PTYPE_I},
        {lui_8, SV_PTYPE_U},
        {auipc_8, SV_PTYPE_U},
        {fadd_d, SV_PTYPE_FR},
        {0xA2C52453, SV_PTYPE_FR}, // feq.d
        {fsqrt_d, SV_PTYPE_FI},
        {fcvt_w_d, SV_PTYPE_FI},
        {0xE2050453, SV_PTYPE_FI}, // fmv.x.d
        {0xE2051453, SV_PTYPE_FI}, // fclass.d
        {fmadd_d, SV_PTYPE_FR4},
        {0x6AC5744F, SV_PTYPE_FR4}, // fnmadd
        {ecall, SV_PTYPE_RESERVED},
        {0x30200073, SV_PTYPE_RESERVED}, // mret
        {0x00202573, SV_PTYPE_RESERVED}, // csrr
        {beq_10_12, SV_PTYPE_RESERVED},
        {jal_0, SV_PTYPE_RESERVED},
        {jalr_0, SV_PTYPE_RESERVED},
        {fence, SV_PTYPE_RESERVED},
        {amoadd, SV_PTYPE_RESERVED},
        {setvl, SV_PTYPE_RESERVED},
        {fadd_h, SV_PTYPE_FR},
        {flh_8_0_10, SV_PTYPE_LD},
        {0xFFFFFFFF, SV_PTYPE_RESERVED},
    };
    for (const auto &t : cases) {
        EXPECT_EQ(sv_prefix_type_of(t.insn), t.type) << std::hex << t.insn;
        sv_prefix_context c;
        const sv_status want =
            t.type == SV_PTYPE_RESERVED ? SV_ILLEGAL_PREFIX_TYPE : SV_OK;
        EXPECT_EQ(decode48(p48(t.insn, 0), &c), want) << std::hex << t.insn;
        EXPECT_EQ(decode64(p64(t.insn, 0, 0), &c), want) << std::hex << t.insn;
        if (want == SV_OK) {
            EXPECT_EQ(c.type, t.type);
        }
    }
}

TEST(Prefix, LengthAndMajor)
{
    sv_prefix_context c;
    const auto b = bytes_of(p48(add_8_10_12, 0), 6);
    EXPECT_EQ(sv_prefix_decode(b.data(), 0, &c), SV_NEED_MORE_BYTES);
    EXPECT_EQ(sv_prefix_decode(b.data(), 5, &c), SV_NEED_MORE_BYTES);
    const auto b64 = bytes_of(p64(add_8_10_12, 0, 0), 8);
    EXPECT_EQ(sv_prefix_decode(b64.data(), 7, &c), SV_NEED_MORE_BYTES);
    // 48-bit with bit 6 = 1 and a 32-bit word are no prefix.
    const auto other = bytes_of(p48(add_8_10_12, 0) | 0x40, 6);
    EXPECT_EQ(sv_prefix_decode(other.data(), 6, &c),
              SV_ILLEGAL_RESERVED_LENGTH);
    const auto w32 = bytes_of(add_8_10_12, 6);
    EXPECT_EQ(sv_prefix_decode(w32.data(), 6, &c), SV_ILLEGAL_RESERVED_LENGTH);
}

// --- register numbers (A26) -----------------------------------------------

TEST(Prefix, RegisterNumberSchemes)
{
    // P48 scalar: {ext5, field}.
    EXPECT_EQ(sv_p48_regnum(5, 0, false), 5u);
    EXPECT_EQ(sv_p48_regnum(5, 1, false), 37u);
    EXPECT_EQ(sv_p48_regnum(31, 1, false), 63u);
    // P48 vector: r6 = {ext5, field}, r7 = {r6[0], r6[5:1], 0}.
    EXPECT_EQ(sv_p48_regnum(8, 0, true), 8u);    // 001000 -> 0 00100 0
    EXPECT_EQ(sv_p48_regnum(9, 0, true), 72u);   // 001001 -> 1 00100 0
    EXPECT_EQ(sv_p48_regnum(1, 0, true), 64u);   // 000001 -> 1 00000 0
    EXPECT_EQ(sv_p48_regnum(31, 1, true), 126u); // 111111 -> 1 11111 0
    EXPECT_EQ(sv_p48_regnum(0, 1, true), 32u);   // 100000 -> 0 10000 0
    // P64: {ext6, ext5, field}.
    EXPECT_EQ(sv_p64_regnum(3, 0, 0), 3u);
    EXPECT_EQ(sv_p64_regnum(3, 1, 0), 35u);
    EXPECT_EQ(sv_p64_regnum(3, 0, 1), 67u);
    EXPECT_EQ(sv_p64_regnum(31, 1, 1), 127u);
}

TEST(Prefix, P48ExtensionBitsPerType)
{
    // R: rd[5] 17, rs1[5] 16, rs2[5] 15; all scalar.
    sv_prefix_context c = ok48(p48(add_8_10_12, pb(17) | pb(15)));
    expect_reg(c.rd, 0, 40, 0);
    expect_reg(c.rs1, 0, 10, 0);
    expect_reg(c.rs2, 0, 44, 0);
    // LD: rd[5] 17, rs1[5] 16 (bit 15 is tpred[2]).
    c = ok48(p48(ld_8_16_10, pb(16)));
    expect_reg(c.rd, 0, 8, 0);
    expect_reg(c.rs1, 0, 42, 0);
    // ST: rs1[5] 16, rs2[5] 15 (bit 17 is tpred[2]).
    c = ok48(p48(sd_12_8_10, pb(16) | pb(15)));
    EXPECT_EQ(c.rd.enabled, 0);
    expect_reg(c.rs1, 0, 42, 0);
    expect_reg(c.rs2, 0, 44, 0);
    // I: rd[5] 17, rs1[5] 16.
    c = ok48(p48(addi_8_10_5, pb(17) | pb(16)));
    expect_reg(c.rd, 0, 40, 0);
    expect_reg(c.rs1, 0, 42, 0);
    // U: rd[5] 17, vd 14 (vector x40 -> r6 = 101000 -> 0 10100 0 = 40).
    c = ok48(p48(lui_8, pb(17) | pb(14)));
    expect_reg(c.rd, 1, 40, 0);
    // FR4: rd[5] 17, rs1[5] 16, rs2[5] 15, rs3[5] 13.
    c = ok48(p48(fmadd_d, pb(17) | pb(16) | pb(15) | pb(13)));
    expect_reg(c.rd, 0, 40, 0);
    expect_reg(c.rs1, 0, 42, 0);
    expect_reg(c.rs2, 0, 44, 0);
    expect_reg(c.rs3, 0, 45, 0);
}

TEST(Prefix, VsBitsAndOrRule)
{
    // R: vs1 only -> vd = 1 (OR), rs2 scalar.
    sv_prefix_context c = ok48(p48(add_8_10_12, pb(13)));
    EXPECT_EQ(c.rd.isvec, 1);
    EXPECT_EQ(c.rs1.isvec, 1);
    EXPECT_EQ(c.rs2.isvec, 0);
    // R: vs2 only.
    c = ok48(p48(add_8_10_12, pb(14)));
    EXPECT_EQ(c.rd.isvec, 1);
    EXPECT_EQ(c.rs1.isvec, 0);
    EXPECT_EQ(c.rs2.isvec, 1);
    // R: neither -> all scalar.
    c = ok48(p48(add_8_10_12, 0));
    EXPECT_EQ(c.rd.isvec | c.rs1.isvec | c.rs2.isvec, 0);
    // LD: vd 14, vs1 13 (the four lsk kinds, §4.5).
    for (unsigned k = 0; k < 4; k++) {
        c = ok48(p48(ld_8_16_10, (k & 1 ? pb(14) : 0) | (k & 2 ? pb(13) : 0)));
        EXPECT_EQ(c.rd.isvec, k & 1);
        EXPECT_EQ(c.rs1.isvec, (k >> 1) & 1);
    }
    // ST: vs2 14 (data), vs1 13 (address).
    c = ok48(p48(sd_12_8_10, pb(14)));
    EXPECT_EQ(c.rs2.isvec, 1);
    EXPECT_EQ(c.rs1.isvec, 0);
    // FR4: vs2 14, vs3 12; vs1 = vd = vs2 | vs3.
    c = ok48(p48(fmadd_d, pb(12)));
    EXPECT_EQ(c.rs3.isvec, 1);
    EXPECT_EQ(c.rs2.isvec, 0);
    EXPECT_EQ(c.rs1.isvec, 1);
    EXPECT_EQ(c.rd.isvec, 1);
    c = ok48(p48(fmadd_d, 0));
    EXPECT_EQ(c.rd.isvec | c.rs1.isvec | c.rs2.isvec | c.rs3.isvec, 0);
    // FR: vs1/vs2, vd by OR; FP registers.
    c = ok48(p48(fadd_d, pb(14)));
    EXPECT_EQ(c.rd.isvec, 1);
    EXPECT_EQ(c.rs2.isvec, 1);
    EXPECT_EQ(c.rs1.isvec, 0);
    // P64-R/FR: vd is explicit (bit 60), no OR.
    c = ok64(p64(add_8_10_12, pb(13), 0));
    EXPECT_EQ(c.rd.isvec, 0);
    EXPECT_EQ(c.rs1.isvec, 1);
    c = ok64(p64(fadd_d, 0, 0x1000));
    EXPECT_EQ(c.rd.isvec, 1);
    EXPECT_EQ(c.rs1.isvec | c.rs2.isvec, 0);
    // P64-LD: vd still from bit 14; register numbers direct.
    c = ok64(p64(ld_8_16_10, pb(14) | pb(17), 0x8000));
    expect_reg(c.rd, 1, 64 + 32 + 8, 0);
}

TEST(Prefix, P64ExtensionBits)
{
    // ST: rs1[6] 62, rs2[6] 61.
    sv_prefix_context c = ok64(p64(sd_12_8_10, 0, 0x6000));
    expect_reg(c.rs1, 0, 64 + 10, 0);
    expect_reg(c.rs2, 0, 64 + 12, 0);
    // FR4: rs3[6] 60.
    c = ok64(p64(fmadd_d, 0, 0x1000));
    expect_reg(c.rs3, 0, 64 + 13, 0);
    // FI (A23): rd[6] rs1[6].
    c = ok64(p64(fcvt_w_d, 0, 0xC000));
    expect_reg(c.rd, 0, 64 + 8, 0);
    expect_reg(c.rs1, 0, 64 + 10, 0);
}

// --- sub-fields -----------------------------------------------------------

TEST(Prefix, ItypeWidths)
{
    const unsigned widths[4] = {0, 8, 16, 32};
    for (unsigned it = 0; it < 4; it++) {
        // R / I / U: every integer operand.
        sv_prefix_context c = ok48(p48(add_8_10_12, it << 4));
        EXPECT_EQ(c.itype, it);
        EXPECT_EQ(c.rd.elwidth, widths[it]);
        EXPECT_EQ(c.rs1.elwidth, widths[it]);
        EXPECT_EQ(c.rs2.elwidth, widths[it]);
        c = ok48(p48(addi_8_10_5, it << 4));
        EXPECT_EQ(c.rd.elwidth, widths[it]);
        EXPECT_EQ(c.rs1.elwidth, widths[it]);
        c = ok48(p48(lui_8, it << 4));
        EXPECT_EQ(c.rd.elwidth, widths[it]);
        // LD / ST: the data register only.
        c = ok48(p48(ld_8_16_10, it << 4));
        EXPECT_EQ(c.rd.elwidth, widths[it]);
        EXPECT_EQ(c.rs1.elwidth, 0);
        c = ok48(p48(sd_12_8_10, it << 4));
        EXPECT_EQ(c.rs2.elwidth, widths[it]);
        EXPECT_EQ(c.rs1.elwidth, 0);
        // FI: the integer side only.
        c = ok48(p48(fcvt_w_d, it << 4));
        EXPECT_EQ(c.rd.elwidth, widths[it]);
        EXPECT_EQ(c.rs1.elwidth, 0);
    }
}

TEST(Prefix, ItypeWithoutIntegerOperandIsReserved)
{
    expect_fails48(p48(fsqrt_d, 1u << 4), SV_ILLEGAL_PREFIX_FIELD);
    expect_fails48(p48(fld_8_0_10, 2u << 4), SV_ILLEGAL_PREFIX_FIELD);
    expect_fails48(p48(0x00C53427, 3u << 4), SV_ILLEGAL_PREFIX_FIELD); // fsd
}

TEST(Prefix, Fp16)
{
    // §4.1: fmt 10 is H and load/store width 001 is H under a prefix.
    sv_prefix_context c = ok48(p48(fadd_h, pb(13)));
    EXPECT_EQ(c.type, SV_PTYPE_FR);
    EXPECT_EQ(c.op.fp, SV_FP_ADD);
    EXPECT_EQ(c.op.fmt_bits, 16);
    EXPECT_EQ(c.op.rd.width, 16);
    EXPECT_EQ(c.op.rs1.width, 16);
    EXPECT_EQ(c.op.rs2.width, 16);
    EXPECT_EQ(c.op.rm, 7);
    // fmadd.h f8, f10, f12, f13 (fmt 10).
    c = ok48(p48(0x6CC57443, 0));
    EXPECT_EQ(c.type, SV_PTYPE_FR4);
    EXPECT_EQ(c.op.fp, SV_FP_MADD);
    EXPECT_EQ(c.op.rs3.width, 16);
    // flh / fsh: two bytes, a half register.
    c = ok48(p48(flh_8_0_10, 0));
    EXPECT_EQ(c.op.cls, SV_OPC_LOAD);
    EXPECT_EQ(c.op.mem_bytes, 2);
    EXPECT_EQ(c.op.rd.width, 16);
    c = ok48(p48(0x00C51427, 0)); // fsh f12, 8(x10)
    EXPECT_EQ(c.op.cls, SV_OPC_STORE);
    EXPECT_EQ(c.op.mem_bytes, 2);
    EXPECT_EQ(c.op.rs2.width, 16);
    // fcvt.s.h f8, f10 (fmt 00, rs2 = H) and fcvt.h.d f8, f10.
    c = ok48(p48(0x40257453, 0));
    EXPECT_EQ(c.type, SV_PTYPE_FI);
    EXPECT_EQ(c.op.fp, SV_FP_CVT_F_F);
    EXPECT_EQ(c.op.rd.width, 32);
    EXPECT_EQ(c.op.rs1.width, 16);
    c = ok48(p48(0x44157453, 0));
    EXPECT_EQ(c.op.fp, SV_FP_CVT_F_F);
    EXPECT_EQ(c.op.rd.width, 16);
    EXPECT_EQ(c.op.rs1.width, 64);
    // fcvt.w.h x8, f10; fmv.x.h x8, f10.
    c = ok48(p48(0xC4057453, 0));
    EXPECT_EQ(c.op.fp, SV_FP_CVT_I_F);
    EXPECT_EQ(c.op.rs1.width, 16);
    EXPECT_EQ(c.op.int_signed, 1);
    c = ok48(p48(0xE4050453, 0));
    EXPECT_EQ(c.op.fp, SV_FP_MV_X_F);
    EXPECT_EQ(c.op.rs1.width, 16);
    // fcvt.h.h (rs2 = fmt = H) and fmt 11 (Q) stay reserved.
    expect_fails48(p48(0x44257453, 0), SV_ILLEGAL_PREFIX_TYPE);
    expect_fails48(p48(0x06C57453, 0), SV_ILLEGAL_PREFIX_TYPE);
    // A plain RV64GC word is not changed by the FP16 path.
    EXPECT_EQ(ok48(p48(0x00052407, 0)).op.mem_bytes, 4); // flw
}

TEST(Prefix, SignednessRules)
{
    EXPECT_EQ(ok48(p48(add_8_10_12, 0)).int_signed, 0);  // OP
    EXPECT_EQ(ok48(p48(addi_8_10_5, 0)).int_signed, 0);  // OP-IMM
    EXPECT_EQ(ok48(p48(addw_8_10_12, 0)).int_signed, 1); // OP-32
    EXPECT_EQ(ok48(p48(addiw_8_10_5, 0)).int_signed, 1); // OP-IMM-32
    EXPECT_EQ(ok48(p48(ld_8_16_10, 0)).int_signed, 1);   // LD: signed
    EXPECT_EQ(ok48(p48(lbu_8_0_10, 0)).int_signed, 0);   // LBU
    EXPECT_EQ(ok48(p48(fcvt_w_d, 0)).int_signed, 1);     // FCVT.W
    EXPECT_EQ(ok48(p48(fcvt_lu_d, 0)).int_signed, 0);    // FCVT.LU
    EXPECT_EQ(ok48(p48(lui_8, 0)).int_signed, 0);        // otherwise
    EXPECT_EQ(ok48(p48(sd_12_8_10, 0)).int_signed, 0);
}

TEST(Prefix, Vitp6Pred)
{
    // pred[1:0] at 10:9, pred[2] = 0: none, reserved, !x9, x9.
    sv_prefix_context c = ok48(p48(add_8_10_12, 0));
    expect_no_pred(c.pred_dest);
    expect_fails48(p48(add_8_10_12, 1u << 2), SV_ILLEGAL_PREFIX_FIELD);
    expect_fails48(p48(lui_8, 1u << 2), SV_ILLEGAL_PREFIX_FIELD);
    c = ok48(p48(add_8_10_12, 2u << 2));
    expect_pred(c.pred_dest, 9, 1);
    c = ok48(p48(add_8_10_12, 3u << 2));
    expect_pred(c.pred_dest, 9, 0);
    expect_no_pred(c.pred_src);
}

TEST(Prefix, Vtp5Pred)
{
    // pred at 11:9 (FR, FR4): 000 none, 001 reserved, !x9 x9 !x10 x10
    // !x11 x11.
    expect_no_pred(ok48(p48(fadd_d, 0)).pred_dest);
    expect_fails48(p48(fadd_d, 1u << 2), SV_ILLEGAL_PREFIX_FIELD);
    expect_fails48(p48(fmadd_d, 1u << 2), SV_ILLEGAL_PREFIX_FIELD);
    for (unsigned p = 2; p < 8; p++) {
        sv_prefix_context c = ok48(p48(fadd_d, p << 2));
        expect_pred(c.pred_dest, 8 + p / 2, !(p & 1));
        c = ok48(p48(fmadd_d, p << 2));
        expect_pred(c.pred_dest, 8 + p / 2, !(p & 1));
    }
}

TEST(Prefix, Vitp7Tpred)
{
    // tpred = {vitp7[6], 10:9}; vitp7[6] is bit 15 (LD, I, FI), 17 (ST).
    for (unsigned t = 0; t < 8; t++) {
        const unsigned low = (t & 3) << 2;
        const uint64_t ld = p48(ld_8_16_10, low | (t & 4 ? pb(15) : 0));
        const uint64_t st = p48(sd_12_8_10, low | (t & 4 ? pb(17) : 0));
        if (t == 4) {
            expect_fails48(ld, SV_ILLEGAL_PREFIX_FIELD);
            expect_fails48(st, SV_ILLEGAL_PREFIX_FIELD);
            continue;
        }
        for (uint64_t w : {ld, st}) {
            const sv_prefix_context c = ok48(w);
            const unsigned inv = t >> 2;
            if (t & 1) {
                expect_pred(c.pred_src, 9, inv);
            } else {
                expect_no_pred(c.pred_src);
            }
            if (t & 2) {
                expect_pred(c.pred_dest, 10, inv);
            } else {
                expect_no_pred(c.pred_dest);
            }
        }
    }
}

TEST(Prefix, SourcePredicateNeedsTwin)
{
    // ADDI with an immediate is single-predicated: a source predicate is
    // meaningless there.  FSQRT (FI) likewise.
    expect_fails48(p48(addi_8_10_5, 1u << 2), SV_ILLEGAL_PREFIX_FIELD);
    expect_fails48(p48(fsqrt_d, 1u << 2), SV_ILLEGAL_PREFIX_FIELD);
    // The destination part alone is fine.
    expect_pred(ok48(p48(addi_8_10_5, 2u << 2)).pred_dest, 10, 0);
    // FCVT (FI) and MV (ADDI imm 0) are twin.
    sv_prefix_context c = ok48(p48(fcvt_w_d, 3u << 2));
    expect_pred(c.pred_src, 9, 0);
    expect_pred(c.pred_dest, 10, 0);
    c = ok48(p48(mv_8_10, 3u << 2 | pb(15) | pb(13)));
    EXPECT_EQ(c.op.twin, 1);
    EXPECT_EQ(c.op.rs1.present, 0);
    EXPECT_EQ(c.rs1.enabled, 0);
    expect_reg(c.rs2, 1, 10, 0); // the source moved to C.MV's slot
    expect_pred(c.pred_src, 9, 1);
    expect_pred(c.pred_dest, 10, 1);
}

TEST(Prefix, FsgnjTwinOnlyForOneRegister)
{
    // fsgnj.d f8, f10, f10 is FMV (twin) while both sources resolve to
    // the same register ...
    EXPECT_EQ(ok48(p48(fsgnj_d_same, 0)).op.twin, 1);
    // ... and a real sign injection once rs2[5] or vs2 tells them apart.
    EXPECT_EQ(ok48(p48(fsgnj_d_same, pb(15))).op.twin, 0);
    EXPECT_EQ(ok48(p48(fsgnj_d_same, pb(14))).op.twin, 0);
}

TEST(Prefix, Svlen)
{
    const unsigned want[4] = {0, 2, 3, 4};
    for (unsigned s = 0; s < 4; s++) {
        EXPECT_EQ(ok48(p48(add_8_10_12, s)).svlen, want[s]);
        EXPECT_EQ(ok48(p48(fadd_d, s)).svlen, want[s]);
        EXPECT_EQ(ok48(p48(ld_8_16_10, s)).svlen, want[s]);
        EXPECT_EQ(ok48(p48(add_8_10_12, s)).uses_svpstate, s != 0);
    }
}

TEST(Prefix, ReservedP48Bits)
{
    // P48-U: 16, 15, 13.
    for (unsigned n : {16u, 15u, 13u}) {
        expect_fails48(p48(lui_8, pb(n)), SV_ILLEGAL_PREFIX_FIELD);
        expect_fails48(p48(auipc_8, pb(n)), SV_ILLEGAL_PREFIX_FIELD);
    }
    // P48-FR: 12.
    expect_fails48(p48(fadd_d, pb(12)), SV_ILLEGAL_PREFIX_FIELD);
}

TEST(Prefix, ReservedP64Bits)
{
    const struct {
        uint32_t insn;
        unsigned hi;
    } bad[] = {
        {ld_8_16_10, 0x2000},  {ld_8_16_10, 0x1000},  // LD: 61, 60
        {sd_12_8_10, 0x8000},  {sd_12_8_10, 0x1000},  // ST: 63, 60
        {addi_8_10_5, 0x2000}, {addi_8_10_5, 0x1000}, // I: 61, 60
        {lui_8, 0x4000},       {lui_8, 0x2000},       // U: 62, 61, 60
        {lui_8, 0x1000},       {fcvt_w_d, 0x2000},    // FI: 61, 60
        {fcvt_w_d, 0x1000},
    };
    for (const auto &t : bad) {
        expect_fails64(p64(t.insn, 0, t.hi), SV_ILLEGAL_PREFIX_FIELD);
    }
}

TEST(Prefix, ReservedTypes)
{
    for (uint32_t insn :
         {ecall, beq_10_12, jal_0, jalr_0, fence, amoadd, setvl}) {
        expect_fails48(p48(insn, 0), SV_ILLEGAL_PREFIX_TYPE);
        expect_fails64(p64(insn, 0, 0), SV_ILLEGAL_PREFIX_TYPE);
    }
}

// --- VLtyp (§4.4, A24) ----------------------------------------------------

TEST(Prefix, VltypForms)
{
    sv_vltyp v;
    ASSERT_EQ(sv_vltyp_decode(0, &v), SV_OK);
    EXPECT_EQ(v.form, SV_VLTYP_NONE);
    // 0 | 00011 | 00100 | 0: VL = 5, VLdest x3.
    ASSERT_EQ(sv_vltyp_decode((3u << 6) | (4u << 1), &v), SV_OK);
    EXPECT_EQ(v.form, SV_VLTYP_VL_IMM);
    EXPECT_EQ(v.vldest, 3);
    EXPECT_EQ(v.value, 5);
    // 0 | 00000 | 00000 | 0 with VLdest only: VL = 1.
    ASSERT_EQ(sv_vltyp_decode(7u << 6, &v), SV_OK);
    EXPECT_EQ(v.form, SV_VLTYP_VL_IMM);
    EXPECT_EQ(v.value, 1);
    // 0 | 00000 | 01100 | 1: VL from x12, no VLdest.
    ASSERT_EQ(sv_vltyp_decode((12u << 1) | 1, &v), SV_OK);
    EXPECT_EQ(v.form, SV_VLTYP_VL_REG);
    EXPECT_EQ(v.vldest, 0);
    EXPECT_EQ(v.value, 12);
    // vlt = 1 with VLEN = x0: reserved.
    EXPECT_EQ(sv_vltyp_decode((5u << 6) | 1, &v), SV_ILLEGAL_PREFIX_VLTYP);
    // 1 | 11111 | 11111 | 0: MVL = VL = 32, VLdest x31.
    ASSERT_EQ(sv_vltyp_decode(0xFFE, &v), SV_OK);
    EXPECT_EQ(v.form, SV_VLTYP_MVL);
    EXPECT_EQ(v.vldest, 31);
    EXPECT_EQ(v.value, 32);
    // 1 | 00000 | 00011 | 1: MVL = 4, VL clamped.
    ASSERT_EQ(sv_vltyp_decode(0x800 | (3u << 1) | 1, &v), SV_OK);
    EXPECT_EQ(v.form, SV_VLTYP_MVL_CLAMP);
    EXPECT_EQ(v.value, 4);
    // Through the P64 decoder.
    expect_fails64(p64(add_8_10_12, 0, 1), SV_ILLEGAL_PREFIX_VLTYP);
}

TEST(Prefix, LoopBeginWithoutSvpstate)
{
    const sv_prefix_context c = ok48(p48(add_8_10_12, pb(13)));
    const sv_prefix_loop l = sv_prefix_loop_begin(&c, 0x1234, 8, 5, 2, 0);
    EXPECT_EQ(l.svpstate, 0x1234u);
    EXPECT_EQ(l.vl, 5);
    EXPECT_EQ(l.subvl, 2);
    EXPECT_EQ(l.write_vldest, 0);
}

uint32_t svp(unsigned mvl, unsigned vl, unsigned subvl, unsigned src,
             unsigned dst, unsigned dsv)
{
    sv_state_fields f{};
    f.maxvl = static_cast<uint8_t>(mvl - 1);
    f.vl = static_cast<uint8_t>(vl - 1);
    f.subvl = static_cast<uint8_t>(subvl - 1);
    f.srcoffs = static_cast<uint8_t>(src);
    f.destoffs = static_cast<uint8_t>(dst);
    f.dsvoffs = static_cast<uint8_t>(dsv);
    return sv_state_pack(f);
}

TEST(Prefix, LoopBeginForms)
{
    // svlen only (P48): STATE's VL (A51) and MVL, SUBVL = svlen.
    sv_prefix_context c = ok48(p48(add_8_10_12, pb(13) | 2));
    sv_prefix_loop l = sv_prefix_loop_begin(&c, 0, 8, 5, 1, 0);
    EXPECT_EQ(l.vl, 5);
    EXPECT_EQ(l.subvl, 3);
    EXPECT_EQ(l.svpstate, svp(8, 5, 3, 0, 0, 0));
    EXPECT_EQ(l.write_vldest, 0);
    // VL = 0 stores vl = 0 (nothing runs, nothing to resume).
    l = sv_prefix_loop_begin(&c, 0, 8, 0, 1, 0);
    EXPECT_EQ(l.vl, 0);
    EXPECT_EQ(l.svpstate, svp(8, 1, 3, 0, 0, 0));

    // VL_IMM: VL = 6, VLdest x7; MVL grows to VL.
    c = ok64(p64(add_8_10_12, 0, (7u << 6) | (5u << 1)));
    l = sv_prefix_loop_begin(&c, svp(4, 2, 1, 0, 0, 0), 64, 64, 1, 0);
    EXPECT_EQ(l.vl, 6);
    EXPECT_EQ(l.svpstate, svp(6, 6, 1, 0, 0, 0));
    EXPECT_EQ(l.write_vldest, 1);
    l = sv_prefix_loop_begin(&c, svp(10, 2, 1, 0, 0, 0), 64, 64, 1, 0);
    EXPECT_EQ(l.svpstate, svp(10, 6, 1, 0, 0, 0));

    // VL_REG: min(x[VLEN], SVPSTATE.MVL) (A24).
    c = ok64(p64(add_8_10_12, 0, (12u << 1) | 1));
    l = sv_prefix_loop_begin(&c, svp(16, 1, 1, 0, 0, 0), 4, 4, 1, 9);
    EXPECT_EQ(l.vl, 9);
    EXPECT_EQ(l.write_vldest, 0);
    l = sv_prefix_loop_begin(&c, svp(16, 1, 1, 0, 0, 0), 4, 4, 1, 100);
    EXPECT_EQ(l.vl, 16);
    l = sv_prefix_loop_begin(&c, svp(16, 1, 1, 0, 0, 0), 4, 4, 1, 0);
    EXPECT_EQ(l.vl, 0);

    // MVL: MVL = VL = 8, with svlen 4 (P64 carries svlen too).
    c = ok64(p64(add_8_10_12, 3, 0x800 | (1u << 6) | (7u << 1)));
    l = sv_prefix_loop_begin(&c, 0, 2, 2, 1, 0);
    EXPECT_EQ(l.vl, 8);
    EXPECT_EQ(l.subvl, 4);
    EXPECT_EQ(l.svpstate, svp(8, 8, 4, 0, 0, 0));
    EXPECT_EQ(l.write_vldest, 1);

    // MVL_CLAMP: MVL = 4; VL = min(SVPSTATE.VL, 4).
    c = ok64(p64(add_8_10_12, 0, 0x800 | (3u << 1) | 1));
    l = sv_prefix_loop_begin(&c, svp(16, 10, 1, 0, 0, 0), 2, 2, 1, 0);
    EXPECT_EQ(l.vl, 4);
    EXPECT_EQ(l.svpstate, svp(4, 4, 1, 0, 0, 0));
    l = sv_prefix_loop_begin(&c, svp(16, 3, 1, 0, 0, 0), 2, 2, 1, 0);
    EXPECT_EQ(l.vl, 3);
}

TEST(Prefix, LoopBeginResumes)
{
    // Non-zero SVPSTATE offsets: re-entry with the saved VL/SUBVL,
    // SVPSTATE kept; VLdest is still written when the loop is done.
    const sv_prefix_context c =
        ok64(p64(add_8_10_12, 0, 0x800 | (1u << 6) | (7u << 1)));
    const uint32_t saved = svp(8, 8, 2, 3, 3, 1);
    const sv_prefix_loop l = sv_prefix_loop_begin(&c, saved, 2, 2, 1, 0);
    EXPECT_EQ(l.resume, 1);
    EXPECT_EQ(l.vl, 8);
    EXPECT_EQ(l.subvl, 2);
    EXPECT_EQ(l.svpstate, saved);
    EXPECT_EQ(l.write_vldest, 1);
}

TEST(Prefix, RandomWordsKeepTheInvariants)
{
    // Contract C4: any bytes decode to a status; a decoded context only
    // names registers 0..127 (P48 scalars 0..63, P48 vectors even),
    // mask registers x9..x11, SUBVL 2..4, and leaves *out alone otherwise.
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    unsigned ok = 0;
    for (unsigned n = 0; n < 200000; n++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const uint64_t w = (x & ~uint64_t{0x7F}) | (n & 1 ? 0x3F : 0x1F);
        const auto b = bytes_of(w, 8);
        sv_prefix_context c;
        std::memset(&c, 0x5A, sizeof c);
        const sv_status st = sv_prefix_decode(b.data(), b.size(), &c);
        if (st != SV_OK) {
            EXPECT_EQ(c.len, 0x5A);
            continue;
        }
        ok++;
        ASSERT_EQ(c.len, n & 1 ? 8 : 6);
        for (const sv_reg_entry *e : {&c.rd, &c.rs1, &c.rs2, &c.rs3}) {
            if (!e->enabled) {
                continue;
            }
            ASSERT_LT(e->regidx, 128);
            if (c.len == 6) {
                ASSERT_TRUE(e->isvec ? e->regidx % 2 == 0 : e->regidx < 64);
            }
            ASSERT_TRUE(e->elwidth == 0 || e->elwidth == 8 ||
                        e->elwidth == 16 || e->elwidth == 32);
        }
        for (const sv_pred_entry *p : {&c.pred_dest, &c.pred_src}) {
            if (p->enabled) {
                ASSERT_GE(p->predidx, 9);
                ASSERT_LE(p->predidx, 11);
            }
        }
        ASSERT_TRUE(c.svlen == 0 || (c.svlen >= 2 && c.svlen <= 4));
        ASSERT_NE(c.type, SV_PTYPE_RESERVED);
    }
    // Random words do reach every part of the decoder.
    EXPECT_GT(ok, 1000u);
}

TEST(Prefix, EncodeIsTheDecodesInverse)
{
    // sv_prefix_encode(sv_prefix_decode(w)) gives w back, byte for byte,
    // for every word that decodes (each prefix bit of a decoded word has
    // a meaning, so the encoding is unique).
    uint64_t x = 0x2545F4914F6CDD1DULL;
    unsigned ok = 0;
    for (unsigned n = 0; n < 100000; n++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const uint64_t w = (x & ~uint64_t{0x7F}) | (n & 1 ? 0x3F : 0x1F);
        const unsigned len = n & 1 ? 8 : 6;
        const auto b = bytes_of(w, len);
        sv_prefix_context c;
        if (sv_prefix_decode(b.data(), b.size(), &c) != SV_OK) {
            continue;
        }
        ok++;
        uint8_t out[8];
        const char *why = nullptr;
        ASSERT_EQ(sv_prefix_encode(&c, out, &why), SV_OK)
            << std::hex << w << " " << (why ? why : "");
        ASSERT_EQ(std::vector<uint8_t>(out, out + len), b) << std::hex << w;
    }
    EXPECT_GT(ok, 1000u);
}

TEST(Prefix, EncodeRefusesWhatNoPrefixSays)
{
    sv_prefix_context c{};
    uint8_t out[8];
    const char *why = nullptr;
    c.len = 6;
    c.insn = add_8_10_12;
    c.rd = sv_reg_entry{1, 1, 40, 0};
    c.rs1 = sv_reg_entry{1, 1, 64, 0};
    c.rs2 = sv_reg_entry{1, 0, 12, 0};
    ASSERT_EQ(sv_prefix_encode(&c, out, &why), SV_OK);
    sv_prefix_context d;
    ASSERT_EQ(sv_prefix_decode(out, 6, &d), SV_OK);
    expect_reg(d.rd, 1, 40, 0);
    expect_reg(d.rs1, 1, 64, 0);
    expect_reg(d.rs2, 0, 12, 0);
    // An odd P48 vector, a P48 scalar over x63: P64 says them.
    c.rs1.regidx = 65;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_FIELD);
    EXPECT_STREQ(why, "a P48 vector register is even, x0..x126 (A26)");
    c.len = 8;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_OK);
    c.len = 6;
    c.rs1 = sv_reg_entry{1, 0, 70, 0};
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_FIELD);
    EXPECT_STREQ(why, "a P48 scalar register is x0..x63 (A26)");
    // A P48 R's rd is a vector exactly when a source is (§4.3).
    c.rs1 = sv_reg_entry{1, 0, 10, 0};
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_FIELD);
    c.len = 8;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_OK);
    // One itype for every integer operand.
    c.rs1 = sv_reg_entry{1, 1, 64, 8};
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_FIELD);
    c.rd.elwidth = c.rs2.elwidth = 8;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_OK);
    // vitp6: x9 only; no zeroing.
    c.pred_dest = sv_pred_entry{1, 10, 0, 0, 0};
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_FIELD);
    c.pred_dest.predidx = 9;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_OK);
    c.pred_dest.zero = 1;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_FIELD);
    // Branches have no prefix type; compressed opcodes are not RV32.
    c.pred_dest = sv_pred_entry{};
    c.insn = beq_10_12;
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_TYPE);
    c.insn = 0x952e; // c.add a0, a1
    EXPECT_EQ(sv_prefix_encode(&c, out, &why), SV_ILLEGAL_PREFIX_TYPE);
}

} // namespace
