package main

import (
	"bufio"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"go/ast"
	gobuild "go/build"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/goload"
	"github.com/cachelint/cachelint/report"
)

const packagesUsage = `usage: cachelint [-line N[,N]] [-pgo auto|off|FILE] [-format text|json|sarif] [-srcroot DIR] [-test=false] [-fix [-diff]] [-c N] PACKAGES

Checks the struct types of Go packages, each -line size on the packages
as built for a GOARCH with that line (64 amd64, 128 arm64, 256 s390x, 32
arm; GOARCH's own when it has it). Packages that do not load are
reported and the others checked. Hot fields come from annotations, a
hot file (-hotfile), and, for the fields neither marks, CPU profiles as
go build applies them (-pgo, auto: each main package's default.pgo for
every package it builds). Diagnostics go to stderr, sorted by
position, with paths relative to the working directory, each followed
by N lines of its source either side with -c N; -format json and sarif
write one document to stdout, whose diagnostics carry the fixes -fix
would write (with -fix -diff, the diff goes to stderr). Exit status: 0 no findings, 3 findings (in every
format), 1 errors; -json, x/tools' flag, exits 0 whatever it finds, as
x/tools' drivers do (cachelint help).
`

// packagesOptions are the flags of cachelint on packages: the analyzer's
// and the driver's.
type packagesOptions struct {
	analyzer.Config
	format, srcroot string
	json, tests     bool
	fix             bool
	context         int // lines of source shown either side of a diagnostic; none when negative
}

// packagesFlags defines the flags of cachelint on packages.
func packagesFlags() (*flag.FlagSet, *packagesOptions) {
	o := &packagesOptions{}
	fs := flag.NewFlagSet("cachelint", flag.ContinueOnError)
	o.RegisterFlags(fs)
	fs.StringVar(&o.format, "format", "text", "output: text, json (go vet's -json document) or sarif; exit status 3 on findings in each")
	fs.BoolVar(&o.json, "json", false, "x/tools' -json: the document of -format json, but exit status 0 whatever it finds, as x/tools' drivers and go vet -json exit")
	fs.StringVar(&o.srcroot, "srcroot", ".", "with -format sarif: the `DIR` that relative URIs start from (%SRCROOT%)")
	fs.BoolVar(&o.tests, "test", true, "check test files too")
	fs.BoolVar(&o.fix, "fix", false, "apply the proposed orders where every package that holds the file agrees and none depends on the field order; then report what is left")
	fs.Bool("diff", false, "with -fix, print the fixes as a unified diff instead of changing the files; with -format json or sarif, to stderr, stdout holding the document, whose diagnostics carry the fixes")
	fs.IntVar(&o.context, "c", -1, "show each diagnostic with its lines of source and this many lines either side (text output)")
	return fs, o
}

// runPackages is cachelint on Go packages. It runs the analyzer itself
// over the whole load (Config.LoadWide) to sort diagnostics and write
// SARIF, and to decide fixes over every package of the load (planFixes):
// with -fix it applies them, or with -diff prints them, after which it
// reports what is left as it would without -fix.
func runPackages(args []string, e env) int {
	stdout, stderr := e.Stdout, e.Stderr
	fs, o := packagesFlags()
	if ok, code := parseFlags(fs, args, packagesUsage, stdout, stderr); !ok {
		return code
	}
	diff := false
	fs.Visit(func(f *flag.Flag) {
		diff = diff || f.Name == "diff" && f.Value.String() == "true"
	})
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "cachelint: "+format+"\n", args...)
		return 1
	}
	if err := o.check(diff, fs.NArg()); err != nil {
		return fail("%v", err)
	}
	var sarif *report.SARIF
	if o.format == "sarif" {
		so, err := sarifOptions(o.srcroot)
		if err != nil {
			return fail("%v", err)
		}
		sarif = report.NewSARIF(stdout, so)
	}

	if os.Getenv("GOGC") == "" {
		// Most of what a run allocates is the syntax and types of the
		// packages, kept to the end: a collection while they load finds
		// little to free. Collecting less often lets the heap grow to
		// three times what is live, not twice.
		debug.SetGCPercent(200)
	}
	pkgs, graph, status, err := analyzeLoad(o.Config, o.tests, fs.Args(), func(pkgs []*packages.Package) (map[string]map[string]*golayout.Profiled, error) {
		return pgoProfiled(o.PGO, pkgs, e)
	}, e)
	if err != nil {
		return fail("%v", err)
	}
	if o.HotFile != "" {
		// What no one package can tell: a line naming a package not
		// checked. (A hot file that cannot be read is each pass's error.)
		if hot, err := golayout.LoadHotFile(o.HotFile); err == nil {
			var checked []*types.Package
			for _, p := range pkgs {
				checked = append(checked, p.Types)
			}
			report.Warnings(stderr, "", golayout.UnknownHotFilePackages(hot, checked), true)
		}
	}
	plan, err := planFixes(graph.Roots, layoutUses(pkgs))
	if err != nil {
		return fail("%v", err)
	}
	// The diff goes to stdout with the text output, whose diagnostics go
	// to stderr; beside a JSON or SARIF document, which stdout holds
	// alone and which carries the fixes itself, to stderr.
	var diffOut io.Writer
	switch {
	case diff && o.format == "text":
		diffOut = stdout
	case diff:
		diffOut = stderr
	}
	if err := plan.apply(graph.Roots, o.fix && !diff, diffOut, e); err != nil {
		fmt.Fprintf(stderr, "cachelint: %v\n", err)
		status = 1
	}
	if o.format == "json" {
		if err := graph.PrintJSON(stdout); err != nil {
			return fail("%v", err)
		}
		if o.json {
			// x/tools' -json: the JSON says what was found.
			return status
		}
	}
	diags, status, err := diagnostics(graph.Roots, sarif != nil, status, e)
	if err != nil {
		return fail("%v", err)
	}
	switch {
	case o.format == "json":
	case sarif != nil:
		if err := writeSARIF(sarif, diags); err != nil {
			return fail("%v", err)
		}
	default:
		w := bufio.NewWriter(stderr)
		lines := map[string][]string{}
		for _, d := range diags {
			fmt.Fprintf(w, "%s:%d:%d: %s\n", e.rel(d.file), d.line, d.col, d.message)
			if o.context >= 0 {
				writeSourceLines(w, lines, d.file, d.line-o.context, d.endLine+o.context)
			}
		}
		w.Flush()
	}
	return status
}

// analyzeLoad loads the packages of patterns, test files with tests, for
// the GOARCHes of c.Lines (archesOf) and runs the analyzer on them as
// configured by c and by the load: each line size checked on its GOARCH's
// build, every package's fixes decided over the load (Config.LoadWide),
// with the uses of values and the hot marks profiled gives over the
// packages that load. The packages that do not load are reported on e's
// stderr. It returns the packages checked, the analysis, and exit status
// 1 when some did not load.
func analyzeLoad(c analyzer.Config, tests bool, patterns []string, profiled func([]*packages.Package) (map[string]map[string]*golayout.Profiled, error), e env) ([]*packages.Package, *checker.Graph, int, error) {
	host := gobuild.Default.GOARCH
	arches := archesOf(c.Lines, host)
	pkgs, builds, status, err := loadBuilds(arches, host, tests, patterns, e)
	if err != nil {
		return nil, nil, 0, err
	}
	configureBuilds(&c, arches, pkgs, builds)
	c.LoadWide = true
	// The profiles are mapped over the whole load, which sees what every
	// package does to a type; the passes are not to map them again.
	if c.Profiled, err = profiled(pkgs); err != nil {
		return nil, nil, 0, err
	}
	c.PGO = "off"
	writes := overPackages[analyzer.ElementWrites](pkgs)
	if len(pkgs) > 0 {
		c.Elements = writes.Types(pkgs[0].Fset)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(c)}, pkgs, nil)
	if err != nil {
		return nil, nil, 0, err
	}
	return pkgs, graph, status, nil
}

// archesOf are the builds that check lines: each line size is checked on
// the build of a GOARCH with lines of that size (host's when it has
// them), the packages on the first, the others' builds beside; host's
// alone, at its own line, when lines is empty.
func archesOf(lines []int64, host string) []golayout.ArchLines {
	arches := []golayout.ArchLines{{GOARCH: host, Lines: lines}}
	if len(lines) > 0 {
		arches = golayout.ByArch(lines, host)
	}
	if i := slices.IndexFunc(arches, func(a golayout.ArchLines) bool { return a.GOARCH == host }); i > 0 {
		arches[0], arches[i] = arches[i], arches[0]
	}
	return arches
}

// writeSARIF writes diags as the results of the SARIF log, and closes it.
func writeSARIF(sarif *report.SARIF, diags []diag) error {
	for _, d := range diags {
		if err := sarif.Result(report.SARIFResult{Rule: d.category, Message: d.message, File: d.file, Line: d.line, Column: d.col, Fixes: d.fixes}); err != nil {
			return err
		}
	}
	return sarif.Close()
}

// check checks the flags that depend on each other, and that there are
// packages (n arguments); diff is whether -diff was given.
func (o *packagesOptions) check(diff bool, n int) error {
	if diff && !o.fix {
		return errors.New("-diff prints what -fix would change: give both")
	}
	if o.fix && !o.tests {
		return errors.New("-fix needs the test files (-test=false): code in them may depend on the field orders it changes")
	}
	if o.json {
		o.format = "json"
	}
	if !slices.Contains([]string{"text", "json", "sarif"}, o.format) {
		return fmt.Errorf("-format=%s: want text, json or sarif", o.format)
	}
	if o.context >= 0 && o.format != "text" {
		return fmt.Errorf("-c shows source lines in the text output, not in -format %s", o.format)
	}
	if n == 0 {
		return errors.New("no PACKAGES (cachelint -h for usage)")
	}
	return nil
}

// loadBuilds loads the packages of patterns for each GOARCH of arches,
// the user's (host) first, and reports on e's stderr those that do not
// load. It returns the packages checked on the first, what each GOARCH's
// build checks, and exit status 1 when some did not load.
func loadBuilds(arches []golayout.ArchLines, host string, tests bool, patterns []string, e env) (pkgs []*packages.Package, builds [][]*packages.Package, status int, err error) {
	// The GOARCHes' loads run at once: each waits on the go command
	// while another type-checks.
	files := goload.NewFiles()
	loads := make([]loaded, len(arches))
	var wg sync.WaitGroup
	for i, a := range arches {
		wg.Go(func() {
			loads[i].pkgs, loads[i].err = goload.Load(loadConfig(a.GOARCH, host, tests, files, e.Dir), patterns...)
		})
	}
	wg.Wait()
	if err := loads[0].err; err != nil {
		return nil, nil, 0, err
	}
	seen := map[string]bool{}
	pkgs, status = checkable(loads[0].pkgs, seen, e)
	checked := map[string]bool{} // by package ID
	for _, p := range pkgs {
		checked[p.ID] = true
	}
	builds = make([][]*packages.Package, len(arches)) // what each GOARCH checks
	builds[0] = pkgs
	noted := make([]map[string]bool, len(arches))
	for i, a := range arches[1:] {
		if err := loads[i+1].err; err != nil {
			return nil, nil, 0, fmt.Errorf("GOARCH=%s: %v", a.GOARCH, err)
		}
		noted[i+1] = map[string]bool{}
		builds[i+1] = crossCheckable(a, loads[i+1].pkgs, checked, noted[i+1], e)
	}
	// A package whose test variant is checked is checked as the variant,
	// which has its files and their function bodies; one whose variant
	// does not load where it does is loaded again, alone, with them.
	variants, again := variantsChecked(loads, builds)
	if len(again) > 0 {
		var paths []string
		for p := range again {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for i, a := range arches {
			wg.Go(func() {
				cfg := loadConfig(a.GOARCH, host, false, files, e.Dir)
				loads[i].pkgs, loads[i].err = goload.Load(cfg, paths...)
			})
		}
		wg.Wait()
		for i, a := range arches {
			if err := loads[i].err; err != nil {
				return nil, nil, 0, fmt.Errorf("GOARCH=%s: %v", a.GOARCH, err)
			}
			builds[i] = slices.DeleteFunc(builds[i], func(p *packages.Package) bool { return again[p.ID] })
			if i == 0 {
				ps, st := checkable(loads[0].pkgs, seen, e)
				status = max(status, st)
				for _, p := range ps {
					checked[p.ID] = true
				}
				builds[0] = append(builds[0], ps...)
				continue
			}
			builds[i] = append(builds[i], crossCheckable(a, loads[i].pkgs, checked, noted[i], e)...)
		}
	}
	// A copy: DeleteFunc clears the tail it leaves, and builds[0] keeps
	// every package, for the uses of package-level variables.
	pkgs = slices.DeleteFunc(slices.Clone(builds[0]), func(p *packages.Package) bool { return variants[p.ID] })
	return pkgs, builds, status, nil
}

// configureBuilds gives the analyzer configured by c the first of arches
// to check pkgs on, and the others' builds (builds, in the order of
// arches) beside.
func configureBuilds(c *analyzer.Config, arches []golayout.ArchLines, pkgs []*packages.Package, builds [][]*packages.Package) {
	c.GOARCH, c.Lines = arches[0].GOARCH, arches[0].Lines
	// The uses of package-level variables, by GOARCH, over its
	// packages: sought only if some struct has findings.
	globals := map[string]func() *analyzer.GlobalUses{}
	for i, a := range arches {
		globals[a.GOARCH] = globalUses(builds[i])
	}
	c.Globals = func(goarch string) *analyzer.GlobalUses {
		if g := globals[goarch]; g != nil {
			return g()
		}
		return nil
	}
	c.Holders = sync.OnceValue(func() *analyzer.Holders { return overPackages[analyzer.Holders](pkgs) })
	if len(arches) > 1 {
		others := map[string][]*analyzer.Build{} // by package ID
		for i, a := range arches[1:] {
			for _, p := range builds[i+1] {
				others[p.ID] = append(others[p.ID], &analyzer.Build{GOARCH: a.GOARCH, Lines: a.Lines,
					Fset: p.Fset, Files: p.Syntax, Types: p.Types, Info: p.TypesInfo, Sizes: p.TypesSizes})
			}
		}
		ids := map[*types.Package]string{}
		for _, p := range pkgs {
			ids[p.Types] = p.ID
		}
		c.Builds = func(p *types.Package) []*analyzer.Build { return others[ids[p]] }
	}
}

// layoutUses finds what every package of pkgs depends on of the layouts
// the fixes change, when called: only when there are fixes.
func layoutUses(pkgs []*packages.Package) func() (map[*packages.Package]*analyzer.LayoutUses, error) {
	return func() (map[*packages.Package]*analyzer.LayoutUses, error) {
		loaded := map[string]bool{}
		for _, p := range pkgs {
			loaded[p.PkgPath] = true
		}
		g, err := checker.Analyze([]*analysis.Analyzer{analyzer.UsesIn(loaded)}, pkgs, nil)
		if err != nil {
			return nil, err
		}
		out := map[*packages.Package]*analyzer.LayoutUses{}
		for _, act := range g.Roots {
			if act.Err != nil {
				return nil, fmt.Errorf("%s: %v", act.Package.PkgPath, act.Err)
			}
			out[act.Package] = act.Result.(*analyzer.LayoutUses)
		}
		return out, nil
	}
}

// diag is a diagnostic as cachelint reports it.
type diag struct {
	file              string
	line, col         int
	category, message string
	endLine           int
	fixes             []report.SARIFFix
}

// diagnostics are the diagnostics of roots, sorted by position, once
// each (a package and its test variant hold the same files), with their
// fixes as SARIF's when withFixes is set. The actions that failed are
// said on e's stderr. status is the exit status so far; diagnostics
// returns it as the diagnostics and failures leave it.
func diagnostics(roots []*checker.Action, withFixes bool, status int, e env) ([]diag, int, error) {
	var diags []diag
	sources := map[string][]byte{} // the files fixes edit, by name
	for _, act := range roots {
		if act.Err != nil {
			fmt.Fprintf(e.Stderr, "cachelint: %s: %v\n", act.Package.PkgPath, act.Err)
			status = 1
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			end := p.Line
			if ep := act.Package.Fset.Position(d.End); ep.IsValid() && ep.Filename == p.Filename {
				end = max(end, ep.Line)
			}
			var fixes []report.SARIFFix
			if withFixes {
				var err error
				if fixes, err = sarifFixes(act.Package.Fset, d.SuggestedFixes, sources, e); err != nil {
					return nil, status, err
				}
			}
			diags = append(diags, diag{p.Filename, p.Line, p.Column, d.Category, analyzer.Message(d), end, fixes})
		}
	}
	slices.SortFunc(diags, func(a, b diag) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.message, b.message))
	})
	diags = slices.CompactFunc(diags, func(a, b diag) bool {
		return a.file == b.file && a.line == b.line && a.col == b.col && a.category == b.category && a.message == b.message && a.endLine == b.endLine
	})
	if len(diags) > 0 && status == 0 {
		status = 3
	}
	return diags, status, nil
}

// sarifFixes are the suggested fixes of a diagnostic as SARIF fixes,
// with the files they edit read into sources (by name) once.
func sarifFixes(fset *token.FileSet, fixes []analysis.SuggestedFix, sources map[string][]byte, e env) ([]report.SARIFFix, error) {
	var out []report.SARIFFix
	for _, f := range fixes {
		sf := report.SARIFFix{Description: f.Message}
		for _, te := range f.TextEdits {
			tf := fset.File(te.Pos)
			name := tf.Name()
			src, ok := sources[name]
			if !ok {
				var err error
				if src, err = os.ReadFile(name); err != nil {
					return nil, err
				}
				sources[name] = src
			}
			start, end := tf.Offset(te.Pos), tf.Offset(te.End)
			if end > len(src) || tf.Size() != len(src) {
				return nil, fmt.Errorf("%s changed while it was analyzed", e.rel(name))
			}
			sf.Edits = append(sf.Edits, report.SARIFEdit{File: name, Src: src, Start: start, End: end, Text: string(te.NewText)})
		}
		out = append(out, sf)
	}
	return out, nil
}

// writeSourceLines writes lines from to to of file, numbered as go vet
// -c numbers them; sources holds the files read so far, by name. A file
// that cannot be read shows nothing, as with go vet.
func writeSourceLines(w io.Writer, sources map[string][]string, file string, from, to int) {
	lines, ok := sources[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		sources[file] = lines
	}
	for i := max(from, 1); i <= min(to, len(lines)); i++ {
		fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
	}
}

// globalUses finds the uses of package-level variables over pkgs, once,
// when first called; the packages are searched at once.
func globalUses(pkgs []*packages.Package) func() *analyzer.GlobalUses {
	return sync.OnceValue(func() *analyzer.GlobalUses {
		return overPackages[analyzer.GlobalUses](pkgs)
	})
}

// packageFinder is what overPackages gathers: a finding over the syntax
// of one package at a time, merged over several.
type packageFinder[T any] interface {
	*T
	Add(fset *token.FileSet, files []*ast.File, info *types.Info)
	Merge(o *T)
}

// overPackages finds a T in each of pkgs at once and merges them.
func overPackages[T any, P packageFinder[T]](pkgs []*packages.Package) *T {
	found := make([]T, len(pkgs))
	var wg sync.WaitGroup
	for i, p := range pkgs {
		wg.Go(func() { P(&found[i]).Add(p.Fset, p.Syntax, p.TypesInfo) })
	}
	wg.Wait()
	var all T
	for i := range found {
		P(&all).Merge(&found[i])
	}
	return &all
}

// variantsChecked finds the packages of the user's GOARCH loaded without
// their function bodies, since their test variants were loaded too
// (goload.Config.VariantBodies), among those each GOARCH's build checks
// (builds, loaded as loads, the user's GOARCH first): those whose
// variants are checked in every build that checks them, and the others,
// which must be loaded again with their bodies. Both are by ID, which is
// a package's path.
func variantsChecked(loads []loaded, builds [][]*packages.Package) (variants, again map[string]bool) {
	ids := func(ps []*packages.Package) map[string]bool {
		out := map[string]bool{}
		for _, p := range ps {
			out[p.ID] = true
		}
		return out
	}
	loaded, in := make([]map[string]bool, len(builds)), make([]map[string]bool, len(builds))
	for i := range builds {
		loaded[i], in[i] = ids(loads[i].pkgs), ids(builds[i])
	}
	variants, again = map[string]bool{}, map[string]bool{}
	for _, p := range builds[0] {
		v := goload.TestVariantID(p)
		if p.ID != p.PkgPath || !loaded[0][v] {
			continue
		}
		variants[p.ID] = true
		for i := range builds {
			if (i == 0 || in[i][p.ID]) && !in[i][v] {
				delete(variants, p.ID)
				again[p.ID] = true
			}
		}
	}
	return variants, again
}

// loaded is one GOARCH's load.
type loaded struct {
	pkgs []*packages.Package
	err  error
}

// loadConfig is the load of the packages built for goarch, in dir,
// sharing files with the loads of the other GOARCHes.
func loadConfig(goarch, host string, tests bool, files *goload.Files, dir string) goload.Config {
	cfg := goload.Config{Dir: dir, Tests: tests, VariantBodies: tests, Files: files}
	if goarch != host {
		// A cross build, as go build makes one: without cgo.
		cfg.Env = append(os.Environ(), "GOARCH="+goarch, "CGO_ENABLED=0")
	}
	return cfg
}

// checkable reports the errors of the packages of the user's GOARCH that
// do not load: it returns the others, which the analyzer can check, and
// exit status 1 when some did not load. seen records what was reported.
func checkable(pkgs []*packages.Package, seen map[string]bool, e env) ([]*packages.Package, int) {
	// A package that does not load, or imports one that does not, is
	// reported and left out; the others are checked.
	bad := map[*packages.Package]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		// The go command's report of a compile error repeats the type
		// checker's ("# PKG" and the error).
		checked := slices.ContainsFunc(p.Errors, func(pe packages.Error) bool { return pe.Kind != packages.ListError })
		for _, pe := range p.Errors {
			bad[p] = true
			if checked && pe.Kind == packages.ListError && strings.HasPrefix(pe.Msg, "# ") {
				continue
			}
			if msg := errorLine(p, pe, e); !seen[msg] {
				seen[msg] = true
				fmt.Fprintf(e.Stderr, "cachelint: %s\n", msg)
			}
		}
		for _, imp := range p.Imports {
			if bad[imp] {
				bad[p] = true
			}
		}
	})
	status := 0
	if len(bad) > 0 {
		status = 1
	}
	var ok []*packages.Package
	for _, p := range pkgs {
		if !bad[p] {
			ok = append(ok, p)
		} else if len(p.Errors) == 0 {
			if msg := p.PkgPath + ": not checked: a package it imports has errors"; !seen[msg] {
				seen[msg] = true
				fmt.Fprintf(e.Stderr, "cachelint: %s\n", msg)
			}
		}
	}
	return ok, status
}

// crossCheckable returns the packages of a's build that are checked at
// its line sizes: those that load, of the packages checked on the
// user's GOARCH (by ID in checked). A package that builds for the user's
// GOARCH but not for a's, as code for one architecture without build
// constraints does, is checked at the other sizes alone, with a note
// that says why; it is no error, since the user builds it where it
// builds. (A package that does not build for the user's GOARCH has its
// errors reported there.)
func crossCheckable(a golayout.ArchLines, pkgs []*packages.Package, checked, noted map[string]bool, e env) []*packages.Package {
	own := map[*packages.Package]bool{}       // has errors
	culprit := map[*packages.Package]string{} // imports one that has: its path
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			own[p] = true
			return
		}
		for _, imp := range p.Imports {
			if own[imp] {
				culprit[p] = imp.PkgPath
				return
			}
			if c, ok := culprit[imp]; ok {
				culprit[p] = c
				return
			}
		}
	})
	at := fmt.Sprintf("GOARCH=%s: %%s: not checked at %s: ", a.GOARCH, byteLines(a.Lines))
	// A package and its test variant have one note, the package's; a
	// variant alone, whose tests do not build, is named as go vet names
	// it ("p [p.test]"). Packages come before variants. noted holds the
	// paths noted, by this call or an earlier one for a's build.
	variant := func(p *packages.Package) bool { return p.ID != p.PkgPath }
	var ok []*packages.Package
	for _, p := range slices.Concat(slices.DeleteFunc(slices.Clone(pkgs), variant),
		slices.DeleteFunc(slices.Clone(pkgs), func(p *packages.Package) bool { return !variant(p) })) {
		c, imports := culprit[p]
		switch {
		case !own[p] && !imports:
			ok = append(ok, p)
			continue
		case !checked[p.ID] || noted[p.PkgPath]:
			continue
		case !own[p] && p.Name == "main" && strings.HasSuffix(p.PkgPath, ".test"):
			continue // a test's generated main: the variant it tests has the note
		}
		noted[p.PkgPath] = true
		why := "it imports " + c + ", which does not build for " + a.GOARCH
		if own[p] {
			why = "it does not build for " + a.GOARCH + ": " + errorLine(p, p.Errors[0], e)
			if n := len(p.Errors) - 1; n == 1 {
				why += " (and 1 more error)"
			} else if n > 1 {
				why += fmt.Sprintf(" (and %d more errors)", n)
			}
		}
		fmt.Fprintf(e.Stderr, "cachelint: "+at+"%s\n", p.ID, why)
	}
	return ok
}

// errorLine is pe, an error of p, as cachelint reports it: at its place,
// named from e's directory, or at p's path.
func errorLine(p *packages.Package, pe packages.Error, e env) string {
	if pe.Pos != "" && pe.Pos != "-" {
		return e.rel(pe.Pos) + ": " + pe.Msg
	}
	return p.PkgPath + ": " + pe.Msg
}

// byteLines says line sizes in words: "128-byte lines", "64- and
// 256-byte lines".
func byteLines(lines []int64) string {
	var b strings.Builder
	for i, n := range lines {
		switch {
		case i == 0:
		case i == len(lines)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", n)
		if i < len(lines)-1 {
			b.WriteString("-")
		}
	}
	return b.String() + "-byte lines"
}
