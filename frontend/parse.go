package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Parsing in three steps, each of which may stop with the first error as a
// diagnostic: lexing everything (lexer.go), the cheap scan that keeps
// participle's recursion and allocation bounded (depth.go), and the
// participle parse proper, whose errors syntaxerr.go rephrases.

// parse returns the parse tree of src, or the diagnostic of its first error.
func parse(file string, src []byte, lines *lineIndex) (*fileNode, *diag.Diagnostic) {
	toks, d := lex(file, src, lines)
	if d != nil {
		return nil, d
	}
	if d := checkNesting(file, toks, lines); d != nil {
		return nil, d
	}
	peek, err := lexer.Upgrade(&tokenSlice{toks: toks})
	if err == nil {
		var tree *fileNode
		tree, err = parser.ParseFromLexer(peek)
		if err == nil {
			return tree, nil
		}
	}
	pos := lines.pos(len(src))
	msg := err.Error()
	if perr, ok := err.(participle.Error); ok {
		pos = lines.at(perr.Position())
		msg = syntaxMessage(perr, toks)
	}
	return nil, &diag.Diagnostic{File: file, Pos: pos, Msg: msg}
}

// tokenSlice replays already lexed tokens to participle, which lexes
// everything up front anyway; lexing first lets the nesting cap run before
// the recursive parser.
type tokenSlice struct {
	toks []lexer.Token
	next int
}

func (t *tokenSlice) Next() (lexer.Token, error) {
	tok := t.toks[t.next]
	if t.next < len(t.toks)-1 {
		t.next++
	}
	return tok, nil
}
