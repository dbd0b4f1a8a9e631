package backend

import "toyc/middle/diag"

// Loop tops: a latch that nothing falls into moves above its loop's
// header, so that its back edge falls through (LLVM's MachineBlockPlacement,
// findBestLoopTop: "a latch block with no conditional exit ... will always
// result in an unconditional jump, it's worth moving it to the top of the
// loop"). The shape is a loop whose body ends with an if without else:
//
//	for w = cap; w >= wi; w -= 1 { if best[w-wi]+vi > best[w] { ... } }
//
// Tail duplication gave both the then-side and the other edge's latch
// (w -= 1) a copy of the loop test. The then-side falls out of the test
// above it and branches back: one taken branch. The latch is reached by
// the test's branch and branches back from there: two taken branches an
// iteration on the path that skips the then-side. Laid out above the
// header, the latch falls into it (its exit test inverted), and every path
// takes one branch an iteration; the block before the loop, which fell into
// the header, jumps to it instead, once per entry. Front ends fetch at most
// one taken branch a cycle: knapsack's DP loop (the skip path 90% of the
// iterations) ran 1.2-2x slower in the two-branch layout, which gcc's
// -O2 also has, than in LLVM's one-branch layout that this gives.
//
// Only a loop whose header is its first block in the layout (the rotated
// loops of tail duplication; rotateLoops' loops have their header at the
// bottom) is changed, with its first latch in the forest's order that ends
// with a jump back or a two-way branch back and out of the loop, and that
// no block falls into (moving a block that something falls into would cost
// that block a jump). A loop's blocks stay within the positions they had,
// so the loops around it stay together.
//
// Requires OrderBlocks (its order and the loop forest it leaves); passes
// the forest on to SplitLoopExits (edges stay, blocks move). Guarantees
// the same edges; a moved latch's final jump is its back edge, so that the
// exit edge's block, if it gets code, goes elsewhere than between it and
// the header.
func (f *Func) LatchesToTop() {
	ol := f.loops
	if ol == nil {
		return // no loops
	}
	f.left = true
	node := make(map[*Block]int32, len(ol.blocks))
	for n, b := range ol.blocks {
		node[b] = int32(n)
	}
	for li := range ol.Loops {
		l := &ol.Loops[li]
		h := ol.blocks[l.Header]
		if h.ID == 0 {
			continue // the entry stays first
		}
		first := true
		ol.Nodes(int32(li), func(n int32) { first = first && ol.blocks[n].ID >= h.ID })
		if !first {
			continue
		}
		for _, t := range l.Latches {
			b := ol.blocks[t]
			inside := func(x *Block) bool { return ol.Contains(int32(li), node[x]) }
			if b == h || runsInto(f.Blocks[b.ID-1], b, sameBlock) || !backAndOut(b, h, inside) {
				continue
			}
			top, at := h.ID, b.ID
			quietEntryJump(f.Blocks[top-1], h)
			copy(f.Blocks[top+1:at+1], f.Blocks[top:at])
			f.Blocks[top] = b
			for i := top; i <= at; i++ {
				f.Blocks[i].ID = i
			}
			break
		}
	}
}

// backAndOut reports whether latch b ends with a jump to header h, or a
// two-way branch to h and out of the loop (inside tells the loop's
// blocks); the branch is then turned so that the jump goes to h.
func backAndOut(b, h *Block, inside func(*Block) bool) bool {
	n := len(b.Instrs)
	if n == 0 || b.Instrs[n-1].Op != opJmp {
		return false
	}
	jmp := b.Instrs[n-1]
	if n == 1 || b.Instrs[n-2].Op != opJcc {
		return jmp.Args[0].block() == h
	}
	jcc := b.Instrs[n-2]
	then, els := jcc.Args[0].block(), jmp.Args[0].block()
	switch {
	case els == h && then != h && !inside(then):
	case then == h && els != h && !inside(els):
		jcc.Cond = jcc.Cond.Negate()
		jcc.turned()
		jcc.Args[0].setBlock(els)
		jmp.Args[0].setBlock(then)
	default:
		return false
	}
	return true
}

// quietEntryJump takes the source position off the jump to header h that
// ends pre, the block before the loop, which used to fall into h and now
// jumps over the moved latch: the jump is layout, not the loop test's
// code, and with the test's line it would start a line-table row of the
// test ahead of the loop, where a debugger's breakpoint on that line would
// stop on each entry (and the latch, which runs the test, would continue
// that row rather than start its own). With none, it stays in the row of
// the code before it, as the fall-through it replaces did.
func quietEntryJump(pre, h *Block) {
	n := len(pre.Instrs)
	if n >= 2 && pre.Instrs[n-2].Op == opJcc {
		return
	}
	if jmp := pre.Instrs[n-1]; jmp.Op == opJmp && jmp.Args[0].block() == h {
		jmp.Pos = diag.Pos{}
	}
}
