/*
 * Acting on a VBLOCK's VL block (§3.3, A8, A9) without running the block.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "svcore.h"

extern "C" {

sv_status sv_vl_block_exec(uint32_t *state, const sv_vl_block *vl,
                           uint64_t rs1_value, unsigned xlen,
                           uint64_t *rd_value)
{
    uint32_t s = *state;
    uint64_t rd = 0;
    sv_status status;

    if (vl->mode == SV_VL_MODE_RS1) {
        // A9: MVL := vlmax, STATE.vl := rs1, no GPR write.
        status = sv_csr_write_mvl(&s, vl->vlmax, xlen);
        if (status == SV_OK) {
            sv_state_fields f = sv_state_unpack(s);
            f.vl = vl->rs1;
            f.srcoffs = f.destoffs = f.dsvoffs = 0;
            s = sv_state_pack(f);
        }
    } else {
        const sv_setvl_insn insn = {vl->rd, vl->rs1, vl->vlmax};
        status = sv_setvl_exec(&s, insn, vl->rs1 ? rs1_value : 0, xlen, &rd);
    }
    if (status == SV_OK) {
        status = sv_csr_write_subvl(&s, vl->subvl);
    }
    if (status != SV_OK) {
        return status;
    }
    *state = s;
    *rd_value = rd;
    return SV_OK;
}

} // extern "C"
