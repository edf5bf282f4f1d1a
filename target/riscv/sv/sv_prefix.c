/*
 * SVPrefix (P48/P64, §4): the run-time part of a prefixed instruction.
 *
 * The translator has checked the prefix (sv_prefix_decode) and passes
 * its bits; the helper decodes them again (as helper_sv_elements decodes
 * its opcode), chooses VL and SUBVL (STATE's, or SVPSTATE's for a
 * VLtyp/svlen instruction: §1.7, §4.4, A24, A25, A43, A51) and runs the
 * VBLOCK element loops of sv_exec.c on the operands the prefix names.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "internals.h"
#include "svcore.h"
#include "sv_exec.h"

/* The element-loop descriptor of a prefix's operands and predicates. */
static uint64_t sv_prefix_desc(const sv_prefix_context *p)
{
    const sv_reg_entry *e[SV_SLOT_COUNT] = {&p->rd, &p->rs1, &p->rs2, &p->rs3};
    uint64_t d = 0;

    for (unsigned k = 0; k < SV_SLOT_COUNT; k++) {
        if (e[k]->enabled) {
            d |= sv_desc_pack_operand(k, e[k]->regidx, e[k]->isvec,
                                      e[k]->elwidth);
        }
    }
    d |=
        sv_desc_pack_pred(SV_DESC_PRED_DEST, p->pred_dest.enabled,
                          p->pred_dest.predidx, p->pred_dest.inv, false, false);
    d |= sv_desc_pack_pred(SV_DESC_PRED_SRC, p->pred_src.enabled,
                           p->pred_src.predidx, p->pred_src.inv, false, false);
    return d;
}

void HELPER(sv_prefix)(CPURISCVState *env, uint64_t bits, target_ulong pc)
{
    uintptr_t ra = GETPC();
    uint8_t bytes[8];
    sv_prefix_context p;
    uint32_t state = env->sv.state;
    unsigned vl_reg = sv_state_vl_reg(state);
    sv_prefix_loop loop;
    uint64_t vlen_value = 0;

    stq_le_p(bytes, bits);
    if (sv_prefix_decode(bytes, sizeof(bytes), &p) != SV_OK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "SVPrefix at 0x" TARGET_FMT_lx
                      ": undecodable (translator out of step)\n",
                      pc);
        riscv_raise_exception(env, RISCV_EXCP_ILLEGAL_INST, ra);
    }
    if (p.vltyp.form == SV_VLTYP_VL_REG) {
        vlen_value = env->gpr[p.vltyp.value];
    }
    loop = sv_prefix_loop_begin(
        &p, env->sv.svpstate, sv_state_mvl(state),
        sv_effective_vl(state, vl_reg ? env->gpr[vl_reg] : 0),
        sv_state_subvl(state), vlen_value);
    if (p.uses_svpstate) {
        env->sv.svpstate = loop.svpstate;
    }
    sv_exec_prefixed(
        env, &p.op, p.insn, sv_prefix_desc(&p), pc, loop.vl, loop.subvl,
        p.uses_svpstate ? &env->sv.svpstate : &env->sv.state, p.int_signed, ra);
    if (loop.write_vldest) {
        env->gpr[p.vltyp.vldest] = loop.vl;
    }
}
