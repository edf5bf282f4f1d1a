#!/usr/bin/env bash
# The project's C and C++ (and the translator's .c.inc files) follow one
# clang-format config (.clang-format).
# Fix with: scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find target/svcore target/riscv/sv tests linux-user-tests plugin bench tools libsvstring \
    -type f \( -name '*.c' -o -name '*.cc' -o -name '*.h' -o -name '*.c.inc' \) | sort)
if [ "${1:-}" = --fix ]; then
    clang-format -i "${files[@]}"
    exit 0
fi
clang-format --dry-run --Werror "${files[@]}"
echo "ok: ${#files[@]} files formatted"
