// Package multi is checked at 64- and 128-byte lines at once.
package multi

// ring keeps producer and consumer apart with a pad right for 64-byte
// lines only.
type ring struct {
	head uint64   /* want `ring: head is written on path prod and shares line 0 with tail \(written on path cons\), mask \(read-mostly\) \(128-byte lines\)` */ //cachelint:hot write path=prod
	_    [56]byte // want `ring: padding _ \[56\]byte \(56 bytes\) leaves head and tail on one line \(128-byte lines\)`
	tail uint64   /* want `ring: tail is written on path cons and shares line 1 with mask \(read-mostly\) \(64-byte lines; at 128-byte lines, in 50% of heap objects\)` */ //cachelint:hot write path=cons
	mask uint64   //cachelint:hot path=prod,cons
}

// session is 80 bytes: the size class starts its objects at 16-byte
// steps, and its hot fields take two lines in more of them at 64-byte
// lines than at 128. Each size gives its own share.
type session struct {
	id, created, owner uint64
	key                uint64 /* want `session: hot fields occupy 2 lines where 1 would do \(64-byte lines; at 128-byte lines, 2 lines where 1 would do, in 37% of heap objects\): key, seq, y; in 75% of heap objects, those starting 0, 16 or 32 bytes past a 64-byte line \(the 80-byte size class starts them at 0, 16, 32 or 48\); the fix reorders the fields and pads session from 72 to 88 bytes: the 96-byte size class starts every heap object at 0, 32, 64 or 96 bytes past a 128-byte line, each as good for the hot fields, for 16 more bytes per object` */ //cachelint:hot
	seq                uint64 //cachelint:hot
	x                  [3]uint64
	y                  uint64 //cachelint:hot
}
