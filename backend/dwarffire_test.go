package backend

import (
	"math/rand"
	"slices"
	"sort"
	"testing"

	"toyc/middle"
	"toyc/middle/diag"
)

// The schedule fires each group's assignments at the instructions fire
// does, in the same order: on random blocks of code from a random tree of
// inline sites (instructions of every site and of the function's own, with
// and without positions, branches in the middle and at the end, returns),
// whose events are the function's own and the sites', in copies (at) and
// at the top (φs, some of constants), compared by the changes each way of
// firing logs at each instruction, and by what is left to fire at the end.
func TestFireScheduleAsFire(t *testing.T) {
	rng := rand.New(rand.NewSource(47))
	for round := range 600 {
		nsites := 1 + rng.Intn(30)
		inlines := []middle.InlineSite{{}}
		for k := 1; k < nsites; k++ {
			inlines = append(inlines, middle.InlineSite{
				Call:   diag.Pos{Line: 1 + rng.Intn(40), Col: 1},
				Parent: uint16(rng.Intn(k)),
			})
		}
		b := &Block{ID: 0, Name: "b"}
		n := 1 + rng.Intn(60)
		for k := range n {
			in := &Instr{Op: opAdd, Args: []Operand{regOp(RAX), immOp(1)}, Inlined: uint16(rng.Intn(nsites))}
			if rng.Intn(8) > 0 {
				in.Pos = diag.Pos{Line: 1 + rng.Intn(40), Col: 1}
			}
			switch r := rng.Intn(20); {
			case k == n-1 || r == 0:
				in.Op, in.Args = opJmp, nil
			case r == 1:
				in.Op, in.Args = opRet, nil
			}
			b.Instrs = append(b.Instrs, in)
		}
		f := &Func{Name: "f", Blocks: []*Block{b}, IR: &middle.Func{Inlines: inlines}}
		nvars := 1 + rng.Intn(12)
		df := &dwarfFunc{f: f, dbg: &middle.FuncDebug{Vars: make([]*middle.DebugVar, nvars)}}
		// Handles 1..4 are constants (a φ of one takes effect), 5..8 not.
		vals := make([]*middle.Value, 9)
		for h := range vals {
			vals[h] = &middle.Value{Op: middle.OpAdd}
			if h >= 1 && h <= 4 {
				vals[h].Op = middle.OpConst
			}
		}
		var evs []assignEvent
		for range rng.Intn(80) {
			e := assignEvent{v: rng.Intn(nvars), c: tval(rng.Intn(9)), site: uint16(rng.Intn(nsites)),
				pos: middleFuncPos{Line: 1 + rng.Intn(40), Col: 1}}
			if rng.Intn(4) == 0 {
				e.at = rng.Intn(n)
			}
			if rng.Intn(6) == 0 {
				e.top = true
			}
			evs = append(evs, e)
		}
		sort.SliceStable(evs, func(i, j int) bool { return evs[i].before(evs[j]) })
		run := func(scheduled bool) ([]stateChange, []int, []int) {
			tr := &varTracker{f: f, df: df, mem: new(trackMem), vals: vals, assigns: [][]assignEvent{evs}, logging: true}
			if len(evs) > 0 {
				tr.groupEvents(0)
			}
			s := &tr.newStates(1, nil)[0]
			fired := tr.startFiring(0, new([]int))
			var sched *fireSchedule
			if scheduled && tr.groups != nil {
				sched = tr.newFireSchedule(0, fired)
			}
			var at []int
			for k, in := range b.Instrs {
				if sched != nil {
					sched.fire(s, in, k)
				} else {
					tr.fire(s, 0, in, k, fired)
				}
				at = append(at, len(tr.log))
			}
			return tr.log, at, fired
		}
		wantLog, wantAt, wantFired := run(false)
		gotLog, gotAt, gotFired := run(true)
		if !slices.Equal(gotLog, wantLog) || !slices.Equal(gotAt, wantAt) || !slices.Equal(gotFired, wantFired) {
			t.Fatalf("round %d: scheduled firing logged %v (by instruction %v, fired %v), fire logged %v (%v, fired %v)",
				round, gotLog, gotAt, gotFired, wantLog, wantAt, wantFired)
		}
	}
}
