/*
 * SV kernels in sv-as syntax (docs/guide.md, "Writing SV with sv-as"),
 * one per suffix and form; asm_prog.c calls each and checks the results
 * against values computed in C.  Assembled by `sv-as -c`.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define STATE 0x803

    .text
/* void k_add8(uint8_t *c, const uint8_t *a, const uint8_t *b, size_t n) */
    .globl k_add8
k_add8:
    beqz    a3, 2f
1:  sv.vl a4, a3, 64                /* a4 := VL = min(n, 64) */
    sv.lb/w=8 *x32, 0(a1)
    sv.lb/w=8 *x40, 0(a2)
    sv.add/w=8 *x48, *x32, *x40
    sv.sb/w=8 *x48, 0(a0)
    add     a0, a0, a4
    add     a1, a1, a4
    add     a2, a2, a4
    sub     a3, a3, a4
    bnez    a3, 1b
2:  csrw    STATE, zero
    ret

/* The same with a compressed inner op and an explicit block. */
    .globl k_add8c
k_add8c:
    beqz    a3, 2f
1:  sv.block vl=a4,a3,64
    sv.lb/w=8 *x32, 0(a1)
    sv.lb/w=8 *x40, 0(a2)
    sv.c.add/w=8 *x32, *x40
    sv.sb/w=8 *x32, 0(a0)
    addi    a5, zero, 1             /* a plain opcode inside the block */
    sv.endblock
    add     a0, a0, a4
    add     a1, a1, a4
    add     a2, a2, a4
    sub     a3, a3, a4
    bnez    a3, 1b
2:  csrw    STATE, zero
    ret

/* The same with LD/SD on address registers with their own 8-bit width
 * (REG/w=N): the memory elements are bytes (spec 8.2). */
    .globl k_add8w
k_add8w:
    beqz    a3, 2f
1:  sv.vl a4, a3, 64
    sv.ld/w=8 *x32, 0(a1/w=8)
    sv.ld/w=8 *x40, 0(a2/w=8)
    sv.block                        /* four entries each: two blocks */
    sv.add/w=8 *x32, *x32, *x40
    sv.sd/w=8 *x32, 0(a0/w=8)
    sv.endblock
    add     a0, a0, a4
    add     a1, a1, a4
    add     a2, a2, a4
    sub     a3, a3, a4
    bnez    a3, 1b
2:  csrw    STATE, zero
    ret

/* size_t k_strlen(const char *s): load fail-on-first + data ffirst bne */
    .globl k_strlen
k_strlen:
    mv      a1, a0
1:  sv.vl a4, zero, 64
    sv.lb/w=8/ff *x32, 0(a0)
    sv.bne/w=8/ff *x32, zero, 2f
    add     a0, a0, a4
    sub     a0, a0, a1
    csrw    STATE, zero
    ret
2:  add     a0, a0, a4
    j       1b

/* void k_madd(uint64_t *d, const uint64_t *a, const uint64_t *b,
 *             uint64_t mask, int inv): 8 elements, d[i] = a + b where the
 * mask (inverted when inv) is set, else 0 (zeroing) / d[i] (kept). */
    .globl k_madd_zero
k_madd_zero:
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a1)
    sv.ld *x40, 0(a2)
    sv.add/m=a3/zz *x48, *x32, *x40
    sv.sd *x48, 0(a0)
    csrw    STATE, zero
    ret
    .globl k_madd_keep_inv
k_madd_keep_inv:
    sv.vl t4, zero, 8
    sv.ld *x48, 0(a0)
    sv.ld *x32, 0(a1)
    sv.ld *x40, 0(a2)
    sv.add/m=~a3 *x48, *x32, *x40
    sv.sd *x48, 0(a0)
    csrw    STATE, zero
    ret

/* Twin predication, 8 elements: compress (store with a source mask),
 * expand (load with a destination mask), in place (/m= on both sides). */
    .globl k_compress
k_compress:                         /* (d, a, mask) */
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a1)
    sv.sd/sm=a2 *x32, 0(a0)
    csrw    STATE, zero
    ret
    .globl k_expand
k_expand:                           /* (d, a, mask): d[i] for set bits */
    sv.vl t4, zero, 8
    sv.ld *x40, 0(a0)
    sv.ld/dm=a2 *x40, 0(a1)
    sv.sd *x40, 0(a0)
    csrw    STATE, zero
    ret
    .globl k_inplace
k_inplace:                          /* (d, a, mask): d[i] += a[i] */
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a1)
    sv.ld/m=a2 *x40, 0(a0)
    sv.add/m=a2 *x40, *x40, *x32
    sv.sd/m=a2 *x40, 0(a0)
    csrw    STATE, zero
    ret

/* Vector branches: int k_any(a, key, &mask) etc., 8 elements; returns
 * whether the branch was taken, stores the result mask. */
    .globl k_any
k_any:
    li      t3, 0
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a0)
    sv.beq/any/r=t3 *x32, a1, 1f
    li      a0, 0
    j       2f
1:  li      a0, 1
2:  sd      t3, 0(a2)
    csrw    STATE, zero
    ret
    .globl k_all
k_all:
    li      t3, 0
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a0)
    sv.beq/all/r=t3 *x32, a1, 1f
    li      a0, 0
    j       2f
1:  li      a0, 1
2:  sd      t3, 0(a2)
    csrw    STATE, zero
    ret
    .globl k_none
k_none:
    li      t3, 0
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a0)
    sv.beq/none/r=t3 *x32, a1, 1f
    li      a0, 0
    j       2f
1:  li      a0, 1
2:  sd      t3, 0(a2)
    csrw    STATE, zero
    ret
    .globl k_notall
k_notall:
    li      t3, 0
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a0)
    sv.blt/notall/r=t3 *x32, a1, 1f /* taken unless every a[i] < key */
    li      a0, 0
    j       2f
1:  li      a0, 1
2:  sd      t3, 0(a2)
    csrw    STATE, zero
    ret
/* A masked compare: int k_any_masked(a, key, mask): any a[i] == key
 * among the elements the mask selects. */
    .globl k_any_masked
k_any_masked:
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a0)
    sv.beq/m=a2/any *x32, a1, 1f
    li      a0, 0
    j       2f
1:  li      a0, 1
2:  csrw    STATE, zero
    ret

/* SUBVL 2: VL 4 groups of 2, 8 elements: d = a + b. */
    .globl k_vec2
k_vec2:
    sv.vl t4, zero, 4
    sv.ld/vec2 *x32, 0(a1)
    sv.ld/vec2 *x40, 0(a2)
    sv.add/vec2 *x48, *x32, *x40
    sv.sd/vec2 *x48, 0(a0)
    csrw    STATE, zero
    ret

/* A redirected scalar: x100 := v + 7, return x100 + x100. */
    .globl k_redirect
k_redirect:
    sv.addi x100, a0, 7
    sv.add a0, x100, x100
    ret

/* Mixed widths: 16 elements, d8[i] = (a16[i] + b16[i]) truncated. */
    .globl k_narrow
k_narrow:
    sv.vl t4, zero, 16
    sv.lhu/w=16 *x32, 0(a1)
    sv.lhu/w=16 *x40, 0(a2)
    sv.add/dw=8/sw=16 *x48, *x32, *x40
    sv.sb/w=8 *x48, 0(a0)
    csrw    STATE, zero
    ret

/* FP: y[i] = a * x[i] + y[i] (fmadd.s), n elements, 32 per block. */
    .globl k_saxpy
k_saxpy:                            /* (a in fa0, x, y, n) */
    beqz    a2, 2f
1:  sv.vl a4, a2, 32
    sv.flw *f32, 0(a0)
    sv.flw *f64, 0(a1)
    sv.fmadd.s *f64, fa0, *f32, *f64
    sv.fsw *f64, 0(a1)
    slli    t0, a4, 2
    add     a0, a0, t0
    add     a1, a1, t0
    sub     a2, a2, a4
    bnez    a2, 1b
2:  csrw    STATE, zero
    ret

/* Data fail-on-first on an op: copies a[i] until the first zero element
 * (VL is cut there); returns the new VL. 8 elements. */
    .globl k_ffcopy
k_ffcopy:                           /* (d, a) */
    sv.vl a4, zero, 8
    sv.ld *x32, 0(a1)
    sv.addi/ff *x40, *x32, 0
    sv.sd *x40, 0(a0)
    mv      a0, a4
    csrw    STATE, zero
    ret

/* 8-bit predicate entries: a mask in s1 (x9), entry 0's register. */
    .globl k_pred8
k_pred8:                            /* (d, a, b, mask) as k_madd_zero */
    addi    sp, sp, -16
    sd      s1, 0(sp)
    mv      s1, a3
    sv.vl t4, zero, 8
    sv.ld *x32, 0(a1)
    sv.ld *x40, 0(a2)
    sv.add/m=s1/zz *x48, *x32, *x40
    sv.sd *x48, 0(a0)
    csrw    STATE, zero
    ld      s1, 0(sp)
    addi    sp, sp, 16
    ret
