package backend

// Unlikely blocks out of line: a block that its branch falls into, but
// that the static estimates (middle.BranchProbs, on the branch since
// instruction selection) say runs less often than the branch's other
// successor, moves away, so that the likelier successor falls through —
// the then-side of an if whose test is rarely true, such as bounce's
// `if bx[b] > x_limit { bx[b] = x_limit; ... }` four times an iteration
// in its loop, which laid out in line cost a taken branch each on the path
// that skips them (gcc's and LLVM's block placement put such blocks out
// of line by their edge probabilities: Pettis and Hansen's "Profile
// Guided Code Positioning", PLDI 1990, chains, with static estimates for
// the profile).
//
// The cost counted is taken branches, which front ends fetch at most one
// of a cycle. With p the chance of the block t, x the other successor,
// laid out right after t: in line, the path to x takes the branch, and t
// takes a jump at its end unless it falls into x; out of line, the branch
// to t is taken and so is t's exit, and the path to x falls through:
//
//	in line:      p·[t does not fall into x] + (1-p)
//	out of line:  2p
//
// so t moves when p < 1/2 if it ends with a jump anyway (a test tail
// duplication copied into it), p < 1/3 if it falls into x; no estimate
// (p = 1/2) moves nothing.
//
// Where it goes: a moved block stays in its innermost loop, so that the
// loops stay together (the liveness and the loop splits take a loop's
// blocks as runs of the order), after the loop's last block, where the
// blocks moved before it went: the likely path stays one run. (The loop's
// bottom, which fell out of the loop, then jumps out, once a run of the
// loop.) Outside loops, it goes after the last block that is not cold.
//
// Requires OrderBlocks, LatchesToTop (it moves blocks after them, and
// their loop forest still holds: edges stay, blocks move). Guarantees the
// same edges; IDs are positions again.
//
// The order is kept as a list while blocks move, and the last block of
// each loop and the last block that is not cold as they change, so that
// each move costs the depth of the loops around it: moving each block
// by copying the blocks after it up one, and looking through them for the
// loop's end, made a loop left by 10,000 breaks take 0.9 s.
func (f *Func) MoveUnlikelyBlocks() {
	var node map[*Block]int32
	if f.loops != nil {
		node = make(map[*Block]int32, len(f.loops.blocks))
		for n, b := range f.loops.blocks {
			node[b] = int32(n)
		}
	}
	blocks := f.Blocks
	n := len(blocks)
	if n < 3 {
		return
	}
	// The list: next and prev by position at the start (-1: none), the
	// last block of each loop, and the last that is not cold.
	next, prev := make([]int32, n), make([]int32, n)
	for k := range blocks {
		next[k], prev[k] = int32(k+1), int32(k-1)
	}
	next[n-1] = -1
	var lastIn []int32
	if node != nil {
		lastIn = make([]int32, len(f.loops.Loops))
	}
	lastNotCold := int32(-1)
	innermost := func(b *Block) int32 {
		if node == nil {
			return -1
		}
		return f.loops.Innermost(node[b])
	}
	for k, b := range blocks {
		if !b.isCold() {
			lastNotCold = int32(k)
		}
		for l := innermost(b); l >= 0; l = f.loops.Loops[l].Parent {
			lastIn[l] = int32(k)
		}
	}
	moved := false
	for bi, ti := int32(0), next[0]; ti >= 0 && next[ti] >= 0; {
		xi := next[ti]
		b, t, x := blocks[bi], blocks[ti], blocks[xi]
		if !f.movesOut(b, t, x) {
			bi, ti = ti, xi
			continue
		}
		// Where it goes: after the end of its innermost loop, or of the
		// blocks that are not cold (at or after t, which is in the loop
		// and not cold); nowhere if t is that end.
		li := innermost(t)
		end := lastNotCold
		if li >= 0 {
			end = lastIn[li]
		}
		if end == ti {
			bi, ti = ti, xi
			continue
		}
		next[bi], prev[xi] = xi, bi
		next[ti], prev[ti] = next[end], end
		if next[end] >= 0 {
			prev[next[end]] = ti
		}
		next[end] = ti
		for l := li; l >= 0 && lastIn[l] == end; l = f.loops.Loops[l].Parent {
			lastIn[l] = ti
		}
		if lastNotCold == end {
			lastNotCold = ti
		}
		moved = true
		ti = xi // x is where t was: it may fall into an unlikely block too
	}
	if !moved {
		return
	}
	order := make([]*Block, 0, n)
	for k := int32(0); k >= 0; k = next[k] {
		blocks[k].ID = len(order)
		order = append(order, blocks[k])
	}
	f.Blocks = order
	if f.loops != nil {
		f.left = true
	}
}

// movesOut reports whether t, between b and x in the order, moves out of
// line: b branches to it and to x, and the path to x, made to fall
// through, saves more taken branches than t's moving away costs.
func (f *Func) movesOut(b, t, x *Block) bool {
	if t.isCold() {
		return false
	}
	p, ok := chanceOf(b, t, x)
	if !ok {
		return false
	}
	exit := 0 // t's exit takes a jump where it is
	if n := len(t.Instrs); n == 0 || t.Instrs[n-1].Op != opJmp || t.Instrs[n-1].Args[0].block() != x {
		exit = 1
	} else if len(t.Preds) > 1 {
		return false // the other predecessors' paths through t would take its exit too
	}
	return 2*p < p*exit+(100-p)
}

// chanceOf returns the estimated percentage of the runs of b that go to t,
// when b ends with a two-way branch to t and x with an estimate.
func chanceOf(b, t, x *Block) (int, bool) {
	n := len(b.Instrs)
	if n < 2 || b.Instrs[n-2].Op != opJcc || b.Instrs[n-1].Op != opJmp {
		return 0, false
	}
	jcc, jmp := b.Instrs[n-2], b.Instrs[n-1]
	if jcc.taken == 0 {
		return 0, false
	}
	switch {
	case jcc.Args[0].block() == t && jmp.Args[0].block() == x:
		return int(jcc.taken), true
	case jcc.Args[0].block() == x && jmp.Args[0].block() == t:
		return 100 - int(jcc.taken), true
	}
	return 0, false
}

// turned records that jcc's targets were swapped (its condition negated):
// its estimate is now the other way's.
func (in *Instr) turned() {
	if in.taken != 0 {
		in.taken = 100 - in.taken
	}
}
