package golayout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// Package lays out the struct types of one type-checked package.
type Package struct {
	Fset  *token.FileSet
	Types *types.Package
	Info  *types.Info
	// Sizes are gc's for the target (types.SizesFor("gc", GOARCH)).
	Sizes types.Sizes
	// Checks are those whose names and kinds ignore directives accept.
	Checks []*layout.Check
	// HotFile holds the directives of a hot file by the type they name
	// (LoadHotFile), nil when there is none.
	HotFile map[string]*hotfile.Set
	// Profiled holds the hot marks profiles give fields no annotation and
	// no hot file says anything of, by the type they name (TypeKey) and
	// field name; nil for none.
	Profiled map[string]map[string]*Profiled
	// Files are the package's files, where calls of sync/atomic's
	// functions make the fields they update atomic; nil for none.
	Files []*ast.File

	// atomics are the fields Files update through sync/atomic, found
	// for the first struct laid out.
	atomics map[*types.Var]int64
}

// atomicsFound are the fields the package's files update through
// sync/atomic's functions.
func (p *Package) atomicsFound() map[*types.Var]int64 {
	if p.atomics == nil {
		p.atomics = atomicFields(p.Files, p.Info, p.Sizes)
	}
	return p.atomics
}

// Decl is a struct type declaration laid out: as declared, or, when its
// layout depends on its type arguments, once per instantiation the package
// uses. Each target is ready for its hot marks from other sources, then
// Target.Prepare.
type Decl struct {
	Obj  *types.TypeName
	Spec *ast.TypeSpec
	Type *ast.StructType
	File *ast.File
	// Targets are the layouts, the declared one first; none for a
	// generic type the package does not instantiate.
	Targets []*Target
	// Generic says, when Targets are instantiations, that no order of
	// the declaration suits them all: "" when they are the declaration.
	Generic string
	// FieldOf maps each member to its field in Type.Fields.List, and Pos
	// to where its name is declared.
	FieldOf []int
	Pos     []token.Pos
	// Annotated is, by field of Type.Fields.List, the hot mark its
	// //cachelint:hot gives its names, nil for none.
	Annotated []*layout.Hot
	// Problems are the annotations that cannot be applied, once each.
	Problems []Problem
}

// TypeKey names a named type across the packages of a load, which each
// have their own types.Object for it: its package path and name
// (PKGPATH.TYPE), and for a type declared in a function, which no other
// code names, its position in fset.
func TypeKey(fset *token.FileSet, obj *types.TypeName) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	key := obj.Pkg().Path() + "." + obj.Name()
	if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
		key += "@" + fset.Position(obj.Pos()).String()
	}
	return key
}

// Profiled is the hot mark a profile gives a field, and where it comes
// from, for a finding to say.
type Profiled struct {
	Hot layout.Hot
	// Profiles are the profiles' files, Share the field's share of their
	// samples (written: of those writing it, when Hot.Write).
	Profiles []string
	Share    float64
	// Funcs are the functions whose sampled lines credit the field, most
	// samples first.
	Funcs []string
	// Parts are, for a field whose type is a struct held in place, the
	// fields in it the sampled lines select, with their marks; nil when
	// they use it whole.
	Parts []ProfiledPart
}

// ProfiledPart is a field inside a struct-typed field that a profile marks:
// its path of field names from the field ("a.b") and its mark.
type ProfiledPart struct {
	Path string
	Hot  layout.Hot
}

// HotParts are the parts of a member of type t that parts name, laid out
// by sizes (layout.Member.Parts): those a path of t's fields reaches.
func HotParts(t types.Type, parts []ProfiledPart, sizes types.Sizes) []layout.HotPart {
	var out []layout.HotPart
	for _, pp := range parts {
		at, typ, ok := int64(0), t, true
		for name := range strings.SplitSeq(pp.Path, ".") {
			st, isStruct := typ.Underlying().(*types.Struct)
			if !isStruct {
				ok = false
				break
			}
			fields := slices.Collect(st.Fields())
			i := slices.IndexFunc(fields, func(f *types.Var) bool { return f.Name() == name })
			if i < 0 {
				ok = false
				break
			}
			at += sizes.Offsetsof(fields)[i]
			typ = fields[i].Type()
		}
		if ok {
			h := pp.Hot
			out = append(out, layout.HotPart{Name: pp.Path, Offset: at, Size: sizes.Sizeof(typ), Hot: &h})
		}
	}
	return out
}

// Target is one layout of a declaration.
type Target struct {
	Name   string
	Struct *layout.Struct
	// Profiled is, by member, the profile's mark a member's hotness comes
	// from; nil for a member annotated, named by the hot file, or cold.
	Profiled []*Profiled
	// separators are the Go source's evidence of separator pads.
	separators layout.Separators
}

// Prepare makes t's struct ready for the checks (layout.Prepare), once
// every hot mark is on it.
func (t *Target) Prepare() error { return layout.Prepare(t.Struct, t.separators) }

// Decl lays out the struct type ts declares, in the file ds reads, in the
// declaration gd, with its annotations and those the hot file gives its
// type. With all false, it returns nil for a type with no annotation in
// which the checks could find nothing (no atomic, no pad): most types are,
// and they need no layout. An error means the pass cannot go on.
func (p *Package) Decl(ds *Directives, gd *ast.GenDecl, ts *ast.TypeSpec, all bool) (*Decl, error) {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return nil, nil
	}
	obj, _ := p.Info.Defs[ts.Name].(*types.TypeName)
	if obj == nil {
		return nil, nil
	}
	generic, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	typeDoc := ts.Doc
	if typeDoc == nil && !gd.Lparen.IsValid() {
		typeDoc = gd.Doc
	}
	typeDirs := ds.in(typeDoc)
	qualified := p.Types.Path() + "." + ts.Name.Name
	fromFile := p.HotFile[qualified]
	annotated := len(typeDirs) > 0 || fromFile != nil
	profiled := p.Profiled[TypeKey(p.Fset, obj)]
	var fieldDirs [][]*directive
	if len(ds.all) > 0 {
		fieldDirs = ds.fields(st)
		for _, d := range fieldDirs {
			annotated = annotated || len(d) > 0
		}
	}
	if !all && !annotated && profiled == nil && !p.mayFind(generic) {
		return nil, nil
	}
	if fieldDirs == nil {
		fieldDirs = make([][]*directive, len(st.Fields.List))
	}
	d := &Decl{Obj: obj, Spec: ts, Type: st, File: ds.file}
	reported := map[Problem]bool{}
	problem := func(pos token.Pos, msg string) {
		// Once, not once per instantiation.
		if pr := (Problem{pos, msg}); !reported[pr] {
			reported[pr] = true
			d.Problems = append(d.Problems, pr)
		}
	}
	ds.use(typeDirs)
	for _, fd := range fieldDirs {
		ds.use(fd)
	}

	// A generic type whose layout does not depend on its type parameters
	// (they appear behind pointers, slices, maps...) is laid out as
	// declared; one whose layout does, per instantiation the package
	// uses.
	targets := []instance{{ts.Name.Name, generic}}
	if dependsOnTypeParams(generic) {
		d.Generic = "the layout depends on the type arguments, and an order for one instantiation may not suit another"
		targets = p.instantiations(obj)
		if len(targets) == 0 {
			if annotated {
				what := "depends on type parameters"
				if ts.TypeParams != nil {
					what = "is generic: its layout depends on its type arguments"
				}
				problem(ts.Name.Pos(), fmt.Sprintf("%s %s, so cachelint does not check it", ts.Name.Name, what))
			}
			// Read for Annotated; the fields' problems are moot.
			d.Annotated = make([]*layout.Hot, len(st.Fields.List))
			for i, fld := range st.Fields.List {
				d.Annotated[i], _ = fieldHotPin(fld, fieldDirs[i], func(token.Pos, string) {})
			}
			return d, nil
		}
	}
	d.Annotated = make([]*layout.Hot, len(st.Fields.List))
	pins := make([]bool, len(st.Fields.List))
	for i, fld := range st.Fields.List {
		d.Annotated[i], pins[i] = fieldHotPin(fld, fieldDirs[i], problem)
	}
	for _, in := range targets {
		t, err := p.target(d, in, typeDirs, pins, fromFile, profiled, qualified, problem)
		if err != nil {
			return nil, err
		}
		d.Targets = append(d.Targets, t)
	}
	return d, nil
}

// instance is a struct type to lay out, by the name it is reported as.
type instance struct {
	name string
	st   *types.Struct
}

// instantiations lists the instantiations of the generic type obj that
// the package uses with type arguments that have a layout, by name.
func (p *Package) instantiations(obj *types.TypeName) []instance {
	var out []instance
	seen := map[string]bool{}
	qual := types.RelativeTo(p.Types)
	for _, inst := range p.Info.Instances {
		n, ok := inst.Type.(*types.Named)
		if !ok || n.Origin().Obj() != obj {
			continue
		}
		st, ok := n.Underlying().(*types.Struct)
		name := types.TypeString(n, qual)
		if !ok || seen[name] || dependsOnTypeParams(st) {
			continue
		}
		seen[name] = true
		out = append(out, instance{name, st})
	}
	slices.SortFunc(out, func(a, b instance) int { return strings.Compare(a.name, b.name) })
	return out
}

// target lays out one instance of declaration d and applies the
// annotations: the fields' hot marks and pins, the type directives, the
// hot file.
func (p *Package) target(d *Decl, in instance, typeDirs []*directive, pins []bool, fromFile *hotfile.Set, profiled map[string]*Profiled,
	qualified string, problem func(token.Pos, string)) (*Target, error) {
	s := structLayout(in.name, in.st, p.Sizes, types.RelativeTo(p.Types))
	for i := range s.Members {
		if w := p.atomicsFound()[in.st.Field(i)]; w > 0 && s.Members[i].Atomic == 0 {
			s.Members[i].Atomic = w
		}
	}
	heap, err := goHeap(p.Sizes.Sizeof(types.Typ[types.UnsafePointer]))
	if err != nil {
		return nil, err
	}
	s.Heap, s.Pointers = heap, HasPointers(in.st)
	pos := p.Fset.Position(d.Spec.Pos())
	s.DeclFile, s.DeclLine = pos.Filename, pos.Line

	// Map each ast field to its members; names declared together stay
	// together when reordered.
	fieldOf := make([]int, 0, len(s.Members))
	posOf := make([]token.Pos, 0, len(s.Members))
	k := 0
	for i, fld := range d.Type.Fields.List {
		n := max(1, len(fld.Names))
		for j := range n {
			m := &s.Members[k]
			if n > 1 {
				m.Unit = i + 1
			}
			at := fld.Pos()
			if len(fld.Names) > 0 {
				at = fld.Names[j].Pos()
			}
			p := p.Fset.Position(at)
			m.DeclFile, m.DeclLine = p.Filename, p.Line
			posOf = append(posOf, at)
			fieldOf = append(fieldOf, i)
			k++
		}
		if hot := d.Annotated[i]; hot != nil {
			for j := k - n; j < k; j++ {
				h := *hot
				h.Paths = slices.Clone(hot.Paths)
				s.Members[j].Hot = &h
			}
		}
		for j := k - n; j < k && pins[i]; j++ {
			s.Members[j].Pinned = true
		}
	}
	d.FieldOf, d.Pos = fieldOf, posOf
	for _, dir := range typeDirs {
		if err := typeDirective(s, dir, p.Checks); err != nil {
			problem(dir.c.Pos(), err.Error())
		}
	}
	if fromFile != nil {
		if err := applyHotFile(fromFile, s, qualified); err != nil {
			problem(d.Spec.Name.Pos(), err.Error())
		}
	}
	var fromProfile []*Profiled
	for i := range s.Members {
		// Annotations and the hot file win where they mark a field.
		m := &s.Members[i]
		if pr := profiled[m.Name]; pr != nil && m.Hot == nil && m.Name != "_" {
			if fromProfile == nil {
				fromProfile = make([]*Profiled, len(s.Members))
			}
			h := pr.Hot
			h.Paths = slices.Clone(h.Paths)
			m.Hot, fromProfile[i] = &h, pr
			m.Parts = HotParts(in.st.Field(i).Type(), pr.Parts, p.Sizes)
		}
	}
	seps := separators(d.Type, fieldOf)
	if d.File != nil && Generated(d.File) {
		// A generated file's blank arrays are its source's: an ABI's
		// reserved areas, which nothing here can resize.
		seps = func(*layout.Struct, int) bool { return false }
	}
	return &Target{Name: in.name, Struct: s, Profiled: fromProfile, separators: seps}, nil
}

// fieldHotPin reads the hot and pin directives of field fld.
func fieldHotPin(fld *ast.Field, dirs []*directive, problem func(token.Pos, string)) (hot *layout.Hot, pin bool) {
	marker := ""
	for _, name := range fld.Names {
		if layout.IsGroupMarker(name.Name) {
			marker = name.Name
		}
	}
	for _, d := range dirs {
		if marker != "" && (d.verb == "hot" || d.verb == "pin") {
			problem(d.c.Pos(), fmt.Sprintf("%s is a cacheline group marker, not a field: mark the group's members (pinning one keeps the group where it is)", marker))
			continue
		}
		if d.verb == "pin" {
			switch err := layout.ParsePin(d.args); {
			case err != nil:
				problem(d.c.Pos(), err.Error())
			case pin:
				problem(d.c.Pos(), "duplicate //cachelint:pin on one field")
			}
			pin = true
			continue
		}
		h, err := fieldHot(d)
		switch {
		case err != nil:
			problem(d.c.Pos(), err.Error())
		case hot != nil:
			problem(d.c.Pos(), "duplicate //cachelint:hot on one field")
		default:
			hot = h
		}
	}
	return hot, pin
}

// mayFind reports whether the checks can find anything in st without
// annotations: the built-in ones report only split locks and padding that
// fails its purpose then, so a struct with neither an atomic nor a
// padding field needs no layout, unless a check says it may
// (layout.Check.Unannotated).
func (p *Package) mayFind(st *types.Struct) bool {
	if slices.ContainsFunc(p.Checks, func(c *layout.Check) bool { return c.Unannotated }) {
		return true
	}
	for f := range st.Fields() {
		if atomicWidth(f.Type(), p.Sizes) > 0 || p.atomicsFound()[f] > 0 || isPadding(f) {
			return true
		}
	}
	return false
}

// cacheLineWords are what people write near a pad meant to keep fields on
// different cache lines.
var cacheLineWords = regexp.MustCompile(`(?i)cache.?line|false.?shar|separat|isolat`)

// separators is the Go source's evidence of separator pads (Prepare): of
// the members laid out as padding (a blank or pad-named array, a pad
// type), those evidently meant to separate fields onto different lines: a
// cache-line pad type, a length computed from a cache-line size, a comment
// saying so (whatever the pad's size), a pad of any size between two
// atomic or two written hot fields, or a literal-sized pad of 32 bytes or
// more between two fields that ends on a 64-byte boundary (the
// hand-computed `_ [56]byte`); and a pad ending a percpu type, which can
// only be for its neighbours. Other blank arrays size a struct for an ABI,
// a size class or pointer tagging; they stay ordinary fields, which the
// reorganizer keeps.
func separators(st *ast.StructType, fieldOf []int) layout.Separators {
	return func(s *layout.Struct, i int) bool {
		m := &s.Members[i]
		if !m.Padding {
			return false
		}
		if s.PerCPU && i == len(s.Members)-1 {
			return true
		}
		fld := st.Fields.List[fieldOf[i]]
		evident, literal := false, false
		if at, ok := fld.Type.(*ast.ArrayType); ok {
			evident = cacheLineWords.MatchString(types.ExprString(at.Len))
			_, literal = at.Len.(*ast.BasicLit)
		}
		for _, g := range []*ast.CommentGroup{fld.Doc, fld.Comment} {
			evident = evident || g != nil && cacheLineWords.MatchString(g.Text())
		}
		return evident || padEvident(s, i, literal)
	}
}

// padEvident is what a pad's place and size say of whether it separates,
// whatever its comments and length expression: a cache-line pad type, a
// literal-sized pad (literal) of 32 bytes or more between two fields that
// ends on a 64-byte boundary, a pad of any size between two atomic or
// written hot fields, or of 32 bytes or more beside one, shorter ones
// being alignment filler.
func padEvident(s *layout.Struct, i int, literal bool) bool {
	m := &s.Members[i]
	between := i > 0 && i < len(s.Members)-1 && !s.Members[i-1].Padding && !s.Members[i+1].Padding
	return strings.Contains(m.Type, "CacheLine") ||
		literal && between && m.Size >= 32 && m.End()%64 == 0 ||
		s.BetweenWriters(i) || m.Size >= 32 && s.BesideWriter(i)
}

// FixPads is, for the pads a fix adds to a struct's declaration, the
// evidence a run after the fix would find that each separates, so that
// the fix is judged on the struct as that run would model it. A fix
// writes a pad with no comment: as [N]byte when unit is "", else in terms
// of the constant unit of the given value ([2*cacheLineSize - 16]byte),
// or, typed, as whole pads of type unit of that size ([2]cpu.CacheLinePad)
// where they fit and as [N]byte where they do not.
func FixPads(unit string, value int64, typed bool) layout.Separators {
	return func(s *layout.Struct, i int) bool {
		m := &s.Members[i]
		switch {
		case unit == "" || value <= 0 || typed && m.Size%value != 0:
			return padEvident(s, i, true)
		case typed:
			return strings.Contains(unit, "CacheLine") || padEvident(s, i, false)
		}
		return cacheLineWords.MatchString(unit) || padEvident(s, i, false)
	}
}

// declaredTypes are the type names p declares, at any level, by whether
// each is a struct type.
func (p *Package) declaredTypes() map[string]bool {
	out := map[string]bool{}
	for _, obj := range p.Info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.Pkg() != p.Types || tn.IsAlias() {
			continue
		}
		if _, param := tn.Type().(*types.TypeParam); param {
			continue
		}
		_, isStruct := tn.Type().Underlying().(*types.Struct)
		out[tn.Name()] = out[tn.Name()] || isStruct
	}
	return out
}

// HotFileNames says which names of the hot file, as far as p can tell,
// match nothing: a type named with p's path that p does not declare as a
// struct type, and one named with no package path that p declares. Under
// go vet, which checks one package at a time, these are all a package can
// tell; a package path that names no package checked only the driver that
// sees them all can tell (UnknownHotFilePackages). inTests says whether
// the package's test files declare a type, for the variant of the
// package without them (nil for one with them): the variant with them
// says what it lacks. Each is said once, at the
// first line naming the type.
func (p *Package) HotFileNames(inTests func(name string) bool) []input.Warning {
	if len(p.HotFile) == 0 {
		return nil
	}
	var declared map[string]bool
	var out []lineProblem
	for _, key := range slices.Sorted(maps.Keys(p.HotFile)) {
		pkgPath, name := splitType(key)
		if pkgPath != p.Types.Path() && pkgPath != "" {
			continue
		}
		if declared == nil {
			declared = p.declaredTypes()
		}
		at := firstLine(p.HotFile[key])
		isStruct, ok := declared[name]
		switch {
		case pkgPath == "" && ok:
			out = append(out, lineProblem{at, fmt.Sprintf("%s names no package: a Go type is PKGPATH.TYPE; did you mean %s.%s?", key, p.Types.Path(), name)})
		case pkgPath == "":
		case !ok && inTests != nil && inTests(name):
		case !ok:
			structs := func(yield func(string) bool) {
				for n, s := range declared {
					if s && !yield(n) {
						return
					}
				}
			}
			msg := fmt.Sprintf("%s declares no type %s", pkgPath, name)
			if s := hotfile.Suggest(name, sortedSeq(structs)); s != "" {
				msg += fmt.Sprintf("; did you mean %s.%s?", pkgPath, s)
			}
			out = append(out, lineProblem{at, msg})
		case !isStruct:
			out = append(out, lineProblem{at, fmt.Sprintf("%s.%s is not a struct type", pkgPath, name)})
		}
	}
	return sortedProblems(out)
}
