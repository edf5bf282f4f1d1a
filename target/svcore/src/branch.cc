// Vector compare-and-branch (§6.5, A16-A20).
//
// The element compares run as one SIMD kernel call (compare_simd.h); the
// predicate, zeroing, fail-on-first and the §6.3 mode then act on whole
// 64-bit masks, so no step walks the elements one at a time.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstdio>
#include <cstring>

#include "compare_simd.h"
#include "svcore.h"

namespace
{

using svcore::CompareJob;
using svcore::Rel;

uint64_t low_bits(unsigned n)
{
    return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
}

uint64_t element(const sv_branch_operand &o, unsigned i)
{
    unsigned bytes = o.width / 8;
    uint64_t v = 0;

    std::memcpy(&v, o.base + (o.isvec ? i * bytes : 0), bytes);
    return v;
}

// The value at width, extended to 64 bits (sign- or zero-).
uint64_t extend(uint64_t v, unsigned width, bool sign)
{
    if (width >= 64 || !sign || !((v >> (width - 1)) & 1)) {
        return v;
    }
    return v | ~uint64_t{0} << width;
}

Rel relation(unsigned kind)
{
    switch (kind) {
    case SV_CMP_EQ:
        return Rel::eq;
    case SV_CMP_NE:
        return Rel::ne;
    case SV_CMP_LT:
    case SV_CMP_LTU:
        return Rel::lt;
    default:
        return Rel::ge;
    }
}

// s REL v is v MIRROR(REL) s.
Rel mirror(Rel r)
{
    switch (r) {
    case Rel::lt:
        return Rel::gt;
    case Rel::ge:
        return Rel::le;
    case Rel::gt:
        return Rel::lt;
    case Rel::le:
        return Rel::ge;
    default:
        return r;
    }
}

// Whether every narrow element relates to a scalar lying above (or below)
// every value the element width can hold.
bool relates_to_larger(Rel r)
{
    return r == Rel::ne || r == Rel::lt || r == Rel::le;
}

bool relates_to_smaller(Rel r)
{
    return r == Rel::ne || r == Rel::gt || r == Rel::ge;
}

// Operands of different element widths, both vectors: each element pair
// extended to 64 bits (sign or zero, §6.5's opw compare) and compared.
uint64_t compare_mixed(const sv_branch_desc &d, bool sign, unsigned n)
{
    const Rel rel = relation(d.kind);
    uint64_t bits = 0;

    for (unsigned i = 0; i < n; i++) {
        const uint64_t a = extend(element(d.a, i), d.a.width, sign);
        const uint64_t b = extend(element(d.b, i), d.b.width, sign);
        bool pass;

        if (rel == Rel::eq || rel == Rel::ne) {
            pass = (a == b) == (rel == Rel::eq);
        } else {
            const bool less =
                sign ? static_cast<int64_t>(a) < static_cast<int64_t>(b)
                     : a < b;
            pass = (rel == Rel::lt) == less;
        }
        bits |= uint64_t{pass} << i;
    }
    return bits;
}

// Bit i: element i (i < n) passes the compare at opw = max(widths).
uint64_t compare_all(const sv_branch_desc &d, unsigned n)
{
    const bool sign = d.kind == SV_CMP_LT || d.kind == SV_CMP_GE;
    CompareJob job{};

    job.is_signed = sign;
    job.n = static_cast<uint8_t>(n);
    if (d.a.isvec && d.b.isvec) {
        if (d.a.width != d.b.width) {
            return compare_mixed(d, sign, n);
        }
        job.a = d.a.base;
        job.b = d.b.base;
        job.a_readable = d.a.readable;
        job.b_readable = d.b.readable;
        job.width = d.a.width;
        job.rel = relation(d.kind);
        return svcore::compare_elements(job);
    }
    if (!d.a.isvec && !d.b.isvec) {
        return compare_mixed(d, sign, n);
    }
    // One vector, one scalar: the scalar is extended once, and a narrower
    // vector is compared at its own width against it, unless the scalar
    // lies outside the range that width can hold, when the answer is the
    // same for every element.
    const sv_branch_operand &v = d.a.isvec ? d.a : d.b;
    const sv_branch_operand &s = d.a.isvec ? d.b : d.a;
    const Rel rel = d.a.isvec ? relation(d.kind) : mirror(relation(d.kind));
    const uint64_t scalar = extend(element(s, 0), s.width, sign);

    if (v.width < 64) {
        const unsigned w = v.width;
        bool above, below;

        if (sign) {
            const int64_t x = static_cast<int64_t>(scalar);
            above = x > static_cast<int64_t>(low_bits(w - 1));
            below = x < -static_cast<int64_t>(uint64_t{1} << (w - 1));
        } else {
            above = scalar > low_bits(w);
            below = false;
        }
        if (above) {
            return relates_to_larger(rel) ? low_bits(n) : 0;
        }
        if (below) {
            return relates_to_smaller(rel) ? low_bits(n) : 0;
        }
    }
    job.a = v.base;
    job.a_readable = v.readable;
    job.b = nullptr;
    job.b_splat = scalar & low_bits(v.width);
    job.width = v.width;
    job.rel = rel;
    return svcore::compare_elements(job);
}

// The strlen/memchr shape: BNE of byte elements against a scalar that
// fits a byte, fail-on-first, every element from 0 tested.  Then only the
// bits up to the first failure matter (the loop stops there), and they
// are "no element before it equals the scalar": one memchr.
bool ffirst_bytes_ne(const sv_branch_desc &d, unsigned n, uint64_t tested)
{
    return d.ffirst && d.kind == SV_CMP_NE && d.a.isvec && !d.b.isvec &&
           d.a.width == 8 && d.start == 0 && tested == low_bits(n) &&
           extend(element(d.b, 0), d.b.width, false) <= 0xff;
}

uint64_t scan_bytes_ne(const sv_branch_desc &d, unsigned n)
{
    const auto *hit = static_cast<const uint8_t *>(
        std::memchr(d.a.base, static_cast<int>(element(d.b, 0) & 0xff), n));

    return hit ? low_bits(static_cast<unsigned>(hit - d.a.base)) : low_bits(n);
}

} // namespace

extern "C" {

sv_branch_result sv_vector_branch(const sv_branch_desc *d)
{
    const unsigned n = d->vl < 64 ? d->vl : 64;
    const uint64_t in_range = low_bits(n) & ~low_bits(d->start);
    const sv_branch_rule rule = sv_branch_rule_of(
        d->zero1, d->ffirst, d->has_target, d->inv2, d->zero2);
    sv_branch_result r{};

    // Masked-out elements are skipped, or tested and failed when zeroing.
    uint64_t tested = rule.test_masked ? in_range : in_range & d->ps;
    const uint64_t pass =
        tested ? (ffirst_bytes_ne(*d, n, tested) ? scan_bytes_ne(*d, n)
                                                 : compare_all(*d, n)) &
                     d->ps
               : 0;

    if (rule.ffirst) {
        // §7.2, A19: the loop stops at the first failure, which counts.
        const uint64_t failed = tested & ~pass;
        if (failed) {
            const unsigned first =
                static_cast<unsigned>(__builtin_ctzll(failed));
            tested &= low_bits(first + 1);
            r.cut = 1;
            r.new_vl = static_cast<uint8_t>(first);
        }
    }
    // A20: the old register (non-zeroing) or (1 << VL) - 1 (zeroing, or
    // no target); bits at and beyond VL are clear in the latter.
    const uint64_t initial = rule.keep_old ? d->target_old : low_bits(n);
    const uint64_t passed = pass & tested;

    r.taken = (passed == (rule.vs_tested ? tested : 0)) == rule.taken_if_equal;
    r.mask = (initial & ~tested) | passed; // bits not tested keep initial
    return r;
}

sv_branch_rule sv_resolved_branch_rule(const sv_resolved_op *r,
                                       unsigned *mask_reg)
{
    const sv_pred_entry &first = r->pred_src, &second = r->pred_dest;

    *mask_reg = second.enabled ? second.predidx : 0;
    return sv_branch_rule_of(first.enabled && first.zero,
                             first.enabled && first.ffirst, second.enabled,
                             second.inv, second.zero);
}

const char *sv_branch_mode_name(bool has_target, unsigned inv2, unsigned zero2)
{
    if (!has_target) {
        return "ifall";
    }
    // §6.3's table: inv picks "all" / "not all", zero "any" / "none".
    static constexpr const char *names[2][2] = {{"ifall", "ifany"},
                                                {"ifnotall", "ifnone"}};
    return names[inv2 & 1][zero2 & 1];
}

} // extern "C"

const char *sv_branch_mode_note(const sv_vblock_context *ctx, uint32_t insn,
                                char *buf, size_t size)
{
    sv_resolved_op r;

    if (size) {
        buf[0] = 0;
    }
    // The resolver decides which branches are vector ones (A29) and
    // which entries are their first and second predicates (§6.2).
    if (!sv_resolve_op(ctx, insn, &r) || r.kind != SV_EXEC_VBRANCH) {
        return buf;
    }
    const sv_pred_entry &first = r.pred_src, &second = r.pred_dest;
    snprintf(buf, size, " <%s%s>",
             sv_branch_mode_name(second.enabled, second.inv, second.zero),
             first.enabled && first.ffirst ? " ffirst" : "");
    return buf;
}
