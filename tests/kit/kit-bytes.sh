#!/bin/sh
# Assembles every program of the repository that uses the assembler kit
# (linux-user-tests/include/sv.inc) to an object file and prints, per
# object, a checksum of the contents of its allocated sections (debug info
# and symbol tables excluded; relocations included: they follow sv.inc's line numbers).  Run it
# before and after a kit change and diff the output: a kit change that
# only adds checks must not change a single byte.
#   usage: kit-bytes.sh SRCDIR OUTDIR
set -eu
src=$1
out=$2
cc=${CC:-riscv64-linux-gnu-gcc}
objdump=${OBJDUMP:-riscv64-linux-gnu-objdump}
inc=$src/linux-user-tests/include
mkdir -p "$out"
status=0
files=$(cd "$src" && grep -l -E 'sv_vblock_begin|svp_emit|sv_setvl|sv\.h|sv\.inc' \
    linux-user-tests/*.c tests/qemu/*.c tests/plugin/*.c bench/*.c \
    tests/system/*.S docs/examples/*.c docs/examples/*.S 2>/dev/null | sort)
for f in $files; do
    o=$out/$(echo "$f" | tr / _).o
    case $f in
    tests/system/*)
        flags="-march=rv64gc -mabi=lp64d -mcmodel=medany -I $inc -Wa,-I$inc";;
    *)
        flags="-O2 -march=rv64gc -I $inc -Wa,-I$inc";;
    esac
    extra=
    case $f in tests/plugin/*) extra=-pthread;; esac
    # shellcheck disable=SC2086
    if ! $cc $flags $extra -c "$src/$f" -o "$o"; then echo "$f FAILED"; status=1; continue; fi
    secs=$($objdump -h "$o" | awk '/^ *[0-9]+ /{n=$2} /ALLOC/{print n}' | sort -u)
    sum=$( (for s in $secs; do $objdump -s -j "$s" "$o" | tail -n +4; done
            # labels made with \@ are renumbered by any new macro
            $objdump -r "$o" | tail -n +4 |
                sed -E 's/([A-Za-z_])[0-9]+([-+]0x[0-9a-f]+)?$/\1#\2/') | md5sum | cut -c1-32)
    echo "$f $sum"
done
exit $status
