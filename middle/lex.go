package middle

import (
	"strconv"

	"toyc/middle/diag"
)

// The lexer splits LLVM IR text into tokens the way LLVM's own LLLexer
// (llvm/lib/AsmParser/LLLexer.cpp) does, for the part of the language toyc
// reads: words (keywords and types), integers, strings, labels, local and
// global names, attribute group references and punctuation. It knows nothing
// of the grammar; ParseModule does.

type tokKind uint8

const (
	tokEOF       tokKind = iota
	tokError             // text is the message
	tokWord              // a keyword or type: define, i64, nsw, x, true
	tokInt               // -?[0-9]+, text as written
	tokString            // "...", text unescaped
	tokLabel             // name: or "name":, text is the name
	tokLabelID           // 12:, text is the number
	tokLocal             // %name or %"name", text is the name
	tokLocalID           // %12, text is the number
	tokGlobal            // @name or @"name"
	tokGlobalID          // @12
	tokAttrGroup         // #12
	tokPunct             // one of = , ( ) [ ] { } * ! and text is it
)

type token struct {
	kind tokKind
	text string
	pos  diag.Pos
}

// describe names the token for "expected X, found Y" messages.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of file"
	case tokString:
		return "string " + strconv.Quote(t.text)
	case tokLabel:
		return "label '" + quoteName(t.text) + ":'"
	case tokLabelID:
		return "label '" + t.text + ":'"
	case tokLocal:
		return "'%" + quoteName(t.text) + "'"
	case tokLocalID:
		return "'%" + t.text + "'"
	case tokGlobal:
		return "'@" + quoteName(t.text) + "'"
	case tokGlobalID:
		return "'@" + t.text + "'"
	case tokAttrGroup:
		return "'#" + t.text + "'"
	}
	return "'" + t.text + "'"
}

// quoteName spells a local or global name as the printer does.
func quoteName(name string) string {
	var p printer
	p.ident(name)
	return string(p.buf)
}

type lexer struct {
	src       []byte
	off       int
	line      int
	lineStart int
}

func newLexer(src []byte) *lexer { return &lexer{src: src, line: 1} }

func (l *lexer) pos(off int) diag.Pos {
	return diag.Pos{Line: l.line, Col: off - l.lineStart + 1}
}

// isNameChar reports whether c may appear in a bare LLVM name or label:
// [-a-zA-Z$._0-9].
func isNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '$' || c == '.' || c == '_'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (l *lexer) next() token {
	l.skipSpaceAndComments()
	start := l.off
	pos := l.pos(start)
	if l.off >= len(l.src) {
		return token{kind: tokEOF, pos: pos}
	}
	c := l.src[l.off]
	switch c {
	case '=', ',', '(', ')', '[', ']', '{', '}', '*', '!':
		l.off++
		return token{kind: tokPunct, text: string(c), pos: pos}
	case '"':
		s, ok := l.quoted()
		if !ok {
			return token{kind: tokError, text: "unterminated string", pos: pos}
		}
		if l.off < len(l.src) && l.src[l.off] == ':' {
			l.off++
			return l.name(tokLabel, s, pos)
		}
		return token{kind: tokString, text: s, pos: pos}
	case '%', '@':
		return l.sigilName(c, pos)
	case '#':
		l.off++
		digits := l.run(isDigit)
		if digits == "" {
			return token{kind: tokError, text: "expected attribute group number after '#'", pos: pos}
		}
		return token{kind: tokAttrGroup, text: digits, pos: pos}
	}
	if !isNameChar(c) {
		l.off++
		return token{kind: tokError, text: "unexpected character " + strconv.QuoteRune(rune(c)), pos: pos}
	}
	word := l.run(isNameChar)
	if l.off < len(l.src) && l.src[l.off] == ':' {
		l.off++
		if isInteger(word) && word[0] != '-' {
			return token{kind: tokLabelID, text: word, pos: pos}
		}
		return token{kind: tokLabel, text: word, pos: pos}
	}
	if isInteger(word) {
		return token{kind: tokInt, text: word, pos: pos}
	}
	return token{kind: tokWord, text: word, pos: pos}
}

func isInteger(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// sigilName lexes %name, %"name", %12 and the same with @.
func (l *lexer) sigilName(sigil byte, pos diag.Pos) token {
	l.off++
	named, numbered := tokLocal, tokLocalID
	if sigil == '@' {
		named, numbered = tokGlobal, tokGlobalID
	}
	if l.off < len(l.src) {
		switch c := l.src[l.off]; {
		case c == '"':
			s, ok := l.quoted()
			if !ok {
				return token{kind: tokError, text: "unterminated name", pos: pos}
			}
			return l.name(named, s, pos)
		case isDigit(c):
			return token{kind: numbered, text: l.run(isDigit), pos: pos}
		case isNameChar(c):
			return token{kind: named, text: l.run(isNameChar), pos: pos}
		}
	}
	return token{kind: tokError, text: "expected a name after '" + string(sigil) + "'", pos: pos}
}

// name checks a quoted name as LLVM does: it must not be empty or hold NUL.
func (l *lexer) name(kind tokKind, s string, pos diag.Pos) token {
	if s == "" {
		return token{kind: tokError, text: "empty name", pos: pos}
	}
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return token{kind: tokError, text: "NUL bytes are not allowed in names", pos: pos}
		}
	}
	return token{kind: kind, text: s, pos: pos}
}

func (l *lexer) run(ok func(byte) bool) string {
	start := l.off
	for l.off < len(l.src) && ok(l.src[l.off]) {
		l.off++
	}
	return string(l.src[start:l.off])
}

// quoted reads "..." starting at the opening quote and unescapes it as
// LLVM's UnEscapeLexed does: \\ is a backslash, \XX a hex byte, any other
// backslash stays. Strings may span lines.
func (l *lexer) quoted() (string, bool) {
	l.off++
	var out []byte
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == '"':
			l.off++
			return string(out), true
		case c == '\n':
			l.off++
			l.line++
			l.lineStart = l.off
		case c == '\\' && l.off+1 < len(l.src) && l.src[l.off+1] == '\\':
			l.off += 2
		case c == '\\' && l.off+2 < len(l.src) && isHex(l.src[l.off+1]) && isHex(l.src[l.off+2]):
			c = hexVal(l.src[l.off+1])<<4 | hexVal(l.src[l.off+2])
			l.off += 3
		default:
			l.off++
		}
		out = append(out, c)
	}
	return "", false
}

func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

func (l *lexer) skipSpaceAndComments() {
	for l.off < len(l.src) {
		switch l.src[l.off] {
		case '\n':
			l.off++
			l.line++
			l.lineStart = l.off
		case ' ', '\t', '\r':
			l.off++
		case ';':
			for l.off < len(l.src) && l.src[l.off] != '\n' {
				l.off++
			}
		default:
			return
		}
	}
}
