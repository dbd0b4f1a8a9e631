package middle

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// explain parses in, which must define one function, and runs
// Mem2RegExplained on it through CheckMem2RegExplained (on a second parse
// for the plain run).
func explain(t *testing.T, in string) (*Func, *PromotionReport) {
	t.Helper()
	var f *Func
	rep := CheckMem2RegExplained(t, func() *Func {
		m := mustParse(t, "in.ll", in)
		g := m.Funcs[len(m.Funcs)-1]
		if f == nil { // the one explained
			f = g
		}
		return g
	})
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	return f, rep
}

// checkReport compares the report's text with want, spaces at the ends of
// lines ignored.
func checkReport(t *testing.T, rep *PromotionReport, want string) {
	t.Helper()
	if g, w := normalizeIR(rep.String()), normalizeIR(want); g != w {
		t.Errorf("report:\n%s\nwant:\n%s", g, w)
	}
}

// The seed's count_to with its counter in a slot: the stores in entry and
// body have the loop header as their iterated frontier, where the counter
// is live on entry, so the one φ goes there and every load reads it.
func TestMem2RegExplainedCountTo(t *testing.T) {
	f, rep := explain(t, `
define i64 @count_to(i64 %n) {
entry:
  %i = alloca i64
  store i64 0, ptr %i
  br label %header
header:
  %i.0 = load i64, ptr %i
  %more = icmp slt i64 %i.0, %n
  br i1 %more, label %body, label %exit
body:
  %i.1 = load i64, ptr %i
  %next = add i64 %i.1, 1
  store i64 %next, ptr %i
  br label %header
exit:
  %i.2 = load i64, ptr %i
  ret i64 %i.2
}`)
	checkReport(t, rep, `
mem2reg @count_to
round 1
  slot %i (variable i): promoted
    defs: %entry %body
    load first: %header %body %exit
    IDF: %header
    live-in: %header %body %exit
    phi %i.3 in %header
    load %i.0 in %header -> %i.3
    load %i.1 in %body -> %i.3
    load %i.2 in %exit -> %i.3
    store in %entry pushes 0
    store in %body pushes %next
`)
	s := rep.Slot(1, "%i")
	header := f.Blocks[1]
	if s == nil || !s.Promoted || s.Var != "i" || len(s.Phis) != 1 || s.Phis[0].Block != header || !s.Phis[0].Kept {
		t.Fatalf("slot %%i: %+v", s)
	}
	if phi := header.Phis()[0]; s.Phis[0].Phi != phi || s.Loads[0].Value != phi {
		t.Errorf("the report's φ is not the header's %s", phi.LongString())
	}
}

// The seed's choose: a variable assigned on both arms of a diamond gets its
// φ at the merge.
func TestMem2RegExplainedChoose(t *testing.T) {
	_, rep := explain(t, `
define i64 @choose(i1 %cond) {
entry:
  %x = alloca i64
  br i1 %cond, label %left, label %right
left:
  store i64 2, ptr %x
  br label %merge
right:
  store i64 1, ptr %x
  br label %merge
merge:
  %x.0 = load i64, ptr %x
  %y = add i64 %x.0, 1
  ret i64 %y
}`)
	checkReport(t, rep, `
mem2reg @choose
round 1
  slot %x (variable x): promoted
    defs: %left %right
    load first: %merge
    IDF: %merge
    live-in: %merge
    phi %x.1 in %merge
    load %x.0 in %merge -> %x.1
    store in %left pushes 2
    store in %right pushes 1
`)
}

// Pruned SSA: %t is stored on both arms, so the merge is in its iterated
// frontier, but nothing reads it after the merge: no φ, reported as dead
// there. Its one live-in block is the entry, whose load comes before any
// store and so reads undef. The parameter's slot is named after it.
func TestMem2RegExplainedDeadAtMerge(t *testing.T) {
	_, rep := explain(t, `
declare void @sink(i64)
define i64 @f(i1 %c, i64 %n) {
entry:
  %n.addr = alloca i64
  %t = alloca i64
  store i64 %n, ptr %n.addr
  %t.0 = load i64, ptr %t
  call void @sink(i64 %t.0)
  br i1 %c, label %left, label %right
left:
  store i64 1, ptr %t
  %a = load i64, ptr %t
  call void @sink(i64 %a)
  br label %merge
right:
  store i64 2, ptr %t
  %b = load i64, ptr %t
  call void @sink(i64 %b)
  br label %merge
merge:
  %r = load i64, ptr %n.addr
  ret i64 %r
}`)
	checkReport(t, rep, `
mem2reg @f
round 1
  slot %n.addr (variable n, parameter): promoted
    defs: %entry
    load first: %merge
    IDF: -
    live-in: %left %right %merge
    load %r in %merge -> %n
    store in %entry pushes %n
  slot %t (variable t): promoted
    defs: %left %right
    load first: %entry
    IDF: %merge
    live-in: %entry
    no phi, dead: %merge
    load %t.0 in %entry -> undef (no store before it)
    load %a in %left -> 1
    load %b in %right -> 2
    store in %left pushes 1
    store in %right pushes 2
`)
	if l := rep.Slot(1, "%t").Loads[0]; !l.Undef || l.Value.Op != OpUndef {
		t.Errorf("load %s: %+v, want undef", l.Name, l)
	}
}

// A slot whose address escapes stays, with the reason and the instruction.
func TestMem2RegExplainedEscapes(t *testing.T) {
	f, rep := explain(t, `
declare void @g(ptr)
define i64 @f(i1 %c) {
entry:
  %call = alloca i64
  %gep = alloca i64
  %cmp = alloca i64
  %wide = alloca i64
  %out = alloca ptr
  %ok = alloca i64
  call void @g(ptr %call)
  %e = getelementptr i64, ptr %gep, i64 1
  store i64 1, ptr %e
  %same = icmp eq ptr %cmp, null
  store i32 7, ptr %wide
  store ptr %ok, ptr %out
  call void @g(ptr %out)
  br label %next
next:
  %late = alloca i64
  store i64 3, ptr %late
  %v = load i64, ptr %late
  ret i64 %v
}`)
	want := map[string]EscapeKind{
		"%call": EscapeCall, "%gep": EscapeGEP, "%cmp": EscapeCompared, "%wide": EscapeTwoTypes,
		"%out": EscapeCall, "%ok": EscapeStored, "%late": EscapeNotEntry,
	}
	if len(rep.Rounds) != 1 {
		t.Fatalf("%d rounds, want 1 (%%out escapes, so %%ok stays):\n%s", len(rep.Rounds), rep)
	}
	var order []string
	for _, s := range rep.Rounds[0].Slots {
		order = append(order, s.Name)
		if s.Promoted || s.Escape != want[s.Name] || s.EscapeAt == nil || s.Reason == "" {
			t.Errorf("slot %s: promoted %v, %v at %v (%q); want not promoted, %v", s.Name, s.Promoted, s.Escape, s.EscapeAt, s.Reason, want[s.Name])
		}
	}
	if got := strings.Join(order, " "); got != "%call %gep %cmp %wide %out %ok %late" {
		t.Errorf("slot order %s", got)
	}
	reasons := map[string]string{
		"%call": "its address is passed to a call: `call void @g(ptr %call)` in %entry",
		"%ok":   "its address is stored as a value: `store ptr %ok, ptr %out` in %entry (into the slot %out: once that slot is promoted, a later round looks again)",
		"%wide": "it is accessed with two types: it holds i64, but `store i32 7, ptr %wide` in %entry stores i32",
		"%late": "it is not in the entry block: `%late = alloca i64` is in %next",
	}
	for name, want := range reasons {
		if got := rep.Slot(1, name).Reason; got != want {
			t.Errorf("slot %s: reason %q, want %q", name, got, want)
		}
	}
	if at := rep.Slot(1, "%cmp").EscapeAt; at.Op != OpICmp || at.Block != f.Entry() {
		t.Errorf("slot %%cmp escapes at %s", at.LongString())
	}
}

// Two rounds: %p holds %x's address, so %x is promoted only once %p is.
// The first round's load of %a named the load %t, which the second round
// replaced with 5: the report gives the final value. The load of %p reads
// %x's address, reported as the slot %x.
func TestMem2RegExplainedRounds(t *testing.T) {
	_, rep := explain(t, `
define i64 @f() {
entry:
  %x = alloca i64
  %p = alloca ptr
  %a = alloca i64
  store ptr %x, ptr %p
  %p.1 = load ptr, ptr %p
  store i64 5, ptr %p.1
  %t = load i64, ptr %x
  store i64 %t, ptr %a
  %u = load i64, ptr %a
  ret i64 %u
}`)
	checkReport(t, rep, `
mem2reg @f
round 1
  slot %x (variable x): not promoted, its address is stored as a value: `+"`store ptr %x, ptr %p`"+` in %entry (into the slot %p: once that slot is promoted, a later round looks again)
  slot %p (variable p): promoted
    defs: %entry
    load first: -
    IDF: -
    live-in: -
    load %p.1 in %entry -> %x
    store in %entry pushes %x
  slot %a (variable a): promoted
    defs: %entry
    load first: -
    IDF: -
    live-in: -
    load %u in %entry -> 5 (version %t)
    store in %entry pushes 5 (stored %t)
  again: a slot's address was stored in a slot
round 2
  slot %x (variable x): promoted
    defs: %entry
    load first: -
    IDF: -
    live-in: -
    load %t in %entry -> 5
    store in %entry pushes 5
`)
}

// A φ placed and then removed as trivial: the loop stores back what it
// loaded, so the header's φ merges 0 with itself and becomes 0; the loads
// that renaming gave the φ report 0.
func TestMem2RegExplainedTrivialPhi(t *testing.T) {
	_, rep := explain(t, `
define i64 @f(i64 %n) {
entry:
  %x = alloca i64
  store i64 0, ptr %x
  br label %loop
loop:
  %v = load i64, ptr %x
  store i64 %v, ptr %x
  %more = icmp slt i64 %v, %n
  br i1 %more, label %loop, label %done
done:
  %r = load i64, ptr %x
  ret i64 %r
}`)
	checkReport(t, rep, `
mem2reg @f
round 1
  slot %x (variable x): promoted
    defs: %entry %loop
    load first: %loop %done
    IDF: %loop
    live-in: %loop %done
    phi %x.1 in %loop, removed as trivial in round 1: 0
    load %v in %loop -> 0 (version %x.1)
    load %r in %done -> 0 (version %v)
    store in %entry pushes 0
    store in %loop pushes 0 (stored %v)
`)
}

// A function without slots has no round; a declaration no report content.
func TestMem2RegExplainedNothing(t *testing.T) {
	_, rep := explain(t, `
declare i64 @g()
define i64 @f(i64 %n) {
entry:
  ret i64 %n
}`)
	if len(rep.Rounds) != 0 || len(rep.Unreachable) != 0 {
		t.Errorf("report of a function without slots:\n%s", rep)
	}
	m := mustParse(t, "in.ll", "declare i64 @g()\n")
	if rep := Mem2RegExplained(m.Func("g")); rep == nil || len(rep.Rounds) != 0 {
		t.Errorf("report of a declaration: %v", rep)
	}
}

// Unreachable blocks are deleted first, and listed.
func TestMem2RegExplainedUnreachable(t *testing.T) {
	f, fresh := mustParse(t, "in.ll", unreachableSlotIR).Func("f"), mustParse(t, "in.ll", unreachableSlotIR).Func("f")
	rep := Mem2RegExplained(f)
	Mem2Reg(fresh)
	if f.String() != fresh.String() {
		t.Fatalf("explained:\n%s\nplain:\n%s", f, fresh)
	}
	if len(rep.Unreachable) != 1 || rep.Unreachable[0].Name != "dead" {
		t.Errorf("unreachable %v, want %%dead", rep.Unreachable)
	}
	if s := rep.Slot(1, "%x"); s == nil || !s.Promoted || len(s.Defs) != 1 {
		t.Errorf("slot %%x: %+v (the unreachable store does not count)", s)
	}
}

const unreachableSlotIR = `
define i64 @f() {
entry:
  %x = alloca i64
  store i64 1, ptr %x
  br label %exit
dead:
  store i64 2, ptr %x
  br label %exit
exit:
  %r = load i64, ptr %x
  ret i64 %r
}`

// The report equals what mem2reg did on random slot programs (escaping,
// GEP'd, two-typed and address-holding slots, irreducible loops, branches
// to one block twice) and on the benchmarks' large functions.
func TestMem2RegExplainedRandom(t *testing.T) {
	sizes := rand.New(rand.NewSource(1))
	rounds := 0
	for seed := range int64(400) {
		nblocks, nslots := 1+sizes.Intn(20), 1+sizes.Intn(6)
		gen := func() *Func {
			f := randomProgram(rand.New(rand.NewSource(seed)), nblocks, nslots).Func("main")
			RemoveUnreachable(f)
			return f
		}
		rep := CheckMem2RegExplained(t, gen)
		rounds = max(rounds, len(rep.Rounds))
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
	if rounds < 2 {
		t.Errorf("no random program took two rounds")
	}
	for _, size := range []struct{ blocks, vars int }{{300, 20}, {2000, 100}} {
		CheckMem2RegExplained(t, func() *Func { return bigSlotFunc(size.blocks, size.vars) })
	}
}

// CheckMem2RegExplained runs Mem2RegExplained on one function made by gen
// and Mem2Reg on another, and checks that the report is what mem2reg did:
//   - the first prints the same as the second after the pass;
//   - each round lists the allocas there were when it began, in slot order,
//     and promotes exactly the promotable ones (the rule restated here); the
//     rounds are the ones mem2reg runs, each but the last followed by
//     another; a slot not promoted names an instruction that uses it (or
//     is it), and one not promoted in the last round is still there;
//   - against analyses made here, on a third function from gen taken
//     through the rounds one at a time, of the IR as each round found it: a
//     promoted slot's Defs and LoadFirst are the blocks that store it and
//     that load it before any store, its IDF is Frontiers.Iterated(Defs),
//     its LiveIn SlotLiveness's, its φs are on exactly IDF ∩ LiveIn and its
//     DeadFrontier is IDF ∖ LiveIn; its loads and stores are all reported,
//     each store with the value it stored;
//   - on the result: a promoted slot is gone and nothing uses its address;
//     every use of a removed load that is still in the IR reads the value
//     the report gives for the load; every φ that mem2reg placed is
//     reported, as kept and in its block, and every φ reported kept is
//     there; one reported removed is gone and names its replacement.
//
// gen must make the same function each time. It is
// exported for the test over the Toy programs (package middle_test).
func CheckMem2RegExplained(t testing.TB, gen func() *Func) *PromotionReport {
	t.Helper()
	f, fresh := gen(), gen()
	want := roundFacts(gen())
	var allocas, entryAllocas []*Value
	type use struct {
		user *Value
		i    int
	}
	loadUses := map[*Value][]use{}
	oldPhis := map[*Value]bool{}
	for _, b := range f.Blocks {
		for _, u := range b.Instrs {
			switch u.Op {
			case OpPhi:
				oldPhis[u] = true
			case OpAlloca:
				if b == f.Entry() {
					entryAllocas = append(entryAllocas, u)
				} else {
					allocas = append(allocas, u)
				}
			}
			for i, a := range u.Args {
				if a.Op == OpLoad {
					loadUses[a] = append(loadUses[a], use{u, i})
				}
			}
		}
	}
	allocas = append(entryAllocas, allocas...)

	Mem2Reg(fresh)
	rep := Mem2RegExplained(f)
	if got, want := f.String(), fresh.String(); got != want {
		t.Fatalf("Mem2RegExplained made\n%s\nMem2Reg made\n%s", got, want)
	}

	inIR := map[*Value]bool{}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			inIR[v] = true
		}
	}
	used := func(x *Value) bool {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if slices.Contains(v.Args, x) {
					return true
				}
			}
		}
		return false
	}
	blockNames := func(bs []*Block) []string {
		names := []string{}
		for _, b := range bs {
			names = append(names, b.Name)
		}
		return names
	}
	sameSet := func(a, b []string) bool {
		return len(a) == len(b) && !slices.ContainsFunc(a, func(x string) bool { return !slices.Contains(b, x) })
	}
	inOrder := func(bs []*Block) bool {
		return slices.IsSortedFunc(bs, func(a, b *Block) int {
			return slices.Index(f.Blocks, a) - slices.Index(f.Blocks, b)
		})
	}
	errorf := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s: "+format+"\nreport:\n%s\nIR:\n%s", append(append([]any{f.Name}, args...), rep, f)...)
	}

	if len(rep.Rounds) != len(want) {
		errorf("%d rounds reported, mem2reg ran %d with slots", len(rep.Rounds), len(want))
		return rep
	}
	reportedPhis := map[*Value]*PhiReport{}
	promotedIn := map[*Value]int{}
	for k, round := range rep.Rounds {
		if round.Number != k+1 || round.Again != (k+1 < len(rep.Rounds)) {
			errorf("round %d is numbered %d, again %v", k+1, round.Number, round.Again)
		}
		var got []*Value
		var gotNames, wantNames []string
		for _, s := range round.Slots {
			got = append(got, s.Slot)
			gotNames = append(gotNames, s.Name)
		}
		for _, sf := range want[k] {
			wantNames = append(wantNames, sf.name)
		}
		if !slices.Equal(gotNames, wantNames) || (k == 0 && !slices.Equal(got, allocas)) {
			errorf("round %d lists %v, want the allocas %v", k+1, gotNames, wantNames)
			continue
		}
		for j, s := range round.Slots {
			sf := want[k][j]
			if s.Round != round.Number || s.Name != s.Slot.String() || s.Var == "" {
				errorf("slot %s: round %d, var %q", s.Name, s.Round, s.Var)
			}
			if s.Promoted != sf.promotable {
				errorf("slot %s: promoted %v, but promotable is %v", s.Name, s.Promoted, sf.promotable)
			}
			if !s.Promoted {
				if s.Reason == "" || s.Escape == NotEscaped || s.EscapeAt == nil ||
					(s.EscapeAt != s.Slot && !slices.Contains(s.EscapeAt.Args, s.Slot)) {
					errorf("slot %s is not promoted for no reason: %v at %v", s.Name, s.Escape, s.EscapeAt)
				}
				if k == len(rep.Rounds)-1 && !inIR[s.Slot] {
					errorf("slot %s was not promoted but is gone", s.Name)
				}
				continue
			}
			if r, ok := promotedIn[s.Slot]; ok {
				errorf("slot %s promoted in rounds %d and %d", s.Name, r, round.Number)
			}
			promotedIn[s.Slot] = round.Number
			if inIR[s.Slot] || used(s.Slot) {
				errorf("promoted slot %s is still there or used", s.Name)
			}
			if d, l := blockNames(s.Defs), blockNames(s.LoadFirst); !slices.Equal(d, sf.defs) || !slices.Equal(l, sf.loadFirst) {
				errorf("slot %s: defs %v, load first %v; want %v, %v", s.Name, d, l, sf.defs, sf.loadFirst)
			}
			if idf, live := blockNames(s.IDF), blockNames(s.LiveIn); !sameSet(idf, sf.idf) || !sameSet(live, sf.live) || !inOrder(s.IDF) || !inOrder(s.LiveIn) {
				errorf("slot %s: IDF %v, live-in %v; want %v, %v in block order", s.Name, idf, live, sf.idf, sf.live)
			}
			var phiBlocks []*Block
			for _, phi := range s.Phis {
				phiBlocks = append(phiBlocks, phi.Block)
				if reportedPhis[phi.Phi] != nil {
					errorf("φ %s reported twice", phi.Name)
				}
				reportedPhis[phi.Phi] = phi
				switch {
				case phi.Name != phi.Phi.String():
					errorf("φ %s is named %s", phi.Phi, phi.Name)
				case phi.Kept && (!inIR[phi.Phi] || phi.Phi.Block != phi.Block || phi.Phi.Op != OpPhi || phi.RemovedInRound != 0):
					errorf("φ %s is reported kept in %s but is not there", phi.Name, phi.Block)
				case !phi.Kept && (inIR[phi.Phi] || phi.Replacement == nil || phi.RemovedInRound < round.Number || phi.ReplacementName != phi.Replacement.String()):
					errorf("φ %s is reported removed in round %d by %v, but is there", phi.Name, phi.RemovedInRound, phi.Replacement)
				}
			}
			var wantPhi, wantDead []string
			for _, b := range sf.idf {
				if slices.Contains(sf.live, b) {
					wantPhi = append(wantPhi, b)
				} else {
					wantDead = append(wantDead, b)
				}
			}
			if p := blockNames(phiBlocks); !sameSet(p, wantPhi) || !inOrder(phiBlocks) {
				errorf("slot %s: φs in %v, want IDF ∩ live-in = %v", s.Name, p, wantPhi)
			}
			if d := blockNames(s.DeadFrontier); !sameSet(d, wantDead) || !inOrder(s.DeadFrontier) {
				errorf("slot %s: dead frontier %v, want IDF ∖ live-in = %v", s.Name, d, wantDead)
			}
			var loads, stores []string
			for _, l := range s.Loads {
				loads = append(loads, l.Name)
				if l.Name != l.Load.String() || l.Value == nil || l.ValueName != l.Value.String() || (l.Undef && (l.Version.Op != OpUndef || l.Value != l.Version)) {
					errorf("load %s: %+v", l.Name, l)
				}
				for _, u := range loadUses[l.Load] {
					if inIR[u.user] && u.user.Args[u.i] != l.Value {
						errorf("load %s is reported replaced by %s, but %s reads %s", l.Name, l.ValueName, u.user.LongString(), u.user.Args[u.i])
					}
				}
			}
			for _, st := range s.Stores {
				stores = append(stores, st.Block.Name+": "+st.Pushed.String())
				if st.Value == nil || st.ValueName != st.Value.String() {
					errorf("store in %s: %+v", st.Block, st)
				}
			}
			if !slices.Equal(loads, sf.loads) || !slices.Equal(stores, sf.stores) {
				errorf("slot %s: loads %v and stores %v reported, want %v and %v", s.Name, loads, stores, sf.loads, sf.stores)
			}
		}
	}
	for _, a := range allocas {
		if _, ok := promotedIn[a]; !ok && !inIR[a] {
			errorf("slot %s is gone but was never reported promoted", a)
		}
	}
	for _, b := range f.Blocks {
		for _, phi := range b.Phis() {
			if oldPhis[phi] {
				continue
			}
			if r := reportedPhis[phi]; r == nil || !r.Kept || r.Block != b {
				errorf("φ %s in %s is not reported as kept there", phi, b)
			}
		}
	}
	return rep
}

// slotFacts is what CheckMem2RegExplained expects of one slot in one round,
// found on the IR as the round found it. Blocks are given by name.
type slotFacts struct {
	name                       string
	promotable                 bool
	defs, loadFirst, idf, live []string
	loads                      []string // their names, in order
	stores                     []string // "block: stored value", in order
}

// roundFacts promotes g one round at a time, as Mem2Reg does, and returns
// the facts of every slot at the start of each round that has any.
func roundFacts(g *Func) [][]*slotFacts {
	if g.IsDecl() {
		return nil
	}
	RemoveUnreachable(g)
	cfg := &promotionCFG{dom: ComputeDom(g)}
	df := ComputeFrontiers(cfg.dom)
	live := NewSlotLiveness(g)
	var rounds [][]*slotFacts
	for {
		facts := map[*Value]*slotFacts{}
		var order, later []*slotFacts
		defs, loadFirst := map[*Value][]*Block{}, map[*Value][]*Block{}
		for _, b := range g.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpAlloca {
					sf := &slotFacts{name: v.String(), promotable: b == g.Entry()}
					facts[v] = sf
					if b == g.Entry() {
						order = append(order, sf)
					} else {
						later = append(later, sf)
					}
				}
			}
		}
		for _, b := range g.Blocks {
			seen := map[*Value]bool{}
			for _, v := range b.Instrs {
				for i, a := range v.Args {
					if a.Op != OpAlloca {
						continue
					}
					load := v.Op == OpLoad && v.Type == a.Elem
					store := v.Op == OpStore && i == 1 && v.Args[0].Type == a.Elem
					sf := facts[a]
					switch {
					case load:
						sf.loads = append(sf.loads, v.String())
						if !seen[a] {
							loadFirst[a] = append(loadFirst[a], b)
						}
					case store:
						sf.stores = append(sf.stores, b.Name+": "+v.Args[0].String())
						if n := len(defs[a]); n == 0 || defs[a][n-1] != b {
							defs[a] = append(defs[a], b)
						}
					default:
						sf.promotable = false
					}
					seen[a] = true
				}
			}
		}
		if len(facts) == 0 {
			return rounds
		}
		for a, sf := range facts {
			for _, b := range defs[a] {
				sf.defs = append(sf.defs, b.Name)
			}
			for _, b := range loadFirst[a] {
				sf.loadFirst = append(sf.loadFirst, b.Name)
			}
			for _, b := range df.Iterated(defs[a], nil) {
				sf.idf = append(sf.idf, b.Name)
			}
			for _, b := range live.LiveIn(loadFirst[a], defs[a]) {
				sf.live = append(sf.live, b.Name)
			}
		}
		rounds = append(rounds, append(order, later...))
		if !promoteSlots(g, cfg, nil) {
			return rounds
		}
	}
}
