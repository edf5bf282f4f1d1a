/*
 * vblock_fp: F/D opcodes inside VBLOCKs (§5.4, §5.5, A38): default-width
 * elements are whole 64-bit f registers (F results NaN-boxed as scalar
 * code does), elwidth 32/16 packs singles/halves without NaN-boxing,
 * elwidth 8 on an FP operand is illegal; arithmetic, FMA, conversions,
 * moves (FMV/FNEG/FABS twin predicated), FMV.X.D, and predication from
 * FP keys (i/f = 0).  Expected values are computed with the guest's own
 * scalar FP on each element.  Fields: fd fa0, fs1 fa1, fs2 fa2, fs3 fa3;
 * mask a5; VL from a7.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define VLH(mvl) "sv_vblock_begin\nsv_vl_rs1 rs1=a7, vlmax=" #mvl "\n"
/* The same, extended format (longer blocks). */
#define VLHX(mvl) "sv_vblock_begin ext=1\nsv_vl_rs1 rs1=a7, vlmax=" #mvl "\n"
#define F16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", int=0, vew=" #vew \
    "\n"
#define X16(key, idx, vec, vew)                                                \
    "sv_reg16 key=" #key ", regidx=" #idx ", isvec=" #vec ", vew=" #vew "\n"
#define FP16(key, z, inv)                                                      \
    "sv_pred16 key=" #key ", predidx=a5, int=0, zero=" #z ", inv=" #inv "\n"
#define OPS(...) "sv_ops\n" __VA_ARGS__ "\nsv_vblock_end\n"

enum { A5 = 15, A7 = 17 };
#define BOX 0xffffffff00000000ull

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Fills f32..f127 with small exact doubles (default width) or packed
 * singles, and a few f0..f31. */
static void fp_fill(sv_machine *m, unsigned seed, bool singles)
{
    sv_machine_fill(m, seed);
    for (unsigned r = 32; r < 128; r++) {
        if (singles) {
            float a = (float)((int)(r * 7 + seed) % 41 - 20) / 4.0f;
            float b = (float)((int)(r * 3 + seed) % 23 - 11) * 1.5f;
            m->f[r] = (uint64_t)f2u(b) << 32 | f2u(a);
        } else {
            m->f[r] = d2u((double)((int)(r * 5 + seed) % 57 - 28) / 8.0);
        }
    }
    m->fcsr = 0;
}

SV_BLOCK_FN(f_faddd, VLH(8) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 0)
                         F16(fa2, 96, 1, 0) OPS("fadd.d fa0, fa1, fa2"))
SV_BLOCK_FN(f_fmuld_pred,
            VLH(8) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 0) F16(fa2, 96, 0, 0)
                FP16(fa0, 0, 0) OPS("fmul.d fa0, fa1, fa2"))
SV_BLOCK_FN(f_fsubd_predz,
            VLH(8) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 0) F16(fa2, 96, 1, 0)
                FP16(fa0, 1, 1) OPS("fsub.d fa0, fa1, fa2"))
SV_BLOCK_FN(f_fadds_box, VLH(4) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 0)
                             F16(fa2, 96, 1, 0) OPS("fadd.s fa0, fa1, fa2"))
SV_BLOCK_FN(f_fadds_32, VLH(8) F16(fa0, 40, 1, 3) F16(fa1, 64, 1, 3)
                            F16(fa2, 96, 1, 3) OPS("fadd.s fa0, fa1, fa2"))
SV_BLOCK_FN(f_faddd_32,
            VLH(8) F16(fa0, 40, 1, 3) F16(fa1, 64, 1, 3) F16(fa2, 96, 1, 3)
                FP16(fa0, 0, 1) OPS("fadd.d fa0, fa1, fa2"))
SV_BLOCK_FN(f_fmaddd,
            VLH(8) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 0) F16(fa2, 96, 1, 0)
                F16(fa3, 120, 0, 0) OPS("fmadd.d fa0, fa1, fa2, fa3"))
SV_BLOCK_FN(f_fcvtds_32, VLH(8) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 3)
                             OPS("fcvt.d.s fa0, fa1"))
SV_BLOCK_FN(f_fcvtwd, VLH(8) X16(a0, 40, 1, 3) F16(fa1, 64, 1, 0)
                          OPS("fcvt.w.d a0, fa1, rtz"))
SV_BLOCK_FN(f_fcvtdl,
            VLH(8) F16(fa0, 40, 1, 0) X16(a1, 64, 1, 0) OPS("fcvt.d.l fa0, a1"))
SV_BLOCK_FN(f_fmvxd,
            VLH(8) X16(a0, 40, 1, 0) F16(fa1, 64, 1, 0) OPS("fmv.x.d a0, fa1"))
SV_BLOCK_FN(f_fneg16_pd, VLH(8) F16(fa0, 40, 1, 2) F16(fa1, 64, 1, 2)
                             FP16(fa0, 0, 0) OPS("fneg.s fa0, fa1"))
SV_BLOCK_FN(f_fabsd_ps, VLH(8) F16(fa0, 40, 1, 0) F16(fa1, 64, 1, 0)
                            FP16(fa1, 0, 0) OPS("fabs.d fa0, fa1"))
SV_BLOCK_FN(f_fadds_8, VLH(4) F16(fa0, 40, 1, 1) F16(fa1, 64, 1, 1)
                           F16(fa2, 96, 1, 1) OPS("fadd.s fa0, fa1, fa2"))
/*
 * No vector operand: element 0 once, unpredicated, whatever VL (0 too).
 * Its f0..f31 operands (f3, f6, f7) are TCG globals that untagged ops
 * in the same block write or read just before and read just after.
 */
SV_BLOCK_FN(f_faddd_once,
            VLHX(8) F16(fa0, 6, 0, 0) F16(fa1, 64, 0, 0) F16(fa2, 3, 0, 0)
                FP16(fa0, 0, 0) OPS("fmv.d.x ft3, a3\nfmv.x.d a2, ft6\n"
                                    "fadd.d fa0, fa1, fa2\nfmv.x.d a4, ft6"))
SV_BLOCK_FN(f_fcvtdw_once, VLH(8) F16(fa0, 7, 0, 0) X16(a1, 70, 0, 0)
                               OPS("fcvt.d.w fa0, a1\nfmv.x.d a4, ft7"))
/* FP data at a scalar address, no vector operand: once too (f5 a TCG
 * global, f100 in env). */
SV_BLOCK_FN(f_flw_once,
            VLH(8) F16(fa0, 5, 0, 0) OPS("flw fa0, 4(a1)\nfmv.x.d a4, ft5"))
SV_BLOCK_FN(f_fsw_once, VLH(8) F16(fa0, 100, 0, 0) OPS("fsw fa0, 0(a1)"))
SV_BLOCK_FN(f_fld_once32, VLH(8) F16(fa0, 101, 0, 3) OPS("fld fa0, 8(a1)"))
SV_BLOCK_FN(f_fld, VLH(8) F16(fa0, 40, 1, 0) OPS("fld fa0, 0(a1)"))
SV_BLOCK_FN(f_fsw32, VLH(8) F16(fa0, 40, 1, 3) OPS("fsw fa0, 0(a1)"))

typedef enum { FADD, FSUB, FMUL } fop;

static double dop(fop o, double a, double b)
{
    return o == FADD ? a + b : o == FSUB ? a - b : a * b;
}

/* Binary op at 64 (default) or 32 (packed) bits with single predication. */
static void ref_fbin(sv_machine *w, const sv_machine *in, fop o, bool single,
                     unsigned ew, bool s2vec, unsigned vl, bool pred,
                     uint64_t mask, bool zero)
{
    for (unsigned i = 0; i < vl; i++) {
        bool act = !pred || ((mask >> i) & 1);
        if (!act && !zero) {
            continue;
        }
        uint64_t r = 0;
        if (ew == 64) {
            if (act && single) {
                float a = u2f((uint32_t)in->f[64 + i]);
                float b = u2f((uint32_t)in->f[s2vec ? 96 + i : 96]);
                float x = o == FADD ? a + b : o == FSUB ? a - b : a * b;
                r = BOX | f2u(x);
            } else if (act) {
                r = d2u(dop(o, u2d(in->f[64 + i]),
                            u2d(in->f[s2vec ? 96 + i : 96])));
            }
            w->f[40 + i] = r;
        } else {
            if (act) {
                float a = u2f((uint32_t)sv_elem_get(in->f, 64, i, 32));
                float b =
                    u2f((uint32_t)sv_elem_get(in->f, 96, s2vec ? i : 0, 32));
                r = f2u(o == FADD ? a + b : o == FSUB ? a - b : a * b);
            }
            sv_elem_set(w->f, 40, i, 32, r);
        }
    }
}

static void run(const char *name, void (*fn)(sv_regs *), sv_machine *in,
                const sv_machine *want, int sig)
{
    sv_machine out;
    sv_context("%s, VL %llu", name, (unsigned long long)in->x[A7]);
    sv_trap t = sv_exec(fn, in, &out);
    CHECK_EQ(t.signo, sig);
    if (!sig) {
        CHECK_FILES(&out, want);
        CHECK_STATE(out.state, want->state);
    }
}

static void cases_for_vl(unsigned vl, unsigned seed)
{
    sv_machine in, want;
    const uint64_t mask = 0x5b ^ seed;
    const uint64_t st8 = SV_STATE(.maxvl = 7, .vl = A7);
    const unsigned v8 = vl < 8 ? vl : 8, v4 = vl < 4 ? vl : 4;

#define START(single)                                                          \
    fp_fill(&in, seed, single);                                                \
    in.x[A5] = mask;                                                           \
    in.x[A7] = vl;                                                             \
    want = in;                                                                 \
    want.state = st8;

    START(false);
    ref_fbin(&want, &in, FADD, false, 64, true, v8, false, 0, false);
    run("fadd.d", f_faddd, &in, &want, 0);

    START(false);
    ref_fbin(&want, &in, FMUL, false, 64, false, v8, true, mask, false);
    run("fmul.d, scalar fs2, pred", f_fmuld_pred, &in, &want, 0);

    START(false);
    ref_fbin(&want, &in, FSUB, false, 64, true, v8, true, ~mask, true);
    run("fsub.d pred inv zero", f_fsubd_predz, &in, &want, 0);

    /* Default-width singles: NaN-boxed inputs, NaN-boxed results. */
    START(false);
    for (unsigned r = 32; r < 128; r++) {
        in.f[r] = BOX | f2u((float)((int)(r * 3 + seed) % 19 - 9) / 2.0f);
    }
    want = in;
    want.state = SV_STATE(.maxvl = 3, .vl = A7);
    ref_fbin(&want, &in, FADD, true, 64, true, v4, false, 0, false);
    run("fadd.s default width (NaN-boxed)", f_fadds_box, &in, &want, 0);

    START(true);
    ref_fbin(&want, &in, FADD, true, 32, true, v8, false, 0, false);
    run("fadd.s elwidth 32 (packed)", f_fadds_32, &in, &want, 0);

    /* FADD.D at elwidth 32 adds singles too (§5.5). */
    START(true);
    ref_fbin(&want, &in, FADD, true, 32, true, v8, true, ~mask, false);
    run("fadd.d elwidth 32, pred inv", f_faddd_32, &in, &want, 0);

    START(false);
    for (unsigned i = 0; i < v8; i++) {
        want.f[40 + i] = d2u(__builtin_fma(u2d(in.f[64 + i]), u2d(in.f[96 + i]),
                                           u2d(in.f[120])));
    }
    run("fmadd.d, scalar fs3 at f120", f_fmaddd, &in, &want, 0);

    START(true);
    for (unsigned i = 0; i < v8; i++) {
        want.f[40 + i] =
            d2u((double)u2f((uint32_t)sv_elem_get(in.f, 64, i, 32)));
    }
    run("fcvt.d.s from packed singles", f_fcvtds_32, &in, &want, 0);

    START(false);
    for (unsigned i = 0; i < v8; i++) {
        sv_elem_set(want.x, 40, i, 32, (uint32_t)(int32_t)u2d(in.f[64 + i]));
    }
    run("fcvt.w.d rtz into packed 32-bit ints", f_fcvtwd, &in, &want, 0);

    START(false);
    for (unsigned i = 0; i < 8; i++) {
        in.x[64 + i] = (uint64_t)((int64_t)i * 1000 - 3000 + seed);
    }
    want = in;
    want.state = st8;
    for (unsigned i = 0; i < v8; i++) {
        want.f[40 + i] = d2u((double)(int64_t)in.x[64 + i]);
    }
    run("fcvt.d.l", f_fcvtdl, &in, &want, 0);

    START(false);
    for (unsigned i = 0; i < v8; i++) {
        want.x[40 + i] = in.f[64 + i];
    }
    run("fmv.x.d", f_fmvxd, &in, &want, 0);

    /* FNEG (twin, A38) at elwidth 16: only a dest mask -> scatter. */
    START(false);
    {
        sv_twin_step st[64];
        int n = sv_ref_twin(v8, true, true, mask, false, ~0ull, false, st);
        for (int k = 0; k < n; k++) {
            uint64_t h = sv_elem_get(in.f, 64, st[k].src, 16);
            sv_elem_set(want.f, 40, st[k].dst, 16, h ^ 0x8000);
        }
    }
    run("fneg elwidth 16, dest mask (twin)", f_fneg16_pd, &in, &want, 0);

    /* FABS.D with a source mask: gather. */
    START(false);
    {
        sv_twin_step st[64];
        int n = sv_ref_twin(v8, true, true, ~0ull, false, mask, false, st);
        for (int k = 0; k < n; k++) {
            want.f[40 + st[k].dst] = in.f[64 + st[k].src] & ~(1ull << 63);
        }
    }
    run("fabs.d, source mask (twin gather)", f_fabsd_ps, &in, &want, 0);

    START(false);
    in.x[13] = d2u(2.5 + seed);
    want = in;
    want.state = st8;
    want.f[3] = in.x[13];
    want.x[12] = in.f[6];
    want.f[6] = d2u(u2d(in.f[64]) + 2.5 + seed);
    want.x[14] = want.f[6];
    run("fadd.d, no vector operand (once), f3/f6 globals", f_faddd_once, &in,
        &want, 0);

    START(false);
    in.x[70] = (uint64_t)(int64_t)(-1000 - (int)seed) ^ 0x5555555500000000ull;
    want = in;
    want.state = st8;
    want.f[7] = d2u((double)(int32_t)in.x[70]);
    want.x[14] = want.f[7];
    run("fcvt.d.w, no vector operand (once), f7 global", f_fcvtdw_once, &in,
        &want, 0);

    /* Once: FLW NaN-boxes; FSW stores an unboxed register's canonical
     * NaN and a boxed one's single; FLD into a packed 32-bit scalar
     * keeps its low half. */
    {
        static uint32_t obuf[4];
        START(false);
        obuf[0] = 0x11111111u;
        obuf[1] = f2u(1.5f + (float)seed);
        obuf[2] = 0x89abcdefu;
        obuf[3] = 0x01234567u;
        in.x[11] = (uintptr_t)obuf;
        want = in;
        want.state = st8;
        want.f[5] = BOX | obuf[1];
        want.x[14] = want.f[5];
        run("flw, no vector operand (once), f5 global", f_flw_once, &in, &want,
            0);

        START(false);
        in.x[11] = (uintptr_t)obuf;
        in.f[101] = 0xfedcba9876543210ull;
        want = in;
        want.state = st8;
        want.f[101] = 0xfedcba9800000000ull | obuf[2];
        run("fld into a packed 32-bit scalar (once)", f_fld_once32, &in, &want,
            0);

        for (unsigned boxed = 0; boxed < 2; boxed++) {
            START(false);
            in.x[11] = (uintptr_t)obuf;
            in.f[100] = (boxed ? BOX : 0x5555555500000000ull) | 0x40490fdbu;
            want = in;
            want.state = st8;
            obuf[0] = 0x11111111u;
            run(boxed ? "fsw, boxed (once)" : "fsw, not boxed (once)",
                f_fsw_once, &in, &want, 0);
            CHECK_EQ(obuf[0], boxed ? 0x40490fdbu : 0x7fc00000u);
        }
    }

    /* FLD unit stride into f40.., FSW of packed singles. */
    {
        static double dbuf[8];
        static uint32_t sbuf[10];
        START(false);
        for (unsigned i = 0; i < 8; i++) {
            dbuf[i] = i * 1.25 - seed;
        }
        in.x[11] = (uintptr_t)dbuf;
        want = in;
        want.state = st8;
        for (unsigned i = 0; i < v8; i++) {
            want.f[40 + i] = d2u(dbuf[i]);
        }
        run("fld unit stride", f_fld, &in, &want, 0);

        START(true);
        in.x[11] = (uintptr_t)sbuf;
        want = in;
        want.state = st8;
        memset(sbuf, 0xee, sizeof(sbuf));
        uint32_t wbuf[10];
        memcpy(wbuf, sbuf, sizeof(sbuf));
        for (unsigned i = 0; i < v8; i++) {
            wbuf[i] = (uint32_t)sv_elem_get(in.f, 40, i, 32);
        }
        run("fsw from packed singles", f_fsw32, &in, &want, 0);
        CHECK_EQ(memcmp(sbuf, wbuf, sizeof(sbuf)), 0);
    }

    /* elwidth 8 on FP operands: illegal (§5.5). */
    START(false);
    if (vl > 0) {
        run("fadd.s elwidth 8", f_fadds_8, &in, &want, SIGILL);
    }
#undef START
}

int main(void)
{
    sv_trap_install();
    const unsigned vls[] = {0, 1, 3, 8, 11};
    for (size_t v = 0; v < SV_COUNT(vls); v++) {
        cases_for_vl(vls[v], (unsigned)v);
    }
    sv_context("%s", "");
    return sv_summary("vblock_fp");
}
