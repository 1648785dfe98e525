package layout

import "testing"

// TestPathMoves checks the bound on members moved on small sequences
// whose answer is plain: members of the path (p) with cold bytes between.
func TestPathMoves(t *testing.T) {
	for _, c := range []struct {
		name   string
		bytes  []int64
		on     []int
		target int
		want   int
	}{
		// a line of cold between two 8-byte path members: one of the
		// three moves to get the path on one line, none for two.
		{"apart, one line", []int64{8, 64, 8}, []int{0, 2}, 1, 1},
		{"apart, two lines", []int64{8, 64, 8}, []int{0, 2}, 2, 0},
		// two 32-byte cold members between: moving the bigger one is
		// enough.
		{"two between", []int64{8, 32, 32, 8}, []int{0, 3}, 1, 1},
		// close already: nothing.
		{"close", []int64{8, 16, 8}, []int{0, 2}, 1, 0},
		// three clusters a line apart each, one line: two moves.
		{"three clusters", []int64{8, 64, 8, 64, 8}, []int{0, 2, 4}, 1, 2},
		// 48 cold bytes between two 16-byte path members: less than
		// a line apart, but the three take 80 bytes, two lines, while
		// the cold one stays between: it moves for one line.
		{"between counts", []int64{16, 48, 16}, []int{0, 2}, 1, 1},
		{"between counts, two lines", []int64{16, 48, 16}, []int{0, 2}, 2, 0},
		// the path's own bytes need two lines: no order puts them on
		// one; the bound, which does not count the lines of the members
		// moved, says one.
		{"too big", []int64{40, 40}, []int{0, 1}, 1, 1},
	} {
		if got := pathMoves(c.bytes, c.on, 64, c.target); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
