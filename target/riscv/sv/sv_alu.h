/*
 * Simple-V: the specialised integer element-loop helpers (sv_alu.c), one
 * per op and element width as target/riscv/vector_helper.c generates
 * its helpers, and their 32-bit translate-time descriptor (registerfields'
 * FIELD()).  Included by trans_sv.c.inc and sv_alu.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TARGET_RISCV_SV_ALU_H
#define TARGET_RISCV_SV_ALU_H

#include "hw/registerfields.h"

FIELD(SVALU, RD, 0, 7)     /* destination base register (a vector) */
FIELD(SVALU, RS1, 7, 7)    /* first source base register */
FIELD(SVALU, RS2, 14, 7)   /* second source (unless B_IMM) */
FIELD(SVALU, RS1V, 21, 1)  /* rs1 is a vector */
FIELD(SVALU, RS2V, 22, 1)  /* rs2 is a vector */
FIELD(SVALU, B_IMM, 23, 1) /* the second source is the immediate */
FIELD(SVALU, PIDX, 24, 5)  /* the destination predicate's register */
FIELD(SVALU, INV, 29, 1)   /* its mask inverted */
FIELD(SVALU, ZERO, 30, 1)  /* zeroing: masked-out elements become 0 */

#endif
