package middle

import "testing"

// Blocks no path reaches go, including a cycle of them, and the φ of a
// surviving block drops its entries for edges from them.
func TestRemoveUnreachable(t *testing.T) {
	checkPass(t, RemoveUnreachable, `
define i64 @unreachable(i1 %c, i64 %x) {
entry:
  br i1 %c, label %a, label %join
a:
  br label %join
orphan:
  %y = add i64 %x, 1
  br i1 %c, label %join, label %orphan.2
orphan.2:
  br label %orphan
join:
  %r = phi i64 [ 1, %entry ], [ 2, %a ], [ %y, %orphan ]
  ret i64 %r
}`, `
define i64 @unreachable(i1 zeroext %c, i64 %x) {
entry:
  br i1 %c, label %a, label %join
a:
  br label %join
join:
  %r = phi i64 [ 1, %entry ], [ 2, %a ]
  ret i64 %r
}`)
}
