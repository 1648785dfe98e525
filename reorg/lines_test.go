package reorg

import "testing"

// Line counts come from byte ranges, not from visiting lines: members of
// 2^37 bytes are counted exactly, and overlapping and touching ranges are
// counted once.
func TestHotLinesOfHugeMembers(t *testing.T) {
	t.Parallel()
	s := goStruct("grid",
		u64("n", "r:x"),
		field{"cells", 1 << 37, 8, "r:y"},
		u64("m", "w:x,y"),
		field{"more", 1<<37 + 4, 4, "r:x"},
	)
	for _, c := range []struct {
		path string
		line int64
		want int
	}{
		// n on line 0; m on line 2^31 (just past cells), more on lines
		// 2^31 to 2^32.
		{"x", 64, 1 + 1<<31 + 1},
		// cells on lines 0 to 2^31, m on the last of them.
		{"y", 64, 1<<31 + 1},
		{"x", 4096, 1 + 1<<25 + 1},
	} {
		if got := s.HotLines(c.path, c.line); got != c.want {
			t.Errorf("HotLines(%s, %d) = %d, want %d", c.path, c.line, got, c.want)
		}
	}
	r := Analyze(s, []int64{64, 128, 4096})
	if len(r.Findings) == 0 {
		t.Errorf("no findings for a written field sharing lines with read-mostly ones")
	}
}
