package main

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/internal/recorded"
	"github.com/cachelint/cachelint/report"
)

// benchProfile copies testdata/txpath, with the profile of its benchmark
// that scripts/record-profiles recorded, to a directory of its own and
// returns the directory.
func benchProfile(t *testing.T) string {
	t.Helper()
	recorded.Profile(t, "testdata/txpath/cpu.pprof")
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/txpath")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// hotComments returns the //cachelint: comments on the fields of struct
// name in file, by field.
func hotComments(t *testing.T, file, name string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != name {
			return true
		}
		for _, fld := range ts.Type.(*ast.StructType).Fields.List {
			for _, g := range []*ast.CommentGroup{fld.Doc, fld.Comment} {
				if g == nil {
					continue
				}
				for _, c := range g.List {
					if !strings.HasPrefix(c.Text, "//cachelint:") {
						continue
					}
					if len(fld.Names) > 0 {
						out[fld.Names[0].Name] = c.Text
					} else { // embedded: named by its type
						out[types.ExprString(fld.Type)] = c.Text
					}
				}
			}
		}
		return false
	})
	return out
}

// The whole workflow on a transmit path: a recorded profile of its
// benchmark, annotated from, and the analyzer reports the hot fields
// spread. A fifth of the samples are in the function literal NewDevice
// stores in xmit, on the line that writes xmit: they credit the call that
// reads xmit, not that write.
func TestProfileAnnotate(t *testing.T) {
	t.Parallel()
	dir := benchProfile(t)
	pprof := filepath.Join(dir, "cpu.pprof")
	var stdout, stderr bytes.Buffer
	e := env{Dir: dir, Stdout: &stdout, Stderr: &stderr}
	if code := runProfile([]string{"-annotate", "-min", "10%", pprof, "./..."}, e); code != 3 {
		t.Fatalf("exit %d, want 3 (findings): %s", code, stderr.String())
	}
	t.Logf("%s", stdout.String())
	got := hotComments(t, filepath.Join(dir, "device.go"), "Device")
	want := map[string]string{
		"xmit":     "//cachelint:hot",
		"qdisc":    "//cachelint:hot",
		"mtu":      "//cachelint:hot",
		"features": "//cachelint:hot",
		"txCount":  "//cachelint:hot write",
	}
	for f, c := range want {
		if got[f] != c {
			t.Errorf("Device.%s: got %q, want %q", f, got[f], c)
		}
	}
	for f, c := range got {
		if want[f] == "" {
			t.Errorf("Device.%s: got %q, want no annotation", f, c)
		}
	}

	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(analyzer.Config{LoadWide: true})}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var diags []string
	for act := range g.All() {
		for _, d := range act.Diagnostics {
			diags = append(diags, d.Category+": "+d.Message)
		}
	}
	if !strings.Contains(strings.Join(diags, "\n"), "spread: Device: hot fields occupy") {
		t.Errorf("no spread finding on Device after -annotate; diagnostics:\n%s", strings.Join(diags, "\n"))
	}

	// Annotations stay, and a profile that disagrees with one says so.
	src, err := os.ReadFile(filepath.Join(dir, "device.go"))
	if err != nil {
		t.Fatal(err)
	}
	src = bytes.Replace(src, []byte("txCount  uint64 //cachelint:hot write"), []byte("txCount  uint64 //cachelint:hot"), 1)
	src = bytes.Replace(src, []byte("watchdog int64\n"), []byte("watchdog int64 //cachelint:hot\n"), 1)
	if err := os.WriteFile(filepath.Join(dir, "device.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := runProfile([]string{"-annotate", "-min", "10%", pprof, "./..."}, e); code != 3 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, note := range []string{
		"Device.txCount is annotated //cachelint:hot but the profile says written in",
		"Device.watchdog is annotated //cachelint:hot but the profile says cold: 0% of the samples, under -min 10%",
	} {
		if !strings.Contains(stdout.String(), note) {
			t.Errorf("the report lacks %q:\n%s", note, stdout.String())
		}
	}
	after, _ := os.ReadFile(filepath.Join(dir, "device.go"))
	if !bytes.Equal(after, src) {
		t.Errorf("-annotate changed annotated fields:\n%s", after)
	}
}

// -o writes a hot file the analyzer reads with -hotfile; -format=json
// decodes into report's types. -min 10%, as in TestProfileAnnotate.
func TestProfileHotFileAndJSON(t *testing.T) {
	t.Parallel()
	dir := benchProfile(t)
	hot := filepath.Join(dir, "tx.hot")
	var stdout, stderr bytes.Buffer
	e := env{Dir: dir, Stdout: &stdout, Stderr: &stderr}
	if code := runProfile([]string{"-format=json", "-min", "10%", "-o", hot, "tx=" + filepath.Join(dir, "cpu.pprof"), "./..."}, e); code != 3 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var doc report.ProfileJSON
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(doc.Structs) == 0 || doc.Structs[0].Type != "example.com/txpath.Device" || doc.Profiles[0].Path != "tx" {
		t.Fatalf("JSON: first struct %+v, profiles %+v", doc.Structs, doc.Profiles)
	}
	// Named from the working directory, as diagnostics are.
	if s := doc.Structs[0]; s.DeclFile != "device.go" {
		t.Errorf("Device declared at %s:%d, want device.go", s.DeclFile, s.DeclLine)
	}
	data, err := os.ReadFile(hot)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"example.com/txpath.Device.mtu hot path=tx\n",
		"example.com/txpath.Device.txCount hot write path=tx\n",
	} {
		if !strings.Contains(string(data), line) {
			t.Errorf("hot file lacks %q:\n%s", line, data)
		}
	}
	if strings.Contains(string(data), "Device.watchdog") {
		t.Errorf("hot file marks a cold field:\n%s", data)
	}

	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(analyzer.Config{HotFile: hot, LoadWide: true})}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var diags []string
	for act := range g.All() {
		for _, d := range act.Diagnostics {
			diags = append(diags, d.Category+": "+d.Message)
		}
	}
	if !strings.Contains(strings.Join(diags, "\n"), "spread: Device: hot fields of path tx occupy") {
		t.Errorf("no spread finding from the hot file; diagnostics:\n%s", strings.Join(diags, "\n"))
	}
}

func TestProfileErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"./..."}, "no PROFILE among the arguments"},
		{[]string{"main.go"}, "no PACKAGES among the arguments"},
		{[]string{"-min", "200%", "main.go", "./..."}, "want a share above 0% and at most 100%"},
		{[]string{"-annotate", "-o", "x.hot", "main.go", "./..."}, "-annotate and -o both given"},
		{[]string{"main.go", "."}, "main.go: not a pprof profile"},
		{[]string{"tx=nothere.pprof", "."}, "nothere.pprof: no such file (the profile for path tx)"},
		// Arguments named as profiles are: a missing one is named, not
		// taken for a package pattern.
		{[]string{"nosuch.pprof", "./..."}, "nosuch.pprof: no such file"},
		{[]string{"main.go", "typo.pprof", "./..."}, "typo.pprof: no such file"},
		{[]string{"cpu.prof", "cpu.pb.gz", "./..."}, "cpu.prof: no such file\ncachelint: profile: cpu.pb.gz: no such file"},
	} {
		var stdout, stderr bytes.Buffer
		code := runProfile(c.args, testEnv(&stdout, &stderr))
		if code != 1 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), "cachelint: ") || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1 and %q", c.args, code, stdout.String(), stderr.String(), c.want)
		}
	}
}

// cachelint profile reports what the analyzer reports once -annotate has
// written the profile's marks: the same findings, word for word, from the
// one Go layout both use. An annotation cannot say which goroutines touch
// a field, so the analyzer assumes any and adds the false sharing that the
// profile, which saw the benchmark's one goroutine, rules out.
func TestProfileAgreesWithAnalyzer(t *testing.T) {
	t.Parallel()
	dir := benchProfile(t)
	pprof := filepath.Join(dir, "cpu.pprof")
	var stdout, stderr bytes.Buffer
	e := env{Dir: dir, Stdout: &stdout, Stderr: &stderr}
	if code := runProfile([]string{"-format=json", "-min", "10%", pprof, "./..."}, e); code != 3 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var doc report.ProfileJSON
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	var reported []string
	for _, s := range doc.Structs {
		if s.Layout == nil {
			continue
		}
		for _, f := range s.Layout.Findings {
			reported = append(reported, f.Check+": "+s.Layout.Name+": "+f.Message)
		}
	}
	if code := runProfile([]string{"-annotate", "-min", "10%", pprof, "./..."}, e); code != 3 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{analyzer.New(analyzer.Config{Lines: []int64{64}, LoadWide: true})}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var analyzed []string
	assumed := 0
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			if d.Category == "falseshare" {
				assumed++
				continue
			}
			analyzed = append(analyzed, d.Category+": "+d.Message)
		}
	}
	slices.Sort(reported)
	slices.Sort(analyzed)
	if len(reported) < 1 || assumed == 0 || !slices.Equal(reported, slices.Compact(analyzed)) {
		t.Errorf("cachelint profile reports\n\t%s\nthe analyzer after -annotate\n\t%s", strings.Join(reported, "\n\t"), strings.Join(analyzed, "\n\t"))
	}
}

// A mutex and the fields read and written only while it is held belong on
// one line: -annotate says so with guard=, and then neither the analyzer
// nor -fix parts them (without guard=, -fix padded this limiter, as
// go.uber.org/ratelimit's mutexLimiter, from 72 to 184 bytes).
func TestProfileAnnotateGuard(t *testing.T) {
	t.Parallel()
	recorded.Profile(t, "testdata/limiter/cpu.pprof")
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/limiter")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	e := env{Dir: dir, Stdout: &stdout, Stderr: &stderr}
	if code := runProfile([]string{"-annotate", filepath.Join(dir, "cpu.pprof"), "./..."}, e); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got := hotComments(t, filepath.Join(dir, "limiter.go"), "Limiter")
	want := map[string]string{
		"sync.Mutex": "//cachelint:hot write",
		"last":       "//cachelint:hot write guard=Mutex",
		"sleepFor":   "//cachelint:hot write guard=Mutex",
		"perRequest": "//cachelint:hot guard=Mutex",
		"maxSlack":   "//cachelint:hot guard=Mutex",
		"clock":      "//cachelint:hot guard=Mutex",
	}
	for f, c := range want {
		if got[f] != c {
			t.Errorf("Limiter.%s: got %q, want %q", f, got[f], c)
		}
	}
	for f, c := range got {
		if want[f] == "" {
			t.Errorf("Limiter.%s: got %q, want no annotation", f, c)
		}
	}
	annotated, err := os.ReadFile(filepath.Join(dir, "limiter.go"))
	if err != nil {
		t.Fatal(err)
	}
	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 || out != "" {
		t.Errorf("-fix: exit %d\n%s", code, out)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "limiter.go")); !bytes.Equal(after, annotated) {
		t.Errorf("-fix changed the limiter:\n%s", after)
	}
}

// -annotate puts each directive on its field's line, in front of a line
// comment already there, which it keeps (`//cachelint:hot // bytes`): a
// comment line of its own would end gofmt's alignment of the fields above
// and rewrite lines nobody annotated (xsync's bucket, whose fields carry
// comments). Only the hot fields' lines change, and the file stays
// gofmt'd.
func TestProfileAnnotateKeepsLines(t *testing.T) {
	t.Parallel()
	dir := benchProfile(t)
	device := filepath.Join(dir, "device.go")
	src, err := os.ReadFile(device)
	if err != nil {
		t.Fatal(err)
	}
	// Comments after fields, the hot mtu, qdisc and features, and the
	// cold name among them; the lines do not move.
	for _, f := range []string{"name     [16]byte", "qdisc    *Queue", "mtu      uint32", "features uint64"} {
		src = bytes.Replace(src, []byte(f+"\n"), []byte(f+" // the "+strings.Fields(f)[0]+"\n"), 1)
	}
	if err := os.WriteFile(device, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	e := env{Dir: dir, Stdout: &stdout, Stderr: &stderr}
	if code := runProfile([]string{"-annotate", "-min", "10%", filepath.Join(dir, "cpu.pprof"), "./..."}, e); code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, stderr.String())
	}
	out, _ := os.ReadFile(device)
	before, after := strings.Split(string(src), "\n"), strings.Split(string(out), "\n")
	if len(before) != len(after) {
		t.Fatalf("-annotate added or removed lines:\n%s", out)
	}
	annotated := 0
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for i := range before {
		switch {
		case before[i] == after[i]:
		case words(before[i]) == words(after[i]) && strings.Contains(before[i], "//"):
			// gofmt aligns the comments of neighbouring lines: a
			// comment next to a field given one moves to its column.
		default:
			// The line with the directive taken out is the line as it
			// was.
			annotated++
			now := strings.NewReplacer("//cachelint:hot write", "", "//cachelint:hot", "").Replace(after[i])
			if words(now) != words(before[i]) {
				t.Errorf("line %d: %q became %q", i+1, before[i], after[i])
			}
		}
	}
	// Queue's slots and head, Device's xmit, qdisc, mtu, features and
	// txCount.
	if annotated != 7 {
		t.Errorf("%d lines annotated, want the 7 hot fields':\n%s", annotated, out)
	}
	for _, want := range []string{
		"\tqdisc    *Queue //cachelint:hot // the qdisc\n",
		"\tmtu      uint32 //cachelint:hot // the mtu\n",
		"\tname     [16]byte           // the name\n",
		"\tifalias  string\n",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if formatted, err := format.Source(out); err != nil || !bytes.Equal(formatted, out) {
		t.Errorf("not gofmt'd (%v):\n%s", err, out)
	}
	got := hotComments(t, device, "Device")
	if got["mtu"] != "//cachelint:hot // the mtu" || got["txCount"] != "//cachelint:hot write" {
		t.Errorf("directives %v", got)
	}
}

// recordedProfiles are the profiles scripts/record-profiles recorded
// under root, each beside the sources it lists in its .sum file.
func recordedProfiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root:
			return filepath.SkipDir
		case d.Type().IsRegular() && strings.HasSuffix(path, ".sum") && d.Name() != "go.sum":
			out = append(out, recorded.Profile(t, strings.TrimSuffix(path, ".sum")))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// cachelint profile checks the struct types it reports through the
// analyzer, as cachelint -pgo does with the same marks: on every fixture
// with a recorded profile, at the default path and share, on one GOARCH's
// build, they make the same findings, word for word; and on two GOARCHes'
// (64- and 128-byte lines) and on a 32-bit one, for every fixture under
// -tags e2e, for three otherwise.
func TestProfileAgreesWithPGO(t *testing.T) {
	t.Parallel()
	profiles := recordedProfiles(t)
	if len(profiles) < 7 {
		t.Fatalf("recorded profiles %q: want the 7 of scripts/record-profiles", profiles)
	}
	total := 0
	for _, name := range profiles {
		dir, file := filepath.Dir(name), filepath.Base(name)
		lineSets := []string{""}
		if e2e || slices.Contains([]string{"pgo", "shared", "txpath"}, filepath.Base(dir)) {
			// Other GOARCHes' loads: on every profile under -tags e2e
			// (.ci/run), otherwise on the three where profile once
			// judged the host's layout or an element type's size class.
			lineSets = append(lineSets, "64,128", "32")
		}
		for _, lines := range lineSets {
			var args []string
			if lines != "" {
				args = []string{"-line=" + lines}
			}
			reported := profileFindings(t, dir, append(slices.Clone(args), "-format=json", file, "./..."))
			analyzed := pgoFindings(t, dir, append(args, "-json", "-pgo="+file, "./..."))
			if !slices.Equal(reported, analyzed) {
				t.Errorf("%s -line=%s: cachelint profile reports\n\t%s\ncachelint -pgo\n\t%s", name, lines, strings.Join(reported, "\n\t"), strings.Join(analyzed, "\n\t"))
			}
			t.Logf("%s -line=%s: %d findings", name, lines, len(reported))
			total += len(reported)
		}
	}
	if total < 10 {
		t.Errorf("%d findings in all: too few to compare", total)
	}
}

// profileFindings are the findings of cachelint profile args in dir, as
// "CHECK: TYPE: MESSAGE", sorted.
func profileFindings(t *testing.T, dir string, args []string) []string {
	t.Helper()
	stdout, stderr, code := runSplit(t, dir, bin, append([]string{"profile"}, args...)...)
	if code != 0 && code != 3 {
		t.Fatalf("%s: cachelint profile %q: exit %d: %s", dir, args, code, stderr)
	}
	var doc report.ProfileJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%s: %v\n%s", dir, err, stdout)
	}
	var out []string
	for _, s := range doc.Structs {
		if s.Layout != nil {
			for _, f := range s.Layout.Findings {
				out = append(out, f.Check+": "+s.Layout.Name+": "+f.Message)
			}
		}
	}
	slices.Sort(out)
	return out
}

// pgoFindings are the diagnostics of cachelint args in dir, as
// "CATEGORY: MESSAGE", sorted, once each: a package and its test variant
// report the same.
func pgoFindings(t *testing.T, dir string, args []string) []string {
	t.Helper()
	stdout, stderr, code := runSplit(t, dir, bin, args...)
	if code != 0 {
		t.Fatalf("%s: cachelint %q: exit %d: %s", dir, args, code, stderr)
	}
	var res map[string]map[string][]struct{ Category, Message string }
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%s: %v\n%s", dir, err, stdout)
	}
	var out []string
	for _, byAnalyzer := range res {
		for _, d := range byAnalyzer["cachelint"] {
			out = append(out, d.Category+": "+d.Message)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
