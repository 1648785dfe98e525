package layout

import "testing"

// Every check, and only checks and the annotation rule, has a rule with
// the metadata SARIF needs.
func TestRules(t *testing.T) {
	for _, c := range Checks {
		if _, ok := RuleOf(c); !ok {
			t.Errorf("check %s has no rule", c)
		}
	}
	for i, r := range Rules {
		if !IsCheck(r.Name) && r.Name != AnnotationRule {
			t.Errorf("rule %s is not a check", r.Name)
		}
		if i < len(Checks) && r.Name != Checks[i] {
			t.Errorf("rule %d is %s, want %s (report order)", i, r.Name, Checks[i])
		}
		if r.Summary == "" || r.Help == "" || r.Fix == "" {
			t.Errorf("rule %s lacks a summary, help or fix", r.Name)
		}
		switch r.Severity {
		case "error", "warning", "note":
		default:
			t.Errorf("rule %s: severity %q", r.Name, r.Severity)
		}
	}
}
