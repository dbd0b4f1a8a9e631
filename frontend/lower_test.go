package frontend

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"toyc/middle"
	"toyc/middle/diag"
)

// lowerOK compiles src, checks the module with the middle's verifier and,
// where LLVM is installed, with `opt -passes=verify`, and returns its text.
func lowerOK(t *testing.T, src string) string {
	t.Helper()
	m, diags := Compile("t.toy", []byte(src))
	if diags != nil {
		t.Fatalf("compile errors:\n%v", diags)
	}
	if errs := middle.VerifyModule(m); len(errs) > 0 {
		t.Fatalf("middle.VerifyModule:\n%v\n%s", errs, m)
	}
	text := m.String()
	if opt, err := exec.LookPath("opt"); err == nil {
		path := filepath.Join(t.TempDir(), "t.ll")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(opt, "-opaque-pointers", "-passes=verify", "-disable-output", path).CombinedOutput()
		if err != nil {
			t.Fatalf("opt rejects the module: %v\n%s\n%s", err, out, text)
		}
	}
	return text
}

// wantInOrder checks that each line occurs in ir, after the previous one.
func wantInOrder(t *testing.T, ir string, lines ...string) {
	t.Helper()
	rest := ir
	for _, l := range lines {
		i := strings.Index(rest, l)
		if i < 0 {
			t.Fatalf("missing (in this order) %q in:\n%s", l, ir)
		}
		rest = rest[i+len(l):]
	}
}

func wantAbsent(t *testing.T, ir string, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if strings.Contains(ir, s) {
			t.Fatalf("unexpected %q in:\n%s", s, ir)
		}
	}
}

func TestLowerSlots(t *testing.T) {
	ir := lowerOK(t, `func f(n: int, b: bool, c: bool) int {
	var x = n;
	var p = &c;
	var y: bool = b && *p;
	return x;
}`)
	wantInOrder(t, ir,
		"define i64 @f(i64 %n, i1 zeroext %b, i1 zeroext %c) {",
		"entry:",
		"%n.addr = alloca i64",
		"%b.addr = alloca i1", // address never taken: promotable i1
		"%c.addr = alloca i8", // address taken: a memory bool
		"%x = alloca i64",
		"%p = alloca ptr",
		"%y = alloca i1",
		"store i64 %n, ptr %n.addr",
		"store i1 %b, ptr %b.addr",
		"%frombool = zext i1 %c to i8",
		"store i8 %frombool, ptr %c.addr",
		"%n.1 = load i64, ptr %n.addr",
		"store i64 %n.1, ptr %x",
		"store ptr %c.addr, ptr %p",
		"%deref = load i8, ptr",
		"%tobool = trunc i8 %deref to i1",
		"%land = phi i1 [ false, %entry ], [ %tobool, %land.rhs ]",
		"ret i64 %x.1",
	)
}

func TestLowerGlobalsAndMain(t *testing.T) {
	ir := lowerOK(t, `var g = 5;
var h: i32 = 2147483647 + 1;
var flag = !false;
var arr: []int;
var grid: [][]bool;
func main() {
	g = g + 1;
	print(len(arr), flag);
	if flag { return; }
	grid = new([]bool, 2);
}`)
	wantInOrder(t, ir,
		`@.str = private unnamed_addr constant [6 x i8] c"t.toy\00"`,
		"@g = global i64 5",
		"@h = global i32 -2147483648",
		"@flag = global i8 1",
		"@toy_empty = external global i8",
		"@arr = global ptr @toy_empty",
		"@grid = global ptr @toy_empty",
		"define i64 @toy_main() {",
		"%g = load i64, ptr @g",
		"store i64 %add, ptr @g",
		"%flag = load i8, ptr @flag",
		"ret i64 0", // return in a main without result
		"call ptr @toy_new_array(i64 2, i64 8, ptr @.str, i32 10, i32 9)",
		// the elements of an array of arrays are empty arrays, not null
		"fill.cond:",
		"%fill.i = phi i64 [ 0, %if.end ], [ %fill.next, %fill.body ]",
		"store ptr @toy_empty, ptr %fill.elem",
		"fill.end:",
		"ret i64 0", // falling off main
	)
}

func TestLowerIndexChecks(t *testing.T) {
	ir := lowerOK(t, `func f(a: []i32, i: i32) i32 {
	return a[i];
}`)
	wantInOrder(t, ir,
		"%idxprom = sext i32 %i.1 to i64",
		"%len.addr = getelementptr i8, ptr %a.1, i64 -8",
		"%len = load i64, ptr %len.addr",
		"%inbounds = icmp ult i64 %idxprom, %len",
		"br i1 %inbounds, label %bounds.ok, label %bounds.fail",
		"bounds.ok:",
		"%arrayidx = getelementptr i32, ptr %a.1, i64 %idxprom",
		"%elem = load i32, ptr %arrayidx",
		"ret i32 %elem",
		"bounds.fail:",
		"call void @toy_index_error(ptr @.str, i32 2, i32 10, i64 %idxprom, i64 %len)",
		"unreachable",
		"declare void @toy_index_error(ptr, i32, i32, i64, i64)",
	)
}

func TestLowerDivision(t *testing.T) {
	ir := lowerOK(t, `func f(x: int, d: int) int {
	var q = x / d;
	var r = x % d;
	return q + r / 7 + x / -1;
}`)
	wantInOrder(t, ir,
		"%nonzero = icmp ne i64 %d.1, 0",
		"br i1 %nonzero, label %div.ok, label %div.fail",
		"div.ok:",
		"%minusone = icmp eq i64 %d.1, -1",
		"%divisor = select i1 %minusone, i64 1, i64 %d.1",
		"%div = sdiv i64 %x.1, %divisor",
		"%neg = sub i64 0, %x.1",
		"%div.1 = select i1 %minusone, i64 %neg, i64 %div",
		"rem.ok:",
		"%rem = srem i64 %x.2, %divisor.1",
		"store i64 %rem, ptr %r",
		"%div.2 = sdiv i64 %r.1, 7", // a constant divisor needs no check
		"div.fail:",
		"call void @toy_div_error(ptr @.str, i32 2, i32 12)",
		"unreachable",
		"rem.fail:",
		"call void @toy_div_error(ptr @.str, i32 3, i32 12)",
	)
}

func TestLowerShifts(t *testing.T) {
	ir := lowerOK(t, `func f(x: int, n: int, y: i32, m: i32) int {
	var a = x << n;
	var b = y >> m;
	return a + int(b) + (x << 65);
}`)
	wantInOrder(t, ir,
		"%shamt = and i64 %n.1, 63",
		"%shl = shl i64 %x.1, %shamt",
		"%shamt.1 = and i32 %m.1, 31",
		"%shr = ashr i32 %y.1, %shamt.1",
		"%shl.1 = shl i64 %x.2, 1", // constant counts are masked at compile time
	)
}

func TestLowerPrint(t *testing.T) {
	ir := lowerOK(t, `func f(x: int, y: i32, b: bool) {
	print("x =", x, y, b, "done");
	print();
}`)
	wantInOrder(t, ir,
		`c"x = \00"`,
		`c" \00"`,
		`c" done\0A\00"`,
		`c"\0A\00"`,
		"%x.1 = load i64",
		"%y.1 = load i32",
		"%b.1 = load i1",
		"call void @toy_print_str(ptr @.str.1)",
		"call void @toy_print_i64(i64 %x.1)",
		"call void @toy_print_str(ptr @.str.2)",
		"%conv = sext i32 %y.1 to i64",
		"call void @toy_print_i64(i64 %conv)",
		"call void @toy_print_str(ptr @.str.2)",
		"call void @toy_print_bool(i1 zeroext %b.1)",
		"call void @toy_print_str(ptr @.str.3)",
		"call void @toy_print_str(ptr @.str.4)",
		"ret void",
	)
	ir = lowerOK(t, `func f() { print("a\0b"); }`)
	wantInOrder(t, ir, `c"a\00b\0A\00"`, "call void @toy_print_bytes(ptr @.str.1, i64 4)")
}

// TestLowerAssignmentOrder checks docs/reference.md §8, "Order of an assignment": a plain assignment
// evaluates the value before the bounds check; a compound one reads the
// element (with its check) before evaluating the value.
func TestLowerAssignmentOrder(t *testing.T) {
	ir := lowerOK(t, `func g() int { return 1; }
func f(a: []int, i: int) {
	a[i] = g();
}`)
	wantInOrder(t, ir, "%a.1 = load ptr", "%i.1 = load i64", "%call = call i64 @g()", "icmp ult", "store i64 %call, ptr %arrayidx")
	ir = lowerOK(t, `func g() int { return 1; }
func f(a: []int, i: int) {
	a[i] /= g();
}`)
	wantInOrder(t, ir, "%a.1 = load ptr", "%i.1 = load i64", "icmp ult", "%elem = load i64, ptr %arrayidx",
		"%call = call i64 @g()", "icmp ne i64 %call, 0", "store i64 %div.1, ptr %arrayidx",
		"call void @toy_div_error(ptr @.str, i32 3, i32 7)") // at the /= operator
}

func TestLowerControlFlow(t *testing.T) {
	ir := lowerOK(t, `func f(n: int) int {
	var s = 0;
	for var i = 0; i < n; i += 1 {
		if i == 2 { continue; } else if i == 5 { break; }
		s += i;
	}
	while s > 0 || n < 0 { s -= 1; }
	while true {
		return s;
		s = 1;
	}
}`)
	wantInOrder(t, ir,
		"br label %for.cond",
		"for.cond:",
		"br i1 %cmp, label %for.body, label %for.end",
		"for.body:",
		"br i1 %cmp.1, label %if.then, label %if.else",
		"if.then:", "br label %for.post",
		"if.else:", "br i1 %cmp.2, label %if.then.1, label %if.end",
		"if.then.1:", "br label %for.end",
		"if.end:",
		"br label %for.post",
		"for.post:",
		"br label %for.cond",
		"for.end:",
		"while.cond:",
		"br i1 %cmp.3, label %while.body, label %lor.rhs",
		"lor.rhs:",
		"br i1 %cmp.4, label %while.body, label %while.end",
		"while.body:",
		"while.end:",
		"while.cond.1:",
		"br label %while.body.1",
		"while.body.1:",
		"ret i64 %s",
		"}",
	)
	// code after return is not lowered, and a loop nothing leaves has no end
	wantAbsent(t, ir, "store i64 1, ptr %s", "while.end.1")
}

func TestLowerCallsAndConversions(t *testing.T) {
	ir := lowerOK(t, `extern func putchar(c: i32) i32;
func main() int {
	putchar(i32(argi(0)) + 'a');
	var n = argc();
	var b = int(n > 0) + int(i32(7));
	return main() + b;
}`)
	wantInOrder(t, ir,
		"declare i32 @putchar(i32)",
		"define i64 @toy_main() {",
		"%call = call i64 @toy_argi(i64 0, ptr @.str, i32 3, i32 14)",
		"%conv = trunc i64 %call to i32",
		"%add = add i32 %conv, 97",
		"call i32 @putchar(i32 %add)",
		"call i64 @toy_argc()",
		"%conv.1 = zext i1 %cmp to i64",
		"%conv.2 = trunc i64 7 to i32", // the literal has no context: it is an int
		"%conv.3 = sext i32 %conv.2 to i64",
		"call i64 @toy_main()",
		"declare i64 @toy_argi(i64, ptr, i32, i32)",
	)
}

func TestLowerNewArray(t *testing.T) {
	ir := lowerOK(t, `func f(n: i32) []bool { return new(bool, n); }`)
	wantInOrder(t, ir,
		"%idxprom = sext i32 %n.1 to i64",
		"%call = call ptr @toy_new_array(i64 %idxprom, i64 1, ptr @.str, i32 1, i32 32)",
		"ret ptr %call",
		"declare ptr @toy_new_array(i64, i64, ptr, i32, i32)",
	)
}

// TestLowerPositions checks that instructions carry the position of the
// construct they come from.
func TestLowerPositions(t *testing.T) {
	m, diags := Compile("t.toy", []byte("func f(a: []int) int {\n  return a[1] + 2;\n}"))
	if diags != nil {
		t.Fatal(diags)
	}
	want := map[string]diag.Pos{
		"toy_index_error": {Line: 2, Col: 11},
		"add":             {Line: 2, Col: 15},
		"elem":            {Line: 2, Col: 11},
		"a.1":             {Line: 2, Col: 10},
	}
	f := m.Func("f")
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			name := v.Name
			if v.Op == middle.OpCall {
				name = v.Sym
			}
			if !v.Pos.IsValid() {
				t.Errorf("%s has no position", v.LongString())
			}
			if p, ok := want[name]; ok && v.Pos != p {
				t.Errorf("%s at %v, want %v", v.LongString(), v.Pos, p)
			}
		}
	}
}

// TestLowerValidPrograms lowers every valid program of the other tests and
// verifies the modules.
func TestLowerValidPrograms(t *testing.T) {
	for _, s := range fuzzSeeds {
		lowerOK(t, s)
	}
}
