; The swap problem of leaving SSA: two phis at a loop header take each
; other's value on the back edge, so the copies on that edge form a cycle
; that must not be done one after the other.
; swap_times(a, b, n) swaps (a, b) n times and returns a * 100 + b.
define i64 @swap_times(i64 %a0, i64 %b0, i64 %n) {
entry:
  br label %head

head:
  %a = phi i64 [ %a0, %entry ], [ %b, %body ]
  %b = phi i64 [ %b0, %entry ], [ %a, %body ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done

body:
  %i.next = add i64 %i, 1
  br label %head

done:
  %hi = mul i64 %a, 100
  %r = add i64 %hi, %b
  ret i64 %r
}
