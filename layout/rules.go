package layout

import "slices"

// Checks are cachelint's checks, in report order: a new check's one
// registration.
var Checks = []*Check{CheckStraddle, CheckSpread, CheckFalseShare, CheckPadding, CheckBudget}

// Rules lists the rules of Checks, then AnnotationRule's.
var Rules = RulesOf(Checks)

// RulesOf lists the rules of checks, then AnnotationRule's.
func RulesOf(checks []*Check) []Rule {
	out := make([]Rule, 0, len(checks)+1)
	for _, c := range checks {
		out = append(out, c.Rule)
	}
	return append(out, annotationRule)
}

// RuleOf returns the rule named name, of a check or AnnotationRule.
func RuleOf(name string) (Rule, bool) {
	i := slices.IndexFunc(Rules, func(r Rule) bool { return r.Name == name })
	if i < 0 {
		return Rule{}, false
	}
	return Rules[i], true
}

// CheckNames lists the names of checks, in their order.
func CheckNames(checks []*Check) []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.Name
	}
	return out
}

// IsCheck reports whether name names one of Checks.
func IsCheck(name string) bool {
	return slices.ContainsFunc(Checks, func(c *Check) bool { return c.Name == name })
}
