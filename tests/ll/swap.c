// Driver for swap.ll: (1, 2) swapped 0 to 5 times.
#include <stdint.h>
#include <stdio.h>

int64_t swap_times(int64_t a, int64_t b, int64_t n);

int main(void) {
    for (int64_t n = 0; n <= 5; n++)
        printf("swap_times(1, 2, %lld) = %lld\n", (long long)n, (long long)swap_times(1, 2, n));
    return 0;
}
