package other

// Exported is built with an unkeyed literal in package user.
type Exported struct {
	Head uint64 //cachelint:hot
	Cold [64]byte
	Tail uint64 //cachelint:hot
}

// Sealed has an unexported field, so no other package can build it
// unkeyed, but package user writes it with encoding/binary.
type Sealed struct {
	Head uint64 //cachelint:hot
	cold [64]byte
	Tail uint64 //cachelint:hot
}
