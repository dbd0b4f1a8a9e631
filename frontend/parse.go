package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Parsing runs after a first pass over the whole file has found no lexical
// error and no nesting too deep (lexer.go, depth.go). Participle then
// parses the file a chunk of whole declarations at a time, lexed again as
// needed, and each chunk's parse tree is converted to the AST and dropped
// before the next chunk is lexed. Parse trees and tokens are the bulk of
// the frontend's memory: keeping those of a 100,000-line program alive at
// once made the garbage collector's and the allocator's work per line
// several times that of a small program. (Participle also copies every
// token it parses into an array of its own, grown token by token.)
//
// A chunk ends before a declaration's keyword (`func`, `extern` or `var`
// outside any bracket) once it holds chunkTokens tokens. A valid file
// parses the same in chunks as a whole: a declaration ends with a required
// token (`}` or `;`), so its parse never looks past it. When a chunk does
// not parse (or the guess of where declarations begin was wrong), the file
// from that chunk on is parsed again in one piece for the diagnostic. That
// is the one participle gives for the whole file: the declarations before
// parse as before, and every error participle records in them lies before
// any in the rest, so none of them is the one it reports. syntaxerr.go
// rephrases it.
var chunkTokens = 2000 // a variable for tests

// parse hands the parse trees of src, chunk by chunk, to each, with the
// chunk's tokens (which each must not keep), or returns the diagnostic of
// the first syntax error.
func parse(file string, src []byte, lines *lineIndex, each func(*fileNode, []lexer.Token)) *diag.Diagnostic {
	var chunk []lexer.Token
	depth := 0
	for s := newScanner(file, src); ; {
		tok, _ := s.Next() // the first pass found no error
		if tok.EOF() || len(chunk) >= chunkTokens && depth == 0 && beginsDeclaration(tok, chunk[len(chunk)-1]) {
			if len(chunk) > 0 {
				tree, err := parseTokens(chunk, tok.Pos)
				if err != nil {
					return parseRest(file, src, lines, chunk[0].Pos.Offset)
				}
				each(tree, chunk)
				chunk = chunk[:0]
			}
			if tok.EOF() {
				return nil
			}
		}
		switch tok.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		chunk = append(chunk, tok)
	}
}

// beginsDeclaration reports whether tok, after prev, is the keyword a
// declaration begins with.
func beginsDeclaration(tok, prev lexer.Token) bool {
	switch tok.Value {
	case "func":
		return tok.Type == tokKeyword && prev.Value != "extern"
	case "extern", "var":
		return tok.Type == tokKeyword
	}
	return false
}

// parseTokens parses toks, a sequence of declarations followed by a token
// at end.
func parseTokens(toks []lexer.Token, end lexer.Position) (*fileNode, error) {
	peek, err := lexer.Upgrade(&tokenSlice{toks: toks, eof: lexer.EOFToken(end)})
	if err != nil {
		return nil, err
	}
	return parser.ParseFromLexer(peek)
}

// parseRest returns the diagnostic of the first syntax error in src from
// offset from on, parsed in one piece.
func parseRest(file string, src []byte, lines *lineIndex, from int) *diag.Diagnostic {
	var toks []lexer.Token
	for s := newScanner(file, src); ; {
		tok, _ := s.Next()
		if tok.Pos.Offset >= from {
			toks = append(toks, tok)
		}
		if tok.EOF() {
			break
		}
	}
	eof := toks[len(toks)-1]
	_, err := parseTokens(toks[:len(toks)-1], eof.Pos)
	if err == nil {
		// in a valid file, each of those keywords begins a declaration
		panic("a chunk of declarations did not parse, but the rest of the file does")
	}
	pos := lines.at(eof.Pos)
	msg := err.Error()
	if perr, ok := err.(participle.Error); ok {
		pos = lines.at(perr.Position())
		msg = syntaxMessage(perr, toks)
	}
	return &diag.Diagnostic{File: file, Pos: pos, Msg: msg}
}

// tokenSlice replays tokens to participle, then an EOF token.
type tokenSlice struct {
	toks []lexer.Token
	eof  lexer.Token
	next int
}

func (t *tokenSlice) Next() (lexer.Token, error) {
	if t.next == len(t.toks) {
		return t.eof, nil
	}
	t.next++
	return t.toks[t.next-1], nil
}
