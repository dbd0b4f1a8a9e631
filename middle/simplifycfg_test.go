package middle

import "testing"

// A branch on a constant becomes a jump, the untaken arm dies, and the
// chain of single-predecessor blocks that remains collapses into one block;
// the merge φ loses the entry from the dead arm and, with one entry left,
// becomes its value.
func TestSimplifyCFGConstantBranch(t *testing.T) {
	checkPass(t, SimplifyCFG, `
define i64 @pick(i64 %x) {
entry:
  br i1 true, label %then, label %else
then:
  %a = add i64 %x, 1
  br label %join
else:
  %b = mul i64 %x, 2
  br label %join
join:
  %r = phi i64 [ %a, %then ], [ %b, %else ]
  %s = add i64 %r, 3
  ret i64 %s
}`, `
define i64 @pick(i64 %x) {
entry:
  %a = add i64 %x, 1
  %s = add i64 %a, 3
  ret i64 %s
}`)
}

// Blocks that only jump are bypassed, the φ taking one entry per new
// predecessor — except where a predecessor already reaches the target with
// a different φ value (%guard's edges to %join), where the forwarder must
// stay. A branch with equal targets becomes a jump.
func TestSimplifyCFGForwarders(t *testing.T) {
	checkPass(t, SimplifyCFG, `
define i64 @forward(i1 %c, i1 %d, i64 %x) {
entry:
  br i1 %c, label %left, label %guard
left:
  br label %hop
hop:
  br label %join
guard:
  br i1 %d, label %fwd, label %join
fwd:
  br label %join
join:
  %r = phi i64 [ 1, %hop ], [ 2, %guard ], [ 3, %fwd ]
  br i1 %d, label %same, label %same
same:
  ret i64 %r
}`, `
define i64 @forward(i1 zeroext %c, i1 zeroext %d, i64 %x) {
entry:
  br i1 %c, label %join, label %guard
guard:
  br i1 %d, label %fwd, label %join
fwd:
  br label %join
join:
  %r = phi i64 [ 1, %entry ], [ 2, %guard ], [ 3, %fwd ]
  ret i64 %r
}`)
}

// A forwarder whose predecessor also reaches the target directly can go
// when the φ values agree: the φ keeps one entry for that predecessor, the
// branch then has equal targets and becomes a jump, and the blocks merge.
// A loop's latch that only jumps back is bypassed too.
func TestSimplifyCFGForwarderWithAgreeingPhi(t *testing.T) {
	checkPass(t, SimplifyCFG, `
define i64 @agree(i1 %c, i64 %n) {
entry:
  br i1 %c, label %fwd, label %join
fwd:
  br label %join
join:
  %r = phi i64 [ 7, %fwd ], [ 7, %entry ]
  br label %loop
loop:
  %i = phi i64 [ %r, %join ], [ %i.next, %latch ]
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %latch, label %done
latch:
  br label %loop
done:
  ret i64 %i
}`, `
define i64 @agree(i1 zeroext %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 7, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret i64 %i
}`)
}

// SimplifyCFG alone on slot programs (whose conditions are sometimes
// constants), and at the end of the whole cleanup pipeline.
func TestSimplifyCFGPreservesSemantics(t *testing.T) {
	checkPreservesSemantics(t, 11, func(program int) func(*Func) {
		if program%2 == 1 {
			return SimplifyCFG
		}
		return func(f *Func) {
			Mem2Reg(f)
			ConstFold(f)
			CopyProp(f)
			SimplifyCFG(f)
			DCE(f)
		}
	})
}
