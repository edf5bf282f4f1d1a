#!/bin/sh
# The backend-agreement test (docs/sv-engine.md): the same seeded random
# VBLOCKs (fuzz_vblock in digest mode) under each SV_BACKEND must leave
# the same state, round by round.  Rounds that ended by SIGALRM (a block
# still running after 20 ms: timing, not semantics) in any run are left
# out, and so are rounds that two runs under SV_BACKEND=auto do not
# reproduce (none is known: seed 13's round 3466 read the heap through
# the program's own gp, placed by ASLR, until fuzz_vblock's digest mode
# gave blocks scratch pointers there); at least 80% of the rounds must
# be compared.
# With MODE "alu", fuzz_vblock generates well-formed integer ALU blocks
# (the shapes of the gvec and inline backends) instead; with "run",
# unit-stride loads and stores near page ends (the inline one-page path,
# which SV_BACKEND=helper and general leave out, and its fallback); with
# "fp", FP element loops over special values under random rounding modes
# (the specialised FP helpers, which general leaves out); with "shape",
# the shapes no fast path was built for (mixed widths and untagged
# scalars, data-dependent fail-on-first, indexed and strided memory at
# page edges, twin predication, SUBVL: the general loop everywhere today,
# the compiled path and its specialisations later).
#   backends.sh QEMU FUZZ_VBLOCK CPU ROUNDS SEED [MODE]
set -eu
qemu=$1 fuzz=$2 cpu=$3 rounds=$4 seed=$5 mode=${6:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# auto twice (reproducibility), then every other SV_BACKEND value.
backends="auto auto2 nogvec helper general compiled"
for b in $backends; do
    SV_BACKEND=${b%2} "$qemu" -cpu "$cpu" "$fuzz" "$rounds" "$seed" digest \
        $mode > "$tmp/$b" || {
        echo "backends: fuzz_vblock failed under SV_BACKEND=$b" >&2
        exit 1
    }
done
# Columns: round signal hash.  SIGALRM is 14.
set -- $backends
n=$#
for b in $backends; do set -- "$@" "$tmp/$b"; done
shift $n
awk -v rounds="$rounds" -v names="$backends" '
    FNR == 1 { file++ }
    NF == 3 && $1 ~ /^[0-9]+$/ {
        sig[file, $1] = $2; hash[file, $1] = $3; seen[$1] = 1
    }
    END {
        nf = split(names, name, " ")
        compared = 0; bad = 0; unrepro = 0
        for (r in seen) {
            skip = 0
            for (f = 1; f <= nf; f++) {
                if (!((f, r) in sig)) { skip = 2 }
                else if (sig[f, r] == 14) { skip = skip ? skip : 1 }
            }
            if (skip == 2) { print "round " r ": missing in a run"; bad++; continue }
            if (skip) continue
            if (hash[1, r] != hash[2, r] || sig[1, r] != sig[2, r]) {
                unrepro++
                continue
            }
            compared++
            for (f = 3; f <= nf; f++) {
                if (sig[f, r] != sig[1, r] || hash[f, r] != hash[1, r]) {
                    if (bad < 20)
                        print "round " r ": " name[f] " " sig[f, r] " " hash[f, r] \
                              " vs auto " sig[1, r] " " hash[1, r]
                    bad++
                }
            }
        }
        printf "backends: %d of %d rounds compared, %d mismatches (%d not reproducible)\n", compared, rounds, bad, unrepro
        exit (bad > 0 || compared * 10 < rounds * 8) ? 1 : 0
    }' "$@"
