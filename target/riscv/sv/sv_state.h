/*
 * Simple-V architectural state inside CPURISCVState.
 *
 * Included from target/riscv/cpu.h, so it stays free of other includes.
 * The field layouts are defined (and only decoded) by the SV core library,
 * svcore.h; here they are plain 32-bit words.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_STATE_H
#define TARGET_RISCV_SV_STATE_H

/*
 * An inner opcode's unwind row (trans_sv_block.c.inc) may carry its PCVBLK
 * in the high 32 bits of its insn_start's word 1, above bins (a 32-bit
 * opcode): a fault restores it there (riscv_sv_restore_state_to_opc)
 * instead of a store before the opcode.  0 there: PCVBLK was stored.
 */
#define RISCV_SV_UNWIND_PCVBLK_SHIFT 32

typedef struct RISCVSVState {
    uint32_t state;    /* STATE: MVL, VL register, SUBVL, offsets (§1.6) */
    uint32_t svpstate; /* SVPSTATE: SVPrefix loop state (§1.7) */
    /*
     * PCVBLK: VBLOCK sub-PC and FSM (§1.8).  Always 0 or status 11: it is
     * the TB key's cs_base, read without a test (riscv_sv_live_pcvblk).
     */
    uint32_t pcvblk;
    /* Trap copies (§1.9), swapped with the live state by traps. */
    uint32_t sestate;
    uint32_t sepcvblk;
    uint32_t sesvpstate;
    uint32_t mestate;
    uint32_t mepcvblk;
    uint32_t mesvpstate;
    /*
     * Not architectural: the index and bound of an inline element loop
     * (trans_sv.c.inc).  They live in env, not in TCG temps, because TCG
     * may delete a loop's entry as unreachable while keeping its
     * back-branch target, and temps would then be read undefined.
     */
    uint64_t loop_index;
    uint64_t loop_bound;
    /* Not architectural: PC and PCVBLK of the ECALL linux-user is
     * running, to restart it (sv_user.c). */
    uint64_t ecall_pc;
    uint32_t ecall_pcvblk;
    /*
     * Not architectural: the inline predicated integer op
     * (trans_sv_predmerge.c.inc, SV_BACKEND_INLINE_PRED) computes its
     * unpredicated result into pred_scratch and the predicate's lane
     * mask into pred_lanes, then merges them into the destination: 64
     * elements of 64 bits each, plus 8 bytes so both can sit in the
     * destination's 16-byte phase (gvec's 16-byte pieces need 16-aligned
     * offsets).
     */
    uint64_t pred_scratch[65] __attribute__((aligned(16)));
    uint64_t pred_lanes[65] __attribute__((aligned(16)));
} RISCVSVState;

#endif
