package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestCLibraryMakefile builds ../examples/clib, a C program calling a
// Toy library, with its Makefile (toyc -c for the library, --emit=header
// for its header, --emit=runtime for libtoyrt.a, plain gcc for the rest)
// in a copy of the directory, runs the program, and checks that make
// clean leaves only the sources.
func TestCLibraryMakefile(t *testing.T) {
	needToyc(t)
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	src := filepath.Join("..", "examples", "clib")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, e.Name())
	}
	r := run(t, dir, compileTimeout, "make", "TOYC="+tools.toyc)
	if r.status != 0 {
		t.Fatalf("make: exit status %d\n%s%s", r.status, r.stdout, r.stderr)
	}
	r = run(t, dir, runTimeout, "./demo")
	const want = "5 squares, sum 30\nabove 15: 2 (some)\ncalls: 3\n"
	if r.status != 0 || string(r.stdout) != want {
		t.Errorf("./demo: exit status %d, output\n%s\nwant\n%s", r.status, r.stdout, want)
	}
	if r := run(t, dir, compileTimeout, "make", "clean"); r.status != 0 {
		t.Fatalf("make clean: exit status %d\n%s", r.status, r.stderr)
	}
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, sources) {
		t.Errorf("after make clean: %v, want %v", names, sources)
	}
}
