package backend

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"toyc/middle"
	"toyc/middle/diag"
)

// TestAppendHexByte checks the expression writer's hexadecimal bytes
// against strconv's, for every byte.
func TestAppendHexByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		got := string(appendHexByte([]byte("x"), byte(c)))
		want := "x" + strconv.FormatUint(uint64(c), 16)
		if got != want {
			t.Errorf("appendHexByte(%d) = %q, want %q", c, got, want)
		}
	}
}

// TestProtoRoundTrip reads back what encodeProto writes: the function's
// line and result, and its own variables in order (not those of its
// inlined calls), with names and types of any length.
func TestProtoRoundTrip(t *testing.T) {
	long := strings.Repeat("x", 300)
	f := &middle.Func{Name: "f", Decl: diag.Pos{Line: 1234, Col: 1}}
	f.Debug = &middle.FuncDebug{Result: "[]*int", Vars: []*middle.DebugVar{
		{Name: "a", Type: "int", Decl: diag.Pos{Line: 1234, Col: 8}, Param: true},
		{Name: "inlined", Type: "bool", Decl: diag.Pos{Line: 3, Col: 2}, Site: 1},
		{Name: long, Type: "[]" + long, Decl: diag.Pos{Line: 70000, Col: 5}},
		{Name: "", Type: "i32"},
	}}
	want := proto{line: 1234, result: "[]*int", vars: []protoVar{
		{"a", "int", 1234, true}, {long, "[]" + long, 70000, false}, {"", "i32", 0, false}}}
	if got := decodeProto(encodeProto(f)); !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v, want %+v", got, want)
	}
	f.Debug.Vars, f.Debug.Result = nil, ""
	if got := decodeProto(encodeProto(f)); !reflect.DeepEqual(got, proto{line: 1234}) {
		t.Errorf("decoded %+v, want no result and no variables", got)
	}
}
