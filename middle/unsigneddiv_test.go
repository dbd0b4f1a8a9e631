package middle

import "testing"

// Divisions by positive constants of dividends the range prover shows
// non-negative become udiv and urem, by powers of two the shift and the
// mask; a remainder's range carries on to a division of it (sudoku's
// (cell % 9) / 3). A dividend of unknown sign, and a negative divisor,
// keep the signed operation.
func TestDivPow2UnsignedOfNonNegative(t *testing.T) {
	checkPass(t, DivPow2, `
define i64 @f(i64 %n, i32 %m) {
entry:
  %x = and i64 %n, 1023
  %q = sdiv i64 %x, 9
  %r = srem i64 %x, 9
  %t = sdiv i64 %r, 3
  %u = sdiv i64 %n, 9
  %v = srem i64 %x, -9
  %w = srem i64 %x, 16
  %y = zext i32 %m to i64
  %yq = sdiv i64 %y, 7
  %k = sdiv i32 %m, 7
  %s1 = add i64 %q, %t
  %s2 = add i64 %s1, %u
  %s3 = add i64 %s2, %v
  %s4 = add i64 %s3, %w
  %s5 = add i64 %s4, %yq
  %kk = sext i32 %k to i64
  %s6 = add i64 %s5, %kk
  ret i64 %s6
}`, `
define i64 @f(i64 %n, i32 %m) {
entry:
  %x = and i64 %n, 1023
  %q = udiv i64 %x, 9
  %r = urem i64 %x, 9
  %t = udiv i64 %r, 3
  %u = sdiv i64 %n, 9
  %v = srem i64 %x, -9
  %w = and i64 %x, 15
  %y = zext i32 %m to i64
  %yq = udiv i64 %y, 7
  %k = sdiv i32 %m, 7
  %s1 = add i64 %q, %t
  %s2 = add i64 %s1, %u
  %s3 = add i64 %s2, %v
  %s4 = add i64 %s3, %w
  %s5 = add i64 %s4, %yq
  %kk = sext i32 %k to i64
  %s6 = add i64 %s5, %kk
  ret i64 %s6
}`)
}

// A loop counter from 0 up is non-negative: k % 16 is its low bits and
// k / 10 an unsigned division, where the counter is; udiv and urem read
// from the text by powers of two become the shift and the mask too.
func TestDivPow2UnsignedLoopCounter(t *testing.T) {
	checkPass(t, DivPow2, `
define i64 @g(i64 %n, i64 %z) {
entry:
  %a = udiv i64 %z, 8
  %b = urem i64 %z, 8
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s2, %loop ]
  %lo = srem i64 %k, 16
  %d = sdiv i64 %k, 10
  %s1 = add i64 %s, %lo
  %s2 = add i64 %s1, %d
  %k1 = add i64 %k, 1
  %c = icmp slt i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = add i64 %s2, %a
  %r2 = add i64 %r, %b
  ret i64 %r2
}`, `
define i64 @g(i64 %n, i64 %z) {
entry:
  %a = lshr i64 %z, 3
  %b = and i64 %z, 7
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s2, %loop ]
  %lo = and i64 %k, 15
  %d = udiv i64 %k, 10
  %s1 = add i64 %s, %lo
  %s2 = add i64 %s1, %d
  %k1 = add i64 %k, 1
  %c = icmp slt i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = add i64 %s2, %a
  %r2 = add i64 %r, %b
  ret i64 %r2
}`)
}
