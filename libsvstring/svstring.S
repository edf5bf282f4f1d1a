/*
 * libsvstring: the C string and memory functions as Simple-V VBLOCK loops
 * (svs_* names; svstring.c exports the standard names on top of these).
 * Every function needs -cpu rv64,xsv=true; each leaves STATE = 0 (the
 * scalar short paths never change it).
 *
 * Written in sv-as syntax (docs/guide.md section 2) and assembled through
 * tools/sv-cc; the blocks that gas macros repeat take no macro
 * arguments in their sv. lines but sv.vl's VLMAX (sv-as reads the text
 * before gas expands it).  Shapes (rules: docs/sv-state.md):
 *   * Byte elements (vew=1) at x32.. (64 bytes fill x32..x39); 64-bit
 *     elements at x32..x95 for the word paths of memcpy/memmove/memset
 *     (512 bytes a block).  The VL register is a4, MVL 64.
 *   * Reads that may run past the end of the object (strlen, strchr,
 *     strcmp, strcpy: the NUL decides the length) are trap-ffirst LBs
 *     (§7.1): a 64-byte load running into an unmapped page is cut at the
 *     page; only its element 0 can fault, and that byte belongs to the
 *     string.  Length-bounded functions never read past n.
 *   * A NUL, a byte or a mismatch alone is found with an ffirst vector
 *     branch (§6.5, §7.3: a4 := the index of the first failing element),
 *     ifall when the branch's rs2 has no predicate entry, ifnotall when
 *     its entry is inv=1 (memcmp).  When a block needs two tests (the
 *     NUL, and c or a mismatch: strchr, strcmp, strncmp; the NUL before
 *     a store: strcpy), data-dependent fail-on-first on ALU ops (§7.2)
 *     does them in one block: XOR with c (zero at c; for strcmp XOR of
 *     the strings then SLTIU 1, zero where they differ) and a copy, ORI
 *     0 (zero at the NUL), each cutting a4 at its first zero; the byte
 *     at a4 then tells which cut it, if any.
 * x32..x95 are clobbered (no ABI gives them a meaning).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
.include "sv.inc"

.equ STATE, 0x803

/*
 * In libsvstring.so (SVS_STANDARD_NAMES; libsvstring/meson.build), the
 * standard name \std in front of \name: SV when the constructor found it
 * (svs_have_sv, svstring.c), else the scalar loop svs_scalar_\std; with
 * chk=1 the _FORTIFY_SOURCE entry __\std\()_chk (n in a2, the
 * destination's size in a3) in front of that.  With SV the standard
 * name's test falls through into \name: a call makes no jump between
 * the two (in QEMU each jump is one more translation block to enter).
 * libsvstring.a has the svs_ names only here (svstring.c's standard
 * names are C there, in their own member).
 */
.macro svs_func name, std=, chk=0
    .text
    .globl \name
    .hidden \name
    .type \name, @function
    .p2align 2
#ifdef SVS_STANDARD_NAMES
    .ifnb \std
    .if \chk
    .globl __\std\()_chk
    .type __\std\()_chk, @function
__\std\()_chk:
    bgeu a3, a2, \std
    tail __chk_fail
    .endif
    .globl \std
    .type \std, @function
\std:
.L\std\()_have_sv:
    auipc t0, %pcrel_hi(svs_have_sv)
    lw t0, %pcrel_lo(.L\std\()_have_sv)(t0)
    bnez t0, \name
    tail svs_scalar_\std
    .endif
#endif
\name:
.endm

.macro svs_endfunc name, std=, chk=0
    .size \name, . - \name
#ifdef SVS_STANDARD_NAMES
    .ifnb \std
    .size \std, . - \std
    .if \chk
    .size __\std\()_chk, . - __\std\()_chk
    .endif
    .endif
#endif
.endm

/*
 * A block's VL register is a4, MVL 64: `sv.vl a4, zero, 64` sets VL = MVL,
 * `sv.vl a4, n, 64` VL = min(n, 64).  A search's bytes are at x32 (and
 * x40), loaded with fail-on-first (/ff, all-ones mask) so that a vector
 * branch on them cuts a4 at the first failing element (§7.3); c is a1 as
 * a scalar byte (/w=8 on the branch).
 */

/* a0 += a4 (and a1 += a4 with two=1): past the bytes a block accepted. */
.macro skip_a4 two=0
    add a0, a0, a4
    .if \two
    add a1, a1, a4
    .endif
.endm

/* Leave: STATE = 0, then return a0 - \base (a length). */
.macro ret_length base
    csrw STATE, zero
    sub a0, a0, \base
    ret
.endm

/* Leave with a0 = a6 (memcpy's and memset's d). */
.macro ret_dest
    csrw STATE, zero
    mv a0, a6
    ret
.endm

/* Leave with a0 = \value. */
.macro ret_value value
    csrw STATE, zero
    li a0, \value
    ret
.endm

/* Leave with s1[a4] - s2[a4] as unsigned chars (a0, a1 = s1, s2). */
.macro ret_byte_diff
    skip_a4 two=1
    csrw STATE, zero
    lbu a0, 0(a0)
    lbu a1, 0(a1)
    sub a0, a0, a1
    ret
.endm

/*
 * Short lengths (below SVS_SHORT bytes; memcpy and memset below 8): plain
 * scalar code, no VBLOCK (libsvstring/README.md, "Short lengths").  These paths
 * never touch STATE.
 */
.equ SVS_SHORT, 16

/* Forward byte copy of a2 bytes from a1 to a0, then return the original
 * a0 (clobbers a1..a3, t0). */
.macro short_copy_fwd
    mv a3, a0
    beqz a2, 2f
1:  lbu t0, 0(a1)
    sb t0, 0(a3)
    addi a1, a1, 1
    addi a3, a3, 1
    addi a2, a2, -1
    bnez a2, 1b
2:  ret
.endm

/*
 * Compare up to SVS_SHORT leading bytes of a0, a1 one by one (t2 bytes,
 * set by the caller; strings stop at the NUL with str=1): a difference
 * (or the NUL) returns the byte difference, else it falls through with
 * a0, a1 past those bytes (and a2, when bounded=1, reduced by them).
 */
.macro short_compare str, bounded
    beqz t2, 5f
1:  lbu t0, 0(a0)
    lbu t1, 0(a1)
    bne t0, t1, 4f
    .if \str
    beqz t0, 4f
    .endif
    addi a0, a0, 1
    addi a1, a1, 1
    .if \bounded
    addi a2, a2, -1
    .endif
    addi t2, t2, -1
    bnez t2, 1b
    j 5f
4:  sub a0, t0, t1
    ret
5:
.endm

/*
 * size_t strlen-like scan: a4 bytes (VL from register \n, or MVL) from
 * a0, looped while none of them is the NUL; on exit a0 points at it.
 */
.macro scan_nul_mvl
    sv.vl a4, zero, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.bne/w=8/ff *x32, zero, 2b    /* ifall: no NUL among the a4 bytes */
    add a0, a0, a4              /* the NUL */
.endm
.macro scan_nul_a2
    sv.vl a4, a2, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.bne/w=8/ff *x32, zero, 2b    /* ifall: no NUL among the a4 bytes */
    add a0, a0, a4              /* the NUL */
.endm

/* size_t svs_strlen(const char *s) */
svs_func svs_strlen, strlen
    mv a1, a0
    li a4, 0                    /* into the add: one TB less per call */
2:  add a0, a0, a4
    scan_nul_mvl
    ret_length a1
svs_endfunc svs_strlen, strlen

/* size_t svs_strnlen(const char *s, size_t n) */
svs_func svs_strnlen, strnlen
    mv a3, a0
    mv a2, a1
    beqz a2, 8f
    j 1f
2:  add a0, a0, a4
    sub a2, a2, a4
    beqz a2, 8f
1:  scan_nul_a2
    ret_length a3
8:  csrw STATE, zero
    mv a0, a1
    ret
svs_endfunc svs_strnlen, strnlen

/* void *svs_memchr(const void *s, int c, size_t n) */
svs_func svs_memchr, memchr
    beqz a2, 8f
    j 1f
2:  add a0, a0, a4
    sub a2, a2, a4
    beqz a2, 8f
1:  sv.vl a4, a2, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.bne/w=8/ff *x32, a1, 2b      /* ifall: (unsigned char)c not among them */
    add a0, a0, a4
    csrw STATE, zero
    ret
8:  ret_value 0
svs_endfunc svs_memchr, memchr

/*
 * char *svs_strchr(const char *s, int c): c or the NUL, whichever first.
 * One block: the load, then XOR with c whose data fail-on-first cuts a4
 * at the first c (§7.2), then a copy (ORI 0) whose fail-on-first cuts it
 * at the first NUL before that.  The byte at a4 is then c (a match; c =
 * 0 is the NUL), the NUL (none), or, after 64 bytes or a page cut, the
 * next byte of the string.
 */
svs_func svs_strchr, strchr
    andi a1, a1, 0xff
1:  sv.vl a4, zero, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.xor/w=8/ff *x40, *x32, a1    /* a4 := the first c */
    sv.ori/w=8/ff *x48, *x32, 0     /* a4 := the first NUL before it */
    add a0, a0, a4
    lbu t0, 0(a0)
    beq t0, a1, 2f                  /* c */
    bnez t0, 1b                     /* neither: the next bytes */
    li a0, 0                        /* the NUL: no c */
2:  csrw STATE, zero
    ret
svs_endfunc svs_strchr, strchr

/*
 * int strcmp(s1, s2) and, with bounded=1, strncmp(s1, s2, n = a2).
 * One block: both loads (trap-ffirst: a4 is cut at either page end; VL =
 * 64, or min(n, 64)), XOR of the two (0 where equal), SLTIU 1 of it
 * whose data fail-on-first cuts a4 at the first difference (§7.2), then
 * a copy of s1's bytes (ORI 0)
 * cutting it at s1's first NUL before that.  At a4 the bytes differ, or
 * both are the NUL, or (64 bytes or a page cut) the strings go on:
 * s1[a4] - s2[a4] decides, the scalar bytes tested once.
 */
.macro str_compare name, bounded, std
svs_func \name, \std
    li t2, SVS_SHORT
    .if \bounded
    bgeu a2, t2, 0f
    mv t2, a2
0:  short_compare str=1, bounded=1
    beqz a2, 9f
    .else
    short_compare str=1, bounded=0
    .endif
1:
    .if \bounded
    sv.vl a4, a2, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.lb/w=8/ff *x40, 0(a1)
    sv.xor/w=8 *x48, *x32, *x40     /* 0 where equal */
    sv.sltiu/w=8/ff *x56, *x48, 1   /* a4 := the first difference */
    sv.ori/w=8/ff *x56, *x32, 0     /* a4 := s1's first NUL before it */
    sub a2, a2, a4
    beqz a2, 8f                     /* n bytes equal */
    .else
    sv.vl a4, zero, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.lb/w=8/ff *x40, 0(a1)
    sv.xor/w=8 *x48, *x32, *x40
    sv.sltiu/w=8/ff *x56, *x48, 1
    sv.ori/w=8/ff *x56, *x32, 0
    .endif
    skip_a4 two=1
    lbu t0, 0(a0)
    lbu t1, 0(a1)
    bne t0, t1, 4f
    bnez t0, 1b                     /* equal, not the NUL: the next bytes */
4:  csrw STATE, zero
    sub a0, t0, t1
    ret
    .if \bounded
8:  ret_value 0
9:  li a0, 0
    ret
    .endif
svs_endfunc \name, \std
.endm

/* int svs_strcmp(const char *s1, const char *s2) */
str_compare svs_strcmp, 0, strcmp
/* int svs_strncmp(const char *s1, const char *s2, size_t n) */
str_compare svs_strncmp, 1, strncmp

/*
 * char *svs_strcpy(char *d, const char *s): writes nothing past the NUL.
 * One block: the load, a copy (ORI 0) whose data fail-on-first cuts a4
 * at the NUL (§7.2), SB of the a4 bytes before it; the byte at a4 is the
 * NUL (stored, done) or, after 64 bytes or a page cut, the next byte.
 */
svs_func svs_strcpy, strcpy
    mv a3, a0
1:  sv.vl a4, zero, 64
    sv.lb/w=8/ff *x32, 0(a1)
    sv.ori/w=8/ff *x40, *x32, 0     /* a4 := the NUL */
    sv.sb/w=8 *x32, 0(a0)
    skip_a4 two=1
    lbu t0, 0(a1)
    bnez t0, 1b
    sb zero, 0(a0)
    csrw STATE, zero
    mv a0, a3
    ret
svs_endfunc svs_strcpy, strcpy

/*
 * One block of VL = MVL = 16 bytes of a0 and a1 (\_end: of a3 and a5):
 * XOR, then SLTIU 1 (zero where they differ) whose data fail-on-first
 * cuts a4 at the first difference (§7.2); a4 = 16: all equal.
 */
.macro cmp_16
    sv.vl a4, zero, 16
    sv.lb/w=8 *x32, 0(a0)
    sv.lb/w=8 *x40, 0(a1)
    sv.xor/w=8 *x48, *x32, *x40
    sv.sltiu/w=8/ff *x56, *x48, 1
.endm
.macro cmp_16_end
    sv.vl a4, zero, 16
    sv.lb/w=8 *x32, 0(a3)
    sv.lb/w=8 *x40, 0(a5)
    sv.xor/w=8 *x48, *x32, *x40
    sv.sltiu/w=8/ff *x56, *x48, 1
.endm

/*
 * int svs_memcmp(const void *a, const void *b, size_t n): under 16 bytes
 * one by one; else the first 8 one by one, the rest in blocks of 16
 * bytes (cmp_16), the last ending at the end (it may compare some bytes
 * again: they are equal).
 */
svs_func svs_memcmp, memcmp
    mv t2, a2
    li t1, SVS_SHORT
    bltu a2, t1, 0f             /* n < 16: all of it one by one */
    li t2, 8                    /* else the first 8 (most calls end there) */
0:  short_compare str=0, bounded=1
    beqz a2, 9f                 /* n <= 16 bytes, all equal */
    add a3, a0, a2
    addi a3, a3, -16            /* the last block: n >= 16, inside */
    add a5, a1, a2
    addi a5, a5, -16
    li t2, 16
    bgeu a0, a3, 2f
1:  cmp_16
    bne a4, t2, 3f
    addi a0, a0, 16
    addi a1, a1, 16
    bltu a0, a3, 1b
2:  mv a0, a3
    mv a1, a5
    cmp_16_end
    bne a4, t2, 3f
    ret_value 0
3:  ret_byte_diff
9:  li a0, 0
    ret
svs_endfunc svs_memcmp, memcmp

/*
 * One block of a4 = min(\n, 64) elements at a1 into a0: bytes, or with
 * words=1 64-bit words; with load=0 it stores t0's elements as they are.
 */
/* One block of a copy (or, store_*, of a memset: x32.. holds the
 * pattern): VL = min(n, 64) bytes or 64-bit words from a1 to a0. */
.macro copy_bytes_a2
    sv.vl a4, a2, 64
    sv.lb/w=8 *x32, 0(a1)
    sv.sb/w=8 *x32, 0(a0)
.endm
.macro copy_bytes_a3
    sv.vl a4, a3, 64
    sv.lb/w=8 *x32, 0(a1)
    sv.sb/w=8 *x32, 0(a0)
.endm
.macro copy_words_a3
    sv.vl a4, a3, 64
    sv.ld *x32, 0(a1)
    sv.sd *x32, 0(a0)
.endm
.macro store_bytes_a2
    sv.vl a4, a2, 64
    sv.sb/w=8 *x32, 0(a0)
.endm
.macro store_bytes_a3
    sv.vl a4, a3, 64
    sv.sb/w=8 *x32, 0(a0)
.endm
.macro store_words_a3
    sv.vl a4, a3, 64
    sv.sd *x32, 0(a0)
.endm

/* a3 := min(\n, 64) (a backward block's elements); clobbers t1. */
.macro min64_a3 n, label
    li t1, 64
    mv a3, \n
    bleu a3, t1, \label
    mv a3, t1
\label:
.endm

/*
 * Copy loops shared by memcpy and memmove.  Forward: a0 = dst, a1 = src,
 * a2 = bytes (a0/a1 advance).  A block loads all its elements before it
 * stores any, so forward copying is also right for dst < src overlaps
 * and backward copying for dst > src.  The loops test at their bottom:
 * a block and its loop branch are one straight run of code.
 */
.macro copy_bytes_fwd label
    beqz a2, \label\()_done
\label:
    copy_bytes_a2
    skip_a4 two=1
    sub a2, a2, a4
    bnez a2, \label
\label\()_done:
.endm

/* a3 = 64-bit words (> 0); a0/a1 advance by 8 * a3. */
.macro copy_words_fwd label
\label:
    copy_words_a3
    slli t1, a4, 3
    add a0, a0, t1
    add a1, a1, t1
    sub a3, a3, a4
    bnez a3, \label
.endm

/* Backward: a0/a1 = one past the end, a2 bytes; a0/a1 move down. */
.macro copy_bytes_bwd label
    beqz a2, \label\()_done
\label:
    min64_a3 a2, \label\()_n
    sub a0, a0, a3
    sub a1, a1, a3
    sub a2, a2, a3
    copy_bytes_a3
    bnez a2, \label
\label\()_done:
.endm

/* a5 = 64-bit words (> 0), a0/a1 one past the end, 8-aligned. */
.macro copy_words_bwd label
\label:
    min64_a3 a5, \label\()_n
    slli t1, a3, 3
    sub a0, a0, t1
    sub a1, a1, t1
    sub a5, a5, a3
    copy_words_a3
    bnez a5, \label
.endm

/*
 * Forward copy of a2 bytes from a1 to a0: 64-bit words when both are
 * equally aligned mod 8 and the copy is long enough, else bytes.
 * Leaves a0/a1 past the end.
 */
.macro copy_fwd p
    li t1, 64
    bltu a2, t1, \p\()_tail
    xor t1, a0, a1
    andi t1, t1, 7
    bnez t1, \p\()_tail
    neg a3, a0                  /* head bytes up to 8-alignment */
    andi a3, a3, 7
    beqz a3, \p\()_words
    copy_bytes_a3
    add a0, a0, a3
    add a1, a1, a3
    sub a2, a2, a3
\p\()_words:
    srli a3, a2, 3
    andi a2, a2, 7
    copy_words_fwd \p\()_wl
\p\()_tail:
    copy_bytes_fwd \p\()_bl
.endm

/*
 * Fixed-size blocks, VL = MVL (the block's VL block sets VL from x0, so
 * the emulator knows VL when it translates the block): \mvl bytes from
 * a1 to a0 (copy_blk), or c's byte (a1) splatted and stored at a0
 * (set_blk); the _end forms at a3 (and a5), the last block of a run.
 */
.macro copy_blk mvl
    sv.vl a4, zero, \mvl
    sv.lb/w=8 *x32, 0(a1)
    sv.sb/w=8 *x32, 0(a0)
.endm
.macro copy_blk_end mvl
    sv.vl a4, zero, \mvl
    sv.lb/w=8 *x32, 0(a5)
    sv.sb/w=8 *x32, 0(a3)
.endm
.macro set_blk mvl
    sv.vl a4, zero, \mvl
    sv.ori/w=8 *x32, a1, 0
    sv.sb/w=8 *x32, 0(a0)
.endm
.macro set_blk_end mvl
    sv.vl a4, zero, \mvl
    sv.ori/w=8 *x32, a1, 0
    sv.sb/w=8 *x32, 0(a3)
.endm

/*
 * a2 >= \mvl bytes at a0 (from a1 with src=1) as \blk blocks of \mvl
 * bytes from the start, then \blk\()_end at the last \mvl bytes: it may
 * write some bytes a second time, with the same values (memcpy's
 * objects do not overlap); then leave with a0 = a6 (ret_dest).  The
 * loop tests at its bottom, so a block and its loop branch are one
 * straight run of code (one translation block in QEMU), and each run
 * returns itself rather than jumping to a shared exit.  Clobbers a0,
 * a1, a3, a5.
 */
.macro fixed_blocks mvl, blk, src
    add a3, a0, a2
    addi a3, a3, -\mvl
    .if \src
    add a5, a1, a2
    addi a5, a5, -\mvl
    .endif
    bgeu a0, a3, 2f
1:  \blk \mvl
    addi a0, a0, \mvl
    .if \src
    addi a1, a1, \mvl
    .endif
    bltu a0, a3, 1b
2:  \blk\()_end \mvl
    ret_dest
.endm

/*
 * void *svs_memcpy(void *d, const void *s, size_t n): under 8 bytes a
 * byte loop; up to 512 bytes fixed blocks of 8, 16 or 64 bytes (the
 * largest not above n); longer, 64-bit elements (copy_fwd).
 */
svs_func svs_memcpy, memcpy, 1
    li t1, 8
    bgeu a2, t1, .Lmc_long
    short_copy_fwd              /* first: on the entry's page */
.Lmc_long:
    mv a6, a0
    li t1, 16
    bltu a2, t1, .Lmc_8
    li t1, 64
    bltu a2, t1, .Lmc_16
    li t1, 512
    bltu a2, t1, .Lmc_64
    copy_fwd .Lmc
    ret_dest
.Lmc_8:
    fixed_blocks 8, copy_blk, 1
.Lmc_16:
    fixed_blocks 16, copy_blk, 1
.Lmc_64:
    fixed_blocks 64, copy_blk, 1
svs_endfunc svs_memcpy, memcpy, 1

/* void *svs_memmove(void *d, const void *s, size_t n) */
svs_func svs_memmove, memmove, 1
    li t1, SVS_SHORT
    bltu a2, t1, 6f
    mv a6, a0
    sub t1, a0, a1
    bgeu t1, a2, 5f             /* d < s, or no overlap: forward */
    add a0, a0, a2              /* d > s, overlapping: backward */
    add a1, a1, a2
    li t1, 64
    bltu a2, t1, 4f
    xor t1, a0, a1
    andi t1, t1, 7
    bnez t1, 4f
    andi a3, a0, 7              /* tail bytes down to 8-alignment */
    beqz a3, 3f
    sub a0, a0, a3
    sub a1, a1, a3
    sub a2, a2, a3
    copy_bytes_a3
3:  srli a5, a2, 3
    andi a2, a2, 7
    copy_words_bwd .Lmm_wb
4:  copy_bytes_bwd .Lmm_bb
    j 9f
5:  copy_fwd .Lmm
9:  csrw STATE, zero
    mv a0, a6
    ret
6:  sub t1, a0, a1
    bgeu t1, a2, 7f             /* d < s, or no overlap: forward */
1:  addi a2, a2, -1             /* backward (a2 > 0: d != s) */
    add t2, a1, a2
    lbu t0, 0(t2)
    add t2, a0, a2
    sb t0, 0(t2)
    bnez a2, 1b
    ret
7:  short_copy_fwd
svs_endfunc svs_memmove, memmove, 1

/*
 * void *svs_memset(void *d, int c, size_t n): under 8 bytes a byte loop;
 * up to 512 bytes fixed blocks of 8, 16 or 64 bytes, each c splatted
 * into x32.. and stored; longer, the byte pattern splatted into x32.. as
 * 64-bit elements once (ceil(n/8) of them, at most 64); the byte view of
 * the same registers (vew=1 at x32) then holds c in every element, so
 * byte and word stores use the same registers.
 */
svs_func svs_memset, memset, 1
    andi a1, a1, 0xff
    li t1, 8
    bgeu a2, t1, .Lms_long
    mv a3, a0                   /* n < 8: bytes (first: on the entry's page) */
    beqz a2, 2f
1:  sb a1, 0(a3)
    addi a3, a3, 1
    addi a2, a2, -1
    bnez a2, 1b
2:  ret
.Lms_long:
    mv a6, a0
    li t1, 16
    bltu a2, t1, .Lms_8
    li t1, 64
    bltu a2, t1, .Lms_16
    li t1, 512
    bltu a2, t1, .Lms_64
    li t1, 0x0101010101010101
    mul a5, a1, t1
    addi a3, a2, 7
    srli a3, a3, 3
    sv.vl a4, a3, 64
    sv.addi *x32, a5, 0             /* the pattern into x32..x95 */
    neg a3, a0                  /* head bytes up to 8-alignment */
    andi a3, a3, 7
    beqz a3, 3f
    store_bytes_a3
    add a0, a0, a3
    sub a2, a2, a3
3:  srli a3, a2, 3
    andi a2, a2, 7
4:  store_words_a3
    slli t1, a4, 3
    add a0, a0, t1
    sub a3, a3, a4
    bnez a3, 4b
    beqz a2, .Lms_done
5:  store_bytes_a2
    add a0, a0, a4
    sub a2, a2, a4
    bnez a2, 5b
    ret_dest
.Lms_8:
    fixed_blocks 8, set_blk, 0
.Lms_16:
    fixed_blocks 16, set_blk, 0
.Lms_64:
    fixed_blocks 64, set_blk, 0
.Lms_done:
    ret_dest
svs_endfunc svs_memset, memset, 1

.section .note.GNU-stack, "", @progbits
