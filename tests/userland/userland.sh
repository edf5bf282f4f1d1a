#!/usr/bin/env bash
# Debian trixie's riscv64 userland under the patched qemu-riscv64, in
# three configurations that must give identical, correct output:
#   off       -cpu rv64
#   on        -cpu rv64,xsv=true
#   svstring  -cpu rv64,xsv=true with libsvstring.so preloaded (its
#             LIBSVSTRING_VERBOSE line proves it loaded and chose SV)
# The sysroot is scripts/fetch-userland.sh's (cached); programs run with
# qemu-riscv64 -L SYSROOT, an empty guest PATH and LC_ALL=C.
#
#   userland.sh WORKLOAD QEMU LIBSVSTRING_SO
# WORKLOAD:
#   tools   coreutils (sha256sum, md5sum, b2sum, sort, tr, base64, cut,
#           uniq, wc), gzip and xz: checksums against the host's tools;
#           files the guest compressed are decompressed by the host's
#           gzip/xz, files the host compressed by the guest's
#   sqlite  sqlite3 on 100,000 generated rows (sqlite.sql) against
#           expected.py's plain-Python answers
#   lua     lua5.4 (work.lua) against expected.py
#   python  work.py (hashes, zlib, json, re, unicode, fractions) against
#           the host python's output of the same script, then python's
#           own unittest modules (PY_MODULES below; each must say OK)
set -euo pipefail
workload=${1:?usage: userland.sh tools|sqlite|lua|python QEMU LIBSVSTRING_SO}
qemu=${2:?qemu-riscv64 path}
svstring=$(realpath "${3:?libsvstring.so path}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sysroot=$("$root/scripts/fetch-userland.sh")
[ -x "$sysroot/usr/bin/python3" ] || { echo "FAIL: no python3 in $sysroot"; exit 1; }
[ -f "$svstring" ] || { echo "FAIL: $svstring is missing (build libsvstring)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# Python's unittest modules run in the suite.  Chosen: self-checking,
# no subprocess, a few seconds each under emulation, string- and
# memory-heavy (what libsvstring replaces).  Left out, and why:
#   test_json, test_base64  (their CLI tests start `python -m ...` with
#       subprocess: the child is a riscv64 binary the host cannot exec
#       without binfmt_misc, so they fail in every configuration)
#   test_math, test_statistics, test_re  (pass, but take minutes under
#       emulation; `meson compile -C build bench-userland` runs them)
#   anything with subprocess, threads-with-timing, network or locale
#       assumptions (test_subprocess, test_socket, test_time, ...)
PY_MODULES="test.test_string test.test_textwrap test.test_bisect test.test_binascii test.test_zlib test.test_csv"

CONFIGS="off on svstring"
# guest CONFIG PROGRAM ARGS...: one emulated Debian program.
guest() {
    local config=$1 prog=$2
    shift 2
    local cpu=rv64,xsv=true pre=()
    case $config in
    off) cpu=rv64 ;;
    on) ;;
    svstring) pre=(-E "LD_PRELOAD=$svstring" -E LIBSVSTRING_VERBOSE=1) ;;
    *) echo "bad config $config" >&2; return 2 ;;
    esac
    env -i PATH=/nonexistent LC_ALL=C HOME="$work" \
        "$qemu" -cpu "$cpu" -L "$sysroot" "${pre[@]}" "$sysroot/usr/bin/$prog" "$@"
}

fail() {
    echo "FAIL: $*"
    exit 1
}

# --------------------------------------------------------------- tools
tools_setup() {
    python3 - <<'PY'
import random
r = random.Random(17)
with open("data.txt", "w") as f:
    for i in range(30000):
        f.write("%s %d %s\n" % (r.choice(["ant", "bee", "cat", "dog", "eel"]),
                                r.randrange(100000), "x" * r.randrange(1, 30)))
with open("data.bin", "wb") as f:
    f.write(bytes(r.getrandbits(8) for _ in range(1 << 19)))
PY
    gzip -9 -n -c data.bin > host.gz
    xz -T1 -6 -c data.bin > host.xz
}

tools_run() { # CONFIG: writes the output lines
    local c=$1
    guest "$c" sha256sum data.txt data.bin
    guest "$c" md5sum data.txt data.bin
    guest "$c" b2sum data.bin
    guest "$c" wc data.txt
    echo "sorted $(guest "$c" sort -k2,2n -k1,1 data.txt | guest "$c" sha256sum)"
    echo "upper $(guest "$c" tr a-z A-Z < data.txt | guest "$c" sha256sum)"
    echo "base64 $(guest "$c" base64 data.bin | guest "$c" sha256sum)"
    echo "uniq $(guest "$c" cut -d' ' -f1 data.txt | guest "$c" sort | guest "$c" uniq -c | guest "$c" sha256sum)"
    guest "$c" gzip -9 -n -c data.txt > "guest.$c.gz"
    guest "$c" xz -T1 -6 -c data.txt > "guest.$c.xz"
    echo "gunzip $(guest "$c" gzip -dc host.gz | guest "$c" sha256sum)"
    echo "unxz $(guest "$c" xz -dc host.xz | guest "$c" sha256sum)"
}

tools_expected() {
    sha256sum data.txt data.bin
    md5sum data.txt data.bin
    b2sum data.bin
    wc data.txt
    echo "sorted $(LC_ALL=C sort -k2,2n -k1,1 data.txt | sha256sum)"
    echo "upper $(tr a-z A-Z < data.txt | sha256sum)"
    echo "base64 $(base64 data.bin | sha256sum)"
    echo "uniq $(cut -d' ' -f1 data.txt | LC_ALL=C sort | uniq -c | sha256sum)"
    echo "gunzip $(sha256sum < data.bin)"
    echo "unxz $(sha256sum < data.bin)"
}

tools_check() { # CONFIG: the guest's compressed files, read by the host
    local c=$1
    gzip -t "guest.$c.gz" && gzip -dc "guest.$c.gz" | cmp -s - data.txt ||
        fail "host gzip rejects the file guest gzip wrote ($c)"
    xz -t "guest.$c.xz" && xz -dc "guest.$c.xz" | cmp -s - data.txt ||
        fail "host xz rejects the file guest xz wrote ($c)"
    cmp -s guest.off.gz "guest.$c.gz" || fail "gzip -9 output differs between off and $c"
    cmp -s guest.off.xz "guest.$c.xz" || fail "xz output differs between off and $c"
}

# ------------------------------------------------------ sqlite and lua
sqlite_run() { guest "$1" sqlite3 < "$here/sqlite.sql"; }
sqlite_expected() { python3 "$here/expected.py" sqlite; }
lua_run() { cp "$here/work.lua" . && guest "$1" lua5.4 work.lua 200000; }
lua_expected() { python3 "$here/expected.py" lua 200000; }

# -------------------------------------------------------------- python
python_run() {
    local c=$1
    cp "$here/work.py" .
    guest "$c" python3 work.py 20000
    # unittest: its report goes to stderr; "Ran N tests in T s" loses T
    guest "$c" python3 -m unittest -v $PY_MODULES 2> "unittest.$c" > /dev/null ||
        { tail -n 30 "unittest.$c"; fail "python unittest failed under $c"; }
    grep -v '^libsvstring: ' "unittest.$c" | sed -E 's/^(Ran [0-9]+ tests?) in .*/\1/'
}
python_expected() { python3 "$here/work.py" 20000; }

# ------------------------------------------------------------- driver
case $workload in
tools) tools_setup ;;
sqlite | lua | python) ;;
*) fail "unknown workload $workload" ;;
esac
for c in $CONFIGS; do
    start=$(date +%s%N)
    "${workload}_run" "$c" > "out.$c" 2> "err.$c" ||
        { cat "out.$c" "err.$c" | tail -n 40; fail "$workload under $c exited with an error"; }
    ms=$((($(date +%s%N) - start) / 1000000))
    if [ "$c" = svstring ]; then
        grep -q '^libsvstring: Simple-V string functions (base ' "err.$c" "out.$c" ||
            fail "libsvstring did not load or did not choose SV: $(head -n 3 "err.$c")"
    fi
    # stderr may only hold libsvstring's line (one per process)
    if grep -v '^libsvstring: ' "err.$c" | grep -q .; then
        head -n 20 "err.$c"
        fail "$workload under $c wrote to stderr"
    fi
    echo "ok: $workload under $c ($(wc -l < "out.$c") lines, $ms ms)"
done
for c in $CONFIGS; do
    if [ "$c" = off ]; then continue; fi
    diff -u out.off "out.$c" > "diff.$c" || { head -n 40 "diff.$c"; fail "$workload output differs between off and $c"; }
    if [ "$workload" = tools ]; then tools_check "$c"; fi
done
if [ "$workload" = tools ]; then tools_check off; fi

# Correct, not just identical.
"${workload}_expected" > expected
if [ "$workload" = python ]; then
    head -n "$(wc -l < expected)" out.off > out.script
    diff -u expected out.script || fail "python work.py differs from the host python's answers"
    tail -n 1 out.off | grep -qE '^OK( \(skipped=[0-9]+\))?$' || fail "unittest did not end with OK: $(tail -n 1 out.off)"
    echo "ok: python unittest $(grep -E '^Ran [0-9]+ tests' out.off) $(tail -n 1 out.off) in every configuration"
else
    diff -u expected out.off || fail "$workload output differs from the independently computed answers"
fi
echo "ok: $workload identical in $(echo $CONFIGS | wc -w) configurations and equal to the expected answers"
