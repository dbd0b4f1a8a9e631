// args: 3000000
// test-args: 20000
// C twin of knucleotide.toy (Benchmarks Game k-nucleotide).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t *keys, *counts;
static int64_t cap = 0, bits = 0, used = 0;

static void table_init(int64_t b) {
    bits = b;
    cap = (int64_t)1 << b;
    keys = malloc(cap * sizeof(int64_t));
    counts = calloc(cap, sizeof(int64_t));
    for (int64_t i = 0; i < cap; i += 1) keys[i] = -1;
    used = 0;
}

static int64_t slot(int64_t key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ULL;
    int64_t mask = cap - 1;
    int64_t i = (int64_t)(h >> (64 - bits)) & mask;
    while (keys[i] != -1 && keys[i] != key) i = (i + 1) & mask;
    return i;
}

static void grow(void);

static void add(int64_t key, int64_t n) {
    int64_t i = slot(key);
    if (keys[i] == -1) {
        keys[i] = key;
        used += 1;
        counts[i] = n;
        if (2 * used > cap) grow();
    } else {
        counts[i] += n;
    }
}

static void grow(void) {
    int64_t *old_keys = keys, *old_counts = counts, old_cap = cap;
    table_init(bits + 1);
    for (int64_t i = 0; i < old_cap; i += 1)
        if (old_keys[i] != -1) add(old_keys[i], old_counts[i]);
    free(old_keys);
    free(old_counts);
}

static int64_t lookup(int64_t key) {
    int64_t i = slot(key);
    if (keys[i] == -1) return 0;
    return counts[i];
}

static int64_t seed = 42;

static int64_t next_base(void) {
    seed = (seed * 3877 + 29573) % 139968;
    if (seed < 42404) return 0;
    else if (seed < 70116) return 1;
    else if (seed < 97767) return 2;
    return 3;
}

static void table_clear(void) {
    for (int64_t i = 0; i < cap; i += 1) {
        keys[i] = -1;
        counts[i] = 0;
    }
    used = 0;
}

static bool count_kmers(int64_t *seq, int64_t n, int64_t k) {
    table_clear();
    int64_t mask = ((int64_t)1 << (2 * k)) - 1;
    int64_t key = 0;
    for (int64_t i = 0; i < n; i += 1) {
        key = ((key << 2) | seq[i]) & mask;
        if (i >= k - 1) add(key, 1);
    }
    int64_t total = 0;
    for (int64_t i = 0; i < cap; i += 1)
        if (keys[i] != -1) total += counts[i];
    return total == n - k + 1;
}

static int64_t encode(int64_t digits, int64_t k) {
    int64_t key = 0, d = digits, shift = 0;
    for (int64_t i = 0; i < k; i += 1) {
        key |= (d % 10) << shift;
        d /= 10;
        shift += 2;
    }
    return key;
}

static int64_t scan(int64_t *seq, int64_t len, int64_t pattern, int64_t k) {
    int64_t n = 0;
    for (int64_t i = 0; i + k <= len; i += 1) {
        int64_t key = 0;
        for (int64_t j = 0; j < k; j += 1) key = (key << 2) | seq[i + j];
        if (key == pattern) n += 1;
    }
    return n;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t *seq = calloc(n, sizeof(int64_t));
    table_init(10);
    for (int64_t i = 0; i < n; i += 1) seq[i] = next_base();
    uint64_t distinct = 0, found = 0;
    int64_t patterns[19] = {0};
    patterns[3] = 223;
    patterns[4] = 2230;
    patterns[6] = 223033;
    patterns[12] = 223033330033LL;
    patterns[18] = 223033330033303023LL;
    for (int64_t k = 1; k <= 18; k += 1) {
        if (!count_kmers(seq, n, k)) {
            printf("knucleotide FAIL: counts for k %ld\n", (long)k);
            return 1;
        }
        distinct = distinct * 1000003 + (uint64_t)used;
        if (patterns[k] != 0) {
            int64_t key = encode(patterns[k], k);
            int64_t c = lookup(key);
            if (c != scan(seq, n, key, k)) {
                printf("knucleotide FAIL: pattern count for k %ld\n", (long)k);
                return 1;
            }
            found = found * 1009 + (uint64_t)c;
        }
    }
    printf("knucleotide %ld %ld %ld %ld\n", (long)n, (long)used, (long)(int64_t)distinct, (long)(int64_t)found);
    return 0;
}
