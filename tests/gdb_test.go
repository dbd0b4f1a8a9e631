package tests

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestGdbLines debugs a native build with gdb in batch mode: a breakpoint
// on a Toy line stops there and `next` goes to the following line, so the
// line table made from toyc's .loc directives is right at every level. At
// -O2 line 10 leaves no code (add is inlined and folded to 3), so the
// breakpoint goes on line 11 there.
func TestGdbLines(t *testing.T) {
	needToyc(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	for _, level := range nativeLevels {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "steps")
			compileNative(t, "debug", level, "--verify-each", "steps.toy", "-o", exe)
			line, next, nextText := "10", "11", `print\(y\);`
			if level == "-O2" {
				line, next, nextText = "11", "12", `return 0;`
			}
			r := mustRun(t, "debug", gdb, "-nx", "-batch",
				"-ex", "break steps.toy:"+line, "-ex", "run", "-ex", "next", "-ex", "info line",
				exe)
			for _, want := range []string{
				`Breakpoint 1, toy_main \(\) at steps.toy:` + line,
				`(?m)^` + next + `\s+` + nextText,
				`Line ` + next + ` of "steps.toy"`,
			} {
				if !regexp.MustCompile(want).Match(r.stdout) {
					t.Errorf("gdb output does not match %q:\n%s", want, r.stdout)
				}
			}
		})
	}
}
