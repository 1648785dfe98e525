package cases

import "structs"

// stamp has a hot key that crosses a line.
type stamp struct {
	a, b, c, d, e, f, g uint64
	key                 [16]byte /* want `stamp: hot field key \(16 bytes at offset 56\) crosses the line boundary at 64 \(64-byte lines\)` `stamp: hot fields occupy 2 lines where 1 would do \(64-byte lines\): key, seq` */ //cachelint:hot
	seq                 uint64   //cachelint:hot
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
	_ [200]byte // want `padded: padding _ \[200\]byte \(200 bytes\) wastes 144 bytes, a whole line or more: 56 bytes would separate a and b \(64-byte lines\)`
	b uint64
}
