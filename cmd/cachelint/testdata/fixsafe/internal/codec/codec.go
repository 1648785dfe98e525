// Package codec depends on the field order of package wire's types.
package codec

import (
	"bytes"
	"encoding/binary"
	"unsafe"

	"fixsafe/internal/wire"
)

// Bytes is a header as encoding/binary writes it.
func Bytes(h wire.Header) []byte {
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, h); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// LenOffset is where a frame's Len is.
func LenOffset() uintptr {
	var f wire.Frame
	return unsafe.Offsetof(f.Len)
}

// Sum adds a Free's Kind and Len.
func Sum() uint64 { return wire.Total(wire.Free{Kind: 1, Len: 2}) }
