package middle

import "testing"

// checkUnchanged parses the module src, runs pass on each function it
// defines, and fails when the module's text changed: the test of what a pass
// must leave alone.
func checkUnchanged(t *testing.T, pass func(*Func), src string) {
	t.Helper()
	m := mustParse(t, "in.ll", src)
	want := m.String()
	for _, f := range m.Funcs {
		pass(f)
	}
	if got := m.String(); got != want {
		t.Errorf("changed:\n%s", got)
	}
}
