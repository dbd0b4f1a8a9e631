package middle

import "testing"

// lcs's max: every way into the join stores to a[i] through a GEP of its
// own; the stores become one store of a φ at the join, through a GEP made
// again there, and the arms' GEPs go with their stores.
func TestSinkStoresMergesDiamond(t *testing.T) {
	checkPass(t, SinkStores, `
define void @max(ptr %a, i64 %i, i64 %x, i64 %y) {
entry:
  %gt = icmp sgt i64 %x, %y
  br i1 %gt, label %then, label %else
then:
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %x, ptr %p
  br label %join
else:
  %q = getelementptr i64, ptr %a, i64 %i
  store i64 %y, ptr %q
  br label %join
join:
  ret void
}`, `
define void @max(ptr %a, i64 %i, i64 %x, i64 %y) {
entry:
  %gt = icmp sgt i64 %x, %y
  br i1 %gt, label %then, label %else
then:
  br label %join
else:
  br label %join
join:
  %storemerge = phi i64 [ %x, %then ], [ %y, %else ]
  %p.1 = getelementptr i64, ptr %a, i64 %i
  store i64 %storemerge, ptr %p.1
  ret void
}`)
}

// Two stores per arm sink in their order; pure instructions after a store
// may stay behind it; a store of one value to one address needs no φ.
func TestSinkStoresKeepsOrder(t *testing.T) {
	checkPass(t, SinkStores, `
define void @two(ptr %p, ptr %q, i64 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i64 %x, ptr %p
  store i64 1, ptr %q
  %dead = add i64 %x, 1
  br label %join
else:
  %y = mul i64 %x, 3
  store i64 %y, ptr %p
  store i64 1, ptr %q
  br label %join
join:
  ret void
}`, `
define void @two(ptr %p, ptr %q, i64 %x, i1 zeroext %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %dead = add i64 %x, 1
  br label %join
else:
  %y = mul i64 %x, 3
  br label %join
join:
  %storemerge = phi i64 [ %x, %then ], [ %y, %else ]
  store i64 %storemerge, ptr %p
  store i64 1, ptr %q
  ret void
}`)
}

// What must stay: a load after the store (it reads the stored value), a
// call after it, different addresses, different types, a predecessor that
// branches elsewhere too, and a predecessor without a store.
func TestSinkStoresLeavesUnsafe(t *testing.T) {
	src := `
declare void @sink(i64)

define i64 @loadafter(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i64 1, ptr %p
  %v = load i64, ptr %p
  br label %join
else:
  store i64 2, ptr %p
  br label %join
join:
  %r = phi i64 [ %v, %then ], [ 0, %else ]
  ret i64 %r
}

define void @callafter(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i64 1, ptr %p
  call void @sink(i64 1)
  br label %join
else:
  store i64 2, ptr %p
  br label %join
join:
  ret void
}

define void @elsewhere(ptr %p, ptr %q, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i64 1, ptr %p
  br label %join
else:
  store i64 2, ptr %q
  br label %join
join:
  ret void
}

define void @types(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i64 1, ptr %p
  br label %join
else:
  store i32 2, ptr %p
  br label %join
join:
  ret void
}

define void @triangle(ptr %p, i1 %c) {
entry:
  store i64 1, ptr %p
  br i1 %c, label %then, label %join
then:
  store i64 2, ptr %p
  br label %join
join:
  ret void
}`
	checkUnchanged(t, SinkStores, src)
}

// The oracle: random programs, whose slots are stored on many paths, read
// the same and call the same after sinking.
func TestSinkStoresOracle(t *testing.T) {
	checkPreservesSemantics(t, 21, func(int) func(*Func) {
		return func(f *Func) { SimplifyCFG(f); SinkStores(f) }
	})
}
