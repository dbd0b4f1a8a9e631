package tests

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"toyc/tests/gen"
)

// The output is the same whatever -j is, and from one run to the next,
// byte for byte: every test program at each level, compiled to assembly
// with -j1 and twice with -j4 (more jobs than this machine's CPUs, so that
// functions really finish out of order), and 100 generated programs at
// -O2 with -j1 and -j4, the first ten with the dumps of --print-after-all;
// and each, but those ten, streamed to a file with each -j, which must
// give the same assembly as written to standard output (not streamed).
func TestJobsDeterministic(t *testing.T) {
	needToyc(t)
	t.Parallel()
	type job struct {
		file   string
		levels []string
		jobs   []string
		dumps  bool
	}
	files, err := filepath.Glob(filepath.Join("programs", "*.toy"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs: %v", err)
	}
	var cases []job
	for _, f := range files {
		abs, _ := filepath.Abs(f)
		cases = append(cases, job{abs, []string{"-O0", "-O1", "-O2"}, []string{"-j1", "-j4", "-j4"}, false})
	}
	dir := t.TempDir()
	for seed := range 100 {
		text, _ := gen.Generate(900000+int64(seed), diffConfig()).Text()
		file := filepath.Join(dir, fmt.Sprintf("gen%d.toy", seed))
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, job{file, []string{"-O2"}, []string{"-j1", "-j4"}, seed < 10})
	}
	for _, c := range cases {
		for _, level := range c.levels {
			outs := make([]result, len(c.jobs))
			for i, j := range c.jobs {
				args := []string{j, level, "--verify-each", "-S", c.file, "-o", "-"}
				if c.dumps {
					args = append(args, "--print-after-all")
				}
				outs[i] = run(t, dir, compileTimeout, tools.toyc, args...)
				if outs[i].status != 0 {
					t.Fatalf("%s: exit status %d\n%s", command(tools.toyc, args), outs[i].status, outs[i].stderr)
				}
			}
			for i := 1; i < len(outs); i++ {
				if !bytes.Equal(outs[i].stdout, outs[0].stdout) || !bytes.Equal(outs[i].stderr, outs[0].stderr) {
					t.Errorf("%s %s: the output of %s and %s (run %d) differ", filepath.Base(c.file), level, c.jobs[0], c.jobs[i], i)
				}
			}
			if c.dumps {
				continue
			}
			// Written to a file, the compile streams (at -O2 by the
			// module's summary, backend/bottomup.go): the same assembly.
			for _, j := range c.jobs {
				out := filepath.Join(dir, "streamed.s")
				args := []string{j, level, "--verify-each", "-S", c.file, "-o", out}
				r := run(t, dir, compileTimeout, tools.toyc, args...)
				got, err := os.ReadFile(out)
				if r.status != 0 || err != nil {
					t.Fatalf("%s: exit status %d, %v\n%s", command(tools.toyc, args), r.status, err, r.stderr)
				}
				if !bytes.Equal(got, outs[0].stdout) {
					t.Errorf("%s %s %s: the assembly streamed to a file differs from the one written to standard output", filepath.Base(c.file), level, j)
				}
			}
		}
	}
}
