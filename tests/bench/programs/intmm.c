// args: 900
// test-args: 60
// C twin of intmm.toy (Stanford Intmm, i32 matrices).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t seed = 0;

static int32_t rnd(void) {
    seed = (seed * 1309 + 13849) & 65535;
    return (int32_t)(seed - (seed / 120) * 120 - 60);
}

static void initmatrix(int32_t *m, int64_t n) {
    for (int64_t i = 0; i < n * n; i += 1) m[i] = rnd();
}

static int32_t innerproduct(int32_t *a, int32_t *b, int64_t n, int64_t row, int64_t column) {
    uint32_t result = 0;
    for (int64_t i = 0; i < n; i += 1) result += (uint32_t)a[row * n + i] * (uint32_t)b[i * n + column];
    return (int32_t)result;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    seed = 74755;
    int32_t *a = calloc(n * n, sizeof(int32_t));
    int32_t *b = calloc(n * n, sizeof(int32_t));
    int32_t *c = calloc(n * n, sizeof(int32_t));
    initmatrix(a, n);
    initmatrix(b, n);
    for (int64_t i = 0; i < n; i += 1)
        for (int64_t j = 0; j < n; j += 1) c[i * n + j] = innerproduct(a, b, n, i, j);
    uint32_t total = 0, weighted = 0;
    for (int64_t i = 0; i < n * n; i += 1) {
        total += (uint32_t)c[i];
        weighted = weighted * 31 + (uint32_t)c[i];
    }
    uint32_t expect = 0;
    for (int64_t k = 0; k < n; k += 1) {
        uint32_t colsum = 0, rowsum = 0;
        for (int64_t i = 0; i < n; i += 1) {
            colsum += (uint32_t)a[i * n + k];
            rowsum += (uint32_t)b[k * n + i];
        }
        expect += colsum * rowsum;
    }
    if (total != expect) {
        printf("intmm FAIL: sum %d expected %d\n", (int32_t)total, (int32_t)expect);
        return 1;
    }
    printf("intmm %ld %d %d %d %d\n", (long)n, (int32_t)total, (int32_t)weighted, c[0], c[n * n - 1]);
    return 0;
}
