#!/bin/sh
# The fused-load+branch test (docs/sv-engine.md): fuzz_vblock's "fuse"
# blocks (a unit-stride load, trap-ffirst or not, and a vector branch on
# what it loaded, over random bytes ending at an unmapped page) under
# SV_BACKEND=auto (fused), nofuse and general must leave the same state,
# round by round: signal, fault address, registers, SV record.  Rounds
# ended by SIGALRM in any run, or that two auto runs do not reproduce,
# are left out; at least 80% must be compared (as backends.sh).
#   fuse.sh QEMU FUZZ_VBLOCK CPU ROUNDS SEED
set -eu
qemu=$1 fuzz=$2 cpu=$3 rounds=$4 seed=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for b in auto auto2 nofuse general; do
    SV_BACKEND=${b%2} "$qemu" -cpu "$cpu" "$fuzz" "$rounds" "$seed" \
        digest fuse > "$tmp/$b" || {
        echo "fuse: fuzz_vblock failed under SV_BACKEND=$b" >&2
        exit 1
    }
done
# Columns: round signal hash.  SIGALRM is 14.
awk -v rounds="$rounds" '
    FNR == 1 { file++ }
    NF == 3 && $1 ~ /^[0-9]+$/ {
        sig[file, $1] = $2; hash[file, $1] = $3; seen[$1] = 1
    }
    END {
        names[1] = "auto"; names[2] = "auto"; names[3] = "nofuse"
        names[4] = "general"
        compared = 0; bad = 0; unrepro = 0
        for (r in seen) {
            skip = 0
            for (f = 1; f <= 4; f++) {
                if (!((f, r) in sig)) { skip = 2 }
                else if (sig[f, r] == 14) { skip = skip ? skip : 1 }
            }
            if (skip == 2) {
                print "round " r ": missing in a run"; bad++; continue
            }
            if (skip) continue
            if (hash[1, r] != hash[2, r] || sig[1, r] != sig[2, r]) {
                unrepro++
                continue
            }
            compared++
            for (f = 3; f <= 4; f++) {
                if (sig[f, r] != sig[1, r] || hash[f, r] != hash[1, r]) {
                    if (bad < 20)
                        print "round " r ": " names[f] " " sig[f, r] " " \
                              hash[f, r] \
                              " vs auto " sig[1, r] " " hash[1, r]
                    bad++
                }
            }
        }
        printf "fuse: %d of %d rounds compared, %d mismatches " \
               "(%d not reproducible)\n", compared, rounds, bad, unrepro
        exit (bad > 0 || compared * 10 < rounds * 8) ? 1 : 0
    }' "$tmp/auto" "$tmp/auto2" "$tmp/nofuse" "$tmp/general"
