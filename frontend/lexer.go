package frontend

import (
	"fmt"
	"io"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// The lexer of docs/reference.md §1, written by hand: a loop over bytes that
// switches on the first byte of each token and takes the longest token
// there (maximal munch), producing participle's tokens. It replaces a
// participle "simple" lexer of regular expressions, which cost a sixth of
// the frontend's time; the token types and the accepted language are the
// same.
//
// Integer, character and string literals are matched generously here (any
// alphanumeric tail, any escape) and validated in literal.go, so that
// `123abc` or `'\q'` get a message about the literal instead of a confusing
// parse error.

// Token types. Keywords are not identifiers. Operators come in three
// classes, so that the grammar can match any operator that may come at a
// place with one token type: assignment operators, binary operators and
// unary operators. `-`, `^`, `*` and `&` are both unary and binary: such a
// token is binary when the token before it ends an operand (a name, a
// literal, `)` or `]`), as it then is in the grammar, and unary otherwise.
// (The grammar matches the `*` of pointer types by its text, whatever its
// class.) The other punctuation is Punct, told apart by its text.
const (
	tokKeyword lexer.TokenType = iota + 1
	tokIdent
	tokLiteral // integer, character and string literals, true and false
	tokUnaryOp
	tokBinaryOp
	tokAssignOp
	tokPunct
)

// toyLexer is participle's lexer.Definition for Toy.
type toyLexer struct{}

var toyTokens = toyLexer{}

func (toyLexer) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Keyword": tokKeyword, "Ident": tokIdent, "Literal": tokLiteral,
		"UnaryOp": tokUnaryOp, "BinaryOp": tokBinaryOp, "AssignOp": tokAssignOp, "Punct": tokPunct,
	}
}

func (toyLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newScanner(filename, sourceText(src)), nil
}

// The classes of words and operators are switches rather than maps: a
// map lookup hashed every identifier and operator of the file, twice per
// compile.

// wordType is the type of a word: a keyword, a literal, or an identifier.
func wordType(text string) lexer.TokenType {
	switch text {
	case "func", "extern", "var", "if", "else", "while", "for", "break", "continue", "return", "new":
		return tokKeyword
	case "true", "false":
		return tokLiteral
	}
	return tokIdent
}

// punctType is the class of an operator or punctuation token, after an
// operand or not: `-`, `^`, `*` and `&` are binary after one, unary
// otherwise.
func punctType(text string, afterOperand bool) lexer.TokenType {
	switch text {
	case "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=":
		return tokAssignOp
	case "||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "|", "/", "%", "<<", ">>":
		return tokBinaryOp
	case "!":
		return tokUnaryOp
	case "-", "^", "*", "&":
		if afterOperand {
			return tokBinaryOp
		}
		return tokUnaryOp
	}
	return tokPunct
}

// scanner produces the tokens of one source, one per Next.
type scanner struct {
	file string
	src  string
	off  int // start of the next token
	// line and column (in runes, as participle counts) at colOff
	line, col, colOff int
	// failed is where no token could be read, or -1
	failed int
	// afterOperand is set when the last token ends an operand
	afterOperand bool
}

// sourceText is src as a string without a copy: the scanners read it, and
// every token's Value is a substring of it, so the names of a program
// (kept as long as its declarations are) keep the whole text alive, and a
// copy would be a second source's worth of memory for a whole compile.
// It requires that src is never written again, which holds for the
// sources the driver reads (it keeps them only to quote lines in
// diagnostics) and the tests'.
func sourceText(src []byte) string { return unsafe.String(unsafe.SliceData(src), len(src)) }

// newScanner reads text, of which each token's Value is a substring:
// tokens, and the names in the syntax trees made of them, keep the whole
// text alive, so a compile makes one text and scans it however often.
func newScanner(file string, text string) *scanner {
	return &scanner{file: file, src: text, line: 1, col: 1, failed: -1}
}

// newScannerAt reads text from offset off, the start of line line.
func newScannerAt(file string, text string, off, line int) *scanner {
	return &scanner{file: file, src: text, off: off, line: line, col: 1, colOff: off, failed: -1}
}

// lexError is the offset where lexing stopped.
type lexError struct {
	pos lexer.Position
}

func (e *lexError) Error() string { return fmt.Sprintf("%s: cannot lex", e.pos) }

func (s *scanner) Next() (lexer.Token, error) {
	s.skipSpace()
	start := s.off
	if start == len(s.src) {
		return lexer.EOFToken(s.position(start)), nil
	}
	typ, end := s.token(start)
	if end == start {
		s.failed = start
		return lexer.Token{}, &lexError{pos: s.position(start)}
	}
	s.off = end
	text := s.src[start:end]
	switch typ {
	case tokIdent:
		typ = wordType(text)
	case tokPunct:
		typ = punctType(text, s.afterOperand)
	}
	s.afterOperand = typ == tokIdent || typ == tokLiteral || text == ")" || text == "]"
	return lexer.Token{Type: typ, Value: text, Pos: s.position(start)}, nil
}

// skipSpace passes whitespace and comments, counting lines.
func (s *scanner) skipSpace() {
	src := s.src
	i := s.off
	for i < len(src) {
		switch src[i] {
		case '\n':
			s.line++
			s.col, s.colOff = 1, i+1
			i++
		case ' ', '\t', '\r':
			i++
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				continue
			}
			s.off = i
			return
		default:
			s.off = i
			return
		}
	}
	s.off = i
}

// position of offset off, which is on the current line at or after colOff.
func (s *scanner) position(off int) lexer.Position {
	s.col += utf8.RuneCountInString(s.src[s.colOff:off])
	s.colOff = off
	return lexer.Position{Filename: s.file, Offset: off, Line: s.line, Column: s.col}
}

// token returns the type and end of the token at start; end == start when
// no token starts there.
func (s *scanner) token(start int) (lexer.TokenType, int) {
	src := s.src
	c := src[start]
	switch {
	case isLetter(c):
		end := start + 1
		for end < len(src) && (isLetter(src[end]) || isDigit(src[end])) {
			end++
		}
		return tokIdent, end
	case isDigit(c):
		end := start + 1
		for end < len(src) && (isLetter(src[end]) || isDigit(src[end])) {
			end++
		}
		return tokLiteral, end
	case c == '\'' || c == '"':
		return tokLiteral, quoted(src, start)
	}
	return tokPunct, start + punctLength(src[start:])
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// quoted returns the end of the quoted literal at start (after its closing
// quote), or start when it is not closed on its line. A backslash escapes
// any character but a newline.
func quoted(src string, start int) int {
	quote := src[start]
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case quote:
			return i + 1
		case '\n':
			return start
		case '\\':
			if i+1 == len(src) || src[i+1] == '\n' {
				return start
			}
			i++
		}
	}
	return start
}

// punctLength is the length of the operator or punctuation at the start of
// rest: the longest of the three-, two- and one-character ones, or 0.
func punctLength(rest string) int {
	if len(rest) >= 3 && (rest[:3] == "<<=" || rest[:3] == ">>=") {
		return 3
	}
	if len(rest) >= 2 {
		switch rest[:2] {
		case "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=":
			return 2
		}
	}
	switch rest[0] {
	case '-', '+', '*', '/', '%', '&', '|', '^', '!', '<', '>', '=', '(', ')', '[', ']', '{', '}', ',', ';', ':':
		return 1
	}
	return 0
}

// scan lexes all of src without keeping the tokens, for the diagnostics
// that take precedence over any syntax error: the first byte that begins no
// token or is not valid UTF-8 (a Toy file is UTF-8 throughout, comments and
// literals included, which the lexer only checks where a token starts),
// else the first nesting too deep (depth.go).
func scan(file string, src []byte, lines *lineIndex) *diag.Diagnostic {
	bad := invalidUTF8(src)
	nesting := newNestingCheck(file, lines)
	var tooDeep *diag.Diagnostic
	for s := newScanner(file, sourceText(src)); ; {
		tok, err := s.Next()
		if err != nil {
			if bad < 0 || s.failed < bad {
				bad = s.failed
			}
			break
		}
		if tok.EOF() {
			break
		}
		if tooDeep == nil {
			tooDeep = nesting.visit(tok)
		}
	}
	if bad >= 0 {
		return lexDiagnostic(file, src, bad, lines)
	}
	return tooDeep
}

// invalidUTF8 returns the offset of the first byte of src that is not part
// of valid UTF-8, or -1.
func invalidUTF8(src []byte) int {
	if utf8.Valid(src) {
		return -1
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

// lexDiagnostic describes the first byte of src[offset:], where lexing
// stopped, phrased for the user.
func lexDiagnostic(file string, src []byte, offset int, lines *lineIndex) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Pos: lines.pos(offset), Msg: badCharacter(src[offset:])}
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

// lineIndex finds the line and column of a source offset (diag.Lines).
// Participle counts columns in runes; diagnostics count bytes (as gcc and
// Go do), so positions are recomputed from offsets.
type lineIndex struct{ *diag.Lines }

func newLineIndex(src []byte) *lineIndex { return &lineIndex{diag.NewLines(src)} }

func (x *lineIndex) pos(offset int) diag.Pos { return x.Pos(offset) }

// at converts a participle position.
func (x *lineIndex) at(p lexer.Position) diag.Pos { return x.PosOnLine(p.Offset, p.Line) }
