package layout

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
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

func TestGoHeapBases(t *testing.T) {
	t.Parallel()
	h, err := ParseSizeClasses(installedSizeClasses(t))
	if err != nil {
		t.Fatal(err)
	}
	h.PtrSize, h.MallocHeaderSize, h.MinSizeForMallocHeader = 8, 8, 512
	for _, tc := range []struct {
		size     int64
		pointers bool
		line     int64
		want     []Base
	}{
		// 88 bytes live in the 96-byte class: 85 slots per 8 KiB span,
		// alternately at 0 and 32.
		{88, false, 64, []Base{{0, 43, 85}, {32, 42, 85}}},
		{48, true, 64, []Base{{0, 43, 170}, {16, 42, 170}, {32, 42, 170}, {48, 43, 170}}},
		{64, true, 64, []Base{{0, 128, 128}}},
		{64, true, 128, []Base{{0, 64, 128}, {64, 64, 128}}},
		// Above 512 bytes a pointer-holding object sits behind the malloc
		// header: 520 bytes plus 8 take the 576-byte class.
		{520, true, 64, []Base{{8, 14, 14}}},
		{520, false, 64, []Base{{0, 14, 14}}},
		{512, true, 64, []Base{{0, 16, 16}}},
		// 32760 bytes and a header fill the last class; one byte more is a
		// large object on a page of its own.
		{32760, true, 128, []Base{{8, 1, 1}}},
		{32761, true, 128, []Base{{0, 1, 1}}},
		{32761, false, 128, []Base{{0, 1, 1}}},
		// Tiny 8-byte objects pair up in 16-byte blocks.
		{8, false, 64, []Base{{0, 128, 1024}, {8, 128, 1024}, {16, 128, 1024}, {24, 128, 1024},
			{32, 128, 1024}, {40, 128, 1024}, {48, 128, 1024}, {56, 128, 1024}}},
		{0, true, 64, []Base{{0, 1, 1}}},
	} {
		if diff := cmp.Diff(tc.want, h.Bases(tc.size, tc.pointers, tc.line)); diff != "" {
			t.Errorf("Bases(%d, %v, %d) (-want +got):\n%s", tc.size, tc.pointers, tc.line, diff)
		}
	}
	if got := (Base{32, 42, 85}).Percent(); got != 49 {
		t.Errorf("42 of 85 is %d%%, want 49%%", got)
	}
}

func TestTinyOffsets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		size, ptrSize int64
		want          []int64
	}{
		{1, 8, []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
		{3, 8, []int64{0, 3, 6, 9, 12}},
		{6, 8, []int64{0, 6}}, // 2-aligned: 0, 6, and 12+6 does not fit
		{12, 8, []int64{0}},   // 4-aligned, one per block
		{12, 4, []int64{0}},   // 8-aligned on 32-bit targets
		{4, 8, []int64{0, 4, 8, 12}},
		{10, 8, []int64{0}},
	} {
		if diff := cmp.Diff(tc.want, tinyOffsets(tc.size, 16, tc.ptrSize)); diff != "" {
			t.Errorf("tinyOffsets(%d, ptr %d) (-want +got):\n%s", tc.size, tc.ptrSize, diff)
		}
	}
}

func TestReadGoHeap(t *testing.T) {
	t.Parallel()
	classes := installedSizeClasses(t)
	// A Go 1.21 GOROOT: the table in runtime, no malloc header.
	old := fstest.MapFS{
		"src/runtime/sizeclasses.go": {Data: classes},
		"src/runtime/mbitmap.go":     {Data: []byte("package runtime\n\nconst heapBitsInSpan = true\n")},
	}
	h, err := ReadGoHeap(old, 8)
	if err != nil {
		t.Fatal(err)
	}
	if h.MallocHeaderSize != 0 || h.PageSize != 8192 || h.MaxSmallSize != 32768 || h.TinySize != 16 || len(h.Classes) < 60 {
		t.Errorf("Go 1.21 GOROOT read as %+v", h)
	}
	if got := h.Bases(520, true, 64); len(got) != 1 || got[0].Offset != 0 {
		t.Errorf("without headers a 520-byte object starts at %v, want 0", got)
	}
	// Go 1.23: the header in mbitmap.go.
	old["src/runtime/mbitmap.go"] = &fstest.MapFile{Data: []byte("package runtime\n\nconst (\n\tminSizeForMallocHeader = goarch.PtrSize * ptrBits\n\tmallocHeaderSize       = 8\n)\n")}
	if h, err = ReadGoHeap(old, 8); err != nil || h.MallocHeaderSize != 8 {
		t.Errorf("Go 1.23 GOROOT: header %v, %v; want 8", h, err)
	}
	// Go 1.26: the table and the header in internal/runtime/gc.
	cur := fstest.MapFS{
		"src/internal/runtime/gc/sizeclasses.go": {Data: classes},
		"src/internal/runtime/gc/malloc.go":      {Data: []byte("package gc\n\nconst (\n\tMallocHeaderSize = 8\n)\n")},
		"src/runtime/malloc.go":                  {Data: []byte("package runtime\n")},
	}
	if h, err = ReadGoHeap(cur, 4); err != nil {
		t.Fatal(err)
	}
	if h.MallocHeaderSize != 8 || h.MinSizeForMallocHeader != 128 {
		t.Errorf("32-bit Go 1.26 GOROOT read as header %d above %d bytes, want 8 above 128", h.MallocHeaderSize, h.MinSizeForMallocHeader)
	}
	if _, err := ReadGoHeap(fstest.MapFS{}, 8); err == nil || !strings.Contains(err.Error(), "sizeclasses.go") {
		t.Errorf("empty GOROOT: got %v, want an error naming sizeclasses.go", err)
	}
}

func TestParseSizeClassesErrors(t *testing.T) {
	t.Parallel()
	good := string(installedSizeClasses(t))
	for _, tc := range []struct{ name, src, want string }{
		{"empty", "package gc\n", "no size class table"},
		{"no constants", "//     1          8        8192     1024           0     87.50%          8\n", "MaxSmallSize"},
		{"class skipped", strings.Replace(good, "//     2         16", "//     3         16", 1), "size class row \"//     3         16"},
		{"wrong count", strings.Replace(good, "8192     1024", "8192     1000", 1), "does not follow"},
		{"short table", strings.Replace(good, "MaxSmallSize       = 32768", "MaxSmallSize = 65536", 1), "not MaxSmallSize 65536"},
	} {
		_, err := ParseSizeClasses([]byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

// testHeap is the installed toolchain's allocator on a 64-bit target.
func testHeap(t *testing.T) *GoHeap {
	h, err := ParseSizeClasses(installedSizeClasses(t))
	if err != nil {
		t.Fatal(err)
	}
	h.PtrSize, h.MallocHeaderSize, h.MinSizeForMallocHeader = 8, 8, 512
	return h
}

// sync.Pool's poolLocal: 64 bytes of fields padded to 128. Behind the
// malloc header its elements start 8 bytes past a 64-byte line and their
// fields span 2 lines, but a line of pad still lies before the next
// element's; at 128-byte lines only GOMAXPROCS = 5 puts an element's last
// line under the next one's fields: chance, not a layout to fix.
func TestPoolLocalElements(t *testing.T) {
	t.Parallel()
	fs := append(cold("f", 8), pad(64))
	s := goStruct("poolLocal", fs...)
	s.Heap, s.Pointers = testHeap(t), true
	s.Members[len(s.Members)-1].Name = "pad"
	for _, line := range []int64{64, 128} {
		if got := s.offLineElements(line); len(got) != 0 {
			t.Errorf("at %d: %v", line, got)
		}
	}
	// 64 bytes of fields in a 64-byte element: every length from 9 puts
	// the next element's fields on the extra line (xsync's bucketPadded).
	b := goStruct("bucketPadded", append([]field{pad(0)}, cold("f", 8)...)...)
	b.Heap, b.Pointers = testHeap(t), true
	if got := b.offLineElements(64); len(got) != 1 || !strings.Contains(got[0].Message, "for n from 9 to 511") {
		t.Errorf("bucketPadded: %v", got)
	}
}
