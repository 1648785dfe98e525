// Command exports lists the exported package-level names of cachelint's
// packages that no other package (nor another package's tests) names:
// each is either API other exported names are made of (the type of an
// exported field or result, a JSON schema type, a documented limit or
// sentinel error), or a name to unexport.
//
//	go run ./exports -root ../..
package main

import (
	"flag"
	"fmt"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

func main() {
	root := flag.String("root", ".", "the cachelint module's root")
	flag.Parse()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedFiles, Tests: true, Dir: *root}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		panic(err)
	}
	used := map[types.Object]bool{}
	decl := map[types.Object]string{}
	for _, p := range pkgs {
		base := strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, "_test"), ".test")
		for _, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil || !obj.Exported() {
				continue
			}
			if strings.TrimSuffix(obj.Pkg().Path(), "_test") != base {
				used[origin(obj)] = true
			}
		}
		for _, obj := range p.TypesInfo.Defs {
			if obj == nil || !obj.Exported() || obj.Parent() != obj.Pkg().Scope() {
				continue
			}
			if strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.ID, ".test]") || strings.Contains(p.ID, " [") {
				continue
			}
			decl[obj] = p.PkgPath
		}
	}
	var out []string
	for obj, pkg := range decl {
		if used[obj] || strings.Contains(pkg, "/testdata/") || strings.Contains(pkg, "examples") || strings.HasPrefix(pkg, "github.com/cachelint/cachelint/internal") || strings.HasPrefix(pkg, "github.com/cachelint/cachelint/cmd/") {
			continue
		}
		out = append(out, fmt.Sprintf("%s.%s", strings.TrimPrefix(pkg, "github.com/cachelint/cachelint/"), obj.Name()))
	}
	sort.Strings(out)
	fmt.Printf("%d exported names no other package names\n", len(out))
	for _, name := range out {
		fmt.Println(name)
	}
}

func origin(o types.Object) types.Object {
	switch o := o.(type) {
	case *types.Func:
		return o.Origin()
	case *types.Var:
		return o.Origin()
	}
	return o
}
