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

} // namespace

extern "C" const char *sv_status_name(sv_status status)
{
    // The enum may hold any int coming from C; never index out of range.
    const auto i = static_cast<unsigned>(status);
    return i < SV_STATUS_COUNT ? status_names[i] : "UNKNOWN";
}
