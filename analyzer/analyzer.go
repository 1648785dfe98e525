// Package analyzer is cachelint's go/analysis pass: it checks each struct
// type as golayout lays it out (as the gc compiler does, with its
// //cachelint: annotations), reports what the layout checks find, and
// offers the reorganized field order as a fix where no code depends on
// the order.
package analyzer

import (
	"cmp"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
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
carry comments, and CPU profiles (-pgo, as go build's: auto, the default,
reads each main package's default.pgo) mark the fields neither marks.
Types with no hot field are checked only for padding.
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

// RegisterFlags defines -line, -hotfile and -pgo on fs, setting c's
// fields.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	c.PGO = "auto"
	fs.Var((*pgoFlag)(&c.PGO), "pgo", "hot fields from CPU profiles, as go build's -pgo: `auto` (each main package's default.pgo), off, or a profile FILE")
	fs.Var((*layout.LineSizes)(&c.Lines), "line", "cache-line sizes in bytes, comma-separated (default: GOARCH's, as internal/cpu has it)")
	fs.StringVar(&c.HotFile, "hotfile", "", "hot file `FILE` naming struct types as PKGPATH.TYPE (cachelint profile -o writes one); use an absolute path under go vet")
}

// Analyzer is the cachelint pass as go vet -vettool, singlechecker and
// Bazel nogo run it: its flags (-line, -hotfile) set its Config when it
// runs.
var Analyzer = flagged()

// flagged is an analyzer configured by its own flags.
func flagged() *analysis.Analyzer {
	var c Config
	a := newAnalyzer(func() Config { return c })
	c.RegisterFlags(&a.Flags)
	return a
}

// New returns an analyzer that checks with c, for drivers that configure
// it in code (the golangci-lint plugin, cachelint itself, tests).
func New(c Config) *analysis.Analyzer {
	c.Lines = slices.Clone(c.Lines)
	return newAnalyzer(func() Config { return c })
}

// newAnalyzer returns an analyzer whose passes check with config(), read
// as each pass starts.
func newAnalyzer(config func() Config) *analysis.Analyzer {
	hot := &hotFiles{}
	pgo := &pgoProfiles{}
	return &analysis.Analyzer{
		Name: "cachelint",
		Doc:  docWithRules(),
		URL:  "https://github.com/cachelint/cachelint",
		Run: func(pass *analysis.Pass) (any, error) {
			c := config()
			byType, err := hot.load(c.HotFile)
			if err != nil {
				return nil, err
			}
			if c.Profiled == nil && c.PGO != "" && c.PGO != "off" {
				if c.Profiled, err = pgo.profiled(pass, c.PGO); err != nil {
					return nil, err
				}
			}
			return run(pass, c, byType)
		},
		ResultType: reflect.TypeFor[*Result](),
	}
}

// hotFiles holds an analyzer's hot file, read once however many packages
// its passes check at once.
type hotFiles struct {
	sync.Mutex
	path   string
	byType map[string]*hotfile.Set
	err    error
}

// load returns the directives of the hot file at path by the struct type
// they name, nil when path is "".
func (h *hotFiles) load(path string) (map[string]*hotfile.Set, error) {
	if path == "" {
		return nil, nil
	}
	h.Lock()
	defer h.Unlock()
	if h.path != path {
		h.path = path
		h.byType, h.err = golayout.LoadHotFile(path)
		if h.err != nil {
			h.err = fmt.Errorf("-hotfile: %w", h.err)
		}
	}
	return h.byType, h.err
}

func run(pass *analysis.Pass, c Config, hotFile map[string]*hotfile.Set) (any, error) {
	// go vet and golangci-lint print diagnostics in the order they are
	// reported; the checks find them struct by struct, check by check.
	// Report them in position order.
	emit := pass.Report
	var diags []analysis.Diagnostic
	pass.Report = func(d analysis.Diagnostic) { diags = append(diags, d) }
	defer func() {
		pass.Report = emit
		// By the package's files, then by place: a FileSet a loader
		// parsed into in parallel has its files in any order.
		fileIndex := map[*token.File]int{}
		for i, f := range pass.Files {
			fileIndex[pass.Fset.File(f.Pos())] = i
		}
		index := func(pos token.Pos) int {
			if i, ok := fileIndex[pass.Fset.File(pos)]; ok {
				return i
			}
			return len(pass.Files)
		}
		slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int {
			return cmp.Or(cmp.Compare(index(a.Pos), index(b.Pos)), cmp.Compare(a.Pos, b.Pos))
		})
		for _, d := range diags {
			emit(d)
		}
	}()
	if c.GOARCH == "" {
		c.GOARCH = build.Default.GOARCH
	}
	if len(c.Lines) == 0 {
		c.Lines = []int64{layout.DefaultLineSize(c.GOARCH)}
	}
	if c.Checks == nil {
		c.Checks = layout.Checks
	}
	ps := &passState{pass: pass, config: c, result: &Result{Fixes: map[string]FixChange{}, Leaves: map[string][]analysis.Diagnostic{}},
		pkg: &golayout.Package{Fset: pass.Fset, Types: pass.Pkg, Info: pass.TypesInfo, Sizes: pass.TypesSizes,
			Checks: c.Checks, HotFile: hotFile, Profiled: c.Profiled, Files: pass.Files}}
	if c.Builds != nil {
		for _, b := range c.Builds(pass.Pkg) {
			ps.builds = append(ps.builds, &otherBuild{Build: b,
				pkg: &golayout.Package{Fset: b.Fset, Types: b.Types, Info: b.Info, Sizes: b.Sizes, Checks: c.Checks, HotFile: hotFile, Profiled: c.Profiled, Files: b.Files}})
		}
	}
	local := localTypeNames(pass)
	for _, f := range pass.Files {
		ds := golayout.ReadDirectives(pass.Fset, f)
		for _, b := range ds.Bad {
			report(pass, b.Pos, layout.AnnotationRule, b.Msg)
		}
		visit := func(gd *ast.GenDecl) error {
			if gd.Tok != token.TYPE {
				return nil
			}
			for _, spec := range gd.Specs {
				d, err := ps.pkg.Decl(ds, gd, spec.(*ast.TypeSpec), false)
				if err != nil {
					return err
				}
				if d != nil {
					ps.checkDecl(d)
				}
			}
			return nil
		}
		for _, d := range f.Decls {
			var err error
			if local.within(d) {
				// A struct type declared in a function: walk the
				// declaration to find it.
				ast.Inspect(d, func(n ast.Node) bool {
					if gd, ok := n.(*ast.GenDecl); ok && err == nil {
						err = visit(gd)
					}
					return err == nil
				})
			} else if gd, ok := d.(*ast.GenDecl); ok {
				err = visit(gd)
			}
			if err != nil {
				return nil, err
			}
		}
		for _, m := range ds.Misplaced() {
			report(pass, m.Pos, layout.AnnotationRule, m.Msg)
		}
	}
	if len(pass.Files) > 0 {
		// A hot file's line is no place in the package: it is said at
		// the package clause.
		for _, w := range ps.pkg.HotFileNames(testFileTypes(pass)) {
			report(pass, pass.Files[0].Package, layout.AnnotationRule, w.String())
		}
	}
	return ps.result, nil
}

// testFileTypes says, for a pass without its package's test files,
// whether the _test.go files of the package's directory declare a type of
// that name in the package: its test variant, which has them, says what
// is missing. It is nil for a pass with them.
func testFileTypes(pass *analysis.Pass) func(name string) bool {
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			return nil
		}
	}
	var names map[string]bool
	return func(name string) bool {
		if names == nil {
			names = map[string]bool{}
			dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
			tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
			fset := token.NewFileSet()
			for _, t := range tests {
				f, err := parser.ParseFile(fset, t, nil, parser.SkipObjectResolution)
				if err != nil || f.Name.Name != pass.Pkg.Name() {
					continue
				}
				ast.Inspect(f, func(n ast.Node) bool {
					if ts, ok := n.(*ast.TypeSpec); ok {
						names[ts.Name.Name] = true
					}
					return true
				})
			}
		}
		return names[name]
	}
}

// alone reports whether the code never writes values of obj as elements
// of an array or slice.
func (ps *passState) alone(obj *types.TypeName) bool {
	if ps.elements == nil {
		ps.elements = ps.config.Elements
		if ps.elements == nil {
			var w ElementWrites
			w.Add(ps.pass.Fset, ps.pass.Files, ps.pass.TypesInfo)
			ps.elements = w.Types(ps.pass.Fset)
		}
	}
	return !ps.elements[declKey(ps.pass.Fset, obj.Pos())]
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

// checkDecl checks each layout of a struct type declaration and reports
// what the checks find, with a fix that reorders the declaration where one
// may be offered.
func (ps *passState) checkDecl(d *golayout.Decl) {
	for _, p := range d.Problems {
		report(ps.pass, p.Pos, layout.AnnotationRule, p.Msg)
	}
	reported := map[string]bool{}
	var others []*golayout.Decl
	for _, b := range ps.builds {
		others = append(others, b.decl(ps.pass.Fset, d))
	}
	for _, t := range d.Targets {
		// Once, not once per instantiation.
		if err := t.Prepare(); err != nil && !reported[err.Error()] {
			reported[err.Error()] = true
			report(ps.pass, d.Spec.Name.Pos(), layout.AnnotationRule, err.Error())
		}
		alone := ps.alone(d.Obj)
		t.Struct.Alone = alone
		builds := []reorg.Build{{Arch: ps.config.GOARCH, Struct: t.Struct, Lines: ps.config.Lines}}
		for i, od := range others {
			if od == nil {
				continue
			}
			// The same instantiation; its problems are the pass's own.
			j := slices.IndexFunc(od.Targets, func(o *golayout.Target) bool { return o.Name == t.Name })
			if j >= 0 && od.Targets[j].Prepare() == nil {
				od.Targets[j].Struct.Alone = alone
				builds = append(builds, reorg.Build{Arch: ps.builds[i].GOARCH, Struct: od.Targets[j].Struct, Lines: ps.builds[i].Lines})
			}
		}
		ps.checkTarget(d, t, builds)
	}
}

// checkTarget reports what the checks find in one layout of declaration d,
// as the pass's build and the others lay it out.
func (ps *passState) checkTarget(d *golayout.Decl, t *golayout.Target, builds []reorg.Build) {
	pass := ps.pass
	for _, b := range builds {
		pinFirst(b.Struct, d.Type, d.FieldOf)
	}
	var r reorg.Result
	if ps.config.KeepLayouts {
		// What the checks find in the end, however the pass ends.
		defer func() { ps.keep(d, t, builds, r) }()
	}
	r = reorg.AnalyzeBuilds(builds, ps.config.Checks)
	if len(r.Findings) == 0 {
		return
	}
	// Where the values live is sought only for what has findings.
	if placed, changed := ps.placeValues(d.Spec, builds); changed {
		if len(placed) == 0 {
			r = reorg.Result{} // no value of the type is live
			return
		}
		builds = placed
		if r = reorg.AnalyzeBuilds(builds, ps.config.Checks); len(r.Findings) == 0 {
			return
		}
	}
	placed, unseen := ps.placeInPlace(d.Spec, builds)
	if placed {
		if r = reorg.AnalyzeBuilds(builds, ps.config.Checks); len(r.Findings) == 0 {
			return
		}
	}
	var fix []analysis.SuggestedFix
	blocked := d.Generic
	if blocked == "" && d.File != nil && golayout.Generated(d.File) {
		blocked = "the file is generated (DO NOT EDIT): its generator decides the order"
	}
	if blocked == "" {
		r, fix, blocked = ps.safeFix(d, t, builds, r)
	}
	if fix != nil && r.Proposal.KeepsOrder() {
		fix[0].Message = fmt.Sprintf("pad %s for cache lines", t.Name)
	}
	leftHere := slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Left != "" })
	for _, f := range r.Findings {
		diag := analysis.Diagnostic{Pos: d.Spec.Name.Pos(), Category: f.Check.Name, Message: fmt.Sprintf("%s: %s", t.Name, f.Message)}
		if f.Member >= 0 {
			diag.Pos = d.Pos[f.Member]
		}
		note := func(msg string) {
			diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: diag.Pos, Message: msg})
		}
		if from := profiledNote(t, f); from != "" {
			note(from)
		}
		if unseen != "" && strings.Contains(f.Message, "heap object") {
			note(unseenHolders + unseen)
		}
		if f.Check.Reorders() {
			switch {
			case fix != nil:
				diag.SuggestedFixes = fix
				switch {
				case r.Proposal.Grown != "" && r.Proposal.KeepsOrder():
					note("the fix " + r.Proposal.Grown)
				case r.Proposal.Grown != "":
					note("the fix reorders the fields and " + r.Proposal.Grown)
				}
				// A partial fix says, on what it leaves, why; and on the
				// rest, what it leaves elsewhere when no finding here
				// is the one left.
				switch {
				case f.Left != "":
					note(fixLeavesThis + f.Left)
					// Written, the fix leaves the finding, saying so.
					left := diag
					left.SuggestedFixes = nil
					left.Related = []analysis.RelatedInformation{{Pos: diag.Pos, Message: "fixed in part: " + fixLeavesThis + f.Left}}
					key := declKey(pass.Fset, fix[0].TextEdits[0].Pos)
					ps.result.Leaves[key] = append(ps.result.Leaves[key], left)
				case r.Remains != "" && !leftHere:
					note("the fix leaves: " + r.Remains)
				}
			case blocked == r.NoFix && f.NoFix != "":
				note("no fix: " + f.NoFix)
			case blocked != "":
				note("no fix: " + blocked)
			}
		}
		pass.Report(diag)
	}
}

// profiledNote says where the hotness of the members f involves comes from
// when a profile gave it (-pgo): the profile, each member's share and
// the functions that credit it. "" when annotations or a hot file marked
// them all.
func profiledNote(t *golayout.Target, f layout.Finding) string {
	if t.Profiled == nil {
		return ""
	}
	byFile := map[string][]string{}
	var files []string
	// shared is the evidence that two goroutines share the line: a
	// profile shows no core, only the goroutines.
	var shared []string
	for i, pr := range t.Profiled {
		if pr == nil || !slices.Contains(f.Members, t.Struct.Members[i].Name) {
			continue
		}
		how := "read"
		if pr.Hot.Write {
			how = "written"
		}
		what := fmt.Sprintf("%s %s in %s of the samples", t.Struct.Members[i].Name, how, percent(pr.Share))
		if len(pr.Funcs) > 0 {
			what += ", by " + strings.Join(pr.Funcs, ", ")
		}
		if f.Check.Name == "falseshare" {
			gs, how := pr.Hot.Goroutines, "read"
			if pr.Hot.Write {
				gs, how = pr.Hot.Writers, "written"
			}
			shared = append(shared, fmt.Sprintf("%s %s on %s", t.Struct.Members[i].Name, how, goroutineWords(gs)))
		}
		key := strings.Join(pr.Profiles, ", ")
		if byFile[key] == nil {
			files = append(files, key)
		}
		byFile[key] = append(byFile[key], what)
	}
	var out []string
	for _, file := range files {
		what := "profile"
		if strings.Contains(file, ", ") {
			what = "profiles"
		}
		out = append(out, fmt.Sprintf("hot by the %s %s (-pgo): %s", what, file, strings.Join(byFile[file], "; ")))
	}
	if len(shared) > 0 {
		out = append(out, "two goroutines share the line: "+strings.Join(shared, "; "))
	}
	return strings.Join(out, "; ")
}

// goroutineWords names the goroutines gs of a profile: by the function
// that starts them, without its package's directory.
func goroutineWords(gs []layout.Goroutine) string {
	var names []string
	for _, g := range gs {
		n := g.Func[strings.LastIndexByte(g.Func, '/')+1:]
		if g.Many {
			n += " (many)"
		}
		names = append(names, n)
	}
	if len(gs) == 1 && !gs[0].Many {
		return "the goroutine of " + names[0]
	}
	return "the goroutines of " + strings.Join(names, ", ")
}

// percent renders a share as a percentage with at most one decimal.
func percent(f float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f*100), ".0") + "%"
}

// AboutFix reports whether related information message m says what the
// diagnostic's fix does or leaves, or why there is none: a driver that
// withholds or writes the fix replaces those, and keeps the others (where
// the hotness came from).
func AboutFix(m string) bool {
	return strings.HasPrefix(m, "the fix ") || strings.HasPrefix(m, "no fix: ") || strings.HasPrefix(m, "fixed in part: ")
}

// fixLeavesThis starts the related information of a diagnostic whose fix
// leaves the problem it reports, in part: written, the fix does not
// remove the diagnostic (Result.Leaves), which says what is left.
const fixLeavesThis = "the fix leaves this: "

// Message is what cachelint prints of d on one line: its message, then
// what its related information says of its fix (what the fix does, what
// it leaves, or why there is none). A diagnostic's Message is the finding
// alone; drivers that print one line per diagnostic (cachelint itself,
// the golangci-lint plugin) print this.
func Message(d analysis.Diagnostic) string {
	msg := d.Message
	for _, r := range d.Related {
		msg += "; " + r.Message
	}
	return msg
}
