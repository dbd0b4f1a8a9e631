package explorer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"toyc/backend"
	"toyc/frontend"
	"toyc/middle"
)

const swapToy = `func swaploop(n: int) int {
    var a = 1;
    var b = 2;
    for var k = 0; k < n; k += 1 {
        var t = a;
        a = b;
        b = t;
    }
    return a * 10 + b;
}

func main() int {
    print(swaploop(3));
    return 0;
}
`

const seedLL = `define i32 @choose(i1 %cond) {
entry:
  br i1 %cond, label %left, label %right
left:
  br label %merge
right:
  br label %merge
merge:
  %x = phi i32 [ 2, %left ], [ 1, %right ]
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @count_to(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  %next = add i32 %i, 1
  br label %header
exit:
  ret i32 %i
}
`

func collectToy(t *testing.T, src string, o Options) *Page {
	t.Helper()
	m, diags := frontend.Compile("p.toy", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	o.File, o.Source, o.Verify = "p.toy", []byte(src), true
	page, errs, err := Collect(m, o)
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	return page
}

func collectLL(t *testing.T, src string, o Options) (*Page, error) {
	t.Helper()
	m, diags := middle.ParseModule("p.ll", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	o.File, o.Source, o.Verify = "p.ll", []byte(src), true
	page, errs, err := Collect(m, o)
	if err != nil {
		t.Fatal(err)
	}
	return page, errs.Err()
}

func funcPage(t *testing.T, p *Page, name string) *FuncPage {
	t.Helper()
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no function %s on the page", name)
	return nil
}

// A page has a column for the input, for every pass that ran at the level,
// in the table's order, the backend's included, and for the assembly; the
// passes that did not run are listed as such.
func TestStagesFollowThePassTable(t *testing.T) {
	for _, level := range []int{0, 1, 2} {
		page := collectToy(t, swapToy, Options{Level: level})
		want := []string{"input"}
		pl := backend.Pipeline{Level: level, Native: true}
		for i := range backend.Passes {
			if pl.Runs(&backend.Passes[i]) {
				want = append(want, backend.Passes[i].Name)
			}
		}
		want = append(want, "asm")
		for _, f := range page.Funcs {
			var got []string
			for _, st := range f.Stages {
				got = append(got, st.Pass)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("-O%d %s: stages %v, want %v", level, f.Name, got, want)
			}
		}
		for i, p := range page.Passes {
			if p.Name != backend.Passes[i].Name || p.Ran != pl.Runs(&backend.Passes[i]) {
				t.Errorf("-O%d: pass %d is %+v", level, i, p)
			}
		}
	}
}

// The text of each stage is the function's dump after that pass; a stage
// that leaves it alone is unchanged, and a changed one marks its new lines.
func TestStagesTextAndChanges(t *testing.T) {
	page := collectToy(t, swapToy, Options{Level: 1})
	f := funcPage(t, page, "swaploop")
	stage := func(pass string) *Stage {
		for _, st := range f.Stages {
			if st.Pass == pass {
				return st
			}
		}
		t.Fatalf("no stage %s", pass)
		return nil
	}
	text := func(st *Stage) string {
		var lines []string
		for _, l := range st.Lines {
			lines = append(lines, f.Strings[l[0]])
		}
		return strings.Join(lines, "\n")
	}
	input, m2r := stage("input"), stage("mem2reg")
	if !strings.Contains(text(input), "alloca i64") || strings.Contains(text(m2r), "alloca") {
		t.Errorf("mem2reg's stage still has slots, or the input has none:\n%s\n---\n%s", text(input), text(m2r))
	}
	if !m2r.Changed || stage("constfold").Changed {
		t.Errorf("mem2reg changed %v, constfold changed %v", m2r.Changed, stage("constfold").Changed)
	}
	phis := 0
	for _, l := range m2r.Lines {
		s := f.Strings[l[0]]
		if strings.Contains(s, " = phi ") {
			phis++
			if l[3] != 1 {
				t.Errorf("new φ line %q not marked changed", s)
			}
			if l[1] == 0 || l[2] < 0 || !strings.HasPrefix(f.Strings[l[2]], "for.") {
				t.Errorf("φ line %q: source line %d, block %d", s, l[1], l[2])
			}
		}
		if strings.HasPrefix(s, "define ") && l[3] != 0 {
			t.Errorf("unchanged line %q marked changed", s)
		}
	}
	if phis != 3 {
		t.Errorf("%d φs after mem2reg, want 3 (a, b, k)", phis)
	}
	asm := stage("asm")
	if !strings.Contains(text(asm), "swaploop:") || !strings.Contains(text(asm), "\tret") {
		t.Errorf("assembly column:\n%s", text(asm))
	}
	for _, l := range asm.Lines {
		if s := f.Strings[l[0]]; strings.HasPrefix(s, "\tret") && l[1] != 9 {
			t.Errorf("ret comes from line %d, want 9 (return a * 10 + b)", l[1])
		}
	}
}

// The same input gives the same page, byte for byte.
func TestPageDeterministic(t *testing.T) {
	var pages [2]bytes.Buffer
	for i := range pages {
		page := collectToy(t, swapToy, Options{Level: 2, Trace: "main"})
		if err := WriteHTML(&pages[i], page); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(pages[0].Bytes(), pages[1].Bytes()) {
		t.Error("two pages of the same input differ")
	}
}

// The seed's count_to(2) arrives three times at %i: 0 from entry, then 1
// and 2 from body.
func TestTraceCountTo(t *testing.T) {
	page, err := collectLL(t, seedLL, Options{Level: 1, Trace: "count_to(2)"})
	if err != nil {
		t.Fatal(err)
	}
	tr := page.Trace
	if tr == nil || tr.Result != "2" {
		t.Fatalf("trace %+v", tr)
	}
	var got []string
	for _, a := range tr.Arrivals {
		got = append(got, a.Phi+" "+a.From+" "+a.Value)
	}
	if want := "%i entry 0|%i body 1|%i body 2"; strings.Join(got, "|") != want {
		t.Errorf("arrivals %v, want %s", got, want)
	}
}

// --func keeps the page to the functions named, and names one it does not
// know.
func TestFuncFilter(t *testing.T) {
	page, _ := collectLL(t, seedLL, Options{Level: 1, Funcs: []string{"choose"}})
	if len(page.Funcs) != 1 || page.Funcs[0].Name != "choose" {
		t.Errorf("functions %v", page.Funcs)
	}
	m, _ := middle.ParseModule("p.ll", []byte(seedLL))
	if _, _, err := Collect(m, Options{Funcs: []string{"nope"}}); err == nil || !strings.Contains(err.Error(), "no function nope") {
		t.Errorf("unknown function: %v", err)
	}
}

// An invalid input still gets its page, with the verifier's errors placed
// at the function, block and line they concern.
func TestInvalidInputMarked(t *testing.T) {
	bad := strings.Replace(seedLL, ", [ %next, %body ]", "", 1)
	page, err := collectLL(t, bad, Options{Level: 1})
	if err == nil || len(page.Errors) == 0 {
		t.Fatalf("no errors for a φ without its back-edge entry: %v", err)
	}
	e := page.Errors[0]
	if e.Func != "count_to" || e.Block != "header" || e.Line != 18 || e.Value != "%i" {
		t.Errorf("error mark %+v", e)
	}
	f := funcPage(t, page, "count_to")
	if len(f.Stages) != 1 || f.Stages[0].Pass != "input" || f.Verified {
		t.Errorf("invalid function's stages: %d, verified %v", len(f.Stages), f.Verified)
	}
	marked := false
	for _, l := range f.Stages[0].Lines {
		marked = marked || l[1] == e.Line && strings.Contains(f.Strings[l[0]], "phi")
	}
	if !marked {
		t.Error("no line of the input stage carries the error's line")
	}
}

// On every test program, the page's φ-placement explanation is what
// mem2reg did: the φs it lists as kept are exactly the φs the mem2reg
// column added, each in its block, on the intersection of the slot's iterated
// frontier and live-in blocks; and the splits it lists are the blocks the
// critical column added.
func TestMem2RegExplanationOnTestPrograms(t *testing.T) {
	files, err := filepath.Glob("../tests/programs/*.toy")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	phiDef := regexp.MustCompile(`^  (%\S+) = phi `)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		page := collectToy(t, string(src), Options{Level: 1})
		for _, f := range page.Funcs {
			var input, m2r, crit *Stage
			for _, st := range f.Stages {
				switch st.Pass {
				case "input":
					input = st
				case "mem2reg":
					m2r = st
				case "critical":
					crit = st
				}
			}
			// The φs mem2reg added (the frontend makes some of its own, for
			// && and || and array fills).
			inColumn := map[string]string{} // φ → its block
			for _, l := range m2r.Lines {
				if m := phiDef.FindStringSubmatch(f.Strings[l[0]]); m != nil {
					inColumn[m[1]] = f.Strings[l[2]]
				}
			}
			for _, l := range input.Lines {
				if m := phiDef.FindStringSubmatch(f.Strings[l[0]]); m != nil {
					delete(inColumn, m[1])
				}
			}
			listed := map[string]string{}
			for _, s := range f.Mem2Reg.Slots {
				for _, phi := range s.Phis {
					if !phi.Kept {
						continue
					}
					listed[phi.Name] = phi.Block
					if !slices.Contains(s.IDF, phi.Block) || !slices.Contains(s.LiveIn, phi.Block) {
						t.Errorf("%s @%s: φ %s of %s at %s, outside IDF %v ∩ live-in %v", file, f.Name, phi.Name, s.Slot, phi.Block, s.IDF, s.LiveIn)
					}
				}
			}
			if fmt.Sprint(listed) != fmt.Sprint(inColumn) {
				t.Errorf("%s @%s: explained φs %v, mem2reg's column has %v", file, f.Name, listed, inColumn)
			}
			for _, s := range f.Splits {
				found := s.Folded
				for _, l := range crit.Lines {
					found = found || f.Strings[l[0]] == s.New+":" || strings.HasPrefix(f.Strings[l[0]], s.New+": ")
				}
				if !found {
					t.Errorf("%s @%s: split block %s not in the critical column", file, f.Name, s.New)
				}
			}
		}
	}
}

// The swap loop's back edge: a parallel copy with a cycle, sequentialized
// with one temporary; its registers named after the IR values; intervals
// over the listing's positions.
func TestBackendFactsOnThePage(t *testing.T) {
	page := collectToy(t, swapToy, Options{Level: 1})
	f := funcPage(t, page, "swaploop")
	var cycle *EdgeCopy
	for i, c := range f.Copies {
		if c.From == "for.post" && c.To == "for.cond" {
			cycle = &f.Copies[i]
		}
	}
	if cycle == nil || len(cycle.Temps) != 1 || len(cycle.Sequential) != len(cycle.Parallel)+1 {
		t.Fatalf("back edge copy %+v", cycle)
	}
	named := map[string]bool{}
	for _, v := range f.VRegs {
		named[v] = true
	}
	if !named["%a.3"] || !named["%b.3"] {
		t.Errorf("virtual registers name %v", f.VRegs)
	}
	if f.Alloc == nil || len(f.Alloc.Listing) == 0 || len(f.Alloc.Intervals) == 0 {
		t.Fatalf("allocation %+v", f.Alloc)
	}
	last := f.Alloc.Listing[len(f.Alloc.Listing)-1].Pos
	for _, it := range f.Alloc.Intervals {
		for _, r := range it.Ranges {
			if r[0] < 0 || r[1] > last+2 || r[0] >= r[1] {
				t.Errorf("interval %s range %v outside the listing [0, %d]", it.Reg, r, last)
			}
		}
		if it.Loc == "" {
			t.Errorf("interval %s has no location", it.Reg)
		}
	}
}
