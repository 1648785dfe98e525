package reorg

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// installedSizeClasses is the size class file of the toolchain on PATH.
func installedSizeClasses(t *testing.T) []byte {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	for _, name := range []string{"src/internal/runtime/gc/sizeclasses.go", "src/runtime/sizeclasses.go"} {
		if src, err := os.ReadFile(filepath.Join(goroot, name)); err == nil {
			return src
		}
	}
	t.Fatalf("no sizeclasses.go in %s", goroot)
	return nil
}

// testHeap is the installed toolchain's allocator on a 64-bit target.
func testHeap(t *testing.T) *layout.GoHeap {
	h, err := layout.ParseSizeClasses(installedSizeClasses(t))
	if err != nil {
		t.Fatal(err)
	}
	h.PtrSize, h.MallocHeaderSize, h.MinSizeForMallocHeader = 8, 8, 512
	return h
}

// Behind the malloc header every object starts 8 bytes past a line, and
// the proposal isolates from there.
func TestProposalBehindHeader(t *testing.T) {
	t.Parallel()
	fs := append([]field{}, u64("a", "r"), u64("b", "r"), u64("c", "r"), u64("d", "r"),
		u64("e", "r"), u64("f", "r"), u64("g", "r"), u64("h", "r"), u64("n", "w"), field{"buf", 512, 1, ""})
	s := goStruct("conn", fs...)
	s.Heap, s.Pointers = testHeap(t), true
	r := Analyze(s, []int64{64})
	if len(r.Findings) != 1 || r.Findings[0].Check != layout.CheckFalseShare {
		t.Fatalf("findings %v, want one falseshare", r.Findings)
	}
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	p := r.Proposal.Struct
	_, n := p.Lookup("n")
	_, h := p.Lookup("h")
	if (n.Offset+8)/64 == (h.Offset+8)/64 {
		t.Errorf("n at %d shares a line with h at %d behind the header", n.Offset, h.Offset)
	}
}

// Without the header the same struct needs nothing.
func TestNoHeaderNoFinding(t *testing.T) {
	t.Parallel()
	fs := []field{u64("a", "r"), u64("b", "r"), u64("c", "r"), u64("d", "r"),
		u64("e", "r"), u64("f", "r"), u64("g", "r"), u64("h", "r"), u64("n", "w"), {"buf", 512, 1, ""}}
	s := goStruct("conn", fs...)
	s.Heap = testHeap(t) // noscan: no header, 584 bytes take the 640-byte class
	if r := Analyze(s, []int64{64}); len(r.Findings) != 0 {
		t.Errorf("noscan: %v", r.Findings)
	}
}

// A fix that drops the declaration's pads and pads into a line-aligned
// size class may leave the struct smaller than it was, and says so.
func TestGrownSmaller(t *testing.T) {
	t.Parallel()
	s := queue() // 216 bytes: the 224-byte class starts objects 0 or 32 past a 64-byte line
	layout.MarkApart(s)
	s.Heap, s.Pointers = testHeap(t), true
	r := Analyze(s, []int64{64})
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	if want := "pads queue to 184 bytes, 216 now: the 192-byte size class starts every heap object on a line, for 32 fewer bytes per object"; r.Proposal.Grown != want {
		t.Errorf("grown:\n got %s\nwant %s", r.Proposal.Grown, want)
	}
}

// At 64- and 128-byte lines, a class whose objects start at several
// places past a 128-byte line will do when the hot fields take one line
// at each: a 296-byte object in the 320-byte class starts at 0 or 64, and
// 38 hot bytes at its start fit a line at either. The class that starts
// every object at one place, 384 bytes, costs three times as much.
func TestGrownToBasesAllAsGood(t *testing.T) {
	t.Parallel()
	fs := append(cold("c", 28), u64("ops", "r"), u64("features", "r"), u64("qdisc", "r"),
		u32("mtu", "r"), u32("txq", "r"), u32("flags", "r"), field{"headroom", 2, 2, "r"})
	s := goStruct("device", fs...) // 264 bytes: the 288-byte class starts objects 0 or 32 past a 64-byte line
	s.Heap = testHeap(t)
	r := Analyze(s, []int64{64, 128})
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	want := "pads device from 264 to 296 bytes: the 320-byte size class starts every heap object at 0 or 64 bytes past a 128-byte line, each as good for the hot fields, for 32 more bytes per object"
	if r.Proposal.Grown != want {
		t.Errorf("grown:\n got %s\nwant %s", r.Proposal.Grown, want)
	}
	if r.Proposal.Struct.BaseDependent([]int64{64, 128}) {
		t.Errorf("the padded order still depends on the base:\n%s", Describe(r.Proposal.Struct))
	}
	if len(r.Findings) != 1 || r.Findings[0].Check != layout.CheckSpread {
		t.Errorf("findings %v, want one spread", r.Findings)
	}
}

// The struct's own class may start every object on a line where the
// proposal's bigger one does not: pion/transport's packetio.Buffer, 128
// bytes, whose order keeping notify and readDeadline off the written lines
// takes 176, a class starting objects 0, 16, 32 or 48 past a line. The
// proposal grows from there, as the analysis of the fixed declaration
// would: a fix that a run after it reports again is no fix.
func TestGrownFromLineAlignedClass(t *testing.T) {
	t.Parallel()
	s := goStruct("Buffer", u64("mutex", "w"), field{"data", 24, 8, "w"}, u64("head", "w"), u64("tail", "w"),
		u64("notify", "r"), field{"closed", 1, 1, "r"}, u64("count", "w"), u64("limitCount", "r"), u64("limitSize", "r"),
		field{"attributes", 24, 8, "r"}, u64("attributesHead", "w"), u64("readDeadline", "r"))
	for _, name := range []string{"data", "head", "tail", "closed", "count", "limitCount", "limitSize", "attributes", "attributesHead"} {
		_, m := s.Lookup(name)
		m.Hot.Guard = "mutex"
	}
	s.Heap, s.Pointers = testHeap(t), true
	lines := []int64{64}
	r := Analyze(s, lines)
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	p := r.Proposal.Struct
	if p.BaseDependent(lines) {
		t.Errorf("the proposal (%d bytes) depends on the heap base:\n%s", p.Size, Describe(p))
	}
	for _, f := range Analyze(p, lines).Findings {
		if f.Check.Reorders() {
			t.Errorf("the proposal, analysed again: %s: %s", f.Check.Name, f.Message)
		}
	}
}
