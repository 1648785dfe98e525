package main

import (
	"bufio"
	"flag"
	"fmt"
	gobuild "go/build"
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/profile"
	"github.com/cachelint/cachelint/reorg"
	"github.com/cachelint/cachelint/report"
)

const profileUsage = `usage: cachelint profile [flags] PROFILE... PACKAGES

Maps the samples of pprof CPU profiles (runtime/pprof, go test -cpuprofile,
net/http/pprof; gzipped or not) onto the fields of the struct types of
PACKAGES, and reports each type the samples touch, most sampled first: its
layout with each field's share of the samples, read or written, and the
findings the checks make once it is annotated.

Arguments that name files are profiles, as are those named as profiles
are (*.pprof, *.prof, *.pb.gz, go test's cpu.out): one that does not exist
is an error. PATH=FILE says which fast path a profile stands for
(tx=tx.pprof rx=rx.pprof). The rest are package patterns.
A field is hot when the samples touching it reach -min of its path's
samples, and written when the samples writing it do.

Exit status: 0, or 3 when the checks find something in the types reported
(whether or not -annotate or -o writes the marks); 1 on errors.

-annotate writes //cachelint:hot [write] [path=...] on the hot fields that
have no annotation; annotations already there stay, and where the profile
disagrees with one the report says so. -o FILE writes a hot file instead,
for cachelint -hotfile FILE (go vet -cachelint.hotfile=FILE).
`

// minFlag is -min: a share of the samples, as 1% or 0.01.
type minFlag float64

func (m *minFlag) String() string { return profile.Percent(float64(*m)) }

func (m *minFlag) Set(s string) error {
	v, pc := strings.CutSuffix(strings.TrimSpace(s), "%")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return fmt.Errorf("%q: want a share such as 1%% or 0.01", s)
	}
	if pc {
		f /= 100
	}
	if f <= 0 || f > 1 {
		return fmt.Errorf("%q: want a share above 0%% and at most 100%%", s)
	}
	*m = minFlag(f)
	return nil
}

// runProfile is "cachelint profile": it returns the exit status.
func runProfile(args []string, e env) int {
	stdout, stderr := e.Stdout, e.Stderr
	fs := flag.NewFlagSet("profile", flag.ContinueOnError)
	min := minFlag(profile.DefaultMin)
	fs.Var(&min, "min", "share of a path's samples that makes a field hot (`SHARE`: 1% or 0.01)")
	lines := layout.LineSizes{layout.DefaultLineSize(gobuild.Default.GOARCH)}
	fs.Var(&lines, "line", "cache-line sizes `N[,N]`, each checked on the build of a GOARCH with lines of that size, as cachelint checks them; the first drawn in the text; GOARCH's as internal/cpu has it by default")
	format := fs.String("format", "text", "output: text or json")
	annotate := fs.Bool("annotate", false, "write //cachelint:hot comments on the hot fields")
	out := fs.String("o", "", "write a hot file to `FILE` instead of annotating")
	if ok, code := parseFlags(fs, args, profileUsage, stdout, stderr); !ok {
		return code
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "cachelint: "+format+"\n", args...)
		return 1
	}
	if *format != "text" && *format != "json" {
		return fail("-format %s: want text or json", *format)
	}
	if *annotate && *out != "" {
		return fail("profile: -annotate and -o both given: annotate the source or write a hot file")
	}
	inputs, patterns, err := profile.SplitArgs(fs.Args())
	if err != nil {
		// One line for each argument that is wrong.
		for l := range strings.SplitSeq(err.Error(), "\n") {
			fail("profile: %s", l)
		}
		return 1
	}
	if len(inputs) == 0 {
		return fail("profile: no PROFILE among the arguments (cachelint profile -h for usage)")
	}
	if len(patterns) == 0 {
		return fail("profile: no PACKAGES among the arguments (cachelint profile -h for usage)")
	}
	// The marks are the profiles' over the packages the analyzer checks,
	// which checks the types with them as it would once -annotate wrote
	// them.
	var prog *profile.Program
	var res *profile.Result
	var marks []*profile.StructMarks
	_, graph, status, err := analyzeLoad(analyzer.Config{Lines: lines, KeepLayouts: true}, true, patterns, func(pkgs []*packages.Package) (map[string]map[string]*golayout.Profiled, error) {
		if len(pkgs) == 0 {
			return nil, nil
		}
		prog = profile.FromPackages(pkgs)
		var err error
		if res, err = prog.Map(inputs); err != nil {
			return nil, err
		}
		if marks, err = prog.Marks(res, float64(min)); err != nil {
			return nil, err
		}
		return profile.AsAnnotated(marks), nil
	}, e)
	if err != nil {
		return fail("%v", err)
	}
	switch {
	case status != 0:
		// A profile's samples in a package left out would be lost.
		return fail("profile: the packages above do not load")
	case prog == nil:
		return fail("profile: no packages match %s", strings.Join(patterns, " "))
	}
	checked, err := checkedLayouts(graph)
	if err != nil {
		return fail("%v", err)
	}

	pr, results, status := profileReport(res, marks, checked, float64(min), e)

	w := bufio.NewWriter(stdout)
	opts := report.Options{Lines: lines}
	if *format == "json" {
		err = report.WriteProfileJSON(w, pr, results, opts)
	} else {
		err = report.ProfileText(w, pr, results, opts)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return fail("%v", err)
	}

	switch {
	case *out != "":
		var names []string
		for _, in := range inputs {
			names = append(names, in.File)
		}
		header := fmt.Sprintf("cachelint profile -min %s %s %s", min.String(), strings.Join(names, " "), strings.Join(patterns, " "))
		if err := writeHotFile(*out, marks, header); err != nil {
			return fail("-o: %v", err)
		}
	case *annotate:
		changed, err := prog.Annotate(marks)
		for _, name := range changed {
			fmt.Fprintf(stderr, "cachelint: annotated %s\n", e.rel(name))
		}
		if err != nil {
			return fail("-annotate: %v", err)
		}
	}
	return status
}

// checkedLayouts are the layouts the analyzer checked in graph
// (Config.KeepLayouts), by type (golayout.TypeKey): those of the types as
// declared, not of their instantiations.
func checkedLayouts(graph *checker.Graph) (map[string]*analyzer.Checked, error) {
	out := map[string]*analyzer.Checked{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for i, c := range act.Result.(*analyzer.Result).Layouts {
			if key := golayout.TypeKey(act.Package.Fset, c.Obj); c.Name == c.Obj.Name() && out[key] == nil {
				out[key] = &act.Result.(*analyzer.Result).Layouts[i]
			}
		}
	}
	return out, nil
}

// profileReport is what profile prints of the structs the profile marks,
// each as the analyzer checked it (checked, by type) and named from e's
// directory, and the exit status: 3 where one has findings. A type the
// analyzer had nothing to check in is shown as marked, with no findings.
func profileReport(res *profile.Result, marks []*profile.StructMarks, checked map[string]*analyzer.Checked, min float64, e env) (*report.Profile, []*reorg.Result, int) {
	pr := &report.Profile{Min: min, Total: res.Total}
	for _, st := range res.Profiles {
		pr.Profiles = append(pr.Profiles, report.ProfileInput{File: st.File, Path: st.Path, Samples: st.Samples, Matched: st.Matched, Mapped: st.Mapped})
	}
	var results []*reorg.Result
	status := 0
	for _, sm := range marks {
		ps := report.ProfileStruct{Type: sm.Key, Samples: sm.Struct.Samples, Layout: sm.Layout, Notes: sm.Notes}
		ps.DeclFile, ps.DeclLine = e.rel(sm.DeclFile), sm.DeclLine
		if sm.Layout == nil {
			ps.NoLayout = "generic: the layout depends on the type arguments"
		}
		for i, f := range sm.Fields {
			pf := report.ProfileField{Name: sm.Struct.Fields[i].Name, Hot: f.Hot, Annotated: f.Annotated}
			if f.Field != nil {
				pf.Samples, pf.Writes = f.Field.Samples, f.Field.Writes
			}
			ps.Fields = append(ps.Fields, pf)
		}
		var r *reorg.Result
		if c := checked[sm.Key]; c != nil && sm.Layout != nil {
			ps.Layout, r = c.Struct, &c.Result
			if len(r.Findings) > 0 {
				status = 3
			}
		}
		pr.Structs = append(pr.Structs, ps)
		results = append(results, r)
	}
	return pr, results, status
}

// writeHotFile writes the marks to a hot file at path, under header.
func writeHotFile(path string, marks []*profile.StructMarks, header string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = profile.WriteHotFile(f, marks, header)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
