package frontend

import "testing"

func TestNamesAndScopes(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"duplicate top-level", "var a = 1;\nfunc a() {}", []string{"2:1: a redeclared (previous declaration at 1:1)"}},
		{"use before declaration at top level", "func f() int { return g() + v; }\nfunc g() int { return 1; }\nvar v = 2;", nil},
		{"redeclared predeclared names", "func int() {}\nvar len = 1;\nfunc f(print: int) { var argc = 1; var bool = true; }", []string{
			"1:1: cannot declare int: it is a predeclared type",
			"2:1: cannot declare len: it is a builtin function",
			"3:8: cannot declare print: it is a builtin function",
			"3:22: cannot declare argc: it is a builtin function",
			"3:36: cannot declare bool: it is a predeclared type",
		}},
		{"same block", "func f() { var a = 1; var a = 2; }", []string{"1:23: a redeclared in this block (previous declaration at 1:12)"}},
		{"inner block may shadow", "func f() { var a = 1; { var a = true; print(a); } }", nil},
		{"parameter in outermost block", "func f(a: int) { var a = 1; }", []string{"1:18: a redeclared: it is a parameter of func f"}},
		{"parameter shadowed in inner block", "func f(a: int) { { var a = 1; print(a); } }", nil},
		{"duplicate parameter", "func f(a: int, a: bool) {}", []string{"1:16: duplicate parameter a"}},
		{"scope starts after the declaration", "func f() { var x = x; }", []string{"1:20: undefined: x"}},
		{"for header scope", "func f() { for var i = 0; i < 3; i += 1 { var i = 5; } print(i); }",
			[]string{"1:62: undefined: i"}},
		{"for header may shadow", "func f() { var i = true; for var i = 0; i < 3; i += 1 { } print(i); }", nil},
		{"break and continue outside loops", "func f() { break; continue; }", []string{
			"1:12: break is not inside a loop",
			"1:19: continue is not inside a loop",
		}},
		{"undefined names", "func f() { g(); x = 1; }", []string{"1:12: undefined: g", "1:17: undefined: x"}},
		{"functions are not values", "func f() { var g = f; f = 2; }", []string{
			"1:20: func f is not a value; call it",
			"1:23: cannot assign to func f",
		}},
		{"builtins and types are not values", "func f() { var a = len; var b = int; }", []string{
			"1:20: len is a builtin function; call it",
			"1:33: int is a type, not a value",
		}},
		{"calling a non-function", "var g = 1;\nfunc f() { var x = 1; x(); g(); f()(); }", []string{
			"2:23: cannot call x: it is a variable of type int, not a function",
			"2:28: cannot call g: it is a global variable, not a function",
			"2:33: func f has no result; its call cannot be used as a value",
		}},
		{"argument counts", "func g(a: int) {}\nfunc f() { g(1, 2); g(); len(); argc(1); argi(); }", []string{
			"2:12: wrong number of arguments in call to g: have 2, want 1",
			"2:21: wrong number of arguments in call to g: have 0, want 1",
			"2:26: wrong number of arguments in call to len: have 0, want 1",
			"2:33: wrong number of arguments in call to argc: have 1, want 0",
			"2:42: wrong number of arguments in call to argi: have 0, want 1",
		}},
	})
}

func TestTypes(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"mismatched declarations", "func f() { var x: int = true; var y: i32 = 1; var z: int = y; }", []string{
			"1:25: cannot use bool as int in initialization of x; convert with int(true)",
			"1:60: cannot use i32 as int in initialization of z; convert with int(y)",
		}},
		{"operators need the same type", "func f(a: int, b: i32) { var x = a + b; var y = a << b; var z = a == b; }", []string{
			"1:36: operator + needs operands of the same type, not int and i32; convert with int(b)",
			"1:51: operator << needs operands of the same type, not int and i32; convert with int(b)",
			"1:67: operator == needs operands of the same type, not int and i32; convert with int(b)",
		}},
		{"operators need the right kind", "func f(a: bool, b: []int) { var x = a + a; var y = -a; var z = !1; var w = a < a; var v = b == b; var u = 1 && a; }", []string{
			"1:39: operator + needs int or i32, not bool",
			"1:52: operator - needs int or i32, not bool",
			"1:64: operator ! needs bool, not int",
			"1:78: operator < needs int or i32, not bool",
			"1:93: operator == needs int, i32 or bool, not []int",
			"1:109: operator && needs bool operands, not int; write 1 != 0",
		}},
		{"chained comparison", "func f() { var x = 1 < 2 < 3; }", []string{
			"1:26: operator < needs operands of the same type, not bool and int",
		}},
		{"conditions are bool", "func f(n: int) { if n { } while n { } for ; n; { } }", []string{
			"1:21: condition must be bool, not int; write n != 0",
			"1:33: condition must be bool, not int; write n != 0",
			"1:45: condition must be bool, not int; write n != 0",
		}},
		{"assignments", "func f(a: int, b: i32, c: bool) { a = b; c += c; a += 1; b <<= 3; }", []string{
			"1:39: cannot use i32 as int in assignment; convert with int(b)",
			"1:42: operator += needs int or i32, not bool",
		}},
		{"assignment targets", "func f(a: int) { a + 1 = 2; f(1) = 3; -a = 1; }", []string{
			"1:18: cannot assign to this expression: it is not a variable, array element or *pointer",
			"1:29: cannot assign to this expression: it is not a variable, array element or *pointer",
			"1:39: cannot assign to this expression: it is not a variable, array element or *pointer",
		}},
		{"expression statements must be calls", "func f(a: int) { a; a + 1; int(a); len(new(int, 3)); }", []string{
			"1:18: expression is not a statement: only calls and assignments are",
			"1:21: expression is not a statement: only calls and assignments are",
			"1:28: conversion int(...) is not a statement: its value would be unused",
		}},
		{"returns", "func f() { return 1; }\nfunc g() int { return; }\nfunc h() i32 { return 1 + 2; }\nfunc k() bool { return 1; }", []string{
			"1:19: func f has no result, so return takes no value",
			"2:16: missing return value: func g returns int",
			"4:24: cannot use int as bool in return; write 1 != 0",
		}},
		{"calls without result", "func v() {}\nfunc f() { var x = v(); print(v()); var y = print(); }", []string{
			"2:20: func v has no result; its call cannot be used as a value",
			"2:31: func v has no result; its call cannot be used as a value",
			"2:45: print has no result; its call cannot be used as a value",
		}},
		{"arguments", "func g(a: i32, b: []int) {}\nfunc f() { g(3000000000, new(i32, 1)); g(1, new(int, 1)); }", []string{
			"2:14: integer literal 3000000000 does not fit in i32",
			"2:26: cannot use []i32 as []int in argument 2 of g",
		}},
		{"print", "func f(a: []int, p: *int) { print(1, true, \"s\", a, p, *p); }", []string{
			"1:49: cannot print a value of type []int: print takes int, i32, bool and string literals",
			"1:52: cannot print a value of type *int: print takes int, i32, bool and string literals",
		}},
		{"string literals only in print", "func f() { var s = \"x\"; f(\"y\"); }", []string{
			"1:20: a string literal can only be an argument of print",
			"1:25: wrong number of arguments in call to f: have 1, want 0",
			"1:27: a string literal can only be an argument of print",
		}},
		{"arrays", "func f(a: []int, i: i32, b: bool) { a[i] = 1; a[b] = 2; b[0] = true; var n: int = len(a); var m = len(b); var c = new(bool, b); }", []string{
			"1:49: array index must be int or i32, not bool",
			"1:58: cannot index a value of type bool",
			"1:103: len needs an array, not bool",
			"1:125: array length must be int or i32, not bool",
		}},
		{"conversions", "func f(a: []int) { var x = int(true); var y: i32 = i32(5000000000); var z = int(a); var b = bool(1); var w = i32(1, 2); }", []string{
			"1:77: cannot convert []int to int",
			"1:93: there is no conversion to bool; compare with != 0 instead",
			"1:110: wrong number of arguments in call to i32: have 2, want 1",
		}},
		{"argi takes int", "func f(i: i32) { var a = argi(i); var b = argi(0); var c: i32 = argi(0); }", []string{
			"1:31: cannot use i32 as int in argument 1 of argi; convert with int(i)",
			"1:65: cannot use int as i32 in initialization of c; convert with i32(argi(0))",
		}},
	})
}

func TestPointers(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"valid pointers", `var g = 1;
func inc(p: *int) { *p += 1; }
func f() int {
	var x = 1;
	inc(&x);
	inc(&g);
	var a = new(int, 2);
	var pa = &a;
	(*pa)[0] = 3;
	var b = true;
	var pb = &b;
	*pb = !*pb;
	return x + (*pa)[0];
}`, nil},
		{"no pointer globals or results", "var p: *int;\nvar q = &q;\nfunc f() *int { var x = 1; return &x; }", []string{
			"1:1: global p cannot have pointer type *int: a pointer must not outlive its variable",
			"2:9: global initializer must be a constant expression (literals and operators only)",
			"3:1: func f cannot return pointer type *int: a pointer must not outlive its variable",
		}},
		{"no pointers in types", "var a: []*int;\nvar b: **int;\nfunc f() { var c = new(*int, 1); }", []string{
			"1:8: array of pointers ([]*int) is not allowed: a pointer cannot be stored",
			"2:8: pointer to pointer (**int) is not allowed",
			"3:20: cannot make an array of pointers (*int): a pointer cannot be stored",
		}},
		{"address of", "func f(p: *int, a: []int) { var q = &p; var r = &a[0]; var s = &1; var t = &f; }", []string{
			"1:37: cannot take the address of p: it holds a pointer, and pointers to pointers are not allowed",
			"1:49: cannot take the address of this expression: only variables have addresses",
			"1:64: cannot take the address of this expression: only variables have addresses",
			"1:77: func f is not a value; call it",
		}},
		{"dereference", "func f(a: int) { var x = *a; *a = 1; }", []string{
			"1:26: cannot dereference a value of type int",
			"1:30: cannot dereference a value of type int",
		}},
	})
}

func TestDeclarations(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"main with parameters", "func main(a: int) {}", []string{"1:1: func main must have no parameters"}},
		{"main with another result", "func main() bool { return true; }", []string{"1:1: func main must return int or nothing, not bool"}},
		{"main with int", "func main() int { return 0; }", nil},
		{"reserved runtime names", "func malloc() {}\nvar exit = 3;\nfunc toy_main() {}\nvar stdout: int;", []string{
			"1:1: malloc clashes with the symbol malloc that the runtime defines or uses; choose another name",
			"2:1: exit clashes with the symbol exit that the runtime defines or uses; choose another name",
			"3:1: toy_main clashes with the symbol toy_main that the runtime defines or uses; choose another name",
			"4:1: stdout clashes with the symbol stdout that the runtime defines or uses; choose another name",
		}},
		{"externs", "extern func exit(c: i32);\nextern func putchar(c: i32) i32;\nextern func toy_print_i64(x: int);", []string{
			"3:1: extern func toy_print_i64 clashes with the runtime's own symbol toy_print_i64",
		}},
		{"a global named main", "var main = 1;", []string{
			"1:1: main clashes with the symbol main that the runtime defines or uses; choose another name",
		}},
		{"declarations need a type or a value", "var x;\nfunc f() { var y; }", []string{
			"1:1: var x needs a type or an initializer",
			"2:12: var y needs a type or an initializer",
		}},
		{"constant initializers", "var a = 1 + 2 * 3;\nvar b = -a;\nvar c = 1 / 0;\nvar d = false && 1 / 0 == 0;\nvar e = !true;\nvar f: []int;\nvar g = argc();", []string{
			"2:10: global initializer must be a constant expression (literals and operators only)",
			"3:11: division by zero in constant expression",
			"7:9: global initializer must be a constant expression (literals and operators only)",
		}},
		{"for post cannot declare", "func f() { for ;; var i = 0 { } }", []string{
			"1:19: the post statement of a for loop cannot declare a variable",
		}},
		{"an empty file is a library", "", nil},
	})
}
