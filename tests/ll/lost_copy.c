// Driver for lost_copy.ll.
#include <stdint.h>
#include <stdio.h>

int64_t last_below(int64_t n);

int main(void) {
    int64_t ns[] = {-5, 0, 1, 2, 3, 10, 100};
    for (int i = 0; i < 7; i++)
        printf("last_below(%lld) = %lld\n", (long long)ns[i], (long long)last_below(ns[i]));
    return 0;
}
