// svcore internal: bit-field descriptors shared by the translation units.
// Every field of every SV register and encoding is named once here; the
// .cc files only ever go through Field::extract/encode/deposit.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#ifndef SVCORE_BITS_H
#define SVCORE_BITS_H

#include <cstdint>

namespace svcore
{

// A contiguous bit field [lsb + width - 1 : lsb] of a word of up to 64 bits.
struct Field {
    unsigned lsb;
    unsigned width;

    constexpr uint64_t max() const
    {
        return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    }
    constexpr uint64_t mask() const
    {
        return max() << lsb;
    }
    // Fields wider than 32 bits are only tested with any(), never extracted.
    constexpr unsigned extract(uint64_t word) const
    {
        return static_cast<unsigned>((word >> lsb) & max());
    }
    constexpr bool any(uint64_t word) const
    {
        return (word & mask()) != 0;
    }
    // Truncates v to the field's width (sv_state_pack's contract).
    constexpr uint32_t encode(uint64_t v) const
    {
        return static_cast<uint32_t>((v << lsb) & mask());
    }
    template <typename W> constexpr W deposit(W word, uint64_t v) const
    {
        return static_cast<W>((word & ~mask()) | ((v << lsb) & mask()));
    }
};

// §1.6 STATE, shared by SVPSTATE (§1.7).
namespace state
{
constexpr Field maxvl{0, 6};
constexpr Field vl{6, 6};
constexpr Field srcoffs{12, 6};
constexpr Field destoffs{18, 6};
constexpr Field subvl{24, 2};
constexpr Field dsvoffs{26, 2};
constexpr Field reserved{28, 36}; // 63:28 of the written value
} // namespace state

// §1.8 PCVBLK with A12's reading of 25:21.
namespace pcvblk
{
constexpr Field opptr{0, 5};
constexpr Field vblock2{5, 16};
constexpr Field hdr11_7{21, 5};
constexpr Field nnn{26, 3};
constexpr Field vlset{29, 1};
constexpr Field status{30, 2};
} // namespace pcvblk

// §3.1/§3.2 the first parcel of a long instruction / VBLOCK header.
namespace header
{
constexpr Field quadrant{0, 2}; // != 3: RVC
constexpr Field bits4_2{2, 3};  // != 7: 32-bit
constexpr Field low6{0, 6};     // 0x1F: 48-bit
constexpr Field major{0, 7};    // 0x3F: 64-bit, 0x7F: VBLOCK
constexpr Field bit6{6, 1};     // 48-bit: 0 is P48
constexpr Field rmode{7, 1};
constexpr Field pmode{8, 1};
constexpr Field pplen{9, 1};
constexpr Field rplen{10, 2};
constexpr Field bits11_7{7, 5}; // what PCVBLK caches (A12)
constexpr Field nnn{12, 3};
constexpr Field vlset{15, 1};
constexpr unsigned vblock_major = 0x7F;
constexpr unsigned nnn_extended = 7;
} // namespace header

// §3.4 VBLOCK2: everything above ilen is undefined so far.
namespace vblock2
{
constexpr Field ilen{0, 5};
constexpr Field reserved{5, 11}; // swlen, pplen2, rplen2, mapsz, bit 15
} // namespace vblock2

// §2.1 sv.setvl.
namespace setvl
{
constexpr Field opcode{0, 7};
constexpr Field rd{7, 5};
constexpr Field funct3{12, 3};
constexpr Field rs1{15, 5};
constexpr Field vlmax{20, 11};
constexpr Field reserved{31, 1};
constexpr unsigned op_v = 0x57;
constexpr unsigned funct3_setvl = 7;
} // namespace setvl

// §3.1, A47: VBLOCK is 80 + 16nnn bits, VBLOCK2 96 + 16ilen bits.
constexpr unsigned vblock_total_bytes(uint16_t hdr, uint16_t vb2)
{
    const unsigned nnn = header::nnn.extract(hdr);
    return nnn == header::nnn_extended ? 12 + 2 * vblock2::ilen.extract(vb2)
                                       : 10 + 2 * nnn;
}

// §3.3 VL block, as parcel bits 15:0.
namespace vl_fields
{
constexpr Field mode{14, 2};
constexpr Field subvl{12, 2}; // SUBVL - 1, STATE.subvl's encoding
constexpr Field imm{6, 6};    // VLMAX - 1 (A8)
constexpr Field rsvd{5, 1};   // modes 00 and 10
constexpr Field reg{0, 5};    // mode 00: rd, mode 10: rs1
constexpr Field rd_c{0, 3};   // mode 01: rd'
constexpr Field rs1_c{3, 3};  // mode 01: rs1' (bit 5 is rs1'[2])
constexpr unsigned mode_reserved = 3;
constexpr unsigned rvc_reg_base = 8; // rd'/rs1' name x8..x15
} // namespace vl_fields

// §1.10 16-bit register entry.
namespace reg16
{
constexpr Field key{0, 5};
constexpr Field vew{5, 2};
constexpr Field is_int{7, 1}; // A27: 1 = integer
constexpr Field regidx{8, 7};
constexpr Field isvec{15, 1};
} // namespace reg16

// §1.10 8-bit register entry: isvec = 1, regidx = regnum << 2 (A26).
namespace reg8
{
constexpr Field regnum{0, 5};
constexpr Field vew{5, 2};
constexpr Field is_int{7, 1};
constexpr unsigned regidx_shift = 2;
} // namespace reg8

// §1.11 16-bit predicate entry.  The 7-bit regidx field (7:1) is the
// key; A28 keys by the 5-bit opcode field, so its top two bits (entry
// bits 7:6) must be 0.
namespace pred16
{
constexpr Field ffirst{0, 1};
constexpr Field key{1, 5};
constexpr Field key_high{6, 2};
constexpr Field is_int{8, 1};
constexpr Field inv{9, 1};
constexpr Field zero{10, 1};
constexpr Field predidx{11, 5};
} // namespace pred16

// §1.11 8-bit predicate entry: predidx implicit, ffirst = 0.
namespace pred8
{
constexpr Field regnum{0, 5};
constexpr Field is_int{5, 1};
constexpr Field inv{6, 1};
constexpr Field zero{7, 1};
// "entry k uses x(9+k)": k is the position in the table.
constexpr unsigned first_predidx = 9;
} // namespace pred8

// Major opcodes of 32-bit instructions (bits 6:0), shared by the
// instruction decoder (insn.cc) and the SVPrefix type decision (prefix.cc).
enum : unsigned {
    op_load = 0x03,
    op_load_fp = 0x07,
    op_misc_mem = 0x0F,
    op_imm = 0x13,
    op_auipc = 0x17,
    op_imm_32 = 0x1B,
    op_store = 0x23,
    op_store_fp = 0x27,
    op_amo = 0x2F,
    op_op = 0x33,
    op_lui = 0x37,
    op_op_32 = 0x3B,
    op_madd = 0x43,
    op_msub = 0x47,
    op_nmsub = 0x4B,
    op_nmadd = 0x4F,
    op_fp = 0x53,
    op_branch = 0x63,
    op_jalr = 0x67,
    op_jal = 0x6F,
    op_system = 0x73,
};

} // namespace svcore

#endif // SVCORE_BITS_H
