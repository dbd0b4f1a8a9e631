package frontend

import (
	"bytes"
	"fmt"
	"testing"

	"toyc/middle"
	"toyc/tests/gen"
)

// TestDeadStoresOracle checks the dead-store analysis against the meaning
// of programs: in random programs (tests/gen), each store it reports dead
// is changed to store another value (e ^ 1 for an integer, !e for a bool,
// so that e is still evaluated with its effects), and the program, lowered
// and run in the IR interpreter, must print the same and end the same way.
// A store that some path reads would, for some program, show the change.
func TestDeadStoresOracle(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 10
	}
	cfg := gen.DefaultConfig()
	checked, programs := 0, 0
	for seed := int64(0); seed < int64(seeds); seed++ {
		src := []byte(gen.Program(7000+seed, cfg))
		prog, diags := Check("gen.toy", src)
		if len(diags) > 0 {
			t.Fatalf("seed %d: a generated program does not compile: %v", seed, diags)
		}
		want := runInterp(t, prog)
		programs++
		var stores []storeRef
		for _, f := range prog.Funcs {
			if f.Body == nil {
				continue
			}
			for _, d := range deadStores(f) {
				stores = append(stores, storeRef{f.Name, d})
			}
		}
		for _, st := range stores {
			// A fresh AST for each change.
			p, _ := Check("gen.toy", src)
			if !perturbStore(p, st) {
				continue
			}
			checked++
			if got := runInterp(t, p); got != want {
				t.Errorf("seed %d: the store to %s at %v in %s is reported dead, but changing it changes the run:\nbefore: %s\nafter:  %s",
					seed, st.d.v.Name, st.d.pos, st.fn, want, got)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d dead stores changed in %d programs: the test checks too little", checked, programs)
	}
	t.Logf("%d dead stores changed in %d programs, none changed a run", checked, programs)
}

type storeRef struct {
	fn string
	d  deadStore
}

// runInterp lowers prog and runs it in the IR interpreter; the result
// holds what it printed and how it ended (a run past the step limit ends
// so, which a change that makes a loop endless would show).
func runInterp(t *testing.T, prog *Program) string {
	t.Helper()
	var out bytes.Buffer
	status, err := middle.NewInterpreter(Lower(prog), middle.InterpOptions{Stdout: &out, MaxSteps: 50_000_000}).RunMain()
	return fmt.Sprintf("status %d, error %v, output %q", status, err, out.Bytes())
}

// perturbStore finds the store st in p and makes it store another value
// of its type; it reports false for a store of an array or pointer.
func perturbStore(p *Program, st storeRef) bool {
	for _, f := range p.Funcs {
		if f.Name != st.fn || f.Body == nil {
			continue
		}
		found := false
		var visit func(s Stmt)
		visit = func(s Stmt) {
			switch s := s.(type) {
			case *Block:
				for _, x := range s.Stmts {
					visit(x)
				}
			case *VarStmt:
				if namePos(s.Var) == st.d.pos && s.Init != nil {
					s.Init, found = perturbed(s.Init), scalar(s.Var.Type)
				}
			case *AssignStmt:
				if s.Pos == st.d.pos {
					s.Value, found = perturbed(s.Value), scalar(s.Value.Type())
				}
			case *IfStmt:
				for _, cl := range s.Clauses {
					visit(cl.Then)
				}
				if s.Else != nil {
					visit(s.Else)
				}
			case *WhileStmt:
				visit(s.Body)
			case *ForStmt:
				if s.Init != nil {
					visit(s.Init)
				}
				if s.Post != nil {
					visit(s.Post)
				}
				visit(s.Body)
			}
		}
		visit(f.Body)
		return found
	}
	return false
}

// perturbed is e with another value of e's scalar type (e itself for
// arrays and pointers).
func perturbed(e Expr) Expr {
	t := e.Type()
	switch t.Kind {
	case Int, I32:
		one := &IntLit{typed: typed{Pos: e.Position(), T: t}, Text: "1", Value: 1, mag: 1}
		return &Binary{typed: typed{Pos: e.Position(), T: t}, Op: "^", X: e, Y: one}
	case Bool:
		return &Unary{typed: typed{Pos: e.Position(), T: t}, Op: "!", X: e}
	}
	return e
}

func scalar(t *Type) bool { return t.Kind == Int || t.Kind == I32 || t.Kind == Bool }
