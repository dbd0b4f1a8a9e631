// args: 50000
// test-args: 20
// C twin of md5.toy (MD5 over a 4096-byte buffer, bytes held in int32_t).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static const uint32_t k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
    0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
    0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
    0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
    0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};
static int32_t r[64];

static void init_tables(void) {
    for (int64_t i = 0; i < 16; i += 4) {
        r[i] = 7; r[i + 1] = 12; r[i + 2] = 17; r[i + 3] = 22;
        r[i + 16] = 5; r[i + 17] = 9; r[i + 18] = 14; r[i + 19] = 20;
        r[i + 32] = 4; r[i + 33] = 11; r[i + 34] = 16; r[i + 35] = 23;
        r[i + 48] = 6; r[i + 49] = 10; r[i + 50] = 15; r[i + 51] = 21;
    }
}

static uint32_t rotl(uint32_t x, int32_t c) {
    return (x << c) | ((uint32_t)((int32_t)x >> (32 - c)) & ((1u << c) - 1));
}

static void md5(const int32_t *msg, int64_t n, int32_t *buf, int32_t *out) {
    int64_t padded = ((n + 8) / 64 + 1) * 64;
    for (int64_t i = 0; i < n; i += 1) buf[i] = msg[i];
    buf[n] = 0x80;
    for (int64_t i = n + 1; i < padded - 8; i += 1) buf[i] = 0;
    int64_t bitlen = n * 8;
    for (int64_t j = 0; j < 8; j += 1) buf[padded - 8 + j] = (int32_t)((bitlen >> (8 * j)) & 255);
    uint32_t h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476;
    uint32_t w[16];
    for (int64_t off = 0; off < padded; off += 64) {
        for (int64_t j = 0; j < 16; j += 1) {
            int64_t p = off + 4 * j;
            w[j] = (uint32_t)buf[p] | ((uint32_t)buf[p + 1] << 8) | ((uint32_t)buf[p + 2] << 16) |
                   ((uint32_t)buf[p + 3] << 24);
        }
        uint32_t a = h0, b = h1, c = h2, d = h3;
        for (int64_t i = 0; i < 64; i += 1) {
            uint32_t f;
            int64_t g;
            if (i < 16) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) % 16;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) % 16;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) % 16;
            }
            uint32_t t = d;
            d = c;
            c = b;
            b = b + rotl(a + f + k[i] + w[g], r[i]);
            a = t;
        }
        h0 += a;
        h1 += b;
        h2 += c;
        h3 += d;
    }
    out[0] = (int32_t)h0;
    out[1] = (int32_t)h1;
    out[2] = (int32_t)h2;
    out[3] = (int32_t)h3;
}

int main(int argc, char **argv) {
    int64_t rounds = atol(argv[1]);
    init_tables();
    int64_t size = 4096;
    int32_t *msg = calloc(size, sizeof(int32_t));
    int32_t *buf = calloc(size + 128, sizeof(int32_t));
    int32_t out[4];
    msg[0] = 'a';
    msg[1] = 'b';
    msg[2] = 'c';
    md5(msg, 3, buf, out);
    if (out[0] != (int32_t)0x98500190 || out[1] != (int32_t)0xb04fd23c || out[2] != 0x7d3f96d6 ||
        out[3] != 0x727fe128) {
        printf("md5 FAIL: MD5(abc) is %d %d %d %d\n", out[0], out[1], out[2], out[3]);
        return 1;
    }
    uint64_t seed = 1;
    for (int64_t i = 0; i < size; i += 1) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        msg[i] = (int32_t)(((int64_t)seed >> 40) & 255);
    }
    for (int64_t round = 0; round < rounds; round += 1) {
        md5(msg, size, buf, out);
        int64_t pos = (round * 16) % size;
        for (int64_t j = 0; j < 4; j += 1)
            for (int64_t b = 0; b < 4; b += 1) msg[pos + 4 * j + b] ^= (out[j] >> (8 * b)) & 255;
    }
    printf("md5 %ld %d %d %d %d\n", (long)rounds, out[0], out[1], out[2], out[3]);
    return 0;
}
