// args: 1000000
// test-args: 20000
// C twin of treesort.toy (Stanford Trees).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t *left, *right, *val;
static int64_t nodes = 0;
static uint64_t seed = 42;

static int64_t rnd(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((int64_t)seed >> 20) & 0xFFFFFFFFFLL;
}

static int64_t newnode(int64_t v) {
    nodes += 1;
    left[nodes] = 0;
    right[nodes] = 0;
    val[nodes] = v;
    return nodes;
}

static void insert(int64_t v, int64_t t) {
    if (v > val[t]) {
        if (right[t] == 0) right[t] = newnode(v);
        else insert(v, right[t]);
    } else if (v < val[t]) {
        if (left[t] == 0) left[t] = newnode(v);
        else insert(v, left[t]);
    }
}

static bool checktree(int64_t t, int64_t lo, int64_t hi) {
    if (t == 0) return true;
    int64_t v = val[t];
    return v > lo && v < hi && checktree(left[t], lo, v) && checktree(right[t], v, hi);
}

static int64_t visited = 0;
static int64_t last = -1;
static bool inorder_ok = true;
static uint64_t hash = 0;

static int64_t walk(int64_t t, int64_t depth) {
    if (t == 0) return depth - 1;
    int64_t dl = walk(left[t], depth + 1);
    visited += 1;
    if (val[t] <= last) inorder_ok = false;
    last = val[t];
    hash = hash * 1000003 + (uint64_t)val[t];
    int64_t dr = walk(right[t], depth + 1);
    if (dl > dr) return dl;
    return dr;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    left = calloc(n + 1, sizeof(int64_t));
    right = calloc(n + 1, sizeof(int64_t));
    val = calloc(n + 1, sizeof(int64_t));
    int64_t tree = newnode(rnd());
    for (int64_t i = 2; i <= n; i += 1) insert(rnd(), tree);
    if (!checktree(tree, -1, (int64_t)1 << 40)) {
        printf("treesort FAIL: not a search tree\n");
        return 1;
    }
    int64_t height = walk(tree, 0);
    if (!inorder_ok || visited != nodes) {
        printf("treesort FAIL: in-order walk %ld %ld\n", (long)visited, (long)nodes);
        return 1;
    }
    printf("treesort %ld %ld %ld %ld\n", (long)n, (long)nodes, (long)height, (long)(int64_t)hash);
    return 0;
}
