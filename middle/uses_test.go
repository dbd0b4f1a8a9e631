package middle

import "testing"

// TestUses checks useCounts and useLists against a count made operand by
// operand: an instruction naming a value twice counts twice but is listed
// once, and keep filters the users listed.
func TestUses(t *testing.T) {
	m := mustParse(t, "uses", `define i64 @f(i64 %a, i1 %c) {
entry:
  %x = add i64 %a, %a
  %y = mul i64 %x, %a
  br i1 %c, label %then, label %join
then:
  %z = sub i64 %y, %x
  br label %join
join:
  %p = phi i64 [ %y, %entry ], [ %z, %then ]
  %r = add i64 %p, %x
  ret i64 %r
}
`)
	f := m.Func("f")
	byName := map[string]*Value{}
	for _, p := range f.Params {
		byName[p.Name] = p
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			byName[v.Name] = v
		}
	}
	counts := useCounts(f)
	for name, want := range map[string]int32{"a": 3, "c": 1, "x": 3, "y": 2, "z": 1, "p": 1, "r": 1} {
		if got := counts[byName[name].ID]; got != want {
			t.Errorf("useCounts[%%%s] = %d, want %d", name, got, want)
		}
	}
	start, users := useLists(f, func(u *Value) bool { return u.Op != OpPhi })
	listed := func(name string) []string {
		id := byName[name].ID
		var names []string
		for _, u := range users[start[id]:start[id+1]] {
			names = append(names, u.Name)
		}
		return names
	}
	for name, want := range map[string][]string{"a": {"x", "y"}, "x": {"y", "z", "r"}, "y": {"z"}, "p": {"r"}} {
		got := listed(name)
		if len(got) != len(want) {
			t.Errorf("users of %%%s = %v, want %v", name, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("users of %%%s = %v, want %v", name, got, want)
				break
			}
		}
	}
}
