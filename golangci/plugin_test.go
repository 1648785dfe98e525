package golangci

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/cachelint/cachelint/internal/recorded"
)

// The plugin as golangci-lint gets it: from the registry, with settings
// as decoded from YAML.
func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("cachelint")
	if err != nil {
		t.Fatal(err)
	}
	hot, err := filepath.Abs("testdata/hot.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"line": []any{128}, "checks": []any{"spread"}, "hotfile": hot})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %s", p.GetLoadMode())
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), analyzers[0], "p")
}

func TestPluginSettingsErrors(t *testing.T) {
	newPlugin, _ := register.GetPlugin("cachelint")
	for _, c := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"checks": []any{"falsesharing"}}, `cachelint: checks: "falsesharing" is not a check (straddle, spread, falseshare, padding, budget)`},
		{map[string]any{"lines": []any{64}}, `cachelint: decoding settings: json: unknown field "lines"`},
	} {
		_, err := newPlugin(c.settings)
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: %v, want %s", c.settings, err, c.want)
		}
	}
	p, err := newPlugin(map[string]any{"line": []any{96}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.BuildAnalyzers(); err == nil || err.Error() != "cachelint: line: line size 96: want a power of two from 8 to 4096" {
		t.Errorf("line 96: %v", err)
	}
}

// pgo names a profile (analyzer -pgo): the plugin, which sees one package
// at a time, maps it onto the package, and the line it prints says where
// the hotness comes from. testdata/src/pgo is examples/pgo's meter.go with
// the want comment, so the example's recorded profile matches it by its
// functions' names.
func TestPluginPGO(t *testing.T) {
	newPlugin, err := register.GetPlugin("cachelint")
	if err != nil {
		t.Fatal(err)
	}
	recorded.Copy(t, "testdata/src/pgo/meter.go", "../examples/pgo/meter.go")
	pgo, err := filepath.Abs(recorded.Profile(t, "../examples/pgo/default.pgo"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"pgo": pgo})
	if err != nil {
		t.Fatal(err)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), analyzers[0], "pgo")
	if _, err := newPlugin(map[string]any{"pgo": "nosuch.pgo"}); err == nil || !strings.HasPrefix(err.Error(), "cachelint: pgo: no such file") {
		t.Errorf("pgo: nosuch.pgo: %v", err)
	}
}
