// Package analyzer is cachelint's go/analysis pass: it lays out each struct
// type as the gc compiler does, reads //cachelint: annotations, runs the
// layout checks and offers the reorganized field order as a fix.
package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
)

const doc = `report struct layouts that cost cache misses

cachelint lays out every struct type as the gc compiler does for the target
GOARCH and checks it against //cachelint: annotations:

	//cachelint:hot [write] [path=NAME,...]   on a field: read-mostly (or written) on a fast path
	//cachelint:percpu                        on a type: one value per core in an array or slice
	//cachelint:budget [path=NAME] lines=N    on a type: the hot fields must fit in N lines
	//cachelint:ignore [check,...] reason     on a type: silence checks

A hot file (-hotfile FILE, lines such as "example.com/pkg.Device.mtu hot",
as cachelint profile -o writes it) adds to them for code that should not
carry comments. Types with no annotations are checked only for padding.
Findings of %s come with a fix that reorders the fields,
keeping every comment. The checks (the diagnostic category; cachelint help
CHECK says more):
`

// docWithRules is doc with one line per rule.
func docWithRules() string {
	var b strings.Builder
	var fixed []string
	for _, c := range layout.Checks {
		if c.Reorders() {
			fixed = append(fixed, c.Name)
		}
	}
	fmt.Fprintf(&b, doc, strings.Join(fixed[:len(fixed)-1], ", ")+" and "+fixed[len(fixed)-1])
	for _, r := range layout.Rules {
		fmt.Fprintf(&b, "\n\t%-11s %s", r.Name, r.Summary)
	}
	return b.String()
}

// Analyzer is the cachelint pass.
var Analyzer = &analysis.Analyzer{
	Name: "cachelint",
	Doc:  docWithRules(),
	URL:  "https://github.com/cachelint/cachelint",
	Run:  run,

	ResultType: reflect.TypeFor[*Result](),
}

// Result is what a pass tells a driver that applies fixes to several
// packages at once (cachelint -fix): which struct each fix reorders, and
// which structs of other packages this one depends on the field order of.
// Structs are named by where their type name is declared,
// "FILE:LINE:COLUMN", the same in every package of a load.
type Result struct {
	// Reorders maps the position of each fix's edit to the struct it
	// reorders.
	Reorders map[string]string
	// OrderDependent maps structs declared in other packages to why this
	// package depends on their field order. It is filled only when
	// CollectOrderDependence is set.
	OrderDependent map[string]string
}

// CollectOrderDependence makes each pass look for unkeyed literals of
// other packages' structs, for Result.OrderDependent.
var CollectOrderDependence bool

// declKey names a type by where it is declared.
func declKey(fset *token.FileSet, pos token.Pos) string {
	return fset.Position(pos).String()
}

// lineSizes is the -line flag: one or more cache-line sizes.
type lineSizes []int64

func (l *lineSizes) String() string {
	var s []string
	for _, n := range *l {
		s = append(s, strconv.FormatInt(n, 10))
	}
	return strings.Join(s, ",")
}

func (l *lineSizes) Set(v string) error {
	var out lineSizes
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return fmt.Errorf("bad line size %q", f)
		}
		if err := layout.CheckLineSize(n); err != nil {
			return err
		}
		out = append(out, n)
	}
	*l = out
	return nil
}

var lines lineSizes

func init() {
	Analyzer.Flags.Var(&lines, "line", "cache-line sizes in bytes, comma-separated (default: GOARCH's, as internal/cpu has it)")
}

// lineSizesFor returns the sizes to check at.
func lineSizesFor() []int64 {
	if len(lines) > 0 {
		return lines
	}
	return []int64{layout.DefaultLineSize(build.Default.GOARCH)}
}

func run(pass *analysis.Pass) (any, error) {
	// go vet and golangci-lint print diagnostics in the order they are
	// reported; the checks find them struct by struct, check by check.
	// Report them in position order.
	emit := pass.Report
	var diags []analysis.Diagnostic
	pass.Report = func(d analysis.Diagnostic) { diags = append(diags, d) }
	defer func() {
		pass.Report = emit
		slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) })
		for _, d := range diags {
			emit(d)
		}
	}()
	ps := &passState{pass: pass, lines: lineSizesFor(), result: &Result{Reorders: map[string]string{}}}
	var err error
	if ps.hotFile, err = hotFileSets(); err != nil {
		return nil, err
	}
	if CollectOrderDependence {
		ps.result.OrderDependent = map[string]string{}
		for obj, why := range ps.blockers() {
			if obj.Pkg() != pass.Pkg {
				ps.result.OrderDependent[declKey(pass.Fset, obj.Pos())] = why
			}
		}
	}
	local := localTypeNames(pass)
	for _, f := range pass.Files {
		ds, bad := directives(f)
		for _, b := range bad {
			report(pass, b.pos, "annotation", b.msg)
		}
		used := map[*ast.Comment]bool{}
		visit := func(gd *ast.GenDecl) {
			if gd.Tok != token.TYPE {
				return
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				typeDoc := ts.Doc
				if typeDoc == nil && !gd.Lparen.IsValid() {
					typeDoc = gd.Doc
				}
				ps.checkStruct(ds, used, typeDoc, ts, st)
			}
		}
		for _, d := range f.Decls {
			if local.within(d) {
				// A struct type declared in a function: walk the
				// declaration to find it.
				ast.Inspect(d, func(n ast.Node) bool {
					if gd, ok := n.(*ast.GenDecl); ok {
						visit(gd)
					}
					return true
				})
			} else if gd, ok := d.(*ast.GenDecl); ok {
				visit(gd)
			}
		}
		if len(ds) == 0 {
			continue
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if d := ds[c]; d != nil && !used[c] {
					report(pass, c.Pos(), "annotation", fmt.Sprintf("misplaced //cachelint:%s: directives go in the doc comment of a struct type or on a field of one", d.verb))
				}
			}
		}
	}
	if ps.err != nil {
		return nil, ps.err
	}
	return ps.result, nil
}

// passState holds what one pass computes at most once, on demand.
type passState struct {
	pass  *analysis.Pass
	lines []int64
	// hotFile are the -hotfile directives by the type they name.
	hotFile map[string]*hotfile.Set
	// blocks is fixBlockers' result, computed for the first struct with
	// findings: most packages have none.
	blocks map[*types.TypeName]string
	// offsets are the unsafe.Offsetof uses of the package's types, which
	// block a fix that moves the field.
	offsets map[*types.TypeName][]offsetUse
	// src caches the files reorderFix reads.
	src    map[string][]byte
	result *Result
	// err is the first error that stops the pass.
	err error
}

func (ps *passState) blockers() map[*types.TypeName]string {
	if ps.blocks == nil {
		ps.blocks, ps.offsets = fixBlockers(ps.pass)
	}
	return ps.blocks
}

// fixBlocked says why the field order of obj, laid out as s, must stay, ""
// if it may change.
func (ps *passState) fixBlocked(obj *types.TypeName, s *layout.Struct) string {
	if why := ps.blockers()[obj]; why != "" {
		return why
	}
	for _, u := range ps.offsets[obj] {
		if u.field >= len(s.Members) || !s.Members[u.field].Pinned {
			return u.why
		}
	}
	return ""
}

// readFile reads a file of the package once.
func (ps *passState) readFile(name string) ([]byte, error) {
	if src, ok := ps.src[name]; ok {
		return src, nil
	}
	src, err := ps.pass.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if ps.src == nil {
		ps.src = map[string][]byte{}
	}
	ps.src[name] = src
	return src, nil
}

// localTypes are the positions of the type names declared inside
// functions (or function literals anywhere), sorted.
type localTypes []token.Pos

// localTypeNames finds, from the type checker's definitions, where types
// are declared below the top level of a file, so that only the top-level
// declarations holding them need a walk of every node.
func localTypeNames(pass *analysis.Pass) localTypes {
	var out localTypes
	top := pass.Pkg.Scope()
	for id, obj := range pass.TypesInfo.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.Parent() == top {
			continue
		}
		if _, ok := tn.Type().(*types.TypeParam); ok {
			continue
		}
		out = append(out, id.Pos())
	}
	slices.Sort(out)
	return out
}

// within reports whether a type is declared inside n.
func (l localTypes) within(n ast.Node) bool {
	if len(l) == 0 {
		return false
	}
	i, _ := slices.BinarySearch(l, n.Pos())
	return i < len(l) && l[i] < n.End()
}

func report(pass *analysis.Pass, pos token.Pos, category, msg string) {
	pass.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: msg})
}

// checkStruct builds the model of one struct type declaration, applies its
// annotations and reports what the checks find.
func (ps *passState) checkStruct(ds map[*ast.Comment]*directive, used map[*ast.Comment]bool,
	typeDoc *ast.CommentGroup, ts *ast.TypeSpec, st *ast.StructType) {
	pass := ps.pass
	obj, _ := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
	if obj == nil {
		return
	}
	typeDirs := in(ds, typeDoc)
	var fieldDirs [][]*directive
	qualified := pass.Pkg.Path() + "." + ts.Name.Name
	fromFile := ps.hotFile[qualified]
	annotated := len(typeDirs) > 0 || fromFile != nil
	if ds != nil {
		fieldDirs = fieldDirectives(ds, pass.Fset.File(st.Pos()), fileOf(pass, st), st)
		for _, d := range fieldDirs {
			annotated = annotated || len(d) > 0
		}
	}
	markUsed := func(d []*directive) {
		for _, x := range d {
			used[x.c] = true
		}
	}
	generic, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return
	}
	if !annotated && !mayFind(generic, pass.TypesSizes) {
		return
	}
	if fieldDirs == nil {
		fieldDirs = make([][]*directive, len(st.Fields.List))
	}
	// A generic type whose layout does not depend on its type parameters
	// (they appear behind pointers, slices, maps...) is checked as
	// declared; one whose layout does, per instantiation the package uses,
	// with no fix, since the order serves every instantiation.
	targets := []target{{ts.Name.Name, generic}}
	if dependsOnTypeParams(generic) {
		targets = instantiations(pass, obj)
		if len(targets) == 0 {
			if annotated {
				markUsed(typeDirs)
				for _, d := range fieldDirs {
					markUsed(d)
				}
				what := "depends on type parameters"
				if ts.TypeParams != nil {
					what = "is generic: its layout depends on its type arguments"
				}
				report(pass, ts.Name.Pos(), "annotation", fmt.Sprintf("%s %s, so cachelint does not check it", ts.Name.Name, what))
			}
			return
		}
	}
	reported := map[string]bool{}
	report := func(pass *analysis.Pass, pos token.Pos, category, msg string) {
		// Annotation errors once, not once per instantiation.
		if key := fmt.Sprint(pos, msg); !reported[key] {
			reported[key] = true
			report(pass, pos, category, msg)
		}
	}
	for _, tg := range targets {
		ps.checkTarget(tg, targets[0].st == generic, obj, st, ts, typeDirs, fieldDirs, markUsed, fromFile, qualified, report)
	}
}

// target is one layout of a struct type declaration: the type itself, or
// an instantiation of a generic one.
type target struct {
	name string
	st   *types.Struct
}

// instantiations lists the instantiations of the generic type obj that
// the package uses with type arguments that have a layout, by name.
func instantiations(pass *analysis.Pass, obj *types.TypeName) []target {
	var out []target
	seen := map[string]bool{}
	qual := types.RelativeTo(pass.Pkg)
	for _, inst := range pass.TypesInfo.Instances {
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
		out = append(out, target{name, st})
	}
	slices.SortFunc(out, func(a, b target) int { return strings.Compare(a.name, b.name) })
	return out
}

// checkTarget lays out one target of a struct type declaration, applies
// the annotations and reports what the checks find; fixable says whether
// a reordering of the declaration may be offered.
func (ps *passState) checkTarget(tg target, fixable bool, obj *types.TypeName, st *ast.StructType, ts *ast.TypeSpec,
	typeDirs []*directive, fieldDirs [][]*directive, markUsed func([]*directive), fromFile *hotfile.Set, qualified string,
	report func(*analysis.Pass, token.Pos, string, string)) {
	pass := ps.pass
	tst := tg.st
	s := structLayout(tg.name, tst, pass.TypesSizes, types.RelativeTo(pass.Pkg))
	heap, err := goHeap(pass.TypesSizes.Sizeof(types.Typ[types.UnsafePointer]))
	if err != nil {
		ps.err = cmp.Or(ps.err, err)
		return
	}
	s.Heap, s.Pointers = heap, hasPointers(tst)
	pos := pass.Fset.Position(ts.Pos())
	s.DeclFile, s.DeclLine = pos.Filename, pos.Line

	// Map each ast field to its members; names declared together stay
	// together when reordered.
	fieldOf := make([]int, 0, len(s.Members))
	posOf := make([]token.Pos, 0, len(s.Members))
	k := 0
	for i, fld := range st.Fields.List {
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
			p := pass.Fset.Position(at)
			m.DeclFile, m.DeclLine = p.Filename, p.Line
			posOf = append(posOf, at)
			fieldOf = append(fieldOf, i)
			k++
		}
		markUsed(fieldDirs[i])
		var hot *layout.Hot
		pin := false
		marker := ""
		for _, name := range fld.Names {
			if layout.IsGroupMarker(name.Name) {
				marker = name.Name
			}
		}
		for _, d := range fieldDirs[i] {
			if marker != "" && (d.verb == "hot" || d.verb == "pin") {
				report(pass, d.c.Pos(), "annotation", fmt.Sprintf("%s is a cacheline group marker, not a field: mark the group's members (pinning one keeps the group where it is)", marker))
				continue
			}
			if d.verb == "pin" {
				switch err := layout.ParsePin(d.args); {
				case err != nil:
					report(pass, d.c.Pos(), "annotation", err.Error())
				case pin:
					report(pass, d.c.Pos(), "annotation", "duplicate //cachelint:pin on one field")
				}
				pin = true
				continue
			}
			h, err := fieldHot(d)
			switch {
			case err != nil:
				report(pass, d.c.Pos(), "annotation", err.Error())
			case hot != nil:
				report(pass, d.c.Pos(), "annotation", "duplicate //cachelint:hot on one field")
			default:
				hot = h
			}
		}
		if hot != nil {
			for j := k - n; j < k; j++ {
				h := *hot
				s.Members[j].Hot = &h
			}
		}
		for j := k - n; j < k && pin; j++ {
			s.Members[j].Pinned = true
		}
	}
	keepSeparators(pass, s, st, fieldOf)
	markUsed(typeDirs)
	for _, d := range typeDirs {
		if err := typeDirective(s, d); err != nil {
			report(pass, d.c.Pos(), "annotation", err.Error())
		}
	}
	if n := len(s.Members); s.PerCPU && n > 0 && isPadding(tst.Field(n-1)) {
		// A pad at the end of a percpu type can only be for its neighbours.
		s.Members[n-1].Padding = true
	}
	layout.MarkApart(s)
	if fromFile != nil {
		if err := applyHotFile(fromFile, s, qualified); err != nil {
			report(pass, ts.Name.Pos(), "annotation", err.Error())
		}
	}
	if err := layout.Annotate(s); err != nil {
		report(pass, ts.Name.Pos(), "annotation", err.Error())
	}

	r := layout.Analyze(s, ps.lines)
	if len(r.Findings) == 0 {
		return
	}
	blocked := ps.fixBlocked(obj, s)
	if !fixable {
		blocked = "the layout depends on the type arguments, and an order for one instantiation may not suit another"
	}
	if blocked == "" {
		blocked = r.NoFix
	}
	var fix []analysis.SuggestedFix
	if blocked == "" && r.Proposal != nil {
		fix, blocked = reorderFix(pass, ps.readFile, st, s, r.Proposal, fieldOf)
		if fix != nil {
			ps.result.Reorders[declKey(pass.Fset, fix[0].TextEdits[0].Pos)] = declKey(pass.Fset, obj.Pos())
		}
	}
	leftHere := slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Left != "" })
	for _, f := range r.Findings {
		d := analysis.Diagnostic{Pos: ts.Name.Pos(), Category: f.Check.Name, Message: fmt.Sprintf("%s: %s", tg.name, f.Message)}
		if f.Member >= 0 {
			d.Pos = posOf[f.Member]
		}
		if f.Check.Reorders() {
			switch {
			case fix != nil:
				d.SuggestedFixes = fix
				switch {
				case r.Proposal.Grown != "" && r.Proposal.KeepsOrder():
					d.Message += "; the fix " + r.Proposal.Grown
				case r.Proposal.Grown != "":
					d.Message += "; the fix reorders the fields and " + r.Proposal.Grown
				}
				// A partial fix says, on what it leaves, why; and on the
				// rest, what it leaves elsewhere when no finding here
				// is the one left.
				switch {
				case f.Left != "":
					d.Message += "; the fix leaves this: " + f.Left
				case r.Remains != "" && !leftHere:
					d.Message += "; the fix leaves: " + r.Remains
				}
			case blocked == r.NoFix && f.NoFix != "":
				d.Message += "; no fix: " + f.NoFix
			case blocked != "":
				d.Message += "; no fix: " + blocked
			}
		}
		pass.Report(d)
	}
}

// mayFind reports whether the checks can find anything in st without
// annotations: only split locks and padding that fails its purpose are
// reported then, so a struct with neither an atomic nor a padding field
// needs no layout.
func mayFind(st *types.Struct, sizes types.Sizes) bool {
	for f := range st.Fields() {
		if atomicWidth(f.Type(), sizes) > 0 || isPadding(f) {
			return true
		}
	}
	return false
}

// cacheLineWords are what people write near a pad meant to keep fields on
// different cache lines.
var cacheLineWords = regexp.MustCompile(`(?i)cache.?line|false.?shar|separat|isolat`)

// keepSeparators keeps the Padding mark only on pads evidently meant to
// separate fields onto different lines: a cache-line pad type, a length
// computed from a cache-line size, a comment saying so (whatever the pad's
// size), a pad of any size between two atomic or two written hot fields,
// or a literal-sized pad of 32 bytes or more between two fields that ends
// on a 64-byte boundary (the hand-computed `_ [56]byte`). Other blank
// arrays size a struct for an ABI, a size class or pointer tagging; they
// stay ordinary fields, which the reorganizer keeps.
func keepSeparators(pass *analysis.Pass, s *layout.Struct, st *ast.StructType, fieldOf []int) {
	for i := range s.Members {
		m := &s.Members[i]
		if !m.Padding {
			continue
		}
		fld := st.Fields.List[fieldOf[i]]
		evident := strings.Contains(m.Type, "CacheLine")
		if at, ok := fld.Type.(*ast.ArrayType); ok && !evident {
			evident = cacheLineWords.MatchString(types.ExprString(at.Len))
			_, literal := at.Len.(*ast.BasicLit)
			between := i > 0 && i < len(s.Members)-1 && !s.Members[i-1].Padding && !s.Members[i+1].Padding
			evident = evident || literal && between && m.Size >= 32 && m.End()%64 == 0
		}
		evident = evident || s.BetweenWriters(i)
		for _, g := range []*ast.CommentGroup{fld.Doc, fld.Comment} {
			evident = evident || g != nil && cacheLineWords.MatchString(g.Text())
		}
		m.Padding = evident
	}
}
