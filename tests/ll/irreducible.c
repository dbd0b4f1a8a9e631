// Driver for irreducible.ll.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

int64_t bits(bool start_b, int64_t n);

int main(void) {
    for (int64_t n = 0; n <= 6; n++)
        printf("bits(a, %lld) = %lld  bits(b, %lld) = %lld\n", (long long)n, (long long)bits(false, n), (long long)n, (long long)bits(true, n));
    return 0;
}
