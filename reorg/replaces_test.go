package reorg

import (
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// TestReplacesCountsFields: a proposal that puts the paths on fewer lines
// replaces another only if it leaves no more fields sharing lines
// falsely. Putting two written fields, each alone with a read of another
// path on its line (and the third read on a line of its own), on one
// line with all three reads scores better, three lines fewer, and shares
// one line instead of two, so counting lines lets it through; it shares
// five fields where the other shared four.
func TestReplacesCountsFields(t *testing.T) {
	lines := []int64{64}
	proposal := func(s *layout.Struct) *layout.Proposal {
		if err := layout.Prepare(s, layout.BinarySeparators); err != nil {
			t.Fatal(err)
		}
		return &layout.Proposal{Struct: s, Moved: []string{"w2"}}
	}
	apart := proposal(cStruct("apart", c64("w1", "w:rx"), c64("r1", "r:tx"), cMember{name: "c", size: 48, align: 8},
		c64("w2", "w:rx"), c64("r2", "r:tx"), cMember{name: "d", size: 48, align: 8}, c64("r3", "r:tx")))
	together := proposal(cStruct("together", c64("w1", "w:rx"), c64("w2", "w:rx"), c64("r1", "r:tx"), c64("r2", "r:tx"),
		c64("r3", "r:tx"), cMember{name: "c", size: 48, align: 8}))
	// The reads on a line of their own: fewer lines, no field shared.
	isolated := proposal(cStruct("isolated", c64("w1", "w:rx"), c64("w2", "w:rx"), cMember{name: "c", size: 48, align: 8},
		c64("r1", "r:tx"), c64("r2", "r:tx"), c64("r3", "r:tx")))
	if n, m := sharedFields(layout.Checks, apart.Struct, 64), sharedFields(layout.Checks, together.Struct, 64); n != 4 || m != 5 {
		t.Fatalf("fields shared: %d apart, %d together; want 4, 5", n, m)
	}
	if !better(together, hotLinesEach(together.Struct, lines), apart, hotLinesEach(apart.Struct, lines), lines) || sharesMore(layout.Checks, together.Struct, apart.Struct, lines) {
		t.Fatalf("together should score better and share fewer lines: %v, %v", hotLinesEach(together.Struct, lines), hotLinesEach(apart.Struct, lines))
	}
	if replaces(layout.Checks, together, apart, lines) {
		t.Error("together replaces apart, sharing 5 fields where apart shares 4")
	}
	if !replaces(layout.Checks, isolated, apart, lines) {
		t.Error("isolated, on fewer lines and sharing none, does not replace apart")
	}
}
