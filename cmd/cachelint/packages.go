package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	gobuild "go/build"
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
write to stdout. Exit status: 0 no findings, 3 findings (in every
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
	fs.StringVar(&o.format, "format", "text", "output: text, json (go vet's -json) or sarif")
	fs.BoolVar(&o.json, "json", false, "go vet's JSON output (as -format json)")
	fs.StringVar(&o.srcroot, "srcroot", ".", "with -format sarif: the `DIR` that relative URIs start from (%SRCROOT%)")
	fs.BoolVar(&o.tests, "test", true, "check test files too")
	fs.BoolVar(&o.fix, "fix", false, "apply the proposed orders where every package that holds the file agrees and none depends on the field order; then report what is left")
	fs.Bool("diff", false, "with -fix, print the fixes as a unified diff instead of changing the files")
	fs.IntVar(&o.context, "c", -1, "show each diagnostic with its lines of source and this many lines either side (text output)")
	return fs, o
}

// runPackages is cachelint on Go packages. It runs the analyzer itself
// over the whole load (Config.LoadWide) to sort diagnostics and write
// SARIF, and to decide fixes over every package of the load (planFixes):
// with -fix it applies them, or with -diff prints them, after which it
// reports what is left as it would without -fix.
func runPackages(args []string, stdout, stderr io.Writer) int {
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
	if diff && !o.fix {
		return fail("-diff prints what -fix would change: give both")
	}
	if o.fix && !o.tests {
		return fail("-fix needs the test files (-test=false): code in them may depend on the field orders it changes")
	}
	if o.json {
		o.format = "json"
	}
	if !slices.Contains([]string{"text", "json", "sarif"}, o.format) {
		return fail("-format=%s: want text, json or sarif", o.format)
	}
	if o.context >= 0 && o.format != "text" {
		return fail("-c shows source lines in the text output, not in -format %s", o.format)
	}
	if fs.NArg() == 0 {
		return fail("no PACKAGES (cachelint -h for usage)")
	}
	var sarif *report.SARIF
	if o.format == "sarif" {
		so, err := sarifOptions(o.srcroot)
		if err != nil {
			return fail("%v", err)
		}
		sarif = report.NewSARIF(stdout, so)
	}

	// Each line size is checked on the build of a GOARCH with lines of
	// that size: the packages for the first, the others' builds beside.
	host := gobuild.Default.GOARCH
	arches := []golayout.ArchLines{{GOARCH: host, Lines: o.Lines}}
	if len(o.Lines) > 0 {
		arches = golayout.ByArch(o.Lines, host)
	}
	if i := slices.IndexFunc(arches, func(a golayout.ArchLines) bool { return a.GOARCH == host }); i > 0 {
		arches[0], arches[i] = arches[i], arches[0]
	}
	seen := map[string]bool{}
	files := goload.NewFiles()
	pkgs, status, err := load(arches[0].GOARCH, host, o.tests, fs.Args(), files, seen, stderr)
	if err != nil {
		return fail("%v", err)
	}
	o.Config.GOARCH, o.Config.Lines = arches[0].GOARCH, arches[0].Lines
	if len(arches) > 1 {
		others := map[string][]*analyzer.Build{} // by package ID
		for _, a := range arches[1:] {
			ps, st, err := load(a.GOARCH, host, o.tests, fs.Args(), files, seen, stderr)
			if err != nil {
				return fail("GOARCH=%s: %v", a.GOARCH, err)
			}
			status = max(status, st)
			for _, p := range ps {
				others[p.ID] = append(others[p.ID], &analyzer.Build{GOARCH: a.GOARCH, Lines: a.Lines,
					Fset: p.Fset, Files: p.Syntax, Types: p.Types, Info: p.TypesInfo, Sizes: p.TypesSizes})
			}
		}
		ids := map[*types.Package]string{}
		for _, p := range pkgs {
			ids[p.Types] = p.ID
		}
		o.Config.Builds = func(p *types.Package) []*analyzer.Build { return others[ids[p]] }
	}
	o.LoadWide = true
	// The profiles are mapped over the whole load, which sees what every
	// package does to a type; the passes are not to map them again.
	if o.Config.Profiled, err = pgoProfiled(o.PGO, pkgs, stderr); err != nil {
		return fail("%v", err)
	}
	o.PGO = "off"
	var writes analyzer.ElementWrites
	for _, p := range pkgs {
		writes.Add(p.Fset, p.Syntax, p.TypesInfo)
	}
	if len(pkgs) > 0 {
		o.Config.Elements = writes.Types(pkgs[0].Fset)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(o.Config)}, pkgs, nil)
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
	// What every package depends on of the layouts the fixes change is
	// sought only when there are fixes.
	uses := func() (map[*packages.Package]*analyzer.LayoutUses, error) {
		g, err := checker.Analyze([]*analysis.Analyzer{analyzer.Uses}, pkgs, nil)
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
	plan, err := planFixes(graph.Roots, uses)
	if err != nil {
		return fail("%v", err)
	}
	var diffOut io.Writer
	if diff {
		diffOut = stdout
	}
	if err := plan.apply(graph.Roots, o.fix && !diff, diffOut); err != nil {
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

	type diag struct {
		file              string
		line, col         int
		category, message string
		endLine           int
	}
	var diags []diag
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "cachelint: %s: %v\n", act.Package.PkgPath, act.Err)
			status = 1
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			end := p.Line
			if e := act.Package.Fset.Position(d.End); e.IsValid() && e.Filename == p.Filename {
				end = max(end, e.Line)
			}
			diags = append(diags, diag{p.Filename, p.Line, p.Column, d.Category, analyzer.Message(d), end})
		}
	}
	slices.SortFunc(diags, func(a, b diag) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.message, b.message))
	})
	// A package and its test variant hold the same files.
	diags = slices.Compact(diags)
	if len(diags) > 0 && status == 0 {
		status = 3
	}
	if o.format == "json" {
		return status
	}
	if sarif != nil {
		for _, d := range diags {
			if err := sarif.Result(report.SARIFResult{Rule: d.category, Message: d.message, File: d.file, Line: d.line, Column: d.col}); err != nil {
				return fail("%v", err)
			}
		}
		if err := sarif.Close(); err != nil {
			return fail("%v", err)
		}
		return status
	}
	w := bufio.NewWriter(stderr)
	sources := map[string][]string{}
	for _, d := range diags {
		fmt.Fprintf(w, "%s:%d:%d: %s\n", relToWD(d.file), d.line, d.col, d.message)
		if o.context >= 0 {
			writeSourceLines(w, sources, d.file, d.line-o.context, d.endLine+o.context)
		}
	}
	w.Flush()
	return status
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

// load loads the packages patterns name, built for goarch, and reports
// the errors of those that do not load: it returns the others, which
// the analyzer can check, and exit status 1 when some did not load.
// The loads of every GOARCH share files, parsed once. An error the
// packages of another GOARCH share is reported once, as seen records.
func load(goarch, host string, tests bool, patterns []string, files *goload.Files, seen map[string]bool, stderr io.Writer) ([]*packages.Package, int, error) {
	cfg := goload.Config{Tests: tests, Files: files}
	prefix := ""
	if goarch != host {
		// A cross build, as go build makes one: without cgo.
		cfg.Env = append(os.Environ(), "GOARCH="+goarch, "CGO_ENABLED=0")
		prefix = "GOARCH=" + goarch + ": "
	}
	pkgs, err := goload.Load(cfg, patterns...)
	if err != nil {
		return nil, 1, err
	}
	// A package that does not load, or imports one that does not, is
	// reported and left out; the others are checked.
	bad := map[*packages.Package]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		// The go command's report of a compile error repeats the type
		// checker's ("# PKG" and the error).
		checked := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind != packages.ListError })
		for _, e := range p.Errors {
			bad[p] = true
			if checked && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
				continue
			}
			msg := p.PkgPath + ": " + e.Msg
			if e.Pos != "" && e.Pos != "-" {
				msg = relToWD(e.Pos) + ": " + e.Msg
			}
			if !seen[msg] {
				seen[msg] = true
				fmt.Fprintf(stderr, "cachelint: %s%s\n", prefix, msg)
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
				fmt.Fprintf(stderr, "cachelint: %s%s\n", prefix, msg)
			}
		}
	}
	return ok, status, nil
}

// relToWD names file relative to the working directory when it lies under
// it, as go vet names the files of its diagnostics.
func relToWD(file string) string {
	cwd, err := os.Getwd()
	if err != nil {
		return file
	}
	if r, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}
