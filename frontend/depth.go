package frontend

import (
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Participle parses nested constructs by recursion and has no depth limit:
// about 300,000 nested parentheses overflow the Go stack, which is fatal
// (upstream issue #480). So the token stream is scanned before parsing and
// nesting deeper than maxNesting brackets of any kind ( [ { is rejected.
// Chains that the grammar parses by repetition (unary operators, else-if,
// binary operators) cannot overflow the parser; their depth in the AST is
// bounded separately by maxExprDepth when the tree is built.
const (
	maxNesting   = 1000
	maxExprDepth = 10000
)

// checkNesting returns a diagnostic at the first bracket that opens level
// maxNesting+1.
func checkNesting(file string, toks []lexer.Token, lines *lineIndex) *diag.Diagnostic {
	depth := 0
	for _, t := range toks {
		switch t.Value {
		case "(", "[", "{": // literals keep their quotes, so only brackets match
			depth++
		case ")", "]", "}":
			if depth > 0 {
				depth--
			}
		}
		if depth > maxNesting {
			return &diag.Diagnostic{File: file, Pos: lines.at(t.Pos),
				Msg: fmt.Sprintf("brackets nested too deeply (more than %d levels)", maxNesting)}
		}
	}
	return nil
}
