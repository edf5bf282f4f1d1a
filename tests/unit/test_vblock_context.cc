// VBLOCK context (§1.10, §1.11, §3.3, §3.5, A8, A9, A11, A13, A26-A29,
// A45, A46).  Every block is written out by hand, parcel by parcel, with
// the field split in the comment beside it.
//
// Header: 15 vlset | 14:12 nnn | 11:10 rplen | 9 pplen | 8 pmode |
//         7 rmode | 6:0 1111111.  Length 10 + 2nnn bytes (nnn != 7).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "svcore.h"

namespace
{

// Builds instruction bytes from 16-bit parcels and single bytes, in
// memory (little-endian) order.
struct Bytes {
    std::vector<uint8_t> b;

    Bytes &p16(uint16_t v)
    {
        b.push_back(static_cast<uint8_t>(v));
        b.push_back(static_cast<uint8_t>(v >> 8));
        return *this;
    }
    Bytes &p16s(std::initializer_list<uint16_t> vs)
    {
        for (uint16_t v : vs) {
            p16(v);
        }
        return *this;
    }
    Bytes &p8(uint8_t v)
    {
        b.push_back(v);
        return *this;
    }
    Bytes &p8s(std::initializer_list<uint8_t> vs)
    {
        for (uint8_t v : vs) {
            p8(v);
        }
        return *this;
    }
    Bytes &p32(uint32_t v)
    {
        return p16(static_cast<uint16_t>(v))
            .p16(static_cast<uint16_t>(v >> 16));
    }
};

constexpr uint16_t c_nop = 0x0001;        // c.addi x0, 0
constexpr uint32_t addi_nop = 0x00000013; // addi x0, x0, 0

std::string describe(const sv_reg_entry &r)
{
    std::ostringstream s;
    s << "en=" << +r.enabled << " vec=" << +r.isvec << " idx=" << +r.regidx
      << " ew=" << +r.elwidth;
    return s.str();
}

std::string describe(const sv_pred_entry &p)
{
    std::ostringstream s;
    s << "en=" << +p.enabled << " x" << +p.predidx << " zero=" << +p.zero
      << " inv=" << +p.inv << " ff=" << +p.ffirst;
    return s.str();
}

std::string describe(const sv_vl_block &v)
{
    std::ostringstream s;
    s << "present=" << +v.present << " mode=" << +v.mode
      << " subvl=" << +v.subvl << " vlmax=" << +v.vlmax << " rd=x" << +v.rd
      << " rs1=x" << +v.rs1;
    return s.str();
}

std::string reg(uint8_t isvec, uint8_t regidx, uint8_t elwidth)
{
    return describe(sv_reg_entry{1, isvec, regidx, elwidth});
}

std::string pred(uint8_t predidx, uint8_t zero, uint8_t inv, uint8_t ffirst)
{
    return describe(sv_pred_entry{1, predidx, zero, inv, ffirst});
}

std::string vl(uint8_t mode, uint8_t subvl, uint8_t vlmax, uint8_t rd,
               uint8_t rs1)
{
    return describe(sv_vl_block{1, mode, subvl, vlmax, rd, rs1});
}

const std::string unused_reg = describe(sv_reg_entry{});
const std::string unused_pred = describe(sv_pred_entry{});

sv_status decode(const Bytes &in, sv_vblock_context *c)
{
    return sv_vblock_decode(in.b.data(), in.b.size(), c);
}

sv_vblock_context decode_ok(const Bytes &in)
{
    sv_vblock_context c;
    std::memset(&c, 0xAB, sizeof c);
    EXPECT_EQ(decode(in, &c), SV_OK);
    return c;
}

// Expects the status, and that nothing at all was stored.
void expect_fails(const Bytes &in, sv_status want)
{
    sv_vblock_context c, before;
    std::memset(&c, 0xAB, sizeof c);
    std::memcpy(&before, &c, sizeof c);
    EXPECT_STREQ(sv_status_name(decode(in, &c)), sv_status_name(want));
    EXPECT_EQ(std::memcmp(&c, &before, sizeof c), 0);
}

// Counts enabled entries, to show nothing beyond the expected ones is set.
template <typename E> int enabled_count(const E (&t)[32])
{
    int n = 0;
    for (const E &e : t) {
        n += e.enabled;
    }
    return n;
}

int enabled_total(const sv_vblock_context &c)
{
    return enabled_count(c.int_regs) + enabled_count(c.fp_regs) +
           enabled_count(c.int_preds) + enabled_count(c.fp_preds);
}

// --- the whole block ---------------------------------------------------

TEST(VblockContext, MinimalBlock)
{
    // 0x007F: nnn 0 (10 bytes), no VL block, no tables; four c.nop.
    const auto c =
        decode_ok(Bytes{}.p16(0x007F).p16s({c_nop, c_nop, c_nop, c_nop}));
    EXPECT_EQ(c.layout.total_bytes, 10);
    EXPECT_EQ(c.layout.opcodes_offset, 2);
    EXPECT_EQ(describe(c.vl), describe(sv_vl_block{}));
    EXPECT_EQ(enabled_total(c), 0);
    ASSERT_EQ(c.n_ops, 4);
    EXPECT_EQ(c.op_offset[0], 2);
    EXPECT_EQ(c.op_offset[1], 4);
    EXPECT_EQ(c.op_offset[2], 6);
    EXPECT_EQ(c.op_offset[3], 8);
    for (int i = 4; i < SV_VBLOCK_MAX_OPS; ++i) {
        EXPECT_EQ(c.op_offset[i], 0) << i;
    }
}

TEST(VblockContext, MixedOpcodeLengths)
{
    // 0x107F: nnn 1 (12 bytes), opcodes at 2..11:
    // c.nop @2, addi @4 (its upper parcel is 0x0000, which is fine), c.nop
    // @8, c.nop @10.
    const auto c = decode_ok(
        Bytes{}.p16(0x107F).p16(c_nop).p32(addi_nop).p16s({c_nop, c_nop}));
    ASSERT_EQ(c.n_ops, 4);
    EXPECT_EQ(c.op_offset[0], 2);
    EXPECT_EQ(c.op_offset[1], 4);
    EXPECT_EQ(c.op_offset[2], 8);
    EXPECT_EQ(c.op_offset[3], 10);
}

TEST(VblockContext, LastOpcodeEndsExactlyAtBlockEnd)
{
    // 0x007F, 10 bytes: c.nop @2, c.nop @4, addi @6..9.
    const auto c =
        decode_ok(Bytes{}.p16(0x007F).p16s({c_nop, c_nop}).p32(addi_nop));
    ASSERT_EQ(c.n_ops, 3);
    EXPECT_EQ(c.op_offset[2], 6);
}

TEST(VblockContext, ExtraBytesAfterTheBlockIgnored)
{
    // 10-byte block followed by a zero parcel and junk that is not ours.
    const auto c = decode_ok(Bytes{}
                                 .p16(0x007F)
                                 .p16s({c_nop, c_nop, c_nop, c_nop})
                                 .p16s({0x0000, 0xFFFF}));
    EXPECT_EQ(c.n_ops, 4);
}

TEST(VblockContext, ExtendedLayoutWithEverything)
{
    // 0xF5FF: vlset | nnn 7 | rplen 01 | pplen 0 | pmode 1 | rmode 1
    //   = 0x8000 | 0x7000 | 0x0400 | 0x0100 | 0x0080 | 0x7F.
    // VBLOCK2 0x0000: ilen 0 -> 12 bytes.  One 16-bit reg entry, one
    // (half of 1, rounded up) 16-bit pred entry.
    // VL @4: 0x0000 = mode 00, SubVL 00, imm 0, rd x0.
    // reg @6: 0x0A8A = isvec 0 | regidx 0001010 | int | vew 00 | key 01010.
    // pred @8: 0x1114 = predidx 00010 | zero 0 | inv 0 | int |
    //   regidx 0001010 | ffirst 0.
    // op @10: c.nop.
    const auto c = decode_ok(
        Bytes{}.p16s({0xF5FF, 0x0000, 0x0000, 0x0A8A, 0x1114, c_nop}));
    EXPECT_EQ(c.layout.total_bytes, 12);
    EXPECT_EQ(c.layout.extended, 1);
    EXPECT_EQ(describe(c.vl), vl(0, 1, 1, 0, 0));
    EXPECT_EQ(describe(c.int_regs[10]), reg(0, 10, 0));
    EXPECT_EQ(describe(c.int_preds[10]), pred(2, 0, 0, 0));
    EXPECT_EQ(enabled_total(c), 2);
    ASSERT_EQ(c.n_ops, 1);
    EXPECT_EQ(c.op_offset[0], 10);
}

// --- VL block (§3.3, A8, A9) -------------------------------------------

// 0x807F: vlset | nnn 0 -> 10 bytes: hdr, VL @2, three c.nop @4..9.
sv_vl_block vl_of(uint16_t vl_parcel)
{
    return decode_ok(Bytes{}.p16s({0x807F, vl_parcel, c_nop, c_nop, c_nop})).vl;
}

void expect_vl_malformed(uint16_t vl_parcel)
{
    expect_fails(Bytes{}.p16s({0x807F, vl_parcel, c_nop, c_nop, c_nop}),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
}

TEST(VblockContext, VlMode00)
{
    // 00 | SubVL 10 | imm 000111 | rsvd 0 | rd 01010
    //   = 0x2000 | 0x01C0 | 0x000A = 0x21CA: SUBVL 3, VLMAX 8, rd x10.
    EXPECT_EQ(describe(vl_of(0x21CA)), vl(0, 3, 8, 10, 0));
    // 00 | 11 | 111111 | 0 | 11111 = 0x3FDF: SUBVL 4, VLMAX 64, rd x31.
    EXPECT_EQ(describe(vl_of(0x3FDF)), vl(0, 4, 64, 31, 0));
    // All zero: SUBVL 1, VLMAX 1 (A8: offset by one), rd x0.
    EXPECT_EQ(describe(vl_of(0x0000)), vl(0, 1, 1, 0, 0));
}

TEST(VblockContext, VlMode01)
{
    // 01 | SubVL 11 | imm 111111 | rs1' 101 | rd' 010
    //   = 0x4000 | 0x3000 | 0x0FC0 | 0x0028 | 0x0002 = 0x7FEA:
    //   SUBVL 4, VLMAX 64, rd x10, rs1 x13.
    EXPECT_EQ(describe(vl_of(0x7FEA)), vl(1, 4, 64, 10, 13));
    // 01 | 00 | 000000 | rs1' 100 (bit 5 is rs1'[2], not reserved) |
    // rd' 000 = 0x4020: rd x8, rs1 x12.
    EXPECT_EQ(describe(vl_of(0x4020)), vl(1, 1, 1, 8, 12));
    // 01 | 01 | 000010 | 111 | 111 = 0x4000|0x1000|0x0080|0x3F = 0x50BF:
    //   SUBVL 2, VLMAX 3, rd x15, rs1 x15.
    EXPECT_EQ(describe(vl_of(0x50BF)), vl(1, 2, 3, 15, 15));
}

TEST(VblockContext, VlMode10)
{
    // 10 | SubVL 00 | imm 000000 | rsvd 0 | rs1 11111 = 0x801F:
    //   SUBVL 1, VLMAX 1, rs1 x31, rd x0 (A9 likely intent).
    EXPECT_EQ(describe(vl_of(0x801F)), vl(2, 1, 1, 0, 31));
    // 10 | 01 | 100000 | 0 | 00101 = 0x8000|0x1000|0x0800|0x05 = 0x9805:
    //   SUBVL 2, VLMAX 33, rs1 x5.
    EXPECT_EQ(describe(vl_of(0x9805)), vl(2, 2, 33, 0, 5));
}

TEST(VblockContext, VlReservedMode11)
{
    expect_vl_malformed(0xC000); // 11, everything else zero
    expect_vl_malformed(0xFFFF); // 11 with every other bit set
    expect_vl_malformed(0xC001); // 11 with only rd[0]
}

TEST(VblockContext, VlReservedBit5)
{
    expect_vl_malformed(0x0020); // mode 00, bit 5
    expect_vl_malformed(0x21EA); // 0x21CA (valid above) | bit 5
    expect_vl_malformed(0x8020); // mode 10, bit 5
    expect_vl_malformed(0x803F); // 0x801F (valid above) | bit 5
}

// --- register table (§1.10, A26, A27, A29, A45) ------------------------

TEST(VblockContext, RegEntries16)
{
    // 0x2CFF: nnn 2 (14) | rplen 11 (4 x 16-bit) | pplen 0 | pmode 0 |
    // rmode 1 = 0x2000 | 0x0C00 | 0x0080 | 0x7F.  reg @2..9; two 8-bit
    // pred entries @10..11 (zero: unused); c.nop @12.
    // E0 0xD5AA: isvec 1 | regidx 1010101 (85) | int | vew 01 | key 01010
    // E1 0x7F5F: isvec 0 | regidx 1111111 (127) | fp | vew 10 | key 11111
    // E2 0x8360: isvec 1 | regidx 0000011 | fp | vew 11 | key 00000
    // E3 0x4085: isvec 0 | regidx 1000000 (64) | int | vew 00 | key 00101
    const auto c = decode_ok(Bytes{}
                                 .p16s({0x2CFF, 0xD5AA, 0x7F5F, 0x8360, 0x4085})
                                 .p8s({0x00, 0x00})
                                 .p16(c_nop));
    EXPECT_EQ(describe(c.int_regs[10]), reg(1, 85, 8));
    EXPECT_EQ(describe(c.fp_regs[31]), reg(0, 127, 16));
    EXPECT_EQ(describe(c.fp_regs[0]), reg(1, 3, 32));
    // A29: a scalar entry still redirects (regidx kept, enabled).
    EXPECT_EQ(describe(c.int_regs[5]), reg(0, 64, 0));
    // A27: the class is i/f; the other class with the same key is clear.
    EXPECT_EQ(describe(c.fp_regs[10]), unused_reg);
    EXPECT_EQ(describe(c.int_regs[31]), unused_reg);
    EXPECT_EQ(describe(c.int_regs[0]), unused_reg);
    EXPECT_EQ(describe(c.fp_regs[5]), unused_reg);
    EXPECT_EQ(enabled_total(c), 4);
    EXPECT_EQ(c.op_offset[0], 12);
}

TEST(VblockContext, RegEntries8)
{
    // 0x187F: nnn 1 (12) | rplen 10 (4 x 8-bit) | pplen 0 (2 preds) |
    // pmode 0 | rmode 0 = 0x1000 | 0x0800 | 0x7F.  reg @2..5, pred
    // @6..7, addi @8..11.  Each: i/f | vew | regnum; isvec 1, regidx
    // regnum << 2 (A26).
    // 0x81: int | 00 | 00001 -> x1 -> x4, default width
    // 0x7F: fp  | 11 | 11111 -> f31 -> f124, 32
    // 0xA0: int | 01 | 00000 -> x0 -> x0, 8
    // 0x47: fp  | 10 | 00111 -> f7 -> f28, 16
    const auto c = decode_ok(Bytes{}
                                 .p16(0x187F)
                                 .p8s({0x81, 0x7F, 0xA0, 0x47})
                                 .p8s({0x00, 0x00})
                                 .p32(addi_nop));
    EXPECT_EQ(describe(c.int_regs[1]), reg(1, 4, 0));
    EXPECT_EQ(describe(c.fp_regs[31]), reg(1, 124, 32));
    EXPECT_EQ(describe(c.int_regs[0]), reg(1, 0, 8));
    EXPECT_EQ(describe(c.fp_regs[7]), reg(1, 28, 16));
    EXPECT_EQ(enabled_total(c), 4);
    ASSERT_EQ(c.n_ops, 1);
    EXPECT_EQ(c.op_offset[0], 8);
}

TEST(VblockContext, UnusedRegEntries)
{
    // 8-bit: 0x00 would be "fp, default width, f0 -> f0 vector" if taken
    // literally (A45).  Same 0x187F block: entries 00, 00, 00, 0x20
    // (fp | 01 | 00000: f0 -> f0, 8) show a non-zero f0 entry is used.
    auto c = decode_ok(Bytes{}
                           .p16(0x187F)
                           .p8s({0x00, 0x00, 0x00, 0x00})
                           .p8s({0x00, 0x00})
                           .p32(addi_nop));
    EXPECT_EQ(enabled_total(c), 0);
    c = decode_ok(Bytes{}
                      .p16(0x187F)
                      .p8s({0x00, 0x00, 0x00, 0x20})
                      .p8s({0x00, 0x00})
                      .p32(addi_nop));
    EXPECT_EQ(describe(c.fp_regs[0]), reg(1, 0, 8));
    EXPECT_EQ(enabled_total(c), 1);

    // 16-bit (0x2CFF block): 0x0000 is unused, while 0x0001 (scalar
    // f1 -> f0) is an entry.
    c = decode_ok(Bytes{}
                      .p16s({0x2CFF, 0x0000, 0x0000, 0x0001, 0x0000})
                      .p8s({0x00, 0x00})
                      .p16(c_nop));
    EXPECT_EQ(describe(c.fp_regs[1]), reg(0, 0, 0));
    EXPECT_EQ(enabled_total(c), 1);
}

TEST(VblockContext, DuplicateRegKeysLaterWins)
{
    // 0x2CFF block.  E0 0x8A8A: isvec 1 | regidx 10 | int | 00 | key 10
    // E1 0x0AEA: isvec 0 | regidx 10 | int | 11 | key 10 -> wins
    // E2 0x8A0A: isvec 1 | regidx 10 | fp | 00 | key 10 (other class)
    // E3 0x0000: unused, does not clear anything.
    const auto c = decode_ok(Bytes{}
                                 .p16s({0x2CFF, 0x8A8A, 0x0AEA, 0x8A0A, 0x0000})
                                 .p8s({0x00, 0x00})
                                 .p16(c_nop));
    EXPECT_EQ(describe(c.int_regs[10]), reg(0, 10, 32));
    EXPECT_EQ(describe(c.fp_regs[10]), reg(1, 10, 0));
    EXPECT_EQ(enabled_total(c), 2);

    // 8-bit (0x187F block): 0x8A int | 00 | x10, then 0xEA int | 11 | x10.
    const auto d = decode_ok(Bytes{}
                                 .p16(0x187F)
                                 .p8s({0x8A, 0xEA, 0x00, 0x00})
                                 .p8s({0x00, 0x00})
                                 .p32(addi_nop));
    EXPECT_EQ(describe(d.int_regs[10]), reg(1, 40, 32));
    EXPECT_EQ(enabled_total(d), 1);
}

// --- predicate table (§1.11, A28, A45, A46) -----------------------------

// 0x1BFF: nnn 1 (12) | rplen 10 (2 x 16-bit) | pplen 1 (2 preds) |
// pmode 1 | rmode 1 = 0x1000 | 0x0800 | 0x0200 | 0x0100 | 0x0080 | 0x7F.
// reg @2..5, pred @6..9, c.nop @10.  The register entries:
// 0x0A8A: scalar | regidx 10 | int | 00 | key 10  (x10)
// 0x8202: vector | regidx 2 | fp | 00 | key 2     (f2)
Bytes pred16_block(uint16_t p0, uint16_t p1)
{
    return Bytes{}.p16s({0x1BFF, 0x0A8A, 0x8202, p0, p1, c_nop});
}

TEST(VblockContext, PredEntries16)
{
    // 16-bit: predidx 15:11 | zero 10 | inv 9 | i/f 8 | regidx 7:1 |
    // ffirst 0.
    // P0 0x8D15: 10001 (x17) | 1 | 0 | int | 0001010 (10) | 1
    // P1 0xFA3E: 11111 (x31) | 0 | 1 | fp  | 0011111 (31) | 0
    const auto c = decode_ok(pred16_block(0x8D15, 0xFA3E));
    EXPECT_EQ(describe(c.int_preds[10]), pred(17, 1, 0, 1));
    EXPECT_EQ(describe(c.fp_preds[31]), pred(31, 0, 1, 0));
    EXPECT_EQ(describe(c.fp_preds[10]), unused_pred);
    EXPECT_EQ(describe(c.int_preds[31]), unused_pred);
    EXPECT_EQ(describe(c.int_regs[10]), reg(0, 10, 0));
    EXPECT_EQ(describe(c.fp_regs[2]), reg(1, 2, 0));
    EXPECT_EQ(enabled_total(c), 4);
}

TEST(VblockContext, PredEntries16X0Encodings)
{
    // x0 | 0 | 1 | int | key 00101 | 0 = 0x0200|0x0100|0x000A = 0x030A:
    // the "x0 + inv = all ones" trick (§1.11) is legal.
    auto c = decode_ok(pred16_block(0x030A, 0x0000));
    EXPECT_EQ(describe(c.int_preds[5]), pred(0, 0, 1, 0));
    // x0 | 1 | 0 | int | key 5 | 1 = 0x0400|0x0100|0x0A|1 = 0x050B: legal.
    c = decode_ok(pred16_block(0x0000, 0x050B));
    EXPECT_EQ(describe(c.int_preds[5]), pred(0, 1, 0, 1));
    // Key x0, integer (C.BEQZ's second entry, §6.2): x3 | 0 | 0 | int |
    // 0000000 | 0 = 0x1800 | 0x0100 = 0x1900.
    c = decode_ok(pred16_block(0x1900, 0x0000));
    EXPECT_EQ(describe(c.int_preds[0]), pred(3, 0, 0, 0));
}

TEST(VblockContext, PredReservedX0InvZero)
{
    // A46: x0 | zero 1 | inv 1 | int | key 5 | 0 = 0x0400|0x0200|0x0100|
    // 0x000A = 0x070A, in either slot; with ffirst (0x070B) and as fp
    // (0x060A) too.
    expect_fails(pred16_block(0x070A, 0x0000), SV_ILLEGAL_VBLOCK_MALFORMED);
    expect_fails(pred16_block(0x8D15, 0x070A), SV_ILLEGAL_VBLOCK_MALFORMED);
    expect_fails(pred16_block(0x070B, 0x0000), SV_ILLEGAL_VBLOCK_MALFORMED);
    expect_fails(pred16_block(0x060A, 0x0000), SV_ILLEGAL_VBLOCK_MALFORMED);
    // predidx x1 with zero + inv is fine: 0x0800 | 0x070A = 0x0F0A.
    const auto c = decode_ok(pred16_block(0x0F0A, 0x0000));
    EXPECT_EQ(describe(c.int_preds[5]), pred(1, 1, 1, 0));
}

TEST(VblockContext, PredKeyHighBitsReserved)
{
    // A28: regidx[6:5] (entry bits 7:6) must be 0.
    // x1 | 0 | 0 | int | 0100000 | 0 = 0x0800|0x0100|0x0040 = 0x0940
    expect_fails(pred16_block(0x0940, 0x0000), SV_ILLEGAL_VBLOCK_MALFORMED);
    // x1 | 0 | 0 | int | 1000000 | 0 = 0x0800|0x0100|0x0080 = 0x0980
    expect_fails(pred16_block(0x0000, 0x0980), SV_ILLEGAL_VBLOCK_MALFORMED);
    // x1 | 0 | 0 | fp | 1111111 | 1 = 0x0800|0x00FF = 0x08FF
    expect_fails(pred16_block(0x08FF, 0x0000), SV_ILLEGAL_VBLOCK_MALFORMED);
    // regidx 0011111 is the largest legal key: x1 | fp | 0x3E = 0x083E.
    const auto c = decode_ok(pred16_block(0x083E, 0x0000));
    EXPECT_EQ(describe(c.fp_preds[31]), pred(1, 0, 0, 0));
}

// 0x1A7F: nnn 1 (12) | rplen 10 (4 x 8-bit) | pplen 1 (4 preds) |
// pmode 0 | rmode 0 = 0x1000 | 0x0800 | 0x0200 | 0x7F.  reg @2..5
// (unused), pred @6..9, c.nop @10.
Bytes pred8_block(uint8_t p0, uint8_t p1, uint8_t p2, uint8_t p3)
{
    return Bytes{}
        .p16(0x1A7F)
        .p8s({0x00, 0x00, 0x00, 0x00})
        .p8s({p0, p1, p2, p3})
        .p16(c_nop);
}

TEST(VblockContext, PredEntries8)
{
    // 8-bit: zero 7 | inv 6 | i/f 5 | regnum 4:0; entry k -> x(9+k).
    // 0xAA: 1 | 0 | int | 01010  -> x10 keyed, mask x9
    // 0x5F: 0 | 1 | fp  | 11111  -> f31 keyed, mask x10
    // 0xC3: 1 | 1 | fp  | 00011  -> f3 keyed, mask x11 (x9+ is never x0,
    //                               so zero + inv is legal here)
    // 0x20: 0 | 0 | int | 00000  -> x0 keyed, mask x12
    const auto c = decode_ok(pred8_block(0xAA, 0x5F, 0xC3, 0x20));
    EXPECT_EQ(describe(c.int_preds[10]), pred(9, 1, 0, 0));
    EXPECT_EQ(describe(c.fp_preds[31]), pred(10, 0, 1, 0));
    EXPECT_EQ(describe(c.fp_preds[3]), pred(11, 1, 1, 0));
    EXPECT_EQ(describe(c.int_preds[0]), pred(12, 0, 0, 0));
    EXPECT_EQ(enabled_total(c), 4);
}

TEST(VblockContext, Pred8NumberingCountsUnusedEntries)
{
    // Position, not rank among used entries: 00, 0x21 (int x1), 00,
    // 0x3F (int x31) -> x1 uses x10 (k 1), x31 uses x12 (k 3).
    const auto c = decode_ok(pred8_block(0x00, 0x21, 0x00, 0x3F));
    EXPECT_EQ(describe(c.int_preds[1]), pred(10, 0, 0, 0));
    EXPECT_EQ(describe(c.int_preds[31]), pred(12, 0, 0, 0));
    // 0x00 is unused: f0 gets nothing (A45).
    EXPECT_EQ(describe(c.fp_preds[0]), unused_pred);
    EXPECT_EQ(enabled_total(c), 2);
}

TEST(VblockContext, Pred8EightEntries)
{
    // 0x5E7F: nnn 5 (20) | rplen 11 (8 x 8-bit) | pplen 1 (8 preds) |
    // pmode 0 | rmode 0 = 0x5000 | 0x0C00 | 0x0200 | 0x7F.
    // reg @2..9 unused, pred @10..17 = 0x21..0x28 (int | x1..x8),
    // c.nop @18: the masks are x9..x16.
    const auto c =
        decode_ok(Bytes{}
                      .p16(0x5E7F)
                      .p8s({0, 0, 0, 0, 0, 0, 0, 0})
                      .p8s({0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28})
                      .p16(c_nop));
    for (unsigned k = 0; k < 8; ++k) {
        EXPECT_EQ(describe(c.int_preds[k + 1]),
                  pred(static_cast<uint8_t>(9 + k), 0, 0, 0))
            << k;
    }
    EXPECT_EQ(c.op_offset[0], 18);
}

TEST(VblockContext, DuplicatePredKeysLaterWins)
{
    // 8-bit: 0x21 (int x1, mask x9), 0x61 (inv, int x1, mask x10).
    const auto c = decode_ok(pred8_block(0x21, 0x61, 0x00, 0x00));
    EXPECT_EQ(describe(c.int_preds[1]), pred(10, 0, 1, 0));
    EXPECT_EQ(enabled_total(c), 1);
    // 16-bit: 0x8D15 (x17 ... key int 10) then 0x1914 (x3 | 0 | 0 | int |
    // 0001010 | 0 = 0x1800|0x0100|0x14) wins.
    const auto d = decode_ok(pred16_block(0x8D15, 0x1914));
    EXPECT_EQ(describe(d.int_preds[10]), pred(3, 0, 0, 0));
}

TEST(VblockContext, UnusedPredEntries16)
{
    // 0x0000 in both slots: nothing (it would otherwise be f0 keyed, x0).
    const auto c = decode_ok(pred16_block(0x0000, 0x0000));
    EXPECT_EQ(enabled_total(c), 2); // the two register entries only
    EXPECT_EQ(describe(c.fp_preds[0]), unused_pred);
    // 0x0001 (ffirst alone: fp f0, mask x0) is an entry.
    const auto d = decode_ok(pred16_block(0x0001, 0x0000));
    EXPECT_EQ(describe(d.fp_preds[0]), pred(0, 0, 0, 1));
}

// 0x047F: nnn 0 (10) | rplen 01 (2 x 8-bit) | pplen 0 (1 pred) | pmode 0
// | rmode 0.  reg @2..3, pred @4, pad @5, two c.nop @6..9.
Bytes padded_block(uint8_t pred, uint8_t pad)
{
    return Bytes{}
        .p16(0x047F)
        .p8s({0x81, 0x00})
        .p8s({pred, pad})
        .p16s({c_nop, c_nop});
}

TEST(VblockContext, PredPadding)
{
    // 0xA1: zero | 0 | int | x1 -> mask x9.
    const auto c = decode_ok(padded_block(0xA1, 0x00));
    EXPECT_EQ(describe(c.int_regs[1]), reg(1, 4, 0));
    EXPECT_EQ(describe(c.int_preds[1]), pred(9, 1, 0, 0));
    EXPECT_EQ(c.op_offset[0], 6);
    // A11: the pad is a zero byte; anything else is malformed.
    expect_fails(padded_block(0xA1, 0x01), SV_ILLEGAL_VBLOCK_MALFORMED);
    expect_fails(padded_block(0x00, 0xFF), SV_ILLEGAL_VBLOCK_MALFORMED);
}

// --- the opcode area (§3.5, A13) ---------------------------------------

TEST(VblockContext, ZeroParcel)
{
    // 10 bytes: c.nop, 0x0000, c.nop, c.nop.
    expect_fails(Bytes{}.p16s({0x007F, c_nop, 0x0000, c_nop, c_nop}),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
    // First opcode.
    expect_fails(Bytes{}.p16s({0x007F, 0x0000, c_nop, c_nop, c_nop}),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
}

TEST(VblockContext, LongInstructionsInside)
{
    // §3.5: P48/P64 may sit in the opcode area (their fields are the
    // translator's business: sv_prefix_decode).  P48 (low 7 bits 0011111):
    // 0x001F + two parcels + c.nop.
    sv_vblock_context c =
        decode_ok(Bytes{}.p16s({0x007F, 0x001F, 0x0000, 0x0000, c_nop}));
    EXPECT_EQ(c.n_ops, 2);
    EXPECT_EQ(c.op_offset[0], 2);
    EXPECT_EQ(c.op_offset[1], 8);
    // P64 (0111111): 0x003F + three parcels fills the area exactly.
    c = decode_ok(Bytes{}.p16s({0x007F, 0x003F, 0x1111, 0x1111, 0x1111}));
    EXPECT_EQ(c.n_ops, 1);
    EXPECT_EQ(c.op_offset[0], 2);
    // A P48 after a valid c.nop, in a 12-byte block (0x107F).
    c = decode_ok(Bytes{}.p16s({0x107F, c_nop, 0x001F, 0x1111, 0x1111, c_nop}));
    EXPECT_EQ(c.n_ops, 3);
    EXPECT_EQ(c.op_offset[1], 4);
    EXPECT_EQ(c.op_offset[2], 10);
    // Other 48-bit (bit 6 = 1): 0x005F.
    expect_fails(Bytes{}.p16s({0x007F, 0x005F, 0x1111, 0x1111, c_nop}),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
    // A P64 that overruns the end of the block.
    expect_fails(Bytes{}.p16s({0x007F, c_nop, 0x003F, 0x1111, 0x1111}),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
}

TEST(VblockContext, NestedVblock)
{
    // 0x007F inside 0x207F (14 bytes): the inner would be 10 bytes, which
    // fits (@4..13) and still is illegal: no nesting.
    expect_fails(
        Bytes{}.p16s({0x207F, c_nop, 0x007F, c_nop, c_nop, c_nop, c_nop}),
        SV_ILLEGAL_VBLOCK_MALFORMED);
    // VBLOCK2 header 0x707F inside, with its VBLOCK2 parcel.
    expect_fails(
        Bytes{}.p16s({0x207F, 0x707F, 0x0000, c_nop, c_nop, c_nop, c_nop}),
        SV_ILLEGAL_VBLOCK_MALFORMED);
    // VBLOCK2 header as the very last parcel (no second parcel in block).
    expect_fails(Bytes{}.p16s({0x007F, c_nop, c_nop, c_nop, 0x707F}),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
}

TEST(VblockContext, LastOpcodeOverruns)
{
    // 10 bytes: addi @2..5, c.nop @6, then a 32-bit opcode @8 that would
    // end at 12.  Bytes 10..11 are present in memory but not the block's.
    expect_fails(Bytes{}.p16(0x007F).p32(addi_nop).p16(c_nop).p32(addi_nop),
                 SV_ILLEGAL_VBLOCK_MALFORMED);
}

// VBLOCK2 0x707F: nnn 7, no tables; VBLOCK2 = ilen: 12 + 2 ilen bytes,
// opcodes from byte 4.
Bytes vblock2_nops(uint16_t ilen, int nops)
{
    Bytes b;
    b.p16s({0x707F, ilen});
    for (int i = 0; i < nops; ++i) {
        b.p16(c_nop);
    }
    return b;
}

TEST(VblockContext, OpptrLimit)
{
    // ilen 28: 68 bytes, 64 of opcodes = 32 c.nop at opptr 0..31.
    auto c = decode_ok(vblock2_nops(28, 32));
    ASSERT_EQ(c.n_ops, 32);
    EXPECT_EQ(c.op_offset[0], 4);
    EXPECT_EQ(c.op_offset[31], 66);
    // ilen 29: 70 bytes: 31 c.nop, then addi at opptr 31 (@66..69).
    Bytes b = vblock2_nops(29, 31);
    b.p32(addi_nop);
    c = decode_ok(b);
    ASSERT_EQ(c.n_ops, 32);
    EXPECT_EQ(c.op_offset[31], 66);
    // A13: 33 c.nop, the last at opptr 32, which PCVBLK cannot hold.
    expect_fails(vblock2_nops(29, 33), SV_ILLEGAL_VBLOCK_MALFORMED);
    // ilen 31: 74 bytes, 35 c.nop.
    expect_fails(vblock2_nops(31, 35), SV_ILLEGAL_VBLOCK_MALFORMED);
}

// --- lengths and other statuses -----------------------------------------

TEST(VblockContext, TooFewBytes)
{
    const Bytes full = Bytes{}.p16s({0x007F, c_nop, c_nop, c_nop, c_nop});
    sv_vblock_context c;
    for (size_t n = 0; n < 10; ++n) {
        EXPECT_EQ(sv_vblock_decode(full.b.data(), n, &c), SV_NEED_MORE_BYTES)
            << n;
    }
    EXPECT_EQ(sv_vblock_decode(full.b.data(), 10, &c), SV_OK);
    EXPECT_EQ(sv_vblock_decode(nullptr, 0, &c), SV_NEED_MORE_BYTES);

    // VBLOCK2: 3 bytes do not give ilen; 4 give it (ilen 1: 14 bytes).
    const Bytes ext = vblock2_nops(1, 5);
    for (size_t n = 2; n < 14; ++n) {
        EXPECT_EQ(sv_vblock_decode(ext.b.data(), n, &c), SV_NEED_MORE_BYTES)
            << n;
    }
    EXPECT_EQ(sv_vblock_decode(ext.b.data(), 14, &c), SV_OK);
    EXPECT_EQ(c.n_ops, 5);
    // The untouched guarantee holds for NEED_MORE_BYTES too.
    Bytes short_block = full;
    short_block.b.pop_back();
    expect_fails(short_block, SV_NEED_MORE_BYTES);
}

TEST(VblockContext, NotAVblock)
{
    expect_fails(Bytes{}.p32(addi_nop), SV_ILLEGAL_RESERVED_LENGTH);
    expect_fails(Bytes{}.p16s({c_nop, c_nop}), SV_ILLEGAL_RESERVED_LENGTH);
    expect_fails(Bytes{}.p16s({0x003F, 0, 0, 0}), SV_ILLEGAL_RESERVED_LENGTH);
}

TEST(VblockContext, Vblock2Reserved)
{
    // VBLOCK2 bit 5 (swlen[0]) and bit 15.
    expect_fails(vblock2_nops(0x0020, 4), SV_ILLEGAL_VBLOCK2_RESERVED);
    expect_fails(vblock2_nops(0x8000, 4), SV_ILLEGAL_VBLOCK2_RESERVED);
}

TEST(VblockContext, TablesFillTheBlock)
{
    // 0x4FFF: nnn 4 (18) | 4 x 16-bit regs | 4 x 16-bit preds: 2+8+8 = 18,
    // no room for an opcode.
    Bytes b;
    b.p16(0x4FFF);
    for (int i = 0; i < 8; ++i) {
        b.p16(0x0000);
    }
    expect_fails(b, SV_ILLEGAL_VBLOCK_MALFORMED);
}

// --- sv_pred_for (§1.11 critical rule, §6.2) ----------------------------

TEST(VblockContext, PredFor)
{
    // pred16_block: x10 (int) and f2 (fp) have register entries.
    // P0 0x8D15: int key 10, x17.  P1 0x1100: x2 | 0 | 0 | int | 0000000
    // | 0 = 0x1000|0x0100 = 0x1100 -> int key 0 (no register entry).
    auto c = decode_ok(pred16_block(0x8D15, 0x1100));
    const sv_pred_entry *p = sv_pred_for(&c, false, 10, false);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p, &c.int_preds[10]);
    // Same key, other class: f10 has neither entry.
    EXPECT_EQ(sv_pred_for(&c, true, 10, false), nullptr);
    EXPECT_EQ(sv_pred_for(&c, true, 10, true), nullptr);
    // x0's predicate has no register entry: only a branch's rs2 (C.BEQZ's
    // implicit x0) sees it.
    EXPECT_EQ(sv_pred_for(&c, false, 0, false), nullptr);
    EXPECT_EQ(sv_pred_for(&c, false, 0, true), &c.int_preds[0]);
    // f2 has a register entry but no predicate entry.
    EXPECT_EQ(sv_pred_for(&c, true, 2, false), nullptr);
    EXPECT_EQ(sv_pred_for(&c, true, 2, true), nullptr);
    // Out of range.
    EXPECT_EQ(sv_pred_for(&c, false, 32, true), nullptr);
    EXPECT_EQ(sv_pred_for(&c, false, 42, true), nullptr);

    // fp class: P0 0x1004: x2 | 0 | 0 | fp | 0000010 | 0 keys f2.
    c = decode_ok(pred16_block(0x1004, 0x0000));
    EXPECT_EQ(sv_pred_for(&c, true, 2, false), &c.fp_preds[2]);
    EXPECT_EQ(sv_pred_for(&c, false, 2, true), nullptr);
}

// --- sv_vblock_decode_why: one text per cause, naming its rule ----------

std::string why_of(const Bytes &in, sv_status want)
{
    sv_vblock_context c;
    const char *why = "unset";
    EXPECT_STREQ(sv_status_name(
                     sv_vblock_decode_why(in.b.data(), in.b.size(), &c, &why)),
                 sv_status_name(want));
    return why ? why : "(null)";
}

TEST(VblockContext, DecodeWhyNamesEachRule)
{
    const sv_status bad = SV_ILLEGAL_VBLOCK_MALFORMED;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {why_of(Bytes{}.p16s({0x807F, 0xC000, c_nop, c_nop, c_nop}), bad),
         "VL block mode 11 is reserved (§3.3)"},
        {why_of(Bytes{}.p16s({0x807F, 0x0020, c_nop, c_nop, c_nop}), bad),
         "VL block mode 00 with the reserved bit 5"},
        {why_of(Bytes{}.p16s({0x807F, 0x8020, c_nop, c_nop, c_nop}), bad),
         "VL block mode 10 with the reserved bit 5"},
        {why_of(pred16_block(0x0940, 0x0000), bad), "(A28)"},
        {why_of(pred16_block(0x070A, 0x0000), bad),
         "x0 with inv and zero is reserved (A46)"},
        {why_of(padded_block(0xA1, 0x01), bad), "pad byte"},
        {why_of(Bytes{}.p16s({0x007F, c_nop, 0x0000, c_nop, c_nop}), bad),
         "zero parcel"},
        {why_of(
             Bytes{}.p16s({0x207F, c_nop, 0x007F, c_nop, c_nop, c_nop, c_nop}),
             bad),
         "nested VBLOCK"},
        {why_of(
             Bytes{}.p16s({0x207F, 0x707F, 0x0000, c_nop, c_nop, c_nop, c_nop}),
             bad),
         "nested VBLOCK"},
        {why_of(Bytes{}.p16s({0x007F, 0x005F, 0x1111, 0x1111, c_nop}), bad),
         "48-bit opcode with bit 6 set"},
        {why_of(Bytes{}.p16(0x007F).p32(addi_nop).p16(c_nop).p32(addi_nop),
                bad),
         "overruns the block's end"},
        {why_of(vblock2_nops(29, 33), bad), "beyond opptr 31"},
        {why_of(vblock2_nops(0x0020, 4), SV_ILLEGAL_VBLOCK2_RESERVED),
         "VBLOCK2 bits 15:5"},
        {why_of(Bytes{}.p16s({0x4FFF, 0, 0, 0, 0, 0, 0, 0, 0}), bad),
         "tables overrun the block"},
        {why_of(Bytes{}.p32(addi_nop), SV_ILLEGAL_RESERVED_LENGTH),
         "not a VBLOCK header"},
        {why_of(Bytes{}.p16s({0x007F, c_nop, c_nop, c_nop, c_nop}), SV_OK),
         "(null)"},
    };
    std::set<std::string> seen;
    for (const auto &c : cases) {
        EXPECT_NE(c.first.find(c.second), std::string::npos)
            << c.first << " lacks " << c.second;
        if (c.second != "nested VBLOCK") {
            EXPECT_TRUE(seen.insert(c.first).second) << "twice: " << c.first;
        }
    }
    // NULL why is allowed.
    const Bytes ok = Bytes{}.p16s({0x007F, c_nop, c_nop, c_nop, c_nop});
    sv_vblock_context c;
    EXPECT_EQ(sv_vblock_decode_why(ok.b.data(), ok.b.size(), &c, nullptr),
              SV_OK);
}

TEST(VblockContext, PcvblkAdvance)
{
    // 14 bytes (0x207F): c.nop @2 (opptr 0), addi @4 (opptr 1), c.nop @8
    // (opptr 3), addi @10 (opptr 4).
    const auto c = decode_ok(
        Bytes{}.p16(0x207F).p16(c_nop).p32(addi_nop).p16(c_nop).p32(addi_nop));
    ASSERT_EQ(c.n_ops, 4);
    sv_pcvblk_fields f{};
    f.status = SV_PCVBLK_EXECUTING;
    f.nnn = 2;
    f.hdr11_7 = 0;
    uint32_t p = sv_pcvblk_pack(f);
    const unsigned want[] = {1, 3, 4};
    for (unsigned w : want) {
        ASSERT_EQ(sv_pcvblk_advance(&c, &p), SV_OK);
        EXPECT_EQ(sv_pcvblk_unpack(p).opptr, w);
        EXPECT_EQ(sv_pcvblk_unpack(p).nnn, 2);
        EXPECT_EQ(sv_pcvblk_unpack(p).status, SV_PCVBLK_EXECUTING);
    }
    // Past the last opcode: the block is done.
    ASSERT_EQ(sv_pcvblk_advance(&c, &p), SV_OK);
    EXPECT_EQ(p, 0u);
    // Not in a block, and an opptr inside an opcode: unchanged.
    EXPECT_EQ(sv_pcvblk_advance(&c, &p), SV_ILLEGAL_PCVBLK_INACTIVE);
    f.opptr = 2;
    p = sv_pcvblk_pack(f);
    EXPECT_EQ(sv_pcvblk_advance(&c, &p), SV_ILLEGAL_PCVBLK_RANGE);
    EXPECT_EQ(p, sv_pcvblk_pack(f));
}

TEST(VblockContext, PcvblkOpcodeOffset)
{
    // The 14-byte block of PcvblkAdvance: opcodes from byte 2.
    sv_pcvblk_fields f{};
    f.status = SV_PCVBLK_EXECUTING;
    f.nnn = 2;
    unsigned off = 99;
    const unsigned want[][2] = {{0, 2}, {1, 4}, {3, 8}, {4, 10}, {5, 12}};
    for (const auto &w : want) {
        f.opptr = static_cast<uint8_t>(w[0]);
        ASSERT_EQ(sv_pcvblk_opcode_offset(sv_pcvblk_pack(f), &off), SV_OK);
        EXPECT_EQ(off, w[1]) << "opptr " << w[0];
    }
    // Past the end (14 bytes), not executing: off is left alone.
    off = 99;
    f.opptr = 6;
    EXPECT_EQ(sv_pcvblk_opcode_offset(sv_pcvblk_pack(f), &off),
              SV_ILLEGAL_PCVBLK_RANGE);
    f.opptr = 0;
    f.status = SV_PCVBLK_NONE;
    EXPECT_EQ(sv_pcvblk_opcode_offset(sv_pcvblk_pack(f), &off),
              SV_ILLEGAL_PCVBLK_INACTIVE);
    EXPECT_EQ(off, 99u);
    // A VL block, 2 register entries (rplen 1, 8-bit: rmode 0) and 1
    // predicate entry (pplen 0, 8-bit): header 2, VL block 2, regs 2,
    // preds 1 + 1 padding: opcodes from byte 8 (A10, A11), 16 bytes.
    f = sv_pcvblk_fields{};
    f.status = SV_PCVBLK_EXECUTING;
    f.vlset = 1;
    f.nnn = 3;
    f.hdr11_7 = 1u << 3; // header bits 11:10: rplen = 1
    f.opptr = 1;
    ASSERT_EQ(sv_pcvblk_opcode_offset(sv_pcvblk_pack(f), &off), SV_OK);
    EXPECT_EQ(off, 10u);
}

} // namespace
