package falsesharing

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

// TestCachelintFlagsBeforeOnly checks that the benchmark compares what
// cachelint says: falseshare on RxQueue, nothing on RxQueuePadded, and a
// fix for RxQueue that gives RxQueuePadded's fields.
func TestCachelintFlagsBeforeOnly(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("package does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	root := graph.Roots[0]
	if root.Err != nil {
		t.Fatal(root.Err)
	}
	fields := map[string]*ast.FieldList{}
	for _, f := range root.Package.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if st, ok := ts.Type.(*ast.StructType); ok {
					fields[ts.Name.Name] = st.Fields
				}
			}
			return true
		})
	}
	typeAt := func(d analysis.Diagnostic) string {
		for name, fl := range fields {
			if fl.Pos() <= d.Pos && d.Pos < fl.End() {
				return name
			}
		}
		return ""
	}
	var fix *analysis.TextEdit
	for _, d := range root.Diagnostics {
		switch typeAt(d) {
		case "RxQueue":
			if d.Category != "falseshare" {
				t.Errorf("RxQueue: unexpected %s: %s", d.Category, d.Message)
			}
			if len(d.SuggestedFixes) == 1 && len(d.SuggestedFixes[0].TextEdits) == 1 {
				fix = &d.SuggestedFixes[0].TextEdits[0]
			}
		default:
			t.Errorf("unexpected finding %s: %s", d.Category, d.Message)
		}
	}
	if fix == nil {
		t.Fatal("no falseshare finding with a fix on RxQueue")
	}
	padded := fields["RxQueuePadded"]
	file := root.Package.Fset.File(padded.Pos())
	text, err := os.ReadFile(file.Name())
	if err != nil {
		t.Fatal(err)
	}
	want := string(text[file.Offset(padded.Opening)+1 : file.Offset(padded.Closing)])
	if got := string(fix.NewText); strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(want), " ") {
		t.Errorf("the fix gives\n%s\nRxQueuePadded has\n%s", got, want)
	}
}
