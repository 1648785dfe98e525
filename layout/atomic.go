package layout

import "strings"

// atomicC are the kernel's types that the program updates with atomic
// instructions, one access for the whole value. refcount_t wraps an
// atomic_t; atomic_long_t is atomic_t or atomic64_t as the word is.
var atomicC = map[string]bool{
	"atomic_t": true, "atomic64_t": true, "atomic_long_t": true, "refcount_t": true,
}

// atomicGo are the Go types whose methods make one atomic access to the
// whole value, by package path and name (type arguments dropped):
// sync/atomic's, and the runtime's own (internal/runtime/atomic since Go
// 1.23, runtime/internal/atomic before), which only runtime binaries hold.
var atomicGo = map[string]bool{}

func init() {
	for _, name := range []string{"Bool", "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer"} {
		atomicGo["sync/atomic."+name] = true
	}
	for _, pkg := range []string{"internal/runtime/atomic.", "runtime/internal/atomic."} {
		for _, name := range []string{"Bool", "Int32", "Int64", "Uint8", "Uint32", "Uint64", "Uintptr",
			"Float64", "Pointer", "UnsafePointer"} {
			atomicGo[pkg+name] = true
		}
	}
}

// AtomicWidth is the width of one atomic access to a value of the type
// named name, of size bytes on a machine with word-byte pointers; 0 when
// programs do not update that type atomically. It is the one rule every
// reader (go/types, DWARF, BTF) asks, so that they agree on what a split
// lock is:
//   - the kernel's atomic_t, atomic64_t, atomic_long_t and refcount_t, by
//     their C typedef names: one access of their size;
//   - Go's sync/atomic types, by package path and name without type
//     arguments (sync/atomic.Pointer): one access of their size, except
//     sync/atomic.Value, whose interface is two words that Load and Store
//     access one at a time.
//
// C11 _Atomic is a qualifier, not a name; readers that see it use the size
// of the qualified type. An array of atomic values is accessed element by
// element, so readers ask for its element type.
func AtomicWidth(name string, size, word int64) int64 {
	if size <= 0 {
		return 0
	}
	if name == "sync/atomic.Value" {
		return min(word, size)
	}
	base, _, _ := strings.Cut(name, "[")
	if atomicC[name] || atomicGo[base] {
		return size
	}
	return 0
}
