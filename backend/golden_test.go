package backend

import (
	"bytes"
	"strings"
	"testing"

	"toyc/middle"
)

// Golden tests: the exact text of small functions, so that a change in
// selection, allocation, layout or emission shows up as a readable diff.

const countToLL = `define i64 @count_to(i64 %n) {
entry:
  br label %while.cond
while.cond:
  %i = phi i64 [ 0, %entry ], [ %i.1, %while.body ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %while.body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %while.body, label %while.end
while.body:
  %i.1 = add i64 %i, 1
  %s.1 = add i64 %s, %i.1
  br label %while.cond
while.end:
  ret i64 %s
}
`

func TestGoldenCountTo(t *testing.T) {
	want := `	.file	"count.ll"
	.file	1 "count.ll"

	.text
	.globl	count_to
	.type	count_to, @function
count_to:
	.cfi_startproc
	# 3: br label %while.cond
	.loc	1 3 3
.Lcount_to.entry:
	movl	$0, %eax
	movl	$0, %ecx
	# 7: %c = icmp slt i64 %i, %n
	.loc	1 7 3
	cmpq	%rdi, %rax
	# 8: br i1 %c, label %while.body, label %while.end
	.loc	1 8 3
	jge	.Lcount_to.while.end
.Lcount_to.while.body:
	# 10: %i.1 = add i64 %i, 1
	.loc	1 10 3
	leaq	1(%rax), %rax
	# 11: %s.1 = add i64 %s, %i.1
	.loc	1 11 3
	leaq	(%rcx,%rax,1), %rcx
	# 7: %c = icmp slt i64 %i, %n
	.loc	1 7 3
	cmpq	%rdi, %rax
	# 8: br i1 %c, label %while.body, label %while.end
	.loc	1 8 3
	jl	.Lcount_to.while.body
.Lcount_to.while.end:
	# 14: ret i64 %s
	.loc	1 14 3
	movq	%rcx, %rax
	ret
	.Ltoy.end3:
	.cfi_endproc
	.size	count_to, .-count_to

	.pushsection	toy_functab,"a",@progbits
	.p2align	2
	.long	count_to-., .Ltoy.end3-., .Ltoy.name2-., .Ltoy.file1-.
	.long	0, 3, 3, 0
	.popsection
	.pushsection	.rodata.str1.1,"aMS",@progbits,1
.Ltoy.name2:
	.asciz	"count_to"
	.popsection

	.section	.rodata.str1.1,"aMS",@progbits,1
.Ltoy.file1:
	.asciz	"count.ll"
	.section	.note.GNU-stack,"",@progbits
`
	m, errs := middle.ParseModule("count.ll", []byte(countToLL))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got bytes.Buffer
	if err := CompileWithSource(m, &got, []byte(countToLL)); err != nil {
		t.Fatal(err)
	}
	if got.String() != want {
		t.Errorf("got:\n%s\ndiff from want at line %d", got.String(), firstDiff(got.String(), want))
	}
}

func firstDiff(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// TestDeterministic compiles the same programs twice (the second time from
// a fresh parse) and wants byte-identical assembly.
func TestDeterministic(t *testing.T) {
	for seed := int64(100); seed < 103; seed++ {
		ll := randomProgram(seed)
		if a, b := assemble(t, ll), assemble(t, ll); a != b {
			t.Fatalf("seed %d: two compilations differ at line %d", seed, firstDiff(a, b))
		}
	}
}

// TestAllocationDump checks what the allocation stage shows: every vreg's
// interval with its register, the fixed intervals of the ABI registers,
// the positions the intervals refer to, and the constants of the φ
// copies.
func TestAllocationDump(t *testing.T) {
	_, fs := stages(t, countToLL)
	dump := fs[0].String()
	for _, want := range []string{
		"machine function count_to, after frame layout",
		"# live intervals (1 allocation round(s)), over the positions of the listing:",
		"#   fixed  rdi       [0,1)",
		"while.body:\t\t\t# preds: entry, while.body (loop depth 1)",
		"    0:\tmovq\t%rdi, %v0:rdi\n",
		"#   sequential: nothing then v1 <- $0; v2 <- $0",
	} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump lacks %q:\n%s", want, dump)
		}
	}
}

// TestDebuggerSeesSourceLines breaks in gdb on a line of the IR source and
// checks that execution stops there, in the right function: the .loc
// directives become a DWARF line table.
func TestDebuggerSeesSourceLines(t *testing.T) {
	m, errs := middle.ParseModule("count.ll", []byte(countToLL))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var asm bytes.Buffer
	if err := Compile(m, &asm); err != nil {
		t.Fatal(err)
	}
	out := underGDB(t, map[string]string{
		"count.ll": countToLL,
		"count.s":  asm.String(),
		"main.c":   "long count_to(long);\nint main(void) { return count_to(3) == 6 ? 0 : 1; }\n",
	}, []string{"main.c", "count.s"}, "break count.ll:11", "run", "info registers rcx")
	if !strings.Contains(out, "count_to") || !strings.Contains(out, "count.ll:11") {
		t.Errorf("gdb did not stop at count.ll:11 in count_to:\n%s", out)
	}
}
