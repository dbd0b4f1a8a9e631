package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"toyc/tests/asmcode"
)

// debugPrograms are the Toy programs the -g tests compile: every program of
// programs/ (the valid ones) and of debug/.
func debugPrograms(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"programs", "debug"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.toy"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(src, []byte("// ERROR")) {
				continue
			}
			files = append(files, f)
		}
	}
	return files
}

// TestDebugInfo compiles every test program at every level with and
// without -g: -g must not change the code (the same assembly once its
// debugging directives are taken out), -g0 after -g must give exactly the
// output without -g, and llvm-dwarfdump --verify must accept the object.
func TestDebugInfo(t *testing.T) {
	needToyc(t)
	dwarfdump := findLLVMTool("llvm-dwarfdump")
	for _, file := range debugPrograms(t) {
		for _, level := range nativeLevels {
			t.Run(filepath.Base(file)+level, func(t *testing.T) {
				t.Parallel()
				dir, name := filepath.Dir(file), filepath.Base(file)
				plain := mustRun(t, dir, tools.toyc, level, "-S", name, "-o", "-").stdout
				off := mustRun(t, dir, tools.toyc, level, "-g", "-g0", "-S", name, "-o", "-").stdout
				if !bytes.Equal(plain, off) {
					t.Errorf("-g -g0 changes the assembly")
				}
				debug := mustRun(t, dir, tools.toyc, level, "-g", "-S", name, "-o", "-").stdout
				if !bytes.Contains(debug, []byte(".debug_info")) {
					t.Fatalf("-g writes no .debug_info")
				}
				if stripped, code := asmcode.WithoutDebug(debug), asmcode.WithoutDebug(plain); !bytes.Equal(stripped, code) {
					t.Errorf("-g changes the code:\n%s", firstDifference(stripped, code))
				}
				if dwarfdump == "" {
					t.Skip("llvm-dwarfdump not found")
				}
				tmp := t.TempDir()
				s, o := filepath.Join(tmp, "x.s"), filepath.Join(tmp, "x.o")
				if err := os.WriteFile(s, debug, 0o644); err != nil {
					t.Fatal(err)
				}
				mustRun(t, tmp, "as", s, "-o", o)
				r := run(t, tmp, compileTimeout, dwarfdump, "--verify", o)
				if r.status != 0 || !bytes.Contains(r.stdout, []byte("No errors.")) || bytes.Contains(r.stdout, []byte("warning")) {
					t.Errorf("llvm-dwarfdump --verify:\n%s%s", r.stdout, r.stderr)
				}
			})
		}
	}
}

// gdbBatch runs gdb in batch mode on exe with the commands, returning its
// standard output.
func gdbBatch(t *testing.T, dir, exe string, cmds ...string) string {
	t.Helper()
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	args := []string{"-nx", "-batch"}
	for _, c := range cmds {
		args = append(args, "-ex", c)
	}
	// Not mustRun: gdb's status is 1 when a command fails (print of a
	// variable not in scope), which the callers check in the output.
	return string(run(t, dir, compileTimeout, gdb, append(args, exe)...).stdout)
}

// TestGdbVariables debugs debug/vars.toy, built with -g, in gdb: break main
// has one location, at the Toy main's first line, where run stops first
// (with -g, main is another name of toy_main, which replaces the runtime's
// weak C main, whose work is done before main runs), and at breakpoints
// info locals,
// info args, print of every type (int, i32, bool, an array, an element, a
// dereferenced pointer, globals), the innermost of two shadowing variables,
// bt with arguments and finish's returned value. At -O2 fill is inlined, so
// the checks in it are -O0's and -O1's; main's values are the same at every
// level (constants, registers or stack slots by the location lists).
func TestGdbVariables(t *testing.T) {
	needToyc(t)
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "vars")
			compileNative(t, "debug", level, "-g", "vars.toy", "-o", exe)
			out := gdbBatch(t, "debug", exe,
				"break main", "run", "info breakpoints",
				"break vars.toy:27", "break vars.toy:30", "break vars.toy:13",
				"continue",
				"info locals", "print arr", "print arr[1]", "print ok", "print small", "print counter", "print flag", "print x",
				"continue", "print x", "info locals",
				"continue", "bt", "info args", "print *p", "print a[2]", "finish")
			want := []string{
				`(?m)^Breakpoint 1, main \(\) at vars.toy:(19|20)$`,                       // the first stop: the Toy main's first line with code (at -O1 and -O2 line 19 has none, x being the constant 3)
				`(?m)^1\s+breakpoint\s+keep y\s+0x[0-9a-f]+ in main at vars.toy:(19|20)$`, // one location, not one in C code too
				`(?m)^x = 3$`, `(?m)^arr = \{3, 1, 2\}$`, `(?m)^ok = true$`, `(?m)^small = -5$`,
				`(?m)^\$\d+ = \{3, 1, 2\}$`, `(?m)^\$\d+ = 1$`, `(?m)^\$\d+ = true$`, `(?m)^\$\d+ = -5$`, `(?m)^\$\d+ = 7$`,
				`(?m)^Breakpoint 3, main \(\) at vars.toy:30$`,
				`(?m)^\$\d+ = 40$`,             // the inner x shadows the outer
				`(?m)^x = 40\n(?:.*\n)*x = 3$`, // info locals: innermost first
			}
			if level != "-O2" {
				want = append(want,
					// gdb adds NAME@entry= where it also knows the value at the
					// entry (the parameter's register there) and it is the same
					`(?m)^#0  fill \(a=\.\.\., p=0x[0-9a-f]+, b=(?:b@entry=)?true, k=(?:k@entry=)?-5\) at vars.toy:13$`,
					`(?m)^#1  0x[0-9a-f]+ in main \(\) at vars.toy:32$`,
					`(?m)^a = \{-5, 5, 15\}$`, `(?m)^b = true$`, `(?m)^k = -5$`,
					`(?m)^\$\d+ = 0$`,  // *p: total before fill stores to it
					`(?m)^\$\d+ = 15$`, // a[2]
					`(?m)^Value returned is \$\d+ = 15$`)
			}
			for _, w := range want {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("gdb output does not match %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestGdbTailCopy debugs debug/tailcopy.toy, whose loop increment is in a
// block tail duplication dissolves at -O1 and -O2: the loop variable must
// have its value in the loop (before, the assignment's place was lost with
// the block, and gdb printed <optimized out>).
func TestGdbTailCopy(t *testing.T) {
	needToyc(t)
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "tailcopy")
			compileNative(t, "debug", level, "-g", "tailcopy.toy", "-o", exe)
			out := gdbBatch(t, "debug", exe, "break tailcopy.toy:16", "run", "print i", "continue", "print i", "info locals")
			for _, w := range []string{`(?m)^\$1 = 2$`, `(?m)^\$2 = 3$`, `(?m)^i = 3$`, `(?m)^count = 2$`} {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("gdb output does not match %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestGdbForwarded debugs debug/forwarded.toy, whose x lives in its slot
// at -O1 (its address is taken) and whose first store MemOpt forwards to
// line 9's load and deletes as overwritten there: at lines 8 and 9 gdb must
// print the value stored, 17, from where the value is (the slot held
// whatever the stack held before, and gdb printed it).
func TestGdbForwarded(t *testing.T) {
	needToyc(t)
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "forwarded")
			compileNative(t, "debug", level, "-g", "forwarded.toy", "-o", exe)
			out := gdbBatch(t, "debug", exe, "break forwarded.toy:8", "break forwarded.toy:9", "break forwarded.toy:11",
				"run a b", "print x", "continue", "print x", "continue", "print x")
			for _, w := range []string{`(?m)^\$1 = 17$`, `(?m)^\$2 = 17$`, `(?m)^\$3 = -202$`} {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("gdb output does not match %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestGdbInvariantNext debugs debug/invariantnext.toy, where the code after
// x /= 7 in a loop's body moves to the loop's preheader (LICM): at line 15
// in the first two iterations gdb must print x after the division, 142 and
// 20 (the hoisted code placed the assignment before the loop, and x showed
// its value from before the division: 1000 and 142).
func TestGdbInvariantNext(t *testing.T) {
	needToyc(t)
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "invariantnext")
			compileNative(t, "debug", level, "-g", "invariantnext.toy", "-o", exe)
			out := gdbBatch(t, "debug", exe, "break invariantnext.toy:15", "run", "print x", "continue", "print x")
			for _, w := range []string{`(?m)^\$1 = 142$`, `(?m)^\$2 = 20$`} {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("gdb output does not match %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestGdbLoaded debugs debug/loaded.toy, whose x is a 64-bit load from an
// array: at -O1 and -O2 gdb must print it from the load's register (the
// data flow took the load, a mov, for a copy from memory it does not
// follow, and x was <optimized out>).
func TestGdbLoaded(t *testing.T) {
	needToyc(t)
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "loaded")
			compileNative(t, "debug", level, "-g", "loaded.toy", "-o", exe)
			out := gdbBatch(t, "debug", exe, "break loaded.toy:10", "run 7 2", "print x", "print y")
			for _, w := range []string{`(?m)^\$1 = 7$`, `(?m)^\$2 = 21$`} {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("gdb output does not match %q:\n%s", w, out)
				}
			}
		})
	}
}
