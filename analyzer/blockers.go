package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// layoutSizes are the sizes a fix is checked with: the pass's, and gc's
// for the other word size. gc lays a struct out the same on every GOARCH
// of one word size (types.SizesFor differs only in WordSize and
// MaxAlign: 386, arm, mips and mipsle alike; amd64, arm64 and the other
// 64-bit ones alike), so two cover them all, for the types as the pass
// has them: array lengths and files that differ per GOARCH are those of
// the GOARCH analyzed.
func layoutSizes(pass *analysis.Pass) []types.Sizes {
	other := "386"
	if pass.TypesSizes.Sizeof(types.Typ[types.Uintptr]) == 4 {
		other = "amd64"
	}
	return []types.Sizes{pass.TypesSizes, types.SizesFor("gc", other)}
}

// changeOf computes what proposal p changes of the layout of st, whose
// fields it orders by From, with padding of the sizes it gives.
func changeOf(pass *analysis.Pass, st *types.Struct, p *layout.Proposal) FixChange {
	old := make([]*types.Var, st.NumFields())
	for i := range old {
		old[i] = st.Field(i)
	}
	var now []*types.Var
	at := make([]int, len(old)) // where each field is in now, -1 if dropped
	for i := range at {
		at[i] = -1
	}
	for j, from := range p.From {
		if from < 0 {
			pad := types.NewArray(types.Typ[types.Byte], p.Struct.Members[j].Size)
			now = append(now, types.NewField(token.NoPos, nil, "_", pad, false))
			continue
		}
		at[from] = len(now)
		now = append(now, st.Field(from))
	}
	c := FixChange{Layout: layoutKey(pass.Fset, st)}
	moved, misaligned := map[int]bool{}, map[int]bool{}
	for _, sizes := range layoutSizes(pass) {
		was, is := sizes.Offsetsof(old), sizes.Offsetsof(now)
		word32 := sizes.Sizeof(types.Typ[types.Uintptr]) == 4
		for i := range old {
			if at[i] < 0 || is[at[i]] != was[i] {
				moved[i] = true
			}
			if word32 && at[i] >= 0 && was[i]%8 == 0 && is[at[i]]%8 != 0 {
				misaligned[i] = true
			}
		}
		after := types.NewStruct(now, nil)
		if sizes.Sizeof(after) != sizes.Sizeof(st) || sizes.Alignof(after) != sizes.Alignof(st) {
			c.Resized = true
		}
	}
	for i := range old {
		if moved[i] {
			c.Moved = append(c.Moved, i)
		}
		if misaligned[i] {
			c.Misaligned = append(c.Misaligned, i)
		}
	}
	return c
}

// LayoutUses is what a package does with struct layouts, its own and
// other packages': what the Uses pass finds, for a driver that decides
// fixes over every package of a load.
type LayoutUses struct {
	// Dependences are the places of the package that depend on a layout.
	Dependences []Dependence
	// Calls are the addresses inside layouts the package hands to
	// functions of other packages: each is contained only when its
	// callee is in the load and its parameter's uses (Params) pass.
	Calls []CallSite
	// Params are the uses of the parameters of the package's exported
	// functions and methods, by function (funcKey) and index.
	Params map[string][]ParamUse
	// Exposed says, by layout, how the package's own layouts reach other
	// packages: a fix needs all of those in the load.
	Exposed map[string]string
}

// UsesIn returns the pass that finds a package's LayoutUses of the
// layouts of the packages loaded names (by path): those whose fixes a
// driver decides over every package of a load. cachelint runs it on
// every package of the load when the cachelint pass (with
// Config.LoadWide) offers fixes, and withholds those that change what a
// package depends on.
func UsesIn(loaded map[string]bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "cachelintuses",
		Doc:  "what a package depends on of struct layouts, for cachelint -fix",
		URL:  "https://github.com/cachelint/cachelint",
		Run: func(pass *analysis.Pass) (any, error) {
			mine := func(p *types.Package) bool { return loaded[p.Path()] }
			u, err := newOrderUses(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo, false, mine)
			if err != nil {
				return nil, err
			}
			out := &LayoutUses{Dependences: u.deps, Calls: u.calls, Params: map[string][]ParamUse{}, Exposed: exposure(pass)}
			for _, fn := range u.funcs {
				obj, ok := fn.Object().(*types.Func)
				if !ok || !obj.Exported() || len(fn.Blocks) == 0 {
					continue
				}
				uses := make([]ParamUse, len(fn.Params))
				for i, p := range fn.Params {
					switch p.Type().Underlying().(type) {
					case *types.Pointer, *types.Slice:
						pu := u.param(p)
						uses[i] = ParamUse{Why: pu.why, Calls: pu.calls}
						if pu.why == "" && pu.returned {
							uses[i].Why = fmt.Sprintf("%s returns it, and callers in other packages are not followed", obj.Name())
						}
					}
				}
				out.Params[funcKey(fn)] = uses
			}
			out.Dependences = append(out.Dependences, unbuiltUses(pass.Fset, pass.Pkg, pass.Files, nil, false, u)...)
			return out, nil
		},
		ResultType: reflect.TypeFor[*LayoutUses](),
	}
}

// newOrderUses runs the allowlist over a package's code: its SSA form
// and, for what SSA does not show, its syntax.
func newOrderUses(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info, onePackage bool, mine func(*types.Package) bool) (*orderUses, error) {
	ssapkg, funcs, err := ssaForm(fset, pkg, files, info)
	if err != nil {
		return nil, err
	}
	return orderUsesOf(fset, ssapkg, funcs, files, info, onePackage, mine)
}

// orderUsesOf is newOrderUses over a package's SSA form already built.
func orderUsesOf(fset *token.FileSet, ssapkg *ssa.Package, funcs []*ssa.Function, files []*ast.File, info *types.Info, onePackage bool, mine func(*types.Package) bool) (u *orderUses, err error) {
	defer func() {
		// Code with type errors (a build for another GOARCH that does
		// not compile) may not have a whole SSA form.
		if r := recover(); r != nil {
			u, err = nil, fmt.Errorf("cachelint cannot build the SSA form of %s: %v", ssapkg.Pkg.Path(), r)
		}
	}()
	u = &orderUses{fset: fset, pkg: ssapkg, onePackage: onePackage, mine: mine, seen: map[Dependence]bool{}, byType: map[types.Type][]string{},
		params: map[*ssa.Parameter]*paramUse{}, frees: map[*ssa.FreeVar]*paramUse{}, generic: map[*ssa.Function]string{},
		rets: map[*ssa.Function][]string{}, funcs: funcs}
	u.check(funcs)
	u.syntaxUses(fset, files, info)
	return u, nil
}

// ssaForm is buildSSA, or why it cannot build the package's SSA form.
func ssaForm(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info) (ssapkg *ssa.Package, funcs []*ssa.Function, err error) {
	defer func() {
		// Code with type errors (a build for another GOARCH that does
		// not compile) may not have an SSA form.
		if r := recover(); r != nil {
			ssapkg, funcs, err = nil, nil, fmt.Errorf("cachelint cannot build the SSA form of %s: %v", pkg.Path(), r)
		}
	}()
	ssapkg, funcs = buildSSA(fset, pkg, files, info)
	return ssapkg, funcs, nil
}

// orderUses runs the allowlist over the pass's package, on its SSA form
// (passSSA).
func (ps *passState) orderUses(onePackage bool, mine func(*types.Package) bool) (*orderUses, error) {
	ssapkg, funcs, err := ps.passSSA()
	if err != nil {
		return nil, err
	}
	return orderUsesOf(ps.pass.Fset, ssapkg, funcs, ps.pass.Files, ps.pass.TypesInfo, onePackage, mine)
}

// passSSA is the pass's package in SSA form and its functions, built once
// for the allowlist and onePackage alike, or why it cannot be built.
func (ps *passState) passSSA() (*ssa.Package, []*ssa.Function, error) {
	if ps.ssa == nil {
		p, funcs, err := ssaForm(ps.pass.Fset, ps.pass.Pkg, ps.pass.Files, ps.pass.TypesInfo)
		ps.ssa = &builtSSA{p, funcs, err}
	}
	return ps.ssa.pkg, ps.ssa.funcs, ps.ssa.err
}

// buildSSA builds a package's SSA form as the buildssa pass does, with
// its package initializer, and lists its functions: declared, literals,
// and the initializer.
func buildSSA(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(fset, 0)
	for _, p := range pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	ssapkg := prog.CreatePackage(pkg, files, info, false)
	ssapkg.Build()
	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
					if fn := prog.FuncValue(obj); fn != nil {
						add(fn)
					}
				}
			}
		}
	}
	if init := ssapkg.Func("init"); init != nil {
		add(init)
	}
	return ssapkg, funcs
}

// findBlockers finds what stands in the way of changing the package's
// layouts: every use of them that the allowlist does not prove blind to
// the order (orderUses), in the pass's files, in its builds for other
// GOARCHes, and in the files of its directory neither compiles (unbuilt
// files); a layout other modules may build with unkeyed literals.
//
// With onePackage, the driver sees one package at a time (go vet,
// golangci-lint, nogo): code of other packages is out of sight, so a
// layout that reaches other packages keeps its order, and the files the
// pass was not given (tests among them, which go vet checks as another
// package) count as unbuilt.
func (ps *passState) findBlockers(onePackage bool) *blockers {
	pass := ps.pass
	b := &blockers{deps: map[string][]Dependence{}, never: map[string]string{}, unseen: map[string]string{}}
	// Under cachelint -fix, the driver judges every fix again over the
	// load (UsesIn, with the packages it loaded): the pass takes the
	// interface types of any package but the standard library's as
	// checked, offering what the driver may refuse.
	mine := func(p *types.Package) bool {
		return p == pass.Pkg || p.Path() == pass.Pkg.Path() || (!onePackage && strings.Contains(strings.Split(p.Path(), "/")[0], "."))
	}
	u, err := ps.orderUses(onePackage, mine)
	if err != nil {
		// Every layout of the package refuses, with the reason.
		for _, name := range pass.Pkg.Scope().Names() {
			if tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName); ok {
				if st, ok := tn.Type().Underlying().(*types.Struct); ok {
					if k := layoutKey(pass.Fset, st); k != "" {
						b.never[k] = err.Error()
					}
				}
			}
		}
		return b
	}
	var others []*ast.File
	given := givenFiles(pass.Fset, pass.Files)
	for _, ob := range ps.builds {
		others = append(others, ob.Files...)
		same := len(ob.Files) == len(pass.Files)
		for _, f := range ob.Files {
			same = same && given[ob.Fset.File(f.Package).Name()]
		}
		if same {
			continue // the same code: only the sizes differ
		}
		ou, err := newOrderUses(ob.Fset, ob.Types, ob.Files, ob.Info, onePackage, func(p *types.Package) bool { return p.Path() == pass.Pkg.Path() })
		if err != nil {
			// Its files count as compiled by no build checked.
			others = others[:len(others)-len(ob.Files)]
			continue
		}
		for _, d := range ou.deps {
			u.depend(d)
		}
	}
	for _, d := range unbuiltUses(pass.Fset, pass.Pkg, pass.Files, others, onePackage, u) {
		u.depend(d)
	}
	for _, d := range u.deps {
		b.deps[d.Layout] = append(b.deps[d.Layout], d)
	}
	structs := map[string]*types.TypeName{}
	for _, name := range pass.Pkg.Scope().Names() {
		obj, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || obj.IsAlias() {
			continue
		}
		st, ok := obj.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		structs[name] = obj
		for f := range st.Fields() {
			if n, ok := types.Unalias(f.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "structs" && n.Obj().Name() == "HostLayout" {
				b.never[layoutKey(pass.Fset, st)] = "it has a structs.HostLayout field, so its layout must stay the platform's"
			}
		}
	}
	if cgo := usesCgo(pass); cgo != "" {
		for _, obj := range structs {
			b.never[layoutKey(pass.Fset, obj.Type().Underlying().(*types.Struct))] = cgo
		}
	}
	for key, why := range asmUses(pass) {
		b.deps[key] = append(b.deps[key], Dependence{Layout: key, Kind: OnOrder, Field: -1, Why: why})
	}
	exposed := exposure(pass)
	for key, why := range exportedReach(pass, exposed, !onePackage) {
		b.deps[key] = append(b.deps[key], Dependence{Layout: key, Kind: OnOrder, Field: -1, Why: why})
	}
	if onePackage {
		for key, how := range exposed {
			if strings.HasPrefix(key, "interface ") {
				// Values of an interface type other packages have
				// may be converted to any there.
				b.deps[key] = append(b.deps[key], Dependence{Layout: key, Kind: OnOrder, Field: -1,
					Why: fmt.Sprintf("%s; the driver checks one package at a time, so what other packages do with its values is out of sight", how)})
				continue
			}
			b.unseen[key] = fmt.Sprintf("%s; the driver checks one package at a time, so what other packages do with it is out of sight (cachelint -fix checks every package of the load together)", how)
		}
	}
	return b
}

// exposure says how each layout of the package's own types reaches code
// of other packages through the types of what the package exports
// (every field counts: what other packages do with a value reaches the
// unexported ones too).
func exposure(pass *analysis.Pass) map[string]string {
	out := map[string]string{}
	seen := map[types.Type]bool{}
	var visit func(t types.Type, via string)
	visit = func(t types.Type, via string) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			if x.Obj().Pkg() != pass.Pkg {
				for a := range x.TypeArgs().Types() {
					visit(a, via)
				}
				return
			}
			if it, ok := x.Underlying().(*types.Interface); ok && it.NumMethods() > 0 {
				if k := carrierKey(pass.Fset, x); out[k] == "" {
					out[k] = via
				}
			}
			visit(x.Underlying(), via)
			for m := range x.Methods() {
				if m.Exported() {
					visit(m.Type(), via)
				}
			}
		case *types.Struct:
			if k := layoutKey(pass.Fset, x); k != "" && out[k] == "" {
				out[k] = via
			}
			for f := range x.Fields() {
				visit(f.Type(), via)
			}
		case *types.Pointer:
			visit(x.Elem(), via)
		case *types.Slice:
			visit(x.Elem(), via)
		case *types.Array:
			visit(x.Elem(), via)
		case *types.Map:
			visit(x.Key(), via)
			visit(x.Elem(), via)
		case *types.Chan:
			visit(x.Elem(), via)
		case *types.Signature:
			for v := range x.Params().Variables() {
				visit(v.Type(), via)
			}
			for v := range x.Results().Variables() {
				visit(v.Type(), via)
			}
		case *types.Interface:
			for m := range x.Methods() {
				visit(m.Type(), via)
			}
		}
	}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		via := fmt.Sprintf("it reaches other packages through %s (%s)", name, pass.Fset.Position(obj.Pos()))
		if _, ok := obj.(*types.Const); !ok {
			visit(obj.Type(), via)
		}
	}
	return out
}

// exportedReach refuses the layouts that code of other modules may build
// with an unkeyed literal: those the package's exported API reaches
// (exposed) whose fields are all exported, named or not (type Entries
// []entry lets another module write Entries{{1, x, 2}}). go vet's
// composites check reports such literals, but they compile, and a new
// order would change their values without a word. A main package has no
// importers; an internal package's are all in its module, which
// cachelint -fix must load whole (loadWide), checking their literals.
func exportedReach(pass *analysis.Pass, exposed map[string]string, loadWide bool) map[string]string {
	if pass.Pkg.Name() == "main" || (loadWide && slices.Contains(strings.Split(pass.Pkg.Path(), "/"), "internal")) {
		return nil
	}
	out := map[string]string{}
	var visit func(t types.Type)
	seen := map[types.Type]bool{}
	visit = func(t types.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return
		}
		k := layoutKey(pass.Fset, st)
		if k == "" || exposed[k] == "" || out[k] != "" {
			return
		}
		for f := range st.Fields() {
			if !f.Exported() {
				return
			}
		}
		name := types.TypeString(t, types.RelativeTo(pass.Pkg))
		reach := name + " and all its fields are exported"
		if n, ok := types.Unalias(t).(*types.Named); !ok || !n.Obj().Exported() {
			reach = fmt.Sprintf("%s has only exported fields and %s", name, exposed[k])
		}
		out[k] = fmt.Sprintf("%s, so code importing %s that cachelint does not see may build it with an unkeyed literal, whose values a new order would change (go vet's composites check reports such literals, but they compile)", reach, pass.Pkg.Path())
	}
	for _, name := range pass.Pkg.Scope().Names() {
		if tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			visit(tn.Type())
		}
	}
	return out
}

// givenFiles are the names of the files of a package, as written and as
// compiled (cgo's).
func givenFiles(fset *token.FileSet, files []*ast.File) map[string]bool {
	given := map[string]bool{}
	for _, f := range files {
		given[fset.Position(f.Package).Filename] = true
		given[fset.File(f.Package).Name()] = true
	}
	return given
}

// unbuiltUses refuses the layouts of the package's declarations that Go
// files of its directories mention when nothing type-checks them: not
// given (files), not in another build checked (others), and, unless
// onePackage, not compiled for this GOOS and GOARCH (those that are, the
// package's tests among them, are in the load; cachelint -fix loads the
// tests). What such a file does with them only a type-checker for its
// build could judge. A mention is a name of the package (bare in the
// package, qualified in an importer) whose type or signature holds the
// layout.
func unbuiltUses(fset *token.FileSet, pkg *types.Package, files, others []*ast.File, onePackage bool, u *orderUses) []Dependence {
	given := givenFiles(fset, files)
	for name := range givenFiles(fset, others) {
		given[name] = true
	}
	dirs := map[string]bool{}
	for _, f := range files {
		dirs[filepath.Dir(fset.Position(f.Package).Filename)] = true
	}
	var out []Dependence
	seen := map[string]bool{}
	pfset := token.NewFileSet()
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			path := filepath.Join(dir, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || given[path] {
				continue
			}
			if !onePackage && builtHere(path) {
				continue
			}
			f, err := parser.ParseFile(pfset, path, nil, parser.SkipObjectResolution)
			if f == nil {
				// Nothing to read a mention from: every layout of the
				// package may be in it.
				for _, name := range pkg.Scope().Names() {
					if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok {
						for _, k := range u.layoutsOf(tn.Type()) {
							if !seen[k] && !strings.HasPrefix(k, "interface ") && k != typeParamKey {
								seen[k] = true
								out = append(out, Dependence{Layout: k, Kind: OnOrder, Field: -1,
									Why: fmt.Sprintf("%s cannot be parsed (%v), so cachelint cannot judge what it does with it", filepath.Base(path), err)})
							}
						}
					}
				}
				continue
			}
			bare := f.Name.Name == pkg.Name()
			qual := ""
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == pkg.Path() {
					switch {
					case imp.Name == nil:
						qual = pkg.Name()
					case imp.Name.Name == ".":
						bare = true
					default:
						qual = imp.Name.Name
					}
				}
			}
			mention := func(name string, pos token.Pos) {
				obj := pkg.Scope().Lookup(name)
				if obj == nil {
					return
				}
				for _, k := range u.layoutsOf(mentionType(obj)) {
					if k == typeParamKey || seen[k] {
						continue
					}
					seen[k] = true
					why := "is not compiled in this build"
					if onePackage {
						why = "is not in this package as the driver checks it (go vet checks tests and other builds apart)"
					}
					out = append(out, Dependence{Layout: k, Kind: OnOrder, Field: -1,
						Why: fmt.Sprintf("%s mentions %s at %s and %s, so cachelint cannot judge what it does with it", filepath.Base(path), name, pfset.Position(pos), why)})
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok && qual != "" && id.Name == qual {
						mention(n.Sel.Name, n.Pos())
						return false
					}
				case *ast.Ident:
					if bare {
						mention(n.Name, n.Pos())
					}
				}
				return true
			})
		}
	}
	return out
}

// mentionType is the type whose layouts naming obj reaches: a function's
// parameters and results.
func mentionType(obj types.Object) types.Type {
	if fn, ok := obj.(*types.Func); ok {
		sig := fn.Signature()
		var vars []*types.Var
		for v := range sig.Params().Variables() {
			vars = append(vars, v)
		}
		for v := range sig.Results().Variables() {
			vars = append(vars, v)
		}
		return types.NewStruct(vars, nil)
	}
	if _, ok := obj.(*types.PkgName); ok {
		return nil
	}
	return obj.Type()
}

// builtHere reports whether the build constraints of a Go file (its name
// and //go:build line) admit it for the default GOOS and GOARCH.
func builtHere(path string) bool {
	ok, err := build.Default.MatchFile(filepath.Dir(path), filepath.Base(path))
	return ok || err != nil
}

// asmUses refuses the struct types that functions implemented in
// assembly take or return, unless the package's assembly uses go_asm.h's
// offsets for the type (TYPE_field), which follow the declaration.
func asmUses(pass *analysis.Pass) map[string]string {
	var asm []string
	for _, name := range pass.OtherFiles {
		if strings.HasSuffix(name, ".s") {
			if src, err := os.ReadFile(name); err == nil {
				asm = append(asm, string(src))
			}
		}
	}
	if len(asm) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body != nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
				for v := range tuple.Variables() {
					t := v.Type()
					if p, ok := types.Unalias(t).(*types.Pointer); ok {
						t = p.Elem()
					}
					switch s := t.Underlying().(type) {
					case *types.Slice:
						t = s.Elem()
					case *types.Array:
						t = s.Elem()
					}
					n, ok := types.Unalias(t).(*types.Named)
					if !ok || n.Obj().Pkg() != pass.Pkg || usesAsmOffsets(asm, n.Obj().Name()) {
						continue
					}
					st, ok := n.Underlying().(*types.Struct)
					if !ok {
						continue
					}
					if k := layoutKey(pass.Fset, st); k != "" && out[k] == "" {
						out[k] = fmt.Sprintf("%s, in assembly (%s), takes it without go_asm.h's offsets (%s_field)",
							fd.Name.Name, pass.Fset.Position(fd.Pos()), n.Obj().Name())
					}
				}
			}
		}
	}
	return out
}

func usesAsmOffsets(asm []string, typ string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(typ) + `_[A-Za-z]`)
	for _, src := range asm {
		if re.MatchString(src) {
			return true
		}
	}
	return false
}

// usesCgo says why the package's field orders must stay when it uses cgo,
// "" when it does not. The go command hands analyzers the files cgo wrote,
// in which import "C" is gone and //line comments point back at the
// originals, so the generated declarations tell as well as the import.
func usesCgo(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return fmt.Sprintf("the package uses cgo (%s), whose C side may rely on the field order", pass.Fset.Position(imp.Pos()))
			}
		}
	}
	scope := pass.Pkg.Scope()
	if scope.Lookup("_cgo_runtime_cgocall") == nil && scope.Lookup("_Cgo_use") == nil {
		return ""
	}
	for _, f := range pass.Files {
		if orig := pass.Fset.Position(f.Package).Filename; orig != pass.Fset.File(f.Package).Name() {
			return fmt.Sprintf("the package uses cgo (%s), whose C side may rely on the field order", orig)
		}
	}
	return "the package uses cgo, whose C side may rely on the field order"
}

// firstWords match a comment that says a field must stay first: "must be
// first", "have to go first in the struct", "keep this first", "first
// field of the struct", "fields with atomic access first!".
var firstWords = regexp.MustCompile(`(?i)\b(must|has to|have to|needs? to|should|keep|stay|stays|remain)\b[^.;!]*\bfirst\b|\bfirst (field|word|member) (of|in)\b|\batomic[^.;!]*\bfirst\b`)

// orderWords match a comment that says the order of a struct's fields
// must stay: "order in this struct matters", "do not reorder".
var orderWords = regexp.MustCompile(`(?i)\border\b[^.;!]*\bmatters\b|\b(do not|don't|never|must not)\s+(re-?order|rearrange)\b|\b(field )?order is (important|significant)\b`)

// orderComment says where a comment in the struct type st or on its
// declaration says its field order must stay, and what it says; "" when
// none does.
func orderComment(pass *analysis.Pass, st *ast.StructType) string {
	file := fileOf(pass, st)
	if file == nil {
		return ""
	}
	from, to := st.Pos(), st.End()
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Pos() <= st.Pos() && st.End() <= gd.End() {
			from = gd.Pos()
			if gd.Doc != nil {
				from = gd.Doc.Pos()
			}
		}
	}
	for _, g := range file.Comments {
		if g.Pos() < from || g.End() > to {
			continue
		}
		for _, c := range g.List {
			if m := orderWords.FindString(c.Text); m != "" {
				return fmt.Sprintf("the comment at %s says the order matters (%q)", pass.Fset.Position(c.Pos()), m)
			}
		}
	}
	return ""
}

// pinFirst pins the fields at the start of a struct whose comments say
// they must stay first (sync/atomic's 64-bit alignment on 32-bit
// GOARCHes is the usual reason), with the fields of the first run the
// comment names: client_golang's "valBits ... while valInt ... Both have
// to go first in the struct".
func pinFirst(s *layout.Struct, st *ast.StructType, fieldOf []int) {
	fields := st.Fields.List
	for i, f := range fields {
		text := ""
		for _, g := range []*ast.CommentGroup{f.Doc, f.Comment} {
			if g != nil {
				text += g.Text()
			}
		}
		if !firstWords.MatchString(text) {
			continue
		}
		// The comment covers its field and those it names, in the run
		// of fields declared from the start down to its field and on
		// without a blank line.
		named := func(j int) bool {
			for _, n := range fields[j].Names {
				if regexp.MustCompile(`\b` + regexp.QuoteMeta(n.Name) + `\b`).MatchString(text) {
					return true
				}
			}
			return false
		}
		last := i
		for j := i + 1; j < len(fields) && named(j); j++ {
			last = j
		}
		for k := range s.Members {
			if fieldOf[k] <= last {
				s.Members[k].Pinned = true
			}
		}
	}
}

// safeFix judges the proposal of r for target t of declaration d (r is
// what the checks found in its builds) against what the package depends
// on, and makes the fix when nothing stands in its way. A proposal that moves a field a 64-bit sync/atomic
// function takes off an 8-byte boundary on 32-bit GOARCHes is sought
// again with those fields pinned. It returns the result the diagnostics
// report (the one proposed again, if so), the fix, and why there is
// none.
func (ps *passState) safeFix(d *golayout.Decl, t *golayout.Target, builds []reorg.Build, r reorg.Result) (reorg.Result, []analysis.SuggestedFix, string) {
	if ps.blocks == nil {
		ps.blocks = ps.findBlockers(!ps.config.LoadWide)
	}
	b, s := ps.blocks, t.Struct
	tst, ok := d.Obj.Type().Underlying().(*types.Struct)
	if !ok {
		return r, nil, r.NoFix
	}
	key := layoutKey(ps.pass.Fset, tst)
	if why := cmp.Or(b.never[key], orderComment(ps.pass, d.Type)); why != "" {
		return r, nil, why
	}
	if r.Proposal == nil {
		return r, nil, r.NoFix
	}
	c := changeOf(ps.pass, tst, r.Proposal)
	if len(c.Misaligned) > 0 && b.blocked(&c) != "" {
		pinned := false
		for _, i := range c.Misaligned {
			for _, dep := range b.deps[key] {
				if dep.Kind == OnAlign8 && dep.Field == i && !s.Members[i].Pinned {
					for _, b := range builds {
						b.Struct.Members[i].Pinned = true
					}
					pinned = true
				}
			}
		}
		if pinned {
			why := b.blocked(&c)
			again := reorg.AnalyzeBuilds(builds, ps.config.Checks)
			if again.Proposal == nil {
				return r, nil, fmt.Sprintf("%s; with it kept in place, %s", why, again.NoFix)
			}
			r, c = again, changeOf(ps.pass, tst, again.Proposal)
		}
	}
	r, why := searchFix(t.Name, s, builds, ps.config.Checks, r, ps.fixPads(d, r.Proposal))
	if why != "" {
		return r, nil, why
	}
	c = changeOf(ps.pass, tst, r.Proposal)
	if why := b.blocked(&c); why != "" {
		return r, nil, why
	}
	fix, why := ps.reorderFix(d.Type, s, r.Proposal, d.FieldOf)
	if fix != nil {
		ps.result.Fixes[declKey(ps.pass.Fset, fix[0].TextEdits[0].Pos)] = c
	}
	return r, fix, why
}
