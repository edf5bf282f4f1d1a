/*
 * Simple-V CSRs.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_CSR_H
#define TARGET_RISCV_SV_CSR_H

/* Installs the SV CSRs into csr_ops[] (once; predicates test ext_xsv). */
void riscv_sv_csr_install(void);

/* Prints the SV CSRs the current privilege level can see. */
void riscv_sv_csr_dump(CPURISCVState *env, FILE *f);

#endif
