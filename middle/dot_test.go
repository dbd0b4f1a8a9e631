package middle

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

func TestWriteDot(t *testing.T) {
	m := mustParse(t, "diamond.ll", `
declare void @sink(i64)

define i64 @diamond(i1 %c, i64 %x) {
entry:
  br i1 %c, label %then, label %else
then:
  %"quoted name" = add i64 %x, 1
  br label %join
else:
  br label %join
join:
  %r = phi i64 [ %"quoted name", %then ], [ %x, %else ]
  ret i64 %r
dead:
  br label %join.2
join.2:
  ret i64 0
}`)
	var out strings.Builder
	if err := WriteDot(&out, m); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.HasPrefix(text, `digraph "diamond.ll" {`) || !strings.HasSuffix(text, "}\n") {
		t.Fatalf("not one digraph:\n%s", text)
	}
	if n := strings.Count(text, "subgraph "); n != 1 {
		t.Errorf("%d clusters, want 1 (declarations have none):\n%s", n, text)
	}
	// Node names by block name, from the labels.
	nodes := map[string]string{}
	for _, match := range regexp.MustCompile(`(?m)^    (f\d+_b\d+) \[label="([^:]*):`).FindAllStringSubmatch(text, -1) {
		nodes[match[2]] = match[1]
	}
	solidInto := func(block string) int {
		return len(regexp.MustCompile(`(?m)-> `+nodes[block]+`;$`).FindAllString(text, -1))
	}
	dashedInto := func(block string) []string {
		var from []string
		for _, m := range regexp.MustCompile(`(?m)^    (f\d+_b\d+) -> `+nodes[block]+` \[style=dashed`).FindAllStringSubmatch(text, -1) {
			from = append(from, m[1])
		}
		return from
	}
	if len(nodes) != 6 {
		t.Fatalf("nodes %v, want 6 blocks:\n%s", nodes, text)
	}
	if solidInto("join") != 2 || solidInto("join.2") != 1 {
		t.Errorf("join has %d CFG edges in, want 2; join.2 %d, want 1", solidInto("join"), solidInto("join.2"))
	}
	if d := dashedInto("join"); len(d) != 1 || d[0] != nodes["entry"] {
		t.Errorf("join's dominator edges come from %v, want entry only", d)
	}
	if len(dashedInto("dead")) != 0 || len(dashedInto("entry")) != 0 {
		t.Errorf("dominator edge into the entry or an unreachable block")
	}
	for _, want := range []string{
		`then:\l  %\"quoted name\" = add i64 %x, 1\l`, // escaped for dot
		`DF: {%join}\l`, // then's frontier
		`join:\l  %r = phi i64`,
		`DF: {}\l`, // entry's
		`dead:\l  br label %join.2\l(unreachable)\l`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %s:\n%s", want, text)
		}
	}
	if dot, err := exec.LookPath("dot"); err == nil {
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = strings.NewReader(text)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("dot rejects the output: %v\n%s", err, out)
		}
	}
}
