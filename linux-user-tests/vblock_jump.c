/*
 * vblock_jump: a tagged JALR / C.JR inside a VBLOCK (docs/sv-state.md,
 * "Tagged JALR / C.JR").  Jumps run once (§5.2); the jump register is
 * redirected like every register field (only CSRs are "not even
 * redirected", A37) and read whole, as an address register is (§8.1).
 * t3 holds the wrong target and its real register x40 the right one:
 *   - jalr x0, 0(t3) and c.jr t3 with t3 -> x40 (vector and scalar
 *     entries) land where x40 says, after the opcodes before them ran
 *     over VL elements and without the ones after them;
 *   - an untagged jalr still uses t3.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

/* Returns 1 when the jump went to x40's target, 2 to t3's, 0 when it
 * fell through; *v gets the vector add's results (VL 4). */
#define JUMP_FN(name, entry, jump)                                             \
    static long name(uint64_t *v)                                              \
    {                                                                          \
        register uint64_t *a3 asm("a3") = v;                                   \
        register long a0 asm("a0") = 0;                                        \
                                                                               \
        asm volatile("lla t3, 2f\n"                                            \
                     "lla t5, 3f\n"                                            \
                     "csrw 0x803, zero\n"                                      \
                     "sv_vblock_begin ext=1\n"                                 \
                     "sv_vl_rd rd=t4, vlmax=4\n"                               \
                     "sv_reg16 key=t1, regidx=48\n"                            \
                     "sv_reg16 key=t2, regidx=40, isvec=0\n"                   \
                     "sv_ops\n"                                                \
                     "addi t2, t5, 0\n" /* x40 := the right target */          \
                     "ld t1, 0(a3)\n"                                          \
                     "addi t1, t1, 1\n"                                        \
                     "sd t1, 0(a3)\n"                                          \
                     "sv_vblock_end\n"                                         \
                     "csrw 0x803, zero\n"                                      \
                     "sv_vblock_begin ext=1\n"                                 \
                     "sv_vl_rd rd=t4, vlmax=4\n"                               \
                     "sv_reg16 key=t1, regidx=48\n" entry "sv_ops\n"           \
                     "ld t1, 0(a3)\n"                                          \
                     "addi t1, t1, 10\n"                                       \
                     "sd t1, 0(a3)\n" jump "sd t1, 0(a3)\n"                    \
                     "sd t1, 0(a3)\n"                                          \
                     "sv_vblock_end\n"                                         \
                     "li a0, 0\n"                                              \
                     "j 4f\n"                                                  \
                     "2: li a0, 2\n"                                           \
                     "j 4f\n"                                                  \
                     "3: li a0, 1\n"                                           \
                     "4: csrw 0x803, zero\n"                                   \
                     : "+r"(a0)                                                \
                     : "r"(a3)                                                 \
                     : "t1", "t2", "t3", "t4", "t5", "memory");                \
        return a0;                                                             \
    }

JUMP_FN(jalr_vec, "sv_reg16 key=t3, regidx=40\n", "jalr x0, 0(t3)\n")
JUMP_FN(jalr_scalar, "sv_reg16 key=t3, regidx=40, isvec=0\n",
        "jalr x0, 0(t3)\n")
JUMP_FN(cjr_vec, "sv_reg16 key=t3, regidx=40\n", "sv_c c.jr t3\n")
JUMP_FN(jalr_plain, "", "jalr x0, 0(t3)\n")

static void check(const char *what, long (*fn)(uint64_t *), long want)
{
    uint64_t v[4] = {1, 2, 3, 4};

    sv_context("%s", what);
    CHECK_EQ(fn(v), want);
    for (int i = 0; i < 4; i++) {
        /* +1 by the first block, +10 by the opcodes before the jump. */
        CHECK_EQ(v[i], (uint64_t)i + 12);
    }
}

int main(void)
{
    sv_trap_install();
    check("jalr x0, 0(t3), t3 -> x40 (vector entry)", jalr_vec, 1);
    check("jalr x0, 0(t3), t3 -> x40 (scalar entry)", jalr_scalar, 1);
    check("c.jr t3, t3 -> x40 (vector entry)", cjr_vec, 1);
    check("jalr x0, 0(t3) untagged", jalr_plain, 2);
    sv_context("%s", "");
    return sv_summary("vblock_jump");
}
