package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// A device whose transmit-path fields sit on four lines.
func TestSpreadDevice(t *testing.T) {
	t.Parallel()
	fs := []field{u64("xmit", "r:tx")}
	fs = append(fs, cold("a", 8)...)
	fs = append(fs, u64("qdisc", "r:tx"), u64("rxh", "r:rx"))
	fs = append(fs, cold("b", 8)...)
	fs = append(fs, u64("mtu", "r:rx,tx"))
	fs = append(fs, cold("c", 8)...)
	fs = append(fs, u64("features", "r:tx"), u64("ifindex", "r:rx"))
	s := goStruct("netdev", fs...)
	if n := s.HotLines("tx", 64); n != 4 {
		t.Fatalf("tx lines = %d, want 4", n)
	}
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{layout.CheckSpread.Name, layout.CheckSpread.Name}) {
		t.Fatalf("findings %v", r.Findings)
	}
	f := r.Findings[1] // paths in name order: rx, tx
	if !strings.Contains(f.Message, "path tx occupy 4 lines where 1 would do") {
		t.Errorf("message %q", f.Message)
	}
	if !slices.Equal(f.Members, []string{"xmit", "qdisc", "mtu", "features"}) {
		t.Errorf("members %v", f.Members)
	}
	p := r.Proposal.Struct
	var order []string
	for _, m := range p.Members[:6] {
		order = append(order, m.Name)
	}
	// tx only, then shared, then rx only, each in original order.
	if want := []string{"xmit", "qdisc", "features", "mtu", "rxh", "ifindex"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if p.Size != s.Size || r.NoFix != "" {
		t.Errorf("size %d -> %d, nofix %q", s.Size, p.Size, r.NoFix)
	}
	for _, path := range []string{"tx", "rx"} {
		if n := p.HotLines(path, 64); n != 1 {
			t.Errorf("proposed %s lines = %d", path, n)
		}
	}
}

// A straddle is not repeated as a spread when it is all the spread is.
func TestSpreadNotRepeatingStraddle(t *testing.T) {
	t.Parallel()
	s := goStruct("t", append(cold("c", 7), field{"key", 16, 8, "r"}, u64("seq", "r"))...)
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{layout.CheckStraddle.Name}) {
		t.Errorf("findings %v", r.Findings)
	}
}
