/* The Toy runtime: printing, arrays, command-line arguments and the reports
 * of runtime errors, linked into every Toy program (see runtime/ABI.md for
 * the contract with the compiler).
 *
 * Output goes through stdio so that C code linked with a Toy library
 * interleaves its printf output correctly with Toy's print. Every way out of
 * a program flushes stdout before anything is written to stderr, so that a
 * runtime error appears after all the output that preceded it.
 *
 * A runtime error's report is its message, then a trace: one line per
 * active Toy call, innermost first, read from the tables toyc emits
 * (toy_functab, toy_pctab: see "Traces" below and backend/tracetab.go).
 *
 * Stack overflow is caught as SIGSEGV on an alternate signal stack
 * (sigaltstack), the technique Go and Rust also use for their guard pages:
 * the faulting thread has no stack left to run a handler on. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
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

/* Everything that reports is cold: optimized for size, placed apart. */
#define COLD __attribute__((cold))

/* ---- The report's text ----
 *
 * Reports are formatted by hand into a buffer and written with write(2):
 * the stack-overflow handler may not call stdio, and one writer keeps every
 * report byte-for-byte the same whichever way it comes. */

static char report_buf[512];
static size_t report_len;

static COLD void report_flush(void) {
    size_t off = 0;
    while (off < report_len) {
        ssize_t n = write(STDERR_FILENO, report_buf + off, report_len - off);
        if (n <= 0)
            break;
        off += (size_t)n;
    }
    report_len = 0;
}

static COLD void put_char(char c) {
    if (report_len == sizeof report_buf)
        report_flush();
    report_buf[report_len++] = c;
}

static COLD void put_bytes(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        put_char(s[i]);
}

static COLD void put_str(const char *s) {
    for (; *s != '\0'; s++)
        put_char(*s);
}

/* format_int writes v in decimal so that it ends at end and returns where
 * it starts. Digits are formatted by hand: printf's format parsing would
 * cost more than the conversion in print-heavy programs, and the error
 * path must not touch stdio's buffers. */
static inline char *format_int(char *end, int64_t v) {
    char *p = end;
    /* Negating in unsigned arithmetic keeps INT64_MIN defined. */
    uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0)
        *--p = '-';
    return p;
}

static COLD void put_int(int64_t v) {
    char buf[24];
    char *p = format_int(buf + sizeof buf, v);
    put_bytes(p, (size_t)(buf + sizeof buf - p));
}

/* An argument as a quoted string: printable ASCII as it is (with " and \
 * escaped), other bytes as \xHH, at most quote_max bytes of it followed by
 * "..." when it is longer. middle/interp_runtime.go quotes the same way. */
enum { quote_max = 64 };

static COLD void put_quoted(const char *s) {
    static const char hex[] = "0123456789abcdef";
    put_str("\"");
    size_t i = 0;
    for (; s[i] != '\0' && i < quote_max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            put_bytes(esc, 2);
        } else if (c >= 0x20 && c < 0x7f) {
            put_bytes((const char *)&c, 1);
        } else {
            char esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            put_bytes(esc, 4);
        }
    }
    put_str("\"");
    if (s[i] != '\0')
        put_str("...");
}

static COLD void put_position(const char *file, int32_t line, int32_t col) {
    put_str(file);
    if (line > 0) {
        put_str(":");
        put_int(line);
        put_str(":");
        put_int(col);
    }
}

/* ---- Traces ----
 *
 * toyc writes two tables (backend/tracetab.go), whose entries the linker
 * gathers from every object between the __start_ and __stop_ symbols of
 * their sections; addresses are stored relative to the word that holds
 * them. A program with no table (built through llc, or all C) sees both
 * bounds as null, through the weak references, and prints no trace. */

struct toy_func {
    int32_t start, end, name, file; /* relative addresses */
    int32_t frame;                  /* bytes from the CFA down to rsp in the body; 0: no frame */
    int32_t line, col;              /* the function's position */
    int32_t flags;                  /* FUNC_TAIL_LOOPS */
};

struct toy_site {
    int32_t ret, name; /* relative: the return address, the function's name */
    int32_t line, col; /* the call's position */
    int32_t flags;     /* SITE_INLINED: inlined into the next entry's function */
};

enum { FUNC_TAIL_LOOPS = 1, SITE_INLINED = 1 };

extern const struct toy_func __start_toy_functab[] __attribute__((weak));
extern const struct toy_func __stop_toy_functab[] __attribute__((weak));
extern const struct toy_site __start_toy_pctab[] __attribute__((weak));
extern const struct toy_site __stop_toy_pctab[] __attribute__((weak));

static uintptr_t rel(const int32_t *field) { return (uintptr_t)field + (uintptr_t)(intptr_t)*field; }
static const char *rel_str(const int32_t *field) { return (const char *)rel(field); }

/* Each object's entries are in address order; so are the objects' in the
 * usual link, and then lookups are binary searches. Otherwise (a linker
 * script that reorders sections) they are linear scans. */
static int tables_checked, funcs_sorted, sites_sorted;

static COLD void check_tables(void) {
    if (tables_checked)
        return;
    tables_checked = 1;
    funcs_sorted = sites_sorted = 1;
    for (const struct toy_func *f = __start_toy_functab; f && f + 1 < __stop_toy_functab; f++)
        if (rel(&f[1].start) < rel(&f[0].start))
            funcs_sorted = 0;
    for (const struct toy_site *s = __start_toy_pctab; s && s + 1 < __stop_toy_pctab; s++)
        if (rel(&s[1].ret) < rel(&s[0].ret))
            sites_sorted = 0;
}

/* The function whose code holds pc, or NULL. */
static COLD const struct toy_func *find_func(uintptr_t pc) {
    const struct toy_func *lo = __start_toy_functab, *hi = __stop_toy_functab;
    if (lo == NULL || hi == NULL)
        return NULL;
    check_tables();
    if (!funcs_sorted) {
        for (const struct toy_func *f = lo; f < hi; f++)
            if (rel(&f->start) <= pc && pc < rel(&f->end))
                return f;
        return NULL;
    }
    while (lo < hi) { /* the last function starting at or before pc */
        const struct toy_func *mid = lo + (hi - lo) / 2;
        if (rel(&mid->start) <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == __start_toy_functab)
        return NULL;
    lo--;
    return pc < rel(&lo->end) ? lo : NULL;
}

/* The first entry of the call site whose return address is ret, or NULL. */
static COLD const struct toy_site *find_site(uintptr_t ret) {
    const struct toy_site *lo = __start_toy_pctab, *hi = __stop_toy_pctab;
    if (lo == NULL || hi == NULL)
        return NULL;
    check_tables();
    if (!sites_sorted) {
        for (const struct toy_site *s = lo; s < hi; s++)
            if (rel(&s->ret) == ret)
                return s;
        return NULL;
    }
    while (lo < hi) { /* the first entry at or after ret */
        const struct toy_site *mid = lo + (hi - lo) / 2;
        if (rel(&mid->ret) < ret)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < __stop_toy_pctab && rel(&lo->ret) == ret ? lo : NULL;
}

/* The stack's upper end, for the sanity of the walk: main's arguments lie
 * above every frame. 0 when unknown. */
static uintptr_t stack_top(void) { return (uintptr_t)saved_argv; }

/* A walk visits the logical frames of the active Toy calls, innermost
 * first: per physical frame, the functions inlined into it and then its
 * own. Walking needs no frame pointer: toyc keeps rsp fixed in a
 * function's body and records how far below the CFA it is (frame), so a
 * caller's CFA is its callee's CFA plus the caller's frame, and the
 * caller's return address lies just below its CFA. The walk stops at the
 * first return address that is no Toy call site: the C code that called
 * Toy (main.c's main, or a C caller of a Toy library). */
struct walk {
    uintptr_t cfa; /* of the callee of the next physical frame (the stack pointer at its call) */
    uintptr_t ret; /* the next physical frame's return address */
    /* A first frame not at a call: a fault in a function's prologue. */
    const struct toy_func *first;
};

struct frame {
    const char *name, *file;
    int32_t line, col;
    const char *inlined_into; /* NULL: a physical frame */
    int tail_loops;
};

static COLD int is_main(const char *name) {
    return name[0] == 'm' && name[1] == 'a' && name[2] == 'i' && name[3] == 'n' && name[4] == '\0';
}

/* Calls visit for each logical frame (index from 0, innermost), then once
 * more with a frame without name when the walk ended in C code that is not
 * main.c's main, and returns how many calls it made. */
static COLD int64_t walk_frames(struct walk w, void (*visit)(const struct frame *, int64_t, void *), void *arg) {
    int64_t n = 0;
    uintptr_t top = stack_top();
    const char *last = NULL; /* the last physical frame's function */
    if (w.first != NULL) {
        const struct toy_func *f = w.first;
        struct frame fr = {rel_str(&f->name), rel_str(&f->file), f->line, f->col, NULL, f->flags & FUNC_TAIL_LOOPS};
        visit(&fr, n++, arg);
        last = fr.name;
        w.ret = *(const uintptr_t *)(w.cfa - 8);
    }
    for (;;) {
        const struct toy_site *s = find_site(w.ret);
        const struct toy_func *f = s ? find_func(w.ret - 1) : NULL;
        if (s == NULL || f == NULL || f->frame == 0) {
            if (last != NULL && !is_main(last)) {
                struct frame fr = {NULL, NULL, 0, 0, NULL, 0};
                visit(&fr, n++, arg);
            }
            break;
        }
        const char *file = rel_str(&f->file);
        for (;; s++) {
            struct frame fr = {rel_str(&s->name), file, s->line, s->col, NULL, 0};
            if (s->flags & SITE_INLINED)
                fr.inlined_into = rel_str(&s[1].name);
            else
                fr.tail_loops = f->flags & FUNC_TAIL_LOOPS;
            visit(&fr, n++, arg);
            if (!(s->flags & SITE_INLINED))
                break;
        }
        last = rel_str(&f->name);
        uintptr_t cfa = w.cfa + (uintptr_t)f->frame;
        if (top != 0 && cfa > top)
            break;
        w.cfa = cfa;
        w.ret = *(const uintptr_t *)(cfa - 8);
    }
    return n;
}

/* What a first walk learns: the innermost frame's function, and how many
 * frames are Toy's. */
struct census {
    const char *innermost;
    int64_t toy;
};

static COLD void count_frame(const struct frame *fr, int64_t i, void *arg) {
    struct census *c = arg;
    if (i == 0)
        c->innermost = fr->name;
    if (fr->name != NULL)
        c->toy++;
}

/* What print_frame prints of a trace of depth frames: the first `inner`
 * and the last `outer`, and a line for the ones between. */
struct elision {
    int64_t depth, inner, outer;
};

static COLD void print_frame(const struct frame *fr, int64_t i, void *arg) {
    struct elision *e = arg;
    if (e->depth > e->inner + e->outer && i >= e->inner && i < e->depth - e->outer) {
        if (i == e->inner) {
            put_str("    ...");
            put_int(e->depth - e->inner - e->outer);
            put_str(" frames elided...\n");
        }
        return;
    }
    if (fr->name == NULL) {
        put_str("    at ?? (C code)\n");
        return;
    }
    put_str("    at ");
    put_str(fr->name);
    put_str(" (");
    put_position(fr->file, fr->line, fr->col);
    put_str(")");
    if (fr->inlined_into != NULL) {
        put_str(" (inlined into ");
        put_str(fr->inlined_into);
        put_str(")");
    }
    if (fr->tail_loops)
        put_str(" (tail calls reuse this frame)");
    put_str("\n");
}

static COLD void print_trace(struct walk w, int64_t inner, int64_t outer) {
    struct census c = {NULL, 0};
    struct elision e = {walk_frames(w, count_frame, &c), inner, outer};
    walk_frames(w, print_frame, &e);
}

/* Where a runtime function was called from: its CFA (the caller's stack
 * pointer at the call) and its return address, taken in the function that
 * Toy code calls, on the failing path, and passed as two arguments (in
 * registers: a struct would make the callers reserve stack in their
 * prologues, on every call). */
#define CALLER (uintptr_t) __builtin_dwarf_cfa(), (uintptr_t)__builtin_return_address(0)
#define FROM(cfa, ret) ((struct walk){cfa, ret, NULL})

/* The first line's start, after stdout is flushed: "FILE:LINE:COL: runtime
 * error: ". */
static COLD void begin(const char *file, int32_t line, int32_t col) {
    fflush(stdout);
    put_position(file, line, col);
    put_str(": runtime error: ");
}

/* Ends the first line, prints the trace and exits. */
static COLD _Noreturn void finish(uintptr_t cfa, uintptr_t ret) {
    put_str("\n");
    print_trace(FROM(cfa, ret), 50, 50);
    report_flush();
    exit(2);
}

static COLD _Noreturn __attribute__((noinline)) void fail(uintptr_t cfa, uintptr_t ret, const char *file, int32_t line, int32_t col, const char *what) {
    begin(file, line, col);
    put_str(what);
    finish(cfa, ret);
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

void toy_print_i64(int64_t v) {
    char buf[24];
    char *p = format_int(buf + sizeof buf, v);
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), stdout);
}

static COLD _Noreturn __attribute__((noinline)) void negative_length(uintptr_t cfa, uintptr_t ret, int64_t n, const char *file, int32_t line, int32_t col) {
    begin(file, line, col);
    put_str("negative array length ");
    put_int(n);
    finish(cfa, ret);
}

void *toy_new_array(int64_t n, int64_t elem_size, const char *file, int32_t line, int32_t col) {
    if (n < 0)
        negative_length(CALLER, n, file, line, col);
    if (n == 0)
        return toy_empty;
    if (elem_size <= 0 || (uint64_t)n > (SIZE_MAX - sizeof(int64_t)) / (uint64_t)elem_size)
        fail(CALLER, file, line, col, "out of memory");
    int64_t *block = calloc(1, sizeof(int64_t) + (size_t)n * (size_t)elem_size);
    if (block == NULL)
        fail(CALLER, file, line, col, "out of memory");
    block[0] = n;
    return block + 1;
}

int64_t toy_argc(void) {
    return saved_argc > 0 ? saved_argc - 1 : 0;
}

/* The reports of a bad argument i: missing, or its text with the reason
 * (one function each, so that all the arguments travel in registers). */
static COLD void begin_argument(int64_t i, const char *file, int32_t line, int32_t col) {
    begin(file, line, col);
    put_str("bad argument: argi(");
    put_int(i);
    put_str("): ");
}

static COLD _Noreturn __attribute__((noinline)) void missing_argument(uintptr_t cfa, uintptr_t ret, int64_t i, const char *file, int32_t line, int32_t col) {
    begin_argument(i, file, line, col);
    int64_t n = toy_argc();
    put_str("the program has ");
    put_int(n);
    put_str(n == 1 ? " argument" : " arguments");
    finish(cfa, ret);
}

static COLD _Noreturn __attribute__((noinline)) void malformed_argument(uintptr_t cfa, uintptr_t ret, int64_t i, const char *file, int32_t line, int32_t col) {
    begin_argument(i, file, line, col);
    put_quoted(saved_argv[i + 1]);
    put_str(" is not a decimal integer");
    finish(cfa, ret);
}

static COLD _Noreturn __attribute__((noinline)) void argument_out_of_range(uintptr_t cfa, uintptr_t ret, int64_t i, const char *file, int32_t line, int32_t col) {
    begin_argument(i, file, line, col);
    put_quoted(saved_argv[i + 1]);
    put_str(" is out of range for int");
    finish(cfa, ret);
}

/* Parsed by hand rather than with strtoll, which would also accept leading
 * blanks and a '+' sign that Toy's "decimal with an optional leading '-'"
 * does not. Accumulating the magnitude negatively reaches INT64_MIN without
 * overflow. */
int64_t toy_argi(int64_t i, const char *file, int32_t line, int32_t col) {
    if (i < 0 || i >= toy_argc())
        missing_argument(CALLER, i, file, line, col);
    const char *s = saved_argv[i + 1];
    int negative = *s == '-';
    if (negative)
        s++;
    if (*s == '\0')
        malformed_argument(CALLER, i, file, line, col);
    int64_t acc = 0;
    int range = 0; /* out of range, once the digits are known to be digits */
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9')
            malformed_argument(CALLER, i, file, line, col);
        int digit = *s - '0';
        if (range || acc < (INT64_MIN + digit) / 10) {
            range = 1;
            continue;
        }
        acc = acc * 10 - digit;
    }
    if (range || (!negative && acc == INT64_MIN))
        argument_out_of_range(CALLER, i, file, line, col);
    return negative ? acc : -acc;
}

_Noreturn void toy_index_error(const char *file, int32_t line, int32_t col, int64_t index, int64_t len) {
    uintptr_t cfa = (uintptr_t)__builtin_dwarf_cfa(), ret = (uintptr_t)__builtin_return_address(0);
    begin(file, line, col);
    put_str("index out of range [");
    put_int(index);
    put_str("] with length ");
    put_int(len);
    finish(cfa, ret);
}

_Noreturn void toy_div_error(const char *file, int32_t line, int32_t col) {
    fail(CALLER, file, line, col, "division by zero");
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

/* Where the walk of an overflowed stack starts, from the registers at the
 * fault. In a Toy function, the fault is at a stack access that a frame
 * makes: a push of a saved register in its prologue, a store into the
 * frame, or a call pushing its return address. toyc keeps no frame
 * pointer: rsp is f->frame below the CFA once the prologue is done, and in
 * the prologue the pushes still to run (this one included) and the
 * subtraction after them say how far rsp is from there. A fault at a call
 * is reported at the call's position; elsewhere at the function's. In C
 * code (the runtime or the C library, called from Toy), the stack is
 * scanned upwards for the first return address into a Toy call site: C's
 * frames have no table, and the scan is bounded. */
/* The bytes the prologue still takes off rsp from the instruction at code
 * on: its pushes (push %reg, with a REX.B prefix for r8-r15) and the
 * subtraction after them (sub $imm8 or $imm32, %rsp); 0 in a body. */
static COLD uintptr_t prologue_left(const unsigned char *code) {
    uintptr_t n = 0;
    for (;;) {
        if (code[0] >= 0x50 && code[0] <= 0x57) {
            n += 8;
            code++;
        } else if (code[0] == 0x41 && code[1] >= 0x50 && code[1] <= 0x57) {
            n += 8;
            code += 2;
        } else {
            break;
        }
    }
    if (n == 0)
        return 0;
    if (code[0] == 0x48 && code[1] == 0x83 && code[2] == 0xec)
        n += code[3];
    else if (code[0] == 0x48 && code[1] == 0x81 && code[2] == 0xec)
        n += (uint32_t)code[3] | (uint32_t)code[4] << 8 | (uint32_t)code[5] << 16 | (uint32_t)code[6] << 24;
    return n;
}

static COLD struct walk overflow_start(void *context) {
    struct walk w = {0, 0, NULL};
#if defined(__x86_64__) && defined(REG_RSP)
    const greg_t *regs = ((ucontext_t *)context)->uc_mcontext.gregs;
    uintptr_t pc = (uintptr_t)regs[REG_RIP], sp = (uintptr_t)regs[REG_RSP];
    const struct toy_func *f = find_func(pc);
    if (f != NULL) {
        const unsigned char *code = (const unsigned char *)pc;
        if (code[0] == 0xe8 && find_site(pc + 5) != NULL) { /* call rel32 */
            /* As if the callee had been entered: the walk starts at the
             * call's site, with rsp at the call as its callee's CFA. */
            w.cfa = sp;
            w.ret = pc + 5;
            return w;
        }
        w.first = f;
        w.cfa = sp + (uintptr_t)f->frame - prologue_left(code);
        return w;
    }
    /* The scan starts at the first mapped page at or above rsp (which
     * may point into the guard gap, after a frame's allocation) and reads
     * at most scan_max bytes of it. */
    enum { page = 4096, scan_max = 1 << 16, gap_max = 1 << 20 };
    uintptr_t top = stack_top();
    if (top == 0 || top < sp)
        return w;
    uintptr_t a = sp & ~(uintptr_t)7, end = 0;
    unsigned char in_core;
    while (a < top && a < sp + gap_max) {
        if (mincore((void *)(a & ~(uintptr_t)(page - 1)), 1, &in_core) == 0) {
            end = a + scan_max;
            break;
        }
        a = (a & ~(uintptr_t)(page - 1)) + page;
    }
    if (end > top)
        end = top;
    for (; a + 8 <= end; a += 8) {
        uintptr_t v = *(const uintptr_t *)a;
        if (find_site(v) != NULL) {
            w.cfa = a + 8;
            w.ret = v;
            return w;
        }
    }
#else
    (void)context;
#endif
    return w;
}

static COLD void on_segv(int sig, siginfo_t *info, void *context) {
    if (!is_stack_fault(info->si_addr, context)) {
        signal(sig, SIG_DFL);
        return;
    }
    /* fflush is not async-signal-safe, but a Toy program only faults here
     * in its own code or in a runtime call, never with stdout half-updated
     * by another thread; losing the output would be worse. */
    fflush(stdout);
    struct walk w = overflow_start(context);
    struct census c = {NULL, 0};
    struct elision e = {walk_frames(w, count_frame, &c), 10, 10};
    put_str("runtime error: stack overflow");
    if (c.innermost != NULL) {
        put_str(" in ");
        put_str(c.innermost);
        put_str(" (depth ");
        put_int(c.toy);
        put_str(")");
    }
    put_str("\n");
    walk_frames(w, print_frame, &e);
    report_flush();
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
