/*
 * Simple-V (xsv): CPU property checks, register files in the gdbstub and
 * in `info registers`.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/qemu-print.h"
#include "qapi/error.h"
#include "exec/gdbstub.h"
#include "gdbstub/helpers.h"
#include "cpu.h"
#include "sv.h"
#include "sv_csr.h"
#include "svcore.h"

/*
 * Contract C6: the SV register file is the byte array of the register
 * array, x32 directly after x31.  The unions in cpu.h guarantee it.
 */
QEMU_BUILD_BUG_ON(offsetof(CPURISCVState, sv_gpr[32]) !=
                  offsetof(CPURISCVState, gpr[31]) + sizeof(target_ulong));
QEMU_BUILD_BUG_ON(offsetof(CPURISCVState, sv_fpr[32]) !=
                  offsetof(CPURISCVState, fpr[31]) + sizeof(uint64_t));
QEMU_BUILD_BUG_ON(ARRAY_SIZE(((CPURISCVState *)0)->sv_gpr) != SV_NUM_REGS);

bool riscv_sv_validate(RISCVCPU *cpu, Error **errp)
{
    CPURISCVState *env = &cpu->env;

    if (!cpu->cfg.ext_xsv) {
        return true;
    }
    /* V implies Zve32x, and every Zve* decodes vsetvli (A54). */
    if (cpu->cfg.ext_zve32x) {
        error_setg(errp, "xsv is incompatible with the V and Zve* "
                         "extensions: vsetvli shares sv.setvl's encoding "
                         "(use -cpu rv64,xsv=true without v/zve*)");
        return false;
    }
    if (!riscv_has_ext(env, RVC)) {
        error_setg(errp, "xsv requires the C extension: SV instructions "
                         "are 16-bit aligned");
        return false;
    }
    if (riscv_cpu_mxl(env) != MXL_RV64) {
        error_setg(errp, "xsv is only implemented for RV64: its register "
                         "file layout assumes 64-bit registers");
        return false;
    }
    /*
     * H stays allowed (rv64 has it by default): SV defines no state swap
     * for virtualisation-mode changes, so VS/VU share the HS-level copies.
     */
    riscv_sv_csr_install();
    return true;
}

/* gdb registers of org.qemu.riscv.sv: x32..x127, then f32..f127. */
enum { SV_EXTRA_REGS = SV_NUM_REGS - 32 };

static int riscv_sv_gdb_get(CPUState *cs, GByteArray *buf, int n)
{
    CPURISCVState *env = cpu_env(cs);

    if (n < SV_EXTRA_REGS) {
        return gdb_get_regl(buf, env->sv_gpr[32 + n]);
    }
    if (n < 2 * SV_EXTRA_REGS) {
        return gdb_get_reg64(buf, env->sv_fpr[32 + n - SV_EXTRA_REGS]);
    }
    return 0;
}

static int riscv_sv_gdb_set(CPUState *cs, uint8_t *buf, int n)
{
    CPURISCVState *env = cpu_env(cs);

    if (n < SV_EXTRA_REGS) {
        env->sv_gpr[32 + n] = ldtul_p(buf);
        return sizeof(target_ulong);
    }
    if (n < 2 * SV_EXTRA_REGS) {
        env->sv_fpr[32 + n - SV_EXTRA_REGS] = ldq_p(buf);
        return sizeof(uint64_t);
    }
    return 0;
}

/*
 * The feature is a compile-time constant, like QEMU's gdb-xml/ files:
 * building it with GDBFeatureBuilder (192 escaped printfs) cost 2.8M host
 * instructions at every process start.  As in those files, no register
 * carries a regnum: gdb numbers each register one past the previous one
 * in target.xml, and QEMU gives this feature the numbers right after the
 * features registered before it, whose last register is their highest
 * number (the dynamic CSR feature ends at its highest CSR, and sets its
 * size to that number + 1).  tests/qemu/sysmode_state.py writes x40 and
 * f100 through gdb and finds them in `info registers`.
 */
#if TARGET_LONG_BITS != 64
#error "xsv assumes 64-bit x registers (riscv_sv_validate refuses RV32)"
#endif
#define SV_GDB_X(n)                                                            \
    "<reg name=\"x" #n "\" bitsize=\"64\" type=\"int\" group=\"sv\"/>"
#define SV_GDB_F(n)                                                            \
    "<reg name=\"f" #n "\" bitsize=\"64\" type=\"ieee_double\" group=\"sv\"/>"
/* R(n) for n = 32..127, as decimal literals. */
/* (clang-format does not settle on a layout for these) */
/* clang-format off */
#define SV_GDB_TENS(R, t) \
    R(t##0) R(t##1) R(t##2) R(t##3) R(t##4) \
    R(t##5) R(t##6) R(t##7) R(t##8) R(t##9)
#define SV_GDB_32_127(R) \
    R(32) R(33) R(34) R(35) R(36) R(37) R(38) R(39) \
    SV_GDB_TENS(R, 4) SV_GDB_TENS(R, 5) SV_GDB_TENS(R, 6) \
    SV_GDB_TENS(R, 7) SV_GDB_TENS(R, 8) SV_GDB_TENS(R, 9) \
    SV_GDB_TENS(R, 10) SV_GDB_TENS(R, 11) \
    R(120) R(121) R(122) R(123) R(124) R(125) R(126) R(127)
/* clang-format on */
#define SV_GDB_XNAME(n) "x" #n,
#define SV_GDB_FNAME(n) "f" #n,

static const char *const riscv_sv_gdb_names[] = {
    SV_GDB_32_127(SV_GDB_XNAME) SV_GDB_32_127(SV_GDB_FNAME)};
QEMU_BUILD_BUG_ON(ARRAY_SIZE(riscv_sv_gdb_names) != 2 * SV_EXTRA_REGS);

static const GDBFeature riscv_sv_gdb_feature = {
    .xmlname = "riscv-sv.xml",
    .name = "org.qemu.riscv.sv",
    .xml = "<?xml version=\"1.0\"?>"
           "<!DOCTYPE feature SYSTEM \"gdb-target.dtd\">"
           "<feature name=\"org.qemu.riscv.sv\">" SV_GDB_32_127(SV_GDB_X)
               SV_GDB_32_127(SV_GDB_F) "</feature>",
    .regs = riscv_sv_gdb_names,
    .num_regs = ARRAY_SIZE(riscv_sv_gdb_names),
};

void riscv_sv_register_gdb_regs(CPUState *cs)
{
    if (!RISCV_CPU(cs)->cfg.ext_xsv) {
        return;
    }
    gdb_register_coprocessor(cs, riscv_sv_gdb_get, riscv_sv_gdb_set,
                             &riscv_sv_gdb_feature, 0);
}

target_ulong riscv_sv_gdb_read_pc(CPURISCVState *env)
{
    unsigned off;

    if (env->sv.pcvblk &&
        sv_pcvblk_opcode_offset(env->sv.pcvblk, &off) == SV_OK) {
        return env->pc + off;
    }
    return env->pc;
}

void riscv_sv_restore_state_to_opc(CPURISCVState *env, const uint64_t *data)
{
    uint32_t pcvblk = data[1] >> RISCV_SV_UNWIND_PCVBLK_SHIFT;

    if (pcvblk) {
        env->sv.pcvblk = pcvblk;
        env->bins = (uint32_t)data[1];
    }
}

void riscv_sv_gdb_write_pc(CPURISCVState *env, target_ulong pc)
{
    if (pc != riscv_sv_gdb_read_pc(env)) {
        env->pc = pc;
        env->sv.pcvblk = 0;
    }
}

void riscv_sv_dump_state(CPUState *cs, FILE *f, int flags)
{
    CPURISCVState *env = cpu_env(cs);

    if (!riscv_cpu_cfg(env)->ext_xsv) {
        return;
    }
    riscv_sv_csr_dump(env, f);
    for (int i = 32; i < SV_NUM_REGS; i++) {
        qemu_fprintf(f, " x%-3d " TARGET_FMT_lx "%s", i, env->sv_gpr[i],
                     (i & 3) == 3 ? "\n" : "");
    }
    if (flags & CPU_DUMP_FPU) {
        for (int i = 32; i < SV_NUM_REGS; i++) {
            qemu_fprintf(f, " f%-3d %016" PRIx64 "%s", i, env->sv_fpr[i],
                         (i & 3) == 3 ? "\n" : "");
        }
    }
}
