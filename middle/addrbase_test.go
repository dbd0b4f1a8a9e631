package middle

import (
	"strings"
	"testing"
)

// addrLoopIR sums p[x] over i in [0, n), x being computed by index from
// the counter %i and the invariants %c and %d.
func addrLoopIR(index string) string {
	return `
define i64 @f(ptr %p, i64 %c, i64 %d, i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  ` + index + `
  %a = getelementptr i64, ptr %p, i64 %x
  %v = load i64, ptr %a
  %s.next = add i64 %s, %v
  %next = add i64 %i, 1
  br label %head
done:
  ret i64 %s
}`
}

// p[c + i] reads from the base p + c, computed once before the loop, at
// index i; the sum c + i is left to DCE.
func TestHoistAddressBasesInvariantTerm(t *testing.T) {
	checkPass(t, HoistAddressBases, addrLoopIR("%x = add i64 %c, %i"), `
define i64 @f(ptr %p, i64 %c, i64 %d, i64 %n) {
entry:
  %a.base = getelementptr i64, ptr %p, i64 %c
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  %x = add i64 %c, %i
  %a = getelementptr i64, ptr %a.base, i64 %i
  %v = load i64, ptr %a
  %s.next = add i64 %s, %v
  %next = add i64 %i, 1
  br label %head
done:
  ret i64 %s
}`)
}

// p[(i - c) + d]: both invariant terms join the base, the subtracted one
// negated, and the address is indexed by i alone.
func TestHoistAddressBasesNestedSums(t *testing.T) {
	checkPass(t, HoistAddressBases, addrLoopIR("%y = sub i64 %i, %c\n  %x = add i64 %y, %d"), `
define i64 @f(ptr %p, i64 %c, i64 %d, i64 %n) {
entry:
  %a.base = getelementptr i64, ptr %p, i64 %d
  %c.neg = sub i64 0, %c
  %a.base.1 = getelementptr i64, ptr %a.base, i64 %c.neg
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  %y = sub i64 %i, %c
  %x = add i64 %y, %d
  %a = getelementptr i64, ptr %a.base.1, i64 %i
  %v = load i64, ptr %a
  %s.next = add i64 %s, %v
  %next = add i64 %i, 1
  br label %head
done:
  ret i64 %s
}`)
}

// Left alone: a constant term (the backend's displacement), an invariant
// subtracted from (c - i), a sum used again (stored), a base that changes
// in the loop, and an address outside any loop.
func TestHoistAddressBasesLeavesOthers(t *testing.T) {
	for _, src := range []string{
		addrLoopIR("%x = add i64 %i, 3"),
		addrLoopIR("%x = sub i64 %c, %i"),
		addrLoopIR("%x = add i64 %c, %i\n  store i64 %x, ptr %p"),
		strings.Replace(addrLoopIR("%x = add i64 %c, %i\n  %q = getelementptr i64, ptr %p, i64 %s"), "ptr %p, i64 %x", "ptr %q, i64 %x", 1),
		`
define i64 @g(ptr %p, i64 %c, i64 %i) {
entry:
  %x = add i64 %c, %i
  %a = getelementptr i64, ptr %p, i64 %x
  %v = load i64, ptr %a
  ret i64 %v
}`,
	} {
		checkUnchanged(t, HoistAddressBases, src)
	}
}

// The oracle: p[c + i] and p[(i - d) + c] over negative, zero and positive
// terms and loops that do not run read the same memory after the pass as
// before.
func TestHoistAddressBasesOracle(t *testing.T) {
	src := `
@buf = global [1 x i8] c"\00"

define i64 @main(i64 %a, i64 %b) {
entry:
  %c = srem i64 %a, 20
  %d = srem i64 %b, 20
  %n = and i64 %b, 15
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k.next, %fill ]
  %slot = getelementptr i64, ptr @buf, i64 %k
  %sq = mul i64 %k, %k
  store i64 %sq, ptr %slot
  %k.next = add i64 %k, 1
  %filled = icmp slt i64 %k.next, 128
  br i1 %filled, label %fill, label %pre
pre:
  %p = getelementptr i64, ptr @buf, i64 48
  br label %head
head:
  %i = phi i64 [ 0, %pre ], [ %next, %body ]
  %s = phi i64 [ 0, %pre ], [ %s.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  %x = add i64 %c, %i
  %at = getelementptr i64, ptr %p, i64 %x
  %v = load i64, ptr %at
  %y = sub i64 %i, %d
  %z = add i64 %y, %c
  %at2 = getelementptr i64, ptr %p, i64 %z
  %w = load i64, ptr %at2
  %vw = mul i64 %v, %w
  %s.next = add i64 %s, %vw
  %next = add i64 %i, 1
  br label %head
done:
  ret i64 %s
}`
	var inputs [][]int64
	for _, a := range []int64{0, 7, 19, -5, -19, 33} {
		for _, b := range []int64{0, 4, 15, -9, 38} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	m := mustParse(t, "in.ll", src)
	m.Global("buf").Bytes = make([]byte, 128*8)
	if n := compareRuns(t, m, "main", inputs, 20000, HoistAddressBases); n != len(inputs) {
		t.Errorf("only %d of %d runs compared", n, len(inputs))
	}
	// p + c serves both addresses; the second adds -d to it.
	if got := strings.Count(m.String(), ".base = getelementptr"); got != 2 {
		t.Errorf("want 2 bases, got %d:\n%s", got, m)
	}
}
