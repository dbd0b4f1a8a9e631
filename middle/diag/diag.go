// Package diag holds source positions and the compiler's diagnostics, shared
// by the frontend (Toy source) and the middle (.ll input), and renders them
// the way gcc and clang do: "file:line:col: error: message", then the source
// line and a caret under the column.
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a 1-based line and column (in bytes) in a source file. The zero Pos
// means "no position".
type Pos struct {
	Line, Col int
}

func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Diagnostic is one error or warning in one file. Note, when set, is a
// remark at another place in the same file that explains it (gcc's and
// clang's "note: to match this '{'"); it is rendered after it, the same
// way. Flag names the warning's flag without its "-W" (unused-variable):
// it is shown after the message, as gcc does, [-Wunused-variable] for a
// warning and [-Werror=unused-variable] for one that -Werror made an error.
type Diagnostic struct {
	File     string
	Pos      Pos
	Msg      string
	Note     *Note
	Severity Severity
	Flag     string
}

// Severity says whether a diagnostic stops the compile. The zero value is
// Error, so that every diagnostic made before warnings existed is one.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// flagSuffix is " [-Wname]" or " [-Werror=name]", or "" without a flag.
func (d Diagnostic) flagSuffix() string {
	switch {
	case d.Flag == "":
		return ""
	case d.Severity == Error:
		return " [-Werror=" + d.Flag + "]"
	}
	return " [-W" + d.Flag + "]"
}

// Note is a remark attached to a diagnostic.
type Note struct {
	Pos Pos
	Msg string
}

func (d Diagnostic) Error() string {
	if !d.Pos.IsValid() {
		return fmt.Sprintf("%s: %s: %s%s", d.File, d.Severity, d.Msg, d.flagSuffix())
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s%s", d.File, d.Pos.Line, d.Pos.Col, d.Severity, d.Msg, d.flagSuffix())
}

// List collects the diagnostics of one compilation. It is an error value
// when non-empty.
type List []Diagnostic

func (l *List) Add(file string, pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{File: file, Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// NoteText is the line of d's note, "file:line:col: note: msg", or "".
func (d Diagnostic) NoteText() string {
	if d.Note == nil {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d: note: %s", d.File, d.Note.Pos.Line, d.Note.Pos.Col, d.Note.Msg)
}

// Error lists the diagnostics one to a line, each followed by its note.
func (l List) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
		if d.Note != nil {
			b.WriteByte('\n')
			b.WriteString(d.NoteText())
		}
	}
	return b.String()
}

// Errors counts the diagnostics that are errors.
func (l List) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Err returns the list as an error, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Sort orders the diagnostics by file and position, keeping the order of
// those at the same place, and drops exact repeats.
func (l *List) Sort() {
	sort.SliceStable(*l, func(i, j int) bool {
		a, b := (*l)[i], (*l)[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Pos.Col < b.Pos.Col
	})
	out := (*l)[:0]
	for i, d := range *l {
		if i > 0 && d == (*l)[i-1] {
			continue
		}
		out = append(out, d)
	}
	*l = out
}
