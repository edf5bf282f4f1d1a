#!/usr/bin/env python3
"""Writes a gzip'd newc cpio archive (a Linux initramfs) of a directory.

The host has no cpio(1); the format is small enough to write here
(Documentation/driver-api/early-userspace/buffer-format.rst).  Files keep
their mode; owners are root; symlinks are stored as links.

usage: mkinitramfs.py DIR OUT.cpio.gz
"""
import gzip
import os
import stat
import sys


def entry(out, ino, name, mode, data=b"", nlink=1):
    name_b = name.encode() + b"\0"
    hdr = "070701" + "".join("%08X" % v for v in (
        ino, mode, 0, 0, nlink, 0, len(data), 0, 0, 0, 0, len(name_b), 0))
    out.write(hdr.encode() + name_b)
    out.write(b"\0" * (-(110 + len(name_b)) % 4))
    out.write(data)
    out.write(b"\0" * (-len(data) % 4))


def main():
    root, dest = sys.argv[1], sys.argv[2]
    with gzip.open(dest, "wb", compresslevel=6) as out:
        ino = 1
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for name in sorted(dirnames) + sorted(filenames):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                st = os.lstat(path)
                if stat.S_ISLNK(st.st_mode):
                    entry(out, ino, rel, stat.S_IFLNK | 0o777, os.readlink(path).encode())
                elif stat.S_ISDIR(st.st_mode):
                    entry(out, ino, rel, stat.S_IFDIR | 0o755, nlink=2)
                else:
                    with open(path, "rb") as f:
                        entry(out, ino, rel, stat.S_IFREG | (st.st_mode & 0o777), f.read())
                ino += 1
        entry(out, 0, "TRAILER!!!", 0)


main()
