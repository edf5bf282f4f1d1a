/*
 * sv_linux_work [ITERATIONS [SPLIT]]: a VBLOCK loop (tests/system/work.inc)
 * run long enough under a real kernel that its timer interrupts land in
 * it many times; the vectors must equal a scalar reference afterwards.
 * SPLIT 1 (the default) runs each opcode as its own block, SPLIT 0 the
 * 12-opcode block (see sv_linux_work.S for why stock Linux needs 1).  Prints
 * "sv_linux_work: N checks, F failures" like linux-user-tests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

uint64_t sv_linux_work(uint64_t iterations, uint64_t split);
void sv_linux_fail(uint64_t step, uint64_t got, uint64_t want);

void sv_linux_fail(uint64_t step, uint64_t got, uint64_t want)
{
    printf("sv_linux_work: step %" PRIu64 ": got 0x%" PRIx64 " want 0x%" PRIx64
           "\n",
           step, got, want);
}

int main(int argc, char **argv)
{
    uint64_t iterations = argc > 1 ? strtoull(argv[1], NULL, 0) : 200000;
    uint64_t split = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    uint64_t step = sv_linux_work(iterations, split);

    printf("sv_linux_work: %" PRIu64 " iterations of 12 vector opcodes in %s\n",
           iterations, split ? "12 one-opcode blocks" : "one block");
    printf("sv_linux_work: 96 checks, %d failures\n", step ? 1 : 0);
    return step ? 1 : 0;
}
