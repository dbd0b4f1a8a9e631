; Blocks need not come in dominance order, and code that cannot run may use
; anything: LLVM's dominance rules, which toyc's verifier follows.
define i64 @late_def(i64 %n) {
entry:
  br label %def

use:
  %u = add i64 %d, 1
  ret i64 %u

def:
  %d = mul i64 %n, 2
  br label %use

dead:
  %x = add i64 %y, %later
  %y = add i64 %x, 1
  br label %dead.2

dead.2:
  %later = sub i64 %d, %x
  %self = add i64 %self, %later
  br label %dead
}

define i64 @phi_uses_own_block(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i64 %i
}

define i64 @phi_from_unreachable(i64 %n) {
entry:
  br label %join

orphan:
  %z = add i64 %z.2, 1
  br label %join

orphan.2:
  %z.2 = add i64 %n, 1
  br label %join

join:
  %v = phi i64 [ %n, %entry ], [ %z, %orphan ], [ %w, %orphan.2 ]
  %w = add i64 %v, 1
  ret i64 %v
}
