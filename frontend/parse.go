package frontend

import (
	"unicode/utf8"

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

// parse returns the parse tree of src and its tokens, or the diagnostic of
// its first error.
func parse(file string, src []byte, lines *lineIndex) (*fileNode, []lexer.Token, *diag.Diagnostic) {
	// A Toy file is UTF-8 throughout, comments and literals included,
	// which the lexer only checks where a token starts; whichever problem
	// comes first is reported.
	bad := invalidUTF8(src)
	feed := &tokenFeed{scanner: newScanner(file, src), nesting: newNestingCheck(file, lines)}
	peek, err := lexer.Upgrade(feed)
	if err != nil {
		if failed := feed.scanner.failed; bad < 0 || failed < bad {
			bad = failed
		}
	}
	if bad >= 0 {
		return nil, nil, lexDiagnostic(file, src, bad, lines)
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
