/*
 * Fixture for gdbstub-step.sh: gdb-multiarch steps into, through and out
 * of this VBLOCK (one inner opcode per stepi, docs/guide.md "gdb").
 *
 *   gdb_step_vblock:  VL block: t4 = VL = 4 (MVL 4); t0 -> x40, vector
 *                     ld   t0, 0(a3)      x40..x43 = v[0..3]
 *                     addi t0, t0, 1      x40..x43 += 1
 *                     sd   t0, 0(a3)      v[0..3] = x40..x43
 *                     addi a5, a5, 7      scalar (a5 is untagged)
 *   gdb_step_after:   csrw 0x803, zero    (STATE := 0)
 *
 * main runs it twice and checks the result itself (exit 0, "gdb_step:
 * ok"), so that a step that loses or repeats an opcode shows here too.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

uint64_t gdb_step_v[4] = {1, 2, 3, 4};

long gdb_step_block(uint64_t *v, long a5);

__asm__(".text\n"
        ".globl gdb_step_block\n"
        ".type gdb_step_block, @function\n"
        "gdb_step_block:\n"
        "    mv a3, a0\n"
        "    mv a5, a1\n"
        ".globl gdb_step_vblock\n"
        "gdb_step_vblock:\n"
        "    sv_vblock_begin ext=1\n"
        "    sv_vl_rd rd=t4, vlmax=4\n"
        "    sv_reg16 key=t0, regidx=40\n"
        "    sv_ops\n"
        "    ld t0, 0(a3)\n"
        "    addi t0, t0, 1\n"
        "    sd t0, 0(a3)\n"
        "    addi a5, a5, 7\n"
        "    sv_vblock_end\n"
        ".globl gdb_step_after\n"
        "gdb_step_after:\n"
        "    csrw 0x803, zero\n"
        "    mv a0, a5\n"
        "    ret\n"
        ".size gdb_step_block, . - gdb_step_block\n");

int main(void)
{
    long a5 = gdb_step_block(gdb_step_v, 0);

    a5 = gdb_step_block(gdb_step_v, a5);
    for (int i = 0; i < 4; i++) {
        if (gdb_step_v[i] != (uint64_t)i + 3) {
            printf("gdb_step: v[%d] = %llu, expected %d\n", i,
                   (unsigned long long)gdb_step_v[i], i + 3);
            return 1;
        }
    }
    if (a5 != 14) {
        printf("gdb_step: a5 = %ld, expected 14\n", a5);
        return 1;
    }
    printf("gdb_step: ok\n");
    return 0;
}
