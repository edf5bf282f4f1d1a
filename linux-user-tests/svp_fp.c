/*
 * svp_fp: SVPrefix FP types (§4.2 FR, FI, FR4; FP loads/stores as LD/ST):
 * scalar and vector operands, vtp5 predicates on x9/x10/x11 (inverted
 * too), tpred on FI conversions (twin), FCVT's W/WU signedness into a
 * narrow integer element (itype), a FSGNJN whose fields match but whose
 * registers differ (a real sign injection, not FNEG), FLD/FSD, and FP16
 * (fmt 10, FLH/FSH; §4.1): add, fused multiply-add, conversions.  Expected
 * values are computed here with the scalar RV64D instructions.
 *
 * VL from a7 (STATE.vl = a7, MVL 8).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

enum { X9 = 9, X10 = 10, X11 = 11, A7 = 17 };

#define EMIT(len, type, base, ...)                                             \
    "svp_emit " #len ", " #type ", " #base ", " #__VA_ARGS__ "\n"

SV_BLOCK_FN(f_add_x11, EMIT(6, SVPT_FR, SVP_FADD_D, rd = 40, rdv = 1, rs1 = 64,
                            rs1v = 1, rs2 = 12, pred = 7))
SV_BLOCK_FN(f_mul_nx10, EMIT(6, SVPT_FR, SVP_FMUL_D, rd = 40, rdv = 1, rs1 = 12,
                             rs2 = 64, rs2v = 1, pred = 4))
SV_BLOCK_FN(f_lt_int, EMIT(6, SVPT_FR, SVP_FLT_D, rd = 40, rdv = 1, rs1 = 64,
                           rs1v = 1, rs2 = 12, pred = 2))
SV_BLOCK_FN(f_madd_x9,
            EMIT(6, SVPT_FR4, SVP_FMADD_D, rd = 40, rdv = 1, rs1 = 64, rs1v = 1,
                 rs2 = 12, rs3 = 80, rs3v = 1, pred = 3))
SV_BLOCK_FN(f64_madd_x11,
            EMIT(8, SVPT_FR4, SVP_FMADD_D, rd = 101, rdv = 1, rs1 = 77,
                 rs1v = 1, rs2 = 127, rs3 = 90, rs3v = 1, pred = 6))
SV_BLOCK_FN(f_sqrt_x10, EMIT(6, SVPT_FI, SVP_FSQRT_D, rd = 40, rdv = 1,
                             rs1 = 64, rs1v = 1, pred = 2))
SV_BLOCK_FN(f_cvtw32_t3, EMIT(6, SVPT_FI, SVP_FCVT_W_D, rd = 40, rdv = 1,
                              rs1 = 64, rs1v = 1, itype = 3, pred = 3))
SV_BLOCK_FN(f_cvtw16_s, EMIT(8, SVPT_FI, SVP_FCVT_W_D, rd = 50, rs1 = 64,
                             rs1v = 1, itype = 2))
SV_BLOCK_FN(f_cvtwu16_s, EMIT(8, SVPT_FI, SVP_FCVT_W_D | (1 << 20), rd = 50,
                              rs1 = 64, rs1v = 1, itype = 2))
/* fsgnjn.d: rs1 = vector f64 (field 1), rs2 = scalar f1 (field 1). */
SV_BLOCK_FN(f_sgnjn, EMIT(6, SVPT_FR, 0x22001053, rd = 40, rdv = 1, rs1 = 64,
                          rs1v = 1, rs2 = 1))
SV_BLOCK_FN(f_fld,
            EMIT(6, SVPT_LD, SVP_FLD | (8 << 20), rd = 40, rdv = 1, rs1 = 20))
/* FP16 (§4.1): fmt 10 and width 001 (NaN-boxed halves in f registers). */
SV_BLOCK_FN(h_add_x9, EMIT(6, SVPT_FR, 0x04007053, rd = 40, rdv = 1, rs1 = 64,
                           rs1v = 1, rs2 = 12, pred = 3))
SV_BLOCK_FN(h_madd, EMIT(6, SVPT_FR4, 0x04007043, rd = 40, rdv = 1, rs1 = 64,
                         rs1v = 1, rs2 = 12, rs3 = 80, rs3v = 1))
SV_BLOCK_FN(h_flh, EMIT(6, SVPT_LD, 0x00001007 | (4 << 20), rd = 40, rdv = 1,
                        rs1 = 20))
SV_BLOCK_FN(h_fsh, EMIT(6, SVPT_ST, 0x00001027, rs1 = 20, rs2 = 64, rs2v = 1))
SV_BLOCK_FN(h_cvt_s_h,
            EMIT(6, SVPT_FI, 0x40207053, rd = 40, rdv = 1, rs1 = 64, rs1v = 1))
SV_BLOCK_FN(h_cvt_w_h, EMIT(6, SVPT_FI, 0xc4007053, rd = 40, rdv = 1, rs1 = 64,
                            rs1v = 1, itype = 3))
SV_BLOCK_FN(h_class,
            EMIT(6, SVPT_FI, 0xe4001053, rd = 40, rdv = 1, rs1 = 64, rs1v = 1))
SV_BLOCK_FN(h_mv_x,
            EMIT(6, SVPT_FI, 0xe4000053, rd = 40, rdv = 1, rs1 = 64, rs1v = 1))
SV_BLOCK_FN(h_cvt_h_w,
            EMIT(6, SVPT_FI, 0xd4007053, rd = 40, rdv = 1, rs1 = 64, rs1v = 1))
SV_BLOCK_FN(h_sqrt,
            EMIT(6, SVPT_FI, 0x5c007053, rd = 40, rdv = 1, rs1 = 80, rs1v = 1))
SV_BLOCK_FN(f_fsd_t2,
            EMIT(6, SVPT_ST, SVP_FSD, rs1 = 20, rs2 = 40, rs2v = 1, pred = 2))

/* Scalar RV64D, for expected values (the reference is the scalar ISA). */
static double sqrt_d(double a)
{
    double r;
    __asm__("fsqrt.d %0, %1" : "=f"(r) : "f"(a));
    return r;
}

static int32_t cvt_w_d(double a)
{
    int64_t r;
    __asm__("fcvt.w.d %0, %1" : "=r"(r) : "f"(a));
    return (int32_t)r;
}

static double fma_d(double a, double b, double c)
{
    double r;
    __asm__("fmadd.d %0, %1, %2, %3" : "=f"(r) : "f"(a), "f"(b), "f"(c));
    return r;
}

static double abs_d(double a)
{
    double r;
    __asm__("fabs.d %0, %1" : "=f"(r) : "f"(a));
    return r;
}

static double arena[16];

static void setup(sv_machine *in, unsigned seed, unsigned vlval)
{
    sv_machine_fill(in, seed);
    for (unsigned r = 0; r < 128; r++) {
        in->f[r] = d2u((double)((int)(r * 7 + seed) % 23 - 9) * 1.25 + 0.5);
    }
    in->x[X9] = 0x5a ^ seed;
    in->x[X10] = 0xc3 + seed;
    in->x[X11] = 0x36 * (seed | 1);
    in->x[A7] = vlval;
    in->x[20] = (uintptr_t)arena;
    in->state = SV_STATE(.maxvl = 7, .vl = A7);
    in->fcsr = 0;
    for (unsigned k = 0; k < 16; k++) {
        arena[k] = k * 3.5 - seed;
    }
}

static bool bit(uint64_t m, unsigned i)
{
    return (m >> i) & 1;
}

static void run(const char *name, void (*fn)(sv_regs *), const sv_machine *in,
                const sv_machine *want, unsigned vl)
{
    sv_machine out;
    sv_context("%s, VL %u", name, vl);
    sv_trap t = sv_exec(fn, in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, want);
    CHECK_STATE(out.state, in->state);
}

static void cases(unsigned vlval, unsigned seed)
{
    const unsigned vl = vlval < 8 ? vlval : 8;
    sv_machine in, want;

    setup(&in, seed, vlval);
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (bit(in.x[X11], i)) {
            want.f[40 + i] = d2u(u2d(in.f[64 + i]) + u2d(in.f[12]));
        }
    }
    run("fr fadd.d v40 = v64 + s12, pred x11", f_add_x11, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (!bit(in.x[X10], i)) {
            want.f[40 + i] = d2u(u2d(in.f[12]) * u2d(in.f[64 + i]));
        }
    }
    run("fr fmul.d v40 = s12 * v64, pred !x10", f_mul_nx10, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (!bit(in.x[X9], i)) {
            want.x[40 + i] = u2d(in.f[64 + i]) < u2d(in.f[12]);
        }
    }
    run("fr flt.d x40.. = v64 < s12, pred !x9", f_lt_int, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (bit(in.x[X9], i)) {
            want.f[40 + i] =
                d2u(fma_d(u2d(in.f[64 + i]), u2d(in.f[12]), u2d(in.f[80 + i])));
        }
    }
    run("fr4 fmadd.d v40 = v64 * s12 + v80, pred x9", f_madd_x9, &in, &want,
        vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (!bit(in.x[X11], i)) {
            want.f[101 + i] = d2u(
                fma_d(u2d(in.f[77 + i]), u2d(in.f[127]), u2d(in.f[90 + i])));
        }
    }
    run("p64 fr4 fmadd.d v101 = v77 * s127 + v90, pred !x11", f64_madd_x11, &in,
        &want, vl);

    for (unsigned r = 64; r < 72; r++) {
        in.f[r] = d2u(abs_d(u2d(in.f[r])) + 1.0);
    }
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (bit(in.x[X10], i)) {
            want.f[40 + i] = d2u(sqrt_d(u2d(in.f[64 + i])));
        }
    }
    run("fi fsqrt.d v40, tpred dst x10", f_sqrt_x10, &in, &want, vl);

    /* Twin: source x9 skips source elements, destination x10 skips
     * destination elements (§5.4). */
    setup(&in, seed, vlval);
    want = in;
    {
        sv_twin_step st[64];
        int n =
            sv_ref_twin(vl, true, true, in.x[X10], false, in.x[X9], false, st);
        for (int k = 0; k < n; k++) {
            int32_t v = cvt_w_d(u2d(in.f[64 + st[k].src]));
            sv_elem_set(want.x, 40, st[k].dst, 32, (uint32_t)v);
        }
    }
    run("fi fcvt.w.d e32 x40.. <- v64, tpred x9/x10", f_cvtw32_t3, &in, &want,
        vl);

    /* A narrow scalar destination: FCVT.W signed, FCVT.WU unsigned. */
    setup(&in, seed, vlval);
    in.f[64] = d2u(40000.0);
    want = in;
    want.x[50] = vl ? (uint64_t)(int64_t)(int16_t)0x9c40 : in.x[50];
    run("fi fcvt.w.d e16 -> scalar x50 (signed)", f_cvtw16_s, &in, &want, vl);
    want.x[50] = vl ? 0x9c40 : in.x[50];
    run("fi fcvt.wu.d e16 -> scalar x50 (unsigned)", f_cvtwu16_s, &in, &want,
        vl);

    setup(&in, seed, vlval);
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        uint64_t a = in.f[64 + i], b = in.f[1];
        want.f[40 + i] = (a & ~(1ull << 63)) | (~b & (1ull << 63));
    }
    run("fr fsgnjn.d v40 = v64, s1 (not FNEG)", f_sgnjn, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.f[40 + i] = d2u(arena[1 + i]);
    }
    run("ld fld v40 <- 8(s20) unit", f_fld, &in, &want, vl);

    {
        double expect[16];
        memcpy(expect, arena, sizeof(expect));
        sv_twin_step st[64];
        int n = sv_ref_twin(vl, true, true, in.x[X10], false, ~0ull, false, st);
        for (int k = 0; k < n; k++) {
            expect[st[k].dst] = u2d(in.f[40 + st[k].src]);
        }
        run("st fsd v40 -> 0(s20), tpred x10 (memory side)", f_fsd_t2, &in, &in,
            vl);
        CHECK_EQ(memcmp(arena, expect, sizeof(expect)), 0);
    }
}

/* Halves: 1.5 0x3e00, 2.25 0x4080, 0.5 0x3800, -2.0 0xc000; sums and
 * products below are exact. */
#define HBOX(h) (0xffffffffffff0000ull | (h))
static void fp16(unsigned vlval)
{
    static const uint16_t a[8] = {0x3e00, 0x4080, 0x3800, 0xc000,
                                  0x3e00, 0x4080, 0x3800, 0xc000};
    /* a[i] + 2.25, a[i] * 2.25 + 0.5, (int)a[i] (RNE) */
    static const uint16_t sum[8] = {0x4380, 0x4480, 0x4180, 0x3400,
                                    0x4380, 0x4480, 0x4180, 0x3400};
    static const uint16_t mad[8] = {0x43c0, 0x4590, 0x3e80, 0xc400,
                                    0x43c0, 0x4590, 0x3e80, 0xc400};
    static const int32_t w[8] = {2, 2, 0, -2, 2, 2, 0, -2};
    static const uint32_t s32[8] = {0x3fc00000, 0x40100000, 0x3f000000,
                                    0xc0000000, 0x3fc00000, 0x40100000,
                                    0x3f000000, 0xc0000000};
    const unsigned vl = vlval < 8 ? vlval : 8;
    sv_machine in, want;
    uint16_t mem[16];

    setup(&in, 40 + vlval, vlval);
    for (unsigned i = 0; i < 8; i++) {
        in.f[64 + i] = HBOX(a[i]);
        in.f[80 + i] = HBOX(0x3800);
    }
    in.f[12] = HBOX(0x4080);
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        if (bit(in.x[X9], i)) {
            want.f[40 + i] = HBOX(sum[i]);
        }
    }
    run("fp16 fadd.h v40 = v64 + s12, pred x9", h_add_x9, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.f[40 + i] = HBOX(mad[i]);
    }
    run("fp16 fmadd.h v40 = v64 * s12 + v80", h_madd, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.f[40 + i] = (uint64_t)s32[i] | 0xffffffff00000000ull;
    }
    run("fp16 fcvt.s.h v40 <- v64", h_cvt_s_h, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        sv_elem_set(want.x, 40, i, 32, (uint32_t)w[i]);
    }
    run("fp16 fcvt.w.h e32 x40.. <- v64", h_cvt_w_h, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.x[40 + i] = a[i] == 0xc000 ? 1u << 1 : 1u << 6; /* -/+ normal */
    }
    run("fp16 fclass.h x40.. <- v64", h_class, &in, &want, vl);

    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.x[40 + i] = sv_sext(a[i], 16);
    }
    run("fp16 fmv.x.h x40.. <- v64 (sign-extended)", h_mv_x, &in, &want, vl);

    {
        static const int64_t ints[4] = {3, -1, 0, 100};
        static const uint16_t halves[4] = {0x4200, 0xbc00, 0x0000, 0x5640};
        sv_machine in2 = in;
        for (unsigned i = 0; i < 8; i++) {
            in2.x[64 + i] = (uint64_t)ints[i % 4];
        }
        want = in2;
        for (unsigned i = 0; i < vl; i++) {
            want.f[40 + i] = HBOX(halves[i % 4]);
        }
        run("fp16 fcvt.h.w v40 <- x64..", h_cvt_h_w, &in2, &want, vl);
    }

    for (unsigned i = 0; i < 8; i++) {
        in.f[80 + i] = HBOX(0x4080); /* 2.25 */
    }
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.f[40 + i] = HBOX(0x3e00); /* 1.5 */
    }
    run("fp16 fsqrt.h v40 <- v80", h_sqrt, &in, &want, vl);

    /* flh from 4(x20), fsh to 0(x20): the arena as halves. */
    in.x[20] = (uintptr_t)mem;
    for (unsigned k = 0; k < 16; k++) {
        mem[k] = (uint16_t)(0x3c00 + k * 0x111);
    }
    want = in;
    for (unsigned i = 0; i < vl; i++) {
        want.f[40 + i] = HBOX(mem[2 + i]);
    }
    run("fp16 flh v40 <- 4(x20)", h_flh, &in, &want, vl);
    {
        uint16_t expect[16];
        memcpy(expect, mem, sizeof(mem));
        for (unsigned j = 0; j < vl; j++) {
            expect[j] = a[j];
        }
        run("fp16 fsh v64 -> 0(x20)", h_fsh, &in, &in, vl);
        CHECK_EQ(memcmp(mem, expect, sizeof(mem)), 0);
    }
}

int main(void)
{
    sv_trap_install();
    const unsigned vls[] = {0, 1, 4, 8, 10};
    for (size_t v = 0; v < SV_COUNT(vls); v++) {
        cases(vls[v], (unsigned)v * 5 + 1);
        fp16(vls[v]);
    }
    sv_context("%s", "");
    return sv_summary("svp_fp");
}
