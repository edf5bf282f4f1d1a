# Python workload for tests/userland.  Runs under Debian's riscv64
# python3 (qemu-riscv64) and under the host's python3: the host's output
# is the expected one (only version-independent values are printed).
import hashlib
import json
import re
import struct
import sys
import zlib
from fractions import Fraction

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000

words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
text = " ".join("%s-%d" % (words[(i * 7) % 8], (i * 2654435761) % 100003) for i in range(n))
data = text.encode("utf-8")
print("text", len(text), text.count("eta"), text.find("theta-9"), text.rfind("alpha-1"))
print("sha256", hashlib.sha256(data).hexdigest())
print("md5", hashlib.md5(data).hexdigest())
print("blake2b", hashlib.blake2b(data, digest_size=20).hexdigest())
packed = zlib.compress(data, 9)
print("zlib", zlib.decompress(packed) == data, zlib.crc32(data), zlib.adler32(data))

nums = [int(w.split("-")[1]) for w in text.split()]
print("nums", len(nums), sum(nums), min(nums), max(nums), sorted(nums)[n // 2])
upper = text.upper().replace("ETA", "η").split()
print("unicode", len(upper), sum(len(w) for w in upper), len("".join(upper).encode("utf-8")))

obj = {"n": n, "items": [{"k": w, "v": i, "f": i / 7} for i, w in enumerate(text.split()[:2000])]}
js = json.dumps(obj, sort_keys=True)
back = json.loads(js)
print("json", len(js), back == obj, hashlib.sha256(js.encode()).hexdigest()[:16])

print("re", len(re.findall(r"\b(?:eta|zeta|theta)-\d+7\b", text)),
      len(re.sub(r"[aeiou]", "", text)), re.search(r"gamma-(\d{5})", text).group(1))
b = bytes(range(256)) * 64
print("bytes", b.find(b"\xfe\xff\x00\x01"), b.count(b"\x00"), b.rfind(b"\x10\x11"),
      struct.unpack("<4Q", b[3:35]))
acc = sum(Fraction(1, k) for k in range(1, 200))
print("fraction", acc.numerator % 1000000007, acc.denominator % 1000000007)
