// args: 12000
// test-args: 200
// C twin of knapsack.toy (0/1 knapsack DP with a bit matrix of choices).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static uint64_t seed = 2718281828ULL;

static int64_t rnd(int64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (((int64_t)seed >> 33) & 0x7FFFFFFF) % n;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t cap = 50000;
    int64_t *weight = calloc(n, 8), *value = calloc(n, 8);
    for (int64_t i = 0; i < n; i += 1) {
        weight[i] = 1 + rnd(1000);
        value[i] = 1 + rnd(1000);
    }
    int64_t *best = calloc(cap + 1, 8);
    int64_t words = (cap + 64) / 64;
    uint64_t *take = calloc((size_t)(n * words), 8);
    for (int64_t i = 0; i < n; i += 1) {
        int64_t wi = weight[i], vi = value[i], row = i * words;
        for (int64_t w = cap; w >= wi; w -= 1) {
            int64_t candidate = best[w - wi] + vi;
            if (candidate > best[w]) {
                best[w] = candidate;
                take[row + (w >> 6)] |= (uint64_t)1 << (w & 63);
            }
        }
    }
    for (int64_t w = 1; w <= cap; w += 1) {
        if (best[w] < best[w - 1]) {
            printf("knapsack FAIL: optimum shrinks at %ld\n", (long)w);
            return 1;
        }
    }
    int64_t w = cap, total_value = 0, total_weight = 0, chosen = 0;
    for (int64_t i = n - 1; i >= 0; i -= 1) {
        if (((take[i * words + (w >> 6)] >> (w & 63)) & 1) != 0) {
            chosen += 1;
            total_value += value[i];
            total_weight += weight[i];
            w -= weight[i];
        }
    }
    if (total_value != best[cap] || total_weight > cap || w < 0) {
        printf("knapsack FAIL: recovered %ld %ld optimum %ld\n", (long)total_value, (long)total_weight, (long)best[cap]);
        return 1;
    }
    printf("knapsack %ld %ld %ld %ld\n", (long)n, (long)best[cap], (long)chosen, (long)total_weight);
    return 0;
}
