package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTraces builds each traces/NAME.toy natively at every level, runs it
// and checks its whole stderr, the runtime error and its trace, against the
// expectation for that level, which the file carries in comment lines
// (anywhere in the file, so that the program's own lines come first and
// its positions stay small):
//
//	// args: 4 x5           command-line arguments
//	// trace -O0 -O1:       the expected stderr at these levels, one line each:
//	//| TEXT               (after one blank)
//	//|N*A@B                lines A, B (separated by @, taken as they are) N times over
//	// or:                  another stderr that is as good, at the same levels
//
// In a TEXT, {N} stands for a number, {a|b} for either text and {*} for
// anything. The exit status must be 2. When a trace elides frames, the
// count it gives must be the depth less the frames it shows. Through LLVM
// (llc at -O0 and -O2, where the program has no trace table), stderr must
// be the first line alone: the runtime prints trace lines only for frames
// it finds in toyc's tables.
func TestTraces(t *testing.T) {
	needToyc(t)
	eachFile(t, filepath.Join("traces", "*.toy"), func(t *testing.T, name, src string) {
		args, traces, err := traceExpectations(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range nativeLevels {
			t.Run("native"+level, func(t *testing.T) {
				t.Parallel()
				want, ok := traces[level]
				if !ok {
					t.Fatalf("no trace expected at %s", level)
				}
				exe := filepath.Join(t.TempDir(), name)
				compileNative(t, "traces", level, "--verify-each", name+".toy", "-o", exe)
				r := run(t, t.TempDir(), runTimeout, exe, args...)
				if r.status != 2 {
					t.Errorf("exit status %d, want 2", r.status)
				}
				if err := matchTrace(string(r.stderr), want); err != nil {
					t.Errorf("%v; stderr:\n%s", err, r.stderr)
				}
			})
		}
		for _, level := range []string{"-O0", "-O2"} {
			t.Run("llvm"+level, func(t *testing.T) {
				t.Parallel()
				exe := buildThroughLLVM(t, "traces", name+".toy", level)
				r := run(t, t.TempDir(), runTimeout, exe, args...)
				first := traces["-O0"][0][0]
				want := []string{first}
				if strings.HasPrefix(first, "runtime error: stack overflow") {
					want = []string{"runtime error: stack overflow"}
				}
				if err := matchTrace(string(r.stderr), [][]string{want}); err != nil || r.status != 2 {
					t.Errorf("exit status %d, stderr:\n%s\nwant status 2 and only the line %q", r.status, r.stderr, want[0])
				}
			})
		}
	})
}

// traceExpectations reads a traces/ file's directives: the arguments, and
// for each level the stderr texts that may come out, as pattern lines.
func traceExpectations(src string) (args []string, traces map[string][][]string, err error) {
	traces = make(map[string][][]string)
	var levels []string // of the trace being read
	var cur *[]string
	repeat := regexp.MustCompile(`^(\d+)\*(.*)$`)
	for i, line := range strings.Split(src, "\n") {
		switch {
		case strings.HasPrefix(line, "// args:"):
			args = strings.Fields(strings.TrimPrefix(line, "// args:"))
		case strings.HasPrefix(line, "// trace ") && strings.HasSuffix(line, ":"):
			levels = strings.Fields(strings.TrimSuffix(strings.TrimPrefix(line, "// trace "), ":"))
			cur = new([]string)
			for _, l := range levels {
				traces[l] = append(traces[l], nil)
			}
		case line == "// or:" && levels != nil:
			cur = new([]string)
			for _, l := range levels {
				traces[l] = append(traces[l], nil)
			}
		case strings.HasPrefix(line, "//|"):
			if levels == nil {
				return nil, nil, fmt.Errorf("line %d: //| outside a trace", i+1)
			}
			text := strings.TrimPrefix(line, "//|")
			group := []string{strings.TrimPrefix(text, " ")}
			n := 1
			if m := repeat.FindStringSubmatch(text); m != nil {
				n, _ = strconv.Atoi(m[1])
				group = strings.Split(m[2], "@")
			}
			for range n {
				*cur = append(*cur, group...)
			}
			for _, l := range levels {
				traces[l][len(traces[l])-1] = *cur
			}
		}
	}
	if len(traces) == 0 {
		return nil, nil, fmt.Errorf("no // trace directive")
	}
	return args, traces, nil
}

var (
	traceDepth   = regexp.MustCompile(`\(depth (\d+)\)$`)
	traceElided  = regexp.MustCompile(`^    \.\.\.(\d+) frames elided\.\.\.$`)
	tracePattern = regexp.MustCompile(`\{N\}|\{\*\}|\{[^{}]*\|[^{}]*\}`)
)

// matchTrace reports how stderr fails to match every one of the wanted
// texts, or nil when it matches one.
func matchTrace(stderr string, wants [][]string) error {
	got := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if !strings.HasSuffix(stderr, "\n") {
		return fmt.Errorf("stderr does not end with a newline")
	}
	var errs []string
	for _, want := range wants {
		err := matchLines(got, want)
		if err == nil {
			return checkElision(got)
		}
		errs = append(errs, err.Error())
	}
	return fmt.Errorf("%s", strings.Join(errs, "; or "))
}

func matchLines(got, want []string) error {
	for i := 0; i < len(got) || i < len(want); i++ {
		switch {
		case i >= len(got):
			return fmt.Errorf("line %d missing: want %q", i+1, want[i])
		case i >= len(want):
			return fmt.Errorf("line %d, %q, is extra", i+1, got[i])
		case !linePattern(want[i]).MatchString(got[i]):
			return fmt.Errorf("line %d is %q, want %q", i+1, got[i], want[i])
		}
	}
	return nil
}

// linePattern turns a pattern line into a regular expression.
func linePattern(want string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, m := range tracePattern.FindAllStringIndex(want, -1) {
		b.WriteString(regexp.QuoteMeta(want[last:m[0]]))
		switch p := want[m[0]:m[1]]; p {
		case "{N}":
			b.WriteString(`\d+`)
		case "{*}":
			b.WriteString(`.*`)
		default:
			var alts []string
			for _, a := range strings.Split(p[1:len(p)-1], "|") {
				alts = append(alts, regexp.QuoteMeta(a))
			}
			b.WriteString("(?:" + strings.Join(alts, "|") + ")")
		}
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(want[last:]) + "$")
	return regexp.MustCompile(b.String())
}

// checkElision checks that a trace which gives its depth and elides frames
// accounts for every frame.
func checkElision(got []string) error {
	d := traceDepth.FindStringSubmatch(got[0])
	if d == nil {
		return nil
	}
	depth, _ := strconv.Atoi(d[1])
	shown, elided := 0, 0
	for _, l := range got[1:] {
		if m := traceElided.FindStringSubmatch(l); m != nil {
			elided, _ = strconv.Atoi(m[1])
		} else if strings.HasPrefix(l, "    at ") && l != "    at ?? (C code)" {
			shown++
		}
	}
	if shown+elided != depth {
		return fmt.Errorf("the trace shows %d frames and elides %d, but its depth is %d", shown, elided, depth)
	}
	return nil
}

// TestTraceFromC calls a Toy library from a C main: the trace ends with
// one line for the C caller, and the C driver's own runtime call (argi
// from C) has no trace.
func TestTraceFromC(t *testing.T) {
	needToyc(t)
	lib := `func pick(a: []int, i: int) int {
    return a[i];
}

func entry(i: int) int {
    var a = new(int, 2);
    return pick(a, i);
}
`
	driver := `#include <stdint.h>
#include <stdio.h>
int64_t entry(int64_t);
int64_t toy_argi(int64_t i, const char *file, int32_t line, int32_t col);
int main(void) {
	printf("%lld\n", (long long)entry(1));
	printf("%lld\n", (long long)entry(toy_argi(0, "driver.c", 7, 31)));
	return 0;
}
`
	dir := t.TempDir()
	for name, text := range map[string]string{"lib.toy": lib, "driver.c": driver} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			exe := filepath.Join(t.TempDir(), "demo")
			compileNative(t, dir, level, "lib.toy", "driver.c", "-o", exe)
			inlined := "" // pick is inlined from -O1 on
			if level != "-O0" {
				inlined = " (inlined into entry)"
			}
			for _, tc := range []struct {
				arg, stderr string
			}{
				{"5", "lib.toy:2:13: runtime error: index out of range [5] with length 2\n" +
					"    at pick (lib.toy:2:13)" + inlined + "\n" +
					"    at entry (lib.toy:7:12)\n" +
					"    at ?? (C code)\n"},
				{"x", "driver.c:7:31: runtime error: bad argument: argi(0): \"x\" is not a decimal integer\n"},
			} {
				r := run(t, dir, runTimeout, exe, tc.arg)
				if r.status != 2 || string(r.stderr) != tc.stderr || string(r.stdout) != "0\n" {
					t.Errorf("argument %s: exit status %d, stdout %q, stderr:\n%s\nwant status 2, stdout \"0\\n\", stderr:\n%s", tc.arg, r.status, r.stdout, r.stderr, tc.stderr)
				}
			}
		})
	}
}
