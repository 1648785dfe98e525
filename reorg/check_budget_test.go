package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

func TestBudget(t *testing.T) {
	t.Parallel()
	fs := []field{u64("a", "r:tx")}
	fs = append(fs, cold("c", 8)...)
	fs = append(fs, u64("b", "r:tx"), u64("r", "r:rx"))
	s := goStruct("b", fs...)
	s.Budgets = []layout.Budget{{Path: "tx", Lines: 1}, {Lines: 1}}
	r := Analyze(s, []int64{64})
	var got []string
	for _, f := range r.Findings {
		if f.Check == layout.CheckBudget {
			got = append(got, f.Message)
		}
	}
	// The budget of every path says the same of tx as tx's own.
	want := []string{
		"hot fields of path tx occupy 2 lines, over the budget of 1 (64-byte lines)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
	s.Ignores = []layout.Ignore{{Checks: []string{layout.CheckBudget.Name, layout.CheckSpread.Name}, Reason: "measured"}}
	if r := Analyze(s, []int64{64}); len(r.Findings) != 0 {
		t.Errorf("ignored checks still report: %v", r.Findings)
	}
}

// A budget no order can meet leaves the fix unoffered.
func TestNoFixWhenBudgetUnreachable(t *testing.T) {
	t.Parallel()
	var fs []field
	for i := range 10 {
		fs = append(fs, u64(string(rune('a'+i)), "r"))
	}
	s := goStruct("big", fs...)
	s.Budgets = []layout.Budget{{Lines: 1}}
	r := Analyze(s, []int64{64})
	if r.NoFix == "" || !strings.Contains(r.NoFix, "over the budget") {
		t.Errorf("NoFix = %q", r.NoFix)
	}
}

// A budget that holds from a line boundary but not at every heap base.
func TestBudgetAtHeapBases(t *testing.T) {
	t.Parallel()
	fs := append(cold("c", 3), u64("key", "r"), u64("seq", "r"))
	fs = append(fs, cold("d", 5)...)
	s := goStruct("session", fs...) // 80 bytes: bases 0, 16, 32, 48
	s.Budgets = []layout.Budget{{Lines: 1}}
	if r := Analyze(s, []int64{64}); len(r.Findings) != 0 {
		t.Fatalf("from a line boundary: %v", r.Findings)
	}
	s.Heap = testHeap(t)
	r := Analyze(s, []int64{64})
	want := "hot fields occupy 2 lines, over the budget of 1 (64-byte lines); in 25% of heap objects, those starting 32 bytes past a 64-byte line (the 80-byte size class starts them at 0, 16, 32 or 48)"
	if !slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Message == want }) {
		t.Errorf("findings %v lack %q", r.Findings, want)
	}
	if r.Proposal == nil || r.Proposal.Struct.Members[0].Name != "key" || r.Proposal.Grown != "" {
		t.Fatalf("want key and seq first, no growth; got %+v", r.Proposal)
	}
}
