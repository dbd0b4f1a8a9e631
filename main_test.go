package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The command is tested end to end with testscript: each
// testdata/script/*.txtar runs the real toyc (this test binary, which
// testscript puts on PATH as toyc) on the files it carries.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"toyc": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			// $TOYCBIN holds only toyc, for PATHs without a C compiler.
			env.Setenv("TOYCBIN", filepath.Dir(mustLookPath(env, "toyc")))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status": cmdStatus,
		},
	})
}

func mustLookPath(env *testscript.Env, name string) string {
	for _, dir := range filepath.SplitList(env.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	panic(name + " is not on the test's PATH")
}

// cmdStatus is the script command "status N program args...": it runs the
// program like exec and checks that it exits with status N.
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("usage: status N program [args...]")
	}
	got := 0
	var exit *exec.ExitError
	if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exit) {
		got = exit.ExitCode()
	} else if err != nil {
		ts.Fatalf("%v", err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// A panic inside the compile is an internal compiler error naming what
// toyc was doing, exit status 3, and never a raw Go panic.
func TestPanicIsInternalCompilerError(t *testing.T) {
	var stderr strings.Builder
	d := &driver{stderr: &stderr, activity: "compiling x.toy"}
	t.Setenv("TOYC_DEBUG", "")
	status := d.report(d.protect(func() error { panic("index out of range [3] with length 2") }))
	want := "toyc: internal compiler error while compiling x.toy: index out of range [3] with length 2\n" +
		"toyc: this is a bug in toyc; set TOYC_DEBUG=1 to see where it happened\n"
	if status != 3 || stderr.String() != want {
		t.Errorf("got status %d and\n%s\nwant status 3 and\n%s", status, stderr.String(), want)
	}

	stderr.Reset()
	t.Setenv("TOYC_DEBUG", "1")
	d.report(d.protect(func() error { panic("boom") }))
	if !strings.Contains(stderr.String(), "TestPanicIsInternalCompilerError") {
		t.Errorf("TOYC_DEBUG=1 shows no stack:\n%s", stderr.String())
	}
}
