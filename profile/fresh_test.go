package profile

import (
	"go/ast"
	"strings"
	"testing"
)

// A write that sets up an object its function allocated, before the
// object is passed anywhere and outside any loop, writes nothing shared;
// every other write does. testdata/fresh marks each write's line.
func TestUnpublished(t *testing.T) {
	p, err := Load("", "./testdata/fresh")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	seen := map[*srcFile]bool{}
	for _, f := range p.files {
		if !strings.HasSuffix(f.name, "fresh.go") || seen[f] {
			continue
		}
		seen[f] = true
		src := p.fset.File(f.syntax.Pos())
		lines := map[int]string{}
		for _, cg := range f.syntax.Comments {
			for _, c := range cg.List {
				lines[src.Line(c.Pos())] = strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			}
		}
		ast.Inspect(f.syntax, func(node ast.Node) bool {
			sel, ok := node.(*ast.SelectorExpr)
			if !ok || f.writeTargets()[sel] == 0 {
				return true
			}
			line := src.Line(sel.Pos())
			want := lines[line]
			if want != "write" && want != "set-up" {
				t.Errorf("line %d: no mark", line)
				return true
			}
			n++
			written := false
			for _, a := range p.selectorAccesses(f, sel) {
				written = written || a.write
			}
			if got := f.unpublished(sel); got != (want == "set-up") || written != (want == "write") {
				t.Errorf("line %d (%s): unpublished %v, written %v", line, want, got, written)
			}
			return true
		})
	}
	if n != 9 {
		t.Errorf("%d writes checked, want 9", n)
	}
}
