package tests

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestErrors compiles each errors/NAME.toy, which must fail with exit status
// 1, a diagnostic containing each `// ERROR "text"` on that line, no
// diagnostic on any other line, and no output file left behind.
func TestErrors(t *testing.T) {
	needToyc(t)
	eachFile(t, "errors/*.toy", func(t *testing.T, name, src string) {
		marks := mustErrorMarks(t, src)
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

// checkDiagnostics matches the diagnostics against the ERROR marks.
func checkDiagnostics(t *testing.T, diags []diagnostic, marks map[int][]string, stderr []byte) {
	t.Helper()
	if len(diags) == 0 {
		t.Fatalf("no diagnostic of the form FILE:LINE:COL: error: MSG; stderr:\n%s", stderr)
	}
	if bytes.Contains(stderr, []byte("goroutine ")) {
		t.Errorf("toyc panicked:\n%s", stderr)
	}
	onLine := map[int][]string{}
	for _, d := range diags {
		if marks[d.line] == nil {
			t.Errorf("line %d: unexpected diagnostic %q", d.line, d.msg)
		}
		onLine[d.line] = append(onLine[d.line], d.msg)
	}
	for _, line := range slices.Sorted(maps.Keys(marks)) {
		for _, text := range marks[line] {
			if !slices.ContainsFunc(onLine[line], func(msg string) bool { return strings.Contains(msg, text) }) {
				t.Errorf("line %d: no diagnostic containing %q (got %q)", line, text, onLine[line])
			}
		}
	}
}
