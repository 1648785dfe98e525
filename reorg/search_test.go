package reorg

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// searchStructs are Go heap objects whose proposals pad a written field
// away from read-mostly ones, of several shapes.
func searchStructs(t *testing.T) []*layout.Struct {
	str := func(name, hot string) field { return field{name, 16, 8, hot} }
	var out []*layout.Struct
	for _, fs := range [][]field{
		// The issue's: a written counter, two read pointers, a cold field.
		{u64("peer", "r"), u64("bytesSent", "w"), u64("cfg", "r"), field{"created", 24, 8, ""}},
		{u64("created", "r"), u64("bytesSent", "w"), u64("peer", "r"), str("name", "")},
		// Two writers on paths of their own, a limit both read.
		{str("label", ""), u64("reqs", "w:in"), u64("limit", "r:in,out"), u64("errs", "w:out"), u64("id", "")},
		// A 4-byte counter.
		{u64("newFn", "r"), u32("live", "w"), u64("cfg", "r"), field{"spare", 24, 8, ""}},
		// A zero-size marker first.
		append([]field{{"noCopy", 0, 1, ""}, u64("hits", "w"), u64("a", "r"), u64("b", "r")}, cold("c", 4)...),
	} {
		s := goStruct("s", fs...)
		s.Heap, s.Pointers = testHeap(t), true
		out = append(out, s)
	}
	return out
}

// The steps of a proposal lay it out again as it was: what Alternatives
// changes is what it means to.
func TestStepsLayOutTheProposal(t *testing.T) {
	t.Parallel()
	for _, s := range searchStructs(t) {
		for _, lines := range [][]int64{{64}, {64, 128}} {
			r := AnalyzeWith(s, lines, layout.Checks)
			if r.Proposal == nil {
				t.Fatalf("%s at %v: no proposal: %s", Describe(s), lines, r.NoFix)
			}
			items, order := itemsOf(s)
			p := r.Proposal
			q := laidOut(s, lines, order, items, steps(s, items, p), false)
			if layoutKey(q.Struct) != layoutKey(p.Struct) || !slices.Equal(q.From, p.From) {
				t.Errorf("at %v, the proposal\n%s\nlaid out again\n%s", lines, Describe(p.Struct), Describe(q.Struct))
			}
		}
	}
}

// Every alternative keeps what the struct must keep, costs no more than
// half as much again as the proposal, comes no dearer than the one after
// it, and fixes some of the findings; none comes for a C struct.
func TestAlternatives(t *testing.T) {
	t.Parallel()
	for _, s := range searchStructs(t) {
		lines := []int64{64}
		r := AnalyzeWith(s, lines, layout.Checks)
		alts, tried := Alternatives([]Build{{Arch: "amd64", Struct: s, Lines: lines}}, layout.Checks, r)
		if !strings.Contains(tried, "each cold field moved, each written field alone on its line") {
			t.Errorf("tried: %q", tried)
		}
		limit := int64(maxGrowth * float64(slot(s, r.Proposal.Struct.Size)))
		var last int64
		n := 0
		for a := range alts {
			res, ok := a.Result()
			if !ok {
				continue
			}
			n++
			q := res.Proposal
			if why := invalid(s, q); why != "" {
				t.Errorf("%s", why)
			}
			cost := slot(s, q.Struct.Size)
			if cost > limit || cost < last {
				t.Errorf("an alternative in the %d-byte slot after one in the %d-byte slot, limit %d", cost, last, limit)
			}
			last = cost
			if shared(AnalyzeWith(q.Struct, lines, layout.Checks).Findings) >= shared(r.Findings) && !fewerLines(s, q, lines) {
				t.Errorf("an alternative that helps nothing:\n%s", Describe(q.Struct))
			}
			if layoutKey(q.Struct) == layoutKey(r.Proposal.Struct) {
				t.Errorf("the proposal itself among the alternatives")
			}
		}
		if n == 0 {
			t.Errorf("no alternative for\n%s", Describe(s))
		}
	}
	c := goStruct("c", u64("a", "r"), u64("w", "w"), u64("b", "r"))
	c.Lang = layout.LangC
	r := AnalyzeWith(c, []int64{64}, layout.Checks)
	alts, tried := Alternatives([]Build{{Arch: "x86_64", Struct: c, Lines: []int64{64}}}, layout.Checks, r)
	for range alts {
		t.Errorf("an alternative for a C struct")
	}
	if tried != "" {
		t.Errorf("tried %q for a C struct", tried)
	}
}

// shared counts the members of falseshare findings.
func shared(fs []layout.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Check == layout.CheckFalseShare {
			n += len(f.Members)
		}
	}
	return n
}

// The struct: the proposal pads bytesSent onto the next line as if
// objects started on one, but the 80-byte size class starts a quarter of
// them 48 bytes past a line, where the pad leaves name and bytesSent on
// one line. The alternatives hold one that passes: no finding at any base.
func TestAlternativePassesWhereProposalFails(t *testing.T) {
	t.Parallel()
	s := searchStructs(t)[1]
	lines := []int64{64}
	r := AnalyzeWith(s, lines, layout.Checks)
	if fs := AnalyzeWith(r.Proposal.Struct, lines, layout.Checks).Findings; len(fs) == 0 || !strings.Contains(fs[0].Message, "leaves name and bytesSent on one line") {
		t.Fatalf("the proposal passes its own checks (%v):\n%s", fs, Describe(r.Proposal.Struct))
	}
	alts, _ := Alternatives([]Build{{Arch: "amd64", Struct: s, Lines: lines}}, layout.Checks, r)
	for a := range alts {
		res, ok := a.Result()
		if fs := AnalyzeWith(a.Proposal.Struct, lines, layout.Checks).Findings; ok && len(fs) == 0 {
			if !strings.HasPrefix(res.Proposal.Grown, "pads s from 40 to 88 bytes: the 96-byte size class") {
				t.Errorf("grown: %s", res.Proposal.Grown)
			}
			return
		}
	}
	t.Errorf("no alternative passes its own checks")
}

// On random Go structs, some heap objects: the steps of a proposal lay it
// out again as it was, every alternative keeps every promise a proposal
// makes (broken), and seeking them changes neither the struct nor the
// result.
func FuzzAlternatives(f *testing.F) {
	f.Add([]byte{1, 1, 2, 7, 3, 6, 0, 2, 0, 1, 9, 5, 1, 0, 0, 4, 4, 0, 1, 3, 2}, true)
	f.Add([]byte{1, 0, 0, 5, 3, 3, 0, 1, 0, 0, 0, 3, 3, 0, 2, 1, 0, 9, 2, 0, 1, 2, 0}, true)
	f.Add([]byte("the seed bytes of a longer struct with pins to start from"), false)
	f.Fuzz(func(t *testing.T, data []byte, heap bool) {
		in := bytesIn(data)
		s, lines := randomStruct(&in)
		if s == nil || s.Lang != layout.LangGo {
			return
		}
		if heap {
			s.Heap = testHeap(t)
		}
		r := AnalyzeWith(s, lines, layout.Checks)
		if r.Proposal == nil {
			return
		}
		orig, first := cloneStruct(s), layoutKey(r.Proposal.Struct)
		items, order := itemsOf(s)
		if q := laidOut(s, lines, order, items, steps(s, items, r.Proposal), false); layoutKey(q.Struct) != first || !slices.Equal(q.From, r.Proposal.From) {
			t.Fatalf("the proposal\n%s\nlaid out again\n%s", describe(r.Proposal.Struct), describe(q.Struct))
		}
		alts, _ := Alternatives([]Build{{Arch: "amd64", Struct: s, Lines: lines}}, layout.Checks, r)
		for a := range alts {
			if msg := broken(s, a.Proposal, lines); msg != "" {
				t.Errorf("%s\nstruct:\n%s\nalternative:\n%s", msg, describe(s), describe(a.Proposal.Struct))
			}
			a.Result()
		}
		if !reflect.DeepEqual(s, orig) || layoutKey(r.Proposal.Struct) != first {
			t.Errorf("Alternatives changed the struct or its proposal")
		}
	})
}
