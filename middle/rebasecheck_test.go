package middle

import (
	"fmt"
	"strings"
	"testing"
)

// An interpreter's loop: code[pc] then code[pc + 1]. The second check
// compares pc with len - 1, made once where the length is loaded, and the
// error block reports its own pc + 1.
func TestRebaseNeighbourCheck(t *testing.T) {
	checkPass(t, RebaseChecks, rebaseLoop, `
define i64 @run(ptr %code) {
entry:
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %len.less = sub i64 %len, 1
  br label %loop
loop:
  %pc = phi i64 [ 0, %entry ], [ %arg, %ok.1 ]
  %in = icmp ult i64 %pc, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %code, i64 %pc
  %op = load i64, ptr %p
  %pc1 = add i64 %pc, 1
  %in.1 = icmp ult i64 %pc1, %len
  %in.1.rebased = icmp slt i64 %pc, %len.less
  br i1 %in.1.rebased, label %ok.1, label %fail.1
ok.1:
  %p1 = getelementptr i64, ptr %code, i64 %pc1
  %arg = load i64, ptr %p1
  %halt = icmp eq i64 %op, 0
  br i1 %halt, label %done, label %loop
done:
  ret i64 %arg
fail:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %pc, i64 %len)
  unreachable
fail.1:
  %pc1.1 = add i64 %pc, 1
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %pc1.1, i64 %len)
  unreachable
}`)
}

const rebaseLoop = `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @run(ptr %code) {
entry:
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %loop
loop:
  %pc = phi i64 [ 0, %entry ], [ %arg, %ok.1 ]
  %in = icmp ult i64 %pc, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %code, i64 %pc
  %op = load i64, ptr %p
  %pc1 = add i64 %pc, 1
  %in.1 = icmp ult i64 %pc1, %len
  br i1 %in.1, label %ok.1, label %fail.1
ok.1:
  %p1 = getelementptr i64, ptr %code, i64 %pc1
  %arg = load i64, ptr %p1
  %halt = icmp eq i64 %op, 0
  br i1 %halt, label %done, label %loop
done:
  ret i64 %arg
fail:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %pc, i64 %len)
  unreachable
fail.1:
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %pc1, i64 %len)
  unreachable
}
`

// Checks left alone: no passed check of the same index and length
// dominating them (a different length, the check on the failing side, a
// join of the passing side with another way in), pc + 2 against a length
// (its limit would take a second register), and pc + 1 outside any loop
// (the subtraction would cost what the add did).
func TestRebaseLeavesOthers(t *testing.T) {
	in := `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @f(ptr %code, ptr %other, i64 %x, i64 %cc) {
entry:
  %c = icmp ne i64 %cc, 0
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %olen.addr = getelementptr i8, ptr %other, i64 -8
  %olen = load i64, ptr %olen.addr, !invariant.load !0
  %in = icmp ult i64 %x, %len
  br i1 %in, label %ok, label %fail
ok:
  %x1 = add i64 %x, 1
  %in.1 = icmp ult i64 %x1, %len
  br i1 %in.1, label %ok.1, label %fail.1
ok.1:
  %in.2 = icmp ult i64 %x1, %olen
  br i1 %in.2, label %loop, label %fail.2
loop:
  %i = phi i64 [ 0, %ok.1 ], [ %i1, %body.2 ]
  %in.3 = icmp ult i64 %i, %len
  br i1 %in.3, label %body, label %side
side:
  br label %join
body:
  br i1 %c, label %join, label %body.1
join:
  %i2 = add i64 %i, 1
  %in.4 = icmp ult i64 %i2, %len
  br i1 %in.4, label %body.1, label %fail.4
body.1:
  %i3 = add i64 %i, 2
  %in.5 = icmp ult i64 %i3, %len
  br i1 %in.5, label %body.2, label %fail.5
body.2:
  %i1 = add i64 %i, 1
  %again = icmp slt i64 %i1, 100
  br i1 %again, label %loop, label %done
done:
  ret i64 %i
fail:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %x, i64 %len)
  unreachable
fail.1:
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %x1, i64 %len)
  unreachable
fail.2:
  call void @toy_index_error(ptr @file, i32 3, i32 3, i64 %x1, i64 %olen)
  unreachable
fail.4:
  call void @toy_index_error(ptr @file, i32 4, i32 4, i64 %i2, i64 %len)
  unreachable
fail.5:
  call void @toy_index_error(ptr @file, i32 5, i32 5, i64 %i3, i64 %len)
  unreachable
}
`
	checkPass(t, RebaseChecks, in, in[strings.Index(in, "define"):])
}

// Against a constant length the limit is an immediate, for any offset;
// the rewritten checks fail exactly where the old ones did, with the same
// report (the error block's own x + k).
func TestRebaseSameBehaviour(t *testing.T) {
	one := func(k int64) string {
		return fmt.Sprintf(`
define i64 @f%[2]d(i64 %%x) {
entry:
  %%in = icmp ult i64 %%x, 5
  br i1 %%in, label %%ok, label %%fail
ok:
  %%y = add i64 %%x, %[1]d
  %%in.1 = icmp ult i64 %%y, 5
  br i1 %%in.1, label %%ok.1, label %%fail.1
ok.1:
  ret i64 %%x
fail:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %%x, i64 5)
  unreachable
fail.1:
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %%y, i64 5)
  unreachable
}
`, k, 100+k)
	}
	text := `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)
` + one(1) + one(2) + one(4) + one(6) + one(-1) + one(-3) + one(-5)
	before, after := mustParseModule(text), mustParseModule(text)
	rebased := 0
	for _, f := range after.Funcs {
		if !f.IsDecl() {
			RebaseChecks(f)
			if err := Verify(f); err != nil {
				t.Fatalf("%s", err)
			}
			if strings.Contains(f.String(), ".rebased") {
				rebased++
			}
		}
	}
	if rebased != 7 {
		t.Fatalf("%d checks rebased, want 7:\n%s", rebased, after)
	}
	checkSameResults(t, before, after, []int64{-9, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, -1 << 63, 1<<63 - 1})
}

// An error block whose φ copies the index (as loopversion leaves them):
// the report takes the block's own copy, and the φ is left unused.
func TestRebaseErrorBlockPhi(t *testing.T) {
	checkPass(t, RebaseChecks, `
@file = global [2 x i8] c"f\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)

define void @f(ptr %a, i64 %x) {
entry:
  %in = icmp ult i64 %x, 8
  br i1 %in, label %ok, label %fail
ok:
  %x1 = add i64 %x, 1
  %in.1 = icmp ult i64 %x1, 8
  br i1 %in.1, label %ok.1, label %fail.1
ok.1:
  %p = getelementptr i64, ptr %a, i64 %x1
  store i64 0, ptr %p
  ret void
fail:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %x, i64 8)
  unreachable
fail.1:
  %x1.v = phi i64 [ %x1, %ok ]
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %x1.v, i64 8)
  unreachable
}`, `
define void @f(ptr %a, i64 %x) {
entry:
  %in = icmp ult i64 %x, 8
  br i1 %in, label %ok, label %fail
ok:
  %x1 = add i64 %x, 1
  %in.1 = icmp ult i64 %x1, 8
  %in.1.rebased = icmp slt i64 %x, 7
  br i1 %in.1.rebased, label %ok.1, label %fail.1
ok.1:
  %p = getelementptr i64, ptr %a, i64 %x1
  store i64 0, ptr %p
  ret void
fail:
  call void @toy_index_error(ptr @file, i32 1, i32 1, i64 %x, i64 8)
  unreachable
fail.1:
  %x1.v = phi i64 [ %x1, %ok ]
  %x1.1 = add i64 %x, 1
  call void @toy_index_error(ptr @file, i32 2, i32 2, i64 %x1.1, i64 8)
  unreachable
}`)
}
