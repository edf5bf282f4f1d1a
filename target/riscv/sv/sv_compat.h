/*
 * Simple-V: the differences between the QEMU versions the series
 * supports (10.0 and 10.2), in one place.  Everything else in
 * target/riscv/sv is the same source for both; the hook patches differ
 * where upstream's context does (target/patches/10.2).  What changed and
 * why: docs/qemu-notes.md "Two QEMU versions".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef RISCV_SV_COMPAT_H
#define RISCV_SV_COMPAT_H

/* From QEMU's config-host.h: 1000 for 10.0.x, 1002 for 10.2.x. */
#define SV_QEMU_VERSION (QEMU_VERSION_MAJOR * 100 + QEMU_VERSION_MINOR)

/*
 * Headers: after 10.0, exec/exec-all.h is gone (its declarations went to
 * exec/cpu-common.h, exec/translation-block.h and accel/tcg/),
 * exec/cpu_ldst.h became accel/tcg/cpu-ldst.h, with probe_access*() in
 * accel/tcg/probe.h and set/clear_helper_retaddr() in
 * accel/tcg/helper-retaddr.h, and exec/cpu-all.h's TLB_* flags and
 * TARGET_PAGE_SIZE/MASK are in exec/tlb-flags.h and exec/target_page.h.
 */
#if SV_QEMU_VERSION > 1000
#include "exec/cpu-common.h"
#include "exec/translation-block.h"
#include "exec/target_page.h"
#include "exec/tlb-flags.h"
#include "accel/tcg/cpu-ldst.h"
#include "accel/tcg/getpc.h"
#include "accel/tcg/helper-retaddr.h"
#include "accel/tcg/probe.h"
#else
#include "exec/exec-all.h"
#include "exec/cpu_ldst.h"
#endif

/*
 * The VBLOCK resume point (PCVBLK) a TB was translated for (hook 0010).
 * 10.0 leaves the TB key's cs_base unused, so it is PCVBLK itself; 10.2
 * keys TBs on misa_ext in its low 32 bits, and its hook 0010 puts PCVBLK
 * in the high 32.  0 outside a VBLOCK and without xsv.
 */
static inline uint32_t sv_tb_pcvblk(const TranslationBlock *tb)
{
#if SV_QEMU_VERSION > 1000
    return tb->cs_base >> 32;
#else
    return tb->cs_base;
#endif
}

#endif
