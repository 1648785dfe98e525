package reorg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// improves reports whether proposal p, which leaves findings left, is
// worth making: it puts some path on fewer lines, or the findings that
// cost by themselves (Check.CostsAlone: members sharing lines falsely,
// split locks) involve fewer members than s's now. A finding that costs a
// path a line is no gain when it goes and the line stays: a hot field
// moved off a boundary while another hot field takes a line.
func improves(s *layout.Struct, p *layout.Proposal, now, left []layout.Finding, lines []int64) bool {
	if fewerLines(s, p, lines) {
		return true
	}
	involved := func(fs []layout.Finding) int {
		n := 0
		for _, f := range fs {
			if f.Check.CostsAlone(f.Kind) {
				n += max(len(f.Members), 1)
			}
		}
		return n
	}
	return involved(left) < involved(now)
}

// fewerLines reports whether p puts some path of s on fewer lines at some
// line size, not counting the parts that are guesses (HotPart.Guess): a
// saving does not rest on one, such as fields moved onto the first line
// of a struct-typed member whose hot fields nothing marks.
func fewerLines(s *layout.Struct, p *layout.Proposal, lines []int64) bool {
	for _, line := range lines {
		for _, path := range s.Paths() {
			if p.Struct.MeanLines(path, line, true) < s.MeanLines(path, line, true) {
				return true
			}
		}
	}
	return false
}

// sameLines says, for a proposal that puts no path on fewer lines, the
// lines its paths take at the first line size: "rx 5, tx 11 (64-byte
// lines)".
func sameLines(s *layout.Struct, lines []int64) string {
	var parts []string
	for _, path := range s.Paths() {
		n, _ := s.HotLinesAtBases(path, lines[0], false)
		parts = append(parts, fmt.Sprintf("%s %d", path, n))
	}
	return strings.Join(parts, ", ") + " " + layout.AtLines(lines[0])
}

// remains says what the findings a proposal leaves are, and why no order
// fixes them where the layout tells, once per reason.
func remains(p *layout.Proposal, left []layout.Finding) string {
	const most = 3
	var parts, whys []string
	who, check := map[string][]string{}, map[string]string{}
	for _, f := range left {
		why := whyLeft(p.Struct, f)
		if why == "" {
			if !slices.Contains(parts, f.Message) {
				parts = append(parts, f.Message)
			}
			continue
		}
		if _, ok := who[why]; !ok {
			whys = append(whys, why)
			check[why] = f.Check.Name
		}
		if len(f.Members) > 0 && !slices.Contains(who[why], f.Members[0]) {
			who[why] = append(who[why], f.Members[0])
		}
	}
	var fixes []string
	for _, why := range whys {
		fixes = append(fixes, fmt.Sprintf("%s of %s, since %s", check[why], layout.NameList(who[why]), why))
	}
	var out []string
	if len(fixes) > 0 {
		out = append(out, "no order fixes "+strings.Join(fixes, "; "))
	}
	// What the layout does not explain is said plainly: a search that
	// is not exhaustive proves nothing about the orders it missed.
	if len(parts) > most {
		parts = append(parts[:most], fmt.Sprintf("and %d more", len(parts)-most))
	}
	out = append(out, parts...)
	return strings.Join(out, "; ")
}

// whyLeft explains a finding a proposal leaves, "" when the members alone
// do not tell.
func whyLeft(s *layout.Struct, f layout.Finding) string {
	var ms []*layout.Member
	for _, name := range f.Members {
		if _, m := s.Lookup(name); m != nil {
			ms = append(ms, m)
		}
	}
	if f.Check.Isolates() {
		// A read-mostly bit-field goes where the written one sharing its
		// storage unit goes.
		for _, m := range ms {
			if !m.IsBitField() || m.Unit == 0 || m.Hot == nil || m.Hot.Write {
				continue
			}
			for i := range s.Members {
				if y := &s.Members[i]; y.Unit == m.Unit && y.Hot != nil && y.Hot.Write {
					return fmt.Sprintf("read-mostly %s shares a storage unit with written %s", m.Label(), y.Label())
				}
			}
		}
	}
	for _, m := range ms {
		// A group's members stay in it, whatever the hot file says.
		if h := layout.GroupHot(m.Group); h != nil && m.Hot != nil && h.Write != m.Hot.Write {
			kind := "read-mostly"
			if m.Hot.Write {
				kind = "written"
			}
			return fmt.Sprintf("%s %s stays in its group %s", kind, m.Label(), m.Group)
		}
	}
	for _, m := range ms {
		if m.Pinned {
			return m.Label() + " is pinned"
		}
	}
	return ""
}
