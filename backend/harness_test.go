package backend

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"toyc/middle"
)

// The test harness: IR text through every stage (with the checker after
// allocation), the assembly linked with a C driver by gcc, and the program's
// output compared with what the driver prints when the IR means what it
// should.

// stages runs the backend's stages on every function of the IR text ll
// (which must verify, as the driver makes sure of its input), failing the
// test (with the dump) when the checker rejects an allocation.
func stages(t *testing.T, ll string) (*middle.Module, []*Func) {
	t.Helper()
	m, errs := middle.ParseModule("test.ll", []byte(ll))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs)
	}
	if errs := middle.VerifyModule(m); len(errs) > 0 {
		t.Fatalf("the test's IR is invalid: %v", errs)
	}
	fs, err := compileFuncs(m)
	if err != nil {
		if pe, ok := err.(*PassError); ok && pe.Func != nil {
			t.Fatalf("%v\n%s", err, pe.Func)
		}
		t.Fatal(err)
	}
	return m, fs
}

// compileFuncs runs the native passes with the checker on, keeping every
// machine function (as Compile does not) for the tests to look at.
func compileFuncs(m *middle.Module) ([]*Func, error) {
	pl := &Pipeline{Native: true, CodegenOnly: true, Check: true}
	return pl.Run(m)
}

// assemble returns the assembly for ll.
func assemble(t *testing.T, ll string) string {
	t.Helper()
	m, fs := stages(t, ll)
	var buf bytes.Buffer
	if err := Emit(&buf, m, fs); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// run compiles ll, links it with the C driver and returns what the program
// prints.
func run(t *testing.T, ll, driver string, args ...string) string {
	t.Helper()
	cc := tool(t, "gcc")
	asm := assemble(t, ll)
	dir := t.TempDir()
	s, c, exe := filepath.Join(dir, "test.s"), filepath.Join(dir, "driver.c"), filepath.Join(dir, "test")
	if err := os.WriteFile(s, []byte(asm), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c, []byte("#include <stdio.h>\n#include <stdint.h>\n#include <stdbool.h>\n"+driver), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cc, "-o", exe, c, s).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s\n%s", err, out, numbered(asm))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, exe, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("run: %v\n%s\n%s", err, out, numbered(asm))
	}
	return string(out)
}

// tool returns the path of the program name, skipping the test when it is
// not installed.
func tool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skip(name + " not installed")
	}
	return path
}

func numbered(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(text, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// expect runs ll with driver and compares the output with want.
func expect(t *testing.T, ll, driver, want string) {
	t.Helper()
	if got := run(t, ll, driver); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// underGDB writes files to a temporary directory, links the program from
// gccArgs there, runs it under gdb in batch mode with the commands and
// returns what gdb prints (skipping the test without gdb or gcc).
func underGDB(t *testing.T, files map[string]string, gccArgs []string, commands ...string) string {
	t.Helper()
	gdb, cc := tool(t, "gdb"), tool(t, "gcc")
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := exec.Command(cc, append([]string{"-o", "prog"}, gccArgs...)...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	args := []string{"-batch", "-nx"}
	for _, c := range commands {
		args = append(args, "-ex", c)
	}
	run := exec.Command(gdb, append(args, "./prog")...)
	run.Dir = dir
	out, _ := run.CombinedOutput()
	return string(out)
}
