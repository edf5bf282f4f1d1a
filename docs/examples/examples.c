/*
 * The worked examples of docs/guide.md, checked against plain C on many
 * inputs.  Run: qemu-riscv64 -cpu rv64,xsv=true ./guide-examples
 * Prints "guide-examples: N checks, F failures"; exits 1 on a failure.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

size_t sv_strlen(const char *s);
void *sv_memchr(const void *s, int c, size_t n);
void sv_saxpy(size_t n, float a, const float *x, float *y,
              const uint64_t *mask);
long sv_find(const int64_t *a, size_t n, int64_t key);

static unsigned checks, failures;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        checks++;                                                              \
        if (!(cond)) {                                                         \
            failures++;                                                        \
            printf("FAIL %s:%d: ", __func__, __LINE__);                        \
            printf(__VA_ARGS__);                                               \
            printf("\n");                                                      \
        }                                                                      \
    } while (0)

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Two pages, the second PROT_NONE: data placed to end at the boundary. */
static char *guarded(void)
{
    long page = sysconf(_SC_PAGESIZE);
    char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (p == MAP_FAILED || mprotect(p + page, page, PROT_NONE)) {
        perror("mmap");
        _exit(2);
    }
    return p + page;
}

static void test_strlen(char *end)
{
    static char buf[600];

    for (size_t len = 0; len < 300; len++) {
        size_t off = rnd() % 64;
        memset(buf, 'a' + len % 26, sizeof buf);
        buf[off + len] = 0;
        CHECK(sv_strlen(buf + off) == len, "strlen %zu at +%zu: %zu", len,
              off, sv_strlen(buf + off));
    }
    /* Strings ending right before an unmapped page: the 64-byte loads
     * run into it, trap-ffirst cuts VL instead of faulting. */
    for (size_t len = 0; len < 130; len++) {
        char *s = end - len - 1;
        memset(s, 'x', len);
        s[len] = 0;
        CHECK(sv_strlen(s) == len, "strlen %zu at a page end: %zu", len,
              sv_strlen(s));
    }
}

static void test_memchr(char *end)
{
    static unsigned char buf[512];

    for (int i = 0; i < 400; i++) {
        size_t n = rnd() % 300, off = rnd() % 64;
        int c = (int)(rnd() % 256);
        for (size_t k = 0; k < sizeof buf; k++) {
            buf[k] = (unsigned char)(rnd() % 200);
        }
        CHECK(sv_memchr(buf + off, c, n) == memchr(buf + off, c, n),
              "memchr(+%zu, %d, %zu): %p, want %p", off, c, n,
              sv_memchr(buf + off, c, n), memchr(buf + off, c, n));
    }
    /* c = 256 + 'q' is (unsigned char)'q', as in C. */
    memcpy(buf, "0123q5q", 8);
    CHECK(sv_memchr(buf, 256 + 'q', 7) == buf + 4, "memchr: int c");
    /* n bytes ending at the unmapped page: no fault, not found. */
    memset(end - 100, 1, 100);
    CHECK(sv_memchr(end - 100, 0, 100) == NULL, "memchr at a page end");
    CHECK(sv_memchr(end - 100, 1, 100) == end - 100, "memchr at a page end");
}

static void test_saxpy(void)
{
    static float x[300], y[300], want[300];
    static uint64_t mask[5];

    for (int round = 0; round < 40; round++) {
        size_t n = rnd() % 300;
        float a = (float)(rnd() % 1000) / 7.0f - 50.0f;
        for (int k = 0; k < 5; k++) {
            mask[k] = round == 0 ? ~0ull : round == 1 ? 0 : rnd() & rnd();
        }
        for (size_t i = 0; i < 300; i++) {
            x[i] = (float)(rnd() % 20000) / 13.0f - 700.0f;
            y[i] = (float)(rnd() % 20000) / 11.0f - 900.0f;
            want[i] = y[i];
            if (i < n && (mask[i / 64] >> (i % 64) & 1)) {
                want[i] = fmaf(a, x[i], y[i]);
            }
        }
        sv_saxpy(n, a, x, y, mask);
        CHECK(memcmp(y, want, sizeof y) == 0, "saxpy n=%zu round %d", n,
              round);
    }
}

static void test_find(void)
{
    static int64_t a[200];

    for (int round = 0; round < 300; round++) {
        size_t n = rnd() % 200;
        for (size_t i = 0; i < 200; i++) {
            a[i] = (int64_t)(rnd() % 50) - 25;
        }
        int64_t key = (int64_t)(rnd() % 80) - 40;
        long want = -1;
        for (size_t i = 0; i < n; i++) {
            if (a[i] == key) {
                want = (long)i;
                break;
            }
        }
        CHECK(sv_find(a, n, key) == want, "find n=%zu key=%lld: %ld, want %ld",
              n, (long long)key, sv_find(a, n, key), want);
    }
}

int main(void)
{
    char *end = guarded();

    test_strlen(end);
    test_memchr(end);
    test_saxpy();
    test_find();
    printf("guide-examples: %u checks, %u failures\n", checks, failures);
    return failures != 0;
}
