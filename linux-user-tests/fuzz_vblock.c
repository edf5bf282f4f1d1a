/*
 * fuzz_vblock: random VBLOCKs through the real qemu-riscv64 (contract C4:
 * a guest signal is fine, a QEMU assert, crash or hang is a bug).
 *
 * Each round writes one random block into an RWX page -- random header
 * bits (VL block, table sizes and entry formats, VBLOCK2), random table
 * bytes and a random opcode area of RVC and RV32 words -- then runs it
 * with every register pointing into a scratch area (filled with pointers
 * into itself, so random loads and stores stay there).  The block ends in
 * C.EBREAK; whatever happens (SIGTRAP, SIGILL, SIGSEGV, SIGBUS, SIGFPE,
 * or SIGALRM for a block that loops on itself) the handler jumps back
 * (fuzz_save below).  The program's own data is read-only while a block
 * runs, so that random stores cannot corrupt the fuzzer.
 *
 *   fuzz_vblock [rounds [seed [digest [alu|fuse|run|fp|shape]]]]
 *                                  default: 20000 rounds, seed 1
 *   fuzz_vblock 1 seed bench MODE VL REPS
 *                                  bench-shapes (below)
 *
 * "alu" generates well-formed blocks of integer ALU opcodes instead
 * (put_alu_block; one in eight without a VL block, on a STATE the round
 * sets: fuzz_state), for the backend-agreement test of the ALU backends;
 * "fuse" load + vector branch pairs (put_fuse_block; one in four that
 * does not loop without a VL block, on a STATE the round sets); "run"
 * unit-stride runs near page ends (put_run_block); "fp" FP element loops over
 * special values under random rounding modes (put_fp_block); "shape"
 * the shapes the fast paths were not built for (put_shape_block: mixed
 * widths with untagged scalars, data-dependent fail-on-first, indexed
 * and strided memory at page edges, twin predication, SUBVL).
 *
 * "bench" (bench/shapes.sh) generates one block of MODE (alu, run, fp,
 * fuse (never its loop form), shape, or one shape kind: mixw ffirst mem
 * twin fpff) from the seed with VL = MVL = VL, runs it REPS times in a
 * loop (s11 counts) and prints "bench mode=... kind=... vl=... ops=...
 * vlend=N result=ok" when the loop ran to its end (vlend: the block's VL
 * register after the last run, below vl when fail-on-first cut it),
 * else the signal, pc and fault address that stopped it.
 *
 * With "digest", each round prints one line "round signal hash": a hash
 * of what the block left -- the signal, its address, the signal
 * context's x0..x31 (pc in x0's place), f0..f31 and fcsr, the frame's SV
 * record (STATE, SVPSTATE, PCVBLK, x32..x127, f32..f127) and the scratch
 * area.  Runs of the same seed under different SV backends (SV_BACKEND,
 * docs/sv-engine.md) must print the same lines, except for rounds that
 * ended by SIGALRM (timing) in either (backends.sh compares them).
 *
 * With "fuse" every block is a unit-stride load (trap-ffirst or not,
 * random width and predicates) followed by a vector branch that reads
 * what it loaded (put_fuse_block), sometimes in a strlen-like loop, over
 * random bytes that end at an unmapped page at a random distance: the
 * pair the translator fuses (docs/sv-engine.md).  fuse.sh compares runs
 * with fusion on (SV_BACKEND=auto) and off (nofuse, general).
 *
 * The generators (put_block and the put_*_block of each mode, shape_regs,
 * fp_value, the PRNG) are in fuzz_gen.h; this file has the harness.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

#include "sv.h"

#include <ucontext.h>

#define CODE_BYTES (2 * 4096)

extern char __data_start[];
#define SCRATCH_BYTES (64 * 1024)

uint64_t fuzz_regs[32];
extern uint64_t fuzz_regs[32];
static unsigned long counts[65];

/*
 * A setjmp of our own: the random code may store anywhere, so the
 * program's data (thread descriptor included) is read-only while a block
 * runs, and glibc's siglongjmp writes the thread descriptor.  fuzz_save()
 * keeps ra, sp, gp, tp and s0..s11 in fuzz_ctx and returns 0; the signal
 * entry restores them and returns the signal number from fuzz_save().
 * Handlers are SA_NODEFER, so there is no signal mask to restore.
 */
uint64_t fuzz_ctx[16];
extern uint64_t fuzz_ctx[16];
int fuzz_save(void) __attribute__((returns_twice));
void fuzz_sig_entry(int sig);
asm(".pushsection .text\n"
    ".option push\n.option norelax\n"
    ".globl fuzz_save\n"
    "fuzz_save:\n"
    "lla t0, fuzz_ctx\n"
    "sd ra, 0(t0)\nsd sp, 8(t0)\nsd gp, 16(t0)\nsd tp, 24(t0)\n"
    "sd s0, 32(t0)\nsd s1, 40(t0)\nsd s2, 48(t0)\nsd s3, 56(t0)\n"
    "sd s4, 64(t0)\nsd s5, 72(t0)\nsd s6, 80(t0)\nsd s7, 88(t0)\n"
    "sd s8, 96(t0)\nsd s9, 104(t0)\nsd s10, 112(t0)\nsd s11, 120(t0)\n"
    "li a0, 0\nret\n"
    ".globl fuzz_sig_entry\n"
    "fuzz_sig_entry:\n"
    "lla t0, fuzz_ctx\n"
    "ld ra, 0(t0)\nld sp, 8(t0)\nld gp, 16(t0)\nld tp, 24(t0)\n"
    "ld s0, 32(t0)\nld s1, 40(t0)\nld s2, 48(t0)\nld s3, 56(t0)\n"
    "ld s4, 64(t0)\nld s5, 72(t0)\nld s6, 80(t0)\nld s7, 88(t0)\n"
    "ld s8, 96(t0)\nld s9, 104(t0)\nld s10, 112(t0)\nld s11, 120(t0)\n"
    "ret\n"
    ".option pop\n"
    ".popsection\n");

/*
 * Resets STATE and PCVBLK, loads x32..x127 from fuzz_hi (scratch
 * pointers: a previous round's leftovers could point anywhere) with two
 * unit-stride SV loads, then x1..x31 from fuzz_regs, and jumps to x31;
 * never returns.
 */
uint64_t fuzz_hi[96];
extern uint64_t fuzz_hi[96];
/* STATE for the round's block (0; alu_block_inherits: fuzz_gen.h). */
uint64_t fuzz_state;
extern uint64_t fuzz_state;
void fuzz_enter(void);
asm(".pushsection .text\n"
    ".globl fuzz_enter\n"
    "fuzz_enter:\n"
    ".option push\n.option norelax\n"
    "csrw 0x803, x0\n"
    "lla t6, fuzz_hi\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=48\n"
    "sv_reg16 key=a0, regidx=32\nsv_ops\nld a0, 0(t6)\nsv_vblock_end\n"
    "addi t6, t6, 384\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=48\n"
    "sv_reg16 key=a0, regidx=80\nsv_ops\nld a0, 0(t6)\nsv_vblock_end\n"
    "lla t6, fuzz_state\n"
    "ld t6, 0(t6)\n"
    "csrw 0x803, t6\n"
    "lla t6, fuzz_regs\n"
    "ld x1, 8(t6)\nld x2, 16(t6)\nld x3, 24(t6)\nld x4, 32(t6)\n"
    "ld x5, 40(t6)\nld x6, 48(t6)\nld x7, 56(t6)\nld x8, 64(t6)\n"
    "ld x9, 72(t6)\nld x10, 80(t6)\nld x11, 88(t6)\nld x12, 96(t6)\n"
    "ld x13, 104(t6)\nld x14, 112(t6)\nld x15, 120(t6)\nld x16, 128(t6)\n"
    "ld x17, 136(t6)\nld x18, 144(t6)\nld x19, 152(t6)\nld x20, 160(t6)\n"
    "ld x21, 168(t6)\nld x22, 176(t6)\nld x23, 184(t6)\nld x24, 192(t6)\n"
    "ld x25, 200(t6)\nld x26, 208(t6)\nld x27, 216(t6)\nld x28, 224(t6)\n"
    "ld x29, 232(t6)\nld x30, 240(t6)\nld x31, 248(t6)\n"
    "jr x31\n"
    ".option pop\n"
    ".popsection\n");

/*
 * Digest mode: the handler hashes the signal context into a page of its
 * own (the program's data is read-only while a block runs) and then
 * leaves as fuzz_sig_entry does.
 */
typedef struct fuzz_digest {
    uint64_t hash;
    /* bench mode: the signal context's x0..x31 (pc in x0's place) */
    uint64_t regs[32], addr;
} fuzz_digest;
static fuzz_digest *digest_page;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * 0x100000001b3ull;
    }
    return h;
}

void fuzz_digest_handler(int sig, siginfo_t *si, void *ctx);
void fuzz_digest_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    uint64_t h = 0xcbf29ce484222325ull;
    uint8_t *rec = sv_frame_record(uc);
    uint64_t addr = (uint64_t)(uintptr_t)si->si_addr;

    h = fnv(h, &sig, sizeof(sig));
    if (sig == SIGSEGV || sig == SIGBUS) {
        h = fnv(h, &addr, sizeof(addr));
    }
    h = fnv(h, uc->uc_mcontext.__gregs, sizeof(uc->uc_mcontext.__gregs));
    /* f0..f31 and fcsr, not the structure's padding (never written). */
    h = fnv(h, uc->uc_mcontext.__fpregs.__d.__f,
            sizeof(uc->uc_mcontext.__fpregs.__d.__f));
    h = fnv(h, &uc->uc_mcontext.__fpregs.__d.__fcsr,
            sizeof(uc->uc_mcontext.__fpregs.__d.__fcsr));
    if (rec) {
        h = fnv(h, rec + 8, 1560 - 8);
    }
    digest_page->hash = h;
    memcpy(digest_page->regs, uc->uc_mcontext.__gregs,
           sizeof(digest_page->regs));
    digest_page->addr = addr;
    fuzz_sig_entry(sig);
}

/* The random block may have changed gp and tp, which the C handler
 * needs: the entry restores them (as fuzz_sig_entry does) first. */
void fuzz_digest_entry(int sig, siginfo_t *si, void *ctx);
asm(".pushsection .text\n"
    ".option push\n.option norelax\n"
    "fuzz_digest_entry:\n"
    "lla t0, fuzz_ctx\n"
    "ld gp, 16(t0)\nld tp, 24(t0)\n"
    "j fuzz_digest_handler\n"
    ".option pop\n"
    ".popsection\n");

/* The scratch area, a word at a time (it is large). */
static uint64_t fnv_words(uint64_t h, const uint64_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h = (h ^ w[i]) * 0x100000001b3ull;
    }
    return h;
}

/*
 * The program's mappings, at fixed addresses in digest mode: the random
 * registers hold pointers into them, so two runs can only be compared
 * when they land at the same place.
 */
static int digest_fixed;
static void *fuzz_map(uintptr_t fixed, size_t len, int prot)
{
    int flags = MAP_PRIVATE | MAP_ANONYMOUS;
    if (digest_fixed) {
        flags |= MAP_FIXED_NOREPLACE;
    }
    return mmap(digest_fixed ? (void *)fixed : NULL, len, prot, flags, -1, 0);
}

/*
 * Digest mode: also zero SVPSTATE, fcsr and f0..f127 before a round
 * (fuzz_enter only sets STATE and the integer registers), so that what a
 * round leaves depends
 * on that round alone: a round cut short by SIGALRM must not change the
 * next ones.
 */
uint64_t fuzz_zero[48];
extern uint64_t fuzz_zero[48];
void fuzz_enter_clean(void);
asm(".pushsection .text\n"
    ".globl fuzz_enter_clean\n"
    "fuzz_enter_clean:\n"
    ".option push\n.option norelax\n"
    "csrw 0x803, x0\n"
    "csrw 0x804, x0\n"
    "csrw fcsr, x0\n"
    "lla t6, fuzz_zero\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=32\n"
    "sv_reg16 key=10, regidx=0, int=0\nsv_ops\nfld f10, 0(t6)\n"
    "sv_vblock_end\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=48\n"
    "sv_reg16 key=10, regidx=32, int=0\nsv_ops\nfld f10, 0(t6)\n"
    "sv_vblock_end\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=48\n"
    "sv_reg16 key=10, regidx=80, int=0\nsv_ops\nfld f10, 0(t6)\n"
    "sv_vblock_end\n"
    "j fuzz_enter\n"
    ".option pop\n"
    ".popsection\n");

/*
 * "fp" mode: as fuzz_enter_clean, but f0..f127 from fuzz_fp and fcsr
 * from fuzz_fcsr (random rounding mode and flags) instead of zeros.
 */
uint64_t fuzz_fp[128];
extern uint64_t fuzz_fp[128];
uint64_t fuzz_fcsr;
extern uint64_t fuzz_fcsr;
void fuzz_enter_fp(void);
asm(".pushsection .text\n"
    ".globl fuzz_enter_fp\n"
    "fuzz_enter_fp:\n"
    ".option push\n.option norelax\n"
    "csrw 0x803, x0\n"
    "csrw 0x804, x0\n"
    "lla t6, fuzz_fp\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=64\n"
    "sv_reg16 key=10, regidx=0, int=0\nsv_ops\nfld f10, 0(t6)\n"
    "sv_vblock_end\n"
    "sv_vblock_begin\nsv_vl_rd rd=t5, vlmax=64\n"
    "sv_reg16 key=10, regidx=64, int=0\nsv_ops\nfld f10, 512(t6)\n"
    "sv_vblock_end\n"
    "lla t6, fuzz_fcsr\n"
    "ld t6, 0(t6)\n"
    "csrw fcsr, t6\n"
    "j fuzz_enter\n"
    ".option pop\n"
    ".popsection\n");

#include "fuzz_gen.h"

/*
 * bench mode: a short name for each opcode of the generated blocks, so
 * that bench-shapes can say which shape was dearest.
 */
static const char *op_name(const uint8_t *p, unsigned *len)
{
    static const char *const ld[8] = {"lb",  "lh",  "lw",  "ld",
                                      "lbu", "lhu", "lwu", "l?"};
    static const char *const st[8] = {"sb", "sh", "sw", "sd",
                                      "s?", "s?", "s?", "s?"};
    static const char *const opi[8] = {"addi", "slli", "slti", "sltiu",
                                       "xori", "srli", "ori",  "andi"};
    static const char *const op[8] = {"add", "sll", "slt", "sltu",
                                      "xor", "srl", "or",  "and"};
    static const char *const mul[8] = {"mul", "mulh", "mulhsu", "mulhu",
                                       "div", "divu", "rem",    "remu"};
    static const char *const op32[8] = {"addw", "sllw", "w?",   "w?",
                                        "divw", "srlw", "remw", "remuw"};
    static const char *const br[8] = {"beq", "bne", "b?",   "b?",
                                      "blt", "bge", "bltu", "bgeu"};
    static const char *const fp[32] = {
        "fadd",   "fsub",    "fmul", "fdiv",    "fsgnj", "fminmax", "f?",
        "f?",     "fcvt.ff", "f?",   "f?",      "fsqrt", "f?",      "f?",
        "f?",     "f?",      "f?",   "f?",      "f?",    "f?",      "fcmp",
        "f?",     "f?",      "f?",   "fcvt.if", "f?",    "fcvt.fi", "f?",
        "fclass", "f?",      "fmv",  "f?"};
    uint16_t h;
    uint32_t w;
    unsigned f3, f7;

    memcpy(&h, p, 2);
    if ((h & 3) != 3) {
        *len = 2;
        return (h & 0xf003) == 0x8002   ? "c.mv"
               : (h & 0xf003) == 0x9002 ? "c.add"
                                        : "c.?";
    }
    *len = 4;
    memcpy(&w, p, 4);
    f3 = w >> 12 & 7, f7 = w >> 25;
    switch (w & 0x7f) {
    case 0x03:
        return ld[f3];
    case 0x23:
        return st[f3];
    case 0x07:
        return f3 == 2 ? "flw" : f3 == 3 ? "fld" : "fl?";
    case 0x27:
        return f3 == 2 ? "fsw" : f3 == 3 ? "fsd" : "fs?";
    case 0x13:
        return f3 == 5 && w >> 30 ? "srai" : opi[f3];
    case 0x1b:
        return f3 == 0   ? "addiw"
               : f3 == 1 ? "slliw"
               : w >> 30 ? "sraiw"
                         : "srliw";
    case 0x33:
        return f7 == 1      ? mul[f3]
               : f7 == 0x20 ? (f3 == 0 ? "sub" : "sra")
                            : op[f3];
    case 0x3b:
        return f7 == 1      ? (f3 == 0 ? "mulw" : op32[f3])
               : f7 == 0x20 ? (f3 == 0 ? "subw" : "sraw")
                            : op32[f3];
    case 0x43:
    case 0x47:
    case 0x4b:
    case 0x4f:
        return "fmadd*";
    case 0x53:
        return fp[f7 >> 2];
    case 0x63:
        return br[f3];
    case 0x2f:
        return f3 == 2 ? "amo.w" : f3 == 3 ? "amo.d" : "amo?";
    default:
        return "?";
    }
}

/*
 * bench mode: the block's VL block and opcodes, as bench-shapes reports
 * them: "kind=K len=BYTES vl=N subvl=S vlmode=M ops=a,b,c" (vlmode 3:
 * no VL block).
 */
/* The register of the block's VL block (mode 0: rd), else x0. */
static unsigned bench_vl_reg(const uint8_t *code)
{
    uint16_t hdr, v;

    memcpy(&hdr, code, 2);
    memcpy(&v, code + ((hdr >> 12 & 7) == 7 ? 4 : 2), 2);
    return hdr >> 15 && v >> 14 == 0 ? v & 31 : 0;
}

/* the block's length and the loop's end (C.EBREAK) from the block,
 * kept across fuzz_save() */
static unsigned bench_len, bench_end;
static void bench_describe(const uint8_t *code, unsigned len, const char *kind)
{
    static const unsigned r16[4] = {0, 1, 2, 4}, r8[4] = {0, 2, 4, 8};
    uint16_t hdr, v = 0;
    unsigned off, rplen, nreg, npred, ilen;

    memcpy(&hdr, code, 2);
    rplen = hdr >> 10 & 3;
    nreg = hdr >> 7 & 1 ? r16[rplen] : r8[rplen];
    npred = hdr >> 9 & 1 ? nreg : (nreg + 1) / 2;
    off = (hdr >> 12 & 7) == 7 ? 4 : 2;
    if (hdr >> 15) {
        memcpy(&v, code + off, 2);
        off += 2;
    }
    off += nreg * (hdr >> 7 & 1 ? 2 : 1);
    off = (off + 1) & ~1u;
    off += npred * (hdr >> 8 & 1 ? 2 : 1);
    off = (off + 1) & ~1u;
    printf("kind=%s len=%u vl=%u subvl=%u vlmode=%u ops=", kind, len,
           hdr >> 15 ? (v >> 6 & 63) + 1 : 1, hdr >> 15 ? (v >> 12 & 3) + 1 : 1,
           hdr >> 15 ? v >> 14 : 3);
    for (const char *sep = ""; off < len; off += ilen, sep = ",") {
        printf("%s%s", sep, op_name(code + off, &ilen));
    }
}

int main(int argc, char **argv)
{
    /* fuzz_vblock 1 SEED bench MODE VL REPS (bench-shapes) */
    int bench = argc == 7 && strcmp(argv[3], "bench") == 0;
    unsigned long rounds = bench      ? 1
                           : argc > 1 ? strtoul(argv[1], NULL, 0)
                                      : 20000;
    int digest = digest_fixed =
        bench || (argc > 3 && strcmp(argv[3], "digest") == 0);
    int fuse = argc > 4 && strcmp(argv[4], "fuse") == 0;
    unsigned long reps = bench ? strtoul(argv[6], NULL, 0) : 0;
    const char *kind_name = argc > 4 ? argv[4] : "";

    alu_mode = argc > 4 && strcmp(argv[4], "alu") == 0;
    alu_inherit = alu_mode && !bench;
    run_mode = argc > 4 && strcmp(argv[4], "run") == 0;
    fp_mode = argc > 4 && strcmp(argv[4], "fp") == 0;
    shape_mode = argc > 4 && strcmp(argv[4], "shape") == 0;
    for (int k = 0; argc > 4 && k < 5; k++) {
        if (strcmp(argv[4], shape_kinds[k]) == 0) {
            shape_mode = 1;
            shape_force_kind = k;
        }
    }
    if (bench) {
        force_vlmax = (unsigned)strtoul(argv[5], NULL, 0);
        if (force_vlmax < 1 || force_vlmax > 64 ||
            !(alu_mode || run_mode || fp_mode || shape_mode || fuse)) {
            fprintf(stderr, "fuzz_vblock: bench MODE VL REPS: MODE alu, run, "
                            "fp, fuse, shape or a shape kind; VL 1..64\n");
            return 2;
        }
    }
    uint8_t *code, *scratch;
    /*
     * The signal stack is mmapped high: a random LUI into sp could land
     * in .bss, and a handler "already on" a too-small alternate stack
     * gets SIGSEGV (Linux and QEMU alike).
     */
    char *reserve = fuzz_map(0x2000400000ull, 4 << 20, PROT_NONE);
    /* ...and far from the scratch area, whose pointers random code moves
     * around: a handler whose sp is already on a stack too small for its
     * frame gets SIGSEGV. */
    char *altstack = reserve + (2 << 20);
    mprotect(altstack, 256 * 1024, PROT_READ | PROT_WRITE);
    stack_t ss = {.ss_sp = altstack, .ss_size = 256 * 1024};
    struct sigaction sa;
    const int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP, SIGALRM};

    rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    /* .data, .bss and the brk heap (stdio buffers, the TLS block). */
    if ((argc > 3 && !digest) || (argc > 4 && !fuse && !alu_mode && !run_mode &&
                                  !fp_mode && !shape_mode)) {
        fprintf(stderr, "fuzz_vblock: arguments 3 and 4 must be 'digest' "
                        "and 'alu', 'fuse', 'run', 'fp', 'shape' or a shape "
                        "kind (mixw ffirst mem twin fpff)\n");
        return 2;
    }
    printf("fuzz_vblock: %lu rounds, seed %llu\n", rounds,
           (unsigned long long)rng);
    fflush(stdout);
    char *data_lo = (char *)((uintptr_t)__data_start & ~(uintptr_t)4095);
    char *data_hi = (char *)(((uintptr_t)sbrk(0) + 4095) & ~(uintptr_t)4095);
    code = fuzz_map(0x2000000000ull, CODE_BYTES,
                    PROT_READ | PROT_WRITE | PROT_EXEC);
    scratch = fuzz_map(0x2000100000ull, SCRATCH_BYTES, PROT_READ | PROT_WRITE);
    digest_page = fuzz_map(0x2000900000ull, 4096, PROT_READ | PROT_WRITE);
    if (fuse) {
        /* the random bytes, then an unmapped page */
        fuse_buf = fuzz_map(0x2000a00000ull, FUSE_BYTES + 4096,
                            PROT_READ | PROT_WRITE);
        if (fuse_buf == MAP_FAILED || munmap(fuse_buf + FUSE_BYTES, 4096)) {
            perror("mmap");
            return 2;
        }
    }
    if (run_mode || shape_mode || !(alu_mode || fp_mode || fuse)) {
        /* RW RW (unmapped) RO RW (shape blocks in the default mode too) */
        run_buf =
            fuzz_map(0x2000c00000ull, RUN_PAGES * 4096, PROT_READ | PROT_WRITE);
        if (run_buf == MAP_FAILED ||
            mprotect(run_buf + 2 * 4096, 4096, PROT_NONE) ||
            mprotect(run_buf + 3 * 4096, 4096, PROT_READ)) {
            perror("mmap");
            return 2;
        }
    }
    if (code == MAP_FAILED || scratch == MAP_FAILED ||
        digest_page == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    uint64_t saved_gp, saved_tp;
    asm volatile("mv %0, gp" : "=r"(saved_gp));
    asm volatile("mv %0, tp" : "=r"(saved_tp));
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    if (digest) {
        sa.sa_sigaction = fuzz_digest_entry;
        sa.sa_flags = SA_ONSTACK | SA_NODEFER | SA_SIGINFO;
    } else {
        sa.sa_handler = fuzz_sig_entry;
        sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    }
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        sigaction(sigs[i], &sa, NULL);
    }

    for (unsigned long r = 0; r < rounds; r++) {
        /* 20 ms a block; a bench loop under callgrind may take minutes */
        struct itimerval stop = {
            .it_value = {bench ? 600 : 0, bench ? 0 : 20000}};
        struct itimerval off = {{0, 0}, {0, 0}};
        uint64_t mid = (uint64_t)(uintptr_t)(scratch + SCRATCH_BYTES / 2);
        unsigned len;
        int sig;

        for (unsigned i = 0; i < CODE_BYTES; i += 2) {
            code[i] = 0x02; /* C.EBREAK everywhere else */
            code[i + 1] = 0x90;
        }
        shape_round = shape_mode;
        if (fuse) {
            int loop;

            len = put_fuse_block(code + 64, &loop);
            if (loop) {
                /* add a0, a0, a4 */
                memcpy(code + 60, &(uint32_t){0x00e50533}, 4);
            }
        } else {
            len = put_block(code + 64);
        }
        if (bench) {
            /*
             * The block in a loop of reps runs: at code + 60 "mv a4, s10"
             * (the address register of run and shape blocks, which they
             * move), the block, then "addi s11, s11, -1; bnez s11, code +
             * 60"; C.EBREAK after it.  A fuse block's branch goes to 8
             * bytes past the block: there the loop's tail, and a C.J to it
             * at the block's end.
             */
            unsigned tail = fuse ? len + 8 : len;
            int32_t rel = -(int32_t)(tail + 8);
            uint32_t loop[2] = {0xfffu << 20 | 27 << 15 | 27 << 7 | 0x13,
                                (uint32_t)((rel >> 12) & 1) << 31 |
                                    (uint32_t)((rel >> 5) & 0x3f) << 25 |
                                    27 << 15 | 1 << 12 |
                                    (uint32_t)((rel >> 1) & 0xf) << 8 |
                                    (uint32_t)((rel >> 11) & 1) << 7 | 0x63};

            memcpy(code + 60, &(uint32_t){26 << 15 | 14 << 7 | 0x13}, 4);
            memcpy(code + 64 + tail, loop, 8);
            if (fuse) {
                memcpy(code + 64 + len, &(uint16_t){0xa021}, 2); /* c.j +8 */
            }
            bench_len = len;
            bench_end = tail + 8;
        }
        for (unsigned i = 0; i < SCRATCH_BYTES; i += 8) {
            uint64_t v = mid + ((rnd() % 4096) & ~7u) - 2048;
            memcpy(scratch + i, &v, 8);
        }
        for (unsigned i = 0; i < 96; i++) {
            fuzz_hi[i] =
                rnd() % 4 ? mid + (rnd() % 256) * 8 - 1024 : rnd() % 70;
            if (alu_mode) {
                fuzz_hi[i] = rnd() % 8 ? rnd() : rnd() % 70;
            }
        }
        for (unsigned i = 1; i < 31; i++) {
            fuzz_regs[i] =
                rnd() % 4 ? mid + (rnd() % 256) * 8 - 1024 : rnd() % 70;
        }
        fuzz_state = 0;
        if (alu_mode && alu_block_inherits) {
            fuzz_state = alu_inherit_state(&fuzz_regs[30]);
        }
        if (fuse) {
            put_fuse_inputs(fuse_buf, (uint64_t)(uintptr_t)fuse_buf, fuzz_regs,
                            bench);
            if (fuse_inherits) {
                /* No VL block: this STATE (SUBVL 1..4, offsets 0). */
                fuzz_state = SV_STATE(.maxvl = fuse_mvl - 1, .vl = fuse_vl_reg,
                                      .subvl = rnd() % 4 ? 0 : rnd() % 4);
            }
        }
        if (fp_mode || shape_mode) {
            fuzz_fcsr = put_fp_inputs(fuzz_fp, fuzz_regs);
        }
        if (run_mode) {
            /* fresh bytes in the writable pages; a4 near a boundary */
            unsigned at = 4096 * (1 + rnd() % (RUN_PAGES - 1));

            for (unsigned i = 0; i < RUN_PAGES * 4096; i++) {
                if (i / 4096 != 2 && i / 4096 != 3) {
                    run_buf[i] = (uint8_t)rnd();
                }
            }
            at = rnd() % 2 ? at - 1 - rnd() % 600 : at + rnd() % 80;
            if (bench) {
                /* around the boundary of the two read-write pages */
                at = 4096 - 600 + at % 680;
            }
            fuzz_regs[14] = (uint64_t)(uintptr_t)(run_buf + at);
            /* s1: the VL of a block's sv.vl s0, s1 (mostly 0..69) */
            if (!bench) {
                fuzz_regs[9] = rnd() % 4 ? rnd() % 70 : fuzz_regs[9];
            }
        }
        if (shape_round) {
            for (unsigned i = 0; i < RUN_PAGES * 4096; i++) {
                if (i / 4096 != 2 && i / 4096 != 3) {
                    run_buf[i] = (uint8_t)rnd();
                }
            }
            shape_regs();
        }
        fuzz_regs[3] = saved_gp;
        fuzz_regs[4] = saved_tp;
        if (digest) {
            /*
             * Not the program's own gp/tp (fuzz_digest_entry restores
             * them): they point into the ASLR-placed heap, so a block
             * reading through them left a state that differed from run
             * to run (sv-backends, seed 13).  Scratch pointers, drawing
             * nothing from rnd(), so the rounds stay the same blocks.
             */
            fuzz_regs[3] = mid + 8 * (r % 64);
            fuzz_regs[4] = mid - 8 * (r % 64);
        }
        fuzz_regs[31] = (uint64_t)(uintptr_t)(code + 64);
        if (bench) {
            fuzz_regs[26] = fuzz_regs[14];
            fuzz_regs[27] = reps;
            fuzz_regs[31] = (uint64_t)(uintptr_t)(code + 60);
        }
        __builtin___clear_cache((char *)code, (char *)code + CODE_BYTES);

        sig = fuzz_save();
        if (sig == 0) {
            /*
             * The timer starts only once fuzz_ctx holds this round's
             * context: a SIGALRM before the first fuzz_save() returned
             * would "return" through an empty fuzz_ctx (pc 0, sp 0, gp 0)
             * and fault in the handler until the signal stack overflows.
             */
            setitimer(ITIMER_REAL, &stop, NULL);
            /* Random stores must not reach the program's own data. */
            mprotect(data_lo, (size_t)(data_hi - data_lo), PROT_READ);
            if (digest) {
                if (fp_mode || shape_mode) {
                    fuzz_enter_fp();
                }
                fuzz_enter_clean();
            }
            fuzz_enter();
        }
        mprotect(data_lo, (size_t)(data_hi - data_lo), PROT_READ | PROT_WRITE);
        setitimer(ITIMER_REAL, &off, NULL);
        counts[sig < 65 ? sig : 0]++;
        if (digest) {
            uint64_t h = fnv_words(digest_page->hash, (uint64_t *)scratch,
                                   SCRATCH_BYTES / 8);

            if (run_mode || shape_round) {
                h = fnv_words(h, (uint64_t *)run_buf, 2 * 4096 / 8);
                h = fnv_words(h, (uint64_t *)(run_buf + 4 * 4096), 4096 / 8);
            }
            if (bench) {
                printf("bench mode=%s seed=%s ", argv[4], argv[2]);
                bench_describe(code + 64, bench_len,
                               shape_mode ? shape_kinds[shape_kind]
                                          : kind_name);
                if (sig == SIGTRAP &&
                    digest_page->regs[0] ==
                        (uintptr_t)(code + 64 + bench_end) &&
                    digest_page->regs[27] == 0) {
                    /* the VL the last run left (fail-on-first cuts) */
                    printf(" vlend=%llu result=ok\n",
                           (unsigned long long)
                               digest_page->regs[bench_vl_reg(code + 64)]);
                } else {
                    printf(" result=sig%d pc=%+lld left=%llu addr=%#llx\n", sig,
                           (long long)(digest_page->regs[0] -
                                       (uintptr_t)(code + 64)),
                           (unsigned long long)digest_page->regs[27],
                           (unsigned long long)digest_page->addr);
                }
                return 0;
            }
            printf("%lu %d %016llx\n", r, sig, (unsigned long long)h);
        }
    }
    printf("fuzz_vblock: %lu rounds: SIGTRAP %lu SIGILL %lu SIGSEGV %lu "
           "SIGBUS %lu SIGFPE %lu SIGALRM %lu\n",
           rounds, counts[SIGTRAP], counts[SIGILL], counts[SIGSEGV],
           counts[SIGBUS], counts[SIGFPE], counts[SIGALRM]);
    /* Enough blocks must run to their end for the fuzz to mean anything. */
    return counts[SIGTRAP] * 20 < rounds;
}
