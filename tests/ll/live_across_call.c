// Driver for live_across_call.ll: c_clobber overwrites every caller-saved
// register it can (a C function may), and keep20's twenty values must
// survive the call.
#include <stdint.h>
#include <stdio.h>

int64_t keep20(int64_t x);

int64_t c_clobber(int64_t v) {
    __asm__ volatile("" ::: "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11");
    volatile int64_t sink[32];
    for (int i = 0; i < 32; i++)
        sink[i] = v * i;
    return sink[31] - sink[30];
}

int main(void) {
    int64_t xs[] = {0, 1, -1, 12345, -9876543210LL, 9223372036854775807LL};
    for (int i = 0; i < 6; i++)
        printf("keep20(%lld) = %lld\n", (long long)xs[i], (long long)keep20(xs[i]));
    return 0;
}
