// args: 5000000
// test-args: 20000
// C twin of siphash.toy (SipHash-2-4, state updated through pointers).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

static void sipround(uint64_t *v0, uint64_t *v1, uint64_t *v2, uint64_t *v3) {
    *v0 += *v1;
    *v1 = rotl(*v1, 13);
    *v1 ^= *v0;
    *v0 = rotl(*v0, 32);
    *v2 += *v3;
    *v3 = rotl(*v3, 16);
    *v3 ^= *v2;
    *v0 += *v3;
    *v3 = rotl(*v3, 21);
    *v3 ^= *v0;
    *v2 += *v1;
    *v1 = rotl(*v1, 17);
    *v1 ^= *v2;
    *v2 = rotl(*v2, 32);
}

static uint64_t siphash(uint64_t k0, uint64_t k1, const int64_t *data, int64_t off, int64_t n) {
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL;
    uint64_t v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL;
    uint64_t v3 = k1 ^ 0x7465646279746573ULL;
    int64_t end = off + n - n % 8;
    int64_t i = off;
    while (i < end) {
        uint64_t m = 0;
        for (int64_t j = 7; j >= 0; j -= 1) m = (m << 8) | (uint64_t)data[i + j];
        v3 ^= m;
        sipround(&v0, &v1, &v2, &v3);
        sipround(&v0, &v1, &v2, &v3);
        v0 ^= m;
        i += 8;
    }
    uint64_t b = (uint64_t)(n & 255) << 56;
    for (int64_t j = 0; j < n % 8; j += 1) b |= (uint64_t)data[end + j] << (8 * j);
    v3 ^= b;
    sipround(&v0, &v1, &v2, &v3);
    sipround(&v0, &v1, &v2, &v3);
    v0 ^= b;
    v2 ^= 0xff;
    for (int r = 0; r < 4; r += 1) sipround(&v0, &v1, &v2, &v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t size = 65536;
    int64_t *data = calloc(size, sizeof(int64_t));
    for (int64_t i = 0; i < 16; i += 1) data[i] = i;
    uint64_t k0 = 0, k1 = 0;
    for (int64_t j = 7; j >= 0; j -= 1) {
        k0 = (k0 << 8) | (uint64_t)data[j];
        k1 = (k1 << 8) | (uint64_t)data[8 + j];
    }
    uint64_t t = siphash(k0, k1, data, 0, 15);
    if (t != 0xa129ca6149be45e5ULL) {
        printf("siphash FAIL: test vector gives %ld\n", (long)(int64_t)t);
        return 1;
    }
    uint64_t seed = 3;
    for (int64_t i = 0; i < size; i += 1) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        data[i] = ((int64_t)seed >> 48) & 255;
    }
    uint64_t h = 0;
    int64_t acc = 0;
    for (int64_t i = 0; i < n; i += 1) {
        int64_t off = (i * 37) % (size - 64);
        h = siphash(k0 ^ h, k1, data, off, i % 64);
        acc += (int64_t)h >> 40;
    }
    printf("siphash %ld %ld %ld\n", (long)n, (long)(int64_t)h, (long)acc);
    return 0;
}
