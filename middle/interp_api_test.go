package middle

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The interpreter's own tests (interp.go, interp_runtime.go): φ arrivals,
// the runtime's functions and errors, memory, limits. The pass tests'
// oracle built on it is in interp_test.go.

// interpModule parses and verifies an IR module for the interpreter; the
// runtime's declarations are added for the functions the text calls.
func interpModule(t *testing.T, text string) *Module {
	t.Helper()
	decls := map[string]string{
		"toy_print_i64":   "declare void @toy_print_i64(i64)",
		"toy_print_bool":  "declare void @toy_print_bool(i1 zeroext)",
		"toy_print_str":   "declare void @toy_print_str(ptr)",
		"toy_print_bytes": "declare void @toy_print_bytes(ptr, i64)",
		"toy_new_array":   "declare ptr @toy_new_array(i64, i64, ptr, i32, i32)",
		"toy_argc":        "declare i64 @toy_argc()",
		"toy_argi":        "declare i64 @toy_argi(i64, ptr, i32, i32)",
		"toy_index_error": "declare void @toy_index_error(ptr, i32, i32, i64, i64)",
		"toy_div_error":   "declare void @toy_div_error(ptr, i32, i32)",
	}
	for name, decl := range decls {
		if strings.Contains(text, "@"+name+"(") {
			text += "\n" + decl + "\n"
		}
	}
	return mustParse(t, "interp.ll", text)
}

// runMain runs m's toy_main with args and returns the exit status, the
// output and the error.
func runMain(m *Module, o InterpOptions) (int, string, error) {
	var out bytes.Buffer
	o.Stdout = &out
	status, err := NewInterpreter(m, o).RunMain()
	return status, out.String(), err
}

// The seed's count_to: count_to(2) evaluates %i three times, 0 from the
// entry, then 1 and 2 from the body.
func TestInterpPhiArrivals(t *testing.T) {
	m := mustParse(t, "count_to.ll", `
define i64 @count_to(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done
body:
  %next = add i64 %i, 1
  br label %loop
done:
  ret i64 %i
}`)
	var got []string
	in := NewInterpreter(m, InterpOptions{OnPhi: func(a PhiArrival) {
		got = append(got, fmt.Sprintf("@%s %%%s visit %d from %%%s: %d", a.Func.Name, a.Phi.Name, a.Visit, a.From.Name, a.Value))
	}})
	r, err := in.Call("count_to", 2)
	if err != nil || r != 2 {
		t.Fatalf("count_to(2) = %d, %v; want 2", r, err)
	}
	want := []string{
		"@count_to %i visit 1 from %entry: 0",
		"@count_to %i visit 2 from %body: 1",
		"@count_to %i visit 3 from %body: 2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("arrivals:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// φs at the top of a block read their operands in parallel: a swap.
func TestInterpPhiParallel(t *testing.T) {
	m := mustParse(t, "swap.ll", `
define i64 @swap(i64 %n) {
entry:
  br label %loop
loop:
  %a = phi i64 [ 1, %entry ], [ %b, %loop ]
  %b = phi i64 [ 2, %entry ], [ %a, %loop ]
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %k.next = add i64 %k, 1
  %c = icmp slt i64 %k.next, %n
  br i1 %c, label %loop, label %done
done:
  %r = mul i64 %a, 10
  %s = add i64 %r, %b
  ret i64 %s
}`)
	for n, want := range map[int64]int64{1: 12, 2: 21, 3: 12} {
		if r, err := NewInterpreter(m, InterpOptions{}).Call("swap", n); err != nil || r != want {
			t.Errorf("swap(%d) = %d, %v; want %d", n, r, err, want)
		}
	}
}

// The print functions write what runtime.c writes, byte for byte, and
// toy_main's result becomes the exit status as in main.c.
func TestInterpPrint(t *testing.T) {
	m := interpModule(t, `
@.str = private unnamed_addr constant [5 x i8] c"x = \00"
@.str.1 = private unnamed_addr constant [4 x i8] c"a\00b\00"
@.str.2 = private unnamed_addr constant [2 x i8] c"\0A\00"

define i64 @toy_main() {
entry:
  call void @toy_print_str(ptr @.str)
  call void @toy_print_i64(i64 -9223372036854775808)
  call void @toy_print_str(ptr @.str.2)
  call void @toy_print_i64(i64 0)
  call void @toy_print_i64(i64 -7)
  call void @toy_print_bool(i1 true)
  call void @toy_print_bool(i1 false)
  call void @toy_print_bytes(ptr @.str.1, i64 3)
  call void @toy_print_str(ptr @.str.1)
  call void @toy_print_str(ptr @.str.2)
  ret i64 300
}`)
	status, out, err := runMain(m, InterpOptions{})
	if want := "x = -9223372036854775808\n0-7truefalsea\x00ba\n"; err != nil || out != want || status != 300&255 {
		t.Errorf("got %q, status %d, %v; want %q, status 44", out, status, err, want)
	}
}

// toy_argc and toy_argi read the arguments as runtime.c does: a decimal
// int64 with an optional leading '-', nothing else.
func TestInterpArguments(t *testing.T) {
	m := interpModule(t, `
@.str = private unnamed_addr constant [9 x i8] c"args.toy\00"

define i64 @argc() {
entry:
  %n = call i64 @toy_argc()
  ret i64 %n
}

define i64 @argi(i64 %i) {
entry:
  %v = call i64 @toy_argi(i64 %i, ptr @.str, i32 4, i32 17)
  ret i64 %v
}`)
	good := map[string]int64{
		"5": 5, "-7": -7, "0": 0, "-0": 0, "007": 7,
		"9223372036854775807": 1<<63 - 1, "-9223372036854775808": -1 << 63,
	}
	// The reasons, as runtime.c gives them (runtime_test.go has the same).
	bad := map[string]string{
		"":                      `"" is not a decimal integer`,
		"-":                     `"-" is not a decimal integer`,
		"+5":                    `"+5" is not a decimal integer`,
		" 5":                    `" 5" is not a decimal integer`,
		"5 ":                    `"5 " is not a decimal integer`,
		"1x":                    `"1x" is not a decimal integer`,
		"--1":                   `"--1" is not a decimal integer`,
		"0x10":                  `"0x10" is not a decimal integer`,
		"99999999999999999999x": `"99999999999999999999x" is not a decimal integer`,
		"a\"b\\c\td\x01\xff":    `"a\"b\\c\x09d\x01\xff" is not a decimal integer`,
		"9223372036854775808":   `"9223372036854775808" is out of range for int`,
		"-9223372036854775809":  `"-9223372036854775809" is out of range for int`,
		"99999999999999999999":  `"99999999999999999999" is out of range for int`,
		strings.Repeat("7", 70): `"` + strings.Repeat("7", 64) + `"... is out of range for int`,
	}
	good["12\x003"] = 12 // C sees the argument up to its NUL
	var args []string
	for s := range good {
		args = append(args, s)
	}
	for s := range bad {
		args = append(args, s)
	}
	in := NewInterpreter(m, InterpOptions{Args: args})
	if n, err := in.Call("argc"); n != int64(len(args)) || err != nil {
		t.Errorf("argc() = %d, %v; want %d", n, err, len(args))
	}
	for i, s := range args {
		v, err := in.Call("argi", int64(i))
		want, ok := good[s]
		wantErr := fmt.Sprintf("args.toy:4:17: runtime error: bad argument: argi(%d): %s", i, bad[s])
		switch {
		case ok && (err != nil || v != want):
			t.Errorf("argi of %q = %d, %v; want %d", s, v, err, want)
		case !ok && (err == nil || err.Error() != wantErr):
			t.Errorf("argi of %q = %d, %v; want %s", s, v, err, wantErr)
		}
	}
	for _, i := range []int64{-1, int64(len(args))} {
		wantErr := fmt.Sprintf("args.toy:4:17: runtime error: bad argument: argi(%d): the program has %d arguments", i, len(args))
		if _, err := in.Call("argi", i); err == nil || err.Error() != wantErr {
			t.Errorf("argi(%d) of %d arguments: %v; want %s", i, len(args), err, wantErr)
		}
	}
	one := NewInterpreter(m, InterpOptions{Args: []string{"1"}})
	if _, err := one.Call("argi", 1); err == nil || err.Error() != "args.toy:4:17: runtime error: bad argument: argi(1): the program has 1 argument" {
		t.Errorf("argi(1) of 1 argument: %v", err)
	}
}

// Each runtime error stops the program with exactly the line runtime.c
// prints, status 2, after the output printed before it.
func TestInterpRuntimeErrors(t *testing.T) {
	for _, tc := range []struct{ call, want string }{
		{"call void @toy_index_error(ptr @.str, i32 3, i32 9, i64 5, i64 3)", "prog.toy:3:9: runtime error: index out of range [5] with length 3"},
		{"call void @toy_index_error(ptr @.str, i32 12, i32 1, i64 -1, i64 0)", "prog.toy:12:1: runtime error: index out of range [-1] with length 0"},
		{"call void @toy_div_error(ptr @.str, i32 7, i32 14)", "prog.toy:7:14: runtime error: division by zero"},
		{"%a = call ptr @toy_new_array(i64 -1, i64 8, ptr @.str, i32 9, i32 17)", "prog.toy:9:17: runtime error: negative array length -1"},
		{"%a = call ptr @toy_new_array(i64 4611686018427387904, i64 8, ptr @.str, i32 2, i32 5)", "prog.toy:2:5: runtime error: out of memory"},
		{"%a = call ptr @toy_new_array(i64 1099511627776, i64 1, ptr @.str, i32 2, i32 6)", "prog.toy:2:6: runtime error: out of memory"},
		{"%v = call i64 @toy_argi(i64 0, ptr @.str, i32 8, i32 25)", "prog.toy:8:25: runtime error: bad argument: argi(0): the program has 0 arguments"},
	} {
		m := interpModule(t, `
@.str = private unnamed_addr constant [9 x i8] c"prog.toy\00"
@.str.1 = private unnamed_addr constant [8 x i8] c"before\0A\00"

define i64 @toy_main() {
entry:
  call void @toy_print_str(ptr @.str.1)
  `+tc.call+`
  unreachable
}`)
		status, out, err := runMain(m, InterpOptions{})
		var rt *RuntimeError
		if !errors.As(err, &rt) || err.Error() != tc.want || status != 2 || out != "before\n" {
			t.Errorf("%s: status %d, output %q, %v; want status 2, \"before\\n\", %s", tc.call, status, out, err, tc.want)
		}
	}
}

// Unbounded recursion is the runtime error "stack overflow" once MaxDepth
// calls are active (toy_main is the first), without overflowing Go's
// stack; memory and globals persist after it, for the next Call.
func TestInterpStackOverflow(t *testing.T) {
	m := interpModule(t, `
@calls = global i64 0
@.str = private unnamed_addr constant [8 x i8] c"diving\0A\00"

define i64 @dive(i64 %n) {
entry:
  %slot = alloca i64
  store i64 %n, ptr %slot
  %c = load i64, ptr @calls
  %c.1 = add i64 %c, 1
  store i64 %c.1, ptr @calls
  %m = add i64 %n, 1
  %r = call i64 @dive(i64 %m)
  %s = add i64 %r, %n
  ret i64 %s
}

define i64 @ncalls() {
entry:
  %c = load i64, ptr @calls
  ret i64 %c
}

define i64 @toy_main() {
entry:
  call void @toy_print_str(ptr @.str)
  %r = call i64 @dive(i64 0)
  call void @toy_print_i64(i64 %r)
  ret i64 0
}`)
	for _, depth := range []int{0, 10} {
		var out bytes.Buffer
		in := NewInterpreter(m, InterpOptions{Stdout: &out, MaxDepth: depth})
		start := time.Now()
		status, err := in.RunMain()
		elapsed := time.Since(start)
		if status != 2 || err == nil || err.Error() != "runtime error: stack overflow" || out.String() != "diving\n" {
			t.Fatalf("MaxDepth %d: status %d, output %q, %v; want status 2, \"diving\\n\", runtime error: stack overflow", depth, status, out.String(), err)
		}
		if depth == 0 {
			depth = DefaultMaxDepth
		}
		if calls, err := in.Call("ncalls"); calls != int64(depth-1) || err != nil {
			t.Errorf("MaxDepth %d: @dive ran %d times (%v), want %d", depth, calls, err, depth-1)
		}
		t.Logf("MaxDepth %d: overflowed in %v", depth, elapsed)
	}
}

// Recursion just short of the limit returns normally.
func TestInterpDeepRecursion(t *testing.T) {
	m := mustParse(t, "deep.ll", `
define i64 @sum(i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %s = call i64 @sum(i64 %m)
  %r = add i64 %s, %n
  ret i64 %r
}`)
	n := int64(DefaultMaxDepth - 1) // sum(n) .. sum(0): n+1 frames
	if r, err := NewInterpreter(m, InterpOptions{}).Call("sum", n); err != nil || r != n*(n+1)/2 {
		t.Errorf("sum(%d) = %d, %v; want %d", n, r, err, n*(n+1)/2)
	}
	if _, err := NewInterpreter(m, InterpOptions{}).Call("sum", n+1); err == nil || err.Error() != "runtime error: stack overflow" {
		t.Errorf("sum(%d): %v, want a stack overflow", n+1, err)
	}
}

// Allocas in a loop are a stack overflow once the stack region is full.
func TestInterpAllocaOverflow(t *testing.T) {
	m := mustParse(t, "allocas.ll", `
define void @grow() {
entry:
  br label %loop
loop:
  %p = alloca i64
  store i64 1, ptr %p
  br label %loop
}`)
	if _, err := NewInterpreter(m, InterpOptions{}).Call("grow"); err == nil || err.Error() != "runtime error: stack overflow" {
		t.Errorf("got %v, want a stack overflow", err)
	}
}

// Arrays: zeroed, their length at -8, toy_empty for length 0 (whose
// length word reads 0), large ones too; reading past the heap's end is
// undefined.
func TestInterpArrays(t *testing.T) {
	m := interpModule(t, `
@toy_empty = external global i8
@.str = private unnamed_addr constant [9 x i8] c"prog.toy\00"

define i64 @array(i64 %n, i64 %i) {
entry:
  %a = call ptr @toy_new_array(i64 %n, i64 8, ptr @.str, i32 1, i32 1)
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr
  %last = sub i64 %n, 1
  %p = getelementptr i64, ptr %a, i64 %last
  %old = load i64, ptr %p
  store i64 %len, ptr %p
  %q = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %q
  %s = add i64 %v, %old
  ret i64 %s
}

define i64 @empty() {
entry:
  %a = call ptr @toy_new_array(i64 0, i64 4, ptr @.str, i32 1, i32 1)
  %same = icmp eq ptr %a, @toy_empty
  br i1 %same, label %yes, label %no
yes:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr
  ret i64 %len
no:
  ret i64 -1
}

define i64 @load_empty() {
entry:
  %v = load i32, ptr @toy_empty
  %w = sext i32 %v to i64
  ret i64 %w
}`)
	for _, tc := range []struct{ n, i, want int64 }{{3, 2, 3}, {3, 0, 0}, {4 << 20, 4<<20 - 1, 4 << 20}} {
		if r, err := NewInterpreter(m, InterpOptions{}).Call("array", tc.n, tc.i); err != nil || r != tc.want {
			t.Errorf("array(%d, %d) = %d, %v; want %d", tc.n, tc.i, r, err, tc.want)
		}
	}
	if _, err := NewInterpreter(m, InterpOptions{}).Call("array", 3, 3); !errors.Is(err, ErrUndefined) {
		t.Errorf("reading past the heap: %v, want undefined behaviour", err)
	}
	if r, err := NewInterpreter(m, InterpOptions{}).Call("empty"); err != nil || r != 0 {
		t.Errorf("empty() = %d, %v; want 0", r, err)
	}
	if _, err := NewInterpreter(m, InterpOptions{}).Call("load_empty"); !errors.Is(err, ErrUndefined) {
		t.Errorf("reading toy_empty's element 0: %v, want undefined behaviour", err)
	}
}

// What LLVM leaves undefined stops the run with ErrUndefined.
func TestInterpUndefined(t *testing.T) {
	for _, body := range []string{
		"%r = sdiv i64 %x, 0\n  ret i64 %r",
		"%r = srem i64 -9223372036854775808, -1\n  ret i64 %r",
		"%r = sdiv i32 -2147483648, -1\n  %s = sext i32 %r to i64\n  ret i64 %s",
		"%r = shl i64 %x, 64\n  ret i64 %r",
		"%t = trunc i64 %x to i32\n  %r = lshr i32 %t, 32\n  %s = sext i32 %r to i64\n  ret i64 %s",
		"%r = load i64, ptr null\n  ret i64 %r",
		"store i8 0, ptr @.str\n  ret i64 0",
		"%p = getelementptr i8, ptr @g, i64 -4096\n  %r = load i64, ptr %p\n  ret i64 %r",
		"%s = alloca i64\n  %p = getelementptr i64, ptr %s, i64 1\n  %r = load i64, ptr %p\n  ret i64 %r",
		"unreachable",
	} {
		m := mustParse(t, "ub.ll", `
@g = global i64 0
@.str = private unnamed_addr constant [2 x i8] c"x\00"

define i64 @f(i64 %x) {
entry:
  `+body+`
}`)
		if r, err := NewInterpreter(m, InterpOptions{}).Call("f", 1); !errors.Is(err, ErrUndefined) {
			t.Errorf("%s: got %d, %v; want undefined behaviour", body, r, err)
		}
	}
}

// Arithmetic wraps at the type's width; i1 is stored as the byte 1.
func TestInterpArithmetic(t *testing.T) {
	m := mustParse(t, "arith.ll", `
define i64 @f(i64 %x) {
entry:
  %t = trunc i64 %x to i32
  %m = mul i32 %t, 65536
  %w = sext i32 %m to i64
  %u = zext i32 %m to i64
  %c = icmp ult i32 %m, 0
  %slot = alloca i8
  %b = icmp ne i64 %x, 0
  store i1 %b, ptr %slot
  %byte = load i8, ptr %slot
  %byte.64 = zext i8 %byte to i64
  %a = ashr i64 %w, 1
  %l = lshr i64 %w, 60
  %s1 = add i64 %w, %u
  %s2 = add i64 %s1, %byte.64
  %s3 = add i64 %s2, %a
  %s4 = add i64 %s3, %l
  %c.64 = zext i1 %c to i64
  %s5 = add i64 %s4, %c.64
  ret i64 %s5
}`)
	// x = 32768: m = 2^31 wraps to -2^31; w = -2^31, u = 2^31, byte 1,
	// a = -2^30, l = 15 (the top bits of w), c false.
	if r, err := NewInterpreter(m, InterpOptions{}).Call("f", 32768); err != nil || r != 1-(1<<30)+15 {
		t.Errorf("f(32768) = %d, %v; want %d", r, err, 1-(1<<30)+15)
	}
}

// MaxSteps bounds the instructions run.
func TestInterpStepLimit(t *testing.T) {
	m := mustParse(t, "spin.ll", `
define void @spin() {
entry:
  br label %loop
loop:
  br label %loop
}`)
	if _, err := NewInterpreter(m, InterpOptions{MaxSteps: 1000}).Call("spin"); !errors.Is(err, ErrStepLimit) {
		t.Errorf("got %v, want the step limit", err)
	}
}

// A declared function the interpreter does not know goes to the External
// hook, which sees the memory; without one, the call is an error (not
// undefined behaviour).
func TestInterpExternal(t *testing.T) {
	m := mustParse(t, "ext.ll", `
declare i64 @twice_at(ptr, i64)

define i64 @f(i64 %x) {
entry:
  %slot = alloca i64
  store i64 %x, ptr %slot
  %r = call i64 @twice_at(ptr %slot, i64 5)
  %v = load i64, ptr %slot
  %s = add i64 %r, %v
  ret i64 %s
}`)
	hook := func(name string, args []int64, mem *Memory) (int64, error) {
		if name != "twice_at" {
			return 0, fmt.Errorf("unexpected @%s", name)
		}
		v, err := mem.Load(I64, args[0])
		if err != nil {
			return 0, err
		}
		return args[1], mem.Store(I64, args[0], 2*v)
	}
	if r, err := NewInterpreter(m, InterpOptions{External: hook}).Call("f", 20); err != nil || r != 45 {
		t.Errorf("f(20) = %d, %v; want 45", r, err)
	}
	if _, err := NewInterpreter(m, InterpOptions{}).Call("f", 20); err == nil || errors.Is(err, ErrUndefined) {
		t.Errorf("without a hook: %v, want an error that is not undefined behaviour", err)
	}
}

// An External hook may call back into the interpreter, even deep enough to
// move its frames and registers; the interrupted call then goes on.
func TestInterpExternalReentry(t *testing.T) {
	m := mustParse(t, "reentry.ll", `
declare i64 @hook(i64)

define i64 @sum(i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %s = call i64 @sum(i64 %m)
  %r = add i64 %s, %n
  ret i64 %r
}

define i64 @f(i64 %x) {
entry:
  %a = call i64 @sum(i64 3)
  %h = call i64 @hook(i64 %x)
  %b = call i64 @sum(i64 4)
  %s = add i64 %a, %h
  %t = add i64 %s, %b
  ret i64 %t
}`)
	var in *Interpreter
	in = NewInterpreter(m, InterpOptions{External: func(name string, args []int64, mem *Memory) (int64, error) {
		return in.Call("sum", args[0])
	}})
	if r, err := in.Call("f", 5000); err != nil || r != 6+5000*5001/2+10 {
		t.Errorf("f(5000) = %d, %v; want %d", r, err, 6+5000*5001/2+10)
	}
}
