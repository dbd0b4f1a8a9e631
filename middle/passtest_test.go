package middle

import (
	"fmt"
	"strings"
	"testing"
)

// checkPass parses the module in, runs pass on each function it defines,
// and compares the functions' text with want. Lines are compared with
// surrounding spaces and the printer's "; preds" comments removed, so the
// expectations read like hand-written IR. The result must pass toyc's
// verifier, and LLVM's where opt is installed.
func checkPass(t *testing.T, pass func(*Func), in, want string) {
	t.Helper()
	m := mustParse(t, "in.ll", in)
	var got strings.Builder
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		pass(f)
		if err := Verify(f); err != nil {
			t.Fatalf("after the pass:\n%s\n%v", f, err)
		}
		got.WriteString(f.String())
	}
	if g, w := normalizeIR(got.String()), normalizeIR(want); g != w {
		t.Errorf("got:\n%s\nwant:\n%s", g, w)
	}
	checkLLVMAccepts(t, "out.ll", m.String())
}

func normalizeIR(text string) string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "; preds ="); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// checkSameResults calls every function defined in before and in after (the
// same module before and after a pass) with each argument of args, by the
// IR interpreter, and requires the same result or the same runtime error.
func checkSameResults(t *testing.T, before, after *Module, args []int64) {
	t.Helper()
	for _, f := range before.Funcs {
		if f.IsDecl() {
			continue
		}
		for _, x := range args {
			r1, e1 := NewInterpreter(before, InterpOptions{}).Call(f.Name, x)
			r2, e2 := NewInterpreter(after, InterpOptions{}).Call(f.Name, x)
			if want, got := fmt.Sprint(r1, e1), fmt.Sprint(r2, e2); got != want {
				t.Errorf("%s(%d): %s after the pass, %s before", f.Name, x, got, want)
			}
		}
	}
}
