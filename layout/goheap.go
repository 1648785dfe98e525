package layout

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
)

// GoHeap is the Go allocator of one toolchain, as far as it decides where a
// heap object starts relative to a cache line. An object does not start on a
// line boundary: the allocator carves spans (runs of pages) into slots of
// the object's size class, one after another, and a pointer-holding object
// too big to describe its pointers in the span's bitmap starts behind a
// header that points to its type. C objects are not modelled: their
// allocators (kmalloc, kmem_cache, malloc) differ by program and build.
type GoHeap struct {
	// PtrSize is the target's pointer size, which sets where headers start.
	PtrSize int64
	// Classes are the small object size classes, smallest first.
	Classes  []SizeClass
	PageSize int64
	// MaxSmallSize is the largest slot; bigger objects get spans of their
	// own, which start on a page.
	MaxSmallSize int64
	// TinySize is the block that noscan objects smaller than it share.
	TinySize int64
	// MallocHeaderSize is the header in front of pointer-holding objects
	// bigger than MinSizeForMallocHeader (Go 1.22 and later; 0 before).
	MallocHeaderSize       int64
	MinSizeForMallocHeader int64
}

// SizeClass is one size class: the slot size and the bytes of its spans.
type SizeClass struct {
	Size     int64
	SpanSize int64
}

// Base is an offset from a line boundary at which the allocator starts
// objects of a type, and how many of the objects of a span start there.
type Base struct {
	Offset int64
	// Objects of Of start at Offset, the rest at other bases.
	Objects, Of int64
}

// Percent is the share of objects starting at b, rounded.
func (b Base) Percent() int64 { return (200*b.Objects + b.Of) / (2 * b.Of) }

// Placement is how the allocator places an object of one size.
type Placement struct {
	Kind PlacementKind
	// Class is the slot the object lives in (small and tiny objects).
	Class SizeClass
	// Header is the bytes in front of the object within its slot.
	Header int64
}

// PlacementKind says which of the allocator's paths an object takes.
type PlacementKind uint8

const (
	PlaceZero  PlacementKind = iota // all zero-size objects share one address
	PlaceTiny                       // noscan objects share TinySize blocks
	PlaceSmall                      // a slot of a size class
	PlaceLarge                      // a span of its own, on a page boundary
)

// Place says where the allocator puts an object of size bytes, holding
// pointers or not (runtime.mallocgc).
func (h *GoHeap) Place(size int64, pointers bool) Placement {
	switch {
	case size == 0:
		return Placement{Kind: PlaceZero}
	case size > h.MaxSmallSize-h.MallocHeaderSize:
		return Placement{Kind: PlaceLarge}
	case !pointers && size < h.TinySize:
		return Placement{Kind: PlaceTiny, Class: h.class(h.TinySize)}
	case pointers && h.MallocHeaderSize > 0 && size > h.MinSizeForMallocHeader:
		return Placement{Kind: PlaceSmall, Class: h.class(size + h.MallocHeaderSize), Header: h.MallocHeaderSize}
	}
	return Placement{Kind: PlaceSmall, Class: h.class(size)}
}

// class is the smallest size class holding size bytes; size must be small.
func (h *GoHeap) class(size int64) SizeClass {
	i, _ := slices.BinarySearchFunc(h.Classes, size, func(c SizeClass, n int64) int { return int(c.Size - n) })
	return h.Classes[i]
}

// Bases lists the offsets from a line boundary at which objects of size
// bytes start, smallest first, with the share of a span's objects at each.
// Slots follow one another from the span's first page, so a span's objects
// cover every base its size class gives. Tiny objects are counted as a run
// of objects of this one size packs them, as the allocator does between
// other tiny allocations. Lines bigger than a page are not modelled: a span
// starts at any page.
func (h *GoHeap) Bases(size int64, pointers bool, line int64) []Base {
	p := h.Place(size, pointers)
	count := map[int64]int64{}
	var total int64
	switch p.Kind {
	case PlaceZero, PlaceLarge:
		return []Base{{0, 1, 1}}
	case PlaceTiny:
		offs := tinyOffsets(size, h.TinySize, h.PtrSize)
		for slot := int64(0); slot < p.Class.SpanSize/p.Class.Size; slot++ {
			for _, off := range offs {
				count[(slot*p.Class.Size+off)%line]++
				total++
			}
		}
	case PlaceSmall:
		for slot := int64(0); slot < p.Class.SpanSize/p.Class.Size; slot++ {
			count[(slot*p.Class.Size+p.Header)%line]++
			total++
		}
	}
	out := make([]Base, 0, len(count))
	for off, n := range count {
		out = append(out, Base{off, n, total})
	}
	slices.SortFunc(out, func(a, b Base) int { return int(a.Offset - b.Offset) })
	return out
}

// tinyOffsets are the offsets in a tiny block of the objects a run of
// allocations of size bytes puts there (runtime.mallocgcTiny): each at the
// alignment its size implies, a new block when the next does not fit.
func tinyOffsets(size, block, ptrSize int64) []int64 {
	align := int64(1)
	switch {
	case size&7 == 0, ptrSize == 4 && size == 12:
		align = 8
	case size&3 == 0:
		align = 4
	case size&1 == 0:
		align = 2
	}
	var offs []int64
	for off := int64(0); off+size <= block; off = AlignUp(off+size, align) {
		offs = append(offs, off)
	}
	return offs
}

// ReadGoHeap reads the allocator of the toolchain whose GOROOT is goroot:
// the size class table the runtime is generated from (src/runtime/
// sizeclasses.go, or src/internal/runtime/gc/sizeclasses.go from Go 1.25),
// and whether its runtime has malloc headers. ptrSize is the target's.
func ReadGoHeap(goroot fs.FS, ptrSize int64) (*GoHeap, error) {
	var src []byte
	var name string
	for _, name = range []string{"src/internal/runtime/gc/sizeclasses.go", "src/runtime/sizeclasses.go"} {
		var err error
		if src, err = fs.ReadFile(goroot, name); err == nil {
			break
		}
	}
	if src == nil {
		return nil, fmt.Errorf("GOROOT has no runtime size class table (src/runtime/sizeclasses.go)")
	}
	h, err := ParseSizeClasses(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	h.PtrSize = ptrSize
	h.MinSizeForMallocHeader = ptrSize * ptrSize * 8
	h.MallocHeaderSize, err = mallocHeaderSize(goroot)
	if err != nil {
		return nil, err
	}
	return h, nil
}

var headerConst = regexp.MustCompile(`(?m)^\s*(?:m|M)allocHeaderSize\s*=\s*(\d+)`)

// headerFiles are where runtimes declare the malloc header size, newest
// first: Go 1.25 and later next to the size classes, Go 1.23-1.24 in
// mbitmap.go, Go 1.22 in mbitmap_allocheaders.go.
var headerFiles = []string{"src/internal/runtime/gc/malloc.go", "src/runtime/mbitmap.go", "src/runtime/mbitmap_allocheaders.go"}

// mallocHeaderSize finds the malloc header size a runtime declares, 0 for
// a runtime without headers.
func mallocHeaderSize(goroot fs.FS) (int64, error) {
	for _, f := range headerFiles {
		src, err := fs.ReadFile(goroot, f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, err
		}
		if m := headerConst.FindSubmatch(src); m != nil {
			return strconv.ParseInt(string(m[1]), 10, 64)
		}
	}
	return 0, nil
}

var (
	classRow   = regexp.MustCompile(`^//\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s`)
	classConst = regexp.MustCompile(`(?m)^\s*_?(MaxSmallSize|PageShift|TinySize)\s*=\s*(\d+)\s*$`)
)

// ParseSizeClasses reads the size classes from the runtime's generated
// sizeclasses.go: the table in its leading comment (class, bytes/obj,
// bytes/span, objects, ...) and the MaxSmallSize, PageShift and TinySize
// constants. It checks the table against itself, so that a changed format
// is an error rather than a wrong model.
func ParseSizeClasses(src []byte) (*GoHeap, error) {
	h := &GoHeap{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	line := 0
	for sc.Scan() {
		line++
		m := classRow.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		var n [4]int64
		for i := range n {
			n[i], _ = strconv.ParseInt(m[i+1], 10, 64)
		}
		if n[0] != int64(len(h.Classes)+1) || n[1] <= 0 || n[2] < n[1] || n[2]/n[1] != n[3] ||
			len(h.Classes) > 0 && n[1] <= h.Classes[len(h.Classes)-1].Size {
			return nil, fmt.Errorf("line %d: size class row %q does not follow the table", line, sc.Text())
		}
		h.Classes = append(h.Classes, SizeClass{n[1], n[2]})
	}
	for _, m := range classConst.FindAllSubmatch(src, -1) {
		v, _ := strconv.ParseInt(string(m[2]), 10, 64)
		switch string(m[1]) {
		case "MaxSmallSize":
			h.MaxSmallSize = v
		case "PageShift":
			h.PageSize = 1 << v
		case "TinySize":
			h.TinySize = v
		}
	}
	switch {
	case len(h.Classes) == 0:
		return nil, fmt.Errorf("no size class table")
	case h.MaxSmallSize == 0 || h.PageSize == 0 || h.TinySize == 0:
		return nil, fmt.Errorf("MaxSmallSize, PageShift or TinySize missing")
	case h.Classes[len(h.Classes)-1].Size != h.MaxSmallSize:
		return nil, fmt.Errorf("the largest size class is %d bytes, not MaxSmallSize %d", h.Classes[len(h.Classes)-1].Size, h.MaxSmallSize)
	}
	for _, c := range h.Classes {
		if c.SpanSize%h.PageSize != 0 {
			return nil, fmt.Errorf("size class %d: span of %d bytes is not whole pages", c.Size, c.SpanSize)
		}
	}
	return h, nil
}
