// Driver for selfloop.ll.
#include <stdint.h>
#include <stdio.h>

int64_t fib_pair(int64_t n);

int main(void) {
    for (int64_t n = 0; n <= 10; n++)
        printf("fib_pair(%lld) = %lld\n", (long long)n, (long long)fib_pair(n));
    return 0;
}
