package layout

import (
	"slices"
	"strings"
	"testing"
)

// bytesQueue is bigcache's queue.BytesQueue, 112 bytes, with the fields
// a profile of its benchmarks marks hot: headerBuffer at offset 80.
func bytesQueue() *Struct {
	return goStruct("BytesQueue", field{"full", 1, 1, "r"}, field{"array", 24, 8, "r"}, u64("capacity", ""),
		u64("maxCapacity", ""), u64("head", "r"), u64("tail", "w"), u64("count", "w"), u64("rightMargin", ""),
		field{"headerBuffer", 24, 8, "r"}, field{"verbose", 1, 1, ""})
}

// A struct held in place lies where its containers put it: each
// container's heap bases moved by the field's offset, every container
// weighing the same.
func TestInPlaceBases(t *testing.T) {
	t.Parallel()
	s := bytesQueue()
	s.Heap, s.Pointers = testHeap(t), true
	s.InPlace = []Container{{Field: "cacheShard.entries", Offset: 8, Size: 280, Pointers: true}}
	// The 288-byte class starts shards 0 or 32 bytes past a line.
	percents := func() []int64 {
		var out []int64
		for _, b := range s.Bases(64) {
			out = append(out, b.Offset, b.Percent())
		}
		return out
	}
	if got, want := percents(), []int64{8, 50, 40, 50}; !slices.Equal(got, want) {
		t.Errorf("bases and shares %v, want %v", got, want)
	}
	s.InPlace = append(s.InPlace, Container{Field: "other.q", Offset: 0, Size: 128, Pointers: true})
	if got, want := percents(), []int64{0, 50, 8, 25, 40, 25}; !slices.Equal(got, want) {
		t.Errorf("bases and shares with a second container %v, want %v", got, want)
	}
}

// The note on a share of the objects holding a struct in place names them.
func TestInPlaceHeapNote(t *testing.T) {
	t.Parallel()
	s := bytesQueue()
	s.Heap, s.Pointers = testHeap(t), true
	s.InPlace = []Container{{Field: "cacheShard.entries", Offset: 8, Size: 280, Pointers: true}}
	half := share{at: []int64{40}, objects: 1, of: 2}
	if got, want := s.heapNote(64, half), "; in 50% of the objects holding it, those starting it 40 bytes past a 64-byte line (BytesQueue"; !strings.HasPrefix(got, want) {
		t.Errorf("note on half of them %q, want it to begin %q", got, want)
	}
}

// A struct whose values are only elements of slices and arrays starts at
// multiples of its size from where the array does: its findings say so,
// not that a size class of its own starts it, which for a 40-byte struct
// (48-byte class: 0, 16, 32 or 48) would be the wrong places too.
func TestElementsOnly(t *testing.T) {
	t.Parallel()
	s := goStruct("row", field{"a", 24, 8, "r"}, u64("b", ""), u64("c", "r"))
	s.Heap, s.Pointers = testHeap(t), true
	if n := len(s.Bases(64)); n != 4 {
		t.Fatalf("as heap objects, %d bases, want the 48-byte class's 4", n)
	}
	s.Elements = true
	var at []int64
	for _, b := range s.Bases(64) {
		at = append(at, b.Offset)
	}
	if want := []int64{0, 8, 16, 24, 32, 40, 48, 56}; !slices.Equal(at, want) {
		t.Errorf("bases %v, want %v", at, want)
	}
	got := s.heapNote(64, share{at: []int64{48}, objects: 1, of: 8})
	want := "; in 13% of elements of an array of them, those starting 48 bytes past a 64-byte line (40-byte elements start them at 0, 8, 16, 24, 32, 40, 48 or 56)"
	if got != want {
		t.Errorf("note %q\nwant %q", got, want)
	}
}
