// Package frontend reads Toy source (docs/reference.md): it parses with a
// participle grammar, through a recursive-descent fast path that builds
// the same trees (descent.go) (and, in a file with syntax errors, reports them all
// with a recognizer that recovers from each, recover.go), converts the
// parse tree to an AST, resolves names, checks types (with context-typed
// integer literals, and "did you mean" and fix-it hints in its errors),
// definite assignment and missing returns, and lowers the checked AST to
// the middle's IR with stack slots for variables (the LLVM "Mutable
// Variables" scheme) and explicit runtime checks.
package frontend

import (
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Check parses and checks one source file. It returns the checked,
// type-annotated program, or nil with every diagnostic found, sorted by
// position: every syntax error, and the errors the checker finds in the
// declarations without one (a lexical error or nesting too deep is
// reported alone). An empty file is a valid library without declarations.
func Check(file string, src []byte) (*Program, diag.List) {
	prog, diags := check(file, src)
	if len(diags) > 0 {
		return nil, diags
	}
	return prog, nil
}

// check is Check, but returns the program even when it has errors (its
// functions without one are checked, for their warnings), or nil when it
// could not be read at all.
func check(file string, src []byte) (*Program, diag.List) {
	lines := newLineIndex(src)
	if d := scan(file, src, lines); d != nil {
		return nil, diag.List{*d}
	}
	conv := &converter{file: file, lines: lines}
	decls := &convertedDecls{}
	syntax, fatal := parse(file, sourceText(src), lines, nil, func(tree *fileNode, toks []lexer.Token) {
		conv.toks = toks
		conv.decls(tree, decls)
	}, decls.addStub)
	if fatal {
		return nil, syntax
	}
	if conv.tooDeep {
		diags := append(syntax, conv.diags...)
		diags.Sort()
		return nil, diags
	}
	c := newChecker(file)
	c.diags = append(syntax, conv.diags...)
	prog := c.program(decls)
	c.diags.Sort()
	return prog, c.diags
}
