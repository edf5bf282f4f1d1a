-- Lua workload for tests/userland (run by Debian's riscv64 lua5.4 under
-- qemu-riscv64).  Every printed value is recomputed on the host by
-- expected.py from the same definitions.
local N = tonumber(arg[1] or "200000")

-- sieve of Eratosthenes
local comp, count, sum = {}, 0, 0
for i = 2, N do
  if not comp[i] then
    count = count + 1
    sum = sum + i
    for j = i * i, N, i do comp[j] = true end
  end
end
print(string.format("primes %d %d %d", N, count, sum))

-- a linear congruential sequence, sorted
local seed, xs = 12345, {}
for i = 1, 50000 do
  seed = (seed * 1103515245 + 12345) % 2147483648
  xs[i] = seed
end
table.sort(xs)
local ck = 0
for i = 1, #xs do ck = (ck * 31 + xs[i]) % 1000000007 end
print(string.format("sort %d %d %d", xs[1], xs[#xs], ck))

-- strings: formatting, concatenation, find, gsub, byte sums
local parts = {}
for i = 1, 20000 do
  parts[i] = string.format("item-%05d:%s", i, string.rep(string.char(97 + i % 26), 1 + i % 9))
end
local s = table.concat(parts, ";")
local bytes = 0
for i = 1, #s, 7 do bytes = bytes + s:byte(i) end
local _, semis = s:gsub(";", ";")
local firstz = s:find("zzzzzzzz", 1, true)
local up = s:sub(1, 40000):upper()
local _, hits = up:gsub("ITEM%-0%d%d%d7", "")
print(string.format("strings %d %d %d %d %d", #s, bytes, semis, firstz or -1, hits))
