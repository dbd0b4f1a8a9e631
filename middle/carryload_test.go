package middle

import "testing"

// The header's reload of the element the body adds to becomes a φ of a
// load in the preheader and the stored sum (primecount's
// `while mult[j] < i { mult[j] += p; }`); the store stays.
func TestCarryLoadsReloadBecomesPhi(t *testing.T) {
	checkPass(t, CarryLoads, `
define i64 @advance(ptr %a, i64 %j, i64 %p, i64 %i) {
entry:
  %addr = getelementptr i64, ptr %a, i64 %j
  br label %head
head:
  %m = load i64, ptr %addr
  %less = icmp slt i64 %m, %i
  br i1 %less, label %body, label %exit
body:
  %sum = add i64 %m, %p
  store i64 %sum, ptr %addr
  br label %head
exit:
  ret i64 %m
}`, `
define i64 @advance(ptr %a, i64 %j, i64 %p, i64 %i) {
entry:
  %addr = getelementptr i64, ptr %a, i64 %j
  %m.1 = load i64, ptr %addr
  br label %head
head:
  %m.2 = phi i64 [ %m.1, %entry ], [ %sum, %body ]
  %less = icmp slt i64 %m.2, %i
  br i1 %less, label %body, label %exit
body:
  %sum = add i64 %m.2, %p
  store i64 %sum, ptr %addr
  br label %head
exit:
  ret i64 %m.2
}`)
}

// Each of these loops could find its location changed by something other
// than the one store the φ would carry, or not stored on every way round:
// a second store (through a pointer that may be the same), a call, a store
// only in one arm, an address computed in the loop. Nothing changes.
func TestCarryLoadsLeavesOtherWriters(t *testing.T) {
	for _, tc := range []struct{ name, body string }{
		{"second store", `
  %sum = add i64 %m, %p
  store i64 %sum, ptr %addr
  store i64 0, ptr %b
  br label %head`},
		{"call", `
  %sum = add i64 %m, %p
  store i64 %sum, ptr %addr
  call void @g()
  br label %head`},
		{"store in one arm", `
  %sum = add i64 %m, %p
  %big = icmp sgt i64 %sum, 100
  br i1 %big, label %skip, label %put
put:
  store i64 %sum, ptr %addr
  br label %skip
skip:
  br label %head`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn := `
define i64 @advance(ptr %a, ptr %b, i64 %j, i64 %p, i64 %i) {
entry:
  %addr = getelementptr i64, ptr %a, i64 %j
  br label %head
head:
  %m = load i64, ptr %addr
  %less = icmp slt i64 %m, %i
  br i1 %less, label %body, label %exit
body:` + tc.body + `
exit:
  ret i64 %m
}`
			checkPass(t, CarryLoads, "declare void @g()\n"+fn, fn)
		})
	}
	inLoop := `
define i64 @walk(ptr %a, i64 %i) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %body ]
  %addr = getelementptr i64, ptr %a, i64 %k
  %m = load i64, ptr %addr
  %less = icmp slt i64 %m, %i
  br i1 %less, label %body, label %exit
body:
  %k.next = add i64 %k, 1
  store i64 %k.next, ptr %addr
  br label %head
exit:
  ret i64 %m
}`
	checkPass(t, CarryLoads, inLoop, inLoop)
}
