package analyzer

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/cachelint/cachelint/internal/recorded"
)

// Bazel's nogo loads the exported Analyzer of this package by its name and
// sets the flags of the config's analyzer_flags with Flags.Set, values as
// strings (docs/ci.md), after the analyzer is built: its passes check with
// them.
func TestNogoContract(t *testing.T) {
	t.Parallel()
	if err := analysis.Validate([]*analysis.Analyzer{Analyzer}); err != nil {
		t.Fatal(err)
	}
	if Analyzer.Name != "cachelint" {
		t.Errorf("name %q: nogo_config.json keys on it", Analyzer.Name)
	}
	a := flagged() // as Analyzer, but of this test's own
	for flag, value := range map[string]string{"line": "128", "hotfile": filepath.Join(analysistest.TestData(), "hotfile.hot")} {
		if err := a.Flags.Set(flag, value); err != nil {
			t.Errorf("analyzer_flags %s=%s: %v", flag, value, err)
		}
	}
	var got []string
	for _, r := range analysistest.Run(discard{}, analysistest.TestData(), a, "hotfile") {
		for _, d := range r.Diagnostics {
			got = append(got, d.Message)
		}
	}
	if want := "device: hot fields occupy 2 lines where 1 would do (128-byte lines)"; !strings.Contains(strings.Join(got, "\n"), want) {
		t.Errorf("after analyzer_flags line=128 and hotfile, no %q in\n%s", want, strings.Join(got, "\n"))
	}
}

// nogo, as go vet, checks one package at a time: analyzer_flags pgo names
// the profile (auto finds the default.pgo of each main package of the
// package's module), and the diagnostic's related information says where
// the hotness comes from. testdata/src/pgo is examples/pgo's meter.go with
// the want comment, which the example's recorded profile matches by its
// functions' names.
func TestNogoPGO(t *testing.T) {
	t.Parallel()
	a := flagged()
	recorded.Copy(t, "testdata/src/pgo/meter.go", "../examples/pgo/meter.go")
	pgo, err := filepath.Abs(recorded.Profile(t, "../examples/pgo/default.pgo"))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Flags.Set("pgo", pgo); err != nil {
		t.Fatal(err)
	}
	var related []string
	for _, r := range analysistest.Run(t, analysistest.TestData(), a, "pgo") {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				related = append(related, rel.Message)
			}
		}
	}
	want := "hot by the profile examples/pgo/default.pgo (-pgo): scale read in 68.4% of the samples, by main.Ingest, main.Run.func1, main.(*Meter).Convert;"
	if len(related) == 0 || !strings.HasPrefix(related[0], want) {
		t.Errorf("related %q, want %q first", related, want)
	}
	if err := a.Flags.Set("pgo", "off"); err != nil {
		t.Fatal(err)
	}
	if rs := analysistest.Run(discard{}, analysistest.TestData(), a, "pgo"); len(rs) != 1 || len(rs[0].Diagnostics) != 0 {
		t.Errorf("pgo=off: %v", rs[0].Diagnostics)
	}
}
