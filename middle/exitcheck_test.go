package middle

import (
	"fmt"
	"strings"
	"testing"
)

// An interpreter's fetch loop, while pc < n { op = code[pc]; ... }, with
// pc set from the data: the check of code[pc] goes into the exit test
// pc <u m, m = umin(smax(n, 0), len) computed in front of the loop, and the
// exit sorts the trips it lets out: pc < n goes to the check's error.
func TestFuseExitCheckFetchLoop(t *testing.T) {
	checkPass(t, FuseExitChecks, exitCheckLoop, `
define i64 @run(ptr %code, i64 %n, i64 %start) {
entry:
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %n.pos = icmp sgt i64 %n, 0
  %n.nonneg = select i1 %n.pos, i64 %n, i64 0
  %n.nonneg.below = icmp ult i64 %n.nonneg, %len
  %pc.limit = select i1 %n.nonneg.below, i64 %n.nonneg, i64 %len
  br label %head
head:
  %pc = phi i64 [ %start, %entry ], [ %pc.next, %ok ]
  %more = icmp slt i64 %pc, %n
  %more.fused = icmp ult i64 %pc, %pc.limit
  br i1 %more.fused, label %body, label %head.exittest
head.exittest:
  %more.done = icmp sge i64 %pc, %n
  br i1 %more.done, label %exit, label %fail
body:
  %in = icmp ult i64 %pc, %len
  br i1 true, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %code, i64 %pc
  %op = load i64, ptr %p
  %pc.next = add i64 %op, %pc
  br label %head
fail:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %pc, i64 %len)
  unreachable
exit:
  ret i64 %pc
}`)
}

const exitCheckLoop = `
declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @run(ptr %code, i64 %n, i64 %start) {
entry:
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %head
head:
  %pc = phi i64 [ %start, %entry ], [ %pc.next, %ok ]
  %more = icmp slt i64 %pc, %n
  br i1 %more, label %body, label %exit
body:
  %in = icmp ult i64 %pc, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %code, i64 %pc
  %op = load i64, ptr %p
  %pc.next = add i64 %op, %pc
  br label %head
fail:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %pc, i64 %len)
  unreachable
exit:
  ret i64 %pc
}

!0 = !{}`

// The rewritten loop does what the original did — the same result, or the
// same error at the same index — for starts below 0, inside the array and
// past it, and loop bounds below, at and above the array's length, also
// negative ones; the program steps pc by its elements, some negative.
func TestFuseExitCheckSameBehaviour(t *testing.T) {
	run := func(m *Module, code []int64, n, start int64) string {
		it := NewInterpreter(m, InterpOptions{})
		arr, err := it.Call("mk", int64(len(code)))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range code {
			if _, err := it.Call("set", arr, int64(i), c); err != nil {
				t.Fatal(err)
			}
		}
		r, err := it.Call("run", arr, n, start)
		return fmt.Sprint(r, err)
	}
	helpers := `
@file = global [2 x i8] c"f\00"

declare ptr @toy_new_array(i64, i64, ptr, i32, i32)

define ptr @mk(i64 %n) {
entry:
  %a = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  ret ptr %a
}

define void @set(ptr %a, i64 %i, i64 %v) {
entry:
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %v, ptr %p
  ret void
}
`
	// The error names the file: the interpreter reads its name.
	loop := strings.ReplaceAll(exitCheckLoop, "(ptr null,", "(ptr @file,")
	before := mustParseModule(loop + helpers)
	after := mustParseModule(loop + helpers)
	fused := false
	for _, f := range after.Funcs {
		if f.Name == "run" {
			FuseExitChecks(f)
			fused = len(f.Blocks) == 7
		}
	}
	if !fused {
		t.Fatalf("the loop was not rewritten:\n%s", after)
	}
	code := []int64{1, 2, -2, 1, 3}
	errors := 0
	for _, n := range []int64{-3, 0, 2, 4, 5, 6, 9} {
		for _, start := range []int64{-4, -1, 0, 1, 3, 4, 5, 8} {
			want, got := run(before, code, n, start), run(after, code, n, start)
			if strings.Contains(want, "index") {
				errors++
			}
			if got != want {
				t.Errorf("run(n=%d, start=%d): %s after the pass, %s before", n, start, got, want)
			}
		}
	}
	if errors == 0 {
		t.Errorf("no run reported an index error")
	}
}

// Loops left alone: something visible between the exit test and the
// check (a store), a length not known to be at most MaxInt64 (a
// parameter), and a check of another index.
func TestFuseExitCheckLeavesOthers(t *testing.T) {
	in := `
declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @store(ptr %code, i64 %n, ptr %g) {
entry:
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %head
head:
  %pc = phi i64 [ 0, %entry ], [ %pc.next, %ok ]
  %more = icmp slt i64 %pc, %n
  br i1 %more, label %body, label %exit
body:
  store i64 %pc, ptr %g
  %in = icmp ult i64 %pc, %len
  br i1 %in, label %ok, label %fail
ok:
  %pc.next = add i64 %pc, 1
  br label %head
fail:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %pc, i64 %len)
  unreachable
exit:
  ret i64 %pc
}

define i64 @anylen(i64 %len, i64 %n) {
entry:
  br label %head
head:
  %pc = phi i64 [ 0, %entry ], [ %pc.next, %ok ]
  %more = icmp slt i64 %pc, %n
  br i1 %more, label %body, label %exit
body:
  %in = icmp ult i64 %pc, %len
  br i1 %in, label %ok, label %fail
ok:
  %pc.next = add i64 %pc, 1
  br label %head
fail:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %pc, i64 %len)
  unreachable
exit:
  ret i64 %pc
}

define i64 @other(ptr %code, i64 %n, i64 %k) {
entry:
  %len.addr = getelementptr i8, ptr %code, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %head
head:
  %pc = phi i64 [ 0, %entry ], [ %pc.next, %ok ]
  %more = icmp slt i64 %pc, %n
  br i1 %more, label %body, label %exit
body:
  %in = icmp ult i64 %k, %len
  br i1 %in, label %ok, label %fail
ok:
  %pc.next = add i64 %pc, 1
  br label %head
fail:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %k, i64 %len)
  unreachable
exit:
  ret i64 %pc
}

!0 = !{}`
	checkPass(t, FuseExitChecks, in, in[len("\ndeclare void @toy_index_error(ptr, i32, i32, i64, i64)\n"):len(in)-len("\n\n!0 = !{}")])
}
