package middle

// The control-flow graph is implicit in the terminators (successors) and in
// Block.Preds (predecessors, rebuilt by Func.ComputePreds). This file adds the
// block order every forward analysis wants: reverse postorder of a depth-first
// search from the entry, which visits a block before its successors except
// along retreating edges. The search is iterative so that a function with a
// hundred thousand blocks cannot overflow the goroutine stack.

// ReversePostorder returns the blocks reachable from the entry in reverse
// postorder. Successors are explored in terminator order, so the order is
// deterministic.
func ReversePostorder(f *Func) []*Block {
	if f.IsDecl() {
		return nil
	}
	type frame struct {
		b    *Block
		next int // index of the next successor to explore
	}
	visited := make([]bool, f.NumBlocks())
	post := make([]*Block, 0, len(f.Blocks))
	stack := []frame{{b: f.Entry()}}
	visited[f.Entry().ID] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Succs()
		if top.next < len(succs) {
			s := succs[top.next]
			top.next++
			if !visited[s.ID] {
				visited[s.ID] = true
				stack = append(stack, frame{b: s})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// uniqueSuccs calls visit once per distinct successor of b: a conditional
// branch whose two targets are equal is one CFG edge, as in ComputePreds.
func uniqueSuccs(b *Block, visit func(s *Block)) {
	succs := b.Succs()
	for i, s := range succs {
		if i == 1 && succs[0] == s {
			continue
		}
		visit(s)
	}
}

// orderPhiEntries sorts the entries of b's φs into the order of b.Preds,
// the order a reader (and LLVM's printer) expects after a pass has added and
// removed entries. Every φ must have one entry per predecessor; predPos is
// scratch space indexed by Block.ID.
func orderPhiEntries(b *Block, predPos []int) {
	for i, pred := range b.Preds {
		predPos[pred.ID] = i
	}
	for _, phi := range b.Phis() {
		args := make([]*Value, len(phi.Args))
		incoming := make([]*Block, len(phi.Incoming))
		for i, pred := range phi.Incoming {
			args[predPos[pred.ID]], incoming[predPos[pred.ID]] = phi.Args[i], pred
		}
		phi.Args, phi.Incoming = args, incoming
	}
}
