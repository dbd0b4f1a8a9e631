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

// nestingCheck follows a file's tokens in order; operators holds, per open
// bracket, the operators since the last separator. The separators are those
// that end an expression: `;` and `,`, and `{` and `}`, which end a
// condition and a statement (so that a block of 50,000 ifs, each condition
// with an operator, is no expression of 50,000 operators).
type nestingCheck struct {
	file      string
	lines     *lineIndex
	operators []int
}

func newNestingCheck(file string, lines *lineIndex) *nestingCheck {
	return &nestingCheck{file: file, lines: lines, operators: []int{0}}
}

// visit returns a diagnostic at the first bracket that opens level
// maxNesting+1, or at the first operator beyond maxExprDepth in one
// expression (between brackets and separators).
func (n *nestingCheck) visit(t lexer.Token) *diag.Diagnostic {
	top := len(n.operators) - 1
	switch t.Type {
	case tokPunct:
		switch t.Value {
		case "(", "[":
			n.operators = append(n.operators, 0)
		case "{":
			n.operators[top] = 0
			n.operators = append(n.operators, 0)
		case ")", "]":
			if top > 0 {
				n.operators = n.operators[:top]
			}
		case "}":
			if top > 0 {
				n.operators = n.operators[:top]
			}
			n.operators[len(n.operators)-1] = 0
		case ";", ",":
			n.operators[top] = 0
		}
	case tokUnaryOp, tokBinaryOp:
		n.operators[top]++
		if n.operators[top] > maxExprDepth {
			return &diag.Diagnostic{File: n.file, Pos: n.lines.at(t.Pos),
				Msg: fmt.Sprintf("expression too long (more than %d operators)", maxExprDepth)}
		}
	}
	if len(n.operators) > maxNesting+1 {
		return &diag.Diagnostic{File: n.file, Pos: n.lines.at(t.Pos),
			Msg: fmt.Sprintf("brackets nested too deeply (more than %d levels)", maxNesting)}
	}
	return nil
}
