// Integer element operations at mixed widths (§5.5): every source is
// extended to the operation width opw = max(source widths) as the scalar
// definition demands, the operation runs at opw, and the result is
// extended back to 64 bits.  With both sources at 64 (or 32/32 for the *W
// ops) this is exactly RV64IM.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include "svcore.h"

namespace
{

constexpr unsigned xlen = 64;

constexpr uint64_t mask(unsigned w)
{
    return w >= xlen ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}

constexpr uint64_t zext(uint64_t v, unsigned w)
{
    return v & mask(w);
}

constexpr uint64_t sext(uint64_t v, unsigned w)
{
    if (w >= xlen) {
        return v;
    }
    const uint64_t sign = uint64_t{1} << (w - 1);
    return ((v & mask(w)) ^ sign) - sign;
}

constexpr uint64_t extend(uint64_t v, unsigned w, bool is_signed)
{
    return is_signed ? sext(v, w) : zext(v, w);
}

// Widths outside 1..64 are taken as 64.
constexpr unsigned norm_width(unsigned w)
{
    return w == 0 || w > xlen ? xlen : w;
}

// The op table (svcore.h, sv_alu_info): base op, source and result
// signedness, *W, low-bits-only, divides.
constexpr sv_alu_info row(sv_alu_op base, bool a_signed, bool b_signed,
                          bool r_signed, bool is_word)
{
    const bool low = base == SV_ALU_ADD || base == SV_ALU_SUB ||
                     base == SV_ALU_SLL || base == SV_ALU_XOR ||
                     base == SV_ALU_OR || base == SV_ALU_AND ||
                     base == SV_ALU_MUL;
    const bool divides = base == SV_ALU_DIV || base == SV_ALU_DIVU ||
                         base == SV_ALU_REM || base == SV_ALU_REMU;
    return sv_alu_info{static_cast<uint8_t>(base),
                       a_signed,
                       b_signed,
                       r_signed,
                       is_word,
                       low,
                       divides};
}

constexpr sv_alu_info op_info[SV_ALU_COUNT] = {
    /* ADD    */ row(SV_ALU_ADD, false, false, false, false),
    /* SUB    */ row(SV_ALU_SUB, false, false, false, false),
    /* SLL    */ row(SV_ALU_SLL, false, false, false, false),
    /* SLT    */ row(SV_ALU_SLT, true, true, false, false),
    /* SLTU   */ row(SV_ALU_SLTU, false, false, false, false),
    /* XOR    */ row(SV_ALU_XOR, false, false, false, false),
    /* SRL    */ row(SV_ALU_SRL, false, false, false, false),
    /* SRA    */ row(SV_ALU_SRA, true, true, true, false),
    /* OR     */ row(SV_ALU_OR, false, false, false, false),
    /* AND    */ row(SV_ALU_AND, false, false, false, false),
    /* ADDW   */ row(SV_ALU_ADD, true, true, true, true),
    /* SUBW   */ row(SV_ALU_SUB, true, true, true, true),
    /* SLLW   */ row(SV_ALU_SLL, true, true, true, true),
    /* SRLW   */ row(SV_ALU_SRL, false, false, true, true),
    /* SRAW   */ row(SV_ALU_SRA, true, true, true, true),
    /* MUL    */ row(SV_ALU_MUL, false, false, false, false),
    /* MULH   */ row(SV_ALU_MULH, true, true, true, false),
    /* MULHSU */ row(SV_ALU_MULHSU, true, false, true, false),
    /* MULHU  */ row(SV_ALU_MULHU, false, false, false, false),
    /* DIV    */ row(SV_ALU_DIV, true, true, true, false),
    /* DIVU   */ row(SV_ALU_DIVU, false, false, false, false),
    /* REM    */ row(SV_ALU_REM, true, true, true, false),
    /* REMU   */ row(SV_ALU_REMU, false, false, false, false),
    /* MULW   */ row(SV_ALU_MUL, true, true, true, true),
    /* DIVW   */ row(SV_ALU_DIV, true, true, true, true),
    /* DIVUW  */ row(SV_ALU_DIVU, false, false, true, true),
    /* REMW   */ row(SV_ALU_REM, true, true, true, true),
    /* REMUW  */ row(SV_ALU_REMU, false, false, true, true),
};

constexpr bool valid_op(sv_alu_op op)
{
    return static_cast<unsigned>(op) < SV_ALU_COUNT;
}

using s128 = __int128;
using u128 = unsigned __int128;

// The high opw bits of the 2*opw-bit product; a and b are opw-bit
// values, read as signed where the flags say so.
uint64_t mul_high(uint64_t a, bool a_signed, uint64_t b, bool b_signed,
                  unsigned opw)
{
    const s128 sa = a_signed ? s128{static_cast<int64_t>(sext(a, opw))}
                             : static_cast<s128>(zext(a, opw));
    const s128 sb = b_signed ? s128{static_cast<int64_t>(sext(b, opw))}
                             : static_cast<s128>(zext(b, opw));
    if (!a_signed && !b_signed) {
        // 64x64 unsigned overflows s128: multiply unsigned.
        const u128 p = static_cast<u128>(zext(a, opw)) * zext(b, opw);
        return static_cast<uint64_t>(p >> opw);
    }
    // |signed| <= 2^63, unsigned < 2^64: the product fits in s128.
    const s128 p = sa * sb;
    return static_cast<uint64_t>(static_cast<u128>(p >> opw));
}

// One operation at opw on opw-bit (already extended) sources; the caller
// truncates and extends the result.
uint64_t compute(sv_alu_op op, uint64_t a, uint64_t b, unsigned opw)
{
    const int64_t sa = static_cast<int64_t>(sext(a, opw));
    const int64_t sb = static_cast<int64_t>(sext(b, opw));
    const uint64_t ua = zext(a, opw);
    const uint64_t ub = zext(b, opw);
    const unsigned shamt = static_cast<unsigned>(ub % opw);
    const uint64_t ones = mask(opw);
    const int64_t most_negative =
        static_cast<int64_t>(sext(ones ^ (ones >> 1), opw));
    switch (op) {
    case SV_ALU_ADD:
        return ua + ub;
    case SV_ALU_SUB:
        return ua - ub;
    case SV_ALU_SLL:
        return ua << shamt;
    case SV_ALU_SLT:
        return sa < sb;
    case SV_ALU_SLTU:
        return ua < ub;
    case SV_ALU_XOR:
        return ua ^ ub;
    case SV_ALU_SRL:
        return ua >> shamt;
    case SV_ALU_SRA:
        return static_cast<uint64_t>(sa >> shamt);
    case SV_ALU_OR:
        return ua | ub;
    case SV_ALU_AND:
        return ua & ub;
    case SV_ALU_MUL:
        return ua * ub;
    case SV_ALU_MULH:
        return mul_high(a, true, b, true, opw);
    case SV_ALU_MULHSU:
        return mul_high(a, true, b, false, opw);
    case SV_ALU_MULHU:
        return mul_high(a, false, b, false, opw);
    case SV_ALU_DIV:
        if (ub == 0) {
            return ones;
        }
        if (sa == most_negative && sb == -1) {
            return static_cast<uint64_t>(most_negative);
        }
        return static_cast<uint64_t>(sa / sb);
    case SV_ALU_DIVU:
        return ub == 0 ? ones : ua / ub;
    case SV_ALU_REM:
        if (ub == 0) {
            return ua;
        }
        if (sa == most_negative && sb == -1) {
            return 0;
        }
        return static_cast<uint64_t>(sa % sb);
    case SV_ALU_REMU:
        return ub == 0 ? ua : ua % ub;
    default:
        return 0;
    }
}

} // namespace

extern "C" uint64_t sv_alu_exec(sv_alu_op op, uint64_t a, unsigned wa,
                                uint64_t b, unsigned wb, bool b_is_imm)
{
    if (!valid_op(op)) {
        return 0;
    }
    const sv_alu_info &info = op_info[op];
    wa = norm_width(wa);
    wb = norm_width(wb);
    unsigned opw = b_is_imm ? wa : (wa > wb ? wa : wb);
    if (info.is_word) {
        opw = sv_alu_word_width(opw);
    }
    const uint64_t ea = extend(a, wa < opw ? wa : opw, info.a_signed);
    // An immediate is already sign-extended: it is only truncated.
    const uint64_t eb =
        b_is_imm ? zext(b, opw) : extend(b, wb < opw ? wb : opw, info.b_signed);
    const uint64_t r = compute(static_cast<sv_alu_op>(info.base), ea, eb, opw);
    return extend(r, opw, info.r_signed);
}

extern "C" bool sv_alu_sources_signed(sv_alu_op op)
{
    return valid_op(op) && op_info[op].a_signed;
}

extern "C" bool sv_alu_result_signed(sv_alu_op op)
{
    return valid_op(op) && op_info[op].r_signed;
}

extern "C" const sv_alu_info *sv_alu_op_info(sv_alu_op op)
{
    return valid_op(op) ? &op_info[op] : nullptr;
}
