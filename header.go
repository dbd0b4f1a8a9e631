package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"unicode"

	"toyc/frontend"
	"toyc/middle/diag"
)

// --emit=header: a C header for a Toy library, so that C code calls it
// without guesswork. It declares each function but main and each global
// with the C types of the runtime ABI (runtime/ABI.md, docs/reference.md
// section 2): int is int64_t, i32 int32_t, bool bool (C's _Bool), *T a T *,
// and an array []T a T * to its element 0, with its length as an int64_t
// just before it, which the header's static inline helpers read and make.
// The names are the link names toyc gives (Toy's own, the symbols of the
// object file); a Toy name that C reserves (a keyword, or a type the header
// uses) gets a C name with a trailing underscore bound to the symbol by a
// GNU asm label. Externs are C functions already, and main is the
// program's, so neither is declared. It requires a Toy source that checks
// without errors (errors are reported as for any output, and nothing is
// written) and guarantees a header that C11 compilers accept with -Wall
// -Wextra -pedantic, the GNU asm labels aside.

// writeHeaders writes the header of each Toy source to its output.
func (d *driver) writeHeaders(sources, outputs []string) error {
	var progs []*frontend.Program
	var diags diag.List
	for _, in := range sources {
		if d.kinds[in] != "toy" {
			return usagef("%s: --emit=header needs a Toy source", in)
		}
		name, src, err := d.readSource(in)
		if err != nil {
			return err
		}
		prog, errs := frontend.Check(name, src)
		diags = append(diags, errs...)
		progs = append(progs, prog)
	}
	if err := d.diagnose(diags); err != nil {
		return err
	}
	for i, prog := range progs {
		d.activity = "writing " + outputs[i]
		guard := headerGuard(outputs[i], prog.File)
		if err := d.writeOutput(outputs[i], func(w io.Writer) error {
			return writeHeader(w, prog, guard)
		}); err != nil {
			return err
		}
	}
	return nil
}

// headerGuard is the include guard's macro: the header's file name (or,
// on standard output, the source's) in capitals, other characters as _.
func headerGuard(out, source string) string {
	base := filepath.Base(out)
	if out == "-" {
		base = strings.TrimSuffix(filepath.Base(source), filepath.Ext(source)) + ".h"
	}
	var b strings.Builder
	for _, r := range base {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(unicode.ToUpper(r))
		} else {
			b.WriteByte('_')
		}
	}
	g := b.String()
	// A leading digit is not an identifier, and a leading underscore
	// (<stdin> gives one) makes a name reserved to C's implementation.
	if g == "" || g[0] >= '0' && g[0] <= '9' || g[0] == '_' {
		g = "TOY_" + strings.TrimLeft(g, "_")
	}
	return g
}

const headerPreamble = `#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A Toy array []T is passed as a pointer to its element 0; its length is
 * the int64_t stored just before element 0 (toy_array_len). Toy never
 * frees an array. A runtime error in Toy code (an index out of range,
 * a division by zero) prints its report and exits with status 2.
 */
#ifndef TOY_ARRAY_HELPERS
#define TOY_ARRAY_HELPERS
/* The length of the Toy array whose element 0 is at elem0. */
static inline int64_t toy_array_len(const void *elem0) {
	return ((const int64_t *)elem0)[-1];
}

/* A new zeroed Toy array of n elements of elem_size bytes (8 for int and
 * arrays, 4 for i32, 1 for bool), to pass to Toy: a pointer to element 0,
 * or NULL when there is no memory. Free it, if ever, with
 * free((int64_t *)a - 1). */
static inline void *toy_array_new(int64_t n, size_t elem_size) {
	int64_t *h = (int64_t *)calloc(1, sizeof(int64_t) + (size_t)n * elem_size);
	if (h == NULL) {
		return NULL;
	}
	h[0] = n;
	return h + 1;
}
#endif
`

// writeHeader writes prog's header with include guard guard.
func writeHeader(w io.Writer, prog *frontend.Program, guard string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "/* The C interface of the Toy library %s, written by toyc --emit=header. */\n", filepath.Base(prog.File))
	fmt.Fprintf(&b, "#ifndef %s\n#define %s\n\n%s", guard, guard, headerPreamble)
	if len(prog.Globals) > 0 {
		b.WriteString("\n/* Globals. */\n")
	}
	for _, g := range prog.Globals {
		fmt.Fprintf(&b, "extern %s%s; /* var %s: %s */\n", cDecl(g.Type, cName(g.Name)), asmLabel(g.Name), g.Name, g.Type)
	}
	first := true
	for _, f := range prog.Funcs {
		if f.Extern || f == prog.Main {
			continue
		}
		if first {
			b.WriteString("\n/* Functions. */\n")
			first = false
		}
		fmt.Fprintf(&b, "/* %s:%d: %s */\n", filepath.Base(prog.File), f.Pos.Line, toySignature(f))
		var params []string
		for _, p := range f.Params {
			params = append(params, cDecl(p.Type, cName(p.Name)))
		}
		if len(params) == 0 {
			params = []string{"void"}
		}
		name := cName(frontend.LinkName(f))
		fmt.Fprintf(&b, "%s(%s)%s;\n", cDecl(f.Result, name), strings.Join(params, ", "), asmLabel(frontend.LinkName(f)))
	}
	fmt.Fprintf(&b, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", guard)
	_, err := io.WriteString(w, b.String())
	return err
}

// cDecl declares name with the C type of t: "int64_t *name".
func cDecl(t *frontend.Type, name string) string {
	var base string
	stars := ""
	for ; t.Kind == frontend.Array || t.Kind == frontend.Pointer; t = t.Elem {
		stars += "*"
	}
	switch t.Kind {
	case frontend.Int:
		base = "int64_t"
	case frontend.I32:
		base = "int32_t"
	case frontend.Bool:
		base = "bool"
	default:
		base = "void"
	}
	if stars != "" {
		return base + " " + stars + name
	}
	return base + " " + name
}

// toySignature is f's declaration as Toy writes it.
func toySignature(f *frontend.Func) string {
	var ps []string
	for _, p := range f.Params {
		ps = append(ps, p.Name+": "+p.Type.String())
	}
	s := "func " + f.Name + "(" + strings.Join(ps, ", ") + ")"
	if f.Result.Kind != frontend.Void {
		s += " " + f.Result.String()
	}
	return s
}

// cReserved are the names a C declaration cannot use: C11's and C23's
// keywords, and the types and macros the header relies on. The set is made
// on first use, as only --emit=header needs it.
var cReserved = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, k := range strings.Fields(`auto break case char const continue default do double else enum
		extern float for goto if inline int long register restrict return short signed sizeof static
		struct switch typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool
		_Complex _Generic _Imaginary _Noreturn _Static_assert _Thread_local alignas alignof bool
		constexpr false nullptr static_assert thread_local true typeof typeof_unqual
		int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t size_t NULL
		calloc free toy_array_len toy_array_new TOY_ARRAY_HELPERS asm`) {
		set[k] = true
	}
	return set
})

// cName is the name C code uses for the Toy name: itself, or with an
// underscore after it when C reserves it.
func cName(name string) string {
	if cReserved()[name] {
		return name + "_"
	}
	return name
}

// asmLabel binds a C name that differs from the symbol to the symbol.
func asmLabel(symbol string) string {
	if cName(symbol) == symbol {
		return ""
	}
	return fmt.Sprintf(" __asm__(%q)", symbol)
}
