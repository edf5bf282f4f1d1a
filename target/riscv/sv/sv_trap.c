/*
 * Simple-V state on trap entry and xRET (system mode; §1.9, §3.8, §9).
 *
 * Each privilege level that takes traps keeps its own vector context:
 * entering S or M swaps STATE and SVPSTATE with that level's trap copies
 * and copies PCVBLK to its ePCVBLK the way xepc takes PC; xRET swaps back
 * and restores PCVBLK.  A trap inside a VBLOCK therefore saves xepc = the
 * block's start (PC is frozen there, §3.6) and xePCVBLK = the opcode that
 * trapped; xRET restores both, and the next TB lookup keys on the restored
 * PCVBLK (cs_base, hook 0010), so the block resumes at opptr
 * with its tables re-read and its VL block not re-run (§3.8).
 *
 * VS/VU (H extension) share the HS copies: SV defines no swap on
 * virtualisation changes.  RNMI entry and MNRET do not swap (SV defines no
 * NMI copies); docs/sv-state.md, "System mode".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "cpu.h"
#include "sv.h"
#include "sv_csr.h"
#include "svcore.h"

typedef struct SVTrapCopies {
    uint32_t *state;
    uint32_t *pcvblk;
    uint32_t *svpstate;
} SVTrapCopies;

static SVTrapCopies sv_trap_copies(CPURISCVState *env, target_ulong level)
{
    RISCVSVState *sv = &env->sv;

    if (level == PRV_M) {
        return (SVTrapCopies){&sv->mestate, &sv->mepcvblk, &sv->mesvpstate};
    }
    return (SVTrapCopies){&sv->sestate, &sv->sepcvblk, &sv->sesvpstate};
}

static void sv_swap(uint32_t *a, uint32_t *b)
{
    uint32_t t = *a;

    *a = *b;
    *b = t;
}

/*
 * Entry and xRET both swap STATE and SVPSTATE with the level's copies;
 * false (nothing swapped) on a hart without Xsv.
 */
static bool sv_trap_swap(CPURISCVState *env, target_ulong level,
                         SVTrapCopies *c)
{
    if (!riscv_cpu_cfg(env)->ext_xsv) {
        return false;
    }
    *c = sv_trap_copies(env, level);
    sv_swap(&env->sv.state, c->state);
    sv_swap(&env->sv.svpstate, c->svpstate);
    return true;
}

void riscv_sv_trap_enter(CPURISCVState *env, target_ulong level)
{
    SVTrapCopies c;

    if (!sv_trap_swap(env, level, &c)) {
        return;
    }
    *c.pcvblk = env->sv.pcvblk;
    /* §3.8 RESOLUTION PROPOSED: the handler never starts inside a block. */
    env->sv.pcvblk = 0;
}

void riscv_sv_trap_return(CPURISCVState *env, target_ulong level)
{
    SVTrapCopies c;

    if (!sv_trap_swap(env, level, &c)) {
        return;
    }
    /*
     * Like xepc, xePCVBLK keeps its value.  It is plain storage, so a
     * handler may have left anything there.  The live PCVBLK is 0 outside
     * a block, and this implementation never stops at status 01 or 10
     * (decoding a block is atomic), so only status 11 resumes; a value
     * naming no opcode of the block at xepc raises illegal instruction
     * there (trans_sv.c.inc).
     */
    env->sv.pcvblk = riscv_sv_live_pcvblk(*c.pcvblk);
}

/* Parcel n of the opcode at env->pc + off (a debug read: no trap). */
static bool sv_read_parcel(CPURISCVState *env, unsigned off, unsigned n,
                           uint16_t *parcel)
{
    uint8_t b[2];

    if (cpu_memory_rw_debug(env_cpu(env), env->pc + off + 2 * n, b, 2, false)) {
        return false;
    }
    *parcel = lduw_le_p(b);
    return true;
}

target_ulong riscv_sv_illegal_tval(CPURISCVState *env)
{
    uint16_t parcels[4];
    unsigned off, len, n = 0;
    sv_status st = SV_NEED_MORE_BYTES;
    uint64_t value = 0;

    if (!riscv_cpu_cfg(env)->ext_xsv || !env->sv.pcvblk ||
        sv_pcvblk_opcode_offset(env->sv.pcvblk, &off) != SV_OK) {
        return env->bins;
    }
    while (st == SV_NEED_MORE_BYTES && n < ARRAY_SIZE(parcels)) {
        if (!sv_read_parcel(env, off, n, &parcels[n])) {
            return env->bins;
        }
        st = sv_insn_length(parcels, ++n, &len);
    }
    if (st != SV_OK) {
        return env->bins;
    }
    /* The opcode, or the first MXLEN bits of a longer one (priv spec). */
    len = MIN(len / 2, ARRAY_SIZE(parcels));
    for (; n < len; n++) {
        if (!sv_read_parcel(env, off, n, &parcels[n])) {
            return env->bins;
        }
    }
    while (n-- > 0) {
        value = value << 16 | parcels[n];
    }
    return value;
}
