package backend

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"toyc/middle"
)

// Inlined calls in -g's DWARF, as gcc and LLVM describe them (DWARF 5,
// 3.3.8): each call the inliner removed (an inline site of the function,
// middle.InlineSite) is a DW_TAG_inlined_subroutine in the caller's
// lexical block that holds the call, with DW_AT_abstract_origin naming
// the callee, DW_AT_call_file/line/column the call, and DW_AT_ranges the
// runs of instructions copied from the callee's body (those whose
// Instr.Inlined chain reaches the site); a call inlined into inlined code
// nests in its caller's DIE. gdb then shows a stop in that code as a
// frame of the callee, called from the caller's line (bt lists both), and
// puts a breakpoint on a line of the callee in every inlined copy as well
// as in the callee's own code: each is a block of its own, and gdb keeps
// one location per line and block. Without it, gdb counted an inlined
// copy's stops as the caller's.
//
// The abstract origin is an abstract instance of the callee (DW_AT_inline,
// no addresses; 3.3.8.1) holding its parameters and locals without
// locations, one per callee for the unit, rather than the callee's own
// subprogram DIE: the out-of-line function's locations (its registers,
// its frame's slots) would be wrong in the caller's frame. The callee's
// variables that the inliner carried into the caller (middle/
// debuginline.go) and the tracker located there (dwarfloc.go) are the
// instance's children, each a DW_TAG_formal_parameter or DW_TAG_variable
// naming its abstract one (DW_AT_abstract_origin) with the caller's
// location list, cut to the runs of the call's code (clip), as gcc and
// LLVM describe them; gdb gives an inlined frame the origin's children
// that the instance does not repeat, which show as <optimized out>, never
// as a wrong value. The callee's scopes are not described inside the
// instance: its locals are all in it. Requires: the runs of the function
// (dwarffunc.go) cut where the inline site changes. Guarantees: each
// DIE's ranges lie within its parent's, and a variable's locations within
// its DIE's.

// siteDIEs are the inlined subroutines of one function, by inline site:
// its tables are indexed by site number (middle.Func.Inlines) or by
// scope number (scopeID), not maps.
type siteDIEs struct {
	sites  []middle.InlineSite
	ranges [][][2]string        // each site's runs, adjacent ones merged
	scope  []*middle.DebugScope // a site called from the body: the scope holding the call
	kids   [][]uint16           // the sites called from each site's code (0: the body's), in order
	calls  [][]uint16           // the body's sites (kids[0]) by scope, in order
	in     []bool               // by scope: whether it holds a site's call, or is around one that does
	runs   [][][2]int           // each site's runs, by index: stretches [first, last] of adjacent ones
	vars   [][]int              // each site's variables (middle.DebugVar.Site), in order
}

// hasInlinedRuns reports whether a run is of inlined code: in many
// functions with inline sites none is (the inlined code all gone), and
// inlinedSites then makes no tables to find that.
func (df *dwarfFunc) hasInlinedRuns() bool {
	for i := range df.runs {
		if df.runs[i].site != 0 {
			return true
		}
	}
	return false
}

// inlinedSites collects the sites of df's runs; ends[i] is where run i
// ends. nil when no code of the function was inlined. The tables are
// df.bufs's, whose lists keep their arrays for the next function (release).
func (df *dwarfFunc) inlinedSites(ends []string) *siteDIEs {
	sites := df.f.IR.Inlines
	if len(sites) < 2 || !df.hasInlinedRuns() {
		return nil
	}
	sd := &df.bufs.sites
	sd.sites = sites
	lists(&sd.ranges, len(sites))
	lists(&sd.kids, len(sites))
	lists(&sd.runs, len(sites))
	lists(&sd.vars, len(sites))
	lists(&sd.calls, len(df.parent))
	scratch(&sd.scope, len(sites))
	scratch(&sd.in, len(df.parent))
	found := false
	for i := range df.runs {
		r := &df.runs[i]
		k := r.site
		for k != 0 && int(k) < len(sites) {
			found = true
			rs := sd.ranges[k]
			if len(rs) == 0 {
				// The site's first run.
				p := sites[k].Parent
				sd.kids[p] = append(sd.kids[p], k)
				if p == 0 {
					sd.scope[k] = r.scope
					for s := r.scope; s != nil && !sd.in[s.ID]; s = df.parent[s.ID] {
						sd.in[s.ID] = true
					}
				}
			}
			if n := len(rs); n > 0 && rs[n-1][1] == r.label {
				rs[n-1][1] = ends[i]
			} else {
				rs = append(rs, [2]string{r.label, ends[i]})
			}
			sd.ranges[k] = rs
			if ix := sd.runs[k]; len(ix) > 0 && ix[len(ix)-1][1] == i-1 {
				ix[len(ix)-1][1] = i
			} else {
				sd.runs[k] = append(ix, [2]int{i, i})
			}
			k = sites[k].Parent
		}
	}
	if !found {
		return nil
	}
	// Each scope writes its own calls (write), not looking at every
	// call of the function.
	for _, k := range sd.kids[0] {
		s := scopeID(sd.scope[k])
		sd.calls[s] = append(sd.calls[s], k)
	}
	return sd
}

// release empties sd's lists for the next function (inlinedSites).
func (sd *siteDIEs) release() {
	sd.ranges, sd.kids, sd.runs = emptyLists(sd.ranges), emptyLists(sd.kids), emptyLists(sd.runs)
	sd.vars, sd.calls = emptyLists(sd.vars), emptyLists(sd.calls)
}

// scopes are, by scope number, whether a call was inlined in the scope
// or in a scope inside it (they must be described, for the calls' DIEs
// to be in them).
func (sd *siteDIEs) scopes() []bool {
	if sd == nil {
		return nil
	}
	return sd.in
}

// declare notes that variable vi belongs to the callee of site k, so
// that it is described in k's DIE (not at all when k has no code).
func (sd *siteDIEs) declare(k uint16, vi int) {
	if sd == nil || int(k) >= len(sd.vars) {
		return
	}
	sd.vars[k] = append(sd.vars[k], vi)
}

// clip calls add for each stretch [from', to'] of the runs [from, to]
// that are code of site k (all of them for 0, the function's own body):
// where a variable of k's callee can be seen, and so described.
func (sd *siteDIEs) clip(k uint16, from, to int, add func(from, to int)) {
	if k == 0 {
		add(from, to)
		return
	}
	if sd == nil || int(k) >= len(sd.runs) {
		return
	}
	ix := sd.runs[k]
	i := sort.Search(len(ix), func(i int) bool { return ix[i][1] >= from })
	for ; i < len(ix) && ix[i][0] <= to; i++ {
		add(max(ix[i][0], from), min(ix[i][1], to))
	}
}

// write writes the DIEs of the sites called from the scope s (nil: the
// function's body).
func (sd *siteDIEs) write(df *dwarfFunc, info, rng, loc *bytes.Buffer, s *middle.DebugScope, ends []string, moves [][]runMove) {
	if sd == nil {
		return
	}
	for _, k := range sd.calls[scopeID(s)] {
		sd.writeSite(df, info, rng, loc, k, ends, moves)
	}
}

func (sd *siteDIEs) writeSite(df *dwarfFunc, info, rng, loc *bytes.Buffer, k uint16, ends []string, moves [][]runMove) {
	site := sd.sites[k]
	kids := sd.kids[k]
	copies := df.hasCopies(k)
	// The variables with a location, each a DIE naming its abstract
	// one; the others are the abstract instance's, which gdb shows as
	// <optimized out>.
	var vars []int
	var vb []byte
	for _, vi := range sd.vars[k] {
		v := df.dbg.Vars[vi]
		kind, expr, list := df.varLocation(loc, vi, v, ends, moves)
		if kind == 0 {
			continue
		}
		vars = append(vars, vi)
		abbrev := [...]int{0, abbrevInlVarExpr, abbrevInlVarList}[kind]
		if v.Param {
			abbrev = [...]int{0, abbrevInlParamExpr, abbrevInlParamList}[kind]
		}
		vb = appendDirective(vb, ".uleb128", int64(abbrev))
		vb = appendSymDirective(vb, ".long", df.d.abstractVarRef(site.Callee, v))
		vb = df.appendLocation(vb, kind, expr, list)
	}
	children := len(kids) > 0 || copies || len(vars) > 0
	abbrev := rangesAbbrev(sd.ranges[k], abbrevInlined, abbrevInlinedPC)
	if !children {
		abbrev = rangesAbbrev(sd.ranges[k], abbrevInlinedLeaf, abbrevInlinedLeafPC)
	}
	b := appendDirective(info.AvailableBuffer(), ".uleb128", int64(abbrev))
	b = appendSymDirective(b, ".long", df.d.abstractRef(site.Callee))
	b = append(df.appendRanges(b, rng, sd.ranges[k]), "\t.byte\t1\n"...)
	b = appendDirective(b, ".uleb128", int64(site.Call.Line))
	b = appendDirective(b, ".uleb128", int64(site.Call.Col))
	info.Write(append(b, vb...))
	for _, c := range kids {
		sd.writeSite(df, info, rng, loc, c, ends, moves)
	}
	df.writeSiteCopies(info, rng, k)
	if children {
		info.WriteString("\t.byte\t0\n")
	}
}

// abstractRef is the reference to the abstract instance of the function
// named callee, which end writes (writeAbstracts).
func (d *dwarfWriter) abstractRef(callee string) string {
	d.mu.Lock()
	r := d.instanceRef(callee)
	d.mu.Unlock()
	return r
}

// instanceRef is abstractRef, with d.mu held: made once for each callee
// (abstracts), not for each inlined call and each of its variables.
func (d *dwarfWriter) instanceRef(callee string) string {
	r, ok := d.abstracts[callee]
	if !ok {
		if d.abstracts == nil {
			d.abstracts = make(map[string]string)
		}
		r = abstractLabel(callee) + infoOffset
		d.abstracts[callee] = r
	}
	return r
}

// infoOffset ends a reference to a label in .debug_info: its offset in
// the section.
const infoOffset = "-.Ldebug_info0"

// abstractLabel names the abstract instance of callee; the name spelled
// in hex, so that any function name makes a label.
func abstractLabel(callee string) string {
	return ".Ldebug_abstract_" + hex.EncodeToString([]byte(callee))
}

// abstractVarRef is the reference to the DIE of v, a variable of an
// inlined call of callee, in callee's abstract instance (named as
// abstractVarLabel names it).
func (d *dwarfWriter) abstractVarRef(callee string, v *middle.DebugVar) string {
	d.mu.Lock()
	if d.abstractVars == nil {
		d.abstractVars = make(map[string]map[int]protoVar)
	}
	vs := d.abstractVars[callee]
	if vs == nil {
		vs = make(map[int]protoVar)
		d.abstractVars[callee] = vs
	}
	vs[v.Origin] = protoVar{v.Name, v.Type, int32(v.Decl.Line), v.Param}
	label := strings.TrimSuffix(d.instanceRef(callee), infoOffset) // (the call's DIE refers to the instance too)
	d.mu.Unlock()
	return label + "_" + strconv.Itoa(v.Origin) + infoOffset
}

// abstractVarLabel names the DIE of variable i of callee's abstract
// instance.
func abstractVarLabel(callee string, i int) string {
	return abstractLabel(callee) + "_" + strconv.Itoa(i)
}

// proto is what an abstract instance says of a function: copied when the
// function is written (noteProto), since its IR, and its FuncDebug, are
// released once it is. Every function written has one until the end (few
// are inlined anywhere, and which is not known when it is written), so it
// is kept as what the instance says of it alone, encoded in one string
// (encodeProto), which the collector sees as one object without pointers:
// a DebugVar per variable, with the scope, slot and site nobody reads,
// was the largest part of -g's live heap (4 MB at the end of the 100k-line
// program), and a record per variable with its strings was still 1.6 MB
// of objects the collector walked at each cycle.
type proto struct {
	line   int
	result string
	vars   []protoVar // its own parameters and locals
}

// protoVar is what an abstract instance says of a variable.
type protoVar struct {
	name, typ string
	line      int32
	param     bool
}

// encodeProto writes f's proto as uvarints and strings (a string as its
// length and bytes): the declaration's line, the result type, then per
// variable of f's own its name, type, declaration line and whether it is
// a parameter.
func encodeProto(f *middle.Func) string {
	var buf [256]byte // most protos fit: then only the string is allocated
	b := binary.AppendUvarint(buf[:0], uint64(f.Decl.Line))
	str := func(s string) { b = append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	str(f.Debug.Result)
	for _, v := range f.Debug.Vars {
		if v.Site == 0 {
			str(v.Name)
			str(v.Type)
			param := uint64(0)
			if v.Param {
				param = 1
			}
			b = binary.AppendUvarint(b, uint64(v.Decl.Line)<<1|param)
		}
	}
	return string(b)
}

// decodeProto reads what encodeProto wrote.
func decodeProto(s string) proto {
	b := []byte(s)
	num := func() uint64 {
		n, k := binary.Uvarint(b)
		b = b[k:]
		return n
	}
	str := func() string {
		n := num()
		s := string(b[:n])
		b = b[n:]
		return s
	}
	p := proto{line: int(num()), result: str()}
	for len(b) > 0 {
		v := protoVar{name: str(), typ: str()}
		n := num()
		v.line, v.param = int32(n>>1), n&1 == 1
		p.vars = append(p.vars, v)
	}
	return p
}

// noteProto records f's proto, for the abstract instance of f should a
// call of it have been inlined somewhere.
func (d *dwarfWriter) noteProto(f *middle.Func) {
	if f.Debug == nil {
		return
	}
	p := encodeProto(f)
	d.mu.Lock()
	d.protos[f.Name] = p
	d.mu.Unlock()
}

// writeAbstracts writes the abstract instances referred to, in name
// order: the callee's name, declaration, result type, parameters and
// locals, as the module's function of that name had them (nothing but
// the name when it was not written, deleted once inlined everywhere, and
// the variables inlined calls of it describe).
func (d *dwarfWriter) writeAbstracts(w io.Writer) {
	d.mu.Lock()
	names := slices.Sorted(maps.Keys(d.abstracts))
	d.mu.Unlock()
	for _, n := range names {
		var p proto
		if enc, ok := d.protos[n]; ok {
			p = decodeProto(enc)
		}
		line, result := p.line, p.result
		vars := make(map[int]protoVar, len(p.vars))
		for i, v := range p.vars {
			vars[i] = v
		}
		for i, v := range d.abstractVars[n] {
			if _, ok := vars[i]; !ok {
				vars[i] = v
			}
		}
		abbrev := abbrevAbstract
		if result == "" {
			abbrev = abbrevAbstractVoid
		}
		if len(vars) == 0 {
			abbrev += abbrevLeaf
		}
		fmt.Fprintf(w, "%s:\n\t.uleb128\t%d\n\t.string\t%s\n\t.byte\t1\n\t.uleb128\t%d\n", abstractLabel(n), abbrev, quote(toyName(n)), line)
		if result != "" {
			fmt.Fprintf(w, "\t.long\t%s\n", d.typeRef(result))
		}
		fmt.Fprintf(w, "\t.byte\t%d\n", dwInlInlined)
		for _, i := range slices.Sorted(maps.Keys(vars)) {
			v := vars[i]
			a := abbrevVarNone
			if v.param {
				a = abbrevParamNone
			}
			fmt.Fprintf(w, "%s:\n\t.uleb128\t%d\n\t.string\t%s\n\t.byte\t1\n\t.uleb128\t%d\n\t.long\t%s\n", abstractVarLabel(n, i), a, quote(v.name), v.line, d.varTypeRef(v.typ))
		}
		if len(vars) > 0 {
			fmt.Fprintf(w, "\t.byte\t0\n")
		}
	}
}
