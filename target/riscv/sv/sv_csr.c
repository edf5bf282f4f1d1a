/*
 * Simple-V CSRs (contract C3; semantics in docs/sv-state.md).
 *
 * Installed into the global csr_ops[] table with riscv_set_csr_ops() when
 * a hart with xsv is realized (th_csr.c does the same for T-Head), so no
 * upstream CSR code changes.  Every access goes through one combined
 * read-modify-write op, because two SV CSRs do not behave like plain
 * storage: a VL write returns the *new* value (A5) and PCVBLK accepts
 * only whole-value writes (A53).  The write rules themselves are the
 * core library's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/qemu-print.h"
#include "cpu.h"
#include "sv_csr.h"
#include "svcore.h"

static RISCVException sv_user_csr(CPURISCVState *env, int csrno)
{
    return riscv_cpu_cfg(env)->ext_xsv ? RISCV_EXCP_NONE
                                       : RISCV_EXCP_ILLEGAL_INST;
}

/*
 * The s/m trap copies.  riscv_csrrw_check() applies the standard privilege
 * encoding of the CSR number in system mode (A42); linux-user skips that
 * check, but its programs run in U mode, where §1.9 forbids the copies.
 */
static RISCVException sv_trap_copy_csr(CPURISCVState *env, int csrno)
{
#ifdef CONFIG_USER_ONLY
    return RISCV_EXCP_ILLEGAL_INST;
#else
    if (!riscv_cpu_cfg(env)->ext_xsv) {
        return RISCV_EXCP_ILLEGAL_INST;
    }
    if (get_field(csrno, 0x300) == PRV_S && !riscv_has_ext(env, RVS)) {
        return RISCV_EXCP_ILLEGAL_INST;
    }
    return RISCV_EXCP_NONE;
#endif
}

static uint32_t *sv_csr_storage(CPURISCVState *env, int csrno)
{
    switch (csrno) {
    case SV_CSR_SVPSTATE:
        return &env->sv.svpstate;
    case SV_CSR_PCVBLK:
        return &env->sv.pcvblk;
    case SV_CSR_SESTATE:
        return &env->sv.sestate;
    case SV_CSR_SEPCVBLK:
        return &env->sv.sepcvblk;
    case SV_CSR_SESVPSTATE:
        return &env->sv.sesvpstate;
    case SV_CSR_MESTATE:
        return &env->sv.mestate;
    case SV_CSR_MEPCVBLK:
        return &env->sv.mepcvblk;
    case SV_CSR_MESVPSTATE:
        return &env->sv.mesvpstate;
    default:
        return &env->sv.state;
    }
}

static target_ulong sv_csr_value(CPURISCVState *env, int csrno)
{
    switch (csrno) {
    case SV_CSR_MVL:
        return sv_state_mvl(env->sv.state);
    case SV_CSR_VL:
        return sv_state_vl_reg(env->sv.state);
    case SV_CSR_SUBVL:
        return sv_state_subvl(env->sv.state);
    default:
        return *sv_csr_storage(env, csrno);
    }
}

static sv_status sv_csr_apply(CPURISCVState *env, int csrno, target_ulong value,
                              target_ulong write_mask)
{
#if TARGET_LONG_BITS == 64
    /* The register file itself: a copy was most of a CSR write's cost. */
    const uint64_t *gpr = env->gpr;
#else
    uint64_t gpr[32];

    for (int i = 0; i < 32; i++) {
        gpr[i] = env->gpr[i];
    }
#endif

    switch (csrno) {
    case SV_CSR_MVL:
        return sv_csr_write_mvl(&env->sv.state, value, riscv_sv_xlen(env));
    case SV_CSR_VL:
        return sv_csr_write_vl(&env->sv.state, value, gpr);
    case SV_CSR_SUBVL:
        return sv_csr_write_subvl(&env->sv.state, value);
    case SV_CSR_STATE:
        return sv_csr_write_state(&env->sv.state, value, gpr,
                                  riscv_sv_xlen(env));
    case SV_CSR_SVPSTATE:
        return sv_csr_write_svpstate(&env->sv.svpstate, value,
                                     riscv_sv_xlen(env));
    case SV_CSR_PCVBLK:
        /* Only CSRRW/CSRRWI define a PCVBLK write: the value is an opptr. */
        if (write_mask != (target_ulong)-1) {
            return SV_ILLEGAL_PCVBLK_INACTIVE;
        }
        return sv_csr_write_pcvblk(&env->sv.pcvblk, value);
    default:
        /* Inactive trap copies are plain 32-bit storage, like xepc. */
        *sv_csr_storage(env, csrno) = value;
        return SV_OK;
    }
}

static RISCVException sv_csr_op(CPURISCVState *env, int csrno,
                                target_ulong *ret_value, target_ulong new_value,
                                target_ulong write_mask)
{
    target_ulong old_value = sv_csr_value(env, csrno);

    if (write_mask) {
        target_ulong value =
            (old_value & ~write_mask) | (new_value & write_mask);
        sv_status status = sv_csr_apply(env, csrno, value, write_mask);

        if (status != SV_OK) {
            qemu_log_mask(
                LOG_GUEST_ERROR,
                "xsv: write 0x" TARGET_FMT_lx " to CSR 0x%03x: %s: %s\n", value,
                csrno, sv_status_name(status), sv_status_reason(status));
            return RISCV_EXCP_ILLEGAL_INST;
        }
    }
    if (ret_value) {
        /* A5: CSRRW VL returns the new register number. */
        *ret_value = csrno == SV_CSR_VL ? sv_csr_value(env, csrno) : old_value;
    }
    return RISCV_EXCP_NONE;
}

static const struct {
    int csrno;
    const char *name;
    riscv_csr_predicate_fn predicate;
} sv_csrs[] = {
    {SV_CSR_MVL, "mvl", sv_user_csr},
    {SV_CSR_VL, "vl", sv_user_csr},
    {SV_CSR_SUBVL, "subvl", sv_user_csr},
    {SV_CSR_STATE, "state", sv_user_csr},
    {SV_CSR_SVPSTATE, "svpstate", sv_user_csr},
    {SV_CSR_PCVBLK, "pcvblk", sv_user_csr},
    {SV_CSR_SESTATE, "sestate", sv_trap_copy_csr},
    {SV_CSR_SEPCVBLK, "sepcvblk", sv_trap_copy_csr},
    {SV_CSR_SESVPSTATE, "sesvpstate", sv_trap_copy_csr},
    {SV_CSR_MESTATE, "mestate", sv_trap_copy_csr},
    {SV_CSR_MEPCVBLK, "mepcvblk", sv_trap_copy_csr},
    {SV_CSR_MESVPSTATE, "mesvpstate", sv_trap_copy_csr},
};

void riscv_sv_csr_install(void)
{
    static bool installed;

    if (installed) {
        return;
    }
    installed = true;
    for (size_t i = 0; i < ARRAY_SIZE(sv_csrs); i++) {
        riscv_csr_operations ops = {
            .name = sv_csrs[i].name,
            .predicate = sv_csrs[i].predicate,
            .op = sv_csr_op,
        };
        riscv_set_csr_ops(sv_csrs[i].csrno, &ops);
    }
}

void riscv_sv_csr_dump(CPURISCVState *env, FILE *f)
{
    for (size_t i = 0; i < ARRAY_SIZE(sv_csrs); i++) {
        target_ulong value;

        if (riscv_csrrw_debug(env, sv_csrs[i].csrno, &value, 0, 0) ==
            RISCV_EXCP_NONE) {
            qemu_fprintf(f, " %-10s " TARGET_FMT_lx "\n", sv_csrs[i].name,
                         value);
        }
    }
}
