package middle

import (
	"math/rand"
	"testing"
)

// A computation repeated in a dominated block is the dominating one; the
// operands of commutative operations and of comparisons may come in either
// order. Siblings in the dominator tree do not share: neither arm of the if
// dominates the other, so each keeps its own multiply.
func TestGVNDominatedRedundancy(t *testing.T) {
	checkPass(t, GVN, `
define i64 @f(i64 %a, i64 %b, i1 %c) {
entry:
  %s = add i64 %a, %b
  %lt = icmp slt i64 %a, %b
  br i1 %c, label %then, label %else
then:
  %s2 = add i64 %b, %a
  %gt = icmp sgt i64 %b, %a
  %m = mul i64 %s2, 3
  %z = zext i1 %gt to i64
  %r1 = add i64 %m, %z
  br label %join
else:
  %m2 = mul i64 %s, 3
  %d = sub i64 %b, %a
  %r2 = add i64 %m2, %d
  br label %join
join:
  %r = phi i64 [ %r1, %then ], [ %r2, %else ]
  %m3 = mul i64 %s, 3
  %lt2 = icmp slt i64 %a, %b
  %z2 = zext i1 %lt2 to i64
  %sub = sub i64 %a, %b
  %t = add i64 %r, %m3
  %u = add i64 %t, %z2
  %v = add i64 %u, %sub
  ret i64 %v
}`, `
define i64 @f(i64 %a, i64 %b, i1 zeroext %c) {
entry:
  %s = add i64 %a, %b
  %lt = icmp slt i64 %a, %b
  br i1 %c, label %then, label %else
then:
  %m = mul i64 %s, 3
  %z = zext i1 %lt to i64
  %r1 = add i64 %m, %z
  br label %join
else:
  %m2 = mul i64 %s, 3
  %d = sub i64 %b, %a
  %r2 = add i64 %m2, %d
  br label %join
join:
  %r = phi i64 [ %r1, %then ], [ %r2, %else ]
  %m3 = mul i64 %s, 3
  %z2 = zext i1 %lt to i64
  %sub = sub i64 %a, %b
  %t = add i64 %r, %m3
  %u = add i64 %t, %z2
  %v = add i64 %u, %sub
  ret i64 %v
}`)
}

// The frontend reloads an array's length before every access: the length
// header's address and its invariant load are computed once, while the
// element loads (memory that stores can change) are left to memopt. Global
// addresses are the same value wherever @g is written.
func TestGVNInvariantLoads(t *testing.T) {
	checkPass(t, GVN, `
@g = global i64 0

define i64 @len2(ptr %a, i64 %i) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %body, label %fail
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %ok.1 = icmp ult i64 %i, %len.1
  %q = getelementptr i64, ptr %a, i64 %i
  %y = load i64, ptr %q
  %plain = load i64, ptr %len.addr.1
  %g1 = getelementptr i8, ptr @g, i64 4
  %g2 = getelementptr i8, ptr @g, i64 4
  store i64 %x, ptr %g1
  store i64 %y, ptr %g2
  %okz = zext i1 %ok.1 to i64
  %r = add i64 %plain, %okz
  ret i64 %r
fail:
  ret i64 %len
}

!0 = !{}`, `
define i64 @len2(ptr %a, i64 %i) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %body, label %fail
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %y = load i64, ptr %p
  %plain = load i64, ptr %len.addr
  %g1 = getelementptr i8, ptr @g, i64 4
  store i64 %x, ptr %g1
  store i64 %y, ptr %g1
  %okz = zext i1 %ok to i64
  %r = add i64 %plain, %okz
  ret i64 %r
fail:
  ret i64 %len
}`)
}

// Division takes part too: the dominating copy already ran with the same
// operands. Operands that differ only in order do not make a subtraction
// or a non-commutative comparison equal.
func TestGVNNonCommutative(t *testing.T) {
	checkPass(t, GVN, `
define i64 @d(i64 %a, i64 %b) {
entry:
  %q = sdiv i64 %a, 3
  %q2 = sdiv i64 %a, 3
  %x = sub i64 %a, %b
  %y = sub i64 %b, %a
  %c1 = icmp ult i64 %a, %b
  %c2 = icmp ult i64 %b, %a
  %c3 = icmp ugt i64 %b, %a
  %s = select i1 %c1, i64 %q, i64 %x
  %t = select i1 %c3, i64 %q2, i64 %x
  %u = select i1 %c2, i64 %y, i64 %s
  %v = add i64 %t, %u
  ret i64 %v
}`, `
define i64 @d(i64 %a, i64 %b) {
entry:
  %q = sdiv i64 %a, 3
  %x = sub i64 %a, %b
  %y = sub i64 %b, %a
  %c1 = icmp ult i64 %a, %b
  %c2 = icmp ult i64 %b, %a
  %s = select i1 %c1, i64 %q, i64 %x
  %u = select i1 %c2, i64 %y, i64 %s
  %v = add i64 %s, %u
  ret i64 %v
}`)
}

func TestGVNPreservesSemantics(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	compared, programs := 0, 0
	for iter := 0; iter < 1500; iter++ {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		pass := GVN
		if iter%3 > 0 {
			pass = func(f *Func) {
				Mem2Reg(f)
				GVN(f)
			}
		}
		compared += compareRuns(t, m, "main", progInputs, 3000, pass)
		programs++
	}
	if compared < programs*len(progInputs)/3 {
		t.Errorf("only %d of %d runs compared", compared, programs*len(progInputs))
	}
}

func BenchmarkGVN(b *testing.B) {
	benchmarkPass(b, Mem2Reg, GVN)
}
