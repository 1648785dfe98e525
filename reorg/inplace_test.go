package reorg

import (
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// bytesQueue is bigcache's queue.BytesQueue, 112 bytes, with the fields
// a profile of its benchmarks marks hot: headerBuffer at offset 80.
func bytesQueue() *layout.Struct {
	return goStruct("BytesQueue", field{"full", 1, 1, "r"}, field{"array", 24, 8, "r"}, u64("capacity", ""),
		u64("maxCapacity", ""), u64("head", "r"), u64("tail", "w"), u64("count", "w"), u64("rightMargin", ""),
		field{"headerBuffer", 24, 8, "r"}, field{"verbose", 1, 1, ""})
}

// Judged as a heap object of its own 112-byte class, headerBuffer crosses
// a line in a quarter of the queues, where another order saves it. In
// place at offset 8 of 288-byte-class shards, the queue starts 8 or 40
// bytes past a line: at 40 headerBuffer crosses, but the path's 73 bytes
// from there take three lines in any order, so no straddle; what is
// reported says where the queue lies, not a size class no queue is in.
func TestInPlaceStraddle(t *testing.T) {
	t.Parallel()
	s := bytesQueue()
	s.Heap, s.Pointers = testHeap(t), true
	messages := func() string {
		var out []string
		for _, f := range Analyze(s, []int64{64}).Findings {
			out = append(out, f.Check.Name+": "+f.Message)
		}
		return strings.Join(out, "\n")
	}
	if got := messages(); !strings.Contains(got, "straddle: hot field headerBuffer (24 bytes at offset 80) crosses the line boundary at 96 (64-byte lines); in 25% of heap objects") {
		t.Errorf("as a heap object:\n%s", got)
	}
	s.InPlace = []layout.Container{{Field: "cacheShard.entries", Offset: 8, Size: 280, Pointers: true}}
	got := messages()
	if strings.Contains(got, "straddle") || strings.Contains(got, "size class") {
		t.Errorf("in place:\n%s", got)
	}
	if want := "in every object holding it (BytesQueue is no heap object of its own: it lies in cacheShard.entries at offset 8 of a 280-byte object, which starts it 8 or 40 bytes past a line)"; !strings.Contains(got, want) {
		t.Errorf("in place:\n%s\nwant %q in it", got, want)
	}
}
