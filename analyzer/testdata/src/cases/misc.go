package cases

import "structs"

// stamp has a hot key that crosses a line in the objects the 80-byte size
// class starts on one, a quarter of them. Its key and seq, 24 bytes, span
// two lines at one base of four in any order of the fields, so only
// padding every object would save a line: no finding.
type stamp struct {
	a, b, c, d, e, f, g uint64
	key                 uuid   //cachelint:hot
	seq                 uint64 //cachelint:hot
}

// budgeted must keep its hot fields on one line.
//
//cachelint:budget lines=1
type budgeted /* want `budgeted: hot fields occupy 2 lines, over the budget of 1 \(64-byte lines\)` */ struct {
	head uint64 /* want `budgeted: hot fields occupy 2 lines where 1 would do` */ //cachelint:hot
	cold [64]byte
	tail uint64 //cachelint:hot
}

// silenced is spread on purpose.
//
//cachelint:ignore spread measured: the second line is prefetched
type silenced struct {
	head uint64 //cachelint:hot
	cold [64]byte
	tail uint64 //cachelint:hot
}

// hostLayout is shared with the platform, so its order is fixed.
type hostLayout struct {
	_    structs.HostLayout
	head uint64 /* want `hostLayout: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: it has a structs.HostLayout field, so its layout must stay the platform's` */ //cachelint:hot
	cold [64]byte
	tail uint64 //cachelint:hot
}

// plain has no annotations: cachelint says nothing about it.
type plain struct {
	a bool
	b uint64
	c bool
}

// padded separates its halves with a pad that is far too long.
type padded struct {
	a uint64
	// Keeps a and b on different cache lines.
	_ [200]byte // want `padded: padding _ \[200\]byte \(200 bytes\) wastes 80 bytes, a whole line or more: 120 bytes keep a and b a pair of lines apart \(64-byte lines\)`
	b uint64
}

// paddeds are written element by element: each element pays for the pad.
var paddeds [4]padded

func touchPadded(i int) { paddeds[i].a++ }

// lonePadded is padded as padded, but each is an object of its own: a few
// bytes of one object are not worth a finding.
type lonePadded struct {
	a uint64
	// Keeps a and b on different cache lines.
	_ [200]byte
	b uint64
}

// sigInfo is padded to the kernel's 128 bytes, not to separate anything.
type sigInfo struct {
	Signo int32
	Errno int32
	Code  int32
	_     [116]byte // Pad to 128 bytes.
}

// uuid is compared whole: a 16-byte value, not an array of bytes.
type uuid struct{ hi, lo uint64 }

// pinned keeps version where a wire format reads it; the fix moves the
// rest around it.
type pinned struct {
	head    uint64 /* want `pinned: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	version uint32 //cachelint:pin
	cold    [64]byte
	tail    uint64 //cachelint:hot
}
