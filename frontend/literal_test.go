package frontend

import "testing"

func TestLiteralTypingErrors(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"i32 bounds", `func f() {
	var a: i32 = 2147483647;
	var b: i32 = -2147483648;
	var c: i32 = 2147483648;
	var d: i32 = -2147483649;
}`, []string{
			"4:15: integer literal 2147483648 does not fit in i32",
			"5:15: integer literal -2147483649 does not fit in i32",
		}},
		{"int bounds", `var a = 9223372036854775807;
var b = -9223372036854775808;
var c = 9223372036854775808;
var d = 0xFFFFFFFFFFFFFFFF;
var e = 0x10000000000000000;`, []string{
			"3:9: integer literal 9223372036854775808 does not fit in int",
			"4:9: integer literal 0xFFFFFFFFFFFFFFFF does not fit in int",
			"5:9: integer literal 0x10000000000000000 is too large",
		}},
		{"100 digits", "var a = 1" + string(make100Zeros()) + ";", []string{
			"1:9: integer literal 1000000000...0000000000 is too large",
		}},
		{"parenthesized minus is not a negative literal", `var a: i32 = -(2147483648);`, []string{
			"1:16: integer literal 2147483648 does not fit in i32",
		}},
		{"context reaches through operators", `func f(x: i32) i32 {
	var a: i32 = 2 * 3000000000;
	var b = x + 3000000000;
	return 1 + 3000000000;
}`, []string{
			"2:19: integer literal 3000000000 does not fit in i32",
			"3:14: integer literal 3000000000 does not fit in i32",
			"4:13: integer literal 3000000000 does not fit in i32",
		}},
		{"argument and comparison context", `func g(v: i32) {}
func f(x: i32) bool {
	g(3000000000);
	return x < 3000000000 || 3000000000 < 3000000001;
}`, []string{
			"3:4: integer literal 3000000000 does not fit in i32",
			"4:13: integer literal 3000000000 does not fit in i32",
		}},
		{"no context means int", `func f(x: i32) {
	var a = 3000000000;
	var b: i32 = a;
}`, []string{
			"3:15: cannot use int as i32 in initialization of b; convert with i32(a)",
		}},
		{"literal does not convert a typed operand", `func f(x: int) {
	var y: i32 = x + 1;
}`, []string{
			"2:15: cannot use int as i32 in initialization of y; convert with i32(x + 1)",
		}},
		{"character literals", `func f() {
	var a: i32 = 'a';
	var b = '\n' + '\'';
	var c = 'ab';
	var d = '\q';
	var e = '';
}`, []string{
			"4:10: character literal 'ab' must hold exactly one byte",
			"5:11: unknown escape sequence \\q",
			"6:10: character literal '' must hold exactly one byte",
		}},
		{"malformed integers", `var a = 007;
var b = 0x;
var c = 12ab;
var d = 0;`, []string{
			"1:9: integer literal 007 has a leading zero (C would read it as octal)",
			"2:9: hexadecimal literal 0x has no digits",
			"3:9: invalid integer literal 12ab",
		}},
		{"string escapes", `func f() { print("ok \n\t\r\0\\\"", "\x"); }`, []string{
			"1:38: unknown escape sequence \\x in string literal",
		}},
	})
}

func make100Zeros() []byte {
	b := make([]byte, 99)
	for i := range b {
		b[i] = '0'
	}
	return b
}

// TestLiteralValues checks the values and types the checker gives literals.
func TestLiteralValues(t *testing.T) {
	prog, diags := Check("t.toy", []byte(`var a: i32 = -2147483648;
var b = -9223372036854775808;
var c: i32 = 2147483647 + 1;
var d = 2147483647 + 1;
var e: i32 = 'z' - 'a';
var f = 0x7fffffff * 2;
var g: i32 = -7 / 2;
var h: i32 = -7 % 2;
var i = (-9223372036854775807 - 1) / -1;
var j: i32 = 1 << 33;
var k = -1 >> 70;
var l = 1 < 2 && 3 > 4;
var m = ^0;
var n: i32 = (-2147483647 - 1) % -1;
`))
	if diags != nil {
		t.Fatal(diags)
	}
	want := []struct {
		name  string
		typ   string
		value int64
	}{
		{"a", "i32", -2147483648},
		{"b", "int", -9223372036854775808},
		{"c", "i32", -2147483648},
		{"d", "int", 2147483648},
		{"e", "i32", 25},
		{"f", "int", 0xfffffffe},
		{"g", "i32", -3},
		{"h", "i32", -1},
		{"i", "int", -9223372036854775808},
		{"j", "i32", 2},
		{"k", "int", -1},
		{"l", "bool", 0},
		{"m", "int", -1},
		{"n", "i32", 0},
	}
	for i, w := range want {
		g := prog.Globals[i]
		if g.Name != w.name || g.Type.String() != w.typ || g.Value != w.value {
			t.Errorf("global %s: got %s %s = %d, want %s %s = %d", w.name, g.Name, g.Type, g.Value, w.name, w.typ, w.value)
		}
	}
}
