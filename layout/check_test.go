package layout

import (
	"strings"
	"testing"
)

// Every check has what the reports need, and the rules follow the checks
// in report order, then the annotation rule.
func TestChecks(t *testing.T) {
	t.Parallel()
	if err := Validate(Checks); err != nil {
		t.Fatal(err)
	}
	if len(Rules) != len(Checks)+1 || Rules[len(Checks)].Name != AnnotationRule {
		t.Fatalf("rules %v: want the checks' then %s", Rules, AnnotationRule)
	}
	for i, c := range Checks {
		if Rules[i].Name != c.Name {
			t.Errorf("rule %d is %s, want %s (report order)", i, Rules[i].Name, c.Name)
		}
		if r, ok := RuleOf(c.Name); !ok || r.Summary != c.Summary {
			t.Errorf("RuleOf(%s) = %v, %v", c.Name, r, ok)
		}
	}
	if err := Validate([]*Check{{Rule: annotationRule}}); err == nil {
		t.Errorf("the annotation rule passes as a check")
	}
}

// A check that lacks what a report needs, or takes another's word, fails
// Validate, naming the check and what it lacks.
func TestValidateChecks(t *testing.T) {
	t.Parallel()
	ok := func() *Check {
		return &Check{Rule: Rule{Name: "toobig", SARIFName: "StructTooBig", Summary: "s", Help: "h", Severity: "note"},
			Run: func(*Pass) []Finding { return nil }}
	}
	if err := Validate(append([]*Check{ok()}, Checks...)); err != nil {
		t.Fatalf("a complete check: %v", err)
	}
	for _, tc := range []struct {
		breakIt func(*Check)
		want    string
	}{
		{func(c *Check) { c.SARIFName = "" }, "SARIFName"},
		{func(c *Check) { c.SARIFName = "too big" }, "SARIFName"},
		{func(c *Check) { c.SARIFName = "TooBig" }, "SARIF1001"},
		{func(c *Check) { c.Help = "" }, "no summary or help"},
		{func(c *Check) { c.Summary = "" }, "no summary or help"},
		{func(c *Check) { c.Severity = "" }, "severity"},
		{func(c *Check) { c.Run = nil }, "no Run"},
		{func(c *Check) { c.Name = "Too big" }, "lower-case"},
		{func(c *Check) { c.Name = "spread" }, "names another check"},
		{func(c *Check) { c.Kinds = []string{"splitlock"} }, "names another check"},
		{func(c *Check) { c.Name = AnnotationRule }, "names another check"},
		{func(c *Check) { c.Hazards = []string{"torn"} }, "hazard \"torn\" is neither its name nor one of its kinds"},
		{func(c *Check) { c.Fix = FixReorderPadding }, "has its rule as Apart"},
		{func(c *Check) { c.Apart = CheckFalseShare.Apart }, "has its rule as Apart"},
		{func(c *Check) { c.Neighbours = CheckFalseShare.Neighbours }, "Neighbours is for a check that isolates"},
	} {
		c := ok()
		tc.breakIt(c)
		err := Validate(append([]*Check{c}, Checks...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: Validate says %v, want %q", c.Rule, err, tc.want)
		}
	}
}
