// Package huge has members of gigabytes: line arithmetic must cost per
// member, not per byte.
package huge

type grid struct {
	n int
	//cachelint:hot
	cells [1 << 30]byte
	//cachelint:hot write
	m int // want `grid: m is written and shares line 16777216 with cells \(read-mostly\) \(64-byte lines\)`
}

type table struct {
	//cachelint:hot path=x
	a int
	//cachelint:hot path=y
	cells [1 << 34]uint64
	//cachelint:hot write
	m int // want `table: m is written on path x,y and shares line 2147483648 with cells \(read-mostly\), d \(read-mostly\) \(64-byte lines\)`
	//cachelint:hot path=x
	d [1<<34 + 1]int32
}
