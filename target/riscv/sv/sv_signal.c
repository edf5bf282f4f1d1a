/*
 * Simple-V state in linux-user signal frames (contract C5).
 *
 * The kernel's riscv sigcontext ends in struct __riscv_extra_ext_header
 * sc_extdesc, whose hdr {magic, size} starts a chain of extension records
 * (the V record, magic 0x53465457, in Linux), ended by a header with magic
 * 0 and size 0.  With xsv, linux-user/riscv/signal.c lays its frame out
 * the same way and this file makes sc_extdesc.hdr the SV record: header,
 * then the payload right after the sigcontext (where Linux puts the V
 * payload), then END.  Layout and frame size: docs/sv-state.md, "Signal
 * frames".  Without xsv nothing here touches the frame.
 *
 * While the handler runs the live SV state is unchanged, except PCVBLK,
 * which is cleared: a handler never starts inside a VBLOCK (§1.8).
 * rt_sigreturn restores all of it from the record.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu.h"
#include "sv.h"
#include "sv_csr.h"
#include "svcore.h"

#define SV_SIG_MAGIC 0x53560001u /* "SV", record version 1 */
#define SV_SIG_END_MAGIC 0u

/* Offsets inside sc_extdesc (struct __riscv_extra_ext_header's tail). */
#define SV_EXT_RESERVED 0 /* u32, 0 (Linux checks it) */
#define SV_EXT_HDR 4      /* the first record header */

/* Offsets inside the SV record, from its header. */
#define SV_REC_MAGIC 0
#define SV_REC_SIZE 4
#define SV_REC_STATE 8
#define SV_REC_SVPSTATE 12
#define SV_REC_PCVBLK 16
#define SV_REC_PAD 20 /* u32, 0 */
#define SV_REC_GPR 24 /* x32..x127, u64 each */
#define SV_REC_FPR (SV_REC_GPR + 8 * (SV_NUM_REGS - 32)) /* f32..f127 */
#define SV_REC_BYTES (SV_REC_FPR + 8 * (SV_NUM_REGS - 32))

#define SV_HDR_BYTES 8

QEMU_BUILD_BUG_ON(SV_REC_BYTES != 1560);

static void *sv_at(void *base, size_t offset)
{
    return (char *)base + offset;
}

static const void *sv_at_const(const void *base, size_t offset)
{
    return (const char *)base + offset;
}

size_t riscv_sv_sigframe_size(CPURISCVState *env)
{
    if (!riscv_cpu_cfg(env)->ext_xsv) {
        return 0;
    }
    /*
     * The record's header is the sigcontext's last field; its payload and
     * the END header follow the sigcontext.
     */
    return (SV_REC_BYTES - SV_HDR_BYTES) + SV_HDR_BYTES;
}

void riscv_sv_setup_sigframe(CPURISCVState *env, void *extdesc)
{
    void *rec = sv_at(extdesc, SV_EXT_HDR);
    void *end = sv_at(rec, SV_REC_BYTES);

    if (!riscv_cpu_cfg(env)->ext_xsv) {
        return;
    }
    __put_user(0u, (uint32_t *)sv_at(extdesc, SV_EXT_RESERVED));
    __put_user(SV_SIG_MAGIC, (uint32_t *)sv_at(rec, SV_REC_MAGIC));
    __put_user((uint32_t)SV_REC_BYTES, (uint32_t *)sv_at(rec, SV_REC_SIZE));
    __put_user(env->sv.state, (uint32_t *)sv_at(rec, SV_REC_STATE));
    __put_user(env->sv.svpstate, (uint32_t *)sv_at(rec, SV_REC_SVPSTATE));
    __put_user(env->sv.pcvblk, (uint32_t *)sv_at(rec, SV_REC_PCVBLK));
    __put_user(0u, (uint32_t *)sv_at(rec, SV_REC_PAD));
    for (int i = 32; i < SV_NUM_REGS; i++) {
        uint64_t *gpr = sv_at(rec, SV_REC_GPR + 8 * (i - 32));
        uint64_t *fpr = sv_at(rec, SV_REC_FPR + 8 * (i - 32));

        __put_user((uint64_t)env->sv_gpr[i], gpr);
        __put_user(env->sv_fpr[i], fpr);
    }
    __put_user(SV_SIG_END_MAGIC, (uint32_t *)sv_at(end, SV_REC_MAGIC));
    __put_user(0u, (uint32_t *)sv_at(end, SV_REC_SIZE));

    /* The handler runs outside any VBLOCK; rt_sigreturn restores PCVBLK. */
    env->sv.pcvblk = 0;
    /*
     * A prefixed VLtyp/svlen instruction part-way through keeps its loop
     * offsets in SVPSTATE (§1.7); a prefixed instruction in the handler
     * must start afresh, not resume that loop.  rt_sigreturn restores them.
     */
    env->sv.svpstate = sv_state_set_offsets(env->sv.svpstate, 0, 0, 0);
}

static uint32_t sv_get32(const void *base, size_t offset)
{
    uint32_t value;

    __get_user(value, (const uint32_t *)sv_at_const(base, offset));
    return value;
}

static uint64_t sv_get64(const void *base, size_t offset)
{
    uint64_t value;

    __get_user(value, (const uint64_t *)sv_at_const(base, offset));
    return value;
}

/* Checks one SV record; the caller has bounds-checked its size. */
static bool sv_record_valid(const void *rec)
{
    /* Reserved STATE/SVPSTATE bits (§1.6, §1.7), as the CSRs refuse them. */
    return !(sv_get32(rec, SV_REC_STATE) & SV_STATE_RESERVED_MASK) &&
           !(sv_get32(rec, SV_REC_SVPSTATE) & SV_STATE_RESERVED_MASK) &&
           sv_get32(rec, SV_REC_PAD) == 0;
}

bool riscv_sv_restore_sigframe(CPURISCVState *env, const void *extdesc,
                               const void *frame_end)
{
    const void *sv_rec = NULL;
    size_t room, offset = SV_EXT_HDR;

    if (!riscv_cpu_cfg(env)->ext_xsv) {
        return true;
    }
    if (sv_get32(extdesc, SV_EXT_RESERVED) != 0) {
        return false;
    }
    room = (const char *)frame_end - (const char *)extdesc;

    /*
     * Walk the records as Linux's restore_sigcontext() does: every header
     * and record must lie inside the locked frame, an unknown magic or a
     * wrong size is a bad frame, END (size 0) stops the walk.  Validate
     * everything before changing any state.
     */
    for (;;) {
        const void *hdr = sv_at_const(extdesc, offset);
        uint32_t magic, size;

        if (room - offset < SV_HDR_BYTES) {
            return false;
        }
        magic = sv_get32(hdr, SV_REC_MAGIC);
        size = sv_get32(hdr, SV_REC_SIZE);
        if (magic == SV_SIG_END_MAGIC) {
            if (size != 0) {
                return false;
            }
            break;
        }
        if (magic != SV_SIG_MAGIC || sv_rec || size != SV_REC_BYTES ||
            size > room - offset || !sv_record_valid(hdr)) {
            return false;
        }
        sv_rec = hdr;
        offset += size;
    }

    /* A frame without an SV record (the handler rewrote it) keeps the state. */
    if (sv_rec) {
        env->sv.state = sv_get32(sv_rec, SV_REC_STATE);
        env->sv.svpstate = sv_get32(sv_rec, SV_REC_SVPSTATE);
        env->sv.pcvblk = riscv_sv_live_pcvblk(sv_get32(sv_rec, SV_REC_PCVBLK));
        for (int i = 32; i < SV_NUM_REGS; i++) {
            env->sv_gpr[i] = sv_get64(sv_rec, SV_REC_GPR + 8 * (i - 32));
            env->sv_fpr[i] = sv_get64(sv_rec, SV_REC_FPR + 8 * (i - 32));
        }
    }
    return true;
}
