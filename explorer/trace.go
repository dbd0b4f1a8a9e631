package explorer

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"toyc/middle"
)

// The trace: one run in the middle's IR interpreter, on the IR the native
// stages receive, with every φ evaluation recorded — the seed's table of
// dynamic arrivals, for any function and arguments the user picks. The run
// and the table are bounded, and the page says where they stopped.

const (
	traceSteps    = 10_000_000 // instructions interpreted at most
	traceArrivals = 5_000      // arrivals tabulated at most
	traceOutput   = 16 << 10   // bytes of output kept
)

// traceCall is a parsed --trace: a function and its integer arguments, or
// main (the program, with its command-line arguments).
type traceCall struct {
	fn   string
	args []int64
	main bool
}

// parseTrace reads "name(1, -2)" or "main" and checks it against m.
func parseTrace(m *middle.Module, call string) (traceCall, error) {
	call = strings.TrimSpace(call)
	if call == "main" {
		if f := m.Func("toy_main"); f != nil && !f.IsDecl() {
			return traceCall{fn: "toy_main", main: true}, nil
		}
		return traceCall{}, errors.New("--trace=main: the program has no main function")
	}
	name, rest, ok := strings.Cut(call, "(")
	if !ok || !strings.HasSuffix(rest, ")") {
		return traceCall{}, fmt.Errorf("--trace=%s: want a call such as count_to(2), or main", call)
	}
	name = strings.TrimSpace(name)
	f := m.Func(name)
	if f == nil || f.IsDecl() {
		return traceCall{}, fmt.Errorf("--trace=%s: no function %s is defined here", call, name)
	}
	tc := traceCall{fn: name}
	if inner := strings.TrimSpace(strings.TrimSuffix(rest, ")")); inner != "" {
		for _, a := range strings.Split(inner, ",") {
			a = strings.TrimSpace(a)
			var v int64
			var err error
			switch a {
			case "true":
				v = 1
			case "false":
				v = 0
			default:
				v, err = strconv.ParseInt(a, 0, 64)
			}
			if err != nil {
				return traceCall{}, fmt.Errorf("--trace=%s: argument %q is not an integer", call, a)
			}
			tc.args = append(tc.args, v)
		}
	}
	if len(tc.args) != len(f.Params) {
		return traceCall{}, fmt.Errorf("--trace=%s: %s takes %d arguments, not %d", call, name, len(f.Params), len(tc.args))
	}
	for i, p := range f.Params {
		if p.Type == middle.Ptr {
			return traceCall{}, fmt.Errorf("--trace=%s: parameter %d of %s is a pointer or an array; only integer and bool arguments can be given", call, i+1, name)
		}
		tc.args[i] = p.Type.Truncate(tc.args[i])
	}
	return tc, nil
}

// trace runs tc in m and tabulates its φ arrivals.
func trace(m *middle.Module, label string, tc traceCall, args []string) *Trace {
	t := &Trace{Call: label, Arrivals: []PhiArrival{}}
	var out bytes.Buffer
	blocks := map[*middle.Value]string{} // each φ's block, found once
	in := middle.NewInterpreter(m, middle.InterpOptions{
		Args:     args,
		Stdout:   &limitedWriter{w: &out, left: traceOutput},
		MaxSteps: traceSteps,
		OnPhi: func(a middle.PhiArrival) {
			t.Steps++
			if len(t.Arrivals) == traceArrivals {
				t.Stopped = fmt.Sprintf("only the first %d φ arrivals are listed", traceArrivals)
				return
			}
			t.Arrivals = append(t.Arrivals, PhiArrival{
				Func:  a.Func.Name,
				Phi:   "%" + a.Phi.Name,
				Block: blockOf(blocks, a.Func, a.Phi),
				Visit: a.Visit,
				From:  a.From.Name,
				Value: strconv.FormatInt(a.Value, 10),
			})
		},
	})
	var err error
	if tc.main {
		var status int
		status, err = in.RunMain()
		if err == nil {
			t.Result = fmt.Sprintf("exit status %d", status)
		}
	} else {
		var r int64
		r, err = in.Call(tc.fn, tc.args...)
		if err == nil {
			t.Result = strconv.FormatInt(r, 10)
		}
	}
	var rt *middle.RuntimeError
	switch {
	case err == nil:
	case errors.As(err, &rt):
		t.Result = rt.Error()
	case errors.Is(err, middle.ErrStepLimit):
		t.Stopped = fmt.Sprintf("stopped after %d instructions: the run may not end", traceSteps)
		t.Result = "(stopped)"
	default:
		t.Result = err.Error()
	}
	t.Output = out.String()
	return t
}

// blockOf names the block that holds the φ v of f, remembering the
// blocks of all f's φs in known.
func blockOf(known map[*middle.Value]string, f *middle.Func, v *middle.Value) string {
	if name, ok := known[v]; ok {
		return name
	}
	for _, b := range f.Blocks {
		for _, phi := range b.Phis() {
			known[phi] = b.Name
		}
	}
	return known[v]
}

// limitedWriter keeps the first left bytes written and drops the rest.
type limitedWriter struct {
	w    *bytes.Buffer
	left int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	keep := min(len(p), l.left)
	l.w.Write(p[:keep])
	l.left -= keep
	return len(p), nil
}
