package analyzer

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

// Bazel's nogo loads the exported Analyzer of this package by its name and
// sets the flags of the config's analyzer_flags with Flags.Set, values as
// strings (docs/ci.md).
func TestNogoContract(t *testing.T) {
	if err := analysis.Validate([]*analysis.Analyzer{Analyzer}); err != nil {
		t.Fatal(err)
	}
	if Analyzer.Name != "cachelint" {
		t.Errorf("name %q: nogo_config.json keys on it", Analyzer.Name)
	}
	defer func(l lineSizes, h string) { lines, hotFilePath = l, h }(lines, hotFilePath)
	for flag, value := range map[string]string{"line": "64,128", "hotfile": "/src/hot.txt"} {
		if err := Analyzer.Flags.Set(flag, value); err != nil {
			t.Errorf("analyzer_flags %s=%s: %v", flag, value, err)
		}
	}
	if got := lineSizesFor(); len(got) != 2 || got[0] != 64 || got[1] != 128 || hotFilePath != "/src/hot.txt" {
		t.Errorf("after analyzer_flags: lines %v, hotfile %q", got, hotFilePath)
	}
}
