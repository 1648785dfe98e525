// Package multi is checked at 64- and 128-byte lines at once.
package multi

// ring keeps producer and consumer apart with a pad right for 64-byte
// lines only.
type ring struct {
	head uint64   /* want `ring: head is written on path prod and shares line 0 with tail \(written on path cons\), mask \(read-mostly\) \(128-byte lines\)` */ //cachelint:hot write path=prod
	_    [56]byte // want `ring: padding _ \[56\]byte \(56 bytes\) leaves head and tail on one line \(128-byte lines\)`
	tail uint64   /* want `ring: tail is written on path cons and shares line 1 with mask \(read-mostly\) \(64-byte lines; also at 128-byte lines\)` */ //cachelint:hot write path=cons
	mask uint64   //cachelint:hot path=prod,cons
}
