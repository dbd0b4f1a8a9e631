package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// clangSubset names the programs also built with --cc=clang: the
// algorithms (every kind of statement and call), and programs that end in
// a runtime error or a stack overflow (the runtime's error paths compiled by
// clang).
func clangSubset(name string) bool {
	return strings.HasPrefix(name, "algo_") || strings.HasPrefix(name, "pointers_") ||
		name == "div_by_zero" || name == "index_out_of_range" || name == "stack_overflow" ||
		name == "many_params" || name == "exit_status_300"
}

// TestClang builds a representative subset of programs/ natively with
// clang as the assembler and linker, at -O0 and -O2, so that toyc's
// assembly is checked against both GNU as and clang's integrated one.
func TestClang(t *testing.T) {
	needToyc(t)
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("clang not found")
	}
	eachFile(t, filepath.Join("programs", "*.toy"), func(t *testing.T, name, src string) {
		if !clangSubset(name) {
			t.SkipNow()
		}
		want, err := programExpectation(src)
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := os.ReadFile(filepath.Join("programs", name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range []string{"-O0", "-O2"} {
			exe := filepath.Join(t.TempDir(), name)
			compileNative(t, "programs", level, "--verify-each", "--cc="+clang, name+".toy", "-o", exe)
			checkOutput(t, run(t, t.TempDir(), runTimeout, exe, want.args...), stdout, want)
		}
	})
}
