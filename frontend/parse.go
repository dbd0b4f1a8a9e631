package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Parsing in three steps, each of which may stop with the first error as a
// diagnostic: lexing everything (lexer.go), the cheap scan that keeps
// participle's recursion and allocation bounded (depth.go), and the
// participle parse proper, whose errors syntaxerr.go rephrases. The first
// two run together as participle pulls the tokens into its own array, so
// that the tokens are stored once; a lexical error anywhere still takes
// precedence over nesting too deep.

// parse returns the parse tree of src and its tokens, or the diagnostic of
// its first error.
func parse(file string, src []byte, lines *lineIndex) (*fileNode, []lexer.Token, *diag.Diagnostic) {
	feed := &tokenFeed{scanner: newScanner(file, src), nesting: newNestingCheck(file, lines)}
	peek, err := lexer.Upgrade(feed)
	if err != nil {
		return nil, nil, lexDiagnostic(file, src, feed.scanner.failed, lines)
	}
	if feed.tooDeep != nil {
		return nil, nil, feed.tooDeep
	}
	toks := peek.Range(0, lexer.RawCursor(feed.count))
	tree, err := parser.ParseFromLexer(peek)
	if err == nil {
		return tree, toks, nil
	}
	pos := lines.pos(len(src))
	msg := err.Error()
	if perr, ok := err.(participle.Error); ok {
		pos = lines.at(perr.Position())
		msg = syntaxMessage(perr, toks)
	}
	return nil, nil, &diag.Diagnostic{File: file, Pos: pos, Msg: msg}
}

// tokenFeed hands the scanner's tokens to participle, counting them and
// watching their nesting on the way.
type tokenFeed struct {
	scanner *scanner
	nesting *nestingCheck
	tooDeep *diag.Diagnostic // the first nesting violation
	count   int
}

func (f *tokenFeed) Next() (lexer.Token, error) {
	tok, err := f.scanner.Next()
	if err != nil {
		return tok, err
	}
	f.count++
	if f.tooDeep == nil {
		f.tooDeep = f.nesting.visit(tok)
	}
	return tok, nil
}
