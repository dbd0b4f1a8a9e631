package tests

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGdbLines debugs a native build with gdb in batch mode: a breakpoint
// on a Toy line stops there and `next` goes to the following line, so the
// line table made from toyc's .loc directives is right at every level. At
// -O1 and -O2 line 10 leaves no code (add is inlined and folded to 3), so
// the breakpoint goes on line 11 there.
func TestGdbLines(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "steps")
			compileNative(t, "debug", level, "--verify-each", "steps.toy", "-o", exe)
			line, next, nextText := "10", "11", `print\(y\);`
			if level != "-O0" {
				line, next, nextText = "11", "12", `return 0;`
			}
			r := mustRun(t, "debug", gdb, "-nx", "-batch",
				"-ex", "break steps.toy:"+line, "-ex", "run", "-ex", "next", "-ex", "info line",
				exe)
			for _, want := range []string{
				`Breakpoint 1, toy_main \(\) at steps.toy:` + line,
				`(?m)^` + next + `\s+` + nextText,
				`Line ` + next + ` of "steps.toy"`,
			} {
				if !regexp.MustCompile(want).Match(r.stdout) {
					t.Errorf("gdb output does not match %q:\n%s", want, r.stdout)
				}
			}
		})
	}
}

// TestGdbInlined debugs debug/inlined.toy at every level: a breakpoint on
// a line of sq stops in sq called from each of main's lines, whether the
// call was made or inlined (at -O1 and -O2 both are: each stop is then a
// frame of the inlined sq, its DW_TAG_inlined_subroutine, called from
// main's line), with its parameter and local's values (the inlined
// call's own location lists);
// and a breakpoint on the loop's test stops each time the test runs (5
// times for the 4 iterations of count(4)), in every copy tail duplication made of it and
// in the copy of count inlined into main.
func TestGdbInlined(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "inlined")
			compileNative(t, "debug", level, "-g", "inlined.toy", "-o", exe)
			r := mustRun(t, "debug", gdb, "-nx", "-batch",
				"-ex", "break inlined.toy:6", "-ex", "run", "-ex", "bt", "-ex", "info locals",
				"-ex", "continue", "-ex", "bt", "-ex", "info args", "-ex", "info locals",
				exe)
			// Run without arguments, a is 0: sq(2) and sq(5), whose
			// parameter and local are tracked into the inlined copies
			// as into the function's own code.
			for _, want := range []string{
				`(?s)#0  sq \(x=2\) at [^\n]*inlined.toy:6\n#1  .*main \(\) at [^\n]*inlined.toy:24\ny = 4\n`,
				`(?s)#0  sq \(x=5\) at [^\n]*inlined.toy:6\n#1  .*main \(\) at [^\n]*inlined.toy:26\nx = 5\ny = 25\n`,
			} {
				if !regexp.MustCompile(want).Match(r.stdout) {
					t.Errorf("gdb output does not match %q:\n%s", want, r.stdout)
				}
			}
			args := []string{"-nx", "-batch", "-ex", "break inlined.toy:15", "-ex", "run"}
			for i := 0; i < 8; i++ {
				args = append(args, "-ex", "continue")
			}
			// gdb exits 1 for the continues after the program's end.
			r = run(t, "debug", gdbTimeout, gdb, append(args, exe)...)
			if n := len(regexp.MustCompile(`(?m)^Breakpoint 1[.0-9]*, count`).FindAll(r.stdout, -1)); n != 5 {
				t.Errorf("the loop's test on line 15 stopped %d times, want 5:\n%s", n, r.stdout)
			}
		})
	}
}

// TestGdbEntryValues debugs debug/entry.toy: on line 10 the registers
// that brought a (and at -O2 b) are reused, and gdb shows them through
// their entry values and the call sites' values (main's k in a
// callee-saved register, the constant 40, the recursive call's t). At -O1
// and -O2 the recursion is a loop, whose a and n are new values each
// iteration.
func TestGdbEntryValues(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "entry")
			compileNative(t, "debug", level, "-g", "entry.toy", "-o", exe)
			r := mustRun(t, "debug", gdb, "-nx", "-batch",
				"-ex", "break entry.toy:10", "-ex", "run", "-ex", "continue", exe)
			// gdb writes NAME=NAME@entry=V where it knows the value at
			// the entry too (from the call site) and it is the same.
			wants := []string{`work \(a=(?:a@entry=)?7, b=(?:b@entry=)?40, n=(?:n@entry=)?2\) at [^\n]*entry.toy:10`, `work \(a=(?:a@entry=)?61, b=(?:b@entry=)?40, n=(?:n@entry=)?1\) at [^\n]*entry.toy:10`}
			if level != "-O0" {
				wants = []string{`(?s)work \([^\n]*b=(?:b@entry=)?40[^\n]*\) at [^\n]*entry.toy:10.*work \([^\n]*b=(?:b@entry=)?40[^\n]*\) at [^\n]*entry.toy:10`}
			}
			for _, want := range wants {
				if !regexp.MustCompile(want).Match(r.stdout) {
					t.Errorf("gdb output does not match %q:\n%s", want, r.stdout)
				}
			}
		})
	}
}

// TestGdbUnassigned debugs debug/unset.toy: n, declared without a value
// and kept in a stack slot, is <optimized out> until it is assigned (its
// slot holds what was there before, which differs between builds:
// TestDebugDifferential's seed 95054 showed two such numbers), and its
// slot after.
func TestGdbUnassigned(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "unset")
			compileNative(t, "debug", level, "-g", "unset.toy", "-o", exe)
			r := mustRun(t, "debug", gdb, "-nx", "-batch",
				"-ex", "break unset.toy:18", "-ex", "break unset.toy:19", "-ex", "break unset.toy:24",
				"-ex", "run", "-ex", "print n", "-ex", "continue", "-ex", "print n", "-ex", "continue", "-ex", "print n", exe)
			want := `(?s)unset.toy:18\n.*\$1 = <optimized out>\n.*unset.toy:19\n.*\$2 = <optimized out>\n`
			if level != "-O2" {
				// -O2 inlines bump and promotes n: line 24 has no code
				// (-O1 leaves calls that pass their caller's slots).
				want += `.*unset.toy:24\n.*\$3 = 2\n`
			}
			if !regexp.MustCompile(want).Match(r.stdout) {
				t.Errorf("gdb output does not match %q:\n%s", want, r.stdout)
			}
		})
	}
}

// TestGdbSpilledPhi debugs debug/spilled.toy: on the loop's third
// iteration, a15 and a12, whose φs the allocator spilled at -O1 and -O2,
// are in their slots (the stores of their next values there were not
// taken for their φs' copies, and gdb showed <optimized out>), with -O0's
// values.
func TestGdbSpilledPhi(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	show := func(t *testing.T, level string) string {
		exe := filepath.Join(t.TempDir(), "spilled")
		compileNative(t, "debug", level, "-g", "spilled.toy", "-o", exe)
		r := mustRun(t, "debug", gdb, "-nx", "-batch",
			"-ex", "break spilled.toy:32", "-ex", "run 40", "-ex", "continue", "-ex", "continue",
			"-ex", "print a15", "-ex", "print a12", exe)
		return strings.Join(regexp.MustCompile(`(?m)^\$[0-9]+ = .*$`).FindAllString(string(r.stdout), -1), "\n")
	}
	want := show(t, "-O0")
	if strings.Count(want, "\n") != 1 || strings.Contains(want, "optimized out") {
		t.Fatalf("-O0 shows %q", want)
	}
	for _, level := range []string{"-O1", "-O2"} {
		t.Run(level, func(t *testing.T) {
			if got := show(t, level); got != want {
				t.Errorf("a15 and a12 on the third iteration:\n%s\n-O0 shows\n%s", got, want)
			}
		})
	}
}

// TestGdbLoopCounter debugs debug/counter.toy: on the third iteration of
// the second loop, whose increment SimplifyCFG merged into the end of its
// body, i is in its register inside the body with -O0's value, 2 (the
// increment's assignment, on the loop's line, fired before the body's
// first line, and i was <optimized out> through the body). A `next` on
// goes to the increment, on the loop's line, which runs after the body
// although its line comes first: h has the body's new value there, 147
// (h was <optimized out>, the body's assignment not yet in effect and
// the old value in no register; backend/dwarfloc.go, nextTrip).
func TestGdbLoopCounter(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	show := func(t *testing.T, level string) string {
		exe := filepath.Join(t.TempDir(), "counter")
		compileNative(t, "debug", level, "-g", "counter.toy", "-o", exe)
		r := mustRun(t, "debug", gdb, "-nx", "-batch",
			"-ex", "break counter.toy:12", "-ex", "run", "-ex", "continue", "-ex", "continue",
			"-ex", "print i", "-ex", "print k", "-ex", "print h",
			"-ex", "next", "-ex", "print i", "-ex", "print h", exe)
		return strings.Join(regexp.MustCompile(`(?m)^\$[0-9]+ = .*$`).FindAllString(string(r.stdout), -1), "\n")
	}
	want := show(t, "-O0")
	if want != "$1 = 2\n$2 = 42\n$3 = 21\n$4 = 2\n$5 = 147" {
		t.Fatalf("-O0 shows %q", want)
	}
	for _, level := range []string{"-O1", "-O2"} {
		t.Run(level, func(t *testing.T) {
			if got := show(t, level); got != want {
				t.Errorf("i, k and h on the third iteration, and i and h at its increment:\n%s\n-O0 shows\n%s", got, want)
			}
		})
	}
}
