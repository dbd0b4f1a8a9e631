; Calls with 8 and 10 arguments of mixed widths, both ways across the C
; ABI: the first six in registers, the rest on the stack (each in an
; 8-byte slot), i1 zero-extended by the caller, i32 with garbage allowed in
; the upper half of its register or slot.
declare i64 @c_sum8(i32, i64, i1 zeroext, i32, i64, i1 zeroext, i32, i64)

; mix8 weighs every argument so a swapped or truncated one shows.
define i64 @mix8(i32 %a, i64 %b, i1 zeroext %c, i32 %d, i64 %e, i1 zeroext %f, i32 %g, i64 %h) {
entry:
  %a64 = sext i32 %a to i64
  %c64 = zext i1 %c to i64
  %d64 = sext i32 %d to i64
  %f64 = zext i1 %f to i64
  %g64 = sext i32 %g to i64
  %t1 = mul i64 %b, 3
  %t2 = mul i64 %c64, 5
  %t3 = mul i64 %d64, 7
  %t4 = mul i64 %e, 11
  %t5 = mul i64 %f64, 13
  %t6 = mul i64 %g64, 17
  %t7 = mul i64 %h, 19
  %s1 = add i64 %a64, %t1
  %s2 = add i64 %s1, %t2
  %s3 = add i64 %s2, %t3
  %s4 = add i64 %s3, %t4
  %s5 = add i64 %s4, %t5
  %s6 = add i64 %s5, %t6
  %s7 = add i64 %s6, %t7
  ret i64 %s7
}

; mix10 takes ten arguments, calls C with eight of them in another order,
; and combines the result with the two it kept.
define i64 @mix10(i64 %a, i32 %b, i1 zeroext %c, i64 %d, i32 %e, i64 %f, i1 zeroext %g, i32 %h, i64 %i, i32 %j) {
entry:
  %r = call i64 @c_sum8(i32 %j, i64 %i, i1 zeroext %g, i32 %h, i64 %f, i1 zeroext %c, i32 %e, i64 %d)
  %b64 = sext i32 %b to i64
  %ab = mul i64 %a, 1000
  %s = add i64 %r, %ab
  %t = add i64 %s, %b64
  ret i64 %t
}

; call10 calls mix10 with constants of every width, so toyc's own calls
; are exercised as well as C's.
define i64 @call10() {
entry:
  %r = call i64 @mix10(i64 -1, i32 -2, i1 zeroext true, i64 4, i32 -5, i64 6, i1 zeroext false, i32 2147483647, i64 -9223372036854775808, i32 -2147483648)
  ret i64 %r
}
