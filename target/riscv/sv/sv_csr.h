/*
 * Simple-V CSRs.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_CSR_H
#define TARGET_RISCV_SV_CSR_H

#include "svcore.h"

/* XLEN for MVL's 1..XLEN range (§1.3, A7). */
static inline unsigned riscv_sv_xlen(CPURISCVState *env)
{
    return riscv_cpu_mxl(env) == MXL_RV32 ? 32 : 64;
}

/*
 * The TB key's cs_base (free on RISC-V) is env->sv.pcvblk itself, read
 * with no test on every TB lookup (hook 0010), so the live PCVBLK is only
 * ever 0 or a status-11 value naming the opcode to resume (sv_state.h).
 * Every store of an outside value (xRET, sigreturn, migration) goes
 * through this: status 11 resumes, anything else is "not in a block"
 * (decoding a block is atomic here: it never stops at status 01 or 10).
 */
static inline uint32_t riscv_sv_live_pcvblk(uint32_t value)
{
    return sv_pcvblk_status(value) == SV_PCVBLK_EXECUTING ? value : 0;
}

/* Installs the SV CSRs into csr_ops[] (once; predicates test ext_xsv). */
void riscv_sv_csr_install(void);

/* Prints the SV CSRs the current privilege level can see. */
void riscv_sv_csr_dump(CPURISCVState *env, FILE *f);

#endif
