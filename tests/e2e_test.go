// Package tests holds toyc's end-to-end tests: Toy programs with their
// expected output (programs/), programs that must not compile (errors/),
// hand-written SSA in LLVM syntax with C drivers (ll/) and SSA that the
// verifier must reject (ll-invalid/). README.md describes the layout and the
// directives; this file finds the tools every runner needs and builds toyc
// once.
//
// Expected outputs come from C twins of the programs, never from toyc, so the
// tests say what Toy means (docs/reference.md) rather than what toyc happens to do.
// Every Toy program is checked twice over: through LLVM (toyc --emit=llvm,
// opt's verifier, llc) as an oracle for the frontend and the middle, and
// through toyc's own back end, a path that turns itself on once the native
// back end exists.
package tests

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tools are the programs the runners call; an empty path means "not found".
var tools struct {
	toyc     string
	toycErr  error // why toyc is not available
	opt, llc string
	cc       string
}

const (
	compileTimeout = 2 * time.Minute
	runTimeout     = 30 * time.Second
)

func TestMain(m *testing.M) {
	os.Exit(runAll(m))
}

func runAll(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "toyc-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	tools.toyc, tools.toycErr = findToyc(tmp)
	tools.opt = findLLVMTool("opt")
	tools.llc = findLLVMTool("llc")
	tools.cc = findCC()
	return m.Run()
}

// findToyc returns $TOYC when it is set, else builds toyc from the
// repository root into dir.
func findToyc(dir string) (string, error) {
	if p := os.Getenv("TOYC"); p != "" {
		return filepath.Abs(p)
	}
	exe := filepath.Join(dir, "toyc")
	cmd := exec.Command("go", "build", "-buildvcs=false", "-o", exe, ".")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build of toyc failed: %v\n%s", err, out)
	}
	return exe, nil
}

// findLLVMTool looks for an LLVM tool on PATH, then where Debian's LLVM 14
// puts it.
func findLLVMTool(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	p := filepath.Join("/usr/lib/llvm-14/bin", name)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return ""
}

// findCC picks the C compiler the way toyc does: $CC, else gcc, else clang.
func findCC() string {
	if cc := os.Getenv("CC"); cc != "" {
		return cc
	}
	for _, name := range []string{"gcc", "clang"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needToyc skips the test when toyc could not be built.
func needToyc(t *testing.T) {
	t.Helper()
	if tools.toyc == "" {
		t.Skipf("toyc is not available, so nothing can be tested: %v", tools.toycErr)
	}
}

// result is what a finished command left behind.
type result struct {
	stdout, stderr []byte
	status         int
}

// run runs name with args in dir and returns its output and exit status; a
// command that cannot start or outlives the timeout fails the test.
func run(t *testing.T, dir string, timeout time.Duration, name string, args ...string) result {
	t.Helper()
	r, err := execute(dir, timeout, name, args...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// errTimeout is execute's error for a command that outlived its timeout.
var errTimeout = errors.New("timed out")

// execute runs name with args in dir and returns its output and exit
// status, or an error (wrapping errTimeout for a timeout) when the command
// cannot start or does not finish in time.
func execute(dir string, timeout time.Duration, name string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return result{}, fmt.Errorf("%s %w after %v", command(name, args), errTimeout, timeout)
	}
	r := result{stdout.Bytes(), stderr.Bytes(), 0}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.status = exit.ExitCode()
	case err != nil:
		return r, fmt.Errorf("%s: %v", command(name, args), err)
	}
	return r, nil
}

// mustRun runs a command that has to succeed.
func mustRun(t *testing.T, dir string, name string, args ...string) result {
	t.Helper()
	r := run(t, dir, compileTimeout, name, args...)
	if r.status != 0 {
		t.Fatalf("%s: exit status %d\n%s%s", command(name, args), r.status, r.stdout, r.stderr)
	}
	return r
}

func command(name string, args []string) string {
	return filepath.Base(name) + " " + strings.Join(args, " ")
}

// verifyLLVM checks a .ll file with LLVM's own verifier when opt exists.
func verifyLLVM(t *testing.T, ll string) {
	t.Helper()
	if tools.opt == "" {
		t.Log("opt not found: LLVM's verifier not run")
		return
	}
	mustRun(t, ".", tools.opt, "-opaque-pointers", "-passes=verify", "-disable-output", ll)
}

// nativeUnavailable reports whether toyc refused a compile because its own
// back end does not exist yet (a usage error saying "not implemented").
func nativeUnavailable(r result) bool {
	return r.status == 2 && bytes.Contains(r.stderr, []byte("not implemented"))
}

// compileNative runs a toyc command that builds an executable through the
// native back end, skipping the test while that back end does not exist.
func compileNative(t *testing.T, dir string, args ...string) {
	t.Helper()
	r := run(t, dir, compileTimeout, tools.toyc, args...)
	if nativeUnavailable(r) {
		t.Skipf("native backend not available: %s", firstLine(r.stderr))
	}
	if r.status != 0 {
		t.Fatalf("%s: exit status %d\n%s", command(tools.toyc, args), r.status, r.stderr)
	}
}

func firstLine(b []byte) string {
	line, _, _ := strings.Cut(string(b), "\n")
	return line
}

// checkOutput compares a program's run with what it must do. Without an
// expected stderr text, the program must write nothing to stderr.
func checkOutput(t *testing.T, got result, wantStdout []byte, want expectation) {
	t.Helper()
	if got.status != want.status {
		t.Errorf("exit status %d, want %d; stderr:\n%s", got.status, want.status, got.stderr)
	}
	if !bytes.Equal(got.stdout, wantStdout) {
		t.Errorf("stdout differs from the .out file: %s", firstDifference(got.stdout, wantStdout))
	}
	switch {
	case want.stderr == "" && len(got.stderr) > 0:
		t.Errorf("unexpected stderr:\n%s", got.stderr)
	case !bytes.Contains(got.stderr, []byte(want.stderr)):
		t.Errorf("stderr does not contain %q:\n%s", want.stderr, got.stderr)
	}
}

// firstDifference describes where got first departs from want, line by line.
func firstDifference(got, want []byte) string {
	g := strings.SplitAfter(string(got), "\n")
	w := strings.SplitAfter(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d is %q, want %q (%d lines, want %d)", i+1, gl, wl, len(g), len(w))
		}
	}
	return "identical lines"
}

// files lists the files matching pattern, failing when there are none.
func files(t *testing.T, pattern string) []string {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("no test files match %s", pattern)
	}
	return names
}

// eachFile runs test as a parallel subtest, named by the file's stem, for
// each file matching pattern, with the file's text.
func eachFile(t *testing.T, pattern string, test func(t *testing.T, name, src string)) {
	for _, path := range files(t, pattern) {
		t.Run(stem(path), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			test(t, stem(path), string(src))
		})
	}
}

// stem is a file's base name without its extension: the subtest's name.
func stem(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}
