//go:build !debug

package classes

type debugOnly struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Debug is the debug build's view of a debugOnly; this build has none.
func Debug() string { return fmtOf(debugOnly{a: 1, j: 2}.j) }
