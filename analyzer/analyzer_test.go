package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// withLines runs f with the -line flag set to v.
func withLines(t *testing.T, v string, f func()) {
	t.Helper()
	if err := Analyzer.Flags.Set("line", v); err != nil {
		t.Fatal(err)
	}
	defer func() { lines = nil }()
	f()
}

// Each package's .golden files hold the source after every fix.
var packages = []struct{ pkg, lines string }{
	{"cases", "64"},
	{"cases128", "128"},
	{"multi", "64,128"},
	{"heap", "64"},
}

func TestChecksAndFixes(t *testing.T) {
	for _, p := range packages {
		t.Run(p.pkg, func(t *testing.T) {
			withLines(t, p.lines, func() {
				analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), Analyzer, p.pkg)
			})
		})
	}
}

func TestAnnotationErrors(t *testing.T) {
	withLines(t, "64", func() {
		for _, r := range analysistest.Run(t, analysistest.TestData(), Analyzer, "annotations") {
			for _, d := range r.Diagnostics {
				if d.Category != "annotation" {
					t.Errorf("%s: category %q, want annotation", d.Message, d.Category)
				}
			}
		}
	})
}

// The same structs on 128-byte lines: the device and queue findings hold,
// at 128.
func TestCasesAt128(t *testing.T) {
	withLines(t, "128", func() {
		results := analysistest.Run(discard{}, analysistest.TestData(), Analyzer, "cases")
		var got []string
		for _, r := range results {
			for _, d := range r.Diagnostics {
				got = append(got, d.Category+": "+d.Message)
			}
		}
		for _, want := range []string{
			"falseshare: rxQueue: percpu elements are 64 bytes and only 8-byte aligned: at base offset 0, written rxPkts of one element shares a line with ring of the next element (128-byte lines)",
			"spread: device: hot fields of path tx occupy 3 lines where 2 would do (128-byte lines): xmit, qdisc, mtu, features; in 51% of heap objects, those starting 64, 80, 96 or 112 bytes past a 128-byte line (the 208-byte size class starts them at 0, 16, 32, 48, 64, 80, 96 or 112)",
			"falseshare: server: hits is written and shares line 0 with cfg (read-mostly) (128-byte lines)",
		} {
			if !contains(got, want) {
				t.Errorf("missing %q in\n%s", want, strings.Join(got, "\n"))
			}
		}
	})
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
	for _, p := range packages {
		t.Run(p.pkg, func(t *testing.T) {
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
			withLines(t, p.lines, func() {
				for _, r := range analysistest.Run(discard{}, dir, Analyzer, p.pkg) {
					for _, d := range r.Diagnostics {
						if d.Category != "padding" && !strings.Contains(d.Message, "; no fix: ") {
							t.Errorf("after the fix: %s: %s", d.Category, d.Message)
						}
					}
				}
			})
		})
	}
}

func TestHugeMembers(t *testing.T) {
	withLines(t, "64", func() {
		analysistest.Run(t, analysistest.TestData(), Analyzer, "huge")
	})
}

// A hot file stands in for annotations; a field it names that the struct
// lacks is an annotation error.
func TestHotFile(t *testing.T) {
	if err := Analyzer.Flags.Set("hotfile", filepath.Join(analysistest.TestData(), "hotfile.hot")); err != nil {
		t.Fatal(err)
	}
	defer func() { hotFilePath = "" }()
	withLines(t, "64", func() {
		analysistest.Run(t, analysistest.TestData(), Analyzer, "hotfile")
	})
}

func TestHotFileMissing(t *testing.T) {
	hotFilePath = filepath.Join(t.TempDir(), "missing.hot")
	defer func() { hotFilePath = "" }()
	if _, err := hotFileSets(); err == nil || !strings.Contains(err.Error(), "missing.hot") {
		t.Errorf("got %v, want an error naming missing.hot", err)
	}
}

// Every fix keeps each comment once and only edits the field list.
func TestFixComments(t *testing.T) {
	withLines(t, "64", func() {
		analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), Analyzer, "comments")
	})
}

// A fix is withheld in every variant of a package when an unkeyed literal
// in any of them, tests and external tests included, depends on the
// field order.
func TestFixWithheldForTests(t *testing.T) {
	withLines(t, "64", func() {
		analysistest.Run(t, analysistest.TestData(), Analyzer, "variants")
	})
}

// A fix is withheld when code may depend on the field order other than
// through literals the load shows: literals in importers nobody sees,
// encoding/binary, reflection by index, unsafe.Offsetof of a field that is
// not pinned, memory read as another type, assembly with offsets of its
// own. An internal package's importers are searched.
func TestFixWithheldForOrderUses(t *testing.T) {
	withLines(t, "64", func() {
		analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), Analyzer, "orderuse", "lib/internal/conf")
	})
}

// FieldListEdit, as cachelint profile -annotate uses it, on a field whose
// tag spans lines and has a comment after it: the directive must not run
// into that comment, and must read back as the field's.
func TestFieldListEditAfterMultiLineTag(t *testing.T) {
	src := []byte("package p\n\ntype T struct {\n\ttag string `a:\"1\"\n\tb:\"2\"` // the tag\n\tx int\n}\n")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	st := file.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	start, end, text, err := FieldListEdit(src, fset.File(st.Pos()), file, st, map[int]string{0: "//cachelint:hot write"})
	if err != nil {
		t.Fatal(err)
	}
	out := slices.Concat(src[:start], text, src[end:])
	file, err = parser.ParseFile(fset, "b.go", out, parser.ParseComments)
	if err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	st = file.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	ds, _ := directives(file)
	got := fieldDirectives(ds, fset.File(st.Pos()), file, st)
	if len(got[0]) != 1 || got[0][0].verb != "hot" || !slices.Equal(got[0][0].args, []string{"write"}) || len(got[1]) != 0 {
		t.Errorf("directives %v in\n%s", got, out)
	}
	if !strings.Contains(string(out), "// the tag\n") {
		t.Errorf("the tag's comment changed:\n%s", out)
	}
}
