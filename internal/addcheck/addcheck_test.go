// Package addcheck_test shows what adding a check takes: the check's own
// file (bigfield_test.go; writeapart_test.go for one whose findings an
// order fixes) and its place in the list of checks, here checks; every
// report then carries its findings, and the reorganizer handed the checks
// keeps members apart by their rules.
package addcheck_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
	"github.com/cachelint/cachelint/report"
)

// checks is layout.Checks with bigField registered.
var checks = append(slices.Clone(layout.Checks), bigField)

// blob is a struct with a member of two 64-byte lines between two words.
func blob(bigSize int64) *layout.Struct {
	return &layout.Struct{Name: "blob", Size: 16 + bigSize, Align: 8, Members: []layout.Member{
		{Name: "head", Type: "long", Offset: 0, Size: 8, Align: 8},
		{Name: "big", Type: "char[]", Offset: 8, Size: bigSize, Align: 1, ElemSize: 1},
		{Name: "tail", Type: "long", Offset: 8 + bigSize, Size: 8, Align: 8},
	}}
}

// The analyzer given the checks reports bigfield on Go code, under its
// category, and ignore directives accept its name.
func TestAnalyzer(t *testing.T) {
	t.Parallel()
	a := analyzer.New(analyzer.Config{Lines: []int64{64}, Checks: checks})
	for _, r := range analysistest.Run(t, analysistest.TestData(), a, "big") {
		for _, d := range r.Diagnostics {
			if d.Category != "bigfield" {
				t.Errorf("category %s: %s", d.Category, d.Message)
			}
		}
	}
}

func TestRegistered(t *testing.T) {
	if err := layout.Validate(checks); err != nil {
		t.Fatal(err)
	}
}

func TestFindings(t *testing.T) {
	t.Parallel()
	r := reorg.AnalyzeWith(blob(128), []int64{64, 128}, checks)
	if len(r.Findings) != 1 {
		t.Fatalf("findings %+v, want one of bigfield", r.Findings)
	}
	f := r.Findings[0]
	want := "member big (128 bytes) is bigger than a line (64-byte lines)"
	if f.Check != bigField || f.Kind != "bigfield" || f.Key != "big" || f.Member != 1 || f.Message != want {
		t.Errorf("finding %s %s %q at %d: %q, want bigfield on big: %q", f.Check, f.Kind, f.Key, f.Member, f.Message, want)
	}
	if got := reorg.Analyze(blob(128), []int64{64}); len(got.Findings) != 0 {
		t.Errorf("layout.Checks find %v", got.Findings)
	}

	// Its name is an ignore word.
	ig, err := layout.ParseIgnore([]string{"bigfield", "a", "blob"}, checks)
	if err != nil || !slices.Equal(ig.Checks, []string{"bigfield"}) {
		t.Fatalf("ignore bigfield: %v, %v", ig, err)
	}
	s := blob(128)
	s.Ignores = []layout.Ignore{ig}
	if r := reorg.AnalyzeWith(s, []int64{64}, checks); len(r.Findings) != 0 {
		t.Errorf("ignored, still %v", r.Findings)
	}
}

func TestReports(t *testing.T) {
	t.Parallel()
	s := blob(128)
	r := reorg.AnalyzeWith(s, []int64{64}, checks)
	o := report.Options{Lines: []int64{64}}

	var text bytes.Buffer
	if err := report.Text(&text, s, &r, o); err != nil {
		t.Fatal(err)
	}
	if want := "/* bigfield: member big (128 bytes) is bigger than a line (64-byte lines) */"; !strings.Contains(text.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, text.String())
	}

	var js bytes.Buffer
	j := report.NewJSON(&js, o)
	if err := j.Struct(s, &r); err != nil || j.Close() != nil {
		t.Fatal(err)
	}
	var doc struct {
		Structs []struct {
			Findings []report.JSONFinding
		}
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || len(doc.Structs) != 1 || len(doc.Structs[0].Findings) != 1 || doc.Structs[0].Findings[0].Check != "bigfield" {
		t.Errorf("JSON %s (%v)", js.String(), err)
	}

	var sarif bytes.Buffer
	x := report.NewSARIF(&sarif, report.SARIFOptions{Checks: checks})
	if err := x.Struct(s, &r); err != nil || x.Close() != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID, Name string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
			}
		}
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	res := run.Results[0]
	if rule := run.Tool.Driver.Rules[res.RuleIndex]; rule.ID != "bigfield" || rule.Name != "FieldTooBig" || res.RuleID != "bigfield" || res.Level != "note" {
		t.Errorf("SARIF result %+v, rule %+v", res, rule)
	}

	var svg bytes.Buffer
	v := report.NewSVG(&svg, o)
	if err := v.Struct(s, &r); err != nil || v.Close() != nil {
		t.Fatal(err)
	}
	if want := "1 bigfield: member big"; !strings.Contains(svg.String(), want) {
		t.Errorf("SVG lacks %q", want)
	}

	// A build where big fits a line has the finding gone.
	old := blob(48)
	oldR := reorg.AnalyzeWith(old, []int64{64}, checks)
	d := report.Compare(old, s, &oldR, &r, o)
	if len(d.NewFindings) != 1 || d.NewFindings[0].Check != bigField || len(d.GoneFindings) != 0 {
		t.Errorf("diff: new %v, gone %v", d.NewFindings, d.GoneFindings)
	}
}

// conn is a Go struct with two read-mostly fields and a written one, each
// on a line of its own among cold fields.
func conn() *layout.Struct {
	s := &layout.Struct{Name: "conn", Lang: layout.LangGo, Align: 8}
	add := func(name string, hot *layout.Hot) {
		s.Members = append(s.Members, layout.Member{Name: name, Type: "int64", Offset: s.Size, Size: 8, Align: 8, BitOffset: 8 * s.Size, Hot: hot})
		s.Size += 8
	}
	add("ra", &layout.Hot{})
	for i := range 8 {
		add(fmt.Sprint("c", i), nil)
	}
	add("w", &layout.Hot{Write: true})
	for i := range 8 {
		add(fmt.Sprint("d", i), nil)
	}
	add("rb", &layout.Hot{})
	s.ResolvePaths()
	return s
}

// A check that isolates, handed to the analysis, steers its proposal by
// its rule: without falseshare, writeapart alone keeps the written field
// off the line of the reads, and its Run finds the order that puts them
// together.
func TestIsolatingCheck(t *testing.T) {
	t.Parallel()
	without := slices.DeleteFunc(slices.Clone(layout.Checks), func(c *layout.Check) bool { return c == layout.CheckFalseShare })
	with := append(slices.Clone(without), writeApart)
	if err := layout.Validate(with); err != nil {
		t.Fatal(err)
	}
	lines := []int64{64}
	lineOf := func(p *layout.Proposal, name string) int64 {
		_, m := p.Struct.Lookup(name)
		return m.Offset / 64
	}

	plain := reorg.AnalyzeWith(conn(), lines, without)
	if p := plain.Proposal; p == nil || lineOf(p, "w") != lineOf(p, "ra") || lineOf(p, "w") != lineOf(p, "rb") {
		t.Fatalf("without falseshare or writeapart: %+v (%s), want ra, w and rb on one line", plain.Proposal, plain.NoFix)
	}
	r := reorg.AnalyzeWith(conn(), lines, with)
	if p := r.Proposal; p == nil || lineOf(p, "ra") != lineOf(p, "rb") || lineOf(p, "w") == lineOf(p, "ra") {
		t.Fatalf("with writeapart: %+v (%s), want ra and rb on one line, w on another", r.Proposal, r.NoFix)
	}
	found := reorg.AnalyzeWith(plain.Proposal.Struct, lines, with).Findings
	if !slices.ContainsFunc(found, func(f layout.Finding) bool { return f.Check == writeApart }) {
		t.Errorf("writeapart finds nothing in the order that puts w with the reads: %v", found)
	}
}
