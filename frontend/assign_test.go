package frontend

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

func TestDefiniteAssignment(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"read before assignment", `func f() { var x: int; print(x); }`,
			[]string{"1:30: variable x is used before it is assigned a value"}},
		{"address counts as a read", `func f() { var x: int; var p = &x; }`,
			[]string{"1:33: variable x is used before it is assigned a value"}},
		{"compound assignment reads", `func f() { var x: int; x += 1; }`,
			[]string{"1:24: variable x is used before it is assigned a value"}},
		{"if without else", `func f(c: bool) { var x: int; if c { x = 1; } print(x); }`,
			[]string{"1:53: variable x is used before it is assigned a value"}},
		{"if with else", `func f(c: bool) { var x: int; if c { x = 1; } else { x = 2; } print(x); }`, nil},
		{"else-if chain without else", `func f(c: bool, d: bool) {
	var x: int;
	if c { x = 1; } else if d { x = 2; }
	print(x);
}`, []string{"4:8: variable x is used before it is assigned a value"}},
		{"else-if chain with else", `func f(c: bool, d: bool) {
	var x: int;
	if c { x = 1; } else if d { x = 2; } else { x = 3; }
	print(x);
}`, nil},
		{"branch that returns", `func f(c: bool) { var x: int; if c { return; } else { x = 2; } print(x); }`, nil},
		{"while loop may not run", `func f(c: bool) { var x: int; while c { x = 1; } print(x); }`,
			[]string{"1:56: variable x is used before it is assigned a value"}},
		{"while true leaves only through break", `func f() { var x: int; while true { x = 1; break; } print(x); }`, nil},
		{"break before assignment", `func f(c: bool) { var x: int; while true { if c { break; } x = 1; break; } print(x); }`,
			[]string{"1:82: variable x is used before it is assigned a value"}},
		{"for without condition", `func f() { var x: int; for ;; { x = 1; break; } print(x); }`, nil},
		{"for with condition", `func f(n: int) { var x: int; for var i = 0; i < n; i += 1 { x = i; } print(x); }`,
			[]string{"1:76: variable x is used before it is assigned a value"}},
		{"post statement after continue", `func f(c: bool) { var x: int; for ;; x += 1 { if c { continue; } x = 1; } }`,
			[]string{"1:38: variable x is used before it is assigned a value"}},
		{"post statement after body", `func f() { var x: int; for ;; x += 1 { x = 1; } }`, nil},
		{"unreachable code is not checked", `func f() { var x: int; return; print(x); }`, nil},
		{"declaration in a loop starts unassigned", `func f(c: bool) {
	while c {
		var x: int;
		print(x);
		x = 1;
	}
}`, []string{"4:9: variable x is used before it is assigned a value"}},
		{"initializer reads the outer variable", `func f() { var y: int; { var y = y * 2; } }`,
			[]string{"1:34: variable y is used before it is assigned a value"}},
		{"reported once per variable", `func f() { var x: int; print(x); print(x); }`,
			[]string{"1:30: variable x is used before it is assigned a value"}},
		{"assignment through array and pointer reads them", `func f() {
	var a: []int;
	a[0] = 1;
	var p: *int;
	*p = 1;
}`, []string{
			"3:2: variable a is used before it is assigned a value",
			"5:3: variable p is used before it is assigned a value",
		}},
		{"parameters and globals are assigned", `var g: int;
func f(p: int) int { return p + g; }`, nil},
		{"short-circuit operands are reads", `func f(c: bool) bool { var x: bool; return c && x; }`,
			[]string{"1:49: variable x is used before it is assigned a value"}},
	})
}

// TestDefiniteAssignmentOwnership compares the analysis, whose states are
// changed in place by their owners, with the same analysis copying every
// state it changes (assignCopying), on random functions of nested ifs,
// loops, breaks, continues and returns over a few variables declared
// without a value: the diagnostics must be the same. It fails when a
// state goes to two places uncopied (an if's branch not given a clone,
// or a loop's body the state after the loop).
func TestDefiniteAssignmentOwnership(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	const vars = 4
	var stmts func(b *strings.Builder, depth, loops int)
	stmt := func(b *strings.Builder, depth, loops int) {
		v := fmt.Sprintf("x%d", rng.Intn(vars))
		k := rng.Intn(10)
		if depth > 3 && k >= 4 {
			k = rng.Intn(4)
		}
		switch k {
		case 0, 1:
			fmt.Fprintf(b, "%s = %d; ", v, rng.Intn(9))
		case 2:
			fmt.Fprintf(b, "print(%s); ", v)
		case 3:
			fmt.Fprintf(b, "%s += 1; ", v)
		case 4:
			b.WriteString("if c { ")
			stmts(b, depth+1, loops)
			b.WriteString("} ")
			for range rng.Intn(3) {
				b.WriteString("else if d { ")
				stmts(b, depth+1, loops)
				b.WriteString("} ")
			}
			if rng.Intn(2) == 0 {
				b.WriteString("else { ")
				stmts(b, depth+1, loops)
				b.WriteString("} ")
			}
		case 5:
			if rng.Intn(2) == 0 {
				b.WriteString("while c { ")
			} else {
				b.WriteString("while true { ")
			}
			stmts(b, depth+1, loops+1)
			b.WriteString("} ")
		case 6:
			fmt.Fprintf(b, "for ; c; %s += 1 { ", v)
			stmts(b, depth+1, loops+1)
			b.WriteString("} ")
		case 7:
			if loops > 0 {
				b.WriteString([]string{"break; ", "continue; "}[rng.Intn(2)])
			}
		case 8:
			if rng.Intn(4) == 0 {
				b.WriteString("return; ")
			}
		case 9:
			b.WriteString("{ ")
			stmts(b, depth+1, loops)
			b.WriteString("} ")
		}
	}
	stmts = func(b *strings.Builder, depth, loops int) {
		for range rng.Intn(5) {
			stmt(b, depth, loops)
		}
	}
	defer func() { assignCopying = false }()
	differ := 0
	for i := range 2000 {
		var b strings.Builder
		b.WriteString("func f(c: bool, d: bool) { ")
		for v := range vars {
			fmt.Fprintf(&b, "var x%d: int; ", v)
		}
		stmts(&b, 0, 0)
		for v := range vars {
			fmt.Fprintf(&b, "print(x%d); ", v)
		}
		b.WriteString("}")
		src := b.String()
		assignCopying = false
		owned := diagnose(src)
		assignCopying = true
		copied := diagnose(src)
		if strings.Join(owned, "\n") != strings.Join(copied, "\n") {
			t.Fatalf("program %d:\n%s\nin place:\n  %s\ncopying:\n  %s", i, src, strings.Join(owned, "\n  "), strings.Join(copied, "\n  "))
		}
		if len(owned) > 0 && len(owned) < vars {
			differ++ // some variables assigned on every path, some not
		}
	}
	if differ < 200 {
		t.Errorf("only %d of 2000 programs had some variables assigned and some not", differ)
	}
}

// Only the locals declared without a value are numbered for definite
// assignment: one declared with its value is assigned wherever it is in
// scope, and a bit for each local made every fork copy them all (20,000
// loops, each with two counters: 52 MB).
func TestDefiniteAssignmentNumbersUnsetLocals(t *testing.T) {
	src := `func f(n: int) {
	var a: int;
	for var i = 0; i < n; i += 1 {
		var b = i;
		var c: int;
		c = b;
		print(c);
	}
	a = 1;
	print(a);
}`
	prog, diags := Check("t.toy", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	f := prog.Funcs[0]
	if f.unassigned != 2 {
		t.Errorf("%d locals numbered, want 2 (a and c)", f.unassigned)
	}
	for _, v := range f.Locals {
		if numbered, unset := v.index >= 0, v.Name == "a" || v.Name == "c"; numbered != unset {
			t.Errorf("%s has index %d", v.Name, v.index)
		}
	}
}
