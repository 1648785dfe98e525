package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

func TestStraddle(t *testing.T) {
	t.Parallel()
	fs := append(cold("c", 7), field{"key", 16, 8, "r"})
	fs = append(append(fs, cold("d", 3)...), field{"ring", 48, 8, "r"})
	s := goStruct("t", fs...)
	s.Members[11].ElemSize = 24 // [2]struct{...} of 24 bytes
	r := Analyze(s, []int64{64})
	var got []string
	for _, f := range r.Findings {
		if f.Check == layout.CheckStraddle {
			got = append(got, f.Message)
		}
	}
	want := []string{
		"hot field key (16 bytes at offset 56) crosses the line boundary at 64 (64-byte lines)",
		"hot field ring has element 1 (24 bytes at offset 120) crossing the line boundary at 128 (64-byte lines)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if r.NoFix != "" {
		t.Errorf("no fix: %s", r.NoFix)
	}
	if n := len(straddles(r.Proposal.Struct, 64)); n != 0 {
		t.Errorf("proposal still straddles: %+v", r.Proposal.Struct.Members)
	}
}

func TestSplitLock(t *testing.T) {
	t.Parallel()
	s := &layout.Struct{Name: "packed", Size: 70, Align: 1, Packed: true, Members: []layout.Member{
		{Name: "buf", Size: 62, Align: 1},
		{Name: "refs", Offset: 62, Size: 8, Align: 1, BitOffset: 62 * 8, Atomic: 8},
	}}
	r := Analyze(s, []int64{64})
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "atomic refs (8 bytes at offset 62) crosses the line boundary at 64: a split lock") {
		t.Errorf("findings %v", r.Findings)
	}
}

// A split lock is a kind of straddle of its own: ignore splitlock
// silences it and no other straddle, ignore straddle both.
func TestIgnoreSplitLock(t *testing.T) {
	t.Parallel()
	packed := func(ignore ...string) *layout.Struct {
		s := &layout.Struct{Name: "packed", Size: 140, Align: 1, Packed: true, Members: []layout.Member{
			{Name: "buf", Size: 62, Align: 1},
			{Name: "refs", Offset: 62, Size: 8, Align: 1, BitOffset: 62 * 8, Atomic: 8},
			{Name: "gap", Offset: 70, Size: 54, Align: 1, BitOffset: 70 * 8},
			{Name: "h", Offset: 124, Size: 8, Align: 1, BitOffset: 124 * 8, Hot: &layout.Hot{}},
			{Name: "end", Offset: 132, Size: 8, Align: 1, BitOffset: 132 * 8},
		}}
		if ignore != nil {
			s.Ignores = []layout.Ignore{{Checks: ignore, Reason: "test"}}
		}
		s.ResolvePaths()
		return s
	}
	kinds := func(r Result) []string {
		var out []string
		for _, f := range r.Findings {
			out = append(out, f.Check.Name+"/"+f.Kind+"/"+f.Key)
		}
		return out
	}
	for _, tc := range []struct {
		ignore []string
		want   []string
	}{
		{nil, []string{"straddle/splitlock/split refs", "straddle/straddle/hot h"}},
		{[]string{"splitlock"}, []string{"straddle/straddle/hot h"}},
		{[]string{"straddle"}, nil},
	} {
		if got := kinds(Analyze(packed(tc.ignore...), []int64{64})); !slices.Equal(got, tc.want) {
			t.Errorf("ignore %v: findings %v, want %v", tc.ignore, got, tc.want)
		}
	}
	if _, err := layout.ParseIgnore([]string{"splitlock,spread", "why"}, layout.Checks); err != nil {
		t.Errorf("ignore splitlock,spread: %v", err)
	}
}

// The model carries the width of each atomic access: a split lock is a word
// that crosses a line, not a member that does.
func TestSplitLockWidths(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		m    layout.Member
		want string
	}{
		// zone.vm_stat: atomic_long_t[11] across a boundary, each word
		// aligned.
		{"atomic array", layout.Member{Name: "vm_stat", Offset: 40, Size: 88, Align: 8, ElemSize: 8, Atomic: 8}, ""},
		// A Go atomic.Value at 56: two words, loaded one at a time.
		{"atomic.Value", layout.Member{Name: "v", Offset: 56, Size: 16, Align: 8, Atomic: 8}, ""},
		// A packed array of atomic_t whose third word crosses.
		{"packed array", layout.Member{Name: "refs", Offset: 54, Size: 16, Align: 1, ElemSize: 4, Atomic: 4},
			"atomic refs has word 2 (4 bytes at offset 62) crossing the line boundary at 64: a split lock (64-byte lines)"},
		// A 16-byte _Atomic value is one access.
		{"_Atomic pair", layout.Member{Name: "pair", Offset: 56, Size: 16, Align: 8, Atomic: 16},
			"atomic pair (16 bytes at offset 56) crosses the line boundary at 64: a split lock (64-byte lines)"},
	} {
		m := c.m
		m.BitOffset = m.Offset * 8
		s := &layout.Struct{Name: "s", Size: 128, Align: 8, Members: []layout.Member{m}}
		var got string
		for _, f := range Analyze(s, []int64{64}).Findings {
			got = f.Message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// A path that reads every field reads every line the struct spans, in any
// order: a straddle costs it nothing, as ristretto's lockedMap (a
// sync.RWMutex and the three fields it guards, in the 48-byte size class,
// whose objects start 48 bytes past a line in a quarter of cases) shows.
// With a cold field the path no longer reads the whole struct, but its 40
// hot bytes span two lines in a quarter of the objects in any order of the
// fields: only padding every object to 64 bytes would save that, and the
// straddle is not reported. A straddle of a heap object is reported where
// moving the field saves the line, and says which move: an array of
// 16-byte elements 8 bytes in, whose first element crosses a line of its
// own in a quarter of the objects, and none when it is put first.
func TestStraddleWholeStruct(t *testing.T) {
	t.Parallel()
	heapStraddles := func(s *layout.Struct) []string {
		s.Heap = testHeap(t)
		var out []string
		for _, f := range Analyze(s, []int64{64}).Findings {
			if f.Check == layout.CheckStraddle {
				out = append(out, f.Message)
			}
		}
		return out
	}
	s := goStruct("lockedMap", field{"RWMutex", 24, 8, "w"}, u64("data", "r"), u64("em", "r"), u64("shouldUpdate", "r"))
	if fs := heapStraddles(s); len(fs) != 0 {
		t.Errorf("all fields hot: %v", fs)
	}
	s.Members[3].Hot = nil
	if fs := heapStraddles(s); len(fs) != 0 {
		t.Errorf("shouldUpdate cold: %v, want none: no order at 48 bytes saves a line", fs)
	}
	a := goStruct("sketch", u64("mask", ""), field{"rows", 96, 8, "r"}, field{"seed", 32, 8, ""})
	a.Members[1].ElemSize = 16
	want := "hot field rows has element 0 (16 bytes at offset 8) crossing the line boundary at 16 (64-byte lines); " +
		"in 25% of heap objects, those starting 48 bytes past a 64-byte line (the 144-byte size class starts them at 0, 16, 32 or 48); " +
		"putting rows first (offset 0) fixes it in every heap object"
	if fs := heapStraddles(a); len(fs) != 1 || fs[0] != want {
		t.Errorf("an array longer than a line 8 bytes in:\n got %q\nwant %q", fs, want)
	}
	a.Members[1].ElemSize = 24
	if fs := heapStraddles(a); len(fs) != 0 {
		t.Errorf("24-byte elements, which cross at some base wherever the array starts: %v", fs)
	}
}
