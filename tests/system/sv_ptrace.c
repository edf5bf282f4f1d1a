/*
 * sv_ptrace: the NT_RISCV_SV regset of the project's kernel (system/linux
 * patch 5; note type 0x9f0, content struct __riscv_sv_state: STATE,
 * SVPSTATE, PCVBLK, pad, x32..x127, f32..f127).  A traced child loads a
 * pattern into x32..x127 and f32..f127 with SV, sets STATE and stops; the
 * parent reads the regset and checks it, writes a new pattern and a new
 * STATE, and the child checks that it sees them after it resumes.
 * Prints "sv_ptrace: N checks, F failures".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <elf.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sv.h"

#define NT_RISCV_SV 0x9f0

struct sv_regset {
    uint32_t state, svpstate, pcvblk, pad;
    uint64_t x[96], f[96];
};

/* x32..x127 := x[0..95], f32..f127 := f[0..95]; and back. */
/* The pointers are pinned to a0/a1: s2/s3/fs2/fs3 are the block's keys. */
static void sv_load(const uint64_t *x, const uint64_t *f)
{
    register const uint64_t *px __asm__("a0") = x;
    register const uint64_t *pf __asm__("a1") = f;

    __asm__ volatile("li t0, 48\n"
                     "sv_vblock_begin ext=1\n"
                     "sv_vl_rs1 t0, vlmax=48\n"
                     "sv_reg16 key=s2, regidx=32\n"
                     "sv_reg16 key=s3, regidx=80\n"
                     "sv_reg16 key=fs2, regidx=32, int=0\n"
                     "sv_reg16 key=fs3, regidx=80, int=0\n"
                     "sv_ops\n"
                     "ld s2, 0(%0)\n ld s3, 384(%0)\n"
                     "fld fs2, 0(%1)\n fld fs3, 384(%1)\n"
                     "sv_vblock_end\n"
                     :
                     : "r"(px), "r"(pf)
                     : "t0", "memory");
}

static void sv_store(uint64_t *x, uint64_t *f)
{
    register uint64_t *px __asm__("a0") = x;
    register uint64_t *pf __asm__("a1") = f;

    __asm__ volatile("li t0, 48\n"
                     "sv_vblock_begin ext=1\n"
                     "sv_vl_rs1 t0, vlmax=48\n"
                     "sv_reg16 key=s2, regidx=32\n"
                     "sv_reg16 key=s3, regidx=80\n"
                     "sv_reg16 key=fs2, regidx=32, int=0\n"
                     "sv_reg16 key=fs3, regidx=80, int=0\n"
                     "sv_ops\n"
                     "sd s2, 0(%0)\n sd s3, 384(%0)\n"
                     "fsd fs2, 0(%1)\n fsd fs3, 384(%1)\n"
                     "sv_vblock_end\n"
                     :
                     : "r"(px), "r"(pf)
                     : "t0", "memory");
}

static uint64_t pat(unsigned k, uint64_t salt)
{
    return (0x0123456789abcdefull ^ salt) * (k + 1);
}

/* MVL 5, VL register x0, SUBVL 3: arbitrary legal STATE values. */
#define STATE1 0x02000004u
#define STATE2 0x01000007u

int main(void)
{
    static uint64_t x[96], f[96];
    struct sv_regset rs;
    struct iovec iov = {&rs, sizeof(rs)};
    int status;
    pid_t pid;

    CHECK_EQ(sizeof(rs), 1552);
    pid = fork();
    if (pid == 0) {
        uint64_t st;
        unsigned bad = 0;

        ptrace(PTRACE_TRACEME, 0, NULL, NULL);
        for (unsigned k = 0; k < 96; k++) {
            x[k] = pat(k, 1);
            f[k] = pat(k, 2);
        }
        sv_load(x, f);
        SV_CSRW(SV_CSR_STATE, STATE1);
        raise(SIGSTOP);
        /* The parent wrote salt 3/4 and STATE2. */
        st = SV_CSRR(SV_CSR_STATE);
        sv_store(x, f);
        for (unsigned k = 0; k < 96; k++) {
            bad += x[k] != pat(k, 3) || f[k] != pat(k, 4);
        }
        _exit(bad ? 2 : st == STATE2 ? 0 : 3);
    }
    if (!CHECK(pid > 0) || !CHECK_EQ(waitpid(pid, &status, 0), pid) ||
        !CHECK(WIFSTOPPED(status))) {
        return sv_summary("sv_ptrace");
    }
    memset(&rs, 0xee, sizeof(rs));
    if (CHECK_EQ(ptrace(PTRACE_GETREGSET, pid, (void *)NT_RISCV_SV, &iov), 0)) {
        CHECK_EQ(iov.iov_len, sizeof(rs));
        CHECK_EQ(rs.state, STATE1);
        CHECK_EQ(rs.pcvblk, 0);
        CHECK_EQ(rs.pad, 0);
        for (unsigned k = 0; k < 96; k++) {
            CHECK_EQ(rs.x[k], pat(k, 1));
            CHECK_EQ(rs.f[k], pat(k, 2));
        }
    }
    rs.state = STATE2;
    for (unsigned k = 0; k < 96; k++) {
        rs.x[k] = pat(k, 3);
        rs.f[k] = pat(k, 4);
    }
    iov.iov_len = sizeof(rs);
    CHECK_EQ(ptrace(PTRACE_SETREGSET, pid, (void *)NT_RISCV_SV, &iov), 0);
    /* A reserved STATE bit is refused. */
    rs.state = STATE2 | 1u << 28;
    iov.iov_len = sizeof(rs);
    CHECK(ptrace(PTRACE_SETREGSET, pid, (void *)NT_RISCV_SV, &iov) != 0);
    ptrace(PTRACE_CONT, pid, NULL, NULL);
    CHECK_EQ(waitpid(pid, &status, 0), pid);
    CHECK(WIFEXITED(status));
    CHECK_EQ(WEXITSTATUS(status), 0);
    return sv_summary("sv_ptrace");
}
