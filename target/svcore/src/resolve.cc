// The resolution step (svcore.h, "The resolution step"): an inner
// instruction and its context (VBLOCK tables or a P48/P64 prefix) become
// one description of the instruction's element loop.  This file is the
// only place that links an operand to a register entry or a predicate,
// and the only place that says how an instruction executes.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <algorithm>
#include "svcore.h"

namespace
{

// C.ADDI4SPN and C.ADDI16SP: "SV disabled" (§8.3; the opcodes page:
// "special-case, disable SV").
constexpr bool is_stack_adjust(uint32_t insn)
{
    return (insn & 0xe003) == 0x0000 ||
           ((insn & 0xe003) == 0x6001 && ((insn >> 7) & 31) == 2);
}

constexpr uint8_t natural_width(const sv_operand &o)
{
    return o.width ? o.width : 64;
}

// An operand with the register entry e (nullptr: none applies).
sv_resolved_operand resolve_operand(const sv_operand &o, const sv_reg_entry *e)
{
    sv_resolved_operand r{};
    if (!o.present) {
        return r;
    }
    r.present = 1;
    r.is_fp = o.is_fp;
    r.key = o.reg;
    r.natural = natural_width(o);
    r.width = r.natural;
    r.reg = o.reg;
    if (e && e->enabled) {
        r.tagged = 1;
        r.reg = e->regidx;
        r.isvec = e->isvec;
        if (e->elwidth) {
            r.overridden = 1;
            r.width = e->elwidth;
        }
    }
    return r;
}

const sv_reg_entry *reg_entry(const sv_vblock_context *ctx, const sv_operand &o)
{
    if (!o.present || o.reg >= 32) {
        return nullptr;
    }
    const sv_reg_entry *e =
        o.is_fp ? &ctx->fp_regs[o.reg] : &ctx->int_regs[o.reg];
    return e->enabled ? e : nullptr;
}

// §1.11: the predicate of an operand (it needs a register entry of its
// own unless no_reg_entry_needed: a branch's second operand, §6.2).
sv_pred_entry pred_of(const sv_vblock_context *ctx, const sv_operand &o,
                      bool no_reg_entry_needed = false)
{
    if (!o.present) {
        return sv_pred_entry{};
    }
    const sv_pred_entry *p =
        sv_pred_for(ctx, o.is_fp, o.reg, no_reg_entry_needed);
    return p ? *p : sv_pred_entry{};
}

const sv_operand &slot_of(const sv_op &op, unsigned slot)
{
    switch (slot) {
    case SV_RD:
        return op.rd;
    case SV_RS1:
        return op.rs1;
    case SV_RS2:
        return op.rs2;
    default:
        return op.rs3;
    }
}

bool illegal(sv_resolved_op *r, const char *why)
{
    r->kind = SV_EXEC_ILLEGAL;
    r->why = why;
    return false;
}

// What the element-loop kinds share, once operands and predicates are in.
bool finish_loop(sv_resolved_op *r)
{
    const sv_op &op = r->op;
    const bool mem = op.cls == SV_OPC_LOAD || op.cls == SV_OPC_STORE;

    r->kind = mem ? SV_EXEC_MEMORY : SV_EXEC_ELEMENTS;
    for (const sv_resolved_operand &o : r->opnd) {
        if (o.present && o.is_fp && o.overridden && o.width == 8) {
            return illegal(r, "8-bit FP elements have no format (§5.5)");
        }
    }
    // LUI/AUIPC run once whatever their tags say (A36).
    r->vector = op.cls != SV_OPC_LUI && op.cls != SV_OPC_AUIPC &&
                (r->opnd[SV_RD].isvec || r->opnd[SV_RS1].isvec ||
                 r->opnd[SV_RS2].isvec || r->opnd[SV_RS3].isvec);
    r->twin = op.twin || mem;
    if (op.cls == SV_OPC_STORE) {
        r->src_slot = SV_RS2;
        r->dst_slot = SV_RS1;
    } else if (op.cls == SV_OPC_LOAD) {
        r->src_slot = SV_RS1;
        r->dst_slot = SV_RD;
    } else {
        // C.MV's source is rs2 (rs1 absent); the FP twins' is rs1.
        r->src_slot = op.rs1.present ? SV_RS1 : SV_RS2;
        r->dst_slot = SV_RD;
    }
    if (!r->twin) {
        r->pred_src = sv_pred_entry{};
    }
    if (r->vector && r->pred_dest.enabled && r->pred_dest.ffirst) {
        r->ffirst = mem ? SV_FFIRST_TRAP : SV_FFIRST_DATA;
    }
    if (mem) {
        const unsigned w = op.mem_bytes * 8u;
        const sv_resolved_operand &a = r->opnd[SV_RS1];
        r->mem_bytes = op.mem_bytes;
        // The address register's width cuts memory up (§8.2).
        r->mem_es = (a.overridden && a.width < w ? a.width : w) / 8;
        r->unit_stride = !a.isvec;
    }
    return true;
}

} // namespace

extern "C" {

bool sv_resolve_op(const sv_vblock_context *ctx, uint32_t insn,
                   sv_resolved_op *out)
{
    sv_resolved_op r{};
    r.insn = insn;
    if (!sv_op_decode(insn, &r.op)) {
        illegal(&r, "not an RV64GC instruction SV knows (§5)");
        *out = r;
        return false;
    }
    sv_op &op = r.op;
    if ((op.cls == SV_OPC_JAL || op.cls == SV_OPC_JALR) && op.rd.present &&
        op.rd.reg == 0) {
        // x0 as the link register is no operand: C.J has no register
        // field at all, and a tag on x0 must not make it illegal (A36).
        op.rd = sv_operand{};
    }
    for (unsigned k = 0; k < SV_NUM_SLOTS; k++) {
        const sv_operand &o = slot_of(op, k);
        r.opnd[k] = resolve_operand(o, reg_entry(ctx, o));
        r.tagged |= r.opnd[k].tagged;
    }

    bool ok = true;
    switch (op.cls) {
    case SV_OPC_CSR:
        r.kind = SV_EXEC_STAYS_SCALAR; // once, never redirected (A37)
        break;
    case SV_OPC_SCALAR:
        if (r.tagged) {
            ok = illegal(&r, "a tag on an instruction SV does not "
                             "vectorise (§5.2)");
        } else {
            r.kind = SV_EXEC_SCALAR;
        }
        break;
    case SV_OPC_JAL:
    case SV_OPC_JALR:
        // Jumps run once (§5.2); JALR's rs1 is redirected like every
        // register field (only CSRs are "not even redirected", A37) and
        // read whole, as loads' address registers are (§8.1): the target
        // is x[real rs1] + imm (docs/sv-state.md, "Tagged JALR / C.JR").
        if (op.rd.present) {
            ok = illegal(&r, "a call (rd != x0): calls are illegal inside "
                             "a block (§3.7)");
        } else {
            r.kind = SV_EXEC_FLOW;
        }
        break;
    case SV_OPC_AMO:
        if (!r.tagged) {
            r.kind = SV_EXEC_SCALAR;
            break;
        }
        // §5.2 "including AMOs": one atomic access per element, addressed
        // as a load's (§8.1: scalar rs1 unit stride, vector rs1 indexed,
        // address registers read whole), predicated from rd (§8.4).
        if (r.opnd[SV_RD].overridden || r.opnd[SV_RS1].overridden ||
            r.opnd[SV_RS2].overridden) {
            ok = illegal(&r, "an AMO with an element width override (the "
                             "access is the opcode's width)");
            break;
        }
        r.kind = SV_EXEC_ELEMENTS;
        r.vector =
            r.opnd[SV_RD].isvec || r.opnd[SV_RS1].isvec || r.opnd[SV_RS2].isvec;
        r.pred_dest = pred_of(ctx, op.rd);
        r.src_slot = SV_RS2;
        r.dst_slot = SV_RD;
        r.mem_bytes = op.mem_bytes;
        r.mem_es = op.mem_bytes;
        r.unit_stride = !r.opnd[SV_RS1].isvec;
        if (r.pred_dest.enabled && r.pred_dest.ffirst) {
            ok = illegal(&r, "fail-on-first on an AMO (no reading in the "
                             "spec)");
        }
        break;
    case SV_OPC_BRANCH:
        if (!r.tagged) {
            r.kind = SV_EXEC_FLOW;
            break;
        }
        r.kind = SV_EXEC_VBRANCH;
        r.vector = r.opnd[SV_RS1].isvec || r.opnd[SV_RS2].isvec;
        r.pred_src = pred_of(ctx, op.rs1);
        r.pred_dest = pred_of(ctx, op.rs2, true);
        r.pred_dest.ffirst = 0;
        if (r.vector && r.pred_src.enabled && r.pred_src.ffirst) {
            r.ffirst = SV_FFIRST_DATA;
        }
        break;
    default: // INT, FP, LUI, AUIPC, LOAD, STORE
        if (is_stack_adjust(insn)) {
            r.kind = SV_EXEC_STAYS_SCALAR;
            break;
        }
        if (!r.tagged) {
            r.kind = SV_EXEC_SCALAR;
            break;
        }
        switch (op.cls) {
        case SV_OPC_LOAD:
            r.pred_dest = pred_of(ctx, op.rd);
            r.pred_src = pred_of(ctx, op.rs1);
            break;
        case SV_OPC_STORE:
            // A store's destination side is its address (§5.4, §8.1).
            r.pred_dest = pred_of(ctx, op.rs1);
            r.pred_src = pred_of(ctx, op.rs2);
            break;
        default:
            r.pred_dest = pred_of(ctx, op.rd);
            r.pred_src = pred_of(ctx, op.rs1.present ? op.rs1 : op.rs2);
            break;
        }
        ok = finish_loop(&r);
        break;
    }
    *out = r;
    return ok;
}

bool sv_resolve_prefix(const sv_prefix_context *p, sv_resolved_op *out)
{
    sv_resolved_op r{};
    const sv_reg_entry *e[SV_NUM_SLOTS] = {&p->rd, &p->rs1, &p->rs2, &p->rs3};
    r.insn = p->insn;
    r.op = p->op;
    for (unsigned k = 0; k < SV_NUM_SLOTS; k++) {
        r.opnd[k] = resolve_operand(slot_of(r.op, k), e[k]);
        r.tagged |= r.opnd[k].tagged;
    }
    r.pred_dest = p->pred_dest;
    r.pred_src = p->pred_src;
    r.result_sign = p->int_signed ? SV_SIGN_SIGNED : SV_SIGN_ZERO;
    r.uses_svpstate = p->uses_svpstate;
    r.svlen = p->svlen;
    r.vltyp = p->vltyp;
    bool ok;
    switch (r.op.cls) {
    case SV_OPC_INT:
    case SV_OPC_FP:
    case SV_OPC_LUI:
    case SV_OPC_AUIPC:
    case SV_OPC_LOAD:
    case SV_OPC_STORE:
        ok = finish_loop(&r);
        break;
    default:
        ok = illegal(&r, "a prefix around a reserved type (§4.2)");
        break;
    }
    *out = r;
    return ok;
}

bool sv_resolved_fp_narrows(const sv_resolved_op *r)
{
    unsigned w = 0;

    for (int k = SV_RS1; k <= SV_RS3; k++) {
        if (r->opnd[k].present && r->opnd[k].is_fp) {
            w = std::max<unsigned>(w, r->opnd[k].width);
        }
    }
    return r->opnd[SV_RD].present && r->opnd[SV_RD].is_fp &&
           r->opnd[SV_RD].width < w;
}

sv_loop_span sv_loop_span_of(const sv_resolved_op *r, uint32_t loopst,
                             unsigned vl, unsigned subvl)
{
    if (!r->vector) {
        return sv_loop_span{1, 1, 0, 0, 0};
    }
    const sv_state_fields st = sv_state_unpack(loopst);
    return sv_loop_span{static_cast<uint8_t>(vl), static_cast<uint8_t>(subvl),
                        st.srcoffs, st.destoffs, st.dsvoffs};
}

} // extern "C"
