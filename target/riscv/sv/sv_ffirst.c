/*
 * Simple-V: the commit of data-dependent fail-on-first after gvec
 * (SV_BACKEND_FFIRST_GVEC, trans_sv_ffirst.c.inc).  The translated code
 * has computed every element of MVL, unpredicated, into
 * env->sv.pred_scratch (in the destination's 16-byte phase) and calls
 * this when an element fails or VL < MVL at run time: the elements up to
 * the first failing one (§7.2, as sv_loop_single: an active element fails
 * when its result is 0, a masked-out one is skipped or, zeroing, written
 * 0 and fails; the failing element is written) go to the destination,
 * then VL := the failing element's index (sv_ffirst_commit_vl, §7.3).
 *
 * Also trap fail-on-first's probe and cut for the compiled element loop
 * (trans_sv_compiled_twin.c.inc).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "cpu.h"
#include "sv_compat.h"
#include "exec/helper-proto.h"
#include "qemu/host-utils.h"
#include "svcore.h"
#include "sv_ffirst.h"

/* Element i of b bytes at p (little-endian host words, contract C6). */
static uint64_t sv_ffg_get(const uint8_t *p, unsigned b, unsigned i)
{
    switch (b) {
    case 1:
        return p[i];
    case 2:
        return lduw_he_p(p + 2 * i);
    case 4:
        return ldl_he_p(p + 4 * i);
    default:
        return ldq_he_p(p + 8 * i);
    }
}

static void sv_ffg_put(uint8_t *p, unsigned b, unsigned i, uint64_t v)
{
    switch (b) {
    case 1:
        p[i] = v;
        break;
    case 2:
        stw_he_p(p + 2 * i, v);
        break;
    case 4:
        stl_he_p(p + 4 * i, v);
        break;
    default:
        stq_he_p(p + 8 * i, v);
        break;
    }
}

/* The first element of b bytes among s[0..vl) that is 0, or vl: a
 * 64-bit word at a time (bytes: svcore's byte search). */
static unsigned sv_ffg_first_zero(const uint8_t *s, unsigned b, unsigned vl)
{
    unsigned per = 8 / b, i;

    if (b == 1) {
        return sv_first_byte_fail(s, NULL, 0, vl, false);
    }
    for (i = 0; i + per <= vl; i += per) {
        uint64_t x = ldq_he_p(s + i * b);
        /* 1 in every lane: 0x0001000100010001 for b = 2 */
        uint64_t lo = b == 8 ? 1 : ~0ull / ((1ull << (8 * b)) - 1);
        uint64_t hi = lo << (8 * b - 1);
        uint64_t f = (x - lo) & ~x & hi;

        if (f) {
            return i + ctz64(f) / (8 * b);
        }
    }
    for (; i < vl; i++) {
        if (!sv_ffg_get(s, b, i)) {
            break;
        }
    }
    return i;
}

void HELPER(sv_ffirst_gvec)(CPURISCVState *env, uint32_t desc, uint64_t mask)
{
    unsigned b = 1u << FIELD_EX32(desc, SVFFG, LOG2B);
    unsigned mvl = FIELD_EX32(desc, SVFFG, MVL1) + 1;
    size_t dofs =
        offsetof(CPURISCVState, sv_gpr) + 8 * FIELD_EX32(desc, SVFFG, RD);
    uint8_t *d = (uint8_t *)env + dofs;
    const uint8_t *s = (const uint8_t *)env->sv.pred_scratch + (dofs & 15);
    bool zero = FIELD_EX32(desc, SVFFG, ZERO);
    unsigned vl_reg, vl, i;
    /* The translated code runs only where the TB ran the VL block: SUBVL
     * 1, offsets 0 (plan.cc, plan_ffirst_gvec). */
    int plain =
        sv_state_plain_vl(env->sv.state, (const uint64_t *)env->gpr, &vl_reg);

    g_assert(plain >= 0);
    vl = MIN((unsigned)plain, mvl);
    if (!FIELD_EX32(desc, SVFFG, MASKED)) {
        i = sv_ffg_first_zero(s, b, vl);
        memcpy(d, s, MIN(i + 1, vl) * b);
    } else {
        for (i = 0; i < vl; i++) {
            bool active = (mask >> i) & 1;
            uint64_t v;

            if (!active && !zero) {
                continue;
            }
            v = active ? sv_ffg_get(s, b, i) : 0;
            sv_ffg_put(d, b, i, v);
            if (!v) {
                break;
            }
        }
    }
    if (i < vl) {
        /* The failing element is written, then excluded (A41). */
        sv_ffirst_commit_vl((uint64_t *)env->gpr, vl_reg, i);
    }
}

/*
 * Trap fail-on-first (§7.1), the compiled loop: whether every page the
 * access of desc & 0xff bytes at addr touches is accessible (a store
 * when desc bit 8), probed without faulting, in user and system mode.
 * The last page found accessible goes to env->sv.pred_scratch[slot]
 * (desc bits 16..23), so that the translated code probes once per page.
 */
target_ulong HELPER(sv_ffirst_probe)(CPURISCVState *env, target_ulong addr,
                                     uint32_t desc)
{
    unsigned bytes = desc & 0xff, slot = (desc >> 16) & 0xff;
    MMUAccessType type = desc & 0x100 ? MMU_DATA_STORE : MMU_DATA_LOAD;
    int mmu_idx = riscv_env_mmu_index(env, false);
    void *host;

    /* By byte count: an access that ends at or wraps past 2^64. */
    for (unsigned off = 0; off < bytes;
         off += TARGET_PAGE_SIZE - ((addr + off) & ~TARGET_PAGE_MASK)) {
        target_ulong a = addr + off;

        if (probe_access_flags(env, a, 1, type, mmu_idx, true, &host, GETPC()) &
            TLB_INVALID_MASK) {
            return 0;
        }
        env->sv.pred_scratch[slot] = a & TARGET_PAGE_MASK;
    }
    return 1;
}

/* Trap fail-on-first's cut (§7.1, A49): VL := vl (sv_ffirst_commit_vl). */
void HELPER(sv_ffirst_trap_cut)(CPURISCVState *env, target_ulong vl)
{
    sv_ffirst_commit_vl((uint64_t *)env->gpr, sv_state_vl_reg(env->sv.state),
                        vl);
}
