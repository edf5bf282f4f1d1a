/*
 * sv_formats.h: one assembled instance of every long instruction format
 * (sv.inc macros), for the length and fetch tests.  Include from exactly
 * one translation unit; it defines the instances.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef SV_FORMATS_H
#define SV_FORMATS_H

#include "sv.h"

/*
 * X(name, expected length, instruction from sv.inc).  Parcels of all
 * ones in some blocks make a wrong length land on a different format.
 * The P48/P64 wrap ECALL (payload 0xe000: RV32 bits 6:2 = 11100) or an
 * all-ones word: reserved types (§4.2), so illegal like the others.
 */
#define SV_FORMATS(X)                                                          \
    X(p48_ecall, SV_P48_BYTES, sv_p48_raw 0xe000)                              \
    X(p48, SV_P48_BYTES, sv_p48_raw 0x1ffffffffff)                             \
    X(x48, SV_P48_BYTES, sv_insn48_raw 1, 0x1ffffffffff)                       \
    X(p64_ecall, SV_P64_BYTES, sv_p64_raw 0xe000)                              \
    X(p64, SV_P64_BYTES, sv_p64_raw 0x1ffffffffffffff)                         \
    X(vblock0, SV_VBLOCK_BYTES(0), sv_vblock_raw 0)                            \
    X(vblock1, SV_VBLOCK_BYTES(1), sv_vblock_raw 1, 0x8f80, 0xffff)            \
    X(vblock2, SV_VBLOCK_BYTES(2), sv_vblock_raw 2)                            \
    X(vblock3, SV_VBLOCK_BYTES(3), sv_vblock_raw 3, 0, 0xffff, 0xffff)         \
    X(vblock4, SV_VBLOCK_BYTES(4), sv_vblock_raw 4, 0x0080)                    \
    X(vblock5, SV_VBLOCK_BYTES(5), sv_vblock_raw 5)                            \
    X(vblock6, SV_VBLOCK_BYTES(6), sv_vblock_raw 6, 0x8000, 1, 2, 3)           \
    X(vblock2_0, SV_VBLOCK2_BYTES(0), sv_vblock2_raw 0)                        \
    X(vblock2_1, SV_VBLOCK2_BYTES(1), sv_vblock2_raw 1)                        \
    X(vblock2_5, SV_VBLOCK2_BYTES(5), sv_vblock2_raw 5, 0x8000)                \
    X(vblock2_ext, SV_VBLOCK2_BYTES(2), sv_vblock2_raw 2, 0, 0x7fe0)           \
    X(vblock2_31, SV_VBLOCK2_BYTES(31), sv_vblock2_raw 31, 0, 0, 0xffff)

/*
 * Each format becomes a leaf function:  a0 := 0; <insn>; a0 := 1; ret
 * with labels at the instruction's first byte and just after it.
 */
#define SV_FORMAT_EMIT_(name, len, ...)                                        \
    __asm__(".pushsection .text\n"                                             \
            ".balign 4\n"                                                      \
            "fmt_" #name ":\n"                                                 \
            "    li a0, 0\n"                                                   \
            "fmt_" #name "_insn:\n"                                            \
            "    " #__VA_ARGS__ "\n"                                           \
            "fmt_" #name "_end:\n"                                             \
            "    li a0, 1\n"                                                   \
            "    ret\n"                                                        \
            ".popsection\n");                                                  \
    uint64_t fmt_##name(void) __asm__("fmt_" #name);                           \
    extern const char fmt_##name##_insn[] __asm__("fmt_" #name "_insn");       \
    extern const char fmt_##name##_end[] __asm__("fmt_" #name "_end");
SV_FORMATS(SV_FORMAT_EMIT_)

typedef struct sv_format {
    const char *name;
    uint64_t (*fn)(void);
    const char *insn, *end;
    unsigned len;
} sv_format;

#define SV_FORMAT_ROW_(name, len, ...)                                         \
    {#name, fmt_##name, fmt_##name##_insn, fmt_##name##_end, len},

/* The table: const sv_format formats[] = SV_FORMAT_TABLE; */
#define SV_FORMAT_TABLE                                                        \
    {                                                                          \
        SV_FORMATS(SV_FORMAT_ROW_)                                             \
    }

#endif /* SV_FORMATS_H */
