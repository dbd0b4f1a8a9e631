package middle

import (
	"fmt"
	"strings"
	"testing"
)

// ipRangesModule is Are We Fast Yet's List in small: toy_main allocates
// @next of 64 elements, @make returns 0 or an index it checked and stores
// the list it made of the rest into next[e], and @walk follows next[e]
// from the list it is given. Every check of @walk rests on the facts
// across functions (ipranges.go): its parameter from toy_main's call with
// @make's result, the elements @make stores, which are @make's results.
// @make's own check is on a counter that toy_main may reset: it stays.
const ipRangesModule = `
@toy_empty = external global i8
@next = global ptr @toy_empty
@count = global i64 0

define i64 @toy_main() {
entry:
  %a = new 64
  store ptr %a, ptr @next
  %l = call i64 @make(i64 10)
  %n = call i64 @walk(i64 %l)
  ret i64 %n
}

define i64 @make(i64 %k) {
entry:
  %z = icmp eq i64 %k, 0
  br i1 %z, label %nil, label %cons
nil:
  ret i64 0
cons:
  %c = load i64, ptr @count
  %e = add i64 %c, 1
  store i64 %e, ptr @count
  %k1 = sub i64 %k, 1
  %rest = call i64 @make(i64 %k1)
  %p = load ptr, ptr @next
  check %mk %e %p
  %slot = getelementptr i64, ptr %p, i64 %e
  store i64 %rest, ptr %slot
  ret i64 %e
}

define i64 @walk(i64 %l) {
entry:
  %p = load ptr, ptr @next
  br label %loop
loop:
  %e = phi i64 [ %l, %entry ], [ %nx, %wk.ok ]
  %n = phi i64 [ 0, %entry ], [ %n1, %wk.ok ]
  %more = icmp ne i64 %e, 0
  br i1 %more, label %body, label %done
body:
  check %wk %e %p
  %slot = getelementptr i64, ptr %p, i64 %e
  %nx = load i64, ptr %slot
  %n1 = add i64 %n, 1
  br label %loop
done:
  ret i64 %n
}
`

// ipRangesKept builds module's facts as the frontend would give them
// (calls, assignments, the allocation of @next in main), runs
// globalconst's work on every function, finds the facts across functions
// and runs BCE, and returns the checks that remain.
func ipRangesKept(t *testing.T, module string) []string {
	t.Helper()
	return ipRangesKeptAllocating(t, module, Allocation{Global: "next", Length: "64", Literal: true, Value: 64, InMain: true, Stable: true})
}

// ipRangesKeptAllocating is ipRangesKept with toy_main's allocation of
// @next as alloc.
func ipRangesKeptAllocating(t *testing.T, module string, alloc Allocation) []string {
	t.Helper()
	m := mustParse(t, "ipranges.ll", boundsIR(module))
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		facts := &BodyFacts{Uses: []string{"next", "count"}}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpCall && m.DefinesFunc(v.Sym) {
					facts.Calls = append(facts.Calls, v.Sym)
				}
				for i, a := range v.Args {
					switch {
					case a.Op != OpGlobal:
					case v.Op == OpStore && i == 1:
						facts.Assigned = append(facts.Assigned, a.Sym)
					case v.Op != OpLoad && !(v.Op == OpStore && i == 1):
						facts.Addressed = append(facts.Addressed, a.Sym)
					}
				}
			}
		}
		if f.Name == "toy_main" {
			facts.Allocations = []Allocation{alloc}
		}
		f.DeclareFacts(facts)
	}
	work := GlobalConstantsSummarized(Summarize(m))
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			if err := work(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	solveRanges(m)
	var kept []string
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		BCE(f)
		if err := Verify(f); err != nil {
			t.Fatalf("%s\n%v", f, err)
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpICmp && v.Pred == PredULT {
					kept = append(kept, v.Name)
				}
			}
		}
	}
	return kept
}

func TestIPRanges(t *testing.T) {
	// edit replaces old by new in the module, once.
	type edit struct{ old, new string }
	mainCalls := func(extra string) edit {
		return edit{"  %n = call i64 @walk(i64 %l)\n", "  %n = call i64 @walk(i64 %l)\n" + extra}
	}
	for _, c := range []struct {
		name  string
		edits []edit
		want  string
	}{
		{"list", nil, "[mk]"},
		// A parameter's fact needs every call in range.
		{"a call out of range", []edit{mainCalls("  %o = call i64 @walk(i64 64)\n")}, "[mk wk]"},
		{"a call in range", []edit{mainCalls("  %o = call i64 @walk(i64 63)\n")}, "[mk]"},
		// A result's, every return.
		{"a result out of range", []edit{{"  ret i64 %e\n", "  %e64 = add i64 %e, 64\n  ret i64 %e64\n"}}, "[mk wk]"},
		// An element's, every store to an element of the global's arrays.
		{"a store out of range", []edit{{"  store i64 %rest, ptr %slot\n", "  store i64 %rest, ptr %slot\n  store i64 %k, ptr %slot\n"}}, "[mk wk]"},
		// ... and no other way to the arrays: the allocation used after
		// its store, or a loaded array passed to a call.
		{"the allocation escapes", []edit{mainCalls("  %s = getelementptr i64, ptr %a, i64 1\n  store i64 64, ptr %s\n")}, "[mk wk]"},
		{"the array escapes", []edit{mainCalls("  %q = load ptr, ptr @next\n  %o = call i64 @take(ptr %q)\n")}, "[mk wk]"},
		// A function whose address is taken may be called from anywhere.
		{"the callee's address taken", []edit{mainCalls("  %o = call i64 @take(ptr @walk)\n")}, "[mk wk]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			module := ipRangesModule + "\ndefine i64 @take(ptr %q) {\nentry:\n  ret i64 0\n}\n"
			for _, e := range c.edits {
				if !strings.Contains(module, e.old) {
					t.Fatalf("%q not in the module", e.old)
				}
				module = strings.Replace(module, e.old, e.new, 1)
			}
			if got := fmt.Sprint(ipRangesKept(t, module)); got != c.want {
				t.Errorf("checks kept %s, want %s", got, c.want)
			}
		})
	}
}

// With a length that is not a literal, the facts are about the length of
// the global's class (arraylength.go), which @node and @walk load, and
// toy_main only passes on. Such a length may be 0: a list ending in 0
// is then not made of indices (@make's `ret i64 0` proves nothing), but
// the zeros @node stores after its check, and the zeros of the
// allocation, whose elements exist only if it is not empty, are.
func TestIPRangesClass(t *testing.T) {
	module := `
@toy_empty = external global i8
@next = global ptr @toy_empty
@count = global i64 0

define i64 @toy_main() {
entry:
  %size = load i64, ptr @count
  %a = new %size
  store ptr %a, ptr @next
  %l = call i64 @node()
  %n = call i64 @walk(i64 %l)
  ret i64 %n
}

define i64 @node() {
entry:
  %c = load i64, ptr @count
  %e = add i64 %c, 1
  store i64 %e, ptr @count
  %p = load ptr, ptr @next
  check %nd %e %p
  %slot = getelementptr i64, ptr %p, i64 %e
  store i64 0, ptr %slot
  ret i64 %e
}
` + "define i64 @walk" + strings.SplitN(ipRangesModule, "define i64 @walk", 2)[1]
	alloc := Allocation{Global: "next", Length: "count", InMain: true, Stable: true}
	if got := fmt.Sprint(ipRangesKeptAllocating(t, module, alloc)); got != "[nd]" {
		t.Errorf("checks kept %s, want [nd]", got)
	}
	out := strings.Replace(module, "  %n = call i64 @walk(i64 %l)\n", "  %n = call i64 @walk(i64 %l)\n  %o = call i64 @walk(i64 63)\n", 1)
	if got := fmt.Sprint(ipRangesKeptAllocating(t, out, alloc)); got != "[nd wk]" {
		t.Errorf("with a call of a constant, checks kept %s, want [nd wk]", got)
	}
}

// A load of a sealed global reads the value stored to it before, on the
// only way there, unless a call comes between: @node returns the counter
// it checked, which toy_main walks from.
func TestIPRangesStoredValue(t *testing.T) {
	const node = `
define i64 @node() {
entry:
  %c = load i64, ptr @count
  %e = add i64 %c, 1
  store i64 %e, ptr @count
  %p = load ptr, ptr @next
  %e1 = load i64, ptr @count
  check %nd %e1 %p
  %slot = getelementptr i64, ptr %p, i64 %e1
  store i64 0, ptr %slot
  %e2 = load i64, ptr @count
  ret i64 %e2
}

define i64 @take(ptr %q) {
entry:
  ret i64 0
}
`
	module := strings.Replace(ipRangesModule, "  ret i64 %n\n}", "  %m = call i64 @node()\n  %o = call i64 @walk(i64 %m)\n  ret i64 %n\n}", 1) + node
	for _, c := range []struct {
		name, old, new string
		want           string
	}{
		{"reloaded", "", "", "[mk nd]"},
		{"a call between", "  %e2 = load", "  %x = call i64 @take(ptr null)\n  %e2 = load", "[mk wk nd]"},
		{"an address taken", "  %m = call i64 @node()\n", "  %x = call i64 @take(ptr @count)\n  %m = call i64 @node()\n", "[mk wk nd]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := module
			if c.old != "" {
				src = strings.Replace(src, c.old, c.new, 1)
			}
			if got := fmt.Sprint(ipRangesKept(t, src)); got != c.want {
				t.Errorf("checks kept %s, want %s", got, c.want)
			}
		})
	}
}
