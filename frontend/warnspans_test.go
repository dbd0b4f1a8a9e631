package frontend

import (
	"fmt"
	"testing"

	"toyc/middle/diag"
	"toyc/tests/gen"
)

// TestReachableBySearch: the binary search of warner.reachable over the
// sorted, merged unreachable spans answers as a scan of the spans as the
// reach walk reports them does, at every line and column of every
// function, on programs with unreachable code in many blocks (branches
// walked else first, so reported out of order) and on random programs.
func TestReachableBySearch(t *testing.T) {
	srcs := []string{
		`func f(a: int) int {
    if a > 0 { return 1; a = 2; } else if a < 0 { return 2; var b = 1; } else { return 3; a = 4; }
    var c = a;
    while true { if a == 1 { break; a = 5; } continue; a = 6; }
    for ;; { return c; { var d = 1; } }
    return 0;
}`,
		`func f(a: int) { { return; a = 1; } { a = 2; } while a > 0 { break; { a = 3; } } }`,
	}
	for seed := int64(0); seed < 40; seed++ {
		srcs = append(srcs, gen.Program(5100+seed, gen.DefaultConfig()))
	}
	spans, checked := 0, 0
	for i, src := range srcs {
		prog, errs := check(fmt.Sprintf("p%d.toy", i), []byte(src))
		if errs.Errors() > 0 {
			t.Fatalf("program %d does not check: %v", i, errs)
		}
		for _, f := range prog.Funcs {
			if f.Body == nil {
				continue
			}
			var raw []span
			r := &reach{broken: map[Stmt]bool{}, unreachable: func(s Stmt, b *Block) {
				raw = append(raw, span{s.Position(), b.End})
			}}
			r.block(f.Body)
			spans += len(raw)
			w := &warner{dead: sortSpans(append([]span(nil), raw...))}
			for line := f.Pos.Line; line <= f.Body.End.Line; line++ {
				for col := 1; col <= 120; col++ {
					pos := diag.Pos{Line: line, Col: col}
					want := true
					for _, s := range raw {
						if !before(pos, s.from) && !before(s.to, pos) {
							want = false
						}
					}
					if got := w.reachable(pos); got != want {
						t.Fatalf("program %d, func %s, %v: reachable says %v, the scan of %v says %v", i, f.Name, pos, got, raw, want)
					}
					checked++
				}
			}
		}
	}
	if spans < 10 {
		t.Errorf("only %d unreachable spans: the test checks too little", spans)
	}
	t.Logf("%d spans, %d positions", spans, checked)
}
