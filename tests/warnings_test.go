package tests

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"toyc/frontend"
	"toyc/middle/diag"
)

// TestWarnings compiles each warnings/NAME.toy (with the flags of its
// `// flags:` line), which must succeed, writing its output, with exactly
// the warnings its `// WARNING "text"@COL` marks expect (and the notes of
// its NOTE marks); then with -Werror, which must fail with the same
// diagnostics as errors named [-Werror=NAME] and no output; then with -w,
// which must succeed in silence.
func TestWarnings(t *testing.T) {
	needToyc(t)
	eachFile(t, "warnings/*.toy", func(t *testing.T, name, src string) {
		marks := warningMarks(t, src)
		flags := fileFlags(src)
		out := filepath.Join(t.TempDir(), name+".ll")
		args := append(append([]string{"--emit=llvm"}, flags...), name+".toy", "-o", out)
		r := run(t, "warnings", compileTimeout, tools.toyc, args...)
		if r.status != 0 {
			t.Fatalf("exit status %d, want 0 (warnings do not fail a compile); stderr:\n%s", r.status, r.stderr)
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("no output: %v", err)
		}
		checkDiagnostics(t, severityDiagnostics(r.stderr, name+".toy", "warning"), marks, r.stderr)
		warnings := strings.Count(string(r.stderr), ": warning: ")
		if want := summaryWords(0, warnings); !strings.Contains(string(r.stderr), want) {
			t.Errorf("no %q line; stderr:\n%s", want, r.stderr)
		}

		os.Remove(out)
		r = run(t, "warnings", compileTimeout, tools.toyc, append([]string{"-Werror"}, args...)...)
		if r.status != 1 {
			t.Fatalf("-Werror: exit status %d, want 1; stderr:\n%s", r.status, r.stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("-Werror: a failed compile left its output behind")
		}
		if n := strings.Count(string(r.stderr), "[-Werror="); n != warnings {
			t.Errorf("-Werror: %d diagnostics named [-Werror=...], want %d; stderr:\n%s", n, warnings, r.stderr)
		}
		checkDiagnostics(t, severityDiagnostics(r.stderr, name+".toy", "error"), marks, r.stderr)

		r = run(t, "warnings", compileTimeout, tools.toyc, append([]string{"-w"}, args...)...)
		if r.status != 0 || len(r.stderr) > 0 {
			t.Errorf("-w: exit status %d, stderr %q; want 0 and nothing", r.status, r.stderr)
		}
	})
}

var (
	warningGroup = regexp.MustCompile(`\b(WARNING|NOTE)((?:\s+"(?:[^"\\]|\\.)*"(?:@\d+)?)+)`)
	flagsLine    = regexp.MustCompile(`(?m)^// flags: (.*)$`)
)

// warningMarks reads the WARNING and NOTE marks, as diagnosticMarks reads
// ERROR and NOTE.
func warningMarks(t *testing.T, src string) []mark {
	t.Helper()
	var marks []mark
	for i, line := range strings.Split(src, "\n") {
		c := strings.Index(line, "//")
		if c < 0 {
			continue
		}
		for _, g := range warningGroup.FindAllStringSubmatch(line[c:], -1) {
			for _, m := range markText.FindAllStringSubmatch(g[2], -1) {
				text, err := strconv.Unquote(m[1])
				if err != nil {
					t.Fatalf("line %d: bad mark %s", i+1, m[1])
				}
				mk := mark{line: i + 1, text: text, note: g[1] == "NOTE"}
				mk.col, _ = strconv.Atoi(m[2])
				marks = append(marks, mk)
			}
		}
	}
	if len(marks) == 0 {
		t.Fatal("the file has no WARNING mark")
	}
	return marks
}

func fileFlags(src string) []string {
	if m := flagsLine.FindStringSubmatch(src); m != nil {
		return strings.Fields(m[1])
	}
	return nil
}

// severityDiagnostics is diagnostics for "warning:" (or "error:") lines
// and notes.
func severityDiagnostics(stderr []byte, file, severity string) []diagnostic {
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(file) + `:(\d+):(\d+): (` + severity + `|note): (.*)$`)
	var out []diagnostic
	for _, m := range re.FindAllSubmatch(stderr, -1) {
		line, _ := strconv.Atoi(string(m[1]))
		col, _ := strconv.Atoi(string(m[2]))
		out = append(out, diagnostic{line, col, string(m[4]), string(m[3]) == "note"})
	}
	return out
}

func summaryWords(errors, warnings int) string {
	w := strconv.Itoa(warnings) + " warning"
	if warnings != 1 {
		w += "s"
	}
	return w + " generated."
}

// expectedWarnings are the warnings that valid test and benchmark
// programs do get, each a real instance of what it reports, by file,
// line, column and flag: TestNoFalseWarnings fails on any other.
var expectedWarnings = map[string]string{
	// `x = 1;` in an inner block whose x is never read again: the program
	// shows that the store goes to the inner x.
	"shadowing.toy:25:9": "dead-store",
	// idle_run ignores the packet the scheduler hands every task.
	"richards.toy:164:23": "unused-parameter",
}

// TestNoFalseWarnings runs the frontend on every valid program of
// programs/, bench/programs/ and ../../shared/bench (when it is there)
// with the warnings of -Wall and -Wextra, and fails on any warning but
// the expected ones: the warnings have no false positives there.
func TestNoFalseWarnings(t *testing.T) {
	var paths []string
	for _, pattern := range []string{"programs/*.toy", "bench/programs/*.toy", "../../shared/bench/*.toy"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	shown := map[string]bool{}
	for _, k := range frontend.WarningKinds {
		shown[k.Name] = k.Group == "all" || k.Group == "extra"
	}
	valid, seen := 0, map[string]bool{}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, diags := frontend.CompileWithWarnings(filepath.Base(path), src)
		if diags.Errors() > 0 {
			continue // a program of runtime errors' tests that does not compile is not ours
		}
		valid++
		for _, d := range diags {
			if d.Severity != diag.Warning || !shown[d.Flag] {
				continue
			}
			key := d.File + ":" + d.Pos.String()
			if expectedWarnings[key] == d.Flag {
				seen[key] = true
				continue
			}
			t.Errorf("%s: unexpected warning: %s [-W%s]", key, d.Msg, d.Flag)
		}
	}
	for key := range expectedWarnings {
		if !seen[key] {
			t.Errorf("%s: the expected %s warning is gone", key, expectedWarnings[key])
		}
	}
	if valid < 100 {
		t.Errorf("only %d valid programs found", valid)
	}
	t.Logf("%d valid programs, no unexpected warning", valid)
}
