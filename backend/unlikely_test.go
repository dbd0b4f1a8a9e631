package backend

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// bounce's loop: two tests whose then-sides are unlikely (a store after x
// > 500; x < 0) and one that nothing tells about. The unlikely then-sides
// leave the path through the loop, which then falls through every test
// and takes one branch an iteration, its back edge; the even one stays
// where the branch falls into it.
const clampLL = `
define i64 @clamp(ptr %a, ptr %v, i64 %n, i64 %k) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.2, %latch ]
  %p = getelementptr i64, ptr %a, i64 %i
  %q = getelementptr i64, ptr %v, i64 %i
  %x.0 = load i64, ptr %p
  %dx = load i64, ptr %q
  %x = add i64 %x.0, %dx
  store i64 %x, ptr %p
  %big = icmp sgt i64 %x, 500
  br i1 %big, label %high, label %mid
high:
  store i64 500, ptr %p
  br label %mid
mid:
  %y = load i64, ptr %p
  %neg = icmp slt i64 %y, 0
  br i1 %neg, label %low, label %even
low:
  store i64 0, ptr %p
  br label %even
even:
  %e = icmp sgt i64 %y, %k
  br i1 %e, label %over, label %latch
over:
  %s.1 = add i64 %s, %y
  store i64 %s.1, ptr %a
  br label %latch
latch:
  %s.2 = phi i64 [ %s, %even ], [ %s.1, %over ]
  %i.1 = add i64 %i, 1
  %more = icmp slt i64 %i.1, %n
  br i1 %more, label %body, label %done
done:
  ret i64 %s.2
}
`

func TestUnlikelyBlocksOutOfLine(t *testing.T) {
	for _, level := range []int{1, 2} {
		asm := assembleAt(t, clampLL, level)
		at := func(label string) int {
			i := strings.Index(asm, "\n.Lclamp."+label+":\n")
			if i < 0 {
				t.Fatalf("-O%d: no block %s:\n%s", level, label, asm)
			}
			return i
		}
		body, mid, even, over := at("body"), at("mid"), at("even"), at("over")
		high, low := at("high"), at("low")
		if !(body < mid && mid < even && even < over) {
			t.Errorf("-O%d: the likely path is not in order body, mid, even, over:\n%s", level, asm)
		}
		if high < over || low < over {
			t.Errorf("-O%d: an unlikely then-side is not out of line, after the loop's other blocks:\n%s", level, asm)
		}
		// The tests branch out to the unlikely sides and fall through
		// otherwise.
		if seg := asm[body : even+1]; !strings.Contains(seg, "\tjg\t.Lclamp.high\n") || !strings.Contains(seg, "\tjl\t.Lclamp.low\n") || strings.Contains(seg, "jmp") {
			t.Errorf("-O%d: the tests do not branch to the then-sides and fall through:\n%s", level, seg)
		}
	}
	// At -O0 nothing is estimated, and the then-sides stay in line.
	asm := assembleAt(t, clampLL, 0)
	if h, m := strings.Index(asm, "\n.Lclamp.high:\n"), strings.Index(asm, "\n.Lclamp.mid:\n"); h < 0 || m < 0 || h > m {
		t.Errorf("-O0: the then-side moved:\n%s", asm)
	}
}

// moveUnlikelyByShifting is MoveUnlikelyBlocks as it was first written:
// each block moved by shifting the blocks after it up one, its place
// found by looking through them. The list version must move the same
// blocks to the same places.
func moveUnlikelyByShifting(f *Func) {
	var node map[*Block]int32
	if f.loops != nil {
		node = make(map[*Block]int32, len(f.loops.blocks))
		for n, b := range f.loops.blocks {
			node[b] = int32(n)
		}
	}
	outOfLine := func(i int) int {
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
	for i := 1; i+1 < len(f.Blocks); i++ {
		b, t, x := f.Blocks[i-1], f.Blocks[i], f.Blocks[i+1]
		if !f.movesOut(b, t, x) {
			continue
		}
		to := outOfLine(i)
		if to <= i {
			continue
		}
		copy(f.Blocks[i:to], f.Blocks[i+1:to+1])
		f.Blocks[to] = t
		for k := i; k <= to; k++ {
			f.Blocks[k].ID = k
		}
		i--
	}
}

// On random CFGs of two-way branches with estimates, jumps, returns and
// cold blocks, in loops nested to any depth or in none, the blocks move
// where the first version moved them.
func TestUnlikelyBlocksAsShifting(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for round := range 1500 {
		n := 3 + rng.Intn(40)
		newFunc := func() *Func {
			f := &Func{Name: "f"}
			for i := range n {
				f.Blocks = append(f.Blocks, &Block{ID: i, Name: fmt.Sprint("b", i)})
			}
			return f
		}
		f, g := newFunc(), newFunc()
		// The same random CFG in both.
		type exit struct {
			kind    int
			to, alt int
			taken   uint8
		}
		exits := make([]exit, n)
		for i := range exits {
			pick := func() int {
				if rng.Intn(3) == 0 {
					return rng.Intn(n) // a back or forward edge anywhere
				}
				return min(n-1, i+1+rng.Intn(3))
			}
			switch r := rng.Intn(10); {
			case i == n-1 || r == 0:
				exits[i] = exit{kind: 0}
			case r == 1:
				exits[i] = exit{kind: 1} // cold
			case r < 4:
				exits[i] = exit{kind: 2, to: pick()}
			default:
				exits[i] = exit{kind: 3, to: pick(), alt: pick(), taken: uint8(1 + rng.Intn(99))}
			}
		}
		for _, h := range []*Func{f, g} {
			for i, b := range h.Blocks {
				link := func(s int) Operand {
					b.Succs = append(b.Succs, h.Blocks[s])
					h.Blocks[s].Preds = append(h.Blocks[s].Preds, b)
					return blockOp(h.Blocks[s])
				}
				switch e := exits[i]; e.kind {
				case 0:
					b.Instrs = append(b.Instrs, &Instr{Op: opRet})
				case 1:
					b.Instrs = append(b.Instrs, &Instr{Op: opUd2})
				case 2:
					b.Instrs = append(b.Instrs, &Instr{Op: opJmp, Args: []Operand{link(e.to)}})
				case 3:
					jcc := &Instr{Op: opJcc, Args: []Operand{link(e.to)}, taken: e.taken}
					b.Instrs = append(b.Instrs, jcc, &Instr{Op: opJmp, Args: []Operand{link(e.alt)}})
				}
			}
			if round%4 != 0 {
				h.loops = &orderedLoops{h.loopForest(), slices.Clone(h.Blocks)}
			}
		}
		f.MoveUnlikelyBlocks()
		moveUnlikelyByShifting(g)
		got, want := make([]string, 0, n), make([]string, 0, n)
		for i := range n {
			if f.Blocks[i].ID != i || g.Blocks[i].ID != i {
				t.Fatalf("round %d: IDs are not positions", round)
			}
			got, want = append(got, f.Blocks[i].Name), append(want, g.Blocks[i].Name)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: order %v, want %v", round, got, want)
		}
	}
}
