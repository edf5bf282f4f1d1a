/*
 * vblock_examples: the worked examples of the SV pages (docs/spec.md) run as
 * VBLOCKs.
 *   - §8.2: LD x8, 0(x5) with x5 a 16-bit vector and x8 a 32-bit vector,
 *     VL = 7 (indexed "block" addressing, eb = 64/16 = 4);
 *   - §5.5: 8-bit ADD a0, a0, a0 with VL = 3 keeps bits 24..63;
 *   - §5.4: the C.MV table (VSPLAT ... gather/scatter, sparse VCOPY),
 *     expected values from the op2 reference loop (sv_ref.h);
 *   - §7.4: strncpy with a trap-ffirst LB (VL cut at a PROT_NONE page)
 *     and a data-ffirst MV finding the NUL (A41: the zero is written).
 * Expected register files are computed here from the spec; every other
 * register must be unchanged.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

/* ------------------------------------------------------------ §8.2 LD */
SV_BLOCK_FN(blk_ld_example, "sv_vblock_begin\n"
                            "sv_vl_rd rd=t4, vlmax=7\n"
                            "sv_reg16 key=x5, regidx=x5, vew=2\n"
                            "sv_reg16 key=x8, regidx=x8, vew=3\n"
                            "sv_ops\n"
                            "ld x8, 0(x5)\n"
                            "sv_vblock_end\n")

static void ld_example(void)
{
    static uint16_t blk0[4] = {0x1111, 0x2222, 0x3333, 0x4444};
    static uint16_t blk1[4] = {0x5555, 0x6666, 0x7777, 0x7ff8};
    sv_machine in, out, want;

    sv_context("§8.2 LD x8, 0(x5)");
    sv_machine_fill(&in, 1);
    in.x[5] = (uintptr_t)blk0;
    in.x[6] = (uintptr_t)blk1;
    want = in;
    /* Elements 0-3 from X[x5], 4-6 from X[x6], zero-extended to 32. */
    const uint16_t e[7] = {blk0[0], blk0[1], blk0[2], blk0[3],
                           blk1[0], blk1[1], blk1[2]};
    want.x[8] = (uint64_t)e[1] << 32 | e[0];
    want.x[9] = (uint64_t)e[3] << 32 | e[2];
    want.x[10] = (uint64_t)e[5] << 32 | e[4];
    want.x[11] = (in.x[11] & 0xffffffff00000000ull) | e[6];
    want.x[29] = 7; /* VL block mode 00: rd := VLMAX */
    want.state = SV_STATE(.maxvl = 6, .vl = 29);

    sv_trap t = sv_exec(blk_ld_example, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
    CHECK_EQ(out.pcvblk, 0);
}

/* ---------------------------------------------------- §5.5 8-bit ADD */
SV_BLOCK_FN(blk_add8_example, "sv_vblock_begin\n"
                              "sv_vl_rd rd=t4, vlmax=3\n"
                              "sv_reg16 key=a0, regidx=a0, vew=1\n"
                              "sv_ops\n"
                              "add a0, a0, a0\n"
                              "sv_vblock_end\n")

static void add8_example(void)
{
    sv_machine in, out, want;

    sv_context("§5.5 8-bit ADD, VL=3");
    sv_machine_fill(&in, 2);
    in.x[10] = 0x0123456789c0ff81ull;
    want = in;
    for (unsigned k = 0; k < 3; k++) {
        uint64_t a = sv_elem_get(in.x, 10, k, 8);
        sv_elem_set(want.x, 10, k, 8, (a + a) & 0xff);
    }
    want.x[29] = 3;
    want.state = SV_STATE(.maxvl = 2, .vl = 29);
    /* Bits 24..63 kept: 0x01234567 89 then the three doubled bytes. */
    CHECK_EQ(want.x[10], 0x012345678980fe02ull);

    sv_trap t = sv_exec(blk_add8_example, &in, &out);
    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, &want);
    CHECK_STATE(out.state, want.state);
}

/* ------------------------------------------------------- §5.4 C.MV */
#define CMV_HEAD "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n"
#define CMV_TAIL "sv_ops\nsv_c c.mv a0, a1\nsv_vblock_end\n"
#define DVEC "sv_reg16 key=a0, regidx=40\n"
#define SVEC "sv_reg16 key=a1, regidx=48\n"
#define PD "sv_pred16 key=a0, predidx=a5\n"
#define PS "sv_pred16 key=a1, predidx=a6\n"
/* Predicate entries follow all register entries. */
SV_BLOCK_FN(blk_cmv_d, CMV_HEAD DVEC CMV_TAIL)
SV_BLOCK_FN(blk_cmv_d_pd, CMV_HEAD DVEC PD CMV_TAIL)
SV_BLOCK_FN(blk_cmv_s_ps, CMV_HEAD SVEC PS CMV_TAIL)
SV_BLOCK_FN(blk_cmv_ds, CMV_HEAD DVEC SVEC CMV_TAIL)
SV_BLOCK_FN(blk_cmv_ds_ps, CMV_HEAD DVEC SVEC PS CMV_TAIL)
SV_BLOCK_FN(blk_cmv_ds_pd, CMV_HEAD DVEC SVEC PD CMV_TAIL)
SV_BLOCK_FN(blk_cmv_ds_pdps, CMV_HEAD DVEC SVEC PD PS CMV_TAIL)

typedef struct cmv_row {
    const char *name;
    void (*fn)(sv_regs *);
    bool dvec, svec, has_pd, has_ps;
    uint64_t pd, ps; /* a5, a6 */
} cmv_row;

static void cmv_table(void)
{
    static const cmv_row rows[] = {
        {"VSPLAT", blk_cmv_d, true, false, false, false, 0, 0},
        {"sparse VSPLAT", blk_cmv_d_pd, true, false, true, false, 0xa, 0},
        {"VINSERT", blk_cmv_d_pd, true, false, true, false, 0x4, 0},
        {"VEXTRACT", blk_cmv_s_ps, false, true, false, true, 0, 0x4},
        {"VCOPY", blk_cmv_ds, true, true, false, false, 0, 0},
        {"gather", blk_cmv_ds_ps, true, true, false, true, 0, 0xa},
        {"scatter", blk_cmv_ds_pd, true, true, true, false, 0xa, 0},
        {"gather/scatter", blk_cmv_ds_pdps, true, true, true, true, 0x9, 0x6},
        {"sparse VCOPY", blk_cmv_ds_pdps, true, true, true, true, 0x5, 0x5},
    };
    for (size_t r = 0; r < SV_COUNT(rows); r++) {
        const cmv_row *c = &rows[r];
        sv_machine in, out, want;
        sv_twin_step steps[8];

        sv_context("§5.4 C.MV %s", c->name);
        sv_machine_fill(&in, 10 + r);
        in.x[15] = c->pd;
        in.x[16] = c->ps;
        want = in;
        const unsigned dreg = c->dvec ? 40 : 10, sreg = c->svec ? 48 : 11;
        int n = sv_ref_twin(4, c->dvec, c->svec, c->has_pd ? c->pd : ~0ull,
                            false, c->has_ps ? c->ps : ~0ull, false, steps);
        for (int s = 0; s < n; s++) {
            uint64_t v = steps[s].src < 0 ? 0 : in.x[sreg + steps[s].src];
            want.x[dreg + steps[s].dst] = v;
        }
        want.x[29] = 4;
        want.state = SV_STATE(.maxvl = 3, .vl = 29);

        sv_trap t = sv_exec(c->fn, &in, &out);
        CHECK_EQ(t.signo, 0);
        CHECK_FILES(&out, &want);
        CHECK_STATE(out.state, want.state);
    }
    /* The reference itself, on the rows the table describes. */
    sv_twin_step st[8];
    sv_context("%s", "op2 reference");
    CHECK_EQ(sv_ref_twin(4, true, true, ~0ull, false, 0xa, false, st), 2);
    CHECK_EQ(st[0].dst * 16 + st[0].src, 0x01); /* d0 = s1 */
    CHECK_EQ(st[1].dst * 16 + st[1].src, 0x13); /* d1 = s3 */
    CHECK_EQ(sv_ref_twin(4, true, true, 0xa, false, ~0ull, false, st), 2);
    CHECK_EQ(st[0].dst * 16 + st[0].src, 0x10); /* d1 = s0 */
    CHECK_EQ(st[1].dst * 16 + st[1].src, 0x31); /* d3 = s1 */
}

/* --------------------------------------------------- §7.4 strncpy
 * a0 dst, a1 src, a2 n.  Per round: VL = a4 = min(a2, 8) (VL block
 * mode 01); LB into t0 (x40.., 8-bit) with trap-ffirst; a5 := VL after
 * the load; MV t1 (x48.., 8-bit) := t0 with data-ffirst (VL cut at the
 * first NUL, which is still written, A41).  If the MV cut VL, store
 * VL + 1 bytes and stop; otherwise store VL bytes and go on.
 */
__asm__(".pushsection .text\n"
        ".balign 4\n"
        "sv_strncpy:\n"
        "1:\n"
        "    beqz a2, 3f\n"
        "    sv_vblock_begin\n"
        "    sv_vl_rvc rd=a4, rs1=a2, vlmax=8\n"
        "    sv_reg16 key=t0, regidx=40, vew=1\n"
        "    sv_reg16 key=t1, regidx=48, vew=1\n"
        "    sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"
        "    sv_pred16 key=t1, predidx=x0, inv=1, ffirst=1\n"
        "    sv_ops\n"
        "    lb t0, 0(a1)\n"
        "    sv_c c.mv a5, a4\n"
        "    addi t1, t0, 0\n"
        "    sv_vblock_end\n"
        "    bltu a4, a5, 2f\n"
        /* no NUL among the a4 bytes: store them, advance, loop */
        "    sv_vblock_begin\n"
        "    sv_vl_rs1 rs1=a4, vlmax=8\n"
        "    sv_reg16 key=t1, regidx=48, vew=1\n"
        "    sv_ops\n"
        "    sb t1, 0(a0)\n"
        "    sv_vblock_end\n"
        "    add a0, a0, a4\n"
        "    add a1, a1, a4\n"
        "    sub a2, a2, a4\n"
        "    j 1b\n"
        "2:\n"
        "    addi a4, a4, 1\n"
        "    sv_vblock_begin\n"
        "    sv_vl_rs1 rs1=a4, vlmax=8\n"
        "    sv_reg16 key=t1, regidx=48, vew=1\n"
        "    sv_ops\n"
        "    sb t1, 0(a0)\n"
        "    sv_vblock_end\n"
        "3:\n"
        "    csrw 0x803, zero\n"
        "    ret\n"
        ".popsection\n");
void sv_strncpy(char *dst, const char *src, size_t n) __asm__("sv_strncpy");

static void strncpy_case(char *src_page_end, size_t len, size_t n, bool at_end)
{
    static char dst[64];
    char want[64];
    const char fill = 0x5a;
    /* The string's NUL is the last byte before the PROT_NONE page. */
    char *src = at_end ? src_page_end - (len + 1) : src_page_end - 200;

    sv_context("§7.4 strncpy len %zu n %zu%s", len, n,
               at_end ? " (NUL at the page end)" : "");
    for (size_t i = 0; i < len; i++) {
        src[i] = (char)('a' + (i % 26));
    }
    src[len] = 0;
    memset(dst, fill, sizeof(dst));
    memset(want, fill, sizeof(want));
    size_t copy = len + 1 < n ? len + 1 : n;
    memcpy(want, src, copy);

    void (*volatile f)(char *, const char *, size_t) = sv_strncpy;
    sv_trap t;
    SV_TRY_JUMP(t, f(dst, src, n));
    CHECK_EQ(t.signo, 0);
    SV_CSRW(SV_CSR_STATE, 0);
    size_t bad = 0;
    for (size_t i = 0; i < sizeof(dst); i++) {
        bad += dst[i] != want[i];
    }
    CHECK_EQ(bad, 0);
}

static void strncpy_example(void)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE) != 0) {
        perror("mmap");
        _exit(2);
    }
    static const size_t lens[] = {0, 1, 3, 7, 8, 9, 15, 16, 20, 33};
    for (size_t i = 0; i < SV_COUNT(lens); i++) {
        strncpy_case(map + page, lens[i], 64, true);
        strncpy_case(map + page, lens[i], 64, false);
    }
    /* n shorter than the string: exactly n bytes, no NUL. */
    strncpy_case(map + page, 20, 5, true);
    strncpy_case(map + page, 20, 8, false);
    strncpy_case(map + page, 20, 13, true);
    strncpy_case(map + page, 5, 0, true);
    munmap(map, 2 * page);
}

int main(void)
{
    sv_trap_install();
    ld_example();
    add8_example();
    cmv_table();
    strncpy_example();
    sv_context("%s", "");
    return sv_summary("vblock_examples");
}
