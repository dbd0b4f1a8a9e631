package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// emptyBlocks makes a function name, of one parameter (a bool for its
// branches), with n empty blocks.
func emptyBlocks(name string, n int) (*Func, *Value, []*Block) {
	f := NewModule(name+".ll").NewFunc(name, Void)
	cond := f.AddParam(I1, "c")
	blocks := make([]*Block, n)
	for i := range blocks {
		blocks[i] = f.NewBlock("b")
	}
	return f, cond, blocks
}

// randomCFG builds a function of n blocks whose terminators branch at
// random: mostly a few blocks ahead (structured-looking code), sometimes
// anywhere (which makes irreducible loops and unreachable blocks), and, when
// entryPreds is set, sometimes back to the entry.
func randomCFG(rng *rand.Rand, n int, entryPreds bool) *Func {
	f, cond, blocks := emptyBlocks("random", n)
	pick := func(i int) *Block {
		if rng.Intn(4) == 0 {
			j := rng.Intn(n)
			if j == 0 && !entryPreds {
				j = 1 + rng.Intn(n-1)
			}
			return blocks[j]
		}
		return blocks[min(n-1, i+1+rng.Intn(3))]
	}
	bld := NewBuilder(f)
	for i, b := range blocks {
		bld.SetBlock(b)
		switch r := rng.Intn(10); {
		case i == n-1 || r == 0:
			bld.Ret(nil)
		case r < 4:
			bld.Br(pick(i))
		default:
			bld.CondBr(cond, pick(i), pick(i))
		}
	}
	return f
}

// reachableWithout returns, by block ID, the blocks reachable from the
// entry by paths that avoid the block cut (nil: avoid nothing).
func reachableWithout(f *Func, cut *Block) []bool {
	seen := make([]bool, f.NumBlocks())
	if f.Entry() == cut {
		return seen
	}
	work := []*Block{f.Entry()}
	seen[f.Entry().ID] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range b.SuccBlocks() {
			if s != cut && !seen[s.ID] {
				seen[s.ID] = true
				work = append(work, s)
			}
		}
	}
	return seen
}

func TestReversePostorder(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 2000; iter++ {
		f := randomCFG(rng, 2+rng.Intn(30), iter%2 == 0)
		rpo := ReversePostorder(f)
		reach := reachableWithout(f, nil)
		pos := make([]int, f.NumBlocks())
		for i := range pos {
			pos[i] = -1
		}
		for i, b := range rpo {
			if pos[b.ID] >= 0 {
				t.Fatalf("%s appears twice in RPO", b)
			}
			pos[b.ID] = i
		}
		for _, b := range f.Blocks {
			if reach[b.ID] != (pos[b.ID] >= 0) {
				t.Fatalf("%s: reachable %v but RPO position %d", b, reach[b.ID], pos[b.ID])
			}
		}
		if rpo[0] != f.Entry() {
			t.Fatalf("RPO starts at %s", rpo[0])
		}
		// Every block but the entry has a predecessor earlier in RPO (its
		// depth-first tree parent).
		for _, b := range rpo[1:] {
			if !slices.ContainsFunc(b.PredBlocks(), func(p *Block) bool { return pos[p.ID] >= 0 && pos[p.ID] < pos[b.ID] }) {
				t.Fatalf("%s has no predecessor before it in RPO", b)
			}
		}
	}
}
