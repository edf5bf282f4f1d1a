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

void riscv_sv_register_gdb_regs(CPUState *cs)
{
    RISCVCPU *cpu = RISCV_CPU(cs);
    GDBFeatureBuilder builder;

    if (!cpu->cfg.ext_xsv) {
        return;
    }
    gdb_feature_builder_init(&builder, &cpu->dyn_sv_feature,
                             "org.qemu.riscv.sv", "riscv-sv.xml",
                             cs->gdb_num_regs);
    for (int i = 0; i < SV_EXTRA_REGS; i++) {
        gdb_feature_builder_append_reg(&builder, g_strdup_printf("x%d", 32 + i),
                                       TARGET_LONG_BITS, i, "int", "sv");
    }
    for (int i = 0; i < SV_EXTRA_REGS; i++) {
        gdb_feature_builder_append_reg(&builder, g_strdup_printf("f%d", 32 + i),
                                       64, SV_EXTRA_REGS + i, "ieee_double",
                                       "sv");
    }
    gdb_feature_builder_end(&builder);
    gdb_register_coprocessor(cs, riscv_sv_gdb_get, riscv_sv_gdb_set,
                             &cpu->dyn_sv_feature, 0);
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
