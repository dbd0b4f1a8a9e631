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
func (f *Func) MoveUnlikelyBlocks() {
	var node map[*Block]int32
	if f.loops != nil {
		node = make(map[*Block]int32, len(f.loops.blocks))
		for n, b := range f.loops.blocks {
			node[b] = int32(n)
		}
	}
	moved := false
	for i := 1; i+1 < len(f.Blocks); i++ {
		b, t, x := f.Blocks[i-1], f.Blocks[i], f.Blocks[i+1]
		if t.isCold() {
			continue
		}
		p, ok := chanceOf(b, t, x)
		if !ok {
			continue
		}
		exit := 0 // t's exit takes a jump where it is
		if n := len(t.Instrs); n == 0 || t.Instrs[n-1].Op != opJmp || t.Instrs[n-1].Args[0].block() != x {
			exit = 1
		} else if len(t.Preds) > 1 {
			continue // the other predecessors' paths through t would take its exit too
		}
		if 2*p >= p*exit+(100-p) {
			continue
		}
		to := f.outOfLine(i, node)
		if to <= i {
			continue
		}
		copy(f.Blocks[i:to], f.Blocks[i+1:to+1])
		f.Blocks[to] = t
		for k := i; k <= to; k++ {
			f.Blocks[k].ID = k
		}
		moved = true
		i-- // x is now at i: it may fall into an unlikely block too
	}
	if moved && f.loops != nil {
		f.left = true
	}
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

// outOfLine returns the position the block at i moves to (it is removed
// from i and placed at the returned position, the blocks between moving
// up one): the end of its innermost loop, or of the function's blocks
// that are not cold.
func (f *Func) outOfLine(i int, node map[*Block]int32) int {
	li := int32(-1)
	if node != nil {
		li = f.loops.Innermost(node[f.Blocks[i]])
	}
	last := i
	for k := i + 1; k < len(f.Blocks); k++ {
		b := f.Blocks[k]
		if li < 0 && !b.isCold() || li >= 0 && f.loops.Contains(li, node[b]) {
			last = k
		}
	}
	return last
}

// turned records that jcc's targets were swapped (its condition negated):
// its estimate is now the other way's.
func (in *Instr) turned() {
	if in.taken != 0 {
		in.taken = 100 - in.taken
	}
}
