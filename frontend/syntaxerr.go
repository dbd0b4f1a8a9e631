package frontend

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Participle's syntax errors read `unexpected token "x" (expected
// PostfixNode)`: the expectation is a fragment of the grammar, naming its Go
// struct types. syntaxMessage rewrites it in the user's words, keeping only
// what can come next: `syntax error: unexpected ";", expected expression`.
// The recognizer of recover.go reports syntax errors; participle's are
// reported only where the two disagree on what is valid, which is a bug
// (FuzzCheck looks for one).

// grammarWords names the grammar's struct types for users.
var grammarWords = map[string]string{
	"FileNode":    "declaration",
	"TopDeclNode": "declaration",
	"FuncNode":    "func",
	"ExternNode":  "extern",
	"ParamNode":   "parameter",
	"TypeNode":    "type",
	"BlockNode":   `"{"`,
	"StmtNode":    "statement",
	"VarNode":     "name",
	"SimpleNode":  "assignment or call",
	"ForInitNode": "var, assignment or call",
	"ElseIfNode":  "else",
	"SuffixNode":  `"[" or "("`,
	"ArgsNode":    `"("`,
	"NewNode":     `"("`,
}

// The regular expressions are compiled on first use: only a syntax error
// needs them, and every run of toyc would compile them at start.
var unexpectedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^unexpected token "(?:[^"\\]|\\.)*"(?: \(expected (.*)\))?$`)
})

func syntaxMessage(err participle.Error, toks []lexer.Token) string {
	m := unexpectedRE().FindStringSubmatch(err.Message())
	if m == nil {
		return "syntax error: " + nameGrammarWords(err.Message())
	}
	at := tokenAt(err.Position(), toks)
	msg := "syntax error: unexpected " + describeToken(toks[at])
	expected := "declaration (func, extern or var)"
	if m[1] != "" {
		expected = firstExpected(m[1])
	}
	if expected == "name" && expectsType(toks[:at]) {
		expected = "type"
	}
	return msg + ", expected " + expected
}

// tokenAt is the index of the token at pos (the last one, EOF, if none).
func tokenAt(pos lexer.Position, toks []lexer.Token) int {
	for i, t := range toks {
		if t.Pos.Offset >= pos.Offset {
			return i
		}
	}
	return len(toks) - 1
}

// describeToken quotes a token, shortened.
func describeToken(t lexer.Token) string {
	if t.EOF() {
		return "end of file"
	}
	return fmt.Sprintf("%q", shorten(t.Value))
}

// expectsType tells, from the tokens before the error, whether the name
// participle expects is a type's: after `:`, `new(`, or a `[]` or `*`
// prefix of one.
func expectsType(before []lexer.Token) bool {
	for i := len(before) - 1; i >= 0; i-- {
		switch before[i].Value {
		case "]", "[", "*":
			continue
		case ":":
			return true
		case "(":
			return i > 0 && before[i-1].Value == "new"
		}
		return false
	}
	return false
}

// firstExpected takes, from a grammar fragment such as `")" TypeNode?
// BlockNode`, the elements that may come first: optional ones and the first
// required one.
func firstExpected(fragment string) string {
	var alts []string
	for _, el := range splitTopLevel(fragment, ' ') {
		optional := strings.HasSuffix(el, "?") || strings.HasSuffix(el, "*")
		el = strings.TrimRight(el, "?*+")
		alts = append(alts, describeElement(el))
		if !optional {
			break
		}
	}
	return strings.Join(alts, " or ")
}

// describeElement names one grammar element: a literal, a token type, a
// node, a group (its first elements) or an alternation.
func describeElement(el string) string {
	if parts := splitTopLevel(el, '|'); len(parts) > 1 {
		var names []string
		for _, p := range parts {
			names = append(names, describeElement(strings.TrimSpace(p)))
		}
		return strings.Join(names, " or ")
	}
	switch {
	case strings.HasPrefix(el, "(") && strings.HasSuffix(el, ")"):
		inner := strings.TrimSpace(el[1 : len(el)-1])
		if slices.Contains(splitTopLevel(inner, '|'), "<literal>") {
			return "expression" // the alternatives that begin an operand
		}
		return firstExpected(inner)
	case el == `"}"`: // only a block ends with it, after its statements
		return `statement or "}"`
	case strings.HasPrefix(el, `"`):
		return el
	case el == "<ident>":
		return "name"
	case strings.HasPrefix(el, "<"):
		return strings.Trim(el, "<>")
	}
	if w, ok := grammarWords[el]; ok {
		return w
	}
	return "expression"
}

// splitTopLevel splits s at sep outside parentheses and quotes.
func splitTopLevel(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	inQuote := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			inQuote = !inQuote
		case inQuote:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == sep && depth == 0:
			if p := strings.TrimSpace(s[start:i]); p != "" {
				parts = append(parts, p)
			}
			start = i + 1
		}
	}
	if p := strings.TrimSpace(s[start:]); p != "" {
		parts = append(parts, p)
	}
	return parts
}

var grammarWordRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b[A-Z][A-Za-z]*(?:Node|Rest)\b`)
})

// nameGrammarWords is the fallback for messages of another shape.
func nameGrammarWords(msg string) string {
	return grammarWordRE().ReplaceAllStringFunc(msg, func(w string) string {
		if n, ok := grammarWords[w]; ok {
			return n
		}
		return "expression"
	})
}
