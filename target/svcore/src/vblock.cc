// VBLOCK layout (§3.1-§3.4, A10, A11, A47, A48).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

// §3.2: register entries by [rmode][rplen].  Either way the table is
// 0, 2, 4 or 8 bytes.
constexpr uint8_t reg_entry_counts[2][4] = {{0, 2, 4, 8}, {0, 1, 2, 4}};

constexpr unsigned entry_bytes(unsigned mode)
{
    return mode ? 2 : 1;
}

// A11: each table is padded to a 16-bit boundary.
constexpr unsigned align2(unsigned bytes)
{
    return (bytes + 1) & ~1u;
}

sv_status decode(uint16_t hdr, uint16_t vb2, sv_vblock_layout *out)
{
    if (header::major.extract(hdr) != header::vblock_major) {
        return SV_ILLEGAL_RESERVED_LENGTH;
    }
    sv_vblock_layout l{};
    l.extended = header::nnn.extract(hdr) == header::nnn_extended;
    // §3.4: rplen2, pplen2, swlen and mapsz are undefined, so they trap
    // (and A48's swizzle/REMAP areas never exist yet).
    if (l.extended && vblock2::reserved.any(vb2)) {
        return SV_ILLEGAL_VBLOCK2_RESERVED;
    }
    l.total_bytes = static_cast<uint8_t>(vblock_total_bytes(hdr, vb2));

    // A10: header, [VBLOCK2], [VL block], Reg, Pred, opcodes.
    unsigned offset = l.extended ? 4 : 2;
    l.vlset = header::vlset.extract(hdr);
    if (l.vlset) {
        l.vl_block_offset = static_cast<uint8_t>(offset);
        offset += 2;
    }

    const unsigned rmode = header::rmode.extract(hdr);
    l.reg_entries = reg_entry_counts[rmode][header::rplen.extract(hdr)];
    l.reg_entry_bytes = entry_bytes(rmode);
    l.reg_offset = static_cast<uint8_t>(offset);
    offset = align2(offset + l.reg_entries * l.reg_entry_bytes);

    // §3.2, A11: pplen = 1 is the register count, 0 half of it rounded up.
    l.pred_entries =
        header::pplen.extract(hdr) ? l.reg_entries : (l.reg_entries + 1) / 2;
    l.pred_entry_bytes = entry_bytes(header::pmode.extract(hdr));
    l.pred_offset = static_cast<uint8_t>(offset);
    offset = align2(offset + l.pred_entries * l.pred_entry_bytes);

    // §3.5: at least one (16-bit) opcode must fit.
    if (offset >= l.total_bytes) {
        return SV_ILLEGAL_VBLOCK_MALFORMED;
    }
    l.opcodes_offset = static_cast<uint8_t>(offset);
    l.opcodes_bytes = static_cast<uint8_t>(l.total_bytes - offset);
    *out = l;
    return SV_OK;
}

} // namespace

extern "C" sv_status sv_vblock_layout_decode(uint16_t header, uint16_t vblock2,
                                             sv_vblock_layout *out)
{
    return decode(header, vblock2, out);
}
