// args: 10000000
// test-args: 20000
// C twin of huffman.toy (Huffman coding with a heap of node indices).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t *weight, *left, *right, *parent, *heap;
static int64_t heap_size = 0;

static bool less(int64_t a, int64_t b) { return weight[a] < weight[b] || (weight[a] == weight[b] && a < b); }

static void heap_push(int64_t node) {
    int64_t i = heap_size;
    heap_size += 1;
    heap[i] = node;
    while (i > 0) {
        int64_t p = (i - 1) / 2;
        if (!less(heap[i], heap[p])) break;
        int64_t t = heap[i];
        heap[i] = heap[p];
        heap[p] = t;
        i = p;
    }
}

static int64_t heap_pop(void) {
    int64_t top = heap[0];
    heap_size -= 1;
    heap[0] = heap[heap_size];
    int64_t i = 0;
    while (true) {
        int64_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < heap_size && less(heap[l], heap[m])) m = l;
        if (r < heap_size && less(heap[r], heap[m])) m = r;
        if (m == i) break;
        int64_t t = heap[i];
        heap[i] = heap[m];
        heap[m] = t;
        i = m;
    }
    return top;
}

static uint64_t seed = 99;

static int64_t rnd(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((int64_t)seed >> 33) & 0x7FFFFFFF;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t symbols = 64;
    int64_t *text = calloc(n, sizeof(int64_t));
    int64_t freq[64] = {0};
    for (int64_t i = 0; i < n; i += 1) {
        int64_t s = rnd() % 64;
        int64_t t = rnd() % 64;
        text[i] = (s * t) / 64;
        freq[text[i]] += 1;
    }
    int64_t max_nodes = 2 * symbols;
    weight = calloc(max_nodes, 8); left = calloc(max_nodes, 8); right = calloc(max_nodes, 8);
    parent = calloc(max_nodes, 8); heap = calloc(max_nodes, 8);
    int64_t nodes = symbols;
    for (int64_t s = 0; s < symbols; s += 1) {
        weight[s] = freq[s];
        left[s] = -1;
        right[s] = -1;
        parent[s] = -1;
        if (freq[s] > 0) heap_push(s);
    }
    while (heap_size > 1) {
        int64_t a = heap_pop();
        int64_t b = heap_pop();
        weight[nodes] = weight[a] + weight[b];
        left[nodes] = a;
        right[nodes] = b;
        parent[a] = nodes;
        parent[b] = nodes;
        heap_push(nodes);
        nodes += 1;
    }
    int64_t root = heap_pop();
    parent[root] = -1;
    int64_t *code = calloc(max_nodes, 8), *length = calloc(max_nodes, 8);
    for (int64_t v = root - 1; v >= 0; v -= 1) {
        if (parent[v] >= 0) {
            int64_t p = parent[v];
            int64_t bit = 0;
            if (right[p] == v) bit = 1;
            code[v] = code[p] * 2 + bit;
            length[v] = length[p] + 1;
        }
    }
    int64_t expected_bits = 0;
    for (int64_t s = 0; s < symbols; s += 1) expected_bits += freq[s] * length[s];
    int64_t nwords = expected_bits / 64 + 1;
    uint64_t *words = calloc(nwords, sizeof(uint64_t));
    int64_t pos = 0;
    for (int64_t i = 0; i < n; i += 1) {
        int64_t c = code[text[i]];
        for (int64_t b = length[text[i]] - 1; b >= 0; b -= 1) {
            if (((c >> b) & 1) != 0) words[pos >> 6] |= (uint64_t)1 << (63 - (pos & 63));
            pos += 1;
        }
    }
    if (pos != expected_bits) {
        printf("huffman FAIL: encoded %ld bits, expected %ld\n", (long)pos, (long)expected_bits);
        return 1;
    }
    uint64_t check = 0;
    for (int64_t i = 0; i < nwords; i += 1) check = check * 31 + words[i];
    int64_t bitpos = 0;
    for (int64_t i = 0; i < n; i += 1) {
        int64_t v = root;
        while (left[v] >= 0) {
            if (((words[bitpos >> 6] >> (63 - (bitpos & 63))) & 1) != 0) v = right[v];
            else v = left[v];
            bitpos += 1;
        }
        if (v != text[i]) {
            printf("huffman FAIL: symbol %ld decoded as %ld\n", (long)i, (long)v);
            return 1;
        }
    }
    printf("huffman %ld %ld %ld %ld %ld\n", (long)n, (long)pos, (long)length[0], (long)length[62], (long)(int64_t)check);
    return 0;
}
