package middle

import (
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
