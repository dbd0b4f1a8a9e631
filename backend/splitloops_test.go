package backend

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"toyc/middle"
	"toyc/middle/diag"
)

// loopSplitLL computes k early, keeps fifteen values live at once (more
// than there are registers), runs a long chain of arithmetic and then uses
// k in a loop, where little else is live: linear scan spills k, whose
// interval is long for its few uses, and split at the loop it is loaded
// once, before the loop.
func loopSplitLL() string {
	var b strings.Builder
	b.WriteString("define i64 @f(i64 %a, i64 %n) {\nentry:\n  %k = mul i64 %a, 7\n")
	for j := range 15 {
		fmt.Fprintf(&b, "  %%x%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  %s0 = add i64 %x0, 0\n")
	for j := 1; j < 15; j++ {
		fmt.Fprintf(&b, "  %%s%d = xor i64 %%s%d, %%x%d\n", j, j-1, j)
	}
	for j := range 100 {
		fmt.Fprintf(&b, "  %%c%d = mul i64 %%s%d, 3\n  %%s%d = add i64 %%c%d, 1\n", j, 14+j, 15+j, j)
	}
	b.WriteString("  br label %loop\nloop:\n" +
		"  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]\n" +
		"  %acc = phi i64 [ %s114, %entry ], [ %acc.1, %loop ]\n" +
		"  %t = mul i64 %acc, %k\n  %acc.1 = add i64 %t, %i\n" +
		"  %i.1 = add i64 %i, 1\n  %more = icmp slt i64 %i.1, %n\n  br i1 %more, label %loop, label %done\n" +
		"done:\n  %r = add i64 %acc.1, %k\n  ret i64 %r\n}\n")
	return b.String()
}

func TestSplitAroundLoops(t *testing.T) {
	ll := loopSplitLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int main(void) {
	int64_t a = 12345, s = 0, acc;
	for (int j = 0; j < 15; j++) s ^= a * (3 + 2 * j);
	for (int j = 0; j < 100; j++) s = s * 3 + 1;
	acc = s;
	for (int64_t i = 0; i < 1000; i++) acc = acc * (a * 7) + i;
	printf("%ld\n", f(a, 1000) == acc + a * 7);
}
`, "1\n")
	asm := assemble(t, ll)
	text := functionText(asm, "f")
	loop := asm[strings.Index(asm, "\n.Lf.loop:"):]
	loop = loop[:strings.Index(loop, "\tjl\t.Lf.loop")]
	if strings.Contains(loop, "(%rsp)") {
		t.Errorf("the loop touches the stack:\n%s", text)
	}
	if !strings.Contains(text, "(%rsp)") {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", text)
	}
}

// TestSplitLoopEntryCopyLine: the copy that loads k into the loop's
// register runs once, at the end of the block entering the loop, and has
// that block's line: with the line of the loop's first instruction (the
// loop rotated, its body's first line), gdb's breakpoint on that line,
// one to a lexical block at its lowest address, went on the copy and
// stopped once before the loop and never in it (the debug differential's
// seed 5400273).
func TestSplitLoopEntryCopyLine(t *testing.T) {
	m, errs := middle.ParseModule("test.ll", []byte(loopSplitLL()))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	loopLines := map[int]bool{}
	for _, b := range m.Funcs[0].Blocks {
		for i, v := range b.Instrs {
			v.Pos = diag.Pos{Line: 1 + i, Col: 1}
			if b.Name == "loop" {
				v.Pos.Line += 1000
				loopLines[v.Pos.Line] = true
			}
		}
	}
	fs, err := compileFuncs(m)
	if err != nil {
		t.Fatal(err)
	}
	loads := 0
	for _, b := range fs[0].Blocks {
		if b.Name == "loop" {
			continue
		}
		for _, in := range b.Instrs {
			// Out-of-SSA's copies for the loop's φs have the φs'
			// lines, but none loads from memory.
			if in.Op != opMov || in.Args[0].Kind != KindReg || in.Args[1].Kind != KindMem {
				continue
			}
			loads++
			if loopLines[in.Pos.Line] {
				t.Errorf("block %s, before the loop, has a load with the loop's line %d:\n%s", b.Name, in.Pos.Line, fs[0])
			}
		}
	}
	if loads == 0 {
		t.Errorf("nothing is loaded before the loop; the test needs k spilled:\n%s", fs[0])
	}
}

// irreducibleLL is loopSplitLL with a second entry into its loop, past its
// header, from a block of its own.
func irreducibleLL() string {
	ll := loopSplitLL()
	ll = strings.Replace(ll, "  br label %loop\nloop:\n", "  %odd = and i64 %n, 1\n  %side = icmp eq i64 %odd, 1\n  br i1 %side, label %pre1, label %pre2\n"+
		"pre1:\n  br label %loop\npre2:\n  br label %back\nloop:\n", 1)
	ll = strings.Replace(ll, "[ 0, %entry ], [ %i.1, %loop ]", "[ 0, %pre1 ], [ %i.1, %back ]", 1)
	ll = strings.Replace(ll, "[ %s114, %entry ], [ %acc.1, %loop ]", "[ %s114, %pre1 ], [ %acc.1, %back ]", 1)
	ll = strings.Replace(ll, "  %i.1 = add i64 %i, 1\n", "  br label %back\nback:\n"+
		"  %i.b = phi i64 [ %i, %loop ], [ 5, %pre2 ]\n  %acc.b = phi i64 [ %acc.1, %loop ], [ %s114, %pre2 ]\n"+
		"  %u = mul i64 %acc.b, %k\n  %acc.2 = xor i64 %u, %i.b\n  %i.1 = add i64 %i.b, 1\n", 1)
	ll = strings.Replace(ll, "[ %acc.1, %back ]", "[ %acc.2, %back ]", 1)
	ll = strings.Replace(ll, "done:\n  %r = add i64 %acc.1, %k", "done:\n  %r = add i64 %acc.2, %k", 1)
	return ll
}

// TestSplitAroundIrreducibleLoop: a copy before the header of an
// irreducible loop would not run on the path through its second entry, so
// k must not be split there (the checker and the output tell).
func TestSplitAroundIrreducibleLoop(t *testing.T) {
	ll := irreducibleLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int64_t model(int64_t a, int64_t n) {
	int64_t s = 0, k = a * 7, i = 0, acc;
	for (int j = 0; j < 15; j++) s ^= a * (3 + 2 * j);
	for (int j = 0; j < 100; j++) s = s * 3 + 1;
	acc = s;
	if (n & 1) goto loop;
	i = 5;
	goto back;
loop:
	acc = acc * k + i;
back:
	acc = (acc * k) ^ i;
	i++;
	if (i < n) goto loop;
	return acc + k;
}
int main(void) {
	printf("%d %d\n", f(12345, 1001) == model(12345, 1001), f(12345, 1000) == model(12345, 1000));
}
`, "1 1\n")
}

// loopWriteSplitLL keeps seven values live across a call after a loop (one
// more than there are callee-saved registers): six invariants the loop
// reads three times per iteration each, and a sum it adds to once.
// Linear scan spills the sum, the cheapest, whose interval runs from
// before the loop to past the call, and does not split it around the
// call, its copies would run in the loop. The caller-saved registers are
// free in the loop: split for its writes, the sum lives in one there and
// is stored once per iteration at the exit, not reloaded and stored.
func loopWriteSplitLL() string {
	var b strings.Builder
	b.WriteString("declare i64 @ext(i64)\n\ndefine i64 @f(i64 %a, i64 %n) {\nentry:\n")
	for j := range 6 {
		fmt.Fprintf(&b, "  %%k%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  br label %loop\nloop:\n" +
		"  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]\n" +
		"  %s = phi i64 [ 1, %entry ], [ %s.1, %loop ]\n  %u0 = add i64 %i, 0\n")
	for j := range 6 {
		fmt.Fprintf(&b, "  %%t%d = mul i64 %%u%d, %%k%d\n  %%w%d = xor i64 %%t%d, %%k%d\n  %%u%d = add i64 %%w%d, %%k%d\n", j, j, j, j, j, j, j+1, j, j)
	}
	b.WriteString("  %s.1 = add i64 %s, %u6\n" +
		"  %i.1 = add i64 %i, 1\n  %more = icmp slt i64 %i.1, %n\n  br i1 %more, label %loop, label %done\n" +
		"done:\n  %c = call i64 @ext(i64 %a)\n  %r0 = add i64 %c, %s.1\n")
	for j := range 6 {
		fmt.Fprintf(&b, "  %%r%d = xor i64 %%r%d, %%k%d\n", j+1, j, j)
	}
	b.WriteString("  ret i64 %r6\n}\n")
	return b.String()
}

func TestSplitAroundLoopsForWrites(t *testing.T) {
	ll := loopWriteSplitLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int64_t ext(int64_t x) { return x * 5 + 3; }
int64_t model(int64_t a, int64_t n) {
	int64_t k[6], s = 1, i = 0;
	for (int j = 0; j < 6; j++) k[j] = a * (3 + 2 * j);
	do {
		int64_t u = i;
		for (int j = 0; j < 6; j++) u = ((u * k[j]) ^ k[j]) + k[j];
		s += u;
		i++;
	} while (i < n);
	int64_t r = ext(a) + s;
	for (int j = 0; j < 6; j++) r ^= k[j];
	return r;
}
int main(void) {
	printf("%d %d\n", f(12345, 1000) == model(12345, 1000), f(-7, 3) == model(-7, 3));
}
`, "1 1\n")
	asm := assemble(t, ll)
	text := functionText(asm, "f")
	loop := asm[strings.Index(asm, "\n.Lf.loop:"):]
	loop = loop[:strings.Index(loop, "\tjl\t.Lf.loop")]
	if n := strings.Count(loop, "(%rsp)"); n > 1 {
		t.Errorf("the loop touches the stack %d times, want at most one store:\n%s", n, text)
	}
	if !strings.Contains(text, "(%rsp)") {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", text)
	}
}

// wideLoopLL has a loop carrying sixteen values, each written once per
// iteration from its neighbour and all summed after the loop: more than
// there are registers, in the loop itself, so whichever are spilled there
// would be spilled as well in registers of their own for the loop.
func wideLoopLL() string {
	const n = 16
	var b strings.Builder
	b.WriteString("define i64 @f(i64 %a, i64 %n) {\nentry:\n")
	for j := range n {
		fmt.Fprintf(&b, "  %%x%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  br label %loop\nloop:\n  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]\n")
	for j := range n {
		fmt.Fprintf(&b, "  %%a%d = phi i64 [ %%x%d, %%entry ], [ %%b%d, %%loop ]\n", j, j, j)
	}
	for j := range n {
		fmt.Fprintf(&b, "  %%t%d = xor i64 %%a%d, %%i\n  %%b%d = add i64 %%a%d, %%t%d\n", j, (j+1)%n, j, j, j)
	}
	b.WriteString("  %i.1 = add i64 %i, 1\n  %more = icmp slt i64 %i.1, %n\n  br i1 %more, label %loop, label %done\ndone:\n  %s0 = add i64 %b0, 0\n")
	for j := 1; j < n; j++ {
		fmt.Fprintf(&b, "  %%s%d = mul i64 %%s%d, %%b%d\n", j, j-1, j)
	}
	fmt.Fprintf(&b, "  ret i64 %%s%d\n}\n", n-1)
	return b.String()
}

var loopWritten = regexp.MustCompile(`^%[ab][0-9]+$`)

// TestNoSplitForWritesInAWideLoop: the loop has no register to spare, so
// no value is split for its writes there, only to be spilled again.
func TestNoSplitForWritesInAWideLoop(t *testing.T) {
	ll := wideLoopLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int64_t model(int64_t a, int64_t n) {
	int64_t x[16], y[16];
	for (int j = 0; j < 16; j++) x[j] = a * (3 + 2 * j);
	for (int64_t i = 0; i < n; i++) {
		for (int j = 0; j < 16; j++) y[j] = x[j] + (x[(j + 1) % 16] ^ i);
		for (int j = 0; j < 16; j++) x[j] = y[j];
	}
	int64_t s = x[0];
	for (int j = 1; j < 16; j++) s *= x[j];
	return s;
}
int main(void) {
	printf("%d %d\n", f(12345, 1000) == model(12345, 1000), f(-7, 1) == model(-7, 1));
}
`, "1 1\n")
	_, fs := stages(t, ll)
	f := fs[0]
	spilled := 0
	for i := range f.vregs {
		vi := &f.vregs[i]
		if vi.slot != nil {
			spilled++
		}
		if vi.split != splitAtLoop {
			continue
		}
		from := vi
		for from.splitOf != NoReg {
			from = f.vreg(from.splitOf)
		}
		// The loop's φs and sums, %aN and %bN, are the values it writes.
		if from.origin != nil && loopWritten.MatchString(from.origin.String()) {
			t.Errorf("%s was split for the loop, which writes it:\n%s", vregName(FirstVReg+Reg(i)), f)
		}
	}
	if spilled == 0 {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", f)
	}
}

// TestNoSplitForWritesTakenFromMemory: loopWriteSplitLL with the sum
// updated by an xor, which x86 does on the spill slot itself (xorq %r,
// 48(%rsp)): spilled, the sum costs the loop nothing more, and a register
// for it would cost the copy back on the latch's exit.
func TestNoSplitForWritesTakenFromMemory(t *testing.T) {
	ll := strings.Replace(loopWriteSplitLL(), "%s.1 = add i64 %s, %u6", "%s.1 = xor i64 %s, %u6", 1)
	expect(t, ll, `int64_t f(int64_t, int64_t);
int64_t ext(int64_t x) { return x * 5 + 3; }
int64_t model(int64_t a, int64_t n) {
	int64_t k[6], s = 1, i = 0;
	for (int j = 0; j < 6; j++) k[j] = a * (3 + 2 * j);
	do {
		int64_t u = i;
		for (int j = 0; j < 6; j++) u = ((u * k[j]) ^ k[j]) + k[j];
		s ^= u;
		i++;
	} while (i < n);
	int64_t r = ext(a) + s;
	for (int j = 0; j < 6; j++) r ^= k[j];
	return r;
}
int main(void) {
	printf("%d %d\n", f(12345, 1000) == model(12345, 1000), f(-7, 3) == model(-7, 3));
}
`, "1 1\n")
	_, fs := stages(t, ll)
	f := fs[0]
	for i := range f.vregs {
		vi := &f.vregs[i]
		if vi.split != splitAtLoop {
			continue
		}
		from := vi
		for from.splitOf != NoReg {
			from = f.vreg(from.splitOf)
		}
		if from.origin != nil && strings.HasPrefix(from.origin.String(), "%s") {
			t.Errorf("%s was split for the loop, which updates it in memory:\n%s", vregName(FirstVReg+Reg(i)), f)
		}
	}
	asm := assemble(t, ll)
	loop := asm[strings.Index(asm, "\n.Lf.loop:"):]
	loop = loop[:strings.Index(loop, "\tjl\t.Lf.loop")]
	if !strings.Contains(loop, "xorq\t%") || !strings.Contains(loop, "(%rsp)") {
		t.Errorf("the sum is not updated in its slot:\n%s", functionText(asm, "f"))
	}
}

// What touchesOf records of each register in each block is what looking
// through the block says: the spill code of its instructions for the
// register (spillCode), and whether it is live into the block
// (liveness.liveInto's walk), on random blocks of moves, arithmetic and
// compares of virtual registers, immediates and memory addressed by them,
// for every register as a candidate.
func TestTouchesAsScan(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	for round := range 300 {
		f := &Func{Name: "f"}
		nregs := 1 + rng.Intn(10)
		var regs []Reg
		for range nregs {
			regs = append(regs, f.newVReg(uint8(4+4*rng.Intn(2))))
		}
		reg := func() Operand { return regOp(regs[rng.Intn(nregs)]) }
		mem := func() Operand {
			return Operand{Kind: KindMem, Base: regs[rng.Intn(nregs)], Index: NoReg, Imm: int64(8 * rng.Intn(4))}
		}
		src := func() Operand {
			switch rng.Intn(3) {
			case 0:
				return immOp(int64(rng.Intn(100)))
			case 1:
				return mem()
			}
			return reg()
		}
		nb := 1 + rng.Intn(6)
		for i := range nb {
			b := &Block{ID: i, Name: "b"}
			for range rng.Intn(12) {
				var in *Instr
				switch rng.Intn(4) {
				case 0:
					in = &Instr{Op: opMov, Size: 8, Args: []Operand{reg(), src()}}
				case 1:
					in = &Instr{Op: opMov, Size: 8, Args: []Operand{mem(), reg()}}
				case 2:
					in = &Instr{Op: opAdd, Size: 8, Args: []Operand{reg(), src()}}
				default:
					in = &Instr{Op: opCmp, Size: 8, Args: []Operand{reg(), src()}}
				}
				b.Instrs = append(b.Instrs, in)
			}
			f.Blocks = append(f.Blocks, b)
		}
		candOf := make([]int32, f.NumVRegs())
		for i, r := range regs {
			candOf[r-FirstVReg] = int32(i + 1)
		}
		_, _, touches := f.touchesOf(regs, candOf)
		for c, v := range regs {
			byBlock := map[*Block]regTouch{}
			for _, t := range touches[c] {
				if _, dup := byBlock[t.block]; dup {
					t.block.Name = "twice"
				}
				byBlock[t.block] = t
			}
			for _, b := range f.Blocks {
				spill, first := 0, int8(0)
				for _, in := range b.Instrs {
					spill += f.spillCode(in, v)
					read, written := false, false
					in.forEachUse(func(r Reg) { read = read || r == v })
					in.forEachDef(func(r Reg) { written = written || r == v })
					if first == 0 && read {
						first = touchRead
					} else if first == 0 && written {
						first = touchWritten
					}
				}
				got, ok := byBlock[b]
				if b.Name == "twice" || ok != (first != 0) || got.first != first || int(got.spill) != spill {
					t.Fatalf("round %d, %v in block %d: recorded %+v (%v), the block says spill %d, first %d", round, v, b.ID, got, ok, spill, first)
				}
			}
		}
	}
}
