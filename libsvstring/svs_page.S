/*
 * libsvstring.so's code starts a page: this empty, page-aligned .text
 * is the first input section of the library's link (libsvstring/
 * meson.build), so svstring.S's functions and svstring.c's standard
 * names after them (about 3 KiB) share one page, and every direct jump
 * between them (a standard name into its svs_ function, a branch inside
 * one) stays inside it.  QEMU chains translation blocks directly only
 * within a page; a jump to another page looks the next block up at run
 * time (about 190 host instructions).  An empty section: gas would pad
 * a section holding code to its alignment.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .text
    .option norelax
    .p2align 12

.section .note.GNU-stack, "", @progbits
