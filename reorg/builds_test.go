package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// A struct two builds lay out alike is one analysis at both builds' line
// sizes; one whose pad is each build's line (cpu.CacheLinePad) is checked
// as each lays it out: the 64-byte pad of amd64 is not judged at arm64's
// 128-byte lines, where arm64's own pad is 128 bytes.
func TestAnalyzeBuilds(t *testing.T) {
	shard := func(line int64) *layout.Struct {
		s := goStruct("shard", u64("head", ""), pad(line), u64("tail", ""))
		s.Members[0].Atomic, s.Members[2].Atomic = 8, 8
		return s
	}
	messages := func(r Result) []string {
		var out []string
		for _, f := range r.Findings {
			out = append(out, f.Message)
		}
		return out
	}
	amd64, arm64 := Build{"amd64", shard(64), []int64{64}}, Build{"arm64", shard(128), []int64{128}}
	if got := messages(AnalyzeBuilds([]Build{amd64, arm64}, layout.Checks)); len(got) != 0 {
		t.Errorf("each GOARCH's own line: %q", got)
	}
	// amd64's layout at 128, as one build would check it.
	old := messages(AnalyzeWith(shard(64), []int64{64, 128}, layout.Checks))
	if want := "padding _ [N]byte (64 bytes) leaves head and tail on one line (128-byte lines)"; len(old) != 1 || !strings.HasPrefix(old[0], want) {
		t.Errorf("amd64's layout at 128: %q, want %q", old, want)
	}

	// A literal pad is the same on both: one finding, as AnalyzeWith's.
	fixed := func() *layout.Struct { return goStruct("ring", u64("head", ""), pad(56), u64("tail", "")) }
	both := messages(AnalyzeBuilds([]Build{{"amd64", fixed(), []int64{64}}, {"arm64", fixed(), []int64{128}}}, layout.Checks))
	if want := messages(AnalyzeWith(fixed(), []int64{64, 128}, layout.Checks)); !slices.Equal(both, want) || len(both) != 1 {
		t.Errorf("alike: %q, want %q", both, want)
	}

	// Laid out differently, a problem at both builds' sizes is one finding
	// naming both, and no order is proposed.
	hot := func(line int64) *layout.Struct {
		s := goStruct("dev", u64("a", "r"), pad(line-8), u64("b", "w"), u64("c", "r"))
		if err := layout.Prepare(s, func(*layout.Struct, int) bool { return true }); err != nil {
			t.Fatal(err)
		}
		return s
	}
	r := AnalyzeBuilds([]Build{{"amd64", hot(64), []int64{64}}, {"arm64", hot(128), []int64{128}}}, layout.Checks)
	if r.Proposal != nil || !strings.Contains(r.NoFix, "arm64 lays the struct out differently from amd64 (_ is 120 bytes, not 56)") {
		t.Errorf("differing layouts: proposal %v, no fix %q", r.Proposal, r.NoFix)
	}
	if got := messages(r); len(got) == 0 || !slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, "(64- and 128-byte lines)") }) {
		t.Errorf("differing layouts: %q, want a finding at both sizes", got)
	}
}
