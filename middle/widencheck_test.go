package middle

import (
	"fmt"
	"strings"
	"testing"
)

// A stack machine's add, stack[sp - 1] += stack[sp] after sp -= 1: the
// checks of sp - 2 and sp - 1 become one of sp - 2 <u 4095, and the block
// on its failing side reports the error the first failing check did.
func TestWidenNeighbourChecks(t *testing.T) {
	checkPass(t, WidenChecks, widenAdd, `
define i64 @add(ptr %stack, i64 %sp) {
entry:
  %s = sub i64 %sp, 1
  %s1 = sub i64 %s, 1
  %in.1 = icmp ult i64 %s1, 4096
  %in.1.wide = icmp ult i64 %s1, 4095
  br i1 %in.1.wide, label %ok.1, label %entry.which
entry.which:
  %in.1.again = icmp ult i64 %s1, 4096
  br i1 %in.1.again, label %fail.2, label %fail.1
ok.1:
  %p1 = getelementptr i64, ptr %stack, i64 %s1
  %a = load i64, ptr %p1
  %in.2 = icmp ult i64 %s, 4096
  br i1 true, label %ok.2, label %fail.2
ok.2:
  %p2 = getelementptr i64, ptr %stack, i64 %s
  %b = load i64, ptr %p2
  %sum = add i64 %a, %b
  store i64 %sum, ptr %p1
  ret i64 %s
fail.1:
  call void @toy_index_error(ptr @file, i32 1, i32 10, i64 %s1, i64 4096)
  unreachable
fail.2:
  call void @toy_index_error(ptr @file, i32 1, i32 20, i64 %s, i64 4096)
  unreachable
}`)
}

const widenAdd = `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @add(ptr %stack, i64 %sp) {
entry:
  %s = sub i64 %sp, 1
  %s1 = sub i64 %s, 1
  %in.1 = icmp ult i64 %s1, 4096
  br i1 %in.1, label %ok.1, label %fail.1
ok.1:
  %p1 = getelementptr i64, ptr %stack, i64 %s1
  %a = load i64, ptr %p1
  %in.2 = icmp ult i64 %s, 4096
  br i1 %in.2, label %ok.2, label %fail.2
ok.2:
  %p2 = getelementptr i64, ptr %stack, i64 %s
  %b = load i64, ptr %p2
  %sum = add i64 %a, %b
  store i64 %sum, ptr %p1
  ret i64 %s
fail.1:
  call void @toy_index_error(ptr @file, i32 1, i32 10, i64 %s1, i64 4096)
  unreachable
fail.2:
  call void @toy_index_error(ptr @file, i32 1, i32 20, i64 %s, i64 4096)
  unreachable
}
`

// The widened pair behaves as the two checks did, whichever comes first
// (the lower index or the higher) and wherever the indexes fall: below 0,
// inside, at the edge, past the end, and wrapped around.
func TestWidenSameBehaviour(t *testing.T) {
	pair := func(first, second int64) string {
		return fmt.Sprintf(`
define i64 @f%[3]d(i64 %%x) {
entry:
  %%i = add i64 %%x, %[1]d
  %%j = add i64 %%x, %[2]d
  %%in.1 = icmp ult i64 %%i, 5
  br i1 %%in.1, label %%ok.1, label %%fail.1
ok.1:
  %%in.2 = icmp ult i64 %%j, 5
  br i1 %%in.2, label %%ok.2, label %%fail.2
ok.2:
  %%r = add i64 %%i, %%j
  ret i64 %%r
fail.1:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %%i, i64 5)
  unreachable
fail.2:
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %%j, i64 5)
  unreachable
}
`, first, second, 100+first*10+second)
	}
	text := `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)
` + pair(0, 1) + pair(1, 0) + pair(-1, 3) + pair(2, -2) + pair(0, 6)
	before, after := mustParseModule(text), mustParseModule(text)
	widened := 0
	for _, f := range after.Funcs {
		if !f.IsDecl() {
			WidenChecks(f)
			if strings.Contains(f.String(), ".which") {
				widened++
			}
		}
	}
	if widened != 4 { // not the pair 6 apart, more than the length
		t.Fatalf("%d pairs widened, want 4:\n%s", widened, after)
	}
	checkSameResults(t, before, after, []int64{-9, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, -1 << 63, 1<<63 - 1})
}

// Pairs left alone: a store between the checks, different lengths,
// indexes with different bases, and a second error block that reads a
// value computed after the first check (it could not be reached from
// there).
func TestWidenLeavesOthers(t *testing.T) {
	in := `
define void @f(ptr %a, i64 %x, i64 %y, ptr %g) {
entry:
  %in.1 = icmp ult i64 %x, 8
  br i1 %in.1, label %ok.1, label %fail.1
ok.1:
  store i64 %x, ptr %g
  %x1 = add i64 %x, 1
  %in.2 = icmp ult i64 %x1, 8
  br i1 %in.2, label %ok.2, label %fail.2
ok.2:
  %in.3 = icmp ult i64 %x1, 9
  br i1 %in.3, label %ok.3, label %fail.3
ok.3:
  %in.4 = icmp ult i64 %y, 9
  br i1 %in.4, label %ok.4, label %fail.4
ok.4:
  %y1 = add i64 %y, 1
  %in.5 = icmp ult i64 %y1, 9
  br i1 %in.5, label %ok.5, label %fail.5
ok.5:
  ret void
fail.1:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %x, i64 8)
  unreachable
fail.2:
  call void @toy_index_error(ptr @file, i32 2, i32 1, i64 %x1, i64 8)
  unreachable
fail.3:
  call void @toy_index_error(ptr @file, i32 3, i32 1, i64 %x1, i64 9)
  unreachable
fail.4:
  call void @toy_index_error(ptr @file, i32 4, i32 1, i64 %y, i64 9)
  unreachable
fail.5:
  call void @toy_index_error(ptr @file, i32 5, i32 1, i64 %y1, i64 9)
  unreachable
}`
	checkPass(t, WidenChecks, `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)
`+in, in)
}
