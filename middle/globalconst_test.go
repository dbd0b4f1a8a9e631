package middle

import (
	"fmt"
	"math/rand"
	"testing"
)

// Globals that are only ever loaded, as a Toy program's named opcodes are,
// read their initializers: an i64, an i8 (a bool in memory) and an array
// that is never assigned (its elements are written through the loaded
// pointer, which is not the global's memory). @n is stored, so its loads
// stay.
func TestGlobalConstantsFold(t *testing.T) {
	checkModulePass(t, GlobalConstants, `
@toy_empty = external global i8
@OP_ADD = global i64 4
@flag = global i8 1
@arr = global ptr @toy_empty
@n = global i64 0

declare void @toy_print_i64(i64)

define void @step(i64 %o) {
entry:
  %k = load i64, ptr @OP_ADD
  %is = icmp eq i64 %o, %k
  br i1 %is, label %then, label %done
then:
  %n = load i64, ptr @n
  %n1 = add i64 %n, 1
  store i64 %n1, ptr @n
  br label %done
done:
  ret void
}

define i64 @toy_main() {
entry:
  %f = load i8, ptr @flag
  %fb = trunc i8 %f to i1
  %a = load ptr, ptr @arr
  store i64 5, ptr %a
  %k = load i64, ptr @OP_ADD
  call void @step(i64 %k)
  %n = load i64, ptr @n
  call void @toy_print_i64(i64 %n)
  %r = select i1 %fb, i64 %k, i64 0
  ret i64 %r
}`, `
define void @step(i64 %o) {
entry:
  %is = icmp eq i64 %o, 4
  br i1 %is, label %then, label %done
then:
  %n = load i64, ptr @n
  %n1 = add i64 %n, 1
  store i64 %n1, ptr @n
  br label %done
done:
  ret void
}
define i64 @toy_main() {
entry:
  %fb = trunc i8 1 to i1
  store i64 5, ptr @toy_empty
  call void @step(i64 4)
  %n = load i64, ptr @n
  call void @toy_print_i64(i64 %n)
  %r = select i1 %fb, i64 4, i64 0
  ret i64 %r
}`)
}

// Every use of a global's address other than as the address of a load of
// its type may change it: a store, the address passed to a call, stored as
// a value, compared, offset by a GEP, merged by a φ or a select, named by
// another global's initializer, or loaded as another type. None of these
// globals is folded.
func TestGlobalConstantsEscapes(t *testing.T) {
	in := `
@toy_empty = external global i8
@stored = global i64 1
@passed = global i64 2
@asvalue = global i64 3
@compared = global i64 4
@offset = global i64 5
@merged = global i64 6
@selected = global i64 7
@named = global i64 8
@retyped = global i64 9
@slot = global ptr @toy_empty
@p = global ptr @named

declare void @toy_keep(ptr)

define i64 @toy_main(i1 %c) {
entry:
  store i64 10, ptr @stored
  call void @toy_keep(ptr @passed)
  store ptr @asvalue, ptr @slot
  %eq = icmp eq ptr @compared, @toy_empty
  %g = getelementptr i8, ptr @offset, i64 0
  %s = select i1 %c, ptr @selected, ptr @toy_empty
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %m = phi ptr [ @merged, %a ], [ @toy_empty, %entry ]
  %l1 = load i64, ptr @stored
  %l2 = load i64, ptr @passed
  %l3 = load i64, ptr @asvalue
  %l4 = load i64, ptr @compared
  %l5 = load i64, ptr @offset
  %l6 = load i64, ptr @merged
  %l7 = load i64, ptr @selected
  %l8 = load i64, ptr @named
  %l9 = load i32, ptr @retyped
  %l9x = sext i32 %l9 to i64
  %x1 = add i64 %l1, %l2
  %x2 = add i64 %x1, %l3
  %x3 = add i64 %x2, %l4
  %x4 = add i64 %x3, %l5
  %x5 = add i64 %x4, %l6
  %x6 = add i64 %x5, %l7
  %x7 = add i64 %x6, %l8
  %x8 = add i64 %x7, %l9x
  ret i64 %x8
}`
	m := mustParse(t, "in.ll", in)
	want := m.String()
	GlobalConstants(m)
	if got := m.String(); got != want {
		t.Errorf("changed:\n%s", got)
	}
}

// Only a whole program is folded: a module without toy_main is a library,
// whose globals C may write between calls, and one that declares a C
// function may have that function write them.
func TestGlobalConstantsWholeProgram(t *testing.T) {
	for _, in := range []string{`
@k = global i64 4

define i64 @lib() {
entry:
  %k = load i64, ptr @k
  ret i64 %k
}`, `
@k = global i64 4

declare void @clamp()

define i64 @toy_main() {
entry:
  call void @clamp()
  %k = load i64, ptr @k
  ret i64 %k
}`} {
		m := mustParse(t, "in.ll", in)
		want := m.String()
		GlobalConstants(m)
		if got := m.String(); got != want {
			t.Errorf("changed:\n%s", got)
		}
	}
}

// The oracle: random slot programs where some slots become globals with
// random initializers, some of them with every store removed (constants),
// compute the same results and make the same external calls once folded.
// The generator's special slot 0 escapes through @escape, is reached by a
// GEP, read as a second type, or has its address stored: those globals
// must stay in memory.
func TestGlobalConstantsOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	compared, folded := 0, 0
	for range 1500 {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		constantGlobals(rng, m)
		loads := countGlobalLoads(m)
		done := false
		compared += compareRuns(t, m, "main", progInputs, 3000, func(*Func) {
			if !done {
				done = true
				foldGlobalConstants(m)
			}
		})
		folded += loads - countGlobalLoads(m)
	}
	t.Logf("slot programs: %d runs compared, %d loads folded", compared, folded)
	if compared < 1500*len(progInputs)/3 {
		t.Errorf("only %d runs compared", compared)
	}
	if folded < 1000 {
		t.Errorf("only %d loads folded", folded)
	}
	// The memory programs: globals that @clobber (a function of the
	// module) may store to, and an array written through GEPs.
	compared, folded = 0, 0
	for iter := range 500 {
		m := randomMemoryProgram(rng, 1+rng.Intn(12), 1+rng.Intn(6))
		loads := countGlobalLoads(m)
		done := false
		compared += compareRuns(t, m, "main", progInputs, 3000, func(f *Func) {
			if iter%2 == 0 {
				Mem2Reg(f)
			}
			if !done {
				done = true
				foldGlobalConstants(m)
			}
		})
		folded += loads - countGlobalLoads(m)
	}
	t.Logf("memory programs: %d runs compared, %d loads folded", compared, folded)
	if compared < 500*len(progInputs)/3 || folded < 100 {
		t.Errorf("memory programs: %d runs compared, %d loads folded", compared, folded)
	}
}

// constantGlobals turns about half of main's slots into globals of the same
// type with a random initializer; half of those lose every store to them.
func constantGlobals(rng *rand.Rand, m *Module) {
	f := m.Func("main")
	entry := f.Entry()
	chosen := make(map[*Value]string)
	readOnly := make(map[*Value]bool)
	for _, v := range entry.Instrs {
		if v.Op != OpAlloca || !v.Elem.IsInt() || rng.Intn(2) == 0 {
			continue
		}
		name := fmt.Sprintf("g%d", len(chosen))
		chosen[v] = name
		readOnly[v] = rng.Intn(2) == 0
		inits := []int64{0, 1, -1, 7, 100, 1 << 40}
		m.AddGlobal(&Global{Name: name, Type: v.Elem, Init: v.Elem.Truncate(inits[rng.Intn(len(inits))])})
	}
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool {
			if chosen[v] != "" {
				return true
			}
			return v.Op == OpStore && readOnly[v.Args[1]] && v.Args[0] != v.Args[1]
		})
		for _, v := range b.Instrs {
			for i, a := range v.Args {
				if name := chosen[a]; name != "" {
					v.Args[i] = f.GlobalAddr(name)
				}
			}
		}
	}
}

func countGlobalLoads(m *Module) int {
	n := 0
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpLoad && v.Args[0].Op == OpGlobal {
					n++
				}
			}
		}
	}
	return n
}
