# bench-shapes: the plans one shape's ops got, from a QEMU log of
# `-d sv_plan` (one line per translated SV op):
#   sv_plan: pc=0x<hex> op=<mnemonic> shape=<text> plan=<backend> <details>
# Only ops at lo <= pc < hi (the shape's block; hex, no 0x) count.
# Prints one line: the distinct plan names, sorted, joined by "+"
# ("none" when no line matched).  A retranslated op counts once.
#   awk -v lo=2000000040 -v hi=2000000070 -f shapes-plan.awk LOG
function hexval(s,    i, c, v) {
    s = tolower(s)
    sub(/^0x/, "", s)
    v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", substr(s, i, 1))
        if (c == 0)
            return -1
        v = v * 16 + c - 1
    }
    return v
}
BEGIN { l = hexval(lo); h = hexval(hi) }
{
    pos = index($0, "sv_plan: ")
    if (pos == 0)
        next
    line = substr($0, pos + 9)
    pc = -1; plan = ""
    n = split(line, f, " ")
    for (i = 1; i <= n; i++) {
        if (f[i] ~ /^pc=/)
            pc = hexval(substr(f[i], 4))
        else if (f[i] ~ /^plan=/ && plan == "")
            plan = substr(f[i], 6)
    }
    # a block's PCVBLK plan (plan=pcvblk rows=...) is no op's
    if (pc < l || pc >= h || plan == "" || plan == "pcvblk")
        next
    plans[plan] = 1
}
END {
    k = 0
    for (p in plans)
        names[++k] = p
    # insertion sort: few plans
    for (i = 2; i <= k; i++) {
        v = names[i]
        for (j = i - 1; j >= 1 && names[j] > v; j--)
            names[j + 1] = names[j]
        names[j + 1] = v
    }
    out = k ? names[1] : "none"
    for (i = 2; i <= k; i++)
        out = out "+" names[i]
    print out
}
