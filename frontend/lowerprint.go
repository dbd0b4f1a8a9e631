package frontend

import (
	"strings"

	"toyc/middle"
)

// print (docs/reference.md §11, runtime/ABI.md): all arguments are evaluated first,
// left to right; then the text between values (string literals, the
// separating spaces and the final newline) is merged into as few string
// constants as possible, and each value is printed by the runtime: int and
// i32 (sign-extended) by toy_print_i64, bool by toy_print_bool.

func (l *lowerer) print(e *Call) {
	values := make([]*middle.Value, len(e.Args))
	for i, a := range e.Args {
		if _, ok := a.(*StringLit); !ok {
			values[i] = l.expr(a)
		}
	}
	l.at(e.Pos)
	var text strings.Builder
	for i, a := range e.Args {
		if i > 0 {
			text.WriteByte(' ')
		}
		if s, ok := a.(*StringLit); ok {
			text.WriteString(s.Value)
			continue
		}
		l.printText(&text)
		v := values[i]
		switch v.Type {
		case middle.I1:
			l.callRuntime("toy_print_bool", v)
		case middle.I32:
			l.callRuntime("toy_print_i64", l.b.Cast(middle.OpSExt, v, middle.I64, "conv"))
		default:
			l.callRuntime("toy_print_i64", v)
		}
	}
	text.WriteByte('\n')
	l.printText(&text)
}

// printText prints and empties the pending text. Text with a NUL byte
// (from a \0 escape) cannot go through toy_print_str, which stops at the
// first NUL: toy_print_bytes takes its length.
func (l *lowerer) printText(text *strings.Builder) {
	if text.Len() == 0 {
		return
	}
	s := text.String()
	addr := l.f.StringConstant(s)
	if strings.IndexByte(s, 0) >= 0 {
		l.callRuntime("toy_print_bytes", addr, l.f.Const(middle.I64, int64(len(s))))
	} else {
		l.callRuntime("toy_print_str", addr)
	}
	text.Reset()
}
