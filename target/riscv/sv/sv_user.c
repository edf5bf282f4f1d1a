/*
 * Simple-V in linux-user's cpu_loop (hook patches 0014, 0015).
 *
 * ECALL inside a VBLOCK (§3.7: "ECALL is allowed, because the trap saves
 * and restores everything").
 *
 * The ECALL traps like any other: PC is the block's start, PCVBLK names
 * the ECALL.  Where Linux (and linux-user's cpu_loop) would add 4 to PC
 * to return after it, a kernel that knows SV advances PCVBLK instead
 * (README, "What a kernel must do for SV"): to the block's next opcode,
 * or, after the last one, PCVBLK := 0 and PC := the block's end.  A
 * restarted syscall (ERESTARTSYS) goes back to the ECALL itself.
 * cpu_loop calls these two in place of its `pc += 4` / `pc -= 4` (hook
 * patch "linux-user/riscv: return from an ECALL inside a VBLOCK").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "cpu.h"
#include "sv_compat.h"
#include "sv.h"
#include "svcore.h"

/* The longest VBLOCK: the extended format with ilen 31 (§3.1, A47). */
#define SV_VBLOCK_MAX_BYTES 74

void riscv_sv_ecall_step(CPURISCVState *env)
{
    uint8_t bytes[SV_VBLOCK_MAX_BYTES];
    sv_vblock_context ctx;
    uint32_t pcvblk = env->sv.pcvblk;
    size_t n;

    env->sv.ecall_pc = env->pc;
    env->sv.ecall_pcvblk = pcvblk;
    if (!env_archcpu(env)->cfg.ext_xsv ||
        sv_pcvblk_status(pcvblk) != SV_PCVBLK_EXECUTING) {
        env->pc += 4;
        return;
    }
    /* The block was just translated from these bytes: they are mapped. */
    for (n = 0; n < sizeof(bytes); n += 2) {
        uint16_t parcel = cpu_lduw_code(env, env->pc + n);

        bytes[n] = parcel;
        bytes[n + 1] = parcel >> 8;
        if (sv_vblock_decode(bytes, n + 2, &ctx) != SV_NEED_MORE_BYTES) {
            break;
        }
    }
    if (sv_vblock_decode(bytes, n + 2, &ctx) != SV_OK ||
        sv_pcvblk_advance(&ctx, &pcvblk) != SV_OK) {
        /* Cannot happen for a block that ran; behave as without SV. */
        env->pc += 4;
        return;
    }
    env->sv.pcvblk = pcvblk;
    if (!pcvblk) {
        env->pc += ctx.layout.total_bytes;
    }
}

void riscv_sv_ecall_restart(CPURISCVState *env)
{
    env->pc = env->sv.ecall_pc;
    env->sv.pcvblk = env->sv.ecall_pcvblk;
}

/*
 * An illegal instruction without xsv: when it is a VBLOCK, P48 or P64
 * (long encodings only SV defines; sv.setvl's encoding is also RVV's
 * vsetvli, so it gets no hint), say once how to enable SV.  The SIGILL
 * is delivered as before.
 */
void riscv_sv_illegal_hint(CPURISCVState *env)
{
    static bool hinted;
    uint16_t parcel;

    if (hinted || env_archcpu(env)->cfg.ext_xsv) {
        return;
    }
    parcel = cpu_lduw_code(env, env->pc);
    switch (sv_insn_classify(parcel)) {
    case SV_FMT_P48:
    case SV_FMT_P64:
    case SV_FMT_VBLOCK:
    case SV_FMT_VBLOCK2:
        hinted = true;
        fprintf(stderr,
                "qemu-riscv64: illegal instruction at 0x" TARGET_FMT_lx
                " is a Simple-V %s: -cpu rv64,xsv=true enables Simple-V\n",
                env->pc,
                sv_insn_classify(parcel) == SV_FMT_P48   ? "P48"
                : sv_insn_classify(parcel) == SV_FMT_P64 ? "P64"
                                                         : "VBLOCK");
        break;
    default:
        break;
    }
}
