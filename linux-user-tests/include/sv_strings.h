/*
 * sv_strings.h: strlen, strncpy, memchr, strcmp and memcmp written as SV
 * VBLOCK loops with fail-on-first (§7) and consensual branches (§6.5).
 * Shared by linux-user-tests/vblock_strings.c (checked against plain C)
 * and bench/strlen_bench.c.
 *
 * Common shape: byte elements (vew=1) at x32.. (64 of them fill
 * x32..x39), MVL 64, VL register a4.  The load's destination has a
 * 16-bit predicate entry predidx=x0, inv=1 (all ones), ffirst=1: the
 * trap variant (§7.1) cuts a4 at the first byte whose access would
 * fault, so 64-byte loads may run into a PROT_NONE page.  The same entry
 * is the first predicate of the vector branch that follows (§6.2: keyed
 * by rs1), whose ffirst cuts a4 at the first failing byte (§7.2, A19)
 * and leaves the block when the §6.3 mode says so.  After the block a4
 * is the number of bytes the iteration consumed (or the index of the
 * byte that stopped it).  STATE is reset to 0 before returning.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_STRINGS_H
#define SV_STRINGS_H

#include <stddef.h>

#include "sv.h"

/*
 * strlen: VL = 64 (mode 00).  LB t0 (trap-ffirst) then BNE t0, x0 with
 * ffirst: a4 := index of the first NUL.  No second predicate: ifall,
 * taken (advance by a4, next block) when all a4 bytes are non-zero.
 * SV_STRLEN(name, VLMAX) makes the same function with another VLMAX.
 */
#define SV_STRLEN(NAME, VLMAX)                                                 \
    static inline size_t NAME(const char *s)                                   \
    {                                                                          \
        register const char *p asm("a0") = s;                                  \
                                                                               \
        /* a4 = 0 then into the loop's add: no jump, so the first block        \
         * shares the entry's translation block (fewer TB exits per call). */  \
        asm volatile(                                                          \
            "li a4, 0\n"                                                       \
            "2:\n"                                                             \
            "add a0, a0, a4\n"                                                 \
            "sv_vblock_begin\n"                                                \
            "sv_vl_rd rd=a4, vlmax=" #VLMAX "\n"                               \
            "sv_reg16 key=t0, regidx=32, vew=1\n"                              \
            "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"                  \
            "sv_ops\n"                                                         \
            "lb t0, 0(a0)\n"                                                   \
            "sv_bne t0, x0, 2b\n"                                              \
            "sv_vblock_end\n" /* fell through: the NUL is at a0 + a4 */        \
            "add a0, a0, a4\n"                                                 \
            "csrw 0x803, zero\n"                                               \
            : "+r"(p)                                                          \
            :                                                                  \
            : "t0", "a4", "memory");                                           \
        return (size_t)(p - s);                                                \
    }
SV_STRLEN(sv_strlen, 64)

/*
 * strncpy (with the NUL padding of C's strncpy): VL = min(n, 64) (mode
 * 01).  LB t0 (trap-ffirst), SB t0 (all a4 loaded bytes), BNE t0, x0
 * ffirst/ifall: taken when no NUL, advance by a4.  Falling through, a4
 * is the NUL's index: the bytes from there to n are then zeroed by a
 * second loop (a splat of 0 into t1 and SB, VL = min(left, 64)), which
 * also overwrites whatever followed the NUL in the copied bytes.
 */
static inline char *sv_strncpy(char *dst, const char *src, size_t n)
{
    register char *d asm("a0") = dst;
    register const char *s asm("a1") = src;
    register size_t left asm("a2") = n;

    asm volatile("beqz a2, 9f\n"
                 "j 1f\n"
                 "2:\n"
                 "add a0, a0, a4\n"
                 "add a1, a1, a4\n"
                 "sub a2, a2, a4\n"
                 "beqz a2, 9f\n"
                 "1:\n"
                 "sv_vblock_begin\n"
                 "sv_vl_rvc rd=a4, rs1=a2, vlmax=64\n"
                 "sv_reg16 key=t0, regidx=32, vew=1\n"
                 "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"
                 "sv_ops\n"
                 "lb t0, 0(a1)\n"
                 "sb t0, 0(a0)\n"
                 "sv_bne t0, x0, 2b\n"
                 "sv_vblock_end\n"
                 /* the NUL is at index a4 (< a2): zero a0[a4 .. a2) */
                 "add a0, a0, a4\n"
                 "sub a2, a2, a4\n"
                 "3:\n"
                 "sv_vblock_begin\n"
                 "sv_vl_rvc rd=a4, rs1=a2, vlmax=64\n"
                 "sv_reg16 key=t1, regidx=40, vew=1\n"
                 "sv_ops\n"
                 "addi t1, zero, 0\n"
                 "sb t1, 0(a0)\n"
                 "sv_vblock_end\n"
                 "add a0, a0, a4\n"
                 "sub a2, a2, a4\n"
                 "bnez a2, 3b\n"
                 "9:\n"
                 "csrw 0x803, zero\n"
                 : "+r"(d), "+r"(s), "+r"(left)
                 :
                 : "t0", "t1", "a4", "memory");
    return dst;
}

/*
 * memchr: VL = min(n, 64) (mode 01).  LB t0 (trap-ffirst), BNE t0, a1
 * with a1 tagged scalar 8-bit (every byte against (unsigned char)c),
 * ffirst/ifall: taken when c is not among the a4 bytes (advance).
 * Falling through, a4 is c's index.  SV_MEMCHR(name, VLMAX, A1) makes
 * the same function with another VLMAX and a1's tag A1 (SV_MEMCHR_A1_8,
 * or "": untagged, a 64-bit scalar that no byte equals above 0xff).
 */
#define SV_MEMCHR_A1_8 "sv_reg16 key=a1, regidx=a1, isvec=0, vew=1\n"
#define SV_MEMCHR(NAME, VLMAX, A1)                                             \
    static inline void *NAME(const void *buf, int c, size_t n)                 \
    {                                                                          \
        register const char *p asm("a0") = buf;                                \
        register long ch asm("a1") = c;                                        \
        register size_t left asm("a2") = n;                                    \
                                                                               \
        asm volatile("beqz a2, 8f\n"                                           \
                     "j 1f\n"                                                  \
                     "2:\n"                                                    \
                     "add a0, a0, a4\n"                                        \
                     "sub a2, a2, a4\n"                                        \
                     "beqz a2, 8f\n"                                           \
                     "1:\n"                                                    \
                     "sv_vblock_begin\n"                                       \
                     "sv_vl_rvc rd=a4, rs1=a2, vlmax=" #VLMAX "\n"             \
                     "sv_reg16 key=t0, regidx=32, vew=1\n" A1                  \
                     "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"         \
                     "sv_ops\n"                                                \
                     "lb t0, 0(a0)\n"                                          \
                     "sv_bne t0, a1, 2b\n"                                     \
                     "sv_vblock_end\n"                                         \
                     "add a0, a0, a4\n"                                        \
                     "j 9f\n"                                                  \
                     "8:\n"                                                    \
                     "li a0, 0\n"                                              \
                     "9:\n"                                                    \
                     "csrw 0x803, zero\n"                                      \
                     : "+r"(p), "+r"(left)                                     \
                     : "r"(ch)                                                 \
                     : "t0", "a4", "memory");                                  \
        return (void *)p;                                                      \
    }
SV_MEMCHR(sv_memchr, 64, SV_MEMCHR_A1_8)

/*
 * strcmp: VL = 64 (mode 00).  LB t0 from s1 and LB t1 from s2, both
 * trap-ffirst (VL cut at either page end); a5 := that VL; ADDI t2, t0, 0
 * with data-ffirst on t2 (§7.2): a4 := index of s1's first NUL; BEQ t0,
 * t1 with ffirst on t0's entry: a4 := index of the first mismatch.  t1's
 * entry (inv=1, zero=0) is the branch's second predicate, so the mode is
 * ifnotall (its predidx x0 stores no mask): taken when a byte differs.
 * Not taken with a4 < a5: s1's NUL at a4.  Either way the answer is
 * s1[a4] - s2[a4]; with a4 == a5 all bytes matched: advance.
 */
static inline int sv_strcmp(const char *s1, const char *s2)
{
    register const char *p asm("a0") = s1;
    register const char *q asm("a1") = s2;

    asm volatile("j 1f\n"
                 "2:\n"
                 "add a0, a0, a4\n"
                 "add a1, a1, a4\n"
                 "1:\n"
                 "sv_vblock_begin ext=1\n"
                 "sv_vl_rd rd=a4, vlmax=64\n"
                 "sv_reg16 key=t0, regidx=32, vew=1\n"
                 "sv_reg16 key=t1, regidx=40, vew=1\n"
                 "sv_reg16 key=t2, regidx=48, vew=1\n"
                 "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"
                 "sv_pred16 key=t1, predidx=x0, inv=1, ffirst=1\n"
                 "sv_pred16 key=t2, predidx=x0, inv=1, ffirst=1\n"
                 "sv_ops\n"
                 "lb t0, 0(a0)\n"
                 "lb t1, 0(a1)\n"
                 "sv_c c.mv a5, a4\n"
                 "addi t2, t0, 0\n"
                 "sv_beq t0, t1, 3f\n"
                 "sv_vblock_end\n"
                 "beq a4, a5, 2b\n"
                 "3:\n"
                 "add a0, a0, a4\n"
                 "add a1, a1, a4\n"
                 "csrw 0x803, zero\n"
                 : "+r"(p), "+r"(q)
                 :
                 : "t0", "t1", "t2", "a4", "a5", "memory");
    return (unsigned char)*p - (unsigned char)*q;
}

/*
 * memcmp: VL = min(n, 64) (mode 01).  LB t0, LB t1 (trap-ffirst, never
 * cut inside the n bytes), BEQ t0, t1 with ffirst, ifnotall (t1's
 * entry, as in strcmp): taken with a4 = index of the first difference;
 * not taken: all equal, advance.
 */
static inline int sv_memcmp(const void *a, const void *b, size_t n)
{
    register const unsigned char *p asm("a0") = a;
    register const unsigned char *q asm("a1") = b;
    register size_t left asm("a2") = n;
    register long r asm("a3");

    asm volatile("li a3, 0\n"
                 "beqz a2, 9f\n"
                 "1:\n"
                 "sv_vblock_begin ext=1\n"
                 "sv_vl_rvc rd=a4, rs1=a2, vlmax=64\n"
                 "sv_reg16 key=t0, regidx=32, vew=1\n"
                 "sv_reg16 key=t1, regidx=40, vew=1\n"
                 "sv_pred16 key=t0, predidx=x0, inv=1, ffirst=1\n"
                 "sv_pred16 key=t1, predidx=x0, inv=1, ffirst=1\n"
                 "sv_ops\n"
                 "lb t0, 0(a0)\n"
                 "lb t1, 0(a1)\n"
                 "sv_beq t0, t1, 3f\n"
                 "sv_vblock_end\n"
                 "add a0, a0, a4\n"
                 "add a1, a1, a4\n"
                 "sub a2, a2, a4\n"
                 "bnez a2, 1b\n"
                 "j 9f\n"
                 "3:\n"
                 "add a0, a0, a4\n"
                 "add a1, a1, a4\n"
                 "lbu a3, 0(a0)\n"
                 "lbu t0, 0(a1)\n"
                 "sub a3, a3, t0\n"
                 "9:\n"
                 "csrw 0x803, zero\n"
                 : "+r"(p), "+r"(q), "+r"(left), "=&r"(r)
                 :
                 : "t0", "t1", "a4", "memory");
    return (int)r;
}

#endif /* SV_STRINGS_H */
