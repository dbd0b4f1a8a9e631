package middle

// FormSwitches turns a chain of equality tests of one value against
// constants — what `if op == 0 {..} else if op == 1 {..} else if ...`
// lowers to — into one switch, as LLVM's SimplifyCFG does when it folds a
// block's value comparison into its predecessor's
// (FoldValueComparisonIntoPredecessors) and GCC's if-to-switch pass does:
// the backend can then lower the switch to a jump table or a balanced tree
// of compares (Hennessy and Mendelsohn, "Compilation of the Pascal case
// statement", SP&E 1982) instead of testing the cases one by one.
//
// A chain starts at a block H that ends in `br (icmp eq %x, C)` (or `ne`,
// with the arms swapped), %x not a constant, and follows the not-equal
// arm through blocks that hold nothing but such a test of the same %x (an
// icmp that nothing else uses, and the branch: anything more would run
// for every value instead of for the values that reach it), with H's
// chain as their only predecessor and no φs. Each test adds the case C →
// its equal arm, unless an earlier test took C (then the later one never
// succeeds); the not-equal arm of the last test is the default. An edge
// whose target already gets a different φ value from another block of
// the chain (the arms of `if x == 1 { r = 5 } else if x == 2 { r = 7 }`
// once simplifycfg has bypassed them) goes through a new block holding
// only a jump, since one switch edge carries one value. A
// chain of fewer than minSwitchCases cases is left alone: with three
// tests or fewer a balanced tree saves nothing (GCC's if-to-switch wants
// three conditions and lowers small switches back to tests; LLVM's
// jump tables want four cases).
//
// The chain's first test stays a compare in front of the switch, whose
// block H is the second test's (so a chain needs minSwitchCases cases
// after its first):
// without a profile, source order is the one hint of frequency, and the
// first test of a dispatch chain is usually its commonest case, which
// the compare finds in one step where the switch's lowering takes a
// bounds check and a table jump. GCC's if-to-switch output has the same
// shape on the Brainfuck benchmark; measured here, peeling took its
// instruction count from 89.3M to 77.8M and left bytecode's within 3%.
//
// Requires: SSA form. Guarantees: H ends in the switch;
// the chain's other blocks are gone (their icmps with them; H's own icmp
// is left to DCE, as something else may use it), and so are blocks that
// only a test of a repeated constant reached; the targets' φs have H's
// edges in place of the chain blocks'.
func FormSwitches(f *Func) {
	if f.IsDecl() {
		return
	}
	uses := useCounts(f)
	defer int32Tables.Give(uses)
	dead := make([]bool, f.NumBlocks())
	formed := false
	// In reverse postorder a chain's head comes before the tests it
	// dominates, so each chain is found whole, from its start.
	for _, h := range ReversePostorder(f) {
		if dead[h.ID] || continuesChain(h, uses) {
			continue
		}
		var first []int64
		if _, c, _, ne, ok := caseTest(h); ok && continuesChain(ne, uses) {
			h, first = ne, []int64{c} // the first test stays a compare
		}
		if formSwitch(h, first, uses, dead) {
			formed = true
		}
	}
	if formed {
		// The chains' blocks are unreachable now, and so are the targets
		// of tests that repeated a constant.
		RemoveUnreachable(f)
	}
}

// minSwitchCases is the fewest cases a chain needs to become a switch.
const minSwitchCases = 4

// caseTest reads b's terminator as a test of a value against a constant:
// on x == c control goes to eq, else to ne. ok is false for any other
// terminator.
func caseTest(b *Block) (x *Value, c int64, eq, ne *Block, ok bool) {
	t := b.Term()
	if t == nil || t.Op != OpCondBr || t.Block.Succ(0) == t.Block.Succ(1) {
		return nil, 0, nil, nil, false
	}
	cmp := t.Args[0]
	if cmp.Op != OpICmp || (cmp.Pred != PredEQ && cmp.Pred != PredNE) {
		return nil, 0, nil, nil, false
	}
	x, k := cmp.Args[0], cmp.Args[1]
	if x.Op == OpConst {
		x, k = k, x
	}
	if k.Op != OpConst || x.Op == OpConst || !x.Type.IsInt() {
		return nil, 0, nil, nil, false
	}
	eq, ne = t.Block.Succ(0), t.Block.Succ(1)
	if cmp.Pred == PredNE {
		eq, ne = ne, eq
	}
	return x, k.Const, eq, ne, true
}

// continuesChain reports whether b is a test that a chain from its
// predecessor would take in: it holds only a test (with an icmp nothing
// else uses) of the value its only predecessor tests, on that test's
// not-equal arm.
func continuesChain(b *Block, uses []int32) bool {
	if len(b.Preds) != 1 || len(b.Instrs) != 2 || b.Instrs[0].Op != OpICmp || uses[b.Instrs[0].ID] != 1 {
		return false
	}
	x, _, _, _, ok := caseTest(b)
	px, _, _, pne, pok := caseTest(b.Pred(0))
	return ok && pok && px == x && pne == b
}

// switchChain is a chain being collected: the switch's cases so far, and
// for each target the chain block whose φ entries it takes.
type switchChain struct {
	head    *Block
	x       *Value
	cases   []*Value // constants
	targets []*Block
	from    map[*Block]*Block // target → the chain block that first branched to it
	taken   map[int64]bool
	// splits lists the edges, by index in the switch's targets (0 is the
	// default), that need a block of their own: their target already gets
	// another φ value from the chain, and one switch edge carries one.
	// Each maps to the chain block whose φ values the edge carries.
	splits map[int]*Block
}

// agrees reports whether the edge p → t can become an edge from the head:
// t gets the same φ values from p as from the chain block already
// branching to it, if any.
func (ch *switchChain) agrees(p, t *Block) bool {
	q, ok := ch.from[t]
	if !ok || q == p {
		return true
	}
	for _, phi := range t.Phis() {
		if phi.IncomingFor(p) != phi.IncomingFor(q) {
			return false
		}
	}
	return true
}

// edge records p → t, the switch's target i, for the φs of t.
func (ch *switchChain) edge(p, t *Block, i int) {
	switch _, ok := ch.from[t]; {
	case !ok:
		ch.from[t] = p
	case !ch.agrees(p, t):
		ch.splits[i] = p
	}
}

// interiorTest reports whether b may continue the chain of ch after
// pred: b only tests ch.x, and its only predecessor is pred.
func (ch *switchChain) interiorTest(b, pred *Block, uses []int32) bool {
	if b == ch.head || len(b.Preds) != 1 || b.Pred(0) != pred || len(b.Instrs) != 2 {
		return false
	}
	cmp := b.Instrs[0]
	if cmp.Op != OpICmp || uses[cmp.ID] != 1 {
		return false
	}
	x, _, eq, ne, ok := caseTest(b)
	return ok && x == ch.x && eq != b && ne != b
}

// formSwitch collects the chain that starts at h and, when it is long
// enough, rewrites it into a switch at the end of h, marking the chain's
// other blocks dead. first lists the constants tested before h, whose
// values never get to h.
func formSwitch(h *Block, first []int64, uses []int32, dead []bool) bool {
	x, c, eq, ne, ok := caseTest(h)
	if !ok {
		return false
	}
	f := h.Func
	ch := &switchChain{head: h, x: x, from: map[*Block]*Block{}, taken: map[int64]bool{}, splits: map[int]*Block{}}
	for _, c := range first {
		ch.taken[c] = true // tested before h: never here
	}
	addCase := func(p *Block, c int64, eq *Block) {
		if ch.taken[c] {
			return // an earlier test of the chain catches c
		}
		ch.taken[c] = true
		ch.cases = append(ch.cases, f.Const(x.Type, c))
		ch.targets = append(ch.targets, eq)
		ch.edge(p, eq, len(ch.targets))
	}
	addCase(h, c, eq)
	chain := []*Block{h}
	last := h
	for ch.interiorTest(ne, last, uses) {
		b := ne
		_, c, eq, ne, _ = caseTest(b)
		addCase(b, c, eq)
		chain = append(chain, b)
		last = b
	}
	if len(ch.cases) < minSwitchCases {
		return false
	}
	ch.edge(last, ne, 0)
	targets := append([]*Block{ne}, ch.targets...)
	// Each exit's φ arguments are those of the chain block whose edge it
	// replaces. An edge whose φ values differ from its target's other
	// edges' goes through a block of its own, which takes the values of
	// its chain block (LLVM's SimplifyCFG stops the fold there instead;
	// GCC's if-to-switch makes such blocks too): LLVM wants the entries of
	// one block in a φ to agree.
	args := make([][]*Value, len(targets))
	for i, to := range targets {
		p := ch.splits[i]
		if p == nil {
			for _, phi := range to.Phis() {
				args[i] = append(args[i], phi.IncomingFor(ch.from[to]))
			}
			continue
		}
		e := f.NewBlock(p.Name + ".case")
		jump := f.NewValue(OpBr, Void, "")
		jump.SetOrigin(p.Term())
		e.Append(jump)
		e.AddEdgeTo(to)
		for _, phi := range to.Phis() {
			phi.AddArg(phi.IncomingFor(p))
		}
		targets[i] = e
	}
	for _, b := range chain[1:] {
		dead[b.ID] = true // unreachable now: RemoveUnreachable drops them and their edges
	}
	t := h.Term()
	t.Op = OpSwitch
	t.Args = append([]*Value{x}, ch.cases...)
	h.RemoveSuccs()
	for i, to := range targets {
		h.AddEdgeTo(to)
		for k, phi := range to.Phis() {
			phi.AddArg(args[i][k])
		}
	}
	return true
}
