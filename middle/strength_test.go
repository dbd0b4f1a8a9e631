package middle

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// for i = 0; i < n; i += 1 { sink(i * m) }: the product becomes a derived
// induction variable stepping by m (1 * m folds to m, 0 * m to 0); i stays,
// the loop test reads it.
func TestStrengthReduceProduct(t *testing.T) {
	checkPass(t, StrengthReduce, `
declare void @sink(i64)
define void @f(i64 %n, i64 %m) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  %p = mul i64 %i, %m
  call void @sink(i64 %p)
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`, `
define void @f(i64 %n, i64 %m) {
entry:
  br label %head
head:
  %p.1 = phi i64 [ 0, %entry ], [ %p.next, %body ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  call void @sink(i64 %p.1)
  %i.1 = add i64 %i, 1
  %p.next = add i64 %p.1, %m
  br label %head
end:
  ret void
}`)
}

// A product on one arm of an if runs on some trips only, while a derived
// variable's addition would run on all of them and hold a register
// across the loop (md5's g = (5*i + 1) % 16 in one round of four): it
// stays a multiplication. The product in the block every trip runs is
// reduced, and a product of a loop nested inside (i * m in the inner
// loop, many times per trip of i's loop) too.
func TestStrengthReduceOnlyEveryTrip(t *testing.T) {
	checkPass(t, StrengthReduce, `
declare void @sink(i64)
define void @f(i64 %n, i64 %m, i64 %k) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  %odd = and i64 %i, 1
  %isodd = icmp ne i64 %odd, 0
  br i1 %isodd, label %arm, label %inner.pre
arm:
  %a = mul i64 %i, 5
  call void @sink(i64 %a)
  br label %latch
inner.pre:
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.pre ], [ %j.1, %inner ]
  %b = mul i64 %i, %m
  call void @sink(i64 %b)
  %j.1 = add i64 %j, 1
  %again = icmp slt i64 %j.1, 4
  br i1 %again, label %inner, label %latch
latch:
  %c = mul i64 %i, %k
  call void @sink(i64 %c)
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`, `
define void @f(i64 %n, i64 %m, i64 %k) {
entry:
  br label %head
head:
  %c.1 = phi i64 [ 0, %entry ], [ %c.next, %latch ]
  %b.1 = phi i64 [ 0, %entry ], [ %b.next, %latch ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  %odd = and i64 %i, 1
  %isodd = icmp ne i64 %odd, 0
  br i1 %isodd, label %arm, label %inner.pre
arm:
  %a = mul i64 %i, 5
  call void @sink(i64 %a)
  br label %latch
inner.pre:
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.pre ], [ %j.1, %inner ]
  call void @sink(i64 %b.1)
  %j.1 = add i64 %j, 1
  %again = icmp slt i64 %j.1, 4
  br i1 %again, label %inner, label %latch
latch:
  call void @sink(i64 %c.1)
  %i.1 = add i64 %i, 1
  %b.next = add i64 %b.1, %m
  %c.next = add i64 %c.1, %k
  br label %head
end:
  ret void
}`)
}

// A counter that only feeds products disappears; its start and step
// become products computed in the preheader (made for the loop, whose
// header was entered from two blocks), shared by the two multiplications
// of k by m; j * 8 becomes a shift instead.
func TestStrengthReduceDeadCounter(t *testing.T) {
	checkPass(t, StrengthReduce, `
declare void @sink(i64)
define void @f(i1 %c, i64 %start, i64 %m) {
entry:
  br i1 %c, label %head, label %other
other:
  br label %head
head:
  %j = phi i64 [ 0, %entry ], [ 1, %other ], [ %j.1, %head ]
  %k = phi i64 [ %start, %entry ], [ %start, %other ], [ %k.1, %head ]
  %p = mul i64 %k, %m
  %q = mul i64 %m, %k
  %r = mul i64 %j, 8
  call void @sink(i64 %p)
  call void @sink(i64 %q)
  call void @sink(i64 %r)
  %j.1 = add i64 %j, 1
  %k.1 = sub i64 %k, 3
  %more = icmp slt i64 %j.1, 10
  br i1 %more, label %head, label %end
end:
  ret void
}`, `
define void @f(i1 zeroext %c, i64 %start, i64 %m) {
entry:
  br i1 %c, label %head.preheader, label %other
other:
  br label %head.preheader
head.preheader:
  %j.2 = phi i64 [ 0, %entry ], [ 1, %other ]
  %p.init = mul i64 %start, %m
  %p.step = mul i64 -3, %m
  br label %head
head:
  %p.1 = phi i64 [ %p.init, %head.preheader ], [ %p.next, %head ]
  %j = phi i64 [ %j.2, %head.preheader ], [ %j.1, %head ]
  %r = shl i64 %j, 3
  call void @sink(i64 %p.1)
  call void @sink(i64 %p.1)
  call void @sink(i64 %r)
  %j.1 = add i64 %j, 1
  %more = icmp slt i64 %j.1, 10
  %p.next = add i64 %p.1, %p.step
  br i1 %more, label %head, label %end
end:
  ret void
}`)
}

// Products by powers of two are shifts, at every width, including the
// most negative constant (2^63 and 2^31 as unsigned numbers); other
// constants, 1 and products outside loops stay.
func TestStrengthReduceShifts(t *testing.T) {
	checkPass(t, StrengthReduce, `
define i64 @f(i64 %x, i32 %y, i8 %z) {
entry:
  %a = mul i64 %x, 8
  %b = mul i64 -9223372036854775808, %x
  %c = mul i32 %y, -2147483648
  %d = mul i8 %z, 64
  %e = mul i64 %x, 6
  %g = mul i64 %x, 1
  %h = mul i64 %x, -8
  %c.1 = sext i32 %c to i64
  %d.1 = sext i8 %d to i64
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c.1
  %s3 = add i64 %s2, %d.1
  %s4 = add i64 %s3, %e
  %s5 = add i64 %s4, %g
  %s6 = add i64 %s5, %h
  ret i64 %s6
}`, `
define i64 @f(i64 %x, i32 %y, i8 %z) {
entry:
  %a = shl i64 %x, 3
  %b = shl i64 %x, 63
  %c = shl i32 %y, 31
  %d = shl i8 %z, 6
  %e = mul i64 %x, 6
  %g = mul i64 %x, 1
  %h = mul i64 %x, -8
  %c.1 = sext i32 %c to i64
  %d.1 = sext i8 %d to i64
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c.1
  %s3 = add i64 %s2, %d.1
  %s4 = add i64 %s3, %e
  %s5 = add i64 %s4, %g
  %s6 = add i64 %s5, %h
  ret i64 %s6
}`)
}

// The oracle: the random array loops of the BCE tests (whose indices
// include products of the counters by arguments and constants), and the
// random slot programs after mem2reg (products by constants of every
// width), compute the same after strength reduction.
func TestStrengthReduceOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	compared, reduced := 0, 0
	for range 400 {
		m := randomArrayProgram(rng)
		before := productsInLoops(m.Func("main"))
		compared += compareRuns(t, m, "main", progInputs, 20000, StrengthReduce)
		reduced += before - productsInLoops(m.Func("main"))
	}
	for range 300 {
		m := randomProgram(rng, 2+rng.Intn(8), 1+rng.Intn(5))
		compared += compareRuns(t, m, "main", progInputs, 5000, func(f *Func) {
			Mem2Reg(f)
			StrengthReduce(f)
		})
	}
	t.Logf("%d runs compared, %d multiplications in loops reduced", compared, reduced)
	if compared < 2000 || reduced < 100 {
		t.Errorf("too little exercised: %d runs compared, %d multiplications in loops reduced", compared, reduced)
	}
}

// productsInLoops counts the multiplications inside f's loops.
func productsInLoops(f *Func) int {
	nest := ComputeLoops(ComputeDom(f))
	n := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpMul && nest.Depth(b) > 0 {
				n++
			}
		}
	}
	return n
}

// Linear: n loops in a row, each with two products of its counter.
func BenchmarkStrengthReduce(b *testing.B) {
	benchmarkSizes(b, strengthWorkload, eachFunc(StrengthReduce))
}

func strengthWorkload(n int) string {
	var src strings.Builder
	src.WriteString("declare void @sink(i64)\ndefine void @f(i64 %n, i64 %m) {\nentry:\n  br label %h0\n")
	for i := range n {
		prev := "entry"
		if i > 0 {
			prev = fmt.Sprintf("h%d", i-1)
		}
		fmt.Fprintf(&src, "h%d:\n  %%i%d = phi i64 [ 0, %%%s ], [ %%i%d.1, %%h%d ]\n", i, i, prev, i, i)
		fmt.Fprintf(&src, "  %%p%d = mul i64 %%i%d, %%m\n  %%q%d = mul i64 %%i%d, 12\n", i, i, i, i)
		fmt.Fprintf(&src, "  call void @sink(i64 %%p%d)\n  call void @sink(i64 %%q%d)\n", i, i)
		fmt.Fprintf(&src, "  %%i%d.1 = add i64 %%i%d, 1\n  %%more%d = icmp slt i64 %%i%d.1, %%n\n", i, i, i, i)
		next := "end"
		if i < n-1 {
			next = fmt.Sprintf("h%d", i+1)
		}
		fmt.Fprintf(&src, "  br i1 %%more%d, label %%h%d, label %%%s\n", i, i, next)
	}
	src.WriteString("end:\n  ret void\n}\n")
	return src.String()
}
