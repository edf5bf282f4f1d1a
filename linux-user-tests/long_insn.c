/*
 * long_insn: with xsv, every long instruction format has its SV length
 * (§3.1, A47, docs/sv-state.md) and, its semantics not implemented yet,
 * raises SIGILL at its first byte:
 *   - in place: the handler resumes `length` bytes on and the code after
 *     the instruction runs;
 *   - across a page boundary: the whole instruction is fetched, so with
 *     page 2 mapped it is SIGILL at the start, with page 2 PROT_NONE it
 *     is SIGSEGV (a fetch fault) as soon as one byte is there, and SIGILL
 *     when the instruction ends exactly at the boundary.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv_formats.h"

/* Runs the instruction where it was assembled. */
static void in_place(const sv_format *f)
{
    sv_trap t;
    uint64_t after = 0;
    uint16_t parcel0;

    memcpy(&parcel0, f->insn, sizeof(parcel0));
    sv_context("%s in place (%u bytes)", f->name, f->len);
    /* The kit emitted the length the table expects. */
    CHECK_EQ(f->end - f->insn, f->len);
    SV_TRY_SKIP(t, f->len, after = f->fn());
    CHECK_EQ(t.signo, SIGILL);
    CHECK_EQ(t.code, ILL_ILLOPC);
    CHECK_EQ(t.pc, (uintptr_t)f->insn);
    CHECK_EQ(t.insn & 0xffff, parcel0);
    CHECK_EQ(after, 1); /* resumed past it */
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), 0);
}

/* Places the instruction with on_page2 bytes on page 2. */
static void across(const sv_format *f, size_t on_page2, int prot2)
{
    uint64_t start, boundary;
    const bool fault = on_page2 > 0 && prot2 == PROT_NONE;

    sv_context("%s with %zu of %u bytes on page 2 (%s)", f->name, on_page2,
               f->len, prot2 == PROT_NONE ? "PROT_NONE" : "mapped");
    sv_trap t = sv_run_across_pages(f->insn, f->len, on_page2, prot2, &start,
                                    &boundary);
    CHECK_EQ(t.signo, fault ? SIGSEGV : SIGILL);
    CHECK_EQ(t.pc, start);
    if (fault) {
        CHECK_EQ(t.code, SEGV_ACCERR);
        CHECK(t.addr >= boundary && t.addr < start + f->len);
    }
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), 0);
}

int main(void)
{
    const sv_format formats[] = SV_FORMAT_TABLE;

    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(formats); i++) {
        const sv_format *f = &formats[i];
        /* Bytes on page 2: none, the last parcel, all but the first. */
        const size_t splits[] = {0, 2, f->len - 2};

        in_place(f);
        for (size_t s = 0; s < SV_COUNT(splits); s++) {
            across(f, splits[s], PROT_NONE);
            if (splits[s]) {
                across(f, splits[s], PROT_READ | PROT_EXEC);
            }
        }
    }
    sv_context("%s", "");
    return sv_summary("long_insn");
}
