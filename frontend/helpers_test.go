package frontend

import (
	"fmt"
	"strings"
	"testing"
)

// diagnose checks src and returns its diagnostics as "line:col: message",
// each followed by its note as "line:col: note: message".
func diagnose(src string) []string {
	_, diags := Check("t.toy", []byte(src))
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Col, d.Msg))
		if d.Note != nil {
			out = append(out, fmt.Sprintf("%d:%d: note: %s", d.Note.Pos.Line, d.Note.Pos.Col, d.Note.Msg))
		}
	}
	return out
}

// errorCase is a Toy source and the exact diagnostics it must produce (none
// for a valid program).
type errorCase struct {
	name string
	src  string
	want []string
}

func runErrorCases(t *testing.T, cases []errorCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := diagnose(tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("source:\n%s\ngot:\n  %s\nwant:\n  %s", tc.src, strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}
