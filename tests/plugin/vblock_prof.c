/*
 * vblock_prof: VBLOCKs with known element counts, predicates, branch
 * outcomes and fail-on-first cuts, for svprof_test.py (mode "vblock").
 * The program checks its own results (exit 1 when SV misbehaves), so a
 * profile mismatch is the plugin's.  Expected totals (all exact):
 *
 *   blk_add  (add, VL from a7, predicate a5): 10 runs VL 12 with 8
 *            active, 5 runs VL 16 all active;
 *   blk_br_<mode> (ld + consensual BEQ, VL 8, one per mode): each run 3x
 *            on data where all 8 elements pass, 2x where 3 pass, 1x
 *            where none does;
 *   blk_ff   (trap-ffirst LB + ffirst BNE, VL 16): 7 runs with a NUL at
 *            index 5 (the branch cuts VL to 5, not taken), 1 run on 10
 *            bytes before a PROT_NONE page (the load cuts VL to 10, the
 *            branch is then taken);
 *   blk_loop (BEQ of a vector with itself, VL 4, ifall: taken back to a
 *            label translated before the block, 4 times): the plugin
 *            flushes the code cache once to instrument that label;
 *   blk_split (add, CSR write, add; VL 6): 3 runs, each a run up to the
 *            CSR write, which ends the TB, and a resumed part with the
 *            second add.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#include <stdlib.h>

enum { A0 = 10, A1 = 11, A2 = 12, A4 = 14, A5 = 15, A6 = 16, A7 = 17 };
enum { T5 = 30 };

/* a0 := a1 + a2 on 64-bit vectors x40.., x56.., x72.., predicate a5. */
SV_BLOCK_FN(blk_add, "sv_vblock_begin\n"
                     "sv_vl_rs1 rs1=a7, vlmax=16\n"
                     "sv_reg16 key=a0, regidx=40\n"
                     "sv_reg16 key=a1, regidx=56\n"
                     "sv_reg16 key=a2, regidx=72\n"
                     "sv_pred16 key=a0, predidx=a5\n"
                     "sv_ops\n"
                     "add a0, a1, a2\n"
                     "sv_vblock_end\n")

/* Loads 8 dwords from a1 into x40.. and compares each with a2 (tagged
 * scalar); the second predicate (a6) selects the mode.  t5 := taken. */
#define BR_BLOCK(name, p2)                                                     \
    SV_BLOCK_FN(name, "sv_vblock_begin\n"                                      \
                      "sv_vl_rs1 rs1=a7, vlmax=8\n"                            \
                      "sv_reg16 key=a0, regidx=40\n"                           \
                      "sv_reg16 key=a2, regidx=a2, isvec=0\n" p2 "sv_ops\n"    \
                      "ld a0, 0(a1)\n"                                         \
                      "sv_beq a0, a2, 1f\n"                                    \
                      "sv_vblock_end\n"                                        \
                      "li t5, 0\nj 2f\n1: li t5, 1\n2:\n")
BR_BLOCK(blk_br_ifall, "sv_pred16 key=a2, predidx=a6, inv=0, zero=0\n")
BR_BLOCK(blk_br_ifany, "sv_pred16 key=a2, predidx=a6, inv=0, zero=1\n")
BR_BLOCK(blk_br_ifnotall, "sv_pred16 key=a2, predidx=a6, inv=1, zero=0\n")
BR_BLOCK(blk_br_ifnone, "sv_pred16 key=a2, predidx=a6, inv=1, zero=1\n")

/* The strlen step (sv_strings.h): trap-ffirst byte loads at a0, then
 * BNE t0, x0 with ffirst: a4 := index of the first NUL; ifall. */
SV_BLOCK_FN(blk_ff, "sv_vblock_begin\n"
                    "sv_vl_rd rd=a4, vlmax=16\n"
                    "sv_reg16 key=t0, regidx=32, vew=1\n"
                    "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"
                    "sv_ops\n"
                    "lb t0, 0(a0)\n"
                    "sv_bne t0, x0, 1f\n"
                    "sv_vblock_end\n"
                    "li t5, 0\nj 2f\n1: li t5, 1\n2:\n")

/* A CSR write inside a block ends the TB (docs/sv-state.md): the second
 * add runs as a resumed part of the same instruction. */
SV_BLOCK_FN(blk_split, "sv_vblock_begin\n"
                       "sv_vl_rs1 rs1=a7, vlmax=8\n"
                       "sv_reg16 key=a0, regidx=40\n"
                       "sv_reg16 key=a1, regidx=48\n"
                       "sv_ops\n"
                       "add a0, a1, a1\n"
                       "csrwi 0x802, 1\n"
                       "add a1, a0, a0\n"
                       "sv_vblock_end\n")

/* t5 counts 5 down to 0; the block runs at 4..1 and branches back. */
SV_BLOCK_FN(blk_loop, "li t5, 5\n"
                      "j 1f\n"
                      "1: addi t5, t5, -1\n"
                      "beqz t5, 9f\n"
                      "sv_vblock_begin\n"
                      "sv_vl_rs1 rs1=a7, vlmax=4\n"
                      "sv_reg16 key=a0, regidx=40\n"
                      "sv_ops\n"
                      "sv_beq a0, a0, 1b\n"
                      "sv_vblock_end\n"
                      "li t5, 99\n"
                      "9:\n")

static int bad;

static void expect(const char *what, uint64_t got, uint64_t want)
{
    if (got != want) {
        fprintf(stderr, "vblock_prof: %s: got %llu, want %llu\n", what,
                (unsigned long long)got, (unsigned long long)want);
        bad = 1;
    }
}

static void run_add(uint64_t vl, uint64_t mask, int times)
{
    for (int i = 0; i < times; i++) {
        sv_regs r = {0};
        r.x[A7] = vl;
        r.x[A5] = mask;
        blk_add(&r);
        expect("blk_add pcvblk", r.pcvblk_out, 0);
    }
}

static void run_br(void (*fn)(sv_regs *), const char *name, int mode)
{
    static const uint64_t all[8] = {5, 5, 5, 5, 5, 5, 5, 5};
    static const uint64_t some[8] = {5, 1, 5, 2, 3, 5, 4, 6};
    static const uint64_t none[8] = {0, 1, 2, 3, 4, 6, 7, 8};
    /* data set -> passes: all 8, some 3, none 0 */
    const struct {
        const uint64_t *data;
        int times, all_pass, any_pass;
    } sets[3] = {{all, 3, 1, 1}, {some, 2, 0, 1}, {none, 1, 0, 0}};
    for (int s = 0; s < 3; s++) {
        for (int i = 0; i < sets[s].times; i++) {
            sv_regs r = {0};
            r.x[A7] = 8;
            r.x[A1] = (uintptr_t)sets[s].data;
            r.x[A2] = 5;
            r.x[A6] = 0;
            fn(&r);
            int want = mode == 0   ? sets[s].all_pass
                       : mode == 1 ? sets[s].any_pass
                       : mode == 2 ? !sets[s].all_pass
                                   : !sets[s].any_pass;
            expect(name, r.x[T5], (uint64_t)want);
        }
    }
}

int main(void)
{
    run_add(12, 0x0f0f, 10);
    run_add(16, ~0ull, 5);

    run_br(blk_br_ifall, "ifall", 0);
    run_br(blk_br_ifany, "ifany", 1);
    run_br(blk_br_ifnotall, "ifnotall", 2);
    run_br(blk_br_ifnone, "ifnone", 3);

    static char str[32] = "abcde"; /* NUL at 5, then zeros */
    for (int i = 0; i < 7; i++) {
        sv_regs r = {0};
        r.x[A0] = (uintptr_t)str;
        blk_ff(&r);
        expect("ff cut", r.x[A4], 5);
        expect("ff not taken", r.x[T5], 0);
    }

    for (int i = 0; i < 3; i++) {
        sv_regs r = {0};
        r.x[A7] = 6;
        blk_split(&r);
        expect("split pcvblk", r.pcvblk_out, 0);
    }

    sv_regs lr = {0};
    lr.x[A7] = 4;
    blk_loop(&lr);
    expect("loop", lr.x[T5], 0);

    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    /* Non-zero bytes behind the guard: the plugin's debug read sees
     * them, and they differ from the stale register contents. */
    if (map != MAP_FAILED) {
        memset(map + page, 'y', page);
    }
    if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE) != 0) {
        perror("mmap");
        return 2;
    }
    memset(map + page - 10, 'x', 10);
    sv_regs r = {0};
    r.x[A0] = (uintptr_t)(map + page - 10);
    blk_ff(&r);
    expect("page cut", r.x[A4], 10);
    expect("page taken", r.x[T5], 1);
    return bad;
}
