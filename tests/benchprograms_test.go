package tests

// TestBenchPrograms: the benchmark programs of bench/programs, each
// NAME.toy with a C twin NAME.c that prints the same line. The headers that
// open both files give the sizes:
//
//	// args: N         the benchmark size (tests/bench/bench.sh)
//	// test-args: n    a small size, for this test
//
// The test builds the twin with the C compiler (-O2) and the Toy program
// natively at -O0 and -O2 (with --verify-each), runs all three at the
// test-args size and requires the same stdout, exit status 0 and an empty
// stderr from each.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var benchHeader = regexp.MustCompile(`^//\s*(args|test-args):\s*(.*?)\s*$`)

// benchSizes reads the "// args:" and "// test-args:" lines among the
// comment lines that open a benchmark program or its twin.
func benchSizes(src string) (args, testArgs []string, err error) {
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		if m := benchHeader.FindStringSubmatch(line); m != nil {
			if m[1] == "args" {
				args = strings.Fields(m[2])
			} else {
				testArgs = strings.Fields(m[2])
			}
		}
	}
	if len(args) == 0 || len(testArgs) == 0 {
		return nil, nil, fmt.Errorf("needs both an \"// args:\" and a \"// test-args:\" line in its opening comment")
	}
	return args, testArgs, nil
}

func TestBenchPrograms(t *testing.T) {
	needToyc(t)
	if tools.cc == "" {
		t.Skip("no C compiler for the C twins")
	}
	dir := filepath.Join("bench", "programs")
	eachFile(t, filepath.Join(dir, "*.toy"), func(t *testing.T, name, src string) {
		args, testArgs, err := benchSizes(src)
		if err != nil {
			t.Fatalf("%s.toy %v", name, err)
		}
		csrc, err := os.ReadFile(filepath.Join(dir, name+".c"))
		if err != nil {
			t.Fatalf("no C twin: %v", err)
		}
		cargs, ctestArgs, err := benchSizes(string(csrc))
		if err != nil {
			t.Fatalf("%s.c %v", name, err)
		}
		if strings.Join(args, " ") != strings.Join(cargs, " ") || strings.Join(testArgs, " ") != strings.Join(ctestArgs, " ") {
			t.Fatalf("the sizes differ: %s.toy has args %q test-args %q, %s.c has %q %q", name, args, testArgs, name, cargs, ctestArgs)
		}

		cexe := filepath.Join(t.TempDir(), name+"_c")
		if err := step(dir, tools.cc, "-O2", name+".c", "-o", cexe); err != nil {
			t.Fatal(err)
		}
		want := run(t, t.TempDir(), runTimeout, cexe, testArgs...)
		if want.status != 0 || len(want.stderr) > 0 {
			t.Fatalf("the C twin exits with status %d at test-args %q; stdout:\n%s\nstderr:\n%s", want.status, testArgs, want.stdout, want.stderr)
		}
		if bytes.Count(want.stdout, []byte("\n")) != 1 {
			t.Errorf("the C twin prints %q, not one line", want.stdout)
		}

		for _, level := range []string{"-O0", "-O2"} {
			exe, err := buildNative(dir, name+".toy", level, t.TempDir())
			if errors.Is(err, errNoNative) {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := run(t, t.TempDir(), runTimeout, exe, testArgs...)
			if got.status != 0 || len(got.stderr) > 0 {
				t.Errorf("toyc %s: exit status %d; stderr:\n%s", level, got.status, got.stderr)
			}
			if !bytes.Equal(got.stdout, want.stdout) {
				t.Errorf("toyc %s: stdout differs from the C twin's: %s", level, firstDifference(got.stdout, want.stdout))
			}
		}
	})
}
