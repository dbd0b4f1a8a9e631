// args: 100
// test-args: 1
// C twin of towers.toy (Stanford Towers).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t *discsize;
static int64_t *next;
static int64_t stack[4];
static int64_t freelist = 0;
static int64_t movesdone = 0;
static int64_t errors = 0;

static void makenull(int64_t s) { stack[s] = 0; }

static int64_t getelement(void) {
    if (freelist > 0) {
        int64_t temp = freelist;
        freelist = next[freelist];
        return temp;
    }
    errors += 1;
    return 0;
}

static void push(int64_t i, int64_t s) {
    if (stack[s] > 0 && discsize[stack[s]] <= i) {
        errors += 1;
        return;
    }
    int64_t el = getelement();
    next[el] = stack[s];
    stack[s] = el;
    discsize[el] = i;
}

static void init(int64_t s, int64_t n) {
    makenull(s);
    for (int64_t d = n; d >= 1; d -= 1) push(d, s);
}

static int64_t pop(int64_t s) {
    if (stack[s] > 0) {
        int64_t top = stack[s];
        int64_t size = discsize[top];
        stack[s] = next[top];
        next[top] = freelist;
        freelist = top;
        return size;
    }
    errors += 1;
    return 0;
}

static void move(int64_t s1, int64_t s2) {
    push(pop(s1), s2);
    movesdone += 1;
}

static void tower(int64_t i, int64_t j, int64_t k) {
    if (k == 1) {
        move(i, j);
    } else {
        int64_t other = 6 - i - j;
        tower(i, other, k - 1);
        move(i, j);
        tower(other, j, k - 1);
    }
}

int main(int argc, char **argv) {
    int64_t rounds = atol(argv[1]);
    int64_t discs = 20;
    int64_t maxcells = discs + 2;
    discsize = calloc(maxcells + 1, sizeof(int64_t));
    next = calloc(maxcells + 1, sizeof(int64_t));
    int64_t total = 0;
    uint64_t check = 0;
    for (int64_t r = 0; r < rounds; r += 1) {
        for (int64_t i = 1; i <= maxcells; i += 1) next[i] = i - 1;
        freelist = maxcells;
        init(1, discs);
        makenull(2);
        makenull(3);
        movesdone = 0;
        int64_t to = 2 + r % 2;
        tower(1, to, discs);
        if (movesdone != ((int64_t)1 << discs) - 1 || errors != 0) {
            printf("towers FAIL: moves %ld errors %ld\n", (long)movesdone, (long)errors);
            return 1;
        }
        int64_t expect = 1;
        int64_t c = stack[to];
        while (c != 0) {
            if (discsize[c] != expect) {
                printf("towers FAIL: peg order\n");
                return 1;
            }
            check = check * 7 + (uint64_t)c;
            expect += 1;
            c = next[c];
        }
        if (expect != discs + 1 || stack[1] != 0 || stack[5 - to] != 0) {
            printf("towers FAIL: final pegs\n");
            return 1;
        }
        total += movesdone;
    }
    printf("towers %ld %ld %ld\n", (long)rounds, (long)total, (long)(int64_t)check);
    return 0;
}
