package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
	"github.com/cachelint/cachelint/report"
)

const diffUsage = `usage: cachelint diff [-C NAME[,NAME] [-strict]] [-F dwarf|btf] [-hot FILE|DIR]... [-line N[,N]] [-format text|json|svg] [-fail-on KIND[,KIND]] [-q|-v] OLD NEW

Compares the structs two builds share (ELF files with DWARF, or BTF, in any
mix): size, members added, removed and moved, holes, the lines each fast
path's hot fields occupy, and the findings that appeared or went. The same
hot files apply to both builds. Without -C, only the structs that changed
are printed. A struct only one build has is reported as such, as codiff
does, and the rest compared; with -C -strict, a NAME one build lacks is an
error. A NAME neither build has is always an error.

With -q, diff prints its verdicts only: what got worse on the -fail-on
kinds, and the -C names one build lacks; no layouts, notes or warnings
(with -format json or svg, the document, and no notes or warnings).
Exit status: 0, or 3 when a change makes one of the -fail-on kinds
(hot-lines, size, budget, findings) worse; 1 on errors.
`

// runDiffCommand is runDiff with the collector set as for layout, which
// reads binaries the same way.
func runDiffCommand(args []string, e env) int {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	return runDiff(args, e)
}

// runDiff is "cachelint diff": it returns the exit status.
func runDiff(args []string, e env) int {
	stdout, stderr := e.Stdout, e.Stderr
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	var hot listFlag
	names := fs.String("C", "", "compare only the structs or unions `NAME[,NAME]`")
	fs.StringVar(names, "class_name", "", "as pahole --class_name: -C")
	formatPath := addFormatPath(fs)
	fs.Var(&hot, "hot", "hot file, net_cachelines table, or folder of tables, for both builds (repeatable)")
	var lineFlag layout.LineSizes
	fs.Var(&lineFlag, "line", "cache-line sizes `N[,N]`, the first counting lines (default: the files' machine's, docs/binaries.md)")
	format := fs.String("format", "text", "output: text, json or svg (the two layouts side by side)")
	failOn := fs.String("fail-on", "", "exit 3 when a change makes one of `KIND[,KIND]` worse: "+strings.Join(report.WorseKinds, ", "))
	strict := fs.Bool("strict", false, "with -C: a NAME one build lacks is an error, not a struct only in the other")
	quiet := fs.Bool("q", false, "print the verdicts only: what got worse on the -fail-on kinds, and the -C names one build lacks")
	verbose := fs.Bool("v", false, "each warning on its own line (without -v, one line sums up the warnings about one file)")
	if ok, code := parseFlags(fs, args, diffUsage, stdout, stderr); !ok {
		return code
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "cachelint: "+format+"\n", args...)
		return 1
	}
	if fs.NArg() != 2 {
		return fail("diff: want two files, OLD and NEW, have %d (cachelint diff -h for usage)", fs.NArg())
	}
	formats, err := parseFormats(*formatPath)
	if err != nil {
		return fail("%v", err)
	}
	lines := []int64(lineFlag)
	if len(lines) == 0 {
		if lines, err = machineLines(fs.Args()); err != nil {
			return fail("%v", err)
		}
	}
	var kinds []string
	if *failOn != "" {
		kinds = strings.Split(*failOn, ",")
		for _, k := range kinds {
			if !slices.Contains(report.WorseKinds, k) {
				return fail("-fail-on=%s: want %s", k, strings.Join(report.WorseKinds, ", "))
			}
		}
	}
	if *format != "text" && *format != "json" && *format != "svg" {
		return fail("-format=%s: want text, json or svg", *format)
	}
	var want []string
	if *names != "" {
		want = splitNames(*names)
	} else if *strict {
		return fail("-strict: needs -C")
	}
	say := &notices{w: stderr, quiet: *quiet, verbose: *verbose}
	set, err := loadHot(hot, want, say)
	if err != nil {
		return fail("%v", err)
	}

	oldPath, newPath := fs.Arg(0), fs.Arg(1)
	old, err := buildStructs(oldPath, want, formats, set, lines, say)
	if err != nil {
		return fail("%v", err)
	}
	cur, err := buildStructs(newPath, want, formats, set, lines, say)
	if err != nil {
		return fail("%v", err)
	}
	if err := missingNames(want, old, cur, oldPath, newPath, *strict); err != nil {
		return fail("%v", err)
	}
	opts := report.Options{Lines: lines}
	out := bufio.NewWriter(stdout)
	var svg *report.DiffSVG
	if *format == "svg" {
		svg = report.NewDiffSVG(out, oldPath, newPath, opts)
	}
	c, err := compareBuilds(old, cur, want != nil, opts, svg)
	if err != nil {
		return fail("%v", err)
	}
	switch {
	case *quiet && *format == "text":
		// The verdicts: the -C names one build lacks here, what got
		// worse below. (A JSON or SVG document is whole, -q or not.)
		if want != nil {
			c.writeOnly(out, oldPath, newPath)
		}
	case *format == "text":
		for _, d := range c.diffs {
			if err = report.DiffText(out, d); err != nil {
				break
			}
		}
		c.writeOnly(out, oldPath, newPath)
	case *format == "json":
		err = report.DiffJSON(out, oldPath, newPath, c.diffs, c.onlyOld, c.onlyNew, opts)
	case *format == "svg":
		err = svg.Close()
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return fail("%v", err)
	}
	return worseStatus(c.diffs, kinds, stderr)
}

// comparison is what a diff found: the structs both builds have that
// changed (every one asked for, with -C), and the names only one has.
type comparison struct {
	diffs            []*report.Diff
	onlyOld, onlyNew []string
}

// compareBuilds compares the structs of old and cur by name, each pair
// drawn into svg where there is one; named says -C chose the structs, so
// each is compared whether it changed or not.
func compareBuilds(old, cur *build, named bool, opts report.Options, svg *report.DiffSVG) (comparison, error) {
	var c comparison
	for _, o := range old.order {
		n, ok := cur.byName[o.Name]
		if !ok {
			c.onlyOld = append(c.onlyOld, o.Keyword()+" "+o.Name)
			continue
		}
		d := report.Compare(o, n, old.results[o], cur.results[n], opts)
		if !named && !d.Changed() {
			continue
		}
		c.diffs = append(c.diffs, d)
		if svg != nil {
			if err := svg.Pair(report.DiffPair{Old: o, New: n, OldResult: old.results[o], NewResult: cur.results[n], Diff: d}); err != nil {
				return c, err
			}
		}
	}
	for _, n := range cur.order {
		if _, ok := old.byName[n.Name]; !ok {
			c.onlyNew = append(c.onlyNew, n.Keyword()+" "+n.Name)
		}
	}
	return c, nil
}

// writeOnly writes the names one build lacks, as diff's text has them.
func (c comparison) writeOnly(w io.Writer, oldPath, newPath string) {
	for _, name := range c.onlyOld {
		fmt.Fprintf(w, "- %s /* only in %s */\n", name, oldPath)
	}
	for _, name := range c.onlyNew {
		fmt.Fprintf(w, "+ %s /* only in %s */\n", name, newPath)
	}
}

// worseStatus says on stderr each change that made one of kinds worse, and
// returns the exit status: 3 when there is one.
func worseStatus(diffs []*report.Diff, kinds []string, stderr io.Writer) int {
	status := 0
	for _, d := range diffs {
		for _, w := range d.Worse {
			if slices.Contains(kinds, w.Kind) {
				fmt.Fprintf(stderr, "cachelint: %s %s got worse (%s): %s\n", d.Kind, d.Name, w.Kind, w.Reason)
				status = 3
			}
		}
	}
	return status
}

// build is one side of a diff: its structs, the first definition of each
// name, analyzed.
type build struct {
	order   []*layout.Struct
	byName  map[string]*layout.Struct
	results map[*layout.Struct]*reorg.Result
}

// buildStructs reads the structs of path (those in want, when any, of
// which it may lack some) and annotates and analyzes them as cachelint
// layout does.
func buildStructs(path string, want, formats []string, set *hotfile.Set, lines []int64, say *notices) (*build, error) {
	structs, types, err := readStructs(path, want, nil, false, formats)
	if err != nil && !(want != nil && errors.Is(err, input.ErrNotFound)) {
		return nil, err
	}
	b := &build{byName: map[string]*layout.Struct{}, results: map[*layout.Struct]*reorg.Result{}}
	for _, s := range structs {
		if s.Name == "" || b.byName[s.Name] != nil {
			continue
		}
		b.byName[s.Name] = s
		b.order = append(b.order, s)
	}
	// With -C, a named struct this build lacks is said once, as only in
	// the other build, not once more per table naming it.
	if err := prepareStructs(b.order, types, set, want != nil, path, path, say); err != nil {
		return nil, err
	}
	for _, s := range b.order {
		r := reorg.Analyze(s, lines)
		b.results[s] = &r
	}
	return b, nil
}

// missingNames checks the -C names against the builds: a name neither has
// is an error, as is, with strict, one that one of them lacks.
func missingNames(want []string, old, cur *build, oldPath, newPath string, strict bool) error {
	var neither, notOld, notNew []string
	for _, name := range want {
		o, n := old.byName[name] != nil, cur.byName[name] != nil
		switch {
		case !o && !n:
			neither = append(neither, name)
		case !o:
			notOld = append(notOld, name)
		case !n:
			notNew = append(notNew, name)
		}
	}
	if len(neither) > 0 {
		return fmt.Errorf("%s: in neither %s nor %s", notFound(neither), oldPath, newPath)
	}
	if strict {
		var errs []error
		if len(notOld) > 0 {
			errs = append(errs, fmt.Errorf("%s: %s (-strict)", oldPath, notFound(notOld)))
		}
		if len(notNew) > 0 {
			errs = append(errs, fmt.Errorf("%s: %s (-strict)", newPath, notFound(notNew)))
		}
		return errors.Join(errs...)
	}
	return nil
}

// notFound says which names were not found, as the readers do.
func notFound(names []string) string {
	return input.NotFound(names).Error()
}
