package cases

import "sync/atomic"

// hqueue names its pads as rigtorp's queue and xsync v3 do; tpad is 8
// bytes short.
type hqueue struct {
	capacity uint64
	hpad     [56]byte
	head     atomic.Uint64
	tpad     [48]byte // want `hqueue: padding tpad \[48\]byte \(48 bytes\) leaves head and tail on one line \(64-byte lines\): it needs 8 more bytes`
	tail     atomic.Uint64
}

// flags has a short pad whose comment says what it is for.
type flags struct {
	a atomic.Int32
	_ [8]byte /* want `flags: padding _ \[8\]byte \(8 bytes\) leaves a and b on one line \(64-byte lines\): it needs 48 more bytes` */ // pad to avoid false sharing
	b int64
}

// header's pad sizes it for the wire, between two plain fields.
type header struct {
	kind uint32
	_    [12]byte
	size uint64
}
