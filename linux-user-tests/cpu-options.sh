#!/bin/sh
# cpu-options.sh QEMU PROG: the xsv CPU property's checks (contract C2,
# docs/sv-state.md): V and Zve* are refused, C is required, each with
# a message naming xsv and the clashing option; the accepted CPU runs
# PROG (which must exit 0 under -cpu rv64,xsv=true).
#
# SPDX-License-Identifier: GPL-2.0-or-later

qemu=${1:?usage: cpu-options.sh QEMU PROG}
prog=${2:?usage: cpu-options.sh QEMU PROG}
checks=0
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# refused CPU WORD-REGEX: exit status 1 and a message with "xsv" and the
# option (as a whole word, case-insensitive).
refused() {
    cpu=$1
    word=$2
    checks=$((checks + 3))
    out=$("$qemu" -cpu "$cpu" "$prog" 2>&1)
    rc=$?
    [ "$rc" -eq 1 ] || fail "-cpu $cpu: exit status $rc, expected 1"
    printf '%s\n' "$out" | grep -qi 'xsv' ||
        fail "-cpu $cpu: message does not mention xsv: $out"
    printf '%s\n' "$out" | grep -qiE "(^|[^a-z0-9])($word)([^a-z0-9]|\$)" ||
        fail "-cpu $cpu: message does not mention $word: $out"
    echo "-cpu $cpu: exit $rc: $out"
}

refused rv64,xsv=true,v=true 'v|zve[0-9a-z]*'
refused rv64,xsv=true,zve32x=true 'v|zve[0-9a-z]*'
refused rv64,xsv=true,zve64d=true 'v|zve[0-9a-z]*'
refused rv64,xsv=true,c=false 'c'

# rv64 has H by default; xsv accepts it (docs/sv-state.md).
for cpu in rv64,xsv=true rv64,xsv=true,h=true; do
    checks=$((checks + 1))
    out=$("$qemu" -cpu "$cpu" "$prog" 2>&1)
    rc=$?
    [ "$rc" -eq 0 ] || fail "-cpu $cpu: exit status $rc: $out"
done

echo "cpu-options: $checks checks, $failures failures"
[ "$failures" -eq 0 ]
