// Package cases128 holds structs checked at 128-byte lines, as on arm64.
package cases128

// ring keeps producer and consumer indexes apart with pads computed for
// 64-byte lines.
type ring struct {
	head uint64
	_    [56]byte // want `ring: padding _ \[56\]byte \(56 bytes\) leaves head and tail on one line \(128-byte lines\): it needs 64 more bytes`
	tail uint64
	_    [56]byte
}

// counter is one per worker in a slice, padded for 64-byte lines.
type counter struct {
	n uint64
	// Keep neighbouring workers off each other's cache line.
	_ [56]byte // want `counter: padding _ \[56\]byte \(56 bytes\) leaves n and n of the next element on one line \(128-byte lines\): it needs 64 more bytes`
}

func count(counters []counter, worker int) { counters[worker].n++ }

// token is padded as counter, but each is an object of its own, held by
// one worker: its pad keeps it from the next object of its size class.
type token struct {
	idx uint64
	// Keep other workers' tokens off this one's cache line.
	_ [56]byte // want `token: padding _ \[56\]byte \(56 bytes\) leaves idx on the line where the next object of the 64-byte size class starts \(128-byte lines\); in 50% of heap objects, those starting 0 bytes past a 128-byte line \(the 64-byte size class starts them at 0 or 64\)`
}

// stats is one per worker, and knows it.
//
//cachelint:percpu
type stats struct {
	hits   uint64 /* want `stats: percpu elements are 16 bytes and only 8-byte aligned: at base offset 0, written hits of one element shares a line with hits of the next element \(128-byte lines\)` */ //cachelint:hot write
	misses uint64 //cachelint:hot write
}

// wide keeps its hot key across the first 128-byte boundary and its
// sequence number on the next line.
//
//cachelint:budget lines=1
type wide /* want `wide: hot fields occupy 2 lines, over the budget of 1 \(128-byte lines\)` */ struct {
	a    [15]uint64
	key  uuid /* want `wide: hot field key \(16 bytes at offset 120\) crosses the line boundary at 128 \(128-byte lines\)` */ //cachelint:hot
	cold [100]byte
	seq  uint64 //cachelint:hot
}

// uuid is compared whole: a 16-byte value, not an array of bytes.
type uuid struct{ hi, lo uint64 }
