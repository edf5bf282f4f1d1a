// Instruction lengths with SV (§3.1, §11.1, A47).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

// The standard RISC-V length encoding, tried from the shortest up.  It is
// total: each test below fixes one more bit pattern, and bits 6:0 =
// 1111111 is the last one, so SV_FMT_RESERVED is never produced.
sv_insn_format classify(uint16_t p0)
{
    if (header::quadrant.extract(p0) != 0x3) {
        return SV_FMT_16;
    }
    if (header::bits4_2.extract(p0) != 0x7) {
        return SV_FMT_32;
    }
    if (header::low6.extract(p0) == 0x1F) {
        // §4.2: P48 is the bit 6 = 0 half of the 48-bit space.
        return header::bit6.extract(p0) == 0 ? SV_FMT_P48 : SV_FMT_48_OTHER;
    }
    if (header::major.extract(p0) == 0x3F) {
        return SV_FMT_P64;
    }
    if (header::major.extract(p0) == header::vblock_major) {
        // §3.1: nnn = 111 ("reserved, >= 192 bits") is SV's VBLOCK2.
        return header::nnn.extract(p0) == header::nnn_extended ? SV_FMT_VBLOCK2
                                                               : SV_FMT_VBLOCK;
    }
    return SV_FMT_RESERVED;
}

} // namespace

extern "C" {

sv_insn_format sv_insn_classify(uint16_t parcel0)
{
    return classify(parcel0);
}

sv_status sv_insn_length(const uint16_t *parcels, size_t n, unsigned *len)
{
    if (n == 0) {
        return SV_NEED_MORE_BYTES;
    }
    switch (classify(parcels[0])) {
    case SV_FMT_16:
        *len = 2;
        return SV_OK;
    case SV_FMT_32:
        *len = 4;
        return SV_OK;
    case SV_FMT_P48:
    case SV_FMT_48_OTHER:
        *len = 6;
        return SV_OK;
    case SV_FMT_P64:
        *len = 8;
        return SV_OK;
    case SV_FMT_VBLOCK2:
        // A47: ilen lives in the second parcel.
        if (n < 2) {
            return SV_NEED_MORE_BYTES;
        }
        [[fallthrough]];
    case SV_FMT_VBLOCK:
        *len = vblock_total_bytes(parcels[0], n < 2 ? 0 : parcels[1]);
        return SV_OK;
    case SV_FMT_RESERVED:
        break;
    }
    *len = 2; // the minimum to consume before raising illegal
    return SV_ILLEGAL_RESERVED_LENGTH;
}

} // extern "C"
