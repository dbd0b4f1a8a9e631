package diag

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Rendering diagnostics as gcc and clang print them: the heading line
// "file:line:col: error: message [-Wflag]", then the source line exactly
// as written (UTF-8 kept, tabs kept; only control bytes and bytes of
// invalid UTF-8 become '?', so that garbage cannot drive the terminal),
// then a caret under the column, preceded by one tab for each tab and one
// space for each other character before it, so that it sits under the
// right character whatever the tab stops. With colour, gcc's default
// GCC_COLORS: the place bold, error bold red, warning bold magenta, note
// bold cyan (the flag in the colour of its kind), the caret bold green.

// Style says how to render.
type Style struct {
	Color bool
}

// SGR sequences, as gcc writes them.
const (
	sgrLocus   = "\x1b[01m\x1b[K"
	sgrError   = "\x1b[01;31m\x1b[K"
	sgrWarning = "\x1b[01;35m\x1b[K"
	sgrNote    = "\x1b[01;36m\x1b[K"
	sgrCaret   = "\x1b[01;32m\x1b[K"
	sgrReset   = "\x1b[m\x1b[K"
)

// Render writes each diagnostic followed by its source line and a caret,
// then its note the same way. src maps a file name to its contents; a file
// missing from it gets no source line. Long lines are cut around the column
// so that a 1 MB line does not flood the terminal.
func Render(l List, src map[string][]byte) string {
	return RenderStyled(l, src, Style{})
}

// RenderStyled is Render in style st.
func RenderStyled(l List, src map[string][]byte, st Style) string {
	var b strings.Builder
	// Each file's lines, indexed at its first diagnostic: finding each
	// diagnostic's line from the top of its file made 8,571 warnings on a
	// 10,000-line file take 0.6 s.
	lines := map[string]*Lines{}
	for _, d := range l {
		kind := sgrError
		if d.Severity == Warning {
			kind = sgrWarning
		}
		st.heading(&b, d.File, d.Pos, d.Severity.String(), kind, d.Msg, d.flagSuffix())
		st.source(&b, src, lines, d.File, d.Pos)
		if d.Note != nil {
			st.heading(&b, d.File, d.Note.Pos, "note", sgrNote, d.Note.Msg, "")
			st.source(&b, src, lines, d.File, d.Note.Pos)
		}
	}
	return b.String()
}

// heading writes "file:line:col: kind: msg flag".
func (st Style) heading(b *strings.Builder, file string, pos Pos, kind, color, msg, flag string) {
	locus := file + ":"
	if pos.IsValid() {
		locus = fmt.Sprintf("%s:%d:%d:", file, pos.Line, pos.Col)
	}
	if !st.Color {
		fmt.Fprintf(b, "%s %s: %s%s\n", locus, kind, msg, flag)
		return
	}
	if flag != "" {
		flag = " [" + color + strings.TrimSuffix(strings.TrimPrefix(flag, " ["), "]") + sgrReset + "]"
	}
	fmt.Fprintf(b, "%s%s%s %s%s:%s %s%s\n", sgrLocus, locus, sgrReset, color, kind, sgrReset, msg, flag)
}

// source writes the line of file at pos and a caret under its column;
// lines holds the files' indexes made so far.
func (st Style) source(b *strings.Builder, src map[string][]byte, lines map[string]*Lines, file string, pos Pos) {
	text, ok := src[file]
	if !ok || !pos.IsValid() {
		return
	}
	index := lines[file]
	if index == nil {
		index = NewLines(text)
		lines[file] = index
	}
	line, ok := sourceLine(index, pos.Line)
	if !ok {
		return
	}
	col := pos.Col - 1
	if col < 0 {
		col = 0
	}
	if col > len(line) {
		col = len(line)
	}
	const window = 100
	start, end := 0, len(line)
	if col > window {
		start = col - window
	}
	if end-col > window {
		end = col + window
	}
	// The cut must not split a character.
	for start > 0 && !utf8.RuneStart(line[start]) {
		start--
	}
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end++
	}
	b.WriteString(printable(line[start:end]))
	b.WriteByte('\n')
	for _, c := range printable(line[start:col]) {
		if c == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	if st.Color {
		b.WriteString(sgrCaret + "^" + sgrReset + "\n")
	} else {
		b.WriteString("^\n")
	}
}

// sourceLine returns line n (from 1) of the indexed text, without its
// newline and a carriage return before that, or false when there is none.
func sourceLine(lines *Lines, n int) ([]byte, bool) {
	if n < 1 || n > lines.Len() {
		return nil, false
	}
	l := lines.Text(n)
	if len(l) > 0 && l[len(l)-1] == '\r' {
		l = l[:len(l)-1]
	}
	return l, true
}

// printable keeps b's valid UTF-8 as it is and replaces control bytes
// (other than tab, and the C1 controls U+0080 to U+009F) and each byte of
// invalid UTF-8 with '?', one '?' per byte, so that garbage input cannot
// corrupt the terminal.
func printable(b []byte) string {
	var out strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && n <= 1, r < 0x20 && r != '\t', r == 0x7f, 0x80 <= r && r < 0xa0:
			out.WriteByte('?')
			n = 1
		default:
			out.Write(b[:n])
		}
		b = b[n:]
	}
	return out.String()
}
