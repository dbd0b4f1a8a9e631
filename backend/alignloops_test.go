package backend

import (
	"bytes"
	"strings"
	"testing"

	"toyc/middle"
)

// assembleAt returns the assembly for ll from the native passes of -O level.
func assembleAt(t *testing.T, ll string, level int) string {
	t.Helper()
	m, errs := middle.ParseModule("test.ll", []byte(ll))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs)
	}
	fs, err := (&Pipeline{Level: level, Native: true, CodegenOnly: true, Check: true}).Run(m)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Emit(&buf, m, fs); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// Two loops: the first is entered by a jump to its test at the bottom (its
// header is too long for tail duplication to copy into the entry), so
// nothing falls into its top, which is aligned; the second's guard falls
// into its body, which is not (the padding would run at each entry). The
// function itself starts 16-byte aligned, at -O2 only.
const alignLL = `
define i64 @walk(ptr %a, i64 %n) {
entry:
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %body ]
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %x2 = mul i64 %x, 7
  %x3 = xor i64 %x2, %s
  %x4 = add i64 %x3, %i
  %x5 = mul i64 %x4, 3
  %x6 = xor i64 %x5, %x
  %c = icmp slt i64 %x6, %n
  br i1 %c, label %body, label %second
body:
  %i.1 = add i64 %i, 1
  %s.1 = add i64 %s, %x6
  br label %cond
second:
  %g = icmp sgt i64 %n, 0
  br i1 %g, label %loop, label %done
loop:
  %j = phi i64 [ 0, %second ], [ %j.1, %loop ]
  %t = phi i64 [ %s, %second ], [ %t.1, %loop ]
  %t.1 = add i64 %t, %j
  %j.1 = add i64 %j, 1
  %more = icmp slt i64 %j.1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ %s, %second ], [ %t.1, %loop ]
  ret i64 %r
}
`

func TestAlignFunctionsAndJumpedToLoops(t *testing.T) {
	asm := assembleAt(t, alignLL, 2)
	if !strings.Contains(asm, "\t.p2align\t4\n\t.globl\twalk\n") {
		t.Errorf("the function is not aligned:\n%s", asm)
	}
	const pad = "\t.p2align\t5\n"
	if n := strings.Count(asm, pad); n != 1 {
		t.Errorf("%d loop tops aligned, want 1 (the one entered by a jump):\n%s", n, asm)
	}
	i := strings.Index(asm, pad)
	if i < 0 {
		return
	}
	before := asm[:i]
	before = before[strings.LastIndex(before[:len(before)-1], "\n")+1:]
	after := asm[i+len(pad):]
	after = after[:strings.Index(after, "\n")]
	if !strings.HasPrefix(before, "\tjmp\t") || !strings.HasPrefix(after, ".Lwalk.") {
		t.Errorf("the padding is not between a jump and a loop's label: %q ... %q\n%s", before, after, asm)
	}
	loop := asm[strings.Index(asm, "\n"+after+"\n"):]
	loop = loop[:strings.Index(loop, "\tret\n")]
	if !strings.Contains(loop, "\tj") || !strings.Contains(loop, after[:len(after)-1]) {
		t.Errorf("the aligned block is no loop's top:\n%s", asm)
	}
	for _, level := range []int{0, 1} {
		if asm := assembleAt(t, alignLL, level); strings.Contains(asm, ".p2align\t4") || strings.Contains(asm, ".p2align\t5") {
			t.Errorf("-O%d aligns code:\n%s", level, asm)
		}
	}
}
