/* The C entry point of a Toy program, linked only when the program defines
 * main (which the compiler emits as toy_main), so that a Toy library linked
 * with a C program does not bring a second main. */
#include <stdint.h>
#include <stdio.h>

void toy_init(int argc, char **argv);
int64_t toy_main(void);

int main(int argc, char **argv) {
    toy_init(argc, argv);
    int64_t result = toy_main();
    fflush(stdout);
    return (int)(result & 255);
}
