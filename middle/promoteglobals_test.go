package middle

import "testing"

// sealAll runs pass after marking every global of f's module sealed, as
// GlobalConstants does in a whole program whose globals' addresses are
// only loaded and stored at.
func sealAll(pass func(*Func)) func(*Func) {
	return func(f *Func) {
		for _, g := range f.Module.Globals {
			g.Sealed = true
		}
		pass(f)
	}
}

// An interpreter's step counter: the loop's load and store of @steps
// become a φ, loaded in the preheader and stored back at the exit. The
// exit to the bounds-check failure stores it back too, unless the global
// is sealed (a whole program: nothing reads globals after a runtime
// error).
const stepCounter = `
@steps = global i64 0
@.str = private constant [6 x i8] c"p.toy\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @run(ptr %a, i64 %n) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %s = load i64, ptr @steps
  %s.next = add i64 %s, 1
  store i64 %s.next, ptr @steps
  %i.next = add i64 %i, 1
  br label %head
fail:
  call void @toy_index_error(ptr @.str, i32 3, i32 5, i64 %i, i64 %len)
  unreachable
exit:
  ret i64 %i
}

!0 = !{}
`

func stepCounterPromoted(phi, errorStore string) string {
	return `
define i64 @run(ptr %a, i64 %n) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %steps.1 = load i64, ptr @steps
  br label %head
head:
  %` + phi + ` = phi i64 [ %steps.1, %entry ], [ %s.next, %ok ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %s.next = add i64 %` + phi + `, 1
  %i.next = add i64 %i, 1
  br label %head
fail:` + errorStore + `
  call void @toy_index_error(ptr @.str, i32 3, i32 5, i64 %i, i64 %len)
  unreachable
exit:
  store i64 %` + phi + `, ptr @steps
  ret i64 %i
}`
}

func TestPromoteLoopGlobalsStepCounter(t *testing.T) {
	t.Run("sealed", func(t *testing.T) {
		checkPass(t, sealAll(PromoteLoopGlobals), stepCounter, stepCounterPromoted("steps.3", ""))
	})
	t.Run("unsealed", func(t *testing.T) {
		checkPass(t, PromoteLoopGlobals, stepCounter, stepCounterPromoted("steps.4", `
  store i64 %steps.4, ptr @steps`))
	})
	before, after := mustParse(t, "a.ll", stepCounter), mustParse(t, "b.ll", stepCounter)
	PromoteLoopGlobals(after.Func("run"))
	checkSameResults(t, before, after, []int64{0, 1, 5})
}

// An inner loop whose outer loop calls a function that may use @g is
// promoted on its own: loaded in its preheader, stored back on a block of
// its own on the exit edge, whose target the outer loop reaches from
// elsewhere too. Where both loops qualify the outer one is promoted, and
// the inner one's accesses go with it. A loop that stores back what it
// loaded leaves no store.
func TestPromoteLoopGlobalsNested(t *testing.T) {
	checkPass(t, PromoteLoopGlobals, `
@g = global i64 0
@h = global i64 0

declare void @ext()

define void @inner(i64 %n, i1 %c) {
entry:
  br label %ohead
ohead:
  %i = phi i64 [ 0, %entry ], [ %i.next, %olatch ]
  call void @ext()
  br i1 %c, label %ipre, label %olatch
ipre:
  br label %ihead
ihead:
  %j = phi i64 [ 0, %ipre ], [ %j.next, %ihead ]
  %x = load i64, ptr @g
  %y = add i64 %x, %j
  store i64 %y, ptr @g
  %j.next = add i64 %j, 1
  %jmore = icmp slt i64 %j.next, %n
  br i1 %jmore, label %ihead, label %olatch
olatch:
  %i.next = add i64 %i, 1
  %imore = icmp slt i64 %i.next, %n
  br i1 %imore, label %ohead, label %exit
exit:
  ret void
}

define void @outer(i64 %n) {
entry:
  br label %ohead
ohead:
  %i = phi i64 [ 0, %entry ], [ %i.next, %olatch ]
  store i64 %i, ptr @h
  br label %ihead
ihead:
  %j = phi i64 [ 0, %ohead ], [ %j.next, %ihead ]
  %x = load i64, ptr @h
  %y = add i64 %x, %j
  store i64 %y, ptr @h
  %j.next = add i64 %j, 1
  %jmore = icmp slt i64 %j.next, %n
  br i1 %jmore, label %ihead, label %olatch
olatch:
  %i.next = add i64 %i, 1
  %imore = icmp slt i64 %i.next, %n
  br i1 %imore, label %ohead, label %exit
exit:
  ret void
}

define void @same(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %x = load i64, ptr @g
  store i64 %x, ptr @g
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`, `
define void @inner(i64 %n, i1 zeroext %c) {
entry:
  br label %ohead
ohead:
  %i = phi i64 [ 0, %entry ], [ %i.next, %olatch ]
  call void @ext()
  br i1 %c, label %ipre, label %olatch
ipre:
  %g.1 = load i64, ptr @g
  br label %ihead
ihead:
  %g.3 = phi i64 [ %g.1, %ipre ], [ %y, %ihead ]
  %j = phi i64 [ 0, %ipre ], [ %j.next, %ihead ]
  %y = add i64 %g.3, %j
  %j.next = add i64 %j, 1
  %jmore = icmp slt i64 %j.next, %n
  br i1 %jmore, label %ihead, label %ihead.exit
olatch:
  %i.next = add i64 %i, 1
  %imore = icmp slt i64 %i.next, %n
  br i1 %imore, label %ohead, label %exit
exit:
  ret void
ihead.exit:
  store i64 %y, ptr @g
  br label %olatch
}
define void @outer(i64 %n) {
entry:
  %h.1 = load i64, ptr @h
  br label %ohead
ohead:
  %i = phi i64 [ 0, %entry ], [ %i.next, %olatch ]
  br label %ihead
ihead:
  %h.3 = phi i64 [ %i, %ohead ], [ %y, %ihead ]
  %j = phi i64 [ 0, %ohead ], [ %j.next, %ihead ]
  %y = add i64 %h.3, %j
  %j.next = add i64 %j, 1
  %jmore = icmp slt i64 %j.next, %n
  br i1 %jmore, label %ihead, label %olatch
olatch:
  %i.next = add i64 %i, 1
  %imore = icmp slt i64 %i.next, %n
  br i1 %imore, label %ohead, label %exit
exit:
  store i64 %y, ptr @h
  ret void
}
define void @same(i64 %n) {
entry:
  %g.1 = load i64, ptr @g
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`)
}

// The runtime's functions never touch the program's globals, so a sealed
// global is promoted across them (a loop that prints).
func TestPromoteLoopGlobalsAcrossRuntimeCalls(t *testing.T) {
	checkPass(t, sealAll(PromoteLoopGlobals), `
@g = global i64 0

declare void @toy_print_i64(i64)

define void @f(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %x = load i64, ptr @g
  call void @toy_print_i64(i64 %x)
  %y = add i64 %x, %i
  store i64 %y, ptr @g
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`, `
define void @f(i64 %n) {
entry:
  %g.1 = load i64, ptr @g
  br label %head
head:
  %g.3 = phi i64 [ %g.1, %entry ], [ %y, %head ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  call void @toy_print_i64(i64 %g.3)
  %y = add i64 %g.3, %i
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  store i64 %y, ptr @g
  ret void
}`)
}

// Each of these loops has an access that may read or write @g other than
// the direct loads and stores the φ would replace, so nothing changes.
func TestPromoteLoopGlobalsLeavesOtherAccesses(t *testing.T) {
	for _, tc := range []struct {
		name, pre, body string
		sealed          bool
	}{
		{"call of a Toy function", "", `
  call void @ext()`, true},
		{"runtime call, unsealed", "", `
  call void @toy_print_i64(i64 %x)`, false},
		{"store through a pointer, unsealed", "", `
  store i64 %i, ptr %p`, false},
		{"load through a pointer, unsealed", "", `
  %z = load i64, ptr %p`, false},
		{"address passed on", "", `
  call void @toy_print_ptr(ptr @g)`, true},
		{"address stored", "", `
  store ptr @g, ptr %p`, true},
		{"another type", "", `
  %z = load i32, ptr @g`, true},
		{"address derived before the loop", `
  %q = getelementptr i8, ptr @g, i64 0`, `
  %z = load i64, ptr %q`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `
@g = global i64 0

declare void @ext()
declare void @toy_print_i64(i64)
declare void @toy_print_ptr(ptr)

define void @f(i64 %n, ptr %p) {
entry:` + tc.pre + `
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %x = load i64, ptr @g` + tc.body + `
  %y = add i64 %x, %i
  store i64 %y, ptr @g
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`
			m := mustParse(t, "in.ll", src)
			want := m.Func("f").String()
			pass := PromoteLoopGlobals
			if tc.sealed {
				pass = sealAll(pass)
			}
			checkPass(t, pass, src, want)
		})
	}
}

// A loop entered from a conditional branch gets a preheader for the load
// (late in the pipeline simplifycfg has bypassed the empty ones). The way
// to the two failures that widenchecks' block sorts out leads only to
// runtime errors: no store-back there, for a sealed global.
func TestPromoteLoopGlobalsMakesPreheader(t *testing.T) {
	checkPass(t, sealAll(PromoteLoopGlobals), `
@g = global i64 0
@.str = private constant [6 x i8] c"p.toy\00"

declare void @toy_index_error(ptr, i32, i32, i64, i64)

define void @f(i64 %n, i1 %c) {
entry:
  br i1 %c, label %head, label %exit
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %wide = icmp ult i64 %i, 99
  br i1 %wide, label %ok, label %which
ok:
  %x = load i64, ptr @g
  %y = add i64 %x, %i
  store i64 %y, ptr @g
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
which:
  %first = icmp ult i64 %i, 100
  br i1 %first, label %fail1, label %fail2
fail1:
  call void @toy_index_error(ptr @.str, i32 3, i32 5, i64 %i, i64 99)
  unreachable
fail2:
  call void @toy_index_error(ptr @.str, i32 3, i32 9, i64 %i, i64 100)
  unreachable
exit:
  ret void
}`, `
define void @f(i64 %n, i1 zeroext %c) {
entry:
  br i1 %c, label %head.preheader, label %exit
head.preheader:
  %g.1 = load i64, ptr @g
  br label %head
head:
  %g.3 = phi i64 [ %g.1, %head.preheader ], [ %y, %ok ]
  %i = phi i64 [ 0, %head.preheader ], [ %i.next, %ok ]
  %wide = icmp ult i64 %i, 99
  br i1 %wide, label %ok, label %which
ok:
  %y = add i64 %g.3, %i
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %ok.exit
which:
  %first = icmp ult i64 %i, 100
  br i1 %first, label %fail1, label %fail2
fail1:
  call void @toy_index_error(ptr @.str, i32 3, i32 5, i64 %i, i64 99)
  unreachable
fail2:
  call void @toy_index_error(ptr @.str, i32 3, i32 9, i64 %i, i64 100)
  unreachable
exit:
  ret void
ok.exit:
  store i64 %y, ptr @g
  br label %exit
}`)
}

// Where CarryLoads already carries the header's reload in a φ (the store
// stayed), the promoted value starts from its preheader load, and Mem2Reg's
// φ, equal to it, goes: one φ, no copy on every iteration (json's
// skip_ws).
func TestPromoteLoopGlobalsMergesCarriedPhi(t *testing.T) {
	checkPass(t, sealAll(PromoteLoopGlobals), `
@g = global i64 0

define void @f(i64 %n) {
entry:
  %p0 = load i64, ptr @g
  br label %head
head:
  %p = phi i64 [ %p0, %entry ], [ %p1, %body ]
  %more = icmp slt i64 %p, %n
  br i1 %more, label %body, label %exit
body:
  %p1 = add i64 %p, 1
  store i64 %p1, ptr @g
  br label %head
exit:
  ret void
}`, `
define void @f(i64 %n) {
entry:
  %p0 = load i64, ptr @g
  br label %head
head:
  %g.2 = phi i64 [ %p0, %entry ], [ %p1, %body ]
  %more = icmp slt i64 %g.2, %n
  br i1 %more, label %body, label %exit
body:
  %p1 = add i64 %g.2, 1
  br label %head
exit:
  store i64 %g.2, ptr @g
  ret void
}`)
}

// Three globals promoted in one loop: the preheader loads each and the
// loop carries each in a φ; at the top of the exit only the loop enters
// their store-backs come last promoted first (each as if inserted there
// in turn), and on the exit edge into a block entered from before the
// loop too, each gets a block of its own. One sweep of the loop renames
// the accesses of all three and each exit takes its store-backs at once
// (a loop storing to thousands of globals made both quadratic).
const threeGlobals = `
@a = global i64 0
@b = global i64 0
@c = global i64 0

define i64 @run(i64 %n) {
entry:
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %join, label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %a0 = load i64, ptr @a
  %a1 = add i64 %a0, 1
  store i64 %a1, ptr @a
  %b0 = load i64, ptr @b
  %b1 = add i64 %b0, %i
  store i64 %b1, ptr @b
  %c0 = load i64, ptr @c
  %c1 = mul i64 %c0, 3
  %c2 = add i64 %c1, 1
  store i64 %c2, ptr @c
  %i.next = add i64 %i, 1
  %stop = icmp eq i64 %i.next, 50
  br i1 %stop, label %join, label %head
exit:
  %xa = load i64, ptr @a
  %xc = load i64, ptr @c
  %x = add i64 %xa, %xc
  ret i64 %x
join:
  %r = load i64, ptr @b
  ret i64 %r
}
`

func TestPromoteLoopGlobalsThreeInOneLoop(t *testing.T) {
	checkPass(t, sealAll(PromoteLoopGlobals), threeGlobals, `
define i64 @run(i64 %n) {
entry:
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %join, label %head.preheader
head.preheader:
  %a.1 = load i64, ptr @a
  %b.1 = load i64, ptr @b
  %c.1 = load i64, ptr @c
  br label %head
head:
  %c.4 = phi i64 [ %c.1, %head.preheader ], [ %c2, %body ]
  %b.4 = phi i64 [ %b.1, %head.preheader ], [ %b1, %body ]
  %a.4 = phi i64 [ %a.1, %head.preheader ], [ %a1, %body ]
  %i = phi i64 [ 0, %head.preheader ], [ %i.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %a1 = add i64 %a.4, 1
  %b1 = add i64 %b.4, %i
  %c1 = mul i64 %c.4, 3
  %c2 = add i64 %c1, 1
  %i.next = add i64 %i, 1
  %stop = icmp eq i64 %i.next, 50
  br i1 %stop, label %body.exit.2, label %head
exit:
  store i64 %c.4, ptr @c
  store i64 %b.4, ptr @b
  store i64 %a.4, ptr @a
  %xa = load i64, ptr @a
  %xc = load i64, ptr @c
  %x = add i64 %xa, %xc
  ret i64 %x
join:
  %r = load i64, ptr @b
  ret i64 %r
body.exit:
  store i64 %a1, ptr @a
  br label %join
body.exit.1:
  store i64 %b1, ptr @b
  br label %body.exit
body.exit.2:
  store i64 %c2, ptr @c
  br label %body.exit.1
}
`)
	before, after := mustParse(t, "a.ll", threeGlobals), mustParse(t, "b.ll", threeGlobals)
	sealAll(PromoteLoopGlobals)(after.Func("run"))
	checkSameResults(t, before, after, []int64{-1, 0, 3, 49, 60})
}
