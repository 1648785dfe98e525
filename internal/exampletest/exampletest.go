// Package exampletest runs cachelint's analyzer on an example package, so
// that the examples' tests can check that their benchmarks compare what
// cachelint says.
package exampletest

import (
	"go/ast"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/analyzer"
)

// Finding is one diagnostic on a struct type of the package.
type Finding struct {
	Type     string // the struct type the diagnostic is in
	Category string
	Message  string
	// Fix is the field list the diagnostic's fix gives, "" without one.
	Fix string
}

// Package is the analyzer's result on the package in the current
// directory, with the field lists of its struct types as written.
type Package struct {
	Findings []Finding
	Fields   map[string]string
}

// Run analyzes the package in the current directory, without its tests,
// with the analyzer's default configuration.
func Run(t *testing.T) Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("package does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(analyzer.Config{LoadWide: true})}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	root := graph.Roots[0]
	if root.Err != nil {
		t.Fatal(root.Err)
	}
	lists := map[string]*ast.FieldList{}
	for _, f := range root.Package.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if st, ok := ts.Type.(*ast.StructType); ok {
					lists[ts.Name.Name] = st.Fields
				}
			}
			return true
		})
	}
	out := Package{Fields: map[string]string{}}
	for name, fl := range lists {
		file := root.Package.Fset.File(fl.Pos())
		text, err := os.ReadFile(file.Name())
		if err != nil {
			t.Fatal(err)
		}
		out.Fields[name] = normalize(string(text[file.Offset(fl.Opening)+1 : file.Offset(fl.Closing)]))
	}
	for _, d := range root.Diagnostics {
		f := Finding{Category: d.Category, Message: d.Message}
		for name, fl := range lists {
			if fl.Pos() <= d.Pos && d.Pos < fl.End() {
				f.Type = name
			}
		}
		if len(d.SuggestedFixes) == 1 && len(d.SuggestedFixes[0].TextEdits) == 1 {
			f.Fix = normalize(string(d.SuggestedFixes[0].TextEdits[0].NewText))
		}
		out.Findings = append(out.Findings, f)
	}
	return out
}

// normalize makes field lists that differ only in spacing equal.
func normalize(fields string) string {
	var lines []string
	for l := range strings.SplitSeq(fields, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// Of is the findings on the named type.
func (p Package) Of(typ string) []Finding {
	var out []Finding
	for _, f := range p.Findings {
		if f.Type == typ {
			out = append(out, f)
		}
	}
	return out
}
