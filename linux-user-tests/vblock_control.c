/*
 * vblock_control: control flow inside a VBLOCK (§3.6, §3.7, A14, A15,
 * A37, docs/sv-state.md): a taken scalar branch or jump (rd = x0) to
 * outside leaves the block, to the block's own start re-runs it (the VL
 * block included), into its middle is illegal; calls (rd != x0) are
 * illegal (vector branches: vblock_branch.c); PCVBLK read
 * with csrr inside a block (run once, unredirected); AUIPC uses the
 * opcode's real address; PCVBLK is 0 after the block.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define BLK(name, ...)                                                         \
    SV_BLOCK_FN(name, #name "_at:\n" __VA_ARGS__)                              \
    extern const char name##_at[] __asm__(#name "_at");
/* pre: code before the block (the label stays on the block's start). */
#define BLKP(name, pre, ...)                                                   \
    SV_BLOCK_FN(name, ".option push\n.option norelax\n" pre                    \
                      ".option pop\n" #name "_at:\n" __VA_ARGS__)              \
    extern const char name##_at[] __asm__(#name "_at");
#define TAG "sv_reg16 key=a0, regidx=40\nsv_reg16 key=a1, regidx=64\n"
#define VADD "add a0, a0, a1\n"

enum { A0 = 10, A1 = 11, A2 = 12, A4 = 14, T3 = 28, T4 = 29, T5 = 30 };

/* Taken branch to outside: the ops after it do not run. */
BLK(br_out, "sv_vblock_begin ext=1\nsv_vl_rd rd=t4, vlmax=4\n" TAG
            "sv_ops\n" VADD "addi t5, t5, 1\n"
            "sv_beq x0, x0, 1f\n"
            "addi t5, t5, 100\n"
            "sv_vblock_end\n"
            "addi t5, t5, 1000\n"
            "1:\n")
/* Not taken: falls through to the next op, then past the block. */
BLK(br_not, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n" VADD
            "sv_bne x0, x0, 1f\n"
            "addi t5, t5, 100\n"
            "sv_vblock_end\n"
            "addi t5, t5, 1000\n"
            "1:\n")
/* Back to the block start: the VL block (a4 := min(a2, 8)) runs again. */
BLK(br_start, "sv_vblock_begin\nsv_vl_rvc rd=a4, rs1=a2, vlmax=8\n" TAG
              "sv_ops\n" VADD "addi a2, a2, -1\n"
              "sv_bne a2, x0, br_start_at\n"
              "sv_vblock_end\n")
/* Into the middle of the block: illegal. */
BLK(br_mid, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n"
            "sv_beq x0, x0, 2f\n"
            "2: " VADD "sv_vblock_end\n")
/* JAL/JALR with rd != x0: illegal. */
BLK(call_jal, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n"
              "sv_jal ra, 1f\n"
              "sv_vblock_end\n"
              "1:\n")
BLKP(call_jalr, "lla t3, 1f\n",
     "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n"
     "jalr ra, 0(t3)\n"
     "sv_vblock_end\n"
     "1:\n")
/* JALR x0 / C.JR / JAL x0 to outside: leave. */
BLKP(jr_out, "lla t3, 1f\n",
     "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n" VADD
     "jalr x0, 0(t3)\n"
     "addi t5, t5, 100\n"
     "sv_vblock_end\n"
     "addi t5, t5, 1000\n"
     "1:\n")
BLKP(cjr_out, "lla t3, 1f\n",
     "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n" VADD
     "sv_c c.jr t3\n"
     "addi t5, t5, 100\n"
     "sv_vblock_end\n"
     "addi t5, t5, 1000\n"
     "1:\n")
BLK(j_out,
    "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n" VADD "sv_j 1f\n"
    "addi t5, t5, 100\n"
    "sv_vblock_end\n"
    "addi t5, t5, 1000\n"
    "1:\n")
/* PCVBLK inside blocks (status 11, header fields, opptr of the csrr). */
BLK(pcvblk_plain, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\nsv_ops\n"
                  "sv_c c.nop\n"
                  "csrr t5, 0x805\n"
                  "sv_vblock_end\n")
BLK(pcvblk_tables, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n"
                   "sv_reg16 key=a0, regidx=40\n"
                   "sv_ops\n" VADD "csrr a0, 0x805\n"
                   "sv_vblock_end\n")
BLK(pcvblk_vb2, "sv_vblock_begin ext=1\nsv_ops\n"
                "sv_c c.nop\nsv_c c.nop\nsv_c c.nop\n"
                "csrr t5, 0x805\n"
                "sv_vblock_end\n")
/* AUIPC: the real address of the opcode (A15). */
BLK(auipc_real, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=4\n" TAG "sv_ops\n" VADD
                "auipc_ctl_site: .4byte (30 << 7) | 0x17\n"
                "sv_vblock_end\n")
extern const char auipc_ctl_site[] __asm__("auipc_ctl_site");

/* PCVBLK (§1.8, A12): 31:30 status | 29 vlset | 28:26 16xil |
 * 25:21 header[11:7] | 20:5 vblock2 | 4:0 opptr. */
static uint64_t pcvblk(unsigned vlset, unsigned nnn, unsigned h11_7,
                       unsigned vb2, unsigned opptr)
{
    return 3u << 30 | vlset << 29 | nnn << 26 | h11_7 << 21 | vb2 << 5 | opptr;
}

static void add_elems(sv_machine *w, const sv_machine *in, unsigned vl)
{
    for (unsigned i = 0; i < vl; i++) {
        w->x[40 + i] += in->x[64 + i];
    }
}

static void run(const char *name, void (*fn)(sv_regs *), const sv_machine *in,
                const sv_machine *want, int sig, const char *at)
{
    sv_machine out;
    sv_context("%s", name);
    sv_trap t = sv_exec(fn, in, &out);
    CHECK_EQ(t.signo, sig);
    if (sig) {
        CHECK_EQ(t.pc, (uintptr_t)at);
    } else {
        CHECK_FILES(&out, want);
        CHECK_STATE(out.state, want->state);
    }
    CHECK_EQ(out.pcvblk, 0);
}

int main(void)
{
    sv_machine in, want;
    const uint64_t st4 = SV_STATE(.maxvl = 3, .vl = T4);

    sv_trap_install();

#define START()                                                                \
    sv_machine_fill(&in, __LINE__);                                            \
    want = in;                                                                 \
    want.x[T4] = 4;                                                            \
    want.state = st4;

    START();
    add_elems(&want, &in, 4);
    want.x[T5] += 1;
    run("taken branch leaves the block", br_out, &in, &want, 0, NULL);

    START();
    add_elems(&want, &in, 4);
    want.x[T5] += 1100;
    run("branch not taken", br_not, &in, &want, 0, NULL);

    START();
    in.x[A2] = 3;
    want = in;
    /* Rounds with VL = 3, 2, 1. */
    add_elems(&want, &in, 3);
    add_elems(&want, &in, 2);
    add_elems(&want, &in, 1);
    want.x[A2] = 0;
    want.x[A4] = 1;
    want.state = SV_STATE(.maxvl = 7, .vl = A4);
    run("branch to the block start re-runs it", br_start, &in, &want, 0, NULL);

    START();
    run("branch into the block", br_mid, &in, &want, SIGILL, br_mid_at);
    run("jal ra inside a block", call_jal, &in, &want, SIGILL, call_jal_at);
    run("jalr ra inside a block", call_jalr, &in, &want, SIGILL, call_jalr_at);

    START();
    add_elems(&want, &in, 4);
    want.x[T5] += 0;
    want.x[T3] = (uint64_t)-1; /* set below: the lla target */
    {
        sv_machine out;
        sv_context("%s", "jalr x0 to outside leaves the block");
        sv_trap t = sv_exec(jr_out, &in, &out);
        want.x[T3] = out.x[T3];
        CHECK_EQ(t.signo, 0);
        CHECK_FILES(&out, &want);
        CHECK_EQ(out.pcvblk, 0);

        sv_context("%s", "c.jr to outside leaves the block");
        t = sv_exec(cjr_out, &in, &out);
        want.x[T3] = out.x[T3];
        CHECK_EQ(t.signo, 0);
        CHECK_FILES(&out, &want);
        CHECK_EQ(out.pcvblk, 0);
    }
    START();
    add_elems(&want, &in, 4);
    run("jal x0 to outside leaves the block", j_out, &in, &want, 0, NULL);

    /* PCVBLK: header 0x807f (vlset, nnn 0, no tables); csrr at opptr 1. */
    START();
    want.x[T5] = pcvblk(1, 0, 0, 0, 1);
    run("csrr pcvblk, no tables", pcvblk_plain, &in, &want, 0, NULL);

    /* One 16-bit reg entry: rplen 1, rmode 1, pplen 0 (one 8-bit pred
     * entry + pad): header[11:7] = 0b01001; 16 bytes: nnn 3.  The add is
     * 4 bytes: csrr at opptr 2.  csrr is unredirected (A37): a0 itself
     * gets the value, after the vector add wrote x40... */
    START();
    for (unsigned i = 0; i < 4; i++) {
        want.x[40 + i] += in.x[A1];
    }
    want.x[A0] = pcvblk(1, 3, 9, 0, 2);
    run("csrr pcvblk after a vector op, unredirected rd", pcvblk_tables, &in,
        &want, 0, NULL);

    /* VBLOCK2, no VL block: 2 + 2 + 6 + 4 = 14 bytes, ilen 1, the
     * VBLOCK2 parcel is 0x0001; csrr at opptr 3. */
    START();
    want.x[T4] = in.x[T4];
    want.state = 0;
    want.x[T5] = pcvblk(0, 7, 0, 1, 3);
    run("csrr pcvblk in a VBLOCK2", pcvblk_vb2, &in, &want, 0, NULL);

    START();
    add_elems(&want, &in, 4);
    want.x[T5] = (uintptr_t)auipc_ctl_site;
    run("auipc inside a block", auipc_real, &in, &want, 0, NULL);
#undef START

    sv_context("%s", "");
    return sv_summary("vblock_control");
}
