package middle

import "testing"

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
	if f.IsDecl() || len(f.Params) != 1 || f.Result != I64 {
		t.Errorf("the released function lost its definition or signature: decl %v, %d params, result %v", f.IsDecl(), len(f.Params), f.Result)
	}
}
