package backend

import (
	"bytes"

	"toyc/middle"
)

// Duplicated lines in -g's DWARF. gdb puts a breakpoint on a line at the
// first address of the line in each block (the innermost DW_TAG_lexical_
// block or subprogram of the address) and keeps one location per block
// (gdb's linespec.c). Tail duplication (taildup.go) copies a small block
// into the blocks that jumped to it, so one line's code is in several
// places of one scope, and a breakpoint on it stopped only in the first
// copy: a path through another copy ran the line without stopping (and
// TestDebugDifferential then paired the n-th stop with another execution of
// the line). Each copy (Instr.Copy) is therefore described as a lexical
// block of its own inside the scope, holding one DW_TAG_label, since gdb
// makes no block of a DW_TAG_lexical_block without symbols; a label is a
// symbol that neither `info locals` nor the coverage statistics count.
//
// A copy begins where its line does: a copied test appended to code of
// its own line (a for statement's initialization before its copied
// condition) is part of that line's stop there, as at -O0, where the
// initialization and the test are one block's code of one line. A copy of
// code from an inlined call is a block in that call's inlined subroutine.
// Requires: the runs cut where the copy changes (dwarffunc.go).
// Guarantees: a copy's block lies in its scope's ranges and overlaps no
// other block.

// copyState follows the copies while the function is written.
type copyState struct {
	id       uint16 // the copy the last instruction came from
	on       bool   // its block has begun
	lastLine int
}

// next is the copy the run of in belongs to (0: none).
func (c *copyState) next(in *Instr) uint16 {
	if !in.Pos.IsValid() {
		if c.on {
			return c.id
		}
		return 0
	}
	id := in.Copy
	switch {
	case id != c.id:
		c.id, c.on = id, id != 0 && in.Pos.Line != c.lastLine
	case id != 0 && !c.on && in.Pos.Line != c.lastLine:
		c.on = true
	}
	c.lastLine = in.Pos.Line
	if c.on {
		return c.id
	}
	return 0
}

// copyBlock is one copy's ranges in one scope.
type copyBlock struct {
	scope  *middle.DebugScope
	site   uint16 // the inlined call it is in, 0 for none
	copy   uint16
	ranges [][2]string
}

// fileCopies collects the copies' runs, in order of their first run, and
// files them by the scope whose DIE holds them (scopeCopies) or by the
// inlined call they are in (siteCopies): each scope and each call looks
// at its own, not at every copy (10,000 loops of one function have as
// many copies and scopes, and that made writing them quadratic). A
// copy's blocks are found by its number (byCopy), among the few scopes
// and calls its code is in, without a map; they are in one array, and
// their first ranges in another (most blocks have no other), both kept
// for the next function: nearly every function has copies.
func (df *dwarfFunc) fileCopies(ends []string) {
	df.scopeCopies = lists(&df.bufs.scopeCopies, len(df.parent))
	df.siteCopies = nil
	copied, top := 0, uint16(0) // the runs of copies, and the highest copy
	for i := range df.runs {
		if c := df.runs[i].copy; c != 0 {
			copied, top = copied+1, max(top, c)
		}
	}
	if copied == 0 {
		return
	}
	blocks := scratch(&df.bufs.copyBlocks, copied)[:0] // at most one per run: never grown, so the pointers filed stay its
	first := scratch(&df.bufs.copyRanges, copied)[:0]  // as many: never grown either
	byCopy := lists(&df.bufs.byCopy, int(top)+1)
	for i := range df.runs {
		r := &df.runs[i]
		if r.copy == 0 {
			continue
		}
		var c *copyBlock
		for _, b := range byCopy[r.copy] {
			if b.scope == r.scope && b.site == r.site {
				c = b
				break
			}
		}
		if c == nil {
			blocks = append(blocks, copyBlock{scope: r.scope, site: r.site, copy: r.copy})
			c = &blocks[len(blocks)-1]
			byCopy[r.copy] = append(byCopy[r.copy], c)
			if c.site != 0 {
				if df.siteCopies == nil {
					df.siteCopies = make(map[uint16][]*copyBlock)
				}
				df.siteCopies[c.site] = append(df.siteCopies[c.site], c)
			} else {
				s := scopeID(df.describedScope(c.scope))
				df.scopeCopies[s] = append(df.scopeCopies[s], c)
			}
		}
		switch n := len(c.ranges); {
		case n > 0 && c.ranges[n-1][1] == r.label:
			c.ranges[n-1][1] = ends[i]
		case n == 0:
			first = append(first, [2]string{r.label, ends[i]})
			c.ranges = first[len(first)-1:][:1:1] // a second range is appended elsewhere
		default:
			c.ranges = append(c.ranges, [2]string{r.label, ends[i]})
		}
	}
}

// writeCopies writes the blocks of the copies whose code is in the scope s
// (nil: the body), or in a scope inside it that is not described, outside
// inlined calls.
func (df *dwarfFunc) writeCopies(info, rng *bytes.Buffer, s *middle.DebugScope) {
	for _, c := range df.scopeCopies[scopeID(s)] {
		df.writeCopy(info, rng, c)
	}
}

// hasCopies reports whether code of the inlined call k was duplicated.
func (df *dwarfFunc) hasCopies(k uint16) bool { return len(df.siteCopies[k]) > 0 }

// writeSiteCopies writes the blocks of the copies of code of the inlined
// call k, in its DIE.
func (df *dwarfFunc) writeSiteCopies(info, rng *bytes.Buffer, k uint16) {
	for _, c := range df.siteCopies[k] {
		df.writeCopy(info, rng, c)
	}
}

// writeCopy writes the lexical block of c, with its label.
func (df *dwarfFunc) writeCopy(info, rng *bytes.Buffer, c *copyBlock) {
	b := appendDirective(info.AvailableBuffer(), ".uleb128", int64(rangesAbbrev(c.ranges, abbrevBlock, abbrevBlockPC)))
	b = appendDirective(df.appendRanges(b, rng, c.ranges), ".uleb128", abbrevLabel)
	info.Write(append(b, "\t.string\t\"copy\"\n\t.byte\t0\n"...))
}

// describedScope is s, or the innermost scope around it that has a DIE.
func (df *dwarfFunc) describedScope(s *middle.DebugScope) *middle.DebugScope {
	for s != nil && !df.described[s.ID] {
		s = df.parent[s.ID]
	}
	return s
}
