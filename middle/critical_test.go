package middle

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// critEdge is a CFG edge by block name, with the value each φ of the
// successor takes along it.
type critEdge struct {
	from, to string
	phiArgs  []*Value
}

// critEdges lists f's edges in block and target order, one per distinct
// (predecessor, successor) pair, with the φ values they carry.
func critEdges(f *Func) []critEdge {
	var edges []critEdge
	for _, b := range f.Blocks {
		for i, s := range b.SuccBlocks() {
			if i == 1 && b.Succ(0) == s {
				continue
			}
			e := critEdge{from: b.Name, to: s.Name}
			for _, phi := range s.Phis() {
				e.phiArgs = append(e.phiArgs, phi.IncomingFor(b))
			}
			edges = append(edges, e)
		}
	}
	return edges
}

// splitAndCheck runs SplitCriticalEdges on f and checks what it promises:
// the IR is still well formed, no edge is critical, no branch names a block
// twice, and every old edge P→S is still there, either directly or through
// one new block M that only jumps to S, with S's φs taking the same values
// along it. It returns the number of blocks added.
func splitAndCheck(t *testing.T, f *Func) int {
	t.Helper()
	before := critEdges(f)
	oldBlocks := len(f.Blocks)
	SplitCriticalEdges(f)
	checkWellFormed(t, f)

	byName := make(map[string]*Block)
	for _, b := range f.Blocks {
		byName[b.Name] = b
	}
	added := len(f.Blocks) - oldBlocks
	isNew := func(b *Block) bool { return b.ID >= f.NumBlocks()-added }

	for _, b := range f.Blocks {
		succs := b.SuccBlocks()
		if len(succs) == 2 && succs[0] == succs[1] {
			t.Errorf("%s: %s still branches twice to %s", f.Name, b, succs[0])
		}
		for _, s := range succs {
			if len(succs) > 1 && len(s.PredBlocks()) > 1 {
				t.Errorf("%s: edge %s -> %s is still critical", f.Name, b, s)
			}
		}
		if isNew(b) && (len(b.Instrs) != 1 || b.Instrs[0].Op != OpBr || len(b.PredBlocks()) != 1) {
			t.Errorf("%s: new block %s is not a lone jump with one predecessor:\n%s", f.Name, b, f)
		}
	}

	after := critEdges(f)
	var direct []critEdge // the old edges as they read after the pass, new blocks looked through
	for _, e := range after {
		if isNew(byName[e.from]) {
			continue
		}
		if mid := byName[e.to]; isNew(mid) {
			e.to = mid.Succ(0).Name
			e.phiArgs = critEdgeArgs(after, mid.Name, e.to)
		}
		direct = append(direct, e)
	}
	if !slices.EqualFunc(before, direct, func(a, b critEdge) bool {
		return a.from == b.from && a.to == b.to && slices.Equal(a.phiArgs, b.phiArgs)
	}) {
		t.Errorf("%s: edges or φ values changed:\nbefore %v\nafter  %v\n%s", f.Name, before, direct, f)
	}
	return added
}

func critEdgeArgs(edges []critEdge, from, to string) []*Value {
	for _, e := range edges {
		if e.from == from && e.to == to {
			return e.phiArgs
		}
	}
	return nil
}

// checkWellFormed checks the structural invariants the pass must keep, the
// part of the verifier's job that concerns the CFG: one terminator at the
// end of each block, Preds matching the terminators, φs at the top with one
// entry per predecessor and none for other blocks.
func checkWellFormed(t *testing.T, f *Func) {
	t.Helper()
	want := make(map[*Block][]*Block)
	for _, b := range f.Blocks {
		for i, in := range b.Instrs {
			if in.Op.IsTerminator() != (i == len(b.Instrs)-1) {
				t.Errorf("%s: %s: terminator misplaced at %d: %s", f.Name, b, i, in.LongString())
			}
			if in.Block != b {
				t.Errorf("%s: %s: %s does not know its block", f.Name, b, in.LongString())
			}
		}
		for _, s := range b.SuccBlocks() {
			want[s] = append(want[s], b)
		}
	}
	byID := func(x, y *Block) int { return x.ID - y.ID }
	for _, b := range f.Blocks {
		got := slices.SortedFunc(slices.Values(b.PredBlocks()), byID)
		if w := slices.SortedFunc(slices.Values(want[b]), byID); !slices.Equal(got, w) {
			t.Errorf("%s: %s: Preds %v, terminators say %v", f.Name, b, b.PredBlocks(), want[b])
		}
		for _, phi := range b.Phis() {
			if len(phi.Args) != len(b.Preds) {
				t.Errorf("%s: %s: %d arguments for %d predecessor entries", f.Name, phi.LongString(), len(phi.Args), len(b.Preds))
			}
		}
	}
}

// optVerify runs LLVM's verifier on m's text when opt is installed.
func optVerify(t *testing.T, m *Module) {
	t.Helper()
	opt, err := exec.LookPath("opt")
	if err != nil {
		t.Log("opt not installed; LLVM's verifier not run")
		return
	}
	path := filepath.Join(t.TempDir(), "split.ll")
	if err := os.WriteFile(path, []byte(m.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(opt, "-opaque-pointers", "-passes=verify", "-disable-output", path).CombinedOutput()
	if err != nil {
		t.Errorf("opt rejects the split IR: %v\n%s\n%s", err, out, m)
	}
}

// selfLoopFunc builds the shape of both classic out-of-SSA problems:
// entry → loop → exit, where loop also branches back to itself while its
// counter is below %n. body fills the loop block with its φs and returns the
// counter's next value and the value exit returns, which it may compute in
// exit.
func selfLoopFunc(m *Module, name string, body func(b *Builder, entry, loop *Block) (next *Value, result func() *Value)) *Func {
	f := m.NewFunc(name, I64)
	n := f.AddParam(I64, "n")
	b := NewBuilder(f)
	entry, loop, exit := f.NewBlock("entry"), f.NewBlock("loop"), f.NewBlock("exit")
	b.SetBlock(entry)
	b.Br(loop)
	b.SetBlock(loop)
	next, result := body(b, entry, loop)
	b.CondBr(b.ICmp(PredSLT, next, n, "c"), loop, exit)
	b.SetBlock(exit)
	b.Ret(result())
	return f
}

// Briggs et al.'s lost-copy shape: %x's last value is live out of the loop,
// so its φ copy must not sit on the exit path.
func TestSplitCriticalEdgesLostCopy(t *testing.T) {
	m := NewModule("lost.ll")
	f := selfLoopFunc(m, "lost_copy", func(b *Builder, entry, loop *Block) (*Value, func() *Value) {
		x := b.Phi(I64, "x")
		y := b.Binary(OpAdd, x, b.Func.Const(I64, 1), "y")
		x.AddIncoming(b.Func.Const(I64, 1), entry)
		x.AddIncoming(y, loop)
		return y, func() *Value { return x }
	})
	if added := splitAndCheck(t, f); added != 1 {
		t.Errorf("added %d blocks, want 1 (the back edge)", added)
	}
	want := `define i64 @lost_copy(i64 %n) {
entry:
  br label %loop

loop:                                    ; preds = %entry, %loop.loop_crit_edge
  %x = phi i64 [ 1, %entry ], [ %y, %loop.loop_crit_edge ]
  %y = add i64 %x, 1
  %c = icmp slt i64 %y, %n
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:                     ; preds = %loop
  br label %loop

exit:                                    ; preds = %loop
  ret i64 %x
}
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	optVerify(t, m)
}

// The swap problem: %a and %b trade values on the back edge, whose copies
// need a block of their own before they can be sequentialized.
func TestSplitCriticalEdgesSwap(t *testing.T) {
	m := NewModule("swap.ll")
	var a, bv *Value
	f := selfLoopFunc(m, "swap", func(b *Builder, entry, loop *Block) (*Value, func() *Value) {
		f := b.Func
		i := b.Phi(I64, "i")
		bv = b.Phi(I64, "b")
		a = b.Phi(I64, "a")
		next := b.Binary(OpAdd, i, f.Const(I64, 1), "i.next")
		a.AddIncoming(f.Const(I64, 1), entry)
		a.AddIncoming(bv, loop)
		bv.AddIncoming(f.Const(I64, 2), entry)
		bv.AddIncoming(a, loop)
		i.AddIncoming(f.Const(I64, 0), entry)
		i.AddIncoming(next, loop)
		return next, func() *Value { return b.Binary(OpSub, a, bv, "d") }
	})

	if added := splitAndCheck(t, f); added != 1 {
		t.Errorf("added %d blocks, want 1 (the back edge)", added)
	}
	if got := a.IncomingFor(f.Blocks[2]); f.Blocks[2].Name != "loop.loop_crit_edge" || got != bv {
		t.Errorf("%%a's back-edge entry: %v from %s\n%s", got, f.Blocks[2], f)
	}
	optVerify(t, m)
}

// critShape builds a function from a compact CFG description, one block a
// line: `name: br s`, `name: condbr s1 s2` or `name: ret`. Every block with
// predecessors gets a φ with a distinct constant per incoming edge, so the
// checks can follow each edge's value through the pass.
func critShape(m *Module, name, cfg string) *Func {
	f := m.NewFunc(name, I64)
	cond := f.AddParam(I1, "c")
	var lines [][]string
	blocks := make(map[string]*Block)
	for _, line := range strings.Split(strings.TrimSpace(cfg), "\n") {
		fields := strings.Fields(strings.Replace(line, ":", " ", 1))
		lines = append(lines, fields)
		blocks[fields[0]] = f.NewBlock(fields[0])
	}
	b := NewBuilder(f)
	for _, fields := range lines {
		b.SetBlock(blocks[fields[0]])
		switch fields[1] {
		case "br":
			b.Br(blocks[fields[2]])
		case "condbr":
			b.CondBr(cond, blocks[fields[2]], blocks[fields[3]])
		default:
			b.Ret(f.Const(I64, 0))
		}
	}
	addEdgePhis(f)
	return f
}

// addEdgePhis gives every block with predecessors a φ with a distinct
// constant per predecessor.
func addEdgePhis(f *Func) {
	k := int64(100)
	for _, b := range f.Blocks {
		if len(b.PredBlocks()) == 0 {
			continue
		}
		phi := f.NewValue(OpPhi, I64, "v."+b.Name)
		b.InsertPhi(phi)
		for _, p := range b.PredBlocks() {
			phi.AddIncoming(f.Const(I64, k), p)
			k++
		}
	}
}

func TestSplitCriticalEdgesShapes(t *testing.T) {
	tests := []struct {
		name      string
		cfg       string
		added     int
		unchanged bool // the pass must leave the function as it was
	}{
		{"diamond", `
entry: condbr then else
then: br join
else: br join
join: ret`, 0, true},
		// A loop with two exits into one block: both exits and the latch's
		// back edge are critical; the header's edge into the body is not.
		{"loop_exits", `
entry: br head
head: condbr body exit
body: condbr head exit
exit: ret`, 3, false},
		// A self-loop whose other way out also merges: all four edges leaving
		// entry and loop are critical.
		{"self_loop", `
entry: condbr loop join
loop: condbr loop join
join: ret`, 4, false},
		// One edge in two: folded to a plain jump, nothing left to split.
		{"same_targets", `
entry: condbr join join
join: ret`, 0, false},
		{"same_targets_merge", `
entry: condbr mid join
mid: condbr join join
join: ret`, 1, false},
		{"same_targets_self_loop", `
entry: br loop
loop: condbr loop loop`, 0, false},
		// Edges from an unreachable block count as well.
		{"unreachable_pred", `
entry: br join
dead: condbr join dead
join: ret`, 1, false},
	}
	m := NewModule("shapes.ll")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := critShape(m, tt.name, tt.cfg)
			text := f.String()
			if added := splitAndCheck(t, f); added != tt.added {
				t.Errorf("added %d blocks, want %d:\n%s", added, tt.added, f)
			}
			if tt.unchanged && f.String() != text {
				t.Errorf("nothing to split, yet the function changed:\n%s\nto\n%s", text, f)
			}
		})
	}
	optVerify(t, m)
}

// LLVM text gives `br i1 %c, label %s, label %s` one φ entry per edge; once
// the branch is folded to one edge, one entry must remain.
func TestSplitCriticalEdgesFoldsDuplicateEntries(t *testing.T) {
	m := NewModule("dup.ll")
	f := m.NewFunc("dup", I64)
	c := f.AddParam(I1, "c")
	x := f.AddParam(I64, "x")
	b := NewBuilder(f)
	entry, join := f.NewBlock("entry"), f.NewBlock("join")
	b.SetBlock(entry)
	b.CondBr(c, join, join)
	b.SetBlock(join)
	phi := b.Phi(I64, "p")
	phi.AddIncoming(x, entry)
	phi.AddIncoming(x, entry)
	b.Ret(phi)

	SplitCriticalEdges(f)
	checkWellFormed(t, f)
	if got := entry.Term().LongString(); got != "br label %join" {
		t.Errorf("entry ends with %q, want br label %%join", got)
	}
	if len(phi.Args) != 1 || phi.Args[0] != x || phi.Block.Pred(0) != entry {
		t.Errorf("φ is %s, want one entry [ %%x, %%entry ]", phi.LongString())
	}
	optVerify(t, m)
}

// Random CFGs with a tracked φ value on every edge, all checked, then all
// given to LLVM's verifier in one module.
func TestSplitCriticalEdgesRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	m := NewModule("random.ll")
	for k := range 300 {
		n := 2 + rng.Intn(8)
		f := m.NewFunc("r"+strconv.Itoa(k), I64)
		cond := f.AddParam(I1, "c")
		blocks := make([]*Block, n)
		for i := range blocks {
			blocks[i] = f.NewBlock("b")
		}
		b := NewBuilder(f)
		pick := func() *Block { return blocks[1+rng.Intn(n-1)] }
		for _, blk := range blocks {
			b.SetBlock(blk)
			switch rng.Intn(5) {
			case 0:
				b.Ret(f.Const(I64, 0))
			case 1:
				b.Br(pick())
			default:
				b.CondBr(cond, pick(), pick())
			}
		}
		addEdgePhis(f)
		splitAndCheck(t, f)
	}
	optVerify(t, m)
}
