// args: 50000
// test-args: 50
// C twin of list.toy (Are We Fast Yet List).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t *val, *next;
static int64_t elements = 0;

static int64_t make_list(int64_t length) {
    if (length == 0) return 0;
    elements += 1;
    int64_t e = elements;
    val[e] = length;
    next[e] = make_list(length - 1);
    return e;
}

static int64_t list_length(int64_t l) {
    int64_t n = 0;
    int64_t e = l;
    while (e != 0) {
        n += 1;
        e = next[e];
    }
    return n;
}

static bool is_shorter_than(int64_t x, int64_t y) {
    int64_t x_tail = x, y_tail = y;
    while (y_tail != 0) {
        if (x_tail == 0) return true;
        x_tail = next[x_tail];
        y_tail = next[y_tail];
    }
    return false;
}

static int64_t calls = 0;

static int64_t tail(int64_t x, int64_t y, int64_t z) {
    calls += 1;
    if (is_shorter_than(y, x)) {
        int64_t a = tail(next[x], y, z);
        int64_t b = tail(next[y], z, x);
        int64_t c = tail(next[z], x, y);
        return tail(a, b, c);
    }
    return z;
}

int main(int argc, char **argv) {
    int64_t iterations = atol(argv[1]);
    val = calloc(64, 8);
    next = calloc(64, 8);
    int64_t total = 0;
    for (int64_t i = 0; i < iterations; i += 1) {
        elements = 0;
        int64_t x = make_list(15);
        int64_t y = make_list(10);
        int64_t z = make_list(6);
        int64_t r = tail(x, y, z);
        int64_t n = list_length(r);
        if (n != 10 || val[r] != 10) {
            printf("list FAIL: length %ld\n", (long)n);
            return 1;
        }
        total += n;
    }
    printf("list %ld %ld %ld\n", (long)iterations, (long)total, (long)calls);
    return 0;
}
