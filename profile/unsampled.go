package profile

import (
	"go/ast"
	"maps"
	"slices"
	"strings"
)

// A profile shows the code that ran while it was recorded, not all the
// code that uses a type: theine's RBMutex was sampled in Lock alone,
// while RLock's fast path, which no sample is in, reads rslots, rmask
// and rbias together. An order judged on the sampled code alone may put
// a written field on those readers' line, or move their fields apart.
// So each mark says what functions of the load no sample is in read of
// the type together with the field (Hot.Unsampled), and spread judges
// the declared order with them.

// unsampledWith are the sets of fields of the struct type key, sorted,
// that one function of the load no sample of r is in reads (and does
// not write) together with the field name: two fields at least. Test
// files are left out: their functions are no readers of the program.
func (p *Program) unsampledWith(r *Result, key, name string) [][]string {
	if r.unsampled == nil {
		r.unsampled = p.unsampledReads(r.sampled)
	}
	var out [][]string
	for _, g := range r.unsampled[key] {
		if slices.Contains(g, name) {
			out = append(out, g)
		}
	}
	return out
}

// unsampledReads finds, by struct type key, the sets of two fields or
// more that each function whose body is not in sampled reads and does
// not write, over the files of the load but tests; a function literal
// is a function of its own.
func (p *Program) unsampledReads(sampled map[*ast.BlockStmt]bool) map[string][][]string {
	out := map[string][][]string{}
	seen := map[*ast.File]bool{}
	for _, f := range p.files {
		if seen[f.syntax] || strings.HasSuffix(f.name, "_test.go") {
			continue
		}
		seen[f.syntax] = true
		var bodies []*ast.BlockStmt
		ast.Inspect(f.syntax, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					bodies = append(bodies, n.Body)
				}
			case *ast.FuncLit:
				bodies = append(bodies, n.Body)
			}
			return true
		})
		for _, body := range bodies {
			if sampled[body] {
				continue
			}
			for key, names := range p.readsOnly(f, body) {
				if len(names) >= 2 {
					g := slices.Sorted(maps.Keys(names))
					if !slices.ContainsFunc(out[key], func(o []string) bool { return slices.Equal(o, g) }) {
						out[key] = append(out[key], g)
					}
				}
			}
		}
	}
	return out
}

// readsOnly are the fields of each struct type that body reads and does
// not write, by the type's key; the bodies of function literals in it
// are left to themselves.
func (p *Program) readsOnly(f *srcFile, body *ast.BlockStmt) map[string]map[string]bool {
	reads, writes := map[string]map[string]bool{}, map[string]map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			for _, a := range p.selectorAccesses(f, n) {
				ref := p.fields[a.field]
				if ref.isPart {
					continue
				}
				to := reads
				if a.write {
					to = writes
				}
				if to[ref.key] == nil {
					to[ref.key] = map[string]bool{}
				}
				to[ref.key][ref.name] = true
			}
		}
		return true
	})
	for key, names := range reads {
		maps.DeleteFunc(names, func(name string, _ bool) bool { return writes[key][name] })
	}
	return reads
}
