package analyzer

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
)

// FixChange is what a fix changes of a struct layout on the GOARCHes
// cachelint lays it out for: a Dependence on anything else still holds.
type FixChange struct {
	Layout string
	// Moved are the fields whose offset changes on some GOARCH, or that
	// the fix drops (separator pads).
	Moved []int
	// Misaligned are the fields 8-byte aligned on the 32-bit GOARCHes
	// that the fix moves off an 8-byte boundary there.
	Misaligned []int
	// Resized says whether the size or alignment changes on some GOARCH.
	Resized bool
}

// Breaks reports whether the fix changes what d depends on.
func (c *FixChange) Breaks(d Dependence) bool {
	if d.Layout != c.Layout {
		return false
	}
	switch d.Kind {
	case OnOffset:
		return slices.Contains(c.Moved, d.Field)
	case OnSize:
		return c.Resized
	case OnAlign8:
		return slices.Contains(c.Misaligned, d.Field)
	}
	return true
}

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

// LayoutUses is what a package depends on of struct layouts, its own and
// other packages': what the Uses pass finds, for a driver that decides
// fixes over every package of a load.
type LayoutUses struct {
	// Dependences are the places of the package that depend on a layout.
	Dependences []Dependence
	// Conversions are the values holding layouts the package converts to
	// interfaces or gives as type arguments; Flows, the values it
	// converts from one interface type to another; Sinks, the places
	// that look inside values they have as interfaces. A conversion
	// anywhere in the load that flows to a sink anywhere is a dependence
	// on the order.
	Conversions []Conversion
	Flows       []Flow
	Sinks       []Sink
	// Exposed says, by layout, how the package's own layouts reach other
	// packages: a fix needs all of those in the load.
	Exposed map[string]string
}

// Uses is the pass that finds a package's LayoutUses. cachelint runs it
// on every package of the load when the cachelint pass (with
// Config.LoadWide) offers fixes, and withholds those that change what a
// package depends on.
var Uses = &analysis.Analyzer{
	Name: "cachelintuses",
	Doc:  "what a package depends on of struct layouts, for cachelint -fix",
	URL:  "https://github.com/cachelint/cachelint",
	Run: func(pass *analysis.Pass) (any, error) {
		b := findBlockers(pass, false)
		return &LayoutUses{Dependences: b.uses.deps, Conversions: b.uses.conversions, Flows: b.uses.flows,
			Sinks: b.uses.sinks, Exposed: b.exposed}, nil
	},
	ResultType: reflect.TypeFor[*LayoutUses](),
}

// blockers are what a pass knows of the layouts its fixes change.
type blockers struct {
	// deps are the places of the package that depend on a layout, by
	// layout, in the order found.
	deps map[string][]Dependence
	// never says, by layout, why no fix of it may be offered: cgo, a
	// structs.HostLayout field.
	never map[string]string
	// unseen says, by layout, which other packages it reaches when the
	// driver sees one package at a time: no fix of it may be offered
	// then, since what they do with it is out of sight.
	unseen map[string]string
	// exposed says, by layout, how the package's layouts reach other
	// packages.
	exposed map[string]string
	uses    *uses
}

// findBlockers finds what stands in the way of changing the package's
// layouts. A pass sees one variant of a package: the package alone, with
// its _test.go files, or its external test package. A fix one variant
// offers is applied to the files every variant shares, so each pass also
// reads the files of the directory it was not given (tests, files of
// other build tags) for unkeyed literals, and for code that may depend
// on the layout in files not built for this GOOS and GOARCH.
//
// With onePackage, the driver sees one package at a time (go vet,
// golangci-lint, nogo), so a layout that reaches other packages keeps
// its order: what they do with it is out of sight.
func findBlockers(pass *analysis.Pass, onePackage bool) *blockers {
	u := findUses(pass)
	b := &blockers{deps: map[string][]Dependence{}, never: map[string]string{}, unseen: map[string]string{}, uses: u}
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
	add := func(obj *types.TypeName, why string) {
		key := layoutKey(pass.Fset, obj.Type().Underlying().(*types.Struct))
		b.deps[key] = append(b.deps[key], Dependence{Layout: key, Kind: OnOrder, Why: why})
	}
	for name, why := range unkeyedElsewhere(pass, structs, otherFiles(pass)) {
		add(structs[name], why)
	}
	outsideLiterals(pass, structs, add)
	b.exposed = exposure(pass, u)
	if onePackage {
		for key, how := range b.exposed {
			b.unseen[key] = fmt.Sprintf("%s; the driver checks one package at a time, so what other packages do with it is out of sight (cachelint -fix checks every package of the load together)", how)
		}
	}
	return b
}

// blocked says why a fix with change c may not be offered, "" if it may
// as far as the package shows.
func (b *blockers) blocked(c *FixChange) string {
	if why := b.never[c.Layout]; why != "" {
		return why
	}
	for _, d := range b.deps[c.Layout] {
		if c.Breaks(d) {
			return d.Why
		}
	}
	return b.unseen[c.Layout]
}

// exposure says how each layout of the package's own types reaches code
// of other packages: through the types of what the package exports
// (every field counts: reflection, unsafe and encoding/binary see the
// unexported ones too), or as a value converted to an interface, which
// may be handed to any code.
func exposure(pass *analysis.Pass, u *uses) map[string]string {
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
	for _, c := range u.conversions {
		for _, k := range c.Deep {
			if out[k] == "" {
				out[k] = fmt.Sprintf("%s, and may reach other packages that way", c.Why)
			}
		}
	}
	return out
}

// outsideLiterals blocks the struct types that code outside the packages
// analyzed may build with an unkeyed literal: those with an exported name
// and only exported fields (another package cannot list an unexported
// one). go vet's composites check reports such literals, but they compile,
// and a new order would change their values without a word. A main
// package has no importers. An internal package has them only in the tree
// above its internal directory, whose files are searched as the package's
// own directory is. Any other package may be imported by modules nobody
// here can see.
func outsideLiterals(pass *analysis.Pass, structs map[string]*types.TypeName, block func(*types.TypeName, string)) {
	if pass.Pkg.Name() == "main" {
		return
	}
	open := map[string]*types.TypeName{} // by the exported name others write
	byType := make(map[*types.Struct][]*types.TypeName, len(structs))
	for _, obj := range structs {
		st := obj.Type().Underlying().(*types.Struct)
		byType[st] = append(byType[st], obj)
	}
	for _, name := range pass.Pkg.Scope().Names() {
		tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok || st.NumFields() == 0 {
			continue
		}
		exported := true
		for f := range st.Fields() {
			exported = exported && f.Exported()
		}
		for _, obj := range byType[st] {
			if exported {
				open[name] = obj
			}
		}
	}
	if len(open) == 0 {
		return
	}
	root := internalRoot(pass)
	if root == "" {
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for n := range open {
				if !yield(n) {
					return
				}
			}
		}) {
			block(open[name], fmt.Sprintf("%s and all its fields are exported, so code importing %s that cachelint does not see may build it with an unkeyed literal, whose values a new order would change (go vet's composites check reports such literals, but they compile)", name, pass.Pkg.Path()))
		}
		return
	}
	for name, why := range unkeyedElsewhere(pass, open, importers(pass, root)) {
		block(open[name], why)
	}
}

// internalRoot is the directory of the tree that may import the package
// when its path has an internal element (the last one rules), "" when it
// has none.
func internalRoot(pass *analysis.Pass) string {
	elems := strings.Split(pass.Pkg.Path(), "/")
	i := slices.Index(elems, "internal")
	for j := i + 1; i >= 0 && j < len(elems); j++ {
		if elems[j] == "internal" {
			i = j
		}
	}
	if i < 0 || len(pass.Files) == 0 {
		return ""
	}
	dir := filepath.Dir(pass.Fset.Position(pass.Files[0].Package).Filename)
	for range len(elems) - i {
		dir = filepath.Dir(dir)
	}
	return dir
}

// importers lists the Go files under root, outside the pass, that import
// the package: those that may hold its literals.
func importers(pass *analysis.Pass, root string) []string {
	given := givenFiles(pass)
	var out []string
	fset := token.NewFileSet()
	filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory holds nothing to search
		}
		if e.IsDir() {
			if n := e.Name(); path != root && (n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || given[path] {
			return nil
		}
		f, _ := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if f == nil {
			return nil
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == pass.Pkg.Path() {
				out = append(out, path)
				break
			}
		}
		return nil
	})
	return out
}

// givenFiles are the names of the files of the pass, as written and as
// compiled (cgo's).
func givenFiles(pass *analysis.Pass) map[string]bool {
	given := map[string]bool{}
	for _, f := range pass.Files {
		given[pass.Fset.Position(f.Package).Filename] = true
		given[pass.Fset.File(f.Package).Name()] = true
	}
	return given
}

// otherFiles lists the Go files of the package's directories that the
// pass was not given: tests, external tests, files of other build tags.
func otherFiles(pass *analysis.Pass) []string {
	given := givenFiles(pass)
	dirs := map[string]bool{}
	for _, f := range pass.Files {
		dirs[filepath.Dir(pass.Fset.Position(f.Package).Filename)] = true
	}
	var out []string
	for _, dir := range slices.Sorted(func(yield func(string) bool) {
		for d := range dirs {
			if !yield(d) {
				return
			}
		}
	}) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			path := filepath.Join(dir, e.Name())
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") && !given[path] {
				out = append(out, path)
			}
		}
	}
	return out
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

// layoutImports are the packages through which code in a file the pass
// cannot type-check may depend on a layout it names.
var layoutImports = []string{`"unsafe"`, `"reflect"`, `"encoding/binary"`, `"encoding/json"`, `"encoding/gob"`, `"encoding/xml"`}

// unkeyedElsewhere searches the Go files paths, which the pass was not
// given, by syntax alone, for what depends on the order of the package's
// struct types (named in structs): unkeyed composite literals, T{...},
// &T{...}, pkg.T{...} in an importer, elements of []T{...} and
// map[K]T{...}, of T or of types defined from T in those files; and, in
// a file not built for this GOOS and GOARCH, any mention of T when the
// file imports unsafe, reflect or an encoding package, whose uses only a
// type-checker for that platform could judge. It returns the first
// reason for each type name.
func unkeyedElsewhere(pass *analysis.Pass, structs map[string]*types.TypeName, paths []string) map[string]string {
	if len(structs) == 0 {
		return nil
	}
	fset := token.NewFileSet()
	found := map[string]string{}
	names := make([][]byte, 0, len(structs))
	for name := range structs {
		names = append(names, []byte(name))
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// A file that does not spell a type's name cannot name it.
		if !slices.ContainsFunc(names, func(n []byte) bool { return bytes.Contains(src, n) }) {
			continue
		}
		f, _ := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if f == nil {
			continue // a file with syntax errors is still searched, one with none left is not
		}
		// How the file names the package's types: bare in the package
		// itself (or imported with a dot), qualified in an importer.
		qual := ""
		bare := f.Name.Name == pass.Pkg.Name()
		risky := ""
		for _, imp := range f.Imports {
			if slices.Contains(layoutImports, imp.Path.Value) && risky == "" {
				risky = imp.Path.Value
			}
			if path, _ := strconv.Unquote(imp.Path.Value); path == pass.Pkg.Path() {
				switch {
				case imp.Name == nil:
					qual = pass.Pkg.Name()
				case imp.Name.Name == ".":
					bare = true
				default:
					qual = imp.Name.Name
				}
			}
		}
		if !bare && qual == "" {
			continue
		}
		r := refs{bare: bare, qual: qual, names: structs, local: map[string]string{}}
		// Types the file defines from the package's: type L T, type L = T.
		for changed := true; changed; {
			changed = false
			ast.Inspect(f, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				if orig := r.structOf(ts.Type); orig != "" && r.local[ts.Name.Name] == "" {
					r.local[ts.Name.Name] = orig
					changed = true
				}
				return true
			})
		}
		note := func(name, why string) {
			if _, seen := found[name]; !seen {
				found[name] = why
			}
		}
		var visit func(lit *ast.CompositeLit, typ ast.Expr)
		visit = func(lit *ast.CompositeLit, typ ast.Expr) {
			if lit.Type != nil {
				typ = lit.Type
			}
			if orig := r.structOf(typ); orig != "" && unkeyed(lit) {
				note(orig, orderReason(fset.Position(lit.Pos())))
			}
			elem := elemType(typ)
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.CompositeLit); ok && k.Type == nil {
						if m, ok := typ.(*ast.MapType); ok {
							visit(k, m.Key)
						}
					}
					e = kv.Value
				}
				if inner, ok := e.(*ast.CompositeLit); ok && inner.Type == nil && elem != nil {
					visit(inner, elem)
				}
				if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if inner, ok := u.X.(*ast.CompositeLit); ok && inner.Type == nil && elem != nil {
						visit(inner, elem)
					}
				}
			}
		}
		unbuilt := risky != "" && !builtHere(path)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if n.Type != nil {
					visit(n, nil)
				}
			case *ast.Ident, *ast.SelectorExpr:
				if orig := r.structOf(n.(ast.Expr)); orig != "" && unbuilt {
					note(orig, fmt.Sprintf("%s, which imports %s, uses it at %s and is not built for %s/%s, so cachelint cannot judge how",
						filepath.Base(path), risky, fset.Position(n.Pos()), build.Default.GOOS, build.Default.GOARCH))
				}
			}
			return true
		})
	}
	return found
}

// builtHere reports whether the build constraints of a Go file (its name
// and //go:build line) admit it for the default GOOS and GOARCH.
func builtHere(path string) bool {
	ok, err := build.Default.MatchFile(filepath.Dir(path), filepath.Base(path))
	return ok || err != nil
}

// refs says how one file names the package's struct types.
type refs struct {
	bare  bool   // as T: the file is in the package or dot-imports it
	qual  string // as qual.T: the file imports the package under this name
	names map[string]*types.TypeName
	local map[string]string // types the file defines from them, to the one
}

// structOf returns the package's struct type that type expression e names,
// through pointers, parentheses and type arguments, or "".
func (r *refs) structOf(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.IndexExpr: // an instance of a generic type
			e = x.X
			continue
		case *ast.IndexListExpr:
			e = x.X
			continue
		case *ast.Ident:
			if orig := r.local[x.Name]; orig != "" {
				return orig
			}
			if r.bare && r.names[x.Name] != nil {
				return x.Name
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && r.qual != "" && id.Name == r.qual && r.names[x.Sel.Name] != nil {
				return x.Sel.Name
			}
		}
		return ""
	}
}

// elemType is the type of the elements of an array, slice or map type
// expression, which unkeyed element literals leave out; nil for others.
func elemType(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.ArrayType:
			return x.Elt
		case *ast.MapType:
			return x.Value
		}
		return nil
	}
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
func (ps *passState) safeFix(d *golayout.Decl, t *golayout.Target, builds []layout.Build, r layout.Result) (layout.Result, []analysis.SuggestedFix, string) {
	if ps.blocks == nil {
		ps.blocks = findBlockers(ps.pass, !ps.config.LoadWide)
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
			again := layout.AnalyzeBuilds(builds, ps.config.Checks)
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
