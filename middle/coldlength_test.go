package middle

import "testing"

// The failing check's report loads the length itself, once for its two
// uses; the hot path's length load is left to the compare, and the index
// stays.
func TestReloadLengthsInErrorBlocks(t *testing.T) {
	checkPass(t, ReloadLengthsInErrorBlocks, `
declare void @toy_index_error(i64, i64, i64)

define i64 @get(ptr %a, i64 %i) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  ret i64 %x
fail:
  call void @toy_index_error(i64 %i, i64 %len, i64 %len)
  unreachable
}

!0 = !{}`, `
define i64 @get(ptr %a, i64 %i) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  ret i64 %x
fail:
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  call void @toy_index_error(i64 %i, i64 %len.1, i64 %len.1)
  unreachable
}`)
}
