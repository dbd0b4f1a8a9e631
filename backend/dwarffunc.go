package backend

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"toyc/middle"
	"toyc/middle/diag"
)

// The DWARF of one function (dwarf.go): a DW_TAG_subprogram with its
// parameters, its locals and its block scopes as nested
// DW_TAG_lexical_blocks. The emitter calls instr before each instruction it
// writes; where the innermost source scope of the instructions changes, or
// where a variable's location changes (dwarfloc.go), instr writes a label,
// so the function's text is cut into runs over which nothing the debugger
// should know changes. A scope's address ranges are the runs whose
// instructions come from positions inside it (an inlined instruction counts
// at the position of its outermost inlined call), as gcc's lexical blocks
// cover the code of their statements; a scope without code is left out,
// with its variables, which could never be seen. Requires: Pos on the
// instructions; the frame laid out. Guarantees: labels only in .text.

// dwarfFunc collects one function's runs while it is written.
type dwarfFunc struct {
	d     *dwarfWriter
	f     *Func
	dbg   *middle.FuncDebug // nil for .ll input
	sym   string
	label string // the prefix of the function's debugging labels
	next  int

	// By scope number (scopeID: 0 the body, then the source's scopes,
	// then those declScopes makes): the scopes directly inside it, whether
	// those are not disjoint (innermost then searches them in order), its
	// parent, whether it has a DIE (describe), and the variables declared
	// in it (varScope), in order.
	children  [][]*middle.DebugScope
	overlap   []bool
	parent    []*middle.DebugScope
	described []bool
	declares  [][]int
	varScope  []*middle.DebugScope // by variable: the scope it is described in
	slots     map[string]*Slot     // the allocas' slots, by IR name (nil for none)
	locs      *varTracker          // optimized code's variable locations (dwarfloc.go), or nil
	bufs      *dieBuffers          // the runs' and end's memory, from the last function
	unset     *unsetVars           // slot-homed variables not assigned yet (dwarfunset.go), or nil

	runs []dwarfRun
	cur  *middle.DebugScope
	at   diag.Pos // the position cur was found for (instr)
	site uint16   // the inline site of the instructions (Instr.Inlined)
	copy copyState
	cp   uint16 // the copy of a duplicated line they are in (dwarfcopy.go)

	relocate bool // the next instruction needs a .loc of its own (entryPos)

	inl       *siteDIEs // the inlined calls' DIEs, made at the end
	calls     []callSite
	params    []callParam // the calls' parameters, in one array (call)
	afterCall bool        // the last instruction written was a call (dwarfcall.go)
	// The copies of duplicated lines (dwarfcopy.go): by the scope whose
	// DIE holds them, and by the inlined call whose DIE does.
	scopeCopies [][]*copyBlock
	siteCopies  map[uint16][]*copyBlock
}

// scopeID is s's number in the tables of its function (dwarfFunc.parent):
// 0 for the body (nil).
func scopeID(s *middle.DebugScope) int {
	if s == nil {
		return 0
	}
	return s.ID
}

// dwarfRun is a stretch of the function's text, from label to the next
// run's label (the last to the function's end).
type dwarfRun struct {
	label string // made for all runs at once at the end (labelRuns); run 0's is the function's symbol
	at    int    // where its label is in the function's labels (mark)
	scope *middle.DebugScope
	site  uint16    // the inline site its code came from (dwarfinline.go)
	copy  uint16    // the copy of duplicated code it is (dwarfcopy.go)
	moves []varMove // the variables whose location changes here, when tracked
	unset string    // which slot-homed variables declared without a value are assigned (dwarfunset.go)
}

// function starts the DWARF of f, whose text begins at the symbol sym; nil
// when there is no debugging information to write.
func (d *dwarfWriter) function(f *Func, sym string) *dwarfFunc {
	if d == nil {
		return nil
	}
	bufs := dieBufferPool.Get().(*dieBuffers)
	var label [32]byte // the prefix is built here, allocated only as its string
	df := &dwarfFunc{d: d, f: f, dbg: f.IR.Debug, sym: sym, bufs: bufs,
		label:    string(append(strconv.AppendInt(append(label[:0], ".Ldebug"...), int64(d.index[f.IR]), 10), '_')),
		children: lists(&bufs.children, 1),
		overlap:  scratch(&bufs.overlap, 1),
		parent:   scratch(&bufs.parent, 1)}
	for _, s := range f.Slots {
		if s.Kind == SlotAlloca {
			if df.slots == nil {
				df.slots = make(map[string]*Slot) // (optimized code has few)
			}
			df.slots[s.Name] = s
		}
	}
	d.noteProto(f.IR)
	if df.dbg != nil {
		df.declScopes()
		df.locs = newVarTracker(df)
		df.unset = newUnsetVars(df)
	}
	df.runs = append(bufs.runs[:0], dwarfRun{label: sym, moves: df.locs.current(), unset: df.unset.state()})
	df.calls, df.params = bufs.calls[:0], bufs.params[:0]
	if bufs.typeRefsOf != d {
		bufs.typeRefs, bufs.typeRefsOf = bufs.typeRefs[:0], d // another module's
	}
	return df
}

// declScopes builds the scope tree the DWARF describes: the source's
// blocks, and in each block (and the body) a scope per local variable from
// its declaration's line to the block's end, nested in the one of the variable
// declared before it, since a Toy variable exists from its declaration on
// (gdb then shows none before it is declared, when -O0's slot holds
// garbage and optimized code has no value to show), as C's scope rules
// would have it, though gcc and clang give a C variable its whole block.
// A block inside another goes in the scope of the last variable declared
// before it. The source's scopes are not changed: parents are df.parent.
func (df *dwarfFunc) declScopes() {
	dbg := df.dbg
	for i, s := range dbg.Scopes {
		if s.ID != i+1 {
			panic("backend: a debug scope numbered out of order")
		}
	}
	n := 1 + len(dbg.Scopes) + len(dbg.Vars) // at most: the source's scopes, and one per variable
	bufs := df.bufs
	df.parent = scratch(&bufs.parent, n)
	df.varScope = scratch(&bufs.varScope, len(dbg.Vars))
	chains := lists(&bufs.chains, 1+len(dbg.Scopes)) // by source scope (0: the body), in declaration order
	last := scratch(&bufs.last, 1+len(dbg.Scopes))   // by source scope: the last variable's scope in it
	made := scratch(&bufs.made, len(dbg.Vars))[:0]   // the variables' scopes, in one array
	for vi, v := range dbg.Vars {
		r := v.Scope
		df.varScope[vi] = r
		if v.Param || !v.Decl.IsValid() || v.Site != 0 {
			continue
		}
		end := dbg.End
		if r != nil {
			end = r.End
		}
		ri := scopeID(r)
		cur := last[ri]
		if cur == nil {
			cur = r
		}
		// From the start of the declaration's line: gdb puts a
		// breakpoint on a line at its first instruction in each block
		// the line's code is in, so a scope beginning inside a line
		// (a for statement's variable after the for) would stop there
		// twice.
		at := diag.Pos{Line: v.Decl.Line}
		if cs := chains[ri]; len(cs) > 0 && posBefore(at, cs[len(cs)-1].at) {
			continue // out of order: the variable keeps its block
		}
		if r != nil && posBefore(at, r.Start) {
			at = r.Start // the block's own line: from the block's start
		}
		made = append(made, middle.DebugScope{Parent: cur, Start: at, End: end, ID: 1 + len(dbg.Scopes) + len(made)})
		s := &made[len(made)-1]
		df.parent[s.ID] = cur
		last[ri] = s
		chains[ri] = append(chains[ri], scopeDecl{at, s})
		df.varScope[vi] = s
	}
	for _, s := range dbg.Scopes {
		p := s.Parent
		cs := chains[scopeID(p)]
		// The last declaration in the parent at or before the block.
		i := sort.Search(len(cs), func(i int) bool { return posBefore(s.Start, cs[i].at) })
		if i > 0 {
			p = cs[i-1].scope
		}
		df.parent[s.ID] = p
	}
	n = 1 + len(dbg.Scopes) + len(made)
	df.parent = df.parent[:n]
	// Children in source order, each scope's after its parent's.
	all := scratch(&bufs.all, n-1)[:0]
	for _, cs := range chains {
		for _, d := range cs {
			all = append(all, d.scope)
		}
	}
	all = append(all, dbg.Scopes...)
	slices.SortStableFunc(all, func(a, b *middle.DebugScope) int {
		switch {
		case posBefore(a.Start, b.Start):
			return -1
		case posBefore(b.Start, a.Start):
			return 1
		}
		return 0
	})
	df.children = lists(&bufs.children, n)
	for _, s := range all {
		p := scopeID(df.parent[s.ID])
		df.children[p] = append(df.children[p], s)
	}
	df.overlap = scratch(&bufs.overlap, n)
	for s, kids := range df.children {
		for i := 1; i < len(kids); i++ {
			if !posBefore(kids[i-1].End, kids[i].Start) {
				df.overlap[s] = true
			}
		}
	}
}

// scopeDecl is the scope declScopes made for a variable declared at at.
type scopeDecl struct {
	at    diag.Pos
	scope *middle.DebugScope
}

func posBefore(a, b diag.Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// entryPos is the position of the function's first .loc, given the body's
// first instruction's: with -g the prologue is put on the declaration's
// line, as gcc's is, and the first instruction after it gets its own line
// entry (prologueEnd): gdb puts a breakpoint on a function after the
// instructions of its first line, which would otherwise skip the body's
// first statement (break main would stop on main's second line).
func (df *dwarfFunc) entryPos(body diag.Pos) diag.Pos {
	if df == nil || !df.f.IR.Decl.IsValid() || df.d.m.Source == "" {
		return body
	}
	df.relocate = true
	return df.f.IR.Decl
}

// prologueEnd reports whether in is the first instruction after the
// prologue's line (entryPos), whose .loc then says prologue_end; the
// parameters' stores at -O0 stay on the declaration's line, in the
// prologue as gdb sees it. prologue_end tells gdb so: with no frame
// pointer set up, its prologue analysis finds no prologue and would break
// at the function's first instruction.
func (df *dwarfFunc) prologueEnd(in *Instr) bool {
	if df == nil || !df.relocate || !in.Pos.IsValid() || in.Pos.Line == df.f.IR.Decl.Line {
		return false
	}
	df.relocate = false
	return true
}

// instr is called before the emitter writes in, instruction k of block b;
// it starts a new run, with its label, where the scope or a variable's
// location changes.
func (df *dwarfFunc) instr(w *textBuffer, b *Block, k int, in *Instr) {
	if df == nil {
		return
	}
	df.returned(w)
	if df.dbg != nil {
		if pos := df.sourcePos(in); pos.IsValid() {
			if pos != df.at {
				// (The scope of the last position is its own
				// innermost: consecutive instructions share one.)
				df.cur, df.at = df.innermost(df.cur, pos), pos
			}
			df.site = in.Inlined
		}
		df.cp = df.copy.next(in)
	}
	df.locs.advance(b, k)
	df.unset.advance(in)
	if in.Op == opCall {
		df.call(in)
	}
	// Tested here, not in a call for every instruction: most start no
	// run.
	if last := &df.runs[len(df.runs)-1]; last.scope != df.cur || last.site != df.site || last.copy != df.cp || df.locs.changed() || df.unset.changedFrom(last.unset) {
		df.mark(w)
	}
}

// mark starts a new run at this point of the text, of the current state.
func (df *dwarfFunc) mark(w *textBuffer) {
	at := df.defineLabel(w, df.nextLabel())
	df.runs = append(df.runs, dwarfRun{at: at, scope: df.cur, site: df.site, copy: df.cp, moves: df.locs.current(), unset: df.unset.state()})
}

// defineLabel writes the definition of the function's label numbered n
// (appendLabel), or of its end label for n = 0, appended to the function's
// labels, of which labelRuns makes the label strings, and returns where it
// is in them.
func (df *dwarfFunc) defineLabel(w *textBuffer, n int) int {
	at := len(df.bufs.labels)
	if n == 0 {
		df.bufs.labels = append(append(df.bufs.labels, df.label...), "end"...)
	} else {
		df.bufs.labels = df.appendLabel(df.bufs.labels, n)
	}
	df.bufs.labels = append(df.bufs.labels, ":\n"...)
	w.put(df.bufs.labels[at:])
	return at
}

// nextLabel is the number of a new label of the function (appendLabel).
func (df *dwarfFunc) nextLabel() int {
	df.next++
	return df.next
}

// appendLabel appends the function's label number n to b.
func (df *dwarfFunc) appendLabel(b []byte, n int) []byte {
	return appendDecimal(append(b, df.label...), int64(n))
}

// labelRuns gives the runs after the first their labels, and returns the
// function's end label, defined last at endAt: all cut from one string of
// the labels as they were written (defineLabel), each up to the ":\n" of
// its definition, not formatted a second time.
func (df *dwarfFunc) labelRuns(endAt int) (end string) {
	all := string(df.bufs.labels)
	df.bufs.labels = df.bufs.labels[:0] // for the next function
	next := endAt
	for i := len(df.runs) - 1; i > 0; i-- {
		r := &df.runs[i]
		r.label = all[r.at : next-len(":\n")]
		next = r.at
	}
	return all[endAt : len(all)-len(":\n")]
}

// sourcePos is the position of in in the function's own body: an inlined
// instruction stands at its outermost inlined call.
func (df *dwarfFunc) sourcePos(in *Instr) diag.Pos {
	if in.Inlined == 0 {
		return in.Pos
	}
	sites := df.f.IR.Inlines
	i := in.Inlined
	for int(i) < len(sites) && sites[i].Parent != 0 {
		i = sites[i].Parent
	}
	if int(i) < len(sites) {
		return sites[i].Call
	}
	return diag.Pos{}
}

// posAt is the position of in in the body of the callee of the inline
// site site (sourcePos for 0, the function's own body): its own when it
// came from that body, that of the call inlined there that it came from
// when it came from a callee of that body; none when it is not the
// site's code.
func (df *dwarfFunc) posAt(in *Instr, site uint16) diag.Pos {
	switch {
	case site == 0:
		return df.sourcePos(in)
	case in.Inlined == site:
		return in.Pos
	}
	sites := df.f.IR.Inlines
	for k := in.Inlined; k != 0 && int(k) < len(sites); k = sites[k].Parent {
		if sites[k].Parent == site {
			return sites[k].Call
		}
	}
	return diag.Pos{}
}

// innermost is the deepest scope holding pos, searched from s outwards and
// then inwards, since consecutive instructions are mostly in one scope.
func (df *dwarfFunc) innermost(s *middle.DebugScope, pos diag.Pos) *middle.DebugScope {
	for s != nil && !s.Contains(pos) {
		s = df.parent[s.ID]
	}
	for {
		kids := df.children[scopeID(s)]
		var in *middle.DebugScope
		if !df.overlap[scopeID(s)] {
			// Disjoint and in source order: only the last to start at or
			// before pos can hold it.
			i := sort.Search(len(kids), func(i int) bool { return posBefore(pos, kids[i].Start) })
			if i > 0 && kids[i-1].Contains(pos) {
				in = kids[i-1]
			}
		} else {
			for _, k := range kids {
				if k.Contains(pos) {
					in = k
					break
				}
			}
		}
		if in == nil {
			return s
		}
		s = in
	}
}

// end closes the function's text and writes its DIEs.
func (df *dwarfFunc) end(w *textBuffer) {
	if df == nil {
		return
	}
	df.returned(w)
	endLabel := df.labelRuns(df.defineLabel(w, 0))
	d := df.d
	d.mu.Lock()
	if d.ranges == nil {
		d.ranges = make([]string, 2*len(d.index)) // not m.Funcs, which bodies committed meanwhile extend
	}
	i := d.index[df.f.IR]
	// A copy: endLabel is cut from the string of all the function's
	// labels (labelRuns), which the module's ranges would keep to its end
	// (1.7 MB at 100k lines).
	d.ranges[2*i], d.ranges[2*i+1] = df.sym, strings.Clone(endLabel)
	d.mu.Unlock()

	// The address ranges of each scope: the runs of its code and of the
	// scopes inside it, adjacent runs merged.
	bufs := df.bufs
	ends := scratch(&bufs.ends, len(df.runs))
	for i := range df.runs {
		if i+1 < len(df.runs) {
			ends[i] = df.runs[i+1].label
		} else {
			ends[i] = endLabel
		}
	}
	// A stretch of runs in one innermost scope is one range of it and of
	// each scope around it, adjacent ranges merged. The scopes around the
	// last stretch (the chain, onChain) have a range open, which ends
	// where a stretch outside them starts; a stretch starts a range only
	// in the scopes of its chain that are not on the last one, below
	// their common ancestor: each stretch costs the scopes it enters and
	// leaves, not its whole chain (a block declaring thousands of
	// variables one after another nests as many scopes, one for each).
	ranges := lists(&bufs.ranges, len(df.parent)) // by scope number
	onChain := scratch(&bufs.onChain, len(df.parent))
	var last *middle.DebugScope // the last stretch's scope
	for i := 0; i < len(df.runs); {
		r := df.runs[i]
		j := i + 1
		for j < len(df.runs) && df.runs[j].scope == r.scope {
			j++
		}
		common := r.scope
		for common != nil && !onChain[common.ID] {
			common = df.parent[common.ID]
		}
		for s := last; s != common; s = df.parent[s.ID] {
			rs := ranges[s.ID]
			rs[len(rs)-1][1] = r.label
			onChain[s.ID] = false
		}
		for s := r.scope; s != common; s = df.parent[s.ID] {
			ranges[s.ID] = append(ranges[s.ID], [2]string{r.label, ""})
			onChain[s.ID] = true
		}
		last = r.scope
		i = j
	}
	for s := last; s != nil; s = df.parent[s.ID] {
		rs := ranges[s.ID]
		rs[len(rs)-1][1] = ends[len(ends)-1]
	}

	defer func() {
		bufs.runs, bufs.calls, bufs.params = df.runs[:0], df.calls[:0], df.params[:0]
		bufs.release()
		dieBufferPool.Put(bufs)
		df.locs.release() // the runs' moves are in its memory
	}()
	info, rng, loc, kids := &bufs.text[0], &bufs.text[1], &bufs.text[2], &bufs.text[3]
	for i := range bufs.text {
		bufs.text[i].Reset()
	}
	// The lists' sections begin their buffers, written with them in
	// one piece if any list is (below).
	rng.WriteString(rnglistsSection)
	loc.WriteString(loclistsSection)
	name, isMain := df.f.Name, false
	if name == "toy_main" {
		// Toy's main: named main (with no linkage name, which gdb would
		// show and look up instead), so that `break main` has a location
		// at the Toy main's first line; and main is another name of
		// toy_main, which replaces the runtime's weak C main
		// (runtime/csrc/main.c), so that the symbol gdb also finds for
		// main is there too, not in C code that runs first.
		name, isMain = "main", true
		fmt.Fprintf(w, "\t.globl\tmain\n\t.type\tmain, @function\n\t.set\tmain, %s\n", df.sym)
	}
	result, line := "", 0
	if df.dbg != nil {
		result = df.dbg.Result
		line = df.f.IR.Decl.Line
		df.inl = df.inlinedSites(ends)
		df.describe(ranges)
		df.fileCopies(ends)
		moves := df.movesByVar()
		df.declares = lists(&bufs.declares, len(df.parent))
		for vi, s := range df.varScope {
			if site := df.dbg.Vars[vi].Site; site != 0 {
				df.inl.declare(site, vi) // in its inlined call's DIE
				continue
			}
			df.declares[scopeID(s)] = append(df.declares[scopeID(s)], vi)
		}
		df.scopeDIEs(kids, rng, loc, nil, ranges, ends, moves)
	}
	df.writeCalls(kids)
	abbrev := abbrevSubprogram
	switch {
	case isMain && result != "":
		abbrev = abbrevMain
	case isMain:
		abbrev = abbrevMainVoid
	case result == "":
		abbrev = abbrevSubprogramVoid
	}
	if kids.Len() == 0 {
		abbrev += abbrevLeaf
	}
	b := append(info.AvailableBuffer(), "\t.pushsection\t.debug_info,\"\",@progbits\n"...)
	b = appendDIEHead(b, abbrev, name, line)
	if result != "" {
		b = appendSymDirective(b, ".long", d.typeRef(result))
	}
	b = appendLowHigh(b, df.sym, endLabel)
	info.Write(appendExprloc(b, dwExpr{op: []byte{dwOpCallFrameCFA}}))

	// Written as they are, not through Fprintf, which would copy them,
	// each section's directives with its text.
	w.put(info.Bytes())
	if kids.Len() > 0 {
		w.put(kids.Bytes())
		w.putString("\t.byte\t0\n\t.popsection\n")
	} else {
		w.putString("\t.popsection\n")
	}
	if rng.Len() > len(rnglistsSection) {
		rng.WriteString("\t.popsection\n")
		w.put(rng.Bytes())
	}
	if loc.Len() > len(loclistsSection) {
		loc.WriteString("\t.popsection\n")
		w.put(loc.Bytes())
	}
}

// The directives that begin a function's range and location lists.
const (
	rnglistsSection = "\t.pushsection\t.debug_rnglists,\"\",@progbits\n"
	loclistsSection = "\t.pushsection\t.debug_loclists,\"\",@progbits\n"
)

// dieBuffers are the texts end writes a function's DIEs, ranges and
// location lists into (info, rng, loc, and the subprogram's children), and
// the function's runs, kept from one function to the next so that their
// memory is not grown again for each.
type dieBuffers struct {
	text   [4]bytes.Buffer
	runs   []dwarfRun
	calls  []callSite
	params []callParam
	line   []byte // a label being written (returned)
	labels []byte // the function's labels of its runs and end, as written (defineLabel)

	typeRefs   [][2]string  // variables' types and their references (varTypeRef)
	typeRefsOf *dwarfWriter // the writer whose references those are

	// The function's tables (dwarfFunc's, and those declScopes and end
	// make), whose lists keep their arrays (lists, release): made anew
	// for each function they were a fifth of the objects -g allocates.
	children                    [][]*middle.DebugScope
	parent, last, varScope, all []*middle.DebugScope
	made                        []middle.DebugScope
	chains                      [][]scopeDecl
	overlap, onChain, described []bool
	ends                        []string
	ranges                      [][][2]string
	declares                    [][]int
	scopeCopies, byCopy         [][]*copyBlock
	copyBlocks                  []copyBlock
	copyRanges                  [][2]string // the copies' first ranges, in one array (fileCopies)
	sites                       siteDIEs    // the inlined calls' tables (inlinedSites)
	moveCount                   []int
	moves                       []runMove   // movesByVar's, in one array
	byVar                       [][]runMove // cut from moves
}

// release empties the lists of the tables for the next function.
func (b *dieBuffers) release() {
	b.children, b.chains = emptyLists(b.children), emptyLists(b.chains)
	b.ranges, b.declares = emptyLists(b.ranges), emptyLists(b.declares)
	b.scopeCopies, b.byCopy = emptyLists(b.scopeCopies), emptyLists(b.byCopy)
	b.sites.release()
}

var dieBufferPool = sync.Pool{New: func() any { return new(dieBuffers) }}

// scopeDIEs writes the variables declared directly in s (nil: the
// function's body and its parameters), then a lexical block for each scope
// inside it that has code.
func (df *dwarfFunc) scopeDIEs(info, rng, loc *bytes.Buffer, s *middle.DebugScope, ranges [][][2]string, ends []string, moves [][]runMove) {
	for _, vi := range df.declares[scopeID(s)] {
		df.varDIE(info, loc, vi, df.dbg.Vars[vi], ends, moves)
	}
	df.inl.write(df, info, rng, loc, s, ends, moves)
	df.writeCopies(info, rng, s)
	for _, k := range df.children[scopeID(s)] {
		rs := ranges[k.ID]
		if !df.described[k.ID] {
			continue
		}
		b := appendDirective(info.AvailableBuffer(), ".uleb128", int64(rangesAbbrev(rs, abbrevBlock, abbrevBlockPC)))
		info.Write(df.appendRanges(b, rng, rs))
		df.scopeDIEs(info, rng, loc, k, ranges, ends, moves)
		info.WriteString("\t.byte\t0\n")
	}
}

// rangesAbbrev is the abbreviation of a DIE with the ranges rs: list, the
// one saying DW_AT_ranges, or one, saying DW_AT_low_pc and DW_AT_high_pc,
// for a single range (most blocks: less to write and to read).
func rangesAbbrev(rs [][2]string, list, one int) int {
	if len(rs) == 1 {
		return one
	}
	return list
}

// appendRanges appends the value of a DIE's ranges attribute
// (rangesAbbrev) to b, the DIE being made: the one range's start and
// length, or the offset of their list, written in rng.
func (df *dwarfFunc) appendRanges(b []byte, rng *bytes.Buffer, rs [][2]string) []byte {
	if len(rs) == 1 {
		return appendLowHigh(b, rs[0][0], rs[0][1])
	}
	l := df.nextLabel()
	r := append(df.appendLabel(rng.AvailableBuffer(), l), ":\n"...)
	for _, x := range rs {
		r = appendDirective(r, ".byte", dwRleStartEnd)
		r = appendSymDirective(r, ".quad", x[0])
		r = appendSymDirective(r, ".quad", x[1])
	}
	rng.Write(appendDirective(r, ".byte", dwRleEndOfList))
	return append(df.appendLabel(append(b, "\t.long\t"...), l), '\n')
}

// appendLowHigh appends the DW_AT_low_pc and DW_AT_high_pc (a length) of
// the range from start to end.
func appendLowHigh(b []byte, start, end string) []byte {
	b = appendSymDirective(b, ".quad", start)
	b = append(append(append(b, "\t.quad\t"...), end...), '-')
	return append(append(b, start...), '\n')
}

// appendDIEHead appends what the DIEs of functions and variables begin
// with: the abbreviation, the name, the declaration's file (the unit's
// one) and line.
//
// The directives' text between the numbers and the name is appended in
// pieces as large as they can be, and a name that needs no escapes (every
// Toy name) in one piece, not a byte at a time: a DIE for each variable.
func appendDIEHead(b []byte, abbrev int, name string, line int) []byte {
	b = appendDecimal(append(b, "\t.uleb128\t"...), int64(abbrev))
	if plainString(name) {
		b = append(append(append(b, "\n\t.string\t\""...), name...), "\"\n\t.byte\t1\n\t.uleb128\t"...)
	} else {
		b = append(appendQuote(append(b, "\n\t.string\t"...), name), "\n\t.byte\t1\n\t.uleb128\t"...)
	}
	return append(appendDecimal(b, int64(line)), '\n')
}

// plainString reports whether s is its own gas string literal's text
// (appendQuote escapes none of its bytes).
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// describe decides which scopes get a DIE: those with code (ranges) in
// which, or in a scope inside which, a variable is declared or an inlined
// call was made; a scope around one described is described too. A scope
// without code describes nothing and makes no scope around it described
// (a block whose one declaration, at its end, has no code after it would
// otherwise be a lexical block whose abbreviation says it has children
// and which has none: llvm-dwarfdump --verify warns of it). A scope
// around one with code has code too.
func (df *dwarfFunc) describe(ranges [][][2]string) {
	df.described = scratch(&df.bufs.described, len(df.parent))
	mark := func(id int) {
		if id == 0 || len(ranges[id]) == 0 {
			return
		}
		for ; id != 0 && !df.described[id]; id = scopeID(df.parent[id]) {
			df.described[id] = true
		}
	}
	for vi := range df.dbg.Vars {
		mark(scopeID(df.varScope[vi]))
	}
	for id, in := range df.inl.scopes() {
		if in {
			mark(id)
		}
	}
}

// varDIE writes the DIE of the variable v (number vi): its home slot's
// address from the frame base when it has one, else its location list.
func (df *dwarfFunc) varDIE(info, loc *bytes.Buffer, vi int, v *middle.DebugVar, ends []string, moves [][]runMove) {
	kind, expr, list := df.varLocation(loc, vi, v, ends, moves)
	abbrev := [...]int{abbrevVarNone, abbrevVarExpr, abbrevVarList}[kind]
	if v.Param {
		abbrev = [...]int{abbrevParamNone, abbrevParamExpr, abbrevParamList}[kind]
	}
	// Appended in one piece and written once: a DIE for each variable.
	b := appendDIEHead(info.AvailableBuffer(), abbrev, v.Name, v.Decl.Line)
	b = appendSymDirective(b, ".long", df.varTypeRef(v.Type))
	info.Write(df.appendLocation(b, kind, expr, list))
}

// appendLocation appends a DW_AT_location of varLocation's answer to b.
func (df *dwarfFunc) appendLocation(b []byte, kind int, expr dwExpr, list int) []byte {
	switch kind {
	case 1:
		return appendExprloc(b, expr)
	case 2:
		return append(df.appendLabel(append(b, "\t.long\t"...), list), '\n')
	}
	return b
}

// varTypeRef is the writer's varTypeRef, remembered in the function's
// buffers for the next functions of the module: the variables have a
// few types, looked up here without the writer's lock, map or the
// array's "@" type built again for each.
func (df *dwarfFunc) varTypeRef(t string) string {
	for _, r := range df.bufs.typeRefs {
		if r[0] == t {
			return r[1]
		}
	}
	r := df.d.varTypeRef(t)
	df.bufs.typeRefs = append(df.bufs.typeRefs, [2]string{t, r})
	return r
}

// varLocation is the location of the variable v (number vi): kind 0 for
// none, 1 for the expression expr, 2 for the location list numbered list,
// which it writes in loc. A variable of an inlined call is described only
// in the runs of that call's code (siteDIEs.clip).
func (df *dwarfFunc) varLocation(loc *bytes.Buffer, vi int, v *middle.DebugVar, ends []string, moves [][]runMove) (kind int, expr dwExpr, list int) {
	if df.locs.homedVar(vi) {
		// Its slot where it is home, else where its value is
		// (dwarfhome.go).
		if l := df.locList(loc, moves[vi], isArray(v.Type), ends, v.Site); l != 0 {
			list, kind = l, 2
		}
	} else if v.Slot != nil && df.slots[v.Slot.Name] != nil {
		// The frame base is the CFA, from which slot offsets count.
		s := df.slots[v.Slot.Name]
		expr = dwExpr{op: opSleb(dwOpFbreg, int64(s.Offset))}
		if isArray(v.Type) {
			expr.op = append(expr.op, dwOpDeref) // the array is where the slot points
		}
		kind = 1
		if runs, ok := df.assignedRuns(vi); ok {
			// Declared without a value: the slot only where the
			// variable is assigned.
			stretches := 0 // of adjacent runs assigned: the entries at most
			for i := range runs {
				if runs[i] && (i == 0 || !runs[i-1]) {
					stretches++
				}
			}
			lw := df.newLocList(loc, ends, stretches)
			add := func(from, to int) { lw.add(from, to, expr) }
			for i := range df.runs {
				if runs[i] {
					df.inl.clip(v.Site, i, i, add)
				}
			}
			kind = 0
			if list = lw.finish(); list != 0 {
				kind = 2
			}
		}
	} else if l := df.locList(loc, moves[vi], isArray(v.Type), ends, v.Site); l != 0 {
		list, kind = l, 2
	}
	return kind, expr, list
}

// runMove is a variable's location from the start of run on, until its
// next runMove.
type runMove struct {
	run int
	loc varLoc
}

// movesByVar is, by variable, where its location changes: the runs'
// moves, per variable, in order.
func (df *dwarfFunc) movesByVar() [][]runMove {
	if df.locs == nil {
		return nil
	}
	// Counted first, so that all are in one array.
	bufs := df.bufs
	count := scratch(&bufs.moveCount, len(df.dbg.Vars))
	total := 0
	for i := range df.runs {
		for _, m := range df.runs[i].moves {
			count[m.v]++
		}
		total += len(df.runs[i].moves)
	}
	all := scratch(&bufs.moves, total)
	moves := scratch(&bufs.byVar, len(df.dbg.Vars))
	at := 0
	for v, n := range count {
		moves[v] = all[at : at : at+n]
		at += n
	}
	for i := range df.runs {
		for _, m := range df.runs[i].moves {
			moves[m.v] = append(moves[m.v], runMove{i, m.loc})
		}
	}
	return moves
}

// locList writes the location list of a variable whose location changes
// at moves, and returns its label's number; 0 when the variable has no
// location anywhere. A variable of the inlined call site is described in
// that call's runs only.
func (df *dwarfFunc) locList(loc *bytes.Buffer, moves []runMove, array bool, ends []string, site uint16) int {
	if df.locs == nil {
		return 0
	}
	lw := df.newLocList(loc, ends, len(moves))
	for k, m := range moves {
		last := len(df.runs) - 1 // the move's last run
		if k+1 < len(moves) {
			last = moves[k+1].run - 1
		}
		x, ok := df.locs.expr(m.loc, array)
		switch {
		case !ok:
		case site == 0:
			// Without the closure clip needs: most variables
			// are the function's own.
			lw.add(m.run, last, x)
		default:
			df.inl.clip(site, m.run, last, func(from, to int) { lw.add(from, to, x) })
		}
	}
	return lw.finish()
}

// locListWriter writes one location list to loc as its entries come, in
// the order of their runs, each once the next shows where it ends: an
// entry that goes on from the last with the same expression extends it.
// The entries are not gathered first (a list has an entry for each
// stretch of a variable's location: many), and the list's label is
// numbered when its first entry is written; a list without entries is
// not written.
type locListWriter struct {
	df       *dwarfFunc
	loc      *bytes.Buffer
	ends     []string
	b        []byte // the list's text, in loc's free space
	label    int    // the list's label; 0 until an entry is written
	from, to int    // the runs of the entry not written yet (open)
	x        dwExpr
	open     bool
}

// newLocList starts a list in loc of at most n entries (room is made
// for them); ends[i] is where run i ends.
func (df *dwarfFunc) newLocList(loc *bytes.Buffer, ends []string, n int) locListWriter {
	loc.Grow(32 + n*(64+2*len(df.label)))
	return locListWriter{df: df, loc: loc, ends: ends, b: loc.AvailableBuffer()}
}

// add adds the entry of x over the runs from to to. (Labels are unique,
// so the entry before ends where this one starts when its last run is
// just before from.)
func (w *locListWriter) add(from, to int, x dwExpr) {
	if w.open && w.to+1 == from && sameExpr(w.x, x) {
		w.to = to
		return
	}
	w.flush()
	w.from, w.to, w.x, w.open = from, to, x, true
}

// flush writes the open entry.
func (w *locListWriter) flush() {
	if !w.open {
		return
	}
	w.open = false
	b := w.b
	if w.label == 0 {
		w.label = w.df.nextLabel()
		b = append(w.df.appendLabel(b, w.label), ":\n"...)
	}
	b = append(append(b, lleStartEndHead...), w.df.runs[w.from].label...)
	b = append(append(b, "\n\t.quad\t"...), w.ends[w.to]...)
	w.b = appendExprloc(append(b, '\n'), w.x)
}

// finish writes the list's end and returns its label's number; 0 for an
// empty list, which is not written.
func (w *locListWriter) finish() int {
	w.flush()
	if w.label != 0 {
		w.loc.Write(appendDirective(w.b, ".byte", dwLleEndOfList))
	}
	return w.label
}

// lleStartEndHead begins a location list entry with a start and an end
// address (locListWriter): its kind (one digit), then the directive of its
// start. A constant, which append copies without a call.
const lleStartEndHead = "\t.byte\t" + string(rune('0'+dwLleStartEnd)) + "\n\t.quad\t"

func sameExpr(a, b dwExpr) bool { return string(a.op) == string(b.op) && a.addr == b.addr }
