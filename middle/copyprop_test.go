package middle

import "testing"

// %p is a copy of %x; %v merges %p with itself, %w merges %v with %x, and
// the select chooses between %w and %x: once %p goes, they are all %x. The
// order matters: %v is found to be a copy of %p before %p is found to be a
// copy of %x, so %w has to be looked at again after both.
func TestCopyPropChains(t *testing.T) {
	checkPass(t, CopyProp, `
define i64 @chain(i1 %c, i64 %x) {
entry:
  br i1 %c, label %l1, label %r1
l1:
  br label %j1
r1:
  br label %j1
j1:
  %p = phi i64 [ %x, %l1 ], [ %x, %r1 ]
  br i1 %c, label %l2, label %r2
l2:
  br label %j2
r2:
  br label %j2
j2:
  %v = phi i64 [ %p, %l2 ], [ %p, %r2 ]
  br i1 %c, label %l3, label %j3
l3:
  br label %j3
j3:
  %w = phi i64 [ %v, %j2 ], [ %x, %l3 ]
  %s = select i1 %c, i64 %w, i64 %x
  %keep = select i1 %c, i64 %s, i64 1
  ret i64 %keep
}`, `
define i64 @chain(i1 zeroext %c, i64 %x) {
entry:
  br i1 %c, label %l1, label %r1
l1:
  br label %j1
r1:
  br label %j1
j1:
  br i1 %c, label %l2, label %r2
l2:
  br label %j2
r2:
  br label %j2
j2:
  br i1 %c, label %l3, label %j3
l3:
  br label %j3
j3:
  %keep = select i1 %c, i64 %x, i64 1
  ret i64 %keep
}`)
}

// A loop-carried φ that only passes its value around is the value from
// before the loop; one that merges only itself is undef.
func TestCopyPropLoopInvariantPhi(t *testing.T) {
	checkPass(t, CopyProp, `
define i64 @invariant(i1 %c, i64 %x) {
entry:
  br label %loop
loop:
  %k = phi i64 [ %x, %entry ], [ %k, %loop ]
  br i1 %c, label %loop, label %done
done:
  ret i64 %k
}

define i64 @orphan(i1 %c) {
entry:
  br label %exit
spin:
  %s = phi i64 [ %s, %spin ]
  br label %spin
exit:
  ret i64 0
}`, `
define i64 @invariant(i1 zeroext %c, i64 %x) {
entry:
  br label %loop
loop:
  br i1 %c, label %loop, label %done
done:
  ret i64 %x
}

define i64 @orphan(i1 zeroext %c) {
entry:
  br label %exit
spin:
  br label %spin
exit:
  ret i64 0
}`)
}

// The cleanup pipeline after mem2reg keeps random programs computing the
// same results.
func TestCleanupPreservesSemantics(t *testing.T) {
	checkPreservesSemantics(t, 10, func(int) func(*Func) {
		return func(f *Func) {
			Mem2Reg(f)
			ConstFold(f)
			CopyProp(f)
			DCE(f)
		}
	})
}
