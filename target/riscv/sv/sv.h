/*
 * Simple-V (xsv): the entry points the upstream hook patches call.
 * Each hook into an upstream file is one call or one table entry; the
 * logic lives in target/riscv/sv/.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_H
#define TARGET_RISCV_SV_H

#include "cpu.h"

/*
 * Checks the xsv property against the other extensions (contract C2) and,
 * when xsv is on, installs the SV CSRs.  Runs from
 * riscv_cpu_validate_set_extensions(), before realize builds the gdbstub
 * CSR feature, so the SV CSRs appear there.  Returns false with errp set.
 */
bool riscv_sv_validate(RISCVCPU *cpu, Error **errp);

/* Registers x32..x127 and f32..f127 with the gdbstub (org.qemu.riscv.sv). */
void riscv_sv_register_gdb_regs(CPUState *cs);

/* Appends the SV CSRs and registers to `info registers` / -d cpu. */
void riscv_sv_dump_state(CPUState *cs, FILE *f, int flags);

#ifndef CONFIG_USER_ONLY
extern const VMStateDescription vmstate_riscv_sv;
#endif

#endif
