package backend

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"toyc/middle"
)

// DWARF debugging information for toyc -g, written into the assembly as
// gcc does (DWARF 5, "DWARF Debugging Information Format Version 5",
// dwarfstd.org): .debug_info with one compile unit, .debug_abbrev, and
// .debug_rnglists and .debug_loclists for the address ranges of scopes and
// the locations of variables in optimized code; gas makes .debug_line from
// the .loc directives the emitter writes anyway, and `.file 0` makes that a
// version 5 line table too. Version 5 rather than 4 because everything here
// reads it (gdb 13, GNU as 2.40, llvm-dwarfdump 14 with --verify and
// --statistics, checked by the tests) and because its DW_AT_count may be an
// expression, which is how a Toy array's length, stored before element 0,
// is described.
//
// The writer works a module at a time in three calls, so that a streaming
// emitter can write each function as it is done: begin (the compile unit's
// header and DIE), function and its end (a label wherever what the
// debugger should know changes, and then the function's DIEs), and end
// (types, globals, the unit's end, the abbreviations). Each piece is put in
// its section with .pushsection and .popsection; fragments of a section
// concatenate in the order written and labels may be used before they are
// defined, so the pieces need no other order. Requires: the functions laid
// out (after Layout). Guarantees: it writes only labels into .text, so the
// code is the same with and without -g.
//
// The language is DW_LANG_C99: gdb then prints integers, bools (as
// true/false, from DW_ATE_boolean), pointers and arrays with C's syntax,
// and `print a[1]`, `print *p` and `print x + 1` parse as Toy would mean
// them. A language code of toyc's own (DW_LANG_lo_user) would leave gdb
// printing in its "minimal" mode, without expressions on arrays.

// DWARF constants used here (DWARF 5, section 7).
const (
	dwTagArrayType     = 0x01
	dwTagLabel         = 0x0a
	dwTagFormalParam   = 0x05
	dwTagLexicalBlock  = 0x0b
	dwTagInlinedSub    = 0x1d
	dwTagPointerType   = 0x0f
	dwTagCompileUnit   = 0x11
	dwTagBaseType      = 0x24
	dwTagSubrangeType  = 0x21
	dwTagSubprogram    = 0x2e
	dwTagVariable      = 0x34
	dwTagCallSite      = 0x48
	dwTagCallSiteParam = 0x49
	dwAtLocation       = 0x02
	dwAtName           = 0x03
	dwAtByteSize       = 0x0b
	dwAtStmtList       = 0x10
	dwAtLowPC          = 0x11
	dwAtHighPC         = 0x12
	dwAtLanguage       = 0x13
	dwAtCompDir        = 0x1b
	dwAtInline         = 0x20
	dwAtAbstractOrigin = 0x31
	dwAtCallColumn     = 0x57
	dwAtCallFile       = 0x58
	dwAtCallLine       = 0x59
	dwAtProducer       = 0x25
	dwAtCount          = 0x37
	dwAtDeclFile       = 0x3a
	dwAtDeclLine       = 0x3b
	dwAtEncoding       = 0x3e
	dwAtExternal       = 0x3f
	dwAtFrameBase      = 0x40
	dwAtType           = 0x49
	dwAtRanges         = 0x55
	dwAtDataLocation   = 0x50
	dwAtMainSubprogram = 0x6a
	dwAtCallAllCalls   = 0x7a
	dwAtCallReturnPC   = 0x7d
	dwAtCallValue      = 0x7e
	dwAtCallTarget     = 0x83
	dwFormAddr         = 0x01
	dwFormData1        = 0x0b
	dwFormData2        = 0x05
	dwFormData8        = 0x07
	dwFormString       = 0x08
	dwFormUdata        = 0x0f
	dwFormRef4         = 0x13
	dwFormSecOffset    = 0x17
	dwFormExprloc      = 0x18
	dwFormFlagPresent  = 0x19
	dwAteBoolean       = 0x02
	dwAteSigned        = 0x05
	dwLangC99          = 0x0c
	dwUtCompile        = 0x01
	dwInlInlined       = 0x01

	dwOpAddr              = 0x03
	dwOpDeref             = 0x06
	dwOpConstu            = 0x10
	dwOpConsts            = 0x11
	dwOpMinus             = 0x1c
	dwOpLit8              = 0x38
	dwOpReg0              = 0x50
	dwOpBreg0             = 0x70
	dwOpFbreg             = 0x91
	dwOpPushObjectAddress = 0x97
	dwOpCallFrameCFA      = 0x9c
	dwOpEntryValue        = 0xa3
	dwOpStackValue        = 0x9f

	dwRleEndOfList = 0x00
	dwRleStartEnd  = 0x06
	dwLleEndOfList = 0x00
	dwLleStartEnd  = 0x07
)

// The abbreviations: one per shape of DIE written (the attributes and their
// forms), numbered from 1.
const (
	abbrevCU = iota + 1
	abbrevBaseType
	abbrevPointer
	abbrevArray
	abbrevVarArray
	abbrevSubrange
	abbrevSubprogram     // with a result type
	abbrevSubprogramVoid // without
	abbrevMain           // Toy's main, emitted as toy_main: named main and marked the main subprogram
	abbrevMainVoid
	abbrevBlock
	abbrevBlockPC   // one range: low_pc and high_pc, no list
	abbrevParamExpr // location: an expression
	abbrevParamList // location: a location list
	abbrevParamNone // no location at all
	abbrevVarExpr
	abbrevVarList
	abbrevVarNone
	abbrevGlobal
	abbrevInlined     // an inlined call (dwarfinline.go)
	abbrevInlinedLeaf // one with no call inlined into it
	abbrevInlinedPC   // the two with one range: low_pc and high_pc
	abbrevInlinedLeafPC
	abbrevAbstract     // an inlined callee's abstract instance
	abbrevAbstractVoid // one without a result
	abbrevLabel        // the label in a duplicated line's block (dwarfcopy.go)
	abbrevCallSite     // a call of a Toy function, with parameters (dwarfcall.go)
	abbrevCallSiteLeaf // one without
	abbrevCallSiteBare // a call of the runtime
	abbrevCallParam
	abbrevInlParamExpr // an inlined call's parameter, named by its abstract one (dwarfinline.go): an expression
	abbrevInlParamList // a location list
	abbrevInlVarExpr   // the same for a local variable
	abbrevInlVarList
	// Each subprogram abbreviation without children, for a function
	// without variables: abbrevLeaf + the one with children.
	abbrevLeaf = 100
)

type abbrev struct {
	code, tag int
	children  bool
	attrs     [][2]int
}

// abbrevs is the abbreviation table: abbrevList and the subprograms'
// leaf twins.
var abbrevs = func() []abbrev {
	as := abbrevList
	for _, a := range abbrevList {
		if a.tag == dwTagSubprogram {
			as = append(as, abbrev{a.code + abbrevLeaf, a.tag, false, a.attrs})
		}
	}
	return as
}()

var abbrevList = []abbrev{
	{abbrevCU, dwTagCompileUnit, true, [][2]int{{dwAtProducer, dwFormString}, {dwAtLanguage, dwFormData2}, {dwAtName, dwFormString}, {dwAtCompDir, dwFormString}, {dwAtLowPC, dwFormAddr}, {dwAtRanges, dwFormSecOffset}, {dwAtStmtList, dwFormSecOffset}}},
	{abbrevBaseType, dwTagBaseType, false, [][2]int{{dwAtName, dwFormString}, {dwAtEncoding, dwFormData1}, {dwAtByteSize, dwFormData1}}},
	{abbrevPointer, dwTagPointerType, false, [][2]int{{dwAtByteSize, dwFormData1}, {dwAtType, dwFormRef4}}},
	{abbrevArray, dwTagArrayType, true, [][2]int{{dwAtName, dwFormString}, {dwAtType, dwFormRef4}, {dwAtDataLocation, dwFormExprloc}}},
	{abbrevVarArray, dwTagArrayType, true, [][2]int{{dwAtName, dwFormString}, {dwAtType, dwFormRef4}}},
	{abbrevSubrange, dwTagSubrangeType, false, [][2]int{{dwAtType, dwFormRef4}, {dwAtCount, dwFormExprloc}}},
	{abbrevSubprogram, dwTagSubprogram, true, subprogramAttrs(true, false)},
	{abbrevSubprogramVoid, dwTagSubprogram, true, subprogramAttrs(false, false)},
	{abbrevMain, dwTagSubprogram, true, subprogramAttrs(true, true)},
	{abbrevMainVoid, dwTagSubprogram, true, subprogramAttrs(false, true)},
	{abbrevBlock, dwTagLexicalBlock, true, [][2]int{{dwAtRanges, dwFormSecOffset}}},
	{abbrevBlockPC, dwTagLexicalBlock, true, [][2]int{{dwAtLowPC, dwFormAddr}, {dwAtHighPC, dwFormData8}}},
	{abbrevParamExpr, dwTagFormalParam, false, varAttrs(dwFormExprloc)},
	{abbrevParamList, dwTagFormalParam, false, varAttrs(dwFormSecOffset)},
	{abbrevParamNone, dwTagFormalParam, false, varAttrs(0)},
	{abbrevVarExpr, dwTagVariable, false, varAttrs(dwFormExprloc)},
	{abbrevVarList, dwTagVariable, false, varAttrs(dwFormSecOffset)},
	{abbrevVarNone, dwTagVariable, false, varAttrs(0)},
	{abbrevInlined, dwTagInlinedSub, true, inlinedAttrs},
	{abbrevInlinedLeaf, dwTagInlinedSub, false, inlinedAttrs},
	{abbrevInlinedPC, dwTagInlinedSub, true, inlinedPCAttrs},
	{abbrevInlinedLeafPC, dwTagInlinedSub, false, inlinedPCAttrs},
	{abbrevAbstract, dwTagSubprogram, true, abstractAttrs(true)},
	{abbrevAbstractVoid, dwTagSubprogram, true, abstractAttrs(false)},
	{abbrevLabel, dwTagLabel, false, [][2]int{{dwAtName, dwFormString}}},
	{abbrevCallSite, dwTagCallSite, true, [][2]int{{dwAtCallReturnPC, dwFormAddr}, {dwAtCallTarget, dwFormExprloc}}},
	{abbrevCallSiteLeaf, dwTagCallSite, false, [][2]int{{dwAtCallReturnPC, dwFormAddr}, {dwAtCallTarget, dwFormExprloc}}},
	{abbrevCallSiteBare, dwTagCallSite, false, [][2]int{{dwAtCallReturnPC, dwFormAddr}}},
	{abbrevCallParam, dwTagCallSiteParam, false, [][2]int{{dwAtLocation, dwFormExprloc}, {dwAtCallValue, dwFormExprloc}}},
	{abbrevInlParamExpr, dwTagFormalParam, false, [][2]int{{dwAtAbstractOrigin, dwFormRef4}, {dwAtLocation, dwFormExprloc}}},
	{abbrevInlParamList, dwTagFormalParam, false, [][2]int{{dwAtAbstractOrigin, dwFormRef4}, {dwAtLocation, dwFormSecOffset}}},
	{abbrevInlVarExpr, dwTagVariable, false, [][2]int{{dwAtAbstractOrigin, dwFormRef4}, {dwAtLocation, dwFormExprloc}}},
	{abbrevInlVarList, dwTagVariable, false, [][2]int{{dwAtAbstractOrigin, dwFormRef4}, {dwAtLocation, dwFormSecOffset}}},
	{abbrevGlobal, dwTagVariable, false, [][2]int{{dwAtName, dwFormString}, {dwAtType, dwFormRef4}, {dwAtExternal, dwFormFlagPresent}, {dwAtLocation, dwFormExprloc}}},
}

func subprogramAttrs(result, main bool) [][2]int {
	a := [][2]int{{dwAtName, dwFormString}}
	a = append(a, [2]int{dwAtDeclFile, dwFormData1}, [2]int{dwAtDeclLine, dwFormUdata})
	if result {
		a = append(a, [2]int{dwAtType, dwFormRef4})
	}
	a = append(a, [2]int{dwAtExternal, dwFormFlagPresent}, [2]int{dwAtLowPC, dwFormAddr}, [2]int{dwAtHighPC, dwFormData8}, [2]int{dwAtFrameBase, dwFormExprloc})
	a = append(a, [2]int{dwAtCallAllCalls, dwFormFlagPresent}) // every call is a call site (dwarfcall.go)
	if main {
		a = append(a, [2]int{dwAtMainSubprogram, dwFormFlagPresent})
	}
	return a
}

var inlinedAttrs = [][2]int{{dwAtAbstractOrigin, dwFormRef4}, {dwAtRanges, dwFormSecOffset}, {dwAtCallFile, dwFormData1}, {dwAtCallLine, dwFormUdata}, {dwAtCallColumn, dwFormUdata}}

var inlinedPCAttrs = [][2]int{{dwAtAbstractOrigin, dwFormRef4}, {dwAtLowPC, dwFormAddr}, {dwAtHighPC, dwFormData8}, {dwAtCallFile, dwFormData1}, {dwAtCallLine, dwFormUdata}, {dwAtCallColumn, dwFormUdata}}

func abstractAttrs(result bool) [][2]int {
	a := [][2]int{{dwAtName, dwFormString}, {dwAtDeclFile, dwFormData1}, {dwAtDeclLine, dwFormUdata}}
	if result {
		a = append(a, [2]int{dwAtType, dwFormRef4})
	}
	return append(a, [2]int{dwAtInline, dwFormData1})
}

func varAttrs(loc int) [][2]int {
	a := [][2]int{{dwAtName, dwFormString}, {dwAtDeclFile, dwFormData1}, {dwAtDeclLine, dwFormUdata}, {dwAtType, dwFormRef4}}
	if loc != 0 {
		a = append(a, [2]int{dwAtLocation, loc})
	}
	return a
}

// dwarfWriter writes one module's debugging information.
type dwarfWriter struct {
	m    *middle.Module
	opts *middle.DebugUnit
	// index numbers the module's functions, for labels that stay the same
	// whatever order (or concurrency) the functions are written in.
	index map[*middle.Func]int

	mu        sync.Mutex
	types     map[string]bool   // the Toy types the DIEs refer to (looked up, iterated only sorted)
	refs      map[string]string // typeRef's answers, by type (looked up only)
	ranges    []string          // each function's start and end labels, for the unit's ranges
	abstracts map[string]string // the inlined callees, by name: their instances' references (dwarfinline.go; iterated only sorted)
	// abstractVars are the variables of the inlined callees that DIEs of
	// inlined calls refer to, by callee and index in its Vars.
	abstractVars map[string]map[int]protoVar
	protos       map[string]string // the functions written, by name: their protos encoded (encodeProto; looked up only)
}

// beginDwarf starts m's debugging information when m asks for it
// (m.DebugUnit), and returns its writer, else nil.
func beginDwarf(w io.Writer, m *middle.Module) *dwarfWriter {
	if m.DebugUnit == nil {
		return nil
	}
	// Sized for every function: each is entered in index, and each
	// written in protos (noteProto), which grew through as many sizes.
	d := &dwarfWriter{m: m, opts: m.DebugUnit, index: make(map[*middle.Func]int, len(m.Funcs)), types: make(map[string]bool), refs: make(map[string]string),
		protos: make(map[string]string, len(m.Funcs))}
	for i, f := range m.Funcs {
		d.index[f] = i
	}
	d.begin(w)
	return d
}

// begin writes the line table's version 5 file entry 0, the start of each
// debugging section and the compile unit's DIE.
func (d *dwarfWriter) begin(w io.Writer) {
	name := d.m.Source
	if name == "" {
		name = "<unknown>"
	}
	fmt.Fprintf(w, "\t.file\t0 %s %s\n", quote(d.opts.CompDir), quote(name))
	fmt.Fprintf(w, "\t.pushsection\t.debug_line,\"\",@progbits\n.Ldebug_line0:\n\t.popsection\n")
	fmt.Fprintf(w, "\t.pushsection\t.debug_abbrev,\"\",@progbits\n.Ldebug_abbrev0:\n\t.popsection\n")
	fmt.Fprintf(w, "\t.pushsection\t.debug_rnglists,\"\",@progbits\n.Ldebug_rnglists0:\n")
	fmt.Fprintf(w, "\t.long\t.Ldebug_rnglists_end-.Ldebug_rnglists_start\n.Ldebug_rnglists_start:\n\t.value\t5\n\t.byte\t8\n\t.byte\t0\n\t.long\t0\n\t.popsection\n")
	fmt.Fprintf(w, "\t.pushsection\t.debug_loclists,\"\",@progbits\n.Ldebug_loclists0:\n")
	fmt.Fprintf(w, "\t.long\t.Ldebug_loclists_end-.Ldebug_loclists_start\n.Ldebug_loclists_start:\n\t.value\t5\n\t.byte\t8\n\t.byte\t0\n\t.long\t0\n\t.popsection\n")
	fmt.Fprintf(w, "\t.pushsection\t.debug_info,\"\",@progbits\n.Ldebug_info0:\n")
	fmt.Fprintf(w, "\t.long\t.Ldebug_info_end-.Ldebug_info_start\n.Ldebug_info_start:\n")
	fmt.Fprintf(w, "\t.value\t5\n\t.byte\t%d\n\t.byte\t8\n\t.long\t.Ldebug_abbrev0\n", dwUtCompile)
	fmt.Fprintf(w, "\t.uleb128\t%d\n", abbrevCU)
	fmt.Fprintf(w, "\t.string\t%s\n\t.value\t%#x\n\t.string\t%s\n\t.string\t%s\n", quote(d.opts.Producer), dwLangC99, quote(name), quote(d.opts.CompDir))
	fmt.Fprintf(w, "\t.quad\t0\n\t.long\t.Ldebug_cu_ranges\n\t.long\t.Ldebug_line0\n")
	fmt.Fprintf(w, "\t.popsection\n")
}

// end writes what only the whole module knows: the types referred to, the
// globals, the unit's ranges, the ends of the sections, the abbreviations.
func (d *dwarfWriter) end(w io.Writer) {
	if d == nil {
		return
	}
	// The unit's DIE says whether children follow it, and a unit with
	// none (a program without functions or globals) must say no:
	// llvm-dwarfdump --verify warns of an empty list of children. Its
	// abbreviation is written last, so it can.
	unitChildren := slices.ContainsFunc(d.ranges, func(label string) bool { return label != "" })
	fmt.Fprintf(w, "\t.pushsection\t.debug_info,\"\",@progbits\n")
	for _, g := range d.m.Globals {
		t, ok := d.m.GlobalTypes[g.Name]
		if !ok || g.External || g.Private {
			continue
		}
		unitChildren = true
		fmt.Fprintf(w, "\t.uleb128\t%d\n\t.string\t%s\n\t.long\t%s\n", abbrevGlobal, quote(g.Name), d.varTypeRef(t))
		x := dwExpr{op: []byte{dwOpAddr}, addr: symbolName(g.Name)}
		if isArray(t) {
			x.tail = []byte{dwOpDeref}
		}
		writeExprloc(w, x)
	}
	d.writeAbstracts(w)
	d.writeTypes(w)
	if unitChildren {
		fmt.Fprintf(w, "\t.byte\t0\n") // the end of the unit's children
	}
	fmt.Fprintf(w, ".Ldebug_info_end:\n\t.popsection\n")

	// Appended in one piece, without fmt: an entry for each function.
	b := []byte("\t.pushsection\t.debug_rnglists,\"\",@progbits\n.Ldebug_cu_ranges:\n")
	for i := 0; i+1 < len(d.ranges); i += 2 {
		if d.ranges[i] == "" {
			continue // a declaration
		}
		b = appendDirective(b, ".byte", dwRleStartEnd)
		b = appendSymDirective(b, ".quad", d.ranges[i])
		b = appendSymDirective(b, ".quad", d.ranges[i+1])
	}
	b = appendDirective(b, ".byte", dwRleEndOfList)
	w.Write(append(b, ".Ldebug_rnglists_end:\n\t.popsection\n"...))
	fmt.Fprintf(w, "\t.pushsection\t.debug_loclists,\"\",@progbits\n.Ldebug_loclists_end:\n\t.popsection\n")

	// The abbreviations, appended without fmt (some 300 directives).
	b = append(b[:0], "\t.pushsection\t.debug_abbrev,\"\",@progbits\n"...)
	for _, a := range abbrevs {
		children := 0
		if a.children && (a.code != abbrevCU || unitChildren) {
			children = 1
		}
		b = appendHexDirective(appendDirective(b, ".uleb128", int64(a.code)), a.tag)
		b = appendDirective(b, ".byte", int64(children))
		for _, at := range a.attrs {
			b = appendHexDirective(appendHexDirective(b, at[0]), at[1])
		}
		b = append(b, "\t.byte\t0\n\t.byte\t0\n"...)
	}
	w.Write(append(b, "\t.byte\t0\n\t.popsection\n"...))
}

// varTypeRef is the reference to the type DIE of a variable of Toy type
// t. A variable of array type is described as the array itself (what its
// location expression gives is the address of element 0; see writeTypes).
func (d *dwarfWriter) varTypeRef(t string) string {
	if isArray(t) {
		d.typeRef(t)
		return d.typeRef("@" + t)
	}
	return d.typeRef(t)
}

func isArray(t string) bool { return strings.HasPrefix(t, "[]") }

// typeRef is the reference (a CU-relative offset) to the DIE of the Toy
// type t, which end writes.
func (d *dwarfWriter) typeRef(t string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.refs[t]; ok {
		return r
	}
	d.types[t] = true
	for u := strings.TrimPrefix(t, "@"); u != ""; u = elemType(u) {
		d.types[u] = true
	}
	r := typeLabel(t) + "-.Ldebug_info0"
	d.refs[t] = r
	return r
}

// elemType is the element type of an array or pointer type, "" for the
// others.
func elemType(t string) string {
	switch {
	case strings.HasPrefix(t, "[]"):
		return t[2:]
	case strings.HasPrefix(t, "*"):
		return t[1:]
	}
	return ""
}

func typeLabel(t string) string {
	t = strings.ReplaceAll(t, "@", "V")
	t = strings.ReplaceAll(t, "[]", "A")
	return ".Ldebug_type." + strings.ReplaceAll(t, "*", "P")
}

// writeTypes writes the DIE of every type referred to, in a fixed order.
// A Toy array is a pointer to element 0 with the length in the 8 bytes
// before it. Where such a pointer is in memory (an array element, what a
// *[]T points to), []T is described as Fortran's allocatable arrays are
// (DWARF 5, D.2.1): DW_AT_data_location dereferences the object's address
// to reach element 0, and DW_AT_count reads the length before it. A
// variable may hold its array in a register, which has no address for
// DW_OP_push_object_address (gdb 13 then shows 0x0), so a variable's type
// is "@[]T", an array without data_location whose object is element 0
// itself: its location expressions give the pointer's value as the
// address (DW_OP_bregN 0 for a register, DW_OP_deref after a slot's
// address), and its count is the 8 bytes before that. gdb then prints
// `print a` as {3, 1, 2} and `print a[1]` as the element at every -O
// level.
func (d *dwarfWriter) writeTypes(w io.Writer) {
	d.mu.Lock()
	ts := slices.Sorted(maps.Keys(d.types))
	d.mu.Unlock()
	if len(ts) > 0 && !contains(ts, "int") {
		ts = append(ts, "int") // the arrays' index type
	}
	for _, t := range ts {
		fmt.Fprintf(w, "%s:\n", typeLabel(t))
		switch {
		case t == "int":
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.string\t\"int\"\n\t.byte\t%d\n\t.byte\t8\n", abbrevBaseType, dwAteSigned)
		case t == "i32":
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.string\t\"i32\"\n\t.byte\t%d\n\t.byte\t4\n", abbrevBaseType, dwAteSigned)
		case t == "bool":
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.string\t\"bool\"\n\t.byte\t%d\n\t.byte\t1\n", abbrevBaseType, dwAteBoolean)
		case strings.HasPrefix(t, "*"):
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.byte\t8\n\t.long\t%s-.Ldebug_info0\n", abbrevPointer, typeLabel(t[1:]))
		case strings.HasPrefix(t, "@[]"):
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.string\t%s\n\t.long\t%s-.Ldebug_info0\n", abbrevVarArray, quote(t[1:]), typeLabel(t[3:]))
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.long\t%s-.Ldebug_info0\n", abbrevSubrange, typeLabel("int"))
			writeExprloc(w, dwExpr{op: []byte{dwOpPushObjectAddress, dwOpLit8, dwOpMinus, dwOpDeref}})
			fmt.Fprintf(w, "\t.byte\t0\n")
		case strings.HasPrefix(t, "[]"):
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.string\t%s\n\t.long\t%s-.Ldebug_info0\n", abbrevArray, quote(t), typeLabel(t[2:]))
			writeExprloc(w, dwExpr{op: []byte{dwOpPushObjectAddress, dwOpDeref}})
			fmt.Fprintf(w, "\t.uleb128\t%d\n\t.long\t%s-.Ldebug_info0\n", abbrevSubrange, typeLabel("int"))
			writeExprloc(w, dwExpr{op: []byte{dwOpPushObjectAddress, dwOpDeref, dwOpLit8, dwOpMinus, dwOpDeref}})
			fmt.Fprintf(w, "\t.byte\t0\n")
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// symbolName is the assembler name of a non-private global or function.
func symbolName(name string) string {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return quote(name)
		}
	}
	return name
}

// dwExpr is a DWARF expression: the bytes op, then, when addr is set, the
// 8-byte address of that symbol (the operand of a final DW_OP_addr).
type dwExpr struct {
	op   []byte
	addr string
	tail []byte // after the address
}

func (x dwExpr) len() int {
	if x.addr != "" {
		return len(x.op) + 8 + len(x.tail)
	}
	return len(x.op)
}

// writeExprloc writes x as a DW_FORM_exprloc: its length, then its bytes.
func writeExprloc(w io.Writer, x dwExpr) {
	var b []byte
	if bb, ok := w.(*bytes.Buffer); ok {
		b = bb.AvailableBuffer()
	}
	w.Write(appendExprloc(b, x))
}

// appendExprloc appends x as a DW_FORM_exprloc to b (writeExprloc). -g
// writes one or more for each variable and location list entry, nearly
// all of fewer than 10 bytes and without an address: those in one loop,
// their length a digit after a constant directive.
func appendExprloc(b []byte, x dwExpr) []byte {
	n := len(x.op)
	if x.addr != "" || n == 0 || n >= 10 {
		return appendExprBytes(appendDirective(b, ".uleb128", int64(x.len())), x)
	}
	b = append(append(b, "\t.uleb128\t"...), byte('0'+n), '\n')
	b = appendHexByte(append(b, "\t.byte\t0x"...), x.op[0])
	for _, c := range x.op[1:] {
		b = appendHexByte(append(b, ",0x"...), c)
	}
	return append(b, '\n')
}

// appendExprBytes appends the directives of x's bytes to b, as
// ".byte 0x70,0x0", without fmt.
func appendExprBytes(b []byte, x dwExpr) []byte {
	if len(x.op) > 0 {
		for i, c := range x.op {
			// Each byte's prefix appended in one piece.
			if i == 0 {
				b = append(b, "\t.byte\t0x"...)
			} else {
				b = append(b, ",0x"...)
			}
			b = appendHexByte(b, c)
		}
		b = append(b, '\n')
	}
	if x.addr != "" {
		b = append(append(append(b, "\t.quad\t"...), x.addr...), '\n')
		if len(x.tail) > 0 {
			b = appendExprBytes(b, dwExpr{op: x.tail})
		}
	}
	return b
}

// appendHexByte appends c in hexadecimal without leading zeros, as
// strconv.AppendUint(b, uint64(c), 16) does, without its general case.
func appendHexByte(b []byte, c byte) []byte {
	const digits = "0123456789abcdef"
	if c >= 16 {
		return append(b, digits[c>>4], digits[c&15])
	}
	return append(b, digits[c])
}

// appendDirective appends "\tDIR\tN\n" to b: the DIE and list writers'
// numbers, without fmt.
func appendDirective(b []byte, dir string, n int64) []byte {
	b = append(append(append(b, '\t'), dir...), '\t')
	return append(appendDecimal(b, n), '\n')
}

// appendDecimal appends n in decimal, as strconv.AppendInt(b, n, 10), a
// number below 100 without its call: most of the directives' numbers are
// (abbreviations, lengths, bytes), and the call cost several times the
// digits' appending.
func appendDecimal(b []byte, n int64) []byte {
	switch {
	case 0 <= n && n < 10:
		return append(b, byte('0'+n))
	case 10 <= n && n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(b, n, 10)
}

// appendHexDirective appends "\t.uleb128\t0xN\n", n in hexadecimal.
func appendHexDirective(b []byte, n int) []byte {
	return append(strconv.AppendInt(append(b, "\t.uleb128\t0x"...), int64(n), 16), '\n')
}

// appendSymDirective appends "\tDIR\tSYM\n" to b.
func appendSymDirective(b []byte, dir, sym string) []byte {
	b = append(append(append(b, '\t'), dir...), '\t')
	return append(append(b, sym...), '\n')
}

// opSleb is the DWARF operation op with its operand n in signed LEB128,
// in one allocation with room for a last operation after it (DW_OP_deref,
// DW_OP_stack_value): an expression of one of each.
func opSleb(op byte, n int64) []byte {
	b := append(make([]byte, 0, 12), op)
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n == 0 && c&0x40 == 0 || n == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// dwarfReg is the DWARF number of a physical register (System V psABI,
// figure 3.36).
func dwarfReg(r Reg) byte {
	return [...]byte{RAX: 0, RDX: 1, RCX: 2, RBX: 3, RSI: 4, RDI: 5, RBP: 6, RSP: 7,
		R8: 8, R9: 9, R10: 10, R11: 11, R12: 12, R13: 13, R14: 14, R15: 15}[r]
}

// regExprs are, by physical register, the location expressions of a value
// in it (DW_OP_reg), of an array at the address it holds (DW_OP_breg 0),
// and of its value at the function's entry, as a value and as an array's
// address (DW_OP_entry_value): made once, as they are asked for at every
// call and every location list entry. A dwExpr's bytes are only read, and
// each is capped, so that an append copies them.
var regExprs = func() (x [FirstVReg]struct{ reg, breg, entry, entryAddr []byte }) {
	for r := RAX; r < FirstVReg; r++ {
		n := dwarfReg(r)
		x[r].reg = []byte{dwOpReg0 + n}[:1:1]
		x[r].breg = []byte{dwOpBreg0 + n, 0}[:2:2]
		entry := []byte{dwOpEntryValue, 1, dwOpReg0 + n, dwOpStackValue}
		x[r].entry, x[r].entryAddr = entry[:4:4], entry[:3:3]
	}
	return x
}()
