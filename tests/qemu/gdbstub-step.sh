#!/usr/bin/env bash
# gdb-multiarch steps a VBLOCK through QEMU's linux-user gdbstub, with the
# repository's helper tools/gdb/sv-gdb.py (docs/guide.md, "gdb"):
#   into    stepi at the block's start runs the VL block and the first
#           inner opcode: pc stays, PCVBLK names the next opcode;
#   through each stepi runs one more inner opcode (vector registers and
#           memory change one opcode at a time);
#   out of  the last opcode: pc after the block, PCVBLK 0;
#   and a continue from a breakpoint on the block's start (gdb steps over
#   it first) runs the program to its normal end, which checks itself;
#   a breakpoint on an inner opcode's address stops before that opcode.
# Without the helper, gdb's own software single step still fails on the
# block (the reason the helper exists; see tools/gdb/sv-gdb.py).
#   gdbstub-step.sh QEMU GDB_STEP_PROGRAM HELPER
set -euo pipefail
qemu=${1:?usage: gdbstub-step.sh QEMU_RISCV64 PROGRAM HELPER}
prog=${2:?usage: gdbstub-step.sh QEMU_RISCV64 PROGRAM HELPER}
helper=${3:?usage: gdbstub-step.sh QEMU_RISCV64 PROGRAM HELPER}
# qemu-system-riscv64: PROGRAM is a bare-metal ELF for -M virt -bios none
# (tests/system/sv_gdb_step.S); it prints "<name>: PASS" and exits.
system=0
case "$(basename "$qemu")" in *system*) system=1 ;; esac
gdb=$(command -v gdb-multiarch) ||
    { echo "gdb-multiarch is missing (scripts/install-deps.sh)"; exit 1; }
free_port() {
    python3 -c 'import socket; s = socket.socket()
s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
qpid=
trap '[ -z "$qpid" ] || kill $qpid 2>/dev/null || true' EXIT
# run_gdb OUTFILE SCRIPT [GDB-ARGS...]: one QEMU under -g, one batch gdb
# session that connects and then runs SCRIPT.
run_gdb() {
    local out=$1 script=$2 port
    shift 2
    port=$(free_port)
    if [ "$system" = 1 ]; then
        "$qemu" -M virt -cpu rv64,xsv=true -bios none -kernel "$prog" \
            -display none -monitor none -serial stdio -S \
            -gdb "tcp:127.0.0.1:$port" > "$out.prog" 2>&1 &
    else
        "$qemu" -g "$port" -cpu rv64,xsv=true "$prog" > "$out.prog" 2>&1 &
    fi
    qpid=$!
    sleep 0.3
    timeout 60 "$gdb" -nx -batch -ex 'set architecture riscv:rv64' \
        -ex 'set confirm off' -ex 'set sysroot /nonexistent' "$@" \
        -ex "target remote 127.0.0.1:$port" -x "$script" "$prog" \
        > "$out" 2>&1 || true
    wait $qpid 2>/dev/null || true
    qpid=
}
fail=0
expect() { # FILE REGEX WHAT
    if grep -qE "$2" "$1"; then
        echo "ok   $3"
    else
        echo "FAIL $3"
        fail=1
    fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -z "$qpid" ] || kill $qpid 2>/dev/null || true' EXIT

# Each step prints: STEP n pc, whether pc is the block's start, opptr
# (PCVBLK & 0x1f), VL (t4), x40..x43 (t0's elements), v[0..3], a5.
cat > "$tmp/steps.gdb" <<'GDB'
define svstep_show
  printf "STEP %d off=%ld op=%d vl=%ld ", $arg0, \
    $pc - (long)&gdb_step_vblock, $pcvblk & 0x1f, $t4
  printf "x=%ld,%ld,%ld,%ld ", $x40, $x41, $x42, $x43
  set $v = (long *)&gdb_step_v
  printf "v=%ld,%ld,%ld,%ld ", $v[0], $v[1], $v[2], $v[3]
  printf "a5=%ld\n", $a5
end
break *gdb_step_vblock
continue
svstep_show 0
stepi
svstep_show 1
x/i $pc
stepi
svstep_show 2
stepi
svstep_show 3
stepi
svstep_show 4
stepi
printf "AFTER %d\n", $pc == (long)&gdb_step_after + 4
continue
svstep_show 6
continue
GDB
run_gdb "$tmp/helper" "$tmp/steps.gdb" -x "$helper"
o=$tmp/helper
expect "$o" '^STEP 0 off=0 op=0 vl=[0-9-]+ x=' \
    "stopped at the block's start, PCVBLK 0"
expect "$o" '^STEP 1 off=14 op=2 vl=4 x=1,2,3,4 v=1,2,3,4 a5=0$' \
    "into: VL block and ld done, gdb's pc is the addi's address (opptr 2)"
sp='[[:space:]]+'
at='<gdb_step_(block\+18|vblock\+14)>:'
expect "$o" "^=> 0x[0-9a-f]+ ${at}${sp}add${sp}t0,t0,1" \
    "x/i \$pc inside the block shows the next inner opcode"
expect "$o" '^STEP 2 off=18 op=4 vl=4 x=2,3,4,5 v=1,2,3,4 a5=0$' \
    "through: the vector addi alone (memory unchanged), pc at the sd"
expect "$o" '^STEP 3 off=22 op=6 vl=4 x=2,3,4,5 v=2,3,4,5 a5=0$' \
    "through: the vector sd alone, pc at the last opcode"
expect "$o" '^STEP 4 off=26 op=0 vl=4 x=2,3,4,5 v=2,3,4,5 a5=7$' \
    "out of: the scalar addi, pc after the block, PCVBLK 0"
expect "$o" '^AFTER 1$' "the next stepi is an ordinary instruction (csrw)"
expect "$o" '^STEP 6 off=0 op=0 vl=[0-9-]+ x=[0-9,-]+ v=2,3,4,5 a5=7$' \
    "continue: the breakpoint on the block's start hits again (second call)"
expect "$o" 'exited normally' \
    "continue over a breakpoint on a block runs the program to its end"
expect "$o.prog" '^(gdb_step: ok|sv_gdb_step: PASS)$' \
    "the program's own checks pass"
if [ $fail != 0 ]; then
    echo "--- gdb with the helper:"; cat "$o"; cat "$o.prog"
fi

# A breakpoint on an inner opcode (the sd, 18 bytes into the block): it
# stops before that opcode, once per call.
{
    sed -n '/^define svstep_show/,/^end/p' "$tmp/steps.gdb"
    echo 'break *((char *)&gdb_step_vblock + 18)'
    echo 'continue'
    echo 'svstep_show 10'
    echo 'continue'
    echo 'svstep_show 11'
    echo 'continue'
} > "$tmp/inner.gdb"
run_gdb "$tmp/inner" "$tmp/inner.gdb" -x "$helper"
o=$tmp/inner
expect "$o" '^Breakpoint 1, 0x[0-9a-f]+ in gdb_step_' \
    "a breakpoint on an inner opcode is reported as that breakpoint"
expect "$o" '^STEP 10 off=18 op=4 vl=4 x=2,3,4,5 v=1,2,3,4 a5=0$' \
    "it stops before the opcode: the ld and addi done, the sd not"
expect "$o" '^STEP 11 off=18 op=4 vl=4 x=3,4,5,6 v=2,3,4,5 a5=7$' \
    "continue: the same breakpoint in the second call"
expect "$o" 'exited normally' "then the program runs to its end"
if [ $fail != 0 ]; then
    echo "--- gdb, inner breakpoint:"; cat "$o"; cat "$o.prog"
fi

# Without the helper: gdb's software single step reads the block as one
# integer.  If this ever passes, gdb was fixed: revisit tools/gdb.
printf '%s\n' 'break *gdb_step_vblock' continue stepi kill > "$tmp/plain.gdb"
run_gdb "$tmp/plain" "$tmp/plain.gdb"
expect "$tmp/plain" 'not available on integers of more than 8 bytes' \
    "without the helper, gdb 13's software single step fails on a block"
[ $fail = 0 ]
