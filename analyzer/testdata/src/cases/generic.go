package cases

import "sync/atomic"

// mpmc is generic, but its layout does not depend on I: it is checked as
// declared, as xsync's MPMCQueue would be.
type mpmc[I any] struct {
	capMask uint64
	hpad    [56]byte
	head    atomic.Uint64
	tpad    [48]byte // want `mpmc: padding tpad \[48\]byte \(48 bytes\) leaves head and tail on one line \(64-byte lines\): it needs 8 more bytes`
	tail    atomic.Uint64
	slots   []I
	next    *mpmc[I]
}

// slot's layout depends on T: it is checked per instantiation the package
// uses, without a fix.
type slot[T any] struct {
	turn atomic.Uint64
	_    [8]byte /* want `slot\[\[6\]uint64\]: padding _ \[8\]byte \(8 bytes\) leaves turn and item on one line \(64-byte lines\): it needs 48 more bytes` `slot\[\[64\]uint64\]: padding _` */ // keeps item off turn's cache line
	item T
}

var (
	_ slot[[6]uint64]
	_ slot[[64]uint64]
)
