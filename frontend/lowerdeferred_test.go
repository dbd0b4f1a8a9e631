package frontend

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"toyc/middle"
)

// Lowering each body on demand makes the module that lowering them all at
// once makes, byte for byte once every body is built — also when the
// bodies are built in the pipeline's order with other functions released
// in between, since the driver's native outputs compile that way — on
// every test program.
func TestLowerDeferredSameModule(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "tests", "programs", "*.toy"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		eager, diags := Compile(file, src)
		if diags.Errors() > 0 {
			continue // a program that fails to compile on purpose
		}
		lazy, _ := CompileDeferred(file, src)
		for _, f := range lazy.Funcs {
			if f.IsDecl() != (eager.Func(f.Name) == nil || eager.Func(f.Name).IsDecl()) {
				t.Errorf("%s: @%s is a definition in one module and not in the other", file, f.Name)
			}
		}
		if err := lazy.MaterializeAll(); err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		eager.WriteTo(&want)
		lazy.WriteTo(&got)
		if !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Errorf("%s: the module lowered on demand differs from the one lowered at once:\n%s\nwant:\n%s", file, got.String(), want.String())
		}
	}
}

// Bodies built in any order — here the last first, as concurrent builds
// may finish — and committed in the module's order make the module that
// lowering them all at once makes: the string constants' names and the
// runtime's declarations follow the order of the commits, not of the
// builds (middle/lazy.go).
func TestLowerDeferredBuiltOutOfOrder(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "tests", "programs", "*.toy"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	tried := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		eager, diags := Compile(file, src)
		if diags.Errors() > 0 {
			continue
		}
		lazy, _ := CompileDeferred(file, src)
		var defs []*middle.Func
		for _, f := range lazy.Funcs {
			if f.Deferred() {
				defs = append(defs, f)
			}
		}
		if len(defs) > 1 {
			tried++
		}
		for i := len(defs) - 1; i >= 0; i-- {
			if err := defs[i].Build(); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range defs {
			f.Commit()
		}
		var want, got bytes.Buffer
		eager.WriteTo(&want)
		lazy.WriteTo(&got)
		if !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Errorf("%s: the module built last body first differs from the one lowered at once:\n%s\nwant:\n%s", file, got.String(), want.String())
		}
	}
	if tried == 0 {
		t.Fatal("no program with two bodies")
	}
}
