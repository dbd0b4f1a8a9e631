// ll: choose.ll count_to.ll
// Driver for the seed SSA examples: checks choose and count_to from C and
// prints "ok", or each failed check.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

int64_t choose(bool c);
int64_t count_to(int64_t n);

static int failures;

static void check(const char *what, int64_t got, int64_t want) {
    if (got != want) {
        printf("%s = %lld, want %lld\n", what, (long long)got, (long long)want);
        failures++;
    }
}

int main(void) {
    check("choose(1)", choose(1), 3);
    check("choose(0)", choose(0), 2);
    check("count_to(-1)", count_to(-1), 0);
    check("count_to(0)", count_to(0), 0);
    check("count_to(2)", count_to(2), 2);
    check("count_to(1000)", count_to(1000), 1000);
    if (failures == 0)
        printf("ok\n");
    return 0;
}
