package backend

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"toyc/middle"
)

// The backend's facts as data (explain.go): each edge's parallel copy,
// the intervals over the numbered listing, the coalesced pairs and the
// registers' IR values, checked against what they claim.

// TestEdgeCopyInfoSwap checks the swap's back edge: a cycle broken with
// one temporary, a sequential order that never reads a location an earlier
// move overwrote (run on symbolic values), and the constant of the entry
// edge.
func TestEdgeCopyInfoSwap(t *testing.T) {
	_, fs := stages(t, swapLL)
	f := fs[0]
	var back, entry *EdgeCopyInfo
	infos := f.EdgeCopyInfo()
	for i := range infos {
		switch ec := &infos[i]; ec.From + "->" + ec.To {
		case "body->loop":
			back = ec
		case "entry->loop":
			entry = ec
		}
	}
	if back == nil || entry == nil {
		t.Fatalf("edges entry->loop and body->loop missing: %+v", infos)
	}
	if len(back.Temps) != 1 {
		t.Errorf("back edge: temporaries %v, want one for the swap's cycle", back.Temps)
	}
	if len(back.Sequential) != len(back.Parallel)+1 {
		t.Errorf("back edge: %d moves for %d copies and one cycle", len(back.Sequential), len(back.Parallel))
	}
	checkSequential(t, back)
	checkSequential(t, entry)
	if want := []MoveInfo{{entry.Constants[0].Dst, "$0"}}; !slices.Equal(entry.Constants, want) {
		t.Errorf("entry edge constants %v, want %v", entry.Constants, want)
	}
	origins := f.VRegOrigins()
	if c := entry.Constants[0].Dst; origins[c] != "%i" {
		t.Errorf("the constant goes to %s, which holds %q, want %%i", c, origins[c])
	}
	for _, m := range back.Parallel {
		if origins[m.Dst] == "" || origins[m.Src] == "" {
			t.Errorf("copy %v: registers without IR values (%q, %q)", m, origins[m.Dst], origins[m.Src])
		}
	}
}

// checkSequential runs ec's moves on symbolic values and wants every
// destination of the parallel copy to end with its source's original
// value, every other location of the copy unchanged, and no move reading a
// location an earlier one overwrote unless that holds the value wanted.
func checkSequential(t *testing.T, ec *EdgeCopyInfo) {
	t.Helper()
	val := map[string]string{} // location -> the original location whose value it holds
	get := func(l string) string {
		if v, ok := val[l]; ok {
			return v
		}
		return l
	}
	want := map[string]string{}
	for _, m := range ec.Parallel {
		want[m.Dst] = m.Src
	}
	written := map[string]bool{}
	for _, m := range ec.Sequential {
		if written[m.Src] && !slices.Contains(ec.Temps, m.Src) && get(m.Src) != want[m.Dst] {
			t.Errorf("%s -> %s: %s reads %s after it was overwritten", ec.From, ec.To, m.Dst+" <- "+m.Src, m.Src)
		}
		val[m.Dst] = get(m.Src)
		written[m.Dst] = true
	}
	for _, m := range ec.Parallel {
		if got := get(m.Dst); got != m.Src {
			t.Errorf("%s -> %s: %s ends with the value of %s, want %s", ec.From, ec.To, m.Dst, got, m.Src)
		}
		if _, dst := want[m.Src]; !dst && get(m.Src) != m.Src {
			t.Errorf("%s -> %s: %s, only read, was overwritten", ec.From, ec.To, m.Src)
		}
	}
}

// pressureLoopLL is a loop with n values live around it (φs), each
// iteration adding neighbours: with more values than registers some are
// spilled, and the adds, selected as leas, reload them.
func pressureLoopLL(n int) string {
	var b strings.Builder
	b.WriteString("define i64 @press(i64 %n, i64 %s) {\nentry:\n")
	for k := range n {
		fmt.Fprintf(&b, "  %%e%d = mul i64 %%s, %d\n", k, k+3)
	}
	b.WriteString("  br label %loop\nloop:\n  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]\n")
	for k := range n {
		fmt.Fprintf(&b, "  %%a%d = phi i64 [ %%e%d, %%entry ], [ %%b%d, %%loop ]\n", k, k, k)
	}
	for k := range n {
		fmt.Fprintf(&b, "  %%b%d = add i64 %%a%d, %%a%d\n", k, k, (k+1)%n)
	}
	b.WriteString("  %i.1 = add i64 %i, 1\n  %c = icmp slt i64 %i.1, %n\n  br i1 %c, label %loop, label %exit\nexit:\n  %r0 = add i64 %a0, 0\n")
	for k := 1; k < n; k++ {
		fmt.Fprintf(&b, "  %%r%d = xor i64 %%r%d, %%a%d\n", k, k-1, k)
	}
	fmt.Fprintf(&b, "  ret i64 %%r%d\n}\n", n-1)
	return b.String()
}

// TestAllocationInfoSpills wants spilled intervals with their slot and
// reloads, each reload a listed instruction that the listing notes as one.
func TestAllocationInfoSpills(t *testing.T) {
	_, fs := stages(t, pressureLoopLL(16))
	f := fs[0]
	intervals, listing, _ := f.AllocationInfo()
	checkAllocationInfo(t, f, f.String(), intervals, listing)
	byPos := map[int]NumberedInstr{}
	for _, l := range listing {
		byPos[l.Pos] = l
	}
	reloaded := 0
	for _, it := range intervals {
		if !it.Spilled {
			continue
		}
		if !strings.HasSuffix(it.Loc, "(%rsp)") {
			t.Errorf("%s spilled to %q, want a frame location", it.VReg, it.Loc)
		}
		if it.Origin == "" {
			t.Errorf("spilled %s holds no IR value", it.VReg)
		}
		for _, p := range it.Reloads {
			reloaded++
			if l := byPos[p]; l.Note != "reload "+it.VReg || !strings.Contains(l.Text, it.Loc) {
				t.Errorf("reload of %s at %d is %q (%s)", it.VReg, p, l.Text, l.Note)
			}
		}
		for _, p := range it.SpillStores {
			if l := byPos[p]; l.Note != "spill "+it.VReg {
				t.Errorf("spill store of %s at %d is %q (%s)", it.VReg, p, l.Text, l.Note)
			}
		}
	}
	if reloaded == 0 {
		t.Fatalf("no spilled interval with reloads:\n%s", f)
	}
	dump := f.String()
	for _, want := range []string{"\t# reload v", "(%a", "spilled: "} {
		if !strings.Contains(dump, want) {
			t.Errorf("the dump lacks %q:\n%s", want, dump)
		}
	}
}

// TestAllocationInfoRanges checks the intervals against the listing on
// the random programs and the test programs with splits: every range lies
// within the listing's positions, sorted and disjoint, and an allocated
// register is live just after each definition and at each use; every
// position named is a listed instruction's.
func TestAllocationInfoRanges(t *testing.T) {
	programs := map[string]string{
		"swap": swapLL, "count": countToLL, "maxrow": maxRowLL, "pointers": pressureLoopLL(16),
		"calls": liveAcrossCall(20), "splitcalls": splitLL(), "splitloops": loopSplitLL(),
	}
	for seed := int64(1); seed <= 20; seed++ {
		programs[fmt.Sprintf("random%d", seed)] = randomProgram(seed)
	}
	spilled := 0
	for name, ll := range programs {
		t.Run(name, func(t *testing.T) {
			for _, fa := range allocationsAtRegalloc(t, ll) {
				checkAllocationInfo(t, fa.f, fa.dump, fa.intervals, fa.listing)
				for _, it := range fa.intervals {
					if it.Spilled {
						spilled++
					}
				}
			}
		})
	}
	if spilled == 0 {
		t.Error("no program spilled")
	}
}

// funcAllocation is a machine function's AllocationInfo as the explorer
// takes it: right after regalloc, before the passes after it (flagsacross,
// flagsfromalu) delete instructions the listing numbers.
type funcAllocation struct {
	f         *Func
	dump      string // the machine function's dump then
	intervals []IntervalInfo
	listing   []NumberedInstr
}

// allocationsAtRegalloc runs the native passes on ll as stages does and
// returns each function's AllocationInfo after regalloc.
func allocationsAtRegalloc(t *testing.T, ll string) []funcAllocation {
	t.Helper()
	m, errs := middle.ParseModule("test.ll", []byte(ll))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs)
	}
	var out []funcAllocation
	pl := &Pipeline{Native: true, CodegenOnly: true, Check: true, After: func(p *Pass, _ *middle.Func, mf *Func) {
		if p.Name == "regalloc" {
			intervals, listing, _ := mf.AllocationInfo()
			out = append(out, funcAllocation{mf, mf.String(), intervals, listing})
		}
	}}
	if _, err := pl.Run(m); err != nil {
		t.Fatal(err)
	}
	return out
}

func checkAllocationInfo(t *testing.T, f *Func, dump string, intervals []IntervalInfo, listing []NumberedInstr) {
	t.Helper()
	if len(listing) == 0 {
		t.Fatalf("%s: no listing", f.Name)
	}
	listed := map[int]bool{}
	for i, l := range listing {
		if l.Pos != 2*i {
			t.Fatalf("%s: instruction %d at position %d", f.Name, i, l.Pos)
		}
		listed[l.Pos] = true
	}
	end := listing[len(listing)-1].Pos + 2
	for _, l := range listing {
		if line := fmt.Sprintf("%5d:\t%s", l.Pos, l.Text); !strings.Contains(dump, line) {
			t.Fatalf("%s: the dump lacks %q", f.Name, line)
		}
	}
	for _, it := range intervals {
		prev := -1
		for _, r := range it.Ranges {
			if r[0] < 0 || r[1] > end || r[0] >= r[1] || r[0] <= prev {
				t.Errorf("%s: %s: range [%d,%d) out of [0,%d) or out of order", f.Name, it.VReg, r[0], r[1], end)
			}
			prev = r[1]
		}
		live := func(p int) bool {
			for _, r := range it.Ranges {
				if r[0] <= p && p < r[1] {
					return true
				}
			}
			return false
		}
		for _, list := range [][]int{it.Defs, it.Uses, it.SpillStores, it.Reloads} {
			for _, p := range list {
				if !listed[p] {
					t.Errorf("%s: %s: position %d is not listed", f.Name, it.VReg, p)
				}
			}
		}
		if it.Spilled || !strings.HasPrefix(it.VReg, "v") {
			continue
		}
		for _, p := range it.Defs {
			if !live(p + 1) {
				t.Errorf("%s: %s defined at %d but not live at %d: %v", f.Name, it.VReg, p, p+1, it.Ranges)
			}
		}
		for _, p := range it.Uses {
			if !live(p) {
				t.Errorf("%s: %s used at %d but not live there: %v", f.Name, it.VReg, p, it.Ranges)
			}
		}
	}
}

// TestAllocationInfoCoalesced wants the pairs coalescing merged: the
// merged registers gone from the code, the ones they went into in it.
func TestAllocationInfoCoalesced(t *testing.T) {
	_, fs := stages(t, maxRowLL)
	f := fs[0]
	_, listing, coalesced := f.AllocationInfo()
	if len(coalesced) == 0 {
		t.Fatalf("nothing coalesced:\n%s", f)
	}
	var code strings.Builder
	for _, l := range listing {
		code.WriteString(l.Text + "\n")
	}
	named := func(v string) bool {
		return strings.Contains(code.String(), "%"+v+":") || strings.Contains(code.String(), "<"+v+">")
	}
	for _, c := range coalesced {
		if named(c[0]) {
			t.Errorf("%s, coalesced into %s, is still in the code", c[0], c[1])
		}
		if !named(c[1]) {
			t.Errorf("%s, which %s was coalesced into, is not in the code", c[1], c[0])
		}
	}
	if want := "# coalesced: " + coalesced[0][0] + " into " + coalesced[0][1]; !strings.Contains(f.String(), want) {
		t.Errorf("the dump lacks %q:\n%s", want, f)
	}
}

// TestVRegOrigins wants every register instruction selection made for an
// IR value named after it, and the value's names to be the function's.
func TestVRegOrigins(t *testing.T) {
	m, errs := middle.ParseModule("swap.ll", []byte(swapLL))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	middle.SplitCriticalEdges(m.Funcs[0])
	f := Select(m.Funcs[0])
	origins := f.VRegOrigins()
	got := map[string]bool{}
	for _, o := range origins {
		got[o] = true
	}
	for _, want := range []string{"%n", "%a", "%b", "%x", "%y", "%i", "%i.1", "%r", "%r.1"} {
		if !got[want] {
			t.Errorf("no register holds %s: %v", want, origins)
		}
	}
	dump := f.String()
	if strings.Contains(dump, "= %c") {
		t.Errorf("the legend names the compare fused into its branch, which is not in the code:\n%s", dump)
	}
	if !strings.Contains(dump, "# IR values: v0 = %n, v1 = %a, v2 = %b, v3 = %x") {
		t.Errorf("the dump's legend:\n%s", dump)
	}
	// Through the whole back end: the registers made later (shrink-wrap's
	// renames, cycle temporaries, spill temporaries, splits) inherit them.
	_, fs := stages(t, pressureLoopLL(16))
	intervals, _, _ := fs[0].AllocationInfo()
	for _, it := range intervals {
		if strings.HasPrefix(it.VReg, "v") && (it.TempFor != "" || it.SplitOf != "") && it.Origin == "" {
			t.Errorf("%s (temporary for %q, split of %q) has no origin", it.VReg, it.TempFor, it.SplitOf)
		}
	}
}

// TestDumpsDeterministic compiles programs twice and wants the same
// dumps, legend, notes and intervals included.
func TestDumpsDeterministic(t *testing.T) {
	for _, ll := range []string{randomProgram(7), pressureLoopLL(16), maxRowLL} {
		_, a := stages(t, ll)
		_, b := stages(t, ll)
		for i := range a {
			if x, y := a[i].String(), b[i].String(); x != y {
				t.Fatalf("%s: two dumps differ at line %d", a[i].Name, firstDiff(x, y))
			}
		}
	}
}

// TestVRegOriginsDivisionBias: x / 4 is computed through a temporary that
// starts as a copy of x (mov x, t; sar $63, t; shr $62, t), which holds x
// only until its next definition; it must not be said to hold x, or -g
// describes a variable by a register holding its rounding bias (a
// TestDebugDifferential program showed 0 for a 5 so).
func TestVRegOriginsDivisionBias(t *testing.T) {
	_, fs := stages(t, `define i64 @f(i64 %x) {
entry:
  %q = sdiv i64 %x, 4
  %s = add i64 %q, %x
  ret i64 %s
}
`)
	f := fs[0]
	origins := f.VRegOrigins()
	temps := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != opMov || len(in.Args) != 2 || in.Args[0].Kind != KindReg || !in.Args[0].Reg.IsVirtual() {
				continue
			}
			d := in.Args[0].Reg
			defs := 0
			for _, b2 := range f.Blocks {
				for _, in2 := range b2.Instrs {
					in2.forEachDef(func(r Reg) {
						if r == d {
							defs++
						}
					})
				}
			}
			if defs > 1 && f.vregs[d-FirstVReg].origin == nil {
				temps++
				if o := origins[vregName(d)]; o != "" {
					t.Errorf("%s, a copy later computed on (%d definitions), is said to hold %s", vregName(d), defs, o)
				}
			}
		}
	}
	if temps == 0 {
		t.Fatalf("no copy later computed on: the division is not selected as the test expects\n%v", f)
	}
}
