package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Two functions use the same offset, a spill slot in one and a variable
// whose address is taken in the other: only the first one's accesses are
// spill code.
const sampleDump = `# *** machine code after frame ***
machine function f, after frame layout
# frame: saves [rbx], 24 bytes below them, 0 bytes of outgoing arguments
#   slot 0 alloca   x          8(%rsp), 8 bytes
#   slot 1 spill    v3,v7      16(%rsp), 8 bytes
#   v3     slot 1   [4,9)
machine function g, after frame layout
#   slot 0 alloca   y          16(%rsp), 8 bytes
#   slot 1 argument h          40(%rsp), 8 bytes
`

const sampleAsm = `	.text
	.globl	f
f:
	# 3: x = y;
.Lf.entry:
	movq	%rdi, 16(%rsp)
	movq	16(%rsp), %rax
	movl	16(%rsp), %ecx
	addq	16(%rsp), %rax
	cmpq	%rax, 16(%rsp)
	movq	%rax, 8(%rsp)
	leaq	8(%rsp), %rdi
	movzbl	%al, %eax
	movl	%eax, %ecx
	xchgq	%rax, %rdx
	movq	$5, %rdx
	ret
g:
	movq	%rdi, 16(%rsp)
	movq	40(%rsp), %rax
	movq	(%rax,%rcx,8), %rdx
	ret
`

func writeSample(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCountsWithFrameDump(t *testing.T) {
	got, exact, err := run(writeSample(t, "x.s", sampleAsm), writeSample(t, "x.dump", sampleDump))
	if err != nil {
		t.Fatal(err)
	}
	want := counts{instrs: 16, spills: 1, reloads: 2, slotops: 2, movs: 2}
	if got != want || !exact {
		t.Errorf("got %+v exact=%v, want %+v exact=true", got, exact, want)
	}
}

func TestCountsGuessedWithoutDump(t *testing.T) {
	got, exact, err := run(writeSample(t, "x.s", sampleAsm), "")
	if err != nil {
		t.Fatal(err)
	}
	// Every %rsp operand counts now: the alloca x, g's y and its
	// argument h too.
	want := counts{instrs: 16, spills: 3, reloads: 3, slotops: 3, movs: 2}
	if got != want || exact {
		t.Errorf("got %+v exact=%v, want %+v exact=false", got, exact, want)
	}
}

func TestSplitOperandsKeepsAddressesWhole(t *testing.T) {
	got := splitOperands(" $3, 8(%rax,%rcx,8), %rdx")
	want := []string{"$3", "8(%rax,%rcx,8)", "%rdx"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}
