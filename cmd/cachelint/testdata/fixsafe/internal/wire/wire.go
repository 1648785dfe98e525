// Package wire declares frames that package codec encodes: their field
// order is codec's business, which only a driver that sees both knows.
package wire

// Header is written by codec with encoding/binary. It has an unexported
// field, so no other module can write it as an unkeyed literal.
type Header struct {
	Kind uint64 //cachelint:hot
	body [7]uint64
	Len  uint64 //cachelint:hot
}

// Frame has Len's offset taken by codec.
type Frame struct {
	Kind uint64 //cachelint:hot
	body [7]uint64
	Len  uint64 //cachelint:hot
}

// Free is used by field name everywhere: cachelint -fix reorders it, go
// vet -fix, which sees one package at a time, does not.
type Free struct {
	Kind uint64 //cachelint:hot
	body [7]uint64
	Len  uint64 //cachelint:hot
}

// NewHeader is a header of a kind and length.
func NewHeader(kind, n uint64) Header { return Header{Kind: kind, Len: n} }

// Total is Kind and Len of a Free added.
func Total(f Free) uint64 { return f.Kind + f.Len }
