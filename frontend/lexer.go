package frontend

import (
	"fmt"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// The lexer of LANGUAGE.md §1, a participle "simple" lexer: regular
// expressions tried in order, the first that matches wins. Rules named in
// lower case (whitespace, comments) are dropped by participle.
//
// Integer, character and string literals are matched generously here (any
// alphanumeric tail, any escape) and validated in literal.go, so that
// `123abc` or `'\q'` get a message about the literal instead of a confusing
// parse error.
var tokenRules = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "comment", Pattern: `//[^\n]*`},
	{Name: "whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Keyword", Pattern: `(?:func|extern|var|if|else|while|for|break|continue|return|true|false|new)\b`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Int", Pattern: `[0-9][0-9A-Za-z_]*`},
	{Name: "Char", Pattern: `'(?:\\.|[^'\\\n])*'`},
	{Name: "String", Pattern: `"(?:\\.|[^"\\\n])*"`},
	{Name: "Punct", Pattern: `<<=|>>=|&&|\|\||==|!=|<=|>=|<<|>>|\+=|-=|\*=|/=|%=|&=|\|=|\^=|[-+*/%&|^!<>=()\[\]{},;:]`},
})

// lex splits src into tokens. On failure it returns the diagnostic for the
// first byte no rule matches, phrased for the user instead of participle's
// quote of the rest of the input.
func lex(file string, src []byte, lines *lineIndex) ([]lexer.Token, *diag.Diagnostic) {
	l, err := tokenRules.LexString(file, string(src))
	if err == nil {
		var toks []lexer.Token
		toks, err = lexer.ConsumeAll(l)
		if err == nil {
			return toks, nil
		}
	}
	offset := len(src)
	if lerr, ok := err.(interface{ Position() lexer.Position }); ok {
		offset = lerr.Position().Offset
	}
	return nil, &diag.Diagnostic{File: file, Pos: lines.pos(offset), Msg: badCharacter(src[offset:])}
}

// badCharacter describes the first byte of rest, where lexing stopped.
func badCharacter(rest []byte) string {
	if len(rest) == 0 {
		return "unexpected end of file"
	}
	switch c := rest[0]; {
	case c == '"':
		return "string literal not terminated"
	case c == '\'':
		return "character literal not terminated"
	case c >= 0x20 && c < 0x7f:
		return fmt.Sprintf("unexpected character '%c'", c)
	case c < utf8.RuneSelf:
		return fmt.Sprintf("unexpected character %U", rune(c))
	}
	r, size := utf8.DecodeRune(rest)
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("invalid UTF-8 byte 0x%02x", rest[0])
	}
	return fmt.Sprintf("unexpected character %U '%c'", r, r)
}

// lineIndex turns byte offsets into diag positions. Participle counts
// columns in runes; diagnostics count bytes (as gcc and Go do), so positions
// are recomputed from offsets.
type lineIndex struct {
	starts []int // byte offset of the start of each line
}

func newLineIndex(src []byte) *lineIndex {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{starts: starts}
}

func (x *lineIndex) pos(offset int) diag.Pos {
	lo, hi := 0, len(x.starts)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if x.starts[mid] <= offset {
			lo = mid
		} else {
			hi = mid
		}
	}
	return diag.Pos{Line: lo + 1, Col: offset - x.starts[lo] + 1}
}

// at converts a participle position.
func (x *lineIndex) at(p lexer.Position) diag.Pos { return x.pos(p.Offset) }
