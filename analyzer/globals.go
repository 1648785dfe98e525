package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/reorg"
)

// typeValues is what a package's code, at one build, does with the values
// of one of its struct types.
type typeValues struct {
	// vars says the type's only values are the package-level variables
	// declared of it, with nothing else naming the type (no literal,
	// conversion, pointer, method, field or element of it): those
	// variables. It is nil when something else does.
	vars []globalVar
	// initialized says a declaration gives a variable a value.
	initialized bool
}

// globalVar is a package-level variable, by declKey.
type globalVar struct {
	key, name string
	exported  bool
}

// valuesOf finds what the code of a package, built as files and info,
// does with the values of the struct type declared as spec. An exported
// type may be named by code out of sight: it has values of any kind.
func valuesOf(fset *token.FileSet, files []*ast.File, info *types.Info, spec *ast.TypeSpec) typeValues {
	obj, _ := info.Defs[spec.Name].(*types.TypeName)
	if obj == nil || obj.Exported() || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return typeValues{}
	}
	// The identifiers that name the type as a variable's declared type
	// or in its initializer, with the variables they declare.
	specs := map[*ast.Ident][]globalVar{}
	initialized := false
	name := func(n *ast.Ident) globalVar { return globalVar{declKey(fset, n.Pos()), n.Name, n.IsExported()} }
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); ok && info.Uses[id] == obj {
					for _, n := range vs.Names {
						specs[id] = append(specs[id], name(n))
					}
					initialized = initialized || len(vs.Values) > 0
				}
				for i, v := range vs.Values {
					lit, ok := v.(*ast.CompositeLit)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					if id, ok := lit.Type.(*ast.Ident); ok && info.Uses[id] == obj {
						specs[id] = append(specs[id], name(vs.Names[i]))
						initialized = true
					}
				}
			}
		}
	}
	out := typeValues{vars: []globalVar{}, initialized: initialized}
	for id, o := range info.Uses {
		if o != obj {
			continue
		}
		vars, ok := specs[id]
		if !ok {
			return typeValues{}
		}
		out.vars = append(out.vars, vars...)
	}
	return out
}

// placeValues judges each build of the struct type declared as spec by
// where its values live there. A build is dropped whose code neither
// reads nor writes a value of the type, while files of the package it
// does not compile name the type or a variable of it: the type is for
// another GOARCH's code, as x/sys/cpu's PPC64 flags are. (A type no file
// uses is checked as declared.) A build where the only values are
// package-level variables that no code copies is laid out as the linker
// places them (layout.Struct.GlobalAlign). It returns the builds to
// check, and whether it changed them. Without the uses of every package
// of the load (Config.Globals), an exported variable, which other
// packages may use, counts as used and copied.
func (ps *passState) placeValues(spec *ast.TypeSpec, builds []reorg.Build) ([]reorg.Build, bool) {
	changed := false
	var out []reorg.Build
	for _, b := range builds {
		fset, files, info := ps.pass.Fset, ps.pass.Files, ps.pass.TypesInfo
		if b.Arch != ps.config.GOARCH {
			i := slices.IndexFunc(ps.builds, func(o *otherBuild) bool { return o.GOARCH == b.Arch })
			fset, files, info = ps.builds[i].Fset, ps.builds[i].Files, ps.builds[i].Info
		}
		v := valuesOf(fset, files, info, spec)
		if v.vars == nil {
			out = append(out, b)
			continue
		}
		uses, wide := ps.globalUses(b.Arch, fset, files, info)
		used, copied := v.initialized, false
		names := []string{spec.Name.Name}
		for _, g := range v.vars {
			unseen := !wide && g.exported
			used = used || unseen || uses.used[g.key]
			copied = copied || unseen || uses.copied[g.key]
			names = append(names, g.name)
		}
		switch {
		case !used && ps.namedElsewhere(fset, files, names):
			changed = true
		case !copied && len(v.vars) > 0 && !b.Struct.PerCPU: // percpu says its values are elements
			changed = true
			b.Struct.GlobalAlign = golayout.GlobalAlign(b.Struct.Size, b.Arch)
			out = append(out, b)
		default:
			out = append(out, b)
		}
	}
	return out, changed
}

// namedElsewhere reports whether a file of the package that the build of
// files does not compile (one of the pass's, or one its build ignores, as
// for another GOARCH) has an identifier of one of names.
func (ps *passState) namedElsewhere(fset *token.FileSet, files []*ast.File, names []string) bool {
	built := map[string]bool{}
	for _, f := range files {
		built[fset.File(f.Pos()).Name()] = true
	}
	mentions := func(f *ast.File) bool {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && slices.Contains(names, id.Name) {
				found = true
			}
			return !found
		})
		return found
	}
	for _, f := range ps.pass.Files {
		if !built[ps.pass.Fset.File(f.Pos()).Name()] && mentions(f) {
			return true
		}
	}
	for _, name := range ps.pass.IgnoredFiles {
		if !strings.HasSuffix(name, ".go") || built[name] {
			continue
		}
		if ps.ignored == nil {
			ps.ignored = map[string]*ast.File{}
		}
		f, ok := ps.ignored[name]
		if !ok {
			// A file that does not parse names nothing here.
			f, _ = parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
			ps.ignored[name] = f
		}
		if f != nil && mentions(f) {
			return true
		}
	}
	return false
}

// globalUses is the uses of package-level variables at the build of
// goarch: Config.Globals', over the whole load (wide), or else the
// package's own, found in its files of that build once.
func (ps *passState) globalUses(goarch string, fset *token.FileSet, files []*ast.File, info *types.Info) (*GlobalUses, bool) {
	if ps.config.Globals != nil {
		if g := ps.config.Globals(goarch); g != nil {
			return g, true
		}
	}
	if ps.globals == nil {
		ps.globals = map[string]*GlobalUses{}
	}
	g := ps.globals[goarch]
	if g == nil {
		g = &GlobalUses{}
		g.Add(fset, files, info)
		ps.globals[goarch] = g
	}
	return g, false
}
