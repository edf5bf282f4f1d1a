/*
 * signal_frame: the SV record in the signal frame (contract C5,
 * docs/sv-state.md "Signal frames").  The handler finds the record by
 * walking the extension records from uc_mcontext's sc_extdesc, sees the
 * STATE/SVPSTATE set before the signal and PCVBLK 0, and what it writes
 * into the record is what rt_sigreturn restores; a bad record makes
 * rt_sigreturn raise SIGSEGV (checked in forked children).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sv.h"

#include <stddef.h>
#include <sys/resource.h>
#include <sys/wait.h>

/* The record (docs/sv-state.md). */
#define SV_SIG_MAGIC 0x53560001u
#define REC_SIZE 1560u
#define REC_STATE 8
#define REC_SVPSTATE 12
#define REC_PCVBLK 16
#define REC_PAD 20
#define REC_GPR(i) (24 + 8 * ((i)-32))
#define REC_FPR(i) (792 + 8 * ((i)-32))

/* sc_extdesc: u32 reserved at fp + 516, the first header at fp + 520. */
_Static_assert(offsetof(mcontext_t, __fpregs) == 256, "gregs");
_Static_assert(sizeof(union __riscv_mc_fp_state) == 528, "fp state");

static uint8_t *ext_reserved(ucontext_t *uc)
{
    return (uint8_t *)&uc->uc_mcontext.__fpregs + 516;
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static void put32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static void put64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* Walks the records; returns the SV record (checking END after it) or NULL. */
static uint8_t *find_sv_record(ucontext_t *uc)
{
    uint8_t *hdr = ext_reserved(uc) + 4;
    uint8_t *sv = NULL;

    CHECK_EQ(get32(ext_reserved(uc)), 0);
    for (int n = 0; n < 8; n++) {
        uint32_t magic = get32(hdr), size = get32(hdr + 4);
        if (magic == 0) {
            CHECK_EQ(size, 0);
            CHECK(sv != NULL);
            return sv;
        }
        if (!CHECK_EQ(magic, SV_SIG_MAGIC) || !CHECK_EQ(size, REC_SIZE)) {
            return NULL;
        }
        sv = hdr;
        hdr += size;
    }
    CHECK(!"no END record");
    return NULL;
}

/*
 * raise() is declared leaf (it "cannot call back"), so GCC may sink or
 * drop stores to statics around it; the barriers keep the handlers' view.
 */
static void send(int sig)
{
    __asm__ volatile("" ::: "memory");
    raise(sig);
    __asm__ volatile("" ::: "memory");
}

/* What the handlers saw, and what they should do. */
static struct {
    volatile int count;
    uint64_t state, svpstate, pcvblk; /* from the record */
    uint64_t live_state, live_pcvblk; /* csrr in the handler */
    uint64_t x40, f100, x127, f32;    /* from the record */
    bool pattern_ok;                  /* x32..x127/f32..f127 = pattern */
    int action;
    uint64_t new_state;
} seen;

enum {
    ACT_LOOK,        /* only record what the frame holds */
    ACT_SET_STATE,   /* frame STATE := new_state */
    ACT_SET_REGS,    /* frame x32..x127, f32..f127 := pattern */
    ACT_CHECK_REGS,  /* pattern_ok := frame holds the pattern */
    ACT_DROP_RECORD, /* replace the SV record by END */
    ACT_NEST,        /* change live STATE, then raise SIGUSR2 */
};

static uint64_t gpr_pattern(int i)
{
    return 0x5a5a000000000000ull | (uint64_t)i << 8 | 0x11;
}

static uint64_t fpr_pattern(int i)
{
    return 0x3ff0000000000000ull | (uint64_t)i << 16 | 0x22;
}

static void record(ucontext_t *uc)
{
    uint8_t *rec = find_sv_record(uc);

    seen.count++;
    seen.live_state = SV_CSRR(SV_CSR_STATE);
    seen.live_pcvblk = SV_CSRR(SV_CSR_PCVBLK);
    if (!rec) {
        seen.state = seen.svpstate = seen.pcvblk = UINT64_MAX;
        return;
    }
    seen.state = get32(rec + REC_STATE);
    seen.svpstate = get32(rec + REC_SVPSTATE);
    seen.pcvblk = get32(rec + REC_PCVBLK);
    seen.x40 = get64(rec + REC_GPR(40));
    seen.f100 = get64(rec + REC_FPR(100));
    seen.x127 = get64(rec + REC_GPR(127));
    seen.f32 = get64(rec + REC_FPR(32));
    CHECK_EQ(get32(rec + REC_PAD), 0);

    switch (seen.action) {
    case ACT_SET_STATE:
        put32(rec + REC_STATE, (uint32_t)seen.new_state);
        break;
    case ACT_SET_REGS:
        for (int i = 32; i < 128; i++) {
            put64(rec + REC_GPR(i), gpr_pattern(i));
            put64(rec + REC_FPR(i), fpr_pattern(i));
        }
        break;
    case ACT_CHECK_REGS:
        seen.pattern_ok = true;
        for (int i = 32; i < 128; i++) {
            if (get64(rec + REC_GPR(i)) != gpr_pattern(i) ||
                get64(rec + REC_FPR(i)) != fpr_pattern(i)) {
                seen.pattern_ok = false;
            }
        }
        break;
    case ACT_DROP_RECORD:
        put32(rec, 0);
        put32(rec + 4, 0);
        break;
    }
}

static struct {
    uint64_t outer_state, inner_state, inner_seen, after_inner;
    bool inner_found;
} nest;

static void usr2_handler(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    uint8_t *rec = find_sv_record(ctx);

    nest.inner_found = rec != NULL;
    nest.inner_seen = rec ? get32(rec + REC_STATE) : UINT64_MAX;
    /* Clobber the live state; the inner rt_sigreturn restores it. */
    SV_CSRW(SV_CSR_STATE, 0);
}

static void usr1_handler(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    record(ctx);
    if (seen.action == ACT_NEST) {
        SV_CSRW(SV_CSR_STATE, nest.inner_state);
        send(SIGUSR2);
        nest.after_inner = SV_CSRR(SV_CSR_STATE);
    }
}

/* SIGTRAP at an ebreak: record, then resume after it. */
static void trap_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    uint64_t pc = uc->uc_mcontext.__gregs[REG_PC];
    uint16_t parcel = *(const uint16_t *)(uintptr_t)pc;

    (void)sig;
    (void)si;
    record(ctx);
    uc->uc_mcontext.__gregs[REG_PC] = pc + ((parcel & 3) == 3 ? 4 : 2);
}

static void install(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = fn;
    sa.sa_flags = SA_SIGINFO | flags;
    sigemptyset(&sa.sa_mask);
    if (sigaction(sig, &sa, NULL) != 0) {
        perror("sigaction");
        _exit(2);
    }
}

/* MVL 8 (sv.setvl with rd = x0 leaves vectorisation off), SUBVL 3. */
static uint64_t set_state_and_svpstate(uint64_t *svpstate)
{
    __asm__ volatile("sv_setvl zero, zero, 8" ::: "memory");
    SV_CSRW(SV_CSR_SUBVL, 3);
    SV_CSRW(SV_CSR_SVPSTATE, SV_STATE(.maxvl = 5, .vl = 2, .subvl = 1));
    *svpstate = SV_CSRR(SV_CSR_SVPSTATE);
    return SV_CSRR(SV_CSR_STATE);
}

static void reset_sv(void)
{
    SV_CSRW(SV_CSR_STATE, 0);
    SV_CSRW(SV_CSR_SVPSTATE, 0);
}

static void test_state_in_frame(void)
{
    uint64_t svpstate;
    uint64_t state = set_state_and_svpstate(&svpstate);

    sv_context("state in frame");
    CHECK_STATE(state, SV_STATE(.maxvl = 7, .subvl = 2));
    CHECK(svpstate != 0);
    seen.action = ACT_LOOK;
    seen.count = 0;
    send(SIGUSR1);
    CHECK_EQ(seen.count, 1);
    CHECK_STATE(seen.state, state);
    CHECK_STATE(seen.svpstate, svpstate);
    CHECK_EQ(seen.pcvblk, 0);
    /* Live state in the handler: unchanged, PCVBLK 0. */
    CHECK_STATE(seen.live_state, state);
    CHECK_EQ(seen.live_pcvblk, 0);
    /* And after sigreturn. */
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), state);
    CHECK_STATE(SV_CSRR(SV_CSR_SVPSTATE), svpstate);
    CHECK_EQ(SV_CSRR(SV_CSR_PCVBLK), 0);
    /* x32..x127 and f32..f127 are 0 from reset. */
    CHECK_EQ(seen.x40, 0);
    CHECK_EQ(seen.f100, 0);
    reset_sv();
}

/* sv.setvl t0, a0, 8 with a0 = 5: vectorisation on (STATE.vl = x5). */
static void test_setvl_at_trap(void)
{
    sv_context("sv.setvl then ebreak");
    seen.action = ACT_LOOK;
    seen.count = 0;
    __asm__ volatile("li a0, 5\n"
                     "sv_setvl t0, a0, 8\n"
                     "ebreak\n"
                     "csrw 0x803, zero\n" ::
                         : "t0", "a0", "memory");
    CHECK_EQ(seen.count, 1);
    CHECK_STATE(seen.state, SV_STATE(.maxvl = 7, .vl = 5));
    CHECK_STATE(seen.live_state, SV_STATE(.maxvl = 7, .vl = 5));
    CHECK_EQ(seen.pcvblk, 0);
}

static void test_handler_sets_state(void)
{
    const uint64_t want = SV_STATE(.maxvl = 3, .subvl = 1, .dsvoffs = 1);

    sv_context("handler writes STATE");
    reset_sv();
    seen.action = ACT_SET_STATE;
    seen.new_state = want;
    send(SIGUSR1);
    CHECK_STATE(seen.state, 0);
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), want);
    CHECK_EQ(SV_CSRR(SV_CSR_MVL), 4);
    CHECK_EQ(SV_CSRR(SV_CSR_SUBVL), 2);
    reset_sv();
}

/* Handler 1 writes x32..x127/f32..f127; handler 2 sees them in its frame. */
static void test_regs_across_signals(void)
{
    sv_context("x32..x127/f32..f127 across signals");
    seen.action = ACT_SET_REGS;
    send(SIGUSR1);
    seen.action = ACT_CHECK_REGS;
    seen.pattern_ok = false;
    send(SIGUSR1);
    CHECK(seen.pattern_ok);
    CHECK_EQ(seen.x40, gpr_pattern(40));
    CHECK_EQ(seen.f100, fpr_pattern(100));
    CHECK_EQ(seen.x127, gpr_pattern(127));
    CHECK_EQ(seen.f32, fpr_pattern(32));
}

/* A frame whose SV record was replaced by END: the live state stays. */
static void test_dropped_record(void)
{
    const uint64_t want = SV_STATE(.maxvl = 1);

    sv_context("record replaced by END");
    SV_CSRW(SV_CSR_STATE, want);
    seen.action = ACT_DROP_RECORD;
    send(SIGUSR1);
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), want);
    /* The registers still hold what the earlier handler put there. */
    seen.action = ACT_CHECK_REGS;
    send(SIGUSR1);
    CHECK(seen.pattern_ok);
    reset_sv();
}

static void test_nested(void)
{
    sv_context("nested signals");
    nest.outer_state = SV_STATE(.maxvl = 15, .subvl = 3);
    nest.inner_state = SV_STATE(.maxvl = 2);
    SV_CSRW(SV_CSR_STATE, nest.outer_state);
    seen.action = ACT_NEST;
    send(SIGUSR1);
    CHECK_STATE(seen.state, nest.outer_state);
    CHECK(nest.inner_found);
    CHECK_STATE(nest.inner_seen, nest.inner_state);
    CHECK_STATE(nest.after_inner, nest.inner_state);
    CHECK_STATE(SV_CSRR(SV_CSR_STATE), nest.outer_state);
    reset_sv();
}

/* On an alternate stack of SIGSTKSZ: the whole frame fits. */
static void test_altstack(void)
{
    static uint8_t stack[8192] __attribute__((aligned(16)));
    stack_t ss = {.ss_sp = stack, .ss_size = sizeof(stack)};
    uint64_t svpstate;
    uint64_t state;

    sv_context("sigaltstack");
    if (!CHECK_EQ(sigaltstack(&ss, NULL), 0)) {
        return;
    }
    install(SIGUSR1, usr1_handler, SA_ONSTACK);
    state = set_state_and_svpstate(&svpstate);
    seen.action = ACT_LOOK;
    send(SIGUSR1);
    CHECK_STATE(seen.state, state);
    CHECK_STATE(seen.svpstate, svpstate);
    install(SIGUSR1, usr1_handler, 0);
    ss.ss_flags = SS_DISABLE;
    sigaltstack(&ss, NULL);
    reset_sv();
}

/* Corruptions that rt_sigreturn must refuse with SIGSEGV. */
enum {
    BAD_NONE, /* control: the frame is good, the child exits 0 */
    BAD_STATE_RSVD,
    BAD_SVPSTATE_RSVD,
    BAD_SIZE_SMALL,
    BAD_SIZE_LARGE,
    BAD_SIZE_HUGE,
    BAD_MAGIC,
    BAD_END_SIZE,
    BAD_EXT_RESERVED,
    BAD_PAD,
    BAD_COUNT
};

static const char *const bad_names[] = {
    "none (control)", "STATE bit 28", "SVPSTATE bit 31",
    "size - 8",       "size + 8",     "size 0xfffffff8",
    "unknown magic",  "END size 8",   "sc_extdesc.reserved",
    "record pad",
};

static volatile int bad_kind;

static void bad_handler(int sig, siginfo_t *si, void *ctx)
{
    uint8_t *rec = find_sv_record(ctx);

    (void)sig;
    (void)si;
    if (!rec) {
        _exit(10);
    }
    switch (bad_kind) {
    case BAD_STATE_RSVD:
        put32(rec + REC_STATE, get32(rec + REC_STATE) | 1u << 28);
        break;
    case BAD_SVPSTATE_RSVD:
        put32(rec + REC_SVPSTATE, get32(rec + REC_SVPSTATE) | 1u << 31);
        break;
    case BAD_SIZE_SMALL:
        put32(rec + 4, REC_SIZE - 8);
        break;
    case BAD_SIZE_LARGE:
        put32(rec + 4, REC_SIZE + 8);
        break;
    case BAD_SIZE_HUGE:
        put32(rec + 4, 0xfffffff8u);
        break;
    case BAD_MAGIC:
        put32(rec, 0x12345678);
        break;
    case BAD_END_SIZE:
        put32(rec + REC_SIZE + 4, 8);
        break;
    case BAD_EXT_RESERVED:
        put32(ext_reserved(ctx), 1);
        break;
    case BAD_PAD:
        put32(rec + REC_PAD, 1);
        break;
    }
}

static void test_bad_frames(void)
{
    for (int kind = 0; kind < BAD_COUNT; kind++) {
        int status = 0;
        pid_t pid;

        sv_context("bad frame: %s", bad_names[kind]);
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            struct rlimit no_core = {0, 0};
            setrlimit(RLIMIT_CORE, &no_core);
            signal(SIGSEGV, SIG_DFL);
            bad_kind = kind;
            install(SIGUSR1, bad_handler, 0);
            send(SIGUSR1);
            _exit(0); /* rt_sigreturn accepted the frame */
        }
        if (!CHECK(pid > 0)) {
            return;
        }
        CHECK_EQ(waitpid(pid, &status, 0), pid);
        if (kind == BAD_NONE) {
            CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
            continue;
        }
        CHECK(WIFSIGNALED(status));
        CHECK_EQ(WIFSIGNALED(status) ? WTERMSIG(status) : -1, SIGSEGV);
    }
}

int main(void)
{
    install(SIGUSR1, usr1_handler, 0);
    install(SIGUSR2, usr2_handler, 0);
    install(SIGTRAP, trap_handler, 0);

    test_state_in_frame();
    test_setvl_at_trap();
    test_handler_sets_state();
    test_regs_across_signals();
    test_dropped_record();
    test_nested();
    test_altstack();
    test_bad_frames();
    sv_context("%s", "");
    return sv_summary("signal_frame");
}
