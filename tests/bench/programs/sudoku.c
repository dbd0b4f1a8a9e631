// args: 15000
// test-args: 100
// C twin of sudoku.toy (generated sudokus, most-constrained-cell search, i32 masks).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t grid[81], first[81];
static int32_t rows[9], cols[9], boxes[9];
static int64_t solutions = 0, nodes = 0;

static int64_t box_of(int64_t cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

static int32_t candidates(int64_t cell) {
    return ~(rows[cell / 9] | cols[cell % 9] | boxes[box_of(cell)]) & 0x3FE;
}

static int64_t popcount(int32_t x) {
    int64_t n = 0;
    while (x != 0) {
        x &= x - 1;
        n += 1;
    }
    return n;
}

static int64_t digit_of(int32_t b) {
    int64_t d = 0;
    while (b > 1) {
        b >>= 1;
        d += 1;
    }
    return d;
}

static void set_cell(int64_t cell, int64_t d) {
    int32_t bit = (int32_t)(1u << d);
    grid[cell] = d;
    rows[cell / 9] |= bit;
    cols[cell % 9] |= bit;
    boxes[box_of(cell)] |= bit;
}

static void clear_cell(int64_t cell) {
    int32_t bit = ~(int32_t)(1u << grid[cell]);
    grid[cell] = 0;
    rows[cell / 9] &= bit;
    cols[cell % 9] &= bit;
    boxes[box_of(cell)] &= bit;
}

static void reset(void) {
    for (int64_t i = 0; i < 81; i += 1) grid[i] = 0;
    for (int64_t i = 0; i < 9; i += 1) rows[i] = cols[i] = boxes[i] = 0;
}

static void solve(int64_t limit) {
    nodes += 1;
    int64_t best = -1, best_count = 10;
    for (int64_t cell = 0; cell < 81; cell += 1) {
        if (grid[cell] == 0) {
            int64_t n = popcount(candidates(cell));
            if (n == 0) return;
            if (n < best_count) {
                best = cell;
                best_count = n;
            }
        }
    }
    if (best < 0) {
        solutions += 1;
        if (solutions == 1)
            for (int64_t i = 0; i < 81; i += 1) first[i] = grid[i];
        return;
    }
    int32_t m = candidates(best);
    while (m != 0 && solutions < limit) {
        int32_t bit = m & -m;
        m ^= bit;
        set_cell(best, digit_of(bit));
        solve(limit);
        clear_cell(best);
    }
}

static uint64_t seed = 31337;

static int64_t rnd(int64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (((int64_t)seed >> 33) & 0x7FFFFFFF) % n;
}

static bool fill(int64_t cell) {
    if (cell == 81) return true;
    int32_t m = candidates(cell);
    int64_t start = rnd(9);
    for (int64_t k = 0; k < 9; k += 1) {
        int64_t d = (start + k) % 9 + 1;
        if ((m & (int32_t)(1u << d)) != 0) {
            set_cell(cell, d);
            if (fill(cell + 1)) return true;
            clear_cell(cell);
        }
    }
    return false;
}

static bool valid(const int64_t *clues) {
    int32_t r[9] = {0}, c[9] = {0}, b[9] = {0};
    for (int64_t i = 0; i < 81; i += 1) {
        int64_t d = first[i];
        if (d < 1 || d > 9 || (clues[i] != 0 && clues[i] != d)) return false;
        int32_t bit = (int32_t)(1u << d);
        if ((r[i / 9] & bit) != 0 || (c[i % 9] & bit) != 0 || (b[box_of(i)] & bit) != 0) return false;
        r[i / 9] |= bit;
        c[i % 9] |= bit;
        b[box_of(i)] |= bit;
    }
    return true;
}

int main(int argc, char **argv) {
    int64_t puzzles = atol(argv[1]);
    int64_t clues[81], order[81];
    int64_t unique = 0;
    uint64_t check = 0;
    for (int64_t p = 0; p < puzzles; p += 1) {
        reset();
        if (!fill(0)) {
            printf("sudoku FAIL: cannot fill a grid\n");
            return 1;
        }
        for (int64_t i = 0; i < 81; i += 1) order[i] = i;
        for (int64_t i = 0; i < 52; i += 1) {
            int64_t j = i + rnd(81 - i);
            int64_t t = order[i];
            order[i] = order[j];
            order[j] = t;
            clear_cell(order[i]);
        }
        for (int64_t i = 0; i < 81; i += 1) clues[i] = grid[i];
        solutions = 0;
        solve(2);
        if (solutions < 1 || !valid(clues)) {
            printf("sudoku FAIL: puzzle %ld\n", (long)p);
            return 1;
        }
        if (solutions == 1) unique += 1;
        for (int64_t i = 0; i < 81; i += 9) check = check * 10 + (uint64_t)(first[i] + first[i + 4]);
    }
    printf("sudoku %ld %ld %ld %ld\n", (long)puzzles, (long)unique, (long)nodes, (long)(int64_t)check);
    return 0;
}
