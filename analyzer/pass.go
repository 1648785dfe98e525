package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// Config is what an analyzer checks with.
type Config struct {
	// Lines are the cache-line sizes to check at; GOARCH's, as the Go
	// runtime has it, when empty.
	Lines []int64
	// HotFile names a hot file of hot fields for code that carries no
	// annotations (PKGPATH.TYPE.FIELD hot ..., as cachelint profile -o
	// writes it); "" for none.
	HotFile string
	// Checks are the checks to run, layout.Checks when nil.
	Checks []*layout.Check
	// LoadWide says the driver sees every package of the load and
	// decides each fix over all their Results, as cachelint -fix does:
	// a pass then offers the fixes of layouts other packages reach, for
	// the driver to judge. Without it (go vet, golangci-lint, nogo),
	// what other packages do with such a layout is out of sight, and its
	// fixes are withheld.
	LoadWide bool
	// GOARCH is the GOARCH the packages are built for, which Lines
	// defaults from and messages name; build.Default.GOARCH when "".
	GOARCH string
	// Builds gives, for a package a pass checks, its builds for other
	// GOARCHes, each checked at its own line sizes (golayout.ByArch); the
	// driver that loaded them sets it, as cachelint does. Nil checks
	// every size of Lines on the pass's build, as go vet does.
	Builds func(*types.Package) []*Build
	// PGO says which CPU profiles give hot fields, as go build's -pgo
	// says which it optimizes with: "auto" finds the default.pgo files
	// of the main packages of the package's module (pgo.go), "off" or ""
	// none, else a profile's file. A pass maps them onto its own package;
	// a driver that sees the whole load sets Profiled instead.
	PGO string
	// Profiled are the hot marks profiles give, by struct type
	// (golayout.TypeKey: PKGPATH.TYPE, with its place for a type declared
	// in a function) and field, for the fields no annotation and no hot
	// file marks; when set, PGO is not read.
	Profiled map[string]map[string]*golayout.Profiled
	// Elements names the struct types whose values the code writes as
	// elements of arrays or slices (ElementWrites), over every package
	// the driver loaded; nil finds them in the pass's package alone, as go
	// vet must. A pad at the end of any other type keeps it from the
	// next heap object, not from a next element.
	Elements map[string]bool
	// Globals gives the uses of package-level variables over every
	// package the driver loaded for a GOARCH (GlobalUses), nil for a
	// GOARCH it has none for; nil finds them in the pass's package alone,
	// as go vet must, where another package may use an exported
	// variable.
	Globals func(goarch string) *GlobalUses
	// Holders gives what holds the values of each struct type over every
	// package the driver loaded for the pass's GOARCH, nil for none: a
	// type held only in place in heap objects of other types is checked
	// where those put it (layout.Struct.InPlace). go vet, which sees one
	// package, leaves it nil: the package's own holders then decide for
	// the types whose every holder it sees (onePackage).
	Holders func() *Holders
	// KeepLayouts says each pass keeps every layout it checks, with what
	// the checks find, in Result.Layouts: cachelint profile reports them.
	KeepLayouts bool
}

// Build is a package as type-checked for another GOARCH than the pass's,
// with the line sizes to check its struct types at there.
type Build struct {
	GOARCH string
	Lines  []int64
	Fset   *token.FileSet
	Files  []*ast.File
	Types  *types.Package
	Info   *types.Info
	Sizes  types.Sizes
}

// Result is what a pass tells a driver that applies fixes to several
// packages at once (cachelint -fix, with Config.LoadWide): what each fix
// changes, for the driver to withhold those that change what code
// elsewhere in the load depends on (Uses).
type Result struct {
	// Fixes maps the position of each fix's edit ("FILE:LINE:COLUMN") to
	// what it changes.
	Fixes map[string]FixChange
	// Leaves maps the position of each fix's edit, as Fixes does, to the
	// diagnostics that remain once the fix is written: one for each
	// finding it is offered on and leaves in part, saying what is left.
	// A driver that writes the fix reports these in place of the
	// diagnostics that offered it.
	Leaves map[string][]analysis.Diagnostic
	// Layouts are the layouts the pass checked, with Config.KeepLayouts.
	Layouts []Checked
}

// LeftBy returns the diagnostics that remain once fix, which a pass with
// result r offered, is written (Result.Leaves).
func (r *Result) LeftBy(fset *token.FileSet, fix analysis.SuggestedFix) []analysis.Diagnostic {
	if r == nil || len(fix.TextEdits) == 0 {
		return nil
	}
	return r.Leaves[declKey(fset, fix.TextEdits[0].Pos)]
}

// Checked is one layout a pass checked (Config.KeepLayouts): a struct
// type's, or one instantiation's, as the pass's build lays it out with
// every mark the pass gave it, and what the checks find over all the
// builds.
type Checked struct {
	Obj    *types.TypeName
	Name   string // the target's name: the type's, or its instantiation's
	Struct *layout.Struct
	Result reorg.Result
}

// passState holds what one pass computes at most once, on demand.
type passState struct {
	pass   *analysis.Pass
	config Config
	pkg    *golayout.Package
	// blocks is findBlockers' result, computed for the first struct with
	// findings: most packages have none.
	blocks *blockers
	// src caches the files reorderFix reads.
	src    map[string][]byte
	result *Result
	// builds are the package's builds for other GOARCHes.
	builds []*otherBuild
	// elements are Config.Elements, or the package's own when nil, found
	// for the first struct that needs them.
	elements map[string]bool
	// globals are the package's own uses of package-level variables, by
	// GOARCH, when Config.Globals has none.
	globals map[string]*GlobalUses
	// ignored are the files of the package its build ignores, parsed
	// once when needed; nil for one that does not parse.
	ignored map[string]*ast.File
	// own are the package's holders when Config.Holders has none, and
	// ownUnseen says, by layout, why other packages may hold its values
	// (onePackage); found for the first struct that needs them.
	own       *Holders
	ownUnseen map[string]string
	// ssa is the package's SSA form, built once when needed (passSSA).
	ssa *builtSSA
}

// otherBuild is a build of the package for another GOARCH, with its type
// declarations found once.
type otherBuild struct {
	*Build
	pkg *golayout.Package
	// specs are its type declarations by where their names are.
	specs map[string]typeSpec
}

// typeSpec is a type declaration and what reads it.
type typeSpec struct {
	ds *golayout.Directives
	gd *ast.GenDecl
	ts *ast.TypeSpec
}

// decl lays out, in build b, the declaration the pass laid out as d: the
// one declared at the same place. It returns nil when b does not build
// the file or the type.
func (b *otherBuild) decl(fset *token.FileSet, d *golayout.Decl) *golayout.Decl {
	if b.specs == nil {
		b.specs = map[string]typeSpec{}
		for _, f := range b.Files {
			ds := golayout.ReadDirectives(b.Fset, f)
			ast.Inspect(f, func(n ast.Node) bool {
				if gd, ok := n.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
					for _, s := range gd.Specs {
						ts := s.(*ast.TypeSpec)
						b.specs[b.Fset.Position(ts.Name.Pos()).String()] = typeSpec{ds, gd, ts}
					}
				}
				return true
			})
		}
	}
	sp, ok := b.specs[fset.Position(d.Spec.Name.Pos()).String()]
	if !ok {
		return nil
	}
	od, err := b.pkg.Decl(sp.ds, sp.gd, sp.ts, true)
	if err != nil {
		return nil
	}
	return od
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

// builtSSA is a package's SSA form and its functions, or why it could not
// be built.
type builtSSA struct {
	pkg   *ssa.Package
	funcs []*ssa.Function
	err   error
}
