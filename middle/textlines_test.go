package middle

import (
	"strings"
	"testing"
)

// TextLines gives each line of String its block and instruction.
func TestTextLines(t *testing.T) {
	m := mustParse(t, "t.ll", `define i32 @count_to(i32 %n) {
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
`)
	f := m.Func("count_to")
	lines := f.TextLines()
	var text []string
	for _, l := range lines {
		text = append(text, l.Text)
	}
	if got, want := strings.Join(text, "\n")+"\n", f.String(); got != want {
		t.Fatalf("lines:\n%s\nString:\n%s", got, want)
	}
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l.Text, "  "):
			if l.Instr == nil || l.Block == nil || !strings.Contains(l.Text, l.Instr.LongString()) {
				t.Errorf("%q: instruction %v in block %v", l.Text, l.Instr, l.Block)
			}
		case strings.HasSuffix(strings.Fields(l.Text + " x")[0], ":"):
			if l.Block == nil || l.Instr != nil || !strings.HasPrefix(l.Text, l.Block.Name+":") {
				t.Errorf("%q: label of block %v", l.Text, l.Block)
			}
		default:
			if l.Block != nil || l.Instr != nil {
				t.Errorf("%q: belongs to %v %v", l.Text, l.Block, l.Instr)
			}
		}
	}
}
