package reorg

import (
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// A written field that crosses into a line at some base shares both
// lines there: the falseshare finding holds twice at that base, and
// counts its objects once. window is 72 bytes, in the 80-byte size class
// (bases 0, 16, 32 and 48); last shares a line with start or size at
// every base, so the finding holds in every object and says no share.
func TestShareCountsEachBaseOnce(t *testing.T) {
	t.Parallel()
	s := goStruct("window", u64("start", "r"), field{"last", 16, 8, "w"}, u64("size", "r"), field{"name", 16, 8, ""}, field{"tags", 24, 8, ""})
	s.Heap, s.Pointers = testHeap(t), true
	f := find(t, Analyze(s, []int64{64}), layout.CheckFalseShare)
	if want := "last is written and shares line 0 with start (read-mostly), size (read-mostly) (64-byte lines)"; f.Message != want {
		t.Errorf("got  %s\nwant %s", f.Message, want)
	}
}
