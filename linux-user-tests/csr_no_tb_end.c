/*
 * csr_no_tb_end: outside a VBLOCK, a CSR instruction on mvl, vl, subvl,
 * state or svpstate does not end the translation block (only a PCVBLK
 * write does; trans_sv_csr in trans_sv.c.inc), so the code after it in
 * the same straight-line run must still see the new value.  Each block
 * function below writes an SV CSR and then, with no branch in between,
 * runs code whose result depends on the value written: a VBLOCK without
 * a VL block (it takes MVL and VL from STATE), a CSR read, a VBLOCK
 * after one whose own VL block set a different MVL.  Each function runs
 * several times with different register inputs through the same
 * translated code, so a value frozen at translate time would show.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* x40+i += x60+i over the VL in STATE (no VL block). */
#define ADD_40_60                                                              \
    "sv_vblock_begin\n"                                                        \
    "sv_reg16 key=a2, regidx=40\n"                                             \
    "sv_reg16 key=a3, regidx=60\n"                                             \
    "sv_ops\n"                                                                 \
    "add a2, a2, a3\n"                                                         \
    "sv_vblock_end\n"
/* x80+i ^= x100+i over the VL in STATE (no VL block). */
#define XOR_80_100                                                             \
    "sv_vblock_begin\n"                                                        \
    "sv_reg16 key=a4, regidx=80\n"                                             \
    "sv_reg16 key=a5, regidx=100\n"                                            \
    "sv_ops\n"                                                                 \
    "xor a4, a4, a5\n"                                                         \
    "sv_vblock_end\n"

/*
 * t1 -> STATE, block; read STATE into s2; t2 -> STATE, block; read into
 * s3; x0 -> STATE (a function's exit), block (VL 1: element 0 only);
 * read into s4.
 */
SV_BLOCK_FN(f_state, "csrw 0x803, t1\n" ADD_40_60 "csrr s2, 0x803\n"
                     "csrw 0x803, t2\n" XOR_80_100 "csrr s3, 0x803\n"
                     "csrw 0x803, x0\n" ADD_40_60 "csrr s4, 0x803\n")

/*
 * The single-field CSRs: mvl := 8 (CSRRWI writes imm + 1), vl := a6's
 * number (rd gets the new number), then a block; mvl := t3 (CSRRW, old
 * MVL to s5), then a block; read mvl and vl into s6, s7.
 */
SV_BLOCK_FN(f_fields, "csrwi 0x800, 7\n"
                      "csrrw s8, 0x801, a6\n" ADD_40_60
                      "csrrw s5, 0x800, t3\n" XOR_80_100 "csrr s6, 0x800\n"
                      "csrr s7, 0x801\n")

/*
 * A block whose VL block sets MVL 3 (x40.. += x60..), then STATE := t1
 * and a block without a VL block: it must take MVL from the new STATE,
 * not the 3 the previous block's VL block made known.
 */
SV_BLOCK_FN(f_after_vl_block, "sv_vblock_begin\n"
                              "sv_vl_rs1 rs1=a0, vlmax=3\n"
                              "sv_reg16 key=a2, regidx=40\n"
                              "sv_reg16 key=a3, regidx=60\n"
                              "sv_ops\n"
                              "add a2, a2, a3\n"
                              "sv_vblock_end\n"
                              "csrw 0x803, t1\n" XOR_80_100)

static unsigned effective_vl(unsigned mvl, uint64_t xvl)
{
    return xvl < mvl ? (unsigned)xvl : mvl;
}

static void add_40_60(sv_machine *m, unsigned vl)
{
    for (unsigned i = 0; i < vl; i++) {
        m->x[40 + i] += m->x[60 + i];
    }
}

static void xor_80_100(sv_machine *m, unsigned vl)
{
    for (unsigned i = 0; i < vl; i++) {
        m->x[80 + i] ^= m->x[100 + i];
    }
}

static void run(void (*fn)(sv_regs *), const sv_machine *in,
                const sv_machine *want)
{
    sv_machine out;
    sv_trap t = sv_exec(fn, in, &out);

    CHECK_EQ(t.signo, 0);
    CHECK_FILES(&out, want);
    CHECK_STATE(out.state, want->state);
    CHECK_EQ(out.pcvblk, 0);
}

/* STATE writes; vl1/vl2 are x10/x11, the VL registers of t1/t2. */
static void state_case(unsigned seed, unsigned mvl1, uint64_t vl1,
                       unsigned mvl2, uint64_t vl2)
{
    sv_machine in, want;
    uint64_t s1 = SV_STATE(.maxvl = mvl1 - 1, .vl = 10);
    uint64_t s2 = SV_STATE(.maxvl = mvl2 - 1, .vl = 11);

    sv_context("state: MVL %u VL x10=%llu, then MVL %u VL x11=%llu", mvl1,
               (unsigned long long)vl1, mvl2, (unsigned long long)vl2);
    sv_machine_fill(&in, seed);
    in.state = SV_STATE(.maxvl = 1, .vl = 12); /* MVL 2, VL x12: replaced */
    in.x[10] = vl1;
    in.x[11] = vl2;
    in.x[6] = s1;
    in.x[7] = s2;
    want = in;
    add_40_60(&want, effective_vl(mvl1, vl1));
    want.x[18] = s1;
    xor_80_100(&want, effective_vl(mvl2, vl2));
    want.x[19] = s2;
    add_40_60(&want, 1); /* STATE 0: VL 1 */
    want.x[20] = 0;
    want.state = 0;
    run(f_state, &in, &want);
}

static void fields_case(unsigned seed, uint64_t vl, unsigned mvl2)
{
    sv_machine in, want;

    sv_context("fields: MVL 8, VL x17=%llu, then MVL %u",
               (unsigned long long)vl, mvl2);
    sv_machine_fill(&in, seed);
    in.state = 0;
    in.x[16] = 17; /* a6: the VL register's number */
    in.x[17] = vl;
    in.x[28] = mvl2; /* t3 */
    want = in;
    want.x[24] = 17; /* s8: the new VL number (A5) */
    add_40_60(&want, effective_vl(8, vl));
    want.x[21] = 8; /* s5: the old MVL */
    xor_80_100(&want, effective_vl(mvl2, vl));
    want.x[22] = mvl2;
    want.x[23] = 17;
    want.state = SV_STATE(.maxvl = mvl2 - 1, .vl = 17);
    run(f_fields, &in, &want);
}

static void after_vl_block_case(unsigned seed, uint64_t a0, unsigned mvl2,
                                uint64_t vl2)
{
    sv_machine in, want;
    uint64_t s = SV_STATE(.maxvl = mvl2 - 1, .vl = 11);

    sv_context("VL block MVL 3 (a0=%llu), then STATE MVL %u VL x11=%llu",
               (unsigned long long)a0, mvl2, (unsigned long long)vl2);
    sv_machine_fill(&in, seed);
    in.state = 0;
    in.x[10] = a0;
    in.x[11] = vl2;
    in.x[6] = s;
    want = in;
    add_40_60(&want, effective_vl(3, a0));
    xor_80_100(&want, effective_vl(mvl2, vl2));
    want.state = s;
    run(f_after_vl_block, &in, &want);
}

int main(void)
{
    sv_trap_install();
    /* The same code, run again with other values: nothing is frozen. */
    state_case(1, 4, 3, 8, 6);
    state_case(2, 8, 8, 4, 9);
    state_case(3, 16, 11, 2, 0);
    state_case(4, 1, 5, 12, 12);
    /* x17 <= MVL 8 when vl names it (A5), then any MVL. */
    fields_case(5, 5, 6);
    fields_case(6, 8, 3);
    fields_case(7, 2, 16);
    after_vl_block_case(8, 2, 7, 7);
    after_vl_block_case(9, 5, 12, 10);
    after_vl_block_case(10, 3, 2, 9);
    sv_context("%s", "");
    return sv_summary("csr_no_tb_end");
}
