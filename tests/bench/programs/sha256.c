// args: 75000
// test-args: 20
// C twin of sha256.toy (SHA-256 over a 2048-byte buffer).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
    0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
    0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
    0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, int32_t n) { return (x >> n) | (x << (32 - n)); }
static uint32_t shr(uint32_t x, int32_t n) { return x >> n; }

static void sha256(const int64_t *msg, int64_t n, int64_t *buf, uint32_t *w, uint32_t *h) {
    int64_t padded = ((n + 8) / 64 + 1) * 64;
    for (int64_t i = 0; i < n; i += 1) buf[i] = msg[i];
    buf[n] = 0x80;
    for (int64_t i = n + 1; i < padded - 8; i += 1) buf[i] = 0;
    int64_t bitlen = n * 8;
    for (int64_t j = 0; j < 8; j += 1) buf[padded - 1 - j] = (bitlen >> (8 * j)) & 255;
    h[0] = 0x6a09e667; h[1] = 0xbb67ae85; h[2] = 0x3c6ef372; h[3] = 0xa54ff53a;
    h[4] = 0x510e527f; h[5] = 0x9b05688c; h[6] = 0x1f83d9ab; h[7] = 0x5be0cd19;
    for (int64_t off = 0; off < padded; off += 64) {
        for (int64_t t = 0; t < 16; t += 1) {
            int64_t p = off + 4 * t;
            w[t] = (uint32_t)((buf[p] << 24) | (buf[p + 1] << 16) | (buf[p + 2] << 8) | buf[p + 3]);
        }
        for (int64_t t = 16; t < 64; t += 1) {
            uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ shr(w[t - 15], 3);
            uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ shr(w[t - 2], 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
        for (int64_t t = 0; t < 64; t += 1) {
            uint32_t sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
            uint32_t ch = (e & f) ^ (~e & g);
            uint32_t t1 = hh + sum1 + ch + k[t] + w[t];
            uint32_t sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
            uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
            uint32_t t2 = sum0 + maj;
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
        h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
}

int main(int argc, char **argv) {
    int64_t rounds = atol(argv[1]);
    int64_t size = 2048;
    int64_t *msg = calloc(size, sizeof(int64_t));
    int64_t *buf = calloc(size + 128, sizeof(int64_t));
    uint32_t w[64], h[8];
    msg[0] = 'a';
    msg[1] = 'b';
    msg[2] = 'c';
    sha256(msg, 3, buf, w, h);
    if (h[0] != 0xba7816bf || h[1] != 0x8f01cfea || h[2] != 0x414140de || h[3] != 0x5dae2223 ||
        h[4] != 0xb00361a3 || h[5] != 0x96177a9c || h[6] != 0xb410ff61 || h[7] != 0xf20015ad) {
        printf("sha256 FAIL: SHA-256(abc) starts %d %d\n", (int32_t)h[0], (int32_t)h[1]);
        return 1;
    }
    uint64_t seed = 7;
    for (int64_t i = 0; i < size; i += 1) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        msg[i] = ((int64_t)seed >> 45) & 255;
    }
    for (int64_t round = 0; round < rounds; round += 1) {
        sha256(msg, size, buf, w, h);
        int64_t pos = (round * 32) % size;
        for (int64_t j = 0; j < 8; j += 1) {
            int64_t v = (int32_t)h[j];
            msg[pos + 4 * j] = (v >> 24) & 255;
            msg[pos + 4 * j + 1] = (v >> 16) & 255;
            msg[pos + 4 * j + 2] = (v >> 8) & 255;
            msg[pos + 4 * j + 3] = v & 255;
        }
    }
    printf("sha256 %ld", (long)rounds);
    for (int64_t j = 0; j < 8; j += 1) printf(" %d", (int32_t)h[j]);
    printf("\n");
    return 0;
}
