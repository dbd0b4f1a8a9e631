package frontend

import (
	"strings"
	"testing"
	"time"

	"toyc/middle/diag"
)

// FuzzWarnings: the warnings never panic or loop, each has a position
// inside a function that has no error, a flag the driver knows and the
// warning severity; a program without errors gets the same warnings
// whatever the other functions hold (they are per function).
func FuzzWarnings(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("func f(a: int) int { var x = a; x = 2; while x > 0 { x -= 1; if x == 3 { break; continue; } } return 0; print(x); }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		done := make(chan diag.List, 1)
		var prog *Program
		var errs diag.List
		go func() {
			prog, errs = check("fuzz.toy", src)
			if prog == nil {
				done <- nil
				return
			}
			done <- Warnings(prog, errs)
		}()
		var warns diag.List
		select {
		case warns = <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("the warnings have not returned after 20 s")
		}
		known := map[string]bool{}
		for _, k := range WarningKinds {
			known[k.Name] = true
		}
		for _, w := range warns {
			if w.Severity != diag.Warning || !known[w.Flag] || !w.Pos.IsValid() {
				t.Fatalf("bad warning %+v", w)
			}
			var in *Func
			for _, fn := range prog.Funcs {
				if fn.Body != nil && !before(w.Pos, fn.Pos) && !before(fn.Body.End, w.Pos) {
					in = fn
				}
			}
			if in == nil {
				t.Fatalf("warning outside every function: %v", w)
			}
			if hasErrorIn(errs, in) {
				t.Fatalf("warning %v in func %s, which has an error", w, in.Name)
			}
		}
	})
}

// TestWarningsIgnoreErroneousFunctions: a function with an error gets no
// warning, the others theirs.
func TestWarningsIgnoreErroneousFunctions(t *testing.T) {
	src := "func f() {\n    var a = 1;\n    print(y);\n}\nfunc g() {\n    var b = 1;\n}\n"
	prog, errs := check("p.toy", []byte(src))
	got := Warnings(prog, errs)
	if len(errs) != 1 || len(got) != 1 || got[0].Pos != (diag.Pos{Line: 6, Col: 9}) || !strings.Contains(got[0].Msg, "'b'") {
		t.Fatalf("errors %v, warnings %v; want one error and the warning on b", errs, got)
	}
}
