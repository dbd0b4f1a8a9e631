package tests

// Hostile inputs: what a fuzzer or a careless user feeds a compiler. For
// each, toyc must end by itself (timeouts catch a hang) with a diagnostic
// and exit status 1, or compile the input when it is valid; never panic, and
// never use more than maxRSS of memory (the peak resident size of toyc and
// the C compiler it runs, from wait4's rusage). Each test logs its exit
// status, wall and CPU time and peak memory, so that slow cases are seen.
//
// The biggest inputs (10 MB of code, 100,000 functions) take minutes of
// CPU with the participle parser; -short skips them.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	maxRSS         = 2 << 30
	hostileTimeout = 15 * time.Minute
)

// measured is a finished run of toyc with what it cost.
type measured struct {
	result
	rss       int64 // peak resident bytes of toyc and its children
	cpu, wall time.Duration
}

// runMeasured runs toyc with args in dir and measures it; a run that does
// not finish within timeout fails the test.
func runMeasured(t *testing.T, dir string, timeout time.Duration, env []string, args ...string) measured {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, tools.toyc, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	m := measured{result: result{stdout.Bytes(), stderr.Bytes(), 0}, wall: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("%s hung: killed after %v", command(tools.toyc, args), timeout)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", command(tools.toyc, args), err)
	}
	m.status = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.rss = ru.Maxrss * 1024
		m.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return m
}

// survived checks that a run ended as toyc's runs must, and logs its cost.
func survived(t *testing.T, m measured) {
	t.Helper()
	t.Logf("exit status %d, %.1fs wall, %.1fs CPU, %d MB peak", m.status, m.wall.Seconds(), m.cpu.Seconds(), m.rss>>20)
	for _, crash := range []string{"panic:", "goroutine ", "internal compiler error", "fatal error:"} {
		if bytes.Contains(m.stderr, []byte(crash)) {
			t.Errorf("toyc crashed:\n%s", head(m.stderr))
		}
	}
	if m.rss > maxRSS {
		t.Errorf("toyc used %d MB of memory, more than %d MB", m.rss>>20, maxRSS>>20)
	}
}

// head is the start of a possibly huge output, for messages.
func head(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "..."
	}
	return string(b)
}

// hostileInputs are source files with what toyc must make of them: a
// program that prints wantOutput, or exit status 1 with a diagnostic
// containing wantError.
var hostileInputs = []struct {
	name       string
	src        func() []byte
	wantOutput string
	wantError  string
	heavy      bool
}{
	{name: "binary", src: binary, wantError: "invalid UTF-8"},
	{name: "utf8_in_code", src: text("func main() { var x\xff = 1; print(x); }\n"), wantError: "UTF-8"},
	{name: "utf8_in_comment", src: text("// caf\xe9\nfunc main() { print(1); }\n"), wantError: "UTF-8"},
	{name: "utf8_in_string", src: text("func main() { print(\"caf\xe9\"); }\n"), wantError: "UTF-8"},
	{name: "comments_10mb", src: comments10MB, wantOutput: "1\n"},
	{name: "code_10mb", src: code10MB, wantOutput: "1122653571505023505\n", heavy: true},
	{name: "blocks_100k", src: nested("func main() {", "{", "}", "}\n"), wantError: "nested too deeply"},
	{name: "parens_100k", src: nested("func main() { print(", "(", ")", "); }\n"), wantError: "nested too deeply"},
	{name: "functions_100k", src: functions100k, wantOutput: "100000\n", heavy: true},
	{name: "locals_50k", src: locals50k, wantOutput: "0 49999\n"},
	{name: "identifier_1mb_local", src: identifier("func main() {\n    var %[1]s = 1;\n    print(%[1]s);\n}\n"), wantOutput: "1\n"},
	{name: "identifier_1mb_global", src: identifier("var %[1]s = 1;\nfunc main() {\n    print(%[1]s);\n}\n"), wantOutput: "1\n"},
	{name: "literal_1000_digits", src: text("func main() {\n    print(" + strings.Repeat("9", 1000) + ");\n}\n"), wantError: "too large"},
}

func text(s string) func() []byte { return func() []byte { return []byte(s) } }

// binary is 64 KB of random bytes, the same each time.
func binary() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 64<<10)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func comments10MB() []byte {
	line := "// " + strings.Repeat("x", 96) + "\n"
	return []byte(strings.Repeat(line, 100000) + "func main() { print(1); }\n")
}

// code10MB is twenty functions of 20,000 statements each (8 MB), and main.
func code10MB() []byte {
	var body strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&body, "    x = x * 3 + %d;\n", i%1000)
	}
	var b strings.Builder
	for j := 0; j < 20; j++ {
		fmt.Fprintf(&b, "func g%d(y: int) int {\n    var x = y;\n%s    return x;\n}\n", j, body.String())
	}
	b.WriteString("func main() { print(g0(1)); }\n")
	return []byte(b.String())
}

// nested is open, 100,000 times in, 100,000 times out, and close.
func nested(open, in, out, close string) func() []byte {
	return func() []byte {
		return []byte(open + strings.Repeat(in, 100000) + strings.Repeat(out, 100000) + close)
	}
}

func functions100k() []byte {
	var b strings.Builder
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "func f%d(x: int) int { return x + 1; }\n", i)
	}
	// main calls a chain through a few of them.
	b.WriteString("func main() { print(f99999(f0(99998))); }\n")
	return []byte(b.String())
}

func locals50k() []byte {
	var b strings.Builder
	b.WriteString("func main() {\n")
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&b, "    var v%d = %d;\n", i, i)
	}
	b.WriteString("    print(v0, v49999);\n}\n")
	return []byte(b.String())
}

// identifier fills format's %[1]s with a name of 1 MB.
func identifier(format string) func() []byte {
	return func() []byte { return []byte(fmt.Sprintf(format, strings.Repeat("n", 1<<20))) }
}

// TestHostileInputs compiles each hostile input in its own directory.
func TestHostileInputs(t *testing.T) {
	needToyc(t)
	for _, in := range hostileInputs {
		t.Run(in.name, func(t *testing.T) {
			if in.heavy && testing.Short() {
				t.Skip("minutes of CPU: skipped with -short")
			}
			t.Parallel()
			dir := t.TempDir()
			file := in.name + ".toy"
			if err := os.WriteFile(filepath.Join(dir, file), in.src(), 0o644); err != nil {
				t.Fatal(err)
			}
			m := runMeasured(t, dir, hostileTimeout, nil, file, "-o", "prog")
			survived(t, m)
			if in.wantError != "" {
				wantDiagnostic(t, m, file, in.wantError)
				return
			}
			if m.status != 0 {
				t.Fatalf("a valid program was not compiled: exit status %d\n%s", m.status, head(m.stderr))
			}
			r := run(t, dir, runTimeout, filepath.Join(dir, "prog"))
			if string(r.stdout) != in.wantOutput || r.status != 0 {
				t.Errorf("the program printed %q (exit status %d), want %q", r.stdout, r.status, in.wantOutput)
			}
		})
	}
}

// wantDiagnostic checks that toyc rejected file with exit status 1 and a
// diagnostic about it containing text, and left no output.
func wantDiagnostic(t *testing.T, m measured, file, text string) {
	t.Helper()
	if m.status != 1 {
		t.Errorf("exit status %d, want 1", m.status)
	}
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(file) + `:\d+:\d+: error: .*` + regexp.QuoteMeta(text))
	if !re.Match(m.stderr) {
		t.Errorf("no diagnostic %q about %s in stderr:\n%s", text, file, head(m.stderr))
	}
}

// TestHostileEmptyFile: an empty file is a valid library with nothing in
// it, but it cannot become an executable: toyc says so, naming the file.
func TestHostileEmptyFile(t *testing.T) {
	needToyc(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "empty.toy"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m := runMeasured(t, dir, compileTimeout, nil, "-S", "empty.toy", "-o", "empty.s")
	survived(t, m)
	if m.status != 0 {
		t.Errorf("-S of an empty library: exit status %d\n%s", m.status, m.stderr)
	}
	// Without a C input that could define main, toyc knows before linking
	// that there is none, and can say so about the file instead of leaving
	// it to the linker.
	m = runMeasured(t, dir, compileTimeout, nil, "empty.toy", "-o", "empty")
	survived(t, m)
	if m.status != 1 || !bytes.Contains(m.stderr, []byte("empty.toy")) || !bytes.Contains(m.stderr, []byte("main")) {
		t.Errorf("an executable without main: exit status %d, want 1 with a message about main in empty.toy:\n%s", m.status, m.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "empty")); err == nil {
		t.Error("a failed link left an executable behind")
	}
}

// TestHostileOutputIsInput: -o naming the input (directly, or through
// another spelling or a symbolic link) is refused as a usage error, and the
// input survives.
func TestHostileOutputIsInput(t *testing.T) {
	needToyc(t)
	dir := t.TempDir()
	src := []byte("func main() { print(1); }\n")
	if err := os.WriteFile(filepath.Join(dir, "in.toy"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("in.toy", filepath.Join(dir, "alias.toy")); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{"in.toy", "./in.toy", "alias.toy"} {
		for _, flags := range [][]string{nil, {"-S"}, {"--emit=llvm"}} {
			m := runMeasured(t, dir, compileTimeout, nil, append(flags, "in.toy", "-o", out)...)
			survived(t, m)
			if m.status != 2 || !bytes.Contains(m.stderr, []byte("input")) {
				t.Errorf("toyc %s in.toy -o %s: exit status %d, want 2 and a message about the input:\n%s", strings.Join(flags, " "), out, m.status, m.stderr)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "in.toy")); !bytes.Equal(got, src) {
				t.Fatalf("toyc -o %s changed the input", out)
			}
		}
	}
}

// TestHostileUnwritableOutput: an output path that cannot be created is
// reported.
func TestHostileUnwritableOutput(t *testing.T) {
	needToyc(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.toy"), []byte("func main() { print(1); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{"missing/dir/prog", "in.toy/prog", "/proc/version"} {
		m := runMeasured(t, dir, compileTimeout, nil, "in.toy", "-o", out)
		survived(t, m)
		if m.status != 1 || !bytes.Contains(m.stderr, []byte(out)) {
			t.Errorf("-o %s: exit status %d, want 1 and a message naming the path:\n%s", out, m.status, m.stderr)
		}
	}
}

// TestHostileMissingCompiler: without a C compiler, toyc says which one it
// looked for and how to name another.
func TestHostileMissingCompiler(t *testing.T) {
	needToyc(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.toy"), []byte("func main() { print(1); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"--cc=/nonexistent/cc"}, "/nonexistent/cc"},
		{[]string{"CC=nonexistent-cc"}, nil, "nonexistent-cc"},
		{[]string{"CC=", "PATH=/nonexistent"}, nil, "--cc"},
	} {
		m := runMeasured(t, dir, compileTimeout, c.env, append(c.args, "in.toy", "-o", "prog")...)
		survived(t, m)
		if m.status == 0 || !bytes.Contains(m.stderr, []byte(c.want)) || !bytes.Contains(m.stderr, []byte("C compiler")) {
			t.Errorf("%v %v: exit status %d, want a failure naming %q and the C compiler:\n%s", c.env, c.args, m.status, c.want, m.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "prog")); err == nil {
			t.Errorf("%v %v: an output was left behind", c.env, c.args)
		}
	}
}

// TestHostileInterrupt interrupts toyc while it parses, while the C
// compiler runs (once that has made temporary files), and while the C
// compiler compiles the runtime for an empty runtime cache: it must stop at
// once, leaving neither the output nor temporary files, its own, the C
// compiler's or a partial cache entry.
func TestHostileInterrupt(t *testing.T) {
	needToyc(t)
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&b, "func f%d(x: int) int { return x + %d; }\n", i, i)
	}
	b.WriteString("func main() { print(f1(1)); }\n")
	if err := os.WriteFile(filepath.Join(dir, "big.toy"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, stage := range []string{"front end", "C compiler", "runtime compile"} {
		t.Run(strings.ReplaceAll(stage, " ", "_"), func(t *testing.T) {
			tmp, cache := t.TempDir(), t.TempDir()
			cmd := exec.Command(tools.toyc, "big.toy", "-o", "prog")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			if stage == "runtime compile" {
				cmd.Env = append(cmd.Env, "TOYC_CACHE="+cache)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stopped := make(chan error, 1)
			go func() { stopped <- cmd.Wait() }()
			if !waitForStage(stopped, stage != "front end", tmp, hostileTimeout) {
				cmd.Process.Kill()
				t.Fatalf("toyc ended or stalled before the %s: %s", stage, stderr.String())
			}
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			select {
			case <-stopped:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				<-stopped
				t.Fatal("toyc went on for 30 s after an interrupt")
			}
			if cmd.ProcessState.ExitCode() == 0 {
				t.Error("an interrupted compile exited with status 0")
			}
			if _, err := os.Stat(filepath.Join(dir, "prog")); err == nil {
				t.Error("an interrupted compile left its output behind")
				os.Remove(filepath.Join(dir, "prog"))
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("an interrupted compile left %d temporary files in TMPDIR: %s", len(left), left[0].Name())
			}
			if partial, _ := filepath.Glob(filepath.Join(cache, ".*")); len(partial) > 0 {
				t.Errorf("an interrupted compile left a partial cache entry: %s", partial[0])
			}
			t.Logf("%v; stderr: %q", cmd.ProcessState, strings.TrimSpace(stderr.String()))
		})
	}
}

// waitForStage waits until toyc is compiling: when cc is set, until the C
// compiler it runs has made a temporary file (cc*) of its own, in tmp (the
// $TMPDIR toyc was given) or in toyc's scratch directory there; else for a
// moment. It returns false when toyc ends first (stopped) or the timeout
// passes.
func waitForStage(stopped <-chan error, cc bool, tmp string, timeout time.Duration) bool {
	deadline := time.After(timeout)
	start := time.Now()
	for {
		select {
		case <-stopped:
			return false
		case <-deadline:
			return false
		case <-time.After(5 * time.Millisecond):
		}
		if !cc && time.Since(start) > 500*time.Millisecond {
			return true
		}
		if cc {
			own, _ := filepath.Glob(filepath.Join(tmp, "cc*"))
			inScratch, _ := filepath.Glob(filepath.Join(tmp, "toyc-*", "cc*"))
			if len(own)+len(inScratch) > 0 {
				return true
			}
		}
	}
}
