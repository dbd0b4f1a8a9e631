package tests

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLL takes each C driver ll/NAME.c with the SSA files it names through
// toyc: every .ll must come back out of `toyc --emit=llvm` as IR that LLVM
// verifies; linked with the driver (through llc, and through toyc's own back
// end when it exists) it must print NAME.out and exit 0.
func TestLL(t *testing.T) {
	needToyc(t)
	used := map[string]bool{}
	for _, driver := range files(t, "ll/*.c") {
		name := stem(driver)
		src, err := os.ReadFile(driver)
		if err != nil {
			t.Fatal(err)
		}
		inputs := driverInputs(string(src), name)
		for _, in := range inputs {
			used[in] = true
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			stdout, err := os.ReadFile(filepath.Join("ll", name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			t.Run("llvm", func(t *testing.T) {
				t.Parallel()
				exe := linkThroughLLVM(t, inputs, name+".c")
				checkOutput(t, run(t, t.TempDir(), runTimeout, exe), stdout, expectation{})
			})
			for _, level := range nativeLevels {
				t.Run("native"+level, func(t *testing.T) {
					t.Parallel()
					exe := filepath.Join(t.TempDir(), name)
					args := append([]string{level, "--verify-each"}, inputs...)
					compileNative(t, "ll", append(args, name+".c", "-o", exe)...)
					checkOutput(t, run(t, t.TempDir(), runTimeout, exe), stdout, expectation{})
				})
			}
		})
	}
	for _, ll := range files(t, "ll/*.ll") {
		if !used[filepath.Base(ll)] {
			t.Errorf("%s is not driven by any ll/*.c", ll)
		}
	}
}

// linkThroughLLVM round-trips each input through toyc, checks it with LLVM's
// verifier, compiles it with llc and links the results with the driver.
func linkThroughLLVM(t *testing.T, inputs []string, driver string) string {
	t.Helper()
	dir := t.TempDir()
	var objects []string
	for _, in := range inputs {
		r := mustRun(t, "ll", tools.toyc, "--verify-each", "--emit=llvm", in, "-o", "-")
		ll := filepath.Join(dir, in)
		if err := os.WriteFile(ll, r.stdout, 0o666); err != nil {
			t.Fatal(err)
		}
		verifyLLVM(t, ll)
		if tools.llc == "" || tools.cc == "" {
			continue
		}
		asm := strings.TrimSuffix(ll, ".ll") + ".s"
		mustRun(t, dir, tools.llc, "-opaque-pointers", "-O1", ll, "-o", asm)
		objects = append(objects, asm)
	}
	if tools.llc == "" || tools.cc == "" {
		t.Skip("llc or a C compiler not found: only checked toyc's output of the .ll files")
	}
	exe := filepath.Join(dir, stem(driver))
	abs, err := filepath.Abs(filepath.Join("ll", driver))
	if err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, tools.cc, slices.Concat([]string{"-o", exe, abs}, objects)...)
	return exe
}

// TestLLInvalid feeds each ll-invalid/NAME.ll to toyc, which must reject it
// with exit status 1 and a message containing each `; ERROR "text"`. LLVM's
// verifier must reject the file too, which keeps the inputs honest.
func TestLLInvalid(t *testing.T) {
	needToyc(t)
	eachFile(t, "ll-invalid/*.ll", func(t *testing.T, name, src string) {
		marks := mustErrorMarks(t, src)
		if tools.opt != "" {
			path := filepath.Join("ll-invalid", name+".ll")
			r := run(t, ".", compileTimeout, tools.opt, "-opaque-pointers", "-passes=verify", "-disable-output", path)
			if r.status == 0 {
				t.Errorf("LLVM's verifier accepts %s, so it is no test of an invalid input", path)
			}
		}
		out := filepath.Join(t.TempDir(), name+".ll")
		r := run(t, "ll-invalid", compileTimeout, tools.toyc, "--verify-each", "--emit=llvm", name+".ll", "-o", out)
		if r.status != 1 {
			t.Fatalf("exit status %d, want 1; stderr:\n%s", r.status, r.stderr)
		}
		if !strings.Contains(string(r.stderr), name+".ll") {
			t.Errorf("the message does not name the file %s.ll:\n%s", name, r.stderr)
		}
		for _, line := range slices.Sorted(maps.Keys(marks)) {
			for _, text := range marks[line] {
				if !strings.Contains(string(r.stderr), text) {
					t.Errorf("stderr does not contain %q:\n%s", text, r.stderr)
				}
			}
		}
	})
}
