/*
 * vblock_illegal: malformed or not-yet-supported VBLOCKs raise SIGILL at
 * the block's first byte (contract C4, §3.3, §3.4, §3.5, §1.11, A13,
 * A28, A46, docs/sv-state.md), with nothing done: x40.. unchanged and
 * PCVBLK 0 afterwards.  Each has a well-formed twin that runs, so a
 * test that passes by accident (everything SIGILL) shows up there.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_ref.h"

#define ILL(name, ...)                                                         \
    SV_BLOCK_FN(name, #name "_at:\n" __VA_ARGS__)                              \
    extern const char name##_at[] __asm__(#name "_at");

#define VL8 "sv_vl_rd rd=t4, vlmax=8\n"
#define TAG_A0 "sv_reg16 key=a0, regidx=40\n"
#define ADD "add a0, a0, a1\n"

/* --- malformed, each followed by its legal twin --- */
ILL(vl_mode11, "sv_vblock_begin\nsv_vl_raw 0xc000\n" TAG_A0 "sv_ops\n" ADD
               "sv_vblock_end\n")
ILL(vl_mode11_bits, "sv_vblock_begin\nsv_vl_raw 0xc1c5\n" TAG_A0 "sv_ops\n" ADD
                    "sv_vblock_end\n")
ILL(vl_ok, "sv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n" ADD "sv_vblock_end\n")
ILL(vb2_pplen2, "sv_vblock_begin ext=1, vb2hi=0x0100\n" VL8 TAG_A0
                "sv_ops\n" ADD "sv_vblock_end\n")
ILL(vb2_rplen2, "sv_vblock_begin ext=1, vb2hi=0x0400\n" VL8 TAG_A0
                "sv_ops\n" ADD "sv_vblock_end\n")
ILL(vb2_swlen, "sv_vblock_begin ext=1, vb2hi=0x0020\n" VL8 TAG_A0 "sv_ops\n" ADD
               "sv_vblock_end\n")
ILL(vb2_mapsz, "sv_vblock_begin ext=1, vb2hi=0x1000\n" VL8 TAG_A0 "sv_ops\n" ADD
               "sv_vblock_end\n")
ILL(vb2_ok,
    "sv_vblock_begin ext=1\n" VL8 TAG_A0 "sv_ops\n" ADD "sv_vblock_end\n")
/* The header claims 10 bytes; the ADD at offset 8 ends at 12. */
ILL(overrun, "sv_vblock_begin\n" VL8 "sv_ops\nsv_c c.nop\nsv_c c.nop\n" ADD
             "sv_vblock_end force_len=10\n")
ILL(overrun_ok, "sv_vblock_begin\n" VL8 "sv_ops\nsv_c c.nop\nsv_c c.nop\n" ADD
                "sv_vblock_end force_len=12\n")
ILL(nested_vblock, "sv_vblock_begin\n" VL8 "sv_ops\nsv_vblock_raw 0\n"
                   "sv_vblock_end\n")
/* P48/P64 are legal opcodes (§3.5); these wrap ECALL, a reserved type. */
ILL(nested_p48, "sv_vblock_begin\n" VL8 "sv_ops\nsv_p48_raw 0xe000\n"
                "sv_vblock_end\n")
ILL(nested_p64, "sv_vblock_begin\n" VL8 "sv_ops\nsv_p64_raw 0xe000\n"
                "sv_vblock_end\n")
ILL(zero_parcel, "sv_vblock_begin\n" VL8 TAG_A0 "sv_ops\n" ADD ".2byte 0\n"
                 "sv_vblock_end\n")
/* predidx x0, zero 1, inv 1 is reserved (§1.11, A46). */
ILL(pred_reserved, "sv_vblock_begin\n" VL8 TAG_A0
                   "sv_pred16 key=a0, predidx=x0, zero=1, inv=1\n"
                   "sv_ops\n" ADD "sv_vblock_end\n")
ILL(pred_x0_inv_ok, "sv_vblock_begin\n" VL8 TAG_A0
                    "sv_pred16 key=a0, predidx=x0, zero=0, inv=1\n"
                    "sv_ops\n" ADD "sv_vblock_end\n")
/* Predicate key with regidx[6:5] != 0 (A28). */
ILL(pred_key_wide, "sv_vblock_begin\n" VL8 TAG_A0
                   "sv_pred16_raw (15 << 11) | (1 << 8) | ((0x40 | 10) << 1)\n"
                   "sv_ops\n" ADD "sv_vblock_end\n")
/* Elements beyond x127 (C4). */
ILL(beyond_x127, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=2\n"
                 "sv_reg16 key=a0, regidx=127\n"
                 "sv_ops\n" ADD "sv_vblock_end\n")
ILL(x127_ok, "sv_vblock_begin\nsv_vl_rd rd=t4, vlmax=1\n"
             "sv_reg16 key=a0, regidx=127\n"
             "sv_ops\n" ADD "sv_vblock_end\n")
ILL(beyond_x127_8bit, "sv_vblock_begin\n" VL8 "sv_reg8 regnum=a0\n"
                      "sv_reg8 regnum=31\n"
                      "sv_ops\nadd t6, a0, a1\n"
                      "sv_vblock_end\n")
/* A non-zero pad byte after an odd count of 8-bit predicate entries:
 * rplen 1 (two 8-bit entries a0, a1), pplen 0 (one 8-bit entry, key a0),
 * then the pad byte; add a0, a0, a1 = 0x00b50533. */
ILL(pad_nonzero, "sv_vblock_raw 0, 0x0400, 0x8b8a, 0x552a, 0x0533, 0x00b5\n")
ILL(pad_ok, "sv_vblock_raw 0, 0x0400, 0x8b8a, 0x002a, 0x0533, 0x00b5\n")
/* More than 32 opcodes / an opcode beyond opptr 31 (A13). */
ILL(opptr_32, "sv_vblock_begin ext=1\n" VL8 "sv_ops\n"
              ".rept 32\nsv_c c.nop\n.endr\n" ADD "sv_vblock_end\n")
/* xRET inside a block (ECALL and EBREAK trap as usual: vblock_ecall). */
ILL(mret_in, "sv_vblock_begin\n" VL8 "sv_ops\n.4byte 0x30200073\n"
             "sv_vblock_end\n")

static void expect(const char *name, void (*fn)(sv_regs *), const char *at,
                   bool illegal)
{
    sv_machine in, out;
    sv_context("%s", name);
    sv_machine_fill(&in, 5);
    in.x[10] = 1;
    in.x[11] = 2;
    sv_trap t = sv_exec(fn, &in, &out);
    if (illegal) {
        CHECK_EQ(t.signo, SIGILL);
        CHECK_EQ(t.pc, (uintptr_t)at);
        for (unsigned r = 32; r < 128; r++) {
            if (out.x[r] != in.x[r]) {
                CHECK_EQ(out.x[r], in.x[r]);
            }
        }
    } else {
        CHECK_EQ(t.signo, 0);
    }
    CHECK_EQ(out.pcvblk, 0);
}

#define BAD(n) expect(#n, n, n##_at, true)
#define OK(n) expect(#n, n, n##_at, false)

int main(void)
{
    sv_trap_install();
    BAD(vl_mode11);
    BAD(vl_mode11_bits);
    OK(vl_ok);
    BAD(vb2_pplen2);
    BAD(vb2_rplen2);
    BAD(vb2_swlen);
    BAD(vb2_mapsz);
    OK(vb2_ok);
    BAD(overrun);
    OK(overrun_ok);
    BAD(nested_vblock);
    BAD(nested_p48);
    BAD(nested_p64);
    BAD(zero_parcel);
    BAD(pred_reserved);
    OK(pred_x0_inv_ok);
    BAD(pred_key_wide);
    BAD(beyond_x127);
    OK(x127_ok);
    BAD(beyond_x127_8bit);
    BAD(pad_nonzero);
    OK(pad_ok);
    BAD(opptr_32);
    BAD(mret_in);
    sv_context("%s", "");
    return sv_summary("vblock_illegal");
}
