package cases

// metrics has its fields in groups set apart by blank lines. The fix moves
// the written group behind the read-mostly fields as a unit, and it keeps
// its blank lines; desc, left behind, starts a group of its own.
type metrics struct {
	// Written on every event.
	valBits uint64 /* want `metrics: valBits and valInt are written and share line 0 with labels \(read-mostly\), ex \(read-mostly\) \(64-byte lines\); the fix reorders the fields and pads metrics from 88 to 120 bytes` */ //cachelint:hot write
	valInt  uint64 //cachelint:hot write

	desc   *int
	labels []string     //cachelint:hot
	ex     [2]any       //cachelint:hot
	now    func() int64 //cachelint:hot
}

// gauge is client_golang's counter: valBits and valInt stay first, and
// the fix pads the read-mostly fields onto the next line, each group
// where it was.
type gauge struct {
	// valBits and valInt have to go first in the struct to guarantee
	// alignment for atomic operations.
	valBits uint64 /* want `gauge: valBits and valInt are written and share line 0 with labels \(read-mostly\), ex \(read-mostly\) \(64-byte lines\)` */ //cachelint:hot write
	valInt  uint64 //cachelint:hot write

	desc   *int
	labels []string     //cachelint:hot
	ex     [2]any       //cachelint:hot
	now    func() int64 //cachelint:hot
}

// split has a and j in groups of their own; the fix brings them together
// and the groups are gone: no blank line is left between them.
type split struct {
	a   uint64 /* want `split: hot fields occupy 2 lines where 1 would do \(64-byte lines\): a, j` */ //cachelint:hot
	big [7]uint64

	j    uint64 //cachelint:hot
	more [7]uint64
}

// summary has two comments standing apart before its first field, which
// must stay first; they stay apart, and the fix pads flag and mask onto
// the next line.
type summary struct {
	// The hot and cold counts swap on every write.

	// Fields with atomic access first!
	count uint64 /* want `summary: count is written and shares line 0 with` */ //cachelint:hot write
	flag  uint64 //cachelint:hot
	cold  [7]uint64
	mask  uint64 //cachelint:hot
}
