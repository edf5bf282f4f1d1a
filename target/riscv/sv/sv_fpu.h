/*
 * Simple-V: the FP element operations and register-file element format,
 * shared by the general element loop (sv_elements.c) and the specialised FP
 * helpers (sv_fpu.c), so both compute each element with the same
 * softfloat calls on env->fp_status (results and accrued flags alike);
 * and the specialised helpers' 64-bit translate-time descriptor
 * (registerfields' FIELD()).  Included by sv_elements.c, sv_fpu.c and
 * trans_sv.c.inc (the descriptor only: SV_FPU_DESC_ONLY).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_FPU_H
#define TARGET_RISCV_SV_FPU_H

#include "hw/registerfields.h"

/*
 * SV_BACKEND_FP_HELPER's descriptor: per operand its base register, and
 * whether it is a vector (V) and packed (P: a non-default element width,
 * elements w / 8 bytes apart, no NaN-boxing, §5.5, contract C6; else one
 * NaN-boxed element per 64-bit register).  The destination is a vector.
 * The destination predicate: its register, inverted, zeroing (no
 * predicate is x0 inverted).
 */
FIELD(SVFP, RD, 0, 7)
FIELD(SVFP, RDP, 7, 1)
FIELD(SVFP, RS1, 8, 7)
FIELD(SVFP, RS1V, 15, 1)
FIELD(SVFP, RS1P, 16, 1)
FIELD(SVFP, RS2, 17, 7)
FIELD(SVFP, RS2V, 24, 1)
FIELD(SVFP, RS2P, 25, 1)
FIELD(SVFP, RS3, 26, 7)
FIELD(SVFP, RS3V, 33, 1)
FIELD(SVFP, RS3P, 34, 1)
FIELD(SVFP, PIDX, 35, 5)
FIELD(SVFP, INV, 40, 1)
FIELD(SVFP, ZERO, 41, 1)
/* The compares' integer destination: elements 1 << RDW bytes apart. */
FIELD(SVFP, RDW, 49, 2)
/*
 * helper_sv_fp_twin: FMV/FNEG/FABS (FSGNJ/FSGNJN/FSGNJX with rs1 = rs2)
 * or FCVT between FP widths, from rs1 (RS1, RS1V, RS1P) of 8 << SRCW
 * bits to rd of 8 << DSTW bits; TWOP: 0 FMV or FCVT, 1 FNEG, 2 FABS.
 */
FIELD(SVFP, SRCW, 51, 2)
FIELD(SVFP, DSTW, 53, 2)
FIELD(SVFP, TWOP, 55, 2)

/*
 * helper_sv_fp_twin_elem's descriptor (the compiled twin loop): one
 * element of an FP twin (op OP: FSGNJ* as FMV/FNEG/FABS, FCVT, FMV.X.*,
 * FMV.*.X, FCLASS) from a source of 8 << WS bits (SFP: an FP source, SB:
 * NaN-boxed at the default width; else an integer read at its width) to
 * a destination of 8 << WD bits (DB: an FP one NaN-boxed at the default
 * width); SIGNED: the integer side is signed (FCVT's W/L, not WU/LU);
 * W32: FCVT.W[U]'s 32-bit integer result.
 */
FIELD(SVFPT, OP, 0, 5)
FIELD(SVFPT, WS, 5, 2)
FIELD(SVFPT, SFP, 7, 1)
FIELD(SVFPT, SB, 8, 1)
FIELD(SVFPT, WD, 9, 2)
FIELD(SVFPT, DB, 11, 1)
FIELD(SVFPT, SIGNED, 12, 1)
FIELD(SVFPT, W32, 13, 1)

/*
 * A default-width result in its 64-bit register: NaN-boxed below 64 (also
 * the translator's: a zeroed element is sv_fp_box(0, width)).
 */
static inline uint64_t sv_fp_box(uint64_t v, unsigned width)
{
    return width == 32   ? (uint32_t)v | MAKE_64BIT_MASK(32, 32)
           : width == 16 ? (uint16_t)v | MAKE_64BIT_MASK(16, 48)
                         : v;
}

#ifndef SV_FPU_DESC_ONLY
#include "fpu/softfloat.h"

/*
 * An FP element as the op reads it: a packed element is its bits (§5.5:
 * no NaN-boxing at a non-default width); a default-width 32-bit (or
 * SVPrefix 16-bit, §4.1) value must be NaN-boxed in its 64-bit register,
 * else it reads as the canonical NaN.
 */
static inline uint64_t sv_fp_unbox(uint64_t raw, unsigned width)
{
    if (width == 32) {
        return (raw >> 32) == UINT32_MAX ? (uint32_t)raw : 0x7fc00000u;
    }
    if (width == 16) {
        return (raw >> 16) == MAKE_64BIT_MASK(0, 48) ? (uint16_t)raw : 0x7e00u;
    }
    return raw;
}

/* An FP value converted between widths (16, 32, 64), as FCVT does. */
static inline uint64_t sv_fp_convert(uint64_t v, unsigned from, unsigned to,
                                     float_status *st)
{
    if (from == to) {
        return v;
    }
    switch (from * 100 + to) {
    case 1632:
        return float16_to_float32(v, true, st);
    case 1664:
        return float16_to_float64(v, true, st);
    case 3216:
        return float32_to_float16(v, true, st);
    case 3264:
        return float32_to_float64(v, st);
    case 6416:
        return float64_to_float16(v, true, st);
    default:
        return float64_to_float32(v, st);
    }
}

/*
 * The single-predicated FP ops at B bits (sources and result at B).
 * Always inlined: with a constant op (sv_fpu.c) the switch folds away.
 */
#define SV_FP_COMPUTE(B)                                                       \
    static inline __attribute__((always_inline)) uint64_t sv_fp_compute##B(    \
        sv_fp_op op, uint64_t a, uint64_t b, uint64_t c, float_status *st)     \
    {                                                                          \
        const uint64_t sign = 1ull << (B - 1);                                 \
        switch (op) {                                                          \
        case SV_FP_ADD:                                                        \
            return float##B##_add(a, b, st);                                   \
        case SV_FP_SUB:                                                        \
            return float##B##_sub(a, b, st);                                   \
        case SV_FP_MUL:                                                        \
            return float##B##_mul(a, b, st);                                   \
        case SV_FP_DIV:                                                        \
            return float##B##_div(a, b, st);                                   \
        case SV_FP_SQRT:                                                       \
            return float##B##_sqrt(a, st);                                     \
        case SV_FP_MIN:                                                        \
            return float##B##_minimum_number(a, b, st);                        \
        case SV_FP_MAX:                                                        \
            return float##B##_maximum_number(a, b, st);                        \
        case SV_FP_SGNJ:                                                       \
            return (a & ~sign) | (b & sign);                                   \
        case SV_FP_SGNJN:                                                      \
            return (a & ~sign) | (~b & sign);                                  \
        case SV_FP_SGNJX:                                                      \
            return a ^ (b & sign);                                             \
        case SV_FP_MADD:                                                       \
            return float##B##_muladd(a, b, c, 0, st);                          \
        case SV_FP_MSUB:                                                       \
            return float##B##_muladd(a, b, c, float_muladd_negate_c, st);      \
        case SV_FP_NMSUB:                                                      \
            return float##B##_muladd(a, b, c, float_muladd_negate_product,     \
                                     st);                                      \
        case SV_FP_NMADD:                                                      \
            return float##B##_muladd(                                          \
                a, b, c, float_muladd_negate_c | float_muladd_negate_product,  \
                st);                                                           \
        case SV_FP_EQ:                                                         \
            return float##B##_eq_quiet(a, b, st);                              \
        case SV_FP_LT:                                                         \
            return float##B##_lt(a, b, st);                                    \
        case SV_FP_LE:                                                         \
            return float##B##_le(a, b, st);                                    \
        default:                                                               \
            g_assert_not_reached();                                            \
        }                                                                      \
    }

SV_FP_COMPUTE(16)
SV_FP_COMPUTE(32)
SV_FP_COMPUTE(64)
#undef SV_FP_COMPUTE

/*
 * An FP twin's element (§5.4, A38), as the general twin loop and the
 * compiled one compute it: v is the source element (an FP one unboxed,
 * at ws bits; an integer one's ws bits as stored), the result the value
 * the destination of wd bits gets (before NaN-boxing; an integer result
 * before its truncation to the element).  FMV.*.X copies the bits;
 * FCVT.{S,D,H}.{W,WU,L,LU} converts the integer extended from its width;
 * FMV.X.* sign-extends; FCVT.{W,WU,L,LU}.* converts through double
 * (exact for every half and single input), a 32-bit result (w32)
 * sign-extended; FMV/FNEG/FABS (FSGNJ* with rs1 = rs2) and FCVT between
 * FP widths convert when the widths differ, then set or clear the sign.
 */
static inline uint64_t sv_fp_twin_value(sv_fp_op op, uint64_t v, unsigned ws,
                                        bool src_fp, unsigned wd,
                                        bool int_signed, bool w32,
                                        float_status *st)
{
    if (!src_fp) {
        if (op == SV_FP_MV_F_X) {
            return v;
        }
        v = int_signed ? (uint64_t)sextract64(v, 0, ws) : extract64(v, 0, ws);
        switch (wd) {
        case 16:
            return int_signed ? int64_to_float16(v, st)
                              : uint64_to_float16(v, st);
        case 32:
            return int_signed ? int64_to_float32(v, st)
                              : uint64_to_float32(v, st);
        default:
            return int_signed ? int64_to_float64(v, st)
                              : uint64_to_float64(v, st);
        }
    }
    switch (op) {
    case SV_FP_MV_X_F:
        return sextract64(v, 0, ws);
    case SV_FP_CLASS:
        return ws == 16 ? fclass_h(v) : ws == 32 ? fclass_s(v) : fclass_d(v);
    case SV_FP_CVT_I_F: {
        uint64_t d = sv_fp_convert(v, ws, 64, st);

        if (w32) {
            return int_signed
                       ? (uint64_t)(int64_t)float64_to_int32(d, st)
                       : (uint64_t)(int64_t)(int32_t)float64_to_uint32(d, st);
        }
        return int_signed ? (uint64_t)float64_to_int64(d, st)
                          : float64_to_uint64(d, st);
    }
    default: {
        uint64_t sign = 1ull << (wd - 1);

        v = sv_fp_convert(v, ws, wd, st);
        if (op == SV_FP_SGNJN) {
            v ^= sign;
        } else if (op == SV_FP_SGNJX) {
            v &= ~sign;
        }
        return v;
    }
    }
}

#endif /* SV_FPU_DESC_ONLY */
#endif
