package tests

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrors compiles each errors/NAME.toy, which must fail with exit status
// 1 and exactly the diagnostics its marks expect (directives_test.go): for
// each `// ERROR "text"` one error on that line containing the text (at
// its column for `"text"@COL`), for each `// NOTE "text"` one note, and no
// other error or note; and no output file may be left behind.
func TestErrors(t *testing.T) {
	needToyc(t)
	eachFile(t, "errors/*.toy", func(t *testing.T, name, src string) {
		marks, err := diagnosticMarks(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(marks) == 0 {
			t.Fatal("the file has no ERROR mark")
		}
		out := filepath.Join(t.TempDir(), name+".ll")
		r := run(t, "errors", compileTimeout, tools.toyc, "--emit=llvm", name+".toy", "-o", out)
		if r.status != 1 {
			t.Fatalf("exit status %d, want 1; stderr:\n%s", r.status, r.stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("a failed compile left its output %s behind", filepath.Base(out))
		}
		checkDiagnostics(t, diagnostics(r.stderr, name+".toy"), marks, r.stderr)
	})
}

// checkDiagnostics matches the diagnostics against the marks, one to one.
func checkDiagnostics(t *testing.T, diags []diagnostic, marks []mark, stderr []byte) {
	t.Helper()
	if len(diags) == 0 {
		t.Fatalf("no diagnostic of the form FILE:LINE:COL: error: MSG; stderr:\n%s", stderr)
	}
	if bytes.Contains(stderr, []byte("goroutine ")) {
		t.Errorf("toyc panicked:\n%s", stderr)
	}
	used := make([]bool, len(diags))
	for _, m := range marks {
		matched := false
		for i, d := range diags {
			if !used[i] && d.line == m.line && d.note == m.note && strings.Contains(d.msg, m.text) && (m.col == 0 || d.col == m.col) {
				used[i], matched = true, true
				break
			}
		}
		if !matched {
			var onLine []string
			for _, d := range diags {
				if d.line == m.line && d.note == m.note {
					onLine = append(onLine, fmt.Sprintf("%d:%d: %s", d.line, d.col, d.msg))
				}
			}
			t.Errorf("line %d: no %s containing %q%s (got %q)", m.line, kind(m.note), m.text, atColumn(m.col), onLine)
		}
	}
	for i, d := range diags {
		if !used[i] {
			t.Errorf("%d:%d: unexpected %s %q", d.line, d.col, kind(d.note), d.msg)
		}
	}
}

func kind(note bool) string {
	if note {
		return "note"
	}
	return "error"
}

func atColumn(col int) string {
	if col == 0 {
		return ""
	}
	return fmt.Sprintf(" at column %d", col)
}
