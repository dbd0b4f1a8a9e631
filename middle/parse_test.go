package middle

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readFixtures returns the .ll files of testdata/dir by base name, in
// directory order.
func readFixtures(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.ll"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures in testdata/%s: %v", dir, err)
	}
	files := make(map[string]string)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(src)
	}
	return files
}

// mustParse parses text that must be valid IR.
func mustParse(t *testing.T, name, text string) *Module {
	t.Helper()
	m, errs := ParseModule(name, []byte(text))
	if len(errs) > 0 {
		t.Fatalf("%s: unexpected parse errors:\n%v", name, errs)
	}
	if errs := VerifyModule(m); len(errs) > 0 {
		t.Fatalf("%s: unexpected verifier errors:\n%v", name, errs)
	}
	return m
}

// llvmVerdict runs LLVM's verifier on text. ran is false when opt is not
// installed.
func llvmVerdict(t *testing.T, name, text string) (accepted bool, output string, ran bool) {
	t.Helper()
	opt, err := exec.LookPath("opt")
	if err != nil {
		return false, "", false
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(opt, "-opaque-pointers", "-passes=verify", "-disable-output", path).CombinedOutput()
	return err == nil, string(out), true
}

// checkLLVMAccepts cross-checks text that toyc accepts.
func checkLLVMAccepts(t *testing.T, name, text string) {
	t.Helper()
	if ok, out, ran := llvmVerdict(t, name, text); ran && !ok {
		t.Errorf("%s: toyc accepts it but LLVM's verifier rejects it:\n%s", name, out)
	}
}

// The printer's output reads back to a module that prints the same text.
func TestRoundTripFixtures(t *testing.T) {
	for name, text := range readFixtures(t, "roundtrip") {
		t.Run(name, func(t *testing.T) {
			m := mustParse(t, name, text)
			if got := m.String(); got != text {
				t.Errorf("round trip changed the text:\n%s", lineDiff(text, got))
			}
			checkLLVMAccepts(t, name, text)
		})
	}
}

// Input in LLVM's wider syntax (numbered values, flags, attributes) reads
// into a valid module whose printed form is stable.
func TestReadValidFixtures(t *testing.T) {
	for name, text := range readFixtures(t, "valid") {
		t.Run(name, func(t *testing.T) {
			checkLLVMAccepts(t, name, text)
			printed := mustParse(t, name, text).String()
			checkLLVMAccepts(t, name, printed)
			again := mustParse(t, name, printed).String()
			if again != printed {
				t.Errorf("printing is not stable:\n%s", lineDiff(printed, again))
			}
		})
	}
}

// lineDiff shows the first line where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant: %s\ngot:  %s", i+1, wl, gl)
		}
	}
	return "(no difference)"
}

// buildEverything makes, with the Builder, a module that uses every kind of
// global, instruction, type and name the printer can write.
func buildEverything() *Module {
	m := NewModule("built.toy")
	msg := m.StringConstant("line\n\"quoted\" \\ done")
	m.StringConstant("")
	m.AddGlobal(&Global{Name: "count", Type: I64, Init: -3})
	m.AddGlobal(&Global{Name: "flag", Type: I1, Init: -1, Constant: true})
	m.AddGlobal(&Global{Name: "self", Type: Ptr, InitSym: "count"})
	m.AddGlobal(&Global{Name: "none", Type: Ptr})
	m.AddGlobal(&Global{Name: "toy_stderr", External: true})
	m.AddGlobal(&Global{Name: "odd name", Type: I32, Init: -1 << 31})
	m.NewFunc("toy_print", Void).AddParam(Ptr, "s")
	check := m.NewFunc("toy_check", I1)
	check.AddParam(I1, "b")
	check.AddParam(I8, "c")

	f := m.NewFunc("work", I64)
	n := f.AddParam(I64, "n")
	narrow := f.AddParam(I32, "9lives")
	b := NewBuilder(f)
	entry, loop, body, exit := f.NewBlock("entry"), f.NewBlock("loop"), f.NewBlock("loop body"), f.NewBlock("exit")
	b.SetBlock(entry)
	slot := b.Alloca(I64, "x")
	arr := b.Alloca(Ptr, "arr")
	b.Store(n, slot)
	b.Store(f.GlobalAddr("count"), arr)
	wide := b.Cast(OpSExt, narrow, I64, "wide")
	b.Br(loop)

	b.SetBlock(loop)
	i := b.Phi(I64, "i")
	acc := b.Phi(I64, "acc")
	c := b.ICmp(PredSLT, i, n, "c")
	b.CondBr(c, body, exit)

	b.SetBlock(body)
	v := acc
	for op := OpAdd; op <= OpLShr; op++ {
		v = b.Binary(op, v, b.Binary(OpOr, i, f.Const(I64, int64(op)), "k"), op.String())
	}
	p := b.Load(Ptr, arr, "p")
	elem := b.GEP(I64, p, i, "elem")
	old := b.Load(I64, elem, "old")
	t8 := b.Cast(OpTrunc, old, I8, "t8")
	ok := b.Call("toy_check", I1, []*Value{b.ICmp(PredUGE, t8, f.Const(I8, -1), "ge"), t8}, "ok")
	sel := b.Select(ok, v, f.Undef(I64), "sel")
	z := b.Cast(OpZExt, b.Cast(OpTrunc, sel, I32, "t32"), I64, "z")
	b.Call("toy_print", Void, []*Value{f.GlobalAddr(msg.Name)}, "")
	next := b.Binary(OpAdd, i, f.Const(I64, 1), "i")
	b.Br(loop)
	i.AddIncoming(f.Const(I64, 0), entry)
	i.AddIncoming(next, body)
	acc.AddIncoming(wide, entry)
	acc.AddIncoming(z, body)

	b.SetBlock(exit)
	isNull := b.ICmp(PredEQ, b.Load(Ptr, arr, "q"), f.Const(Ptr, 0), "isnull")
	dead := f.NewBlock("dead")
	done := f.NewBlock("done")
	b.CondBr(isNull, dead, done)
	b.SetBlock(dead)
	b.Call("toy_print", Void, []*Value{f.GlobalAddr("toy_stderr")}, "")
	b.Unreachable()
	b.SetBlock(done)
	b.Ret(b.Load(I64, slot, "x"))

	g := m.NewFunc("nothing", Void)
	b = NewBuilder(g)
	b.SetBlock(g.NewBlock("entry"))
	b.Ret(nil)
	return m
}

func TestRoundTripBuilder(t *testing.T) {
	m := buildEverything()
	if errs := VerifyModule(m); len(errs) > 0 {
		t.Fatalf("the built module does not verify:\n%v\n%s", errs, m)
	}
	text := m.String()
	checkLLVMAccepts(t, "built.ll", text)
	back := mustParse(t, m.Source, text)
	if got := back.String(); got != text {
		t.Errorf("round trip changed the text:\n%s", lineDiff(text, got))
	}
}

// Malformed input and LLVM outside the subset: the first problem, at the
// offending token, in words.
func TestParseErrors(t *testing.T) {
	fn := func(body string) string { return "define i64 @f(i64 %a) {\nentry:\n" + body + "\n}\n" }
	const subset = "valid LLVM outside toyc's subset"
	tests := []struct {
		src, want   string
		llvmAccepts string // why LLVM accepts what toyc rejects
	}{
		{fn("  %x = fadd i64 %a, %a\n  ret i64 %x"), "e.ll:3:8: error: unknown instruction 'fadd' (toyc reads a subset of LLVM IR)", ""},
		{fn("  ret i64 %x"), "e.ll:3:11: error: use of undefined value '%x'", ""},
		{fn("  %x = add i64 %a, 1\n  %x = add i64 %a, 2\n  ret i64 %x"), "e.ll:4:3: error: redefinition of '%x'", ""},
		{fn("  br label %nowhere"), "e.ll:3:12: error: use of undefined value '%nowhere'", ""},
		{fn("  %a = add i64 1, 1\n  ret i64 %a"), "e.ll:3:3: error: redefinition of '%a'", ""},
		{"declare void @f()\ndeclare void @f()\n", "e.ll:2:14: error: redefinition of '@f'", ""},
		{"@f = global i64 1\ndeclare void @f()\n", "e.ll:2:14: error: redefinition of '@f'", ""},
		{fn("  %x = call i64 @g(i64 %a)\n  ret i64 %x"), "e.ll:3:17: error: call to undeclared function '@g'", ""},
		{"@g = global i64 0\n" + fn("  %x = call i64 @g()\n  ret i64 %x"), "e.ll:4:17: error: call of '@g', which is a global variable, not a function", "LLVM calls through any pointer; toyc calls functions only"},
		{fn("  store i64 %a, ptr @nowhere\n  ret i64 %a"), "e.ll:3:21: error: use of undefined value '@nowhere'", ""},
		{"@p = global ptr @nowhere\n", "e.ll:1:17: error: use of undefined value '@nowhere'", ""},
		{fn("  %x = add %a, 1\n  ret i64 %x"), "e.ll:3:12: error: expected a type, found '%a'", ""},
		{fn("  %x = load i64*, ptr %a\n  ret i64 %x"), "e.ll:3:16: error: typed pointers are not supported: write 'ptr' (opaque pointers)", ""},
		{fn("  %x = add i16 1, 2\n  ret i64 %a"), "e.ll:3:12: error: type i16 is not supported (toyc reads void, i1, i8, i32, i64 and ptr)", subset},
		{fn("  %x = add double 1, 2\n  ret i64 %a"), "e.ll:3:12: error: type double is not supported (toyc reads void, i1, i8, i32, i64 and ptr)", ""},
		{"@s = constant [3 x i8] c\"ab", "e.ll:1:25: error: unterminated string", ""},
		{fn("  ret i64 %a ^"), "e.ll:3:14: error: unexpected character '^'", ""},
		{"define i64 @f(i64) {\n  %3 = add i64 %0, 1\n  ret i64 %3\n}\n", "e.ll:2:3: error: '%3' should be numbered 2 (numbered values and blocks count up from 0)", ""},
		{"define void @f() {\n  br label %1\n2:\n  ret void\n}\n", "e.ll:3:1: error: label '2:' should be numbered 1 (numbered values and blocks count up from 0)", ""},
		{fn("  %x = add i64 %a, 1\nnext:\n  ret i64 %x"), "e.ll:4:1: error: block '%entry' does not end with a terminator (br, ret or unreachable)", ""},
		{fn("  %x = add i64 %a, 1"), "e.ll:4:1: error: block '%entry' does not end with a terminator (br, ret or unreachable)", ""},
		{fn("  br label %entry\n  %x = add i64 %a, 1"), "e.ll:5:1: error: block '%\"0\"', which starts after the terminator on line 3, does not end with a terminator (br, ret or unreachable)", ""},
		{fn("  %x = add i64 %a, 1\n  ret i64 %x") + "define void @g(", "e.ll:6:16: error: expected a type, found end of file", ""},
		{"define i64 @f() {\nentry:\n  %x = add i64 1, 2\n", "e.ll:4:1: error: expected an instruction, found end of file", ""},
		{fn("  %x = add i32 %a, 1\n  ret i64 %a"), "e.ll:3:16: error: '%a' has type i64, but expected i32", ""},
		{fn("  br label %b\nb:\n  %y = add i32 %x, 1\n  %x = add i64 %a, 1\n  ret i64 %x"), "e.ll:6:3: error: '%x' is defined with type i64 but used as i32 on line 5", ""},
		{fn("  %x = add i64 %entry, 1\n  ret i64 %x"), "e.ll:3:16: error: '%entry' is a label, not a value of type i64", ""},
		{fn("  br label %a"), "e.ll:3:12: error: '%a' is a value, not a label", ""},
		{fn("  %x = add i64 %later, 1\n  br label %later\nlater:\n  ret i64 %x"), "e.ll:4:12: error: '%later' is a value, not a label", ""},
		{fn("  br label %x\nx:\n  %x = add i64 1, 1\n  ret i64 %x"), "e.ll:5:3: error: redefinition of '%x'", ""},
		{fn("  %v = load i64, i64 @g\n  ret i64 %v"), "e.ll:3:22: error: '@g' is the address of a global, of type ptr, but expected i64", ""},
		{"@s = constant [3 x i8] c\"ab\"\n", "e.ll:1:25: error: string constant has 2 bytes, but its type [3 x i8] says 3", ""},
		{"@a = global [3 x i64] c\"ab\"\n", "e.ll:1:18: error: an array of anything but i8 is not supported (toyc reads a subset of LLVM IR)", ""},
		{fn("  ret i64 %a, !dbg !7"), "e.ll:3:13: error: expected an instruction, found ','", ""},
		{"!llvm.ident = !{}\n", "e.ll:1:1: error: metadata other than !N = !{} is not supported (toyc reads a subset of LLVM IR)", subset},
		{"declare i32 @printf(ptr, ...)\n", "e.ll:1:26: error: a variadic function is not supported (toyc reads a subset of LLVM IR)", subset},
		{fn("  %x = call i64 %a()\n  ret i64 %x"), "e.ll:3:17: error: an indirect call is not supported (toyc reads a subset of LLVM IR)", ""},
		{"define void @f() {\n}\n", "e.ll:2:1: error: a function body needs at least one block", ""},
		{fn("  %x = store i64 %a, ptr null\n  ret i64 %a"), "e.ll:3:3: error: an instruction that returns void cannot have a name", ""},
		{fn("  ret i64 true"), "e.ll:3:11: error: 'true' is a constant of type i1, but expected i64", ""},
		{fn("  ret i64 null"), "e.ll:3:11: error: 'null' is a pointer constant, but expected i64", ""},
		{fn("  ret i64 poison"), "e.ll:3:11: error: 'poison' is not supported (toyc reads a subset of LLVM IR)", subset},
		{fn("  %p = getelementptr [2 x i64], ptr null, i64 0, i64 1\n  ret i64 %a"), "e.ll:3:22: error: an array type outside a string constant is not supported (toyc reads a subset of LLVM IR)", subset},
		{fn("  %p = getelementptr i64, ptr null, i64 0, i64 1\n  ret i64 %a"), "e.ll:3:42: error: a getelementptr with more than one index is not supported (toyc reads a subset of LLVM IR)", ""},
		{fn("  %p = alloca i64, i32 4\n  ret i64 %a"), "e.ll:3:20: error: an alloca with an element count is not supported (toyc reads a subset of LLVM IR)", subset},
		{fn("  %v = load volatile i64, ptr null\n  ret i64 %v"), "e.ll:3:13: error: a volatile load is not supported (toyc reads a subset of LLVM IR)", subset},
		{"@0 = global i64 1\n", "e.ll:1:1: error: numbered global '@0' is not supported: give it a name", subset},
		{fn("  %\"\" = add i64 1, 1\n  ret i64 %a"), "e.ll:3:3: error: empty name", "LLVM takes %\"\" as an unnamed value"},
		{fn("  %\"a\\00b\" = add i64 1, 1\n  ret i64 %a"), "e.ll:3:3: error: NUL bytes are not allowed in names", ""},
		{fn("  %x = add i64 % , 1"), "e.ll:3:16: error: expected a name after '%'", ""},
		{fn("  %x = icmp foo i64 %a, 1"), "e.ll:3:13: error: expected a comparison (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge), found 'foo'", ""},
		{fn("  %x = add void 1, 1"), "e.ll:3:12: error: void is not a type a value can have", ""},
		{"target triple \"x\"\n", "e.ll:1:15: error: expected '=', found string \"x\"", ""},
		{"global i64 1\n", "e.ll:1:1: error: expected a global, 'define' or 'declare', found 'global'", ""},
		{"attributes #0 = { nounwind ", "e.ll:1:28: error: expected '}', found end of file", ""},
		{fn("  %x = add nsw exact i64 %a, 1\n  ret i64 %x"), "e.ll:3:16: error: expected a type, found 'exact'", ""},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			m, errs := ParseModule("e.ll", []byte(tc.src))
			if m != nil || len(errs) == 0 {
				t.Fatalf("accepted:\n%s", tc.src)
			}
			if got := errs[0].Error(); got != tc.want {
				t.Errorf("want %s\ngot  %s", tc.want, got)
			}
			switch ok, out, ran := llvmVerdict(t, "e.ll", tc.src); {
			case !ran:
			case ok && tc.llvmAccepts == "":
				t.Errorf("toyc rejects it but LLVM accepts it:\n%s", tc.src)
			case !ok && tc.llvmAccepts != "":
				t.Errorf("LLVM was expected to accept it (%s) but says:\n%s", tc.llvmAccepts, out)
			}
		})
	}
}

// What the reader makes of the text: positions, names, constants, Preds.
func TestParseDetails(t *testing.T) {
	src := `define i8 @f(i64, i1 zeroext) {
  %3 = add i8 300, -257
  %4 = add i64 18446744073709551615, 36893488147419103233
  %5 = xor i1 3, %1
  br i1 %5, label %6, label %6

6:
  %x = phi i8 [ %3, %2 ], [ %3, %2 ]
  ret i8 %x
}
`
	m := mustParse(t, "d.ll", src)
	f := m.Funcs[0]
	if got := []string{f.Params[0].Name, f.Params[1].Name, f.Blocks[0].Name, f.Blocks[1].Name}; strings.Join(got, " ") != "0 1 2 6" {
		t.Errorf("numbered names: %v", got)
	}
	add, wide, xor := valueNamed(f, "3"), valueNamed(f, "4"), valueNamed(f, "5")
	if add.Args[0].Const != 44 || add.Args[1].Const != -1 {
		t.Errorf("i8 300, -257 read as %d, %d; LLVM wraps them to 44, -1", add.Args[0].Const, add.Args[1].Const)
	}
	if wide.Args[0].Const != -1 || wide.Args[1].Const != 1 {
		t.Errorf("i64 2^64-1, 2^65+1 read as %d, %d; want -1, 1", wide.Args[0].Const, wide.Args[1].Const)
	}
	if !xor.Args[0].IsConst(1) {
		t.Errorf("i1 3 read as %d; want true", xor.Args[0].Const)
	}
	if add.Pos.String() != "2:3" || f.Params[1].Pos.String() != "1:19" {
		t.Errorf("positions %v %v, want 2:3 (the instruction) and 1:19 (the unnamed parameter's type)", add.Pos, f.Params[1].Pos)
	}
	join := f.Blocks[1]
	if len(join.Preds) != 2 || join.Pred(0) != f.Blocks[0] || join.Pred(1) != f.Blocks[0] {
		t.Errorf("Preds of %%6 = %v, want [%%2 %%2], one entry per edge", join.PredBlocks())
	}
	if m.Source != "d.ll" {
		t.Errorf("Source = %q, want the file read", m.Source)
	}
	checkLLVMAccepts(t, "d.ll", src)
}
