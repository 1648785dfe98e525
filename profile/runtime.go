package profile

import "strings"

// shared reports whether the samples of function name, a frame of a
// profile, are not the work of the function that calls it: waiting for,
// handing off to and waking other goroutines, which costs what the
// scheduler and the goroutines met make it cost, and allocating, which
// costs what the size allocated and the collector's work charged to the
// allocator make it cost. A sample under one of them shows that the calls
// around it ran, not how often: as a sample in a callee's loop, it
// credits the lines of the frames above it, and nothing of what certainly
// ran with them.
//
// A channel operation, a select or a sync.Mutex that neither waits nor
// meets a waiting goroutine stays the caller's work: only their slow
// paths are named.
func shared(name string) bool {
	return sharedRuntime[name] || syncSlowPath(name)
}

// syncSlowPath reports whether name is the slow path of a lock of sync
// (internal/sync since Go 1.24): Mutex's lockSlow and unlockSlow,
// RWMutex's rUnlockSlow, reached only when another goroutine holds the
// lock or waits for it.
func syncSlowPath(name string) bool {
	pkg, fn, ok := strings.Cut(name, ".")
	if !ok || pkg != "sync" && pkg != "internal/sync" || !strings.HasSuffix(fn, "Slow") {
		return false
	}
	return strings.HasPrefix(fn, "(*Mutex).") || strings.HasPrefix(fn, "(*RWMutex).")
}

// sharedRuntime are the functions of the runtime shared names.
var sharedRuntime = map[string]bool{
	// Parking, readying, a handoff to a goroutine parked on a channel,
	// the runtime's lock (a channel's, the scheduler's) and spinning on
	// a lock, sync's semaphores (the slow paths of Mutex, RWMutex and
	// WaitGroup), sync.Cond, sleeping and starting a goroutine.
	"runtime.gopark":         true,
	"runtime.goready":        true,
	"runtime.ready":          true,
	"runtime.send":           true,
	"runtime.recv":           true,
	"runtime.lock2":          true,
	"runtime.procyield":      true,
	"runtime.semacquire1":    true,
	"runtime.semrelease1":    true,
	"runtime.notifyListWait": true,
	"runtime.timeSleep":      true,
	"runtime.newproc":        true,
	// Every heap allocation, and the compiler's entry points into it
	// (new, make, append, map growth), which take samples of their own.
	"runtime.mallocgc":      true,
	"runtime.newobject":     true,
	"runtime.newarray":      true,
	"runtime.makeslice":     true,
	"runtime.makeslicecopy": true,
	"runtime.growslice":     true,
	"runtime.makemap":       true,
	"runtime.makemap_small": true,
	"runtime.makechan":      true,
}
