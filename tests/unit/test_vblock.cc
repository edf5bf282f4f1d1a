// VBLOCK layout (§3.1-§3.4, A10, A11, A47).  Layouts are worked out by
// hand; the exhaustive test checks the invariants the translator relies on.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "svcore.h"

namespace
{

std::string describe(const sv_vblock_layout &l)
{
    std::ostringstream s;
    s << "total=" << +l.total_bytes << " ext=" << +l.extended
      << " vlset=" << +l.vlset << "@" << +l.vl_block_offset
      << " reg=" << +l.reg_entries << "x" << +l.reg_entry_bytes << "@"
      << +l.reg_offset << " pred=" << +l.pred_entries << "x"
      << +l.pred_entry_bytes << "@" << +l.pred_offset
      << " ops=" << +l.opcodes_bytes << "@" << +l.opcodes_offset;
    return s.str();
}

// Field order as in sv_vblock_layout.
sv_vblock_layout layout(uint8_t total, uint8_t ext, uint8_t vlset,
                        uint8_t vl_off, uint8_t regs, uint8_t reg_bytes,
                        uint8_t reg_off, uint8_t preds, uint8_t pred_bytes,
                        uint8_t pred_off, uint8_t ops_off, uint8_t ops_bytes)
{
    sv_vblock_layout l;
    l.total_bytes = total;
    l.extended = ext;
    l.vlset = vlset;
    l.vl_block_offset = vl_off;
    l.reg_entries = regs;
    l.reg_entry_bytes = reg_bytes;
    l.reg_offset = reg_off;
    l.pred_entries = preds;
    l.pred_entry_bytes = pred_bytes;
    l.pred_offset = pred_off;
    l.opcodes_offset = ops_off;
    l.opcodes_bytes = ops_bytes;
    return l;
}

std::string decoded(uint16_t header, uint16_t vblock2 = 0)
{
    sv_vblock_layout l{};
    const sv_status st = sv_vblock_layout_decode(header, vblock2, &l);
    return st == SV_OK ? describe(l) : sv_status_name(st);
}

// Header bits: 15 vlset | 14:12 nnn | 11:10 rplen | 9 pplen | 8 pmode |
// 7 rmode | 6:0 1111111.  The VL block offset is 0 when there is none.

TEST(VblockLayout, Empty)
{
    // 10 bytes, no tables: opcodes 2..9.
    EXPECT_EQ(decoded(0x007F),
              describe(layout(10, 0, 0, 0, 0, 1, 2, 0, 1, 2, 2, 8)));
}

TEST(VblockLayout, EightBitEntriesOddPredicatePadded)
{
    // vlset | nnn 2 (14 bytes) | rplen 1: two 8-bit reg entries; pplen 0:
    // one 8-bit pred entry, padded.  0x8000|0x2000|0x400|0x7F = 0xA47F.
    // VL 2, reg 4..5, pred 6 (+7 pad), opcodes 8..13.
    EXPECT_EQ(decoded(0xA47F),
              describe(layout(14, 0, 1, 2, 2, 1, 4, 1, 1, 6, 8, 6)));
}

TEST(VblockLayout, SixteenBitEntriesFull)
{
    // nnn 6 (22) | rplen 3: four 16-bit regs | pplen 1: four 16-bit preds:
    // 0x6000|0xC00|0x200|0x100|0x80|0x7F = 0x6FFF.  reg 2..9, pred 10..17.
    EXPECT_EQ(decoded(0x6FFF),
              describe(layout(22, 0, 0, 0, 4, 2, 2, 4, 2, 10, 18, 4)));
}

TEST(VblockLayout, EightRegsHalfAsManyPreds)
{
    // vlset | nnn 5 (20) | rplen 3, rmode 0: eight 8-bit regs; pplen 0:
    // four 8-bit preds.  0x8000|0x5000|0xC00|0x7F = 0xDC7F.
    EXPECT_EQ(decoded(0xDC7F),
              describe(layout(20, 0, 1, 2, 8, 1, 4, 4, 1, 12, 16, 4)));
}

TEST(VblockLayout, OneSixteenBitRegOneEightBitPred)
{
    // nnn 1 (12) | rplen 1 | pplen 1 | rmode 1: 0x1000|0x400|0x200|0x80|0x7F
    // = 0x16FF.  reg 2..3, pred 4 (+5 pad), opcodes 6..11.
    EXPECT_EQ(decoded(0x16FF),
              describe(layout(12, 0, 0, 0, 1, 2, 2, 1, 1, 4, 6, 6)));
    // Same with pplen 0: half of one, rounded up, is one (0x14FF).
    EXPECT_EQ(decoded(0x14FF),
              describe(layout(12, 0, 0, 0, 1, 2, 2, 1, 1, 4, 6, 6)));
    // rplen 2 (two 16-bit regs), pplen 0, pmode 1: one 16-bit pred.
    // 0x1000|0x800|0x100|0x80|0x7F = 0x19FF; reg 2..5, pred 6..7.
    EXPECT_EQ(decoded(0x19FF),
              describe(layout(12, 0, 0, 0, 2, 2, 2, 1, 2, 6, 8, 4)));
}

TEST(VblockLayout, PredicatesWithoutRegisters)
{
    // rplen 0 gives no predicates either way (0x03FF: pplen, pmode, rmode).
    EXPECT_EQ(decoded(0x03FF),
              describe(layout(10, 0, 0, 0, 0, 2, 2, 0, 2, 2, 2, 8)));
}

TEST(VblockLayout, Vblock2)
{
    // nnn 7, ilen 0: 12 bytes; VBLOCK2 at 2, opcodes 4..11.
    EXPECT_EQ(decoded(0x707F, 0x0000),
              describe(layout(12, 1, 0, 0, 0, 1, 4, 0, 1, 4, 4, 8)));
    // ilen 31: 74 bytes, opcodes 4..73.
    EXPECT_EQ(decoded(0x707F, 0x001F),
              describe(layout(74, 1, 0, 0, 0, 1, 4, 0, 1, 4, 4, 70)));
    // vlset | nnn 7 | rplen 2, rmode 0: four 8-bit regs | pplen 1, pmode 1:
    // four 16-bit preds.  0x8000|0x7000|0x800|0x200|0x100|0x7F = 0xFB7F.
    // ilen 10: 32 bytes.  VL 4, reg 6..9, pred 10..17, opcodes 18..31.
    EXPECT_EQ(decoded(0xFB7F, 0x000A),
              describe(layout(32, 1, 1, 4, 4, 1, 6, 4, 2, 10, 18, 14)));
}

TEST(VblockLayout, Vblock2IgnoredWhenNotExtended)
{
    EXPECT_EQ(decoded(0x007F, 0xFFFF), decoded(0x007F, 0));
    EXPECT_EQ(decoded(0x607F, 0x8000), decoded(0x607F, 0));
}

TEST(VblockLayout, Malformed)
{
    // nnn 0 (10) with eight 8-bit regs: opcodes would start at 10.
    EXPECT_EQ(decoded(0x0C7F), "ILLEGAL_VBLOCK_MALFORMED");
    // nnn 1 (12): four 16-bit regs + two 8-bit preds end at 12 ...
    EXPECT_EQ(decoded(0x1CFF), "ILLEGAL_VBLOCK_MALFORMED");
    // ... nnn 2 (14) leaves exactly one 16-bit opcode.
    EXPECT_EQ(decoded(0x2CFF),
              describe(layout(14, 0, 0, 0, 4, 2, 2, 2, 1, 10, 12, 2)));
    // The VL block counts: vlset on 0x2CFF pushes the opcodes to 14.
    EXPECT_EQ(decoded(0xACFF), "ILLEGAL_VBLOCK_MALFORMED");
    // VBLOCK2 with 16 bytes of tables (0x7FFF): needs ilen >= 5.
    EXPECT_EQ(decoded(0x7FFF, 0), "ILLEGAL_VBLOCK_MALFORMED");
    EXPECT_EQ(decoded(0x7FFF, 4), "ILLEGAL_VBLOCK_MALFORMED");
    EXPECT_EQ(decoded(0x7FFF, 5),
              describe(layout(22, 1, 0, 0, 4, 2, 4, 4, 2, 12, 20, 2)));
}

TEST(VblockLayout, Vblock2Reserved)
{
    // §3.4: bit 15, mapsz 14:12, rplen2 11:10, pplen2 9:8, swlen 7:5.
    for (unsigned bit = 5; bit < 16; bit++) {
        const auto v = static_cast<uint16_t>(1u << bit);
        EXPECT_EQ(decoded(0x707F, v), "ILLEGAL_VBLOCK2_RESERVED") << bit;
    }
    // Reserved is reported before malformed.
    EXPECT_EQ(decoded(0x7FFF, 0x0020), "ILLEGAL_VBLOCK2_RESERVED");
    // ilen's own bits are fine.
    for (unsigned bit = 0; bit < 5; bit++) {
        const auto v = static_cast<uint16_t>(1u << bit);
        EXPECT_EQ(decoded(0x707F, v).rfind("total=", 0), 0u) << bit;
    }
}

TEST(VblockLayout, NotAVblock)
{
    const uint16_t headers[] = {0x0000, 0x0013, 0x001F, 0x003F,
                                0x005F, 0x007E, 0xFFBF, 0xFFFE};
    for (uint16_t h : headers) {
        EXPECT_EQ(decoded(h), "ILLEGAL_RESERVED_LENGTH") << std::hex << h;
    }
}

// Bytes the header asks for before the opcodes, worked out from §3.2
// directly (not from the layout): used to check each MALFORMED verdict.
unsigned bytes_before_opcodes(uint16_t h)
{
    const unsigned nnn = (h >> 12) & 7, rplen = (h >> 10) & 3;
    const unsigned pplen = (h >> 9) & 1, pmode = (h >> 8) & 1;
    const unsigned rmode = (h >> 7) & 1;
    const unsigned regs = (rmode ? 1u : 2u) * (rplen == 3 ? 4 : rplen);
    const unsigned preds = pplen ? regs : (regs + 1) / 2;
    const unsigned pred_bytes = preds * (pmode ? 2 : 1);
    return 2 + (nnn == 7 ? 2 : 0) + ((h >> 15) ? 2 : 0) + regs * (rmode + 1) +
           pred_bytes + (pred_bytes & 1);
}

// Every header parcel, with several VBLOCK2 parcels: either a documented
// failure or a layout with the invariants below.
TEST(VblockLayout, ExhaustiveInvariants)
{
    const uint16_t vblock2s[] = {0x0000, 0x0001, 0x0007, 0x001F,
                                 0x0020, 0x8000, 0xFFFF};
    unsigned ok = 0, malformed = 0, reserved = 0;
    for (uint16_t v2 : vblock2s) {
        for (unsigned h32 = 0; h32 <= 0xFFFF; h32++) {
            const auto h = static_cast<uint16_t>(h32);
            sv_vblock_layout l{};
            const sv_status st = sv_vblock_layout_decode(h, v2, &l);
            if ((h & 0x7F) != 0x7F) {
                ASSERT_EQ(st, SV_ILLEGAL_RESERVED_LENGTH) << std::hex << h;
                continue;
            }
            SCOPED_TRACE(::testing::Message()
                         << std::hex << "header " << h << " vblock2 " << v2);
            const bool ext = ((h >> 12) & 7) == 7;
            const uint16_t parcels[2] = {h, v2};
            unsigned total = 0;
            ASSERT_EQ(sv_insn_length(parcels, 2, &total), SV_OK);
            if (ext && (v2 & 0xFFE0) != 0) {
                ASSERT_EQ(st, SV_ILLEGAL_VBLOCK2_RESERVED);
                reserved++;
                continue;
            }
            if (st == SV_ILLEGAL_VBLOCK_MALFORMED) {
                EXPECT_GE(bytes_before_opcodes(h), total);
                malformed++;
                continue;
            }
            ASSERT_EQ(st, SV_OK);
            ok++;
            EXPECT_EQ(l.total_bytes, total);
            EXPECT_EQ(l.extended, ext ? 1 : 0);
            EXPECT_EQ(l.vlset, h >> 15);
            EXPECT_EQ(l.reg_entry_bytes, ((h >> 7) & 1) + 1);
            EXPECT_EQ(l.pred_entry_bytes, ((h >> 8) & 1) + 1);
            EXPECT_EQ(l.pred_entries,
                      (h >> 9) & 1 ? l.reg_entries : (l.reg_entries + 1) / 2);
            // A10: header, [VBLOCK2], [VL], reg, pred, opcodes, ascending
            // and without gaps beyond A11's one padding byte.
            const unsigned first = ext ? 4 : 2;
            if (l.vlset) {
                EXPECT_EQ(l.vl_block_offset, first);
                EXPECT_EQ(l.reg_offset, first + 2);
            } else {
                EXPECT_EQ(l.vl_block_offset, 0);
                EXPECT_EQ(l.reg_offset, first);
            }
            const unsigned reg_end =
                l.reg_offset + l.reg_entries * l.reg_entry_bytes;
            const unsigned pred_end =
                l.pred_offset + l.pred_entries * l.pred_entry_bytes;
            EXPECT_TRUE(l.pred_offset == reg_end ||
                        l.pred_offset == reg_end + 1);
            EXPECT_TRUE(l.opcodes_offset == pred_end ||
                        l.opcodes_offset == pred_end + 1);
            EXPECT_EQ(l.reg_offset % 2, 0);
            EXPECT_EQ(l.pred_offset % 2, 0);
            EXPECT_EQ(l.opcodes_offset % 2, 0);
            EXPECT_EQ(l.opcodes_offset, bytes_before_opcodes(h));
            EXPECT_GE(l.opcodes_bytes, 2);
            EXPECT_EQ(l.opcodes_offset + l.opcodes_bytes, l.total_bytes);
            if (HasFailure()) {
                return; // one report is enough
            }
        }
    }
    // 7 vblock2 values x 512 headers: each outcome occurs.
    EXPECT_EQ(ok + malformed + reserved, 7u * 512u);
    EXPECT_GT(ok, 0u);
    EXPECT_GT(malformed, 0u);
    // Three vblock2 values (0x0020, 0x8000, 0xFFFF) are reserved, for the
    // 64 nnn = 7 headers each.
    EXPECT_EQ(reserved, 3u * 64u);
}

} // namespace
