package analyzer

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/cachelint/cachelint/layout"
)

// printed is a with each diagnostic's message as cachelint prints it
// (Message): the test packages' want comments read as the output does,
// what the fix does or why there is none included.
func printed(a *analysis.Analyzer) *analysis.Analyzer {
	b := *a
	b.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Message = Message(d)
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &b
}

// at64 is the analyzer at 64-byte lines, as cachelint runs it: it offers
// the fixes of layouts other packages reach, for the driver to judge.
var at64 = printed(New(Config{Lines: []int64{64}, LoadWide: true}))

// withLines is the analyzer at the line sizes v lists, as cachelint runs
// it.
func withLines(t *testing.T, v string) *analysis.Analyzer {
	t.Helper()
	c := Config{LoadWide: true}
	if err := (*layout.LineSizes)(&c.Lines).Set(v); err != nil {
		t.Fatal(err)
	}
	return printed(New(c))
}

// A diagnostic's message is the finding alone; what its fix does, what
// the fix leaves and why there is none are its related information, said
// once whoever decides it.
func TestFixNotesAreRelated(t *testing.T) {
	t.Parallel()
	notes := map[string]bool{}
	for _, r := range analysistest.Run(discard{}, analysistest.TestData(), New(Config{Lines: []int64{64}, LoadWide: true}), "cases") {
		for _, d := range r.Diagnostics {
			if strings.Contains(d.Message, "; no fix") || strings.Contains(d.Message, "; the fix") {
				t.Errorf("fix text in the message: %s", d.Message)
			}
			for _, rel := range d.Related {
				if rel.Pos != d.Pos {
					t.Errorf("%s: note %q elsewhere", d.Message, rel.Message)
				}
				kind, _, _ := strings.Cut(rel.Message, ":")
				notes[kind] = true
			}
		}
	}
	for _, want := range []string{"no fix", "the fix leaves this", "the fix reorders the fields and pads mpmcQueue to 184 bytes, 216 now"} {
		if !notes[want] {
			t.Errorf("no note %q among %v", want, notes)
		}
	}
}

// Each package's .golden files hold the source after every fix.
var packages = []struct{ pkg, lines string }{
	{"cases", "64"},
	{"cases128", "128"},
	{"multi", "64,128"},
	{"heap", "64"},
	// Every fix keeps each comment once, with the field it follows or
	// documents, and only edits the field list.
	{"comments", "64"},
	// The first order fails its own checks: the fix is another.
	{"search", "64"},
}

func TestChecksAndFixes(t *testing.T) {
	t.Parallel()
	for _, p := range packages {
		t.Run(p.pkg, func(t *testing.T) {
			t.Parallel()
			analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), withLines(t, p.lines), p.pkg)
		})
	}
}

func TestAnnotationErrors(t *testing.T) {
	t.Parallel()
	for _, r := range analysistest.Run(t, analysistest.TestData(), at64, "annotations") {
		for _, d := range r.Diagnostics {
			if d.Category != "annotation" {
				t.Errorf("%s: category %q, want annotation", d.Message, d.Category)
			}
		}
	}
}

// The same structs on 128-byte lines: the device and queue findings hold,
// at 128.
func TestCasesAt128(t *testing.T) {
	t.Parallel()
	results := analysistest.Run(discard{}, analysistest.TestData(), withLines(t, "128"), "cases")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			got = append(got, d.Category+": "+d.Message)
		}
	}
	for _, want := range []string{
		"falseshare: rxQueue: percpu elements are 64 bytes and only 8-byte aligned: at base offset 0, written rxPkts of one element shares a line with ring of the next element (128-byte lines)",
		"spread: device: hot fields of path tx occupy 3 lines where 2 would do (128-byte lines): xmit, qdisc, mtu, features; in 51% of heap objects, those starting 64, 80, 96 or 112 bytes past a 128-byte line (the 208-byte size class starts them at 0, 16, 32, 48, 64, 80, 96 or 112)",
		// The first order's pad fails at one base of its 144-byte size
		// class; the fix moves name behind it.
		"falseshare: server: hits is written and shares line 0 with cfg (read-mostly) (128-byte lines); the fix reorders the fields and pads server from 32 to 136 bytes: the 144-byte size class starts heap objects at 0, 16, 32, 48, 64, 80, 96 or 112 bytes past a 128-byte line, for 112 more bytes per object",
	} {
		if !contains(got, want) {
			t.Errorf("missing %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// discard collects nothing: the test inspects the results itself.
type discard struct{}

func (discard) Errorf(string, ...any) {}

var wantComment = regexp.MustCompile(`(/\* want .*?\*/|// want .*)`)

// Applying every fix and checking again finds nothing the fixes were for,
// on the types they fixed.
func TestFixedTypesAreClean(t *testing.T) {
	t.Parallel()
	for _, p := range packages {
		t.Run(p.pkg, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			pkgDir := filepath.Join(dir, "src", p.pkg)
			if err := os.MkdirAll(pkgDir, 0o755); err != nil {
				t.Fatal(err)
			}
			src := filepath.Join(analysistest.TestData(), "src", p.pkg)
			files, _ := filepath.Glob(filepath.Join(src, "*.go"))
			for _, f := range files {
				data, err := os.ReadFile(f + ".golden")
				if os.IsNotExist(err) {
					data, err = os.ReadFile(f)
				}
				if err != nil {
					t.Fatal(err)
				}
				data = wantComment.ReplaceAll(data, nil)
				if err := os.WriteFile(filepath.Join(pkgDir, filepath.Base(f)), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, r := range analysistest.Run(discard{}, dir, withLines(t, p.lines), p.pkg) {
				for _, d := range r.Diagnostics {
					if d.Category != "padding" && !strings.Contains(d.Message, "; no fix: ") {
						t.Errorf("after the fix: %s: %s", d.Category, d.Message)
					}
				}
			}
		})
	}
}

func TestHugeMembers(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), at64, "huge")
}

// A hot file stands in for annotations; a field it names that the struct
// lacks is an annotation error.
func TestHotFile(t *testing.T) {
	t.Parallel()
	a := printed(New(Config{Lines: []int64{64}, HotFile: filepath.Join(analysistest.TestData(), "hotfile.hot")}))
	analysistest.Run(t, analysistest.TestData(), a, "hotfile")
}

func TestHotFileMissing(t *testing.T) {
	t.Parallel()
	var h hotFiles
	if _, err := h.load(filepath.Join(t.TempDir(), "missing.hot")); err == nil || !strings.Contains(err.Error(), "missing.hot") {
		t.Errorf("got %v, want an error naming missing.hot", err)
	}
}

// Every fix keeps each comment once and only edits the field list.
func TestFixComments(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), at64, "comments")
}

// Under go vet, which checks a package and its tests as separate units,
// a fix is withheld in every variant of a package when the files it was
// not given (tests, external tests) mention the type: the unit that has
// them cannot stop the other's fix. An exported type with only exported
// fields is withheld everywhere.
func TestFixWithheldForTests(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), printed(New(Config{Lines: []int64{64}})), "variants")
}

// A fix is withheld when a use of the type is not proven blind to the
// field order: literals in importers nobody sees, values given as
// interfaces or type arguments to code outside the package
// (encoding/binary, reflect), unsafe.Offsetof of a field that is not
// pinned, unsafe.Pointer, assembly with offsets of its own. An internal
// package's fix is offered: cachelint -fix loads every importer in its
// module and checks their literals.
func TestFixWithheldForOrderUses(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), at64, "orderuse", "lib/internal/conf")
}

// The analyzer as go vet and golangci-lint run it sees one package at a
// time: it withholds the fixes of structs other packages reach, through
// the types of what the package exports or as interfaces, and offers the
// others.
func TestFixWithheldOnePackageAtATime(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), printed(New(Config{Lines: []int64{64}})), "onepkg")
}

// goldenPackages are the packages whose .golden files hold fixes.
var goldenPackages = []string{"cases", "cases128", "multi", "heap", "comments", "orderuse", "onepkg", "search"}

// The fixed packages build and vet for amd64, arm64 and 386 as the
// originals do: every error go build and go vet report after the fixes
// they reported before (orderuse's assembly is amd64's, comments' odd
// tags are what its fixture is about), and no other.
func TestFixedPackagesBuild(t *testing.T) {
	if testing.Short() || !e2e {
		t.Skip("builds and vets packages for three GOARCHes: go test -tags e2e -run TestFixedPackagesBuild ./analyzer")
	}
	t.Parallel()
	// errors builds and vets the packages of GOPATH root for arch, and
	// returns what go reports, without positions, which fixes move.
	positions := regexp.MustCompile(`(?m)^[^ :]*\.(go|s):\d+(:\d+)?: |\(/[^)]*\.s:\d+\)|/\S*/src/`)
	errors := func(root, arch string) string {
		var out []string
		for _, verb := range []string{"build", "vet"} {
			cmd := exec.Command("go", append([]string{verb}, goldenPackages...)...)
			cmd.Env = append(os.Environ(), "GOARCH="+arch, "GO111MODULE=off", "GOPATH="+root, "GOFLAGS=", "CGO_ENABLED=0")
			b, _ := cmd.CombinedOutput()
			lines := strings.Split(positions.ReplaceAllString(string(b), ""), "\n")
			// The 386 assembler's complaints about amd64 instructions
			// quote their operands, which go_asm.h's offsets move.
			lines = slices.DeleteFunc(lines, func(l string) bool { return strings.Contains(l, "asmins:") })
			slices.Sort(lines)
			out = append(out, lines...)
		}
		return strings.Join(out, "\n")
	}
	orig, fixed := t.TempDir(), t.TempDir()
	for _, pkg := range goldenPackages {
		src := filepath.Join(analysistest.TestData(), "src", pkg)
		entries, err := os.ReadDir(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, root := range []string{orig, fixed} {
			if err := os.MkdirAll(filepath.Join(root, "src", pkg), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasSuffix(name, ".golden") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(src, name))
			if err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(filepath.Join(src, name+".golden"))
			if os.IsNotExist(err) {
				after = data
			}
			os.WriteFile(filepath.Join(orig, "src", pkg, name), data, 0o644)
			os.WriteFile(filepath.Join(fixed, "src", pkg, name), after, 0o644)
		}
	}
	for _, arch := range []string{"amd64", "arm64", "386"} {
		if before, after := errors(orig, arch), errors(fixed, arch); before != after {
			t.Errorf("GOARCH=%s: go build and go vet of the fixed packages report\n%s\nof the originals\n%s", arch, after, before)
		}
	}
}
