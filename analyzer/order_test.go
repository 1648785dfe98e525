package analyzer

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	gopackages "golang.org/x/tools/go/packages"
)

// Diagnostics come in the order of the package's files, then of the
// places in them, whatever order a loader that parses in parallel added
// the files to its FileSet in: the order cachelint -json prints them in.
func TestDiagnosticsInFileOrder(t *testing.T) {
	t.Parallel()
	const ring = `package p

type %s struct {
	head uint64 //cachelint:hot write path=produce
	mask uint64 //cachelint:hot path=produce,consume
	tail uint64 //cachelint:hot write path=consume
}
`
	fset := token.NewFileSet()
	// b.go is added to the FileSet first, as a parallel parse may.
	var files []*ast.File
	for _, f := range []struct{ name, typ string }{{"/p/b.go", "B"}, {"/p/a.go", "A"}} {
		file, err := parser.ParseFile(fset, f.name, []byte(fmt.Sprintf(ring, f.typ)), parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append([]*ast.File{file}, files...) // a.go, b.go, as go list lists them
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Instances:  map[*ast.Ident]types.Instance{},
		Scopes:     map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	sizes := types.SizesFor("gc", "amd64")
	pkg, err := (&types.Config{Sizes: sizes}).Check("p", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	p := &gopackages.Package{ID: "p", PkgPath: "p", Name: "p", Fset: fset, Syntax: files, Types: pkg, TypesInfo: info, TypesSizes: sizes}
	g, err := checker.Analyze([]*analysis.Analyzer{New(Config{GOARCH: "amd64"})}, []*gopackages.Package{p}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range g.Roots[0].Diagnostics {
		got = append(got, fset.Position(d.Pos).String())
	}
	want := []string{"/p/a.go:4:2", "/p/a.go:6:2", "/p/b.go:4:2", "/p/b.go:6:2"}
	if len(got) != len(want) {
		t.Fatalf("diagnostics at %q, want %q", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("diagnostics at %q, want %q", got, want)
		}
	}
}
