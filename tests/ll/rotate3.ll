; A cycle of three phis that rotate their values on every iteration: the
; parallel copy on the back edge is a 3-cycle, which needs a temporary (or
; swaps) when it is sequentialized.
; rotate(a, b, c, n) rotates (a, b, c) left n times and returns
; a * 10000 + b * 100 + c.
define i64 @rotate(i64 %a0, i64 %b0, i64 %c0, i64 %n) {
entry:
  br label %head

head:
  %a = phi i64 [ %a0, %entry ], [ %b, %body ]
  %b = phi i64 [ %b0, %entry ], [ %c, %body ]
  %c = phi i64 [ %c0, %entry ], [ %a, %body ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done

body:
  %i.next = add i64 %i, 1
  br label %head

done:
  %a.part = mul i64 %a, 10000
  %b.part = mul i64 %b, 100
  %ab = add i64 %a.part, %b.part
  %r = add i64 %ab, %c
  ret i64 %r
}
