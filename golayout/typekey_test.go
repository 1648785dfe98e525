package golayout

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// A profile's marks reach the type its key names: a type declared in a
// function is keyed by its place, and takes none of the marks of a
// package-level type of the same name.
func TestProfiledByTypeKey(t *testing.T) {
	const src = `package p

type T struct{ a, b int64 }

func f() {
	type T struct{ a, b int64 }
	_ = T{}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	type declared struct {
		gd *ast.GenDecl
		ts *ast.TypeSpec
	}
	var top, local declared
	ast.Inspect(f, func(n ast.Node) bool {
		if gd, ok := n.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			ts := gd.Specs[0].(*ast.TypeSpec)
			if info.Defs[ts.Name].Parent() == pkg.Scope() {
				top = declared{gd, ts}
			} else {
				local = declared{gd, ts}
			}
		}
		return true
	})
	// hotA says whether field a of the type d declares is hot with the
	// marks profiles give the type key.
	hotA := func(d declared, key string) bool {
		t.Helper()
		p := &Package{Fset: fset, Types: pkg, Info: info, Sizes: types.SizesFor("gc", "amd64"), Checks: layout.Checks,
			Profiled: map[string]map[string]*Profiled{key: {"a": {Hot: layout.Hot{}}}}}
		decl, err := p.Decl(ReadDirectives(fset, f), d.gd, d.ts, true)
		if err != nil {
			t.Fatal(err)
		}
		return decl.Targets[0].Struct.Members[0].Hot != nil
	}
	localKey := TypeKey(fset, info.Defs[local.ts.Name].(*types.TypeName))
	if want := "p.T@p.go:6:7"; localKey != want {
		t.Errorf("TypeKey of the local T: %q, want %q", localKey, want)
	}
	if !hotA(top, "p.T") || !hotA(local, localKey) {
		t.Errorf("each T's own marks: package-level %v, local %v; want both hot", hotA(top, "p.T"), hotA(local, localKey))
	}
	if hotA(local, "p.T") {
		t.Errorf("the local T took the marks of the package-level T")
	}
}
