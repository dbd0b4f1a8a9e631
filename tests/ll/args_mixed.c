// Driver for args_mixed.ll: C calls Toy-ABI functions with 8 and 10
// arguments of mixed widths, and they call C back with 8.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

int64_t mix8(int32_t a, int64_t b, bool c, int32_t d, int64_t e, bool f, int32_t g, int64_t h);
int64_t mix10(int64_t a, int32_t b, bool c, int64_t d, int32_t e, int64_t f, bool g, int32_t h, int64_t i, int32_t j);
int64_t call10(void);

int64_t c_sum8(int32_t a, int64_t b, bool c, int32_t d, int64_t e, bool f, int32_t g, int64_t h) {
    return (int64_t)((uint64_t)a + (uint64_t)b * 2 + (uint64_t)c * 4 + (uint64_t)(int64_t)d * 8 +
                     (uint64_t)e * 16 + (uint64_t)f * 32 + (uint64_t)(int64_t)g * 64 + (uint64_t)h * 128);
}

int main(void) {
    printf("mix8 = %lld\n", (long long)mix8(-1, 2, true, -3, 4, false, 5, -6));
    printf("mix8 = %lld\n", (long long)mix8(2147483647, -9223372036854775807LL, false, -2147483647 - 1, 1, true, -1, 9));
    printf("mix10 = %lld\n", (long long)mix10(1, 2, true, 3, 4, 5, false, 6, 7, 8));
    printf("mix10 = %lld\n", (long long)mix10(-10, -20, false, -30, -40, -50, true, -60, -70, -80));
    printf("call10 = %lld\n", (long long)call10());
    return 0;
}
