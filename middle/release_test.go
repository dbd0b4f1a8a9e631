package middle

import (
	"strings"
	"testing"
	"unsafe"
)

// A released function keeps its signature and no more: the facts of its
// body, which the summary and the passes have read by then, go with the
// body, or a streamed compile would hold every function's facts until its
// end.
func TestReleaseDropsFacts(t *testing.T) {
	m := mustParse(t, "release.ll", "define i64 @f(i64 %n) {\nentry:\n  ret i64 %n\n}\n")
	f := m.Func("f")
	f.DeclareFacts(&BodyFacts{Calls: []string{"f"}})
	if f.Facts() == nil {
		t.Fatal("the facts were not declared")
	}
	f.Release()
	if f.Facts() != nil {
		t.Error("a released function still holds its body's facts")
	}
	if f.IsDecl() || f.NumParams() != 1 || f.Result != I64 {
		t.Errorf("the released function lost its definition or signature: decl %v, %d params, result %v", f.IsDecl(), f.NumParams(), f.Result)
	}
}

// A released function's parameters go with its body; calls of it are
// still checked against its signature.
func TestReleaseKeepsSignature(t *testing.T) {
	m := mustParse(t, "release.ll", `define i64 @f(i64 %n, i32 %k) {
entry:
  ret i64 %n
}

define i64 @g() {
entry:
  %r = call i64 @f(i64 1, i32 2)
  ret i64 %r
}
`)
	f := m.Func("f")
	f.Release()
	if f.Params != nil {
		t.Error("a released function still holds its parameters' values")
	}
	if f.NumParams() != 2 || f.ParamType(0) != I64 || f.ParamType(1) != I32 {
		t.Fatalf("the released function's signature is lost: %d parameters", f.NumParams())
	}
	g := m.Func("g")
	if err := Verify(g); err != nil {
		t.Fatalf("a call of a released function is refused: %v", err)
	}
	call := g.Blocks[0].Instrs[0]
	call.Args[1] = g.Const(I64, 2)
	err := Verify(g)
	if err == nil || !strings.Contains(err.Error(), "argument 2 of @f must be i32") {
		t.Errorf("the call's argument of the wrong type was not reported: %v", err)
	}
}

// A Func outlives its body (every function of a streamed program keeps
// its own to the compile's end), so what only the body needs is kept
// apart (the slab) and a Func stays in the 256-byte size class.
func TestFuncIsSmall(t *testing.T) {
	if n := unsafe.Sizeof(Func{}); n > 256 {
		t.Errorf("a Func takes %d bytes; want at most 256", n)
	}
	f := &Func{}
	f.NewBlock("entry")
	f.Release()
	if f.slab != nil {
		t.Error("Release kept the body's slab")
	}
}
