/*
 * long_insn: with xsv, every long instruction format has its SV length
 * (§3.1, A47, docs/sv-state.md).
 *
 * The instances of sv_formats.h stay illegal and raise SIGILL at their
 * first byte: P48/P64 around a reserved type (SYSTEM, all ones), and
 * VBLOCKs that are malformed (a zero parcel in the opcode area, the VL
 * block's reserved mode 11, tables longer than the block, a nested long
 * opcode, VBLOCK2 extension fields; §3.3-§3.5, C4).  For those:
 *   - in place: the handler resumes `length` bytes on and the code after
 *     the instruction runs;
 *   - across a page boundary: the whole instruction is fetched, so with
 *     page 2 mapped it is SIGILL at the start, with page 2 PROT_NONE it
 *     is SIGSEGV (a fetch fault) as soon as one byte is there, and SIGILL
 *     when the instruction ends exactly at the boundary.
 *
 * Well-formed VBLOCKs of several lengths (10, 12, 22 bytes; VBLOCK2 of
 * 12 and 40 bytes) execute: in place their opcode area runs once and
 * the code after them runs; across a page boundary with page 2 mapped
 * they run and return; with page 2 PROT_NONE the fetch faults (SIGSEGV
 * at the block start) as for the illegal ones.
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
static void across(const sv_format *f, size_t on_page2, int prot2, bool valid)
{
    uint64_t start, boundary;
    const bool fault = on_page2 > 0 && prot2 == PROT_NONE;

    sv_context("%s with %zu of %u bytes on page 2 (%s)", f->name, on_page2,
               f->len, prot2 == PROT_NONE ? "PROT_NONE" : "mapped");
    sv_trap t = sv_run_across_pages(f->insn, f->len, on_page2, prot2, &start,
                                    &boundary);
    if (valid && !on_page2 && prot2 == PROT_NONE) {
        /* The block runs; the ret appended after it is on page 2. */
        CHECK_EQ(t.signo, SIGSEGV);
        CHECK_EQ(t.pc, start + f->len);
        CHECK_EQ(t.addr, boundary);
        CHECK_STATE(SV_CSRR(SV_CSR_STATE), 0);
        return;
    }
    CHECK_EQ(t.signo, fault ? SIGSEGV : valid ? 0 : SIGILL);
    if (t.signo) {
        CHECK_EQ(t.pc, start);
    }
    if (fault) {
        CHECK_EQ(t.code, SEGV_ACCERR);
        CHECK(t.addr >= boundary && t.addr < start + f->len);
    }
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), 0);
    CHECK_EQ(SV_CSRR(SV_CSR_PCVBLK), 0);
}

/*
 * Well-formed VBLOCKs: X(name, length, block).  Each opcode area adds 2
 * to a0 once (addi a0, a0, 2) and pads with c.nop; the function is
 *   a0 := 0; <block>; a0 += 1; ret     -> 3 when the block ran once.
 */
#define VALID_VBLOCKS(X)                                                       \
    X(vb10, SV_VBLOCK_BYTES(0), sv_vblock_begin; sv_ops; addi a0, a0, 2;       \
      sv_vblock_end)                                                           \
    X(vb12_vl, SV_VBLOCK_BYTES(1), sv_vblock_begin;                            \
      sv_vl_rd rd = x0, vlmax = 1; sv_ops; addi a0, a0, 2; sv_c c.nop;         \
      sv_c c.nop; sv_vblock_end)                                               \
    X(vb22, SV_VBLOCK_BYTES(6), sv_vblock_begin;                               \
      sv_reg16 key = t6, regidx = t6, isvec = 0; sv_ops; addi a0, a0, 2;       \
          .rept 6; sv_c c.nop;.endr; sv_vblock_end)                            \
    X(vb2_12, SV_VBLOCK2_BYTES(0), sv_vblock_begin ext = 1; sv_ops;            \
      addi a0, a0, 2; sv_vblock_end)                                           \
    X(vb2_40, SV_VBLOCK2_BYTES(14), sv_vblock_begin ext = 1; sv_ops;           \
      addi a0, a0, 2;.rept 16; sv_c c.nop;.endr; sv_vblock_end)

#define VALID_EMIT_(name, len, ...)                                            \
    __asm__(".pushsection .text\n"                                             \
            ".balign 4\n"                                                      \
            "ok_" #name ":\n"                                                  \
            "    li a0, 0\n"                                                   \
            "ok_" #name "_insn:\n"                                             \
            "    " #__VA_ARGS__ "\n"                                           \
            "ok_" #name "_end:\n"                                              \
            "    addi a0, a0, 1\n"                                             \
            "    ret\n"                                                        \
            ".popsection\n");                                                  \
    uint64_t ok_##name(void) __asm__("ok_" #name);                             \
    extern const char ok_##name##_insn[] __asm__("ok_" #name "_insn");         \
    extern const char ok_##name##_end[] __asm__("ok_" #name "_end");
VALID_VBLOCKS(VALID_EMIT_)
#define VALID_ROW_(name, len, ...)                                             \
    {#name, ok_##name, ok_##name##_insn, ok_##name##_end, len},

static void valid_in_place(const sv_format *f)
{
    sv_trap t;
    uint64_t ret = 0;

    sv_context("%s in place (%u bytes, executes)", f->name, f->len);
    CHECK_EQ(f->end - f->insn, f->len);
    SV_TRY_SKIP(t, f->len, ret = f->fn());
    CHECK_EQ(t.signo, 0);
    CHECK_EQ(ret, 3);
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), 0);
    CHECK_EQ(SV_CSRR(SV_CSR_PCVBLK), 0);
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
            across(f, splits[s], PROT_NONE, false);
            if (splits[s]) {
                across(f, splits[s], PROT_READ | PROT_EXEC, false);
            }
        }
    }

    const sv_format valid[] = {VALID_VBLOCKS(VALID_ROW_)};
    for (size_t i = 0; i < SV_COUNT(valid); i++) {
        const sv_format *f = &valid[i];
        const size_t splits[] = {0, 2, f->len - 2};

        valid_in_place(f);
        for (size_t s = 0; s < SV_COUNT(splits); s++) {
            across(f, splits[s], PROT_NONE, true);
            if (splits[s]) {
                across(f, splits[s], PROT_READ | PROT_EXEC, true);
            }
        }
    }
    sv_context("%s", "");
    return sv_summary("long_insn");
}
