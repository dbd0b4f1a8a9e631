package middle

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// arrayLengthModule is a whole program with two array globals: toy_main
// allocates them (as facts' allocations say), and @f checks %i against
// @val, then against @next; the tests vary the facts.
const arrayLengthModule = `
@toy_empty = external global i8
@val = global ptr @toy_empty
@next = global ptr @toy_empty

define i64 @toy_main() {
entry:
  %e = load ptr, ptr @next
  check %early 0 %e
  %a = new 65
  store ptr %a, ptr @val
  %b = new 65
  store ptr %b, ptr @next
  %r = call i64 @f(i64 3)
  %k = and i64 %r, 63
  %c = load ptr, ptr @next
  check %after %k %c
  ret i64 %r
}

define i64 @f(i64 %x) {
entry:
  %i = and i64 %x, 63
  %v = load ptr, ptr @val
  check %first %i %v
  %w = load ptr, ptr @next
  check %second %i %w
  ret i64 0
}
`

// lengthChecksKept runs globalconst's summarized work and BCE on module
// with main's allocations allocs, and @f's calls fCalls, and returns the
// names of the checks that remain. toy_main may read the globals before
// it allocates them: its check before the stores stays, the one after
// them goes when the length is a literal.
func lengthChecksKept(t *testing.T, module string, allocs []Allocation, fCalls []string) []string {
	t.Helper()
	m := mustParse(t, "lengths.ll", boundsIR(module))
	var assigned []string
	for _, a := range allocs {
		assigned = append(assigned, a.Global)
	}
	uses := []string{"val", "next"}
	m.Func("toy_main").DeclareFacts(&BodyFacts{Calls: []string{"f"}, Assigned: assigned, Allocations: allocs, Uses: uses})
	m.Func("f").DeclareFacts(&BodyFacts{Calls: fCalls, Uses: uses})
	work := GlobalConstantsSummarized(Summarize(m))
	var kept []string
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		if err := work(f); err != nil {
			t.Fatal(err)
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

func TestArrayLengths(t *testing.T) {
	// A late allocation comes after main's call of f, which names the
	// globals.
	afterF := func(early bool) []string {
		if early {
			return nil
		}
		return []string{"f"}
	}
	literal := func(g string, n int64, early bool) Allocation {
		after := afterF(early)
		return Allocation{Global: g, Length: fmt.Sprint(n), Literal: true, Value: n, InMain: true, Stable: true, After: after}
	}
	text := func(g, n string, early bool) Allocation {
		after := afterF(early)
		return Allocation{Global: g, Length: n, InMain: true, Stable: true, After: after}
	}
	for _, c := range []struct {
		name   string
		allocs []Allocation
		fCalls []string
		want   string
	}{
		// i < 64 < 65: both go.
		{"literal", []Allocation{literal("val", 65, true), literal("next", 65, true)}, nil, "[early]"},
		// One class of length: the first check proves the second.
		{"class", []Allocation{text("val", "n + 1", true), text("next", "n + 1", true)}, nil, "[early after first]"},
		{"other text", []Allocation{text("val", "n + 1", true), text("next", "n + 2", true)}, nil, "[early after first second]"},
		// Allocated after other code may have run: the global may still
		// be the empty array then.
		{"late", []Allocation{literal("val", 65, false), literal("next", 65, true)}, nil, "[early first]"},
		{"late class", []Allocation{text("val", "n + 1", true), text("next", "n + 1", false)}, nil, "[early after first second]"},
		// Assigned again with another length, or a second time at all
		// for a class.
		{"two literals", []Allocation{literal("val", 65, true), literal("next", 65, true), literal("next", 3, false)}, nil, "[early after second]"},
		{"class twice", []Allocation{text("val", "n + 1", true), text("next", "n + 1", true), text("next", "n + 1", true)}, nil, "[early after first second]"},
		// A call of toy_main runs its first statements again, between
		// whose allocations the lengths differ.
		{"main called", []Allocation{literal("val", 65, true), literal("next", 65, true)}, []string{"toy_main"}, "[early after first second]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			module := arrayLengthModule
			if c.fCalls != nil {
				module = strings.Replace(module, "  ret i64 0\n}\n", "  %again = call i64 @toy_main()\n  ret i64 0\n}\n", 1)
			}
			got := fmt.Sprint(lengthChecksKept(t, module, c.allocs, c.fCalls))
			if got != c.want {
				t.Errorf("checks kept %s, want %s", got, c.want)
			}
		})
	}
}

// A store to a global of known length that is not one of the allocations
// the facts list is a frontend's mistake, caught before BCE relies on it.
func TestArrayLengthsChecked(t *testing.T) {
	m := mustParse(t, "lengths.ll", boundsIR(strings.Replace(arrayLengthModule, "%b = new 65", "%b = new 3", 1)))
	allocs := []Allocation{{Global: "val", Length: "65", Literal: true, Value: 65, InMain: true}, {Global: "next", Length: "65", Literal: true, Value: 65, InMain: true}}
	m.Func("toy_main").DeclareFacts(&BodyFacts{Calls: []string{"f"}, Assigned: []string{"val", "next"}, Allocations: allocs, Uses: []string{"val", "next"}})
	m.Func("f").DeclareFacts(&BodyFacts{Uses: []string{"val", "next"}})
	err := GlobalConstantsSummarized(Summarize(m))(m.Func("toy_main"))
	var serr *SummaryError
	if !errors.As(err, &serr) || !strings.Contains(err.Error(), "@next") {
		t.Errorf("got %v, want a SummaryError about @next", err)
	}
}

// In toy_main, a load after the global's store sees its allocation: of
// one class, a check against one proves the other's.
func TestArrayLengthsInMain(t *testing.T) {
	module := `
@toy_empty = external global i8
@val = global ptr @toy_empty
@next = global ptr @toy_empty

define i64 @toy_main() {
entry:
  %r = call i64 @f(i64 3)
  %v0 = load ptr, ptr @val
  check %before %r %v0
  %a = new %r
  store ptr %a, ptr @val
  %b = new %r
  store ptr %b, ptr @next
  %s = call i64 @f(i64 3)
  %v = load ptr, ptr @val
  check %first %s %v
  %w = load ptr, ptr @next
  check %second %s %w
  ret i64 %s
}

define i64 @f(i64 %x) {
entry:
  ret i64 0
}
`
	allocs := []Allocation{{Global: "val", Length: "n", InMain: true, Stable: true, Run: 1}, {Global: "next", Length: "n", InMain: true, Stable: true, Run: 1}}
	if got := fmt.Sprint(lengthChecksKept(t, module, allocs, nil)); got != "[before first]" {
		t.Errorf("checks kept %s, want [before first]", got)
	}
}
