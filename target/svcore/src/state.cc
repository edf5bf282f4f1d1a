// STATE, SVPSTATE and PCVBLK: field layouts and CSR write rules
// (§1.3-§1.8, A1-A5, A12, A13, A25, A53; docs/sv-state.md).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include <algorithm>

#include "bits.h"
#include "svcore.h"

namespace
{

using namespace svcore;

// Pack and unpack name every field of the §1.6 table (A3) once each.
// They run on every SV element loop, so they are written out field by
// field: GCC does not fold a loop over pointers to members.
constexpr unsigned max_vl_reg = 31; // §2.2, A5: x32+ only via redirection

sv_state_fields unpack(uint32_t word)
{
    sv_state_fields f{};
    f.maxvl = static_cast<uint8_t>(state::maxvl.extract(word));
    f.vl = static_cast<uint8_t>(state::vl.extract(word));
    f.srcoffs = static_cast<uint8_t>(state::srcoffs.extract(word));
    f.destoffs = static_cast<uint8_t>(state::destoffs.extract(word));
    f.subvl = static_cast<uint8_t>(state::subvl.extract(word));
    f.dsvoffs = static_cast<uint8_t>(state::dsvoffs.extract(word));
    return f;
}

uint32_t pack(const sv_state_fields &f)
{
    return state::maxvl.encode(f.maxvl) | state::vl.encode(f.vl) |
           state::srcoffs.encode(f.srcoffs) |
           state::destoffs.encode(f.destoffs) | state::subvl.encode(f.subvl) |
           state::dsvoffs.encode(f.dsvoffs);
}

// svcore.h's exported layout is this field table.
static_assert(SV_STATE_MAXVL_MASK == state::maxvl.mask() &&
              SV_STATE_MAXVL_SHIFT == state::maxvl.lsb);
static_assert(SV_STATE_VL_MASK == state::vl.mask() &&
              SV_STATE_VL_SHIFT == state::vl.lsb);
static_assert(SV_STATE_SRCOFFS_MASK == state::srcoffs.mask() &&
              SV_STATE_SRCOFFS_SHIFT == state::srcoffs.lsb);
static_assert(SV_STATE_DESTOFFS_MASK == state::destoffs.mask() &&
              SV_STATE_DESTOFFS_SHIFT == state::destoffs.lsb);
static_assert(SV_STATE_SUBVL_MASK == state::subvl.mask() &&
              SV_STATE_SUBVL_SHIFT == state::subvl.lsb);
static_assert(SV_STATE_DSVOFFS_MASK == state::dsvoffs.mask() &&
              SV_STATE_DSVOFFS_SHIFT == state::dsvoffs.lsb);
static_assert(SV_STATE_OFFS_MASK ==
              (state::srcoffs.mask() | state::destoffs.mask() |
               state::dsvoffs.mask()));
static_assert(SV_STATE_OFFS_SUBVL_MASK ==
              (SV_STATE_OFFS_MASK | state::subvl.mask()));
static_assert(SV_STATE_RESERVED_MASK == uint32_t(state::reserved.mask()));
static_assert(SV_STATE_ELEM_OFFS_UNIT ==
              (state::srcoffs.encode(1) | state::destoffs.encode(1)));

// §1.4, A39, A40, A50: x0 means "vectorisation off", i.e. one element.
unsigned effective_vl(unsigned vl_reg, unsigned maxvl, uint64_t vl_reg_value)
{
    if (vl_reg == 0) {
        return 1;
    }
    return static_cast<unsigned>(std::min<uint64_t>(vl_reg_value, maxvl + 1u));
}

// §1.3, §1.6: MVL is 1..XLEN, so maxvl (MVL-1) is at most XLEN-1.
uint8_t clamp_maxvl(uint8_t maxvl, unsigned xlen)
{
    return static_cast<uint8_t>(std::min<unsigned>(maxvl, xlen - 1));
}

// §1.6: the loop offsets only ever hold 0..VL-1 and 0..SUBVL-1.
void clamp_offsets(sv_state_fields &f, unsigned vl)
{
    const unsigned last = vl == 0 ? 0 : vl - 1;
    f.srcoffs = static_cast<uint8_t>(std::min<unsigned>(f.srcoffs, last));
    f.destoffs = static_cast<uint8_t>(std::min<unsigned>(f.destoffs, last));
    f.dsvoffs = std::min(f.dsvoffs, f.subvl);
}

sv_pcvblk_fields pcvblk_unpack(uint32_t word)
{
    sv_pcvblk_fields f{};
    f.status = pcvblk::status.extract(word);
    f.vlset = pcvblk::vlset.extract(word);
    f.nnn = pcvblk::nnn.extract(word);
    f.hdr11_7 = pcvblk::hdr11_7.extract(word);
    f.vblock2 = pcvblk::vblock2.extract(word);
    f.opptr = pcvblk::opptr.extract(word);
    return f;
}

} // namespace

extern "C" {

bool sv_is_csr(unsigned csrno)
{
    switch (csrno) {
    case SV_CSR_MVL:
    case SV_CSR_VL:
    case SV_CSR_SUBVL:
    case SV_CSR_STATE:
    case SV_CSR_SVPSTATE:
    case SV_CSR_PCVBLK:
    case SV_CSR_SESTATE:
    case SV_CSR_SEPCVBLK:
    case SV_CSR_SESVPSTATE:
    case SV_CSR_MESTATE:
    case SV_CSR_MEPCVBLK:
    case SV_CSR_MESVPSTATE:
        return true;
    default:
        return false;
    }
}

sv_state_fields sv_state_unpack(uint32_t state)
{
    return unpack(state);
}

uint32_t sv_state_pack(sv_state_fields fields)
{
    return pack(fields);
}

unsigned sv_state_mvl(uint32_t state)
{
    return state::maxvl.extract(state) + 1;
}

unsigned sv_state_subvl(uint32_t state)
{
    return state::subvl.extract(state) + 1;
}

unsigned sv_state_vl_reg(uint32_t state)
{
    return state::vl.extract(state);
}

unsigned sv_effective_vl(uint32_t state, uint64_t vl_reg_value)
{
    // Runs before every element loop: only the two fields it needs.
    return effective_vl(state::vl.extract(state), state::maxvl.extract(state),
                        vl_reg_value);
}

uint32_t sv_state_set_offsets(uint32_t state, unsigned srcoffs,
                              unsigned destoffs, unsigned dsvoffs)
{
    state = state::srcoffs.deposit(state, srcoffs);
    state = state::destoffs.deposit(state, destoffs);
    return state::dsvoffs.deposit(state, dsvoffs);
}

bool sv_state_offsets_zero(uint32_t state)
{
    return !state::srcoffs.any(state) && !state::destoffs.any(state) &&
           !state::dsvoffs.any(state);
}

sv_status sv_csr_write_mvl(uint32_t *state, uint64_t value, unsigned xlen)
{
    // §1.3, A4: 0 and > XLEN trap; nothing but maxvl changes.
    if (value == 0 || value > xlen) {
        return SV_ILLEGAL_MVL_RANGE;
    }
    *state = state::maxvl.deposit(*state, value - 1);
    return SV_OK;
}

sv_status sv_csr_write_vl(uint32_t *state, uint64_t value, const uint64_t *gpr)
{
    // A5: the value is a register number whose contents must fit MVL.
    if (value > max_vl_reg) {
        return SV_ILLEGAL_VL_REGISTER;
    }
    sv_state_fields f = unpack(*state);
    const auto reg = static_cast<unsigned>(value);
    // x0 is "vectorisation off", so its (ignored) contents never trap.
    if (reg != 0 && gpr[reg] > f.maxvl + 1u) {
        return SV_ILLEGAL_VL_EXCEEDS_MVL;
    }
    // §1.6 offset rule 1: writing VL restarts the loop.
    f.vl = static_cast<uint8_t>(reg);
    f.srcoffs = f.destoffs = f.dsvoffs = 0;
    *state = pack(f);
    return SV_OK;
}

sv_status sv_csr_write_subvl(uint32_t *state, uint64_t value)
{
    // §1.5: SUBVL is 1..4.
    if (value == 0 || value > 4) {
        return SV_ILLEGAL_SUBVL_RANGE;
    }
    sv_state_fields f = unpack(*state);
    f.subvl = static_cast<uint8_t>(value - 1);
    f.dsvoffs = std::min(f.dsvoffs, f.subvl);
    *state = pack(f);
    return SV_OK;
}

sv_status sv_csr_write_state(uint32_t *state, uint64_t value,
                             const uint64_t *gpr, unsigned xlen)
{
    // §1.7: unimplemented bits trap on write.
    if (state::reserved.any(value)) {
        return SV_ILLEGAL_STATE_RESERVED;
    }
    sv_state_fields f = unpack(static_cast<uint32_t>(value));
    if (f.vl > max_vl_reg) {
        return SV_ILLEGAL_VL_REGISTER;
    }
    // §1.6: clamp MVL first, so the offsets see the VL after the write
    // (effective_vl ignores gpr[0] for x0).
    f.maxvl = clamp_maxvl(f.maxvl, xlen);
    clamp_offsets(f, effective_vl(f.vl, f.maxvl, gpr[f.vl]));
    *state = pack(f);
    return SV_OK;
}

sv_status sv_csr_write_svpstate(uint32_t *svpstate, uint64_t value,
                                unsigned xlen)
{
    if (state::reserved.any(value)) {
        return SV_ILLEGAL_STATE_RESERVED;
    }
    sv_state_fields f = unpack(static_cast<uint32_t>(value));
    f.maxvl = clamp_maxvl(f.maxvl, xlen);
    // A25: vl is VL-1, so VL in 1..MVL means vl in 0..maxvl.
    f.vl = std::min(f.vl, f.maxvl);
    clamp_offsets(f, f.vl + 1u);
    *svpstate = pack(f);
    return SV_OK;
}

unsigned sv_svpstate_vl(uint32_t svpstate)
{
    return state::vl.extract(svpstate) + 1;
}

static_assert(pcvblk::status.lsb == 30 && pcvblk::status.width == 2,
              "svcore.h's sv_pcvblk_status reads bits 31:30");

sv_pcvblk_fields sv_pcvblk_unpack(uint32_t pcvblk)
{
    return pcvblk_unpack(pcvblk);
}

uint32_t sv_pcvblk_pack(sv_pcvblk_fields f)
{
    return pcvblk::status.encode(f.status) | pcvblk::vlset.encode(f.vlset) |
           pcvblk::nnn.encode(f.nnn) | pcvblk::hdr11_7.encode(f.hdr11_7) |
           pcvblk::vblock2.encode(f.vblock2) | pcvblk::opptr.encode(f.opptr);
}

uint16_t sv_pcvblk_header(uint32_t word)
{
    // A12: 25:21 are header bits 11:7 as they are; 6:0 is implied.
    return static_cast<uint16_t>(
        header::major.encode(header::vblock_major) |
        header::bits11_7.encode(pcvblk::hdr11_7.extract(word)) |
        header::nnn.encode(pcvblk::nnn.extract(word)) |
        header::vlset.encode(pcvblk::vlset.extract(word)));
}

sv_status sv_csr_write_pcvblk(uint32_t *pcvblk, uint64_t value)
{
    // §1.8: only a block that is executing opcodes can be jumped inside.
    const sv_pcvblk_fields f = pcvblk_unpack(*pcvblk);
    if (f.status != SV_PCVBLK_EXECUTING) {
        return SV_ILLEGAL_PCVBLK_INACTIVE;
    }
    // A53: the whole value is the new opptr; it must fit opptr's 5 bits
    // (A13) and name a halfword of the opcode area.
    sv_vblock_layout layout;
    if (sv_vblock_layout_decode(sv_pcvblk_header(*pcvblk), f.vblock2,
                                &layout) != SV_OK ||
        value > pcvblk::opptr.max() || 2 * value >= layout.opcodes_bytes) {
        return SV_ILLEGAL_PCVBLK_RANGE;
    }
    *pcvblk = pcvblk::opptr.deposit(*pcvblk, value);
    return SV_OK;
}

} // extern "C"
