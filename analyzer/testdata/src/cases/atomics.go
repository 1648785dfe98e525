package cases

import "sync/atomic"

// handle holds an atomic.Value across the first line boundary: Load and
// Store access its two words one at a time, and neither crosses.
type handle struct {
	a, b, c, d, e, f, g uint64
	v                   atomic.Value
}

// stats has atomic counters across a boundary, each word aligned.
type stats struct {
	id   uint32
	hits [20]atomic.Uint32
	ptr  atomic.Pointer[stats]
	n    atomic.Uint64
}

// window has a hot [3]int32 at 60: no element crosses, and its hot fields
// fill exactly two lines.
type window struct {
	a [15]int32 //cachelint:hot
	w [3]int32  //cachelint:hot
	b [7]uint64 //cachelint:hot
}
