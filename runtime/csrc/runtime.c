/* The Toy runtime: printing, arrays, command-line arguments and the reports
 * of runtime errors, linked into every Toy program (see
 * notes/runtime-abi.md for the contract with the compiler).
 *
 * Output goes through stdio so that C code linked with a Toy library
 * interleaves its printf output correctly with Toy's print. Every way out of
 * a program flushes stdout before anything is written to stderr, so that a
 * runtime error appears after all the output that preceded it.
 *
 * Stack overflow is caught as SIGSEGV on an alternate signal stack
 * (sigaltstack), the technique Go and Rust also use for their guard pages:
 * the faulting thread has no stack left to run a handler on. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The shared array of length 0: its length word lies just before the
 * label, as for every array. It is read-only; nothing can index it. */
__asm__(".pushsection .rodata\n"
        ".balign 8\n"
        ".quad 0\n"
        ".globl toy_empty\n"
        ".type toy_empty, @object\n"
        ".size toy_empty, 0\n"
        "toy_empty:\n"
        ".popsection\n");
extern char toy_empty[];

static int saved_argc;
static char **saved_argv;

#ifdef __GLIBC__
/* glibc passes main's arguments to the functions of .init_array, so that
 * argc() and argi() work in a Toy library linked with a C program too. */
__attribute__((constructor)) static void record_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}
#endif

static _Noreturn void fail(const char *file, int32_t line, int32_t col, const char *what) {
    fflush(stdout);
    fprintf(stderr, "%s:%d:%d: runtime error: %s\n", file, (int)line, (int)col, what);
    exit(2);
}

void toy_print_str(const char *s) {
    fputs(s, stdout);
}

/* For text holding NUL bytes (from a \0 escape), which toy_print_str
 * would stop at. */
void toy_print_bytes(const char *s, int64_t n) {
    fwrite(s, 1, (size_t)n, stdout);
}

void toy_print_bool(_Bool b) {
    if (b)
        fwrite("true", 1, 4, stdout);
    else
        fwrite("false", 1, 5, stdout);
}

/* Digits are formatted by hand: printf's format parsing would cost more
 * than the conversion in print-heavy programs. */
void toy_print_i64(int64_t v) {
    char buf[24];
    char *p = buf + sizeof buf;
    /* Negating in unsigned arithmetic keeps INT64_MIN defined. */
    uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0)
        *--p = '-';
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), stdout);
}

void *toy_new_array(int64_t n, int64_t elem_size, const char *file, int32_t line, int32_t col) {
    if (n < 0)
        fail(file, line, col, "negative array length");
    if (n == 0)
        return toy_empty;
    if (elem_size <= 0 || (uint64_t)n > (SIZE_MAX - sizeof(int64_t)) / (uint64_t)elem_size)
        fail(file, line, col, "out of memory");
    int64_t *block = calloc(1, sizeof(int64_t) + (size_t)n * (size_t)elem_size);
    if (block == NULL)
        fail(file, line, col, "out of memory");
    block[0] = n;
    return block + 1;
}

int64_t toy_argc(void) {
    return saved_argc > 0 ? saved_argc - 1 : 0;
}

/* Parsed by hand rather than with strtoll, which would also accept leading
 * blanks and a '+' sign that Toy's "decimal with an optional leading '-'"
 * does not. Accumulating the magnitude negatively reaches INT64_MIN without
 * overflow. */
int64_t toy_argi(int64_t i, const char *file, int32_t line, int32_t col) {
    if (i < 0 || i >= toy_argc())
        fail(file, line, col, "bad argument");
    const char *s = saved_argv[i + 1];
    int negative = *s == '-';
    if (negative)
        s++;
    if (*s == '\0')
        fail(file, line, col, "bad argument");
    int64_t acc = 0;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9')
            fail(file, line, col, "bad argument");
        int digit = *s - '0';
        if (acc < (INT64_MIN + digit) / 10)
            fail(file, line, col, "bad argument");
        acc = acc * 10 - digit;
    }
    if (!negative) {
        if (acc == INT64_MIN)
            fail(file, line, col, "bad argument");
        acc = -acc;
    }
    return acc;
}

_Noreturn void toy_index_error(const char *file, int32_t line, int32_t col, int64_t index, int64_t len) {
    fflush(stdout);
    fprintf(stderr, "%s:%d:%d: runtime error: index out of range [%lld] with length %lld\n",
            file, (int)line, (int)col, (long long)index, (long long)len);
    exit(2);
}

_Noreturn void toy_div_error(const char *file, int32_t line, int32_t col) {
    fail(file, line, col, "division by zero");
}

static char signal_stack[1 << 16];

/* A fault near the stack pointer is the stack running into its guard page;
 * anything else (a bad pointer in C code linked with Toy) keeps the default
 * action, so that it is not misreported as a stack overflow. A frame may
 * store up to its size above the stack pointer, hence the wider window. */
static int is_stack_fault(void *addr, void *context) {
#if defined(__x86_64__) && defined(REG_RSP)
    uintptr_t sp = (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RSP];
    uintptr_t a = (uintptr_t)addr;
    return a + 4096 >= sp && a <= sp + (1u << 20);
#else
    (void)addr;
    (void)context;
    return 1;
#endif
}

static void on_segv(int sig, siginfo_t *info, void *context) {
    if (!is_stack_fault(info->si_addr, context)) {
        signal(sig, SIG_DFL);
        return;
    }
    /* fflush is not async-signal-safe, but a Toy program only faults here
     * in its own code or in a runtime call, never with stdout half-updated
     * by another thread; losing the output would be worse. */
    fflush(stdout);
    static const char msg[] = "runtime error: stack overflow\n";
    write(STDERR_FILENO, msg, sizeof msg - 1);
    _exit(2);
}

/* Called by main.c before toy_main. */
void toy_init(int argc, char **argv) {
    saved_argc = argc;
    saved_argv = argv;
    /* A large buffer makes print cheap; a terminal keeps stdio's line
     * buffering so that a long-running program shows its output. */
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    stack_t ss = {.ss_sp = signal_stack, .ss_size = sizeof signal_stack};
    struct sigaction sa = {.sa_sigaction = on_segv, .sa_flags = SA_SIGINFO | SA_ONSTACK};
    sigemptyset(&sa.sa_mask);
    if (sigaltstack(&ss, NULL) == 0)
        sigaction(SIGSEGV, &sa, NULL);
}
