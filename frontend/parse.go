package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// parse runs the lexer, the nesting cap and the participle parser, and
// returns the parse tree or the first error as a diagnostic.
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
