package backend

import (
	"strings"
	"testing"
)

// A join whose φ collects constants from its predecessors and whose branch
// tests it — what an inlined bool function leaves — costs no test: each
// predecessor goes straight to the arm its constant picks. The φ that is
// also returned keeps its moves; the one only tested loses them.
func TestFoldConstBranches(t *testing.T) {
	const ll = `
define i64 @classify(i64 %x) {
entry:
  %neg = icmp slt i64 %x, 0
  br i1 %neg, label %small, label %test
test:
  %five = icmp eq i64 %x, 5
  br i1 %five, label %small, label %join
small:
  br label %join
join:
  %r = phi i1 [ false, %test ], [ true, %small ]
  br i1 %r, label %yes, label %no
yes:
  ret i64 100
no:
  %d = mul i64 %x, 2
  ret i64 %d
}

define i64 @kept(i64 %x) {
entry:
  %neg = icmp slt i64 %x, 0
  br i1 %neg, label %join, label %other
other:
  br label %join
join:
  %r = phi i64 [ 7, %entry ], [ -3, %other ]
  %p = icmp sgt i64 %r, 0
  br i1 %p, label %pos, label %done
pos:
  %s = add i64 %r, %x
  ret i64 %s
done:
  ret i64 %r
}
`
	expect(t, ll, `int64_t classify(int64_t);
int64_t kept(int64_t);
int main(void) {
	printf("%ld %ld %ld %ld %ld %ld\n", classify(-4), classify(5), classify(6), classify(0), kept(-1), kept(2));
}
`, "100 100 12 0 6 -3\n")
	asm := assemble(t, ll)
	body := functionText(asm, "classify")
	if n := strings.Count(body, "test") + strings.Count(body, "cmp"); n != 2 || strings.Contains(body, "testb") {
		t.Errorf("classify has %d compares, want the two of its source and none of its φ:\n%s", n, body)
	}
	kept := functionText(asm, "kept")
	if n := strings.Count(kept, "test") + strings.Count(kept, "cmp"); n != 1 {
		t.Errorf("kept compares its φ of constants again:\n%s", kept)
	}
	if !strings.Contains(kept, "$7") || !strings.Contains(kept, "$-3") {
		t.Errorf("kept lost the moves of the φ it reads:\n%s", kept)
	}
}

// condHolds against Go's comparisons of the operands at each width.
func TestCondHolds(t *testing.T) {
	vals := []int64{0, 1, -1, 2, 127, -128, 255, 1 << 31, -1 << 31, 1<<32 + 5, -1 << 63, 1<<63 - 1}
	for _, size := range []uint8{1, 4, 8} {
		for _, a := range vals {
			for _, b := range vals {
				x, y := truncate(a, size), truncate(b, size)
				bits := 8 * uint(size)
				ux, uy := uint64(x)<<(64-bits)>>(64-bits), uint64(y)<<(64-bits)>>(64-bits)
				want := map[Cond]bool{
					CondE: x == y, CondNE: x != y, CondL: x < y, CondGE: x >= y, CondLE: x <= y, CondG: x > y,
					CondB: ux < uy, CondAE: ux >= uy, CondBE: ux <= uy, CondA: ux > uy,
				}
				for c, w := range want {
					if got := condHolds(c, x, y, size); got != w {
						t.Errorf("cmp %d, %d at %d bytes, j%s: got %v, want %v", x, y, size, c, got, w)
					}
				}
			}
		}
	}
}

// A join of true and a compare, tested (an inlined `a || b`): the arm that
// computed the compare branches on its flags, without setcc or test. A
// bool that lives on (returned) is tested as before, since its setcc
// stays anyway, and so is one whose flags an xor changed before the test.
func TestFoldSetccBranches(t *testing.T) {
	const ll = `
define i64 @either(i64 %x, i64 %y) {
entry:
  %a = and i64 %x, 4
  %nz = icmp ne i64 %a, 0
  br i1 %nz, label %join, label %rhs
rhs:
  %eq = icmp eq i64 %y, 2
  br label %join
join:
  %r = phi i1 [ true, %entry ], [ %eq, %rhs ]
  br i1 %r, label %yes, label %no
yes:
  ret i64 10
no:
  ret i64 20
}

define i64 @returned(i64 %x, i64 %y) {
entry:
  %nz = icmp sgt i64 %x, 0
  br i1 %nz, label %join, label %rhs
rhs:
  %lt = icmp slt i64 %y, 7
  br label %join
join:
  %r = phi i1 [ true, %entry ], [ %lt, %rhs ]
  br i1 %r, label %yes, label %no
yes:
  %z = zext i1 %r to i64
  ret i64 %z
no:
  ret i64 20
}

define i64 @clobbered(i64 %x, i64 %y) {
entry:
  %nz = icmp sgt i64 %x, 0
  br i1 %nz, label %join, label %rhs
rhs:
  %lt = icmp slt i64 %y, 7
  %m = xor i64 %x, %y
  br label %join
join:
  %r = phi i1 [ true, %entry ], [ %lt, %rhs ]
  %v = phi i64 [ 0, %entry ], [ %m, %rhs ]
  br i1 %r, label %yes, label %no
yes:
  ret i64 %v
no:
  ret i64 20
}
`
	expect(t, ll, `int64_t either(int64_t, int64_t);
int64_t returned(int64_t, int64_t);
int64_t clobbered(int64_t, int64_t);
int main(void) {
	printf("%ld %ld %ld %ld\n", either(4, 0), either(3, 2), either(3, 3), either(-4, 2));
	printf("%ld %ld %ld\n", returned(1, 9), returned(-1, 3), returned(0, 8));
	printf("%ld %ld %ld\n", clobbered(1, 9), clobbered(-1, 3), clobbered(0, 8));
}
`, "10 10 20 10\n1 1 20\n0 -4 20\n")
	asm := assemble(t, ll)
	if body := functionText(asm, "either"); strings.Contains(body, "set") || strings.Count(body, "test")+strings.Count(body, "cmp") != 2 {
		t.Errorf("either still makes and tests a bool:\n%s", body)
	}
	if body := functionText(asm, "returned"); !strings.Contains(body, "setl") || !strings.Contains(body, "testb") {
		t.Errorf("returned: the bool lives on, want its setcc and test kept:\n%s", body)
	}
	if body := functionText(asm, "clobbered"); !strings.Contains(body, "setl") || !strings.Contains(body, "testb") {
		t.Errorf("clobbered: the xor changed the flags, the bool must be tested:\n%s", body)
	}
}
