/*
 * Simple-V: the descriptor of helper_sv_ffirst_gvec (data-dependent
 * fail-on-first after gvec, trans_sv_ffirst.c.inc and sv_ffirst.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_FFIRST_H
#define SV_FFIRST_H

#include "hw/registerfields.h"

/* log2 of the element bytes, MVL - 1, the destination register, whether
 * the mask may clear elements, zeroing. */
FIELD(SVFFG, LOG2B, 0, 2)
FIELD(SVFFG, MVL1, 2, 6)
FIELD(SVFFG, RD, 8, 7)
FIELD(SVFFG, MASKED, 15, 1)
FIELD(SVFFG, ZERO, 16, 1)

#endif
