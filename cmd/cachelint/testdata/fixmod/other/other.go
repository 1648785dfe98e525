package other

// Exported is built with an unkeyed literal in package user.
type Exported struct {
	Head uint64 //cachelint:hot
	Cold [64]byte
	Tail uint64 //cachelint:hot
}
