// svcore internal: printf into a std::string, for the assembler's and
// the formatter's text (neither is on a hot path).
//
// SPDX-License-Identifier: GPL-2.0-or-later
#ifndef SVCORE_STRFMT_H
#define SVCORE_STRFMT_H

#include <cstdarg>
#include <cstdio>
#include <string>

namespace svcore
{

inline std::string strfmt(const char *f, ...)
    __attribute__((format(printf, 1, 2)));
inline std::string strfmt(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    va_list again;
    va_copy(again, ap);
    const int n = vsnprintf(nullptr, 0, f, ap);
    va_end(ap);
    std::string s(n > 0 ? static_cast<size_t>(n) : 0, '\0');
    if (n > 0) {
        vsnprintf(s.data(), s.size() + 1, f, again);
    }
    va_end(again);
    return s;
}

} // namespace svcore

#endif
