/*
 * Simple-V disassembly for -d in_asm and plugins' qemu_plugin_insn_disas.
 *
 * With xsv, the RISC-V CPU's print_insn is wrapped: 16- and 32-bit
 * instructions go to QEMU's own riscv disassembler, the long formats are
 * measured and decoded by the SV core library, so the disassembler always
 * advances by the real instruction length (disas/riscv.c knows only 2 and
 * 4).  A VBLOCK prints its context, then its opcodes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "disas/dis-asm.h"
#include "cpu.h"
#include "sv.h"
#include "svcore.h"

static const char *const sv_vl_modes[] = {"rd", "rvc", "rs1"};

static void sv_print_reg_entries(struct disassemble_info *info,
                                 const sv_reg_entry *regs, char cls)
{
    for (int key = 0; key < 32; key++) {
        const sv_reg_entry *r = &regs[key];

        if (r->enabled) {
            info->fprintf_func(info->stream, " %c%d->%c%d%s", cls, key, cls,
                               r->regidx, r->isvec ? ".v" : ".s");
            if (r->elwidth) {
                info->fprintf_func(info->stream, ":e%d", r->elwidth);
            }
        }
    }
}

static void sv_print_pred_entries(struct disassemble_info *info,
                                  const sv_pred_entry *preds, char cls)
{
    for (int key = 0; key < 32; key++) {
        const sv_pred_entry *p = &preds[key];

        if (p->enabled) {
            info->fprintf_func(
                info->stream, " %c%d?%sx%d%s%s", cls, key, p->inv ? "!" : "",
                p->predidx, p->zero ? ",zero" : "", p->ffirst ? ",ffirst" : "");
        }
    }
}

/* Reads the wrapped instruction of a prefix from info->buffer. */
static int sv_read_wrapped(bfd_vma memaddr, bfd_byte *myaddr, int length,
                           struct disassemble_info *info)
{
    if (memaddr < info->buffer_vma ||
        memaddr + length > info->buffer_vma + info->buffer_length) {
        return EIO;
    }
    memcpy(myaddr, info->buffer + (memaddr - info->buffer_vma), length);
    return 0;
}

/* QEMU's own disassembly of a 32-bit word, shown at memaddr. */
static void sv_print_wrapped(bfd_vma memaddr, struct disassemble_info *info,
                             uint32_t insn)
{
    int (*read)(bfd_vma, bfd_byte *, int, struct disassemble_info *) =
        info->read_memory_func;
    const bfd_byte *buffer = info->buffer;
    bfd_vma vma = info->buffer_vma;
    int length = info->buffer_length;
    uint8_t word[4];

    stl_le_p(word, insn);
    info->read_memory_func = sv_read_wrapped;
    info->buffer = word;
    info->buffer_vma = memaddr;
    info->buffer_length = sizeof(word);
    print_insn_riscv64(memaddr, info);
    info->read_memory_func = read;
    info->buffer = buffer;
    info->buffer_vma = vma;
    info->buffer_length = length;
}

static void sv_print_pred(struct disassemble_info *info, const char *name,
                          const sv_pred_entry *p)
{
    if (p->enabled) {
        info->fprintf_func(info->stream, ", %s=%sx%d", name, p->inv ? "!" : "",
                           p->predidx);
    }
}

/*
 * A P48/P64 (§4) in sv-as syntax (svcore's sv_format_prefix), e.g.
 *   sv.add/w=16/m=~s1/p48 *x8, *x10, a2
 * or, when the syntax cannot say it (or SV_DISAS_RAW is set), its context
 * as sv_prefix_decode reads it (each operand vector or scalar with its
 * real register, A26; predicates; itype width; svlen; VLtyp), then the
 * wrapped RV32 instruction, e.g.
 *   p48[v rd=x8, v rs1=x10, s rs2=x12, pred=!x9, e16] add s0,a0,a2
 */
static void sv_print_prefix(bfd_vma memaddr, struct disassemble_info *info,
                            const uint8_t *bytes, unsigned len)
{
    static const char *const slot_names[] = {"rd", "rs1", "rs2", "rs3"};
    const char *name = len == 8 ? "p64" : "p48";
    sv_prefix_context p;
    sv_status status = sv_prefix_decode(bytes, len, &p);
    const sv_reg_entry *e[4];
    const sv_operand *o[4];
    bool twin;
    const char *sep = "";
    char text[512];

    if (status != SV_OK) {
        info->fprintf_func(info->stream, "%s <illegal: %s>", name,
                           sv_status_name(status));
        return;
    }
    /* In sv-as syntax when it can say it (as sv-objdump prints it). */
    if (!getenv("SV_DISAS_RAW") &&
        sv_format_prefix(bytes, len, text, sizeof(text))) {
        info->fprintf_func(info->stream, "%s", text);
        return;
    }
    e[0] = &p.rd, e[1] = &p.rs1, e[2] = &p.rs2, e[3] = &p.rs3;
    o[0] = &p.op.rd, o[1] = &p.op.rs1, o[2] = &p.op.rs2, o[3] = &p.op.rs3;
    info->fprintf_func(info->stream, "%s[", name);
    for (int k = 0; k < 4; k++) {
        /* MV's source sits in C.MV's rs2 slot; it is the written rs1. */
        bool mv_src = k == 2 && !p.op.rs1.present && p.op.cls == SV_OPC_INT;

        if (e[k]->enabled) {
            info->fprintf_func(info->stream, "%s%c %s=%c%d", sep,
                               e[k]->isvec ? 'v' : 's',
                               mv_src ? "rs1" : slot_names[k],
                               o[k]->is_fp ? 'f' : 'x', e[k]->regidx);
            sep = ", ";
        }
    }
    twin = p.type == SV_PTYPE_LD || p.type == SV_PTYPE_ST ||
           p.type == SV_PTYPE_I || p.type == SV_PTYPE_FI;
    sv_print_pred(info, twin ? "dpred" : "pred", &p.pred_dest);
    sv_print_pred(info, "spred", &p.pred_src);
    if (p.itype) {
        info->fprintf_func(info->stream, ", e%d", 4 << p.itype);
    }
    if (p.svlen) {
        info->fprintf_func(info->stream, ", svlen=%d", p.svlen);
    }
    switch (p.vltyp.form) {
    case SV_VLTYP_VL_IMM:
        info->fprintf_func(info->stream, ", vl=%d", p.vltyp.value);
        break;
    case SV_VLTYP_VL_REG:
        info->fprintf_func(info->stream, ", vl=x%d", p.vltyp.value);
        break;
    case SV_VLTYP_MVL:
        info->fprintf_func(info->stream, ", mvl=vl=%d", p.vltyp.value);
        break;
    case SV_VLTYP_MVL_CLAMP:
        info->fprintf_func(info->stream, ", mvl=%d", p.vltyp.value);
        break;
    }
    if (p.vltyp.vldest) {
        info->fprintf_func(info->stream, ">x%d", p.vltyp.vldest);
    }
    info->fprintf_func(info->stream, "] ");
    sv_print_wrapped(memaddr, info, p.insn);
}

/*
 * After a vector branch (§6): its mode, from rs2's predicate entry (x0's
 * for C.BEQZ/C.BNEZ), e.g. " <ifany ffirst>".  Nothing for other opcodes
 * and for a branch without a vector operand (a plain branch, A29).
 */
static void sv_print_branch_mode(struct disassemble_info *info,
                                 const sv_vblock_context *ctx, uint32_t insn)
{
    char note[32];

    info->fprintf_func(info->stream, "%s",
                       sv_branch_mode_note(ctx, insn, note, sizeof(note)));
}

/*
 * The block in sv-as syntax (svcore's sv_format_vblock, as sv-objdump
 * prints it): "sv.block ... ; 0xADDR: sv.OP ... ; sv.endblock".  False
 * when the syntax cannot say it (or SV_DISAS_RAW is set in the
 * environment): the caller prints the decoded tables.
 */
static bool sv_print_vblock_syntax(bfd_vma memaddr,
                                   struct disassemble_info *info,
                                   const uint8_t *bytes, unsigned len)
{
    char text[4096];
    sv_vblock_context ctx;
    const char *line = text;

    if (getenv("SV_DISAS_RAW") || sv_vblock_decode(bytes, len, &ctx) != SV_OK ||
        !sv_format_vblock(bytes, len, NULL, text, sizeof(text))) {
        return false;
    }
    for (int i = -1; i <= ctx.n_ops && *line; i++) {
        const char *nl = strchr(line, '\n');
        int n = nl ? (int)(nl - line) : (int)strlen(line);

        if (i >= 0 && i < ctx.n_ops) {
            info->fprintf_func(info->stream, " ; 0x%" PRIx64 ": ",
                               (uint64_t)(memaddr + ctx.op_offset[i]));
        } else if (i >= 0) {
            info->fprintf_func(info->stream, " ; ");
        }
        info->fprintf_func(info->stream, "%.*s", n, line);
        line += nl ? n + 1 : n;
    }
    return true;
}

static void sv_print_vblock(bfd_vma memaddr, struct disassemble_info *info,
                            const uint8_t *bytes, unsigned len)
{
    sv_vblock_context ctx;
    sv_status status;

    if (sv_print_vblock_syntax(memaddr, info, bytes, len)) {
        return;
    }
    status = sv_vblock_decode(bytes, len, &ctx);
    info->fprintf_func(info->stream, "sv.vblock[%u]", len);
    if (status != SV_OK) {
        info->fprintf_func(info->stream, " <illegal: %s>",
                           sv_status_name(status));
        return;
    }
    if (ctx.vl.present) {
        info->fprintf_func(info->stream,
                           " {setvl mode=%s rd=x%d rs1=x%d mvl=%d subvl=%d}",
                           sv_vl_modes[ctx.vl.mode % 3], ctx.vl.rd, ctx.vl.rs1,
                           ctx.vl.vlmax, ctx.vl.subvl);
    }
    info->fprintf_func(info->stream, " {");
    sv_print_reg_entries(info, ctx.int_regs, 'x');
    sv_print_reg_entries(info, ctx.fp_regs, 'f');
    sv_print_pred_entries(info, ctx.int_preds, 'x');
    sv_print_pred_entries(info, ctx.fp_preds, 'f');
    info->fprintf_func(info->stream, " }");
    for (int i = 0; i < ctx.n_ops; i++) {
        const uint8_t *op = bytes + ctx.op_offset[i];
        sv_insn_format fmt = sv_insn_classify(lduw_le_p(op));

        /* Each opcode at its real address (targets are relative to it). */
        info->fprintf_func(info->stream, " ; 0x%" PRIx64 ": ",
                           (uint64_t)(memaddr + ctx.op_offset[i]));
        if (fmt == SV_FMT_P48 || fmt == SV_FMT_P64) {
            sv_print_prefix(memaddr + ctx.op_offset[i], info, op,
                            fmt == SV_FMT_P48 ? 6 : 8);
        } else {
            print_insn_riscv64(memaddr + ctx.op_offset[i], info);
            sv_print_branch_mode(
                info, &ctx, (op[0] & 3) == 3 ? ldl_le_p(op) : lduw_le_p(op));
        }
    }
}

static int sv_print_insn(bfd_vma memaddr, struct disassemble_info *info)
{
    uint8_t bytes[SV_MAX_INSN_LEN];
    uint16_t parcels[2];
    unsigned len;
    int status;

    status = info->read_memory_func(memaddr, bytes, 2, info);
    if (status) {
        info->memory_error_func(status, memaddr, info);
        return -1;
    }
    parcels[0] = lduw_le_p(bytes);
    if (sv_insn_length(parcels, 1, &len) == SV_NEED_MORE_BYTES) {
        status = info->read_memory_func(memaddr + 2, bytes + 2, 2, info);
        if (status) {
            info->memory_error_func(status, memaddr + 2, info);
            return -1;
        }
        parcels[1] = lduw_le_p(bytes + 2);
        sv_insn_length(parcels, 2, &len);
    }
    if (len <= 4) {
        return print_insn_riscv64(memaddr, info);
    }
    status = info->read_memory_func(memaddr, bytes, len, info);
    if (status) {
        info->memory_error_func(status, memaddr, info);
        return -1;
    }
    switch (sv_insn_classify(parcels[0])) {
    case SV_FMT_VBLOCK:
    case SV_FMT_VBLOCK2:
        sv_print_vblock(memaddr, info, bytes, len);
        break;
    case SV_FMT_P48:
    case SV_FMT_P64:
        sv_print_prefix(memaddr, info, bytes, len);
        break;
    default:
        info->fprintf_func(info->stream, ".insn48");
        for (unsigned i = len; i > 0; i -= 2) {
            info->fprintf_func(info->stream, "%s%04x", i == len ? " 0x" : "",
                               lduw_le_p(bytes + i - 2));
        }
        break;
    }
    return len;
}

void riscv_sv_disas_set_info(RISCVCPU *cpu, struct disassemble_info *info)
{
    if (cpu->cfg.ext_xsv && info->print_insn == print_insn_riscv64) {
        info->print_insn = sv_print_insn;
    }
}
