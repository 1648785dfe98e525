package fixmod

// Limits is built with an unkeyed literal in limits_test.go.
type Limits struct {
	Max  uint64 //cachelint:hot
	Cold [64]byte
	Min  uint64 //cachelint:hot
}

// Stats is built with an unkeyed literal in the external test.
type Stats struct {
	Hits uint64 //cachelint:hot
	Cold [64]byte
	Miss uint64 //cachelint:hot
}

// small is not gofmt'ed, and -fix must leave it so.
type small struct{ a int; b int }

// ring gets a fix that keeps every comment once.
type ring struct {
	head uint64 //cachelint:hot
	cfg  struct {
		// the mode
		mode int // how it runs
		/* alone */
		flags int
	}
	e, f /* inside */ uint64
	pad  [64]byte
	tag  string `json:"tag"
	xml:"tag"`
	// before tail

	tail uint64 //cachelint:hot
	// at the end
}

// typo has an annotation error, which -fix leaves to the exit status.
type typo struct {
	a uint64 //cachelint:hto
}
