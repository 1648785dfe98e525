package user

import (
	"encoding/binary"
	"io"

	"fixmod/other"
)

// E depends on the field order of other.Exported.
var E = other.Exported{1, [64]byte{}, 2}

// Send writes other.Sealed field by field.
func Send(w io.Writer, s *other.Sealed) error { return binary.Write(w, binary.LittleEndian, s) }
