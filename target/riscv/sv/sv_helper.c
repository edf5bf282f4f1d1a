/*
 * Simple-V run-time helpers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "internals.h"
#include "svcore.h"

static unsigned sv_xlen(CPURISCVState *env)
{
    return riscv_cpu_mxl(env) == MXL_RV32 ? 32 : 64;
}

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
        status = sv_setvl_exec(&env->sv.state, fields, rs1_value, sv_xlen(env),
                               &rd_value);
    }
    if (status != SV_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "sv.setvl 0x%08x: %s\n", insn,
                      sv_status_name(status));
        riscv_raise_exception(env, RISCV_EXCP_ILLEGAL_INST, GETPC());
    }
    return rd_value;
}
