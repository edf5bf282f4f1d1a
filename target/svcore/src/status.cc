// sv_status_name: stable names for logs, test output and svprof.
//
// SPDX-License-Identifier: GPL-2.0-or-later
#include "svcore.h"

namespace
{

// Indexed by sv_status; the static_assert keeps it in step with the enum.
constexpr const char *status_names[] = {
    "OK",
    "NEED_MORE_BYTES",
    "ILLEGAL_MVL_RANGE",
    "ILLEGAL_VL_REGISTER",
    "ILLEGAL_VL_EXCEEDS_MVL",
    "ILLEGAL_SUBVL_RANGE",
    "ILLEGAL_STATE_RESERVED",
    "ILLEGAL_PCVBLK_INACTIVE",
    "ILLEGAL_PCVBLK_RANGE",
    "ILLEGAL_SETVL_RESERVED",
    "ILLEGAL_SETVL_VLMAX",
    "ILLEGAL_VBLOCK_MALFORMED",
    "ILLEGAL_VBLOCK2_RESERVED",
    "ILLEGAL_RESERVED_LENGTH",
    "ILLEGAL_PREFIX_TYPE",
    "ILLEGAL_PREFIX_FIELD",
    "ILLEGAL_PREFIX_VLTYP",
};
static_assert(sizeof(status_names) / sizeof(status_names[0]) == SV_STATUS_COUNT,
              "one name per sv_status");

// Indexed by sv_status: what the status means, naming the rule
// (docs/spec.md), for log lines.
constexpr const char *status_reasons[] = {
    "no error",
    "more instruction bytes needed",
    "MVL must be 1..XLEN (§1.3)",
    "VL must name x0..x31 (§2.2, A5)",
    "the VL register's contents exceed MVL (A5)",
    "SUBVL must be 1..4 (§1.5)",
    "reserved STATE/SVPSTATE bits set, or a field out of range (§1.6, "
    "§1.7)",
    "PCVBLK written outside a VBLOCK (§1.8)",
    "new PCVBLK opptr outside the block's opcodes (§1.8, A53)",
    "sv.setvl with bit 31 set is reserved (§2.1)",
    "sv.setvl VLMAX must be 1..XLEN (§2.1, A7)",
    "malformed VBLOCK (§3.2-§3.5)",
    "VBLOCK2 bits 15:5 must be 0 (§3.4)",
    "a length encoding SV does not define (§3.1, §11.1)",
    "P48/P64 around an opcode of a reserved prefix type (§4.2, A21)",
    "reserved P48/P64 prefix bits or predicate encoding (§4.2)",
    "reserved VLtyp or VL source (§4.4)",
};
static_assert(sizeof(status_reasons) / sizeof(status_reasons[0]) ==
                  SV_STATUS_COUNT,
              "one reason per sv_status");

} // namespace

extern "C" const char *sv_status_reason(sv_status status)
{
    const auto i = static_cast<unsigned>(status);
    return i < SV_STATUS_COUNT ? status_reasons[i] : "unknown status";
}

extern "C" const char *sv_status_name(sv_status status)
{
    // The enum may hold any int coming from C; never index out of range.
    const auto i = static_cast<unsigned>(status);
    return i < SV_STATUS_COUNT ? status_names[i] : "UNKNOWN";
}
