// Driver for sum_slots.ll: stack-slot locals and an escaping slot.
#include <stdint.h>
#include <stdio.h>

int64_t sum_to(int64_t n);
int64_t escaped(int64_t x);

void observe(int64_t *p) { *p = *p * 10; }

int main(void) {
    printf("sum_to %lld %lld %lld %lld\n", (long long)sum_to(0), (long long)sum_to(1), (long long)sum_to(10), (long long)sum_to(-3));
    printf("escaped %lld %lld\n", (long long)escaped(4), (long long)escaped(-4));
    return 0;
}
