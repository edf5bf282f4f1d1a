/*
 * M-mode program for the migration/snapshot and info-registers tests:
 * puts known values into every SV CSR (through sv.setvl, CSRRWI mvl and
 * plain CSR writes), reports over the virt UART, then parks in a loop so
 * the host can stop, save and restore the machine.
 */
#include "../../linux-user-tests/include/sv.inc"

    .section .text.start
    .globl _start
_start:
    li      a0, 40
    sv_setvl t0, a0, 12             /* MVL 12, VL register t0 = 12 */
    li      t1, 0x2
    csrw    SV_CSR_SUBVL, t1        /* SUBVL 2 */
    li      t1, 0x00123456
    csrw    SV_CSR_SESTATE, t1
    li      t1, 0x00654321
    csrw    SV_CSR_MEPCVBLK, t1
    li      t1, 0x0abcdef0
    csrw    SV_CSR_MESVPSTATE, t1
    li      t1, 0x00000403          /* SVPSTATE: maxvl 3 (MVL 4), vl 16 -> clamped */
    csrw    SV_CSR_SVPSTATE, t1
    la      a1, msg
    li      a2, 0x10000000          /* virt UART0 */
1:  lbu     a3, 0(a1)
    beqz    a3, 2f
    sb      a3, 0(a2)
    addi    a1, a1, 1
    j       1b
2:  wfi
    j       2b

    .section .rodata
msg:
    .asciz "sv-state-park: ready\n"
