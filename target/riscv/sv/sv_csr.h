/*
 * Simple-V CSRs.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_CSR_H
#define TARGET_RISCV_SV_CSR_H

/* XLEN for MVL's 1..XLEN range (§1.3, A7). */
static inline unsigned riscv_sv_xlen(CPURISCVState *env)
{
    return riscv_cpu_mxl(env) == MXL_RV32 ? 32 : 64;
}

/* Installs the SV CSRs into csr_ops[] (once; predicates test ext_xsv). */
void riscv_sv_csr_install(void);

/* Prints the SV CSRs the current privilege level can see. */
void riscv_sv_csr_dump(CPURISCVState *env, FILE *f);

#endif
