package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/recorded"
)

// pgoDir is the pgo example, a module of its own: `go install
// github.com/cachelint/cachelint/...` installs no command but cachelint.
const pgoDir = root + "/examples/pgo"

// examplePGO checks the pgo example's recorded default.pgo.
func examplePGO(t *testing.T) {
	t.Helper()
	recorded.Profile(t, filepath.Join(pgoDir, "default.pgo"))
}

// The findings the pgo example's default.pgo gives Meter and Stream, which
// carry no annotation, and where they say the hotness comes from.
const (
	meterFinding  = "meter.go:33:2: Meter: count and sum are written and share line 0 with scale (read-mostly), offset (read-mostly) (64-byte lines)"
	streamFinding = "meter.go:84:2: Stream: hot fields occupy 3 lines where 1 would do (64-byte lines): enabled, meter, shift; hot by the profile default.pgo (-pgo): enabled read in 47.7% of the samples, by main.Ingest;"
	meterSource   = "hot by the profile default.pgo (-pgo): scale read in "
	meterWriter   = "count written in "
	meterFuncs    = "by main.(*Meter).Record"
	// The evidence that the line moves between cores: the queries'
	// goroutine reads what the main goroutine's writes share a line with.
	meterShared = "two goroutines share the line: scale read on the goroutines of main.Run.func1, main.main; offset read on the goroutines of main.Run.func1, main.main; count written on the goroutine of main.main"
)

func TestPGOAuto(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	stdout, stderr, code := runSplit(t, pgoDir, bin, "./...")
	if code != 3 || stdout != "" || strings.Count(stderr, "\n") != 2 {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant exit 3 and two diagnostics", code, stdout, stderr)
	}
	for _, want := range []string{meterFinding, meterSource, meterWriter, meterFuncs, meterShared, streamFinding} {
		if !strings.Contains(stderr, want) {
			t.Errorf("no %q in\n%s", want, stderr)
		}
	}
	// -pgo=off: no hot field, no finding.
	if out, code := run(t, pgoDir, bin, "-pgo=off", "./..."); code != 0 || out != "" {
		t.Errorf("-pgo=off: exit %d\n%s", code, out)
	}
	// The profile named: the same marks.
	if out, code := run(t, pgoDir, bin, "-pgo=default.pgo", "./..."); code != 3 || !strings.Contains(out, meterSource) {
		t.Errorf("-pgo=FILE: exit %d\n%s", code, out)
	}
	for _, c := range []struct{ flag, want string }{
		{"-pgo=nosuch.pgo", "cachelint: -pgo=nosuch.pgo: no such file (go vet runs cachelint in each package's directory: give an absolute path) (cachelint -h lists the flags)\n"},
		{"-pgo=testdata", "cachelint: -pgo=testdata: a directory, not a profile (cachelint -h lists the flags)\n"},
	} {
		if out, code := run(t, ".", bin, c.flag, "./testdata/txpath"); code != 1 || out != c.want {
			t.Errorf("%s: exit %d\n%s", c.flag, code, out)
		}
	}
}

// JSON and SARIF carry where the hotness comes from: JSON as the
// diagnostic's related information, SARIF in the message.
func TestPGOFormats(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	out, code := run(t, pgoDir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("-json: exit %d\n%s", code, out)
	}
	var res map[string]map[string][]struct {
		Category string
		Related  []struct{ Message string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The package is checked as its test variant, which go vet keys by
	// the variant's ID.
	const pkg = "github.com/cachelint/cachelint/examples/pgo"
	ds := res[pkg+" ["+pkg+".test]"]["cachelint"]
	if len(ds) != 2 || ds[0].Category != "falseshare" || ds[1].Category != "spread" || len(ds[0].Related) == 0 || !strings.HasPrefix(ds[0].Related[0].Message, meterSource) ||
		!strings.Contains(ds[0].Related[0].Message, meterFuncs) {
		t.Errorf("-json: %+v", ds)
	}
	stdout, _, code := runSplit(t, pgoDir, bin, "-format", "sarif", "./...")
	if code != 3 || !strings.Contains(stdout, meterSource) || !strings.Contains(stdout, meterFuncs) {
		t.Errorf("-format sarif: exit %d\n%s", code, stdout)
	}
}

// pgoModule copies the pgo example, its module, into a temporary
// directory (the profile's -trimpath file names still name its files),
// and edits meter.go with edit.
func pgoModule(t *testing.T, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	copyDir(t, pgoDir, dir)
	name := filepath.Join(dir, "meter.go")
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(edit(string(src))), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A stale profile is used where it matches, as go build uses it: lines
// added above every function move them, a renamed function is gone; one
// line says how much matched.
func TestPGOStale(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	dir := pgoModule(t, func(s string) string {
		s = strings.Replace(s, "type Meter struct {", "type Meter struct {\n\tkind    uint8\n\tmode    uint8", 1)
		return strings.ReplaceAll(s, "Convert", "Calibrate")
	})
	stdout, stderr, code := runSplit(t, dir, bin, "./...")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if code != 3 || stdout != "" || len(lines) != 3 {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant exit 3, a note and two diagnostics", code, stdout, stderr)
	}
	note := "cachelint: note: -pgo: default.pgo: "
	if !strings.HasPrefix(lines[0], note) || !strings.Contains(lines[0], " moved since it was recorded (matched by name), 1 no longer declared (their samples unused)") {
		t.Errorf("note: %s", lines[0])
	}
	// Record moved with the fields added: its lines still write count
	// and sum (now on line 1). Convert, renamed, credits nothing; the
	// literal and Ingest calling it moved and still read scale and
	// offset.
	for _, want := range []string{"meter.go:35:2: Meter: count is written and shares line 0 with scale (read-mostly), offset (read-mostly)",
		"scale read in 68.4% of the samples, by main.Ingest, main.Run.func1;", "count written in 25.9% of the samples, by main.(*Meter).Record, main.Run"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("no %q in\n%s", want, lines[1])
		}
	}
}

// A profile none of whose samples is in the packages loaded is a note.
func TestPGONoMatch(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	recorded.Profile(t, "testdata/txpath/cpu.pprof")
	txpath, err := filepath.Abs("testdata/txpath/cpu.pprof")
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runSplit(t, pgoDir, bin, "-pgo="+txpath, "./...")
	if code != 0 || stdout != "" || !strings.HasPrefix(stderr, "cachelint: note: -pgo: ") || !strings.HasSuffix(stderr, "samples is in the packages loaded: no hot fields from it\n") ||
		strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// Annotations win where they mark a field: the profile marks only the
// others, and the finding credits it with those alone.
func TestPGOAnnotationsWin(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	dir := pgoModule(t, func(s string) string {
		return strings.Replace(s, "\tscale   float64\n", "\tscale   float64 //cachelint:hot path=query\n", 1)
	})
	out, code := run(t, dir, bin, "./...")
	if code != 3 || !strings.Contains(out, "hot by the profile default.pgo (-pgo): offset read in ") || strings.Contains(out, "scale read in") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// A main package's profile is hot data for the packages it builds, not
// for those another main package builds.
func TestPGOPerMain(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	dir := pgoModule(t, func(s string) string { return s })
	// Another command with the same profile, whose code it does not
	// describe; it builds nothing of examples/pgo.
	other := filepath.Join(dir, "cmd/other")
	copyDir(t, pgoDir, other)
	if err := os.WriteFile(filepath.Join(other, "meter.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(other, "meter_test.go"))
	os.Remove(filepath.Join(other, "go.mod"))
	stdout, stderr, code := runSplit(t, dir, bin, "./...")
	if code != 3 || stdout != "" || strings.Count(stderr, "\n") != 2 || !strings.Contains(stderr, meterSource) {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// go vet sees one package at a time: it finds the default.pgo files of
// the module's main packages from the module root and prints where the
// hotness comes from as related information.
func TestPGOGoVet(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	out, code := run(t, pgoDir, "go", "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(out, meterFinding+"\n") || !strings.Contains(out, "meter.go:33:2: \t"+meterSource) {
		t.Errorf("go vet: exit %d\n%s", code, out)
	}
	if out, code := run(t, pgoDir, "go", "vet", "-vettool="+bin, "-cachelint.pgo=off", "./..."); code != 0 {
		t.Errorf("go vet -cachelint.pgo=off: exit %d\n%s", code, out)
	}
}

// -fix repairs what the profile finds: Meter's calibration and counters
// on lines of their own, Stream's hot fields on one line. Reordering
// moves no function, and the profile finds nothing left.
func TestPGOFix(t *testing.T) {
	t.Parallel()
	examplePGO(t)
	dir := pgoModule(t, func(s string) string { return s })
	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 {
		t.Fatalf("-fix: exit %d\n%s", code, out)
	}
	if out, code := run(t, dir, bin, "./..."); code != 0 || out != "" {
		t.Errorf("after -fix: exit %d\n%s", code, out)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "meter.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"type Meter struct {\n\tscale   float64\n\toffset  float64\n", "type Stream struct {\n\tmeter   *Meter\n\tshift   uint32\n\tenabled bool\n"} {
		if !strings.Contains(string(fixed), want) {
			t.Errorf("fixed meter.go lacks %q", want)
		}
	}
	if out, code := run(t, dir, "go", "build", "./..."); code != 0 {
		t.Errorf("fixed source does not build: %s", out)
	}
}

// A default.pgo that is no profile is an error naming it.
func TestPGOCorrupt(t *testing.T) {
	t.Parallel()
	dir := pgoModule(t, func(s string) string { return s })
	if err := os.WriteFile(filepath.Join(dir, "default.pgo"), []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := run(t, dir, bin, "./...")
	if code != 1 || !strings.HasPrefix(out, "cachelint: -pgo: default.pgo: not a pprof profile: byte 0: ") || strings.Count(out, "\n") != 1 {
		t.Errorf("exit %d\n%s", code, out)
	}
}
