package tests

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
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

// callGraphProgram is a program of n functions whose calls go forward and
// back, for the bottom-up schedule (backend/bottomup.go): most to a
// function before the caller (half of them to one of the three before
// it), some to the next two (which the calls back close into cycles
// through several functions), some to the caller itself,
// and some to a leaf anywhere, small enough for -O1's inliner; functions
// write a global and read one nothing writes; and main comes first,
// calling them all, so that it waits for every other function. It is only
// compiled, never run.
func callGraphProgram(seed int64, n int) string {
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	leaf := make([]bool, n)
	var leaves []int
	for k := range n {
		if leaf[k] = r.IntN(5) == 0; leaf[k] {
			leaves = append(leaves, k)
		}
	}
	callee := func(k int) int {
		switch x := r.IntN(10); {
		case x < 3 && k > 0:
			return r.IntN(k)
		case x < 5 && k > 0:
			return k - 1 - r.IntN(min(3, k))
		case x < 7 && k+1 < n:
			return k + 1 + r.IntN(min(2, n-k-1))
		case x < 8 || len(leaves) == 0:
			return k
		default:
			return leaves[r.IntN(len(leaves))]
		}
	}
	var b strings.Builder
	b.WriteString("var counter = 0;\nvar scale = 5;\n\nfunc main() int {\n    var a = new(int, 16);\n    var total = 0;\n")
	for k := range n {
		fmt.Fprintf(&b, "    total += f%d(%d, a);\n", k, k%7)
	}
	b.WriteString("    print(total, counter);\n    return 0;\n}\n\n")
	for k := range n {
		fmt.Fprintf(&b, "func f%d(n: int, a: []int) int {\n", k)
		switch {
		case leaf[k]:
			fmt.Fprintf(&b, "    return n * %d + scale;\n", 3+k%11)
		case r.IntN(4) == 0: // writes a global, calls one function
			fmt.Fprintf(&b, "    counter += n;\n    if n > 0 {\n        return f%d(n - 1, a) + %d;\n    }\n    return counter;\n", callee(k), k)
		default:
			b.WriteString("    var s = n;\n    for var i = 0; i < len(a); i += 1 {\n        s += a[i] ^ i;\n")
			for range 1 + r.IntN(3) {
				fmt.Fprintf(&b, "        if s %% %d == 1 {\n            s += f%d(n - 1, a);\n        }\n", 2+r.IntN(5), callee(k))
			}
			fmt.Fprintf(&b, "    }\n    return s * %d;\n", 1+k%5)
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

// The bottom-up schedule is the same whatever -j is, on call graphs with
// cycles: each function of callGraphProgram goes through its SCC passes
// on whichever worker is free once its callees outside its cycle are
// settled, and the assembly, streamed to a file at -O1 and -O2 (with and
// without -g) with -j1, -j2, -j8 and again -j8, is that of the module
// compiled whole to standard output.
func TestJobsDeterministicCallGraph(t *testing.T) {
	needToyc(t)
	t.Parallel()
	dir := t.TempDir()
	for seed := range int64(4) {
		file := filepath.Join(dir, fmt.Sprintf("graph%d.toy", seed))
		if err := os.WriteFile(file, []byte(callGraphProgram(seed, 150+100*int(seed))), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, opts := range [][]string{{"-O1"}, {"-O2"}, {"-O1", "-g"}, {"-O2", "-g"}} {
			args := append([]string{"-j1", "-S", file, "-o", "-"}, opts...)
			whole := run(t, dir, compileTimeout, tools.toyc, args...)
			if whole.status != 0 {
				t.Fatalf("%s: exit status %d\n%s", command(tools.toyc, args), whole.status, whole.stderr)
			}
			for _, j := range []string{"-j1", "-j2", "-j8", "-j8"} {
				out := filepath.Join(dir, "streamed.s")
				args := append([]string{j, "-S", file, "-o", out}, opts...)
				r := run(t, dir, compileTimeout, tools.toyc, args...)
				got, err := os.ReadFile(out)
				if r.status != 0 || err != nil {
					t.Fatalf("%s: exit status %d, %v\n%s", command(tools.toyc, args), r.status, err, r.stderr)
				}
				if !bytes.Equal(got, whole.stdout) {
					t.Errorf("graph%d %v %s: the assembly streamed to a file differs from the module compiled whole", seed, opts, j)
				}
			}
		}
	}
}
