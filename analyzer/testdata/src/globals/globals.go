// Package globals has flag structs padded with half a 128-byte line on
// both sides, as a CPU-feature package built for 64-byte lines pads them.
package globals

type cacheLinePad struct{ _ [64]byte }

// flags is the type of one variable, only read and written through it:
// the linker places it, at a multiple of 32 bytes.
type flags struct {
	_                                        cacheLinePad
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // want `flags: padding _ cacheLinePad \(64 bytes\) leaves n on the line where the next package-level variable may start \(128-byte lines\); its values are package-level variables, which the linker places, not the allocator: where it starts one 64 bytes past a 128-byte line \(it starts a 142-byte variable at a multiple of 32 bytes, after a variable no larger: 0, 32, 64 or 96 past a line\)`
}

var current flags

func probe() { current.a = true }

// copied is the same, but a copy of its variable may be a heap object.
type copied struct {
	_                                        cacheLinePad
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // want `copied: padding _ cacheLinePad \(64 bytes\) leaves n on the line where the next object of the 144-byte size class starts \(128-byte lines\); in 38% of heap objects`
}

var cur copied

func snapshot() *copied {
	c := cur
	return &c
}

// exported is the type of an exported variable, which other packages,
// out of go vet's sight, may copy.
type exported struct {
	_                                        cacheLinePad
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // want `exported: padding _ cacheLinePad \(64 bytes\) leaves n on the line where the next object of the 144-byte size class starts \(128-byte lines\)`
}

// Flags are set at init.
var Flags exported

func init() { Flags.b = true }

// pointed is the same, its variable's address taken whole: a copy may be
// made through the pointer.
type pointed struct {
	_                                        cacheLinePad
	a, b, c, d, e, f, g, h, i, j, k, l, m, n bool
	_                                        cacheLinePad // want `pointed: padding _ cacheLinePad \(64 bytes\) leaves n on the line where the next object of the 144-byte size class starts \(128-byte lines\)`
}

var pt pointed

func ptr() *pointed { return &pt }
