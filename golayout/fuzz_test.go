package golayout

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// FuzzDirectives feeds Go files, seeded from every file of the analyzer's
// test data, to the annotation parser: directives must come only from
// //cachelint: comments, errors must point into the file, and what parses
// must read back the same from its own rendering (hot, budget, ignore).
func FuzzDirectives(f *testing.F) {
	files, err := filepath.Glob("../analyzer/testdata/src/*/*.go")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("package p\n\n//cachelint:budget path=tx lines=2\n//cachelint:ignore spread,padding why\ntype T struct {\n\ta int //cachelint:hot write path=b,a\n\tb int // cachelint:hot\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return
		}
		ds := ReadDirectives(fset, file)
		// A directive belongs to one field at most.
		owner := map[*directive]bool{}
		ast.Inspect(file, func(n ast.Node) bool {
			if st, ok := n.(*ast.StructType); ok && st.Fields.Opening.IsValid() && st.Fields.Closing.IsValid() {
				for _, fd := range ds.fields(st) {
					for _, d := range fd {
						if owner[d] {
							t.Errorf("%q at %v belongs to two fields", d.c.Text, fset.Position(d.c.Pos()))
						}
						owner[d] = true
					}
				}
			}
			return true
		})
		for _, b := range ds.Bad {
			if !b.Pos.IsValid() || fset.Position(b.Pos).Offset >= len(src) || b.Msg == "" {
				t.Errorf("bad directive at %v: %q", fset.Position(b.Pos), b.Msg)
			}
		}
		for c, d := range ds.all {
			if !strings.HasPrefix(c.Text, prefix) || d.c != c {
				t.Errorf("directive from %q", c.Text)
			}
			if h, err := fieldHot(d); err == nil {
				again, err := layout.ParseHot(strings.Fields(h.String())[1:])
				if err != nil || !reflect.DeepEqual(&again, h) && !(len(h.Paths) == 0 && len(again.Paths) == 0 && h.Write == again.Write) {
					t.Errorf("%q: %v reads back as %v, %v", c.Text, h, again, err)
				}
			} else if err.Error() == "" {
				t.Errorf("%q: empty error", c.Text)
			}
			s := &layout.Struct{Name: "T"}
			if err := typeDirective(s, d, layout.Checks); err != nil {
				if err.Error() == "" {
					t.Errorf("%q: empty error", c.Text)
				}
				continue
			}
			for _, b := range s.Budgets {
				text := fmt.Sprintf("lines=%d", b.Lines)
				if b.Path != "" {
					text = "path=" + b.Path + " " + text
				}
				if again, err := layout.ParseBudget(strings.Fields(text)); err != nil || again != b {
					t.Errorf("%q: budget %+v reads back as %+v, %v", c.Text, b, again, err)
				}
			}
			for _, ig := range s.Ignores {
				args := strings.Fields(ig.Reason)
				if len(ig.Checks) > 0 {
					args = append([]string{strings.Join(ig.Checks, ",")}, args...)
				}
				if again, err := layout.ParseIgnore(args, layout.Checks); err != nil || !reflect.DeepEqual(again, ig) {
					t.Errorf("%q: ignore %+v reads back as %+v, %v", c.Text, ig, again, err)
				}
			}
		}
	})
}
