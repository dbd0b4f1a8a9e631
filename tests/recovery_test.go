package tests

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"toyc/frontend"
	"toyc/middle/diag"
)

// TestRecovery: after a syntax error, the parser recovers without
// reporting errors for the correct code after it. Into each valid program
// of programs/ one mistake is put at many places (a `;`, `,`, `:`, `)`,
// `]`, `}` or a body's `{` deleted, an operator doubled, a keyword misspelled, an operand
// deleted), and the frontend, run in process, must report exactly one
// error, at that place: on its line (at its column where the place of a
// missing token is certain: a deleted `;` right after the token before it,
// a deleted `)` or `]` there when what follows cannot continue the
// bracket, a doubled operator, a misspelled keyword, a deleted operand), or
// for a deleted `}`, whose place cannot be told, at or after the token
// before it.
func TestRecovery(t *testing.T) {
	paths := files(t, "programs/*.toy")
	total := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := stem(path)
		for _, m := range mutations(string(src)) {
			total++
			diags := compileQuietly(t, name, m)
			if msg := m.judge(diags); msg != "" {
				t.Errorf("%s: %s %s at %d:%d: %s\n%s", name, m.kind, m.what, m.line, m.col, msg, strings.TrimSpace(diags.Error()))
			}
		}
	}
	t.Logf("%d mutated programs", total)
}

// compileQuietly runs the frontend on a mutated program; a panic is a
// failure of the test, not of the run.
func compileQuietly(t *testing.T, name string, m mutation) (diags diag.List) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: %s %s at %d:%d: the frontend panicked: %v", name, m.kind, m.what, m.line, m.col, r)
			diags = nil
		}
	}()
	_, diags = frontend.Compile(name+".toy", []byte(m.src))
	return diags
}

// mutation is a program with one mistake put in at line:col.
type mutation struct {
	kind, what string
	src        string
	line, col  int
	// exactCol is set when the error must be at col; after when it may
	// come at or after line:col (a deleted `}`).
	exactCol, after bool
}

func (m mutation) judge(diags diag.List) string {
	if len(diags) != 1 {
		return fmt.Sprintf("%d errors, want 1", len(diags))
	}
	p := diags[0].Pos
	switch {
	case m.after:
		if p.Line < m.line || p.Line == m.line && p.Col < m.col {
			return fmt.Sprintf("error at %d:%d, before the mistake", p.Line, p.Col)
		}
	case p.Line != m.line:
		return fmt.Sprintf("error on line %d", p.Line)
	case m.exactCol && p.Col != m.col:
		return fmt.Sprintf("error at column %d", p.Col)
	}
	return ""
}

// keywordTypos are the misspellings put in for each keyword: two letters
// swapped, the commonest slip.
var keywordTypos = map[string]string{
	"func": "fucn", "extern": "extren", "var": "vra", "if": "fi", "else": "esle", "while": "whiel",
	"for": "fro", "break": "braek", "continue": "contniue", "return": "retrun", "true": "ture",
	"false": "flase", "new": "nwe",
}

// doubled are the operators that are only binary or assignments, so that
// doubling one is always a mistake (`- -x` is not).
var doubled = map[string]bool{
	"+": true, "/": true, "%": true, "<<": true, ">>": true, "|": true, "&&": true, "||": true,
	"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true,
	"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "&=": true, "|=": true,
	"^=": true, "<<=": true, ">>=": true,
}

// continuesOperand are the tokens that, after an operand, continue it.
var continuesOperand = map[string]bool{"-": true, "&": true, "*": true, "^": true, "(": true, "[": true}

var assignOps = map[string]bool{
	"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "&=": true, "|=": true,
	"^=": true, "<<=": true, ">>=": true,
}

// mutations lists the mistakes put into src, one per mutation.
func mutations(src string) []mutation {
	toks := lexToy(src)
	var out []mutation
	add := func(kind string, t toyToken, replacement string, m mutation) {
		m.kind, m.what = kind, fmt.Sprintf("%q", t.text)
		m.src = src[:t.off] + replacement + src[t.off+len(t.text):]
		out = append(out, m)
	}
	for i, t := range toks {
		var prev toyToken
		if i > 0 {
			prev = toks[i-1]
		}
		// right after the token before, on its line: where a missing token is reported
		glued := i > 0 && prev.off+len(prev.text) == t.off
		switch {
		case t.text == ";":
			// (between two `;` of a for, either may be missing)
			certain := glued && prev.text != ";" && (i+1 == len(toks) || toks[i+1].text != ";")
			add("deleted", t, "", mutation{line: t.line, col: t.col, exactCol: certain})
		case t.text == ")" || t.text == "]":
			// the place is certain when what follows cannot continue the
			// bracket's contents, and only for the innermost of several
			// closing brackets
			var next string
			if i+1 < len(toks) {
				next = toks[i+1].text
			}
			certain := next == ";" || next == "{" || t.text == "]" && (next == ")" || next == "," || assignOps[next])
			inner := glued && certain && !(prev.text == ")" || prev.text == "]")
			add("deleted", t, "", mutation{line: t.line, col: t.col, exactCol: inner})
		case t.text == ":" || t.text == "," && i+1 < len(toks) && !continuesOperand[toks[i+1].text]:
			// (without a `,` before it, `-x` continues an expression)
			add("deleted", t, "", mutation{line: t.line, col: t.col, exactCol: glued})
		case t.text == "}":
			// at or after the end of the token before
			add("deleted", t, "", mutation{line: prev.line, col: prev.col + len(prev.text), after: true})
		case t.text == "{" && prev.text != ";" && prev.text != "{" && prev.text != "}":
			// the brace of a body (a bare block's could not be told)
			add("deleted", t, "", mutation{line: prev.line, col: prev.col})
		case doubled[t.text] && t.kind == "op":
			add("doubled", t, t.text+" "+t.text, mutation{line: t.line, col: t.col + len(t.text) + 1, exactCol: true})
		case keywordTypos[t.text] != "" && t.kind == "word":
			add("misspelled", t, keywordTypos[t.text], mutation{line: t.line, col: t.col, exactCol: true})
		}
		// an operand deleted after a binary operator: `a + ;`
		if i > 0 && doubled[prev.text] && !strings.HasSuffix(prev.text, "=") && (t.kind == "word" || t.kind == "number") && i+1 < len(toks) {
			next := toks[i+1]
			if next.text == ";" || next.text == ")" {
				add("deleted operand", t, "", mutation{line: t.line, col: t.col, exactCol: true})
			}
		}
	}
	return out
}

// toyToken is a token of a Toy source, for the mutations: kind is "word"
// (names and keywords), "number", "string", "op" or "punct".
type toyToken struct {
	text, kind string
	off        int
	line, col  int
}

// lexToy splits a valid Toy source into tokens, enough for mutating it.
func lexToy(src string) []toyToken {
	var toks []toyToken
	line, lineStart := 1, 0
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
			lineStart = i
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		}
		start, kind := i, "punct"
		switch {
		case isWordByte(c):
			for i < len(src) && (isWordByte(src[i]) || src[i] >= '0' && src[i] <= '9') {
				i++
			}
			kind = "word"
		case c >= '0' && c <= '9':
			for i < len(src) && (isWordByte(src[i]) || src[i] >= '0' && src[i] <= '9') {
				i++
			}
			kind = "number"
		case c == '"' || c == '\'':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
			kind = "string"
		default:
			i++
			for _, op := range []string{"<<=", ">>=", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="} {
				if strings.HasPrefix(src[start:], op) {
					i = start + len(op)
					break
				}
			}
			if !strings.ContainsAny(src[start:i], "(){}[],;:") {
				kind = "op"
			}
		}
		toks = append(toks, toyToken{text: src[start:i], kind: kind, off: start, line: line, col: start - lineStart + 1})
	}
	return toks
}

func isWordByte(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
