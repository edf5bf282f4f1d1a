/*
 * setvl: sv.setvl rd, rs1, VLMAX (§2.1, A7, docs/sv-state.md):
 * x[rd] := VLMAX if rs1 = x0 else min(x[rs1], VLMAX); MVL := VLMAX;
 * STATE.vl := rd; offsets reset, SUBVL kept; rd = x0 writes nothing;
 * VLMAX 0 or > 64 and bit 31 set are illegal and change nothing.
 *
 * Each case is an asm stub  rd := prefill; rs1 := value; <insn>;
 * return rd, *rs1_out := rs1  built from one row of CASES.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#define PREFILL 0x5eed5eed5eed5eedull
#define BIG (1ull << 63)

/*
 * X(id, insn macro, rd, rd number, rs1, VLMAX field, x[rs1], expected
 * signal, expected x[rd]).  Registers: caller-saved ones other than
 * a0..a2 (the stub's arguments), or zero.
 */
#define CASES(X)                                                               \
    X(min_below, sv_setvl_field, t0, 5, a3, 8, 3, 0, 3)                        \
    X(min_equal, sv_setvl_field, t0, 5, a3, 8, 8, 0, 8)                        \
    X(min_above, sv_setvl_field, t0, 5, a3, 8, 20, 0, 8)                       \
    X(min_zero, sv_setvl_field, t0, 5, a3, 8, 0, 0, 0)                         \
    X(min_huge, sv_setvl_field, t0, 5, a3, 8, BIG, 0, 8)                       \
    X(rs1_x0, sv_setvl_field, t1, 6, zero, 8, 3, 0, 8)                         \
    X(rs1_x0_one, sv_setvl_field, t2, 7, zero, 1, 3, 0, 1)                     \
    X(same_below, sv_setvl_field, a4, 14, a4, 16, 5, 0, 5)                     \
    X(same_above, sv_setvl_field, a4, 14, a4, 16, 40, 0, 16)                   \
    X(rd_x0, sv_setvl_field, zero, 0, a3, 8, 5, 0, 0)                          \
    X(rd_rs1_x0, sv_setvl_field, zero, 0, zero, 4, 0, 0, 0)                    \
    X(vlmax_1, sv_setvl_field, t3, 28, a5, 1, 7, 0, 1)                         \
    X(vlmax_64, sv_setvl_field, t4, 29, a5, 64, 100, 0, 64)                    \
    X(vlmax_64_below, sv_setvl_field, t4, 29, a5, 64, 63, 0, 63)               \
    X(rd_x31, sv_setvl_field, t6, 31, a6, 32, 31, 0, 31)                       \
    X(vlmax_0, sv_setvl_field, t0, 5, a3, 0, 3, SIGILL, PREFILL)               \
    X(vlmax_65, sv_setvl_field, t0, 5, a3, 65, 3, SIGILL, PREFILL)             \
    X(vlmax_128, sv_setvl_field, t0, 5, a3, 128, 3, SIGILL, PREFILL)           \
    X(vlmax_2047, sv_setvl_field, t0, 5, a3, 2047, 3, SIGILL, PREFILL)         \
    X(vlmax_0_x0, sv_setvl_field, zero, 0, zero, 0, 0, SIGILL, 0)              \
    X(reserved_8, sv_setvl_reserved, t0, 5, a3, 8, 3, SIGILL, PREFILL)         \
    X(reserved_0, sv_setvl_reserved, t0, 5, a3, 0, 3, SIGILL, PREFILL)         \
    X(reserved_x0, sv_setvl_reserved, zero, 0, zero, 4, 0, SIGILL, 0)

#define STR_(x) #x
#define STR(x) STR_(x)

#define EMIT_STUB(id, insn, rd, rdn, rs1, field, val, sig, exp)                \
    __asm__(".pushsection .text\n"                                             \
            ".balign 4\n"                                                      \
            ".type stub_" #id ", @function\n"                                  \
            "stub_" #id ":\n"                                                  \
            "    mv " #rd ", a1\n"                                             \
            "    mv " #rs1 ", a0\n"                                            \
            "insn_" #id ":\n"                                                  \
            "    " #insn " " #rd ", " #rs1                                     \
            ", " STR(field) "\n"                                               \
                            "    mv a0, " #rd "\n"                             \
                            "    sd " #rs1 ", 0(a2)\n"                         \
                            "    ret\n"                                        \
                            ".size stub_" #id ", . - stub_" #id "\n"           \
                            ".popsection\n");                                  \
    uint64_t stub_##id(uint64_t rs1_value, uint64_t prefill,                   \
                       uint64_t *rs1_out) __asm__("stub_" #id);                \
    extern const char insn_##id[] __asm__("insn_" #id);
CASES(EMIT_STUB)

typedef struct setvl_case {
    const char *name;
    uint64_t (*stub)(uint64_t, uint64_t, uint64_t *);
    const char *insn;
    bool same_reg; /* rd and rs1 are one register */
    bool rs1_zero;
    unsigned rd;
    unsigned vlmax;
    uint64_t rs1_value;
    int sig;
    uint64_t rd_value;
} setvl_case;

#define ROW(id, insn, rd, rdn, rs1, field, val, sig, exp)                      \
    {#id,                                                                      \
     stub_##id,                                                                \
     insn_##id,                                                                \
     !strcmp(#rd, #rs1),                                                       \
     !strcmp(#rs1, "zero"),                                                    \
     rdn,                                                                      \
     field,                                                                    \
     val,                                                                      \
     sig,                                                                      \
     exp},

/* Before each case: MVL 8, VL = x15 holding 8, busy offsets, SUBVL 3. */
#define BEFORE                                                                 \
    SV_STATE(.maxvl = 7, .vl = 15, .srcoffs = 5, .destoffs = 6, .subvl = 2,    \
             .dsvoffs = 2)

static void run_case(const setvl_case *c)
{
    uint64_t rs1_after = 0, rd_after;
    sv_trap t;

    sv_context("%s", c->name);
    SV_CSR_OP_PIN(SV_CSR_STATE, SV_OP_W, BEFORE, 8);
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), BEFORE);

    SV_TRY_SKIP(t, 4, rd_after = c->stub(c->rs1_value, PREFILL, &rs1_after));
    CHECK_EQ(t.signo, c->sig);
    CHECK_EQ(rd_after, c->rd_value);
    /* rs1 is only read (unless it is also rd). */
    const uint64_t rs1_expected = c->rs1_zero   ? 0
                                  : c->same_reg ? c->rd_value
                                                : c->rs1_value;
    CHECK_EQ(rs1_after, rs1_expected);

    if (c->sig) {
        CHECK_EQ(t.pc, (uintptr_t)c->insn);
        CHECK_EQ(t.insn & 0x707f, 0x7057); /* OP-V, funct3 111 */
        CHECK_STATE(SV_CSRR(SV_CSR_STATE), BEFORE);
        return;
    }
    const uint64_t after =
        SV_STATE(.maxvl = c->vlmax - 1, .vl = c->rd, .subvl = 2);
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), after);
    CHECK_EQ(SV_CSRR(SV_CSR_MVL), c->vlmax);
    CHECK_EQ(SV_CSRR(SV_CSR_VL), c->rd);
    CHECK_EQ(SV_CSRR(SV_CSR_SUBVL), 3);
}

int main(void)
{
    const setvl_case cases[] = {CASES(ROW)};

    sv_trap_install();
    for (size_t i = 0; i < SV_COUNT(cases); i++) {
        run_case(&cases[i]);
    }
    sv_context("%s", "");

    /* SV_SETVL from C with register variables: rd = t0, rs1 = a0. */
    register uint64_t vl __asm__("t0");
    register uint64_t n __asm__("a0") = 20;
    SV_SETVL(vl, n, 12);
    CHECK_EQ(vl, 12);
    CHECK_EQ(SV_CSRR(SV_CSR_VL), 5);
    CHECK_EQ(SV_CSRR(SV_CSR_MVL), 12);
    SV_CSRW(SV_CSR_STATE, 0);
    return sv_summary("setvl");
}
