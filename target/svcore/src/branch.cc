// Vector compare-and-branch (§6.5, A16-A20).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstring>

#include "svcore.h"

namespace
{

uint64_t element(const sv_branch_operand &o, unsigned i)
{
    unsigned bytes = o.width / 8;
    uint64_t v = 0;

    std::memcpy(&v, o.base + (o.isvec ? i * bytes : 0), bytes);
    return v;
}

uint64_t extend(uint64_t v, unsigned width, unsigned opw, bool sign)
{
    if (width >= 64) {
        return v;
    }
    if (sign && ((v >> (width - 1)) & 1)) {
        v |= ~uint64_t{0} << width;
    }
    return opw >= 64 ? v : v & ((uint64_t{1} << opw) - 1);
}

bool compare(unsigned kind, uint64_t a, uint64_t b, unsigned opw)
{
    // Signed compares at opw: shift the opw-bit values to the top.
    const unsigned shift = 64 - opw;
    const int64_t sa = static_cast<int64_t>(a << shift);
    const int64_t sb = static_cast<int64_t>(b << shift);

    switch (kind) {
    case SV_CMP_EQ:
        return a == b;
    case SV_CMP_NE:
        return a != b;
    case SV_CMP_LT:
        return sa < sb;
    case SV_CMP_GE:
        return sa >= sb;
    case SV_CMP_LTU:
        return a < b;
    default:
        return a >= b;
    }
}

} // namespace

extern "C" {

sv_branch_result sv_vector_branch(const sv_branch_desc *d)
{
    const unsigned opw = d->a.width > d->b.width ? d->a.width : d->b.width;
    const bool sign = d->kind == SV_CMP_LT || d->kind == SV_CMP_GE;
    // A20: the old register (non-zeroing) or (1 << VL) - 1 (zeroing, or
    // no target); bits at and beyond VL are clear in the latter.
    const uint64_t ones =
        d->vl >= 64 ? ~uint64_t{0} : (uint64_t{1} << d->vl) - 1;
    uint64_t result = d->has_target && !d->zero1 ? d->target_old : ones;
    uint64_t tested = 0;
    sv_branch_result r{};

    for (unsigned i = d->start; i < d->vl && i < 64; i++) {
        const uint64_t bit = uint64_t{1} << i;
        bool pass;

        if (!(d->ps & bit)) {
            if (!d->zero1) {
                continue;
            }
            pass = false; // zeroing: a masked-out element fails
        } else {
            pass = compare(
                d->kind, extend(element(d->a, i), d->a.width, opw, sign),
                extend(element(d->b, i), d->b.width, opw, sign), opw);
        }
        tested |= bit;
        result = pass ? result | bit : result & ~bit;
        if (!pass && d->ffirst) {
            r.cut = 1;
            r.new_vl = static_cast<uint8_t>(i);
            break;
        }
    }
    const uint64_t passed = result & tested;
    const unsigned mode = d->has_target ? (d->inv2 << 1 | d->zero2) : 0;
    switch (mode) {
    case 0: // ifall (AND)
        r.taken = passed == tested;
        break;
    case 2: // ifnotall (NAND)
        r.taken = passed != tested;
        break;
    case 1: // ifany (OR)
        r.taken = passed != 0;
        break;
    default: // ifnone (NOR)
        r.taken = passed == 0;
        break;
    }
    r.mask = result;
    return r;
}

} // extern "C"
