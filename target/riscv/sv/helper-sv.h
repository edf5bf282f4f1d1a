/*
 * Simple-V helpers, included at the end of target/riscv/helper.h.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
/* sv.setvl: returns the value for rd; raises illegal on a bad VLMAX. */
DEF_HELPER_FLAGS_3(sv_setvl, TCG_CALL_NO_WG, tl, env, tl, i32)
