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
package golangci

import (
	"fmt"
	"slices"
	"strconv"
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
	return &plugin{s}, nil
}

// BuildAnalyzers sets the analyzer's flags from the settings and, when
// checks are chosen, drops the diagnostics of the others.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	a := analyzer.Analyzer
	if len(p.settings.Line) > 0 {
		var sizes []string
		for _, n := range p.settings.Line {
			sizes = append(sizes, strconv.FormatInt(n, 10))
		}
		if err := a.Flags.Set("line", strings.Join(sizes, ",")); err != nil {
			return nil, fmt.Errorf("cachelint: line: %w", err)
		}
	}
	if p.settings.Hotfile != "" {
		if err := a.Flags.Set("hotfile", p.settings.Hotfile); err != nil {
			return nil, fmt.Errorf("cachelint: hotfile: %w", err)
		}
	}
	if len(p.settings.Checks) == 0 {
		return []*analysis.Analyzer{a}, nil
	}
	only := *a
	only.Run = func(pass *analysis.Pass) (any, error) {
		filtered := *pass
		filtered.Report = func(d analysis.Diagnostic) {
			if d.Category == layout.AnnotationRule || slices.Contains(p.settings.Checks, d.Category) {
				pass.Report(d)
			}
		}
		return a.Run(&filtered)
	}
	return []*analysis.Analyzer{&only}, nil
}

// GetLoadMode says the analyzer needs type information.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
