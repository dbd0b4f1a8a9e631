package frontend

import (
	"fmt"
	"testing"
)

// The facts read off the tokens resolve names as the checker does:
// parameters and locals hide globals and functions from the end of their
// declaration to the end of their block (a for header's to the end of
// the loop); `g =` and `g op=` assign, `*r =` does not; `&g` and `&(g)`
// take the address, `a[i] =` does not assign a; calls count once per
// site; what
// follows a return, break or continue in its block is not lowered and
// does not count.
func TestBodyFacts(t *testing.T) {
	src := `var g = 1;
var h = 2;
var a: []int;
var c = 0;

func f(x: int) int {
    return x + g;
}

func shadow(g: int) {
    g = 3;
    var h = &g;
    *h = 4;
    {
        var f = 1;
        f += 1;
    }
    f(1);
}

func scopes() {
    for var g = 0; g < 2; g += 1 {
        g = 5;
    }
    g = 6;
    {
        var h = h + 1;
        h = 7;
    }
}

func addresses() {
    var r = &(h);
    *r = 1;
    a[1] = f(f(2));
    c = len(a);
    main();
}

func dead(n: int) {
    while n > 0 {
        if n == 3 {
            break;
            h = 1;
        }
        n -= 1;
        continue;
        g = 2;
    }
    return;
    f(3);
}

func main() {
    scopes();
}
`
	prog, diags := check("facts.toy", []byte(src))
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	declareFacts("facts.toy", []byte(src), prog)
	want := map[string]string{
		"f":         "calls [] assigned [] addressed []",
		"shadow":    "calls [f] assigned [] addressed []",
		"scopes":    "calls [] assigned [g] addressed []",
		"addresses": "calls [f f toy_main] assigned [c] addressed [h]",
		"dead":      "calls [] assigned [] addressed []",
		"main":      "calls [scopes] assigned [] addressed []",
	}
	for _, fn := range prog.Funcs {
		if fn.facts == nil {
			t.Fatalf("%s has no facts", fn.Name)
		}
		got := fmt.Sprintf("calls %v assigned %v addressed %v", fn.facts.Calls, fn.facts.Assigned, fn.facts.Addressed)
		if got != want[fn.Name] {
			t.Errorf("%s: %s, want %s", fn.Name, got, want[fn.Name])
		}
	}
}

// The stream's skim gives the same facts as the whole file's reading.
func TestStreamFacts(t *testing.T) {
	src := []byte("var g = 1;\nfunc f() { g = 2; f(); }\nfunc main() { f(); print(g); }\n")
	m, s := CompileStreamed("s.toy", src, nil, true)
	if m == nil {
		t.Fatal("the file was not streamed")
	}
	// The frontend hands each function's facts to the module's function
	// and keeps none: its declarations live as long as the compile.
	for _, fn := range s.funcs {
		if fn.facts != nil {
			t.Errorf("%s: the frontend still holds its facts", fn.Name)
		}
		if m.Func(symbol(fn)).Facts() == nil {
			t.Fatalf("%s has no facts", fn.Name)
		}
	}
	f, main := m.Func("f").Facts(), m.Func("toy_main").Facts()
	if got := fmt.Sprint(f.Calls, f.Assigned, main.Calls); got != "[f] [g] [f]" {
		t.Errorf("facts %s, want [f] [g] [f]", got)
	}
	if d := s.Wait(); d.Errors() > 0 {
		t.Fatal(d)
	}
}

// Allocations: g = new(T, n) of a global, with n's text; in main's own
// block, with the defined functions called before them, the run of
// statements without calls, blocks or keywords they are in, and whether
// n's names keep their values in the rest of it.
func TestAllocationFacts(t *testing.T) {
	src := `var a: []int;
var b: []int;
var c: []int;
var d: []int;
var e: []int;
var h: []int;

func f() {
    a = new(int, 64);
    b = a;
}

func main() {
    var n = argi(0);
    a = new(int, 64);
    b = new(int, n + 1);
    c = new(int, n + 1);
    n = 3;
    var a = 1;
    a = 2;
    d = new(int, len(b));
    f();
    e = new(int, 8);
    h = new(int, n + 1);
    if n > 2 {
        c = new(int, 1);
    }
}
`
	prog, diags := check("allocs.toy", []byte(src))
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	declareFacts("allocs.toy", []byte(src), prog)
	want := map[string]string{
		"f": "[{a 64 true 64 false [] 0 true}]",
		"main": "[{a 64 true 64 true [] 1 true} {b n + 1 false 0 true [] 1 false} {c n + 1 false 0 true [] 1 false} " +
			"{e 8 true 8 true [f] 3 true} {h n + 1 false 0 true [f] 3 true} {c 1 true 1 false [] 5 true}]",
	}
	for _, fn := range prog.Funcs {
		if got := fmt.Sprint(fn.facts.Allocations); got != want[fn.Name] {
			t.Errorf("%s: %s, want %s", fn.Name, got, want[fn.Name])
		}
	}
}
