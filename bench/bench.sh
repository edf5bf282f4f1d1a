#!/bin/sh
# bench.sh QEMU_RISCV64 SV_BENCH: runs the SV-vs-scalar benchmark under the
# patched qemu-riscv64 (the program measures both sides in one run).
set -eu
exec "$1" -cpu rv64,xsv=true "$2"
