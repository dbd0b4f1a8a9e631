// args: 70000
// test-args: 50
// C twin of bounce.toy (Are We Fast Yet Bounce).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t seed = 74755;
static int64_t *bx, *by, *bxv, *byv;

static int64_t next_random(void) {
    seed = ((seed * 1309) + 13849) & 65535;
    return seed;
}

static int64_t iabs(int64_t v) {
    if (v < 0) return -v;
    return v;
}

static void init_ball(int64_t b) {
    bx[b] = next_random() % 500;
    by[b] = next_random() % 500;
    bxv[b] = (next_random() % 300) - 150;
    byv[b] = (next_random() % 300) - 150;
}

static bool bounce(int64_t b) {
    int64_t x_limit = 500, y_limit = 500;
    bool bounced = false;
    bx[b] += bxv[b];
    by[b] += byv[b];
    if (bx[b] > x_limit) {
        bx[b] = x_limit;
        bxv[b] = 0 - iabs(bxv[b]);
        bounced = true;
    }
    if (bx[b] < 0) {
        bx[b] = 0;
        bxv[b] = iabs(bxv[b]);
        bounced = true;
    }
    if (by[b] > y_limit) {
        by[b] = y_limit;
        byv[b] = 0 - iabs(byv[b]);
        bounced = true;
    }
    if (by[b] < 0) {
        by[b] = 0;
        byv[b] = iabs(byv[b]);
        bounced = true;
    }
    return bounced;
}

static int64_t benchmark(void) {
    seed = 74755;
    int64_t ball_count = 100, bounces = 0;
    for (int64_t b = 0; b < ball_count; b += 1) init_ball(b);
    for (int64_t i = 0; i < 50; i += 1)
        for (int64_t b = 0; b < ball_count; b += 1)
            if (bounce(b)) bounces += 1;
    return bounces;
}

int main(int argc, char **argv) {
    int64_t iterations = atol(argv[1]);
    bx = calloc(100, 8); by = calloc(100, 8); bxv = calloc(100, 8); byv = calloc(100, 8);
    int64_t total = 0;
    uint64_t pos = 0;
    for (int64_t i = 0; i < iterations; i += 1) {
        int64_t r = benchmark();
        if (r != 1331) {
            printf("bounce FAIL: %ld\n", (long)r);
            return 1;
        }
        total += r;
        pos = pos * 3 + (uint64_t)(bx[i % 100] + by[(i * 7) % 100]);
    }
    printf("bounce %ld %ld %ld\n", (long)iterations, (long)total, (long)(int64_t)pos);
    return 0;
}
