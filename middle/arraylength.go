package middle

import (
	"slices"
	"strconv"
)

// Array lengths known for the whole program: a Toy program keeps its
// node pools, tables and stacks in global arrays that main allocates
// first (`next = new(int, 64);`, `left = new(int, n + 1);
// right = new(int, n + 1);`), and every function indexes them: without
// knowing their lengths, the range prover (range.go) sees each load of
// the global as an array of its own, and a check of left[t] proves
// nothing about right[t], nor a check of `i < 64` about next[i]. This is
// the length half of what GCC's IPA value-range propagation and LLVM's
// GlobalOpt learn of a global that is only ever stored one kind of value.
//
// A global's length is known when the module's summary (summary.go) says
// that
//   - the module is a whole program whose toy_main no function calls, and
//     nothing takes the global's address;
//   - every assignment of the global, in every body, is an allocation
//     g = new(T, n) (BodyFacts.Allocations);
//   - one of them is early: in main's own block, after calls only of
//     functions that neither name the global nor call one that does
//     (BodyFacts.Uses; frontend/allocfacts.go).
//
// Then every function that names the global runs after that allocation
// (toy_main excepted), and sees the global point to an array that one of
// the allocations made: when every allocation's n is the same integer
// literal, of that many elements (Const); otherwise, when the global is
// assigned only by its early allocation, of as many elements as every
// other such global allocated in the same run of main's statements with
// the same text for n (Class): nothing runs between them, and nothing
// there changes the names n reads (Allocation.Stable). toy_main itself may
// read the global before it is allocated, or between the allocations of
// one class, and gets no length; a function inlined into it brings the
// checks it removed when it was compiled, which hold at its call, after
// the allocation.
//
// GlobalConstants checks each function's IR against the claim that every
// store to the global stores an allocation of that many elements (a
// SummaryError where a frontend's facts were wrong).

// ArrayLength is what every array a global points to has as its length,
// outside toy_main.
type ArrayLength struct {
	Const int64  // the length, when Class is ""
	Class string // the text of n shared by the globals of one length
}

// Allocation is an assignment g = new(T, n) of a global.
type Allocation struct {
	Global  string
	Length  string // n's text, for comparing with other allocations
	Literal bool   // n is the integer literal Value
	Value   int64
	// InMain says that it is in main's own block, where it runs once main
	// gets there, after main called After (the defined functions, once
	// each) and no external function; Run numbers the runs of main's
	// statements with no call, block or keyword but var between them, and
	// Stable says that nothing assigns a name n reads after it in its run.
	InMain bool
	After  []string
	Run    int
	Stable bool
}

// arrayLengths returns the lengths of the globals the summary knows them
// for, by name.
func (s *Summary) arrayLengths() map[string]*ArrayLength {
	main := s.m.Func("toy_main")
	if main == nil || s.sites[main] > 0 {
		return nil
	}
	lengths := make(map[string]*ArrayLength)
	for name, allocs := range s.allocs {
		if s.addressed[name] || s.assigns[name] != len(allocs) {
			continue
		}
		var early *Allocation
		literal := true
		for i, a := range allocs {
			if early == nil && a.InMain && !s.reaches(a.After, name) {
				early = &allocs[i]
			}
			literal = literal && a.Literal && a.Value == allocs[0].Value
		}
		switch {
		case early == nil:
		case literal:
			lengths[name] = &ArrayLength{Const: early.Value}
		case len(allocs) == 1 && early.Stable:
			lengths[name] = &ArrayLength{Class: strconv.Itoa(early.Run) + ":" + early.Length}
		}
	}
	return lengths
}

// reaches reports whether any of the functions named may, itself or
// through the functions it calls, name the global.
func (s *Summary) reaches(funcs []string, global string) bool {
	if len(funcs) == 0 {
		return false
	}
	users := s.users[global]
	if len(users) == 0 {
		return false
	}
	target := make(map[int]bool, len(users))
	for _, i := range users {
		target[i] = true
	}
	seen := make([]bool, len(s.funcs))
	var work []int
	for _, name := range funcs {
		i, ok := s.index[s.m.Func(name)]
		if !ok {
			return true // not a defined function: anything may happen
		}
		if !seen[i] {
			seen[i] = true
			work = append(work, i)
		}
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		if target[i] {
			return true
		}
		for _, j := range s.calls[i] {
			if !seen[j] {
				seen[j] = true
				work = append(work, j)
			}
		}
	}
	return false
}

// checkArrayUse reports a use of the global g, whose length is known, as
// the i-th operand of v, that f's facts do not allow: in a body whose
// facts do not name g, or a store to g of something other than an
// allocation of its length.
func checkArrayUse(f *Func, g *Global, v *Value, i int) error {
	if f.facts != nil && !slices.Contains(f.facts.Uses, g.Name) {
		return &SummaryError{Func: f.Name, Msg: "it names @" + g.Name + ", which its facts do not say"}
	}
	if v.Op != OpStore || i != 1 {
		return nil
	}
	n := allocatedLength(v.Args[0])
	if n != nil && (g.Length.Class != "" || n.IsConst(g.Length.Const)) {
		return nil
	}
	return &SummaryError{Func: f.Name, Msg: "it stores to @" + g.Name + " what its facts do not list as an allocation of its length"}
}
