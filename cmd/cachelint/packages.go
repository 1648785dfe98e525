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

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/singlechecker"
	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/report"
)

const packagesUsage = `usage: cachelint [-line N[,N]] [-format text|json|sarif] [-srcroot DIR] [-test=false] [-fix [-diff]] PACKAGES

Checks the struct types of Go packages. Diagnostics go to stderr, sorted by
position, with paths relative to the working directory; -format json and
sarif write to stdout. Exit status: 0 no findings, 3 findings (also with
-format sarif), 1 errors; -json (go vet's JSON) always exits 0.
`

// packagesOptions are the flags of cachelint on packages: the analyzer's
// and the driver's.
type packagesOptions struct {
	analyzer.Config
	format, srcroot string
	json, tests     bool
	fix             bool
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
	fs.Int("c", -1, "show each diagnostic with this many lines of context")
	return fs, o
}

// runPackages is cachelint on Go packages. It runs the analyzer itself
// over the whole load (Config.LoadWide) to sort diagnostics and write
// SARIF, and to decide fixes over every package of the load (planFixes):
// with -fix it applies them, or with -diff prints them, after which it
// reports what is left as it would without -fix; -c goes to
// singlechecker, which shows context.
func runPackages(args []string, stdout, stderr io.Writer) int {
	fs, o := packagesFlags()
	if ok, code := parseFlags(fs, args, packagesUsage, stdout, stderr); !ok {
		return code
	}
	delegate, diff := false, false
	fs.Visit(func(f *flag.Flag) {
		delegate = delegate || f.Name == "c"
		diff = diff || f.Name == "diff" && f.Value.String() == "true"
	})
	if delegate {
		singlechecker.Main(analyzer.Analyzer) // exits
	}
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

	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: o.tests}
	pkgs, err := packages.Load(cfg, fs.Args()...)
	if err != nil {
		return fail("%v", err)
	}
	broken := false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			broken = true
			if e.Pos == "" || e.Pos == "-" {
				fmt.Fprintf(stderr, "cachelint: %s: %s\n", p.PkgPath, e.Msg)
			} else {
				fmt.Fprintf(stderr, "cachelint: %s: %s\n", relToWD(e.Pos), e.Msg)
			}
		}
	})
	if broken {
		return 1
	}
	o.LoadWide = true
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(o.Config)}, pkgs, nil)
	if err != nil {
		return fail("%v", err)
	}
	status := 0
	plan := planFixes(graph.Roots)
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
		return 0
	}

	type diag struct {
		file              string
		line, col         int
		category, message string
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
			diags = append(diags, diag{p.Filename, p.Line, p.Column, d.Category, d.Message})
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
	for _, d := range diags {
		fmt.Fprintf(w, "%s:%d:%d: %s\n", relToWD(d.file), d.line, d.col, d.message)
	}
	w.Flush()
	return status
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
