package frontend

import "toyc/middle"

// The runtime's symbols as the lowering calls them (runtime/ABI.md), each
// declared in the module on its first use: a body's uses through the
// function (middle.Func.DeclareFunc), which declares them when the body
// is committed, as bodies may be lowered concurrently (middle/lazy.go).
// Toy programs cannot define or declare these names (names.go), so they
// never clash with the program's own functions.

type runtimeSignature struct {
	params []middle.Type
	result middle.Type
}

var runtimeFuncs = map[string]runtimeSignature{
	"toy_print_i64":   {[]middle.Type{middle.I64}, middle.Void},
	"toy_print_bool":  {[]middle.Type{middle.I1}, middle.Void},
	"toy_print_str":   {[]middle.Type{middle.Ptr}, middle.Void},
	"toy_print_bytes": {[]middle.Type{middle.Ptr, middle.I64}, middle.Void},
	"toy_new_array":   {[]middle.Type{middle.I64, middle.I64, middle.Ptr, middle.I32, middle.I32}, middle.Ptr},
	"toy_argc":        {nil, middle.I64},
	"toy_argi":        {[]middle.Type{middle.I64, middle.Ptr, middle.I32, middle.I32}, middle.I64},
	"toy_index_error": {[]middle.Type{middle.Ptr, middle.I32, middle.I32, middle.I64, middle.I64}, middle.Void},
	"toy_div_error":   {[]middle.Type{middle.Ptr, middle.I32, middle.I32}, middle.Void},
}

// callRuntime declares the runtime function name if needed and calls it.
func (l *lowerer) callRuntime(name string, args ...*middle.Value) *middle.Value {
	sig := runtimeFuncs[name]
	l.f.DeclareFunc(name, sig.result, sig.params)
	callName := ""
	if sig.result != middle.Void {
		callName = "call"
	}
	return l.b.Call(name, sig.result, args, callName)
}

// runtimeData declares the runtime's data symbol name if needed and returns
// it: in the module for a global's initializer, else for the body being
// lowered.
func (l *lowerer) runtimeData(name string) string {
	switch {
	case l.f != nil:
		l.f.DeclareData(name)
	case l.m.Global(name) == nil:
		l.m.AddGlobal(&middle.Global{Name: name, External: true})
	}
	return name
}

// position passes a source position to the runtime: the file name constant,
// the line and the column.
func (l *lowerer) position() []*middle.Value {
	return []*middle.Value{
		l.f.GlobalAddr(l.fileName),
		l.f.Const(middle.I32, int64(l.b.Pos.Line)),
		l.f.Const(middle.I32, int64(l.b.Pos.Col)),
	}
}
