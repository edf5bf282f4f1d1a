/*
 * xsv_off: run WITHOUT xsv (-cpu rv64): QEMU behaves as upstream
 * (contract C2).  sv.setvl's encoding (vsetvli's, and V is off) and
 * every SV CSR are illegal, and a long-format instruction is a 32-bit
 * illegal instruction: only its first 4 bytes are fetched, so with them
 * on page 1 and page 2 PROT_NONE it is SIGILL, not SIGSEGV.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_formats.h"

#define BAD(op, operand)                                                       \
    {                                                                          \
#op, SV_KEEP, 0, op, operand, SIGILL, SV_ANY, SV_ANY, SV_ANY           \
    }

int main(void)
{
    sv_trap_install();

    /* sv.setvl t0, a0, 8 */
    register uint64_t vl __asm__("t0") = 77;
    register uint64_t n __asm__("a0") = 3;
    sv_trap t;
    SV_TRY_SKIP(t, 4, SV_SETVL(vl, n, 8));
    CHECK_EQ(t.signo, SIGILL);
    CHECK_EQ(t.insn & 0x707f, 0x7057); /* OP-V, funct3 111 */

    /* No SV CSR exists. */
    const sv_csr_case cases[] = {
        BAD(SV_OP_R, 0),
        BAD(SV_OP_W, 1),
        BAD(SV_OP_RWI, 1),
    };
#define RUN(name, num, user) SV_RUN_CSR_CASES(num, cases, SV_COUNT(cases));
    SV_FOR_EACH_CSR(RUN)
#undef RUN

    /* Long formats: the first 4 bytes on page 1 are the instruction. */
    const sv_format formats[] = SV_FORMAT_TABLE;
    for (size_t i = 0; i < SV_COUNT(formats); i++) {
        const sv_format *f = &formats[i];
        uint64_t start, boundary;
        uint32_t first4;

        memcpy(&first4, f->insn, sizeof(first4));
        sv_context("%s: 4 bytes on page 1, page 2 PROT_NONE", f->name);
        t = sv_run_across_pages(f->insn, f->len, f->len - 4, PROT_NONE, &start,
                                &boundary);
        CHECK_EQ(t.signo, SIGILL);
        CHECK_EQ(t.pc, start);
        CHECK_EQ(t.insn, first4);
    }
    sv_context("%s", "");
    return sv_summary("xsv_off");
}
