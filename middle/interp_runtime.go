package middle

// What an interpreted program runs on (the interpreter is interp.go): its
// memory, and the C runtime of runtime/ABI.md — every function the lowering
// calls, emulated as runtime/csrc/runtime.c implements it, with the same
// output bytes and the same runtime-error texts (the first line of the
// native report: the interpreter prints no trace, and its stack overflow
// names no function and depth, which depend on the native frames) — plus
// putchar, the C library function Toy programs declare (docs/reference.md §5's
// example of extern func). toy_init is main.c's business:
// Interpreter.RunMain stands for main.c.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The regions of Memory: where each starts, and how large the growing ones
// may get.
const (
	memGlobalBase = 1 << 12 // the page below stays unmapped, so null faults
	memStackBase  = 1 << 32
	memHeapBase   = 1 << 40
	memMaxStack   = 64 << 20 // allocas beyond it are a stack overflow
	memMaxHeap    = 4 << 30  // arrays beyond it are "out of memory"
)

// Memory is the interpreter's memory: little-endian bytes in three regions
// at fixed addresses. The globals region holds the module's globals, the
// writable ones first, then the read-only ones (string constants and
// toy_empty); the stack region the allocas of the active calls; the heap
// the arrays of toy_new_array, each after its length word. An access that
// is not wholly inside a region's live bytes, or that writes read-only
// data, is undefined behaviour (an error wrapping ErrUndefined).
type Memory struct {
	globals  []byte
	readOnly int64 // the offset in globals of the first read-only byte
	empty    int64 // the address of toy_empty
	stack    []byte
	sp       int64 // stack[:sp] is in use
	heap     []byte
}

// Load reads a value of type t at addr, in the canonical form of
// Type.Truncate.
func (m *Memory) Load(t Type, addr int64) (int64, error) {
	b, err := m.view(addr, int64(t.Size()), false)
	if err != nil {
		return 0, err
	}
	switch len(b) {
	case 1:
		return t.Truncate(int64(b[0])), nil
	case 4:
		return t.Truncate(int64(binary.LittleEndian.Uint32(b))), nil
	}
	return int64(binary.LittleEndian.Uint64(b)), nil
}

// Store writes v as a value of type t at addr (an i1 as one byte, 0 or 1).
func (m *Memory) Store(t Type, addr, v int64) error {
	b, err := m.view(addr, int64(t.Size()), true)
	if err != nil {
		return err
	}
	putValue(b, t, v)
	return nil
}

// Bytes returns the n bytes at addr, which the caller must not change.
func (m *Memory) Bytes(addr, n int64) ([]byte, error) {
	b, err := m.view(addr, n, false)
	return b[:len(b):len(b)], err
}

// CString returns the bytes at addr up to the first NUL, which the caller
// must not change.
func (m *Memory) CString(addr int64) ([]byte, error) {
	first, err := m.view(addr, 1, false)
	if err != nil {
		return nil, err
	}
	// The region goes on from first: look for the NUL there.
	rest := first[:cap(first)]
	if i := bytes.IndexByte(rest, 0); i >= 0 {
		return rest[:i:i], nil
	}
	return nil, fmt.Errorf("%w: the string at %#x has no NUL", ErrUndefined, addr)
}

func putValue(b []byte, t Type, v int64) {
	switch len(b) {
	case 1:
		if t == I1 {
			v &= 1
		}
		b[0] = byte(v)
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, uint64(v))
	}
}

// view returns the n bytes at addr, with a capacity reaching to the end of
// the region's live bytes, or the error of an access outside them.
func (m *Memory) view(addr, n int64, write bool) ([]byte, error) {
	var region []byte
	var off int64
	switch {
	case addr >= memHeapBase:
		region, off = m.heap, addr-memHeapBase
	case addr >= memStackBase:
		region, off = m.stack[:m.sp], addr-memStackBase
	case addr >= memGlobalBase:
		region, off = m.globals, addr-memGlobalBase
	}
	what := "load"
	if write {
		what = "store"
	}
	if region == nil || n <= 0 || off > int64(len(region))-n {
		return nil, fmt.Errorf("%w: %d-byte %s at %#x, outside memory", ErrUndefined, n, what, addr)
	}
	if write && addr < memStackBase && off+n > m.readOnly {
		return nil, fmt.Errorf("%w: store to read-only data at %#x", ErrUndefined, addr)
	}
	return region[off : off+n : len(region)], nil
}

// layOut places and initializes the globals, and returns their addresses.
// toy_empty is known whether or not the module declares it (toy_new_array
// returns it); another external global has no address.
func (m *Memory) layOut(globals []*Global) (map[string]int64, error) {
	addr := map[string]int64{}
	var size int64
	for _, readOnly := range []bool{false, true} {
		if readOnly {
			m.readOnly = size
		}
		for _, g := range globals {
			if g.External || g.Constant != readOnly {
				continue
			}
			addr[g.Name] = memGlobalBase + size
			if g.Bytes != nil {
				size += int64(len(g.Bytes))
			} else {
				size += 8
			}
			size = (size + 7) &^ 7
		}
	}
	// toy_empty comes last, after its length word, so that no access
	// through it is inside memory.
	m.empty = memGlobalBase + size + 8
	size += 8
	for _, g := range globals {
		if g.External && g.Name == "toy_empty" {
			addr[g.Name] = m.empty
		}
	}
	m.globals = make([]byte, size)
	for _, g := range globals {
		a, ok := addr[g.Name]
		if !ok || g.External {
			continue
		}
		b := m.globals[a-memGlobalBase:]
		switch {
		case g.Bytes != nil:
			copy(b, g.Bytes)
		case g.InitSym != "":
			target, ok := addr[g.InitSym]
			if !ok {
				return addr, fmt.Errorf("@%s is initialized with the address of @%s, which is not a global variable the interpreter knows", g.Name, g.InitSym)
			}
			putValue(b[:8], Ptr, target)
		case g.Type.Size() > 0:
			putValue(b[:g.Type.Size()], g.Type, g.Init)
		}
	}
	return addr, nil
}

// alloca reserves a zeroed stack slot of size bytes.
func (m *Memory) alloca(size int64) (int64, error) {
	end := m.sp + size
	if end > memMaxStack {
		return 0, errStackOverflow
	}
	if end > int64(len(m.stack)) {
		grown := make([]byte, min(max(end, 2*int64(len(m.stack)), 4096), memMaxStack))
		copy(grown, m.stack[:m.sp])
		m.stack = grown
	}
	clear(m.stack[m.sp:end])
	a := memStackBase + m.sp
	m.sp = end
	return a, nil
}

// allocate reserves size zeroed heap bytes, 8-aligned; ok is false when
// the heap would outgrow its limit.
func (m *Memory) allocate(size int64) (addr int64, ok bool) {
	start := int64(len(m.heap))
	if size < 0 || size > memMaxHeap-start {
		return 0, false
	}
	end := (start + size + 7) &^ 7
	if end > int64(cap(m.heap)) {
		// Bytes past len(heap) have never been written: growing keeps
		// them zero, and so does the reslice below.
		grown := make([]byte, start, max(end, 2*int64(cap(m.heap)), 4096))
		copy(grown, m.heap)
		m.heap = grown
	}
	m.heap = m.heap[:end]
	return memHeapBase + start, true
}

// interpBuiltin is a function the interpreter runs itself.
type interpBuiltin struct {
	params int
	run    func(in *Interpreter, args []int64) (int64, error)
}

var interpBuiltins = map[string]interpBuiltin{
	"toy_print_i64":   {1, (*Interpreter).toyPrintI64},
	"toy_print_bool":  {1, (*Interpreter).toyPrintBool},
	"toy_print_str":   {1, (*Interpreter).toyPrintStr},
	"toy_print_bytes": {2, (*Interpreter).toyPrintBytes},
	"toy_new_array":   {5, (*Interpreter).toyNewArray},
	"toy_argc":        {0, (*Interpreter).toyArgc},
	"toy_argi":        {4, (*Interpreter).toyArgi},
	"toy_index_error": {5, (*Interpreter).toyIndexError},
	"toy_div_error":   {3, (*Interpreter).toyDivError},
	"putchar":         {1, (*Interpreter).putchar},
}

// callDecl runs a call of the declared function f: a builtin, else the
// External hook.
func (in *Interpreter) callDecl(f *Func, args []int64) (int64, error) {
	if b, ok := interpBuiltins[f.Name]; ok {
		if len(f.Params) != b.params {
			return 0, fmt.Errorf("@%s is declared with %d parameters; the runtime's has %d", f.Name, len(f.Params), b.params)
		}
		return b.run(in, args)
	}
	if in.opts.External != nil {
		return in.opts.External(f.Name, args, &in.mem)
	}
	return 0, fmt.Errorf("call of @%s, an external function the interpreter does not know", f.Name)
}

// fail is the runtime error msg at the position that args[0:3] pass: a
// pointer to the file name, the line and the column.
func (in *Interpreter) fail(args []int64, msg string) error {
	file, err := in.mem.CString(args[0])
	if err != nil {
		return err
	}
	return &RuntimeError{File: string(file), Line: int(int32(args[1])), Col: int(int32(args[2])), Msg: msg}
}

func (in *Interpreter) toyPrintI64(args []int64) (int64, error) {
	var buf [24]byte
	in.out.Write(strconv.AppendInt(buf[:0], args[0], 10))
	return 0, nil
}

func (in *Interpreter) toyPrintBool(args []int64) (int64, error) {
	if args[0]&1 != 0 {
		in.out.WriteString("true")
	} else {
		in.out.WriteString("false")
	}
	return 0, nil
}

func (in *Interpreter) toyPrintStr(args []int64) (int64, error) {
	s, err := in.mem.CString(args[0])
	if err != nil {
		return 0, err
	}
	in.out.Write(s)
	return 0, nil
}

func (in *Interpreter) toyPrintBytes(args []int64) (int64, error) {
	if args[1] == 0 {
		return 0, nil
	}
	s, err := in.mem.Bytes(args[0], args[1])
	if err != nil {
		return 0, err
	}
	in.out.Write(s)
	return 0, nil
}

// toyNewArray is toy_new_array(n, elem_size, file, line, col).
func (in *Interpreter) toyNewArray(args []int64) (int64, error) {
	n, elem := args[0], args[1]
	switch {
	case n < 0:
		return 0, in.fail(args[2:], fmt.Sprintf("negative array length %d", n))
	case n == 0:
		return in.mem.empty, nil
	case elem <= 0 || uint64(n) > (math.MaxUint64-8)/uint64(elem):
		return 0, in.fail(args[2:], "out of memory")
	}
	size := uint64(n) * uint64(elem)
	if size > memMaxHeap {
		return 0, in.fail(args[2:], "out of memory")
	}
	block, ok := in.mem.allocate(8 + int64(size))
	if !ok {
		return 0, in.fail(args[2:], "out of memory")
	}
	in.mem.Store(I64, block, n)
	return block + 8, nil
}

func (in *Interpreter) toyArgc([]int64) (int64, error) {
	return int64(len(in.opts.Args)), nil
}

// toyArgi is toy_argi(i, file, line, col): argument i as a decimal int64
// with an optional leading '-', parsed as runtime.c parses it, with the
// same reasons for a bad argument: a missing argument, a byte that is not
// a digit (wherever it is), else a value out of range.
func (in *Interpreter) toyArgi(args []int64) (int64, error) {
	i := args[0]
	if i < 0 || i >= int64(len(in.opts.Args)) {
		n, plural := len(in.opts.Args), "s"
		if n == 1 {
			plural = ""
		}
		return 0, in.fail(args[1:], fmt.Sprintf("bad argument: argi(%d): the program has %d argument%s", i, n, plural))
	}
	s := in.opts.Args[i]
	if nul := strings.IndexByte(s, 0); nul >= 0 {
		s = s[:nul] // what C sees of it
	}
	bad := func(why string) error {
		return in.fail(args[1:], fmt.Sprintf("bad argument: argi(%d): %s %s", i, quoteArgument(s), why))
	}
	digits, negative := strings.CutPrefix(s, "-")
	if digits == "" {
		return 0, bad("is not a decimal integer")
	}
	// The magnitude accumulates negatively, reaching MIN without overflow.
	var acc int64
	outOfRange := false
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return 0, bad("is not a decimal integer")
		}
		digit := int64(c - '0')
		if outOfRange || acc < (math.MinInt64+digit)/10 {
			outOfRange = true
			continue
		}
		acc = acc*10 - digit
	}
	if outOfRange || !negative && acc == math.MinInt64 {
		return 0, bad("is out of range for int")
	}
	if negative {
		return acc, nil
	}
	return -acc, nil
}

// quoteArgument quotes a command-line argument as runtime.c's put_quoted
// does: printable ASCII as it is, with " and \ escaped, other bytes as
// \xHH, at most 64 bytes, then "..." when there is more.
func quoteArgument(s string) string {
	const limit = 64
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s) && i < limit; i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\x%02x", c)
		}
	}
	b.WriteByte('"')
	if len(s) > limit {
		b.WriteString("...")
	}
	return b.String()
}

// toyIndexError is toy_index_error(file, line, col, index, len).
func (in *Interpreter) toyIndexError(args []int64) (int64, error) {
	return 0, in.fail(args, fmt.Sprintf("index out of range [%d] with length %d", args[3], args[4]))
}

func (in *Interpreter) toyDivError(args []int64) (int64, error) {
	return 0, in.fail(args, "division by zero")
}

// putchar is C's: it writes the byte and returns it as an unsigned char.
func (in *Interpreter) putchar(args []int64) (int64, error) {
	c := byte(args[0])
	in.out.WriteByte(c)
	return int64(c), nil
}
