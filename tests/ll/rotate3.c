// Driver for rotate3.ll: (1, 2, 3) rotated 0 to 4 times.
#include <stdint.h>
#include <stdio.h>

int64_t rotate(int64_t a, int64_t b, int64_t c, int64_t n);

int main(void) {
    for (int64_t n = 0; n <= 4; n++)
        printf("rotate(1, 2, 3, %lld) = %lld\n", (long long)n, (long long)rotate(1, 2, 3, n));
    return 0;
}
