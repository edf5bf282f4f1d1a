// sv.setvl rd, rs1, VLMAX (§2.1, A7).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <algorithm>

#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

// §2.1: the same space as RVV vsetvli (A54), told apart only by the CPU.
bool is_setvl_space(uint32_t insn)
{
    return setvl::opcode.extract(insn) == setvl::op_v &&
           setvl::funct3.extract(insn) == setvl::funct3_setvl;
}

} // namespace

extern "C" {

bool sv_is_setvl_space(uint32_t insn)
{
    return is_setvl_space(insn);
}

sv_status sv_setvl_decode(uint32_t insn, sv_setvl_insn *out)
{
    // §2.1: bit 31 = 1 is the reserved half of the space.
    if (setvl::reserved.any(insn)) {
        return SV_ILLEGAL_SETVL_RESERVED;
    }
    out->rd = static_cast<uint8_t>(setvl::rd.extract(insn));
    out->rs1 = static_cast<uint8_t>(setvl::rs1.extract(insn));
    out->vlmax = static_cast<uint16_t>(setvl::vlmax.extract(insn));
    return SV_OK;
}

sv_status sv_setvl_exec(uint32_t *state, sv_setvl_insn insn, uint64_t rs1_value,
                        unsigned xlen, uint64_t *rd_value)
{
    // A7: VLMAX becomes MVL, so it obeys MVL's 1..XLEN range (§1.3).
    if (insn.vlmax == 0 || insn.vlmax > xlen) {
        return SV_ILLEGAL_SETVL_VLMAX;
    }
    sv_state_fields f = sv_state_unpack(*state);
    f.maxvl = static_cast<uint8_t>(insn.vlmax - 1);
    // §2.1: rd *is* VL from now on; rd = x0 turns vectorisation off.
    f.vl = insn.rd;
    f.srcoffs = f.destoffs = f.dsvoffs = 0;
    *state = sv_state_pack(f);
    // §2.1: VL is set to exactly the request, within MVL (unlike RVV).
    *rd_value =
        insn.rs1 == 0 ? insn.vlmax : std::min<uint64_t>(rs1_value, insn.vlmax);
    return SV_OK;
}

sv_status sv_vl_block_exec(uint32_t *state, sv_vl_block vl, uint64_t rs1_value,
                           unsigned xlen, uint64_t *rd_value)
{
    uint32_t next = *state;
    sv_status status;

    *rd_value = 0;
    if (vl.mode == SV_VL_MODE_RS1) {
        // A9: MVL := VLMAX, STATE.vl := rs1 as it stands, no GPR written.
        status = sv_csr_write_mvl(&next, vl.vlmax, xlen);
        if (status == SV_OK) {
            sv_state_fields f = sv_state_unpack(next);
            f.vl = vl.rs1;
            f.srcoffs = f.destoffs = f.dsvoffs = 0;
            next = sv_state_pack(f);
        }
    } else {
        sv_setvl_insn insn{};
        insn.rd = vl.rd;
        insn.rs1 = vl.rs1;
        insn.vlmax = vl.vlmax;
        status = sv_setvl_exec(&next, insn, rs1_value, xlen, rd_value);
    }
    if (status == SV_OK) {
        status = sv_csr_write_subvl(&next, vl.subvl);
    }
    if (status == SV_OK) {
        *state = next;
    }
    return status;
}

} // extern "C"
