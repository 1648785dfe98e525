// Command archgraph draws cachelint's package graph and measures how its
// files are layered: within a package, file A uses file B when code in A
// names a package-level definition declared in B. The files are layered
// when no file uses one that uses it back, directly or through others.
//
//	go run ./archgraph -root ../.. -dot graph.dot   # the packages, for dot
//	go run ./archgraph -root ../..                  # the files, per package
//
// For each package it prints its files, the uses between them, and the
// uses that close a cycle: those that a layered package would not have.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/types"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

const module = "github.com/cachelint/cachelint"

func main() {
	root := flag.String("root", ".", "the module's `DIR`")
	dot := flag.String("dot", "", "write the package graph for graphviz to `FILE`")
	verbose := flag.Bool("v", false, "list each use that closes a cycle, with the names it uses")
	flag.Parse()
	cfg := &packages.Config{Dir: *root, Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		fmt.Fprintln(os.Stderr, "archgraph:", err)
		os.Exit(1)
	}
	if packages.PrintErrors(pkgs) > 0 {
		os.Exit(1)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	if *dot != "" {
		f, err := os.Create(*dot)
		if err != nil {
			fmt.Fprintln(os.Stderr, "archgraph:", err)
			os.Exit(1)
		}
		writeDot(f, pkgs)
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "archgraph:", err)
			os.Exit(1)
		}
		return
	}
	total, against := 0, 0
	for _, p := range pkgs {
		if shown(p) == "" {
			continue
		}
		uses := fileUses(p)
		back := cycleUses(uses)
		n := 0
		for _, to := range uses {
			n += len(to)
		}
		total += n
		against += len(back)
		fmt.Printf("%-22s %3d files %4d uses between files %3d in cycles\n", shown(p), len(p.Syntax), n, len(back))
		if *verbose {
			for _, b := range back {
				fmt.Printf("\t%s -> %s: %s\n", b[0], b[1], strings.Join(slices.Sorted(maps.Keys(uses[b[0]][b[1]])), " "))
			}
		}
	}
	fmt.Printf("%-22s %13s %4d uses between files %3d in cycles\n", "all", "", total, against)
}

// shown is p's path within the module, "" for what the graph leaves out:
// examples and test helpers.
func shown(p *packages.Package) string {
	rel, ok := strings.CutPrefix(p.PkgPath, module+"/")
	if !ok || strings.HasPrefix(rel, "examples/") || strings.HasPrefix(rel, "internal/") {
		return ""
	}
	return rel
}

// writeDot writes the module's packages and the imports between them.
func writeDot(w io.Writer, pkgs []*packages.Package) {
	fmt.Fprintln(w, "digraph cachelint {\n\trankdir=BT;\n\tnode [shape=box, fontname=\"Helvetica\"];")
	for _, p := range pkgs {
		from := shown(p)
		if from == "" {
			continue
		}
		var to []string
		for path := range p.Imports {
			if rel, ok := strings.CutPrefix(path, module+"/"); ok {
				to = append(to, rel)
			}
		}
		slices.Sort(to)
		fmt.Fprintf(w, "\t%q;\n", from)
		for _, t := range to {
			fmt.Fprintf(w, "\t%q -> %q;\n", from, t)
		}
	}
	fmt.Fprintln(w, "}")
}

// fileUses maps each file of p to the files whose package-level
// definitions it uses, and to the names of those it uses.
func fileUses(p *packages.Package) map[string]map[string]map[string]bool {
	declaredIn := map[types.Object]string{}
	for _, f := range p.Syntax {
		name := filepath.Base(p.Fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			for _, id := range declIdents(d) {
				if obj := p.TypesInfo.Defs[id]; obj != nil {
					declaredIn[obj] = name
				}
			}
		}
	}
	uses := map[string]map[string]map[string]bool{}
	for _, f := range p.Syntax {
		from := filepath.Base(p.Fset.Position(f.Pos()).Filename)
		uses[from] = map[string]map[string]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			// Uses has the names of selectors too: methods and
			// fields.
			obj := p.TypesInfo.Uses[id]
			switch o := obj.(type) {
			case *types.Func:
				obj = o.Origin()
			case *types.Var:
				obj = o.Origin()
			}
			if to, ok := declaredIn[obj]; ok && to != from {
				if uses[from][to] == nil {
					uses[from][to] = map[string]bool{}
				}
				uses[from][to][id.Name] = true
			}
			return true
		})
	}
	return uses
}

// declIdents are the names a top-level declaration defines, methods
// included.
func declIdents(d ast.Decl) []*ast.Ident {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return []*ast.Ident{d.Name}
	case *ast.GenDecl:
		var out []*ast.Ident
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name)
			case *ast.ValueSpec:
				out = append(out, s.Names...)
			}
		}
		return out
	}
	return nil
}

// cycleUses are the uses from one file to another that is in the same
// strongly connected component: the uses a layered package lacks.
func cycleUses[V any](uses map[string]map[string]V) [][2]string {
	comp := components(uses)
	var out [][2]string
	for from, to := range uses {
		for t := range to {
			if comp[from] == comp[t] {
				out = append(out, [2]string{from, t})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

// components numbers the strongly connected components of the file graph
// (Tarjan's algorithm).
func components[V any](g map[string]map[string]V) map[string]int {
	index, low, comp := map[string]int{}, map[string]int{}, map[string]int{}
	var stack []string
	on := map[string]bool{}
	next, ncomp := 0, 0
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for w := range g[v] {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				comp[w] = ncomp
				if w == v {
					break
				}
			}
			ncomp++
		}
	}
	names := make([]string, 0, len(g))
	for v := range g {
		names = append(names, v)
	}
	slices.Sort(names)
	for _, v := range names {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	return comp
}
