// args: 20000
// test-args: 1000
// C twin of bubblesort.toy (Stanford Bubble).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t seed = 74755;

static int64_t rnd(void) {
    seed = (seed * 1309 + 13849) & 65535;
    return seed;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t *a = calloc(n + 1, sizeof(int64_t));
    int64_t biggest = -1000000000, littlest = 1000000000, sum = 0;
    for (int64_t i = 1; i <= n; i += 1) {
        int64_t hi = rnd();
        int64_t v = hi * 65536 + rnd() - 2147483648LL;
        a[i] = v;
        sum += v;
        if (v > biggest) biggest = v;
        if (v < littlest) littlest = v;
    }
    int64_t top = n;
    while (top > 1) {
        int64_t i = 1;
        while (i < top) {
            if (a[i] > a[i + 1]) {
                int64_t j = a[i];
                a[i] = a[i + 1];
                a[i + 1] = j;
            }
            i += 1;
        }
        top -= 1;
    }
    uint64_t check = 0;
    for (int64_t i = 1; i <= n; i += 1) {
        if (i < n && a[i] > a[i + 1]) {
            printf("bubblesort FAIL: unsorted at %ld\n", (long)i);
            return 1;
        }
        sum -= a[i];
        check = check * 31 + (uint64_t)a[i];
    }
    if (a[1] != littlest || a[n] != biggest || sum != 0) {
        printf("bubblesort FAIL: ends or sum\n");
        return 1;
    }
    printf("bubblesort %ld %ld %ld %ld %ld\n", (long)n, (long)a[1], (long)a[n / 2], (long)a[n], (long)(int64_t)check);
    return 0;
}
