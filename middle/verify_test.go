package middle

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// diagnose reads and verifies text, returning every diagnostic.
func diagnose(name, text string) []string {
	m, errs := ParseModule(name, []byte(text))
	if len(errs) == 0 {
		errs = VerifyModule(m)
	}
	var out []string
	for _, d := range errs {
		out = append(out, d.Error())
	}
	return out
}

// checkRejected checks that want is among the diagnostics of text, and
// that LLVM's verifier rejects text too unless llvmAccepts says why not.
func checkRejected(t *testing.T, name, text, want, llvmAccepts string) {
	t.Helper()
	got := diagnose(name, text)
	found := false
	for _, d := range got {
		found = found || d == want
	}
	if !found {
		t.Errorf("want diagnostic\n  %s\ngot\n  %s", want, strings.Join(got, "\n  "))
	}
	ok, out, ran := llvmVerdict(t, name, text)
	switch {
	case !ran:
	case ok && llvmAccepts == "":
		t.Errorf("toyc rejects it but LLVM's verifier accepts it")
	case !ok && llvmAccepts != "":
		t.Errorf("LLVM was expected to accept it (%s) but says:\n%s", llvmAccepts, out)
	}
}

const countTo = `define i64 @count_to(i64 %n) {
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
}
`

// The invalid seed examples, written as the text form, and one function
// per check the text form can express. Each is rejected with a message
// naming the function, block and value, at the offending value's line.
func TestVerifyRejectsText(t *testing.T) {
	tests := []struct {
		name, src, want string
		llvmAccepts     string // why LLVM's verifier accepts what toyc rejects
	}{
		{"seed missing phi entry", strings.Replace(countTo, ", [ %next, %body ]", "", 1),
			"t.ll:5:3: error: in function count_to, block %loop: φ %i has no incoming value for predecessor %body", ""},
		{"seed use in entry", strings.Replace(countTo, "entry:\n", "entry:\n  %early = mul i64 %next, 2\n", 1),
			"t.ll:3:3: error: in function count_to, block %entry: %early uses %next, but its definition in %body does not dominate this block", ""},
		{"phi entry for a non-predecessor", strings.Replace(countTo, "[ %next, %body ]", "[ %next, %body ], [ 7, %done ]", 1),
			"t.ll:5:3: error: in function count_to, block %loop: φ %i has an entry for %done, which is not a predecessor", ""},
		{"phi two values for one predecessor", strings.Replace(countTo, "[ %next, %body ]", "[ %next, %body ], [ 1, %body ]", 1),
			"t.ll:5:3: error: in function count_to, block %loop: φ %i has two different values for predecessor %body", ""},
		{"phi repeats a single edge", strings.Replace(countTo, "[ %next, %body ]", "[ %next, %body ], [ %next, %body ]", 1),
			"t.ll:5:3: error: in function count_to, block %loop: φ %i has more entries for %body than there are edges from it", ""},
		{"phi below an instruction", strings.Replace(countTo, "  %c = icmp slt i64 %i, %n\n", "  %c = icmp slt i64 %i, %n\n  %j = phi i64 [ 1, %entry ], [ 2, %body ]\n", 1),
			"t.ll:7:3: error: in function count_to, block %loop: phi after a non-phi instruction: φ %j follows %c", ""},
		{"entry block with a predecessor", strings.Replace(countTo, "  br label %loop\nloop", "  br label %loop\nback:\n  br label %entry\nloop", 1),
			"t.ll:5:3: error: in function count_to, block %entry: the entry block has a predecessor, %back", ""},
		{"use before definition in the block", strings.Replace(countTo, "  %next = add i64 %i, 1\n", "  %twice = add i64 %next, %next\n  %next = add i64 %i, 1\n", 1),
			"t.ll:9:3: error: in function count_to, block %body: %twice uses %next before its definition", ""},
		{"definition in unreachable code used by reachable code", strings.Replace(countTo, "  ret i64 %i\n", "  ret i64 %ghost\ndead:\n  %ghost = add i64 %n, 1\n  br label %done\n", 1),
			"t.ll:12:3: error: in function count_to, block %done: 'ret' uses %ghost, but its definition in %dead does not dominate this block", ""},
		{"phi operand not available at the end of its edge", strings.Replace(countTo, "[ 0, %entry ]", "[ %next, %entry ]", 1),
			"t.ll:5:3: error: in function count_to, block %loop: φ %i uses %next on the edge from %entry, but %next (in %body) does not dominate the end of %entry", ""},
		{"self-reference", strings.Replace(countTo, "%next = add i64 %i, 1", "%next = add i64 %next, 1", 1),
			"t.ll:9:3: error: in function count_to, block %body: %next uses itself; only a φ may", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkRejected(t, "t.ll", tc.src, tc.want, tc.llvmAccepts)
		})
	}
}

const typesTemplate = `declare i64 @callee(i64, i32)

define i64 @f(i64 %a, i32 %b, ptr %p, i1 %c) {
entry:
  INSTR
  ret i64 %a
}
`

// One instruction with operands of the wrong types per case, at line 5.
func TestVerifyRejectsTypes(t *testing.T) {
	const mismatchedCall = "with opaque pointers a call may disagree with its callee (undefined behaviour, not invalid IR)"
	tests := []struct {
		instr, want string
		llvmAccepts string
	}{
		{"%x = select i64 %a, i64 1, i64 2", "%x: the condition i64 %a must be i1", ""},
		{"%x = select i1 %c, i64 %a, i32 %b", "%x: the values i64 %a and i32 %b must have the result type i64", ""},
		{"%x = zext i64 %a to i32", "%x: zext must widen, but i64 %a is not narrower than i32", ""},
		{"%x = sext i32 %b to i32", "%x: sext must widen, but i32 %b is not narrower than i32", ""},
		{"%x = trunc i32 %b to i64", "%x: trunc must narrow, but i32 %b is not wider than i64", ""},
		{"%x = zext ptr %p to i64", "%x: zext converts integers, not ptr %p to i64", ""},
		{"%x = load i64, i64 %a", "%x: the address i64 %a must be a ptr", ""},
		{"store i64 %a, i64 %a", "'store': the address i64 %a must be a ptr", ""},
		{"%x = getelementptr i64, i64 %a, i64 1", "%x: getelementptr takes and produces ptr, not i64 %a to ptr", ""},
		{"%x = getelementptr i64, ptr %p, i1 %c", "%x: the index i1 %c must be i64 or i32", "LLVM takes an index of any integer width"},
		{"%x = add ptr %p, %p", "%x: add needs an integer type, not ptr", ""},
		{"%x = call i64 @callee(i64 %a)", "%x: @callee takes 2 arguments, not 1", mismatchedCall},
		{"%x = call i64 @callee(i64 %a, i64 %a)", "%x: argument 2 of @callee must be i32, not i64 %a", mismatchedCall},
		{"%x = call i32 @callee(i64 %a, i32 %b)", "%x: @callee returns i64, but the call's type is i32", mismatchedCall},
		{"ret i32 %b", "'ret': the function returns i64, but ret has i32 %b", ""},
		{"ret void", "'ret': the function returns i64, but ret has no value", ""},
		{"br i64 %a, label %x, label %x\nx:", "'br': the condition i64 %a must be i1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.instr, func(t *testing.T) {
			src := strings.Replace(typesTemplate, "INSTR", tc.instr, 1)
			checkRejected(t, "t.ll", src, "t.ll:5:3: error: in function f, block %entry: "+tc.want, tc.llvmAccepts)
		})
	}
	t.Run("value returned from a void function", func(t *testing.T) {
		checkRejected(t, "t.ll", "define void @g() {\nentry:\n  ret i64 1\n}\n",
			"t.ll:3:3: error: in function g, block %entry: 'ret': the function returns void, but ret has i64 1", "")
	})
}

func valueNamed(f *Func, name string) *Value {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Name == name {
				return v
			}
		}
	}
	panic("no value %" + name)
}

func blockNamed(f *Func, name string) *Block {
	for _, b := range f.Blocks {
		if b.Name == name {
			return b
		}
	}
	panic("no block %" + name)
}

// Damage that the text form cannot express, done to count_to in memory the
// way a buggy pass would. Each must be reported, never crash the verifier.
func TestVerifyRejectsDamage(t *testing.T) {
	tests := []struct {
		name   string
		damage func(f *Func)
		want   string
	}{
		{"block without terminator", func(f *Func) {
			b := blockNamed(f, "body")
			b.Instrs = b.Instrs[:1]
		}, "t.ll:9:3: error: in function count_to, block %body: the block does not end with a terminator (it ends with %next)"},
		{"terminator in the middle", func(f *Func) {
			b := blockNamed(f, "body")
			ret := f.NewValue(OpRet, Void, "", valueNamed(f, "i"))
			ret.Block = b
			b.Instrs = append([]*Value{ret}, b.Instrs...)
		}, "t.ll:9:3: error: in function count_to, block %body: terminator 'ret' is not at the end of the block"},
		{"empty block", func(f *Func) {
			b := f.NewBlock("empty")
			f.Blocks = append(f.Blocks[:len(f.Blocks)-1], b)
		}, "t.ll:3:3: error: in function count_to, block %empty: the block is empty: it needs a terminator"},
		{"edge recorded at one end", func(f *Func) {
			blockNamed(f, "body").Succs[0].b = blockNamed(f, "done")
		}, "t.ll:10:3: error: in function count_to, block %body: exit 0 to %done is not recorded among that block's predecessors"},
		{"predecessor entry recorded at one end", func(f *Func) {
			blockNamed(f, "loop").Preds[1].i = 1
		}, "t.ll:5:3: error: in function count_to, block %loop: predecessor entry 1, from %body, is not one of that block's exits"},
		{"deleted instruction still used", func(f *Func) {
			blockNamed(f, "body").RemoveInstrs(func(v *Value) bool { return v.Name == "next" })
		}, "t.ll:5:3: error: in function count_to, block %loop: φ %i uses %next, which is not an instruction of this function (deleted, or of another function)"},
		{"instruction of another function", func(f *Func) {
			other := mustParse(t, "t.ll", countTo).Funcs[0]
			valueNamed(f, "next").Args[0] = valueNamed(other, "i")
		}, "t.ll:9:3: error: in function count_to, block %body: %next uses φ %i, which is not an instruction of this function (deleted, or of another function)"},
		{"parameter of another function", func(f *Func) {
			other := mustParse(t, "t.ll", countTo).Funcs[0]
			valueNamed(f, "c").Args[1] = other.Params[0]
		}, "t.ll:6:3: error: in function count_to, block %loop: %c uses parameter %n, which is not a parameter of this function"},
		{"constant of another function", func(f *Func) {
			other := NewModule("x").NewFunc("other", Void)
			for range f.NumValues() + 5 {
				other.NewValue(OpUndef, I64, "")
			}
			valueNamed(f, "next").Args[1] = other.Const(I64, 1)
		}, "t.ll:9:3: error: in function count_to, block %body: the operand 1 of %next has ID 15, outside the function's range [0, 10) (a value of another function?)"},
		{"two definitions of a name", func(f *Func) {
			valueNamed(f, "c").Name = "i"
		}, "t.ll:6:3: error: in function count_to, block %loop: %i is defined more than once"},
		{"block and value share a name", func(f *Func) {
			valueNamed(f, "c").Name = "body"
		}, "t.ll:6:3: error: in function count_to, block %loop: %body is defined more than once"},
		{"result without a name", func(f *Func) {
			valueNamed(f, "c").Name = ""
		}, "t.ll:6:3: error: in function count_to, block %loop: 'icmp' has a result of type i1 but no name"},
		{"instruction in two blocks", func(f *Func) {
			b := blockNamed(f, "done")
			b.Instrs = append([]*Value{valueNamed(f, "next")}, b.Instrs...)
		}, "t.ll:9:3: error: in function count_to, block %done: %next is listed in this block but records another"},
		{"block listed twice", func(f *Func) {
			f.Blocks = append(f.Blocks, blockNamed(f, "done"))
		}, "t.ll:12:3: error: in function count_to, block %done: the block shares ID 3 with block %done, or is listed twice"},
		{"branch to a block of another function", func(f *Func) {
			other := mustParse(t, "t.ll", countTo).Funcs[0]
			blockNamed(f, "body").Succs[0].b = blockNamed(other, "loop")
		}, "t.ll:10:3: error: in function count_to, block %body: the terminator branches to a block that is not in the function"},
		{"block of another function", func(f *Func) {
			other := mustParse(t, "t.ll", countTo).Funcs[0]
			f.Blocks[3] = blockNamed(other, "done")
		}, "t.ll:12:3: error: in function count_to, block %done: the block belongs to another function"},
		{"conditional branch with one target", func(f *Func) {
			loop := blockNamed(f, "loop")
			loop.Succs = loop.Succs[:1]
		}, "t.ll:7:3: error: in function count_to, block %loop: 'br' has 1 targets, want 2"},
		{"φ with more values than blocks", func(f *Func) {
			phi := valueNamed(f, "i")
			phi.Args = append(phi.Args, f.Const(I64, 3))
		}, "t.ll:5:3: error: in function count_to, block %loop: φ %i has 3 values but 2 incoming blocks"},
		{"φ value of another type", func(f *Func) {
			valueNamed(f, "i").Args[0] = f.Const(I32, 0)
		}, "t.ll:5:3: error: in function count_to, block %loop: φ %i: the value i32 0 must have the φ's type i64"},
		{"φ in the entry block", func(f *Func) {
			entry := f.Entry()
			phi := f.NewValue(OpPhi, I64, "e")
			entry.InsertPhi(phi)
		}, "t.ll:3:3: error: in function count_to, block %entry: the entry block has φ φ %e"},
		{"binary operands of two types", func(f *Func) {
			valueNamed(f, "next").Args[1] = f.Const(I32, 1)
		}, "t.ll:9:3: error: in function count_to, block %body: %next: operands i64 φ %i and i32 1 must have the result type i64"},
		{"icmp of two types", func(f *Func) {
			valueNamed(f, "c").Args[1] = f.Const(I32, 1)
		}, "t.ll:6:3: error: in function count_to, block %loop: %c: icmp compares two integers or two pointers of one type, not i64 φ %i and i32 1"},
		{"icmp producing i64", func(f *Func) {
			valueNamed(f, "c").Type = I64
		}, "t.ll:6:3: error: in function count_to, block %loop: %c: icmp produces i1, not i64"},
		{"operand count", func(f *Func) {
			next := valueNamed(f, "next")
			next.Args = next.Args[:1]
		}, "t.ll:9:3: error: in function count_to, block %body: %next: add takes 2 operands, not 1"},
		{"nil operand", func(f *Func) {
			valueNamed(f, "next").Args[1] = nil
		}, "t.ll:9:3: error: in function count_to, block %body: operand 1 of %next is nil"},
		{"use of a void instruction", func(f *Func) {
			valueNamed(f, "next").Args[1] = blockNamed(f, "entry").Term()
		}, "t.ll:9:3: error: in function count_to, block %body: %next uses 'br', which has no value (void)"},
		{"a pointer constant other than null", func(f *Func) {
			valueNamed(f, "c").Args = []*Value{f.Const(Ptr, 8), f.Const(Ptr, 0)}
		}, "t.ll:6:3: error: in function count_to, block %loop: %c uses the pointer constant 8: the only pointer constant is null"},
		{"constant not in canonical form", func(f *Func) {
			k := f.NewValue(OpConst, I8, "")
			k.Const = 200
			valueNamed(f, "c").Args = []*Value{k, k}
		}, "t.ll:6:3: error: in function count_to, block %loop: %c uses the i8 constant 200, which is not in the canonical (sign-extended) form"},
		{"address of an unknown global", func(f *Func) {
			b := blockNamed(f, "body")
			st := f.NewValue(OpStore, Void, "", valueNamed(f, "next"), f.GlobalAddr("nowhere"))
			b.InsertBeforeTerm(st)
		}, "t.ll:9:3: error: in function count_to, block %body: 'store' uses @nowhere, which is neither a global nor a function of the module"},
		{"call of an undeclared function", func(f *Func) {
			b := blockNamed(f, "body")
			call := f.NewValue(OpCall, Void, "")
			call.Sym = "nowhere"
			b.InsertBeforeTerm(call)
		}, "t.ll:9:3: error: in function count_to, block %body: 'call': calls @nowhere, which is not declared"},
		{"parameter out of place", func(f *Func) {
			f.Params[0].Index = 1
		}, "t.ll:1:26: error: in function count_to: parameter 0 is %n, not parameter value number 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mustParse(t, "t.ll", countTo)
			tc.damage(m.Funcs[0])
			var got []string
			for _, d := range VerifyModule(m) {
				got = append(got, d.Error())
			}
			if !contains(got, tc.want) {
				t.Errorf("want diagnostic\n  %s\ngot\n  %s", tc.want, strings.Join(got, "\n  "))
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Module-level damage: names and global initializers.
func TestVerifyRejectsModuleDamage(t *testing.T) {
	tests := []struct {
		name   string
		damage func(m *Module)
		want   string
	}{
		{"two functions with one name", func(m *Module) {
			m.NewFunc("count_to", Void)
		}, "t.ll: error: function @count_to has the name of another function"},
		{"shadowed function", func(m *Module) {
			m.NewFunc("count_to", Void)
		}, "t.ll: error: function @count_to is not registered in its module"},
		{"global named like a function", func(m *Module) {
			m.AddGlobal(&Global{Name: "count_to", Type: I64})
		}, "t.ll: error: function @count_to has the name of another global"},
		{"initializer naming nothing", func(m *Module) {
			m.AddGlobal(&Global{Name: "p", Type: Ptr, InitSym: "nowhere"})
		}, "t.ll: error: global @p is initialized with the address of @nowhere, which does not exist"},
		{"address in an integer global", func(m *Module) {
			m.AddGlobal(&Global{Name: "p", Type: I64, InitSym: "count_to"})
		}, "t.ll: error: global @p of type i64 is initialized with the address @count_to"},
		{"integer in a pointer global", func(m *Module) {
			m.AddGlobal(&Global{Name: "p", Type: Ptr, Init: 8})
		}, "t.ll: error: global @p of type ptr has the integer initializer 8"},
		{"void global", func(m *Module) {
			m.AddGlobal(&Global{Name: "v"})
		}, "t.ll: error: global @v has type void"},
		{"non-canonical initializer", func(m *Module) {
			m.AddGlobal(&Global{Name: "b", Type: I8, Init: 255})
		}, "t.ll: error: global @b has the initializer 255, which is not in the canonical form of i8"},
		{"external global with an initializer", func(m *Module) {
			m.AddGlobal(&Global{Name: "e", Type: I64, External: true, Init: 1})
		}, "t.ll: error: external global @e has an initializer"},
		{"string global with another initializer", func(m *Module) {
			m.AddGlobal(&Global{Name: "s", Bytes: []byte("x"), Init: 1})
		}, "t.ll: error: global @s has both string bytes and another initializer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mustParse(t, "t.ll", countTo)
			tc.damage(m)
			var got []string
			for _, d := range VerifyModule(m) {
				got = append(got, d.Error())
			}
			if !contains(got, tc.want) {
				t.Errorf("want diagnostic\n  %s\ngot\n  %s", tc.want, strings.Join(got, "\n  "))
			}
		})
	}
}

// Verify reports a function's problems as an error, and nil for a good one.
func TestVerifyFunc(t *testing.T) {
	m := mustParse(t, "t.ll", countTo)
	f := m.Funcs[0]
	if err := Verify(f); err != nil {
		t.Fatalf("good function rejected: %v", err)
	}
	valueNamed(f, "c").Name = "i"
	err := Verify(f)
	if err == nil || !strings.Contains(err.Error(), "%i is defined more than once") {
		t.Fatalf("want a duplicate-name error, got %v", err)
	}
}

// bigFunc builds a chain of n loops, each a header with a φ, a body and a
// latch, the shape --verify-each meets on large programs: about 3n blocks.
func bigFunc(n int) *Module {
	m := NewModule("big.toy")
	f := m.NewFunc("big", I64)
	limit := f.AddParam(I64, "n")
	b := NewBuilder(f)
	b.SetBlock(f.NewBlock("entry"))
	acc := f.Const(I64, 0)
	prev := b.Block
	for range n {
		head, body, exit := f.NewBlock("head"), f.NewBlock("body"), f.NewBlock("exit")
		b.Br(head)
		b.SetBlock(head)
		i := b.Phi(I64, "i")
		c := b.ICmp(PredSLT, i, limit, "c")
		b.CondBr(c, body, exit)
		b.SetBlock(body)
		next := b.Binary(OpAdd, i, acc, "next")
		b.Br(head)
		i.AddIncoming(acc, prev)
		i.AddIncoming(next, body)
		b.SetBlock(exit)
		acc, prev = i, exit
	}
	b.Ret(acc)
	return m
}

func BenchmarkVerifyBigFunction(b *testing.B) {
	m := bigFunc(33000)
	b.ResetTimer()
	for b.Loop() {
		if errs := VerifyModule(m); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

func BenchmarkParseBigFunction(b *testing.B) {
	text := []byte(bigFunc(33000).String())
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for b.Loop() {
		if _, errs := ParseModule("big.ll", text); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// Random damage to a rich module, the kind a buggy pass does: the verifier
// must report it or accept it, never crash, and what it accepts must print
// and read back as the same module.
func TestVerifyRandomDamage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for iter := range 3000 {
		m := buildEverything()
		foreign := buildEverything().Func("work")
		var done []string
		for range 1 + rng.IntN(3) {
			done = append(done, damage(rng, m, foreign))
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("iteration %d, after %v: panic %v", iter, done, r)
				}
			}()
			if errs := VerifyModule(m); len(errs) > 0 {
				return
			}
			accepted++
			text := m.String()
			back, errs := ParseModule(m.Source, []byte(text))
			if len(errs) == 0 {
				errs = VerifyModule(back)
			}
			if len(errs) > 0 {
				t.Fatalf("iteration %d, after %v: accepted, but its text is rejected:\n%v\n%s", iter, done, errs, text)
			}
			if back.String() != text {
				t.Fatalf("iteration %d, after %v: accepted, but its text reads back differently:\n%s", iter, done, lineDiff(text, back.String()))
			}
			if accepted <= 30 {
				checkLLVMAccepts(t, "damaged.ll", text)
			}
		}()
	}
}

// damage makes one random change to a function of m and says what it did.
func damage(rng *rand.Rand, m *Module, foreign *Func) string {
	f := m.Func("work")
	var all []*Value
	for _, b := range f.Blocks {
		all = append(all, b.Instrs...)
	}
	pick := func() *Value { return all[rng.IntN(len(all))] }
	anyValue := func() *Value {
		switch rng.IntN(8) {
		case 0:
			return nil
		case 1:
			return foreign.Blocks[1].Instrs[0]
		case 2:
			return f.Const(Type(rng.IntN(6)), rng.Int64N(5)-2)
		case 3:
			return f.Undef(Type(rng.IntN(6)))
		case 4:
			return f.Params[rng.IntN(len(f.Params))]
		case 5:
			return f.GlobalAddr([]string{"count", "nowhere", "toy_print"}[rng.IntN(3)])
		}
		return pick()
	}
	anyBlock := func() *Block {
		switch rng.IntN(6) {
		case 0:
			return nil
		case 1:
			return foreign.Blocks[0]
		}
		return f.Blocks[rng.IntN(len(f.Blocks))]
	}
	v := pick()
	b := v.Block
	switch rng.IntN(12) {
	case 0:
		if len(v.Args) > 0 {
			v.Args[rng.IntN(len(v.Args))] = anyValue()
		}
		return "operand of " + v.Name
	case 1:
		v.Op = Op(rng.IntN(int(numOps) + 2))
		return "op of " + v.Name
	case 2:
		v.Type = Type(rng.IntN(7))
		return "type of " + v.Name
	case 3:
		b.RemoveInstrs(func(w *Value) bool { return w == v })
		return "removed " + v.Name
	case 4:
		if len(b.Succs) > 0 {
			b.Succs[rng.IntN(len(b.Succs))].b = anyBlock()
		}
		return "target in " + b.Name
	case 5:
		if len(b.Succs) > 0 {
			b.Succs = b.Succs[:len(b.Succs)-1]
		}
		return "dropped target in " + b.Name
	case 6:
		to := f.Blocks[rng.IntN(len(f.Blocks))]
		to.Instrs = append(to.Instrs, v)
		return "copied " + v.Name + " to " + to.Name
	case 7:
		if len(b.Preds) > 0 {
			b.Preds[rng.IntN(len(b.Preds))].b = anyBlock()
		}
		return "predecessor of " + b.Name
	case 8:
		i := 1 + rng.IntN(len(f.Blocks)-1)
		f.Blocks = append(f.Blocks[:i:i], f.Blocks[i+1:]...)
		return "deleted a block"
	case 9:
		i, j := rng.IntN(len(b.Instrs)), rng.IntN(len(b.Instrs))
		b.Instrs[i], b.Instrs[j] = b.Instrs[j], b.Instrs[i]
		return "swapped in " + b.Name
	case 10:
		v.Elem = Type(rng.IntN(7))
		v.Sym = []string{"toy_print", "toy_check", "count", "nowhere"}[rng.IntN(4)]
		return "elem and sym of " + v.Name
	}
	v.Name = pick().Name
	return "name of " + v.Name
}
