// args: 400
// test-args: 2
// C twin of perm.toy (Stanford Perm).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t permarray[11];
static int64_t pctr = 0;
static uint64_t sig = 0;

static void swap(int64_t i, int64_t j) {
    int64_t t = permarray[i];
    permarray[i] = permarray[j];
    permarray[j] = t;
}

static void initialize(void) {
    for (int64_t i = 1; i <= 9; i += 1) permarray[i] = i - 1;
}

static void permute(int64_t n) {
    pctr += 1;
    if (n != 1) {
        permute(n - 1);
        for (int64_t k = n - 1; k >= 1; k -= 1) {
            swap(n, k);
            permute(n - 1);
            swap(n, k);
        }
    } else {
        sig = sig * 31 + (uint64_t)(permarray[1] * 8 + permarray[9]);
    }
}

static int64_t expected_calls(int64_t n) {
    if (n == 1) return 1;
    return 1 + n * expected_calls(n - 1);
}

int main(int argc, char **argv) {
    int64_t rounds = atol(argv[1]);
    int64_t total = 0;
    for (int64_t r = 0; r < rounds; r += 1) {
        pctr = 0;
        initialize();
        permute(9);
        if (pctr != expected_calls(9)) {
            printf("perm FAIL: calls %ld\n", (long)pctr);
            return 1;
        }
        for (int64_t i = 1; i <= 9; i += 1) {
            if (permarray[i] != i - 1) {
                printf("perm FAIL: not restored at %ld\n", (long)i);
                return 1;
            }
        }
        total += pctr;
    }
    printf("perm %ld %ld %ld\n", (long)rounds, (long)total, (long)(int64_t)sig);
    return 0;
}
