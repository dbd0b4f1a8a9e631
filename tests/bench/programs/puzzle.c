// args: 1000
// test-args: 2
// C twin of puzzle.toy (Stanford Puzzle).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t d = 8;
static int64_t size = 511;
static int64_t typemax = 12;
static bool *puzzl;
static bool *p;
static int64_t *class;
static int64_t *piecemax;
static int64_t *piececount;
static int64_t kount = 0;

static bool fit(int64_t i, int64_t j) {
    for (int64_t k = 0; k <= piecemax[i]; k += 1)
        if (p[i * (size + 1) + k] && puzzl[j + k]) return false;
    return true;
}

static int64_t place(int64_t i, int64_t j) {
    for (int64_t k = 0; k <= piecemax[i]; k += 1)
        if (p[i * (size + 1) + k]) puzzl[j + k] = true;
    piececount[class[i]] -= 1;
    for (int64_t k = j; k <= size; k += 1)
        if (!puzzl[k]) return k;
    return 0;
}

static void remove_piece(int64_t i, int64_t j) {
    for (int64_t k = 0; k <= piecemax[i]; k += 1)
        if (p[i * (size + 1) + k]) puzzl[j + k] = false;
    piececount[class[i]] += 1;
}

static bool trial(int64_t j) {
    kount += 1;
    for (int64_t i = 0; i <= typemax; i += 1) {
        if (piececount[class[i]] != 0 && fit(i, j)) {
            int64_t k = place(i, j);
            if (trial(k) || k == 0) return true;
            remove_piece(i, j);
        }
    }
    return false;
}

static void definepiece(int64_t t, int64_t c, int64_t di, int64_t dj, int64_t dk) {
    for (int64_t i = 0; i < di; i += 1)
        for (int64_t j = 0; j < dj; j += 1)
            for (int64_t k = 0; k < dk; k += 1) p[t * (size + 1) + i + d * (j + d * k)] = true;
    class[t] = c;
    piecemax[t] = (di - 1) + d * ((dj - 1) + d * (dk - 1));
}

static int64_t solve(void) {
    for (int64_t m = 0; m <= size; m += 1) puzzl[m] = true;
    for (int64_t i = 1; i <= 5; i += 1)
        for (int64_t j = 1; j <= 5; j += 1)
            for (int64_t k = 1; k <= 5; k += 1) puzzl[i + d * (j + d * k)] = false;
    piececount[0] = 13;
    piececount[1] = 3;
    piececount[2] = 1;
    piececount[3] = 1;
    int64_t m = 1 + d * (1 + d);
    kount = 0;
    if (!fit(0, m)) return -1;
    int64_t n = place(0, m);
    if (!trial(n)) return -1;
    for (int64_t i = 0; i <= size; i += 1)
        if (!puzzl[i]) return -1;
    for (int64_t c = 0; c < 4; c += 1)
        if (piececount[c] != 0) return -1;
    return kount;
}

int main(int argc, char **argv) {
    int64_t rounds = atol(argv[1]);
    puzzl = calloc(size + 1, 1);
    p = calloc((typemax + 1) * (size + 1), 1);
    class = calloc(typemax + 1, sizeof(int64_t));
    piecemax = calloc(typemax + 1, sizeof(int64_t));
    piececount = calloc(4, sizeof(int64_t));
    definepiece(0, 0, 4, 2, 1);
    definepiece(1, 0, 2, 1, 4);
    definepiece(2, 0, 1, 4, 2);
    definepiece(3, 0, 2, 4, 1);
    definepiece(4, 0, 4, 1, 2);
    definepiece(5, 0, 1, 2, 4);
    definepiece(6, 1, 3, 1, 1);
    definepiece(7, 1, 1, 3, 1);
    definepiece(8, 1, 1, 1, 3);
    definepiece(9, 2, 2, 2, 1);
    definepiece(10, 2, 2, 1, 2);
    definepiece(11, 2, 1, 2, 2);
    definepiece(12, 3, 2, 2, 2);
    int64_t first = 0, total = 0;
    for (int64_t r = 0; r < rounds; r += 1) {
        int64_t k = solve();
        if (k != 2005) {
            printf("puzzle FAIL: round %ld trials %ld\n", (long)r, (long)k);
            return 1;
        }
        first = k;
        total += k;
    }
    printf("puzzle %ld %ld %ld\n", (long)rounds, (long)first, (long)total);
    return 0;
}
