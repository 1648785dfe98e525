package golayout

import (
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/cachelint/cachelint/layout"
)

// heaps caches the allocator model per GOROOT and pointer size: every
// package of a run reads the same toolchain, and a run may lay out
// thousands of packages. What it holds for a key never changes, so
// passes and analyzers may share it.
var heaps sync.Map // heapKey -> heapResult

type heapKey struct {
	goroot  string
	ptrSize int64
}

type heapResult struct {
	heap *layout.GoHeap
	err  error
}

// GOROOT is the root of the toolchain that builds the code: $GOROOT, which
// the go command sets for the tools it runs (go vet), or else what `go env
// GOROOT` says, since go/packages loads with that go command; "" when
// neither tells.
func GOROOT() string {
	if r := os.Getenv("GOROOT"); r != "" {
		return r
	}
	return goEnvGOROOT()
}

// goEnvGOROOT asks the go command once: it answers the same all run long.
var goEnvGOROOT = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// goHeap is the allocator of the toolchain that builds the package (its
// GOROOT), for a target of ptrSize-byte pointers.
func goHeap(ptrSize int64) (*layout.GoHeap, error) {
	k := heapKey{GOROOT(), ptrSize}
	if r, ok := heaps.Load(k); ok {
		return r.(heapResult).heap, r.(heapResult).err
	}
	var r heapResult
	if k.goroot == "" {
		r.err = fmt.Errorf("no GOROOT to read the Go allocator's size classes from: set GOROOT")
	} else if r.heap, r.err = layout.ReadGoHeap(os.DirFS(k.goroot), ptrSize); r.err != nil {
		r.err = fmt.Errorf("GOROOT %s: %w", k.goroot, r.err)
	}
	heaps.Store(k, r)
	return r.heap, r.err
}

// HasPointers reports whether values of t hold pointers the garbage
// collector scans, which decides whether the allocator puts a header in
// front of them.
func HasPointers(t types.Type) bool {
	switch t := t.Underlying().(type) {
	case *types.Basic:
		return t.Kind() == types.String || t.Kind() == types.UnsafePointer
	case *types.Array:
		return t.Len() > 0 && HasPointers(t.Elem())
	case *types.Struct:
		for f := range t.Fields() {
			if HasPointers(f.Type()) {
				return true
			}
		}
		return false
	}
	return true // pointers, slices, maps, chans, funcs, interfaces
}

// GlobalAlign is the alignment at which the Go linker of goarch places a
// package-level variable of size bytes (layout.LinkerAlign): the gc
// compiler asks none for a variable, so the linker's largest data
// alignment bounds it, 8 bytes on arm and 32 elsewhere.
func GlobalAlign(size int64, goarch string) int64 {
	minAlign, maxAlign := int64(1), int64(32)
	switch goarch {
	case "arm":
		maxAlign = 8
	case "s390x":
		minAlign = 2
	}
	return layout.LinkerAlign(size, minAlign, maxAlign)
}
