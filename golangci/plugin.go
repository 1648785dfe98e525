// Package golangci is cachelint's golangci-lint module plugin: a
// custom golangci-lint built with it (golangci-lint custom, or the small
// main docs/ci.md shows) runs the analyzer as the linter "cachelint".
//
// Settings, under linters.settings.custom.cachelint.settings:
//
//	line: [64, 128]        cache-line sizes (default: GOARCH's)
//	checks: [falseshare]   report only these checks (default: all);
//	                       annotation problems are always reported
//	hotfile: hot.txt       a hot file naming types as PKGPATH.TYPE, as
//	                       cachelint profile -o writes (analyzer -hotfile)
//	pgo: auto              hot fields from CPU profiles (analyzer -pgo):
//	                       auto (the default) the default.pgo of each main
//	                       package of the module, off, or a profile's file
package golangci

import (
	"fmt"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/layout"
)

func init() {
	register.Plugin("cachelint", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	Line    []int64  `json:"line"`
	Checks  []string `json:"checks"`
	Hotfile string   `json:"hotfile"`
	PGO     string   `json:"pgo"`
}

type plugin struct{ settings Settings }

// New makes the plugin from its settings, as golangci-lint decoded them
// from YAML.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("cachelint: %w", err)
	}
	for _, c := range s.Checks {
		if !layout.IsCheck(c) {
			return nil, fmt.Errorf("cachelint: checks: %q is not a check (%s)", c, strings.Join(layout.CheckNames(layout.Checks), ", "))
		}
	}
	if s.PGO == "" {
		s.PGO = "auto"
	}
	var c analyzer.Config
	if err := c.SetPGO(s.PGO); err != nil {
		return nil, fmt.Errorf("cachelint: pgo: %w", err)
	}
	return &plugin{s}, nil
}

// BuildAnalyzers builds the plugin's own analyzer from the settings: when
// checks are chosen, it runs those, and the fixes it proposes keep
// members apart by their rules alone. golangci-lint prints one line per
// diagnostic, and no related information: the line says what cachelint
// itself prints (analyzer.Message), what the fix does or why there is
// none included.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	for _, n := range p.settings.Line {
		if err := layout.CheckLineSize(n); err != nil {
			return nil, fmt.Errorf("cachelint: line: %w", err)
		}
	}
	var checks []*layout.Check
	if len(p.settings.Checks) > 0 {
		checks = slices.DeleteFunc(slices.Clone(layout.Checks), func(c *layout.Check) bool { return !slices.Contains(p.settings.Checks, c.Name) })
	}
	a := analyzer.New(analyzer.Config{Lines: p.settings.Line, HotFile: p.settings.Hotfile, PGO: p.settings.PGO, Checks: checks})
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		oneLine := *pass
		oneLine.Report = func(d analysis.Diagnostic) {
			d.Message, d.Related = analyzer.Message(d), nil
			pass.Report(d)
		}
		return run(&oneLine)
	}
	return []*analysis.Analyzer{a}, nil
}

// GetLoadMode says the analyzer needs type information.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
