/*
 * SVPrefix (P48/P64, §4): the run-time part of a prefixed instruction.
 *
 * The translator has decoded and resolved the prefix (sv_prefix_decode,
 * sv_resolve_prefix) and passes the packed description; the helper
 * chooses VL and SUBVL (SVPSTATE's for a VLtyp/svlen instruction: §1.7,
 * §4.4, A24, A25, A43, A51) and runs the element loops of sv_elements.c.
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
#include "sv_exec.h"

/*
 * A prefix whose loop runs on SVPSTATE (VLtyp or svlen, §1.7): the
 * translator resolved it (sv_resolve_prefix) and passes the description;
 * a prefix on STATE runs helper_sv_elements like a VBLOCK op.
 */
void HELPER(sv_prefix)(CPURISCVState *env, uint64_t d0, uint64_t d1,
                       uint64_t imm, target_ulong pc, uint32_t insn)
{
    uintptr_t ra = GETPC();
    sv_resolved_op r;
    sv_prefix_context p = {0};
    uint32_t state = env->sv.state;
    unsigned vl_reg = sv_state_vl_reg(state);
    sv_prefix_loop loop;
    uint64_t vlen_value = 0;

    sv_desc_unpack(d0, d1, imm, insn, &r);
    /* sv_prefix_loop_begin reads only the loop fields of the context. */
    p.uses_svpstate = r.uses_svpstate;
    p.svlen = r.svlen;
    p.vltyp = r.vltyp;
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
    sv_exec_run(env, &r, pc, loop.vl, loop.subvl,
                p.uses_svpstate ? &env->sv.svpstate : &env->sv.state, ra);
    if (loop.write_vldest) {
        env->gpr[p.vltyp.vldest] = loop.vl;
    }
}
