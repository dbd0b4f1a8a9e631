; Twenty values live across a call: more than the five callee-saved
; registers x86-64 has, so most must be spilled around the call (or kept in
; callee-saved registers and spilled), and all twenty must survive it.
declare i64 @c_clobber(i64)

define i64 @keep20(i64 %x) {
entry:
  %v1 = add i64 %x, 1
  %v2 = mul i64 %x, 3
  %v3 = xor i64 %x, 5
  %v4 = sub i64 %x, 7
  %v5 = shl i64 %x, 2
  %v6 = add i64 %v1, %v2
  %v7 = mul i64 %v3, %v4
  %v8 = add i64 %v5, 11
  %v9 = xor i64 %v6, %v7
  %v10 = sub i64 %v8, %v1
  %v11 = add i64 %x, 13
  %v12 = mul i64 %v11, %v2
  %v13 = add i64 %v12, %v3
  %v14 = xor i64 %v13, 17
  %v15 = sub i64 %v14, %v5
  %v16 = add i64 %v15, %v9
  %v17 = mul i64 %v16, 19
  %v18 = add i64 %v17, %v10
  %v19 = xor i64 %v18, %v4
  %v20 = add i64 %v19, 23
  %c = call i64 @c_clobber(i64 %v20)
  %s1 = mul i64 %v1, 1
  %s2 = mul i64 %v2, 2
  %s3 = mul i64 %v3, 3
  %s4 = mul i64 %v4, 4
  %s5 = mul i64 %v5, 5
  %s6 = mul i64 %v6, 6
  %s7 = mul i64 %v7, 7
  %s8 = mul i64 %v8, 8
  %s9 = mul i64 %v9, 9
  %s10 = mul i64 %v10, 10
  %s11 = mul i64 %v11, 11
  %s12 = mul i64 %v12, 12
  %s13 = mul i64 %v13, 13
  %s14 = mul i64 %v14, 14
  %s15 = mul i64 %v15, 15
  %s16 = mul i64 %v16, 16
  %s17 = mul i64 %v17, 17
  %s18 = mul i64 %v18, 18
  %s19 = mul i64 %v19, 19
  %s20 = mul i64 %v20, 20
  %a1 = add i64 %s1, %s2
  %a2 = add i64 %a1, %s3
  %a3 = add i64 %a2, %s4
  %a4 = add i64 %a3, %s5
  %a5 = add i64 %a4, %s6
  %a6 = add i64 %a5, %s7
  %a7 = add i64 %a6, %s8
  %a8 = add i64 %a7, %s9
  %a9 = add i64 %a8, %s10
  %a10 = add i64 %a9, %s11
  %a11 = add i64 %a10, %s12
  %a12 = add i64 %a11, %s13
  %a13 = add i64 %a12, %s14
  %a14 = add i64 %a13, %s15
  %a15 = add i64 %a14, %s16
  %a16 = add i64 %a15, %s17
  %a17 = add i64 %a16, %s18
  %a18 = add i64 %a17, %s19
  %a19 = add i64 %a18, %s20
  %r = add i64 %a19, %c
  ret i64 %r
}
