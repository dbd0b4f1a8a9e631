/* A C program that calls the Toy library stats.toy through the header
 * toyc writes for it (stats.h), linked with the runtime library. */
#include <stdio.h>

#include "stats.h"

int main(void) {
	int64_t *sq = squares(5);
	printf("%lld squares, sum %lld\n", (long long)toy_array_len(sq), (long long)sum(sq));

	int64_t *mine = toy_array_new(3, sizeof(int64_t));
	mine[0] = 10;
	mine[1] = 20;
	mine[2] = 30;
	int64_t count;
	bool any = above(mine, 15, &count);
	printf("above 15: %lld (%s)\n", (long long)count, any ? "some" : "none");
	printf("calls: %lld\n", (long long)calls);
	return 0;
}
