package layout

import (
	"fmt"
	"slices"
)

// CheckSpread reports paths whose hot fields take more lines than an order needs.
var CheckSpread = &Check{
	Rule: Rule{
		Name:      "spread",
		SARIFName: "HotFieldsSpreadOverLines",
		Summary:   "The hot fields of a path occupy more cache lines than a reordering needs",
		Help: "The hot fields of one path (a fast path, named with `path=`) sit on more lines than the proposed order " +
			"needs, so the path fetches more lines than it must. The message names the path, the lines now and possible, " +
			"and the fields. A path whose extra lines are all straddles of its fields is reported as those straddles only.\n\n" +
			"Group the path's fields together; the proposed order does.",
		Fix:      FixReorder,
		Severity: "warning",
	},
	Run:       runSpread,
	AboutPath: true,
}

func runSpread(pass *Pass) []Finding {
	if pass.Proposal == nil {
		return nil
	}
	_, straddling := pass.crossings()
	return spread(pass.Struct, pass.Proposal.Struct, pass.Line, straddling)
}

// spread finds paths whose hot members occupy more lines than in prop. A
// path whose extra lines are all the straddles of its members (in
// straddling, one line each) is left to the straddle findings.
func spread(s, prop *Struct, line int64, straddling map[*Member]bool) []Finding {
	var out []Finding
	for _, p := range s.Paths() {
		if s.fewOn(p) || s.keptForUnsampled(p, line) {
			continue
		}
		now, nowAt := s.HotLinesAtBases(p, line, false)
		best, bestAt := prop.HotLinesAtBases(p, line, false)
		// A heap object's lines depend on its base: an order is better
		// if it needs fewer at its worst base, or as many but an eighth
		// of a line fewer over all objects.
		fewer := best < now || best == now && prop.meanHotLines(p, line) <= s.meanHotLines(p, line)-0.125
		if !fewer {
			continue
		}
		var names []string
		first, crossing := -1, 0
		for _, h := range s.hotMembers() {
			if h.m.Hot.On(p) {
				names = append(names, h.m.Label())
				if first < 0 {
					first = h.top
				}
				if straddling[h.m] {
					crossing++
				}
			}
		}
		if best < now && now-crossing <= best {
			continue
		}
		detail := fmt.Sprintf("%d lines where %d would do", now, best)
		if nowAt.objects != nowAt.of {
			detail += ", " + s.objectsWord(nowAt, "in ")
		}
		msg := fmt.Sprintf("%s occupy %d lines where %d would do", PathWords(p), now, best)
		if best == now && s.GlobalAlign > 0 {
			detail = fmt.Sprintf("%d lines %s where a better order would at only %d", now, s.objectsWord(nowAt, ""), bestAt.objects)
			msg = fmt.Sprintf("%s occupy %s", PathWords(p), detail)
		} else if best == now {
			detail = fmt.Sprintf("%d lines in %s where a better order would in only %d%%", now, s.objectsWord(nowAt, ""), bestAt.percent())
			msg = fmt.Sprintf("%s occupy %s", PathWords(p), detail)
		}
		f := newFinding(line, first, names, p, msg, ": "+NameList(names)+s.heapNote(line, nowAt))
		f.detail = detail
		out = append(out, f)
	}
	return out
}

// fewOn reports whether every mark on path p is a profile's on a type of
// few values (Hot.Few): no finding says the path visits many objects.
func (s *Struct) fewOn(p string) bool {
	for _, h := range s.hotMembers() {
		if h.m.Hot.On(p) && !h.m.Hot.Few {
			return false
		}
	}
	return true
}

// keptForUnsampled reports whether the declared order keeps within one
// line's span fields that a function no profile sample is in reads
// together (Hot.Unsampled), among them one that path p's marks include
// and one they do not, while a field written on p lies outside them. A
// better order judged on the sampled code alone would move that written
// field onto those readers' line, or their fields apart: the profile
// cannot say which costs more, and no spread is reported.
func (s *Struct) keptForUnsampled(p string, line int64) bool {
	hot := s.hotMembers()
	onPath := map[string]bool{}
	for _, h := range hot {
		if h.m.Hot.On(p) {
			onPath[h.m.Name] = true
		}
	}
	for _, h := range hot {
		if !h.m.Hot.On(p) {
			continue
		}
		for _, g := range h.m.Hot.Unsampled {
			if !slices.ContainsFunc(g, func(n string) bool { return !onPath[n] }) || !s.withinLine(g, line) {
				continue
			}
			if slices.ContainsFunc(hot, func(w hotMember) bool {
				return w.m.Hot.On(p) && w.m.Hot.Write && !slices.Contains(g, w.m.Name)
			}) {
				return true
			}
		}
	}
	return false
}

// withinLine reports whether the top-level members named lie within line
// bytes of one another.
func (s *Struct) withinLine(names []string, line int64) bool {
	lo, hi := s.Size, int64(0)
	for _, n := range names {
		i := slices.IndexFunc(s.Members, func(m Member) bool { return m.Name == n })
		if i < 0 {
			return false
		}
		lo, hi = min(lo, s.Members[i].Offset), max(hi, s.Members[i].End())
	}
	return hi-lo <= line
}
