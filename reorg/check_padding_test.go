package reorg

import (
	"slices"
	"testing"
)

func TestPadding(t *testing.T) {
	t.Parallel()
	ring := goStruct("ring", u64("head", ""), pad(56), u64("tail", ""), pad(56))
	var got []string
	for _, f := range Analyze(ring, []int64{64, 128}).Findings {
		got = append(got, f.Message)
	}
	// The trailing pad does its job: the next element's head starts at
	// 128. The middle one leaves head and tail on line 0 of 128 bytes.
	want := []string{
		"padding _ [N]byte (56 bytes) leaves head and tail on one line (128-byte lines): it needs 64 more bytes",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
