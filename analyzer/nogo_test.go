package analyzer

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
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
