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

static void sv_print_vblock(bfd_vma memaddr, struct disassemble_info *info,
                            const uint8_t *bytes, unsigned len)
{
    sv_vblock_context ctx;
    sv_status status = sv_vblock_decode(bytes, len, &ctx);

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
        info->fprintf_func(info->stream, " ; ");
        print_insn_riscv64(memaddr + ctx.op_offset[i], info);
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
    default:
        /* P48/P64 fields are decoded by the SVPrefix work (issue 5). */
        info->fprintf_func(info->stream, "%s",
                           len == 8 ? "sv.p64"
                           : sv_insn_classify(parcels[0]) == SV_FMT_P48
                               ? "sv.p48"
                               : ".insn48");
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
