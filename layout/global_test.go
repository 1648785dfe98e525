package layout

import (
	"slices"
	"testing"
)

// The Go linker aligns a variable by its size, up to its largest data
// alignment (cmd/link's symalign), and may start it at any such multiple
// within a line.
func TestLinkerAlign(t *testing.T) {
	for _, c := range []struct{ size, min, max, want int64 }{
		{142, 1, 32, 32}, {32, 1, 32, 32}, {20, 1, 32, 16}, {3, 1, 32, 2}, {1, 1, 32, 1},
		{142, 1, 8, 8}, {1, 2, 32, 2},
	} {
		if got := LinkerAlign(c.size, c.min, c.max); got != c.want {
			t.Errorf("LinkerAlign(%d, %d, %d) = %d, want %d", c.size, c.min, c.max, got, c.want)
		}
	}
	s := &Struct{Size: 142, Align: 1, GlobalAlign: 32}
	var at []int64
	for _, b := range s.Bases(128) {
		at = append(at, b.Offset)
		if b.Objects != 1 || b.Of != 4 {
			t.Errorf("base %+v: want one of 4 places", b)
		}
	}
	if !slices.Equal(at, []int64{0, 32, 64, 96}) {
		t.Errorf("bases at 128-byte lines %v, want 0, 32, 64, 96", at)
	}
	if b := s.Bases(32); len(b) != 1 || b[0].Offset != 0 {
		t.Errorf("bases at 32-byte lines %v, want a line boundary", b)
	}
}
