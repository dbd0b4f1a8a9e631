package explorer

import (
	"strings"

	"toyc/middle"
	"toyc/middle/diag"
)

// errorMarks places each verifier error of an invalid input: its function
// and block, from the message's "in function F, block %B:" prefix, and its
// line in the input, which the input stage's lines carry as their source
// line (a .ll file's instructions are positioned in it), so the viewer
// marks the instruction and the block the error concerns.
func errorMarks(m *middle.Module, diags diag.List) []ErrorMark {
	var marks []ErrorMark
	for _, d := range diags {
		mark := ErrorMark{Line: d.Pos.Line, Message: d.Msg}
		rest, ok := strings.CutPrefix(d.Msg, "in function ")
		if ok {
			head, _, _ := strings.Cut(rest, ": ")
			fn, block, hasBlock := strings.Cut(head, ", block %")
			mark.Func = unquote(fn)
			if hasBlock {
				mark.Block = unquote(block)
			}
		}
		if f := m.Func(mark.Func); f != nil && mark.Line > 0 {
			for _, b := range f.Blocks {
				for _, v := range b.Instrs {
					if v.Pos.Line == mark.Line && v.HasResult() {
						mark.Value = "%" + v.Name
					}
				}
			}
		}
		marks = append(marks, mark)
	}
	return marks
}

// unquote undoes the verifier's quoting of a name that is not a bare
// identifier ("a b" for @"a b").
func unquote(name string) string {
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		return name[1 : len(name)-1]
	}
	return name
}
