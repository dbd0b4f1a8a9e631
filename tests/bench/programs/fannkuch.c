// args: 10 3
// test-args: 7 2
// C twin of fannkuch.toy (Benchmarks Game fannkuch-redux).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t fannkuch(int64_t n) {
    int64_t *perm = calloc(n, 8), *perm1 = calloc(n, 8), *count = calloc(n, 8);
    for (int64_t i = 0; i < n; i += 1) perm1[i] = i;
    int64_t max_flips = 0, checksum = 0, perm_count = 0, r = n;
    bool done = false;
    while (!done) {
        while (r != 1) {
            count[r - 1] = r;
            r -= 1;
        }
        for (int64_t i = 0; i < n; i += 1) perm[i] = perm1[i];
        int64_t flips = 0;
        int64_t k = perm[0];
        while (k != 0) {
            int64_t i = 0, j = k;
            while (i < j) {
                int64_t t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
                i += 1;
                j -= 1;
            }
            flips += 1;
            k = perm[0];
        }
        if (flips > max_flips) max_flips = flips;
        if (perm_count % 2 == 0) checksum += flips;
        else checksum -= flips;
        while (true) {
            if (r == n) {
                done = true;
                break;
            }
            int64_t perm0 = perm1[0];
            for (int64_t i = 0; i < r; i += 1) perm1[i] = perm1[i + 1];
            perm1[r] = perm0;
            count[r] -= 1;
            if (count[r] > 0) break;
            r += 1;
        }
        perm_count += 1;
    }
    int64_t fact = 1;
    for (int64_t i = 2; i <= n; i += 1) fact *= i;
    if (perm_count != fact || (n == 7 && (checksum != 228 || max_flips != 16)) ||
        (n == 10 && (checksum != 73196 || max_flips != 38))) {
        printf("fannkuch FAIL: %ld %ld %ld %ld\n", (long)n, (long)perm_count, (long)checksum, (long)max_flips);
        return -1;
    }
    free(perm);
    free(perm1);
    free(count);
    return checksum * 100 + max_flips;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t rounds = atol(argv[2]);
    int64_t result = 0;
    for (int64_t r = 0; r < rounds; r += 1) {
        result = fannkuch(n);
        if (result < 0) return 1;
    }
    printf("fannkuch %ld %ld %ld %ld\n", (long)n, (long)rounds, (long)(result / 100), (long)(result % 100));
    return 0;
}
