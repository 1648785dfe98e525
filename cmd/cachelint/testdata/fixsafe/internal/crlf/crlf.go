// Package crlf is written with CRLF line endings, which a fix keeps.
package crlf

// pair is hot on a and j, a line apart.
type pair struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Sum is a and j of a pair added.
func Sum() uint64 {
	p := pair{a: 1, j: 2}
	return p.a + p.j
}
