#!/usr/bin/env bash
# Every SIGILL of SV origin logs, under -d guest_errors, a reason naming
# the rule it broke, one distinct message per cause.  The fixture prints
# "CASE name" before each case; QEMU's log goes to stderr, in order with
# it.  Each case's log lines must contain its message.
#   sigill-reasons.sh QEMU_RISCV64 FIXTURE
set -euo pipefail
qemu=${1:?usage: sigill-reasons.sh QEMU_RISCV64 FIXTURE}
fixture=${2:?usage: sigill-reasons.sh QEMU_RISCV64 FIXTURE}
out=$("$qemu" -cpu rv64,xsv=true -d guest_errors "$fixture" 2>&1) || {
    printf '%s\n' "$out"; echo "FAIL: the fixture failed"; exit 1; }

declare -A want=(
  [vl_mode11]='ILLEGAL_VBLOCK_MALFORMED: VL block mode 11 is reserved (§3.3)'
  [vl_rsvd_bit]='VL block mode 00 with the reserved bit 5 set (§3.3)'
  [overrun]="the last opcode overruns the block's end (§3.5"
  [nested]='nested VBLOCK: a VBLOCK inside a block (§3.5)'
  [zero_parcel]='zero parcel 0x0000 in the opcode area (§3.5)'
  [fmt48_bit6_in]='48-bit opcode with bit 6 set (not P48) inside a block (§3.5)'
  [pred_x0_inv_zero]='predicate entry x0 with inv and zero is reserved (A46)'
  [pred_key_wide]='key bits 6:5 set: keys are x0..x31 / f0..f31 (A28)'
  [pad_nonzero]='non-zero pad byte after the 8-bit predicate table (A11)'
  [opptr_32]='an opcode starts beyond opptr 31, where PCVBLK cannot name it (A13)'
  [vblock2_rsvd]='ILLEGAL_VBLOCK2_RESERVED: VBLOCK2 bits 15:5'
  [tables_overrun]="the header's tables overrun the block: no room for an opcode"
  [branch_inside]='inside its own block (§3.7)'
  [jump_inside]='into the middle of its own block (§3.7)'
  [call_inside]='calls are illegal inside a block (§3.7)'
  [amo_ffirst]='fail-on-first on an AMO (no reading in the spec)'
  [xret_inside]='xRET/WFI/SFENCE inside a block: privileged, U mode'
  [unknown_opcode]='not an RV64GC instruction SV knows (§5)'
  [setvl_bit31]='with bit 31 set: reserved (§2.1)'
  [setvl_vlmax0]='ILLEGAL_SETVL_VLMAX: sv.setvl VLMAX must be 1..XLEN (§2.1, A7)'
  [fmt48_bit6]='48-bit instruction with bit 6 set: reserved, only P48'
  [p48_branch]='ILLEGAL_PREFIX_TYPE: P48/P64 around an opcode of a reserved prefix type (§4.2, A21)'
)
fail=0
seen=0
for name in "${!want[@]}"; do
    # This case's lines: from "CASE name" to the next "CASE".
    lines=$(printf '%s\n' "$out" | awk -v n="CASE $name" '
        $0 == n { on = 1; next } /^CASE / { on = 0 } on')
    if printf '%s\n' "$lines" | grep -qF -- "${want[$name]}"; then
        echo "ok   $name: $(printf '%s\n' "$lines" | grep -F -- "${want[$name]}" | head -1)"
        seen=$((seen + 1))
    else
        echo "FAIL $name: expected '${want[$name]}', logged:"
        printf '%s\n' "$lines" | sed 's/^/    /'
        fail=1
    fi
done
# Every case of the fixture has an expected message.
cases=$(printf '%s\n' "$out" | grep -c '^CASE ' || true)
if [ "$cases" -ne $(( ${#want[@]} + 1 )) ]; then
    echo "FAIL: the fixture ran $cases cases (with the end marker), expected $(( ${#want[@]} + 1 ))"
    fail=1
fi
# The messages are distinct.
dups=$(for m in "${want[@]}"; do echo "$m"; done | sort | uniq -d)
[ -z "$dups" ] || { echo "FAIL: duplicate messages: $dups"; fail=1; }
printf '%s\n' "$out" | grep -E '^sigill_reasons: ' || true
printf '%s\n' "$out" | grep -qE '^sigill_reasons: [0-9]+ checks, 0 failures' || fail=1
echo "sigill-reasons: $seen of ${#want[@]} reasons logged"
exit $fail
