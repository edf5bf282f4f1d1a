/*
 * Simple-V run-time helpers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "sv_compat.h"
#include "exec/helper-proto.h"
#include "internals.h"
#include "svcore.h"
#include "sv.h"
#include "sv_csr.h"
#include "sv_exec.h"

/*
 * sv.setvl (§2.1, A7): MVL := VLMAX, STATE.vl := rd, rd := min(rs1,
 * VLMAX).  The translator ends the TB afterwards, as for vsetvl.
 */
target_ulong HELPER(sv_setvl)(CPURISCVState *env, target_ulong rs1_value,
                              uint32_t insn)
{
    sv_setvl_insn fields;
    uint64_t rd_value = 0;
    sv_status status = sv_setvl_decode(insn, &fields);

    if (status == SV_OK) {
        status = sv_setvl_exec(&env->sv.state, fields, rs1_value,
                               riscv_sv_xlen(env), &rd_value);
    }
    if (status != SV_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "sv.setvl 0x%08x: %s: %s\n", insn,
                      sv_status_name(status), sv_status_reason(status));
        riscv_raise_exception(env, RISCV_EXCP_ILLEGAL_INST, GETPC());
    }
    return rd_value;
}

/*
 * Acting on a VBLOCK's VL block (§3.3, A8, A9): an sv.setvl, then SUBVL.
 * Mode 10 (A9, likely intent): MVL := VLMAX, STATE.vl := rs1 as it
 * stands, no GPR written.  The VL block is done when PCVBLK leaves status
 * 01 (§3.8): it is not re-run on resume.
 */
void HELPER(sv_vblock_enter)(CPURISCVState *env, uint32_t pcvblk,
                             uint32_t vl_packed)
{
    sv_vl_block vl = sv_unpack_vl_block(vl_packed);
    uint64_t rd_value;
    sv_status status =
        sv_vl_block_exec(&env->sv.state, vl, vl.rs1 ? env->gpr[vl.rs1] : 0,
                         riscv_sv_xlen(env), &rd_value);

    if (status != SV_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "VBLOCK VL block: %s: %s\n",
                      sv_status_name(status), sv_status_reason(status));
        riscv_raise_exception(env, RISCV_EXCP_ILLEGAL_INST, GETPC());
    }
    if (vl.mode != SV_VL_MODE_RS1 && vl.rd) {
        env->gpr[vl.rd] = rd_value;
    }
    env->sv.pcvblk = pcvblk;
}

void HELPER(sv_vblock_jump)(CPURISCVState *env, target_ulong target,
                            target_ulong base, uint32_t len)
{
    if (target > base && target < base + len) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "VBLOCK at 0x" TARGET_FMT_lx ": jump to 0x" TARGET_FMT_lx
                      ", into the middle of its own block (§3.7)\n",
                      base, target);
        riscv_raise_exception(env, RISCV_EXCP_ILLEGAL_INST, GETPC());
    }
    env->sv.pcvblk = 0;
}
