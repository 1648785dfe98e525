package layout

import (
	"strings"
	"testing"
)

// padding's rule on its own: pads that do and do not keep members apart.
func TestPaddingRule(t *testing.T) {
	t.Parallel()
	counter := goStruct("counter", u64("n", ""), pad(56))
	if fs := padding(counter, 128, 128); len(fs) != 1 || !strings.Contains(fs[0].Message, "leaves n and n of the next element on one line") {
		t.Errorf("counter: %v", fs)
	}
	wide := goStruct("wide", u64("head", ""), pad(192), u64("tail", ""))
	if fs := padding(wide, 64, 64); len(fs) != 1 || !strings.Contains(fs[0].Message, "wastes 72 bytes, a whole line or more: 120 bytes keep head and tail a pair of lines apart") {
		t.Errorf("wide: %v", fs)
	}
	// Two lines apart is no waste, and what 128-byte lines need is none at
	// 64.
	pair := goStruct("pair", u64("head", ""), pad(120), u64("tail", ""))
	if fs := padding(pair, 64, 64); len(fs) != 0 {
		t.Errorf("pair: %v", fs)
	}
	if fs := padding(wide, 64, 128); len(fs) != 0 {
		t.Errorf("wide at 64 of 64,128: %v", fs)
	}
	// Readers mark only evident separators: from a binary, a short pad
	// between plain fields is alignment filler, between written ones a
	// separator.
	small := goStruct("align", u32("a", ""), pad(4), u64("b", ""))
	small.Members[1].Padding = false
	if err := Prepare(small, BinarySeparators); err != nil {
		t.Fatal(err)
	}
	if fs := padding(small, 64, 64); len(fs) != 0 || small.Members[1].Padding {
		t.Errorf("alignment filler reported: %v", fs)
	}
	small.Members[0].Hot, small.Members[2].Atomic = &Hot{Write: true, Paths: []string{DefaultPath}}, 8
	if err := Prepare(small, BinarySeparators); err != nil {
		t.Fatal(err)
	}
	if fs := padding(small, 64, 64); len(fs) != 1 || !strings.Contains(fs[0].Message, "padding _ [N]byte (4 bytes) leaves a and b on one line (64-byte lines): it needs 56 more bytes") {
		t.Errorf("pad between writers: %v", fs)
	}
}

// One declaration serves every heap object, so a pad is a line too long
// only where it is at every base, and by the least it is at any.
func TestPaddingWasteAtEveryBase(t *testing.T) {
	t.Parallel()
	// The runtime's traceMap: 168 bytes, the 176-byte class starts objects
	// at 0, 16, 32 and 48 past a line. At 48 the second pad could go.
	trace := goStruct("traceMap", u64("root", ""), pad(64), u64("seq", ""), pad(64), field{"mem", 24, 8, ""})
	trace.Heap = testHeap(t)
	if fs := trace.paddingAtBases(64, 64); len(fs) != 0 {
		t.Errorf("traceMap: %v", fs)
	}
	// 328 bytes, the 352-byte class: bases 0 and 32. From 32 head ends in
	// the second pair of lines, so tail needs 104 bytes of pad, not 8.
	wide := goStruct("wide", field{"head", 120, 8, ""}, pad(200), u64("tail", ""))
	wide.Heap = testHeap(t)
	want := "padding _ [N]byte (200 bytes) wastes 96 bytes, a whole line or more: 104 bytes keep head and tail a pair of lines apart (64-byte lines)"
	if fs := wide.paddingAtBases(64, 64); len(fs) != 1 || fs[0].Message != want {
		t.Errorf("wide: %v, want %q", fs, want)
	}
}
