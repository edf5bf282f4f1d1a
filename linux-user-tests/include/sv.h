/*
 * sv.h: the test kit for riscv64 Simple-V user-mode test programs.
 *
 *   - SV CSR numbers and an X-macro list of them;
 *   - csrr/csrw/csrrw/csrrwi/csrrs/csrrc... on SV CSRs (the CSR number
 *     is an asm immediate, so these are macros);
 *   - sv.setvl from inline asm (the gas macros of sv.inc, which this
 *     header includes into the translation unit);
 *   - STATE/SVPSTATE field pack/unpack;
 *   - CHECK_* macros that count failures and a one-line summary;
 *   - a SIGILL/SIGSEGV catcher: skip mode (the handler resumes after the
 *     faulting instruction) and jump mode (siglongjmp back).
 *
 * Build with -Wa,-I<include dir> so the `.include "sv.inc"` is found.
 * Rules: docs/sv-state.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_TEST_H
#define SV_TEST_H

#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ucontext.h>
#include <unistd.h>

/* The gas macros (sv_setvl, sv_p48_raw, ...) for every asm below. */
__asm__(".include \"sv.inc\"");

#define SV_UNUSED __attribute__((unused))

/* ------------------------------------------------------------- CSRs */
#define SV_CSR_MVL 0x800
#define SV_CSR_VL 0x801
#define SV_CSR_SUBVL 0x802
#define SV_CSR_STATE 0x803
#define SV_CSR_SVPSTATE 0x804
#define SV_CSR_PCVBLK 0x805
#define SV_CSR_SESTATE 0x5D0
#define SV_CSR_SEPCVBLK 0x5D1
#define SV_CSR_SESVPSTATE 0x5D2
#define SV_CSR_MESTATE 0x7D0
#define SV_CSR_MEPCVBLK 0x7D1
#define SV_CSR_MESVPSTATE 0x7D2

#define SV_XLEN 64

/* X(name, number, user_accessible) for every SV CSR (contract C3). */
#define SV_FOR_EACH_CSR(X)                                                     \
    X(mvl, SV_CSR_MVL, true)                                                   \
    X(vl, SV_CSR_VL, true)                                                     \
    X(subvl, SV_CSR_SUBVL, true)                                               \
    X(state, SV_CSR_STATE, true)                                               \
    X(svpstate, SV_CSR_SVPSTATE, true)                                         \
    X(pcvblk, SV_CSR_PCVBLK, true)                                             \
    X(sestate, SV_CSR_SESTATE, false)                                          \
    X(sepcvblk, SV_CSR_SEPCVBLK, false)                                        \
    X(sesvpstate, SV_CSR_SESVPSTATE, false)                                    \
    X(mestate, SV_CSR_MESTATE, false)                                          \
    X(mepcvblk, SV_CSR_MEPCVBLK, false)                                        \
    X(mesvpstate, SV_CSR_MESVPSTATE, false)

/*
 * Single CSR instructions.  csr and imm must be integer constant
 * expressions.  All are volatile with a memory clobber, so they stay in
 * program order with the trap-catcher's bookkeeping.
 */
#define SV_CSRR(csr)                                                           \
    ({                                                                         \
        uint64_t sv_r_;                                                        \
        __asm__ volatile("csrr %0, %1" : "=r"(sv_r_) : "i"(csr) : "memory");   \
        sv_r_;                                                                 \
    })
#define SV_CSR_RS1_OP_(insn, csr, val)                                         \
    ({                                                                         \
        uint64_t sv_r_;                                                        \
        __asm__ volatile(insn " %0, %1, %2"                                    \
                         : "=r"(sv_r_)                                         \
                         : "i"(csr), "r"((uint64_t)(val))                      \
                         : "memory");                                          \
        sv_r_;                                                                 \
    })
#define SV_CSR_IMM_OP_(insn, csr, imm)                                         \
    ({                                                                         \
        uint64_t sv_r_;                                                        \
        __asm__ volatile(insn " %0, %1, %2"                                    \
                         : "=r"(sv_r_)                                         \
                         : "i"(csr), "i"(imm)                                  \
                         : "memory");                                          \
        sv_r_;                                                                 \
    })
#define SV_CSRRW(csr, val) SV_CSR_RS1_OP_("csrrw", csr, val)
#define SV_CSRRS(csr, val) SV_CSR_RS1_OP_("csrrs", csr, val)
#define SV_CSRRC(csr, val) SV_CSR_RS1_OP_("csrrc", csr, val)
#define SV_CSRRWI(csr, imm) SV_CSR_IMM_OP_("csrrwi", csr, imm)
#define SV_CSRRSI(csr, imm) SV_CSR_IMM_OP_("csrrsi", csr, imm)
#define SV_CSRRCI(csr, imm) SV_CSR_IMM_OP_("csrrci", csr, imm)
#define SV_CSRW(csr, val)                                                      \
    __asm__ volatile("csrw %0, %1"                                             \
                     :                                                         \
                     : "i"(csr), "r"((uint64_t)(val))                          \
                     : "memory")

/*
 * CSR operations chosen at run time (for tables).  SV_CSR_OP(csr, op,
 * operand) returns rd; for the immediate forms the operand is the 5-bit
 * uimm.  SV_CSR_OP_PIN(csr, op, operand, pin) does the same with x15 (a5)
 * and x31 (t6) holding `pin` at the instruction, for accesses that
 * depend on the register STATE.vl names.  (Register variables are set
 * right before each asm: a call in between could clobber them.)
 */
enum sv_csr_op {
    SV_OP_R, /* csrr (csrrs rd, csr, x0): never writes */
    SV_OP_W, /* csrw (csrrw x0, csr, rs1): writes, does not read */
    SV_OP_RW,
    SV_OP_RS,
    SV_OP_RC,
    SV_OP_RWI,
    SV_OP_RSI,
    SV_OP_RCI,
};

/* funct3 of each operation, for checking which instruction trapped. */
static inline unsigned sv_csr_op_funct3(int op)
{
    static const unsigned char funct3[] = {
        [SV_OP_R] = 2,  [SV_OP_W] = 1,   [SV_OP_RW] = 1,  [SV_OP_RS] = 2,
        [SV_OP_RC] = 3, [SV_OP_RWI] = 5, [SV_OP_RSI] = 6, [SV_OP_RCI] = 7,
    };
    return funct3[op];
}

static inline const char *sv_csr_op_name(int op)
{
    static const char *const names[] = {
        [SV_OP_R] = "csrr",     [SV_OP_W] = "csrw",     [SV_OP_RW] = "csrrw",
        [SV_OP_RS] = "csrrs",   [SV_OP_RC] = "csrrc",   [SV_OP_RWI] = "csrrwi",
        [SV_OP_RSI] = "csrrsi", [SV_OP_RCI] = "csrrci",
    };
    return names[op];
}

/* X(i, args...) for i = 0..31. */
// clang-format off
#define SV_REP8_(X, b, ...)                                                   \
    X(b + 0, __VA_ARGS__) X(b + 1, __VA_ARGS__) X(b + 2, __VA_ARGS__)         \
    X(b + 3, __VA_ARGS__) X(b + 4, __VA_ARGS__) X(b + 5, __VA_ARGS__)         \
    X(b + 6, __VA_ARGS__) X(b + 7, __VA_ARGS__)
#define SV_REP32_(X, ...)                                                     \
    SV_REP8_(X, 0, __VA_ARGS__) SV_REP8_(X, 8, __VA_ARGS__)                   \
    SV_REP8_(X, 16, __VA_ARGS__) SV_REP8_(X, 24, __VA_ARGS__)
// clang-format on

#define SV_CSR_OP(csr, op, operand) SV_CSR_OP_(csr, op, operand, 0, SV_NO_PIN_)
#define SV_CSR_OP_PIN(csr, op, operand, pin)                                   \
    SV_CSR_OP_(csr, op, operand, pin, SV_PIN_, "r"(sv_pa5_), "r"(sv_pt6_))

#define SV_NO_PIN_
#define SV_PIN_                                                                \
    register uint64_t sv_pa5_ __asm__("a5") = sv_pin_;                         \
    register uint64_t sv_pt6_ __asm__("t6") = sv_pin_;

/* decl: declarations placed right before each asm; ...: extra inputs. */
#define SV_CSR_OP_(csr, op, operand, pin, decl, ...)                           \
    ({                                                                         \
        uint64_t sv_rd_ = 0, sv_v_ = (operand);                                \
        const uint64_t sv_pin_ SV_UNUSED = (pin);                              \
        switch (op) {                                                          \
        case SV_OP_R: {                                                        \
            decl __asm__ volatile("csrr %0, %1"                                \
                                  : "=r"(sv_rd_)                               \
                                  : "i"(csr), ##__VA_ARGS__                    \
                                  : "memory");                                 \
        } break;                                                               \
        case SV_OP_W: {                                                        \
            decl __asm__ volatile("csrw %0, %1"                                \
                                  :                                            \
                                  : "i"(csr), "r"(sv_v_), ##__VA_ARGS__        \
                                  : "memory");                                 \
        } break;                                                               \
            SV_CSR_OP_RS1_CASE_(SV_OP_RW, "csrrw", csr, decl, ##__VA_ARGS__)   \
            SV_CSR_OP_RS1_CASE_(SV_OP_RS, "csrrs", csr, decl, ##__VA_ARGS__)   \
            SV_CSR_OP_RS1_CASE_(SV_OP_RC, "csrrc", csr, decl, ##__VA_ARGS__)   \
            SV_CSR_OP_IMM_CASE_(SV_OP_RWI, "csrrwi", csr, decl, ##__VA_ARGS__) \
            SV_CSR_OP_IMM_CASE_(SV_OP_RSI, "csrrsi", csr, decl, ##__VA_ARGS__) \
            SV_CSR_OP_IMM_CASE_(SV_OP_RCI, "csrrci", csr, decl, ##__VA_ARGS__) \
        }                                                                      \
        sv_rd_;                                                                \
    })
#define SV_CSR_OP_RS1_CASE_(opc, insn, csr, decl, ...)                         \
    case opc: {                                                                \
        decl __asm__ volatile(insn " %0, %1, %2"                               \
                              : "=r"(sv_rd_)                                   \
                              : "i"(csr), "r"(sv_v_), ##__VA_ARGS__            \
                              : "memory");                                     \
    } break;
#define SV_CSR_OP_IMM_CASE_(opc, insn, csr, decl, ...)                         \
    case opc:                                                                  \
        switch (sv_v_ & 31) {                                                  \
            SV_REP32_(SV_CSR_OP_IMM_ONE_, insn, csr, decl, ##__VA_ARGS__)      \
        }                                                                      \
        break;
#define SV_CSR_OP_IMM_ONE_(i, insn, csr, decl, ...)                            \
    case (i): {                                                                \
        decl __asm__ volatile(insn " %0, %1, %2"                               \
                              : "=r"(sv_rd_)                                   \
                              : "i"(csr), "i"(i), ##__VA_ARGS__                \
                              : "memory");                                     \
    } break;

/* ------------------------------------------------------------ sv.setvl
 * SV_SETVL(vl, n, VLMAX): sv.setvl with rd = the register of `vl`, rs1 =
 * the register of `n`.  Bind them with register variables to choose the
 * registers:  register uint64_t vl __asm__("t0"), n __asm__("a0") = 20;
 * Cases with rd or rs1 = x0 are written as asm with sv_setvl directly.
 */
#define SV_SETVL(vl_out, n_in, vlmax)                                          \
    __asm__ volatile("sv_setvl %0, %1, %2"                                     \
                     : "=r"(vl_out)                                            \
                     : "r"(n_in), "i"(vlmax)                                   \
                     : "memory")

/* Instruction lengths in bytes (§3.1, docs/sv-state.md). */
#define SV_P48_BYTES 6
#define SV_P64_BYTES 8
#define SV_VBLOCK_BYTES(nnn) (10 + 2 * (nnn))
#define SV_VBLOCK2_BYTES(ilen) (12 + 2 * (ilen))

/* ------------------------------------------------------ STATE fields
 * 31:28 rsvd | 27:26 dsvoffs | 25:24 subvl | 23:18 destoffs |
 * 17:12 srcoffs | 11:6 vl | 5:0 maxvl   (§1.6; SVPSTATE has the same
 * layout).  Fields hold the stored values: maxvl = MVL-1, subvl =
 * SUBVL-1; STATE.vl is a register number, SVPSTATE.vl is VL-1.
 */
typedef struct sv_state_fields {
    unsigned maxvl, vl, srcoffs, destoffs, subvl, dsvoffs;
} sv_state_fields;

/* X(field, shift, width) */
#define SV_FOR_EACH_STATE_FIELD(X)                                             \
    X(maxvl, 0, 6)                                                             \
    X(vl, 6, 6)                                                                \
    X(srcoffs, 12, 6)                                                          \
    X(destoffs, 18, 6)                                                         \
    X(subvl, 24, 2)                                                            \
    X(dsvoffs, 26, 2)

#define SV_STATE_RESERVED_MASK 0xF0000000u
#define SV_STATE_FIELDS_MASK 0x0FFFFFFFu
#define SV_FIELD_MASK_(width) ((1u << (width)) - 1)

static inline uint32_t sv_state_pack(sv_state_fields f)
{
    uint32_t word = 0;
#define SV_PACK_(name, shift, width)                                           \
    word |= (f.name & SV_FIELD_MASK_(width)) << (shift);
    SV_FOR_EACH_STATE_FIELD(SV_PACK_)
#undef SV_PACK_
    return word;
}

static inline sv_state_fields sv_state_unpack(uint64_t word)
{
    sv_state_fields f;
#define SV_UNPACK_(name, shift, width)                                         \
    f.name = (unsigned)(word >> (shift)) & SV_FIELD_MASK_(width);
    SV_FOR_EACH_STATE_FIELD(SV_UNPACK_)
#undef SV_UNPACK_
    return f;
}

/* SV_STATE(.maxvl = 7, .vl = 15): a packed STATE word. */
#define SV_STATE(...) sv_state_pack((sv_state_fields){__VA_ARGS__})

/* Shift and mask of one field, for placing values beyond its width. */
#define SV_STATE_SHIFT(field) SV_STATE_SHIFT_##field
#define SV_STATE_SHIFT_maxvl 0
#define SV_STATE_SHIFT_vl 6
#define SV_STATE_SHIFT_srcoffs 12
#define SV_STATE_SHIFT_destoffs 18
#define SV_STATE_SHIFT_subvl 24
#define SV_STATE_SHIFT_dsvoffs 26

/* ------------------------------------------------------ check framework */
static SV_UNUSED unsigned sv_checks, sv_failures;
static SV_UNUSED char sv_context_buf[160];

/* A line printed with each failure until the next sv_context() call. */
static SV_UNUSED __attribute__((format(printf, 1, 2))) void
sv_context(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sv_context_buf, sizeof(sv_context_buf), fmt, ap);
    va_end(ap);
}

static inline void sv_fail_header(const char *file, int line)
{
    sv_failures++;
    printf("FAIL %s:%d", file, line);
    if (sv_context_buf[0]) {
        printf(" [%s]", sv_context_buf);
    }
    printf(": ");
}

static inline bool sv_check_eq(const char *file, int line, const char *expr,
                               uint64_t actual, uint64_t expected)
{
    sv_checks++;
    if (actual == expected) {
        return true;
    }
    sv_fail_header(file, line);
    printf("%s: expected 0x%llx, actual 0x%llx\n", expr,
           (unsigned long long)expected, (unsigned long long)actual);
    return false;
}

static inline void sv_print_state(const char *label, uint64_t w)
{
    sv_state_fields f = sv_state_unpack(w);
    printf("    %s 0x%08llx: maxvl %u vl %u srcoffs %u destoffs %u "
           "subvl %u dsvoffs %u rsvd 0x%llx\n",
           label, (unsigned long long)w, f.maxvl, f.vl, f.srcoffs, f.destoffs,
           f.subvl, f.dsvoffs,
           (unsigned long long)(w & ~(uint64_t)SV_STATE_FIELDS_MASK));
}

static inline bool sv_check_state(const char *file, int line, const char *expr,
                                  uint64_t actual, uint64_t expected)
{
    if (!sv_check_eq(file, line, expr, actual, expected)) {
        sv_print_state("expected", expected);
        sv_print_state("actual  ", actual);
        return false;
    }
    return true;
}

/* CHECK_EQ(actual, expected): compared as uint64_t, printed in hex. */
#define CHECK_EQ(actual, expected)                                             \
    sv_check_eq(__FILE__, __LINE__, #actual, (uint64_t)(actual),               \
                (uint64_t)(expected))
#define CHECK(cond) CHECK_EQ(!!(cond), 1)
/* As CHECK_EQ, and a failure also prints both values' STATE fields. */
#define CHECK_STATE(actual, expected)                                          \
    sv_check_state(__FILE__, __LINE__, #actual, (uint64_t)(actual),            \
                   (uint64_t)(expected))

/* Prints "name: N checks, F failures"; the exit status for main. */
static inline int sv_summary(const char *name)
{
    printf("%s: %u checks, %u failures\n", name, sv_checks, sv_failures);
    fflush(stdout);
    return sv_failures == 0 && sv_checks > 0 ? 0 : 1;
}

/* ---------------------------------------------------------- trap catcher
 * One trap at a time is expected between sv_trap_arm_*() and
 * sv_trap_take().  An unexpected signal ends the program with status 3.
 */
typedef struct sv_trap {
    int signo;     /* 0: nothing trapped */
    int code;      /* si_code */
    uint64_t pc;   /* uc_mcontext pc at the trap */
    uint64_t addr; /* si_addr */
    uint32_t insn; /* SIGILL only: the first 2 or 4 bytes at pc */
} sv_trap;

enum { SV_RESUME_SKIP = 1, SV_RESUME_JUMP = 2 };

static SV_UNUSED struct {
    volatile int mode;       /* 0: not armed */
    volatile unsigned skip;  /* SV_RESUME_SKIP: bytes to skip */
    volatile unsigned count; /* traps since arming */
    sv_trap last;
    sigjmp_buf env;
} sv_trap_ctl;

static inline void sv_trap_die(const char *what, int sig, uint64_t pc)
{
    char buf[128];
    int n = snprintf(buf, sizeof(buf), "%s: signal %d at pc 0x%llx\n", what,
                     sig, (unsigned long long)pc);
    if (write(STDOUT_FILENO, buf, n) < 0) {
        /* nothing more to do */
    }
    _exit(3);
}

static SV_UNUSED void sv_trap_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    uint64_t pc = uc->uc_mcontext.__gregs[REG_PC];

    if (!sv_trap_ctl.mode) {
        sv_trap_die("unexpected trap", sig, pc);
    }
    if (++sv_trap_ctl.count > 1) {
        sv_trap_die("second trap while armed", sig, pc);
    }
    sv_trap_ctl.last.signo = sig;
    sv_trap_ctl.last.code = si->si_code;
    sv_trap_ctl.last.pc = pc;
    sv_trap_ctl.last.addr = (uint64_t)(uintptr_t)si->si_addr;
    sv_trap_ctl.last.insn = 0;
    if (sig == SIGILL) {
        /* The emulator fetched at least these bytes to decide SIGILL. */
        const uint16_t *p = (const uint16_t *)(uintptr_t)pc;
        uint32_t insn = p[0];
        if ((insn & 3) == 3) {
            insn |= (uint32_t)p[1] << 16;
        }
        sv_trap_ctl.last.insn = insn;
    }
    if (sv_trap_ctl.mode == SV_RESUME_SKIP) {
        uc->uc_mcontext.__gregs[REG_PC] = pc + sv_trap_ctl.skip;
        return;
    }
    siglongjmp(sv_trap_ctl.env, 1);
}

/* Installs the handler for SIGILL, SIGSEGV and SIGBUS; call it first. */
static inline void sv_trap_install(void)
{
    static const int sigs[] = {SIGILL, SIGSEGV, SIGBUS};
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = sv_trap_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        if (sigaction(sigs[i], &sa, NULL) != 0) {
            perror("sigaction");
            _exit(2);
        }
    }
}

static inline void sv_trap_arm_(int mode, unsigned skip)
{
    memset(&sv_trap_ctl.last, 0, sizeof(sv_trap_ctl.last));
    sv_trap_ctl.count = 0;
    sv_trap_ctl.skip = skip;
    __asm__ volatile("" ::: "memory");
    sv_trap_ctl.mode = mode;
    __asm__ volatile("" ::: "memory");
}

/* Disarms and returns what trapped since arming (signo 0: nothing). */
static inline sv_trap sv_trap_take(void)
{
    __asm__ volatile("" ::: "memory");
    sv_trap_ctl.mode = 0;
    __asm__ volatile("" ::: "memory");
    return sv_trap_ctl.last;
}

/*
 * SV_TRY_SKIP(trap, len, stmt): runs stmt; a trap in it resumes `len`
 * bytes after the faulting pc (so stmt should be asm whose faulting
 * instruction is len bytes long).  trap receives what happened.
 */
#define SV_TRY_SKIP(trap, len, stmt)                                           \
    do {                                                                       \
        sv_trap_arm_(SV_RESUME_SKIP, (len));                                   \
        stmt;                                                                  \
        (trap) = sv_trap_take();                                               \
    } while (0)

/*
 * SV_TRY_JUMP(trap, stmt): runs stmt; a trap siglongjmps back here, so
 * locals changed by stmt must be volatile.
 */
#define SV_TRY_JUMP(trap, stmt)                                                \
    do {                                                                       \
        sv_trap_arm_(SV_RESUME_JUMP, 0);                                       \
        if (sigsetjmp(sv_trap_ctl.env, 1) == 0) {                              \
            stmt;                                                              \
        }                                                                      \
        (trap) = sv_trap_take();                                               \
    } while (0)

/* EXPECT_SIGILL(stmt): counts a check that stmt raised SIGILL. */
#define EXPECT_SIGILL(stmt)                                                    \
    ({                                                                         \
        sv_trap sv_t_;                                                         \
        SV_TRY_JUMP(sv_t_, stmt);                                              \
        CHECK_EQ(sv_t_.signo, SIGILL);                                         \
        sv_t_;                                                                 \
    })

/* Checks that a SIGILL came from the CSR instruction csr/op. */
static inline void sv_check_csr_trap(const char *file, int line,
                                     const sv_trap *t, unsigned csr, int op)
{
    const uint32_t insn = t->insn;
    sv_check_eq(file, line, "trap.signo", t->signo, SIGILL);
    sv_check_eq(file, line, "trapped insn opcode", insn & 0x7f, 0x73);
    sv_check_eq(file, line, "trapped insn funct3", (insn >> 12) & 7,
                sv_csr_op_funct3(op));
    sv_check_eq(file, line, "trapped insn csr", insn >> 20, csr);
}

/* ------------------------------------------------- table-driven CSR tests
 * Each row: optionally preset STATE, then one CSR access with a5 (x15)
 * and t6 (x31) holding `pin` (STATE.vl may name either), then checks.
 * Rows run in order, each on the state the previous one left.
 */
#define SV_ANY UINT64_MAX  /* expectation not checked */
#define SV_KEEP UINT64_MAX /* preset_state: leave STATE alone */

typedef struct sv_csr_case {
    const char *what;
    uint64_t preset_state; /* written to STATE first unless SV_KEEP */
    uint64_t pin;          /* contents of x15 and x31 during the rows */
    int op;
    uint64_t operand; /* rs1 value, or uimm for the *I forms */
    int sig;          /* 0 or SIGILL */
    uint64_t rd;      /* expected rd when no trap, or SV_ANY */
    uint64_t value;   /* expected csrr of the CSR afterwards */
    uint64_t state;   /* expected STATE afterwards */
} sv_csr_case;

#define SV_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Runs cases[0..n-1] against the CSR csr (a constant). */
#define SV_RUN_CSR_CASES(csr, cases, n)                                        \
    do {                                                                       \
        for (size_t sv_i_ = 0; sv_i_ < (n); sv_i_++) {                         \
            const sv_csr_case *c_ = &(cases)[sv_i_];                           \
            sv_trap t_;                                                        \
            uint64_t rd_;                                                      \
            sv_context("%s #%zu %s: %s 0x%x, 0x%llx", #cases, sv_i_, c_->what, \
                       sv_csr_op_name(c_->op), (unsigned)(csr),                \
                       (unsigned long long)c_->operand);                       \
            if (c_->preset_state != SV_KEEP) {                                 \
                SV_TRY_SKIP(t_, 4,                                             \
                            SV_CSR_OP_PIN(SV_CSR_STATE, SV_OP_W,               \
                                          c_->preset_state, c_->pin));         \
                CHECK_EQ(t_.signo, 0);                                         \
            }                                                                  \
            SV_TRY_SKIP(t_, 4,                                                 \
                        rd_ =                                                  \
                            SV_CSR_OP_PIN(csr, c_->op, c_->operand, c_->pin)); \
            if (c_->sig) {                                                     \
                sv_check_csr_trap(__FILE__, __LINE__, &t_, (csr), c_->op);     \
            } else {                                                           \
                CHECK_EQ(t_.signo, 0);                                         \
                if (c_->rd != SV_ANY) {                                        \
                    CHECK_EQ(rd_, c_->rd);                                     \
                }                                                              \
            }                                                                  \
            if (c_->value != SV_ANY) {                                         \
                CHECK_EQ(SV_CSRR(csr), c_->value);                             \
            }                                                                  \
            if (c_->state != SV_ANY) {                                         \
                CHECK_STATE(SV_CSRR(SV_CSR_STATE), c_->state);                 \
            }                                                                  \
        }                                                                      \
        sv_context("%s", "");                                                  \
    } while (0)

/* ------------------------------------------------- code across two pages
 * For fetch tests: copies `len` bytes of code so that the last
 * `on_page2` of them lie on the second of two fresh pages, appends a
 * `ret` (where it fits), makes page 1 executable and page 2 `prot2`
 * (PROT_READ|PROT_EXEC or PROT_NONE), calls the code and catches a trap
 * by siglongjmp.  *start gets the code address, *boundary the page 2
 * address.  Returns the trap (signo 0 if the code returned).
 */
__asm__(".pushsection .text\n"
        "sv_ret_template:\n"
        "    ret\n"
        "sv_ret_template_end:\n"
        ".popsection\n");
extern const char sv_ret_template[] __asm__("sv_ret_template");
extern const char sv_ret_template_end[] __asm__("sv_ret_template_end");

static inline sv_trap sv_run_across_pages(const void *code, size_t len,
                                          size_t on_page2, int prot2,
                                          uint64_t *start, uint64_t *boundary)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        perror("mmap");
        _exit(2);
    }
    char *code_at = map + page - (len - on_page2);
    const size_t ret_len = (size_t)(sv_ret_template_end - sv_ret_template);
    memcpy(code_at, code, len);
    memcpy(code_at + len, sv_ret_template, ret_len);
    __builtin___clear_cache(code_at, code_at + len + ret_len);
    if (mprotect(map, page, PROT_READ | PROT_EXEC) != 0 ||
        mprotect(map + page, page, prot2) != 0) {
        perror("mprotect");
        _exit(2);
    }
    *start = (uintptr_t)code_at;
    *boundary = (uintptr_t)(map + page);

    void (*volatile fn)(void) = (void (*)(void))(uintptr_t)code_at;
    sv_trap t;
    SV_TRY_JUMP(t, fn());
    munmap(map, 2 * page);
    return t;
}

/* ------------------------------------------------------ VBLOCK harness
 * A test block is a function built from asm text:
 *
 *   SV_BLOCK_FN(blk_add8,
 *       "sv_vblock_begin\n"
 *       "sv_reg16 key=a0, regidx=a0, vew=1\n"
 *       "sv_ops\n"
 *       "add a0, a0, a0\n"
 *       "sv_vblock_end\n")
 *
 * defines void blk_add8(sv_regs *) (sv.inc sv_regs_enter/leave around
 * the text).  sv_exec() runs one with a whole register file: x0..x127
 * and f0..f127 (x32.. and f32.. go in and out through the SV record of
 * a SIGUSR1 frame, docs/sv-state.md), STATE and fcsr.  x2..x4 (sp, gp,
 * tp) are not loaded; out->x[2..4] are copies of in's.  A trap in the
 * block (SIGILL, SIGSEGV...) is caught by siglongjmp and returned; the
 * outputs then hold the inputs, except x32..x127/f32..f127 (read live).
 * A label right after sv_vblock_end in the text is "outside the block,
 * still inside the function".
 */
typedef struct sv_regs {
    uint64_t x[32];
    uint64_t f[32];
    uint64_t state, fcsr;                     /* in */
    uint64_t state_out, pcvblk_out, fcsr_out; /* out */
} sv_regs;
_Static_assert(sizeof(sv_regs) == 552, "sv_regs layout (sv.inc)");

#define SV_BLOCK_FN(name, ...)                                                 \
    __asm__(".pushsection .text\n"                                             \
            ".balign 4\n"                                                      \
            ".type " #name ", @function\n" #name ":\n"                         \
            "sv_regs_enter\n" __VA_ARGS__ "\n"                                 \
            "sv_regs_leave\n"                                                  \
            ".size " #name ", . - " #name "\n"                                 \
            ".popsection\n");                                                  \
    void name(sv_regs *) __asm__(#name);

typedef struct sv_machine {
    uint64_t x[128];
    uint64_t f[128];
    uint64_t state; /* in: STATE before the block; out: after */
    uint64_t fcsr;
    uint64_t pcvblk; /* out: PCVBLK after the block */
} sv_machine;

typedef struct sv_hiregs {
    uint64_t x[96], f[96]; /* x32..x127, f32..f127 */
} sv_hiregs;

static SV_UNUSED sv_hiregs *volatile sv_hi_buf;
static SV_UNUSED volatile int sv_hi_write, sv_hi_found;

/* The SV record of a signal frame (docs/sv-state.md), or NULL. */
static inline uint8_t *sv_frame_record(ucontext_t *uc)
{
    uint8_t *hdr = (uint8_t *)&uc->uc_mcontext.__fpregs + 520;
    for (int n = 0; n < 8; n++) {
        uint32_t magic, size;
        memcpy(&magic, hdr, 4);
        memcpy(&size, hdr + 4, 4);
        if (magic == 0x53560001u) {
            return hdr;
        }
        if (magic == 0 || size < 8) {
            return NULL;
        }
        hdr += size;
    }
    return NULL;
}

static SV_UNUSED void sv_hi_handler(int sig, siginfo_t *si, void *ctx)
{
    uint8_t *rec = sv_frame_record(ctx);
    (void)sig;
    (void)si;
    sv_hi_found = rec != NULL;
    if (!rec) {
        return;
    }
    if (sv_hi_write) {
        memcpy(rec + 24, sv_hi_buf->x, sizeof(sv_hi_buf->x));
        memcpy(rec + 792, sv_hi_buf->f, sizeof(sv_hi_buf->f));
    } else {
        memcpy(sv_hi_buf->x, rec + 24, sizeof(sv_hi_buf->x));
        memcpy(sv_hi_buf->f, rec + 792, sizeof(sv_hi_buf->f));
    }
}

/* Reads (write = 0) or sets x32..x127, f32..f127 through a SIGUSR1. */
static inline bool sv_hi_access(sv_hiregs *h, int write)
{
    static bool installed;
    if (!installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_sigaction = sv_hi_handler;
        sa.sa_flags = SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGUSR1, &sa, NULL) != 0) {
            perror("sigaction");
            _exit(2);
        }
        installed = true;
    }
    sv_hi_buf = h;
    sv_hi_write = write;
    sv_hi_found = 0;
    raise(SIGUSR1);
    return sv_hi_found;
}

/* A machine with every register holding a distinct pattern. */
static inline void sv_machine_fill(sv_machine *m, uint64_t seed)
{
    memset(m, 0, sizeof(*m));
    for (int i = 1; i < 128; i++) {
        uint64_t v = (seed + (uint64_t)i) * 0x9E3779B97F4A7C15ull;
        m->x[i] = v ^ (v >> 29);
        m->f[i] = ~m->x[i] * 3;
    }
    m->f[0] = 0x0123456789abcdefull;
}

static inline sv_trap sv_exec(void (*fn)(sv_regs *), const sv_machine *in,
                              sv_machine *out)
{
    static sv_regs r;
    static sv_hiregs hi;
    sv_trap t;

    memset(&r, 0, sizeof(r));
    memcpy(r.x, in->x, sizeof(r.x));
    memcpy(r.f, in->f, sizeof(r.f));
    r.x[0] = 0;
    r.state = in->state;
    r.fcsr = in->fcsr;
    memcpy(hi.x, in->x + 32, sizeof(hi.x));
    memcpy(hi.f, in->f + 32, sizeof(hi.f));
    if (!sv_hi_access(&hi, 1)) {
        printf("sv_exec: no SV record in the signal frame\n");
        _exit(2);
    }
    void (*volatile f)(sv_regs *) = fn;
    SV_TRY_JUMP(t, f(&r));
    *out = *in;
    if (t.signo == 0) {
        memcpy(out->x, r.x, sizeof(r.x));
        memcpy(out->f, r.f, sizeof(r.f));
        out->x[2] = in->x[2];
        out->x[3] = in->x[3];
        out->x[4] = in->x[4];
        out->state = r.state_out;
        out->pcvblk = r.pcvblk_out;
        out->fcsr = r.fcsr_out;
    } else {
        out->state = SV_CSRR(SV_CSR_STATE);
        out->pcvblk = SV_CSRR(SV_CSR_PCVBLK);
    }
    sv_hi_access(&hi, 0);
    memcpy(out->x + 32, hi.x, sizeof(hi.x));
    memcpy(out->f + 32, hi.f, sizeof(hi.f));
    /* Leave vectorisation off for the C code that follows. */
    SV_CSRW(SV_CSR_STATE, 0);
    return t;
}

/* Element k of width w (bits) from base register r of a 128-entry file (C6). */
static inline uint64_t sv_elem_get(const uint64_t *file, unsigned r, unsigned k,
                                   unsigned w)
{
    const uint8_t *b = (const uint8_t *)file + 8 * r + k * (w / 8);
    uint64_t v = 0;
    memcpy(&v, b, w / 8);
    return v;
}

static inline void sv_elem_set(uint64_t *file, unsigned r, unsigned k,
                               unsigned w, uint64_t v)
{
    uint8_t *b = (uint8_t *)file + 8 * r + k * (w / 8);
    memcpy(b, &v, w / 8);
}

/* vew field -> element width for integer registers (0 = 64). */
static inline unsigned sv_vew_bits(unsigned vew)
{
    static const unsigned bits[] = {64, 8, 16, 32};
    return bits[vew & 3];
}

static inline uint64_t sv_sext(uint64_t v, unsigned w)
{
    return w >= 64 ? v : (uint64_t)((int64_t)(v << (64 - w)) >> (64 - w));
}

static inline uint64_t sv_zext(uint64_t v, unsigned w)
{
    return w >= 64 ? v : v & ((1ull << w) - 1);
}

/* Compares two machines' x and f files; one check per differing reg. */
static inline void sv_check_files(const char *file, int line,
                                  const sv_machine *got, const sv_machine *want)
{
    bool same = true;
    char what[32];
    for (int i = 0; i < 128; i++) {
        if (got->x[i] != want->x[i]) {
            snprintf(what, sizeof(what), "x%d", i);
            sv_check_eq(file, line, what, got->x[i], want->x[i]);
            same = false;
        }
        if (got->f[i] != want->f[i]) {
            snprintf(what, sizeof(what), "f%d", i);
            sv_check_eq(file, line, what, got->f[i], want->f[i]);
            same = false;
        }
    }
    if (same) {
        sv_checks++;
    }
}
#define CHECK_FILES(got, want) sv_check_files(__FILE__, __LINE__, got, want)

#endif /* SV_TEST_H */
