package layout

import (
	"slices"
	"strings"
	"testing"
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
		if f.Check == CheckStraddle {
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
	s := &Struct{Name: "packed", Size: 70, Align: 1, Packed: true, Members: []Member{
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
	packed := func(ignore ...string) *Struct {
		s := &Struct{Name: "packed", Size: 140, Align: 1, Packed: true, Members: []Member{
			{Name: "buf", Size: 62, Align: 1},
			{Name: "refs", Offset: 62, Size: 8, Align: 1, BitOffset: 62 * 8, Atomic: 8},
			{Name: "gap", Offset: 70, Size: 54, Align: 1, BitOffset: 70 * 8},
			{Name: "h", Offset: 124, Size: 8, Align: 1, BitOffset: 124 * 8, Hot: &Hot{}},
			{Name: "end", Offset: 132, Size: 8, Align: 1, BitOffset: 132 * 8},
		}}
		if ignore != nil {
			s.Ignores = []Ignore{{Checks: ignore, Reason: "test"}}
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
	if _, err := ParseIgnore([]string{"splitlock,spread", "why"}, Checks); err != nil {
		t.Errorf("ignore splitlock,spread: %v", err)
	}
}

// The model carries the width of each atomic access: a split lock is a word
// that crosses a line, not a member that does.
func TestSplitLockWidths(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		m    Member
		want string
	}{
		// zone.vm_stat: atomic_long_t[11] across a boundary, each word
		// aligned.
		{"atomic array", Member{Name: "vm_stat", Offset: 40, Size: 88, Align: 8, ElemSize: 8, Atomic: 8}, ""},
		// A Go atomic.Value at 56: two words, loaded one at a time.
		{"atomic.Value", Member{Name: "v", Offset: 56, Size: 16, Align: 8, Atomic: 8}, ""},
		// A packed array of atomic_t whose third word crosses.
		{"packed array", Member{Name: "refs", Offset: 54, Size: 16, Align: 1, ElemSize: 4, Atomic: 4},
			"atomic refs has word 2 (4 bytes at offset 62) crossing the line boundary at 64: a split lock (64-byte lines)"},
		// A 16-byte _Atomic value is one access.
		{"_Atomic pair", Member{Name: "pair", Offset: 56, Size: 16, Align: 8, Atomic: 16},
			"atomic pair (16 bytes at offset 56) crosses the line boundary at 64: a split lock (64-byte lines)"},
	} {
		m := c.m
		m.BitOffset = m.Offset * 8
		s := &Struct{Name: "s", Size: 128, Align: 8, Members: []Member{m}}
		var got string
		for _, f := range Analyze(s, []int64{64}).Findings {
			got = f.Message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// A hot array straddles only where one of its elements crosses a line.
func TestArrayStraddlePerElement(t *testing.T) {
	t.Parallel()
	// netns_ipv4.sysctl_tcp_rmem: int[3] at 508, beside a hot field on
	// each line.
	fs := append(cold("c", 63), field{"before", 4, 4, "r"}, field{"rmem", 12, 4, "r"}, field{"after", 4, 4, "r"})
	s := goStruct("t", fs...)
	s.Members[64].ElemSize = 4
	if s.Members[64].Offset != 508 {
		t.Fatalf("rmem at %d", s.Members[64].Offset)
	}
	if fs := straddles(s, 64); len(fs) != 0 {
		t.Errorf("int[3] at 508: %v", fs)
	}
	// The same bytes as one 12-byte value do cross, and with before cold
	// they add line 7 to the path.
	s.Members[64].ElemSize = 0
	s.Members[63].Hot = nil
	if fs := straddles(s, 64); len(fs) != 1 {
		t.Errorf("12-byte value at 508: %v", fs)
	}
}

// A straddle inside lines its path reads anyway costs nothing.
func TestStraddleAddsNoLine(t *testing.T) {
	t.Parallel()
	// As net_device.tc_to_txq: a value across a boundary, with tx fields
	// on both lines it touches.
	fs := append(cold("c", 6), u64("head", "r:tx"), field{"key", 16, 8, "r:tx"}, u64("tail", "r:tx"))
	s := goStruct("t", fs...)
	if fs := straddles(s, 64); len(fs) != 0 {
		t.Errorf("straddle within tx's lines: %v", fs)
	}
	// Without head, line 0 is tx's only because of key.
	s.Members[6].Hot = nil
	if fs := straddles(s, 64); len(fs) != 1 {
		t.Errorf("straddle adding line 0: %v", fs)
	}
	// On rx, read nowhere else, the straddle adds a line even though tx
	// reads both.
	s.Members[6].Hot = &Hot{Paths: []string{"tx"}}
	s.Members[7].Hot = &Hot{Paths: []string{"rx", "tx"}}
	if fs := straddles(s, 64); len(fs) != 1 {
		t.Errorf("straddle adding rx lines: %v", fs)
	}
}

func straddles(s *Struct, line int64) []Finding {
	fs, _ := straddle(s, line)
	return fs
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
	heapStraddles := func(s *Struct) []string {
		s.Heap = testHeap(t)
		var out []string
		for _, f := range Analyze(s, []int64{64}).Findings {
			if f.Check == CheckStraddle {
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
