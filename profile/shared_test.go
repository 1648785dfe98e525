package profile

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/recorded"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

const sharedPkg = "github.com/cachelint/cachelint/profile/testdata/shared"

// Each type of profile/testdata/shared shares a line its recorded
// profile marks, on many goroutines: Pipe under its condition variable's
// L (set up by NewPipe without it), Queue under the lock of the Shard
// holding it in place; Stats falsely, and that is the one finding left.
func TestSharedLines(t *testing.T) {
	p, err := Load("", "./testdata/shared")
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Map([]Input{{File: recorded.Profile(t, "testdata/shared/shared.pprof")}})
	if err != nil {
		t.Fatal(err)
	}
	mark := func(s *layout.Struct, name string) *layout.Hot {
		t.Helper()
		_, m := s.Lookup(name)
		if m == nil || m.Hot == nil {
			t.Fatalf("%s.%s: cold", s.Name, name)
		}
		return m.Hot
	}
	for _, c := range []struct {
		name       string
		check      func(s *layout.Struct)
		falseshare string
	}{
		{"Pipe", func(s *layout.Struct) {
			for _, name := range []string{"n", "size"} {
				if h := mark(s, name); h.Guard != "cond" {
					t.Errorf("Pipe.%s: guard %q, want cond", name, h.Guard)
				}
			}
		}, ""},
		{"Queue", func(s *layout.Struct) {
			for _, name := range []string{"head", "tail", "size"} {
				if h := mark(s, name); h.Guard != "" || h.OuterGuard != "shared.Shard.mu" {
					t.Errorf("Queue.%s: guard %q, outer %q, want shared.Shard.mu outside", name, h.Guard, h.OuterGuard)
				}
			}
		}, ""},
		{"Stats", func(s *layout.Struct) {
			if h := mark(s, "scale"); len(h.Wrote) > 0 {
				t.Errorf("Stats.scale: its readers write %v, want nothing", h.Wrote)
			}
		}, "hits is written and shares line 0 with scale (read-mostly) (64-byte lines)"},
	} {
		s, err := p.Layout(r, sharedPkg+"."+c.name, DefaultMin)
		if err != nil {
			t.Fatal(err)
		}
		c.check(s)
		var got []string
		for _, f := range reorg.Analyze(s, []int64{64}).Findings {
			if f.Check.Name == "falseshare" {
				got = append(got, f.Message)
			}
		}
		if strings.Join(got, "\n") != c.falseshare {
			t.Errorf("%s: falseshare\n%s\nwant\n%s", c.name, strings.Join(got, "\n"), c.falseshare)
		}
	}
}

// An object its function is setting up: accessed through the variable
// that holds it, or the field of a struct value a literal set to it, and
// through fields held in place, before any other use of the variable,
// outside loops. Each line of profile/testdata/setup marked "set-up"
// holds one, and no other line.
func TestSettingUp(t *testing.T) {
	p, err := Load("", "./testdata/setup")
	if err != nil {
		t.Fatal(err)
	}
	var f *srcFile
	for _, sf := range p.files {
		if strings.HasSuffix(sf.name, "setup.go") {
			f = sf
		}
	}
	var got []int
	ast.Inspect(f.syntax, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && f.settingUp(sel.X, sel.Pos()) {
			got = append(got, p.fset.Position(sel.Pos()).Line)
		}
		return true
	})
	got = slices.Compact(got)
	if want := wantLines(t, "testdata/setup/setup.go", "// set-up"); !slices.Equal(got, want) {
		t.Errorf("setting up on lines %v, want %v", got, want)
	}
}

// A written field's writers that write another field too, however
// seldom, write it wherever the first is: xsync's bucket.Store writes
// meta under mu in a few of the samples that take mu. A field only read
// has no writers to ask; a function that writes the field and not the
// other breaks the rule.
func TestWroteByWriters(t *testing.T) {
	const key = "x.bucket"
	store, load, grow := "x.(*bucket).Store", "x.(*bucket).Load", "x.(*bucket).grow"
	r := &Result{Total: map[string]int64{"": 1000}, Structs: []*Struct{{Key: key, Fields: []Field{
		{Name: "mu", Funcs: map[string]int64{store: 300}, WriteFuncs: map[string]int64{store: 300}},
		{Name: "meta", Funcs: map[string]int64{store: 300, load: 500}, WriteFuncs: map[string]int64{store: 3}},
		{Name: "next", Funcs: map[string]int64{load: 500}, WrittenWith: []string{"count"}},
		{Name: "count", Funcs: map[string]int64{grow: 50}, WriteFuncs: map[string]int64{grow: 50}},
	}}}}
	s := r.Structs[0]
	for _, c := range []struct {
		field string
		want  []string
	}{
		{"mu", []string{"meta"}},
		{"meta", nil},
		{"next", []string{"count"}},
		{"count", nil},
	} {
		if got := (&Program{}).wrote(r, key, s.Field(c.field), DefaultMin); !slices.Equal(got, c.want) {
			t.Errorf("%s: wrote %v, want %v", c.field, got, c.want)
		}
	}
}
