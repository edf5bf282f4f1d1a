/*
 * Simple-V helpers, included at the end of target/riscv/helper.h.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
/* sv.setvl: returns the value for rd; raises illegal on a bad VLMAX. */
DEF_HELPER_FLAGS_3(sv_setvl, TCG_CALL_NO_WG, tl, env, tl, i32)
/* VBLOCK entry: acts on the VL block (§3.3) and sets PCVBLK. */
DEF_HELPER_3(sv_vblock_enter, void, env, i32, i32)
/* Indirect jump out of a VBLOCK (§3.7): illegal into its middle. */
DEF_HELPER_FLAGS_4(sv_vblock_jump, TCG_CALL_NO_WG, void, env, tl, tl, i32)
/*
 * The element loop of one resolved instruction (sv_elements.c): the packed
 * description (sv_exec.h: desc0, desc1, imm), the opcode's address and
 * the instruction word (for log messages only).
 */
DEF_HELPER_6(sv_elements, void, env, i64, i64, i64, tl, i32)
/*
 * The compiled loop's wild access (sv_elements.c): the SIGSEGV of the
 * memory element STATE names, without resuming the loop.
 */
DEF_HELPER_6(sv_wild_elem, void, env, i64, i64, i64, tl, i32)
/*
 * A packed unit-stride load/store whose predicates are all ones (trap-
 * ffirst allowed): one probe per page and a memcpy, or sv_elements when
 * the run time says otherwise (same arguments).
 */
DEF_HELPER_6(sv_unit_run, void, env, i64, i64, i64, tl, i32)
/*
 * Data-dependent fail-on-first after gvec (sv_ffirst.c): the elements up
 * to the first failing one from the scratch, and VL (SVFFG desc, the
 * mask).  Default flags: it writes the VL register.
 */
DEF_HELPER_3(sv_ffirst_gvec, void, env, i32, i64)
/*
 * Trap fail-on-first in the compiled loop (sv_ffirst.c): probe an
 * access's pages without faulting (1: accessible); the cut's VL write.
 */
DEF_HELPER_FLAGS_3(sv_ffirst_probe, TCG_CALL_NO_RWG, tl, env, tl, i32)
DEF_HELPER_2(sv_ffirst_trap_cut, void, env, tl)
DEF_HELPER_FLAGS_3(sv_amo_probe, TCG_CALL_NO_WG, void, env, tl, i32)
/* A vector (consensual) compare-and-branch (§6.5): returns "taken". */
DEF_HELPER_4(sv_branch, tl, env, i64, i64, i32)
/*
 * A unit-stride load and the vector branch after it, fused (load desc0,
 * desc1, imm, branch desc0, desc1, the pair's SVFusedPair): "taken".
 * Where the fused run does not apply they run as unfused, in the helper.
 */
DEF_HELPER_7(sv_ldbr, tl, env, i64, i64, i64, i64, i64, ptr)
/* The same for the strlen/memchr shape, specialised (SVSCAN desc, imm). */
DEF_HELPER_4(sv_ldbr_scan, tl, env, i64, i64, ptr)
/* The same when the block's VL block just set VL 64 (SVSCAN VLREG). */
DEF_HELPER_4(sv_ldbr_scan64, tl, env, i64, i64, ptr)
/* A lone vector branch of that shape: "taken" (SVSCAN desc, the branch). */
DEF_HELPER_3(sv_scan, tl, env, i64, ptr)
/* A P48/P64 (SVPrefix, §4) on SVPSTATE: its loop set-up, then the loop;
 * the same arguments as sv_elements. */
DEF_HELPER_6(sv_prefix, void, env, i64, i64, i64, tl, i32)
/*
 * The specialised integer element loops with a destination predicate
 * (sv_alu.c), one per op and width (b h w d: 8..64 bits): the SVALU
 * descriptor (sv_alu.h), the immediate and VL (a plain STATE, every
 * element inside the register file: the translator's guard checked).
 * Default flags: they read and write the register file in env.
 */
#ifndef DEF_SV_ALU_HELPERS
#define DEF_SV_ALU_HELPERS(op)                                                 \
    DEF_HELPER_4(sv_alu_##op##_b, void, env, i32, i64, tl)                     \
    DEF_HELPER_4(sv_alu_##op##_h, void, env, i32, i64, tl)                     \
    DEF_HELPER_4(sv_alu_##op##_w, void, env, i32, i64, tl)                     \
    DEF_HELPER_4(sv_alu_##op##_d, void, env, i32, i64, tl)
#endif
DEF_SV_ALU_HELPERS(add)
DEF_SV_ALU_HELPERS(sub)
DEF_SV_ALU_HELPERS(and)
DEF_SV_ALU_HELPERS(or)
DEF_SV_ALU_HELPERS(xor)
DEF_SV_ALU_HELPERS(sll)
DEF_SV_ALU_HELPERS(srl)
DEF_SV_ALU_HELPERS(sra)
DEF_SV_ALU_HELPERS(slt)
DEF_SV_ALU_HELPERS(sltu)
DEF_SV_ALU_HELPERS(mul)
DEF_SV_ALU_HELPERS(addw)
DEF_SV_ALU_HELPERS(subw)
/*
 * The specialised FP element loops (sv_fpu.c), one per op and width (h s
 * d: 16..64 bits): the SVFP descriptor (sv_fpu.h) and VL (a plain STATE,
 * every element inside the register file: the translator's guard
 * checked).  Default flags: they read and write the register file in
 * env (and the fflags in fp_status).
 */
#ifndef DEF_SV_FP_HELPERS
#define DEF_SV_FP_HELPERS(op)                                                  \
    DEF_HELPER_3(sv_fp_##op##_h, void, env, i64, tl)                           \
    DEF_HELPER_3(sv_fp_##op##_s, void, env, i64, tl)                           \
    DEF_HELPER_3(sv_fp_##op##_d, void, env, i64, tl)
#endif
DEF_SV_FP_HELPERS(add)
DEF_SV_FP_HELPERS(sub)
DEF_SV_FP_HELPERS(mul)
DEF_SV_FP_HELPERS(div)
DEF_SV_FP_HELPERS(sqrt)
DEF_SV_FP_HELPERS(min)
DEF_SV_FP_HELPERS(max)
DEF_SV_FP_HELPERS(sgnj)
DEF_SV_FP_HELPERS(sgnjn)
DEF_SV_FP_HELPERS(sgnjx)
DEF_SV_FP_HELPERS(madd)
DEF_SV_FP_HELPERS(msub)
DEF_SV_FP_HELPERS(nmsub)
DEF_SV_FP_HELPERS(nmadd)
/*
 * One FP element of the compiled element loop at its operation width,
 * one per op and width (h s d; sv_fpu.c): the sources unboxed and
 * converted to that width, the unboxed result.
 */
#ifndef DEF_SV_FPE_HELPERS
#define DEF_SV_FPE_HELPERS(op)                                                 \
    DEF_HELPER_FLAGS_4(sv_fpe_##op##_h, TCG_CALL_NO_RWG, i64, env, i64, i64,   \
                       i64)                                                    \
    DEF_HELPER_FLAGS_4(sv_fpe_##op##_s, TCG_CALL_NO_RWG, i64, env, i64, i64,   \
                       i64)                                                    \
    DEF_HELPER_FLAGS_4(sv_fpe_##op##_d, TCG_CALL_NO_RWG, i64, env, i64, i64,   \
                       i64)
#endif
DEF_SV_FPE_HELPERS(add)
DEF_SV_FPE_HELPERS(sub)
DEF_SV_FPE_HELPERS(mul)
DEF_SV_FPE_HELPERS(div)
DEF_SV_FPE_HELPERS(sqrt)
DEF_SV_FPE_HELPERS(min)
DEF_SV_FPE_HELPERS(max)
DEF_SV_FPE_HELPERS(sgnj)
DEF_SV_FPE_HELPERS(sgnjn)
DEF_SV_FPE_HELPERS(sgnjx)
DEF_SV_FPE_HELPERS(madd)
DEF_SV_FPE_HELPERS(msub)
DEF_SV_FPE_HELPERS(nmsub)
DEF_SV_FPE_HELPERS(nmadd)
DEF_SV_FPE_HELPERS(feq)
DEF_SV_FPE_HELPERS(flt)
DEF_SV_FPE_HELPERS(fle)
/* FCVT between FP widths for the compiled loop's FP elements (sv_fpu.c). */
DEF_HELPER_FLAGS_2(sv_fcvt_hs, TCG_CALL_NO_RWG, i64, env, i64)
DEF_HELPER_FLAGS_2(sv_fcvt_hd, TCG_CALL_NO_RWG, i64, env, i64)
DEF_HELPER_FLAGS_2(sv_fcvt_sh, TCG_CALL_NO_RWG, i64, env, i64)
DEF_HELPER_FLAGS_2(sv_fcvt_sd, TCG_CALL_NO_RWG, i64, env, i64)
DEF_HELPER_FLAGS_2(sv_fcvt_dh, TCG_CALL_NO_RWG, i64, env, i64)
DEF_HELPER_FLAGS_2(sv_fcvt_ds, TCG_CALL_NO_RWG, i64, env, i64)
/*
 * One FP twin element of the compiled twin loop (sv_fpu.c, the SVFPT
 * descriptor, the source's raw bits): the destination's value.
 */
DEF_HELPER_FLAGS_3(sv_fp_twin_elem, TCG_CALL_NO_RWG, i64, env, i32, i64)
/* FMV/FNEG/FABS and FCVT between FP widths without predicates. */
DEF_HELPER_3(sv_fp_twin, void, env, i64, tl)
/* The compares FEQ FLT FLE: an integer vector destination. */
DEF_SV_FP_HELPERS(feq)
DEF_SV_FP_HELPERS(flt)
DEF_SV_FP_HELPERS(fle)
/* Inline element accesses: a wild pointer's fault, with its address. */
DEF_HELPER_3(sv_wild_access, void, env, tl, i32)
