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
//
// Chains that the grammar parses by repetition (operators, else-if) cannot
// overflow the parser, but each operand costs participle kilobytes of
// garbage: an expression of more than maxExprDepth operators is rejected by
// the same scan, before parsing, and the depth of the tree built from what
// remains is bounded by maxExprDepth when it is built (convert.go), so that
// the recursive passes after it stay within a sane stack.
const (
	maxNesting   = 1000
	maxExprDepth = 10000
)

// isOperator reports whether a token is an operator inside an expression.
var isOperator = map[string]bool{
	"+": true, "-": true, "*": true, "/": true, "%": true, "&": true, "|": true, "^": true,
	"<<": true, ">>": true, "&&": true, "||": true, "!": true,
	"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true,
}

// checkNesting returns a diagnostic at the first bracket that opens level
// maxNesting+1, or at the first operator beyond maxExprDepth in one
// expression (between brackets and separators).
func checkNesting(file string, toks []lexer.Token, lines *lineIndex) *diag.Diagnostic {
	operators := []int{0} // per open bracket: operators since the last separator
	for _, t := range toks {
		top := len(operators) - 1
		switch v := t.Value; {
		case v == "(" || v == "[" || v == "{": // literals keep their quotes, so only brackets match
			operators = append(operators, 0)
		case v == ")" || v == "]" || v == "}":
			if top > 0 {
				operators = operators[:top]
			}
		case v == ";" || v == ",":
			operators[top] = 0
		case isOperator[v]:
			operators[top]++
			if operators[top] > maxExprDepth {
				return &diag.Diagnostic{File: file, Pos: lines.at(t.Pos),
					Msg: fmt.Sprintf("expression too long (more than %d operators)", maxExprDepth)}
			}
		}
		if len(operators) > maxNesting+1 {
			return &diag.Diagnostic{File: file, Pos: lines.at(t.Pos),
				Msg: fmt.Sprintf("brackets nested too deeply (more than %d levels)", maxNesting)}
		}
	}
	return nil
}
