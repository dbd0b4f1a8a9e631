// args: 40
// test-args: 1
// C twin of queens.toy (Stanford Queens, board sizes 1..20).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static void try(int64_t i, int64_t n, bool *q, bool *col, bool *up, bool *down, int64_t *x) {
    int64_t j = 0;
    *q = false;
    while (!*q && j != n) {
        j += 1;
        if (col[j] && up[i + j] && down[i - j + n - 1]) {
            x[i] = j;
            col[j] = false;
            up[i + j] = false;
            down[i - j + n - 1] = false;
            if (i < n) {
                try(i + 1, n, q, col, up, down, x);
                if (!*q) {
                    col[j] = true;
                    up[i + j] = true;
                    down[i - j + n - 1] = true;
                }
            } else {
                *q = true;
            }
        }
    }
}

static bool valid(int64_t *x, int64_t n) {
    for (int64_t i = 1; i <= n; i += 1) {
        if (x[i] < 1 || x[i] > n) return false;
        for (int64_t k = 1; k < i; k += 1) {
            int64_t d = x[i] - x[k];
            if (d == 0 || d == i - k || d == k - i) return false;
        }
    }
    return true;
}

int main(int argc, char **argv) {
    int64_t rounds = atol(argv[1]);
    int64_t maxn = 20;
    int64_t ncol = maxn + 1, nup = 2 * maxn + 1, ndown = 2 * maxn;
    bool *col = calloc(ncol, 1);
    bool *up = calloc(nup, 1);
    bool *down = calloc(ndown, 1);
    int64_t *x = calloc(maxn + 1, sizeof(int64_t));
    int64_t solved = 0;
    uint64_t check = 0;
    for (int64_t r = 0; r < rounds; r += 1) {
        for (int64_t n = 1; n <= maxn; n += 1) {
            for (int64_t i = 0; i < ncol; i += 1) col[i] = true;
            for (int64_t i = 0; i < nup; i += 1) up[i] = true;
            for (int64_t i = 0; i < ndown; i += 1) down[i] = true;
            bool q = false;
            try(1, n, &q, col, up, down, x);
            if (q != (n != 2 && n != 3)) {
                printf("queens FAIL: size %ld solved %s\n", (long)n, q ? "true" : "false");
                return 1;
            }
            if (q) {
                if (!valid(x, n)) {
                    printf("queens FAIL: invalid solution for size %ld\n", (long)n);
                    return 1;
                }
                solved += 1;
                for (int64_t i = 1; i <= n; i += 1) check = check * 13 + (uint64_t)x[i];
            }
        }
    }
    printf("queens %ld %ld %ld\n", (long)rounds, (long)solved, (long)(int64_t)check);
    return 0;
}
