// args: 600
// test-args: 40
// C twin of lu.toy (LU decomposition mod 2^31 - 1 with row pivoting).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static const int64_t P = 2147483647;

static int64_t mulmod(int64_t a, int64_t b) { return a * b % P; }

static int64_t powmod(int64_t b, int64_t e) {
    int64_t r = 1;
    while (e > 0) {
        if ((e & 1) != 0) r = mulmod(r, b);
        b = mulmod(b, b);
        e >>= 1;
    }
    return r;
}

static uint64_t seed = 123456789;

static int64_t rnd(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (((int64_t)seed >> 17) & 0x7FFFFFFFFFFFLL) % P;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t *a = calloc(n * n, 8), *orig = calloc(n * n, 8), *perm = calloc(n, 8);
    for (int64_t i = 0; i < n * n; i += 1) {
        a[i] = rnd();
        if (i % (n + 1) == 0 && i % 3 == 0) a[i] = 0;
        orig[i] = a[i];
    }
    for (int64_t i = 0; i < n; i += 1) perm[i] = i;
    int64_t det = 1;
    for (int64_t k = 0; k < n; k += 1) {
        int64_t piv = k;
        while (piv < n && a[piv * n + k] == 0) piv += 1;
        if (piv == n) {
            det = 0;
            break;
        }
        if (piv != k) {
            for (int64_t j = 0; j < n; j += 1) {
                int64_t t = a[k * n + j];
                a[k * n + j] = a[piv * n + j];
                a[piv * n + j] = t;
            }
            int64_t t = perm[k];
            perm[k] = perm[piv];
            perm[piv] = t;
            det = P - det;
        }
        int64_t pivot = a[k * n + k];
        det = mulmod(det, pivot);
        int64_t inv = powmod(pivot, P - 2);
        for (int64_t i = k + 1; i < n; i += 1) {
            int64_t f = mulmod(a[i * n + k], inv);
            a[i * n + k] = f;
            if (f != 0)
                for (int64_t j = k + 1; j < n; j += 1) a[i * n + j] = (a[i * n + j] - mulmod(f, a[k * n + j]) + P) % P;
        }
    }
    if (det == 0) {
        printf("lu FAIL: singular\n");
        return 1;
    }
    for (int64_t i = 0; i < n; i += 1) {
        for (int64_t j = 0; j < n; j += 1) {
            int64_t s = 0;
            int64_t top = i;
            if (j < i) top = j;
            for (int64_t k = 0; k < top; k += 1) s = (s + mulmod(a[i * n + k], a[k * n + j])) % P;
            if (j >= i) s = (s + a[i * n + j]) % P;
            else s = (s + mulmod(a[i * n + j], a[j * n + j])) % P;
            if (s != orig[perm[i] * n + j]) {
                printf("lu FAIL: L*U differs at %ld %ld\n", (long)i, (long)j);
                return 1;
            }
        }
    }
    int64_t trace = 0;
    for (int64_t i = 0; i < n; i += 1) trace = (trace + a[i * n + i]) % P;
    printf("lu %ld %ld %ld %ld %ld\n", (long)n, (long)det, (long)trace, (long)perm[0], (long)perm[n - 1]);
    return 0;
}
