package middle

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Mem2RegExplained runs exactly the promotion Mem2Reg runs — the resulting
// IR prints byte for byte the same — and reports, as data, what it did and
// why: for every slot of every round, whether it was promoted and, if not,
// which instruction made it escape; where its φs went and why there (the
// iterated dominance frontier of its stores, cut down to the blocks where it
// is live on entry); and what each removed load and store became. It is for
// tools that show SSA construction (an "SSA explorer"), and for tests.
//
// Mem2Reg itself gathers nothing: the report is read off the promotion's
// own side tables between its steps, and Mem2Reg passes no reporter, so it
// costs Mem2Reg one nil comparison per step and round (BenchmarkMem2Reg
// measures no difference in time or allocations). Explaining costs about
// one more frontier query, slot liveness query and scan of the function per
// round.
//
// Every value the report names is given as the printed IR after the whole
// pass names it: a load replaced by a φ that trivial-φ removal (or a later
// round) then replaced in turn reports the final value. Block lists are in
// the function's block order, so the report is deterministic.
func Mem2RegExplained(f *Func) *PromotionReport {
	ex := &promotionExplainer{rep: &PromotionReport{Func: f}, f: f}
	mem2reg(f, ex)
	return ex.rep
}

// PromotionReport is what Mem2RegExplained did to one function.
type PromotionReport struct {
	Func *Func

	// Unreachable lists the blocks deleted before promotion because no path
	// from the entry reaches them (none when RemoveUnreachable ran first,
	// as in the pass table). They are no longer in Func.
	Unreachable []*Block

	// Rounds lists the rounds in the order they ran; a round that had no
	// slot to consider (the function has no alloca left) is not listed.
	// mem2reg runs another round when one promoted something and saw a
	// slot's address stored in a slot: promoting the holder may have
	// removed the only escaping use.
	Rounds []*PromotionRound
}

// PromotionRound is one round of promotion.
type PromotionRound struct {
	Number int // 1 for the first round

	// Slots has one entry per alloca in the function when the round began,
	// in slot order: the entry block's allocas as they stand, then the
	// allocas of other blocks in block order.
	Slots []*SlotReport

	// Again reports whether another round follows this one.
	Again bool
}

// SlotReport is what one round did with one slot.
type SlotReport struct {
	Slot  *Value // the alloca
	Name  string // the alloca's name as printed: "%i", "%n.addr"
	Var   string // the source variable: the name without the frontend's ".addr" (parameters) and ".N" (a second variable of the same name) suffixes
	Param bool   // the slot holds a parameter (its name ends in ".addr")
	Round int    // the round, as in PromotionRound.Number

	// Promoted reports whether the slot was promoted in this round: it and
	// all its loads and stores are gone.
	Promoted bool

	// For a slot not promoted: why, in plain words naming the instruction
	// ("its address is passed to a call: `call void @g(ptr %x)`"), the kind
	// of reason, and the instruction — the first offending use in block
	// order, or the alloca itself when it is not in the entry block.
	Reason   string
	Escape   EscapeKind
	EscapeAt *Value

	// The rest is for a promoted slot. Block lists are in block order.

	Defs      []*Block // the blocks that store to the slot
	LoadFirst []*Block // the blocks where a load of it comes before any store
	// IDF is the iterated dominance frontier of Defs (Cytron et al.),
	// unpruned: where minimal SSA would put φs.
	IDF []*Block
	// LiveIn lists the blocks on entry to which the slot's contents can
	// still be loaded: those from which a path reaches a load before any
	// store (SlotLiveness).
	LiveIn []*Block
	// Phis lists the φs placed, in block order: on the blocks of IDF that
	// are in LiveIn (pruned SSA), one per block.
	Phis []*PhiReport
	// DeadFrontier lists the blocks of IDF not in LiveIn, where no φ went:
	// the variable is dead there, so a φ would define nothing anyone reads.
	DeadFrontier []*Block

	Loads  []LoadRename  // the removed loads, in block and instruction order
	Stores []StoreRename // the removed stores, in block and instruction order
}

// PhiReport is one φ that promotion placed.
type PhiReport struct {
	Block *Block
	Phi   *Value
	Name  string // as printed: "%i.3"

	// Kept reports whether the φ is in the IR after the pass. One that
	// trivial-φ removal found to merge a single value (or only itself) was
	// deleted: RemovedInRound says in which round (this one, or a later one
	// that removed a φ it used), and Replacement is what its uses read now
	// ("0", "%n", "undef" as ReplacementName).
	Kept            bool
	RemovedInRound  int
	Replacement     *Value
	ReplacementName string
}

// LoadRename is one removed load and what replaced it.
type LoadRename struct {
	Block *Block
	Load  *Value // the deleted load
	Name  string // its name as it was printed: "%i.0"

	// Version is the top of the slot's version stack when renaming reached
	// the load: a φ placed this round, a value stored to the slot, or the
	// slot's undef. Undef reports the last: no store reaches the load on
	// some path, and none on the dominator tree path to it.
	Version *Value
	Undef   bool

	// Value is what the load's uses read after the whole pass — Version,
	// unless trivial-φ removal or a later round replaced that in turn —
	// and ValueName its printed form ("%i.4", "0", "undef"). When the load
	// read a slot's address and that slot was promoted in a later round,
	// Value is that alloca, which is gone like every use of it.
	Value     *Value
	ValueName string
}

// StoreRename is one removed store and the version it pushed.
type StoreRename struct {
	Block *Block
	Store *Value // the deleted store

	// Pushed is the stored value as renaming pushed it; Value what that
	// value is after the whole pass (they differ when the stored value was
	// itself a removed load), and ValueName its printed form.
	Pushed    *Value
	Value     *Value
	ValueName string
}

// EscapeKind classifies why a slot was not promoted.
type EscapeKind uint8

const (
	NotEscaped     EscapeKind = iota // promoted
	EscapeNotEntry                   // the alloca is not in the entry block
	EscapeCall                       // its address is passed to a call
	EscapeStored                     // its address is stored as a value
	EscapeGEP                        // its address is offset by getelementptr
	EscapeCompared                   // its address is compared (icmp)
	EscapeTwoTypes                   // it is loaded or stored with a type other than its own
	EscapeOther                      // its address is used otherwise (φ, select, ret, ...)
)

var escapeKindNames = [...]string{
	NotEscaped:     "not escaped",
	EscapeNotEntry: "not in the entry block",
	EscapeCall:     "passed to a call",
	EscapeStored:   "stored as a value",
	EscapeGEP:      "offset by getelementptr",
	EscapeCompared: "compared",
	EscapeTwoTypes: "accessed with two types",
	EscapeOther:    "used other than by a load or store",
}

func (k EscapeKind) String() string {
	if int(k) < len(escapeKindNames) {
		return escapeKindNames[k]
	}
	return fmt.Sprintf("EscapeKind(%d)", k)
}

// Slot returns the report of the slot named name (as printed, "%i") in the
// given round, or nil.
func (r *PromotionReport) Slot(round int, name string) *SlotReport {
	if round < 1 || round > len(r.Rounds) {
		return nil
	}
	for _, s := range r.Rounds[round-1].Slots {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// String renders the report as text, one fact a line, for dumps and tests.
func (r *PromotionReport) String() string {
	var sb strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&sb, format, args...) }
	w("mem2reg @%s\n", r.Func.Name)
	if len(r.Unreachable) > 0 {
		w("  unreachable, deleted: %s\n", blockList(r.Unreachable))
	}
	for _, round := range r.Rounds {
		w("round %d\n", round.Number)
		for _, s := range round.Slots {
			w("  slot %s (variable %s", s.Name, s.Var)
			if s.Param {
				w(", parameter")
			}
			w(")")
			if !s.Promoted {
				w(": not promoted, %s\n", s.Reason)
				continue
			}
			w(": promoted\n")
			w("    defs: %s\n", blockList(s.Defs))
			w("    load first: %s\n", blockList(s.LoadFirst))
			w("    IDF: %s\n", blockList(s.IDF))
			w("    live-in: %s\n", blockList(s.LiveIn))
			for _, phi := range s.Phis {
				w("    phi %s in %s", phi.Name, phi.Block)
				if !phi.Kept {
					w(", removed as trivial in round %d: %s", phi.RemovedInRound, phi.ReplacementName)
				}
				w("\n")
			}
			if len(s.DeadFrontier) > 0 {
				w("    no phi, dead: %s\n", blockList(s.DeadFrontier))
			}
			for _, l := range s.Loads {
				w("    load %s in %s -> %s", l.Name, l.Block, l.ValueName)
				if l.Undef {
					w(" (no store before it)")
				} else if l.Version != l.Value {
					w(" (version %s)", l.Version)
				}
				w("\n")
			}
			for _, st := range s.Stores {
				w("    store in %s pushes %s", st.Block, st.ValueName)
				if st.Pushed != st.Value {
					w(" (stored %s)", st.Pushed)
				}
				w("\n")
			}
		}
		if round.Again {
			w("  again: a slot's address was stored in a slot\n")
		}
	}
	return sb.String()
}

func blockList(bs []*Block) string {
	if len(bs) == 0 {
		return "-"
	}
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.String()
	}
	return strings.Join(names, " ")
}

// promotionExplainer collects a PromotionReport while mem2reg runs; mem2reg
// calls it between its steps when it is not nil.
//
// The final value of every load, store and φ it reports is found by a
// watcher: an instruction outside the function's semantics (OpInvalid, an
// ID no side table reaches) that uses every value the report names. It is
// put in the entry block after renaming and taken out again after trivial-φ
// removal, so the replacements of finish and propagateCopies — and of later
// rounds, since it keeps its operands — rewrite its operands as they rewrite
// every use. Renaming and the next round's slot analysis never see it.
type promotionExplainer struct {
	f     *Func
	rep   *PromotionReport
	round *PromotionRound

	bySlot  []*SlotReport // by slot number of the current round
	textPos []int32       // by Block.ID: position in f.Blocks
	live    *SlotLiveness

	watcher *Value
	fills   []explainFill // what each watcher operand reports
	phis    []*PhiReport  // every φ placed so far
	phiObs  []int         // the watcher operand of each
}

// explainFill is a report entry whose final value is watcher operand obs.
type explainFill struct {
	slot *SlotReport
	load bool // Loads[i], else Stores[i]
	i    int
	obs  int
}

func (ex *promotionExplainer) watch(v *Value) int {
	ex.watcher.Args = append(ex.watcher.Args, v)
	return len(ex.watcher.Args) - 1
}

func (ex *promotionExplainer) unreachable(dom *DomTree) {
	for _, b := range ex.f.Blocks {
		if !dom.Reachable(b) {
			ex.rep.Unreachable = append(ex.rep.Unreachable, b)
		}
	}
}

// considered starts a round: every alloca, promotable or not, and why not.
// It runs before the round changes anything.
func (ex *promotionExplainer) considered(p *promotion) {
	f := ex.f
	if ex.textPos == nil { // the blocks are final from here on
		ex.textPos = make([]int32, f.NumBlocks())
		for i, b := range f.Blocks {
			ex.textPos[b.ID] = int32(i)
		}
		ex.live = NewSlotLiveness(f)
		ex.watcher = &Value{ID: math.MaxInt, Op: OpInvalid}
	}
	var allocas []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpAlloca {
				allocas = append(allocas, v)
			}
		}
	}
	ex.bySlot = make([]*SlotReport, len(p.slots))
	if len(allocas) == 0 {
		ex.round = nil
		return
	}
	round := &PromotionRound{Number: len(ex.rep.Rounds) + 1}
	ex.rep.Rounds = append(ex.rep.Rounds, round)
	ex.round = round
	escaping := make(map[*Value]*SlotReport)
	for _, a := range allocas {
		s := &SlotReport{Slot: a, Name: a.String(), Round: round.Number}
		s.Var, s.Param = slotVariable(a.Name)
		round.Slots = append(round.Slots, s)
		switch {
		case a.Block != f.Entry():
			s.Escape, s.EscapeAt = EscapeNotEntry, a
			s.Reason = fmt.Sprintf("it is not in the entry block: `%s` is in %s", a.LongString(), a.Block)
		case a.ID < len(p.slotOf) && p.slotOf[a.ID] >= 0:
			s.Promoted = true
			ex.bySlot[p.slotOf[a.ID]] = s
		default:
			escaping[a] = s
		}
	}
	if len(escaping) == 0 {
		return
	}
	// The first use that newPromotion found not to be a direct access.
	for _, b := range f.Blocks {
		for _, u := range b.Instrs {
			for i, a := range u.Args {
				s := escaping[a]
				if s == nil || s.EscapeAt != nil || directAccess(u, i, a) {
					continue
				}
				s.Escape, s.Reason = escapeReason(u, i, a)
				s.EscapeAt = u
			}
		}
	}
	for _, s := range escaping {
		if s.EscapeAt == nil { // cannot happen: newPromotion saw such a use
			s.Escape, s.Reason = EscapeOther, "it escapes (the use was not found)"
		}
	}
}

// escapeReason says why u's operand i, the slot s, keeps s in memory.
func escapeReason(u *Value, i int, s *Value) (EscapeKind, string) {
	text := "`" + u.LongString() + "`"
	switch u.Op {
	case OpLoad:
		return EscapeTwoTypes, fmt.Sprintf("it is accessed with two types: it holds %s, but %s in %s loads %s", s.Elem, text, u.Block, u.Type)
	case OpStore:
		if i == 1 {
			return EscapeTwoTypes, fmt.Sprintf("it is accessed with two types: it holds %s, but %s in %s stores %s", s.Elem, text, u.Block, u.Args[0].Type)
		}
		reason := fmt.Sprintf("its address is stored as a value: %s in %s", text, u.Block)
		if u.Args[1].Op == OpAlloca {
			reason += fmt.Sprintf(" (into the slot %s: once that slot is promoted, a later round looks again)", u.Args[1])
		}
		return EscapeStored, reason
	case OpCall:
		return EscapeCall, fmt.Sprintf("its address is passed to a call: %s in %s", text, u.Block)
	case OpGEP:
		return EscapeGEP, fmt.Sprintf("its address is offset by getelementptr: %s in %s", text, u.Block)
	case OpICmp:
		return EscapeCompared, fmt.Sprintf("its address is compared: %s in %s", text, u.Block)
	}
	return EscapeOther, fmt.Sprintf("its address is used by a %s: %s in %s", u.Op, text, u.Block)
}

// slotVariable derives the source variable of a slot from the frontend's
// naming: %x for x, %x.1 for a second x, %n.addr for the parameter n.
func slotVariable(name string) (variable string, param bool) {
	if i := strings.LastIndexByte(name, '.'); i > 0 && i+1 < len(name) && strings.Trim(name[i+1:], "0123456789") == "" {
		name = name[:i]
	}
	if v, ok := strings.CutSuffix(name, ".addr"); ok && v != "" {
		return v, true
	}
	return name, false
}

// phisPlaced records, for each promoted slot, its accesses, frontier,
// liveness and the φs placePhis put down.
func (ex *promotionExplainer) phisPlaced(p *promotion, cfg *promotionCFG) {
	if cfg.df == nil { // placePhis needed none; the same frontiers
		cfg.df = ComputeFrontiers(cfg.dom)
	}
	for s, sr := range ex.bySlot {
		sr.Defs = slices.Clone(p.stores[s])
		sr.LoadFirst = slices.Clone(p.loadFirst[s])
		sr.IDF = ex.inText(cfg.df.Iterated(sr.Defs, nil))
		sr.LiveIn = ex.inText(ex.live.LiveIn(sr.LoadFirst, sr.Defs))
		for _, b := range sr.IDF {
			if !ex.live.IsLiveIn(b) {
				sr.DeadFrontier = append(sr.DeadFrontier, b)
			}
		}
	}
	for _, b := range ex.f.Blocks {
		for _, phi := range p.phisAt[b.ID] {
			sr := ex.bySlot[p.phiSlot[phi.ID-p.firstPhi]]
			r := &PhiReport{Block: b, Phi: phi, Name: phi.String()}
			sr.Phis = append(sr.Phis, r)
			ex.phis = append(ex.phis, r)
			ex.phiObs = append(ex.phiObs, ex.watch(phi))
		}
	}
}

// inText returns a copy of bs in block order.
func (ex *promotionExplainer) inText(bs []*Block) []*Block {
	bs = slices.Clone(bs)
	slices.SortFunc(bs, func(a, b *Block) int { return int(ex.textPos[a.ID] - ex.textPos[b.ID]) })
	return bs
}

// renamed records each removed load's and store's version, then puts the
// watcher in for finish and trivial-φ removal to update.
func (ex *promotionExplainer) renamed(p *promotion) {
	for _, b := range ex.f.Blocks {
		for _, v := range b.Instrs {
			s := p.slotAccessed(v)
			if s < 0 {
				continue
			}
			sr := ex.bySlot[s]
			if v.Op == OpLoad {
				version := p.repl[v.ID]
				sr.Loads = append(sr.Loads, LoadRename{Block: b, Load: v, Name: v.String(), Version: version, Undef: version == p.undef[s]})
				ex.fills = append(ex.fills, explainFill{slot: sr, load: true, i: len(sr.Loads) - 1, obs: ex.watch(version)})
			} else {
				sr.Stores = append(sr.Stores, StoreRename{Block: b, Store: v, Pushed: v.Args[0]})
				ex.fills = append(ex.fills, explainFill{slot: sr, i: len(sr.Stores) - 1, obs: ex.watch(v.Args[0])})
			}
		}
	}
	entry := ex.f.Entry()
	n := len(entry.Instrs) - 1 // before the terminator
	ex.watcher.Block = entry
	entry.Instrs = slices.Insert(entry.Instrs, n, ex.watcher)
}

// simplified takes the watcher out again and notes the φs that trivial-φ
// removal deleted in this round.
func (ex *promotionExplainer) simplified(again bool) {
	entry := ex.f.Entry()
	if i := slices.Index(entry.Instrs, ex.watcher); i >= 0 {
		entry.Instrs = slices.Delete(entry.Instrs, i, i+1)
	}
	for k, r := range ex.phis {
		if r.RemovedInRound == 0 && ex.watcher.Args[ex.phiObs[k]] != r.Phi {
			r.RemovedInRound = ex.round.Number
		}
	}
	ex.round.Again = again
}

// done fills in the final values.
func (ex *promotionExplainer) done() {
	if ex.watcher == nil {
		return
	}
	final := ex.watcher.Args
	for k, r := range ex.phis {
		if v := final[ex.phiObs[k]]; v == r.Phi {
			r.Kept = true
		} else {
			r.Replacement, r.ReplacementName = v, v.String()
		}
	}
	for _, fl := range ex.fills {
		v := final[fl.obs]
		if fl.load {
			l := &fl.slot.Loads[fl.i]
			l.Value, l.ValueName = v, v.String()
		} else {
			st := &fl.slot.Stores[fl.i]
			st.Value, st.ValueName = v, v.String()
		}
	}
	ex.watcher.Args = nil
	ex.watcher.Block = nil
}
