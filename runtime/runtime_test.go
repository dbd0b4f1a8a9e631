package runtime

import (
	"bytes"
	"debug/elf"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// abiHeader declares the runtime's entry points as the compiler's lowering
// sees them (runtime/ABI.md), so that the test programs below call the
// runtime exactly as compiled Toy code does.
const abiHeader = `#include <stdint.h>
#include <stdio.h>
void toy_print_i64(int64_t v);
void toy_print_bool(_Bool b);
void toy_print_str(const char *s);
void toy_print_bytes(const char *s, int64_t n);
void *toy_new_array(int64_t n, int64_t elem_size, const char *file, int32_t line, int32_t col);
int64_t toy_argc(void);
int64_t toy_argi(int64_t i, const char *file, int32_t line, int32_t col);
_Noreturn void toy_index_error(const char *file, int32_t line, int32_t col, int64_t index, int64_t len);
_Noreturn void toy_div_error(const char *file, int32_t line, int32_t col);
extern char toy_empty[];
__attribute__((unused)) static void nl(void) { toy_print_str("\n"); }
`

// compilers lists the C compilers to test the runtime with: $CC, gcc and
// clang, each that is installed.
func compilers(t *testing.T) [][]string {
	var ccs [][]string
	seen := map[string]bool{}
	for _, c := range []string{os.Getenv("CC"), "gcc", "clang"} {
		fields := strings.Fields(c)
		if len(fields) == 0 || seen[c] {
			continue
		}
		if _, err := exec.LookPath(fields[0]); err == nil {
			seen[c] = true
			ccs = append(ccs, fields)
		}
	}
	if len(ccs) == 0 {
		t.Skip("no C compiler installed")
	}
	return ccs
}

// build compiles a test program (abiHeader + body) with the runtime, and
// with main.c when withMain is set, the way the toyc driver links.
func build(t *testing.T, cc []string, body string, withMain bool) string {
	t.Helper()
	dir := t.TempDir()
	srcs, err := WriteSources(dir, withMain)
	if err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(prog, []byte(abiHeader+body), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "prog")
	args := append(append([]string{}, cc[1:]...), "-O2", "-Wall", "-Werror", "-o", exe, prog)
	out, err := exec.Command(cc[0], append(args, srcs...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s failed: %v\n%s", strings.Join(cc, " "), err, out)
	}
	return exe
}

type result struct {
	stdout, stderr string
	both           string // stdout and stderr into one pipe
	code           int    // exit status, or -1 when killed by a signal
	signal         syscall.Signal
}

// run runs exe twice: with separate stdout and stderr, and with both into
// one pipe, to see whether output written before a runtime error is
// flushed before the error is reported.
func run(t *testing.T, exe string, args ...string) result {
	t.Helper()
	var stdout, stderr, both bytes.Buffer
	cmd := exec.Command(exe, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	r := result{code: exitCode(t, cmd.Run())}
	r.stdout, r.stderr = stdout.String(), stderr.String()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = ws.Signal()
	}
	cmd = exec.Command(exe, args...)
	cmd.Stdout, cmd.Stderr = &both, &both
	exitCode(t, cmd.Run())
	r.both = both.String()
	return r
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

type programTest struct {
	name   string
	body   string // C source of toy_main (abiHeader is prepended)
	args   []string
	stdout string
	stderr string
	code   int
}

func TestPrograms(t *testing.T) {
	argiProgram := `int64_t toy_main(void) {
	toy_print_i64(toy_argc()); nl();
	for (int64_t i = 0; i < toy_argc(); i++) { toy_print_i64(toy_argi(i, "args.toy", 7, 11)); nl(); }
	return 0;
}`
	badArgument := func(i int, why string) string {
		return "args.toy:7:11: runtime error: bad argument: argi(" + strconv.Itoa(i) + "): " + why + "\n"
	}
	tests := []programTest{
		{name: "print", body: `int64_t toy_main(void) {
	toy_print_i64(0); toy_print_str(" "); toy_print_i64(7); toy_print_str(" "); toy_print_i64(-7); nl();
	toy_print_i64(INT64_MAX); toy_print_str(" "); toy_print_i64(INT64_MIN); nl();
	toy_print_bool(1); toy_print_str(" "); toy_print_bool(0); nl();
	toy_print_str("tab\there\n");
	toy_print_bytes("a\0b\n", 4);
	return 0;
}`, stdout: "0 7 -7\n9223372036854775807 -9223372036854775808\ntrue false\ntab\there\na\x00b\n"},
		{name: "exit status is the result modulo 256", body: `int64_t toy_main(void) { return 258; }`, code: 2},
		{name: "negative result", body: `int64_t toy_main(void) { return -1; }`, code: 255},
		{name: "arrays", body: `int64_t toy_main(void) {
	int64_t *a = toy_new_array(3, 8, "a.toy", 1, 1);
	toy_print_i64(a[-1]); toy_print_i64(a[0] + a[1] + a[2]); nl();
	a[2] = 5; toy_print_i64(a[2]); nl();
	_Bool *b = toy_new_array(5, 1, "a.toy", 1, 1);
	toy_print_i64(((int64_t *)b)[-1]); toy_print_bool(b[4]); nl();
	int64_t *e = toy_new_array(0, 8, "a.toy", 1, 1);
	toy_print_bool((char *)e == toy_empty); toy_print_i64(e[-1]); nl();
	toy_print_bool((uintptr_t)a % 8 == 0); nl();
	return 0;
}`, stdout: "30\n5\n5false\ntrue0\ntrue\n"},
		{name: "negative array length", body: `int64_t toy_main(void) {
	toy_print_str("before\n");
	toy_new_array(-1, 8, "neg.toy", 3, 14);
	toy_print_str("after\n");
	return 0;
}`, stdout: "before\n", stderr: "neg.toy:3:14: runtime error: negative array length -1\n", code: 2},
		{name: "array too large", body: `int64_t toy_main(void) {
	toy_new_array(INT64_MAX / 4, 8, "big.toy", 2, 5);
	return 0;
}`, stderr: "big.toy:2:5: runtime error: out of memory\n", code: 2},
		{name: "index out of range", body: `int64_t toy_main(void) {
	toy_print_str("x\n");
	toy_index_error("ix.toy", 5, 9, -1, 3);
}`, stdout: "x\n", stderr: "ix.toy:5:9: runtime error: index out of range [-1] with length 3\n", code: 2},
		{name: "division by zero", body: `int64_t toy_main(void) {
	toy_print_i64(1);
	toy_div_error("dir/d.toy", 12, 3);
}`, stdout: "1", stderr: "dir/d.toy:12:3: runtime error: division by zero\n", code: 2},
		{name: "no arguments", body: argiProgram, stdout: "0\n"},
		{name: "arguments", body: argiProgram,
			args:   []string{"-0", "9223372036854775807", "-9223372036854775808", "0042", "-17"},
			stdout: "5\n0\n9223372036854775807\n-9223372036854775808\n42\n-17\n"},
		{name: "missing argument", body: `int64_t toy_main(void) { toy_print_i64(toy_argi(1, "args.toy", 7, 11)); return 0; }`,
			args: []string{"1"}, stderr: badArgument(1, "the program has 1 argument"), code: 2},
		{name: "no argument", body: `int64_t toy_main(void) { toy_print_i64(toy_argi(0, "args.toy", 7, 11)); return 0; }`,
			stderr: badArgument(0, "the program has 0 arguments"), code: 2},
		{name: "negative argument index", body: `int64_t toy_main(void) { toy_print_i64(toy_argi(-1, "args.toy", 7, 11)); return 0; }`,
			args: []string{"1", "2"}, stderr: badArgument(-1, "the program has 2 arguments"), code: 2},
		{name: "stack overflow", body: `static int64_t down(int64_t n);
static int64_t (*volatile next)(int64_t) = down;
static int64_t down(int64_t n) { volatile char pad[64]; pad[0] = (char)n; return next(n + 1) + pad[0]; }
int64_t toy_main(void) { toy_print_str("deep\n"); return down(0); }`,
			stdout: "deep\n", stderr: "runtime error: stack overflow\n", code: 2},
	}
	for _, bad := range []struct{ arg, why string }{
		{"9223372036854775808", `"9223372036854775808" is out of range for int`},
		{"-9223372036854775809", `"-9223372036854775809" is out of range for int`},
		{"123456789012345678901234567890", `"123456789012345678901234567890" is out of range for int`},
		{"99999999999999999999x", `"99999999999999999999x" is not a decimal integer`},
		{"", `"" is not a decimal integer`},
		{"-", `"-" is not a decimal integer`},
		{"12x", `"12x" is not a decimal integer`},
		{"+5", `"+5" is not a decimal integer`},
		{" 5", `" 5" is not a decimal integer`},
		{"0x10", `"0x10" is not a decimal integer`},
		{"1 ", `"1 " is not a decimal integer`},
		{"a\"b\\c\td\x01\xff", `"a\"b\\c\x09d\x01\xff" is not a decimal integer`},
		{strings.Repeat("7", 70), `"` + strings.Repeat("7", 64) + `"... is out of range for int`},
	} {
		tests = append(tests, programTest{name: "bad argument " + bad.arg, body: argiProgram, args: []string{"3", bad.arg},
			stdout: "2\n3\n", stderr: badArgument(1, bad.why), code: 2})
	}
	for _, cc := range compilers(t) {
		for _, tc := range tests {
			t.Run(cc[0]+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				r := run(t, build(t, cc, tc.body, true), tc.args...)
				if r.stdout != tc.stdout || r.stderr != tc.stderr || r.code != tc.code {
					t.Errorf("got stdout %q, stderr %q, exit status %d\nwant stdout %q, stderr %q, exit status %d",
						r.stdout, r.stderr, r.code, tc.stdout, tc.stderr, tc.code)
				}
				if r.both != tc.stdout+tc.stderr {
					t.Errorf("stdout and stderr interleaved as %q, want %q", r.both, tc.stdout+tc.stderr)
				}
			})
		}
	}
}

// A stack overflow inside a runtime call (here while printing) is reported
// too, after the output printed so far. How deep the recursion gets varies
// from run to run with the randomized stack start.
func TestStackOverflowWhilePrinting(t *testing.T) {
	body := `static int64_t down(int64_t n);
static int64_t (*volatile next)(int64_t) = down;
static int64_t down(int64_t n) { toy_print_i64(n); nl(); return next(n + 1) + 1; }
int64_t toy_main(void) { return down(1); }`
	const report = "runtime error: stack overflow\n"
	for _, cc := range compilers(t) {
		r := run(t, build(t, cc, body, true))
		if r.code != 2 || r.stderr != report {
			t.Errorf("%s: got stderr %q, exit status %d", cc[0], r.stderr, r.code)
		}
		printed, ok := strings.CutSuffix(r.both, report)
		if !ok {
			t.Errorf("%s: the output does not end with the report", cc[0])
		}
		lines := strings.Split(printed, "\n")
		if len(lines) < 1000 {
			t.Errorf("%s: only %d lines printed before the stack overflow", cc[0], len(lines))
		}
		for i, l := range lines[:len(lines)-1] {
			if want := strconv.Itoa(i + 1); l != want {
				t.Fatalf("%s: line %d is %q, want %q", cc[0], i+1, l, want)
			}
		}
	}
}

// A fault far from the stack (a null pointer in C code linked with Toy) is
// not a stack overflow: it keeps its default action.
func TestOtherFaultIsNotStackOverflow(t *testing.T) {
	body := `int64_t toy_main(void) { toy_print_str("x\n"); volatile uintptr_t bad = 16; *(volatile int *)bad = 1; return 0; }`
	for _, cc := range compilers(t) {
		r := run(t, build(t, cc, body, true))
		if r.signal != syscall.SIGSEGV || strings.Contains(r.stderr, "stack overflow") {
			t.Errorf("%s: got signal %v, stderr %q; want SIGSEGV and no report", cc[0], r.signal, r.stderr)
		}
	}
}

// A Toy library linked into a C program (no main.c) shares stdout with the
// C code, so their output interleaves in program order, and sees the
// program's arguments.
func TestLibraryWithCMain(t *testing.T) {
	body := `int main(void) {
	printf("a ");
	toy_print_i64(toy_argc());
	printf(" b ");
	toy_print_i64(toy_argi(0, "lib.toy", 1, 1));
	printf(" ");
	toy_print_bool(1);
	printf("\n");
	return 0;
}`
	for _, cc := range compilers(t) {
		r := run(t, build(t, cc, body, false), "17")
		if r.stdout != "a 1 b 17 true\n" || r.code != 0 {
			t.Errorf("%s: got stdout %q, exit status %d", cc[0], r.stdout, r.code)
		}
	}
}

// TestReservedNames keeps ReservedNames equal to the symbols of the compiled
// runtime: every global symbol the objects define or use is in the list
// (except the names C reserves to its implementation, such as __start_
// and _GLOBAL_OFFSET_TABLE_), and every name in the list
// occurs in the C sources or is one of the compilerCalls.
func TestReservedNames(t *testing.T) {
	if !sort.StringsAreSorted(ReservedNames) {
		t.Errorf("ReservedNames is not sorted")
	}
	reserved := map[string]bool{}
	for _, n := range ReservedNames {
		if reserved[n] {
			t.Errorf("%s is listed twice", n)
		}
		reserved[n] = true
		if !slices.Contains(compilerCalls, n) && !regexp.MustCompile(`\b`+n+`\b`).Match(append(append([]byte{}, runtimeC...), mainC...)) {
			t.Errorf("ReservedNames lists %s, which the C sources do not use", n)
		}
	}
	for _, n := range compilerCalls {
		if !reserved[n] {
			t.Errorf("compiler call %s is missing from ReservedNames", n)
		}
	}
	for _, cc := range compilers(t) {
		dir := t.TempDir()
		srcs, err := WriteSources(dir, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			obj := strings.TrimSuffix(src, ".c") + ".o"
			args := append(append([]string{}, cc[1:]...), "-O2", "-c", "-o", obj, src)
			if out, err := exec.Command(cc[0], args...).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", cc[0], err, out)
			}
			for _, sym := range globalSymbols(t, obj) {
				if !reserved[sym] && !implementationName(sym) {
					t.Errorf("%s (compiled by %s) uses %s, missing from ReservedNames", filepath.Base(src), cc[0], sym)
				}
			}
		}
	}
}

// implementationName reports whether sym is reserved to the C
// implementation (C11 7.1.3: __ or _ and a capital letter), as
// _GLOBAL_OFFSET_TABLE_, which the assembler names for a GOT access.
func implementationName(sym string) bool {
	return strings.HasPrefix(sym, "__") || len(sym) > 1 && sym[0] == '_' && sym[1] >= 'A' && sym[1] <= 'Z'
}

func globalSymbols(t *testing.T, obj string) []string {
	f, err := elf.Open(obj)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range syms {
		if b := elf.ST_BIND(s.Info); b == elf.STB_GLOBAL || b == elf.STB_WEAK {
			names = append(names, s.Name)
		}
	}
	return names
}
