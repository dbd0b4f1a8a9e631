package tests

import (
	"os"
	"path/filepath"
	"testing"
)

// optLevels are the levels every program is compiled at on each path.
var (
	llvmLevels   = []string{"-O0", "-O1"}
	nativeLevels = []string{"-O0", "-O1", "-O2"}
)

// TestPrograms compiles and runs each programs/NAME.toy, comparing its
// stdout with NAME.out and its exit status and stderr with its directives.
// The compiler runs in programs/ on the bare file name, so positions read
// NAME.toy:LINE:COL.
func TestPrograms(t *testing.T) {
	needToyc(t)
	eachFile(t, "programs/*.toy", func(t *testing.T, name, src string) {
		want, err := programExpectation(src)
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := os.ReadFile(filepath.Join("programs", name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range llvmLevels {
			t.Run("llvm"+level, func(t *testing.T) {
				t.Parallel()
				exe := buildThroughLLVM(t, name+".toy", level)
				checkOutput(t, run(t, t.TempDir(), runTimeout, exe, want.args...), stdout, want)
			})
		}
		for _, level := range nativeLevels {
			t.Run("native"+level, func(t *testing.T) {
				t.Parallel()
				exe := filepath.Join(t.TempDir(), name)
				compileNative(t, "programs", level, "--verify-each", name+".toy", "-o", exe)
				checkOutput(t, run(t, t.TempDir(), runTimeout, exe, want.args...), stdout, want)
			})
		}
	})
}

// buildThroughLLVM is the oracle path: toyc's IR, checked by LLVM's
// verifier and compiled by llc, linked with the runtime by toyc.
func buildThroughLLVM(t *testing.T, file, level string) string {
	t.Helper()
	dir := t.TempDir()
	ll := filepath.Join(dir, stem(file)+".ll")
	mustRun(t, "programs", tools.toyc, "--verify-each", "--emit=llvm", level, file, "-o", ll)
	verifyLLVM(t, ll)
	if tools.llc == "" {
		t.Skip("llc not found: only checked that toyc emits LLVM IR")
	}
	asm := filepath.Join(dir, stem(file)+".s")
	mustRun(t, dir, tools.llc, "-opaque-pointers", "-O1", ll, "-o", asm)
	exe := filepath.Join(dir, stem(file))
	mustRun(t, dir, tools.toyc, asm, "-o", exe)
	return exe
}
