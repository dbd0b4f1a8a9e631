// args: 12000000
// test-args: 30000
// C twin of primecount.toy (Embench-style prime counting by kept multiples).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t count_by_multiples(int64_t n) {
    int64_t cap = 2;
    while (cap * cap < n) cap += 1;
    int64_t *primes = calloc(cap + 1, 8), *mult = calloc(cap + 1, 8);
    int64_t stored = 0, count = 0;
    for (int64_t i = 2; i < n; i += 1) {
        bool is_prime = true;
        for (int64_t j = 0; j < stored && primes[j] * primes[j] <= i; j += 1) {
            while (mult[j] < i) mult[j] += primes[j];
            if (mult[j] == i) {
                is_prime = false;
                break;
            }
        }
        if (is_prime) {
            count += 1;
            if (i * i < n) {
                primes[stored] = i;
                mult[stored] = i * i;
                stored += 1;
            }
        }
    }
    free(primes);
    free(mult);
    return count;
}

static int64_t count_by_sieve(int64_t n) {
    bool *composite = calloc(n + 1, 1);
    int64_t count = 0;
    for (int64_t i = 2; i < n; i += 1) {
        if (!composite[i]) {
            count += 1;
            for (int64_t j = i * i; j < n; j += i) composite[j] = true;
        }
    }
    free(composite);
    return count;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t c = count_by_multiples(n);
    int64_t s = count_by_sieve(n);
    if (c != s) {
        printf("primecount FAIL: %ld but the sieve says %ld\n", (long)c, (long)s);
        return 1;
    }
    printf("primecount %ld %ld\n", (long)n, (long)c);
    return 0;
}
