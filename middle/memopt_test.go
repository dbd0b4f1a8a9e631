package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// A global's load after a store to it gets the stored value, which makes
// the first store dead (overwritten before anything reads it); after a call
// the global must be read again, and storing back what was just read is a
// no-op.
func TestMemOptGlobal(t *testing.T) {
	checkPass(t, MemOpt, `
@seed = global i64 12345

declare void @use(i64)

define i64 @next(i64 %k) {
entry:
  %s = load i64, ptr @seed
  %m = mul i64 %s, 5
  store i64 %m, ptr @seed
  %s.1 = load i64, ptr @seed
  %t = add i64 %s.1, %k
  store i64 %t, ptr @seed
  call void @use(i64 %t)
  %s.2 = load i64, ptr @seed
  store i64 %s.2, ptr @seed
  %r = add i64 %s.2, %t
  ret i64 %r
}`, `
define i64 @next(i64 %k) {
entry:
  %s = load i64, ptr @seed
  %m = mul i64 %s, 5
  %t = add i64 %m, %k
  store i64 %t, ptr @seed
  call void @use(i64 %t)
  %s.2 = load i64, ptr @seed
  %r = add i64 %s.2, %t
  ret i64 %r
}`)
}

// Slots whose address escapes to a call (Toy's swap(&x, &y)) are distinct
// objects: storing to one leaves what is known of the others, but a call
// may change any of them. A slot whose address never escapes is beyond the
// call's reach, and its first store, overwritten with no read between, is
// dead even across the call.
func TestMemOptEscapedSlots(t *testing.T) {
	checkPass(t, MemOpt, `
declare void @swap(ptr, ptr)

define i64 @med(i64 %a, i64 %b, i64 %c) {
entry:
  %x = alloca i64
  %y = alloca i64
  %z = alloca i64
  %t = alloca i64
  store i64 %a, ptr %x
  store i64 %b, ptr %y
  store i64 %c, ptr %z
  store i64 %c, ptr %t
  %y.1 = load i64, ptr %y
  %x.1 = load i64, ptr %x
  %lt = icmp slt i64 %y.1, %x.1
  br i1 %lt, label %swap, label %other
swap:
  call void @swap(ptr %x, ptr %y)
  store i64 %a, ptr %t
  %x.2 = load i64, ptr %x
  %t.1 = load i64, ptr %t
  %z.1 = load i64, ptr %z
  %s = add i64 %x.2, %t.1
  %s.1 = add i64 %s, %z.1
  ret i64 %s.1
other:
  call void @swap(ptr %y, ptr %z)
  %y.2 = load i64, ptr %y
  %t.2 = load i64, ptr %t
  store i64 %y.2, ptr %t
  call void @swap(ptr %x, ptr %z)
  store i64 %b, ptr %t
  %t.3 = load i64, ptr %t
  %u = add i64 %t.2, %t.3
  ret i64 %u
}`, `
define i64 @med(i64 %a, i64 %b, i64 %c) {
entry:
  %x = alloca i64
  %y = alloca i64
  %z = alloca i64
  %t = alloca i64
  store i64 %a, ptr %x
  store i64 %b, ptr %y
  store i64 %c, ptr %z
  store i64 %c, ptr %t
  %lt = icmp slt i64 %b, %a
  br i1 %lt, label %swap, label %other
swap:
  call void @swap(ptr %x, ptr %y)
  store i64 %a, ptr %t
  %x.2 = load i64, ptr %x
  %z.1 = load i64, ptr %z
  %s = add i64 %x.2, %a
  %s.1 = add i64 %s, %z.1
  ret i64 %s.1
other:
  call void @swap(ptr %y, ptr %z)
  %y.2 = load i64, ptr %y
  call void @swap(ptr %x, ptr %z)
  store i64 %b, ptr %t
  %u = add i64 %c, %b
  ret i64 %u
}`)
}

// Array elements: a second load of a[i] is the first while nothing that may
// write it intervenes. A store through another array, or to a global (the
// arrays might point anywhere but a private slot), may write it. Invariant
// loads are left to GVN.
func TestMemOptArrayElements(t *testing.T) {
	checkPass(t, MemOpt, `
@g = global i64 0

define i64 @arr(ptr %a, ptr %b, i64 %i, i64 %j) {
entry:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %x.1 = load i64, ptr %p
  %q = getelementptr i64, ptr %b, i64 %j
  store i64 1, ptr %q
  %x.2 = load i64, ptr %p
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %y = load i64, ptr %q
  store i64 %x, ptr @g
  %y.1 = load i64, ptr %q
  %g = load i64, ptr @g
  %narrow = load i32, ptr %q
  %s = add i64 %x.1, %x.2
  %s.1 = add i64 %s, %len
  %s.2 = add i64 %s.1, %y
  %s.3 = add i64 %s.2, %y.1
  %s.4 = add i64 %s.3, %g
  %w = sext i32 %narrow to i64
  %s.5 = add i64 %s.4, %w
  ret i64 %s.5
}

!0 = !{}`, `
define i64 @arr(ptr %a, ptr %b, i64 %i, i64 %j) {
entry:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %q = getelementptr i64, ptr %b, i64 %j
  store i64 1, ptr %q
  %x.2 = load i64, ptr %p
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  store i64 %x, ptr @g
  %y.1 = load i64, ptr %q
  %narrow = load i32, ptr %q
  %s = add i64 %x, %x.2
  %s.1 = add i64 %s, %len
  %s.2 = add i64 %s.1, 1
  %s.3 = add i64 %s.2, %y.1
  %s.4 = add i64 %s.3, %x
  %w = sext i32 %narrow to i64
  %s.5 = add i64 %s.4, %w
  ret i64 %s.5
}`)
}

// Arrays from two calls of toy_new_array are distinct objects (fresh
// memory, as malloc's noalias return): a store into one leaves what is
// known of the other — primecount's mult[j] += primes[j] keeps primes[j] —
// while a store through a pointer of unknown origin, or a call, may write
// either. (The first store to b[j] is dead: the second overwrites it, and
// its one read takes the stored value.)
func TestMemOptFreshArrays(t *testing.T) {
	checkPass(t, MemOpt, `
declare ptr @toy_new_array(i64, i64, ptr, i32, i32)
declare void @use(i64)

define i64 @two(i64 %n, i64 %i, i64 %j, ptr %c) {
entry:
  %a = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  %b = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  %p = getelementptr i64, ptr %a, i64 %i
  %q = getelementptr i64, ptr %b, i64 %j
  %x = load i64, ptr %p
  store i64 %x, ptr %q
  %x.1 = load i64, ptr %p
  %y = load i64, ptr %q
  %r = getelementptr i64, ptr %c, i64 %j
  store i64 5, ptr %r
  %x.2 = load i64, ptr %p
  store i64 %x.2, ptr %q
  call void @use(i64 %x.2)
  %x.3 = load i64, ptr %p
  %s = add i64 %x.1, %y
  %s.1 = add i64 %s, %x.2
  %s.2 = add i64 %s.1, %x.3
  ret i64 %s.2
}`, `
define i64 @two(i64 %n, i64 %i, i64 %j, ptr %c) {
entry:
  %a = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  %b = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  %p = getelementptr i64, ptr %a, i64 %i
  %q = getelementptr i64, ptr %b, i64 %j
  %x = load i64, ptr %p
  %r = getelementptr i64, ptr %c, i64 %j
  store i64 5, ptr %r
  %x.2 = load i64, ptr %p
  store i64 %x.2, ptr %q
  call void @use(i64 %x.2)
  %x.3 = load i64, ptr %p
  %s = add i64 %x, %x
  %s.1 = add i64 %s, %x.2
  %s.2 = add i64 %s.1, %x.3
  ret i64 %s.2
}`)
}

// An allocation writes only the array it returns: main's arrays stored
// into globals are known across the next allocation, the loads of the
// globals take them, and the elements of one are then known across a
// store into the other (bounce's bx[b] after by[b] += byv[b]). A call of
// anything else may write the globals.
func TestMemOptAllocationKeepsMemory(t *testing.T) {
	checkPass(t, MemOpt, `
declare ptr @toy_new_array(i64, i64, ptr, i32, i32)
declare void @use(i64)

@ga = global ptr null
@gb = global ptr null

define i64 @main2(i64 %n, i64 %i) {
entry:
  %a = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  store ptr %a, ptr @ga
  %b = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  store ptr %b, ptr @gb
  %a.1 = load ptr, ptr @ga
  %b.1 = load ptr, ptr @gb
  %p = getelementptr i64, ptr %a.1, i64 %i
  %q = getelementptr i64, ptr %b.1, i64 %i
  store i64 7, ptr %p
  store i64 9, ptr %q
  %x = load i64, ptr %p
  call void @use(i64 %x)
  %a.2 = load ptr, ptr @ga
  ret i64 %x
}`, `
define i64 @main2(i64 %n, i64 %i) {
entry:
  %a = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  store ptr %a, ptr @ga
  %b = call ptr @toy_new_array(i64 %n, i64 8, ptr null, i32 0, i32 0)
  store ptr %b, ptr @gb
  %p = getelementptr i64, ptr %a, i64 %i
  %q = getelementptr i64, ptr %b, i64 %i
  store i64 7, ptr %p
  store i64 9, ptr %q
  call void @use(i64 7)
  %a.2 = load ptr, ptr @ga
  ret i64 7
}`)
}

// What is known flows down chains of single-predecessor blocks (a bounds
// check's success path). A block that another path, one that stores to the
// location, also reaches knows it only as a φ of what each way in knows
// (see TestMemOptJoins and TestMemOptJoinPhis).
func TestMemOptExtendedBlocks(t *testing.T) {
	checkPass(t, MemOpt, `
define i64 @chain(ptr %a, i64 %i, i1 %c) {
entry:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %ok = icmp sgt i64 %x, 0
  br i1 %ok, label %next, label %fail
next:
  %x.1 = load i64, ptr %p
  br i1 %c, label %left, label %join
left:
  store i64 0, ptr %p
  br label %join
join:
  %x.2 = load i64, ptr %p
  %r = add i64 %x.1, %x.2
  ret i64 %r
fail:
  %x.3 = load i64, ptr %p
  ret i64 %x.3
}`, `
define i64 @chain(ptr %a, i64 %i, i1 zeroext %c) {
entry:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %ok = icmp sgt i64 %x, 0
  br i1 %ok, label %next, label %fail
next:
  br i1 %c, label %left, label %join
left:
  store i64 0, ptr %p
  br label %join
join:
  %x.2.1 = phi i64 [ %x, %next ], [ 0, %left ]
  %r = add i64 %x, %x.2.1
  ret i64 %r
fail:
  ret i64 %x
}`)
}

// The oracle on the slot programs as the frontend writes them (MemOpt alone
// forwards most of their loads), and on programs with globals, an array,
// pointers of unknown origin and a function that writes the globals.
func TestMemOptPreservesSemantics(t *testing.T) {
	checkOracle(t, 43, 2000, func(rng *rand.Rand, iter int) (*Module, func(*Func)) {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		if iter%2 == 1 {
			m = randomMemoryProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		}
		if iter%4 < 2 {
			return m, MemOpt
		}
		return m, func(f *Func) {
			Mem2Reg(f)
			GVN(f)
			MemOpt(f)
		}
	})
}

// randomMemoryProgram is randomProgram with memory that mem2reg cannot
// promote: some slots become globals, which @clobber (a function of the
// module, so the interpreter runs it) overwrites when some calls of @sink
// are turned into calls of it; and each block may access an eight-element
// global array @arr at an index masked into range, directly or through a
// pointer selected between the array element and a global, or behind a
// bounds check. A loaded value is passed to @sink, or added to a slot %acc
// whose final value the function adds to its result, so that loops
// without calls read memory too.
func randomMemoryProgram(rng *rand.Rand, nblocks, nslots int) *Module {
	m := randomProgram(rng, nblocks, nslots)
	f := m.Func("main")
	m.AddGlobal(&Global{Name: "arr", Bytes: make([]byte, 64)})
	global := globalizeSlots(rng, m, f)
	g := &memGen{rng: rng, f: f, b: NewBuilder(f)}
	g.acc = g.b.Alloca(I64, "acc")
	entry := f.Entry()
	init := f.NewValue(OpStore, Void, "", f.Const(I64, 0), g.acc)
	init.Block = entry
	allocas := 0
	for entry.Instrs[allocas].Op == OpAlloca {
		allocas++
	}
	entry.Instrs = slices.Insert(entry.Instrs, allocas, init)
	globalized := func(v *Value) bool { return v.Op == OpAlloca && v.ID < len(global) && global[v.ID] != nil }
	for _, blk := range f.Blocks {
		for _, v := range blk.Instrs {
			for i, a := range v.Args {
				if globalized(a) {
					v.Args[i] = f.GlobalAddr(global[a.ID].Name)
				}
			}
			if v.Op == OpCall && v.Sym == "sink" && rng.Intn(2) == 0 {
				v.Sym = "clobber"
			}
		}
		blk.RemoveInstrs(globalized)
		term := blk.Instrs[len(blk.Instrs)-1]
		blk.Instrs = blk.Instrs[:len(blk.Instrs)-1]
		var exits Block // holds blk's exits while accesses split it
		blk.MoveSuccsTo(&exits)
		g.b.SetBlock(blk)
		g.addrs = g.addrs[:0]
		for range rng.Intn(6) {
			if rng.Intn(4) == 0 {
				g.guardedAccess()
			} else {
				g.arrayAccess()
			}
		}
		if term.Op == OpRet {
			term.Args[0] = g.b.Binary(OpAdd, term.Args[0], g.b.Load(I64, g.acc, "acc"), "result")
		}
		g.b.Block.Append(term)
		exits.MoveSuccsTo(g.b.Block)
	}
	return m
}

// globalizeSlots makes some slots of f globals of m — not slot 0, which the
// generator may let escape or access through GEPs and other types — and
// defines @clobber(x), which stores x into some of them and into @arr[3].
// It returns the globals by the slots' Value.ID.
func globalizeSlots(rng *rand.Rand, m *Module, f *Func) []*Global {
	clobber := m.NewFunc("clobber", Void)
	x := clobber.AddParam(I64, "x")
	cb := NewBuilder(clobber)
	cb.SetBlock(clobber.NewBlock("entry"))
	global := make([]*Global, f.NumValues())
	for i, v := range f.Entry().Instrs {
		if v.Op != OpAlloca || i == 0 || v.Elem == Ptr || rng.Intn(2) == 0 {
			continue
		}
		g := m.AddGlobal(&Global{Name: "g." + v.Name, Type: v.Elem})
		global[v.ID] = g
		if rng.Intn(2) == 0 {
			val := x
			if v.Elem != I64 {
				val = cb.Cast(OpTrunc, x, v.Elem, "v")
			}
			cb.Store(val, clobber.GlobalAddr(g.Name))
		}
	}
	cb.Store(x, cb.GEP(I64, clobber.GlobalAddr("arr"), clobber.Const(I64, 3), "e"))
	cb.Ret(nil)
	return global
}

type memGen struct {
	rng   *rand.Rand
	f     *Func
	b     *Builder
	acc   *Value   // the slot loaded values are added to
	addrs []*Value // addresses computed in the current block
}

// observe passes x to @sink, or adds it to %acc.
func (g *memGen) observe(x *Value) {
	if g.rng.Intn(2) == 0 {
		g.b.Call("sink", Void, []*Value{x}, "")
		return
	}
	g.b.Store(g.b.Binary(OpAdd, g.b.Load(I64, g.acc, "acc"), x, "sum"), g.acc)
}

// access loads from addr, or stores a parameter there.
func (g *memGen) access(addr *Value) {
	if g.rng.Intn(2) == 0 {
		g.observe(g.b.Load(I64, addr, "x"))
	} else {
		g.b.Store(g.f.Params[g.rng.Intn(2)], addr)
	}
}

// arrayAccess accesses @arr[idx & mask], or a pointer (c ? &@arr[idx &
// mask] : @g.*) whose origin memopt cannot know, or an address that an
// earlier access in the block used.
func (g *memGen) arrayAccess() {
	rng, b, f := g.rng, g.b, g.f
	if n := len(g.addrs); n > 0 && rng.Intn(2) == 0 {
		g.access(g.addrs[rng.Intn(n)])
		return
	}
	idx := b.Binary(OpAnd, f.Params[rng.Intn(2)], f.Const(I64, int64(3+4*rng.Intn(2))), "idx")
	addr := b.GEP(I64, f.GlobalAddr("arr"), idx, "elem")
	if rng.Intn(2) == 0 {
		for _, gl := range f.Module.Globals {
			if gl.Type == I64 && gl.Name != "arr" {
				c := b.ICmp(PredSLT, f.Params[0], f.Params[1], "c")
				addr = b.Select(c, addr, f.GlobalAddr(gl.Name), "either")
				break
			}
		}
	}
	g.addrs = append(g.addrs, addr)
	g.access(addr)
}

// guardedAccess appends if idx <u 8 { access @arr[idx] } with an unmasked
// index, as the frontend guards an array access: the access is undefined
// where the guard fails, so no pass may run it there. It leaves the
// builder in the block after the if.
func (g *memGen) guardedAccess() {
	b, f := g.b, g.f
	idx := f.Params[g.rng.Intn(2)]
	guard, cont := f.NewBlock("guard"), f.NewBlock("cont")
	b.CondBr(b.ICmp(PredULT, idx, f.Const(I64, 8), "inbounds"), guard, cont)
	b.SetBlock(guard)
	g.access(b.GEP(I64, f.GlobalAddr("arr"), idx, "elem"))
	b.Br(cont)
	b.SetBlock(cont)
}

// MemOpt on the scaling functions of bench_test.go in their slot form,
// where every variable access is a load or store it looks at.
func BenchmarkMemOpt(b *testing.B) {
	benchmarkPass(b, nil, MemOpt)
}
