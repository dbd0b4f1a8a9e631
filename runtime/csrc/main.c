/* The C entry point of a Toy program, linked only when the program defines
 * main (which the compiler emits as toy_main), so that a Toy library linked
 * with a C program does not bring a second main. */
#include <stdint.h>
#include <stdio.h>

void toy_init(int argc, char **argv);
int64_t toy_main(void);

/* The runtime is set up before main runs (glibc passes the program's
 * arguments to the initializers of .init_array), so that with -g, where the
 * compiler makes main another name of toy_main, gdb's `break main` stops at
 * the Toy main's first line and not in this file's main. */
__attribute__((constructor)) static void toy_start(int argc, char **argv) {
    toy_init(argc, argv);
}

/* Weak: the Toy main itself, when -g names it main. Its int64 result's low
 * byte is the exit status either way, and exit flushes stdout. */
__attribute__((weak)) int main(void) {
    int64_t result = toy_main();
    fflush(stdout);
    return (int)(result & 255);
}
