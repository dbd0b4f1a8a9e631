// Driver for critical_edge.ll.
#include <stdint.h>
#include <stdio.h>

int64_t pick(int64_t x);
int64_t sum_below(int64_t n);

int main(void) {
    printf("pick %lld %lld %lld %lld\n", (long long)pick(-2), (long long)pick(0), (long long)pick(1), (long long)pick(5));
    printf("sum_below %lld %lld %lld %lld\n", (long long)sum_below(-1), (long long)sum_below(0), (long long)sum_below(1), (long long)sum_below(5));
    return 0;
}
