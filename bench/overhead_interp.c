/*
 * bench-overhead workload: a bytecode interpreter (a stack machine with a
 * switch dispatch, so one indirect jump and one TB lookup per bytecode)
 * running a loop that computes a checksum, compared with the same
 * computation in C.  Plain RV64GC: it measures what SV costs code that
 * does not use it, at the highest rate of TB lookups.
 *   overhead_interp [ITERATIONS]   (default 300000)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    OP_PUSH,  /* imm: push imm */
    OP_LOAD,  /* imm: push var[imm] */
    OP_STORE, /* imm: var[imm] = pop */
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_XOR,
    OP_SHR, /* imm: top >>= imm */
    OP_AND, /* imm: top &= imm */
    OP_JNZ, /* imm: pop; if non-zero, pc = imm */
    OP_HALT,
};

typedef struct {
    uint8_t op;
    int32_t imm;
} Insn;

/* var0 = counter, var1 = x, var2 = acc */
static const Insn program[] = {
    /* 0: loop */
    {OP_LOAD, 1},     {OP_PUSH, 1103515245}, {OP_MUL, 0},
    {OP_PUSH, 12345}, {OP_ADD, 0},           {OP_AND, 0x7fffffff},
    {OP_STORE, 1}, /* x = (x * a + c) & mask */
    {OP_LOAD, 2},     {OP_LOAD, 1},          {OP_SHR, 3},
    {OP_XOR, 0},      {OP_STORE, 2}, /* acc ^= x >> 3 */
    {OP_LOAD, 0},     {OP_PUSH, 1},          {OP_SUB, 0},
    {OP_STORE, 0}, /* counter-- */
    {OP_LOAD, 0},     {OP_JNZ, 0},           {OP_HALT, 0},
};

static __attribute__((noinline)) int64_t run(const Insn *code, int64_t *var)
{
    int64_t stack[16];
    int sp = 0;
    size_t pc = 0;

    for (;;) {
        const Insn *i = &code[pc++];

        switch (i->op) {
        case OP_PUSH:
            stack[sp++] = i->imm;
            break;
        case OP_LOAD:
            stack[sp++] = var[i->imm];
            break;
        case OP_STORE:
            var[i->imm] = stack[--sp];
            break;
        case OP_ADD:
            sp--;
            stack[sp - 1] += stack[sp];
            break;
        case OP_SUB:
            sp--;
            stack[sp - 1] -= stack[sp];
            break;
        case OP_MUL:
            sp--;
            stack[sp - 1] *= stack[sp];
            break;
        case OP_XOR:
            sp--;
            stack[sp - 1] ^= stack[sp];
            break;
        case OP_SHR:
            stack[sp - 1] >>= i->imm;
            break;
        case OP_AND:
            stack[sp - 1] &= i->imm;
            break;
        case OP_JNZ:
            if (stack[--sp]) {
                pc = i->imm;
            }
            break;
        case OP_HALT:
            return var[2];
        default:
            abort();
        }
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 300000;
    int64_t var[3] = {n, 1, 0};
    int64_t x = 1, acc = 0, got;

    if (n < 1) {
        fprintf(stderr, "overhead_interp: bad ITERATIONS\n");
        return 2;
    }
    got = run(program, var);
    for (long i = 0; i < n; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        acc ^= x >> 3;
    }
    printf("interp: %ld iterations, acc %lld, %s\n", n, (long long)got,
           got == acc ? "ok" : "MISMATCH");
    return got != acc;
}
