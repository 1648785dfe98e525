//go:build !race && !asan && !msan

// The sanitizers add red zones and the race detector stops tiny blocks
// being shared, so the allocator they run is not the one modelled.

package layout

import (
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
)

// runningGoHeap reads the allocator model of the toolchain running the test.
func runningGoHeap(t *testing.T) *GoHeap {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	h, err := ReadGoHeap(os.DirFS(goroot), int64(unsafe.Sizeof(uintptr(0))))
	if err != nil {
		t.Fatalf("GOROOT %s: %v", goroot, err)
	}
	return h
}

// heapType is a type of size bytes, holding a pointer or not.
func heapType(size int64, pointers bool) reflect.Type {
	if !pointers {
		return reflect.ArrayOf(int(size), reflect.TypeFor[byte]())
	}
	fields := []reflect.StructField{{Name: "P", Type: reflect.TypeFor[*byte]()}}
	if rest := size - int64(unsafe.Sizeof(uintptr(0))); rest > 0 {
		fields = append(fields, reflect.StructField{Name: "B", Type: reflect.ArrayOf(int(rest), reflect.TypeFor[byte]())})
	}
	return reflect.StructOf(fields)
}

// TestGoHeapAgainstAllocator allocates objects of every size class, at the
// class size and just above the class below (where the malloc header tips
// a pointer-holding object into the next class), with and without
// pointers, plus tiny and large ones, and compares where they start,
// modulo each line size, with the model. Every address must be at a base
// the model gives (the allocator is exact there), and the shares of
// objects at each base must match the model's to within what a partly used
// span at the start can shift.
//
// It runs alone, not in parallel: it sets GOMAXPROCS and the GC for the
// whole test binary while it allocates.
func TestGoHeapAgainstAllocator(t *testing.T) {
	h := runningGoHeap(t)
	ptr := int64(unsafe.Sizeof(uintptr(0)))
	sizes := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, h.MaxSmallSize - h.MallocHeaderSize + 8, 40000}
	prev := int64(0)
	for _, c := range h.Classes {
		sizes = append(sizes, c.Size)
		if c.Size-ptr > prev && c.Size > ptr {
			sizes = append(sizes, c.Size-ptr)
		}
		prev = c.Size
	}
	const spans = 16
	keep := make([]unsafe.Pointer, spans*1024)
	addrs := make([]uintptr, len(keep))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))

	var cases, exact int
	var worst float64
	offLine, minShare, maxShare := map[bool]int{}, map[bool]int{false: 100, true: 100}, map[bool]int{}
	for _, pointers := range []bool{false, true} {
		for _, size := range sizes {
			if pointers && size%ptr != 0 {
				continue
			}
			typ := heapType(size, pointers)
			if int64(typ.Size()) != size {
				t.Fatalf("%v is %d bytes, want %d", typ, typ.Size(), size)
			}
			p := h.Place(size, pointers)
			n := spans
			switch p.Kind {
			case PlaceSmall:
				n = int(spans * (p.Class.SpanSize / p.Class.Size))
			case PlaceTiny:
				n = int(spans * p.Class.SpanSize / p.Class.Size)
			}
			runtime.GC()
			for i := range n {
				keep[i] = reflect.New(typ).UnsafePointer()
				addrs[i] = uintptr(keep[i])
			}
			for _, line := range []int64{64, 128} {
				cases++
				name := fmt.Sprintf("size %d pointers %v line %d", size, pointers, line)
				model := h.Bases(size, pointers, line)
				got := map[int64]int64{}
				for _, a := range addrs[:n] {
					got[int64(a)%line]++
				}
				want := map[int64]float64{}
				for _, b := range model {
					want[b.Offset] = float64(b.Objects) / float64(b.Of)
				}
				for i, a := range addrs[:n] {
					// A tiny object may land in the block that the
					// allocations before the run left open.
					inFirstBlock := p.Kind == PlaceTiny && a/uintptr(h.TinySize) == addrs[0]/uintptr(h.TinySize)
					if _, ok := want[int64(a)%line]; !ok && !inFirstBlock {
						t.Errorf("%s: object %d starts at %d mod %d, a base the model does not give (model %v)", name, i, int64(a)%line, line, model)
					}
				}
				// Total variation distance between the two distributions.
				tv := 0.0
				for off := range want {
					tv += abs(float64(got[off])/float64(n) - want[off])
				}
				tv /= 2
				worst = max(worst, tv)
				if tv == 0 {
					exact++
				}
				if tv > 1.0/spans {
					t.Errorf("%s: shares differ by %.3f (allocator %v over %d objects, model %v)", name, tv, got, n, model)
				}
				if line == 64 && p.Kind == PlaceSmall && size == p.Class.Size-p.Header {
					// How many classes put objects off a line, measured.
					if off := n - int(got[0]); off > 0 {
						offLine[pointers]++
						minShare[pointers] = min(minShare[pointers], 100*off/n)
						maxShare[pointers] = max(maxShare[pointers], 100*off/n)
					}
				}
			}
			clear(keep)
		}
	}
	t.Logf("%d size/pointer/line cases agree with the model, %d exactly; the largest difference in shares is %.4f", cases, exact, worst)
	for _, pointers := range []bool{false, true} {
		t.Logf("objects that fill their class, pointers %v: %d of %d classes put %d-%d%% of them off a 64-byte line",
			pointers, offLine[pointers], len(h.Classes), minShare[pointers], maxShare[pointers])
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
