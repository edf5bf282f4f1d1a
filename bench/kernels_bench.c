/*
 * bench-kernels: small SV kernels against the best scalar RV64 code for
 * the same work (glibc where it has the function), at VL 1, 8 and 64.
 *
 *   kernels_bench                      all kernels: bytes/ns, SV/scalar
 *   kernels_bench KERNEL IMPL VL REPS  one kernel (for callgrind)
 *
 * KERNEL: add8 (bytes), mac32 (acc += a * b, 32-bit), add64, sel16 (16-bit
 * predicated select), memchr (bytes), memcpy and memset (64-bit
 * elements: 8 bytes each), saxpy32 and saxpy64 (y += a * x, FMADD);
 * IMPL: sv or scalar; VL 1, 8 or 64 (add64, saxpy64: 32 for 64, see
 * SV_ADD64).  Data sits in chunks of 64 elements (a, b
 * and c or acc side by side), so every kernel walks the same memory with
 * one address register.  Results are checked: a wrong SV answer fails.
 *
 * The SV blocks are inline asm in sv-as syntax (docs/guide.md, "SV in
 * C"), built with tools/sv-cc; sv-as chooses the tables and keys, so
 * only the real registers a block names are clobbered.  An address
 * register with a width (s0/w=8) makes the memory element that wide
 * (§8.2): LD/SD then step through 8, 16 or 32-bit elements.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ELEMS 4096 /* per pass, a multiple of 64 */
#define CHUNKS (ELEMS / 64)
#define ROUNDS 5

static uint8_t buf[CHUNKS * 3 * 64 * 8] __attribute__((aligned(64)));
static uint8_t dst[ELEMS * 8] __attribute__((aligned(64)));

/*
 * An SV kernel over the chunks: sv_NAME_VL(p) runs, for each of the
 * CHUNKS chunks of STRIDE bytes at p (s0), a strip-mined loop over its 64
 * elements (a2 left): "sv.vl a4, zero, VL", then BODY, which does a4
 * elements and moves s0 on past them.  SETUP declares more register
 * variables, OUTPUTS (empty or ", ...") are their asm operands; the
 * variadic rest are the clobbers besides a4.
 */
#define SV_CHUNKED(NAME, VL, STRIDE, SETUP, BODY, OUTPUTS, ...)                \
    static void sv_##NAME##_##VL(uint8_t *p)                                   \
    {                                                                          \
        register uint8_t *ps asm("s0") = p;                                    \
        for (int k = 0; k < CHUNKS; k++, ps += STRIDE) {                       \
            register long n asm("a2") = 64;                                    \
            SETUP                                                              \
            asm volatile("1:\n"                                                \
                         "sv.vl a4, zero, " #VL "\n" BODY "sub a2, a2, a4\n"   \
                         "bnez a2, 1b\n"                                       \
                         : "+r"(ps), "+r"(n)OUTPUTS                            \
                         :                                                     \
                         : "a4", __VA_ARGS__);                                 \
        }                                                                      \
    }

/* ------------------------------------------------------------- add8 */
/* Chunk: a[64] b[64] c[64] bytes. */
#define SV_ADD8(VL)                                                            \
    SV_CHUNKED(add8, VL, 128, ,                                                \
               "sv.ld/w=8 *x32, 0(s0/w=8)\n"                                   \
               "sv.ld/w=8 *x64, 64(s0/w=8)\n"                                  \
               "sv.add/w=8 *x32, *x32, *x64\n"                                 \
               "sv.sd/w=8 *x32, 128(s0/w=8)\n"                                 \
               "add s0, s0, a4\n",                                             \
               , "memory")
SV_ADD8(1)
SV_ADD8(8)
SV_ADD8(64)

/*
 * Scalar: eight bytes at a time (SWAR), the best plain RV64GC does, with
 * aligned 64-bit loads and stores (a memcpy of 8 bytes through uint8_t *
 * compiles to byte loads and stores on RV64GC: 2.5x the cost).
 */
static void scalar_add8(uint8_t *p)
{
    const uint64_t hi = 0x8080808080808080ull;
    for (int k = 0; k < CHUNKS; k++, p += 192) {
        const uint64_t *a = (const uint64_t *)p, *b = a + 8;
        uint64_t *c = (uint64_t *)p + 16;
        for (int i = 0; i < 8; i++) {
            c[i] = ((a[i] & ~hi) + (b[i] & ~hi)) ^ ((a[i] ^ b[i]) & hi);
        }
    }
}

static int check_add8(void)
{
    for (int k = 0; k < CHUNKS; k++) {
        const uint8_t *p = buf + k * 192;
        for (int i = 0; i < 64; i++) {
            if (p[128 + i] != (uint8_t)(p[i] + p[64 + i])) {
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------ mac32 */
/* Chunk: a[64] b[64] acc[64] 32-bit words; acc += a * b. */
#define SV_MAC32(VL)                                                           \
    SV_CHUNKED(mac32, VL, 512, ,                                               \
               "sv.ld/w=32 *x32, 0(s0/w=32)\n"                                 \
               "sv.ld/w=32 *x64, 256(s0/w=32)\n"                               \
               "sv.ld/w=32 *x96, 512(s0/w=32)\n"                               \
               "sv.mul/w=32 *x32, *x32, *x64\n"                                \
               "sv.add/w=32 *x96, *x96, *x32\n"                                \
               "sv.sd/w=32 *x96, 512(s0/w=32)\n"                               \
               "slli t0, a4, 2\n"                                              \
               "add s0, s0, t0\n",                                             \
               , "t0", "memory")
SV_MAC32(1)
SV_MAC32(8)
SV_MAC32(64)

static void scalar_mac32(uint8_t *p)
{
    for (int k = 0; k < CHUNKS; k++, p += 768) {
        uint32_t *a = (uint32_t *)p, *b = a + 64, *acc = a + 128;
        for (int i = 0; i < 64; i++) {
            acc[i] += a[i] * b[i];
        }
    }
}

static uint32_t mac32_ref[CHUNKS * 64];
static int check_mac32(void)
{
    for (int k = 0; k < CHUNKS; k++) {
        const uint32_t *acc = (const uint32_t *)(buf + k * 768) + 128;
        for (int i = 0; i < 64; i++) {
            if (acc[i] != mac32_ref[k * 64 + i]) {
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------ add64 */
/* Chunk: a[64] b[64] c[64] 64-bit words. */
#define SV_ADD64(VL)                                                           \
    SV_CHUNKED(add64, VL, 1024, ,                                              \
               "sv.ld *x32, 0(s0)\n"                                           \
               "sv.ld *x80, 512(s0)\n"                                         \
               "sv.add *x32, *x32, *x80\n"                                     \
               "sv.sd *x32, 1024(s0)\n"                                        \
               "slli t0, a4, 3\n"                                              \
               "add s0, s0, t0\n",                                             \
               , "t0", "memory")
SV_ADD64(1)
SV_ADD64(8)
/* Two 64-element vectors of 64-bit elements need 128 registers, more
 * than x32..x127: the widest add64 runs VL 32. */
SV_ADD64(32)

static void scalar_add64(uint8_t *p)
{
    for (int k = 0; k < CHUNKS; k++, p += 1536) {
        uint64_t *a = (uint64_t *)p, *b = a + 64, *c = a + 128;
        for (int i = 0; i < 64; i++) {
            c[i] = a[i] + b[i];
        }
    }
}

static int check_add64(void)
{
    for (int k = 0; k < CHUNKS; k++) {
        const uint64_t *a = (const uint64_t *)(buf + k * 1536);
        for (int i = 0; i < 64; i++) {
            if (a[128 + i] != a[i] + a[64 + i]) {
                return 1;
            }
        }
    }
    return 0;
}

/* ----------------------------------------------------- memcpy, memset */
/*
 * ELEMS 64-bit words (ELEMS * 8 bytes) from buf to dst: SV's widest
 * unit-stride access (LD/SD into 64-bit elements); glibc's memcpy and
 * memset on the same bytes.  An element here is 8 bytes.
 */
#define SV_MEMCPY(VL)                                                          \
    static void sv_memcpy_##VL(uint8_t *p)                                     \
    {                                                                          \
        register uint8_t *ps asm("s0") = p;                                    \
        register uint8_t *pd asm("a3") = dst;                                  \
        register long n asm("a2") = ELEMS;                                     \
        asm volatile("1:\n"                                                    \
                     "sv.vl a4, zero, " #VL "\n"                               \
                     "sv.c.ld *x32, 0(s0)\n"                                   \
                     "sv.c.sd *x32, 0(a3)\n"                                   \
                     "slli t0, a4, 3\n"                                        \
                     "add s0, s0, t0\n"                                        \
                     "add a3, a3, t0\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     : "+r"(ps), "+r"(pd), "+r"(n)                             \
                     :                                                         \
                     : "a4", "t0", "memory");                                  \
    }
SV_MEMCPY(1)
SV_MEMCPY(8)
SV_MEMCPY(64)

static void scalar_memcpy(uint8_t *p)
{
    memcpy(dst, p, ELEMS * 8);
}

static int check_memcpy(void)
{
    return memcmp(dst, buf, ELEMS * 8) != 0;
}

/* The byte 0x5a everywhere: a splat of a 64-bit scalar, then a store. */
#define SV_MEMSET(VL)                                                          \
    static void sv_memset_##VL(uint8_t *p)                                     \
    {                                                                          \
        register uint8_t *pd asm("a3") = dst;                                  \
        register long n asm("a2") = ELEMS;                                     \
        register long v asm("a5") = 0x5a5a5a5a5a5a5a5a;                        \
        (void)p;                                                               \
        asm volatile("1:\n"                                                    \
                     "sv.vl a4, zero, " #VL "\n"                               \
                     "sv.addi *x32, a5, 0\n"                                   \
                     "sv.c.sd *x32, 0(a3)\n"                                   \
                     "slli t0, a4, 3\n"                                        \
                     "add a3, a3, t0\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     : "+r"(pd), "+r"(n)                                       \
                     : "r"(v)                                                  \
                     : "a4", "t0", "memory");                                  \
    }
SV_MEMSET(1)
SV_MEMSET(8)
SV_MEMSET(64)

static void scalar_memset(uint8_t *p)
{
    (void)p;
    memset(dst, 0x5a, ELEMS * 8);
}

static int check_memset(void)
{
    for (int i = 0; i < ELEMS * 8; i++) {
        if (dst[i] != 0x5a) {
            return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------- select16 */
/*
 * Chunk: a[64] b[64] c[64] 16-bit; c[i] = bit i of sel_mask[chunk] ?
 * a[i] : b[i].  SV: b is loaded into c's registers, then c = a | a under
 * the mask (a second entry for c's registers, with the predicate),
 * the mask shifted by VL per block (s0 advances 128 bytes a chunk in
 * the loop, 256 more after it).
 */
static uint64_t sel_mask[CHUNKS];

/* The chunk's mask, shifted on by the loop. */
#define SV_SEL16_MASK register uint64_t m asm("a6") = sel_mask[k];
#define SV_SEL16_OUT , "+r"(m)
#define SV_SEL16(VL)                                                           \
    SV_CHUNKED(sel16, VL, 256, SV_SEL16_MASK,                                  \
               "sv.ld/w=16 *x32, 0(s0/w=16)\n"                                 \
               "sv.ld/w=16 *x96, 128(s0/w=16)\n"                               \
               "sv.or/w=16/m=a6 *x96, *x32, *x32\n"                            \
               "sv.sd/w=16 *x96, 256(s0/w=16)\n"                               \
               "slli t0, a4, 1\n"                                              \
               "add s0, s0, t0\n"                                              \
               "srl a6, a6, a4\n",                                             \
               SV_SEL16_OUT, "t0", "memory")
SV_SEL16(1)
SV_SEL16(8)
SV_SEL16(64)

/* Scalar: four elements at a time, their lane mask from a table (SWAR),
 * aligned 64-bit accesses. */
static void scalar_sel16(uint8_t *p)
{
    static const uint64_t lanes[16] = {
#define L(i)                                                                   \
    ((i & 1 ? 0xffffull : 0) | (i & 2 ? 0xffffull << 16 : 0) |                 \
     (i & 4 ? 0xffffull << 32 : 0) | (i & 8 ? 0xffffull << 48 : 0))
        L(0), L(1), L(2),  L(3),  L(4),  L(5),  L(6),  L(7),
        L(8), L(9), L(10), L(11), L(12), L(13), L(14), L(15),
#undef L
    };
    for (int k = 0; k < CHUNKS; k++, p += 384) {
        const uint64_t *a = (const uint64_t *)p, *b = a + 16;
        uint64_t *c = (uint64_t *)p + 32, m = sel_mask[k];
        for (int i = 0; i < 16; i++, m >>= 4) {
            uint64_t l = lanes[m & 15];
            c[i] = (a[i] & l) | (b[i] & ~l);
        }
    }
}

static int check_sel16(void)
{
    for (int k = 0; k < CHUNKS; k++) {
        const uint16_t *a = (const uint16_t *)(buf + k * 384);
        for (int i = 0; i < 64; i++) {
            uint16_t want = sel_mask[k] >> i & 1 ? a[i] : a[64 + i];
            if (a[128 + i] != want) {
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------ memchr */
/*
 * The first byte equal to 0xff in ELEMS bytes of mc (the last one): SV's
 * trap-ffirst byte load and consensual vector branch (docs/examples/
 * memchr.S), VL = min(n, VL) per block, against glibc's memchr.
 */
static uint8_t mc[ELEMS] __attribute__((aligned(64)));
static const uint8_t *mc_found;

#define SV_MEMCHR(VL)                                                          \
    static const uint8_t *sv_memchr_##VL(const uint8_t *s, long len)           \
    {                                                                          \
        register const uint8_t *a0 asm("a0") = s;                              \
        register long a1 asm("a1") = 0xff;                                     \
        register long a2 asm("a2") = len;                                      \
        asm volatile("1:\n"                                                    \
                     "sv.vl a4, a2, " #VL "\n"                                 \
                     "sv.lb/w=8/ff *x32, 0(a0)\n"                              \
                     "sv.bne/w=8/ff *x32, a1, 2f\n"                            \
                     "add a0, a0, a4\n"                                        \
                     "j 9f\n"                                                  \
                     "2:\n"                                                    \
                     "add a0, a0, a4\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     "li a0, 0\n"                                              \
                     "9:\n"                                                    \
                     "csrw 0x803, zero\n"                                      \
                     : "+r"(a0), "+r"(a2)                                      \
                     : "r"(a1)                                                 \
                     : "a4", "memory");                                        \
        return a0;                                                             \
    }
SV_MEMCHR(1)
SV_MEMCHR(8)
SV_MEMCHR(64)

#define MEMCHR_KERNEL(NAME, CALL)                                              \
    static void NAME(uint8_t *p)                                               \
    {                                                                          \
        (void)p;                                                               \
        mc_found = CALL;                                                       \
    }
MEMCHR_KERNEL(scalar_memchr, memchr(mc, 0xff, ELEMS))
MEMCHR_KERNEL(sv_memchr1, sv_memchr_1(mc, ELEMS))
MEMCHR_KERNEL(sv_memchr8, sv_memchr_8(mc, ELEMS))
MEMCHR_KERNEL(sv_memchr64, sv_memchr_64(mc, ELEMS))

static int check_memchr(void)
{
    return mc_found != mc + ELEMS - 1;
}

/* ------------------------------------------------ saxpy32, saxpy64 */
/*
 * y[i] += A * x[i] (FMADD) over ELEMS floats (saxpy32) or doubles
 * (saxpy64) in fx: chunks x[64] y[64].  SV: x and y as vectors (32-bit:
 * packed 32-bit FP elements at f32 and f64; 64-bit: default width, so
 * the widest runs VL 32 as add64 does), A an untagged scalar FP register
 * (fa2/w=64); scalar: the C loop at -O2 (GCC contracts it to fmadd).
 * Checked bit for bit against fma() of the same inputs.
 */
#define SAXPY_A 0.75
static struct {
    float s[ELEMS * 2];
    double d[ELEMS * 2];
} fx __attribute__((aligned(64)));
static struct {
    float s[ELEMS];
    double d[ELEMS];
} saxpy_ref;

#define SV_SAXPY(NAME, VL, LD, ST, FMA, EB, W, Y, T, FR, X)                    \
    static void sv_##NAME##_##VL(uint8_t *p)                                   \
    {                                                                          \
        register uint8_t *ps asm("s0") = (uint8_t *)X;                         \
        register T a asm(FR) = SAXPY_A;                                        \
        (void)p;                                                               \
        /* the loop steps over x, the for over y */                            \
        for (int k = 0; k < CHUNKS; k++, ps += 64 * EB) {                      \
            register long n asm("a2") = 64;                                    \
            asm volatile("1:\n"                                                \
                         "sv.vl a4, zero, " #VL "\n"                           \
                         "sv." LD W " *f32, 0(s0)\n"                           \
                         "sv." LD W " *f64, " #Y "(s0)\n"                      \
                         "sv." FMA W " *f64, fa2/w=64, *f32, *f64\n"           \
                         "sv." ST W " *f64, " #Y "(s0)\n"                      \
                         "slli t0, a4, %3\n"                                   \
                         "add s0, s0, t0\n"                                    \
                         "sub a2, a2, a4\n"                                    \
                         "bnez a2, 1b\n"                                       \
                         : "+r"(ps), "+r"(n)                                   \
                         : "f"(a), "i"(__builtin_ctz(EB))                      \
                         : "a4", "t0", "memory");                              \
        }                                                                      \
    }
#define SV_SAXPY32(VL)                                                         \
    SV_SAXPY(saxpy32, VL, "flw", "fsw", "fmadd.s", 4, "/w=32", 256, float,     \
             "fa2", fx.s)
#define SV_SAXPY64(VL)                                                         \
    SV_SAXPY(saxpy64, VL, "fld", "fsd", "fmadd.d", 8, "", 512, double, "fa2",  \
             fx.d)
SV_SAXPY32(1)
SV_SAXPY32(8)
SV_SAXPY32(64)
SV_SAXPY64(1)
SV_SAXPY64(8)
/* As add64: two 64-element vectors of 64-bit elements do not fit in
 * f32..f127, so the widest saxpy64 runs VL 32. */
SV_SAXPY64(32)

static void scalar_saxpy32(uint8_t *p)
{
    (void)p;
    for (int k = 0; k < CHUNKS; k++) {
        const float *x = fx.s + 128 * k;
        float *y = fx.s + 128 * k + 64;
        for (int i = 0; i < 64; i++) {
            y[i] += (float)SAXPY_A * x[i];
        }
    }
}

static void scalar_saxpy64(uint8_t *p)
{
    (void)p;
    for (int k = 0; k < CHUNKS; k++) {
        const double *x = fx.d + 128 * k;
        double *y = fx.d + 128 * k + 64;
        for (int i = 0; i < 64; i++) {
            y[i] += SAXPY_A * x[i];
        }
    }
}

/* Inputs: finite, both signs, inexact products (fill_saxpy). */
static void fill_saxpy(int bits)
{
    for (int k = 0; k < CHUNKS; k++) {
        for (int i = 0; i < 64; i++) {
            int j = k * 64 + i;
            double x = (j * 37 % 1001 - 500) / 7.0;
            double y = (j * 91 % 997 - 498) / 3.0;

            if (bits == 32) {
                fx.s[128 * k + i] = (float)x;
                fx.s[128 * k + 64 + i] = (float)y;
                saxpy_ref.s[j] = __builtin_fmaf(
                    (float)SAXPY_A, fx.s[128 * k + i], fx.s[128 * k + 64 + i]);
            } else {
                fx.d[128 * k + i] = x;
                fx.d[128 * k + 64 + i] = y;
                saxpy_ref.d[j] = __builtin_fma(SAXPY_A, x, y);
            }
        }
    }
}

static int check_saxpy(int bits)
{
    for (int k = 0; k < CHUNKS; k++) {
        if (memcmp(bits == 32 ? (void *)(fx.s + 128 * k + 64)
                              : (void *)(fx.d + 128 * k + 64),
                   bits == 32 ? (void *)(saxpy_ref.s + 64 * k)
                              : (void *)(saxpy_ref.d + 64 * k),
                   64 * bits / 8)) {
            return 1;
        }
    }
    return 0;
}

static int check_saxpy32(void)
{
    return check_saxpy(32);
}

static int check_saxpy64(void)
{
    return check_saxpy(64);
}

/*
 * The shapes of issue 22 that the fast paths were not built for, each
 * written as natural SV code from the spec and as -O2 C (or glibc).
 * Every element of these kernels is one of ELEMS per pass.
 */
static uint8_t buf0[sizeof(buf)]; /* buf as fill() left it */

/* ------------------------------------------------ macs8, 16, 32 */
/*
 * acc[i] += a[i] * s at 8, 16 and 32 bits with s an untagged scalar
 * register (default width, 64 bits: a5/w=64 under the op's /w=): a
 * mixed-width MUL (§5.5).  Chunk:
 * a[64] acc[64] of W bits.  SV: LB/LH/LW into W-bit vectors (unit
 * stride at the op width), MUL by the scalar, ADD, store.
 */
#define MACS_S 0x9e3779b97f4a7c15ull
#define SV_MACS(W, LD, ST, VL)                                                 \
    static void sv_macs##W##_##VL(uint8_t *p)                                  \
    {                                                                          \
        register uint8_t *ps asm("s0") = p;                                    \
        register uint64_t s asm("a5") = MACS_S;                                \
        for (int k = 0; k < CHUNKS; k++, ps += 64 * W / 8) {                   \
            register long n asm("a2") = 64;                                    \
            asm volatile("1:\n"                                                \
                         "sv.vl a4, zero, " #VL "\n"                           \
                         "sv." LD "/w=" #W " *x32, 0(s0)\n"                    \
                         "sv." LD "/w=" #W " *x64, %3(s0)\n"                   \
                         "sv.mul/w=" #W " *x32, *x32, a5/w=64\n"               \
                         "sv.add/w=" #W " *x64, *x64, *x32\n"                  \
                         "sv." ST "/w=" #W " *x64, %3(s0)\n"                   \
                         "slli t0, a4, %4\n"                                   \
                         "add s0, s0, t0\n"                                    \
                         "sub a2, a2, a4\n"                                    \
                         "bnez a2, 1b\n"                                       \
                         : "+r"(ps), "+r"(n)                                   \
                         : "r"(s), "i"(64 * W / 8), "i"(__builtin_ctz(W / 8))  \
                         : "a4", "t0", "memory");                              \
        }                                                                      \
    }
#define SV_MACS_ALL(W, LD, ST)                                                 \
    SV_MACS(W, LD, ST, 1)                                                      \
    SV_MACS(W, LD, ST, 8)                                                      \
    SV_MACS(W, LD, ST, 64)                                                     \
    static void scalar_macs##W(uint8_t *p)                                     \
    {                                                                          \
        for (int k = 0; k < CHUNKS; k++, p += 2 * 64 * W / 8) {                \
            uint##W##_t *a = (uint##W##_t *)p, *acc = a + 64;                  \
            for (int i = 0; i < 64; i++) {                                     \
                acc[i] += a[i] * (uint##W##_t)MACS_S;                          \
            }                                                                  \
        }                                                                      \
    }                                                                          \
    static int check_macs##W(void)                                             \
    {                                                                          \
        for (int k = 0; k < CHUNKS; k++) {                                     \
            const uint##W##_t *a = (const uint##W##_t *)buf0 + 128 * k;        \
            const uint##W##_t *acc = (const uint##W##_t *)buf + 128 * k + 64;  \
            for (int i = 0; i < 64; i++) {                                     \
                if (acc[i] !=                                                  \
                    (uint##W##_t)(a[64 + i] + a[i] * (uint##W##_t)MACS_S)) {   \
                    return 1;                                                  \
                }                                                              \
            }                                                                  \
        }                                                                      \
        return 0;                                                              \
    }
SV_MACS_ALL(8, "lb", "sb")
SV_MACS_ALL(16, "lh", "sh")
SV_MACS_ALL(32, "lw", "sw")

/* ---------------------------------------------------------- memchrff */
/*
 * memchr by data-dependent fail-on-first on an ALU op (§7.2, libre-soc's
 * string idiom): a trap-ffirst LB (a page end cuts VL, §7.1), then an
 * XOR with the wanted byte into a vector whose predicate entry has
 * ffirst: its first zero result cuts VL to the bytes before the match.
 * After the block the byte at a0 + VL is the match or the first byte of
 * the next step.  Same data and answer as memchr; glibc's memchr as
 * scalar.
 */
#define SV_MEMCHRFF(VL)                                                        \
    static const uint8_t *sv_memchrff_##VL(const uint8_t *s, long len)         \
    {                                                                          \
        register const uint8_t *a0 asm("a0") = s;                              \
        register long a1 asm("a1") = 0xff;                                     \
        register long a2 asm("a2") = len;                                      \
        asm volatile("1:\n"                                                    \
                     "sv.vl a4, a2, " #VL "\n"                                 \
                     "sv.lb/w=8/ff *x32, 0(a0)\n"                              \
                     "sv.xor/w=8/ff *x40, *x32, a1\n"                          \
                     "add a0, a0, a4\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "beqz a2, 8f\n"                                           \
                     "lbu t2, 0(a0)\n"                                         \
                     "bne t2, a1, 1b\n"                                        \
                     "j 9f\n"                                                  \
                     "8:\n"                                                    \
                     "li a0, 0\n"                                              \
                     "9:\n"                                                    \
                     "csrw 0x803, zero\n"                                      \
                     : "+r"(a0), "+r"(a2)                                      \
                     : "r"(a1)                                                 \
                     : "a4", "t2", "memory");                                  \
        return a0;                                                             \
    }
SV_MEMCHRFF(1)
SV_MEMCHRFF(8)
SV_MEMCHRFF(64)
MEMCHR_KERNEL(sv_memchrff1, sv_memchrff_1(mc, ELEMS))
MEMCHR_KERNEL(sv_memchrff8, sv_memchrff_8(mc, ELEMS))
MEMCHR_KERNEL(sv_memchrff64, sv_memchrff_64(mc, ELEMS))

/* ------------------------------------------- gather32, scatter32 */
/*
 * c[i] = t[idx[i]] and out[idx[i]] = v[i] over ELEMS 32-bit elements,
 * idx a permutation.  SV: LW of idx into a 32-bit vector, SLLI by 2 into
 * a default-width vector of addresses (mixed widths), ADD of the base
 * (an untagged scalar), then an indexed LW (gather) or SW (scatter)
 * through that address vector (§8.1: element k at X[a1 + k]); the data
 * reuses idx's registers, so VL 64 fits x32..x127.
 */
static struct {
    uint32_t idx[ELEMS], t[ELEMS], v[ELEMS], out[ELEMS];
} gs __attribute__((aligned(64)));

/*
 * The loop of both: NAME, its base register a6 (the table read or
 * written), and the indexed access with a3's unit-stride one.
 */
#define SV_INDEXED(NAME, VL, BASE, ACCESS)                                     \
    static void sv_##NAME##_##VL(uint8_t *p)                                   \
    {                                                                          \
        register const uint32_t *ps asm("s0") = gs.idx;                        \
        register uint32_t *pd asm("a3") = NAME##_data;                         \
        register uint32_t *pt asm("a6") = BASE;                                \
        register long n asm("a2") = ELEMS;                                     \
        (void)p;                                                               \
        asm volatile("1:\n"                                                    \
                     "sv.vl a4, zero, " #VL "\n"                               \
                     "sv.lw/w=32 *x32, 0(s0)\n"                                \
                     "sv.slli/sw=32 *x64, *x32, 2\n"                           \
                     "sv.add *x64, *x64, a6\n" ACCESS "slli t0, a4, 2\n"       \
                     "add s0, s0, t0\n"                                        \
                     "add a3, a3, t0\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     : "+r"(ps), "+r"(pd), "+r"(n)                             \
                     : "r"(pt)                                                 \
                     : "a4", "t0", "memory");                                  \
    }
/* gather32: the output (a3) from the table (a6) */
#define gather32_data gs.out
#define SV_GATHER(VL)                                                          \
    SV_INDEXED(gather32, VL, gs.t,                                             \
               "sv.lw/w=32 *x32, 0(*x64)\nsv.sw/w=32 *x32, 0(a3)\n")
/* scatter32: the values (a3) into the output (a6) */
#define scatter32_data gs.v
#define SV_SCATTER(VL)                                                         \
    SV_INDEXED(scatter32, VL, gs.out,                                          \
               "sv.lw/w=32 *x32, 0(a3)\nsv.sw/w=32 *x32, 0(*x64)\n")
SV_GATHER(1)
SV_GATHER(8)
SV_GATHER(64)

static void scalar_gather32(uint8_t *p)
{
    (void)p;
    for (int i = 0; i < ELEMS; i++) {
        gs.out[i] = gs.t[gs.idx[i]];
    }
}

static int check_gather32(void)
{
    for (int i = 0; i < ELEMS; i++) {
        if (gs.out[i] != gs.t[gs.idx[i]]) {
            return 1;
        }
    }
    return 0;
}

SV_SCATTER(1)
SV_SCATTER(8)
SV_SCATTER(64)

static void scalar_scatter32(uint8_t *p)
{
    (void)p;
    for (int i = 0; i < ELEMS; i++) {
        gs.out[gs.idx[i]] = gs.v[i];
    }
}

static int check_scatter32(void)
{
    for (int i = 0; i < ELEMS; i++) {
        if (gs.out[gs.idx[i]] != gs.v[i]) {
            return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------- stride32 */
/*
 * c[i] = st[3 * i + 1]: the middle field of an array of 12-byte
 * structures, a constant-stride load.  SV has no strided form in a
 * VBLOCK (§8.1: "built by filling such a register block"): a
 * default-width vector of addresses st + 12 i (set once per pass from
 * st_addr), an indexed LW through it, a unit-stride SW, and an ADD of
 * 12 VL (an untagged scalar) moving every address to the next step.
 */
static uint32_t st[3 * ELEMS] __attribute__((aligned(64)));
static uint64_t st_addr[64];

#define SV_STRIDE(VL)                                                          \
    static void sv_stride32_##VL(uint8_t *p)                                   \
    {                                                                          \
        register uint32_t *pd asm("a3") = gs.out;                              \
        register long step asm("a5") = 12 * VL;                                \
        register const uint64_t *pa asm("t4") = st_addr;                       \
        register long n asm("a2") = ELEMS;                                     \
        (void)p;                                                               \
        asm volatile("sv.vl t3, zero, " #VL "\n"                               \
                     "sv.ld *x64, 0(t4)\n"                                     \
                     "1:\n"                                                    \
                     "sv.vl a4, zero, " #VL "\n"                               \
                     "sv.lw/w=32 *x32, 0(*x64)\n"                              \
                     "sv.sw/w=32 *x32, 0(a3)\n"                                \
                     "sv.add *x64, *x64, a5\n"                                 \
                     "slli t0, a4, 2\n"                                        \
                     "add a3, a3, t0\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     : "+r"(pd), "+r"(n)                                       \
                     : "r"(step), "r"(pa)                                      \
                     : "a4", "t0", "t3", "memory");                            \
    }
SV_STRIDE(1)
SV_STRIDE(8)
SV_STRIDE(64)

static void scalar_stride32(uint8_t *p)
{
    (void)p;
    for (int i = 0; i < ELEMS; i++) {
        gs.out[i] = st[3 * i + 1];
    }
}

static int check_stride32(void)
{
    for (int i = 0; i < ELEMS; i++) {
        if (gs.out[i] != st[3 * i + 1]) {
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------- max16 */
/*
 * Chunk: a[64] b[64] c[64] signed 16-bit; c = max(a, b).  SV: one block
 * loads a and b and runs a vector BLT a, b whose rs2 predicate entry
 * (a second entry for b's registers, so that the loads are not
 * predicated) writes the result mask into t1 (ifall; the target is the
 * next block either way); a second block copies b over a where the mask
 * is set (OR predicated by t1) and stores a through a second entry for
 * a's registers, unpredicated.
 */
#define SV_MAX16(VL)                                                           \
    SV_CHUNKED(max16, VL, 256, ,                                               \
               "sv.lh/w=16 *x32, 0(s0)\n"                                      \
               "sv.lh/w=16 *x48, 128(s0)\n"                                    \
               "sv.blt/w=16/r=t1 *x32, *x48, 2f\n"                             \
               "2:\n"                                                          \
               "sv.vl a4, zero, " #VL "\n"                                     \
               "sv.or/w=16/m=t1 *x32, *x48, *x48\n"                            \
               "sv.sh/w=16 *x32, 256(s0)\n"                                    \
               "slli t0, a4, 1\n"                                              \
               "add s0, s0, t0\n",                                             \
               , "t0", "t1", "memory")
SV_MAX16(1)
SV_MAX16(8)
SV_MAX16(64)

static void scalar_max16(uint8_t *p)
{
    for (int k = 0; k < CHUNKS; k++, p += 384) {
        const int16_t *a = (const int16_t *)p, *b = a + 64;
        int16_t *c = (int16_t *)p + 128;
        for (int i = 0; i < 64; i++) {
            c[i] = a[i] > b[i] ? a[i] : b[i];
        }
    }
}

static int check_max16(void)
{
    for (int k = 0; k < CHUNKS; k++) {
        const int16_t *a = (const int16_t *)buf + 192 * k;
        for (int i = 0; i < 64; i++) {
            int16_t want = a[i] > a[64 + i] ? a[i] : a[64 + i];
            if (a[128 + i] != want) {
                return 1;
            }
        }
    }
    return 0;
}

/* -------------------------------------------------------- compress32 */
/*
 * out = the elements of a (32-bit, chunks of 64) whose bit in cp_mask is
 * set, packed.  SV: LW into a vector, then C.MV with a source predicate
 * (a second entry for the loaded registers) and none on the destination:
 * twin predication compresses (§5.4); the destination's VL elements are
 * stored and the output pointer moves by the mask's population count
 * (the elements past it are overwritten by the next step).  Scalar:
 * branch-free, every element stored, the pointer moved by its bit.
 */
static uint64_t cp_mask[CHUNKS];
static uint32_t cp_out[ELEMS + 64];
static long cp_n;

/*
 * The mask's population count, inline: RV64GC has no CPOP, and
 * __builtin_popcountll calls libgcc's __popcountdi2, whose return is an
 * indirect jump (a TB lookup per pass under QEMU) that the scalar loop,
 * which moves its pointer by each bit, never pays.
 */
static inline unsigned cp_popcount(uint64_t m)
{
    m -= (m >> 1) & 0x5555555555555555ull;
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((m * 0x0101010101010101ull) >> 56);
}

#define SV_COMPRESS(VL)                                                        \
    static void sv_compress32_##VL(uint8_t *p)                                 \
    {                                                                          \
        uint32_t *out = cp_out;                                                \
        for (int k = 0; k < CHUNKS; k++) {                                     \
            uint64_t m = cp_mask[k];                                           \
            for (int i = 0; i < 64; i += VL) {                                 \
                register const uint8_t *ps asm("s0") = p + 256 * k + 4 * i;    \
                register uint32_t *po asm("a7") = out;                         \
                register uint64_t pm asm("a6") = m;                            \
                asm volatile("sv.vl a4, zero, " #VL "\n"                       \
                             "sv.lw/w=32 *x32, 0(s0)\n"                        \
                             "sv.c.mv/w=32/sm=a6 *x64, *x32\n"                 \
                             "sv.sw/w=32 *x64, 0(a7)\n"                        \
                             :                                                 \
                             : "r"(ps), "r"(po), "r"(pm)                       \
                             : "a4", "memory");                                \
                out += VL == 1 ? m & 1                                         \
                       : VL == 64                                              \
                           ? cp_popcount(m)                                    \
                           : cp_popcount(m & ((1ull << (VL & 63)) - 1));       \
                m = VL == 64 ? 0 : m >> (VL & 63);                             \
            }                                                                  \
        }                                                                      \
        cp_n = out - cp_out;                                                   \
    }
SV_COMPRESS(1)
SV_COMPRESS(8)
SV_COMPRESS(64)

static void scalar_compress32(uint8_t *p)
{
    uint32_t *out = cp_out;
    for (int k = 0; k < CHUNKS; k++) {
        const uint32_t *a = (const uint32_t *)p + 64 * k;
        uint64_t m = cp_mask[k];
        for (int i = 0; i < 64; i++, m >>= 1) {
            *out = a[i];
            out += m & 1;
        }
    }
    cp_n = out - cp_out;
}

static int check_compress32(void)
{
    long j = 0;
    for (int k = 0; k < CHUNKS; k++) {
        const uint32_t *a = (const uint32_t *)buf + 64 * k;
        for (int i = 0; i < 64; i++) {
            if (cp_mask[k] >> i & 1) {
                if (j >= cp_n || cp_out[j++] != a[i]) {
                    return 1;
                }
            }
        }
    }
    return j != cp_n;
}

/* ------------------------------------------------------------ cvtmul */
/*
 * y[i] = (double)x[i] * A: x packed 32-bit FP elements (f32..), FCVT.D.S
 * into a default-width vector (f64..), FMUL.D by an untagged scalar,
 * FSD.  Checked bit for bit against the same C on the guest.
 */
#define CVT_A 1.0 / 3.0
static struct {
    float x[ELEMS];
    double y[ELEMS];
} cv __attribute__((aligned(64)));

#define SV_CVTMUL(VL)                                                          \
    static void sv_cvtmul_##VL(uint8_t *p)                                     \
    {                                                                          \
        register const float *ps asm("s0") = cv.x;                             \
        register double *pd asm("a3") = cv.y;                                  \
        register double a asm("fa2") = CVT_A;                                  \
        register long n asm("a2") = ELEMS;                                     \
        (void)p;                                                               \
        asm volatile("1:\n"                                                    \
                     "sv.vl a4, zero, " #VL "\n"                               \
                     "sv.flw/w=32 *f32, 0(s0)\n"                               \
                     "sv.fcvt.d.s/sw=32 *f64, *f32\n"                          \
                     "sv.fmul.d *f64, *f64, fa2\n"                             \
                     "sv.fsd *f64, 0(a3)\n"                                    \
                     "slli t0, a4, 2\n"                                        \
                     "add s0, s0, t0\n"                                        \
                     "add t0, t0, t0\n"                                        \
                     "add a3, a3, t0\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "bnez a2, 1b\n"                                           \
                     : "+r"(ps), "+r"(pd), "+r"(n)                             \
                     : "f"(a)                                                  \
                     : "a4", "t0", "memory");                                  \
    }
SV_CVTMUL(1)
SV_CVTMUL(8)
SV_CVTMUL(64)

static void scalar_cvtmul(uint8_t *p)
{
    (void)p;
    for (int i = 0; i < ELEMS; i++) {
        cv.y[i] = (double)cv.x[i] * (CVT_A);
    }
}

static int check_cvtmul(void)
{
    for (int i = 0; i < ELEMS; i++) {
        volatile double want = (double)cv.x[i] * (CVT_A);
        if (memcmp(&cv.y[i], (const void *)&want, 8)) {
            return 1;
        }
    }
    return 0;
}

/* fill()'s part for these kernels. */
static void fill_shapes(void)
{
    for (int i = 0; i < ELEMS; i++) {
        gs.idx[i] = (uint32_t)(i * 1237 + 11) & (ELEMS - 1); /* permutation */
        gs.t[i] = (uint32_t)i * 2654435761u;
        gs.v[i] = (uint32_t)i * 40503u + 7;
        gs.out[i] = 0;
        cv.x[i] = (float)((i * 37 % 1001 - 500) / 7.0);
        cv.y[i] = 0;
    }
    for (int i = 0; i < 3 * ELEMS; i++) {
        st[i] = (uint32_t)i * 0x01000193u;
    }
    for (int i = 0; i < 64; i++) {
        st_addr[i] = (uint64_t)(uintptr_t)&st[3 * i + 1];
    }
    for (int k = 0; k < CHUNKS; k++) {
        cp_mask[k] = 0xd1b54a32d192ed03ull * (uint64_t)(k + 3);
    }
    memset(cp_out, 0, sizeof(cp_out));
    cp_n = 0;
}

/* ------------------------------------------------------------ driver */
typedef void (*kernel_fn)(uint8_t *);
typedef struct kernel {
    const char *name;
    unsigned elem_bytes; /* bytes of output per element */
    kernel_fn scalar, sv[3];
    int (*check)(void);
} kernel;

static const kernel kernels[] = {
    {"add8", 1, scalar_add8, {sv_add8_1, sv_add8_8, sv_add8_64}, check_add8},
    {"mac32",
     4,
     scalar_mac32,
     {sv_mac32_1, sv_mac32_8, sv_mac32_64},
     check_mac32},
    {"add64",
     8,
     scalar_add64,
     {sv_add64_1, sv_add64_8, sv_add64_32},
     check_add64},
    {"sel16",
     2,
     scalar_sel16,
     {sv_sel16_1, sv_sel16_8, sv_sel16_64},
     check_sel16},
    {"memchr",
     1,
     scalar_memchr,
     {sv_memchr1, sv_memchr8, sv_memchr64},
     check_memchr},
    {"memcpy",
     8,
     scalar_memcpy,
     {sv_memcpy_1, sv_memcpy_8, sv_memcpy_64},
     check_memcpy},
    {"memset",
     8,
     scalar_memset,
     {sv_memset_1, sv_memset_8, sv_memset_64},
     check_memset},
    {"saxpy32",
     4,
     scalar_saxpy32,
     {sv_saxpy32_1, sv_saxpy32_8, sv_saxpy32_64},
     check_saxpy32},
    {"saxpy64",
     8,
     scalar_saxpy64,
     {sv_saxpy64_1, sv_saxpy64_8, sv_saxpy64_32},
     check_saxpy64},
    {"macs8",
     1,
     scalar_macs8,
     {sv_macs8_1, sv_macs8_8, sv_macs8_64},
     check_macs8},
    {"macs16",
     2,
     scalar_macs16,
     {sv_macs16_1, sv_macs16_8, sv_macs16_64},
     check_macs16},
    {"macs32",
     4,
     scalar_macs32,
     {sv_macs32_1, sv_macs32_8, sv_macs32_64},
     check_macs32},
    {"memchrff",
     1,
     scalar_memchr,
     {sv_memchrff1, sv_memchrff8, sv_memchrff64},
     check_memchr},
    {"gather32",
     4,
     scalar_gather32,
     {sv_gather32_1, sv_gather32_8, sv_gather32_64},
     check_gather32},
    {"scatter32",
     4,
     scalar_scatter32,
     {sv_scatter32_1, sv_scatter32_8, sv_scatter32_64},
     check_scatter32},
    {"stride32",
     4,
     scalar_stride32,
     {sv_stride32_1, sv_stride32_8, sv_stride32_64},
     check_stride32},
    {"max16",
     2,
     scalar_max16,
     {sv_max16_1, sv_max16_8, sv_max16_64},
     check_max16},
    {"compress32",
     4,
     scalar_compress32,
     {sv_compress32_1, sv_compress32_8, sv_compress32_64},
     check_compress32},
    {"cvtmul",
     8,
     scalar_cvtmul,
     {sv_cvtmul_1, sv_cvtmul_8, sv_cvtmul_64},
     check_cvtmul},
};
static const unsigned vls[3] = {1, 8, 64};

static void fill(void)
{
    for (size_t i = 0; i < sizeof(buf); i++) {
        buf[i] = (uint8_t)(i * 131 + (i >> 7) * 17);
    }
    memcpy(buf0, buf, sizeof(buf));
    memset(dst, 0, sizeof(dst));
    for (int k = 0; k < CHUNKS; k++) {
        sel_mask[k] = 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1);
    }
    for (int i = 0; i < ELEMS; i++) {
        mc[i] = (uint8_t)(i % 251); /* never 0xff... */
    }
    mc[ELEMS - 1] = 0xff; /* ...but the last byte */
    fill_saxpy(32);
    fill_saxpy(64);
    fill_shapes();
    mc_found = NULL;
    for (int k = 0; k < CHUNKS; k++) {
        const uint32_t *a = (const uint32_t *)(buf + k * 768);
        for (int i = 0; i < 64; i++) {
            mac32_ref[k * 64 + i] = a[128 + i] + a[i] * a[64 + i];
        }
    }
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* One pass from fresh data, checked; returns its time in ns or -1. */
static double run_checked(const kernel *k, kernel_fn f)
{
    double t0, t;
    fill();
    t0 = now_ns();
    f(buf);
    t = now_ns() - t0;
    return k->check() ? -1 : t;
}

int main(int argc, char **argv)
{
    int fails = 0;

    if (argc == 5) {
        /* kernels_bench KERNEL IMPL VL REPS: for callgrind (unchecked
         * repeats after one checked pass). */
        long reps = atol(argv[4]);
        unsigned vl = (unsigned)atoi(argv[3]);
        for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
            const kernel *k = &kernels[i];
            kernel_fn f = k->scalar;
            if (strcmp(k->name, argv[1])) {
                continue;
            }
            if (!strcmp(argv[2], "sv")) {
                f = vl == 1 ? k->sv[0] : vl == 8 ? k->sv[1] : k->sv[2];
                vl = vl > 8 && (!strcmp(k->name, "add64") ||
                                !strcmp(k->name, "saxpy64"))
                         ? 32
                         : vl;
            }
            if (run_checked(k, f) < 0) {
                printf("%s %s VL %u: wrong result\n", k->name, argv[2], vl);
                return 1;
            }
            for (long r = 0; r < reps; r++) {
                f(buf);
            }
            return 0;
        }
        fprintf(stderr, "kernels_bench: no kernel %s\n", argv[1]);
        return 2;
    }
    printf("kernels_bench: %d elements per pass, best of %d\n", ELEMS, ROUNDS);
    printf("%-10s %12s %12s %12s %12s\n", "kernel", "scalar B/ns", "SV VL1",
           "SV VL8", "SV VL64");
    for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
        const kernel *k = &kernels[i];
        double best[4] = {1e30, 1e30, 1e30, 1e30};
        for (int r = 0; r < ROUNDS; r++) {
            for (int j = 0; j < 4; j++) {
                double t = run_checked(k, j ? k->sv[j - 1] : k->scalar);
                if (t < 0) {
                    printf("%s: %s result wrong\n", k->name,
                           j ? "SV" : "scalar");
                    return 1;
                }
                best[j] = t < best[j] ? t : best[j];
            }
        }
        printf("%-10s", k->name);
        for (int j = 0; j < 4; j++) {
            printf(" %12.3f", ELEMS * k->elem_bytes / best[j]);
        }
        printf("\n");
    }
    printf("(add64's and saxpy64's last column runs VL 32: two 64-element "
           "64-bit vectors do not fit in x32..x127 or f32..f127)\n");
    (void)vls;
    return fails;
}
