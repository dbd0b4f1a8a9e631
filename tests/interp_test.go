package tests

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"toyc/middle"
)

// TestInterpPrograms runs every program of programs/ and regress/ in toyc's
// IR interpreter (middle.Interpreter), on the IR that toyc --emit=llvm
// writes at -O0, -O1 and -O2 (so through the compiler's own pass table),
// and checks that the run prints exactly what the program's native build
// prints, ends with the same exit status and, for a runtime error, the same
// stderr line (the native build's first: the interpreter prints no trace):
// against the expected files (NAME.out and the directives,
// which TestPrograms holds the native builds to), and against the native
// -O0 build itself when toyc's back end is there.
func TestInterpPrograms(t *testing.T) {
	needToyc(t)
	var paths []string
	for _, dir := range []string{"programs", "regress"} {
		found, _ := filepath.Glob(filepath.Join(dir, "*.toy"))
		paths = append(paths, found...)
	}
	if len(paths) == 0 {
		t.Fatal("no programs found")
	}
	for _, path := range paths {
		dir, file := filepath.Dir(path), filepath.Base(path)
		t.Run(filepath.Join(dir, stem(file)), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := programExpectation(string(src))
			if err != nil {
				t.Fatal(err)
			}
			wantStdout, err := os.ReadFile(filepath.Join(dir, stem(file)+".out"))
			if err != nil {
				t.Fatal(err)
			}
			native := nativeRun(t, dir, file, want.args)
			for _, level := range llvmLevels {
				t.Run(level[1:], func(t *testing.T) {
					got := interpret(t, dir, file, level, want.args)
					checkOutput(t, got, wantStdout, want)
					if native != nil {
						if got.status != native.status {
							t.Errorf("exit status %d, the native build's %d", got.status, native.status)
						}
						if !bytes.Equal(got.stdout, native.stdout) {
							t.Errorf("stdout differs from the native build's: %s", firstDifference(got.stdout, native.stdout))
						}
						if g, n := string(got.stderr), errorLine(native.stderr); g != n {
							t.Errorf("stderr %q, the native build's first line %q", g, n)
						}
					}
				})
			}
		})
	}
}

// errorLine is the first line of a native build's stderr, with its newline,
// as the interpreter reports it: a stack overflow without the function and
// the depth, which depend on the build's frame sizes.
func errorLine(stderr []byte) string {
	if len(stderr) == 0 {
		return ""
	}
	line := firstLine(stderr)
	if rest, ok := strings.CutPrefix(line, "runtime error: stack overflow"); ok && strings.HasPrefix(rest, " in ") {
		line = "runtime error: stack overflow"
	}
	return line + "\n"
}

// interpDepth is the interpreter's stack depth here: deeper than any
// program recurses on purpose (recursion_deep: 10,002 calls), and shallower
// than the default, because the runaway recursions of stack_overflow_tail
// and stack_overflow_accumulate at -O2 make a real call only every 512
// trips or so of their loops: at the default depth each takes 2 s to
// overflow, here 0.4 s.
const interpDepth = 20000

// interpret has toyc write dir/file's IR at level and runs it in the
// interpreter with args: stderr holds the runtime error's line, if any.
func interpret(t *testing.T, dir, file, level string, args []string) result {
	t.Helper()
	cmd := []string{"--verify-each", "--emit=llvm", level, file, "-o", "-"}
	r, err := execute(dir, compileTimeout, tools.toyc, cmd...)
	if err != nil {
		t.Fatal(err)
	}
	if r.status != 0 {
		t.Fatalf("%s: exit status %d\n%s", command(tools.toyc, cmd), r.status, r.stderr)
	}
	m, diags := middle.ParseModule(file, r.stdout)
	if len(diags) > 0 {
		t.Fatalf("toyc's IR does not parse: %v", diags)
	}
	var stdout bytes.Buffer
	o := middle.InterpOptions{Args: args, Stdout: &stdout, MaxDepth: interpDepth}
	status, err := middle.NewInterpreter(m, o).RunMain()
	got := result{stdout: stdout.Bytes(), status: status}
	var rt *middle.RuntimeError
	switch {
	case errors.As(err, &rt):
		got.stderr = []byte(rt.Error() + "\n")
	case err != nil:
		t.Fatalf("the interpreter stopped: %v\nstdout so far:\n%s", err, got.stdout)
	}
	return got
}

// nativeRun builds dir/file with toyc's back end at -O0 and runs it with
// args, or returns nil when toyc has no back end.
func nativeRun(t *testing.T, dir, file string, args []string) *result {
	t.Helper()
	exe, err := buildNative(dir, file, "-O0", t.TempDir())
	if errors.Is(err, errNoNative) {
		t.Log(err)
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, t.TempDir(), runTimeout, exe, args...)
	return &r
}
