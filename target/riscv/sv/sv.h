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

/*
 * gdb's pc: inside a VBLOCK (PCVBLK status 11) the address of the inner
 * opcode PCVBLK names, so that gdb's stepi walks the block one opcode at a
 * time and shows each at its own address; elsewhere env->pc
 * (docs/guide.md, "gdb").  A gdb write of that same value changes
 * nothing; any other value is a jump: pc := value, PCVBLK := 0 (§3.7).
 */
target_ulong riscv_sv_gdb_read_pc(CPURISCVState *env);
void riscv_sv_gdb_write_pc(CPURISCVState *env, target_ulong pc);

/*
 * Makes -d in_asm and plugin disassembly use SV instruction lengths and
 * show VBLOCK contexts (sv_disas.c).
 */
void riscv_sv_disas_set_info(RISCVCPU *cpu, struct disassemble_info *info);

/*
 * Called by riscv_restore_state_to_opc after it has set pc, bins and
 * excp_uw2 from data: an inner opcode's unwind row (sv_state.h) restores
 * PCVBLK and leaves bins the opcode; any other row changes nothing.
 */
void riscv_sv_restore_state_to_opc(CPURISCVState *env, const uint64_t *data);

/* Appends the SV CSRs and registers to `info registers` / -d cpu. */
void riscv_sv_dump_state(CPUState *cs, FILE *f, int flags);

#ifndef CONFIG_USER_ONLY
extern const VMStateDescription vmstate_riscv_sv;

/*
 * Trap entry into level (PRV_S or PRV_M), called right after xepc is
 * written: swaps STATE/SVPSTATE with the level's copies, moves PCVBLK to
 * its ePCVBLK (§1.9, §3.8; sv_trap.c).  No-op without xsv.
 */
void riscv_sv_trap_enter(CPURISCVState *env, target_ulong level);

/* xRET from level: the reverse swap, PCVBLK from ePCVBLK.  No-op without xsv.
 */
void riscv_sv_trap_return(CPURISCVState *env, target_ulong level);

/*
 * xtval of an illegal-instruction trap: env->bins, except inside a
 * VBLOCK (PCVBLK status 11), where it is the opcode PCVBLK names, read
 * from memory.  QEMU keeps one bins value per TB instruction, and the
 * whole block is one: a trap raised at run time by an opcode's helper
 * saw the last opcode translated (sv_trap.c).
 */
target_ulong riscv_sv_illegal_tval(CPURISCVState *env);

#endif

#ifdef CONFIG_LINUX_USER
/*
 * linux-user signal frames (contract C5; layout in docs/sv-state.md,
 * "Signal frames").  extdesc is the host address of the sigcontext's
 * sc_extdesc (the kernel's struct __riscv_extra_ext_header without its
 * padding: u32 reserved, then the first record header) in a locked frame.
 */

/* Bytes the SV record adds after the kernel sigcontext; 0 without xsv. */
size_t riscv_sv_sigframe_size(CPURISCVState *env);

/*
 * With xsv, writes the SV record and the END header from extdesc on, and
 * clears PCVBLK for the handler.  Without xsv, does nothing.
 */
void riscv_sv_setup_sigframe(CPURISCVState *env, void *extdesc);

/*
 * With xsv, walks the records from extdesc up to frame_end and restores
 * the SV state; returns false (nothing restored) for a bad frame, which
 * rt_sigreturn turns into SIGSEGV.  Without xsv, returns true.
 */
bool riscv_sv_restore_sigframe(CPURISCVState *env, const void *extdesc,
                               const void *frame_end);

/*
 * cpu_loop's return from an ECALL: env->pc += 4, or inside a VBLOCK the
 * next opcode (§3.7); riscv_sv_ecall_restart undoes it for a restarted
 * syscall (the ECALL runs again).  Without xsv, exactly pc += 4 / -= 4.
 */
void riscv_sv_ecall_step(CPURISCVState *env);
void riscv_sv_ecall_restart(CPURISCVState *env);

/*
 * cpu_loop, before SIGILL: without xsv, an SV-only encoding (VBLOCK,
 * P48, P64) at pc prints once on stderr that -cpu rv64,xsv=true enables
 * SV.  Prints nothing otherwise.
 */
void riscv_sv_illegal_hint(CPURISCVState *env);
#endif

#endif
