package backend

import (
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// An endless loop of blocks that only jump (Toy's `while true { }`, and a
// loop whose body does nothing) is emitted as a jump to itself: every
// label a branch names is defined. Before, the emitter left every block of
// the cycle out and the link failed on the label.
func TestEmptyEndlessLoops(t *testing.T) {
	for _, ll := range []string{
		`define i64 @spin() {
entry:
  br label %a
a:
  br label %a
}
`,
		`define i64 @spin(i1 %c) {
entry:
  br i1 %c, label %a, label %out
a:
  br label %b
b:
  br label %d
d:
  br label %a
out:
  ret i64 0
}
`,
	} {
		asm := assemble(t, ll)
		defined := map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^(\.L[^:\s]+):`).FindAllStringSubmatch(asm, -1) {
			defined[m[1]] = true
		}
		branches := regexp.MustCompile(`(?m)^\tj[a-z]+\t(\.L\S+)$`).FindAllStringSubmatch(asm, -1)
		if len(branches) == 0 {
			t.Fatalf("no branch in:\n%s", asm)
		}
		for _, m := range branches {
			if !defined[m[1]] {
				t.Errorf("a branch to %s, which is not defined:\n%s", m[1], asm)
			}
		}
		if !strings.Contains(asm, "jmp") {
			t.Errorf("no loop left:\n%s", asm)
		}
	}
}

// jumpChainsByWalks is jumpChains as first written: each walk went on
// through the blocks earlier walks had passed, and each block's end was
// found by following its chain to the end.
func jumpChainsByWalks(f *Func) (laidOut []bool, dest []*Block) {
	laidOut = make([]bool, len(f.Blocks))
	for i, b := range f.Blocks {
		laidOut[b.ID] = i == 0 || b.prologue || !f.onlyJumps(b)
	}
	onChain := make([]int32, len(f.Blocks))
	for i, b := range f.Blocks {
		d := b
		for !laidOut[d.ID] && onChain[d.ID] != int32(i+1) {
			onChain[d.ID] = int32(i + 1)
			d = d.Instrs[len(d.Instrs)-1].Args[0].block()
		}
		laidOut[d.ID] = true
	}
	dest = make([]*Block, len(f.Blocks))
	for _, b := range f.Blocks {
		for d := b; ; {
			if laidOut[d.ID] {
				dest[b.ID] = d
				break
			}
			d = d.Instrs[len(d.Instrs)-1].Args[0].block()
		}
	}
	return laidOut, dest
}

// On random blocks that only jump, into chains that merge, end at blocks
// with code or close on themselves, the blocks laid out and where each
// branch leads are those of the first version.
func TestJumpChainsAsWalks(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for round := range 2000 {
		f := &Func{Name: "f"}
		n := 1 + rng.Intn(30)
		for i := range n {
			f.Blocks = append(f.Blocks, &Block{ID: i, Name: "b"})
		}
		for _, b := range f.Blocks {
			if rng.Intn(3) == 0 {
				b.Instrs = append(b.Instrs, &Instr{Op: opAdd, Size: 8, Args: []Operand{regOp(RAX), immOp(1)}})
			}
			b.Instrs = append(b.Instrs, &Instr{Op: opJmp, Args: []Operand{blockOp(f.Blocks[rng.Intn(n)])}})
		}
		gotLaid, gotDest := f.jumpChains()
		wantLaid, wantDest := jumpChainsByWalks(f)
		if !slices.Equal(gotLaid, wantLaid) || !slices.Equal(gotDest, wantDest) {
			t.Fatalf("round %d: laid out %v, dest %v; want %v, %v", round, gotLaid, gotDest, wantLaid, wantDest)
		}
	}
}
