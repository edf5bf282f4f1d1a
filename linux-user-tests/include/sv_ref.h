/*
 * sv_ref.h: plain per-element reference models of the element loops of
 * simple-v.md, written from the spec text (not from the emulator), for
 * the vblock_* tests to compute their expected register files.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_REF_H
#define SV_REF_H

#include "sv.h"

/* One step of a twin-predicated loop: write dst element from src (or 0). */
typedef struct sv_twin_step {
    int dst, src; /* src -1: the value written is 0 */
} sv_twin_step;

/*
 * §5.4 op2 (A32 fix): the (dst, src) element pairs in execution order.
 * ps/pd are the masks (all ones without a predicate), zs/zd zeroing.
 */
static inline int sv_ref_twin(unsigned vl, bool dvec, bool svec, uint64_t pd,
                              bool zd, uint64_t ps, bool zs,
                              sv_twin_step *out)
{
    unsigned i = 0, j = 0;
    int n = 0;
    if (!dvec && !svec) {
        out[0] = (sv_twin_step){0, 0};
        return 1;
    }
    while (i < vl && j < vl) {
        if (svec && !zs) {
            while (i < vl && !((ps >> i) & 1)) {
                i++;
            }
        }
        if (dvec && !zd) {
            while (j < vl && !((pd >> j) & 1)) {
                j++;
            }
        }
        if (i >= vl || j >= vl) {
            break;
        }
        if ((pd >> j) & 1) {
            out[n++] = (sv_twin_step){(int)j, ((ps >> i) & 1) ? (int)i : -1};
        } else if (zd) {
            out[n++] = (sv_twin_step){(int)j, -1};
        }
        if (svec) {
            i++;
        }
        if (dvec) {
            j++;
        } else {
            break;
        }
    }
    return n;
}

#endif /* SV_REF_H */
