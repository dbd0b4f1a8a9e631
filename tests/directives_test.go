package tests

// The directives that test files carry in comments, parsed in one place:
//
//	programs/*.toy  leading "// args: ...", "// exit: N", "// stderr: TEXT"
//	errors/*.toy    `// ERROR "text" ...` on each line that must get a diagnostic,
//	                `"text"@COL` for one at column COL, `// NOTE "text"` for a note
//	ll/*.c          a leading "// ll: a.ll b.ll" naming the SSA files it drives
//	ll-invalid/*.ll `; ERROR "text"` naming what the verifier must say

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// expectation is how a test program must end.
type expectation struct {
	args   []string
	status int
	stderr string // a text stderr must contain; "" means stderr stays empty
}

var programDirective = regexp.MustCompile(`^//\s*(args|exit|stderr):\s*(.*?)\s*$`)

// programExpectation reads the directives from the comment lines that open
// a Toy program.
func programExpectation(src string) (expectation, error) {
	var e expectation
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		m := programDirective.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch m[1] {
		case "args":
			e.args = strings.Fields(m[2])
		case "exit":
			n, err := strconv.Atoi(m[2])
			if err != nil {
				return e, fmt.Errorf("bad exit directive %q", line)
			}
			e.status = n
		case "stderr":
			e.stderr = m[2]
		}
	}
	return e, nil
}

var (
	errorMark    = regexp.MustCompile(`(?://|;)\s*ERROR\s+(.*)$`)
	quotedString = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// errorMarks maps each line number (from 1) carrying an ERROR comment to
// the texts that its diagnostics must contain.
func errorMarks(src string) (map[int][]string, error) {
	marks := map[int][]string{}
	for i, line := range strings.Split(src, "\n") {
		m := errorMark.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, q := range quotedString.FindAllString(m[1], -1) {
			text, err := strconv.Unquote(q)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad ERROR text %s", i+1, q)
			}
			marks[i+1] = append(marks[i+1], text)
		}
		if len(marks[i+1]) == 0 {
			return nil, fmt.Errorf("line %d: ERROR without a quoted text", i+1)
		}
	}
	return marks, nil
}

// mark is one diagnostic a test file expects: an error (or a note) on
// line whose message contains text, at column col when col > 0.
type mark struct {
	line, col int
	text      string
	note      bool
}

var (
	markGroup = regexp.MustCompile(`\b(ERROR|NOTE)((?:\s+"(?:[^"\\]|\\.)*"(?:@\d+)?)+)`)
	markText  = regexp.MustCompile(`("(?:[^"\\]|\\.)*")(?:@(\d+))?`)
)

// diagnosticMarks lists the marks of a Toy test file: in a comment, `ERROR`
// or `NOTE` and one or more quoted texts, each for one diagnostic, each
// with `@COL` after it when its column is checked:
//
//	x = 1 // ERROR "expected ';' after the assignment"@10
func diagnosticMarks(src string) ([]mark, error) {
	var marks []mark
	for i, line := range strings.Split(src, "\n") {
		c := strings.Index(line, "//")
		if c < 0 {
			continue
		}
		for _, g := range markGroup.FindAllStringSubmatch(line[c:], -1) {
			for _, t := range markText.FindAllStringSubmatch(g[2], -1) {
				text, err := strconv.Unquote(t[1])
				if err != nil {
					return nil, fmt.Errorf("line %d: bad %s text %s", i+1, g[1], t[1])
				}
				m := mark{line: i + 1, text: text, note: g[1] == "NOTE"}
				if t[2] != "" {
					m.col, _ = strconv.Atoi(t[2])
				}
				marks = append(marks, m)
			}
		}
	}
	return marks, nil
}

// mustErrorMarks is errorMarks for a test file that has to carry marks.
func mustErrorMarks(t *testing.T, src string) map[int][]string {
	t.Helper()
	marks, err := errorMarks(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(marks) == 0 {
		t.Fatal("the file has no ERROR mark")
	}
	return marks
}

// diagnostic is one "file:line:col: error: message" line of toyc's stderr,
// or a "note:" line.
type diagnostic struct {
	line, col int
	msg       string
	note      bool
}

// diagnostics picks the error and note lines about file out of toyc's
// stderr (the source lines and carets that follow each are skipped).
func diagnostics(stderr []byte, file string) []diagnostic {
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(file) + `:(\d+):(\d+): (error|note): (.*)$`)
	var out []diagnostic
	for _, m := range re.FindAllSubmatch(stderr, -1) {
		line, _ := strconv.Atoi(string(m[1]))
		col, _ := strconv.Atoi(string(m[2]))
		out = append(out, diagnostic{line, col, string(m[4]), string(m[3]) == "note"})
	}
	return out
}

var llInputs = regexp.MustCompile(`^//\s*ll:\s*(.*?)\s*$`)

// driverInputs returns the .ll files a C driver links with: those its
// "// ll:" line names, else the one with the driver's own name.
func driverInputs(src, name string) []string {
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		if m := llInputs.FindStringSubmatch(line); m != nil {
			return strings.Fields(m[1])
		}
	}
	return []string{name + ".ll"}
}
