// Package testedglobal, which has a test file, has flag structs padded with half a 128-byte line on
// both sides, as a CPU-feature package built for 64-byte lines pads them.
package testedglobal

type cacheLinePad struct{ _ [64]byte }

// flags is the type of one variable, only read and written through it:
// the linker places it, at a multiple of 32 bytes.
type flags struct {
	_                                        cacheLinePad // a cache line from the neighbours
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // a cache line from the neighbours
}

var current flags

func probe() { current.a = true }

// copied is the same, but a copy of its variable may be a heap object.
type copied struct {
	_                                        cacheLinePad // a cache line from the neighbours
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // a cache line from the neighbours
}

var cur copied

func snapshot() *copied {
	c := cur
	return &c
}

// exported is the type of an exported variable, which other packages,
// out of go vet's sight, may copy.
type exported struct {
	_                                        cacheLinePad // a cache line from the neighbours
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // a cache line from the neighbours
}

// Flags are set at init.
var Flags exported

func init() { Flags.b = true }

// pointed is the same, its variable's address taken whole: a copy may be
// made through the pointer.
type pointed struct {
	_                                        cacheLinePad // a cache line from the neighbours
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // a cache line from the neighbours
}

var pt pointed

func ptr() *pointed { return &pt }
