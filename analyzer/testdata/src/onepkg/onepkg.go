package onepkg

import "fmt"

// Shared is exported: other packages may do with it what this one cannot
// see.
type Shared struct {
	A uint64 /* want `Shared: hot fields occupy 2 lines where 1 would do \(64-byte lines\): A, J; no fix: it reaches other packages through Shared \(.*onepkg.go:\d+:\d+\); the driver checks one package at a time, so what other packages do with it is out of sight \(cachelint -fix checks every package of the load together\)` */ //cachelint:hot
	b [7]uint64
	J uint64 //cachelint:hot
}

// behind is unexported, but leaves the package as an interface.
type behind struct {
	a uint64 /* want `behind: hot fields occupy 2 lines where 1 would do \(64-byte lines\): a, j; no fix: a value of type \*behind converted to fmt\.Stringer at .*onepkg\.go:\d+:\d+: it is returned, and callers are not followed` */ //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func (b *behind) String() string { return fmt.Sprint(b.a + b.j) }

// New returns a behind.
func New() fmt.Stringer { return &behind{a: 1} }

// inner is reached by no other package: its fix is offered.
type inner struct {
	a uint64 /* want `inner: hot fields occupy 2 lines where 1 would do \(64-byte lines\): a, j` */ //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Sum adds a and j of an inner.
func Sum() uint64 {
	in := inner{a: 1, j: 2}
	return in.a + in.j
}
