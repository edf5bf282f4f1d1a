/*
 * Simple-V state in migration and snapshots: the "cpu/sv" subsection of
 * vmstate_riscv_cpu, present only on harts with xsv.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "cpu.h"
#include "migration/cpu.h"
#include "sv.h"
#include "sv_csr.h"
#include "svcore.h"

static bool riscv_sv_needed(void *opaque)
{
    RISCVCPU *cpu = opaque;

    return cpu->cfg.ext_xsv;
}

/* A stream from a broken or hostile source must not install reserved state. */
static int riscv_sv_post_load(void *opaque, int version_id)
{
    RISCVCPU *cpu = opaque;
    RISCVSVState *sv = &cpu->env.sv;
    const uint32_t states[] = {
        sv->state,      sv->svpstate, sv->sestate,
        sv->sesvpstate, sv->mestate,  sv->mesvpstate,
    };

    for (size_t i = 0; i < ARRAY_SIZE(states); i++) {
        if (states[i] & SV_STATE_RESERVED_MASK) {
            return -EINVAL;
        }
    }
    /* The live PCVBLK is the TB key: 0 or a resume point (sv_csr.h). */
    sv->pcvblk = riscv_sv_live_pcvblk(sv->pcvblk);
    return 0;
}

const VMStateDescription vmstate_riscv_sv = {
    .name = "cpu/sv",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = riscv_sv_needed,
    .post_load = riscv_sv_post_load,
    .fields = (const VMStateField[]){
        VMSTATE_UINT32(env.sv.state, RISCVCPU),
        VMSTATE_UINT32(env.sv.svpstate, RISCVCPU),
        VMSTATE_UINT32(env.sv.pcvblk, RISCVCPU),
        VMSTATE_UINT32(env.sv.sestate, RISCVCPU),
        VMSTATE_UINT32(env.sv.sepcvblk, RISCVCPU),
        VMSTATE_UINT32(env.sv.sesvpstate, RISCVCPU),
        VMSTATE_UINT32(env.sv.mestate, RISCVCPU),
        VMSTATE_UINT32(env.sv.mepcvblk, RISCVCPU),
        VMSTATE_UINT32(env.sv.mesvpstate, RISCVCPU),
#ifdef TARGET_RISCV64
        VMSTATE_UINT64_SUB_ARRAY(env.sv_gpr, RISCVCPU, 32, SV_NUM_REGS - 32),
#endif
        VMSTATE_UINT64_SUB_ARRAY(env.sv_fpr, RISCVCPU, 32, SV_NUM_REGS - 32),
        VMSTATE_END_OF_LIST()}};
