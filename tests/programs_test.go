package tests

import (
	"os"
	"path/filepath"
	"testing"
)

// The levels every program is compiled at on each path.
var (
	llvmLevels   = []string{"-O0", "-O1", "-O2"}
	nativeLevels = []string{"-O0", "-O1", "-O2"}
)

// TestPrograms compiles and runs each programs/NAME.toy, comparing its
// stdout with NAME.out and its exit status and stderr with its directives.
// The compiler runs in programs/ on the bare file name, so positions read
// NAME.toy:LINE:COL.
func TestPrograms(t *testing.T) {
	testProgramDir(t, "programs")
}

// TestRegress runs the reduced programs in which TestDifferential found a
// bug (regress/NAME.toy), in the same way as TestPrograms.
func TestRegress(t *testing.T) {
	if found, _ := filepath.Glob("regress/*.toy"); len(found) == 0 {
		t.Skip("regress/ holds no reduced program yet")
	}
	testProgramDir(t, "regress")
}

// testProgramDir checks every dir/NAME.toy against NAME.out and its
// directives, through LLVM and through the native back end.
func testProgramDir(t *testing.T, dir string) {
	needToyc(t)
	eachFile(t, filepath.Join(dir, "*.toy"), func(t *testing.T, name, src string) {
		want, err := programExpectation(src)
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := os.ReadFile(filepath.Join(dir, name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range llvmLevels {
			t.Run("llvm"+level, func(t *testing.T) {
				t.Parallel()
				exe := buildThroughLLVM(t, dir, name+".toy", level)
				checkOutput(t, run(t, t.TempDir(), runTimeout, exe, want.args...), stdout, want)
			})
		}
		for _, level := range nativeLevels {
			t.Run("native"+level, func(t *testing.T) {
				t.Parallel()
				exe := filepath.Join(t.TempDir(), name)
				compileNative(t, dir, level, "--verify-each", name+".toy", "-o", exe)
				checkOutput(t, run(t, t.TempDir(), runTimeout, exe, want.args...), stdout, want)
			})
		}
	})
}

// buildThroughLLVM is the oracle path (buildLLVM) for a test: without llc
// it only checks the IR that toyc emits, and skips.
func buildThroughLLVM(t *testing.T, dir, file, level string) string {
	t.Helper()
	if tools.llc == "" {
		if err := emitLLVM(dir, file, level, filepath.Join(t.TempDir(), stem(file)+".ll")); err != nil {
			t.Fatal(err)
		}
		t.Skip("llc not found: only checked that toyc emits LLVM IR")
	}
	exe, err := buildLLVM(dir, file, level, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
