package middle

import (
	"strconv"
	"sync"
)

// nameTable hands out the names of one function's values and blocks, unique
// within the function: the hint itself while it is free, else hint.1,
// hint.2, ... (LLVM's scheme), so that dumps keep the source's variable
// names.
//
// It keeps only the hints and the exact names claimed, each with the last
// suffix handed out for it, not every derived name: the frontend names
// thousands of values after a handful of hints (%t, %i, %sum), and a map
// entry per value was a fifth of the IR's memory. A derived name base.N is
// taken exactly when N is at most base's counter, because the counter got
// past N either by handing base.N out or by skipping it as taken; and no
// other hint derives base.N, since the suffix follows the last dot.
//
// A hint's counter is an element of counts, which the map indexes, so
// that handing out base.N reads the map once and writes no entry; and a
// candidate base.N is looked up only when some name of the table has a
// numeric suffix itself (suffixed), since otherwise none can equal it.
type nameTable struct {
	index    map[string]int32 // hint or exact name -> its counter in counts
	counts   []int
	suffixed int // names in index of the form base.N (splitSuffix)
}

// newNameTable returns a table with room for n names, one a released
// function's was when there is one (scratch.go): every function's body
// makes a table.
func newNameTable(n int) *nameTable {
	if t, ok := nameTables.Get().(*nameTable); ok && t.index != nil {
		return t
	}
	return &nameTable{index: make(map[string]int32, n), counts: make([]int, 0, n)}
}

var nameTables sync.Pool

// release gives t back for another function's names; t may not be used
// after.
func (t *nameTable) release() {
	nameTables.Put(&nameTable{index: ReleasedMap(t.index), counts: Released(t.counts)})
}

// len is the number of names the table keeps.
func (t *nameTable) len() int { return len(t.index) }

// add enters name with its counter at 0 and returns the counter's index.
func (t *nameTable) add(name string) int32 {
	if t.index == nil {
		t.index = map[string]int32{}
	}
	i := int32(len(t.counts))
	t.index[name] = i
	t.counts = append(t.counts, 0)
	if _, _, ok := splitSuffix(name); ok {
		t.suffixed++
	}
	return i
}

// unique returns hint when it is free, else the first free hint.N after
// those handed out for hint, and claims it.
func (t *nameTable) unique(hint string) string {
	i, isHint := t.index[hint]
	if !isHint {
		if !t.derivedTaken(hint) {
			t.add(hint)
			return hint
		}
		i = t.add(hint)
	}
	// A derived name used as a hint counts its own suffixes from 0. A
	// candidate is never derived-taken (its suffix is past hint's
	// counter), so only its exact claim is looked up. It is written into
	// buf, so that making it allocates once, not for the number and again
	// for the name.
	var buf [64]byte
	n := t.counts[i]
	for {
		n++
		b := strconv.AppendInt(append(append(buf[:0], hint...), '.'), int64(n), 10)
		if t.suffixed > 0 {
			if _, claimed := t.index[string(b)]; claimed {
				continue
			}
		}
		t.counts[i] = n
		return string(b)
	}
}

// claim takes the exact name, reporting false when it is already taken.
func (t *nameTable) claim(name string) bool {
	if t.taken(name) {
		return false
	}
	t.add(name)
	return true
}

func (t *nameTable) taken(name string) bool {
	if _, ok := t.index[name]; ok {
		return true
	}
	return t.derivedTaken(name)
}

// derivedTaken reports whether name is base.N with N a suffix already
// handed out (or skipped) for base.
func (t *nameTable) derivedTaken(name string) bool {
	base, n, ok := splitSuffix(name)
	if !ok {
		return false
	}
	i, ok := t.index[base]
	return ok && n <= t.counts[i]
}

// splitSuffix splits base.N, N a decimal number without leading zeros (as
// strconv.Itoa writes it), at its last dot.
func splitSuffix(name string) (base string, n int, ok bool) {
	dot := len(name) - 1
	for dot >= 0 && name[dot] >= '0' && name[dot] <= '9' {
		dot--
	}
	digits := name[dot+1:]
	if dot < 0 || name[dot] != '.' || digits == "" || digits[0] == '0' || len(digits) > 18 {
		return "", 0, false
	}
	n, err := strconv.Atoi(digits)
	return name[:dot], n, err == nil
}
