// args: 3000
// test-args: 200
// C twin of pidigits.toy (Benchmarks Game pidigits, hand-written bignums:
// base-2^32 limbs in int64_t arrays, the limb count in element 0).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static const int64_t MASK = 0xFFFFFFFFLL;

static int64_t *big(int64_t capacity, int64_t v) {
    int64_t *a = calloc(capacity + 1, sizeof(int64_t));
    a[0] = 1;
    a[1] = v;
    return a;
}

static void copy_big(int64_t *dst, const int64_t *src) {
    for (int64_t i = 0; i <= src[0]; i += 1) dst[i] = src[i];
}

static void trim(int64_t *a) {
    while (a[0] > 1 && a[a[0]] == 0) a[0] -= 1;
}

static void mul_small(int64_t *a, int64_t m) {
    int64_t carry = 0, n = a[0];
    for (int64_t i = 1; i <= n; i += 1) {
        int64_t t = a[i] * m + carry;
        a[i] = t & MASK;
        carry = (t >> 32) & MASK;
    }
    if (carry != 0) {
        a[n + 1] = carry;
        a[0] = n + 1;
    }
    trim(a);
}

static void add_mul(int64_t *a, const int64_t *b, int64_t m) {
    int64_t n = b[0];
    while (a[0] < n) {
        a[0] += 1;
        a[a[0]] = 0;
    }
    int64_t carry = 0, i = 1;
    while (i <= a[0]) {
        int64_t t = a[i] + carry;
        if (i <= n) t += b[i] * m;
        a[i] = t & MASK;
        carry = (t >> 32) & MASK;
        i += 1;
        if (i > n && carry == 0) break;
    }
    if (carry != 0) {
        a[0] += 1;
        a[a[0]] = carry;
    }
}

static void sub_mul(int64_t *a, const int64_t *b, int64_t m) {
    int64_t n = b[0], borrow = 0, i = 1;
    while (i <= a[0]) {
        int64_t p = borrow;
        if (i <= n) p += b[i] * m;
        int64_t t = a[i] - (p & MASK);
        borrow = (p >> 32) & MASK;
        if (t < 0) {
            t += (int64_t)1 << 32;
            borrow += 1;
        }
        a[i] = t;
        i += 1;
        if (i > n && borrow == 0) break;
    }
    trim(a);
}

static int64_t compare(const int64_t *a, const int64_t *b) {
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    for (int64_t i = a[0]; i >= 1; i -= 1)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int64_t *numer, *accum, *denom, *tmp, *tmp2;
static bool accum_negative = false;

static void add_to_accum(const int64_t *b, int64_t m) {
    if (!accum_negative) {
        add_mul(accum, b, m);
        return;
    }
    copy_big(tmp2, b);
    mul_small(tmp2, m);
    if (compare(accum, tmp2) > 0) {
        sub_mul(accum, tmp2, 1);
    } else {
        sub_mul(tmp2, accum, 1);
        copy_big(accum, tmp2);
        accum_negative = false;
    }
}

static void sub_from_accum(const int64_t *b, int64_t m) {
    copy_big(tmp2, b);
    mul_small(tmp2, m);
    if (compare(accum, tmp2) >= 0) {
        sub_mul(accum, tmp2, 1);
    } else {
        sub_mul(tmp2, accum, 1);
        copy_big(accum, tmp2);
        accum_negative = true;
    }
}

static int64_t extract_digit(int64_t nth) {
    copy_big(tmp, accum);
    add_mul(tmp, numer, nth);
    int64_t q = 0;
    while (compare(tmp, denom) >= 0) {
        sub_mul(tmp, denom, 1);
        q += 1;
    }
    return q;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    int64_t capacity = 8 * n + 64;
    numer = big(capacity, 1);
    accum = big(capacity, 0);
    denom = big(capacity, 1);
    tmp = big(capacity, 0);
    tmp2 = big(capacity, 0);
    int64_t known[4] = {3141592653LL, 5897932384LL, 6264338327LL, 9502884197LL};
    int64_t group = 0, digits = 0, sum = 0, last = 0, k = 0;
    while (digits < n) {
        k += 1;
        int64_t k2 = 2 * k + 1;
        add_to_accum(numer, 2);
        mul_small(accum, k2);
        mul_small(denom, k2);
        mul_small(numer, k);
        if (accum_negative || compare(numer, accum) > 0) continue;
        int64_t d = extract_digit(3);
        if (d != extract_digit(4)) continue;
        digits += 1;
        sum += d;
        last = (last * 10 + d) % 10000000000LL;
        group = group * 10 + d;
        if (digits % 10 == 0) {
            if (digits <= 40 && group != known[digits / 10 - 1]) {
                printf("pidigits FAIL: digits %ld to %ld are %ld\n", (long)(digits - 9), (long)digits, (long)group);
                return 1;
            }
            group = 0;
        }
        sub_from_accum(denom, d);
        mul_small(accum, 10);
        mul_small(numer, 10);
    }
    printf("pidigits %ld %ld %ld %ld\n", (long)digits, (long)sum, (long)last, (long)k);
    return 0;
}
